/* gnusize.c: numbers as GNU head/tail accept them ("5", " +5", "1kB", "k",
 * " -0" for tail): GNU's grammar of blanks, sign and suffixes, the value
 * saturating at 2^64-1 as 9.6 and later take it. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "records/gnusize.h"

static unsigned long long mul(unsigned long long v, unsigned m)
{
	return v > ULLONG_MAX / m ? ULLONG_MAX : v * m;
}

/* the suffix at p: "b", or a letter then "", "B"/"D" (1000s) or "iB"
 * (1024s); EINVAL when it is none of these */
static int suffix(const char *p, unsigned long long *v)
{
	static const char letters[] = "KMGTPEZYRQ";
	const char *l = *p ? strchr(letters, *p == 'k' ? 'K' : *p == 'm' ? 'M' : *p) : NULL;
	unsigned base = 1024;
	int power;

	if (!*p)
		return 0;
	if (!strcmp(p, "b")) {
		*v = mul(*v, 512);
		return 0;
	}
	if (!l)
		return EINVAL;
	if ((p[1] == 'B' || p[1] == 'D') && !p[2])
		base = 1000;
	else if (p[1] && strcmp(p + 1, "iB"))
		return EINVAL;
	for (power = (int)(l - letters) + 1; power > 0; power--)
		*v = mul(*v, base);
	return 0;
}

int gnu_size(const char *s, int flags, unsigned long long *out)
{
	unsigned long long v = 1;
	const char *p = s;
	int neg = 0;

	while (isspace((unsigned char)*p))
		p++;
	if (*p == '-' && (flags & GS_SIGNED))
		neg = 1, p++;
	else if (*p == '+')
		p++;
	if (isdigit((unsigned char)*p)) {
		for (v = 0; isdigit((unsigned char)*p); p++) {
			unsigned d = (unsigned)(*p - '0');

			v = v > (ULLONG_MAX - d) / 10 ? ULLONG_MAX : v * 10 + d;
		}
	} else if (p != s || !*p || (flags & GS_PLAIN) || *p == '-' ||
	    isspace((unsigned char)*p)) {
		/* a bare suffix counts one of it ("k" is 1024), as xstrtoumax,
		 * but only as the whole string: after a blank or a sign
		 * ("+k", " E") GNU finds no number at all */
		return EINVAL;
	}
	if (*p && ((flags & GS_PLAIN) || suffix(p, &v)))
		return EINVAL;
	if (neg && v)
		return EOVERFLOW;
	*out = v;
	return 0;
}
