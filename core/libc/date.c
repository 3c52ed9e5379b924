/* date.c: the date of a day count (date.h), instead of gmtime_r.
 *
 * Days are counted from 0000-03-01 so that a leap day ends its year:
 * 400-year eras of 146097 days, years of 365 days plus the leap days
 * before them, months from March, 153 days to every 5. */
#include "libc/date.h"

void date_of_day(long d, int *y, int *m, int *day)
{
	long z = d + 719468, era = z / 146097, doe = z - era * 146097;
	long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	long mp = (5 * doy + 2) / 153;

	*day = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = (int)(yoe + era * 400 + (*m <= 2));
}
