/* fmtunc.c: value±error formatting with the original tool's exact rounding,
 * and the x87 set to round as every other target does. */
/* no fused multiply-add: the digits must match the original's plain
 * double arithmetic on every target (gcc -std=c11 already keeps it off) */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "timing/fmtunc.h"
#include "lib/num.h"

/* the x87 rounds to double, as every other target (fmtunc.h) */
void fp_double(void)
{
#if defined(__i386__) && !defined(__SSE2_MATH__)
	unsigned short cw;

	/* precision control (bits 8-9) 10: 53-bit mantissas. The exponent
	 * range stays the x87's, which only an overflow or a subnormal result
	 * could show; tim's scaled values stay far from both. */
	__asm__ volatile ("fnstcw %0" : "=m" (cw));
	cw = (unsigned short)((cw & ~0x300u) | 0x200u);
	__asm__ volatile ("fldcw %0" : : "m" (cw));
#endif
}

/* 10^i as the correctly rounded double (the literal 1eI): the original
 * multiplies by exactly these, and pow() is not guaranteed to round the
 * same, which would move some last digits. num_pow10 builds them rather
 * than a 5 KB table of literals. The original's table stops at 1e-308
 * and so has no defined digits for a subnormal x; here such an x prints
 * like any other (1e-309 as 1.000..e-309). */
static double p10(int i)
{
	return num_pow10(i);
}

/* x * 10^i with one multiplication in the double range, as the original;
 * out-of-table exponents (subnormals only) take two steps, never inf*0 */
static double scale(double x, int i)
{
	if (i > 308)
		return x * p10(308) * p10(i - 308);
	if (i < -308)
		return x * p10(-308) * p10(i + 308);
	return x * p10(i);
}

/* unbiased binary exponent as stored (subnormals give -1023) */
static int expo(double x)
{
	uint64_t b;

	memcpy(&b, &x, sizeof b);
	return (int)((b >> 52) & 0x7ff) - 1023;
}

/* cligen's fast floor(log10(x)) for finite x >= 0, quirks included */
static int floor_log10(double x)
{
	int r;

	if (x == 0)
		return 0;
	r = (int)(0.30102999566398119521 * (double)(expo(x) + 1));
	if (x >= 1)
		r++;
	if ((int64_t)scale(x, 1 - r) == 0)
		r--;
	r--;
	if (x == 1e11)  /* 1e11 * 1e-11 falls just short of 1.0 */
		r++;
	return r;
}

struct num {            /* one number in scientific parts */
	char man[40];   /* [-]D.DDD (always with a '.') or [-]inf / [-]nan */
	char ex[8];     /* "e+05", "e-03"; "" for inf/nan */
	int x;          /* decimal exponent (0 for inf/nan) */
	int bumped;     /* rounding carried into a new decade */
	int zero;       /* a statistical zero: val is below err's last digit */
};

/* digits after the point, zero-padded to p, from the rounded fraction;
 * full: the fraction rounded up to 10^p, which prints as p zeros */
static char *put_frac(char *s, uint64_t frac, int p, int full)
{
	char d[24];
	int nd = 0, i;

	if (!full)
		for (; frac; frac /= 10)
			d[nd++] = (char)('0' + frac % 10);
	for (i = 0; i < p - nd; i++)
		*s++ = '0';
	while (nd)
		*s++ = d[--nd];
	return s;
}

/* x > 0 (or 0) is dig.ddd * 10^(e-1): e estimated from the binary
 * exponent, then lowered once if that leaves no leading digit. Returns e
 * and the leading digit, which is 10 for x == 1 (the caller carries). */
static int lead(double x, uint64_t *dig)
{
	int e = (int)(0.30102999566398119521 * (double)(expo(x) + 1));

	if (x == 0)
		e = 0;
	if (x > 1)
		e++;
	*dig = (uint64_t)scale(x, 1 - e);
	if (*dig == 0) {
		e--;
		*dig = (uint64_t)scale(x, 1 - e);
	}
	return e;
}

