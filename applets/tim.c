/* tim.c: time commands; print minimum-time estimates with errors.
 *
 * The front end: the options fill one `struct tim`; the checks refuse
 * every bad value before anything runs and make of them the plan
 * (tim_plan.h, which names the steps after this one) and the model's rows
 * (tim_model.h: labels, hooks, parameter values, -N words). tim_main
 * then runs the steps in turn: measuring (tim_run.c) fills the model, and
 * the outputs (tim_report.c) read it.
 * Exit: 0 ok, 1 usage/bad value/file problem/too few samples, 2 prepare
 * failed, 3 command failed, 4 cleanup failed, 5 --graph command failed,
 * 6 --precision not reached or --decide undecided, 7 slower than
 * --baseline, 8 a command with no --baseline entry, 9 a --baseline
 * comparison undecided (--verdict), 10 one that differs upwards, 11 no
 * --ready line within --ready-timeout. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "applets.h"
#include "lib/cpus.h"
#include "lib/err.h"
#include "libc/fmt.h"
#include "lib/mlog.h"
#include "lib/num.h"
#include "lib/opt.h"
#include "lib/out.h"
#include "lib/pat.h"
#include "lib/vec.h"
#include "timing/estimate.h"
#include "timing/fmtunc.h"
#include "timing/words.h"
#include "tim_export.h"
#include "tim_report.h"
#include "tim_run.h"

#define MAXROWS 100000                  /* rows a parameter scan may make */
#define VERDICT_M 20                    /* --verdict's -m (docs/tim.md) */

