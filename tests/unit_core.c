/* unit_core: drives the core helpers from the command line so bats can test
 * them without an applet (tests/core.bats).
 *   unit_core cligen|gnu|inorder ARGS...  print each parse event a line
 *   unit_core ll S LO HI | dbl S | sig S | signame N | user S | group S
 *   unit_core pat PATTERN TEXT [i]        "KIND FAST REGEX": the literal fast
 *                                         path's answer and regexec's
 *   unit_core rx PATTERN FLAGS TEXT...     rx on its own: "error N", or 1/0
 *                                         for each text (FLAGS: - or any of
 *                                         i ignore case, u en_US.UTF-8)
 *   unit_core help                         the --help text of the table
 *   unit_core die                          die() caught by qb_exit_hook, then
 *                                          a real die(4)
 *   unit_core fmt                          fmt_snprintf, fmtf_snprintf
 *                                          against the C library's
 *                                          snprintf, every cap
 *   unit_core dblcmp N                     num_double against strtod on N
 *                                          generated numbers (and edge cases)
 *   unit_core fltcmp N                     fmtf_snprintf's %e %f %g against
 *                                          snprintf on N random doubles
 *   unit_core pow10                        num_pow10 against strtod("1eI")
 *   unit_core hsort                        HSORT_DEFINE's sort of ints
 *                                          against qsort, 0..300 long,
 *                                          few or many distinct values:
 *                                          "hsort ok"
 *   unit_core date                         date_of_day against gmtime_r for
 *                                          every day to 9999-12-31 (to
 *                                          2038 with a 32-bit time_t)
 *   unit_core tz                           tz_offset against localtime_r's
 *                                          wall clock in $TZ, every 3 hours
 *                                          from 1902 to 2037: "N differ" */
#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <regex.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>

#include "libc/date.h"
#include "libc/tz.h"
#include "lib/err.h"
#include "libc/fmt.h"
#include "lib/hsort.h"
#include "lib/ids.h"
#include "lib/num.h"
#include "lib/opt.h"
#include "lib/out.h"
#include "lib/pat.h"
#include "libc/rx.h"
#include "lib/sig.h"

#include "opt_table.h"

static int event(void *ctx, int id, char *val)
{
	(void)ctx;
	if (id == OPT_OPERAND)
		printf("@%s\n", val);
	else if (val)
		printf("%s=%s\n", test_defs[id].lname, val);
	else
		printf("%s\n", test_defs[id].lname);
	return 0;
}

static jmp_buf die_jmp;
static int die_code;

static void catch_exit(int code)
{
	die_code = code;
	longjmp(die_jmp, 1);
}

/* fmt_snprintf (FLT_SAME: fmtf_snprintf) and snprintf agree on the bytes
 * stored and the length returned, for every cap from 0 to past the end */
static int fmt_bad;
#define FMT_SAME(...) FN_SAME(fmt_snprintf, __VA_ARGS__)
#define FLT_SAME(...) FN_SAME(fmtf_snprintf, __VA_ARGS__)
#define FN_SAME(fn, ...) do { \
	char a_[128], b_[128]; \
	volatile size_t c_; \
	for (c_ = 0; c_ < 80; c_++) { \
		int x_, y_; \
		memset(a_, 'z', sizeof a_), memset(b_, 'z', sizeof b_); \
		x_ = fn(c_ ? a_ : NULL, c_, __VA_ARGS__); \
		y_ = snprintf(c_ ? b_ : NULL, c_, __VA_ARGS__); \
		if (x_ != y_ || memcmp(a_, b_, sizeof a_)) { \
			printf("differ at cap %zu: %s: [%.*s] %d, libc [%.*s] %d\n", \
			    (size_t)c_, #__VA_ARGS__, x_ > 0 && (size_t)x_ < c_ ? x_ : 0, a_, x_, \
			    y_ > 0 && (size_t)y_ < c_ ? y_ : 0, b_, y_); \
			fmt_bad = 1; \
			break; \
		} \
	} \
} while (0)

