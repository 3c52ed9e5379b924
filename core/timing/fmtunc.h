/* fmtunc.h: "value +- error" text, rounded as the original tool rounds it.
 *
 * The error keeps 2 significant digits and the value is rounded to the same
 * decimal place. Decimal exponents -2..4 print fixed ("201.76 +- 0.62"),
 * others scientific ("(1.23456 +- 0.00012)e+05"). err 0 or NaN prints both
 * with 16 digits; a value smaller than the error's last digit is "0". The
 * rounding is cligen's (round half up of the float-scaled fraction), not
 * printf's, so the bytes match the original tool (docs/tim.md). */
#ifndef QB_FMTUNC_H
#define QB_FMTUNC_H

#include <stddef.h>

/* Writes at most size bytes (NUL included) into buf, like snprintf, and
 * returns the length the whole text needs. pm separates value and error
 * (the applet passes $LC_PM or " +- "). Pure: no I/O, no globals. */
size_t fmt_uncertain(char *buf, size_t size, double val, double err,
    const char *pm);

/* Makes every double operation round to double from here on, as it does
 * on any target with a double-width FPU. Only the x87 (32-bit x86 built
 * without SSE2 math, e.g. Debian's i686 gcc) needs it: it keeps
 * intermediate results in 64-bit mantissas, which moves last digits of
 * the estimates and of the formatted text (tim's output then differed
 * from x86_64, ARM and s390x in 40 of the 2014 golden pairs). Call it
 * before any arithmetic whose digits are printed. */
void fp_double(void);

#endif
