/* tim.c: time shell commands; print minimum-time estimates with errors.
 *
 * spec/tim.md is the contract. Flow: options -> overhead (`sh -c ''`) then
 * each command: warm-ups, m*n timed runs (or values popped from --read)
 * -> core/estimate.c -> overhead subtraction -> core/fmtunc.c lines.
 * Exit: 0 ok, 1 usage/bad value/--read problem/too few samples, 2 prepare
 * failed, 3 command failed, 4 cleanup failed, 5 --graph command failed. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "err.h"
#include "estimate.h"
#include "fmtunc.h"
#include "num.h"
#include "opt.h"
#include "out.h"
#include "sig.h"
#include "spawn.h"

extern char **environ;

enum { E_USAGE = 1, E_PREP = 2, E_CMD = 3, E_CLEAN = 4, E_GRAPH = 5 };
enum { R_DIFFS = 1, R_RATIOS = 2 };
#define MAXN 100000000LL        /* per-option and total sample cap */

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

struct rq {                     /* one --read key: FIFO of its times */
	char *key;
	double *v;
	size_t n, cap, head;
};

struct tim {
	long long w, n, k, m, o;
	const char *save, *read, *unit, *olabel, *dline, *graph;
	char delim;
	int report, verbose, help;
	char **cmds, **prep, **clean;
	int ncmd, nprep, nclean;
	double scale;
	/* run state */
	struct spawner sp;
	unsigned long seq;
	struct rq *rq;
	size_t nrq;
	int savefd;
	char *sbuf;
	size_t slen, scap;
	const char *pm;
};

static struct tim T = {
	.w = 1, .n = 6, .k = 1, .m = 4, .o = 6, .unit = "ms", .delim = ':',
	.report = R_DIFFS, .scale = 1, .savefd = -1,
};

/* ---- options ---------------------------------------------------------- */

static int number(int id, const char *v, long long lo, long long *out)
{
	if (num_ll(v, lo, MAXN, out)) {
		opt_seterr("tim: bad number '%s' for --%s", v, defs[id].lname);
		return -1;
	}
	return 0;
}

/* -R values, cligen set syntax: "r"/"=r"/"+=r" add, "-=r" remove,
 * ",=" (empty) clears, ",=,d,r" / ",+=" add a delimited list, ",-="
 * removes one, ",@=" clears then adds one. Names are prefixes of
 * diffs/ratios, any case. */
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

static int report_opt(const char *v)
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
	if (op[0] == ',') {
		if (report_list(v, &bits))
			goto bad;
	} else if (report_word(v, strlen(v), &bits)) {
		goto bad;
	}
	if (!strcmp(op, ",@="))
		T.report = bits;
	else if (!strcmp(op, ",-=") || !strcmp(op, "-="))
		T.report &= ~bits;
	else if (!strcmp(op, ",=") && !*v)
		T.report = 0;
	else
		T.report |= bits;
	return 0;
bad:
	opt_seterr("tim: bad --Report value '%s' (diffs, ratios; ,= clears)",
	    v);
	return -1;
}

static void push(char ***list, int *n, char *s)
{
	*list = xrealloc(*list, (size_t)(*n + 1) * sizeof **list);
	(*list)[(*n)++] = s;
}

static int on_opt(void *ctx, int id, char *v)
{
	(void)ctx;
	switch (id) {
	case OPT_OPERAND: push(&T.cmds, &T.ncmd, v); return 0;
	case O_W: return number(id, v, 0, &T.w);
	case O_N: return number(id, v, 0, &T.n);
	case O_K: return number(id, v, 0, &T.k);
	case O_M: return number(id, v, 1, &T.m);
	case O_O: return number(id, v, -MAXN, &T.o);
	case O_S: T.save = v; return 0;
	case O_R: T.read = v; return 0;
	case O_P: push(&T.prep, &T.nprep, v); return 0;
	case O_C: push(&T.clean, &T.nclean, v); return 0;
	case O_U: T.unit = v; return 0;
	case O_OH: T.olabel = v; return 0;
	case O_D: T.dline = v; return 0;
	case O_RP: return report_opt(v);
	case O_G: T.graph = v; return 0;
	case O_V: T.verbose = opt_bool(v) == 1; return 0;
	case O_H: T.help = 1; return -1;
	case O_d:
		if (strlen(v) != 1) {
			opt_seterr("tim: bad --delim '%s' (one character)", v);
			return -1;
		}
		T.delim = v[0];
		return 0;
	}
	return 0;
}

