/* clock.h: the one monotonic clock of the tree, and sleeping on it. */
#ifndef QB_CLOCK_H
#define QB_CLOCK_H

/* CLOCK_MONOTONIC now, in nanoseconds and in seconds */
long long clock_ns(void);
double clock_s(void);
/* sleep s seconds (nothing when s <= 0), resumed after signals */
void clock_sleep(double s);

#endif
