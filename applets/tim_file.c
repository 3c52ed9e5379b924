/* tim_file.c: tim's files. --save appends one line per run, --read
 * replays them, --graph writes each row's samples for a plotting command,
 * --json/--csv/--markdown export the results, --baseline reads an export
 * or a --save file back. tim.c calls in; this file reads the model
 * (tim_model.h) and calls nothing in tim.c. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/fmt.h"
#include "timing/fmtunc.h"
#include "lib/num.h"
#include "lib/out.h"
#include "lib/quote.h"
#include "timing/summary.h"
#include "tim_file.h"
#include "lib/vec.h"

/* ---- save lines -------------------------------------------------------- */

int tf_num(char *dst, size_t cap, double v)
{
	double back;
	int p, l = 0;

	for (p = 15; p <= 17; p++) {
		l = fmtf_snprintf(dst, cap, "%.*g", p, v);
		if (!num_double(dst, -HUGE_VAL, HUGE_VAL, &back) && back == v)
			break;
	}
	return l;
}

/* A raw line keeps the command as it is, so files stay greppable and
 * older files read the same; only a CR or LF, which the line structure
 * cannot hold, switches the line to the escaped form. Its leading '\'
 * was never a valid time, so no older file can mean anything else. */
size_t tf_put(char *dst, double secs, const char *cmd)
{
	size_t l = 0;
	int esc = strpbrk(cmd, "\r\n") != NULL;

	if (!isfinite(secs) || (secs != 0 && !isnormal(secs)))
		return 0;       /* no time is subnormal; num.h refuses them */
	if (esc)
		dst[l++] = '\\';
	l += (size_t)tf_num(dst + l, 40, secs);
	dst[l++] = '\t';
	for (; *cmd; cmd++) {
		if (esc && (*cmd == '\\' || *cmd == '\n' || *cmd == '\r')) {
			dst[l++] = '\\';
			dst[l++] = *cmd == '\n' ? 'n' : *cmd == '\r' ? 'r' : '\\';
		} else {
			dst[l++] = *cmd;
		}
	}
	dst[l++] = '\n';
	return l;
}

static int unescape(char *s, const char **why)
{
	char *o = s;

	for (; *s; s++) {
		if (*s != '\\') {
			*o++ = *s;
			continue;
		}
		s++;
		if (*s == '\\')
			*o++ = '\\';
		else if (*s == 'n')
			*o++ = '\n';
		else if (*s == 'r')
			*o++ = '\r';
		else {
			*why = "bad escape in";
			return -1;
		}
	}
	*o = 0;
	return 0;
}

int tf_parse(char *line, size_t len, double *secs, char **key,
    const char **why, const char **tok)
{
	int esc = len && line[0] == '\\';
	char *tab, *t = line + esc;

	line[len] = 0;
	*tok = line;
	if (memchr(line, 0, len)) {
		*why = "NUL byte in";
		return -1;
	}
	tab = strchr(t, '\t');
	if (!tab) {
		*why = "no TAB in";
		return -1;
	}
	*tab = 0;
	if (num_double(t, -HUGE_VAL, HUGE_VAL, secs)) {
		*why = "bad time";
		*tok = t;
		return -1;
	}
	*key = tab + 1;
	if (esc && unescape(*key, why)) {
		*tok = *key;
		return -1;
	}
	return 0;
}

int tf_parse_all(char *data, size_t n, tf_cb cb, void *ctx, long *lineno,
    const char **why, const char **tok)
{
	size_t i = 0, e, len;
	double v;
	char *key;

	*lineno = 0;
	while (i < n) {
		char *nl = memchr(data + i, '\n', n - i);

		e = nl ? (size_t)(nl - data) : n;
		++*lineno;
		len = e - i;
		while (len && (data[i + len - 1] == '\r' ||
		    data[i + len - 1] == '\n'))
			len--;
		if (len) {
			if (tf_parse(data + i, len, &v, &key, why, tok))
				return -1;
			if (cb(ctx, v, key)) {
				*why = NULL;
				return -1;
			}
		}
		i = e + 1;
	}
	return 0;
}

