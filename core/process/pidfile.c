/* pidfile.c: read a daemon's PID file the way procps pgrep -F/-L does. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pidfile.h"

/* a daemon holds a write lock; our shared/read lock attempt then fails.
 * Which kind it used is not standardised on Linux, so try both. */
static int locked_by_other(int fd)
{
	struct flock f = { .l_type = F_RDLCK, .l_whence = SEEK_SET };

	if (flock(fd, LOCK_SH | LOCK_NB) == -1 && errno == EWOULDBLOCK)
		return 1;
	return fcntl(fd, F_SETLK, &f) == -1 && (errno == EACCES || errno == EAGAIN);
}

static int parse(const char *buf, int *pid)
{
	char *end;
	/* the unsigned parse and int cut are procps's: "-5" and "0" fail */
	int v = (int)strtoul(buf, &end, 10);

	if (end <= buf || v < 1)
		return -1;
	if (*end && !isspace((unsigned char)*end))
		return -1;
	*pid = v;
	return 0;
}

int pidfile_read(const char *path, int need_lock, int *pid)
{
	char buf[12] = {0};
	struct stat st;
	int fd, r = -1;

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
