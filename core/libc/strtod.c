/* strtod.c: num_double and num_pow10, in place of strtod(3): decimal
 * and hexadecimal text to the nearest double, exactly as glibc's strtod
 * rounds it and with glibc's ERANGE rules, in every build. musl's strtod
 * would link the C library's whole float scanner into the static build:
 * 6,336 bytes more for the whole (docs/quickbox.md, "Each
 * re-implementation on trial"); tests/core.bats and
 * tests/fuzz/fuzz_numbers.c hold it to glibc's strtod. */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "libc/strtod.h"

/* How: the decimal digits are shifted by powers of two
 * until the value lies in [1/2, 1), then 64 bits are taken and rounded
 * once, to nearest even: exact for any input, as strtod is, with glibc's
 * errno (ERANGE on overflow, and on an inexact result below the smallest
 * normal). */
enum { DIGS = 800 };    /* more than the 767 digits a double can need */

struct dec {
	unsigned char d[DIGS];
	int nd, dp;         /* value 0.d[0]d[1]... times 10^dp */
	int trunc;          /* nonzero digits dropped past DIGS */
};

static void trim(struct dec *a)
{
	while (a->nd && !a->d[a->nd - 1])
		a->nd--;
	if (!a->nd)
		a->dp = 0;
}

/* times 2^k, k <= 60 */
static void dec_shl(struct dec *a, int k)
{
	unsigned char t[DIGS + 20];
	int i, w = DIGS + 20, n;
	unsigned long long c = 0;

	for (i = a->nd - 1; i >= 0 || c; i--) {
		if (i >= 0)
			c += (unsigned long long)a->d[i] << k;
		t[--w] = (unsigned char)(c % 10);
		c /= 10;
	}
	n = DIGS + 20 - w;
	a->dp += n - a->nd;
	if (n > DIGS) {
		for (i = DIGS; i < n; i++)
			a->trunc |= t[w + i];
		n = DIGS;
	}
	memcpy(a->d, t + w, (size_t)n);
	a->nd = n;
	trim(a);
}

/* divided by 2^k, k <= 60 */
static void dec_shr(struct dec *a, int k)
{
	unsigned long long r = 0, mask = (1ULL << k) - 1;
	int rd = 0, w = 0;

	while (!(r >> k)) {
		r = r * 10 + (rd < a->nd ? a->d[rd] : 0);
		rd++;
	}
	a->dp -= rd - 1;
	for (; rd < a->nd; rd++) {
		a->d[w++] = (unsigned char)(r >> k);
		r = (r & mask) * 10 + a->d[rd];
	}
	while (r) {
		if (w < DIGS)
			a->d[w++] = (unsigned char)(r >> k);
		else if (r >> k)
			a->trunc = 1;
		r = (r & mask) * 10;
	}
	a->nd = w;
	trim(a);
}

/* m * 2^(e-64), m's top bit set, sticky: bits below m were nonzero */
static int round_bits(unsigned long long m, int sticky, int e, int neg, double *out)
{
	unsigned long long keep, rem, half, bits;
	int sh = 11, tiny = e - 1 < -1022;

	if (tiny)
		sh += -1022 - (e - 1);
	if (sh > 64) {
		keep = 0, rem = 1, half = 2;    /* below half the least subnormal */
	} else if (sh == 64) {
		keep = 0, rem = m, half = 1ULL << 63;
	} else {
		keep = m >> sh, rem = m & ((1ULL << sh) - 1), half = 1ULL << (sh - 1);
	}
	if (rem > half || (rem == half && (sticky || (keep & 1))))
		keep++;
	if (!tiny && e + 1021 > 2046)
		return ERANGE;
	bits = tiny ? keep : ((unsigned long long)(e + 1021) << 52) + keep;
	if (bits >= 0x7ff0000000000000ULL)
		return ERANGE;          /* rounded up to infinity */
	bits |= (unsigned long long)neg << 63;
	memcpy(out, &bits, sizeof *out);
	return tiny && (rem || sticky) ? ERANGE : 0;
}

