/* gnusize.h: GNU coreutils' count syntax for head/tail -n/-c (xstrtoumax
 * with the suffixes "bkKmMGTPEZY" and their B/iB forms). */
#ifndef QB_GNUSIZE_H
#define QB_GNUSIZE_H

/* 0 and *out set; EINVAL (malformed) or EOVERFLOW (does not fit 64 bits) */
int gnu_size(const char *s, unsigned long long *out);

#endif
