/* clock.h: the one monotonic clock of the tree, sleeping on it, and the
 * calendar date of a day count. */
#ifndef QB_CLOCK_H
#define QB_CLOCK_H

/* CLOCK_MONOTONIC now, in nanoseconds and in seconds */
long long clock_ns(void);
double clock_s(void);
/* sleep s seconds (nothing when s <= 0), resumed after signals */
void clock_sleep(double s);
/* day d since 1970-01-01 (0 .. 2932896, 9999-12-31) as a Gregorian date,
 * *m and *day from 1 */
void clock_date(long d, int *y, int *m, int *day);

#endif
