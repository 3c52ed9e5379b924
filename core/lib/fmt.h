/* fmt.h: snprintf for messages, without stdio's floating-point code.
 *
 * The conversions the tools' messages use: %s %c %d %i %u %x %% and the
 * floating %e %f %g (%E %F %G), with the flags - and 0, a width and a
 * precision (digits or *), and the length modifiers l ll z. Results are
 * glibc snprintf's, byte for byte: the return value is the length the
 * whole result would have, and at most cap bytes (NUL included) are
 * stored. Floats are rounded once from their exact binary value, ties
 * to even (fltfmt.h), so no static build links the C library's printf
 * (docs/quickbox.md has the bytes that saves). The flags + space # and
 * %a are not in the subset: such a conversion is copied out as text. */
#ifndef QB_FMT_H
#define QB_FMT_H

#include <stdarg.h>
#include <stddef.h>

int fmt_vsnprintf(char *buf, size_t cap, const char *fmt, va_list ap);
int fmt_snprintf(char *buf, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
