/* gnusize.h: GNU coreutils' number syntax for head/tail: the counts of
 * -n/-c (xstrtoumax with the suffixes "bkKmMGTPEZY" and their B/iB forms)
 * and the plain decimals of --pid and --max-unchanged-stats. */
#ifndef QB_GNUSIZE_H
#define QB_GNUSIZE_H

/* 0 and *out set; EINVAL (malformed) or EOVERFLOW (does not fit 64 bits) */
int gnu_size(const char *s, unsigned long long *out);
/* a plain decimal as GNU's xdectoumax takes it (blanks, '+', digits, no
 * suffix) up to max: 0, EINVAL, or EOVERFLOW (too big or above max; GNU
 * says so for every max it uses, all above INT_MAX / 2) */
int gnu_dec(const char *s, unsigned long long max, unsigned long long *out);

#endif
