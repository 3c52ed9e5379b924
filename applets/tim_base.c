/* tim_base.c: the results tim reads back: a --baseline file (a --json
 * export or a --save file) and an --import's export. The JSON reader is
 * its own, small, as libc has none: it reads back what tim writes and
 * skips the rest. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "lib/num.h"
#include "lib/vec.h"
#include "timing/summary.h"
#include "tim_base.h"
#include "tim_save.h"

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
	struct run u = {0, NAN, NAN, -1, NAN, 0};
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
