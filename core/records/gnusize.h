/* gnusize.h: GNU coreutils' number syntax for head/tail (9.6 and later):
 * the counts of -n/-c (xstrtoumax/xstrtoimax with the suffixes
 * "bkKmMGTPEZYRQ" and their B/iB forms), and the plain decimals of --pid
 * and --max-unchanged-stats. A number too big for 64 bits is taken as
 * the largest, as GNU takes it since 9.6. */
#ifndef QB_GNUSIZE_H
#define QB_GNUSIZE_H

enum {
	GS_SIGNED = 1,   /* tail's xstrtoimax: a '-' parses, and a value below 0
	                  * is EOVERFLOW ("-0" is 0) */
	GS_PLAIN = 2     /* no suffix */
};

/* 0 and *out set (ULLONG_MAX when it does not fit), EINVAL (malformed)
 * or EOVERFLOW (negative, GS_SIGNED) */
int gnu_size(const char *s, int flags, unsigned long long *out);

#endif
