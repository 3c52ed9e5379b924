/* ids.c: user/group name or number to id, through libc's NSS lookups. */
#include <grp.h>
#include <pwd.h>

#include "ids.h"
#include "num.h"

int user_id(const char *s, uid_t *out)
{
	long long v;
	struct passwd *pw;

	if (!*s)
		return -1;
	if (!num_ll(s, 0, (uid_t)-2, &v)) {
		*out = (uid_t)v;
		return 0;
	}
	pw = getpwnam(s);
	if (!pw)
		return -1;
	*out = pw->pw_uid;
	return 0;
}

int group_id(const char *s, gid_t *out)
{
	long long v;
	struct group *gr;

	if (!*s)
		return -1;
	if (!num_ll(s, 0, (gid_t)-2, &v)) {
		*out = (gid_t)v;
		return 0;
	}
	gr = getgrnam(s);
	if (!gr)
		return -1;
	*out = gr->gr_gid;
	return 0;
}