/* option ids; each row of defs is named by its id */
enum { O_W, O_N, O_K, O_M, O_O, O_S, O_R, O_P, O_C, O_U, O_d, O_OH, O_D,
	O_RP, O_G, O_V, O_H, O_VER, O_NOSH, O_PREC, O_BUD, O_IL, O_JSON,
	O_CSV, O_MD, O_PSCAN, O_STEP, O_PLIST, O_BASE, O_TOL, O_PROG, O_ERR,
	O_OUT, O_SERR, O_AFF, O_QW, O_VERD, O_THR, O_CONF, O_DEC, O_IMP,
	O_READY, O_RTO, O_CTR, O_PLOT, O_NOPTS };

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
	[O_PREC] = {OPT_TEXT("precision", "P", "add runs until error/estimate <= P"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_BUD] = {OPT_TEXT("budget", "TIME", "for --precision, --decide (10s)"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_IL] = {OPT_TEXT("interleave", "", "batch j of all before batch j+1"), 0, OPT_FLAG | OPT_EXACT, 0},
	[O_JSON] = {OPT_TEXT("json", "FILE", "export results and samples"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_CSV] = {OPT_TEXT("csv", "FILE", "export one row per sample"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_MD] = {OPT_TEXT("markdown", "FILE", "export a results table"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_PSCAN] = {OPT_TEXT("parameter-scan", "NAME", "LO HI: rows for {NAME} = LO..HI"), 'P', OPT_VALUE | OPT_MORE(2) | OPT_EXACT, 0},
	[O_STEP] = {OPT_TEXT("step", "S", "step of -P (1)"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_PLIST] = {OPT_TEXT("parameter-list", "NAME", "A,B..: rows for {NAME} = A, B..."), 'L', OPT_VALUE | OPT_MORE(1) | OPT_EXACT, 0},
	[O_BASE] = {OPT_TEXT("baseline", "FILE", "compare with --save/--json FILE"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_TOL] = {OPT_TEXT("tolerance", "N", "slower by > N combined errors fails (2)"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_PROG] = {OPT_TEXT("progress", "WHEN", "auto, always or never: status line"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_ERR] = {OPT_TEXT("error", "WHAT", "batch or estimate (batch)"), 'e', OPT_VALUE | OPT_EXACT, 0},
	[O_OUT] = {OPT_TEXT("output", "WHERE", "inherit or null: stdout (inherit)"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_SERR] = {OPT_TEXT("stderr", "WHERE", "inherit or null: stderr (inherit)"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_AFF] = {OPT_TEXT("affinity", "CPUS", "run the commands on CPUS only"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_QW] = {OPT_TEXT("quiet-warnings", "", "no advisory warnings (errors stay)"), 0, OPT_FLAG | OPT_EXACT, 0},
	[O_VERD] = {OPT_TEXT("verdict", "", "interleave, -m20, print verdicts"), 0, OPT_FLAG | OPT_EXACT, 0},
	[O_THR] = {OPT_TEXT("threshold", "T", "within 1 +- T: no difference (2%)"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_CONF] = {OPT_TEXT("confidence", "C", "of the ratio's interval (95%)"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_DEC] = {OPT_TEXT("decide", "", "--verdict, and batches until decided"), 0, OPT_FLAG | OPT_EXACT, 0},
	[O_IMP] = {OPT_TEXT("import", "FILE", "add a --json export's runs"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_READY] = {OPT_TEXT("ready", "REGEX", "a run ends at a line matching REGEX"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_RTO] = {OPT_TEXT("ready-timeout", "TIME", "wait for --ready's line (60s)"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_CTR] = {OPT_TEXT("counters", "", "count faults, switches, perf events"), 0, OPT_FLAG | OPT_EXACT, 0},
	[O_PLOT] = {OPT_TEXT("plot", "FILE", "an SVG of every run's time"), 0, OPT_VALUE | OPT_EXACT, 0},
	[O_NOPTS] = {0, 0, 0, 0},
};
_Static_assert(sizeof defs / sizeof *defs == O_NOPTS + 1,
    "one row per option id, then the end row");

static const struct optset os = {
	"[options] [label:]command ...", defs, OPT_CLIGEN,
	"Prints per command: ESTIMATE +- ERROR UNIT<TAB>label. Exit status: 0\n"
	"ok, 1 usage/data, 2-4 a prepare/command/cleanup failed, 5 --graph\n"
	"failed, 6 --precision/--decide unmet, 7-10 the --baseline gate, 11\n"
	"no --ready line (tim(1)).\n"
};

struct param {                  /* one -P or -L dimension */
	const char *name;
	char **vals;
	size_t n, cap;
	const char *lo, *hi;    /* -P; vals made by the checks */
	int scan;
};

struct tim {
	/* the options that make the rows and the model's settings */
	long long n, k, o;              /* -n -k -o */
	const char *unit, *olabel, *step;       /* -u -O --step */
	char delim;                     /* -d */
	int help, version, noshell, oset, mset; /* -N; -o, -m given */
	int errall;                     /* --error=estimate */
	struct pat rx;                  /* --ready's pattern */
	char **cmds, **prep, **clean;
	size_t ncmd, nprep, nclean, ccap, pcap, lcap, icap;
	struct param *par;
	size_t npar, parcap;
	int pargot;                     /* -P/-L arguments still to come */
	/* what the checks make of them */
	struct tplan p;                 /* how to measure, what to output */
	struct tmodel md;               /* the rows, not yet measured */
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

/* "tim: bad --NAME 'V' (HINT)", the form of most value errors: -1 */
static int bad(int id, const char *v, const char *hint)
{
	opt_seterr("tim: bad --%s '%s' (%s)", defs[id].lname, v, hint);
	return -1;
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
	int i, bits;

	for (i = 0; ops[i]; i++)
		if (!strncmp(v, ops[i], strlen(ops[i]))) {
			op = ops[i];
			v += strlen(op);
			break;
		}
	if (op[0] == ',' ? report_list(v, &bits) : report_word(v, strlen(v),
	    &bits))
		return bad(O_RP, v, "diffs, ratios; ,= clears");
	if (!strcmp(op, ",@="))
		t->p.report = bits;
	else if (!strcmp(op, ",-=") || !strcmp(op, "-="))
		t->p.report &= ~bits;
	else if (!strcmp(op, ",=") && !*v)
		t->p.report = 0;
	else
		t->p.report |= bits;
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
	case O_W: return number(id, v, 0, &t->p.w);
	case O_N: return number(id, v, 0, &t->n);
	case O_K: return number(id, v, 0, &t->k);
	case O_M: t->mset = 1; return number(id, v, 1, &t->p.m);
	case O_O: t->oset = 1; return number(id, v, -MAXN, &t->o);
	case O_S: t->p.save = v; return 0;
	case O_R: t->p.read = v; return 0;
	case O_P: VEC_PUSH(t->prep, t->nprep, t->pcap, v); return 0;
	case O_C: VEC_PUSH(t->clean, t->nclean, t->lcap, v); return 0;
	case O_U: t->unit = v; return 0;
	case O_d:
		if (strlen(v) != 1)
			return bad(id, v, "one character");
		t->delim = v[0];
		return 0;
	case O_OH: t->olabel = v; return 0;
	case O_D: t->p.dline = v; return 0;
	case O_RP: return report_opt(t, v);
	case O_G: t->p.graph = v; return 0;
	case O_V: t->p.verbose = opt_bool(v) == 1; return 0;
	case O_H: t->help = 1; return -1;
	case O_VER: t->version = 1; return -1;
	case O_NOSH: t->noshell = opt_bool(v) == 1; return 0;
	case O_IL: t->p.interleave = opt_bool(v) == 1; return 0;
	case O_VERD: t->p.verdict = opt_bool(v) == 1; return 0;
	case O_DEC: t->p.decide = t->p.verdict = opt_bool(v) == 1; return 0;
	case O_IMP: VEC_PUSH(t->p.imp, t->p.nimp, t->icap, v); return 0;
	case O_THR: case O_CONF: case O_PREC:
		return fraction(v, id == O_THR ? &t->md.thr : id == O_CONF ?
		    &t->md.conf : &t->p.prec) || (id == O_CONF &&
		    !(t->md.conf < 1)) ? bad(id, v, "a fraction like 0.05 or "
		    "5%") : 0;
	case O_BUD: case O_RTO:
		return duration(v, id == O_BUD ? &t->p.budget : &t->p.ready_to) ?
		    bad(id, v, "a time like 5s or 500ms") : 0;
	case O_TOL:
		return num_double(v, 0, 1e9, &t->p.tol) || !(t->p.tol > 0) ?
		    bad(id, v, "a number > 0") : 0;
	case O_PROG:
		t->p.progress = !strcmp(v, "auto") ? P_AUTO : !strcmp(v, "always")
		    ? P_ALWAYS : !strcmp(v, "never") ? P_NEVER : -1;
		return t->p.progress < 0 ? bad(id, v, "auto, always, never") : 0;
	case O_ERR:
		t->errall = !strcmp(v, "estimate") ? 1 : !strcmp(v, "batch") ?
		    0 : -1;
		return t->errall < 0 ? bad(id, v, "batch, estimate") : 0;
	case O_OUT: case O_SERR:
		t->p.null[id - O_OUT] = !strcmp(v, "null") ? 1 :
		    !strcmp(v, "inherit") ? 0 : -1;
		return t->p.null[id - O_OUT] < 0 ? bad(id, v, "inherit, null") :
		    0;
	case O_JSON: case O_CSV: case O_MD: t->p.exp[id - O_JSON] = v; return 0;
	case O_PLOT:    /* an SVG under another name misleads */
		i = (int)strlen(v);
		if ((i < 4 || strcasecmp(v + i - 4, ".svg")) && strncmp(v,
		    "/dev/", 5))
			return bad(id, v, "it writes SVG: name it *.svg");
		t->p.exp[X_SVG] = v;
		return 0;
	case O_BASE: t->p.base = v; return 0;
	case O_STEP: t->step = v; return 0;
	case O_QW: t->p.quiet = opt_bool(v) == 1; return 0;
	case O_CTR: t->p.counters = opt_bool(v) == 1; return 0;
	case O_AFF:
		free(t->p.cpus);
		t->p.aff = v;
		if (cpus_parse(v, &t->p.cpus, &t->p.cpus_bytes))
			return bad(id, v, "a CPU list like 0,2-3");
		if (!t->p.cpus)
			die(E_USAGE, "out of memory");
		return 0;
	case O_READY:
		if (t->p.ready)
			pat_free(&t->rx);
		t->p.ready = v;
		if ((i = pat_compile(&t->rx, v, 0))) {
			char m[256];

			pat_error(i, &t->rx, m, sizeof m);
			opt_seterr("tim: bad --ready '%s': %s", v, m);
			t->p.ready = NULL;
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
	warn("warmup  %lld", t->p.w);
	warn("k       %lld", t->k);
	warn("n       %lld", t->n);
	warn("m       %lld", t->p.m);
	warn("oHead   %lld", t->o);
	warn("save    %s", t->p.save ? t->p.save : "");
	warn("read    %s", t->p.read ? t->p.read : "");
	quote_list("cmds    ", t->cmds, t->ncmd, 0);
	quote_list("prepare ", t->prep, t->nprep, t->ncmd);
	quote_list("cleanup ", t->clean, t->nclean, t->ncmd);
	warn("Report  {%s%s%s}", t->p.report & R_DIFFS ? "diffs" : "",
	    t->p.report == (R_DIFFS | R_RATIOS) ? ", " : "",
	    t->p.report & R_RATIOS ? "ratios" : "");
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
		o->name = t->olabel && *t->olabel ? t->olabel : t->p.report ?
		    "(AlreadySubtracted)Overhead" : "RawOverhead";
		if (t->noshell) {       /* the least a program costs to run */
			o->cmd = t->p.ready ? "echo" : "true";
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

	if (!t->ncmd && t->p.read) {      /* the likelier mistake: the file */
		size_t n;
		char *d = tfile_slurp(t->p.read, &n);

		if (!d)
			die(E_USAGE, "%s:", t->p.read);
		free(d);
	}
	if (!t->ncmd)
		die(E_USAGE, "need commands; try 'tim --help'");
	if ((t->md.scale = tm_unit_scale(t->unit)) < 0)
		die(E_USAGE, "bad time unit '%s' for --timeUnit (ns us ms s min "
		    "...)", t->unit);
	if (t->step && !t->npar)
		die(E_USAGE, "--step '%s' without -P", t->step);
	if (t->p.verdict && !t->mset)   /* pairs: 4 make too wide a t */
		t->p.m = VERDICT_M;
	if (t->noshell && !t->oset)     /* no shell: nothing to subtract */
		t->o = 0;
	if (t->n < 2 * t->k + 1)        /* adapt n, never reject it */
		t->n = 2 * t->k + 1;
	nmax = t->o > t->n ? t->o : t->n;
	if (t->p.m * nmax > MAXN)
		die(E_USAGE, "m*n = %lld samples is too many (max %lld)",
		    t->p.m * nmax, MAXN);
	if (est_check((size_t)t->n, (size_t)t->p.m, (int)t->k))
		die(E_USAGE, "m*n = %lld samples < 4k = %lld: raise -m or -n "
		    "(or lower -k)", t->p.m * t->n, 4 * t->k);
	if (t->p.budget > 0 && !(t->p.prec > 0) && !t->p.decide)
		die(E_USAGE, "--budget needs --precision or --decide");
	if ((t->p.prec > 0 || t->p.decide) && !(t->p.budget > 0))
		t->p.budget = 10;
	t->md.unit = t->unit;
	t->md.m = t->p.m;
	t->md.k = (int)t->k;
	t->md.errall = t->errall;
	t->md.subtract = t->p.report != 0;
	t->md.version = "tim (quickbox) " QB_VERSION;
	t->md.verdict = t->p.verdict;   /* --plot's title names them */
	t->md.pm = getenv("LC_PM");
	if (!t->md.pm)
		t->md.pm = " +- ";
	t->p.interleave |= t->p.verdict;        /* pairs close in time: drift
	                                         * cancels in a pair */
	t->p.rx = &t->rx;
	make_rows(t);
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

/* The steps in turn: the options and their checks (here) make the plan
 * and the rows; every file is opened or read whole before anything runs;
 * measuring fills the model, handing each row on to the report as soon as
 * it is final (the hook); the outputs read the model and give the exit
 * status. */
int tim_main(int argc, char **argv)
{
	struct tim t = {        /* the original's current defaults */
		.n = 6, .k = 1, .o = 6, .unit = "ms", .delim = ':',
		.p = {.w = 1, .m = 4, .report = R_DIFFS, .tol = 2,
			.ready_to = 60},
		.md = {.conf = 0.95, .thr = 0.02},
	};
	struct tbase b = {0, 0, 0};
	struct texport ex[4];
	struct tout o;
	struct trun r = {&t.p, &t.md, &b, report_row, &o,
		.sv = {0, -1, 0, 0, 0}};
	int i;

	o = (struct tout){&t.p, &t.md, &b, ex, &r.ch};
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
	run_open(&r);
	for (i = 0; i < 4; i++)
		if (t.p.exp[i])
			texport_open(&ex[i], t.p.exp[i], X_JSON + i);
	run_setup(&r);
	if (t.p.verbose)
		verbose(&t);
	run_measure(&r);
	return report_end(&o);
}
