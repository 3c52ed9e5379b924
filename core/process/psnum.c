/* psnum.c: libc's and procps's number conventions over num_ll. */
#include <ctype.h>
#include <limits.h>
#include <string.h>

#include "lib/num.h"
#include "process/psnum.h"

/* blanks, a sign, digits: their value, ~0 when it exceeds LLONG_MAX
 * (taken as saturated: no PID, signal or id comes near); *neg for a
 * '-', *end past the digits, or s (and 0) when there are none */
static unsigned long long number(const char *s, const char **end, int *neg)
{
	const char *p = s, *d;
	char buf[24];
	long long v;
	size_t n;

	while (isspace((unsigned char)*p))
		p++;
	*neg = *p == '-';
	d = p + (*p == '+' || *p == '-');
	n = strspn(d, "0123456789");
	*end = s;
	if (!n)
		return 0;
	*end = d + n;
	for (; n > 1 && *d == '0'; n--)  /* leading zeros add no value */
		d++;
	if (n >= sizeof buf)
		return ~0ULL;
	memcpy(buf, d, n);
	buf[n] = 0;
	return num_ll(buf, 0, LLONG_MAX, &v) ? ~0ULL : (unsigned long long)v;
}

long ps_strtol(const char *s, const char **end)
{
	int neg;
	unsigned long long u = number(s, end, &neg);

	if (neg)
		return u > (unsigned long long)LONG_MAX + 1 ? LONG_MIN :
		    (long)(0 - u);
	return u > LONG_MAX ? LONG_MAX : (long)u;
}

unsigned long ps_strtoul(const char *s, const char **end)
{
	int neg;
	unsigned long long u = number(s, end, &neg);

	if (u == ~0ULL)
		return ULONG_MAX;
	return neg ? (unsigned long)(0 - u) : (unsigned long)u;
}

int ps_atoi(const char *s)
{
	const char *e;

	return (int)ps_strtol(s, &e);
}

int ps_strict_long(const char *s, long *v)
{
	int neg = *s == '-';
	long long r = 0;

	s += *s == '+' || *s == '-';
	if (strspn(s, "0123456789") != strlen(s))
		return 0;
	if (*s && num_ll(s, 0, 9223372036854775799LL, &r))
		return 0;
	*v = neg ? -(long)r : (long)r;
	return 1;
}
