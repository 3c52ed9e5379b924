/* unit_tim: the pure cores of tim (estimate.c, fmtunc.c) on their own.
 *   unit_tim check            built-in tables: the formatting table
 *                             and its estimator numbers; "N passed, N failed"
 *   unit_tim fmt VAL ERR      fmt_uncertain with $LC_PM (else " +- ")
 *   unit_tim fmt -            the same for each "VAL ERR" line of stdin
 *   unit_tim aik K            the weights, %.7f each
 *   unit_tim ele K X...       eLE of X (sorted here first)
 *   unit_tim emin N M K X...  est and err of m*n samples, %.7f
 *   unit_tim pstdev X...      Welford population st.dev.
 *   unit_tim words STRING     words_split: "[w]" per word, else the reason
 *   unit_tim sort X...        est_sort, %.17g per line
 *   unit_tim cmp CONF THR X1 Y1 X2 Y2 ...
 *                             cmp_pairs: ratio low high verdict */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing/compare.h"
#include "timing/estimate.h"
#include "timing/fmtunc.h"
#include "timing/words.h"

static int pass, failn;

static void expect_str(const char *what, const char *got, const char *want)
{
	if (!strcmp(got, want)) {
		pass++;
		return;
	}
	failn++;
	printf("FAIL %s: got '%s' want '%s'\n", what, got, want);
}

static void expect_num(const char *what, double got, double want, double tol)
{
	char g[64], w[64];

	if (fabs(got - want) <= tol) {
		pass++;
		return;
	}
	snprintf(g, sizeof g, "%.10g", got);
	snprintf(w, sizeof w, "%.10g", want);
	expect_str(what, g, w);
}

static const struct {
	double val, err;
	const char *pm, *out;
} fmt_tab[] = {         /* the formatting table of docs/tim.md, then edge cases */
	{201.7612, 0.6234, " +- ", "201.76 +- 0.62"},
	{1014.1234, 2.2345, " +- ", "1014.1 +- 2.2"},
	{7724.2, 16.3, " +- ", "7724 +- 16"},
	{12345.6, 1.2, " +- ", "12345.6 +- 1.2"},
	{123456, 12, " +- ", "(1.23456 +- 0.00012)e+05"},
	{0.0123456, 2.13e-05, " +- ", "0.012346 +- 0.000021"},
	{0.0028576, 7.0e-06, " +- ", "(2.8576 +- 0.0070)e-03"},
	{-0.00123, 0.00045, " +- ", "(-1.23 +- 0.45)e-03"},
	{9.9996, 0.0123, " +- ", "10.000 +- 0.012"},
	{3.14159, 0.0996, " +- ", "3.14 +- 0.10"},
	{5.2, 12.3, " +- ", "5 +- 12"},
	{0.3, 12, " +- ", "0 +- 12"},
	{-5.3, 1.2, " +- ", "-5.3 +- 1.2"},
	{0.0, 0.0044, " +- ", "0.0000 +- 0.0044"},
	{500, 0, " +- ", "500.00000000000000 +- 000.00000000000000"},
	{201.7612, 0.6234, " ± ", "201.76 ± 0.62"},
	{0.0028576, 7.0e-06, "±", "(2.8576±0.0070)e-03"},
	{12.5, 0.125, " +- ", "12.50 +- 0.13"},     /* half up, not even */
	{1.0, 0.0052, " +- ", "1.0000 +- 0.0052"},
	{-1234567.0, 2345.0, " +- ", "(-1.2346 +- 0.0023)e+06"},
	/* 1e11*1e-10 rounds to 10: flagged as a carry, one more 0 (as cligen) */
	{1e11, 1e9, " +- ", "(1.0000 +- 0.0010)e+11"},
	{1.0, NAN, " +- ", "1.0000000000000000 +- nan"},
	{INFINITY, 1.0, " +- ", "inf +- 1.0"},
	{1.0, INFINITY, " +- ", "0 +- inf"},
	{99999.4, 0.3, " +- ", "99999.40 +- 0.30"},
	{99999.9996, 0.03, " +- ", "(1.00000000 +- 0.00000030)e+05"},
	{0.0, 0.0, " +- ", "0.0000000000000000 +- 0.0000000000000000"},
	/* a subnormal power of ten: once read past the table (...018) */
	{1e-309, 0.0, " +- ", "(1.0000000000000000 +- 0.0000000000000000)e-309"},
};

