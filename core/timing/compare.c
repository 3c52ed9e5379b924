/* compare.c: ratio, interval and verdict from paired batches. */
#include <math.h>

#include "timing/compare.h"
#include "timing/estimate.h"
#include "lib/mlog.h"

static const char *const words[] = {"faster", "slower", "no difference",
	"differs (size unsettled)", "undecided", "faster", "slower", "same",
	"differs", "undecided"};

const char *cmp_word(int v)
{
	return words[v];
}

const char *cmp_key(int v)
{
	return words[v + 5];
}

/* a polynomial in x with coefficients c[0..n), highest first */
static double poly(const double *c, int n, double x)
{
	double r = 0;
	int i;

	for (i = 0; i < n; i++)
		r = r * x + c[i];
	return r;
}

double cmp_zq(double p)
{
	static const double a[] = {-3.969683028665376e+01,
		2.209460984245205e+02, -2.759285104469687e+02,
		1.383577518672690e+02, -3.066479806614716e+01,
		2.506628277459239e+00};
	static const double b[] = {-5.447609879822406e+01,
		1.615858368580409e+02, -1.556989798598866e+02,
		6.680131188771972e+01, -1.328068155288572e+01, 1};
	static const double c[] = {-7.784894002430293e-03,
		-3.223964580411365e-01, -2.400758277161838e+00,
		-2.549732539343734e+00, 4.374664141464968e+00,
		2.938163982698783e+00};
	static const double d[] = {7.784695709041462e-03,
		3.224671290700398e-01, 2.445134137142996e+00,
		3.754408661907416e+00, 1};
	double q;

	if (!(p > 0 && p < 1))
		return NAN;
	if (p > 0.5)
		return -cmp_zq(1 - p);
	if (p < 0.02425) {      /* the tail */
		q = sqrt(-2 * qb_log(p));
		return poly(c, 6, q) / poly(d, 5, q);
	}
	q = p - 0.5;
	return poly(a, 6, q * q) * q / poly(b, 6, q * q);
}

double cmp_tq(double p, double n)
{
	double a, b, c, d, x, y;

	if (!(p > 0 && p < 1) || !(n >= 2))
		return NAN;
	if (n == 2)
		return sqrt(2 / (p * (2 - p)) - 2);
	a = 1 / (n - 0.5);
	b = 48 / (a * a);
	c = ((20700 * a / b - 98) * a - 16) * a + 96.36;
	d = ((94.5 / (b + c) - 3) / b + 1) * sqrt(a * 1.5707963267948966) * n;
	x = d * p;
	y = qb_exp(2 / n * qb_log(x));  /* x^(2/n) */
	if (y > 0.05 + a) {     /* from the normal quantile */
		x = cmp_zq(p / 2);
		y = x * x;
		if (n < 5)
			c += 0.3 * (n - 4.5) * (x + 0.6);
		c = (((0.05 * d * x - 5) * x - 7) * x - 2) * x + b + c;
		y = (((((0.4 * y + 6.3) * y + 36) * y + 94.5) / c - y - 3) / b +
		    1) * x;
		y = a * y * y;
		y = y > 0.002 ? qb_exp(y) - 1 : 0.5 * y * y + y;
	} else {                /* the far tail, by its asymptotic series */
		y = ((1 / (((n + 6) / (n * y) - 0.089 * d - 0.822) * (n + 2) *
		    3) + 0.5 / (n + 4)) * y - 1) * (n + 1) / (n + 2) + 1 / y;
	}
	return sqrt(n * y);
}

/* the ratio and interval from their logs, read against 1 +- thr */
static void bounds(double mid, double lo, double hi, double thr,
    struct cmp *out)
{
	out->ratio = qb_exp(mid);
	out->low = qb_exp(lo);
	out->high = qb_exp(hi);
	out->verdict = CMP_UNDECIDED;
	if (out->high < 1 - thr)
		out->verdict = CMP_FASTER;
	else if (out->low > 1 + thr)
		out->verdict = CMP_SLOWER;
	else if (out->low >= 1 - thr && out->high <= 1 + thr)
		out->verdict = CMP_SAME;
	else if (out->low > 1 || out->high < 1)
		out->verdict = CMP_DIFFERS;
}

