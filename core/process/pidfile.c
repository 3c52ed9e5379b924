/* pidfile.c: read a daemon's PID file the way procps pgrep -F/-L does. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* procps's (int)strtoul(buf, &end, 10): the unsigned parse and int cut
 * are procps's: "-5" and "0" fail */
static int parse(const char *buf, int *pid)
{
	const char *end;
	int v = (int)ps_strtoul(buf, &end);

	if (end == buf || v < 1 || (*end && !isspace((unsigned char)*end)))
		return -1;
	*pid = v;
	return 0;
}

/* "-": standard input, read as it comes (a pipe too); its first 11
 * bytes hold the PID */
static int stdin_pid(int *pid)
{
	char buf[12] = {0};
	size_t n = 0;

	while (n < sizeof buf - 1) {
		ssize_t r = read(0, buf + n, sizeof buf - 1 - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	return n ? parse(buf, pid) : -1;
}

int pidfile_read(const char *path, int need_lock, int *pid)
{
	char buf[12] = {0};
	struct stat st;
	int fd, r = -1;

	if (!strcmp(path, "-") && !need_lock)
		return stdin_pid(pid);
	fd = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_size >= 1 &&
	    (!need_lock || locked_by_other(fd)) &&
	    read(fd, buf, sizeof buf - 1) >= 1)
		r = parse(buf, pid);
	close(fd);
	return r;
}