/* ---- a file's own stream -------------------------------------------- */

/* struct tw: tim_file.h */
static void tw_flush(struct tw *w)
{
	if (w->len && !w->err && write_all(w->fd, w->buf, w->len))
		w->err = errno;
	w->len = 0;
}

static void tw_write(struct tw *w, const void *p, size_t n)
{
	if (w->err)
		return;
	if (w->len + n > sizeof w->buf)
		tw_flush(w);
	if (n >= sizeof w->buf) {
		if (!w->err && write_all(w->fd, p, n))
			w->err = errno;
		return;
	}
	memcpy(w->buf + w->len, p, n);
	w->len += n;
}

void tw_str(struct tw *w, const char *s)
{
	tw_write(w, s, strlen(s));
}

void tw_char(struct tw *w, char c)
{
	tw_write(w, &c, 1);
}

void twf(struct tw *w, const char *fmt, ...) /* numbers only: short */
{
	char b[128];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = fmtf_vsnprintf(b, sizeof b, fmt, ap);
	va_end(ap);
	if (n > 0)
		tw_write(w, b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
}

/* Stdout goes first: what tim printed before the file (which may be
 * /dev/stdout) is out, and a stdout failure stops tim as anywhere else. */
static void tw_open(struct tw *w, int fd)
{
	if (out_flush())
		xexit(0);
	w->fd = fd;
	w->err = 0;
	w->len = 0;
}

/* flushed and closed: 0, or the errno of the first failure */
static int tw_close(struct tw *w)
{
	tw_flush(w);
	if (close(w->fd) && !w->err)
		w->err = errno;
	return w->err;
}

/* ---- --save: buffered, written once per row ---------------------------- */

/* Lines are buffered and written once per row (and before tim dies), so
 * the file write costs no time between two timed runs. */
void tsave_open(struct tsave *s, const char *path)
{
	s->path = path;
	s->fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
	if (s->fd < 0)
		die(E_USAGE, "%s:", path);
}

void tsave_flush(struct tsave *s)
{
	if (s->fd >= 0 && s->len && write_all(s->fd, s->buf, s->len))
		die(E_USAGE, "%s:", s->path);
	s->len = 0;
}

void tsave_add(struct tsave *s, double secs, const char *cmd)
{
	if (!s->path)
		return;
	s->buf = vec_grow(s->buf, s->len + TF_LINE_MAX(strlen(cmd)), &s->cap,
	    1);
	s->len += tf_put(s->buf + s->len, secs, cmd);
}

/* ---- --read: one first-in first-out queue of times per command --------- */

struct rq *tread_find(struct tread *r, const char *key)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (!strcmp(r->q[i].key, key))
			return &r->q[i];
	return NULL;
}

static int tread_add(void *ctx, double v, const char *key)
{
	struct tread *r = ctx;
	struct rq *q = tread_find(r, key), z = {0, 0, 0, 0, 0};

	if (!q) {
		z.key = xstrdup(key);
		VEC_PUSH(r->q, r->n, r->cap, z);
		q = &r->q[r->n - 1];
	}
	VEC_PUSH(q->v, q->n, q->cap, v);
	return 0;
}

char *tfile_slurp(const char *path, size_t *n)
{
	return vec_file(path, SIZE_MAX, n);
}

/* the whole file up front, so a bad line stops tim before any output */
void tread_load(struct tread *r, const char *path)
{
	const char *why, *tok;
	size_t n;
	char *data = tfile_slurp(path, &n);
	long no;

	if (!data)
		die(E_USAGE, "%s:", path);
	if (tf_parse_all(data, n, tread_add, r, &no, &why, &tok))
		die(E_USAGE, "%s:%ld: %s '%s'", path, no, why, tok);
	free(data);
}

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

enum { F_SECS, F_USER, F_SYS, F_RSS, F_EXIT };