static int ends(const char *s, size_t *n, const char *suf)
{
	size_t l = strlen(suf);

	if (*n < l || memcmp(s + *n - l, suf, l))
		return 0;
	*n -= l;
	return 1;
}

/* strip one of seconds/second/secs/sec/s, then look the prefix up */
static int time_unit(const char *u, double *scale)
{
	static const struct { const char *p; double s; } tab[] = {
		{"n", 1e9}, {"nano", 1e9}, {"micro", 1e6}, {"u", 1e6},
		{"\xce\xbc", 1e6}, {"\xc2\xb5", 1e6}, {"m", 1e3},
		{"milli", 1e3}, {"", 1.0}, {"min", 1.0 / 60.0},
		{"minute", 1.0 / 60.0}, {0, 0},
	};
	size_t n = strlen(u), i;

	(void)(ends(u, &n, "seconds") || ends(u, &n, "second") ||
	    ends(u, &n, "secs") || ends(u, &n, "sec") || ends(u, &n, "s"));
	for (i = 0; tab[i].p; i++)
		if (strlen(tab[i].p) == n && !memcmp(tab[i].p, u, n)) {
			*scale = tab[i].s;
			return 0;
		}
	return -1;
}

/* ---- --save and --read ------------------------------------------------ */

static void save_flush(void)
{
	if (T.savefd >= 0 && T.slen && write_all(T.savefd, T.sbuf, T.slen))
		die(E_USAGE, "%s:", T.save);
	T.slen = 0;
}

/* shortest text that reads back as the same double */
static void save_add(double secs, const char *cmd)
{
	char num[40];
	size_t need, cl = strlen(cmd);
	int p, l = 0;

	for (p = 15; p <= 17; p++) {
		l = snprintf(num, sizeof num, "%.*g", p, secs);
		if (strtod(num, NULL) == secs)
			break;
	}
	need = (size_t)l + cl + 2;
	if (T.slen + need > T.scap) {
		T.scap = (T.slen + need) * 2 + 4096;
		T.sbuf = xrealloc(T.sbuf, T.scap);
	}
	memcpy(T.sbuf + T.slen, num, (size_t)l);
	T.slen += (size_t)l;
	T.sbuf[T.slen++] = '\t';
	memcpy(T.sbuf + T.slen, cmd, cl);
	T.slen += cl;
	T.sbuf[T.slen++] = '\n';
}

static struct rq *rq_find(const char *key)
{
	size_t i;

	for (i = 0; i < T.nrq; i++)
		if (!strcmp(T.rq[i].key, key))
			return &T.rq[i];
	return NULL;
}

static void rq_add(const char *key, double v)
{
	struct rq *q = rq_find(key);

	if (!q) {
		T.rq = xrealloc(T.rq, (T.nrq + 1) * sizeof *T.rq);
		q = &T.rq[T.nrq++];
		memset(q, 0, sizeof *q);
		q->key = xstrdup(key);
	}
	if (q->n == q->cap) {
		q->cap = q->cap ? q->cap * 2 : 16;
		q->v = xrealloc(q->v, q->cap * sizeof *q->v);
	}
	q->v[q->n++] = v;
}

/* lines TIME<TAB>KEY (KEY may be empty: the overhead); blank lines skip */
static void read_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *tab;
	size_t cap = 0;
	ssize_t len;
	long no = 0;
	double v;

	if (!f)
		die(E_USAGE, "%s:", path);
	while ((len = getline(&line, &cap, f)) >= 0) {
		no++;
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = 0;
		if (!len)
			continue;
		tab = strchr(line, '\t');
		if (!tab)
			die(E_USAGE, "%s:%ld: no TAB in '%s'", path, no, line);
		*tab = 0;
		if (num_double(line, -HUGE_VAL, HUGE_VAL, &v))
			die(E_USAGE, "%s:%ld: bad time '%s'", path, no, line);
		rq_add(tab + 1, v);
	}
	if (ferror(f))
		die(E_USAGE, "%s:", path);
	free(line);
	fclose(f);
}