/* mean +- t(df) * se on the log scale; no interval (undecided) when se
 * is NaN, or df < 2 with se > 0 (se 0: every log the same, the interval
 * a point) */
static void interval(double mean, double se, double df, double thr,
    struct cmp *out)
{
	double h = se > 0 ? cmp_tq(1 - out->conf, df) * se : 0;

	bounds(mean, mean - h, mean + h, thr, out);
	if (isnan(h) || isnan(se)) {
		out->low = out->high = NAN;
		out->verdict = CMP_UNDECIDED;
	}
}

/* the logs of the k positive ones of v[0..m) into tmp, their mean and
 * sum of squared deviations; -1 when one is not positive */
static int logs(const double *v, size_t m, double *tmp, size_t *k,
    double *mean, double *ss)
{
	size_t j;
	int bad = 0;

	*k = 0;
	*mean = *ss = 0;
	for (j = 0; j < m; j++) {
		if (v[j] > 0)
			*mean += tmp[(*k)++] = qb_log(v[j]);
		else
			bad = 1;
	}
	*mean = *k ? *mean / (double)*k : NAN;
	for (j = 0; j < *k; j++)
		*ss += (tmp[j] - *mean) * (tmp[j] - *mean);
	return -bad;
}

void cmp_pairs(const double *x, const double *y, size_t m, double conf,
    double thr, double *tmp, struct cmp *out)
{
	double mean, ss, jd;
	size_t j, k;
	int bad = 0;

	for (j = 0; j < m; j++) {   /* y/x, or 0 when a side is not positive */
		tmp[j] = x[j] > 0 && y[j] > 0 ? y[j] / x[j] : 0;
		bad |= !(tmp[j] > 0);
	}
	logs(tmp, m, tmp, &k, &mean, &ss);
	out->conf = conf;
	out->pairs = k;
	/* from CMP_RANK pairs on: the median and its sign-test interval,
	 * order statistics j and k + 1 - j (1-based), j from the normal
	 * approximation of Binomial(k, 1/2) with continuity correction;
	 * converted only when at least 1 (few pairs at a high confidence
	 * make it negative, and a negative double cast to size_t is
	 * undefined: clang's UBSan stops there) */
	jd = ((double)k + 1 - cmp_zq(1 - (1 - conf) / 2) * sqrt((double)k)) / 2;
	if (!bad && k >= CMP_RANK && jd >= 1) {
		j = (size_t)jd;
		est_sort(tmp, k);
		bounds((tmp[(k - 1) / 2] + tmp[k / 2]) / 2, tmp[j - 1], tmp[k - j],
		    thr, out);
		return;
	}
	interval(mean, bad || k < 3 ? NAN : sqrt(ss / (double)(k - 1) /
	    (double)k), (double)k - 1, thr, out);
}

void cmp_groups(const double *x, size_t mx, const double *y, size_t my,
    double conf, double thr, double *tmp, struct cmp *out)
{
	double ax, ay, sx, sy, vx, vy, se2;
	size_t kx, ky;
	int bad = logs(x, mx, tmp, &kx, &ax, &sx) | logs(y, my, tmp, &ky, &ay,
	    &sy);

	vx = kx > 1 ? sx / (double)(kx - 1) / (double)kx : NAN;
	vy = ky > 1 ? sy / (double)(ky - 1) / (double)ky : NAN;
	se2 = vx + vy;
	out->conf = conf;
	out->pairs = kx < ky ? kx : ky;
	/* Welch-Satterthwaite degrees of freedom */
	interval(ay - ax, bad ? NAN : sqrt(se2), se2 * se2 / (vx * vx /
	    (double)(kx - 1) + vy * vy / (double)(ky - 1)), thr, out);
}