static int scan_exp(const char **p, long *x)
{
	const char *s = *p + 1;
	int neg = 0;

	if (*s == '+' || *s == '-')
		neg = *s++ == '-';
	if (*s < '0' || *s > '9')
		return 0;       /* not an exponent: left as junk */
	for (*x = 0; *s >= '0' && *s <= '9'; s++)
		if (*x < 100000000)
			*x = *x * 10 + (*s - '0');
	if (neg)
		*x = -*x;
	*p = s;
	return 1;
}

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	    c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* 0x mantissa [p exponent]: the bits are exact, rounded once */
static int scan_hex(const char *s, int neg, double *out)
{
	unsigned long long m = 0;
	long e = 0, x = 0;
	int any = 0, dot = 0, sticky = 0, h;

	for (;; s++) {
		if (*s == '.' && !dot) {
			dot = 1;
			continue;
		}
		if ((h = hexval((unsigned char)*s)) < 0)
			break;
		any = 1;
		if (m >> 60) {
			sticky |= h;
			e += dot ? 0 : 4;
		} else {
			m = m << 4 | (unsigned)h;
			e -= dot ? 4 : 0;
		}
	}
	if (!any)
		return EINVAL;
	if ((*s == 'p' || *s == 'P') && scan_exp(&s, &x))
		e += x;
	if (*s)
		return EINVAL;
	if (!m) {
		*out = neg ? -0.0 : 0.0;
		return 0;
	}
	while (!(m >> 63))
		m <<= 1, e--;
	if (e > 5000)
		return ERANGE;
	if (e < -5000)
		e = -5000;
	return round_bits(m, sticky, (int)e + 64, neg, out);
}

/* the digits of a times 10^x as the nearest double, one rounding */
static int dec_double(struct dec *a, long x, int neg, double *out)
{
	unsigned long long m = 0;
	int e = 0, i;

	trim(a);
	if (!a->nd) {
		*out = neg ? -0.0 : 0.0;
		return 0;
	}
	if (a->dp + x > 330)
		return ERANGE;
	if (a->dp + x < -360) {
		*out = neg ? -0.0 : 0.0;
		return ERANGE;
	}
	a->dp += (int)x;
	while (a->dp > 0) {
		int k = a->dp > 1 ? 3 * (a->dp - 1) : 1;

		dec_shr(a, k > 60 ? 60 : k);
		e += k > 60 ? 60 : k;
	}
	while (a->dp < 0 || (a->dp == 0 && a->d[0] < 5)) {
		int k = a->dp < 0 ? 3 * -a->dp : 1;

		dec_shl(a, k > 60 ? 60 : k);
		e -= k > 60 ? 60 : k;
	}
	dec_shl(a, 60);
	dec_shl(a, 4);
	for (i = 0; i < a->dp; i++)
		m = m * 10 + (i < a->nd ? a->d[i] : 0);
	return round_bits(m, a->trunc || a->nd > a->dp, e, neg, out);
}

static int scan_dec(const char *s, int neg, double *out)
{
	struct dec a;
	long x = 0;
	int any = 0, dot = 0;

	a.nd = a.dp = a.trunc = 0;
	for (;; s++) {
		if (*s == '.' && !dot) {
			dot = 1;
			continue;
		}
		if (*s < '0' || *s > '9')
			break;
		any = 1;
		if (*s == '0' && !a.nd) {
			a.dp -= dot;            /* a leading zero */
			continue;
		}
		if (a.nd < DIGS)
			a.d[a.nd++] = (unsigned char)(*s - '0');
		else
			a.trunc |= *s != '0';
		a.dp += !dot;
	}
	if (!any)
		return EINVAL;
	if (*s == 'e' || *s == 'E')
		scan_exp(&s, &x);
	if (*s)
		return EINVAL;
	return dec_double(&a, x, neg, out);
}

double num_pow10(int i)
{
	struct dec a = {{1}, 1, 1, 0};
	double v = HUGE_VAL;    /* kept when 10^i overflows */
	unsigned k = i < 0 ? 0U - (unsigned)i : (unsigned)i;

	/* up to 10^22 every power of ten is exact in a double, and so is
	 * each product on the way; its reciprocal is one correctly rounded
	 * division. Past that, the digit shifting of a parsed "1eI". */
	if (k <= 22) {
		for (v = 1; k--; )
			v *= 10;
		return i < 0 ? 1 / v : v;
	}
	dec_double(&a, i, 0, &v);
	return v;
}

static int lower_is(const char *s, const char *w)
{
	for (; *w; s++, w++)
		if ((*s | 32) != *w)
			return 0;
	return !*s;
}

int num_double(const char *s, double lo, double hi, double *out)
{
	double v;
	int neg = 0, r;

	if (*s == '+' || *s == '-')
		neg = *s++ == '-';
	if (*s == '0' && (s[1] | 32) == 'x' && (hexval((unsigned char)s[2]) >= 0 ||
	    (s[2] == '.' && hexval((unsigned char)s[3]) >= 0)))
		r = scan_hex(s + 2, neg, &v);
	else if (lower_is(s, "inf") || lower_is(s, "infinity"))
		return ERANGE;
	else
		r = scan_dec(s, neg, &v);     /* nan and junk: EINVAL */
	if (r)
		return r;
	if (v < lo || v > hi)
		return ERANGE;
	*out = v;
	return 0;
}

