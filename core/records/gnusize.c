/* gnusize.c: numbers as GNU head/tail accept them ("5", " +5", "1kB", "k"):
 * GNU's grammar of blanks, sign and suffixes; the digits go through num.c. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "records/gnusize.h"
#include "lib/num.h"

/* power of the base a suffix letter stands for, -1 if not one */
static int sfx_power(char c)
{
	static const char letters[] = "KMGTPEZY";
	const char *p;

	if (c == 'k')
		return 1;
	if (c == 'm')
		return 2;
	p = strchr(letters, c);
	return c && p ? (int)(p - letters) + 1 : -1;
}

static int scale(unsigned long long *v, unsigned base, int power)
{
	while (power-- > 0) {
		if (*v > ULLONG_MAX / base)
			return EOVERFLOW;
		*v *= base;
	}
	return 0;
}

/* the suffix at p: "b", or a letter then "", "B" (1000s) or "iB" (1024s) */
static int suffix(const char *p, unsigned long long *v)
{
	int power;

	if (!*p)
		return 0;
	if (!strcmp(p, "b"))
		return *v > ULLONG_MAX / 512 ? EOVERFLOW : (*v *= 512, 0);
	power = sfx_power(*p);
	if (power < 0)
		return EINVAL;
	if (!p[1] || !strcmp(p + 1, "iB"))
		return scale(v, 1024, power);
	if (!strcmp(p + 1, "B"))
		return scale(v, 1000, power);
	return EINVAL;
}

int gnu_size(const char *s, unsigned long long *out)
{
	unsigned long long v = 1;
	int big = 0, r;
	const char *p = s;
	size_t nd;

	while (isspace((unsigned char)*p))
		p++;
	if (*p == '+')
		p++;
	nd = strspn(p, "0123456789");
	if (!nd) {
		/* a bare suffix counts one of it ("k" is 1024), as xstrtoumax,
		 * but only as the whole string: after a blank or a sign
		 * ("+k", " E") GNU finds no number at all */
		if (p != s || !*p || *p == '-' || isspace((unsigned char)*p))
			return EINVAL;
	} else {
		char digits[32];

		/* more digits than 2^64-1 has cannot fit; else num.c decides */
		big = nd >= sizeof digits;
		if (!big) {
			memcpy(digits, p, nd);
			digits[nd] = 0;
			big = num_ull(digits, &v) != 0;
		}
		p += nd;
	}
	r = suffix(p, &v);
	if (r == EINVAL)
		return EINVAL;
	if (big || r)
		return EOVERFLOW;
	*out = v;
	return 0;
}

int gnu_dec(const char *s, unsigned long long max, unsigned long long *out)
{
	unsigned long long v;
	const char *p = s;
	size_t nd;
	char digits[32];

	while (isspace((unsigned char)*p))
		p++;
	if (*p == '+')
		p++;
	nd = strspn(p, "0123456789");
	if (!nd || p[nd])
		return EINVAL;
	if (nd >= sizeof digits)
		return EOVERFLOW;
	memcpy(digits, p, nd);
	digits[nd] = 0;
	if (num_ull(digits, &v) || v > max)
		return EOVERFLOW;
	*out = v;
	return 0;
}