/* one per-run array: secs, user, sys, rss bytes or the exit code 0 */
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
		twf(w, ", \"verdict\": \"%s\", \"decided\": %s, \"pairs\": %zu}",
		    cmp_word(r->cmp.verdict), r->cmp.verdict == CMP_UNDECIDED ?
		    "false" : "true", r->cmp.pairs);
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
	if (r->to >= 0) {
		tw_str(w, cmp_word(r->cmp.verdict));
		if (r->cmp.verdict == CMP_UNDECIDED)
			tw_str(w, " (undecided)");
	}
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

/* ---- --baseline JSON: our export's results[] ---------------------------- */

struct jp {
	char *s, *e;
	const char *why;
};

static void jws(struct jp *p)
{
	while (p->s < p->e && strchr(" \t\r\n", *p->s) && *p->s)
		p->s++;
}

/* a string, decoded in place (\uXXXX as UTF-8; it never grows) */
static char *jstr(struct jp *p)
{
	char *o, *r;

	jws(p);
	if (p->s >= p->e || *p->s != '"')
		return p->why = "string expected", NULL;
	r = o = ++p->s;
	while (p->s < p->e && *p->s != '"') {
		char c = *p->s++;

		if (c != '\\') {
			*o++ = c;
			continue;
		}
		if (p->s >= p->e)
			break;
		c = *p->s++;
		if (c == 'u') {
			unsigned v = 0;
			int k;

			for (k = 0; k < 4 && p->s < p->e; k++, p->s++) {
				char h = *p->s;

				v = v * 16 + (unsigned)(h >= 'a' ? h - 'a' + 10 :
				    h >= 'A' ? h - 'A' + 10 : h - '0');
			}
			if (v < 0x80) {
				*o++ = (char)v;
			} else if (v < 0x800) {
				*o++ = (char)(0xc0 | v >> 6);
				*o++ = (char)(0x80 | (v & 0x3f));
			} else {    /* 3 bytes from 6: still no growth */
				*o++ = (char)(0xe0 | v >> 12);
				*o++ = (char)(0x80 | ((v >> 6) & 0x3f));
				*o++ = (char)(0x80 | (v & 0x3f));
			}
		} else {
			*o++ = c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ?
			    '\r' : c == 'b' ? '\b' : c == 'f' ? '\f' : c;
		}
	}
	if (p->s >= p->e)
		return p->why = "unterminated string", NULL;
	p->s++;
	*o = 0;
	return r;
}

static int jnum(struct jp *p, double *v)
{
	char *b, save;
	int r;

	jws(p);
	b = p->s;
	while (p->s < p->e && strchr("+-0123456789.eE", *p->s) && *p->s)
		p->s++;
	save = *p->s;
	*p->s = 0;
	r = num_double(b, -HUGE_VAL, HUGE_VAL, v);
	*p->s = save;
	if (r)
		p->why = "number expected";
	return r ? -1 : 0;
}

static int jlit(struct jp *p, const char *w)
{
	size_t l = strlen(w);

	if ((size_t)(p->e - p->s) < l || memcmp(p->s, w, l))
		return -1;
	p->s += l;
	return 0;
}

/* any value, skipped; depth-limited so no input overflows the stack */
static int jskip(struct jp *p, int depth)
{
	double v;

	jws(p);
	if (p->s >= p->e || depth > 64)
		return p->why = "bad JSON", -1;
	if (*p->s == '"')
		return jstr(p) ? 0 : -1;
	if (*p->s == '{' || *p->s == '[') {
		char close = *p->s == '{' ? '}' : ']';

		p->s++;
		jws(p);
		if (p->s < p->e && *p->s == close)
			return p->s++, 0;
		for (;;) {
			if (close == '}') {
				if (!jstr(p))
					return -1;
				jws(p);
				if (p->s >= p->e || *p->s++ != ':')
					return p->why = "':' expected", -1;
			}
			if (jskip(p, depth + 1))
				return -1;
			jws(p);
			if (p->s < p->e && *p->s == ',') {
				p->s++;
				continue;
			}
			if (p->s < p->e && *p->s == close)
				return p->s++, 0;
			return p->why = "bad JSON", -1;
		}
	}
	if (!jlit(p, "true") || !jlit(p, "false") || !jlit(p, "null"))
		return 0;
	return jnum(p, &v);
}

