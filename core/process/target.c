/* target.c: pidfd_open/pidfd_send_signal via syscall(), kill(2) fallback,
 * nice, poll(2) waits, the parent chain. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "proc.h"
#include "target.h"

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_process_mrelease
#define SYS_process_mrelease 448
#endif
#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif

/* PIDFD_GET_INFO as the kernel's uapi pidfd.h has it (libc headers may
 * lack it): the first 64 bytes of struct pidfd_info (its size VER0; the
 * kernel fills what fits); exit_code is a wait status, valid when mask
 * says PIDFD_INFO_EXIT, i.e. once the process has been reaped */
struct qb_pidfd_info {
	uint64_t mask, cgroupid;
	uint32_t pid, tgid, ppid, ruid, rgid, euid, egid, suid, sgid, fsuid,
	    fsgid;
	int32_t exit_code;
};
#define QB_PIDFD_INFO_EXIT (1ULL << 3)
#define QB_PIDFD_GET_INFO _IOWR(0xFF, 11, struct qb_pidfd_info)

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

int tgt_hold(struct target *t, pid_t pid, int anchor)
{
	t->pid = pid;
	t->done = 0;
	t->err = 0;
	t->fd = (int)syscall(SYS_pidfd_open, pid, 0);
	if (t->fd < 0 && errno != ENOSYS && errno != EPERM) {
		t->err = errno;  /* ESRCH: gone; EINVAL: not a process */
		return -1;
	}
	if (t->fd < 0)
		t->err = ENOSYS;
	else
		fcntl(t->fd, F_SETFD, FD_CLOEXEC);
	/* the anchor still reads: the process we matched is alive, so the
	 * pidfd opened above is for it and not for a newcomer */
	if (anchor >= 0 && gone(anchor)) {
		tgt_release(t);
		t->err = errno = ESRCH;
		return -1;
	}
	return 0;
}

void tgt_release(struct target *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
}

int tgt_signal(const struct target *t, int sig)
{
	if (t->fd >= 0) {
		long r = syscall(SYS_pidfd_send_signal, t->fd, sig, NULL, 0);

		if (r == 0 || errno != ENOSYS)
			return r ? -1 : 0;
	} else if (t->err == ESRCH) {
		errno = ESRCH;
		return -1;
	}
	return kill(t->pid, sig);
}

int tgt_mrelease(const struct target *t)
{
	if (t->fd < 0) {
		errno = EBADF;
		return -1;
	}
	return syscall(SYS_process_mrelease, t->fd, 0) ? -1 : 0;
}

int tgt_nice(const struct target *t, long long inc)
{
	int cur, want;

	errno = 0;
	cur = getpriority(PRIO_PROCESS, (id_t)t->pid);
	if (cur == -1 && errno)
		return -1;
	if (inc > 40)
		inc = 40;
	if (inc < -40)
		inc = -40;
	want = cur + (int)inc;
	want = want > 19 ? 19 : want < -20 ? -20 : want;
	return setpriority(PRIO_PROCESS, (id_t)t->pid, want);
}

/* no pidfd: zombie or gone, as the reader sees it */
static int stat_exited(pid_t pid)
{
	static struct proc_iter it;  /* 37 KiB: not on the stack */
	struct proc p;
	int alive;

	if (proc_open(&it, NULL, PROC_STAT) < 0)
		return 1;
	alive = proc_get(&it, pid, 0, &p) && p.state != 'Z' && p.state != 'X';
	proc_close(&it);
	return !alive;
}

int tgt_exited(const struct target *t)
{
	if (t->fd >= 0) {
		struct pollfd pf = {.fd = t->fd, .events = POLLIN};

		return poll(&pf, 1, 0) > 0;
	}
	return stat_exited(t->pid);
}

/* mark the exited ones; the count still running */
static size_t sweep(struct target *t, size_t n, size_t *done)
{
	size_t left = 0;

	*done = 0;
	for (size_t i = 0; i < n; i++) {
		if (!t[i].done && tgt_exited(&t[i]))
			t[i].done = 1;
		if (t[i].done)
			++*done;
		else
			left++;
	}
	return left;
}

int tgt_wait(struct target *t, size_t n, int all, double limit, double delay)
{
	double end = limit > 0 ? clock_s() + limit : 0;
	struct pollfd *pf = calloc(n + 1, sizeof *pf);
	size_t done, left;
	int rc = 0;

	for (;;) {
		int nofd = 0, ms = -1;
		nfds_t np = 0;

		left = sweep(t, n, &done);
		if (n == 0 || (all ? left == 0 : done > 0)) {
			rc = 1;
			break;
		}
		for (size_t i = 0; i < n; i++) {
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
			double rest = end - clock_s();
			int rms = rest > 0 ? (int)(rest * 1000 + 0.999) : 0;

			if (rest <= 0)
				break;
			if (ms < 0 || rms < ms)
				ms = rms;
		}
		if (poll(pf, np, ms) < 0 && errno != EINTR)
			break;
	}
	free(pf);
	return rc;
}

int tgt_exit_status(const struct target *t, double grace)
{
	struct qb_pidfd_info info;
	struct pollfd pf = {.fd = t->fd, .events = POLLIN};
	int ms = grace > 0 ? (int)(grace * 1000 + 0.5) : 0;
	long long end = clock_ns() + (long long)ms * 1000000;

	if (t->fd < 0)
		return -1;
	/* POLLHUP: reaped. Until then the kernel has no exit info */
	for (;;) {
		int left = (int)((end - clock_ns()) / 1000000);

		if (poll(&pf, 1, left > 0 ? left : 0) < 0 && errno == EINTR)
			continue;
		if ((pf.revents & POLLHUP) || left <= 0)
			break;
		clock_sleep(0.005);  /* POLLIN stays set: no edge to wait on */
	}
	memset(&info, 0, sizeof info);
	info.mask = QB_PIDFD_INFO_EXIT;
	if (ioctl(t->fd, QB_PIDFD_GET_INFO, &info) ||
	    !(info.mask & QB_PIDFD_INFO_EXIT))
		return -1;
	if (WIFSIGNALED(info.exit_code))
		return 128 + WTERMSIG(info.exit_code);
	return WEXITSTATUS(info.exit_code);
}

int tgt_rounds(struct target *t, size_t n, const int *sigs, int nsig,
    double delay, long long last_ns, tgt_fail_fn *fail, void *ctx)
{
	int failures = 0;

	clock_sleep(delay - (double)(clock_ns() - last_ns) / 1e9);
	for (int i = 1; i < nsig; i++) {
		for (size_t k = 0; k < n; k++)
			if (tgt_signal(&t[k], sigs[i]) && errno != ESRCH) {
				failures++;
				if (fail)
					fail(ctx, &t[k], sigs[i]);
			}
		if (i + 1 < nsig)
			clock_sleep(delay);
	}
	return failures;
}

size_t tgt_chain(const char *procdir, pid_t pid, pid_t *v, size_t max)
{
	static struct proc_iter it;  /* 37 KiB: not on the stack */
	struct proc p;
	size_t n = 0;

	if (proc_open(&it, procdir, PROC_STAT) < 0)
		return 0;
	while (n < max && pid > 0 && proc_get(&it, pid, 0, &p)) {
		v[n++] = pid;
		pid = p.ppid;
		if (!pid && n < max)
			v[n++] = 0;
	}
	proc_close(&it);
	return n;
}
