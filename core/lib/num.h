/* num.h: strict number parsing. No silent truncation, no trailing junk.
 * Each returns 0 on success, else an errno value (EINVAL malformed,
 * ERANGE out of [lo,hi]) and leaves *out unchanged. */
#ifndef QB_NUM_H
#define QB_NUM_H

/* decimal integer, optional sign, no blanks */
int num_ll(const char *s, long long lo, long long hi, long long *out);
/* decimal unsigned integer, digits only (no sign, no blanks), up to
 * ULLONG_MAX */
int num_ull(const char *s, unsigned long long *out);
/* finite decimal floating point (strtod syntax, C locale), in [lo,hi] */
int num_double(const char *s, double lo, double hi, double *out);

/* 10^i as the nearest double, exactly the literal 1eI would be (0 below
 * the subnormals, HUGE_VAL above DBL_MAX): no table, no libm */
double num_pow10(int i);

/* up to max leading digits of s in base (2..16, either case): how many
 * were taken (0: none), their value in *out */
int num_digits(const char *s, unsigned base, int max, unsigned *out);

#endif
