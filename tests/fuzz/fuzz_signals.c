/* fuzz_signals: sig_parse / sig_from_name / sig_name. Properties: a result
 * is -1 or a signal 0..64; a decimal text means its value (or -1 above 64)
 * and is never taken as a name; every name sig_name gives parses back to
 * its number, with or without "SIG" and in any case. */
#include <ctype.h>
#include <strings.h>

#include "fuzz.h"
#include "lib/sig.h"

static void roundtrip(int sig)
{
	const char *n = sig_name(sig);
	char buf[40];

	if (!n)
		return;
	CHECK(strlen(n) < 16);
	CHECK(sig_parse(n) == sig);
	CHECK(sig_from_name(n) == sig);
	snprintf(buf, sizeof buf, "sig%s", n);
	for (char *c = buf; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	CHECK(sig_parse(buf) == sig);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size);
	int r = sig_parse(s), q = sig_from_name(s);
	const char *p = s;

	CHECK(r >= -1 && r <= 64);
	CHECK(q >= -1 && q <= 64);
	if (isdigit((unsigned char)*s)) {
		unsigned long long v = 0;
		int big = 0;

		while (isdigit((unsigned char)*p)) {
			v = v * 10 + (unsigned)(*p++ - '0');
			big |= v > 64;
		}
		CHECK(r == (*p || big ? -1 : (int)v));
		CHECK(q == -1);
	} else {
		CHECK(r == q);
	}
	if (r > 0)
		roundtrip(r);
	/* the whole number range, from the input's first byte */
	roundtrip(size ? (int)(signed char)data[0] : 0);
	free(s);
	return 0;
}
