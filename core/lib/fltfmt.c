/* fltfmt.c: double to exact decimal digits, and rounding them. */
#include <stdint.h>
#include <string.h>

#include "fltfmt.h"

/* A big integer in base 10^9, least significant limb first: base 10^9
 * makes the decimal digits fall out of each limb, and a limb times a
 * factor below 2^32 (plus the carry) fits 64 bits. 87 limbs hold the
 * largest integer used here, 2^53 * 5^1074 (767 digits). */
enum { LIMBS = 88, BASE = 1000000000 };

struct big {
	uint32_t l[LIMBS];
	int n;
};

static void big_mul(struct big *a, uint64_t f)     /* f <= 2^32 */
{
	uint64_t c = 0;
	int i;

	for (i = 0; i < a->n; i++) {
		c += a->l[i] * f;
		a->l[i] = (uint32_t)(c % BASE);
		c /= BASE;
	}
	for (; c; c /= BASE)
		a->l[a->n++] = (uint32_t)(c % BASE);
}

int flt_digits(double v, char d[FLT_DIGS], int *x)
{
	struct big a;
	uint64_t b, m;
	int e, n, i, k;

	memcpy(&b, &v, sizeof b);
	m = b & ((1ULL << 52) - 1);
	e = (int)(b >> 52 & 0x7ff);
	if (e)
		m |= 1ULL << 52;
	e = e ? e - 1075 : -1074;       /* |v| = m * 2^e */
	if (!m) {
		d[0] = '0';
		*x = 0;
		return 1;
	}
	for (; !(m & 1); m >>= 1)
		e++;
	a.n = 0;
	for (; m; m /= BASE)
		a.l[a.n++] = (uint32_t)(m % BASE);
	/* m * 2^e as an integer; for e < 0, m * 5^-e is |v| * 10^-e */
	for (k = e; k > 0; k -= 32)
		big_mul(&a, 1ULL << (k < 32 ? k : 32));
	for (k = -e; k > 0; k -= 13) {
		uint64_t f = 1220703125;        /* 5^13 */

		if (k < 13)
			for (f = 1, i = 0; i < k; i++)
				f *= 5;
		big_mul(&a, f);
	}
	/* the top limb without its leading zeros, then 9 digits a limb */
	n = 0;
	for (b = a.l[a.n - 1]; b; b /= 10)
		n++;
	for (b = a.l[a.n - 1], i = n; i--; b /= 10)
		d[i] = (char)('0' + b % 10);
	for (k = a.n - 2; k >= 0; k--) {
		uint32_t t = a.l[k];

		for (i = 9; i--; t /= 10)
			d[n + i] = (char)('0' + t % 10);
		n += 9;
	}
	*x = n - 1 + (e < 0 ? e : 0);
	while (d[n - 1] == '0')
		n--;
	return n;
}

/* whether any of d[0..n) is not '0' */
static int nonzero(const char *d, int n)
{
	while (n-- > 0)
		if (*d++ != '0')
			return 1;
	return 0;
}

int flt_round(char *d, int n, int k, int *x)
{
	int up, i;

	if (k >= n)
		return n;
	if (k < 0)
		return 0;       /* below a tenth of the last kept place */
	/* up past half, or on an exact half when the kept digit is odd (a
	 * digit before d[0] is 0: even) */
	up = d[k] > '5' || (d[k] == '5' && (nonzero(d + k + 1, n - k - 1) ||
	    (k && (d[k - 1] & 1))));
	if (!up) {
		while (k && d[k - 1] == '0')
			k--;
		return k;
	}
	for (i = k; i > 0 && d[i - 1] == '9'; i--)
		;
	if (!i) {               /* 99..9 rounded up: the next power of ten */
		d[0] = '1';
		++*x;
		return 1;
	}
	d[i - 1]++;
	return i;
}
