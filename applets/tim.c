/* tim.c: time shell commands; print minimum-time estimates with errors.
 *
 * spec/tim.md is the contract. Flow: options -> checks -> the overhead
 * (`sh -c ''`) then each command: warm-ups, m*n timed runs or values
 * popped from --read (tim_run.c) -> core/estimate.c -> overhead
 * subtraction and lines via core/fmtunc.c (tim_report.c).
 * Exit: 0 ok, 1 usage/bad value/--read problem/too few samples, 2 prepare
 * failed, 3 command failed, 4 cleanup failed, 5 --graph command failed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "estimate.h"
#include "num.h"
#include "opt.h"
#include "out.h"
#include "tim.h"

extern char **environ;

static const struct optdef defs[] = {
	{"warmup", 'w', OPT_VALUE, "N", "warm-up runs to discard (1)"},
	{"n", 'n', OPT_VALUE, "N", "inner trials, raised to 2k+1 (6)"},
	{"k", 'k', OPT_VALUE, "N", "uses the 2k best order statistics (1)"},
	{"m", 'm', OPT_VALUE, "N", "outer trials (batches) (4)"},
	{"oHead", 'o', OPT_VALUE, "N", "overhead inner trials, <=0: none (6)"},
	{"save", 's', OPT_VALUE, "FILE", "also append TIMES<TAB>CMD lines"},
	{"read", 'r', OPT_VALUE, "FILE", "read saved times instead of running"},
	{"prepare", 'p', OPT_VALUE, "CMD", "run before each run of cmd i"},
	{"cleanup", 'c', OPT_VALUE, "CMD", "run after each run of cmd i"},
	{"timeUnit", 'u', OPT_VALUE, "UNIT", "ns us μs ms s min... (ms)"},
	{"delim", 'd', OPT_VALUE, "C", "label<C>command delimiter (:)"},
	{"OHead", 'O', OPT_VALUE, "LABEL", "label of the overhead row"},
	{"Delim", 'D', OPT_VALUE, "LINE", "line before the ratio report"},
	{"Report", 'R', OPT_VALUE, "SET", "diffs ratios; -R,= clears (diffs)"},
	{"graph", 'g', OPT_VALUE, "CMD", "write times per label, run CMD $1.."},
	{"verbose", 'v', OPT_FLAG, 0, "log parameters and CPU times"},
	{"help", 'h', OPT_FLAG, 0, "show this help"},
	{0, 0, 0, 0, 0},
};
enum { O_W, O_N, O_K, O_M, O_O, O_S, O_R, O_P, O_C, O_U, O_d, O_OH, O_D,
	O_RP, O_G, O_V, O_H };

static const struct optset os = {
	"[options] [label:]command ...", defs, OPT_CLIGEN | OPT_INORDER,
	"Prints per command: ESTIMATE +- ERROR UNIT<TAB>label. Exit status:\n"
	"0 ok, 1 bad usage or data, 2/3/4 a prepare/command/cleanup failed,\n"
	"5 the --graph command failed. See tim(1).\n"
};

struct tim tim = {      /* the original's current defaults (spec 1) */
	.w = 1, .n = 6, .k = 1, .m = 4, .o = 6, .unit = "ms", .delim = ':',
	.report = R_DIFFS, .scale = 1,
};

/* ---- options ----------------------------------------------------------- */

static int number(int id, const char *v, long long lo, long long *out)
{
	if (num_ll(v, lo, MAXN, out)) {
		opt_seterr("tim: bad number '%s' for --%s", v, defs[id].lname);
		return -1;
	}
	return 0;
}

static int delim(const char *v)
{
	if (strlen(v) != 1) {
		opt_seterr("tim: bad --delim '%s' (one character)", v);
		return -1;
	}
	tim.delim = v[0];
	return 0;
}

static void push(char ***list, int *n, char *s)
{
	*list = xrealloc(*list, (size_t)(*n + 1) * sizeof **list);
	(*list)[(*n)++] = s;
}

/* options arrive in command-line order: the last value wins, -p/-c add */
static int on_opt(void *ctx, int id, char *v)
{
	(void)ctx;
	switch (id) {
	case OPT_OPERAND: push(&tim.cmds, &tim.ncmd, v); return 0;
	case O_W: return number(id, v, 0, &tim.w);
	case O_N: return number(id, v, 0, &tim.n);
	case O_K: return number(id, v, 0, &tim.k);
	case O_M: return number(id, v, 1, &tim.m);
	case O_O: return number(id, v, -MAXN, &tim.o);
	case O_S: tim.save = v; return 0;
	case O_R: tim.read = v; return 0;
	case O_P: push(&tim.prep, &tim.nprep, v); return 0;
	case O_C: push(&tim.clean, &tim.nclean, v); return 0;
	case O_U: tim.unit = v; return 0;
	case O_d: return delim(v);
	case O_OH: tim.olabel = v; return 0;
	case O_D: tim.dline = v; return 0;
	case O_RP: return tim_report_opt(v);
	case O_G: tim.graph = v; return 0;
	case O_V: tim.verbose = opt_bool(v) == 1; return 0;
	case O_H: tim.help = 1; return -1;
	}
	return 0;
}

