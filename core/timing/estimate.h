/* estimate.h: the minimum-time estimator of tim (docs/tim.md).
 *
 * Run times are the wanted time plus heavy-tailed noise, so the minimum is
 * what reproduces. eLE (Fraga Alves & Neves) extrapolates the left endpoint
 * of the time distribution from its 2k smallest order statistics; eMin
 * applies it to all m*n samples for the estimate and to each of the m
 * batches of n for the error: the population st.dev. of the batch estimates.
 * est_err_all gives the other error tim can print (--error=estimate): that
 * of the all-sample estimate itself, which a batch's spread overstates.
 * Pure functions: no I/O, no globals, no allocation (the weights take the
 * C library's log through core/lib/mlog.c, which tim loads first). */
#ifndef QB_ESTIMATE_H
#define QB_ESTIMATE_H

#include <stddef.h>

/* a[i] = log2((k+i+1)/(k+i)), i = 0..k-1 (the weights sum to 1) */
void est_aik(double *a, int k);

/* left endpoint of ascending x[0..nx); needs nx >= 2k (else NaN).
 * k <= 1 gives x[0], the sample minimum. */
double est_ele(const double *x, size_t nx, const double *a, int k);

/* x[0..n) ascending, in place; x holds no NaN */
void est_sort(double *x, size_t n);

/* Knuth/Welford running mean and M2, as Nim's RunningStat.push */
struct est_run {
	long n;
	double mean, m2;
};
void est_push(struct est_run *r, double x);
double est_pstdev(const struct est_run *r);     /* sqrt(M2/n), population */

struct est_min {
	double est, err;
};

/* scratch doubles est_emin needs for m batches of n with this k */
#define EST_TMP(n, m, k) ((size_t)(n) * (size_t)(m) + 3 * (size_t)(k))

/* 0 when m*n samples allow the estimate (m*n >= 4k, n >= 2k, m >= 1) */
int est_check(size_t n, size_t m, int k);

/* xs: the m*n samples in time order (unchanged); batch b is xs[b*n ..
 * (b+1)*n). tmp: EST_TMP(n, m, k) doubles. Returns 0, or -1 when
 * est_check fails (out untouched). */
int est_emin(const double *xs, size_t n, size_t m, int k, double *tmp,
    struct est_min *out);

/* the m per-batch estimates est_emin's error is the spread of: out[b]
 * is eLE (k statistics) of batch b. tmp: n doubles. -1 when est_check
 * fails. */
int est_batches(const double *xs, size_t n, size_t m, int k, double *tmp,
    double *out);

/* scratch doubles est_err_all needs */
#define EST_TMP_ALL(n, m, k) (2 * (size_t)(n) * (size_t)(m) + \
	2 * (size_t)(k) + 1 + 3 * (size_t)(m))

/* how far above the median, in scaled median absolute deviations, a
 * group's estimate is left out of est_err_all's spread */
#define EST_FAR 12

/* The error of est_emin's estimate (not of one batch's): the batches are
 * put in G >= 2 groups of g consecutive ones, g the fewest that hold the
 * j order statistics the all-sample estimator uses (j = 4k, at least 2);
 * each group gets that same estimator T and the span S = x(j) - x(1) of
 * its j smallest. Near the minimum both scale alike with the sample size
 * (extreme-value limit), so the sample st.dev. of the T, times S of all
 * m*n samples over the mean S of the groups, is the st.dev. of T at m*n
 * samples (docs/studies/2026-12-04-tim-error.md). Groups whose T is more than
 * EST_FAR * 1.4826 * MAD above the median of the T (slowed by other
 * load) are left out of both the st.dev. and the mean S. Added in
 * quadrature: the drift, the standard error of the mean of the kept
 * batches' own estimates (k statistics each), which the span scaling
 * would shrink with the sampling noise. xs as est_emin; tmp:
 * EST_TMP_ALL(n, m, k) doubles. NaN when fewer than 2 groups fit. */
double est_err_all(const double *xs, size_t n, size_t m, int k, double *tmp);

/* the runs in one of est_err_all's groups, g * n. From about
 * EST_FEW_RUNS a group its error holds; with fewer it can read 2-3 times
 * low, the left tail of real run times bending between a group's size and
 * all runs (docs/studies/2026-12-04-tim-error.md), and tim says so. */
size_t est_group_runs(size_t n, int k);
#define EST_FEW_RUNS 100

#endif
