/* fuzz_fmtunc: fmt_uncertain on arbitrary doubles (NaN, infinities,
 * subnormals, any bit pattern) and separators. Properties: no crash, the
 * text is bounded, NUL-ended inside the size given, the same whatever the
 * size (a shorter buffer gets a prefix), and the length returned is the
 * length of the whole text. */
#include "timing/fmtunc.h"
#include "fuzz.h"

/* the longest text possible: two 17-digit mantissas, signs, exponent,
 * parentheses and the separator; anything near this is a bug */
#define MAXLEN (200 + sizeof sep)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	double v, e;
	char sep[32] = " +- ", full[512], *small;
	size_t n, m, cut;

	if (size < 16)
		return 0;
	memcpy(&v, data, 8);
	memcpy(&e, data + 8, 8);
	if (size > 16) {
		/* the rest is the separator (the applet takes it from $LC_PM) */
		size_t sl = size - 17 < sizeof sep - 1 ? size - 17 : sizeof sep - 1;

		memcpy(sep, data + 17, sl);
		sep[sl] = 0;
	}
	n = fmt_uncertain(full, sizeof full, v, e, sep);
	CHECK(n < MAXLEN);
	CHECK(strlen(full) == n);
	CHECK(fmt_uncertain(NULL, 0, v, e, sep) == n);
	cut = size > 16 ? data[16] % (n + 2) : n / 2;
	small = malloc(cut ? cut : 1);
	memset(small, 'X', cut ? cut : 1);
	m = fmt_uncertain(small, cut, v, e, sep);
	CHECK(m == n);
	if (cut) {
		CHECK(small[cut - 1 < n ? cut - 1 : n] == 0);
		CHECK(!memcmp(small, full, cut - 1 < n ? cut - 1 : n));
	} else {
		CHECK(small[0] == 'X');
	}
	free(small);
	return 0;
}
