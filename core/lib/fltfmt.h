/* fltfmt.h: a double's exact decimal value, and its correct rounding.
 *
 * Every finite double is an integer times a power of two, so its decimal
 * expansion ends: at most 767 significant digits (the smallest
 * subnormal's). fmt.c builds printf's %e %f %g from these digits, so the
 * text is rounded once, from the exact value, ties to even, as glibc's
 * printf rounds it. Pure: no I/O, no globals, no allocation. */
#ifndef QB_FLTFMT_H
#define QB_FLTFMT_H

enum { FLT_DIGS = 780 };        /* room for any double's digits */

/* The digits of |v| (v finite) in d[0..n), n returned, no leading zero,
 * and *x such that |v| = d[0].d[1]d[2]... * 10^*x. Zero is "0", *x 0.
 * Digits are the characters '0'..'9'; trailing zeros are left out. */
int flt_digits(double v, char d[FLT_DIGS], int *x);

/* d[0..n) (exponent *x as above) rounded to its first k digits, k any
 * int: half to even, on the exact value the digits spell. Returns the
 * new count (0: the value rounded to zero). A carry out of d[0] makes
 * the digits "1" and adds 1 to *x. */
int flt_round(char *d, int n, int k, int *x);

#endif
