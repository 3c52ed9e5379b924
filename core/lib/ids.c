/* ids.c: user/group name or number to id, and id to name.
 *
 * The names of ids (what ps -o user shows) come from /etc/passwd and
 * /etc/group, each read at most once a run and kept, and each id is
 * looked up once: a small cache holds what was found (the cost it saves:
 * docs/PERFORMANCE.md, "User and group names"). With glibc an id those
 * files do not name goes on to NSS (LDAP, systemd users ...), as names
 * given as options do (getpwnam). Elsewhere (musl, the static build)
 * libc's lookup would only read the two files anyway, but pulls stdio
 * and an nscd client into the binary, so names are read here directly:
 * what that saves is in docs/quickbox.md. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lib/ids.h"
#include "lib/num.h"
#include "lib/vec.h"

/* all of /etc/group or /etc/passwd, read at the first call for it and
 * kept; NULL (errno set) when it cannot be read */
static const char *db(int group, size_t *len)
{
	static char *f[2];
	static size_t n[2];
	static int err[2];

	if (!f[group] && !err[group]) {
		f[group] = vec_file(group ? "/etc/group" : "/etc/passwd",
		    SIZE_MAX, &n[group]);
		err[group] = f[group] ? 0 : errno;
	}
	errno = err[group];
	*len = n[group];
	return f[group];
}

/* the next line "NAME:x:ID:..." from *at on (*at moved past it) with all
 * its fields (7, or 4 for a group: like libc, a line without them is
 * none) and a decimal ID below (uid_t)-1, its NAME's length in *nl and
 * ID in *id; NULL at the end */
static const char *next(int group, const char **at, const char *end,
    size_t *nl, unsigned long long *id)
{
	while (*at < end) {
		const char *p = *at, *q, *f = p;
		int colons = 0;

		for (q = p; q < end && *q != '\n'; q++)
			if (*q == ':') {
				*nl = colons ? *nl : (size_t)(q - p);
				f = ++colons == 2 ? q + 1 : f;
			}
		*at = q + 1;
		if (colons < (group ? 3 : 6))
			continue;
		for (*id = 0, q = f; *q >= '0' && *q <= '9' && *id < (uid_t)-1; q++)
			*id = *id * 10 + (unsigned)(*q - '0');
		if (q > f && *q == ':' && *id < (uid_t)-1)
			return p;
	}
	return NULL;
}

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

static const char *nss(int group, unsigned long long id)
{
	struct passwd *pw;
	struct group *gr;

	if (group)
		return (gr = getgrgid((gid_t)id)) ? gr->gr_name : NULL;
	return (pw = getpwuid((uid_t)id)) ? pw->pw_name : NULL;
}
#else
static int by_name(int group, const char *s, long long *id)
{
	size_t len = strlen(s), n, nl;
	const char *f = db(group, &n), *at = f, *p;
	unsigned long long v;

	if (!f)
		return -1;      /* errno says why: ENOENT in a bare root */
	errno = 0;
	while ((p = next(group, &at, f + n, &nl, &v)))
		if (nl == len && !memcmp(p, s, len)) {
			*id = (long long)v;
			return 0;
		}
	return -1;
}

#define nss(group, id) NULL
#endif

/* the ids looked up: at most CACHE, then each new one takes the place of
 * the oldest, so a long run (pw --appear) meeting ever new ids stays this
 * size; ps's rule: a name of 33 bytes or more, or none, is no name */
#define CACHE 64
static struct {
	unsigned long long id;
	unsigned char used, group;
	char name[33];
} seen[CACHE];
static unsigned oldest;

const char *id_name(int group, unsigned long long id)
{
	size_t n, nl = 0;
	const char *f, *at, *p = NULL, *s;
	unsigned long long v;
	unsigned i;

	for (i = 0; i < CACHE; i++)
		if (seen[i].used && seen[i].group == group && seen[i].id == id)
			return *seen[i].name ? seen[i].name : NULL;
	i = oldest++ % CACHE;
	seen[i].used = 1, seen[i].group = (unsigned char)group, seen[i].id = id;
	*seen[i].name = 0;
	if ((at = f = db(group, &n)))
		while ((p = next(group, &at, f + n, &nl, &v)) && v != id)
			;
	if (!p && (s = nss(group, id)))
		p = s, nl = strlen(s);
	if (p && nl < sizeof seen[i].name) {
		memcpy(seen[i].name, p, nl);
		seen[i].name[nl] = 0;
	}
	return *seen[i].name ? seen[i].name : NULL;
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
