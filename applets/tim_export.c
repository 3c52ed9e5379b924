/* tim_export.c: the files tim writes from the model once it is
 * measured: --json, --csv, --markdown and --plot's SVG (tim_plot.c),
 * each made whole beside its path and renamed (or written in place),
 * and --graph's files, one a row. All go through tim_tw.c's stream;
 * none changes the model. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/quote.h"
#include "timing/fmtunc.h"
#include "timing/summary.h"
#include "tim_export.h"
#include "tim_plot.h"
#include "tim_save.h"
#include "tim_tw.h"

/* ---- --graph ----------------------------------------------------------- */

/* the row's samples in the unit, one per line after "# EST +- ERR", in a
 * file named after its label; returns that name */
static char *graph_file(const struct row *rw, double scale)
{
	char *p = xstrdup(rw->name), *c;
	struct tw w;
	size_t j;
	int fd;

	for (c = p; *c; c++)    /* a label is one file name, never a path */
		if (*c == '/')
			*c = '_';
	fd = open(p, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0)
		die(E_USAGE, "%s:", p);
	tw_open(&w, fd);
	twf(&w, "# %.17g +- %.17g\n", rw->est, rw->err);
	for (j = 0; j < rw->nrun; j++)
		twf(&w, "%.17g\n", rw->runs[j].secs * scale);
	if ((errno = tw_close(&w)))
		die(E_USAGE, "%s:", p);
	return p;
}

/* $N: 1..n with N's digits after g[0] == '$', else 0 */
static long dollar_n(const char *g, int n, const char **end)
{
	long k = 0;

	*end = g + 1;
	if (g[0] != '$' || g[1] < '0' || g[1] > '9')
		return 0;
	for (g++; *g >= '0' && *g <= '9' && k <= n; g++)
		k = k * 10 + (*g - '0');
	*end = g;
	return k >= 1 && k <= n ? k : 0;
}

/* CMD with $1 $2 .. replaced by the quoted file names and $$ by $; other
 * text, and $N beyond the rows, is kept as it is */
char *tgraph(const struct tmodel *md, const char *g)
{
	char **paths = xmalloc((size_t)md->nrow * sizeof *paths), *s;
	size_t cap = 1, len = 0;
	const char *end;
	long k;
	int i;

	for (i = 0; i < md->nrow; i++) {
		paths[i] = graph_file(&md->rw[i], md->scale);
		if (cap < 4 * strlen(paths[i]) + 3)  /* any $N: the longest */
			cap = 4 * strlen(paths[i]) + 3;
	}
	s = xmalloc(strlen(g) * cap + 1);
	while (*g) {
		if (g[0] == '$' && g[1] == '$') {
			s[len++] = '$';
			g += 2;
		} else if ((k = dollar_n(g, md->nrow, &end))) {
			len += quote_word(s + len, paths[k - 1],
			    strlen(paths[k - 1]), NULL);
			g = end;
		} else {
			s[len++] = *g++;
		}
	}
	s[len] = 0;
	for (i = 0; i < md->nrow; i++)
		free(paths[i]);
	free(paths);
	return s;
}

/* ---- exports: made beside their path and renamed, or written in place  */

/* the temporary name beside x->target, created (mode 0666 - umask, as
 * open would) and open: its fd */
static int make_tmp(struct texport *x)
{
	size_t l = strlen(x->target);
	int fd;

	x->tmp = xrealloc(x->tmp, l + 12);
	memcpy(x->tmp, x->target, l);
	memcpy(x->tmp + l, ".tmpXXXXXX", 11);
	fd = mkstemp(x->tmp);
	if (fd >= 0) {
		mode_t um = umask(0);

		umask(um);
		fchmod(fd, 0666 & ~um);
	}
	return fd;
}

/* the file a chain of symlinks ends at (a relative link is resolved
 * from the link's directory); path itself when it is no symlink */
static char *link_target(const char *path)
{
	char *cur = xstrdup(path), buf[4096], *nx, *sl;
	struct stat st;
	ssize_t n;
	int i;

	for (i = 0; i < 40 && !lstat(cur, &st) && S_ISLNK(st.st_mode); i++) {
		n = readlink(cur, buf, sizeof buf - 1);
		if (n < 0)
			break;
		buf[n] = 0;
		sl = strrchr(cur, '/');
		if (buf[0] == '/' || !sl) {
			nx = xstrdup(buf);
		} else {
			size_t d = (size_t)(sl - cur) + 1;

			nx = xmalloc(d + (size_t)n + 1);
			memcpy(nx, cur, d);
			memcpy(nx + d, buf, (size_t)n + 1);
		}
		free(cur);
		cur = nx;
	}
	return cur;
}

