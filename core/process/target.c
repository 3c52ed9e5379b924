/* target.c: pidfd_open/pidfd_send_signal via syscall(), kill(2) fallback
 * guarded by the start time, nice, poll(2) waits, the parent chain. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/clock.h"
#include "process/proc.h"
#include "process/target.h"

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

/* the reader for the stat reads below and the ancestry: 37 KiB, so not
 * on the stack; opened per call (one thread at a time, as every caller
 * of these is: the scan hands matches out under its lock) */
static struct proc_iter reader;

/* pid's stat as the reader of procdir (NULL: "/proc") reads it: 1 with
 * *p filled, 0 when it is gone (or unreadable) */
static int read_stat(const char *procdir, pid_t pid, struct proc *p)
{
	int ok;

	if (proc_open(&reader, procdir, PROC_STAT) < 0)
		return 0;
	ok = proc_get(&reader, pid, 0, p);
	proc_close(&reader);
	return ok;
}

/* without a pidfd: is the PID still the process held (same start)? */
static int same(const struct target *t, struct proc *p)
{
	return read_stat(t->procdir, t->pid, p) &&
	    (!t->start || p->start == t->start);
}

int tgt_hold(struct target *t, const char *procdir, pid_t pid, int anchor)
{
	struct proc p;

	t->procdir = procdir;
	t->pid = pid;
	t->done = 0;
	t->err = 0;
	t->start = 0;
	t->fd = (int)syscall(SYS_pidfd_open, pid, 0);
	if (t->fd < 0 && errno != ENOSYS && errno != EPERM) {
		t->err = errno;  /* ESRCH: gone; EINVAL: not a process */
		if (t->err != ESRCH && read_stat(procdir, pid, &p))
			t->start = p.start;  /* signalled by PID: guard it */
		return -1;
	}
	if (t->fd < 0) {
		t->err = errno;  /* ENOSYS: no pidfds; EPERM: a seccomp profile */
		/* read before the anchor test below: if that passes, this is
		 * the start time of the process we matched */
		if (read_stat(procdir, pid, &p))
			t->start = p.start;
	} else {
		fcntl(t->fd, F_SETFD, FD_CLOEXEC);
	}
	/* the anchor still reads: the process we matched is alive, so the
	 * pidfd opened above is for it and not for a newcomer */
	if (anchor >= 0 && !proc_fd_alive(anchor)) {
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

/* without a pidfd, may t be signalled by number? Where pidfds are not to
 * be had (ENOSYS, EPERM) or no fd is left (EMFILE, ENFILE, ENOMEM), yes,
 * guarded by the start time; a PID that is not a process (EINVAL,
 * ENOENT: a thread's TID) only if the front end says so (tid_ok: kill(2)
 * of a TID signals its whole process) */
static int by_number(const struct target *t)
{
	switch (t->err) {
	case EINVAL: case ENOENT: return t->tid_ok;
	default: return 1;
	}
}

int tgt_signal(const struct target *t, int sig)
{
	struct proc p;

	if (t->fd < 0 && !by_number(t)) {
		errno = t->err;
		return -1;
	}
	if (t->fd >= 0) {
		long r = syscall(SYS_pidfd_send_signal, t->fd, sig, NULL, 0);

		/* EPERM is kept: here it is the kernel's "not allowed" (a
		 * filter refusing pidfds refuses pidfd_open too: fd -1) */
		if (r == 0 || errno != ENOSYS)
			return r ? -1 : 0;
	} else if (t->err == ESRCH || (t->start && !same(t, &p))) {
		/* the start time narrows PID reuse to the instant between
		 * this check and the kill, where no pidfd closes it */
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

char tgt_state(const struct target *t)
{
	struct proc p;

	if (t->fd >= 0) {
		struct pollfd pf = {.fd = t->fd, .events = POLLIN};

		if (poll(&pf, 1, 0) > 0)
			return 'X';     /* exited: stat may name a newcomer */
		return read_stat(t->procdir, t->pid, &p) ? p.state : 0;
	}
	if (t->err == ESRCH)
		return 0;
	return same(t, &p) ? p.state : 0;
}

int tgt_exited(const struct target *t)
{
	if (t->fd >= 0) {
		struct pollfd pf = {.fd = t->fd, .events = POLLIN};

		return poll(&pf, 1, 0) > 0;
	}
	switch (tgt_state(t)) {
	case 0: case 'Z': case 'X': return 1;
	default: return 0;
	}
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

int tgt_wait(struct target *t, size_t n, int all, double limit,
    double poll_max)
{
	double end = limit > 0 ? clock_s() + limit : 0;
	struct pollfd *pf = calloc(n + 1, sizeof *pf);
	size_t done, left;
	int rc = 0, step = 1, cap;

	/* the fallback polls /proc: soon after an exit, not a -D later */
	if (poll_max <= 0 || poll_max > TGT_POLL_MAX)
		poll_max = TGT_POLL_MAX;
	cap = (int)(poll_max * 1000 + 0.5);
	if (cap < 1)
		cap = 1;

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
		if (nofd) {
			ms = step;
			step = step * 2 > cap ? cap : step * 2;
		}
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

/* a wait status as a shell shows it */
static int shell_status(int ws)
{
	return WIFSIGNALED(ws) ? 128 + WTERMSIG(ws) : WEXITSTATUS(ws);
}

/* has the process of the pidfd been reaped (its PID freed)? */
static int reaped(int fd)
{
	struct pollfd pf = {.fd = fd, .events = POLLIN};

	return poll(&pf, 1, 0) > 0 && (pf.revents & POLLHUP);
}

/* a zombie's wait status from its stat (proc_parse_exit_code): 1 with
 * *ws set when t is a zombie, still unreaped (so the PID read is its
 * own: the pidfd not hung up, or without one the start time held), and
 * readable: a process we may not ptrace-read shows 0 there, which
 * /proc/PID/exe tells (EACCES then, ENOENT for a zombie we may read) */
static int zombie_status(const struct target *t, int *ws)
{
	struct proc p;
	const char *b;
	size_t len;
	char c[2];
	int ok;

	if ((t->fd >= 0 && reaped(t->fd)) || (t->fd < 0 && !t->start) ||
	    proc_open(&reader, t->procdir, PROC_STAT) < 0)
		return 0;
	ok = proc_get(&reader, t->pid, 0, &p) && p.state == 'Z' &&
	    (proc_link(&reader, &p, "exe", c, sizeof c) >= 0 ||
	    errno != EACCES) &&
	    (b = proc_file(&reader, &p, "stat", &len)) &&
	    !proc_parse_exit_code(b, len, ws) &&
	    (t->fd >= 0 ? !reaped(t->fd) : p.start == t->start);
	proc_close(&reader);
	return ok;
}

int tgt_exit_status(const struct target *t, double grace)
{
	struct qb_pidfd_info info;
	struct pollfd pf = {.fd = t->fd, .events = POLLIN};
	int ms = grace > 0 ? (int)(grace * 1000 + 0.5) : 0;
	long long end = clock_ns() + (long long)ms * 1000000;
	int ws;

	if (zombie_status(t, &ws))
		return shell_status(ws);
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
	return shell_status(info.exit_code);
}

size_t tgt_chain(const char *procdir, pid_t pid, pid_t *v, size_t max)
{
	struct proc p;
	size_t n = 0;

	if (proc_open(&reader, procdir, PROC_STAT) < 0)
		return 0;
	while (n < max && pid > 0 && proc_get(&reader, pid, 0, &p)) {
		v[n++] = pid;
		pid = p.ppid;
		if (!pid && n < max)
			v[n++] = 0;
	}
	proc_close(&reader);
	return n;
}