static void check_fmt(void)
{
	char b[256], what[80];
	size_t i, n;

	for (i = 0; i < sizeof fmt_tab / sizeof *fmt_tab; i++) {
		n = fmt_uncertain(b, sizeof b, fmt_tab[i].val, fmt_tab[i].err,
		    fmt_tab[i].pm);
		snprintf(what, sizeof what, "fmt(%g, %g)", fmt_tab[i].val,
		    fmt_tab[i].err);
		expect_str(what, b, fmt_tab[i].out);
		expect_num("fmt length", (double)n, (double)strlen(b), 0);
	}
	/* truncation behaves like snprintf */
	n = fmt_uncertain(b, 5, 201.7612, 0.6234, " +- ");
	expect_str("truncated", b, "201.");
	expect_num("needed", (double)n, 14, 0);
}

static void check_est(void)
{
	/* the worked example: sleep 0.01 in ms, two batches of 5, k=2 */
	static const double xs[] = {10.5, 10.1, 12.0, 10.3, 11.0,
		10.2, 13.1, 10.4, 10.0, 10.7};
	double a[8], tmp[EST_TMP(5, 2, 2)], srt[5];
	struct est_min e;
	struct est_run r = {0, 0, 0};

	est_aik(a, 2);
	expect_num("a_ik(2)[0]", a[0], 0.5849625, 5e-8);
	expect_num("a_ik(2)[1]", a[1], 0.4150375, 5e-8);
	est_aik(a, 4);
	expect_num("a_ik(4)[0]", a[0], 0.3219281, 5e-8);
	expect_num("a_ik(4)[3]", a[3], 0.1926451, 5e-8);
	expect_num("a_ik(4) sum", a[0] + a[1] + a[2] + a[3], 1, 1e-12);
	est_aik(a, 2);
	memcpy(srt, (double[]){10.1, 10.3, 10.5, 11.0, 12.0}, sizeof srt);
	expect_num("s_0", est_ele(srt, 5, a, 2), 10.0169925, 5e-8);
	expect_num("ele k=1 is min", est_ele(srt, 5, a, 1), 10.1, 0);
	expect_num("ele too few", isnan(est_ele(srt, 3, a, 2)), 1, 0);
	expect_num("emin ok", est_emin(xs, 5, 2, 2, tmp, &e), 0, 0);
	expect_num("est", e.est, 9.8521600, 5e-8);
	expect_num("err", e.err, 0.05, 1e-12);
	expect_num("m*n < 4k", est_emin(xs, 3, 1, 1, tmp, &e), -1, 0);
	est_push(&r, 2);
	est_push(&r, 4);
	est_push(&r, 4);
	est_push(&r, 4);
	est_push(&r, 5);
	est_push(&r, 5);
	est_push(&r, 7);
	est_push(&r, 9);
	expect_num("population stdev", est_pstdev(&r), 2, 1e-12);
}

/* Student's t and normal quantiles against tables (the exact t for df 2;
 * the others from numerical integration of the t density), then
 * comparisons whose t interval is worked out by hand */