/* ---- -v ---------------------------------------------------------------- */

/* TAG@["a", "b"], Nim's notation as the original prints it; padded to pad
 * entries by repeating the last, as the hooks are */
static void quote_list(const char *tag, char **v, int n, int pad)
{
	char line[4096];
	size_t l = (size_t)snprintf(line, sizeof line, "%s@[", tag);
	int i;

	for (i = 0; i < (n > pad ? n : pad) && l < sizeof line; i++)
		l += (size_t)snprintf(line + l, sizeof line - l, "%s\"%s\"",
		    i ? ", " : "", n ? v[i < n ? i : n - 1] : "");
	warn("%.*s]", (int)(l < sizeof line ? l : sizeof line - 1), line);
}

static void verbose(void)
{
	warn("warmup  %lld", tim.w);
	warn("k       %lld", tim.k);
	warn("n       %lld", tim.n);
	warn("m       %lld", tim.m);
	warn("oHead   %lld", tim.o);
	warn("save    %s", tim.save ? tim.save : "");
	warn("read    %s", tim.read ? tim.read : "");
	quote_list("cmds    ", tim.cmds, tim.ncmd, 0);
	quote_list("prepare ", tim.prep, tim.nprep, tim.ncmd);
	quote_list("cleanup ", tim.clean, tim.nclean, tim.ncmd);
	warn("Report  {%s%s%s}", tim.report & R_DIFFS ? "diffs" : "",
	    tim.report == (R_DIFFS | R_RATIOS) ? ", " : "",
	    tim.report & R_RATIOS ? "ratios" : "");
}

/* ---- checks and entry -------------------------------------------------- */

/* the parameters; all refused before anything runs or prints */
static void check(void)
{
	long long nmax;

	if (!tim.ncmd)
		die(E_USAGE, "need commands; try 'tim --help'");
	if (tim_unit(tim.unit, &tim.scale))
		die(E_USAGE, "Bad time unit '%s'", tim.unit);
	if (tim.n < 2 * tim.k + 1)      /* adapt n, never reject it */
		tim.n = 2 * tim.k + 1;
	nmax = tim.o > tim.n ? tim.o : tim.n;
	if (tim.m * nmax > MAXN)
		die(E_USAGE, "m*n = %lld samples is too many (max %lld)",
		    tim.m * nmax, MAXN);
	if (est_check((size_t)tim.n, (size_t)tim.m, (int)tim.k))
		die(E_USAGE, "m*n = %lld samples < 4k = %lld: raise -m or -n "
		    "(or lower -k)", tim.m * tim.n, 4 * tim.k);
}

/* files and the environment; --read is read whole here, so a bad file
 * also stops tim before it runs anything */
static void setup(void)
{
	if (tim.save)
		tim_save_open(tim.save);
	if (tim.read)
		tim_read_file(tim.read);
	if (spawn_init(&tim.sp, environ))
		die(E_USAGE, "out of memory");
	tim.pm = getenv("LC_PM");
	if (!tim.pm)
		tim.pm = " +- ";
}

/* the overhead row (if any) first, then the commands, each printed as
 * soon as it is measured */
static void run_rows(struct row *rw, int first, int nrow)
{
	const struct row *oh = first ? &rw[0] : NULL;
	int i;

	if (first) {
		rw[0].name = tim_overhead_name();
		tim_measure(&rw[0], "", -1, tim.o > tim.n ? tim.o : tim.n);
		tim_abs_line(&rw[0]);
	}
	for (i = first; i < nrow; i++) {
		const char *cmd = tim_label(tim.cmds[i - first], &rw[i].name);

		tim_measure(&rw[i], cmd, i - first, tim.n);
		tim_subtract(&rw[i], oh);
		tim_abs_line(&rw[i]);
	}
}

int tim_main(int argc, char **argv)
{
	struct row *rw;
	int first, nrow;

	if (opt_parse(&os, argc, argv, on_opt, NULL)) {
		if (tim.help) {
			opt_help(&os, "tim");
			return 0;
		}
		die(E_USAGE, "%s", strncmp(opt_err, "tim: ", 5) ? opt_err :
		    opt_err + 5);
	}
	check();
	setup();
	if (tim.verbose)
		verbose();
	first = tim.o > 0;
	nrow = tim.ncmd + first;
	rw = xmalloc((size_t)nrow * sizeof *rw);
	run_rows(rw, first, nrow);
	if (tim.report & R_RATIOS)
		tim_ratios(rw, nrow, first);
	if (tim.graph)
		tim_graph(rw, nrow);
	return 0;
}