static int fmt_check(void)
{
	const char *nul = NULL;

	FMT_SAME("plain text, no conversion");
	FMT_SAME("%s: %s", "pf", "bad value 'x'");
	FMT_SAME("[%5s|%-5s|%.2s|%.*s|%*s|%-*s]", "ab", "cd", "efgh", 3, "ijklm", 4, "n", 4, "o");
	FMT_SAME("[%*s|%.*s|%.0s]", -4, "p", -1, "qrs", "t");
	FMT_SAME("[%c%c|%3c|%-3c]", 'a', 0x7f, 'b', 'c');
	FMT_SAME("[%d|%i|%5d|%-5d|%05d|%.3d|%.0d|%8.3d|%-8.3d|%-5s]", 0, -7, 42, -42, -42, 7, 0, -12, 12, "s");
	FMT_SAME("[%d|%d|%ld|%ld|%lld|%lld]", INT_MIN, INT_MAX, LONG_MIN, LONG_MAX, LLONG_MIN, LLONG_MAX);
	FMT_SAME("[%u|%lu|%llu|%zu|%x|%lx|%08x|%*u|%-*x|%.*u]", UINT_MAX, ULONG_MAX, ULLONG_MAX, (size_t)-1, 0xbeefu, 0x1fUL, 0xabu, 6, 9u, -6, 10u, 4, 3u);
	/* size_t and ssize_t are read at their own width: 32 bits on i686 */
	FMT_SAME("[%zd|%zd|%zu|%d|%zx]", (ssize_t)-5, (ssize_t)7, (size_t)3, 9, (size_t)0xabc);
	FMT_SAME("100%% sure, %s%%", "and");
	FLT_SAME("[%.1f|%.6f|%g|%.17g|%8.2e|%-9.3f|%*.*f]", 1.25, -0.0000005, 1e-5, 0.1, 12345.678, 2.5, 7, 2, 3.14159);
	FMT_SAME("%s", nul ? nul : "(null)");
	/* floats: exact ties round to even, signs of zero, inf and nan with
	 * widths and flags, subnormals, 309-digit %f, %g's switch points */
	FLT_SAME("[%.0f|%.0f|%.0f|%.0f|%.1f|%.2f|%.0e|%.0g|%.1e]", 0.5, 1.5, 2.5, -0.5, 0.25, 0.125, 2.5, 0.5, 1.25);
	FLT_SAME("[%f|%e|%g|%F|%E|%G|%g]", -0.0, -0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN);
	FLT_SAME("[%8f|%-8e|%08g|%08f|%-8f|%010.3e]", INFINITY, -INFINITY, NAN, -1.5, 2.25, -6.02e23);
	FLT_SAME("[%.17g|%.40e|%g|%.3g|%.0e]", 4.9406564584124654e-324, 2.2250738585072014e-308, 1e-310, 9.9951, 9.5);
	FLT_SAME("%.0f", 1.7976931348623157e308);
	FLT_SAME("%.3f", -4.9406564584124654e-324);
	FLT_SAME("[%g|%g|%g|%g|%g|%g|%.1g|%.0g]", 100000.0, 1000000.0, 0.0001, 0.00001, 999999.5, 9.9999995e-5, 0.95, 0.0);
	FLT_SAME("[%.*f|%.*e|%.*g|%.*g]", -3, 3.14159, 40, 1.0 / 3, 0, 123.456, 17, 0.1);
	/* fmt_snprintf has no floats: one is left as written, in every build */
	{
		char b_[16];

		if (fmt_snprintf(b_, sizeof b_, "[%.2g|%d]", 1.5, 7) != 8 ||
		    strcmp(b_, "[%.2g|7]")) {
			printf("fmt_snprintf formatted a float: [%s]\n", b_);
			fmt_bad = 1;
		}
	}
	if (!fmt_bad)
		printf("fmt ok\n");
	return fmt_bad;
}

/* strtod, with num_double's rules around it */
static int dbl_ref(const char *s, double *out)
{
	char *end;
	double v;

	if (!*s || (*s == ' ' || (*s >= '\t' && *s <= '\r')))
		return EINVAL;
	errno = 0;
	v = strtod(s, &end);
	if (*end || end == s || isnan(v))
		return EINVAL;
	if (errno == ERANGE || isinf(v))
		return ERANGE;
	*out = v;
	return 0;
}

static unsigned long long dbl_seed = 88172645463325252ULL;

