/* num.c: strict decimal parsing with ranges. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#include "lib/num.h"

int num_ll(const char *s, long long lo, long long hi, long long *out)
{
	const char *p = s;
	unsigned long long v = 0, lim;
	int neg = 0;

	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	if (*p < '0' || *p > '9')
		return EINVAL;
	lim = neg ? (unsigned long long)LLONG_MAX + 1 : LLONG_MAX;
	for (; *p >= '0' && *p <= '9'; p++) {
		unsigned d = (unsigned)(*p - '0');

		if (v > (lim - d) / 10) {
			while (*p >= '0' && *p <= '9')
				p++;
			return *p ? EINVAL : ERANGE;
		}
		v = v * 10 + d;
	}
	if (*p)
		return EINVAL;
	{
		long long r = neg ? (long long)(0ULL - v) : (long long)v;

		if (r < lo || r > hi)
			return ERANGE;
		*out = r;
	}
	return 0;
}

int num_digits(const char *s, unsigned base, int max, unsigned *out)
{
	static const char dig[] = "0123456789abcdef";
	unsigned v = 0;
	int k;

	for (k = 0; k < max && s[k]; k++) {
		const char *d = strchr(dig, s[k] >= 'A' && s[k] <= 'F' ? s[k] + 32 : s[k]);

		if (!d || (unsigned)(d - dig) >= base)
			break;
		v = v * base + (unsigned)(d - dig);
	}
	*out = v;
	return k;
}

int num_ull(const char *s, unsigned long long *out)
{
	unsigned long long v = 0;
	int big = 0;

	if (*s < '0' || *s > '9')
		return EINVAL;
	for (; *s >= '0' && *s <= '9'; s++) {
		unsigned d = (unsigned)(*s - '0');

		if (v > (ULLONG_MAX - d) / 10)
			big = 1;
		else
			v = v * 10 + d;
	}
	if (*s)
		return EINVAL;
	if (big)
		return ERANGE;
	*out = v;
	return 0;
}