/* "times": [..] as runs (seconds in the file's unit; scaled by the
 * caller once the unit is known) */
static int jtimes(struct jp *p, struct tbent *e)
{
	struct run u = {0, NAN, NAN, -1};
	size_t cap = 0;

	if (p->s >= p->e || *p->s++ != '[')
		return p->why = "array expected", -1;
	jws(p);
	if (p->s < p->e && *p->s == ']')
		return p->s++, 0;
	for (;;) {
		jws(p);
		if (jlit(p, "null") && jnum(p, &u.secs))
			return -1;
		VEC_PUSH(e->runs, e->nrun, cap, u);
		u.secs = NAN;
		jws(p);
		if (p->s < p->e && *p->s == ',')
			p->s++;
		else if (p->s < p->e && *p->s++ == ']')
			return 0;
		else
			return p->why = "bad JSON", -1;
	}
}

/* a member's value when the key is one we keep */
static int jmember(struct jp *p, const char *k, struct tbent *e,
    char **unit)
{
	double v;
	int r;

	jws(p);
	if (p->s < p->e && *p->s == '"' && (!strcmp(k, "command") ||
	    !strcmp(k, "label") || !strcmp(k, "unit")))
		return (*(*k == 'c' ? &e->key : *k == 'l' ? &e->label : unit) =
		    jstr(p)) ? 0 : -1;
	if (!strcmp(k, "overhead"))
		return (e->oh = !jlit(p, "true")) ? 0 : jskip(p, 3);
	if (!strcmp(k, "times"))
		return jtimes(p, e);
	if (p->s >= p->e || *p->s == 'n')
		return jskip(p, 3);
	if (!strcmp(k, "estimate") || !strcmp(k, "error"))
		return jnum(p, k[1] == 's' ? &e->est : &e->err);
	if (!strcmp(k, "runs_per_batch")) {
		r = jnum(p, &v);
		e->n = v >= 1 && v < 1e9 ? (long long)v : 0;
		return r;
	}
	return jskip(p, 3);
}

void tbase_add(struct tbase *b, const char *key, double est, double err)
{
	struct tbent e;

	memset(&e, 0, sizeof e);
	e.key = xstrdup(key);
	e.est = est;
	e.err = err;
	VEC_PUSH(b->e, b->n, b->cap, e);
}

/* one element of results[]: an object with command, estimate, error */
static int jresult(struct jp *p, struct tbase *b)
{
	char *unit = NULL, *k;
	struct tbent e;
	double s;
	size_t j;

	memset(&e, 0, sizeof e);
	e.est = e.err = NAN;
	jws(p);
	if (p->s >= p->e || *p->s++ != '{')
		return p->why = "result object expected", -1;
	jws(p);
	if (p->s < p->e && *p->s == '}')
		p->s++;
	else
		for (;;) {
			if (!(k = jstr(p)) || (jws(p), p->s >= p->e) ||
			    *p->s++ != ':') {
				free(e.runs);
				return p->why = p->why ? p->why : "':' expected", -1;
			}
			if (jmember(p, k, &e, &unit)) {
				free(e.runs);
				return -1;
			}
			jws(p);
			if (p->s < p->e && *p->s == ',') {
				p->s++;
				continue;
			}
			if (p->s < p->e && *p->s++ == '}')
				break;
			free(e.runs);
			return p->why = "bad JSON", -1;
		}
	s = unit ? tm_unit_scale(unit) : 0;
	if (!e.key || !unit || isnan(e.est) || isnan(e.err) || !(s > 0)) {
		free(e.runs);
		return p->why = !(s > 0) && unit ? "bad unit" : "a result lacks "
		    "command, estimate, error or unit", -1;
	}
	e.key = xstrdup(e.key);
	e.label = xstrdup(e.label ? e.label : e.key);
	e.est /= s;
	e.err /= s;
	for (j = 0; j < e.nrun; j++)
		e.runs[j].secs /= s;
	VEC_PUSH(b->e, b->n, b->cap, e);
	return 0;
}