static unsigned long long dbl_rand(void)
{
	dbl_seed ^= dbl_seed << 13;
	dbl_seed ^= dbl_seed >> 7;
	dbl_seed ^= dbl_seed << 17;
	return dbl_seed;
}

static int dbl_one(const char *s)
{
	double a = 7, b = 7;
	int x = num_double(s, -HUGE_VAL, HUGE_VAL, &a), y = dbl_ref(s, &b);

	if (x == y && !memcmp(&a, &b, sizeof a))
		return 0;
	printf("differ: [%.60s]: %d %a, strtod %d %a\n", s, x, a, y, b);
	return 1;
}

/* random bit patterns as %g and %a, exact midpoints between neighbouring
 * doubles written out in full (and one digit off), digit strings with
 * exponents, and short strings of number characters */
static int dbl_check(long n)
{
	static const char *edge[] = {"0", "-0", "1.5", ".5", "5.", "", "-", ".", "e1",
		"1e", "1e+", "0x", "0x1p3", "0x1.8p-1074", "0x1p-1075", "0X.8P1", "0x1p",
		"inf", "-INF", "infinity", "infx", "nan", "NaN(1)", "1e-310",
		"2.2250738585072011e-308", "2.2250738585072012e-308",
		"0x1.fffffffffffffp-1023", "1e309", "1.7976931348623158e308",
		"1.7976931348623159e308", "2.4703282292062327e-324",
		"2.4703282292062328e-324", " 1", "1 ", "0x1.fffffffffffff8p1023",
		"9007199254740993", "0e999999999999", "1e-99999999999", 0};
	static char buf[2048];
	int bad = 0;
	long i;

	for (i = 0; edge[i]; i++)
		bad += dbl_one(edge[i]);
	for (i = 0; i < n && bad < 10; i++) {
		unsigned long long r = dbl_rand();
		double d;
		int k = (int)(dbl_rand() % 5), l, j;

		memcpy(&d, &r, sizeof d);
		if (k < 3 && (isnan(d) || isinf(d)))
			continue;
		if (k == 0) {
			snprintf(buf, sizeof buf, "%.*g", (int)(dbl_rand() % 20) + 1, d);
		} else if (k == 1) {
			snprintf(buf, sizeof buf, "%a", d);
		} else if (k == 2) {
			double up = nextafter(fabs(d), INFINITY);
			char *e;

			if (isinf(up))
				continue;
			snprintf(buf, sizeof buf, "%.*Le", dbl_rand() % 2 ? 800 : 760,
			    ((long double)fabs(d) + up) / 2);
			if (dbl_rand() % 2 && (e = strchr(buf, 'e')) && e > buf + 3)
				e[-1] = e[-1] == '9' ? '8' : (char)(e[-1] + 1);
		} else if (k == 3) {
			l = (int)(dbl_rand() % 25) + 1;
			for (j = 0; j < l; j++)
				buf[j] = (char)('0' + dbl_rand() % 10);
			if (dbl_rand() % 2) {
				int q = (int)(dbl_rand() % (unsigned)(l + 1));

				memmove(buf + q + 1, buf + q, (size_t)(l - q));
				buf[q] = '.', l++;
			}
			l += sprintf(buf + l, "e%d", (int)(dbl_rand() % 700) - 350);
			buf[l] = 0;
		} else {
			static const char al[] = "0123456789.eE+-xXpPaAfinN ";

			l = (int)(dbl_rand() % 8) + 1;
			for (j = 0; j < l; j++)
				buf[j] = al[dbl_rand() % (sizeof al - 1)];
			buf[l] = 0;
		}
		bad += dbl_one(buf);
	}
	if (!bad)
		printf("dbl ok\n");
	return bad != 0;
}

/* random bit patterns (and short binary fractions, which tie often) in
 * each float conversion at a random precision 0..40 */
