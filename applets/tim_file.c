/* tim_file.c: tim's files. --save appends one line per run, --read
 * replays them, --graph writes each row's samples for a plotting command,
 * --json/--csv/--markdown export the results, --baseline reads an export
 * back. tim.c calls in; nothing here calls tim.c. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "estimate.h"
#include "fmt.h"
#include "fmtunc.h"
#include "num.h"
#include "out.h"
#include "quote.h"
#include "tim.h"
#include "vec.h"

/* tim writes its numbers with %g and %f: the float code is linked */
FMT_FLOATS;

/* ---- save lines -------------------------------------------------------- */

int tf_num(char *dst, size_t cap, double v)
{
	double back;
	int p, l = 0;

	for (p = 15; p <= 17; p++) {
		l = fmt_snprintf(dst, cap, "%.*g", p, v);
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

/* ---- files through out.h's buffer ------------------------------------- */

/* Every file tim writes goes through out.h's buffer pointed at its fd, so
 * stdout and the files have one writer. Stdout is flushed first (its
 * failure stops tim, as anywhere else), and a failed write is taken back
 * from out_error, so that it names the file and never stdout. */
static void wopen(int fd)
{
	if (out_flush())
		xexit(0);
	out_fd = fd;
}

/* 0, or the errno of the first failed write since wopen */
static int wclose(void)
{
	int e = out_flush() ? out_error : 0;

	out_error = 0;
	out_fd = 1;
	return e;
}

static void outf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void outf(const char *fmt, ...)  /* numbers only: short */
{
	char b[128];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = fmt_vsnprintf(b, sizeof b, fmt, ap);
	va_end(ap);
	if (n > 0)
		out_write(b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
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
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t len = 0, cap = 0;
	char *buf = NULL;
	ssize_t got;

	if (fd < 0)
		return NULL;
	for (;;) {
		buf = vec_grow(buf, len + 65536, &cap, 1);
		got = read(fd, buf + len, cap - len - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		len += (size_t)got;
	}
	if (got < 0) {
		int e = errno;

		close(fd);
		free(buf);
		errno = e;
		return NULL;
	}
	close(fd);
	buf[len] = 0;
	*n = len;
	return buf;
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
	size_t j;
	int fd, e;

	for (c = p; *c; c++)    /* a label is one file name, never a path */
		if (*c == '/')
			*c = '_';
	fd = open(p, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0)
		die(E_USAGE, "%s:", p);
	wopen(fd);
	outf("# %.17g +- %.17g\n", rw->est, rw->err);
	for (j = 0; j < rw->nrun; j++)
		outf("%.17g\n", rw->runs[j].secs * scale);
	e = wclose();
	if (close(fd) && !e)
		e = errno;
	if (e) {
		errno = e;
		die(E_USAGE, "%s:", p);
	}
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
char *tgraph(const struct report *rp, const char *g)
{
	char **paths = xmalloc((size_t)rp->nrow * sizeof *paths), *s;
	size_t cap = 1, len = 0;
	const char *end;
	long k;
	int i;

	for (i = 0; i < rp->nrow; i++) {
		paths[i] = graph_file(&rp->rw[i], rp->scale);
		if (cap < 4 * strlen(paths[i]) + 3)  /* any $N: the longest */
			cap = 4 * strlen(paths[i]) + 3;
	}
	s = xmalloc(strlen(g) * cap + 1);
	while (*g) {
		if (g[0] == '$' && g[1] == '$') {
			s[len++] = '$';
			g += 2;
		} else if ((k = dollar_n(g, rp->nrow, &end))) {
			len += quote_word(s + len, paths[k - 1],
			    strlen(paths[k - 1]), NULL);
			g = end;
		} else {
			s[len++] = *g++;
		}
	}
	s[len] = 0;
	for (i = 0; i < rp->nrow; i++)
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

static void num_or_null(double v)
{
	char b[48];

	if (!isfinite(v)) {
		out_str("null");
		return;
	}
	tf_num(b, sizeof b, v);
	out_str(b);
}

/* JSON string: control bytes as \u00XX, other bytes as they are */
static void jstring(const char *s)
{
	if (!s) {
		out_str("null");
		return;
	}
	out_char('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			outf("\\%c", c);
		else if (c == '\n')
			out_str("\\n");
		else if (c == '\t')
			out_str("\\t");
		else if (c < 0x20 || c == 0x7f)
			outf("\\u%04x", c);
		else
			out_char(c);
	}
	out_char('"');
}

struct stats {
	double mean, sd, median, min, max, user, sys;
};

/* hyperfine's summary of the raw times: mean, sample st.dev., median */
static void stats(const struct row *r, struct stats *st)
{
	double *v = xmalloc((r->nrun + 1) * sizeof *v), s = 0, q = 0;
	double u = 0, y = 0;
	size_t i, n = r->nrun;

	for (i = 0; i < n; i++) {
		v[i] = r->runs[i].secs;
		s += v[i];
		u += r->runs[i].user;
		y += r->runs[i].sys;
	}
	est_sort(v, n);
	st->mean = n ? s / (double)n : NAN;
	for (i = 0; i < n; i++)
		q += (v[i] - st->mean) * (v[i] - st->mean);
	st->sd = n > 1 ? sqrt(q / (double)(n - 1)) : NAN;
	st->median = !n ? NAN : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	st->min = n ? v[0] : NAN;
	st->max = n ? v[n - 1] : NAN;
	st->user = n ? u / (double)n : NAN;
	st->sys = n ? y / (double)n : NAN;
	free(v);
}

/* one per-run array: secs, user, sys, rss bytes or the exit code 0 */
static void jarray(const char *name, const struct row *r, int what)
{
	size_t i;

	outf(",\n      \"%s\": [", name);
	for (i = 0; i < r->nrun; i++) {
		const struct run *u = &r->runs[i];

		if (i)
			out_str(", ");
		if (what == 0)
			num_or_null(u->secs);
		else if (what == 1)
			num_or_null(u->user);
		else if (what == 2)
			num_or_null(u->sys);
		else if (what == 3 && u->rss_kb >= 0)
			outf("%ld", u->rss_kb * 1024L);
		else if (what == 3)
			out_str("null");
		else
			out_str("0");
	}
	out_char(']');
}

static void jfield(const char *name, double v)
{
	outf(",\n      \"%s\": ", name);
	num_or_null(v);
}

static void json_row(const struct report *rp, int i)
{
	const struct row *r = &rp->rw[i];
	struct stats st;
	int p;

	stats(r, &st);
	out_str("    {\n      \"command\": ");
	jstring(r->cmd);
	out_str(",\n      \"label\": ");
	jstring(r->name);
	outf(",\n      \"overhead\": %s", i < rp->first ? "true" : "false");
	jfield("estimate", r->est);
	jfield("error", r->err);
	outf(",\n      \"error_kind\": \"%s\"", rp->errall ? "estimate" :
	    "batch");
	jfield("batch_error", rp->errall ? r->eother : r->err);
	jfield("estimate_error", rp->errall ? r->err : r->eother);
	out_str(",\n      \"unit\": ");
	jstring(rp->unit);
	jfield("mean", st.mean);
	jfield("stddev", st.sd);
	jfield("median", st.median);
	jfield("user", st.user);
	jfield("system", st.sys);
	jfield("min", st.min);
	jfield("max", st.max);
	outf(",\n      \"warmup\": %lld,\n      \"batches\": %lld,\n"
	    "      \"runs_per_batch\": %lld,\n      \"exit_status\": 0",
	    r->warm, rp->m, r->n);
	jarray("times", r, 0);
	jarray("exit_codes", r, 4);
	jarray("user_times", r, 1);
	jarray("system_times", r, 2);
	jarray("memory_usage_byte", r, 3);
	out_str(",\n      \"parameters\": {");
	for (p = 0; p < r->np; p++) {
		out_str(p ? ", " : "");
		jstring(r->pnames[p]);
		out_str(": ");
		jstring(r->pvals[p]);
	}
	out_str("}\n    }");
}

static void write_json(const struct report *rp)
{
	int i;

	out_str("{\n  \"tool\": ");
	jstring(rp->version);
	out_str(",\n  \"unit\": ");
	jstring(rp->unit);
	out_str(",\n  \"results\": [\n");
	for (i = 0; i < rp->nrow; i++) {
		json_row(rp, i);
		out_str(i + 1 < rp->nrow ? ",\n" : "\n");
	}
	out_str("  ]\n}\n");
}

/* RFC 4180: quoted when it holds a comma, quote, CR or LF */
static void cfield(const char *s)
{
	if (!s)
		return;
	if (!strpbrk(s, ",\"\r\n")) {
		out_str(s);
		return;
	}
	out_char('"');
	for (; *s; s++) {
		if (*s == '"')
			out_char('"');
		out_char(*s);
	}
	out_char('"');
}

static void write_csv(const struct report *rp)
{
	int i;
	size_t j;

	out_str("label,command,overhead,run,batch,seconds,user_seconds,"
	    "system_seconds,memory_usage_byte\n");
	for (i = 0; i < rp->nrow; i++) {
		const struct row *r = &rp->rw[i];

		for (j = 0; j < r->nrun; j++) {
			const struct run *u = &r->runs[j];

			cfield(r->name);
			out_char(',');
			cfield(r->cmd);
			outf(",%d,%zu,%zu,", i < rp->first, j + 1,
			    (size_t)(j / (size_t)r->n) + 1);
			num_or_null(u->secs);
			out_char(',');
			if (isfinite(u->user))
				num_or_null(u->user);
			out_char(',');
			if (isfinite(u->sys))
				num_or_null(u->sys);
			out_char(',');
			if (u->rss_kb >= 0)
				outf("%ld", u->rss_kb * 1024L);
			out_char('\n');
		}
	}
}

static void unc(double v, double e, const char *pm)
{
	char b[256];

	fmt_uncertain(b, sizeof b, v, e, pm);
	out_str(b);
}

/* a table cell: | escaped, line ends as spaces */
static void mdcell(const char *s)
{
	for (; *s; s++)
		if (*s == '|')
			out_str("\\|");
		else if (*s == '\n' || *s == '\r')
			out_char(' ');
		else
			out_char(*s);
}

/* commands only; the ratio is to the first command, relative errors in
 * quadrature as in the ratio report */
static void write_md(const struct report *rp)
{
	const struct row *r0 = &rp->rw[rp->first];
	double f0 = r0->err / r0->est, q, r;
	int i;

	out_str("| Command | Estimate [");
	out_str(rp->unit);
	out_str("] | Ratio |\n|:---|---:|---:|\n");
	for (i = rp->first; i < rp->nrow; i++) {
		const struct row *w = &rp->rw[i];

		out_str("| ");
		mdcell(w->name);
		out_str(" | ");
		unc(w->est, w->err, " ± ");
		out_str(" | ");
		r = w->est / r0->est;
		q = w->err / w->est;
		if (i == rp->first)
			unc(1.0, f0, " ± ");
		else
			unc(r, sqrt(f0 * f0 + q * q) * r, " ± ");
		out_str(" |\n");
	}
}

void texport_commit(struct texport *x, const struct report *rp)
{
	/* in place without blocking: a FIFO nobody reads fails (ENXIO)
	 * rather than hang; the writes then block as usual */
	int fd = x->direct ? open(x->path, O_WRONLY | O_CREAT | O_TRUNC |
	    O_CLOEXEC | O_NONBLOCK, 0666) : make_tmp(x), e;

	if (fd < 0 && errno == ENXIO)
		die(E_USAGE, "%s: a FIFO with no reader", x->path);
	if (fd < 0)
		die(E_USAGE, "%s:", x->path);
	if (x->direct)
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	wopen(fd);
	if (x->kind == X_JSON)
		write_json(rp);
	else if (x->kind == X_CSV)
		write_csv(rp);
	else
		write_md(rp);
	e = wclose();
	if (close(fd) && !e)
		e = errno;
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

/* a member's value when the key is one we keep */
static int jmember(struct jp *p, const char *k, char **cmd, char **unit,
    double *est, double *err)
{
	jws(p);
	if (!strcmp(k, "command") && p->s < p->e && *p->s == '"')
		return (*cmd = jstr(p)) ? 0 : -1;
	if (!strcmp(k, "unit") && p->s < p->e && *p->s == '"')
		return (*unit = jstr(p)) ? 0 : -1;
	if (!strcmp(k, "estimate") && p->s < p->e && *p->s != 'n')
		return jnum(p, est);
	if (!strcmp(k, "error") && p->s < p->e && *p->s != 'n')
		return jnum(p, err);
	return jskip(p, 3);
}

void tbase_add(struct tbase *b, const char *key, double est, double err)
{
	struct tbent e;

	e.key = xstrdup(key);
	e.est = est;
	e.err = err;
	VEC_PUSH(b->e, b->n, b->cap, e);
}

/* one element of results[]: an object with command, estimate, error */
static int jresult(struct jp *p, struct tbase *b, double (*sc)(const char *))
{
	char *cmd = NULL, *unit = NULL, *k;
	double est = NAN, err = NAN, s;

	jws(p);
	if (p->s >= p->e || *p->s++ != '{')
		return p->why = "result object expected", -1;
	jws(p);
	if (p->s < p->e && *p->s == '}')
		p->s++;
	else
		for (;;) {
			if (!(k = jstr(p)))
				return -1;
			jws(p);
			if (p->s >= p->e || *p->s++ != ':')
				return p->why = "':' expected", -1;
			if (jmember(p, k, &cmd, &unit, &est, &err))
				return -1;
			jws(p);
			if (p->s < p->e && *p->s == ',') {
				p->s++;
				continue;
			}
			if (p->s < p->e && *p->s++ == '}')
				break;
			return p->why = "bad JSON", -1;
		}
	if (!cmd || !unit || isnan(est) || isnan(err))
		return p->why = "a result lacks command, estimate, error or unit",
		    -1;
	s = sc(unit);
	if (!(s > 0))
		return p->why = "bad unit", -1;
	tbase_add(b, cmd, est / s, err / s);
	return 0;
}

int tbase_json(char *data, size_t n, struct tbase *b, const char **why,
    double (*unit_scale)(const char *unit))
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
					if (jresult(&p, b, unit_scale))
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
