/* fltfmt.c: a double as printf's %e %f %g text, from its exact digits,
 * in place of printf(3)'s: glibc's text byte for byte, 10,496 bytes less
 * than musl's vsnprintf in the whole static binary (fltfmt.h;
 * docs/quickbox.md, "Each re-implementation on trial"). */
#include <stdint.h>
#include <string.h>

#include "libc/fltfmt.h"

enum { FLT_DIGS = 780 };        /* room for any double's digits */

/* A big integer in base 10^9, least significant limb first: base 10^9
 * makes the decimal digits fall out of each limb, and a limb times a
 * factor of at most 2^32 (plus the carry) fits 64 bits. 87 limbs hold the
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

/* The digits of |v| (v finite) in d[0..n), n returned, no leading zero,
 * and *x such that |v| = d[0].d[1]d[2]... * 10^*x. Zero is "0", *x 0.
 * Trailing zeros are left out. */
static int digits(double v, char d[FLT_DIGS], int *x)
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

/* d[0..n) (exponent *x as above) rounded to its first k digits, k any
 * int: half to even, on the exact value the digits spell. Returns the
 * new count (0: the value rounded to zero). A carry out of d[0] makes
 * the digits "1" and adds 1 to *x. */
static int round_to(char *d, int n, int k, int *x)
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

/* digits from .. from+cnt-1 of d[0..n), zeros outside it, appended to
 * the head; in the text's last run (end), zeros past the last digit are
 * only counted (any precision) */
static void digs(struct flt_text *t, const char *d, int n, long long from,
    long long cnt, int end)
{
	long long z = from < 0 ? (-from < cnt ? -from : cnt) : 0, in;

	memset(t->head + t->nhead, '0', (size_t)z);
	t->nhead += (size_t)z;
	from += z, cnt -= z;
	in = from < n ? (n - from < cnt ? n - from : cnt) : 0;
	memcpy(t->head + t->nhead, d + from, (size_t)in);
	t->nhead += (size_t)in;
	if (end) {
		t->zeros = cnt - in;
	} else {
		memset(t->head + t->nhead, '0', (size_t)(cnt - in));
		t->nhead += (size_t)(cnt - in);
	}
}

void flt_conv(struct flt_text *t, char conv, int prec, double v)
{
	char d[FLT_DIGS], *e = t->tail + sizeof t->tail;
	int c = conv | 32, sci = c == 'e', n, x, p;
	long long frac = prec < 0 ? 6 : prec;
	uint64_t b;

	memcpy(&b, &v, sizeof b);
	t->neg = (int)(b >> 63);
	t->nhead = t->ntail = 0;
	t->zeros = 0;
	t->finite = (b >> 52 & 0x7ff) != 0x7ff;
	if (!t->finite) {       /* upper case: the second copy */
		memcpy(t->head, (b << 12 ? "nanNAN" : "infINF") + (conv == c ? 0 : 3), 3);
		t->nhead = 3;
		return;
	}
	n = digits(v, d, &x);
	if (c == 'f') {
		n = round_to(d, n, (int)(x + frac + 1 > FLT_DIGS ? FLT_DIGS :
		    x + frac + 1), &x);
	} else {
		p = c == 'e' ? (int)(frac < FLT_DIGS ? frac + 1 : FLT_DIGS) :
		    frac ? (int)(frac < FLT_DIGS ? frac : FLT_DIGS) : 1;
		n = round_to(d, n, p, &x);
		if (c == 'g') {
			/* %f from 10^-4 to below 10^precision, else %e; no
			 * trailing zeros (nor a point with nothing after) */
			long long keep, pg = frac ? frac : 1;

			sci = x < -4 || x >= pg;
			frac = sci ? pg - 1 : pg - 1 - x;
			keep = sci ? n - 1 : n - 1 - x;
			if (frac > keep)
				frac = keep > 0 ? keep : 0;
		}
	}
	if (sci || x < 0)       /* one digit before the point */
		digs(t, d, n, sci ? 0 : -1, 1, 0);
	else
		digs(t, d, n, 0, x + 1, 0);     /* at most 309 */
	if (frac) {
		t->head[t->nhead++] = '.';
		digs(t, d, n, sci ? 1 : x + 1, frac, 1);
	}
	if (sci) {              /* e, sign, at least two digits */
		int a = x < 0 ? -x : x;

		do
			*--e = (char)('0' + a % 10);
		while ((a /= 10) || e > t->tail + sizeof t->tail - 2);
		*--e = x < 0 ? '-' : '+';
		*--e = conv == c ? 'e' : 'E';
		t->ntail = (size_t)(t->tail + sizeof t->tail - e);
		memmove(t->tail, e, t->ntail);
	}
}
