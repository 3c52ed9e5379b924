/* tim_model.c: tim's model: units, each row's estimates, ratios. The
 * statistics themselves are core/timing's (estimate.c, summary.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "timing/estimate.h"
#include "timing/summary.h"
#include "tim_model.h"

/* drop suffix suf from s[0..*n) if it is there */
static int ends(const char *s, size_t *n, const char *suf)
{
	size_t l = strlen(suf);

	if (*n < l || memcmp(s + *n - l, suf, l))
		return 0;
	*n -= l;
	return 1;
}

/* Strip one of seconds/second/secs/sec/s, then look the prefix up.
 * "second" and U+00B5 (µ, MICRO SIGN) go beyond the original: both are
 * what people type, and neither makes another unit ambiguous. */
double tm_unit_scale(const char *u)
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
		if (strlen(tab[i].p) == n && !memcmp(tab[i].p, u, n))
			return tab[i].s;
	return -1;
}

int tm_estimate(const struct tmodel *md, const struct row *r,
    long long batches, double *est, double *err, double *other)
{
	size_t nx = (size_t)(r->n * batches), j;
	size_t nt = EST_TMP(r->n, batches, md->k);
	double *xs = xmalloc((nx + 1) * sizeof *xs), eall = NAN;
	double *tmp;
	struct est_min e = {NAN, NAN};
	int bad;

	if (nt < EST_TMP_ALL(r->n, batches, md->k))
		nt = EST_TMP_ALL(r->n, batches, md->k);
	tmp = xmalloc((nt + 1) * sizeof *tmp);
	for (j = 0; j < nx; j++)
		xs[j] = r->runs[j].secs * md->scale;
	bad = est_emin(xs, (size_t)r->n, (size_t)batches, md->k, tmp, &e);
	if (!bad && (md->errall || other))
		eall = est_err_all(xs, (size_t)r->n, (size_t)batches, md->k,
		    tmp);
	free(xs);
	free(tmp);
	*est = e.est;
	*err = md->errall ? eall : e.err;
	if (other)
		*other = md->errall ? e.err : eall;
	return bad ? -1 : 0;
}

size_t tm_nb(const struct row *r)
{
	return r->n > 0 ? r->nrun / (size_t)r->n : 0;
}

void tm_update(struct tmodel *md, int i)
{
	struct row *r = &md->rw[i];
	const struct row *o = &md->rw[0];

	tm_estimate(md, r, (long long)tm_nb(r), &r->est, &r->err, &r->eother);
	if (i < md->first || !md->first || !md->subtract)
		return;
	r->est -= o->est;
	r->err = sum_quad(r->err, o->err);
	r->eother = sum_quad(r->eother, o->eother);
}

void tm_batches(const struct tmodel *md, const struct row *r, double *out,
    int net)
{
	size_t m = tm_nb(r), nx = (size_t)r->n * m, j, mo;
	double *xs = xmalloc((2 * nx + 1) * sizeof *xs), *ob;

	for (j = 0; j < nx; j++)
		xs[j] = (r->runs[j].secs - (net ? r->runs[j].wait : 0)) *
		    md->scale;
	if (est_batches(xs, (size_t)r->n, m, md->k, xs + nx, out))
		for (j = 0; j < m; j++)
			out[j] = NAN;
	free(xs);
	if (!md->first || !md->subtract || r == md->rw)
		return;
	/* the overhead's batch made with it: counted from the last, as
	 * imported batches come first (a batch older than the overhead's
	 * first takes that first) */
	mo = tm_nb(md->rw);
	ob = xmalloc((mo + 1) * sizeof *ob);
	tm_batches(md, md->rw, ob, net);
	for (j = 0; j < m; j++)
		out[j] -= mo ? ob[j + mo >= m ? j + mo - m : 0] : NAN;
	free(ob);
}

int tm_net(const struct row *r)
{
	size_t j;

	for (j = 0; j < r->nrun; j++)
		if (!r->runs[j].alone || !(r->runs[j].wait >= 0))
			return 0;
	return 1;
}

void tm_compare_all(struct tmodel *md)
{
	const struct row *ref = &md->rw[md->first];
	size_t mx = tm_nb(ref), my, p;
	double *x = xmalloc((mx + 1) * sizeof *x), *y;
	int i, net = tm_net(ref) && (!md->first || !md->subtract ||
	    tm_net(md->rw));

	for (i = 0; i < md->nrow; i++)
		md->rw[i].to = i > md->first ? md->first : -1;
	for (i = md->first + 1; i < md->nrow; i++) {
		struct row *r = &md->rw[i];

		/* both sides alike: less the waits, or both whole */
		r->net = net && tm_net(r);
		tm_batches(md, ref, x, r->net);
		my = tm_nb(r);
		p = my < mx ? my : mx;  /* the last p of each: made together */
		y = xmalloc((2 * my + 1) * sizeof *y);
		tm_batches(md, r, y, r->net);
		cmp_pairs(x + mx - p, y + my - p, p, md->conf, md->thr, y + my,
		    &md->rw[i].cmp);
		free(y);
	}
	free(x);
}

void tm_ratio(const struct row *r, const struct row *ref, double *v,
    double *u)
{
	double f = ref->err / ref->est, q = r->err / r->est;

	if (r == ref) {
		*v = 1.0;
		*u = f;
		return;
	}
	*v = r->est / ref->est;
	*u = sum_quad(f, q) * *v;
}

int tm_counter(const struct tmodel *md, const struct row *r, int c,
    double *mean, double *err)
{
	struct est_run w = {0};
	double x, om, oe;
	size_t j;

	/* Welford's running mean: the sum of squares less n mean^2 loses
	 * the spread of large, close counts (cycles, task-clock in ns) */
	for (j = 0; j * CTR_N < r->nctr; j++)
		if ((x = (double)r->ctr[j * CTR_N + (size_t)c]) >= 0)
			est_push(&w, x);
	if (!w.n)
		return -1;
	*mean = w.mean;
	*err = w.n > 1 ? sqrt(w.m2 / (double)(w.n - 1) / (double)w.n) : NAN;
	if (c == CTR_TASK) {
		*mean *= md->scale * 1e-9;
		*err *= md->scale * 1e-9;
	}
	if (md->first && md->subtract && r != md->rw &&
	    !tm_counter(md, md->rw, c, &om, &oe)) {
		*mean -= om;
		*err = sum_quad(*err, oe);
	}
	return 0;
}

const struct tbent *tm_base_entry(const struct tbase *b, const char *cmd)
{
	size_t j;

	for (j = 0; j < b->n; j++)
		if (!strcmp(b->e[j].key, cmd))
			return &b->e[j];
	return NULL;
}

void tm_compare_base(const struct tmodel *md, const struct tbase *b,
    struct row *r, const struct tbent *e)
{
	struct tmodel bm = *md;
	struct row br, bo;
	const struct tbent *o = tm_base_entry(b, "");
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
	tm_batches(&bm, &br, x, 0);     /* a file has no waits */
	tm_batches(md, r, x + mx, 0);
	cmp_groups(x, mx, x + mx, my, md->conf, md->thr, x + mx + my,
	    &r->bcmp);
	if (!mx)
		r->bcmp.ratio = r->est / (e->est * md->scale);
	free(x);
}