/* Where the export goes. A regular file (or a new name) is made whole
 * beside the file a symlink names and renamed onto it, so the link keeps
 * pointing at it. Anything else (/dev/stdout, a FIFO, /dev/full, a
 * dangling symlink) is written in place: renaming onto it would replace
 * a device node or /dev/stdout with a file. A directory is refused. Then
 * a probe: the file can be made. It is removed at once, so a run that
 * fails later leaves nothing. */
void texport_open(struct texport *x, const char *path, int kind)
{
	struct stat st;
	int fd;

	x->path = x->target = path;
	x->kind = kind;
	x->tmp = NULL;
	x->direct = 0;
	if (!stat(path, &st)) {
		if (S_ISDIR(st.st_mode)) {
			errno = EISDIR;
			die(E_USAGE, "%s:", path);
		}
		x->direct = !S_ISREG(st.st_mode);
		if (!x->direct)
			x->target = link_target(path);
	} else if (!lstat(path, &st)) {
		x->direct = 1;
	}
	if (x->direct) {
		if (access(path, W_OK) && errno != ENOENT)
			die(E_USAGE, "%s:", path);
		return;
	}
	fd = make_tmp(x);
	if (fd < 0)
		die(E_USAGE, "%s:", path);
	close(fd);
	unlink(x->tmp);
}

static void num_or_null(struct tw *w, double v)
{
	char b[48];

	if (!isfinite(v)) {
		tw_str(w, "null");
		return;
	}
	tf_num(b, sizeof b, v);
	tw_str(w, b);
}

/* JSON string: control bytes as \u00XX, other bytes as they are */
static void jstring(struct tw *w, const char *s)
{
	if (!s) {
		tw_str(w, "null");
		return;
	}
	tw_char(w, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			twf(w, "\\%c", c);
		else if (c == '\n')
			tw_str(w, "\\n");
		else if (c == '\t')
			tw_str(w, "\\t");
		else if (c < 0x20 || c == 0x7f)
			twf(w, "\\u%04x", c);
		else
			tw_char(w, (char)c);
	}
	tw_char(w, '"');
}

enum { F_SECS, F_USER, F_SYS, F_RSS, F_EXIT, F_WAIT };

/* one per-run array: secs, user, sys, rss bytes, the exit code 0 or the
 * wait for a CPU */
static void jarray(struct tw *w, const char *name, const struct row *r,
    int what)
{
	size_t i;

	twf(w, ",\n      \"%s\": [", name);
	for (i = 0; i < r->nrun; i++) {
		const struct run *u = &r->runs[i];

		if (i)
			tw_str(w, ", ");
		if (what == F_SECS)
			num_or_null(w, u->secs);
		else if (what == F_USER)
			num_or_null(w, u->user);
		else if (what == F_SYS)
			num_or_null(w, u->sys);
		else if (what == F_WAIT)
			num_or_null(w, u->wait);
		else if (what == F_RSS && u->rss_kb >= 0)
			twf(w, "%ld", u->rss_kb * 1024L);
		else if (what == F_RSS)
			tw_str(w, "null");
		else
			tw_str(w, "0");
	}
	tw_char(w, ']');
}

static void jfield(struct tw *w, const char *name, double v)
{
	twf(w, ",\n      \"%s\": ", name);
	num_or_null(w, v);
}

/* hyperfine's summary of the raw times, from core/timing/summary.c:
 * the seconds' mean, st.dev., median, min, max; the CPU times' means */
static void jsummary(struct tw *w, const struct row *r)
{
	size_t n = r->nrun, i;
	double *x = xmalloc((3 * n + 1) * sizeof *x), *u = x + n, *y = u + n;
	double *tmp = xmalloc((n + 1) * sizeof *tmp);
	struct summary st;

	for (i = 0; i < n; i++) {
		x[i] = r->runs[i].secs;
		u[i] = r->runs[i].user;
		y[i] = r->runs[i].sys;
	}
	sum_runs(x, n, tmp, &st);
	jfield(w, "mean", st.mean);
	jfield(w, "stddev", st.sd);
	jfield(w, "median", st.median);
	jfield(w, "user", sum_mean(u, n));
	jfield(w, "system", sum_mean(y, n));
	jfield(w, "min", st.min);
	jfield(w, "max", st.max);
	free(x);
	free(tmp);
}

/* --counters: per counter its estimate and error as the report has
 * them (task-clock's in seconds) and every run's count (task-clock's in
 * ns; null: not counted) */
