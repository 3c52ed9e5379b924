/* pidfile.c: read a daemon's PID file the way procps pgrep -F/-L does. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "libc/fmt.h"
#include "process/pidfile.h"
#include "process/psnum.h"

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
	const char *end;
	int fd = 0, r = -1;

	if (strcmp(path, "-")) {
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return PIDFILE_EOPEN;
	}
	if (need_lock && !locked_by_other(fd))
		r = PIDFILE_ELOCK;
	else if (!first_line(fd, buf, sizeof buf)) {
		long v = ps_strtol(buf, &end);
		const char *d = end;
		char m[24];

		/* strtol's ERANGE: ps_strtol saturates, so a saturated value
		 * is taken only when its digits say exactly that */
		while (d > buf && d[-1] >= '0' && d[-1] <= '9')
			d--;
		while (*d == '0' && d + 1 < end)
			d++;
		fmt_snprintf(m, sizeof m, "%lu", v < 0 ? 0UL - (unsigned long)v :
		    (unsigned long)v);
		if (end != buf && (!*end || isspace((unsigned char)*end)) &&
		    ((v != LONG_MAX && v != LONG_MIN) ||
		    ((size_t)(end - d) == strlen(m) && !memcmp(d, m, strlen(m)))))
			*pid = v, r = 0;
	}
	if (fd)
		close(fd);
	return r;
}
