/* ids.c: user/group name or number to id.
 *
 * With glibc, names go through NSS (getpwnam: files, LDAP, systemd users
 * ...). Elsewhere (musl, the static build) libc's lookup would only read
 * /etc/passwd and /etc/group anyway, but pulls stdio and an nscd client
 * into the binary, so those two files are read here directly: what that
 * saves is in docs/quickbox.md. */
#include <errno.h>
#include <stddef.h>

#include "lib/ids.h"
#include "lib/num.h"

#ifdef __GLIBC__
#include <grp.h>
#include <pwd.h>

static int by_name(int group, const char *s, long long *id)
{
	struct passwd *pw;
	struct group *gr;

	errno = 0;
	if (group) {
		gr = getgrnam(s);
		if (gr)
			*id = gr->gr_gid;
		return gr ? 0 : -1;
	}
	pw = getpwnam(s);
	if (pw)
		*id = pw->pw_uid;
	return pw ? 0 : -1;
}

static const char *by_id(int group, unsigned long long id)
{
	struct passwd *pw;
	struct group *gr;

	if (group)
		return (gr = getgrgid((gid_t)id)) ? gr->gr_name : NULL;
	return (pw = getpwuid((uid_t)id)) ? pw->pw_name : NULL;
}
#else
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/vec.h"

/* the third field of the line "NAME:x:ID:..." of /etc/passwd or /etc/group;
 * like libc, a line without all its fields (7, or 4 for a group) is none */
/* all of /etc/group or /etc/passwd, NUL-terminated, its length in *len;
 * NULL with errno set when it cannot be opened */
static char *slurp(int group, size_t *len)
{
	return vec_file(group ? "/etc/group" : "/etc/passwd", SIZE_MAX, len);
}

static int by_name(int group, const char *s, long long *id)
{
	size_t len = strlen(s), n;
	char *buf, *p, *end, *f, *q;
	int found = -1, colons;

	buf = slurp(group, &n);
	if (!buf)
		return -1;      /* errno says why: ENOENT in a bare root */
	for (p = buf; p < buf + n; p = end + 1) {
		end = strchr(p, '\n');
		if (!end)
			end = buf + n;
		*end = 0;
		if (strncmp(p, s, len) || p[len] != ':')
			continue;
		for (colons = 0, q = p; (q = strchr(q, ':')); q++)
			colons++;
		f = strchr(p + len + 1, ':');
		if (colons < (group ? 3 : 6))
			continue;
		q = strchr(++f, ':');
		*q = 0;
		found = num_ll(f, 0, (uid_t)-2, id) ? -1 : 0;
		break;
	}
	free(buf);
	errno = 0;
	return found;
}

/* the NAME of the first line "NAME:x:ID:..." with this ID, in a buffer
 * kept to the next call */
static const char *by_id(int group, unsigned long long id)
{
	static char name[64];
	size_t n;
	char *buf = slurp(group, &n), *p, *end, *f, *q;
	const char *found = NULL;
	long long v;

	if (!buf)
		return NULL;
	for (p = buf; p < buf + n && !found; p = end + 1) {
		end = strchr(p, '\n');
		if (!end)
			end = buf + n;
		*end = 0;
		if (!(f = strchr(p, ':')) || !(f = strchr(f + 1, ':')) ||
		    !(q = strchr(++f, ':')) || (size_t)(f - p) > sizeof name)
			continue;
		*q = 0;
		if (num_ll(f, 0, (uid_t)-2, &v) || (unsigned long long)v != id)
			continue;
		memcpy(name, p, (size_t)(strchr(p, ':') - p));
		name[strchr(p, ':') - p] = 0;
		found = name;
	}
	free(buf);
	return found;
}
#endif

const char *id_name(int group, unsigned long long id)
{
	return by_id(group, id);
}

static int to_id(int group, const char *s, long long *v)
{
	if (!*s) {
		errno = 0;
		return -1;
	}
	if (!num_ll(s, 0, (uid_t)-2, v))
		return 0;
	return by_name(group, s, v);
}

int user_id(const char *s, uid_t *out)
{
	long long v;

	if (to_id(0, s, &v))
		return -1;
	*out = (uid_t)v;
	return 0;
}

int group_id(const char *s, gid_t *out)
{
	long long v;

	if (to_id(1, s, &v))
		return -1;
	*out = (gid_t)v;
	return 0;
}
