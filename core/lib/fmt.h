/* fmt.h: snprintf for messages, without stdio's floating-point code.
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
 * The float code (fltfmt.c, about 1.6 KB static) is linked only into a
 * program with FMT_FLOATS at file scope in one of its files; without it,
 * a float conversion is copied out as its text, as is the rest of the
 * subset's misses. */
#ifndef QB_FMT_H
#define QB_FMT_H

#include <stdarg.h>
#include <stddef.h>

/* a reference the linker must resolve, which pulls in fltfmt.c */
#define FMT_FLOATS \
	struct flt_text; \
	void flt_conv(struct flt_text *, char, int, double); \
	__attribute__((used)) static void (*const fmt_floats_)(struct flt_text *, \
	    char, int, double) = flt_conv

int fmt_vsnprintf(char *buf, size_t cap, const char *fmt, va_list ap);
int fmt_snprintf(char *buf, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
