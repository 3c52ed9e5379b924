/* fuzz_numbers: num_ll and num_double against strtoll/strtod oracles.
 * Input: byte 0 picks the range, the rest (to a NUL) is the text. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>

#include "fuzz.h"
#include "lib/num.h"

static const long long lls[][2] = {
	{LLONG_MIN, LLONG_MAX}, {0, 0x7fffffff}, {-40, 40}, {1, 1 << 20},
	{0, 64}, {-(1LL << 62), 1LL << 62}, {0, 99999999}, {5, 5},
	{0, (unsigned)-2},
};
static const double dbls[][2] = {
	{0, 1e9}, {-HUGE_VAL, HUGE_VAL}, {-1e9, 1e9}, {1e-3, 1},
};

/* the grammar num_ll promises: [+-]?[0-9]+ and nothing else */
static int ll_syntax(const char *s)
{
	if (*s == '+' || *s == '-')
		s++;
	if (!isdigit((unsigned char)*s))
		return 0;
	while (isdigit((unsigned char)*s))
		s++;
	return !*s;
}

static void check_ll(const char *s, long long lo, long long hi)
{
	long long out = 0x5a5a5a5a, want;
	int r = num_ll(s, lo, hi, &out);
	char *end;

	if (!ll_syntax(s)) {
		CHECK(r == EINVAL);
		CHECK(out == 0x5a5a5a5a);
		return;
	}
	errno = 0;
	want = strtoll(s, &end, 10);
	CHECK(*end == 0);
	if (errno == ERANGE || want < lo || want > hi) {
		CHECK(r == ERANGE);
		CHECK(out == 0x5a5a5a5a);
		return;
	}
	CHECK(r == 0);
	CHECK(out == want);
}

static void check_double(const char *s, double lo, double hi)
{
	double out = -12345.5, want;
	int r = num_double(s, lo, hi, &out);
	char *end;

	errno = 0;
	want = strtod(s, &end);
	/* no blanks, no junk, not NaN */
	if (!*s || isspace((unsigned char)*s) || *end || end == s || isnan(want)) {
		CHECK(r == EINVAL);
		CHECK(out == -12345.5);
		return;
	}
	if (errno == ERANGE || isinf(want) || want < lo || want > hi) {
		CHECK(r == ERANGE);
		CHECK(out == -12345.5);
		return;
	}
	CHECK(r == 0);
	CHECK(out == want || (out == 0 && want == 0));
	CHECK(isfinite(out) && out >= lo && out <= hi);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s;
	unsigned sel;

	if (!size)
		return 0;
	sel = data[0];
	s = fuzz_str(data + 1, size - 1);
	check_ll(s, lls[sel % (sizeof lls / sizeof *lls)][0],
	    lls[sel % (sizeof lls / sizeof *lls)][1]);
	check_double(s, dbls[sel % (sizeof dbls / sizeof *dbls)][0],
	    dbls[sel % (sizeof dbls / sizeof *dbls)][1]);
	free(s);
	return 0;
}
