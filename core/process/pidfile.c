/* pidfile.c: read a daemon's PID file the way procps pgrep -F/-L does. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "num.h"
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

/* procps's (int)strtoul(buf, &end, 10): blanks, a sign, digits; the
 * unsigned parse and int cut are procps's: "-5" and "0" fail. buf holds
 * at most 11 bytes, so the digits fit a long long. */
static int parse(const char *buf, int *pid)
{
	const char *p = buf, *d;
	char digits[16];
	unsigned long long u;
	long long x;
	size_t n;
	int v;

	while (isspace((unsigned char)*p))
		p++;
	d = p + (*p == '+' || *p == '-');
	n = strspn(d, "0123456789");
	if (!n || n >= sizeof digits)
		return -1;
	memcpy(digits, d, n);
	digits[n] = 0;
	if (num_ll(digits, 0, 99999999999LL, &x))
		return -1;
	u = (unsigned long long)x;
	if (*p == '-')
		u = 0 - u;
	v = (int)u;
	if (v < 1 || (d[n] && !isspace((unsigned char)d[n])))
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
