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
