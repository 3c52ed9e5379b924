/* summary.c: mean, st.dev., median, min, max of run times; quadrature. */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF    /* plain double arithmetic, as estimate.c */
#endif
#include <math.h>
#include <string.h>

#include "timing/estimate.h"
#include "timing/summary.h"

double sum_mean(const double *x, size_t n)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += x[i];
	return n ? s / (double)n : NAN;
}

/* the squared deviations are summed over the sorted copy, the mean over
 * the runs in time order: the order the export has always used, so its
 * digits do not move */
void sum_runs(const double *x, size_t n, double *tmp, struct summary *s)
{
	double q = 0;
	size_t i;

	s->mean = sum_mean(x, n);
	if (n)
		memcpy(tmp, x, n * sizeof *tmp);
	est_sort(tmp, n);
	for (i = 0; i < n; i++)
		q += (tmp[i] - s->mean) * (tmp[i] - s->mean);
	s->sd = n > 1 ? sqrt(q / (double)(n - 1)) : NAN;
	s->median = !n ? NAN : n % 2 ? tmp[n / 2] :
	    (tmp[n / 2 - 1] + tmp[n / 2]) / 2;
	s->min = n ? tmp[0] : NAN;
	s->max = n ? tmp[n - 1] : NAN;
}

double sum_quad(double a, double b)
{
	return sqrt(a * a + b * b);
}