/* ---- running ---------------------------------------------------------- */

static _Noreturn void failed(const char *cmd, int code, int status)
{
	save_flush();
	if (WIFSIGNALED(status)) {
		const char *nm = sig_name(WTERMSIG(status));

		die(code, "\"%s\" failed (killed by signal %d%s%s)", cmd,
		    WTERMSIG(status), nm ? " SIG" : "", nm ? nm : "");
	}
	die(code, "\"%s\" failed (exit status %d)", cmd, WEXITSTATUS(status));
}

/* run one child; its time, or a death with code when it fails */
static double run1(const char *cmd, int code, struct spawn_res *r)
{
	if (spawn_sh(&T.sp, ++T.seq, cmd, r)) {
		save_flush();
		die(code, "\"%s\" failed: cannot run /bin/sh:", cmd);
	}
	if (r->status)
		failed(cmd, code, r->status);
	return r->secs;
}

struct cpu {
	double user, sys;
	size_t runs;    /* timed runs made live (not from --read) */
};

static double tv(struct timeval t)
{
	return (double)t.tv_sec + (double)t.tv_usec * 1e-6;
}

/* prepare/cleanup of command i: lists shorter than the commands repeat
 * their last element; none, or an empty one, is no hook */
static const char *hook(char **list, int n, int i)
{
	const char *h;

	if (i < 0 || !n)
		return NULL;
	h = list[i < n ? i : n - 1];
	return *h ? h : NULL;
}

/* one sample of cmd (row i, -1 = overhead: no hooks), in the unit */
static double get1(const char *cmd, int i, struct cpu *cpu)
{
	struct rq *q = T.read ? rq_find(cmd) : NULL;
	const char *pre = hook(T.prep, T.nprep, i);
	const char *post = hook(T.clean, T.nclean, i);
	struct spawn_res r;
	double dt;

	if (q) {
		if (q->head == q->n)
			die(E_USAGE, "`%s`: undersampled in `read`", cmd);
		return q->v[q->head++] * T.scale;
	}
	if (pre)
		run1(pre, E_PREP, &r);
	dt = run1(cmd, E_CMD, &r);
	if (cpu) {
		cpu->runs++;
		cpu->user += tv(r.utime);
		cpu->sys += tv(r.stime);
	}
	if (post)
		run1(post, E_CLEAN, &r);
	if (T.savefd >= 0)
		save_add(dt, cmd);
	return dt * T.scale;
}

struct row {
	const char *name;
	double est, err;
	double *xs;             /* the timed samples, for --graph */
	size_t nx;
};

/* warm-ups, then m*n timed samples, then the estimate */
static void measure(struct row *rw, const char *cmd, int i, long long n)
{
	size_t nx = (size_t)(n * T.m), j;
	double *xs = xmalloc(nx * sizeof *xs);
	double *tmp = xmalloc(EST_TMP(n, T.m, T.k) * sizeof *tmp);
	struct cpu cpu = {0, 0, 0};
	struct est_min e;
	long long w;

	for (w = 0; w < T.w; w++)
		get1(cmd, i, NULL);
	for (j = 0; j < nx; j++)
		xs[j] = get1(cmd, i, &cpu);
	save_flush();
	est_emin(xs, (size_t)n, (size_t)T.m, (int)T.k, tmp, &e);
	free(tmp);
	rw->est = e.est;
	rw->err = e.err;
	rw->xs = xs;
	rw->nx = nx;
	if (T.verbose && cpu.runs)
		warn("cpu     %s\tuser %.6f s\tsys %.6f s\t(mean of %zu runs)",
		    rw->name, cpu.user / (double)cpu.runs,
		    cpu.sys / (double)cpu.runs, cpu.runs);
}

/* ---- report ----------------------------------------------------------- */

