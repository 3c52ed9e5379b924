/* date.h: in place of gmtime_r(3)'s date: the calendar date of a day
 * count, for ps's start times (pf -F start, lstart).
 *
 * Why not gmtime_r: musl's links its TZ file parser with it, 640 bytes
 * of the whole static binary (docs/quickbox.md, "Each re-implementation
 * on trial"), and where time_t is 32 bits gmtime_r ends in 2038. It must
 * give gmtime_r's date for every day it covers (tests/core.bats compares
 * the two from 1970 to 9999). The same code in every build. */
#ifndef QB_DATE_H
#define QB_DATE_H

/* day d since 1970-01-01 (0 .. 2932896, 9999-12-31) as a Gregorian date,
 * *m and *day from 1 */
void date_of_day(long d, int *y, int *m, int *day);

#endif
