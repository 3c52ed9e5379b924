/* fltfmt.h: in place of printf(3)'s %e %f %g: the text of a double, from
 * its exact value. Why: musl's vsnprintf for the floats alone would
 * cost 10,496 bytes more of the whole static binary (tim's 10,752;
 * docs/quickbox.md, "Each re-implementation on trial"), and the text must be glibc's
 * (tim's exports are compared across hosts). The glibc builds keep it
 * too: 4,398 instructions against glibc snprintf's 6,544 for
 * "%.6g %.3f %e", the same text (the fuzzer compares them).
 *
 * Every finite double is an integer times a power of two, so its decimal
 * expansion ends (at most 767 significant digits, the smallest
 * subnormal's). The digits are made exactly and rounded once, half to
 * even, as glibc's printf rounds them, so the text is glibc's byte for
 * byte. fmt.c lays the text out (width, flags) for fmtf_snprintf, whose
 * file (fmtf.c) is the one reference to flt_conv, so only a program that
 * formats floats links this file (fmt.h). What it buys:
 * no printf in a static build (docs/quickbox.md, "Static binary and
 * size") and faster exports (docs/PERFORMANCE.md, "tim: own float
 * formatting"); tests/fuzz/fuzz_fmtfloat.c holds it to snprintf.
 * Pure: no I/O, no globals, no allocation. */
#ifndef QB_FLTFMT_H
#define QB_FLTFMT_H

#include <stddef.h>

/* Bounds of the text before its trailing zeros: %f has at most 309
 * integer digits, or "0." and 1074 decimals (2^-1074 * 10^1074 is an
 * integer), %e at most 767 digits and a point. */
enum { FLT_HEAD = 1080 };

/* the text, in order: [-] head, zeros '0's, tail (no NUL in either) */
struct flt_text {
	int neg;                /* a '-' before it all (also -0, -nan) */
	int finite;             /* 0: inf or nan, which 0-padding skips */
	size_t nhead, ntail;
	long long zeros;        /* a precision past the exact digits */
	char head[FLT_HEAD];    /* digits and point; or inf / nan */
	char tail[6];           /* %e's exponent, "e+05"; or nothing */
};

/* conv: e f g E F G; prec < 0: the default, 6 */
void flt_conv(struct flt_text *t, char conv, int prec, double v);

#endif