/* "e+05": a sign and at least two digits */
static void put_exp(char *s, int x)
{
	*s++ = 'e';
	*s++ = x < 0 ? '-' : '+';
	if (x < 0)
		x = -x;
	if (x >= 100)
		*s++ = (char)('0' + x / 100);
	*s++ = (char)('0' + x / 10 % 10);
	*s++ = (char)('0' + x % 10);
	*s = 0;
}

/* the p decimals after the leading digit as an integer, rounded half up
 * from the float-scaled fraction; an exact power of ten has none (the
 * original special-cases it too: its scaled value may miss by an ulp) */
static uint64_t frac_digits(double x, int e, uint64_t dig, int p)
{
	if (x == p10(e - 1))
		return 0;
	return (uint64_t)((scale(x, 1 - e) - (double)dig) * p10(p) + 0.5);
}

/* ecvt: mantissa D.ddd with p decimals (at most 18), then the exponent.
 * The fraction is rounded as trunc((x*10^(1-e) - D)*10^p + 0.5). */
static void ecvt(struct num *o, double x, int p)
{
	char *s = o->man;
	uint64_t dig, frac;
	int e, carry = 0;

	o->ex[0] = 0;
	o->x = 0;
	o->bumped = 0;
	if (signbit(x))
		*s++ = '-';
	x = fabs(x);
	if (isnan(x) || isinf(x)) {
		strcpy(s, isnan(x) ? "nan" : "inf");
		return;
	}
	e = lead(x, &dig);
	if (p > 18)     /* the fraction must fit a uint64_t */
		p = 18;
	frac = frac_digits(x, e, dig, p);
	if ((double)frac >= p10(p)) {   /* .999.. rounded up: carry */
		dig++;
		carry = 1;
	}
	if (dig > 9) {                  /* into the next decade */
		dig = 1;
		e++;
		o->bumped = x != 1.0;   /* 1.0 only looked like a carry */
	}
	*s++ = (char)('0' + dig);
	*s++ = '.';
	s = put_frac(s, frac, p, carry);
	*s = 0;
	if (x == 0)     /* lead() left e at -1; zero's exponent is 0 */
		e += 2;
	o->x = e - 1;
	put_exp(o->ex, o->x);
}

/* "0" with exponent 0: a value below the error's last digit */
static void stat_zero(struct num *v)
{
	strcpy(v->man, "0.");
	strcpy(v->ex, "e0");
	v->x = 0;
	v->bumped = 0;
	v->zero = 1;
}

/* Round err to 2 significant digits and val to the same decimal place.
 * The special cases are the original's, kept for identical bytes. */
static void parts(struct num *v, struct num *u, double val, double err)
{
	double av = fabs(val);
	int places;

	err = fabs(err);
	if (err == 0 || isnan(err)) {           /* no error: 16 digits each */
		ecvt(v, val, 16);
		ecvt(u, err, 16);
		return;
	}
	ecvt(u, err, 1);
	if (!u->ex[0] || !isfinite(val)) {      /* inf err, or inf/nan val */
		if (isfinite(val) && av < 1e-6 * err)
			stat_zero(v);
		else
			ecvt(v, val, 16), v->x = 0;
		return;
	}
	places = floor_log10(av) - u->x + 1;
	if (places < 0) {
		if (val == 0) {
			ecvt(v, val, 16);
			v->x = 0;       /* the original leaves the exponent 0 */
		} else {
			stat_zero(v);
		}
		return;
	}
	ecvt(v, val, places);
	if (v->bumped)          /* keep the last digit aligned with err's */
		strcat(v->man, "0");
}

struct sink {           /* snprintf-like output: counts past the end */
	char *buf;
	size_t size, len;
};

static void put(struct sink *k, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++, k->len++)
		if (k->len + 1 < k->size)
			k->buf[k->len] = s[i];
}

static void puts_(struct sink *k, const char *s)
{
	put(k, s, strlen(s));
}

/* "[-]D.ddd", point at dp, moved n > 0 places left: "[-]0.00Dddd" */
static char *shift_left(char *t, const char *s, int dp, int n)
{
	int i;

	if (s[0] == '-' || s[0] == '+')
		*t++ = s[0];
	*t++ = '0', *t++ = '.';
	for (i = 0; i < n - 1; i++)
		*t++ = '0';
	*t++ = s[dp - 1];
	return stpcpy(t, s + dp + 1);
}