static int flt_check(long n)
{
	static const char *conv[] = {"%.*e", "%.*f", "%.*g", "%.*E", "%.*G"};
	static char a[1200], b[1200];
	int bad = 0;
	long i;

	for (i = 0; i < n && bad < 10; i++) {
		unsigned long long r = dbl_rand();
		int p = (int)(dbl_rand() % 41), c = (int)(dbl_rand() % 5), x, y;
		double d;

		memcpy(&d, &r, sizeof d);
		if (i % 2)
			d = ldexp((double)(long long)(r % 4096) - 2048, (int)(dbl_rand() % 40) - 30);
		x = fmtf_snprintf(a, sizeof a, conv[c], p, d);
		y = snprintf(b, sizeof b, conv[c], p, d);
		if (x != y || strcmp(a, b)) {
			printf("differ: %s %d %a: [%s] %d, libc [%s] %d\n", conv[c], p, d, a, x, b, y);
			bad++;
		}
	}
	if (!bad)
		printf("flt ok\n");
	return bad != 0;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

HSORT_DEFINE(sort_ints, int)

/* hsort.h's sort against the C library's qsort: every length to 300,
 * values from 2 or 1000 kinds (doubles: unit_tim sort, tests/tim.bats) */
static int hsort_check(void)
{
	static int a[300], b[300];
	unsigned s = 1;
	int bad = 0;

	for (size_t n = 0; n <= 300; n++)
		for (int kinds = 2; kinds <= 1000; kinds += 998) {
			for (size_t i = 0; i < n; i++) {
				s = s * 1103515245u + 12345u;
				a[i] = b[i] = (int)(s >> 16) % kinds - kinds / 2;
			}
			sort_ints(a, n);
			qsort(b, n, sizeof *b, cmp_int);
			if (memcmp(a, b, n * sizeof *a) && bad++ < 3)
				printf("ints: %zu differ\n", n);
		}
	if (!bad)
		printf("hsort ok\n");
	return bad != 0;
}

static int pow10_check(void)
{
	char t[16];
	int i, bad = 0;

	for (i = -400; i <= 400; i++) {
		double a = num_pow10(i), b;

		snprintf(t, sizeof t, "1e%d", i);
		b = strtod(t, NULL);
		if (memcmp(&a, &b, sizeof a)) {
			printf("differ: 1e%d: %a, strtod %a\n", i, a, b);
			bad = 1;
		}
	}
	if (!bad)
		printf("pow10 ok\n");
	return bad;
}

static int date_check(void)
{
	long last = 2932896, d, n = 0;
	int bad = 0;

	if (sizeof(time_t) < 8)
		last = 0x7fffffffL / 86400;
	for (d = 0; d <= last && bad < 5; d++, n++) {
		time_t t = (time_t)d * 86400;
		struct tm tm;
		int y, m, day;

		date_of_day(d, &y, &m, &day);
		if (!gmtime_r(&t, &tm) || tm.tm_year + 1900 != y ||
		    tm.tm_mon + 1 != m || tm.tm_mday != day) {
			printf("differ: day %ld: %04d-%02d-%02d\n", d, y, m, day);
			bad++;
		}
	}
	if (!bad)
		printf("date ok: %ld days\n", n);
	return bad != 0;
}

static int number(const char *what, int e, const char *s)
{
	if (e) {
		printf("%s %s: %s\n", what, s, e == ERANGE ? "ERANGE" : "EINVAL");
		return 1;
	}
	return 0;
}

/* the seconds since the epoch tm shows, as a clock without leap seconds
 * (timegm would take the zone's leap seconds off: glibc's does) */
static long long wall(const struct tm *tm)
{
	long long y = tm->tm_year + 1900LL - (tm->tm_mon < 2), m = tm->tm_mon;
	long long era = (y >= 0 ? y : y - 399) / 400, yoe = y - era * 400;
	long long doy = (153 * (m + (m < 2 ? 10 : -2)) + 2) / 5 + tm->tm_mday - 1;

	return ((era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468) *
	    24 + tm->tm_hour) * 3600 + tm->tm_min * 60LL + tm->tm_sec;
}

int main(int argc, char **argv)
{
	struct optset os = {"[options] ARGS", test_defs, OPT_CLIGEN, "More text.\n"};
	const char *m = argc > 1 ? argv[1] : "";

	if (!strcmp(m, "cligen") || !strcmp(m, "gnu") || !strcmp(m, "inorder")) {
		os.style = !strcmp(m, "gnu") ? OPT_GNU :
		    !strcmp(m, "inorder") ? OPT_INORDER : OPT_CLIGEN;
		argv[1] = "prog";
		if (opt_parse(&os, argc - 1, argv + 1, event, 0)) {
			fprintf(stderr, "%s\n", opt_err);
			return 2;
		}
		return 0;
	}
	if (!strcmp(m, "pat") && argc >= 4) {
		struct pat p;
		regex_t re;
		int ic = argc > 4, e = pat_compile(&p, argv[2], ic);

		if (e || regcomp(&re, argv[2], REG_EXTENDED | REG_NOSUB | (ic ? REG_ICASE : 0)))
			return printf("bad\n"), 1;
		printf("%s %d %d\n", p.kind == PAT_REGEX ? "regex" : "literal",
		    pat_match(&p, argv[3]), !regexec(&re, argv[3], 0, 0, 0));
		return 0;
	}
	if (!strcmp(m, "rx") && argc >= 4) {
		struct rx *r;
		int fl = (strchr(argv[3], 'i') ? RX_ICASE : 0) |
		    (strchr(argv[3], 'u') ? RX_UTF8 : 0), e;

		if ((fl & RX_UTF8) && !setlocale(LC_ALL, "en_US.UTF-8"))
			return printf("no en_US.UTF-8\n"), 1;
		if ((e = rx_compile(&r, argv[2], fl)))
			return printf("error %d\n", e), 0;
		for (int i = 4; i < argc; i++)
			printf("%d\n", rx_match(r, argv[i]));
		rx_free(r);
		return 0;
	}
	if (!strcmp(m, "help")) {
		opt_help(&os, "prog");
		return out_flush() ? 1 : 0;
	}
	if (!strcmp(m, "fmt"))
		return fmt_check();
	if (!strcmp(m, "dblcmp") && argc == 3)
		return dbl_check(atol(argv[2]));
	if (!strcmp(m, "fltcmp") && argc == 3)
		return flt_check(atol(argv[2]));
	if (!strcmp(m, "pow10"))
		return pow10_check();
	if (!strcmp(m, "hsort"))
		return hsort_check();
	if (!strcmp(m, "date"))
		return date_check();
	if (!strcmp(m, "tz")) {
		long bad = 0;

		tzset();
		for (long long t = -2147483647LL; t < 2147483647LL; t += 10800) {
			time_t tt = (time_t)t;
			struct tm tm;

			/* the wall clock's offset (not tm_gmtoff: a zone
			 * with leap seconds shows a clock behind that) */
			if (localtime_r(&tt, &tm) && wall(&tm) - t != tz_offset(t) &&
			    bad++ < 3)
				printf("%lld: %ld, localtime %lld\n", t,
				    tz_offset(t), wall(&tm) - t);
		}
		printf("%ld differ\n", bad);
		return bad != 0;
	}
	if (!strcmp(m, "die")) {
		qb_prog = "prog";
		qb_exit_hook = catch_exit;
		if (!setjmp(die_jmp))
			die(3, "bad value '%s'", "x");
		out_str("caught ");
		out_ull((unsigned long long)die_code);
		out_char('\n');
		qb_exit_hook = NULL;
		die(4, "again");
	}
	if (argc < 3)
		return 2;
	if (!strcmp(m, "ll") && argc == 5) {
		long long lo = atoll(argv[3]), hi = atoll(argv[4]), v;

		if (number("ll", num_ll(argv[2], lo, hi, &v), argv[2]))
			return 1;
		printf("%lld\n", v);
	} else if (!strcmp(m, "dbl")) {
		double v;

		if (number("dbl", num_double(argv[2], -1e9, 1e9, &v), argv[2]))
			return 1;
		printf("%g\n", v);
	} else if (!strcmp(m, "sig")) {
		printf("%d\n", sig_parse(argv[2]));
	} else if (!strcmp(m, "signame")) {
		const char *n = sig_name(atoi(argv[2]));

		printf("%s\n", n ? n : "(none)");
	} else if (!strcmp(m, "user") || !strcmp(m, "group")) {
		uid_t u;
		gid_t g;
		int r = m[0] == 'u' ? user_id(argv[2], &u) : group_id(argv[2], &g);

		if (r)
			return printf("unknown\n"), 1;
		printf("%u\n", m[0] == 'u' ? (unsigned)u : (unsigned)g);
	} else {
		return 2;
	}
	return 0;
}