static void check_cmp(void)
{
	static const struct { double p2, df, t; } tt[] = {
		{0.05, 2, 4.302653}, {0.05, 3, 3.182446}, {0.1, 3, 2.353363},
		{0.01, 3, 5.840909}, {0.05, 4, 2.776445}, {0.05, 5, 2.570582},
		{0.01, 5, 4.032143}, {0.05, 10, 2.228139}, {0.2, 10, 1.372184},
		{0.05, 20, 2.085963}, {0.05, 200, 1.971896}, {0.01, 50, 2.677793},
	};
	/* log-ratios 0.1 0.2 0.3: mean 0.2, sd 0.1, t(0.05, 2) = 4.302653 */
	double x[] = {1, 1, 1, 1}, y[4], tmp[4], h;
	struct cmp c;
	size_t i;

	for (i = 0; i < sizeof tt / sizeof *tt; i++)
		expect_num("t quantile", cmp_tq(tt[i].p2, tt[i].df), tt[i].t,
		    2e-5 * tt[i].t);
	expect_num("z 0.975", cmp_zq(0.975), 1.959963985, 1e-8);
	expect_num("z 0.001", cmp_zq(0.001), -3.090232306, 1e-8);
	expect_num("z 0.5", cmp_zq(0.5), 0, 0);
	y[0] = exp(0.1);
	y[1] = exp(0.2);
	y[2] = exp(0.3);
	cmp_pairs(x, y, 3, 0.95, 0.02, tmp, &c);
	h = 4.302653 * 0.1 / sqrt(3);
	expect_num("ratio", c.ratio, exp(0.2), 1e-12);
	expect_num("low", c.low, exp(0.2 - h), 1e-5);
	expect_num("high", c.high, exp(0.2 + h), 1e-5);
	expect_num("straddles 1: undecided", c.verdict, CMP_UNDECIDED, 0);
	cmp_pairs(x, y, 3, 0.5, 0.02, tmp, &c);    /* t(0.5, 2) = 0.8165 */
	expect_num("narrow: slower", c.verdict, CMP_SLOWER, 0);
	cmp_pairs(y, x, 3, 0.5, 0.02, tmp, &c);
	expect_num("the other way: faster", c.verdict, CMP_FASTER, 0);
	expect_num("1/ratio", c.ratio, exp(-0.2), 1e-12);
	cmp_pairs(x, y, 3, 0.5, 0.5, tmp, &c);
	expect_num("within 1 +- 0.5: the same", c.verdict, CMP_SAME, 0);
	cmp_pairs(x, y, 3, 0.5, 0.25, tmp, &c);    /* [1.166, 1.290] */
	expect_num("past 1 and into 1 + 0.25: differs", c.verdict,
	    CMP_DIFFERS, 0);
	cmp_pairs(x, y, 2, 0.5, 0.02, tmp, &c);
	expect_num("2 pairs: no interval", isnan(c.low), 1, 0);
	expect_num("2 pairs: undecided", c.verdict, CMP_UNDECIDED, 0);
	y[3] = 0;
	cmp_pairs(x, y, 4, 0.5, 0.02, tmp, &c);
	expect_num("a side <= 0: undecided", c.verdict, CMP_UNDECIDED, 0);
	/* from CMP_RANK pairs: the median and the order statistics 8 and 18
	 * of 25 ((26 - 1.96 * 5) / 2 = 8.1); an outlier pair moves neither */
	{
		double xr[25], yr[25], tr[25];

		for (i = 0; i < 25; i++) {
			xr[i] = 1;
			yr[i] = exp(i < 24 ? 0.01 * ((double)i - 12) : 5.0);
		}
		cmp_pairs(xr, yr, 25, 0.95, 0.06, tr, &c);
		expect_num("rank: median", c.ratio, 1, 1e-12);
		expect_num("rank: low", c.low, exp(-0.05), 1e-12);
		expect_num("rank: high", c.high, exp(0.05), 1e-12);
		expect_num("rank: within 1 +- 0.06", c.verdict, CMP_SAME, 0);
	}
	/* Welch: logs {0, 0.2} and {0.1, 0.3, 0.5}: means 0.1 and 0.3,
	 * variances of the means 0.01 and 0.01333, df 2.88 (by hand) */
	y[0] = exp(0.1);
	y[1] = exp(0.3);
	y[2] = exp(0.5);
	x[1] = exp(0.2);
	cmp_groups(x, 2, y, 3, 0.95, 0.02, tmp, &c);
	expect_num("groups: ratio", c.ratio, exp(0.2), 1e-12);
	h = 3.257215 * sqrt(0.0233333); /* t(0.975, 2.8823), integrated */
	expect_num("groups: low", c.low, exp(0.2 - h), 1e-4);
	expect_num("groups: undecided", c.verdict, CMP_UNDECIDED, 0);
	cmp_groups(x, 2, y, 3, 0.5, 0.02, tmp, &c);
	expect_num("groups: narrow: slower", c.verdict, CMP_SLOWER, 0);
	cmp_groups(x, 1, y, 3, 0.5, 0.02, tmp, &c);
	expect_num("groups: 1 on a side: undecided", c.verdict, CMP_UNDECIDED, 0);
	x[1] = 1;
	cmp_groups(x, 2, x, 2, 0.95, 0.02, tmp, &c);
	expect_num("groups: all equal: the same", c.verdict, CMP_SAME, 0);
	expect_str("words", cmp_word(CMP_SAME), "no difference");
	expect_str("words", cmp_word(CMP_DIFFERS), "differs (size unsettled)");
	expect_str("words", cmp_word(CMP_UNDECIDED), "undecided");
	expect_str("words", cmp_word(CMP_SLOWER), "slower");
	expect_str("keys", cmp_key(CMP_SAME), "same");
	expect_str("keys", cmp_key(CMP_DIFFERS), "differs");
	expect_str("keys", cmp_key(CMP_UNDECIDED), "undecided");
	expect_str("keys", cmp_key(CMP_FASTER), "faster");
}

