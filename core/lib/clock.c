/* clock.c: CLOCK_MONOTONIC readings and sleeps. */
#include <errno.h>
#include <time.h>

#include "lib/clock.h"

long long clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

double clock_s(void)
{
	return (double)clock_ns() / 1e9;
}

void clock_sleep(double s)
{
	struct timespec ts;

	if (!(s > 0))
		return;
	if (s > 1e9)
		s = 1e9;
	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
	if (ts.tv_nsec > 999999999)
		ts.tv_nsec = 999999999;
	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* Not gmtime_r: musl's links its TZ file parser with it (640 bytes
 * in docs/quickbox.md's trial, "Static binary and size"), and a 32-bit
 * time_t ends in 2038. Days are counted from 0000-03-01 so that a leap day ends its
 * year: 400-year eras of 146097 days, years of 365 days plus the leap
 * days before them, months from March, 153 days to every 5 */
void clock_date(long d, int *y, int *m, int *day)
{
	long z = d + 719468, era = z / 146097, doe = z - era * 146097;
	long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	long mp = (5 * doy + 2) / 153;

	*day = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = (int)(yoe + era * 400 + (*m <= 2));
}
