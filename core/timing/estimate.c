/* estimate.c: a_ik weights, eLE left-endpoint estimator, eMin batches. */
/* no fused multiply-add: the digits must match the original's plain
 * double arithmetic on every target (gcc -std=c11 already keeps it off) */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif
#include <math.h>
#include <string.h>

#include "timing/estimate.h"
#include "lib/hsort.h"
#include "lib/mlog.h"

void est_aik(double *a, int k)
{
	int i;

	/* log(x)/log(2.0), not log2(x): the original's expression, so the
	 * last bits (and hence printed digits) agree; qb_log is the C
	 * library's log (mlog.c) */
	for (i = 0; i < k; i++)
		a[i] = qb_log((double)(k + i + 1) / (double)(k + i)) / qb_log(2.0);
}

/* x[0] minus the weighted gaps above x[k-1]: the extrapolation of the
 * left endpoint below the sample minimum (a[0] is unused: its gap is 0) */
double est_ele(const double *x, size_t nx, const double *a, int k)
{
	double r;
	int i;

	if (k < 0 || nx < 2 * (size_t)k || nx == 0)
		return NAN;
	r = x[0];
	for (i = 1; i < k; i++)
		r -= a[i] * (x[k + i - 1] - x[k - 1]);
	return r;
}

void est_push(struct est_run *r, double x)
{
	double delta, dn;

	r->n++;
	delta = x - r->mean;
	dn = delta / (double)r->n;
	r->m2 += delta * dn * (double)(r->n - 1);
	r->mean += dn;
}

double est_pstdev(const struct est_run *r)
{
	return r->n ? sqrt(r->m2 / (double)r->n) : NAN;
}

/* core/lib's heap sort, the one the process engine sorts PIDs with,
 * rather than qsort() (the measured size in docs/studies/2026-12-01-tim-performance.md).
 * Any correct sort gives the same order statistics, so no estimate
 * changes. */
HSORT_DEFINE(sort_dbl, double)

void est_sort(double *x, size_t n)
{
	sort_dbl(x, n);
}

/* eLE needs 2k order statistics in each batch (n) and 4k in all (m*n) */
int est_check(size_t n, size_t m, int k)
{
	if (k < 0 || m < 1 || n < 1 || n < 2 * (size_t)k)
		return -1;
	return m * n < 4 * (size_t)k ? -1 : 0;
}

int est_emin(const double *xs, size_t n, size_t m, int k, double *tmp,
    struct est_min *out)
{
	/* tmp: the sorted copy, then the k weights, then the 2k weights */
	double *srt = tmp, *a1 = tmp + n * m, *a2 = a1 + k;
	struct est_run run = {0, 0, 0};
	size_t b;

	if (est_check(n, m, k))
		return -1;
	est_aik(a1, k);
	est_aik(a2, 2 * k);
	memcpy(srt, xs, n * m * sizeof *srt);
	for (b = 0; b < m; b++) {       /* per-batch estimates: the error */
		est_sort(srt + b * n, n);
		est_push(&run, est_ele(srt + b * n, n, a1, k));
	}
	est_sort(srt, n * m);     /* all: the estimate */
	out->est = est_ele(srt, n * m, a2, 2 * k);
	out->err = est_pstdev(&run);
	return 0;
}

int est_batches(const double *xs, size_t n, size_t m, int k, double *tmp,
    double *out)
{
	double a[256];
	size_t b;

	if (est_check(n, m, k) || k > 256)
		return -1;
	est_aik(a, k);
	for (b = 0; b < m; b++) {
		memcpy(tmp, xs + b * n, n * sizeof *tmp);
		est_sort(tmp, n);
		out[b] = est_ele(tmp, n, a, k);
	}
	return 0;
}

/* the median of v[0..n) (sorted in place), n >= 1 */
static double median(double *v, size_t n)
{
	est_sort(v, n);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* j: the order statistics the all-sample estimator uses, 4k (2 for k 0) */
static size_t span_j(int k)
{
	return k > 0 ? 4 * (size_t)k : 2;
}

size_t est_group_runs(size_t n, int k)
{
	return n ? (span_j(k) + n - 1) / n * n : 0;
}

double est_err_all(const double *xs, size_t n, size_t m, int k, double *tmp)
{
	size_t j = span_j(k), g, ng, sz, i;
	double *srt = tmp, *grp = tmp + n * m, *a = grp + n * m;
	double *t = a + 2 * (size_t)k + 1, *sp = t + m, *w = sp + m;
	struct est_run tr = {0, 0, 0}, br = {0, 0, 0};
	double span = 0, sall, sdt, med, cut, drift;
	size_t b;

	if (est_check(n, m, k))   /* also n >= 1 */
		return NAN;
	sz = est_group_runs(n, k);
	g = sz / n;             /* batches a group needs */
	ng = m / g;
	if (ng < 2)             /* two groups of >= j: n*m >= j too */
		return NAN;
	est_aik(a, 2 * k);
	for (i = 0; i < ng; i++) {
		memcpy(grp, xs + i * sz, sz * sizeof *grp);
		est_sort(grp, sz);
		t[i] = est_ele(grp, sz, a, 2 * k);
		sp[i] = grp[j - 1] - grp[0];
	}
	/* a group far above the others was slowed by something else (its
	 * runs are not among the smallest, so the estimate does not see it):
	 * it is left out of the spread, else one such group makes the error
	 * many times too wide. Far: above the median by more than EST_FAR
	 * scaled median absolute deviations, which the right-skewed spread of
	 * undisturbed groups passes in a few percent of runs (docs/studies/2026-12-04-tim-error.md). Never the median itself: at least half stay. */
	memcpy(w, t, ng * sizeof *w);
	med = median(w, ng);
	for (i = 0; i < ng; i++)
		w[i] = fabs(t[i] - med);
	cut = med + EST_FAR * 1.4826 * median(w, ng);
	est_aik(a, k);          /* a batch's own estimate, as est_emin's */
	for (i = 0; i < ng; i++)
		if (!(t[i] > cut) || cut == med) {  /* MAD 0: keep all */
			est_push(&tr, t[i]);
			span += sp[i];
			for (b = i * g; b < (i + 1) * g; b++) {
				memcpy(grp, xs + b * n, n * sizeof *grp);
				est_sort(grp, n);
				est_push(&br, est_ele(grp, n, a, k));
			}
		}
	span /= (double)tr.n;
	/* the drift the batches show: the standard error of the mean of
	 * their estimates (batch means), which a change of the machine's
	 * speed between batches widens and the span scaling below cannot
	 * see; added in quadrature (docs/studies/2026-12-04-tim-error.md) */
	drift = br.m2 / (double)(br.n - 1) / (double)br.n;
	memcpy(srt, xs, n * m * sizeof *srt);
	est_sort(srt, n * m);
	sall = srt[j - 1] - srt[0];
	/* the sample st.dev. (G - 1): G is small, and this is no quantity
	 * of the original's to match */
	sdt = sqrt(tr.m2 / (double)(tr.n - 1));
	if (!(span > 0))        /* ties at the minimum in every group */
		return sall > 0 ? NAN : sqrt(sdt * sdt + drift);
	return sqrt(sdt * sall / span * (sdt * sall / span) + drift);
}
