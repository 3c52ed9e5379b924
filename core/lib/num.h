/* num.h: strict number parsing. No silent truncation, no trailing junk.
 * Each returns 0 on success, else an errno value (EINVAL malformed,
 * ERANGE out of [lo,hi]) and leaves *out unchanged. */
#ifndef QB_NUM_H
#define QB_NUM_H

#include "libc/strtod.h"      /* num_double, num_pow10 */

/* decimal integer, optional sign, no blanks */
int num_ll(const char *s, long long lo, long long hi, long long *out);
/* decimal unsigned integer, digits only (no sign, no blanks), up to
 * ULLONG_MAX */
int num_ull(const char *s, unsigned long long *out);

/* up to max leading digits of s in base (2..16, either case): how many
 * were taken (0: none), their value in *out */
int num_digits(const char *s, unsigned base, int max, unsigned *out);

#endif
