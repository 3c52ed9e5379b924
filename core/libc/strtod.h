/* strtod.h: decimal text to double without the C library's strtod
 * (strtod.c says why). Each returns 0 on success, else an errno value
 * (EINVAL malformed, ERANGE out of [lo,hi]) and leaves *out unchanged. */
#ifndef QB_STRTOD_H
#define QB_STRTOD_H

/* finite decimal or hexadecimal floating point (strtod syntax, C
 * locale), in [lo,hi] */
int num_double(const char *s, double lo, double hi, double *out);

/* 10^i as the nearest double, exactly the literal 1eI would be (0 below
 * the subnormals, HUGE_VAL above DBL_MAX): no table, no libm */
double num_pow10(int i);

#endif
