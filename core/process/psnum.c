/* psnum.c: libc's and procps's number conventions over num_ll. */
#include <ctype.h>
#include <limits.h>
#include <string.h>

#include "lib/num.h"
#include "process/psnum.h"

/* blanks, a sign, digits: the sign's position, the digits and their
 * count in *d and *n (0: no number) */
static const char *scan(const char *s, const char **d, size_t *n)
{
	const char *p = s;

	while (isspace((unsigned char)*p))
		p++;
	*d = p + (*p == '+' || *p == '-');
	*n = strspn(*d, "0123456789");
	return p;
}

/* the digits d[0..n) as an unsigned value, ~0 when they exceed it */
static unsigned long long digits(const char *d, size_t n)
{
	char buf[24];
	long long v;

	for (; n > 1 && *d == '0'; n--)  /* leading zeros add no value */
		d++;
	if (n >= sizeof buf)
		return ~0ULL;
	memcpy(buf, d, n);
	buf[n] = 0;
	if (!num_ll(buf, 0, LLONG_MAX, &v))
		return (unsigned long long)v;
	return ~0ULL;  /* above LLONG_MAX: taken as saturated (no PID,
	                  signal or id comes near) */
}

long ps_strtol(const char *s, const char **end)
{
	const char *d, *p;
	unsigned long long u;
	size_t n;

	p = scan(s, &d, &n);
	if (!n) {
		*end = s;
		return 0;
	}
	*end = d + n;
	u = digits(d, n);
	if (*p == '-')
		return u > (unsigned long long)LONG_MAX + 1 ? LONG_MIN :
		    (long)(0 - u);
	return u > LONG_MAX ? LONG_MAX : (long)u;
}

unsigned long ps_strtoul(const char *s, const char **end)
{
	const char *d, *p;
	unsigned long long u;
	size_t n;

	p = scan(s, &d, &n);
	if (!n) {
		*end = s;
		return 0;
	}
	*end = d + n;
	u = digits(d, n);
	if (u == ~0ULL)
		return ULONG_MAX;
	return *p == '-' ? (unsigned long)(0 - u) : (unsigned long)u;
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
