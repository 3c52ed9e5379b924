/* tim.c: time commands; print minimum-time estimates with errors.
 *
 * Reads top to bottom: the options fill one `struct tim`; the checks turn
 * the operands into the model's rows (tim_model.h: labels, hooks,
 * parameter values, -N words) and refuse every bad value before anything
 * runs; the runner measures each row (warm-ups, then m batches of n timed
 * runs, the overhead `sh -c ''` first) into the model, which estimates it
 * (tim_model.c, with core/timing); the report prints each row with
 * core/timing/fmtunc.c, then the ratio report, the exports and the
 * baseline comparison (tim_file.c writes and reads every file,
 * tim_plot.c draws --plot's). Only the runner writes the model;
 * everything after it reads.
 * Exit: 0 ok, 1 usage/bad value/file problem/too few samples, 2 prepare
 * failed, 3 command failed, 4 cleanup failed, 5 --graph command failed,
 * 6 --precision not reached or --decide undecided, 7 slower than
 * --baseline, 8 a command with no --baseline entry, 9 a --baseline
 * comparison undecided (--verdict). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "applets.h"
#include "lib/clock.h"
#include "timing/counters.h"
#include "lib/cpus.h"
#include "lib/err.h"
#include "timing/estimate.h"
#include "lib/fmt.h"
#include "timing/fmtunc.h"
#include "lib/mlog.h"
#include "lib/num.h"
#include "lib/opt.h"
#include "lib/out.h"
#include "lib/pat.h"
#include "lib/sig.h"
#include "timing/spawn.h"
#include "timing/summary.h"
#include "tim_base.h"
#include "tim_export.h"
#include "tim_save.h"
#include "tim_model.h"
#include "lib/vec.h"
#include "timing/words.h"

extern char **environ;

#define MAXN 100000000LL                /* per-option and total sample cap */
#define MAXROWS 100000                  /* rows a parameter scan may make */
#define VERDICT_M 20                    /* --verdict's -m (docs/tim.md) */
enum { R_DIFFS = 1, R_RATIOS = 2 };     /* the report set */
enum { P_AUTO, P_ALWAYS, P_NEVER };     /* --progress */

/* option ids; each row of defs is named by its id */
enum { O_W, O_N, O_K, O_M, O_O, O_S, O_R, O_P, O_C, O_U, O_d, O_OH, O_D,
	O_RP, O_G, O_V, O_H, O_VER, O_NOSH, O_PREC, O_BUD, O_IL, O_JSON,
	O_CSV, O_MD, O_PSCAN, O_STEP, O_PLIST, O_BASE, O_TOL, O_PROG, O_ERR,
	O_OUT, O_SERR, O_AFF, O_QW, O_VERD, O_THR, O_CONF, O_DEC, O_IMP,
	O_READY, O_CTR, O_PLOT, O_NOPTS };

