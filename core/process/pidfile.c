/* pidfile.c: read a daemon's PID file the way procps pgrep -F/-L does. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "process/pidfile.h"

/* a daemon holds a write lock; our shared/read lock attempt then fails.
 * Which kind it used is not standardised on Linux, so try both. */
static int locked_by_other(int fd)
{
	struct flock f = { .l_type = F_RDLCK, .l_whence = SEEK_SET };

	if (flock(fd, LOCK_SH | LOCK_NB) == -1 && errno == EWOULDBLOCK)
		return 1;
	return fcntl(fd, F_SETLK, &f) == -1 && (errno == EACCES || errno == EAGAIN);
}

/* fgets of 256 bytes: up to the first newline (kept), EOF or 255 bytes */
static int first_line(int fd, char *buf, size_t cap)
{
	size_t n = 0;

	while (n < cap - 1) {
		ssize_t r = read(fd, buf + n, 1);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		if (buf[n++] == '\n')
			break;
	}
	buf[n] = 0;
	return n ? 0 : -1;
}

int pidfile_read(const char *path, int need_lock, long *pid)
{
	char buf[256];
	char *end;
	int fd = 0, r = -1;

	if (strcmp(path, "-")) {
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return PIDFILE_EOPEN;
	}
	if (need_lock && !locked_by_other(fd))
		r = PIDFILE_ELOCK;
	else if (!first_line(fd, buf, sizeof buf)) {
		long v;

		errno = 0;
		v = strtol(buf, &end, 10);
		if (!errno && end != buf && (!*end || isspace((unsigned char)*end)))
			*pid = v, r = 0;
	}
	if (fd)
		close(fd);
	return r;
}
