/* tim_save.c: --save and --read. --save appends one line per run,
 * "SECONDS<TAB>CMD", buffered and written once per row; --read loads a
 * whole file into one first-in first-out queue of times per command.
 * The line functions (tf_*) are pure, for the fuzzer. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/err.h"
#include "libc/fmt.h"
#include "lib/num.h"
#include "lib/out.h"
#include "lib/vec.h"
#include "tim_model.h"
#include "tim_save.h"

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