static void json_ctrs(struct tw *w, const struct tmodel *md,
    const struct row *r)
{
	double m, e, s;
	size_t j;
	int c, n = 0;

	for (c = 0; r->nctr && c < CTR_N; c++) {
		if (tm_counter(md, r, c, &m, &e))
			continue;
		s = c == CTR_TASK ? md->scale : 1;
		twf(w, "%s\n        \"%s\": {\"estimate\": ", n++ ? "," :
		    ",\n      \"counters\": {", ctr_names[c]);
		num_or_null(w, m / s);
		tw_str(w, ", \"error\": ");
		num_or_null(w, e / s);
		tw_str(w, ", \"runs\": [");
		for (j = 0; j < r->nrun; j++) {
			long long x = j * CTR_N < r->nctr ? r->ctr[j * CTR_N +
			    (size_t)c] : -1;

			tw_str(w, j ? ", " : "");
			if (x < 0)
				tw_str(w, "null");
			else
				twf(w, "%lld", x);
		}
		tw_str(w, "]}");
	}
	if (n)
		tw_char(w, '}');
}

static void json_row(struct tw *w, const struct tmodel *md, int i)
{
	const struct row *r = &md->rw[i];
	int p;

	tw_str(w, "    {\n      \"command\": ");
	jstring(w, r->cmd);
	tw_str(w, ",\n      \"label\": ");
	jstring(w, r->name);
	twf(w, ",\n      \"overhead\": %s", i < md->first ? "true" : "false");
	jfield(w, "estimate", r->est / md->scale);
	jfield(w, "error", r->err / md->scale);
	twf(w, ",\n      \"error_kind\": \"%s\"", md->errall ? "estimate" :
	    "batch");
	jfield(w, "batch_error", (md->errall ? r->eother : r->err) / md->scale);
	jfield(w, "estimate_error", (md->errall ? r->err : r->eother) /
	    md->scale);
	tw_str(w, ",\n      \"unit\": \"s\"");
	jsummary(w, r);
	twf(w, ",\n      \"warmup\": %lld,\n      \"batches\": %lld,\n"
	    "      \"runs_per_batch\": %lld,\n      \"exit_status\": 0",
	    r->warm, (long long)tm_nb(r), r->n);
	jarray(w, "times", r, F_SECS);
	jarray(w, "exit_codes", r, F_EXIT);
	jarray(w, "user_times", r, F_USER);
	jarray(w, "system_times", r, F_SYS);
	jarray(w, "memory_usage_byte", r, F_RSS);
	jarray(w, "cpu_waits", r, F_WAIT);
	json_ctrs(w, md, r);
	if (r->to >= 0) {       /* its comparison (tm_compare_all) */
		tw_str(w, ",\n      \"comparison\": {\"to\": ");
		jstring(w, md->rw[r->to].name);
		tw_str(w, ", \"ratio\": ");
		num_or_null(w, r->cmp.ratio);
		tw_str(w, ", \"low\": ");
		num_or_null(w, r->cmp.low);
		tw_str(w, ", \"high\": ");
		num_or_null(w, r->cmp.high);
		tw_str(w, ", \"confidence\": ");
		num_or_null(w, r->cmp.conf);
		twf(w, ", \"verdict\": \"%s\", \"decided\": %s, \"pairs\": %zu, "
		    "\"less_cpu_waits\": %s}", cmp_key(r->cmp.verdict),
		    r->cmp.verdict < CMP_DIFFERS ? "true" : "false", r->cmp.pairs,
		    r->net ? "true" : "false");
	}
	tw_str(w, ",\n      \"parameters\": {");
	for (p = 0; p < r->np; p++) {
		tw_str(w, p ? ", " : "");
		jstring(w, r->pnames[p]);
		tw_str(w, ": ");
		jstring(w, r->pvals[p]);
	}
	tw_str(w, "}\n    }");
}

static void write_json(struct tw *w, const struct tmodel *md)
{
	int i;

	tw_str(w, "{\n  \"tool\": ");
	jstring(w, md->version);
	/* every number in seconds, as hyperfine's export has them (it
	 * names no unit); "unit" says so, and report_unit is -u's */
	tw_str(w, ",\n  \"unit\": \"s\",\n  \"report_unit\": ");
	jstring(w, md->unit);
	tw_str(w, ",\n  \"results\": [\n");
	for (i = 0; i < md->nrow; i++) {
		json_row(w, md, i);
		tw_str(w, i + 1 < md->nrow ? ",\n" : "\n");
	}
	tw_str(w, "  ]\n}\n");
}

/* RFC 4180: quoted when it holds a comma, quote, CR or LF */
static void cfield(struct tw *w, const char *s)
{
	if (!s)
		return;
	if (!strpbrk(s, ",\"\r\n")) {
		tw_str(w, s);
		return;
	}
	tw_char(w, '"');
	for (; *s; s++) {
		if (*s == '"')
			tw_char(w, '"');
		tw_char(w, *s);
	}
	tw_char(w, '"');
}

static void unc(struct tw *w, double v, double e)
{
	char b[256];

	fmt_uncertain(b, sizeof b, v, e, " ± ");
	tw_str(w, b);
}