static void out_unc(double val, double err)
{
	char b[256];
	size_t n = fmt_uncertain(b, sizeof b, val, err, T.pm);

	if (n < sizeof b) {
		out_write(b, n);
	} else {                /* a long $LC_PM */
		char *big = xmalloc(n + 1);

		fmt_uncertain(big, n + 1, val, err, T.pm);
		out_write(big, n);
		free(big);
	}
}

static void abs_line(const struct row *rw)
{
	out_unc(rw->est, rw->err);
	out_char(' ');
	out_str(T.unit);
	out_char('\t');
	out_str(rw->name);
	out_char('\n');
	out_flush();    /* rows appear as measured, like the original */
}

static void ratio_line(double v, double u, const char *mark, const char *nm)
{
	out_unc(v, u);
	out_char('\t');
	out_str(mark);
	out_str(nm);
	out_char('\n');
}

static void ratios(const struct row *rw, int nrow, int first)
{
	int i, imin = first;
	double f;

	for (i = first; i < nrow; i++)  /* first strictly smallest */
		if (rw[i].est < rw[imin].est)
			imin = i;
	if (T.dline && *T.dline) {
		out_str(T.dline);
		out_char('\n');
	}
	f = rw[imin].err / rw[imin].est;
	for (i = 0; i < nrow; i++) {
		double r, q;

		if (i < first) {
			ratio_line(0.0, rw[0].err / rw[0].est, "", rw[0].name);
			continue;
		}
		if (i == imin) {
			ratio_line(1.0, f, "*", rw[i].name);
			continue;
		}
		r = rw[i].est / rw[imin].est;
		q = rw[i].err / rw[i].est;
		ratio_line(r, sqrt(f * f + q * q) * r, "", rw[i].name);
	}
	out_flush();
}

/* ---- --graph ---------------------------------------------------------- */

static void graph_file(const struct row *rw, char **path)
{
	char *p = xstrdup(rw->name), *c;
	FILE *f;
	size_t j;

	for (c = p; *c; c++)    /* a label is one file name, never a path */
		if (*c == '/')
			*c = '_';
	f = fopen(p, "w");
	if (!f)
		die(E_USAGE, "%s:", p);
	fprintf(f, "# %.17g +- %.17g\n", rw->est, rw->err);
	for (j = 0; j < rw->nx; j++)
		fprintf(f, "%.17g\n", rw->xs[j]);
	if (fclose(f))
		die(E_USAGE, "%s:", p);
	*path = p;
}

/* CMD with $1 $2 .. replaced by the quoted file names, $$ by $ */
static char *graph_cmd(char **paths, int n)
{
	size_t cap = 1, len = 0, l = strlen(T.graph);
	const char *g;
	char *s;
	int i;

	for (i = 0; i < n; i++)         /* any $N may take the longest name */
		if (cap < 4 * strlen(paths[i]) + 3)
			cap = 4 * strlen(paths[i]) + 3;
	s = xmalloc(l * cap + 1);
	for (g = T.graph; *g; g++) {
		char *end;
		long k;

		if (g[0] == '$' && g[1] == '$') {
			s[len++] = '$';
			g++;
			continue;
		}
		k = g[0] == '$' ? strtol(g + 1, &end, 10) : 0;
		if (k < 1 || k > n || !(g[1] >= '0' && g[1] <= '9')) {
			s[len++] = *g;
			continue;
		}
		s[len++] = '\'';
		for (const char *p = paths[k - 1]; *p; p++)
			if (*p == '\'')
				memcpy(s + len, "'\\''", 4), len += 4;
			else
				s[len++] = *p;
		s[len++] = '\'';
		g = end - 1;
	}
	s[len] = 0;
	return s;
}

static void graph(struct row *rw, int nrow)
{
	char **paths = xmalloc((size_t)nrow * sizeof *paths), *cmd;
	struct spawn_res r;
	int i;

	for (i = 0; i < nrow; i++)
		graph_file(&rw[i], &paths[i]);
	cmd = graph_cmd(paths, nrow);
	run1(cmd, E_GRAPH, &r);
	free(cmd);
	for (i = 0; i < nrow; i++)
		free(paths[i]);
	free(paths);
}

