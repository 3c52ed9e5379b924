/* fuzz_estimate: tim's estimator on arbitrary samples (they come from
 * outside with --read). The first three bytes choose n (1..40 runs a
 * batch), m (1..24 batches) and k (0..5); the rest, 8 bytes a double,
 * cycled when short, are the m*n times, each made finite and >= 0 (as
 * tim's times are). Each function gets a scratch buffer of exactly the
 * size its macro says, so ASan sees any write past it. Oracles:
 *  - est_emin fails exactly when est_check does;
 *  - est_err_all is NaN or >= 0, and NaN when est_check fails;
 *  - both scale exactly: every step is a sum, difference, product by a
 *    constant, median or square root of samples, so doubling every
 *    sample (exact in binary floating point while nothing overflows or
 *    goes subnormal, as here) doubles the estimate, the batch error and
 *    the all-run error, bit for bit. */
#include <math.h>
#include <string.h>

#include "fuzz.h"
#include "timing/estimate.h"

static double sample(const uint8_t *p)
{
	uint32_t u;

	memcpy(&u, p, sizeof u);
	return (double)u / 1048576.0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t n, m, i, nd;
	int k;
	double *xs, *x2, *t1, *t2;
	struct est_min a = {0, 0}, b = {0, 0};
	double e1, e2;
	int r1, r2;

	if (size < 3)
		return 0;
	n = 1 + data[0] % 40;
	m = 1 + data[1] % 24;
	k = data[2] % 6;
	data += 3, size -= 3;
	nd = size / 4;
	xs = malloc(n * m * sizeof *xs);
	x2 = malloc(n * m * sizeof *x2);
	t1 = malloc(EST_TMP_ALL(n, m, k) * sizeof *t1);
	t2 = malloc(EST_TMP_ALL(n, m, k) * sizeof *t2);
	if (!xs || !x2 || !t1 || !t2)
		abort();
	for (i = 0; i < n * m; i++) {
		/* cycled input, each round shifted so repeats differ */
		xs[i] = nd ? sample(data + 4 * (i % nd)) + (double)(i / nd) : (double)i;
		x2[i] = 2 * xs[i];
	}
	/* est_emin's own scratch is the smaller EST_TMP */
	r1 = est_emin(xs, n, m, k, t1 + EST_TMP_ALL(n, m, k) - EST_TMP(n, m, k), &a);
	r2 = est_emin(x2, n, m, k, t2 + EST_TMP_ALL(n, m, k) - EST_TMP(n, m, k), &b);
	CHECK(r1 == (est_check(n, m, k) ? -1 : 0));
	CHECK(r1 == r2);
	if (!r1) {
		CHECK(b.est == 2 * a.est || (isnan(a.est) && isnan(b.est)));
		CHECK(b.err == 2 * a.err || (isnan(a.err) && isnan(b.err)));
	}
	e1 = est_err_all(xs, n, m, k, t1);
	e2 = est_err_all(x2, n, m, k, t2);
	CHECK(isnan(e1) || e1 >= 0);
	CHECK(!est_check(n, m, k) || isnan(e1));
	CHECK(e2 == 2 * e1 || (isnan(e1) && isnan(e2)));
	free(xs);
	free(x2);
	free(t1);
	free(t2);
	return 0;
}