int tbase_json(char *data, size_t n, struct tbase *b, const char **why)
{
	struct jp p = {data, data + n, NULL};
	char *k;
	int seen = 0;

	jws(&p);
	if (p.s >= p.e || *p.s++ != '{')
		return *why = "not a JSON object", -1;
	for (;;) {
		if (!(k = jstr(&p)))
			break;
		jws(&p);
		if (p.s >= p.e || *p.s++ != ':') {
			p.why = "':' expected";
			break;
		}
		jws(&p);
		if (!strcmp(k, "results") && p.s < p.e && *p.s == '[') {
			seen = 1;
			p.s++;
			jws(&p);
			if (p.s < p.e && *p.s == ']')
				p.s++;
			else
				for (;;) {
					if (jresult(&p, b))
						return *why = p.why, -1;
					jws(&p);
					if (p.s < p.e && *p.s == ',') {
						p.s++;
						continue;
					}
					if (p.s < p.e && *p.s++ == ']')
						break;
					return *why = "bad JSON", -1;
				}
		} else if (jskip(&p, 1)) {
			break;
		}
		jws(&p);
		if (p.s < p.e && *p.s == ',') {
			p.s++;
			continue;
		}
		if (p.s < p.e && *p.s == '}') {
			if (!seen)
				return *why = "no results[]", -1;
			return 0;
		}
		p.why = "bad JSON";
		break;
	}
	*why = p.why ? p.why : "bad JSON";
	return -1;
}

/* ---- --baseline: an export, or a --save file --------------------------- */

/* A --save file stands for the report a --read of it would give: per
 * row, warm runs are skipped and the next m*n times estimated, the
 * overhead subtracted as the report does. */
static void base_from_save(struct tbase *b, const char *path,
    const struct tmodel *md, long long warm)
{
	struct tread rd = {0, 0, 0};
	double oe = 0, oerr = 0, e, er;
	int i;

	tread_load(&rd, path);
	for (i = 0; i < md->nrow; i++) {
		struct row r = md->rw[i];
		struct rq *q = tread_find(&rd, r.cmd);
		size_t need = (size_t)(warm + md->m * r.n), j;

		if (!q)
			continue;
		if (q->n - q->head < need)
			die(E_USAGE, "%s: `%s`: undersampled for a baseline",
			    path, r.cmd);
		r.nrun = (size_t)(md->m * r.n);
		r.runs = xmalloc(r.nrun * sizeof *r.runs);
		for (j = 0; j < r.nrun; j++)
			r.runs[j].secs = q->v[q->head + (size_t)warm + j];
		q->head += need;
		tm_estimate(md, &r, md->m, &e, &er, NULL);
		if (i < md->first) {
			oe = e;
			oerr = er;
		} else if (md->first && md->subtract) {
			e -= oe;
			er = sum_quad(er, oerr);
		}
		tbase_add(b, r.cmd, e / md->scale, er / md->scale);
		b->e[b->n - 1].runs = r.runs;
		b->e[b->n - 1].nrun = r.nrun;
		b->e[b->n - 1].n = r.n;
	}
}

void tbase_load(struct tbase *b, const char *path, const struct tmodel *md,
    long long warm)
{
	size_t n;
	char *data = tfile_slurp(path, &n), *s;
	const char *why;

	if (!data)
		die(E_USAGE, "%s:", path);
	for (s = data; *s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'; s++)
		;
	if (*s == '{') {
		if (tbase_json(data, n, b, &why))
			die(E_USAGE, "%s: %s", path, why);
	} else {
		base_from_save(b, path, md, warm);
	}
	free(data);
}
