/* fuzz_fmtfloat: fmtf_snprintf's %e %f %g (and E F G) against the C
 * library's snprintf (glibc: correctly rounded, ties to even). Both must
 * store the same bytes and return the same length, for the whole text
 * and for a short buffer that cuts it.
 * Input: bytes 0-7 a double's bits, or, when byte 9's top bit is set, a
 * small integer (bytes 0-1) times a power of two (byte 2), which makes
 * exact ties at short precisions common; byte 8 the precision (0..40, or
 * 41: a negative `*`, i.e. the default); byte 9 the conversion (low 3
 * bits) and flags (- and 0); byte 10 the width (0..47, 48 and up: none);
 * byte 11 the size of the short buffer. Missing bytes are 0. */
#include <math.h>

#include "libc/fmt.h"
#include "fuzz.h"

static const char convs[] = "efgEFGfg";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t in[12] = {0};
	char spec[16], *t = spec, a[1100], b[1100], *sa, *sb;
	double v;
	int prec, w, x, y;
	size_t cap;

	memcpy(in, data, size < sizeof in ? size : sizeof in);
	if (in[9] & 0x80) {
		int16_t m;

		memcpy(&m, in, sizeof m);
		v = ldexp(m, (in[2] % 80) - 60);
	} else {
		memcpy(&v, in, sizeof v);
	}
	prec = in[8] % 42;
	if (prec == 41)
		prec = -1 - in[8] / 42;
	w = in[10] < 48 ? in[10] : -1;
	*t++ = '%';
	if (in[9] & 0x08)
		*t++ = '-';
	if (in[9] & 0x10)
		*t++ = '0';
	if (w >= 0)
		t += sprintf(t, "%d", w);
	*t++ = '.', *t++ = '*', *t++ = convs[in[9] & 7], *t = 0;

	x = fmtf_snprintf(a, sizeof a, spec, prec, v);
	y = snprintf(b, sizeof b, spec, prec, v);
	if (x != y || strcmp(a, b)) {
		fprintf(stderr, "%s prec %d %a: [%s] %d, libc [%s] %d\n", spec,
		    prec, v, a, x, b, y);
		CHECK(!"same text");
	}
	/* a short buffer of exactly cap bytes: ASan sees any write past it */
	cap = in[11] % 64;
	sa = malloc(cap ? cap : 1);
	sb = malloc(cap ? cap : 1);
	if (!sa || !sb)
		abort();
	memset(sa, 'z', cap), memset(sb, 'z', cap);
	x = fmtf_snprintf(cap ? sa : NULL, cap, spec, prec, v);
	y = snprintf(cap ? sb : NULL, cap, spec, prec, v);
	CHECK(x == y);
	CHECK(!memcmp(sa, sb, cap));
	free(sa);
	free(sb);
	return 0;
}
