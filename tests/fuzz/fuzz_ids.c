/* fuzz_ids: user_id/group_id on numbers (names go through NSS and are
 * skipped: a text that is not [+-]digits is not looked up). A decimal id
 * in 0..(uid_t)-2 is taken as it is; anything else numeric is refused
 * unless it is a name in the user database. */
#include <ctype.h>
#include <errno.h>

#include "fuzz.h"
#include "lib/ids.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size);
	const char *p = s + (*s == '+' || *s == '-');
	uid_t u = 7;
	gid_t g = 7;
	int ru, rg, digits = isdigit((unsigned char)*p);

	for (const char *c = p; digits && *c; c++)
		digits = isdigit((unsigned char)*c);
	if (!digits) {
		free(s);
		return 0;
	}
	ru = user_id(s, &u);
	rg = group_id(s, &g);
	{
		char *end;
		unsigned long long v;

		errno = 0;
		v = strtoull(p, &end, 10);
		if (*s != '-' && !errno && v <= (uid_t)-2) {
			CHECK(ru == 0 && u == (uid_t)v);
			CHECK(rg == 0 && g == (gid_t)v);
		} else {
			/* only a user database entry of that name could say yes */
			CHECK(ru == -1 || u != 7);
			CHECK(rg == -1 || g != 7);
		}
	}
	free(s);
	return 0;
}