/* a table cell: | escaped, line ends as spaces */
static void mdcell(struct tw *w, const char *s)
{
	for (; *s; s++)
		if (*s == '|')
			tw_str(w, "\\|");
		else if (*s == '\n' || *s == '\r')
			tw_char(w, ' ');
		else
			tw_char(w, *s);
}

/* a row's comparison (tm_compare_all) as the CSV's last 6 fields or the
 * table's last 6 cells: to, ratio, low, high, confidence, verdict;
 * empty when it has none */
static void cmp_cells(struct tw *w, const struct tmodel *md,
    const struct row *r, int csv)
{
	const char *sep = csv ? "," : " | ";
	double v[4];
	int i;

	v[0] = r->cmp.ratio;
	v[1] = r->cmp.low;
	v[2] = r->cmp.high;
	v[3] = r->cmp.conf;
	tw_str(w, sep);
	if (r->to >= 0)
		(csv ? cfield : mdcell)(w, md->rw[r->to].name);
	for (i = 0; i < 4; i++) {
		tw_str(w, sep);
		if (r->to < 0 || !isfinite(v[i]))
			continue;
		if (csv)
			num_or_null(w, v[i]);
		else
			twf(w, "%.4g", v[i]);
	}
	tw_str(w, sep);
	if (r->to >= 0)         /* the CSV's for machines, the table's to read */
		tw_str(w, (csv ? cmp_key : cmp_word)(r->cmp.verdict));
}

static void write_csv(struct tw *w, const struct tmodel *md)
{
	int i;
	size_t j;

	tw_str(w, "label,command,overhead,run,batch,seconds,user_seconds,"
	    "system_seconds,memory_usage_byte,to,ratio,low,high,confidence,"
	    "verdict\n");
	for (i = 0; i < md->nrow; i++) {
		const struct row *r = &md->rw[i];

		for (j = 0; j < r->nrun; j++) {
			const struct run *u = &r->runs[j];

			cfield(w, r->name);
			tw_char(w, ',');
			cfield(w, r->cmd);
			twf(w, ",%d,%zu,%zu,", i < md->first, j + 1,
			    (size_t)(j / (size_t)r->n) + 1);
			num_or_null(w, u->secs);
			tw_char(w, ',');
			if (isfinite(u->user))
				num_or_null(w, u->user);
			tw_char(w, ',');
			if (isfinite(u->sys))
				num_or_null(w, u->sys);
			tw_char(w, ',');
			if (u->rss_kb >= 0)
				twf(w, "%ld", u->rss_kb * 1024L);
			cmp_cells(w, md, r, 1);
			tw_char(w, '\n');
		}
	}
}

/* commands only; the ratio is to the first command, as tm_ratio gives
 * it (the ratio report's rule) */
static void write_md(struct tw *w, const struct tmodel *md)
{
	const struct row *r0 = &md->rw[md->first];
	double v, u;
	int i;

	tw_str(w, "| Command | Estimate [");
	tw_str(w, md->unit);
	tw_str(w, "] | Ratio | To | Pair ratio | Low | High | Confidence | "
	    "Verdict |\n|:---|---:|---:|:---|---:|---:|---:|---:|:---|\n");
	for (i = md->first; i < md->nrow; i++) {
		const struct row *r = &md->rw[i];

		tw_str(w, "| ");
		mdcell(w, r->name);
		tw_str(w, " | ");
		unc(w, r->est, r->err);
		tw_str(w, " | ");
		tm_ratio(r, r0, &v, &u);
		unc(w, v, u);
		cmp_cells(w, md, r, 0);
		tw_str(w, " |\n");
	}
}

void texport_commit(struct texport *x, const struct tmodel *md)
{
	/* in place without blocking: a FIFO nobody reads fails (ENXIO)
	 * rather than hang; the writes then block as usual */
	int fd = x->direct ? open(x->path, O_WRONLY | O_CREAT | O_TRUNC |
	    O_CLOEXEC | O_NONBLOCK, 0666) : make_tmp(x), e;
	struct tw w;

	if (fd < 0 && errno == ENXIO)
		die(E_USAGE, "%s: a FIFO with no reader", x->path);
	if (fd < 0)
		die(E_USAGE, "%s:", x->path);
	if (x->direct)
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	tw_open(&w, fd);
	if (x->kind == X_JSON)
		write_json(&w, md);
	else if (x->kind == X_CSV)
		write_csv(&w, md);
	else if (x->kind == X_SVG)
		tplot_svg(&w, md);
	else
		write_md(&w, md);
	e = tw_close(&w);
	if (!e && !x->direct && rename(x->tmp, x->target))
		e = errno;
	if (e) {
		if (!x->direct)
			unlink(x->tmp);
		errno = e;
		die(E_USAGE, "%s:", x->path);
	}
}

