/* summary.h: the plain statistics of a set of run times, as hyperfine's
 * exports report them beside tim's estimate (mean, sample st.dev.,
 * median, min, max), and the one rule by which tim combines errors.
 *
 * tim reports the estimated minimum; these describe the runs themselves,
 * so a JSON export can be read by tools made for hyperfine's. Pure: no
 * I/O, no globals, no allocation (the caller gives the scratch). */
#ifndef QB_SUMMARY_H
#define QB_SUMMARY_H

#include <stddef.h>

struct summary {
	double mean, sd, median, min, max;      /* NaN when there is none */
};

/* x[0..n) in time order (summed in that order); tmp: n doubles, where x
 * is copied and sorted. sd is the sample st.dev. (n - 1), NaN for n < 2. */
void sum_runs(const double *x, size_t n, double *tmp, struct summary *s);

/* the mean of x[0..n), summed in order; NaN when n is 0 */
double sum_mean(const double *x, size_t n);

/* sqrt(a^2 + b^2): independent errors add in quadrature (an estimate
 * minus the overhead, a ratio's relative errors, a difference from a
 * baseline). Written out rather than hypot(), whose last bit may differ,
 * so the printed digits stay the original tool's. */
double sum_quad(double a, double b);

#endif