/* the same, moved n > 0 places right; zeros pad past the last digit */
static char *shift_right(char *t, const char *s, int dp, int n)
{
	int len = (int)strlen(s), i;

	t = mempcpy(t, s, (size_t)dp);
	if (n < len - dp) {
		t = mempcpy(t, s + dp + 1, (size_t)n);
		*t++ = '.';
		return stpcpy(t, s + dp + n + 1);
	}
	t = mempcpy(t, s + dp + 1, (size_t)(len - dp - 1));
	for (i = 0; i < dp + n - len + 1; i++)
		*t++ = '0';
	*t++ = '.';
	return t;
}

/* a mantissa with its point moved shift places (as the original shifts it), a
 * trailing '.' dropped. |shift| stays under ~40 here since mantissas have
 * at most 22 chars, so 128 bytes always hold the result. */
static void shift_pt(struct sink *k, const char *s, int shift)
{
	char o[128], *t = o;
	const char *pt = strchr(s, '.');
	int dp;

	if (!pt) {
		puts_(k, s);
		return;
	}
	dp = (int)(pt - s);
	if (shift < -64 || shift > 64)  /* cannot happen; stay in bounds */
		shift = 0;
	if (shift < 0)
		t = shift_left(o, s, dp, -shift);
	else if (shift > 0)
		t = shift_right(o, s, dp, shift);
	else
		t = stpcpy(o, s);
	if (t > o && t[-1] == '.')
		t--;
	put(k, o, (size_t)(t - o));
}

/* an error with no exponent is inf or nan and prints as it is */
static void put_err(struct sink *k, const struct num *u, int shift)
{
	if (u->ex[0])
		shift_pt(k, u->man, shift);
	else
		puts_(k, u->man);
}

/* -2 <= X <= 4: "VAL pm ERR" as plain decimals; err's point moves so its
 * last digit sits under val's (the mantissas' lengths differ by that) */
static void put_fixed(struct sink *k, const struct num *v,
    const struct num *u, const char *pm)
{
	int neg = v->man[0] == '-';

	if (v->ex[0])
		shift_pt(k, v->man, v->x);
	else
		puts_(k, v->man);
	puts_(k, pm);
	put_err(k, u, v->x - ((int)strlen(v->man) - (int)strlen(u->man) -
	    neg));
}

/* otherwise "(VALMAN pm ERR)e+XX", err on val's mantissa scale */
static void put_sci(struct sink *k, const struct num *v,
    const struct num *u, const char *pm)
{
	int neg = v->man[0] == '-';

	puts_(k, "(");
	shift_pt(k, v->man, 0);
	puts_(k, pm);
	put_err(k, u, (int)strlen(u->man) - (int)strlen(v->man) + neg);
	puts_(k, ")");
	puts_(k, v->ex);
}

/* A statistical zero prints "0 pm ERR" with err at its own scale. The
 * original shifts err by the zero's mantissa length instead, which is right
 * only for 10 <= err < 100: 0.001 +- 0.5 came out "0 +- 50", a hundred
 * times too wide. Deliberate difference, in docs/tim.md. */
static void put_zero(struct sink *k, const struct num *u, const char *pm)
{
	if (u->x >= -2 && u->x <= 4) {
		puts_(k, "0");
		puts_(k, pm);
		put_err(k, u, u->x);
		return;
	}
	puts_(k, "(0");
	puts_(k, pm);
	put_err(k, u, 0);
	puts_(k, ")");
	puts_(k, u->ex);
}

size_t fmt_uncertain(char *buf, size_t size, double val, double err,
    const char *pm)
{
	struct num v, u;
	struct sink k = {buf, size, 0};

	memset(&v, 0, sizeof v);
	parts(&v, &u, val, err);
	if (v.zero)
		put_zero(&k, &u, pm);
	else if (v.x >= -2 && v.x <= 4)
		put_fixed(&k, &v, &u, pm);
	else
		put_sci(&k, &v, &u, pm);
	if (size)
		buf[k.len < size ? k.len : size - 1] = 0;
	return k.len;
}
