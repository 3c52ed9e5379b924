/* tim_opt.c: the two option values of tim that are little languages:
 * -R (cligen's set syntax over {diffs, ratios}) and -u (time units). */
#include <string.h>
#include <strings.h>

#include "opt.h"
#include "tim.h"

/* a prefix of diffs or ratios, any case, as cligen matches enum names */
static int report_word(const char *w, size_t n, int *bit)
{
	if (n && !strncasecmp(w, "diffs", n) && n <= 5)
		*bit = R_DIFFS;
	else if (n && !strncasecmp(w, "ratios", n) && n <= 6)
		*bit = R_RATIOS;
	else
		return -1;
	return 0;
}

/* "DwordDword..": the first char is the list's delimiter; "" is empty */
static int report_list(const char *v, int *bits)
{
	char d = *v;
	const char *s = v + 1, *e;
	int b;

	*bits = 0;
	if (!d)
		return 0;
	for (;; s = e + 1) {
		e = strchr(s, d);
		if (!e)
			e = s + strlen(s);
		if (report_word(s, (size_t)(e - s), &b))
			return -1;
		*bits |= b;
		if (!*e)
			return 0;
	}
}

/* cligen set operators: "r" "+=r" add, "-=r" ",-=r" remove, ",=" with
 * nothing clears, ",=/d/r" ",+=/d/r" add a list, ",@=/r" replaces */
static void report_apply(const char *op, int bits, int empty)
{
	if (!strcmp(op, ",@="))
		tim.report = bits;
	else if (!strcmp(op, ",-=") || !strcmp(op, "-="))
		tim.report &= ~bits;
	else if (!strcmp(op, ",=") && empty)
		tim.report = 0;
	else
		tim.report |= bits;
}

int tim_report_opt(const char *v)
{
	static const char *const ops[] = {",@=", ",+=", ",-=", ",=", "+=",
		"-=", 0};
	const char *op = "";
	int i, bits, bad;

	for (i = 0; ops[i]; i++)
		if (!strncmp(v, ops[i], strlen(ops[i]))) {
			op = ops[i];
			v += strlen(op);
			break;
		}
	bad = op[0] == ',' ? report_list(v, &bits) :
	    report_word(v, strlen(v), &bits);
	if (bad) {
		opt_seterr("tim: bad --Report value '%s' (diffs, ratios; ,= "
		    "clears)", v);
		return -1;
	}
	report_apply(op, bits, !*v);
	return 0;
}

/* drop suffix suf from s[0..*n) if it is there */
static int ends(const char *s, size_t *n, const char *suf)
{
	size_t l = strlen(suf);

	if (*n < l || memcmp(s + *n - l, suf, l))
		return 0;
	*n -= l;
	return 1;
}

/* Strip one of seconds/second/secs/sec/s, then look the prefix up.
 * "second" and U+00B5 (µ, MICRO SIGN) go beyond the original: both are
 * what people type, and neither makes another unit ambiguous. */
int tim_unit(const char *u, double *scale)
{
	static const struct { const char *p; double s; } tab[] = {
		{"n", 1e9}, {"nano", 1e9}, {"micro", 1e6}, {"u", 1e6},
		{"\xce\xbc", 1e6}, {"\xc2\xb5", 1e6}, {"m", 1e3},
		{"milli", 1e3}, {"", 1.0}, {"min", 1.0 / 60.0},
		{"minute", 1.0 / 60.0}, {0, 0},
	};
	size_t n = strlen(u), i;

	(void)(ends(u, &n, "seconds") || ends(u, &n, "second") ||
	    ends(u, &n, "secs") || ends(u, &n, "sec") || ends(u, &n, "s"));
	for (i = 0; tab[i].p; i++)
		if (strlen(tab[i].p) == n && !memcmp(tab[i].p, u, n)) {
			*scale = tab[i].s;
			return 0;
		}
	return -1;
}