/* ---- main ------------------------------------------------------------- */

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
	warn("warmup  %lld", T.w);
	warn("k       %lld", T.k);
	warn("n       %lld", T.n);
	warn("m       %lld", T.m);
	warn("oHead   %lld", T.o);
	warn("save    %s", T.save ? T.save : "");
	warn("read    %s", T.read ? T.read : "");
	quote_list("cmds    ", T.cmds, T.ncmd, 0);
	quote_list("prepare ", T.prep, T.nprep, T.ncmd);
	quote_list("cleanup ", T.clean, T.nclean, T.ncmd);
	warn("Report  {%s%s%s}", T.report & R_DIFFS ? "diffs" : "",
	    T.report == (R_DIFFS | R_RATIOS) ? ", " : "",
	    T.report & R_RATIOS ? "ratios" : "");
}

/* the checks that must pass before anything runs or prints */
static void setup(void)
{
	long long nmax;

	if (!T.ncmd)
		die(E_USAGE, "need commands; try 'tim --help'");
	if (time_unit(T.unit, &T.scale))
		die(E_USAGE, "Bad time unit '%s'", T.unit);
	if (T.n < 2 * T.k + 1)          /* adapt n, never reject it */
		T.n = 2 * T.k + 1;
	nmax = T.o > T.n ? T.o : T.n;
	if (T.m * nmax > MAXN)
		die(E_USAGE, "m*n = %lld samples is too many (max %lld)",
		    T.m * nmax, MAXN);
	if (est_check((size_t)T.n, (size_t)T.m, (int)T.k))
		die(E_USAGE, "m*n = %lld samples < 4k = %lld: raise -m or -n "
		    "(or lower -k)", T.m * T.n, 4 * T.k);
	if (T.save) {
		T.savefd = open(T.save, O_WRONLY | O_APPEND | O_CREAT |
		    O_CLOEXEC, 0666);
		if (T.savefd < 0)
			die(E_USAGE, "%s:", T.save);
	}
	if (T.read)
		read_file(T.read);
	if (spawn_init(&T.sp, environ))
		die(E_USAGE, "out of memory");
	T.pm = getenv("LC_PM");
	if (!T.pm)
		T.pm = " +- ";
}

/* label<delim>command; no label when nothing follows the delimiter */
static const char *split(char *arg, const char **name)
{
	char *d = strchr(arg, T.delim);

	*name = arg;
	if (!d || !d[1])
		return arg;
	*name = xstrdup(arg);
	((char *)*name)[d - arg] = 0;
	return d + 1;
}

int tim_main(int argc, char **argv)
{
	struct row *rw;
	int nrow, first, i;

	if (opt_parse(&os, argc, argv, on_opt, NULL)) {
		if (T.help) {
			opt_help(&os, "tim");
			return 0;
		}
		die(E_USAGE, "%s", strncmp(opt_err, "tim: ", 5) ? opt_err :
		    opt_err + 5);
	}
	setup();
	if (T.verbose)
		verbose();
	first = T.o > 0;
	nrow = T.ncmd + first;
	rw = xmalloc((size_t)nrow * sizeof *rw);
	if (first) {
		rw[0].name = T.olabel && *T.olabel ? T.olabel : T.report ?
		    "(AlreadySubtracted)Overhead" : "RawOverhead";
		measure(&rw[0], "", -1, T.o > T.n ? T.o : T.n);
		if (T.report != R_RATIOS)
			abs_line(&rw[0]);
	}
	for (i = 0; i < T.ncmd; i++) {
		struct row *r = &rw[first + i];
		const char *cmd = split(T.cmds[i], &r->name);

		measure(r, cmd, i, T.n);
		if (first && T.report) {
			r->est -= rw[0].est;
			r->err = sqrt(r->err * r->err + rw[0].err * rw[0].err);
		}
		if (T.report != R_RATIOS)
			abs_line(r);
	}
	if (T.report & R_RATIOS)
		ratios(rw, nrow, first);
	if (T.graph)
		graph(rw, nrow);
	return 0;
}
