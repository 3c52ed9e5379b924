/* compare.h: one comparison of two commands measured in paired batches:
 * their time ratio, its confidence interval and a verdict (docs/tim.md,
 * "Verdicts"; the method: docs/studies/2026-12-04-tim-verdict.md).
 *
 * Batch j of both commands ran close together in time (tim's
 * --interleave), so a slow change of the machine's speed moves both
 * sides of a pair alike and cancels in their ratio. The interval is
 * Student's t interval on the per-pair log-ratios, taken back to a ratio
 * (the geometric mean ratio and its interval, as used for paired
 * comparisons of positive, multiplicative quantities), and from
 * CMP_RANK pairs on the sign test's interval for their median. Runs made
 * at different times (a baseline) get Welch's interval. The verdict reads
 * the interval against 1 +- a threshold, the interval-inclusion form of
 * two one-sided tests (Schuirmann 1987). Pure: no I/O, no globals, no
 * allocation (exp and log come from core/lib/mlog.c). */
#ifndef QB_COMPARE_H
#define QB_COMPARE_H

#include <stddef.h>

/* The four answers, read off the interval against 1 and 1 +- threshold
 * (docs/tim.md, "Verdicts"); decided: below CMP_DIFFERS */
enum {
	CMP_FASTER,     /* the whole interval below 1 - threshold */
	CMP_SLOWER,     /* the whole interval above 1 + threshold */
	CMP_SAME,       /* the whole interval within 1 +- threshold */
	CMP_DIFFERS,    /* the interval excludes 1 but reaches past 1 +-
			 * threshold: a difference seen, its size unsettled */
	CMP_UNDECIDED   /* it holds 1 and reaches past 1 +- threshold: no
			 * difference seen, but none ruled out either */
};

struct cmp {
	double ratio;           /* y over x, the geometric mean of the pairs */
	double low, high;       /* its interval; NaN when there is none */
	double conf;            /* the interval's confidence, e.g. 0.95 */
	int verdict;            /* CMP_* */
	size_t pairs;           /* pairs used */
};

/* the verdict as the report prints it ("faster", "slower", "no
 * difference", "differs (size unsettled)", "undecided"), and as a
 * machine word for the exports ("faster", "slower", "same", "differs",
 * "undecided") */
const char *cmp_word(int verdict);
const char *cmp_key(int verdict);

/* pairs from which cmp_pairs takes the median and its sign-test
 * interval instead of the mean and Student's t */
#define CMP_RANK 20

/* x[j], y[j]: the estimates of batch j of the reference and of the
 * compared command, j < m. Below CMP_RANK usable pairs: Student's t
 * interval for the mean log-ratio; from CMP_RANK on: the median
 * log-ratio and the distribution-free interval of the order statistics
 * (the sign test's), which a few pairs hit by other load (heavy tails)
 * do not widen as they widen the t interval. conf in (0, 1), thr >= 0. A pair with a side
 * that is not positive (a command no slower than the overhead it is
 * minus) has no log-ratio: then, as with fewer than 3 pairs, there is
 * no interval and the verdict is CMP_UNDECIDED (ratio NaN when no pair
 * is usable). tmp: m doubles. */
void cmp_pairs(const double *x, const double *y, size_t m, double conf,
    double thr, double *tmp, struct cmp *out);

/* x[0..mx), y[0..my): batch estimates of the two commands measured at
 * different times (a --baseline file and this run), not paired: Welch's
 * t interval for the difference of the means of their logs (unequal
 * variances, Welch-Satterthwaite degrees of freedom), taken back to a
 * ratio y over x; no interval with fewer than 2 on a side, with a side
 * not positive, or under 2 degrees of freedom. pairs: the smaller count.
 * tmp: max(mx, my) doubles. */
void cmp_groups(const double *x, size_t mx, const double *y, size_t my,
    double conf, double thr, double *tmp, struct cmp *out);

/* the quantiles cmp_pairs takes: the standard normal's at p in (0, 1)
 * (Acklam's rational approximation, relative error < 1.2e-9), and
 * Student's t with df >= 2 degrees of freedom exceeded in absolute value
 * with probability p2 (Hill 1970, CACM Algorithm 396; exact for df 2,
 * relative error < 1e-5 from df 3 up) */
double cmp_zq(double p);
double cmp_tq(double p2, double df);

#endif