static const struct optdef defs[] = {
	[O_W] = {OPT_TEXT("warmup", "N", "warm-up runs to discard (1)"), 'w', OPT_VALUE, 0},
	[O_N] = {OPT_TEXT("n", "N", "inner trials, raised to 2k+1 (6)"), 'n', OPT_VALUE, 0},
	[O_K] = {OPT_TEXT("k", "N", "uses the 2k best order statistics (1)"), 'k', OPT_VALUE, 0},
	[O_M] = {OPT_TEXT("m", "N", "outer trials (batches) (4)"), 'm', OPT_VALUE, 0},
	[O_O] = {OPT_TEXT("oHead", "N", "overhead inner trials, <=0: none (6)"), 'o', OPT_VALUE, 0},
	[O_S] = {OPT_TEXT("save", "FILE", "also append TIMES<TAB>CMD lines"), 's', OPT_VALUE, 0},
	[O_R] = {OPT_TEXT("read", "FILE", "read saved times instead of running"), 'r', OPT_VALUE, 0},
	[O_P] = {OPT_TEXT("prepare", "CMD", "run before each run of cmd i"), 'p', OPT_VALUE, 0},
	[O_C] = {OPT_TEXT("cleanup", "CMD", "run after each run of cmd i"), 'c', OPT_VALUE, 0},
	[O_U] = {OPT_TEXT("timeUnit", "UNIT", "ns us μs ms s min... (ms)"), 'u', OPT_VALUE, 0},
	[O_d] = {OPT_TEXT("delim", "C", "label<C>command delimiter (:)"), 'd', OPT_VALUE, 0},
	[O_OH] = {OPT_TEXT("OHead", "LABEL", "label of the overhead row"), 'O', OPT_VALUE, 0},
	[O_D] = {OPT_TEXT("Delim", "LINE", "line before the ratio report"), 'D', OPT_VALUE, 0},
	[O_RP] = {OPT_TEXT("Report", "SET", "diffs ratios; -R,= clears (diffs)"), 'R', OPT_VALUE, 0},
	[O_G] = {OPT_TEXT("graph", "CMD", "write times per label, run CMD $1.."), 'g', OPT_VALUE, 0},
	[O_V] = {OPT_TEXT("verbose", "", "log parameters, CPU times, peak RSS"), 'v', OPT_FLAG, 0},
	[O_H] = {OPT_TEXT("help", "", "show this help"), 'h', OPT_FLAG, 0},
	/* beyond the original: full names only, so no prefix of an old
	 * name (--p, --c, --s, --t, --ver) becomes ambiguous */
	[O_VER] = {OPT_TEXT("version", "", "print the version"), 0, OPT_FLAG | OPT_EXACT, 0},
	[O_NOSH] = {OPT_TEXT("no-shell", "", "run commands' words without /bin/sh"), 'N', OPT_FLAG | OPT_EXACT, 0},
	[O_PREC] = {OPT_TEXT("precision", "P", "add runs until error/estimate <= P, e.g. 1%"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_BUD] = {OPT_TEXT("budget", "TIME", "time limit of --precision, --decide (10s)"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_IL] = {OPT_TEXT("interleave", "", "batch j of every command before batch j+1"), 0, OPT_FLAG | OPT_EXACT, 0},
	[O_JSON] = {OPT_TEXT("json", "FILE", "export results and samples"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_CSV] = {OPT_TEXT("csv", "FILE", "export one row per sample"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_MD] = {OPT_TEXT("markdown", "FILE", "export a results table"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_PSCAN] = {OPT_TEXT("parameter-scan", "NAME", "LO HI: rows for {NAME} = LO..HI"), 'P', OPT_VALUE | OPT_MORE(2) | OPT_EXACT, 0},
	[O_STEP] = {OPT_TEXT("step", "S", "step of -P (1)"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_PLIST] = {OPT_TEXT("parameter-list", "NAME", "A,B..: rows for {NAME} = A, B..."), 'L', OPT_VALUE | OPT_MORE(1) | OPT_EXACT, 0},
	[O_BASE] = {OPT_TEXT("baseline", "FILE", "compare with a --save or --json file"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_TOL] = {OPT_TEXT("tolerance", "N", "slower by > N combined errors fails (2)"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_PROG] = {OPT_TEXT("progress", "WHEN", "auto, always or never: status line"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_ERR] = {OPT_TEXT("error", "WHAT", "batch or estimate: which error (batch)"), 'e', OPT_VALUE | OPT_EXACT, 0},
	[O_OUT] = {OPT_TEXT("output", "WHERE", "inherit or null: the commands' stdout (inherit)"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_SERR] = {OPT_TEXT("stderr", "WHERE", "inherit or null: the commands' stderr (inherit)"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_AFF] = {OPT_TEXT("affinity", "CPUS", "run the commands on CPUS only, e.g. 0,2-3"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_QW] = {OPT_TEXT("quiet-warnings", "", "no advisory warnings (errors stay)"), 0, OPT_FLAG | OPT_EXACT, 0},
	[O_VERD] = {OPT_TEXT("verdict", "", "interleave, -m20; print faster/slower/no difference"), 0, OPT_FLAG | OPT_EXACT, 0},
	[O_THR] = {OPT_TEXT("threshold", "T", "ratios within 1 +- T are no difference (2%)"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_CONF] = {OPT_TEXT("confidence", "C", "confidence of the ratio's interval (95%)"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_DEC] = {OPT_TEXT("decide", "", "--verdict; add batches until all are decided"), 0, OPT_FLAG | OPT_EXACT, 0},
	[O_IMP] = {OPT_TEXT("import", "FILE", "add a --json export's runs to its rows"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_READY] = {OPT_TEXT("ready", "REGEX", "a run ends at a line matching REGEX"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_CTR] = {OPT_TEXT("counters", "", "count faults, switches, perf events"), 0, OPT_FLAG | OPT_EXACT, 0},
	[O_PLOT] = {OPT_TEXT("plot", "FILE", "an SVG of every run's time"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_NOPTS] = {0, 0, 0, 0},
};
_Static_assert(sizeof defs / sizeof *defs == O_NOPTS + 1,
    "one row per option id, then the end row");

static const struct optset os = {
	"[options] [label:]command ...", defs, OPT_CLIGEN | OPT_INORDER,
	"Prints per command: ESTIMATE +- ERROR UNIT<TAB>label. Exit status:\n"
	"0 ok, 1 bad usage or data, 2/3/4 a prepare/command/cleanup failed,\n"
	"5 the --graph command failed, 6 --precision not reached or --decide\n"
	"undecided, 7 slower than --baseline, 8 a command the baseline lacks,\n"
	"9 a --baseline comparison undecided (--verdict). See tim(1).\n"
};

struct param {                  /* one -P or -L dimension */
	const char *name;
	char **vals;
	size_t n, cap;
	const char *lo, *hi;    /* -P; vals made by the checks */
	int scan;
};

struct tim {
	/* options */
	long long w, n, k, m, o;        /* -w -n -k -m -o */
	const char *save, *read, *unit, *olabel, *dline, *graph;
	const char *base, *exp[4];      /* --baseline, --json --csv --md
	                                 * --plot */
	char delim;
	int report, verbose, help, version, noshell, oset, mset, interleave;
	int progress, quiet;            /* --progress, --quiet-warnings */
	int errall;                     /* --error=estimate */
	int verdict, decide;            /* --verdict, --decide */
	int null[2];                    /* --output=null, --stderr=null */
	double prec, budget, tol;       /* --precision (0: off), seconds */
	const char *step, *aff;         /* --step, --affinity */
	const char *ready;              /* --ready */
	int devnull;                    /* its fd, when open */
	struct pat rx;                  /* its pattern */
	int counters;                   /* --counters */
	struct ctrs ctrs;               /* its events */
	long long cv[CTR_N];            /* the last run's counts */
	unsigned long *cpus;            /* --affinity's mask */
	size_t cpus_bytes;
	char **cmds, **prep, **clean, **imp;    /* imp: --import */
	size_t ncmd, nprep, nclean, ccap, pcap, lcap, nimp, icap;
	size_t *icount;                 /* runs of row i from import f */
	struct param *par;
	size_t npar, parcap;
	int pargot;                     /* -P/-L arguments still to come */
	/* the model: the rows the runner fills (tim_model.h) */
	struct tmodel md;
	/* state */
	struct spawner sp;
	unsigned long seq;              /* TIM_SEQ of the last child */
	struct tsave sv;
	struct tread rd;
	struct texport ex[4];
	long long t0, lastprog;         /* start, last progress line (ns) */
	int progshown;
};

/* ---- options ------------------------------------------------------------ */

static int number(int id, const char *v, long long lo, long long *out)
{
	if (num_ll(v, lo, MAXN, out)) {
		opt_seterr("tim: bad number '%s' for --%s", v, defs[id].lname);
		return -1;
	}
	return 0;
}

/* a prefix of diffs or ratios, any case, as cligen matches enum names */
static int report_word(const char *w, size_t n, int *bit)
{
	if (n && !strncasecmp(w, "diffs", n) && n <= 5)
		*bit = R_DIFFS;
	else if (n && !strncasecmp(w, "ratios", n) && n <= 6)
		*bit = R_RATIOS;
	else
		return -1;
	return 0;
}

/* "DwordDword..": the first char is the list's delimiter; "" is empty */
static int report_list(const char *v, int *bits)
{
	char d = *v;
	const char *s = v + 1, *e;
	int b;

	*bits = 0;
	if (!d)
		return 0;
	for (;; s = e + 1) {
		e = strchr(s, d);
		if (!e)
			e = s + strlen(s);
		if (report_word(s, (size_t)(e - s), &b))
			return -1;
		*bits |= b;
		if (!*e)
			return 0;
	}
}

/* -R: cligen set operators: "r" "+=r" add, "-=r" ",-=r" remove, ",=" with
 * nothing clears, ",=/d/r" ",+=/d/r" add a list, ",@=/r" replaces */
static int report_opt(struct tim *t, const char *v)
{
	static const char *const ops[] = {",@=", ",+=", ",-=", ",=", "+=",
		"-=", 0};
	const char *op = "";
	int i, bits, bad;

	for (i = 0; ops[i]; i++)
		if (!strncmp(v, ops[i], strlen(ops[i]))) {
			op = ops[i];
			v += strlen(op);
			break;
		}
	bad = op[0] == ',' ? report_list(v, &bits) :
	    report_word(v, strlen(v), &bits);
	if (bad) {
		opt_seterr("tim: bad --Report value '%s' (diffs, ratios; ,= "
		    "clears)", v);
		return -1;
	}
	if (!strcmp(op, ",@="))
		t->report = bits;
	else if (!strcmp(op, ",-=") || !strcmp(op, "-="))
		t->report &= ~bits;
	else if (!strcmp(op, ",=") && !*v)
		t->report = 0;
	else
		t->report |= bits;
	return 0;
}

/* --budget: a number and an optional unit of -u's table (5s, 500ms,
 * 2min; none: seconds) */
static int duration(const char *v, double *secs)
{
	char num[64];
	size_t l = strspn(v, "0123456789.");
	double x, sc = 1;

	if ((v[l] == 'e' || v[l] == 'E') && v[l + 1] >= '0' && v[l + 1] <= '9')
		l += 1 + strspn(v + l + 1, "0123456789");
	if (!l || l >= sizeof num)
		return -1;
	memcpy(num, v, l);
	num[l] = 0;
	if (num_double(num, 0, 1e9, &x) || (v[l] && (sc = tm_unit_scale(v + l)) < 0))
		return -1;
	*secs = x / sc;
	return *secs > 0 ? 0 : -1;
}

/* --precision: a fraction (0.01) or a percentage (1%), in (0, 1] */
static int fraction(const char *v, double *p)
{
	char num[64];
	size_t l = strlen(v);
	int pct = l && v[l - 1] == '%';

	if (l - pct >= sizeof num)
		return -1;
	memcpy(num, v, l - pct);
	num[l - pct] = 0;
	if (num_double(num, 0, pct ? 100 : 1, p) || !(*p > 0))
		return -1;
	if (pct)
		*p /= 100;
	return 0;
}

/* -P NAME LO HI and -L NAME A,B,C arrive as one call per argument */
static int param_opt(struct tim *t, int id, char *v)
{
	struct param *p, z;
	char *s, *e;

	if (!t->pargot) {
		size_t i;

		memset(&z, 0, sizeof z);
		if (!*v || strpbrk(v, "{}")) {
			opt_seterr("tim: bad parameter name '%s'", v);
			return -1;
		}
		for (i = 0; i < t->npar; i++)
			if (!strcmp(t->par[i].name, v)) {
				opt_seterr("tim: parameter '%s' given twice", v);
				return -1;
			}
		z.name = v;
		z.scan = id == O_PSCAN;
		VEC_PUSH(t->par, t->npar, t->parcap, z);
		t->pargot = id == O_PSCAN ? 2 : 1;
		return 0;
	}
	p = &t->par[t->npar - 1];
	t->pargot--;
	if (p->scan) {
		*(p->lo ? &p->hi : &p->lo) = v;
		return 0;
	}
	for (s = v;; s = e + 1) {       /* the list, split at commas */
		e = strchr(s, ',');
		if (e)
			*e = 0;
		VEC_PUSH(p->vals, p->n, p->cap, s);
		if (!e)
			return 0;
	}
}

/* options arrive in command-line order: the last value wins, -p/-c add */
static int on_opt(void *ctx, int id, char *v)
{
	struct tim *t = ctx;
	int i;

	switch (id) {
	case OPT_OPERAND: VEC_PUSH(t->cmds, t->ncmd, t->ccap, v); return 0;
	case O_W: return number(id, v, 0, &t->w);
	case O_N: return number(id, v, 0, &t->n);
	case O_K: return number(id, v, 0, &t->k);
	case O_M: t->mset = 1; return number(id, v, 1, &t->m);
	case O_O: t->oset = 1; return number(id, v, -MAXN, &t->o);
	case O_S: t->save = v; return 0;
	case O_R: t->read = v; return 0;
	case O_P: VEC_PUSH(t->prep, t->nprep, t->pcap, v); return 0;
	case O_C: VEC_PUSH(t->clean, t->nclean, t->lcap, v); return 0;
	case O_U: t->unit = v; return 0;
	case O_d:
		if (strlen(v) != 1) {
			opt_seterr("tim: bad --delim '%s' (one character)", v);
			return -1;
		}
		t->delim = v[0];
		return 0;
	case O_OH: t->olabel = v; return 0;
	case O_D: t->dline = v; return 0;
	case O_RP: return report_opt(t, v);
	case O_G: t->graph = v; return 0;
	case O_V: t->verbose = opt_bool(v) == 1; return 0;
	case O_H: t->help = 1; return -1;
	case O_VER: t->version = 1; return -1;
	case O_NOSH: t->noshell = opt_bool(v) == 1; return 0;
	case O_IL: t->interleave = opt_bool(v) == 1; return 0;
	case O_VERD: t->verdict = opt_bool(v) == 1; return 0;
	case O_DEC: t->decide = t->verdict = opt_bool(v) == 1; return 0;
	case O_IMP: VEC_PUSH(t->imp, t->nimp, t->icap, v); return 0;
	case O_THR: case O_CONF:
		if (fraction(v, id == O_THR ? &t->md.thr : &t->md.conf) ||
		    (id == O_CONF && !(t->md.conf < 1))) {
			opt_seterr("tim: bad --%s '%s' (a fraction like 0.%s or "
			    "%s%%)", defs[id].lname, v, id == O_THR ? "02" : "95",
			    id == O_THR ? "2" : "95");
			return -1;
		}
		return 0;
	case O_PREC:
		if (fraction(v, &t->prec)) {
			opt_seterr("tim: bad --precision '%s' (a fraction like "
			    "0.01 or 1%%)", v);
			return -1;
		}
		return 0;
	case O_BUD:
		if (duration(v, &t->budget)) {
			opt_seterr("tim: bad --budget '%s' (a time like 5s or "
			    "500ms)", v);
			return -1;
		}
		return 0;
	case O_TOL:
		if (num_double(v, 0, 1e9, &t->tol) || !(t->tol > 0)) {
			opt_seterr("tim: bad --tolerance '%s' (a number > 0)", v);
			return -1;
		}
		return 0;
	case O_PROG:
		t->progress = !strcmp(v, "auto") ? P_AUTO : !strcmp(v, "always")
		    ? P_ALWAYS : !strcmp(v, "never") ? P_NEVER : -1;
		if (t->progress < 0) {
			opt_seterr("tim: bad --progress '%s' (auto, always, "
			    "never)", v);
			return -1;
		}
		return 0;
	case O_ERR:
		t->errall = !strcmp(v, "estimate") ? 1 : !strcmp(v, "batch") ?
		    0 : -1;
		if (t->errall < 0) {
			opt_seterr("tim: bad --error '%s' (batch, estimate)", v);
			return -1;
		}
		return 0;
	case O_OUT: case O_SERR:
		t->null[id - O_OUT] = !strcmp(v, "null") ? 1 :
		    !strcmp(v, "inherit") ? 0 : -1;
		if (t->null[id - O_OUT] < 0) {
			opt_seterr("tim: bad --%s '%s' (inherit, null)",
			    defs[id].lname, v);
			return -1;
		}
		return 0;
	case O_JSON: case O_CSV: case O_MD: t->exp[id - O_JSON] = v; return 0;
	case O_PLOT: t->exp[X_SVG] = v; return 0;
	case O_BASE: t->base = v; return 0;
	case O_STEP: t->step = v; return 0;
	case O_QW: t->quiet = opt_bool(v) == 1; return 0;
	case O_CTR: t->counters = opt_bool(v) == 1; return 0;
	case O_AFF:
		free(t->cpus);
		t->aff = v;
		if (cpus_parse(v, &t->cpus, &t->cpus_bytes)) {
			opt_seterr("tim: bad --affinity '%s' (a CPU list like "
			    "0,2-3)", v);
			return -1;
		}
		if (!t->cpus)
			die(E_USAGE, "out of memory");
		return 0;
	case O_READY:
		if (t->ready)
			pat_free(&t->rx);
		t->ready = v;
		if ((i = pat_compile(&t->rx, v, 0))) {
			char m[256];

			pat_error(i, &t->rx, m, sizeof m);
			opt_seterr("tim: bad --ready '%s': %s", v, m);
			t->ready = NULL;
			return -1;
		}
		return 0;
	case O_PSCAN: case O_PLIST: return param_opt(t, id, v);
	}
	return 0;
}

/* ---- -v ----------------------------------------------------------------- */

/* TAG@["a", "b"], Nim's notation as the original prints it; padded to pad
 * entries by repeating the last, as the hooks are */
static void quote_list(const char *tag, char **v, size_t n, size_t pad)
{
	char line[4096];
	size_t l = (size_t)fmt_snprintf(line, sizeof line, "%s@[", tag), i;

	for (i = 0; i < (n > pad ? n : pad) && l < sizeof line; i++)
		l += (size_t)fmt_snprintf(line + l, sizeof line - l, "%s\"%s\"",
		    i ? ", " : "", n ? v[i < n ? i : n - 1] : "");
	warn("%.*s]", (int)(l < sizeof line ? l : sizeof line - 1), line);
}

static void verbose(const struct tim *t)
{
	warn("warmup  %lld", t->w);
	warn("k       %lld", t->k);
	warn("n       %lld", t->n);
	warn("m       %lld", t->m);
	warn("oHead   %lld", t->o);
	warn("save    %s", t->save ? t->save : "");
	warn("read    %s", t->read ? t->read : "");
	quote_list("cmds    ", t->cmds, t->ncmd, 0);
	quote_list("prepare ", t->prep, t->nprep, t->ncmd);
	quote_list("cleanup ", t->clean, t->nclean, t->ncmd);
	warn("Report  {%s%s%s}", t->report & R_DIFFS ? "diffs" : "",
	    t->report == (R_DIFFS | R_RATIOS) ? ", " : "",
	    t->report & R_RATIOS ? "ratios" : "");
}

/* a command as a message shows it: on one line, a CR or LF as \r \n */
static const char *shown(const char *cmd)
{
	char *o, *p;

	if (!strpbrk(cmd, "\r\n"))
		return cmd;
	o = p = xmalloc(2 * strlen(cmd) + 1);
	for (; *cmd; cmd++)
		if (*cmd == '\n' || *cmd == '\r') {
			*p++ = '\\';
			*p++ = *cmd == '\n' ? 'n' : 'r';
		} else {
			*p++ = *cmd;
		}
	*p = 0;
	return o;
}

/* ---- checks: operands -> rows ------------------------------------------- */

/* -P's values: integers when LO, HI and the step all are, else decimals
 * with as many places as the most precise of the three */
static void scan_values(struct param *p, const char *step)
{
	long long a, b, s = 1, v;
	double x, y, d, q;
	int places = 0;
	const char *txt[3] = {p->lo, p->hi, step ? step : "1"}, *dot;
	char buf[64];
	size_t i;

	if (!num_ll(p->lo, -MAXN, MAXN, &a) && !num_ll(p->hi, -MAXN, MAXN, &b)
	    && !num_ll(txt[2], 1, MAXN, &s)) {
		if (a > b)
			die(E_USAGE, "-P %s: LO %s > HI %s", p->name, p->lo, p->hi);
		if ((b - a) / s >= MAXROWS)
			die(E_USAGE, "-P %s: too many values", p->name);
		for (v = a; v <= b; v += s) {
			fmt_snprintf(buf, sizeof buf, "%lld", v);
			VEC_PUSH(p->vals, p->n, p->cap, xstrdup(buf));
		}
		return;
	}
	for (i = 0; i < 3; i++) {
		if (num_double(txt[i], -1e15, 1e15, i == 0 ? &x : i == 1 ? &y : &d))
			die(E_USAGE, "-P %s: bad number '%s'", p->name, txt[i]);
		dot = strchr(txt[i], '.');
		if (dot && (int)strspn(dot + 1, "0123456789") > places)
			places = (int)strspn(dot + 1, "0123456789");
	}
	if (!(d > 0))
		die(E_USAGE, "bad --step '%s' (a number > 0)", txt[2]);
	if (x > y)
		die(E_USAGE, "-P %s: LO %s > HI %s", p->name, p->lo, p->hi);
	if ((y - x) / d >= MAXROWS)
		die(E_USAGE, "-P %s: too many values", p->name);
	for (i = 0; (q = x + (double)i * d) <= y + d * 1e-9; i++) {
		fmtf_snprintf(buf, sizeof buf, "%.*f", places, q);
		VEC_PUSH(p->vals, p->n, p->cap, xstrdup(buf));
	}
}

/* s with each {NAME} replaced by its value in combination idx[], also in
 * ${NAME} (as hyperfine does). An unknown {WORD} (letters, digits, _) is
 * an error, unless it follows a $ (${HOME} is the shell's); other braces
 * (awk '{print}') are text. NULL stays NULL. */
static char *subst(const struct tim *t, const char *s, const size_t *idx)
{
	char *o = NULL;
	size_t n = 0, cap = 0, l, i;
	const char *e;

	if (!s || !t->npar)
		return (char *)s;
	for (; *s; s++) {
		if (*s == '{' && (e = strchr(s, '}'))) {
			l = (size_t)(e - s - 1);
			for (i = 0; i < t->npar; i++)
				if (strlen(t->par[i].name) == l &&
				    !memcmp(t->par[i].name, s + 1, l))
					break;
			if (i < t->npar) {
				const char *v = t->par[i].vals[idx[i]];

				o = vec_grow(o, n + strlen(v) + 1, &cap, 1);
				memcpy(o + n, v, strlen(v));
				n += strlen(v);
				s = e;
				continue;
			}
			if (l && strspn(s + 1, "abcdefghijklmnopqrstuvwxyz"
			    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == l &&
			    !(n && o[n - 1] == '$'))
				die(E_USAGE, "unknown parameter '{%.*s}' (no -P or "
				    "-L defines it)", (int)l, s + 1);
		}
		o = vec_grow(o, n + 2, &cap, 1);
		o[n++] = *s;
	}
	o = vec_grow(o, n + 1, &cap, 1);
	o[n] = 0;
	return o;
}

/* prepare/cleanup of command i: lists shorter than the commands repeat
 * their last element; none, or an empty one, is no hook. The overhead
 * never has hooks (the older original's behaviour). */
static const char *hook(char **list, size_t n, size_t i)
{
	const char *h;

	if (!n)
		return NULL;
	h = list[i < n ? i : n - 1];
	return *h ? h : NULL;
}

/* -N: the words and the program, found once before anything runs */
static void words(struct row *r)
{
	const char *why;

	r->argv = words_split(r->cmd, &why);
	if (!r->argv)
		die(E_USAGE, "-N: %s in '%s'", why, shown(r->cmd));
	r->path = spawn_which(r->argv[0]);
	if (!r->path)
		die(E_CMD, "\"%s\" failed: %s: %s", shown(r->cmd), r->argv[0],
		    errno == ENOENT ? "command not found" : strerror(errno));
}

/* One row for argument a with values idx[]. label<delim>command: the
 * split is at the first delimiter; nothing after it means no label (the
 * seed's `...||:` must run as written). */
static void add_row(struct tim *t, size_t i, const size_t *idx)
{
	char *a = t->cmds[i], *d = strchr(a, t->delim), *lab = NULL;
	struct row r;
	size_t p;

	memset(&r, 0, sizeof r);
	r.cmd = a;
	if (d && d[1]) {
		lab = xstrdup(a);
		lab[d - a] = 0;
		r.cmd = d + 1;
	}
	r.label = subst(t, lab, idx);
	r.cmd = subst(t, r.cmd, idx);
	r.name = r.label ? r.label : r.cmd;
	r.pre = subst(t, hook(t->prep, t->nprep, i), idx);
	r.post = subst(t, hook(t->clean, t->nclean, i), idx);
	r.n = t->n;
	r.np = (int)t->npar;
	if (t->npar) {
		const char **nm = xmalloc(t->npar * sizeof *nm);
		const char **vl = xmalloc(t->npar * sizeof *vl);

		for (p = 0; p < t->npar; p++) {
			nm[p] = t->par[p].name;
			vl[p] = t->par[p].vals[idx[p]];
		}
		r.pnames = nm;
		r.pvals = vl;
	}
	if (t->noshell)
		words(&r);
	t->md.rw[t->md.nrow++] = r;
}

/* the overhead (if any), then per command one row for each combination
 * of the parameters' values, the first parameter varying slowest */
static void make_rows(struct tim *t)
{
	size_t combos = 1, i, c, p, *idx = xmalloc((t->npar + 1) * sizeof *idx);

	for (p = 0; p < t->npar; p++) {
		if (t->par[p].scan)
			scan_values(&t->par[p], t->step);
		if (!t->par[p].n)
			die(E_USAGE, "-L %s: no values", t->par[p].name);
		combos *= t->par[p].n;
		if (combos * t->ncmd > MAXROWS)
			die(E_USAGE, "parameters make too many rows (max %d)",
			    MAXROWS);
	}
	t->md.first = t->o > 0;
	t->md.rw = xmalloc((combos * t->ncmd + 1) * sizeof *t->md.rw);
	if (t->md.first) {
		struct row *o = &t->md.rw[t->md.nrow++];

		memset(o, 0, sizeof *o);
		o->cmd = "";
		o->n = t->o > t->n ? t->o : t->n;
		o->name = t->olabel && *t->olabel ? t->olabel : t->report ?
		    "(AlreadySubtracted)Overhead" : "RawOverhead";
		if (t->noshell) {       /* the least a program costs to run */
			o->cmd = t->ready ? "echo" : "true";
			words(o);
			o->cmd = "";
		}
	}
	for (i = 0; i < t->ncmd; i++)
		for (c = 0; c < combos; c++) {
			size_t r = c;

			for (p = t->npar; p-- > 0;) {
				idx[p] = r % t->par[p].n;
				r /= t->par[p].n;
			}
			add_row(t, i, idx);
		}
	free(idx);
}

/* the parameters; all refused before anything runs or prints */
static void check(struct tim *t)
{
	long long nmax;

	if (!t->ncmd && t->read) {      /* the likelier mistake: the file */
		size_t n;
		char *d = tfile_slurp(t->read, &n);

		if (!d)
			die(E_USAGE, "%s:", t->read);
		free(d);
	}
	if (!t->ncmd)
		die(E_USAGE, "need commands; try 'tim --help'");
	if ((t->md.scale = tm_unit_scale(t->unit)) < 0)
		die(E_USAGE, "bad time unit '%s' for --timeUnit (ns us ms s min "
		    "...)", t->unit);
	if (t->step && !t->npar)
		die(E_USAGE, "--step '%s' without -P", t->step);
	if (t->verdict && !t->mset)     /* pairs: 4 make too wide a t */
		t->m = VERDICT_M;
	if (t->noshell && !t->oset)     /* no shell: nothing to subtract */
		t->o = 0;
	if (t->n < 2 * t->k + 1)        /* adapt n, never reject it */
		t->n = 2 * t->k + 1;
	nmax = t->o > t->n ? t->o : t->n;
	if (t->m * nmax > MAXN)
		die(E_USAGE, "m*n = %lld samples is too many (max %lld)",
		    t->m * nmax, MAXN);
	if (est_check((size_t)t->n, (size_t)t->m, (int)t->k))
		die(E_USAGE, "m*n = %lld samples < 4k = %lld: raise -m or -n "
		    "(or lower -k)", t->m * t->n, 4 * t->k);
	if (t->budget > 0 && !(t->prec > 0) && !t->decide)
		die(E_USAGE, "--budget needs --precision or --decide");
	if ((t->prec > 0 || t->decide) && !(t->budget > 0))
		t->budget = 10;
	t->md.unit = t->unit;
	t->md.m = t->m;
	t->md.k = (int)t->k;
	t->md.errall = t->errall;
	t->md.subtract = t->report != 0;
	t->md.version = "tim (quickbox) " QB_VERSION;
	make_rows(t);
}

/* ---- the protocol ------------------------------------------------------- */

/* A status line on stderr between batches, never during a timed run: at
 * most 5 a second, on a tty unless --progress=always, erased at the end
 * (progress(t, NULL, 0, 0)). batch: the batches of r done (the estimate
 * so far uses them); round: the --precision round under way, or 0. */
static void progress(struct tim *t, const struct row *r, long long batch,
    long long round)
{
	char b[512], v[256], at[64], left[32] = "";
	long long now;
	double est, err, el;
	int l, i = r ? (int)(r - t->md.rw) : 0;

	if (!t->progress)
		return;
	if (!r) {
		if (t->progshown)
			write_all(2, "\r\033[K", 4);
		t->progshown = 0;
		return;
	}
	now = clock_ns();
	if (t->progshown && now - t->lastprog < 200000000LL)
		return;
	t->lastprog = now;
	v[0] = 0;
	if (batch >= 1 && !tm_estimate(&t->md, r, batch, &est, &err, NULL))
		fmt_uncertain(v, sizeof v, est, err, t->md.pm);
	if (round)
		fmt_snprintf(at, sizeof at, "round %lld", round);
	else
		fmt_snprintf(at, sizeof at, "batch %lld/%lld", batch + 1, t->m);
	el = (double)(now - t->t0) * 1e-9;      /* elapsed, time left */
	if (t->budget > 0)
		fmtf_snprintf(left, sizeof left, " (%.1f s left)",
		    t->budget > el ? t->budget - el : 0);
	l = fmtf_snprintf(b, sizeof b, "\r\033[Ktim: %d/%d %.60s  %s  %s%s%s"
	    "  %.1f s%s", i + 1, t->md.nrow, r->name, at, v, v[0] ? " " : "",
	    v[0] ? t->unit : "", el, left);
	write_all(2, b, l < 0 ? 0 : (size_t)l < sizeof b ? (size_t)l :
	    sizeof b - 1);
	t->progshown = 1;
}

/* the --save file keeps the runs made so far (the original's behaviour),
 * so it is flushed before tim dies; nr: the run ended without a --ready
 * line */
static _Noreturn void failed(struct tim *t, const char *cmd, int code,
    int status, int nr)
{
	const char *why = nr ? "no --ready line, " : "";

	progress(t, NULL, 0, 0);
	tsave_flush(&t->sv);
	if (WIFSIGNALED(status)) {
		const char *nm = sig_name(WTERMSIG(status));

		die(code, "\"%s\" failed (%skilled by signal %d%s%s)", shown(cmd),
		    why, WTERMSIG(status), nm ? " SIG" : "", nm ? nm : "");
	}
	die(code, "\"%s\" failed (%sexit status %d)", shown(cmd), why,
	    WEXITSTATUS(status));
}

/* --ready's tests: the pattern for a command, any line for the overhead */
static int ready_rx(void *ctx, const char *line)
{
	return pat_match(ctx, line);
}

static int ready_any(void *ctx, const char *line)
{
	(void)ctx;
	(void)line;
	return 1;
}

/* run one child (the row's words under -N, else sh -c cmd); its result,
 * or a death with code when it fails */
static void run1(struct tim *t, const char *cmd, const struct row *w,
    int code, struct spawn_res *r)
{
	int bad = w ? spawn_argv(&t->sp, ++t->seq, w->path, w->argv, r) :
	    spawn_sh(&t->sp, ++t->seq, cmd, r);
	if (bad) {
		progress(t, NULL, 0, 0);
		tsave_flush(&t->sv);
		if (w)
			die(code, "\"%s\" failed: cannot run %s:", shown(cmd),
			    w->path);
		die(code, "\"%s\" failed: cannot run /bin/sh:", shown(cmd));
	}
	if (r->status || (t->sp.ready && !r->ready))
		failed(t, cmd, code, r->status, t->sp.ready != NULL);
}

static double tv(struct timeval v)
{
	return (double)v.tv_sec + (double)v.tv_usec * 1e-6;
}

/* One run of row r: a --read value stands in for the whole run, hooks
 * included (they were run when it was saved). A key missing from the
 * file runs live (the original's behaviour; docs/tim.md). */
static struct run get1(struct tim *t, struct row *r)
{
	struct run u = {0, NAN, NAN, -1};
	struct spawn_res res;
	struct rq *q = t->read ? tread_find(&t->rd, r->cmd) : NULL;
	int ov, fd[2];

	if (q) {
		if (q->head == q->n) {
			progress(t, NULL, 0, 0);
			die(E_USAGE, "`%s`: undersampled in `read`",
			    shown(r->cmd));
		}
		u.secs = q->v[q->head++];
		memset(t->cv, 0xff, sizeof t->cv);      /* all -1: unknown */
		return u;
	}
	if (r->pre)
		run1(t, r->pre, NULL, E_PREP, &res);
	/* --ready: the overhead is the time to any line of `echo` */
	ov = t->ready && r == t->md.rw && t->md.first;
	t->sp.ready = ov ? ready_any : t->ready ? ready_rx : NULL;
	t->sp.ctr = t->counters ? &t->ctrs : NULL;
	fd[0] = t->sp.out;
	fd[1] = t->sp.err;
	if (ov)                 /* its line is tim's, not the user's */
		t->sp.out = t->sp.err = t->devnull;
	run1(t, ov ? "echo" : r->cmd, r->argv ? r : NULL, E_CMD, &res);
	t->sp.ready = NULL;
	t->sp.ctr = NULL;
	t->sp.out = fd[0];
	t->sp.err = fd[1];
	memcpy(t->cv, res.ctr, sizeof t->cv);
	u.secs = res.secs;
	u.user = tv(res.utime);
	u.sys = tv(res.stime);
	u.rss_kb = res.maxrss_kb;
	if (r->post)
		run1(t, r->post, NULL, E_CLEAN, &res);
	tsave_add(&t->sv, u.secs, r->cmd);
	return u;
}

/* runs added to r: cnt timed runs, appended in time order */
static void timed(struct tim *t, struct row *r, long long cnt)
{
	long long j;

	for (j = 0; j < cnt; j++) {
		struct run u = get1(t, r);

		VEC_PUSH(r->runs, r->nrun, r->cap, u);
		if (!t->counters)
			continue;
		r->ctr = vec_grow(r->ctr, r->nrun * CTR_N, &r->ccap,
		    sizeof *r->ctr);
		for (; r->nctr < r->nrun * CTR_N; r->nctr++)  /* imports: -1 */
			r->ctr[r->nctr] = r->nctr < (r->nrun - 1) * CTR_N ? -1 :
			    t->cv[r->nctr % CTR_N];
	}
}

static void warmups(struct tim *t, struct row *r)
{
	for (; r->warm < t->w; r->warm++)
		get1(t, r);
}

/* for -v: the mean CPU times and the peak RSS of the runs made live */
static void cpu_log(struct tim *t, const struct row *r)
{
	double user = 0, sys = 0;
	long rss = 0;
	size_t j, live = 0;
	char line[1024];

	if (!t->verbose)
		return;
	progress(t, NULL, 0, 0);        /* a log line of its own */
	for (j = 0; j < r->nrun; j++)
		if (r->runs[j].rss_kb >= 0) {
			live++;
			user += r->runs[j].user;
			sys += r->runs[j].sys;
			if (r->runs[j].rss_kb > rss)
				rss = r->runs[j].rss_kb;
		}
	if (!live)
		return;
	fmtf_snprintf(line, sizeof line,
	    "cpu     %s\tuser %.6f s\tsys %.6f s\t(mean of %zu runs)",
	    r->name, user / (double)live, sys / (double)live, live);
	warn_line(line);        /* warn() has no floats (fmt.h) */
	warn("rss     %s\tpeak %ld KiB\t(max of %zu runs)", r->name, rss, live);
}

/* ---- the report --------------------------------------------------------- */

static void out_unc(const struct tim *t, double val, double err)
{
	char b[256];
	size_t n = fmt_uncertain(b, sizeof b, val, err, t->md.pm);

	if (n < sizeof b) {
		out_write(b, n);
	} else {                /* only a long $LC_PM gets here */
		char *big = xmalloc(n + 1);

		fmt_uncertain(big, n + 1, val, err, t->md.pm);
		out_write(big, n);
		free(big);
	}
}

/* Stdout failed (a full disk, a closed pipe): stop at once rather than
 * measure rows nobody reads. xexit names the error (not a closed pipe's)
 * and exits 1; the --save file keeps the runs made, as on any failure,
 * and no export is written. */
static void flush_out(struct tim *t)
{
	if (!out_flush())
		return;
	progress(t, NULL, 0, 0);
	tsave_flush(&t->sv);
	xexit(0);
}

/* "EST +- ERR UNIT<TAB>name", unless the report is ratios only */
static void abs_line(struct tim *t, const struct row *r)
{
	double m, e;
	int c;

	if (t->report == R_RATIOS)
		return;
	out_unc(t, r->est, r->err);
	out_char(' ');
	out_str(t->unit);
	out_char('\t');
	out_str(r->name);
	out_char('\n');
	/* --counters: "MEAN +- ERR [UNIT ]NAME<TAB>row" each, known ones */
	for (c = 0; t->counters && c < CTR_N; c++)
		if (!tm_counter(&t->md, r, c, &m, &e)) {
			char b[64];

			if (e > 0) {
				out_unc(t, m, e);
			} else {        /* equal counts: no 16 digits */
				fmtf_snprintf(b, sizeof b, "%.15g", m);
				out_str(b);
				out_str(t->md.pm);
				out_char('0');
			}
			out_char(' ');
			if (c == CTR_TASK) {
				out_str(t->unit);
				out_char(' ');
			}
			out_str(ctr_names[c]);
			out_char('\t');
			out_str(r->name);
			out_char('\n');
		}
	flush_out(t);   /* rows appear as measured, like the original */
}

/* ---- measuring: row by row, interleaved, to a precision ----------------- */

/* Row by row, each printed as soon as it is measured (the original's
 * order): warm-ups, then m*n timed runs. */
static void measure_rows(struct tim *t, int print)
{
	int i;
	long long b;

	for (i = 0; i < t->md.nrow; i++) {
		struct row *r = &t->md.rw[i];

		warmups(t, r);
		for (b = 0; b < t->m; b++) {
			progress(t, r, b, 0);
			timed(t, r, r->n);
		}
		tsave_flush(&t->sv);
		tm_update(&t->md, i);
		cpu_log(t, r);
		if (print) {
			progress(t, NULL, 0, 0);
			abs_line(t, r);
		}
	}
}

/* --interleave: every row's warm-ups, then batch j of every row before
 * batch j+1, so a slow drift of the machine spreads over all rows */
static void measure_interleaved(struct tim *t)
{
	long long b;
	int i;

	for (i = 0; i < t->md.nrow; i++)
		warmups(t, &t->md.rw[i]);
	for (b = 0; b < t->m; b++) {
		for (i = 0; i < t->md.nrow; i++) {
			progress(t, &t->md.rw[i], b, 0);
			timed(t, &t->md.rw[i], t->md.rw[i].n);
		}
		tsave_flush(&t->sv);
	}
	for (i = 0; i < t->md.nrow; i++) {
		tm_update(&t->md, i);
		cpu_log(t, &t->md.rw[i]);
	}
}

/* row i has reached --precision */
static int precise(const struct tim *t, int i)
{
	const struct row *r = &t->md.rw[i];

	return r->est > 0 && r->err <= t->prec * r->est;
}

/* --precision stops no sooner than the timed runs of all rows add up to
 * a tenth of the budget. The minimum of a fast command emerges only after
 * some hundreds of runs (the first ones of a tim run are slower), while an
 * error from a few dozen can be small by chance: stopping at the first
 * error under P then picked such runs, whose estimates were far apart
 * between tim runs while each said < P (docs/PERFORMANCE.md, "Tools in
 * turn, far groups left out, a floor under --precision").
 * Counted in the runs' own times, not the clock, so that --read replays
 * it. */
static int early(const struct tim *t)
{
	double s = 0;
	size_t j;
	int i;

	for (i = 0; i < t->md.nrow; i++)
		for (j = 0; j < t->md.rw[i].nrun; j++)
			s += t->md.rw[i].runs[j].secs;
	return s < t->budget / 10;
}

/* A --read file holds the rounds (batch: the --decide batches) the
 * saving run made before its budget ran out: a replay ends where they
 * end (a whole round or none), so it reproduces that run. Rows the file
 * lacks run live. */
static int saved_round(struct tim *t, int all, int batch)
{
	int i;

	for (i = 0; t->read && i < t->md.nrow; i++) {
		struct rq *q = tread_find(&t->rd, t->md.rw[i].cmd);

		if (q && (i < t->md.first || all || !precise(t, i)) &&
		    q->n - q->head < (size_t)(batch ? t->md.rw[i].n : t->m))
			return 0;
	}
	return 1;
}

/* --precision: while a command row's error/estimate is above P and the
 * budget lasts, add a round: one more run per batch (m runs, so every
 * batch grows by one: the batches' spread, which is the error, shrinks
 * only with longer batches, never with more of them) to each row that
 * missed, and to the overhead, whose error is part of theirs; while it
 * is early (above), to every row. Rows are taken in turn, so
 * --interleave is kept. */
static void refine(struct tim *t)
{
	int i, miss, e;
	long long round = 0;

	for (;;) {
		miss = 0;
		for (i = t->md.first; i < t->md.nrow; i++)
			miss += !precise(t, i);
		e = early(t);
		if (!miss && !e)
			return;
		if (clock_ns() - t->t0 >= (long long)(t->budget * 1e9) ||
		    !saved_round(t, e, 0))
			break;
		for (i = 0; i < t->md.nrow; i++) {
			struct row *r = &t->md.rw[i];

			if (i < t->md.first || e ? 0 : precise(t, i))
				continue;
			if ((r->n + 1) * t->m > MAXN)
				goto spent;
			progress(t, r, t->m, round + 1);
			timed(t, r, (long long)tm_nb(r));
			r->n++;
		}
		tsave_flush(&t->sv);
		for (i = 0; i < t->md.nrow; i++)
			tm_update(&t->md, i);
		round++;
	}
spent:
	for (i = t->md.first; i < t->md.nrow; i++)
		t->md.rw[i].missed = !precise(t, i);
}

/* ---- the ratio report --------------------------------------------------- */

/* Every command row relative to the fastest (starred), as tm_ratio gives
 * it. The overhead has no row: the commands are already minus it (the
 * ratio report always subtracts), and the original's "0.00 +- 0.36"
 * for it was a relative error printed as a ratio, which means nothing
 * (docs/tim.md, "Differences from the original"). */
static void ratio_line(const struct tim *t, double v, double u,
    const char *mark, const char *nm)
{
	out_unc(t, v, u);
	out_char('\t');
	out_str(mark);
	out_str(nm);
	out_char('\n');
}

static void ratios(struct tim *t)
{
	const struct row *rw = t->md.rw;
	int i, imin = t->md.first;
	double v, u;

	for (i = t->md.first; i < t->md.nrow; i++)  /* the first strictly smallest */
		if (rw[i].est < rw[imin].est)
			imin = i;
	if (t->dline && *t->dline) {
		out_str(t->dline);
		out_char('\n');
	}
	for (i = t->md.first; i < t->md.nrow; i++) {
		tm_ratio(&rw[i], &rw[imin], &v, &u);
		ratio_line(t, v, u, i == imin ? "*" : "", rw[i].name);
	}
	flush_out(t);
}

/* ---- verdicts ---------------------------------------------------------- */

/* "RATIO [LOW, HIGH] CONF%<TAB>name<TAB>vs REF: VERDICT" */
static void verdict_line(const struct cmp *c, const char *nm, const char *ref)
{
	char b[160];

	fmtf_snprintf(b, sizeof b, "%.4g [%.4g, %.4g] %g%%\t", c->ratio, c->low,
	    c->high, 100 * c->conf);
	out_str(b);
	out_str(nm);
	out_str("\tvs ");
	out_str(ref);
	out_str(": ");
	out_str(cmp_word(c->verdict));
	out_str(c->verdict == CMP_UNDECIDED ? " (undecided)\n" : "\n");
}

/* --verdict: one line per comparison, after the report (tm_compare_all
 * made them) */
static void verdicts(struct tim *t)
{
	int i;

	for (i = 0; i < t->md.nrow; i++)
		if (t->md.rw[i].to >= 0)
			verdict_line(&t->md.rw[i].cmp, t->md.rw[i].name,
			    t->md.rw[t->md.rw[i].to].name);
	flush_out(t);
}

/* the first entry of a --baseline for cmd, or NULL */
static const struct tbent *entry(const struct tbase *b, const char *cmd)
{
	size_t j;

	for (j = 0; j < b->n; j++)
		if (!strcmp(b->e[j].key, cmd))
			return &b->e[j];
	return NULL;
}

/* Row r against its --baseline entry e: the batch estimates of each (the
 * baseline's minus its own overhead's, as the report subtracts) by
 * cmp_groups, as they ran at different times and make no pairs. An entry
 * without runs (an export from before they were kept) has no interval:
 * undecided, with the ratio of the estimates. */
static void base_verdict(struct tim *t, const struct tbase *b, struct row *r,
    const struct tbent *e)
{
	struct tmodel bm = t->md;
	struct row br, bo;
	const struct tbent *o = entry(b, "");
	size_t mx, my = tm_nb(r);
	double *x;

	memset(&br, 0, sizeof br);
	memset(&bo, 0, sizeof bo);
	br.runs = e->runs;
	br.nrun = e->nrun;
	br.n = e->n;
	if (o) {
		bo.runs = o->runs;
		bo.nrun = o->nrun;
		bo.n = o->n;
	}
	bm.rw = &bo;
	mx = tm_nb(&br);
	x = xmalloc((2 * mx + 3 * my + 1) * sizeof *x);
	tm_batches(&bm, &br, x);
	tm_batches(&t->md, r, x + mx);
	cmp_groups(x, mx, x + mx, my, t->md.conf, t->md.thr, x + mx + my,
	    &r->bcmp);
	if (!mx)
		r->bcmp.ratio = r->est / (e->est * t->md.scale);
	free(x);
}

/* the comparisons still undecided, --baseline's included */
static int pending(struct tim *t, const struct tbase *b)
{
	const struct tbent *e;
	int i, n = 0;

	tm_compare_all(&t->md);
	for (i = t->md.first; i < t->md.nrow; i++) {
		struct row *r = &t->md.rw[i];

		n += r->to >= 0 && r->cmp.verdict == CMP_UNDECIDED;
		if (t->base && (e = entry(b, r->cmd))) {
			base_verdict(t, b, r, e);
			n += r->bcmp.verdict == CMP_UNDECIDED;
		}
	}
	return n;
}

/* --decide: while a comparison is undecided and the budget lasts, one
 * more batch of every row, in turn: more pairs narrow the interval as
 * 1/sqrt(pairs); longer batches, as --precision makes, would not. The
 * verdicts are looked at when the batches reach m, 2m, 4m, ... and at
 * the end, look j at confidence 1 - (1 - C)/2^(j+1): the looks' error
 * rates add up to at most 1 - C, where looking at every batch at C would
 * find a difference in noise sooner or later (docs/tim.md). */
static void decide(struct tim *t, const struct tbase *b)
{
	double a = 1 - t->md.conf;
	long long look = t->m;
	int i, j = 0, last;

	for (;;) {
		last = clock_ns() - t->t0 >= (long long)(t->budget * 1e9) ||
		    !saved_round(t, 1, 1) || (t->m + 1) * t->md.rw[0].n > MAXN;
		if (t->m >= look || last) {
			t->md.conf = 1 - a / (double)(2LL << j++);
			if (!pending(t, b) || last)
				break;
			look *= 2;
		}
		t->m++;
		for (i = 0; i < t->md.nrow; i++) {
			progress(t, &t->md.rw[i], t->m - 1, 0);
			timed(t, &t->md.rw[i], t->md.rw[i].n);
		}
		tsave_flush(&t->sv);
	}
	for (i = 0; i < t->md.nrow; i++)
		tm_update(&t->md, i);
}

/* ---- --baseline --------------------------------------------------------- */

/* After "# baseline FILE", per command row the baseline knows: with
 * --verdict its verdict line ("vs baseline"), else "DIFF +- ERR
 * UNIT<TAB>name<TAB>..." against the tolerance. E_SLOWER when one is
 * slower, else E_NOBASE when a command has no entry (a gate that
 * compared nothing must not pass), else E_UNDECIDED when a verdict is
 * undecided. Each command without an entry is named on stderr, and each
 * entry no command used gets a note (a renamed or mistyped command is
 * the likely cause); the overhead's entry ("") is no command's. */
static int compare(struct tim *t, const struct tbase *b)
{
	int i, slower = 0, missing = 0, und = 0;
	size_t j;
	char *used = xmalloc(b->n + 1);
	const struct tbent *e;

	memset(used, 0, b->n + 1);
	out_str("# baseline ");
	out_str(t->base);
	out_char('\n');
	for (i = t->md.first; i < t->md.nrow; i++) {
		struct row *r = &t->md.rw[i];
		double d, er, z;

		if (!(e = entry(b, r->cmd))) {
			missing = 1;
			continue;
		}
		used[e - b->e] = 1;
		if (t->verdict) {
			base_verdict(t, b, r, e);
			verdict_line(&r->bcmp, r->name, "baseline");
			slower |= r->bcmp.verdict == CMP_SLOWER;
			und |= r->bcmp.verdict == CMP_UNDECIDED;
			continue;
		}
		d = r->est - e->est * t->md.scale;
		er = sum_quad(r->err, e->err * t->md.scale);
		z = er > 0 ? d / er : d > 0 ? INFINITY : d < 0 ? -INFINITY : 0;
		out_unc(t, d, er);
		out_char(' ');
		out_str(t->unit);
		out_char('\t');
		out_str(r->name);
		if (z > t->tol) {
			char tx[96];

			fmtf_snprintf(tx, sizeof tx,
			    "\tslower: %.1f errors > %g\n", z, t->tol);
			out_str(tx);
			slower = 1;
		} else {
			out_str(z < -t->tol ? "\tfaster\n" : "\twithin tolerance\n");
		}
	}
	flush_out(t);
	for (i = t->md.first; i < t->md.nrow; i++)
		if (!entry(b, t->md.rw[i].cmd))
			warn("\"%s\": no entry in --baseline %s",
			    shown(t->md.rw[i].cmd), t->base);
	for (j = 0; j < b->n; j++)
		if (!used[j] && *b->e[j].key)
			warn("note: --baseline %s: \"%s\" matches no command",
			    t->base, shown(b->e[j].key));
	free(used);
	return slower ? E_SLOWER : missing ? E_NOBASE : und ? E_UNDECIDED : 0;
}

/* ---- --import ----------------------------------------------------------- */

/* Each --import FILE's runs go to the row of the same label (the
 * overhead's to the overhead), before this run's: they were made
 * earlier. Their batches must be as long as the row's (-n), so the
 * batches stay whole. t->icount keeps how many came from where. */
static void imports(struct tim *t)
{
	size_t f, j, n, k;
	int i;

	t->icount = xmalloc((t->nimp * (size_t)t->md.nrow + 1) * sizeof
	    *t->icount);
	for (f = 0; f < t->nimp; f++) {
		struct tbase b = {0, 0, 0};
		const char *why;
		char *d = tfile_slurp(t->imp[f], &n);

		if (!d)
			die(E_USAGE, "%s:", t->imp[f]);
		if (tbase_json(d, n, &b, &why))
			die(E_USAGE, "%s: %s", t->imp[f], why);
		for (i = 0; i < t->md.nrow; i++) {
			struct row *r = &t->md.rw[i];

			t->icount[f * (size_t)t->md.nrow + (size_t)i] = 0;
			for (j = 0; j < b.n && (i < t->md.first ? !b.e[j].oh :
			    b.e[j].oh || strcmp(b.e[j].label, r->name)); j++)
				;
			if (j == b.n || !b.e[j].nrun)
				continue;
			if (b.e[j].n != r->n || b.e[j].nrun % (size_t)r->n)
				die(E_USAGE, "--import %s: \"%s\": %lld runs a "
				    "batch, not %lld as here: give -n%lld",
				    t->imp[f], shown(r->name), b.e[j].n, r->n,
				    b.e[j].n);
			for (k = 0; k < b.e[j].nrun; k++)
				VEC_PUSH(r->runs, r->nrun, r->cap, b.e[j].runs[k]);
			t->icount[f * (size_t)t->md.nrow + (size_t)i] = b.e[j].nrun;
		}
		free(d);
	}
}

/* "# import NAME: N here, N from FILE, ..." per row, with --import */
static void sources(struct tim *t)
{
	char b[64];
	size_t f, here, c;
	int i;

	for (i = 0; t->nimp && i < t->md.nrow; i++) {
		here = t->md.rw[i].nrun;
		for (f = 0; f < t->nimp; f++)
			here -= t->icount[f * (size_t)t->md.nrow + (size_t)i];
		out_str("# import ");
		out_str(t->md.rw[i].name);
		fmt_snprintf(b, sizeof b, ": %zu here", here);
		out_str(b);
		for (f = 0; f < t->nimp; f++)
			if ((c = t->icount[f * (size_t)t->md.nrow + (size_t)i])) {
				fmt_snprintf(b, sizeof b, ", %zu from ", c);
				out_str(b);
				out_str(t->imp[f]);
			}
		out_char('\n');
	}
	flush_out(t);
}

/* ---- entry -------------------------------------------------------------- */

/* A closed stdout (>&-) must not become the first file tim opens (the
 * report would land in the --save file): fds 0..2 are held on /dev/null,
 * read-only, so a write to them still fails (EBADF) as on a closed fd,
 * and close-on-exec, so a child sees them closed as they were. */
static void hold_std(void)
{
	int fd;

	while ((fd = open("/dev/null", O_RDONLY | O_CLOEXEC)) >= 0 && fd <= 2)
		;
	if (fd > 2)
		close(fd);
}

/* files and the environment; --read and --baseline are read whole and the
 * exports created here, so a bad file stops tim before it runs anything */
static void setup(struct tim *t, struct tbase *b)
{
	int i;

	if (t->save)
		tsave_open(&t->sv, t->save);
	if (t->read)
		tread_load(&t->rd, t->read);
	for (i = 0; t->read && t->verbose && i < t->md.nrow; i++)
		if (!tread_find(&t->rd, t->md.rw[i].cmd))
			warn("read    `%s`: not in %s, run live",
			    shown(t->md.rw[i].cmd), t->read);
	if (t->base)
		tbase_load(b, t->base, &t->md, t->w);
	imports(t);
	for (i = 0; i < 4; i++)
		if (t->exp[i])
			texport_open(&t->ex[i], t->exp[i], X_JSON + i);
	if (spawn_init(&t->sp, environ))
		die(E_USAGE, "out of memory");
	if (t->null[0] || t->null[1] || t->ready) {  /* one for all */
		t->devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
		if (t->devnull < 0)
			die(E_USAGE, "/dev/null:");
		t->sp.out = t->null[0] ? t->devnull : -1;
		t->sp.err = t->null[1] ? t->devnull : -1;
	}
	if (t->cpus && cpus_usable(t->cpus, t->cpus_bytes))
		die(E_USAGE, "--affinity '%s': %s", t->aff, errno == EINVAL ?
		    "no such CPU here" : strerror(errno));
	t->sp.cpus = t->cpus;
	t->sp.cpus_bytes = t->cpus_bytes;
	/* --ready stops a process group: its orphans come back to tim, which
	 * reaps them and so sees the group gone at once; without (before
	 * Linux 3.4), init reaps them, or the grace runs out */
	if (t->ready)
		prctl(PR_SET_CHILD_SUBREAPER, 1);
	if (t->counters) {      /* what is not counted, and why: once */
		int n = 0, e;

		ctr_open(&t->ctrs, 0);   /* a probe: what tim may open */
		ctr_close(&t->ctrs, t->cv);
		for (i = 0; i < CTR_EV; i++) {
			if (!(e = t->ctrs.err[i]))
				continue;
			out_str(n++ ? ", " : "# not counted: ");
			out_str(ctr_names[CTR_TASK + i]);
			if (i + 1 < CTR_EV && t->ctrs.err[i + 1] == e)
				continue;
			out_str(" (");
			out_str(e == ENOENT || e == EOPNOTSUPP ? "no such event "
			    "here" : strerror(e));
			out_char(')');
		}
		if (n) {        /* before the commands' own output */
			out_char('\n');
			flush_out(t);
		}
	}
	t->md.pm = getenv("LC_PM");
	if (!t->md.pm)
		t->md.pm = " +- ";
	if (t->progress == P_AUTO)
		t->progress = isatty(2);
	else
		t->progress = t->progress == P_ALWAYS;
}

/* --error=estimate holds from about EST_FEW_RUNS runs a group and reads
 * low below (estimate.h): said once, for the row with the fewest, as a
 * warning (the numbers and the exit status stand) */
static void few_runs(const struct tim *t)
{
	size_t g, least = 0;
	int i, at = -1;

	for (i = 0; t->errall && i < t->md.nrow; i++) {
		if (isnan(t->md.rw[i].err))
			continue;
		g = est_group_runs((size_t)t->md.rw[i].n, (int)t->k);
		if (g < EST_FEW_RUNS && (at < 0 || g < least)) {
			least = g;
			at = i;
		}
	}
	if (at >= 0)
		warn("%s: --error=estimate reads low with %lld runs a batch "
		    "(it holds from about %d): raise -n, or use the batch "
		    "error", shown(t->md.rw[at].name), t->md.rw[at].n, EST_FEW_RUNS);
}

static int finish(struct tim *t, const struct tbase *b)
{
	struct spawn_res r;
	int i, st = 0;

	sources(t);
	tm_compare_all(&t->md);
	if (t->report & R_RATIOS)
		ratios(t);
	if (t->verdict)
		verdicts(t);
	if (t->graph) {
		char *cmd = tgraph(&t->md, t->graph);

		t->sp.out = t->sp.err = -1;     /* its output is the user's */
		t->sp.cpus = NULL;              /* and so is its placement */
		run1(t, cmd, NULL, E_GRAPH, &r);
		free(cmd);
	}
	t->md.verdict = t->verdict;
	for (i = 0; i < 4; i++)
		if (t->exp[i])
			texport_commit(&t->ex[i], &t->md);
	if (!t->quiet)
		few_runs(t);
	for (i = t->md.first; i < t->md.nrow; i++)
		if (t->md.rw[i].missed) {
			char line[1024];

			fmtf_snprintf(line, sizeof line, "%s: error/estimate "
			    "%.1f%% > --precision %g%% when the --budget ran "
			    "out", shown(t->md.rw[i].name),
			    t->md.rw[i].est > 0 ? 100 * t->md.rw[i].err / t->md.rw[i].est :
			    INFINITY, 100 * t->prec);
			warn_line(line);  /* warn() has no floats (fmt.h) */
			st = E_PRECISION;
		}
	for (i = t->md.first; t->decide && i < t->md.nrow; i++)
		if (t->md.rw[i].to >= 0 && t->md.rw[i].cmp.verdict ==
		    CMP_UNDECIDED) {
			warn("%s: vs %s: undecided when the --budget ran out",
			    shown(t->md.rw[i].name),
			    shown(t->md.rw[t->md.rw[i].to].name));
			st = E_PRECISION;
		}
	if (t->base && (i = compare(t, b)))
		st = i;
	return st;
}

int tim_main(int argc, char **argv)
{
	struct tim t = {        /* the original's current defaults */
		.w = 1, .n = 6, .k = 1, .m = 4, .o = 6, .unit = "ms",
		.delim = ':', .report = R_DIFFS, .tol = 2, .sv = {0, -1, 0, 0, 0},
		.md = {.conf = 0.95, .thr = 0.02},
	};
	struct tbase b = {0, 0, 0};
	int i;

	fp_double();
	hold_std();
	if (opt_parse(&os, argc, argv, on_opt, &t)) {
		if (t.help) {
			opt_help(&os, "tim");
			return 0;
		}
		if (t.version) {
			out_str("tim (quickbox) " QB_VERSION "\n");
			return 0;
		}
		opt_err_print();
		xexit(E_USAGE);
	}
	check(&t);              /* bad input is refused before any loading */
	if (mlog_load())        /* the estimator's log (mlog.c) */
		die(1, "cannot load libm.so.6: %s", mlog_error());
	setup(&t, &b);
	t.sp.ready_ctx = &t.rx;
	t.sp.grace_ns = 1000000000; /* TERM to KILL under --ready */
	if (t.verbose)
		verbose(&t);
	t.t0 = clock_ns();
	if (t.verdict)  /* pairs close in time: drift cancels in a pair */
		t.interleave = 1;
	if (t.interleave || t.prec > 0) {
		if (t.interleave)
			measure_interleaved(&t);
		else
			measure_rows(&t, 0);
		if (t.prec > 0)
			refine(&t);
		if (t.decide)
			decide(&t, &b);
		progress(&t, NULL, 0, 0);
		for (i = 0; i < t.md.nrow; i++)
			abs_line(&t, &t.md.rw[i]);
	} else {
		measure_rows(&t, 1);
	}
	return finish(&t, &b);
}
