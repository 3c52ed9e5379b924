/* num.c: strict decimal parsing with ranges and size suffixes. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"

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

#define K 1024ULL
const struct num_sfx num_sfx_si[] = {
	{"b", 512}, {"KB", 1000}, {"kB", 1000}, {"K", K}, {"k", K}, {"KiB", K},
	{"MB", 1000000}, {"M", K * K}, {"MiB", K * K},
	{"GB", 1000000000}, {"G", K * K * K}, {"GiB", K * K * K},
	{"TB", 1000000000000ULL}, {"T", K * K * K * K}, {"TiB", K * K * K * K},
	{"PB", 1000000000000000ULL}, {"P", K * K * K * K * K},
	{"PiB", K * K * K * K * K},
	{"EB", 1000000000000000000ULL}, {"E", K * K * K * K * K * K},
	{"EiB", K * K * K * K * K * K},
	{0, 0}
};

int num_ull_sfx(const char *s, const struct num_sfx *sfx, unsigned long long *out)
{
	const char *p = s;
	unsigned long long v = 0, m = 1;
	int big = 0;

	if (*p < '0' || *p > '9')
		return EINVAL;
	for (; *p >= '0' && *p <= '9'; p++) {
		unsigned d = (unsigned)(*p - '0');

		if (v > (ULLONG_MAX - d) / 10)
			big = 1;
		else
			v = v * 10 + d;
	}
	if (*p) {
		const struct num_sfx *x = sfx;

		for (; x && x->name; x++)
			if (!strcmp(p, x->name))
				break;
		if (!x || !x->name)
			return EINVAL;
		m = x->mult;
	}
	if (big || (m && v > ULLONG_MAX / m))
		return ERANGE;
	*out = v * m;
	return 0;
}

int num_double(const char *s, double lo, double hi, double *out)
{
	char *end;
	double v;

	if (!*s || *s == ' ' || *s == '\t' || *s == '\n')
		return EINVAL;
	errno = 0;
	v = strtod(s, &end);
	if (*end || end == s || isnan(v))
		return EINVAL;
	if (errno == ERANGE || isinf(v) || v < lo || v > hi)
		return ERANGE;
	*out = v;
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
