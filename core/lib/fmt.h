/* fmt.h: snprintf for messages, without stdio's floating-point code.
 *
 * The conversions the tools' messages use: %s %c %d %i %u %x %% with the
 * flags - and 0, a width and a precision (digits or *), and the length
 * modifiers l ll z. Results are snprintf's, byte for
 * byte: the return value is the length the whole result would have, and
 * at most cap bytes (NUL included) are stored.
 *
 * A floating conversion (%f %e %g %a, either case) is handed to the C
 * library's snprintf, referenced weakly: a static build whose code calls
 * snprintf nowhere else links no float formatter at all (the point of
 * this file: docs/quickbox.md has the bytes it saves). In such a build
 * a float conversion, which no caller there passes, is copied out as
 * its text. */
#ifndef QB_FMT_H
#define QB_FMT_H

#include <stdarg.h>
#include <stddef.h>

int fmt_vsnprintf(char *buf, size_t cap, const char *fmt, va_list ap);
int fmt_snprintf(char *buf, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
