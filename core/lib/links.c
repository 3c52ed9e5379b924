/* links.c: links named after applets to the running binary, and which
 * binary a command name on PATH runs. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libc/fmt.h"
#include "lib/links.h"
#include "lib/out.h"

static char self[PATH_MAX];
static links_say *say;   /* the caller's message hook */
static struct stat self_st;

/* the kernel's answer is already absolute and free of links, so libc's
 * realpath (a sizeable pull in a static build) is not needed */
static int find_self(void)
{
	ssize_t n;

	if (*self)
		return 0;
	n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0 || (self[n] = 0, stat(self, &self_st))) {
		*self = 0;
		say("cannot find its own binary: /proc/self/exe:");
		return -1;
	}
	return 0;
}

static const char *base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* does path (lstat'ed as *st) run quickbox already? */
static int runs_quickbox(const char *path, const struct stat *st)
{
	char t[PATH_MAX];
	struct stat to;
	ssize_t n;

	if (S_ISLNK(st->st_mode)) {
		n = readlink(path, t, sizeof t - 1);
		if (n < 0)
			return 0;
		t[n] = 0;
		if (!strcmp(base(t), "quickbox"))
			return 1;
		if (stat(path, &to))
			return 0;
		st = &to;
	}
	return st->st_dev == self_st.st_dev && st->st_ino == self_st.st_ino;
}

static int one(const char *dir, const char *name, const char *target, int flags)
{
	char path[PATH_MAX], t[PATH_MAX];
	struct stat st;
	ssize_t n;

	if ((size_t)fmt_snprintf(path, sizeof path, "%s/%s", dir, name) >= sizeof path) {
		errno = ENAMETOOLONG;
		say("%s/%s:", dir, name);
		return 1;
	}
	if (!lstat(path, &st)) {
		/* already the link asked for: nothing to do */
		if (flags & LINKS_HARD) {
			if (!S_ISLNK(st.st_mode) && st.st_dev == self_st.st_dev &&
			    st.st_ino == self_st.st_ino)
				return 0;
		} else if (S_ISLNK(st.st_mode) &&
		    (n = readlink(path, t, sizeof t - 1)) >= 0 &&
		    (t[n] = 0, !strcmp(t, target)))
			return 0;
		if (S_ISDIR(st.st_mode)) {
			say("%s: is a directory", path);
			return 1;
		}
		if (!(flags & LINKS_FORCE) && !runs_quickbox(path, &st)) {
			say("%s: exists and is not a link to quickbox (-f replaces it)", path);
			return 1;
		}
		if (unlink(path)) {
			say("cannot replace %s:", path);
			return 1;
		}
	}
	if ((flags & LINKS_HARD) ? link(self, path) : symlink(target, path)) {
		say("cannot link %s:", path);
		return 1;
	}
	return 0;
}

int links_make(const char *dir, const char *const *names, size_t n, int flags,
    links_say *hook)
{
	char own[PATH_MAX];
	const char *target = self;
	struct stat st, ost;
	size_t i;
	int rc = 0;

	say = hook;
	if (find_self())
		return 1;
	if (stat(dir, &st)) {
		say("%s:", dir);
		return 1;
	}
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		say("%s:", dir);
		return 1;
	}
	/* in the binary's own folder a relative link survives moving the
	 * folder (a staged DESTDIR, an image root mounted elsewhere) */
	strcpy(own, self);
	*(char *)base(own) = 0;
	if (!stat(own, &ost) && ost.st_dev == st.st_dev && ost.st_ino == st.st_ino)
		target = base(self);
	for (i = 0; i < n; i++)
		rc |= one(dir, names[i], target, flags);
	return rc;
}

static int executable(const char *path, struct stat *st)
{
	return !access(path, X_OK) && !stat(path, st) && S_ISREG(st->st_mode);
}

int links_which(const char *name, links_say *hook)
{
	const char *p = getenv("PATH"), *e;
	char path[PATH_MAX], to[PATH_MAX];
	struct stat st;
	ssize_t tn;
	int found = 0, q;

	say = hook;
	if (strchr(name, '/')) {
		found = strlen(name) < sizeof path && executable(name, &st);
		if (found)
			strcpy(path, name);
	} else {
		if (!p)
			p = "/usr/local/bin:/usr/bin:/bin";
		for (; !found; p = e + 1) {
			size_t len;

			e = strchr(p, ':');
			len = e ? (size_t)(e - p) : strlen(p);
			/* an empty PATH entry is the current directory */
			found = (size_t)fmt_snprintf(path, sizeof path, "%.*s/%s",
			    len ? (int)len : 1, len ? p : ".", name) < sizeof path &&
			    executable(path, &st);
			if (!e)
				break;
		}
	}
	if (!found) {
		say("%s: not found on PATH", name);
		return 2;
	}
	tn = readlink(path, to, sizeof to - 1);
	to[tn > 0 ? tn : 0] = 0;
	q = (!find_self() && st.st_dev == self_st.st_dev && st.st_ino == self_st.st_ino) ||
	    !strcmp(base(to), "quickbox");
	out_str(path);
	if (*to) {
		out_str(" -> ");
		out_str(to);
	}
	out_str(q ? " (quickbox)\n" : " (not quickbox)\n");
	return !q;
}
