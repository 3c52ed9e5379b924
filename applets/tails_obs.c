/* tails_obs.c: the obsolete forms of the head/tail personalities, with
 * GNU's conditions: head -5cv; tail -5, +5, -5c, +5cf (one option string
 * and at most one file, also depending on _POSIX2_VERSION). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gnusize.h"
#include "num.h"
#include "quote.h"
#include "tails.h"

/* one letter after head's digits; 0 or -1 (reported) */
static int head_letter(struct gctx *g, char c, int *lines, char *mult)
{
	switch (c) {
	case 'c': *lines = 0, *mult = 0; break;
	case 'b': case 'k': case 'm': *lines = 0, *mult = c; break;
	case 'l': *lines = 1; break;
	case 'q': g->quiet = 1, g->verbose = 0; break;
	case 'v': g->verbose = 1, g->quiet = 0; break;
	case 'z': g->p->ird = g->p->eor = 0; break;
	default:
		warn("invalid trailing option -- %c", c);
		gnu_try_help();
		g->reported = 1;
		return -1;
	}
	return 0;
}

/* head -5cv: digits then option letters; a b/k/m letter is the size suffix */
int head_obsolete(struct gctx *g, char *a)
{
	char num[64], mult = 0, *c;
	size_t d = strspn(a + 1, "0123456789");
	int lines = 1;

	for (c = a + 1 + d; *c; c++)
		if (head_letter(g, *c, &lines, &mult))
			return -1;
	if (d >= sizeof num - 2)   /* gnu_size calls that many digits too big anyway */
		d = sizeof num - 2;
	memcpy(num, a + 1, d);
	num[d] = mult;
	num[d + !!mult] = 0;
	return gnu_count(g, num, lines);
}

static int posix2_version(void)
{
	const char *v = getenv("_POSIX2_VERSION");
	long long n;

	return v && !num_ll(v, 0, 99999999, &n) ? (int)n : 200809;
}

/* is argv the shape GNU tries the obsolete form on: the option string
 * alone, with one file, or with "--" and at most one file? */
static int tail_obs_shape(int argc, char **argv)
{
	return argc == 2 || (argc == 3 && !(argv[2][0] == '-' && argv[2][1])) ||
	    (argc >= 3 && argc <= 4 && !strcmp(argv[2], "--"));
}

/* the count of "5", "5b", "b", "" (10 lines, or 10 blocks for "b") */
static int tail_obs_count(struct gctx *g, const char *digits, const char *arg)
{
	unsigned long long n = 10;

	if (isdigit((unsigned char)*digits)) {
		char num[64];
		size_t k = strspn(digits, "0123456789");

		snprintf(num, sizeof num, "%.*s%s", (int)k, digits,
		    digits[k] == 'b' ? "b" : "");
		if (gnu_size(num, &n)) {
			errno = ERANGE;
			fail(1, "invalid number: %s:", quote(arg));
			g->reported = 1;
			return -1;
		}
	} else if (*digits == 'b') {
		n *= 512;
	}
	g->n = n;
	return 0;
}

int tail_obsolete(struct gctx *g, int argc, char **argv)
{
	int ver = posix2_version(), obsolete = ver < 200112;
	const char *p = argv[1], *digits;
	int from, lines = 1, follow = 0;

	if (!tail_obs_shape(argc, argv))
		return 0;
	if (*p == '+' && (obsolete || ver >= 200809))
		from = 1;
	else if (*p == '-' && (obsolete || p[1 + (p[1] == 'c')]))
		from = 0;   /* a lone -c is the option, not "-c" obsolete */
	else
		return 0;
	digits = ++p;
	p += strspn(p, "0123456789");
	if (*p == 'b' || *p == 'c')
		lines = 0;
	if (*p == 'b' || *p == 'c' || *p == 'l')
		p++;
	if (*p == 'f')
		follow = 1, p++;
	if (*p)   /* not an obsolete form after all: nothing taken from it */
		return 0;
	if (tail_obs_count(g, digits, argv[1]))
		return -1;
	g->count_lines = lines;
	g->neg = from ? 2 : 0;
	g->p->follow |= follow;
	return 1;
}
