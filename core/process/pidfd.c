/* pidfd.c: pidfd_open/pidfd_send_signal via syscall(), kill(2) fallback,
 * poll(2) waits. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "pidfd.h"

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif

/* does the anchor (a /proc file or /proc/PID directory fd) say its
 * process is gone? Files fail with ESRCH; in a dead process's directory
 * lookups fail. */
static int gone(int anchor)
{
	struct stat st;
	char c;

	if (pread(anchor, &c, 1, 0) >= 0)
		return 0;
	if (errno == EISDIR)
		return fstatat(anchor, "stat", &st, 0) < 0;
	return errno == ESRCH;
}

int pid_open(struct ptarget *t, pid_t pid, int anchor)
{

	t->pid = pid;
	t->done = 0;
	t->fd = (int)syscall(SYS_pidfd_open, pid, 0);
	if (t->fd < 0 && errno != ENOSYS && errno != EPERM)
		return -1;      /* ESRCH: gone; EINVAL: not a process */
	if (t->fd >= 0)
		fcntl(t->fd, F_SETFD, FD_CLOEXEC);
	/* the anchor still reads: the process we matched is alive, so the
	 * pidfd opened above is for it and not for a newcomer */
	if (anchor >= 0 && gone(anchor)) {
		pid_close(t);
		errno = ESRCH;
		return -1;
	}
	return 0;
}

void pid_close(struct ptarget *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
}

int pid_signal(const struct ptarget *t, int sig)
{
	if (t->fd >= 0) {
		long r = syscall(SYS_pidfd_send_signal, t->fd, sig, NULL, 0);

		if (r == 0 || errno != ENOSYS)
			return r ? -1 : 0;
	}
	return kill(t->pid, sig);
}

/* no pidfd: zombie or gone, from /proc/PID/stat */
static int stat_exited(pid_t pid)
{
	char path[40], buf[512], *s;
	ssize_t n;
	int fd;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 1;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return 1;
	buf[n] = 0;
	s = strrchr(buf, ')');
	return !s || s[1] != ' ' || s[2] == 'Z' || s[2] == 'X';
}

int pid_exited(const struct ptarget *t)
{
	if (t->fd >= 0) {
		struct pollfd pf = {.fd = t->fd, .events = POLLIN};

		return poll(&pf, 1, 0) > 0;
	}
	return stat_exited(t->pid);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* mark the exited ones; the count still running */
static int sweep(struct ptarget *t, int n, int *done)
{
	int left = 0;

	*done = 0;
	for (int i = 0; i < n; i++) {
		if (!t[i].done && pid_exited(&t[i]))
			t[i].done = 1;
		if (t[i].done)
			++*done;
		else
			left++;
	}
	return left;
}

int pid_wait(struct ptarget *t, int n, int all, double limit, double delay)
{
	double end = limit > 0 ? now() + limit : 0;
	struct pollfd *pf = calloc((size_t)n + 1, sizeof *pf);
	int done, rc = 0;

	for (;;) {
		int left = sweep(t, n, &done), np = 0, nofd = 0, ms = -1;

		if (n == 0 || (all ? left == 0 : done > 0)) {
			rc = 1;
			break;
		}
		for (int i = 0; i < n; i++) {
			if (t[i].done)
				continue;
			if (t[i].fd < 0 || !pf)
				nofd = 1;
			else
				pf[np++] = (struct pollfd){.fd = t[i].fd, .events = POLLIN};
		}
		if (nofd)
			ms = (int)(delay * 1000 + 0.5);
		if (end) {
			double rest = end - now();
			int rms = rest > 0 ? (int)(rest * 1000 + 0.999) : 0;

			if (rest <= 0)
				break;
			if (ms < 0 || rms < ms)
				ms = rms;
		}
		if (poll(pf, (nfds_t)np, ms) < 0 && errno != EINTR)
			break;
	}
	free(pf);
	return rc;
}