static double *nums(int n, char **s)
{
	double *v = malloc((size_t)(n ? n : 1) * sizeof *v);
	int i;

	for (i = 0; i < n; i++)
		v[i] = strtod(s[i], NULL);
	return v;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	const char *m = argc > 1 ? argv[1] : "check";
	const char *pm = getenv("LC_PM");
	char b[512];
	double a[256], *v;
	int k, i;

	fp_double();
	if (!strcmp(m, "check")) {
		check_fmt();
		check_est();
		check_cmp();
		printf("%d passed, %d failed\n", pass, failn);
		return failn != 0;
	}
	if (!strcmp(m, "fmt") && argc == 3 && !strcmp(argv[2], "-")) {
		double x, y;

		while (scanf("%lf %lf", &x, &y) == 2) {
			fmt_uncertain(b, sizeof b, x, y, pm ? pm : " +- ");
			puts(b);
		}
		return 0;
	}
	if (!strcmp(m, "fmt") && argc == 4) {
		fmt_uncertain(b, sizeof b, strtod(argv[2], NULL),
		    strtod(argv[3], NULL), pm ? pm : " +- ");
		puts(b);
		return 0;
	}
	if (!strcmp(m, "words") && argc == 3) {
		const char *why;
		char **w = words_split(argv[2], &why);

		if (!w)
			return puts(why), 1;
		for (i = 0; w[i]; i++)
			printf("[%s]", w[i]);
		putchar('\n');
		free(w);
		return 0;
	}
	k = argc > 2 ? atoi(argv[2]) : 0;
	if (k < 0 || k > 128)
		return 2;
	if (!strcmp(m, "aik")) {
		est_aik(a, k);
		for (i = 0; i < k; i++)
			printf("%.7f\n", a[i]);
		return 0;
	}
	if (!strcmp(m, "ele")) {
		v = nums(argc - 3, argv + 3);
		qsort(v, (size_t)(argc - 3), sizeof *v, cmp);
		est_aik(a, k);
		printf("%.7f\n", est_ele(v, (size_t)(argc - 3), a, k));
		return 0;
	}
	if (!strcmp(m, "emin") && argc > 4) {
		size_t n = (size_t)atoi(argv[2]), mm = (size_t)atoi(argv[3]);
		struct est_min e;
		double *tmp;

		k = atoi(argv[4]);
		v = nums(argc - 5, argv + 5);
		if (n * mm != (size_t)(argc - 5) || k < 0)
			return 2;
		tmp = malloc(EST_TMP(n, mm, k) * sizeof *tmp);
		if (est_emin(v, n, mm, k, tmp, &e))
			return puts("undefined"), 1;
		printf("%.7f %.7f\n", e.est, e.err);
		return 0;
	}
	if (!strcmp(m, "cmp") && argc >= 4 && argc % 2 == 0) {
		size_t n = (size_t)(argc - 4) / 2, j;
		double *x = malloc((n + 1) * 3 * sizeof *x), *y = x + n + 1;
		struct cmp c;

		for (j = 0; j < n; j++) {
			x[j] = strtod(argv[4 + 2 * j], NULL);
			y[j] = strtod(argv[5 + 2 * j], NULL);
		}
		cmp_pairs(x, y, n, strtod(argv[2], NULL), strtod(argv[3], NULL),
		    y + n + 1, &c);
		printf("%.6f %.6f %.6f %s\n", c.ratio, c.low, c.high,
		    cmp_word(c.verdict));
		return 0;
	}
	if (!strcmp(m, "sort")) {
		v = nums(argc - 2, argv + 2);
		est_sort(v, (size_t)(argc - 2));
		for (i = 0; i < argc - 2; i++)
			printf("%.17g\n", v[i]);
		return 0;
	}
	if (!strcmp(m, "pstdev")) {
		struct est_run r = {0, 0, 0};

		v = nums(argc - 2, argv + 2);
		for (i = 0; i < argc - 2; i++)
			est_push(&r, v[i]);
		printf("%.7f\n", est_pstdev(&r));
		return 0;
	}
	fprintf(stderr, "usage: unit_tim check|fmt|aik|ele|emin|pstdev|words|sort ...\n");
	return 2;
}
