/* tim_report.c: tim's output: row names (labels), the overhead subtracted
 * from each command, the absolute lines and the ratio report (spec 2.3). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "fmtunc.h"
#include "out.h"
#include "tim.h"

/* label<delim>command: returns the command, sets *name. Nothing after the
 * first delimiter means no label (spec 4.2: the seed's `...||:` must run
 * as written), so the whole argument is both. */
const char *tim_label(char *arg, const char **name)
{
	char *d = strchr(arg, tim.delim);
	char *label;

	*name = arg;
	if (!d || !d[1])
		return arg;
	label = xstrdup(arg);
	label[d - arg] = 0;
	*name = label;
	return d + 1;
}

/* -O, else the name saying whether the command rows had it subtracted */
const char *tim_overhead_name(void)
{
	if (tim.olabel && *tim.olabel)
		return tim.olabel;
	return tim.report ? "(AlreadySubtracted)Overhead" : "RawOverhead";
}

/* diffs and ratios both use overhead-free times; errors add in quadrature */
void tim_subtract(struct row *r, const struct row *oh)
{
	if (!oh || !tim.report)
		return;
	r->est -= oh->est;
	r->err = sqrt(r->err * r->err + oh->err * oh->err);
}

static void out_unc(double val, double err)
{
	char b[256];
	size_t n = fmt_uncertain(b, sizeof b, val, err, tim.pm);

	if (n < sizeof b) {
		out_write(b, n);
	} else {                /* only a long $LC_PM gets here */
		char *big = xmalloc(n + 1);

		fmt_uncertain(big, n + 1, val, err, tim.pm);
		out_write(big, n);
		free(big);
	}
}

/* "EST +- ERR UNIT<TAB>name", unless the report is ratios only */
void tim_abs_line(const struct row *rw)
{
	if (tim.report == R_RATIOS)
		return;
	out_unc(rw->est, rw->err);
	out_char(' ');
	out_str(tim.unit);
	out_char('\t');
	out_str(rw->name);
	out_char('\n');
	out_flush();    /* rows appear as measured, like the original */
}

static void ratio_line(double v, double u, const char *mark, const char *nm)
{
	out_unc(v, u);
	out_char('\t');
	out_str(mark);
	out_str(nm);
	out_char('\n');
}

/* Every row relative to the fastest command (starred). The overhead row,
 * rows before first, shows only its relative error. Relative errors add
 * in quadrature. */
void tim_ratios(const struct row *rw, int nrow, int first)
{
	int i, imin = first;
	double f, r, q;

	for (i = first; i < nrow; i++)  /* the first strictly smallest */
		if (rw[i].est < rw[imin].est)
			imin = i;
	if (tim.dline && *tim.dline) {
		out_str(tim.dline);
		out_char('\n');
	}
	f = rw[imin].err / rw[imin].est;
	for (i = 0; i < nrow; i++) {
		r = rw[i].est / rw[imin].est;
		q = rw[i].err / rw[i].est;
		if (i < first)
			ratio_line(0.0, q, "", rw[i].name);
		else if (i == imin)
			ratio_line(1.0, f, "*", rw[i].name);
		else
			ratio_line(r, sqrt(f * f + q * q) * r, "", rw[i].name);
	}
	out_flush();
}
