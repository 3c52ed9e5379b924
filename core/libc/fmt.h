/* fmt.h: in place of snprintf(3) and vsnprintf(3): their subset for
 * messages, without stdio's floating-point code. Why: musl's vsnprintf
 * (with stdio's printf core) would cost 8,896 bytes more of the whole
 * static binary (docs/quickbox.md, "Each re-implementation on trial"), and the text must be glibc's,
 * which the reference tools print. The glibc builds keep it too: 930
 * instructions against glibc snprintf's 1,705 for "%5d %-8s %s\n", and
 * one formatter, which the test suite on the default build exercises.
 *
 * The conversions the tools' messages use: %s %c %d %i %u %x %% and the
 * floating %e %f %g (%E %F %G), with the flags - and 0, a width and a
 * precision (digits or *), and the length modifiers l ll z. Results are
 * glibc snprintf's, byte for byte: the return value is the length the
 * whole result would have, and at most cap bytes (NUL included) are
 * stored. Floats are rounded once from their exact binary value, ties
 * to even (fltfmt.h), so no static build links the C library's printf
 * (the bytes that saves: docs/quickbox.md, "Static binary and size";
 * tests/fuzz/fuzz_fmtfloat.c holds the floats to the C library's
 * snprintf). The flags + space # and %a are not in the subset: such a
 * conversion is copied out as text.
 *
 * Two entry points: fmt_snprintf leaves the floating conversions out,
 * fmtf_snprintf (fmtf.c) has them. The float code (fltfmt.c; its bytes:
 * docs/quickbox.md, "Static binary and size") is referenced from fmtf.c
 * alone, so a program has it exactly when it calls fmtf_*: that call
 * links it, and fails to link without it.
 * Given to fmt_snprintf, a float conversion is copied out as its text (as
 * the subset's other misses are) in every build alike, so a test of the
 * text sees the mistake whichever applets the build holds. */
#ifndef QB_FMT_H
#define QB_FMT_H

#include <stdarg.h>
#include <stddef.h>

int fmt_vsnprintf(char *buf, size_t cap, const char *fmt, va_list ap);
int fmt_snprintf(char *buf, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* the same with %e %f %g (and upper case), in fmtf.c */
int fmtf_vsnprintf(char *buf, size_t cap, const char *fmt, va_list ap);
int fmtf_snprintf(char *buf, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* the formatter behind both: flt converts a double (fltfmt.h's flt_conv),
 * NULL leaves the float conversions as text */
struct flt_text;
typedef void fmt_flt_fn(struct flt_text *t, char conv, int prec, double v);
int fmt_vformat(char *buf, size_t cap, const char *fmt, va_list ap,
    fmt_flt_fn *flt);

/* the variadic entry point NAME over fmt_vformat with FLT: fmt.c and
 * fmtf.c define theirs with it */
#define FMT_VARIADIC(name, flt) \
	int name(char *buf, size_t cap, const char *f, ...) \
	{ \
		va_list ap; \
		int n; \
		va_start(ap, f); \
		n = fmt_vformat(buf, cap, f, ap, flt); \
		va_end(ap); \
		return n; \
	}

#endif
