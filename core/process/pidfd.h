/* pidfd.h: signal and wait for processes without hitting a reused PID.
 *
 * A target is a PID plus, where the kernel has them, a pidfd opened while
 * the process was known to be the one selected (pid_open confirms it
 * through the reader's anchor fd). Without pidfds (ENOSYS: old kernels,
 * seccomp) fd is -1 and kill(2) and a /proc poll are the fallbacks. */
#ifndef QB_PIDFD_H
#define QB_PIDFD_H

#include <sys/types.h>

struct ptarget {
	pid_t pid;
	int fd;         /* pidfd, or -1 (no pidfd support) */
	int done;       /* pid_wait: seen exited */
};

/* open a pidfd for pid; anchor (proc_anchor(), or -1) is an fd of a /proc
 * file of the process as it was read: if it no longer reads, the PID may
 * have been reused and we refuse. 0 with t filled (t->fd may be -1 when
 * pidfds are unsupported), or -1 with errno (ESRCH: gone). */
int pid_open(struct ptarget *t, pid_t pid, int anchor);
void pid_close(struct ptarget *t);

/* send sig (0 = probe): 0, or -1 with errno (ESRCH, EPERM, EINVAL) */
int pid_signal(const struct ptarget *t, int sig);

/* has the process exited (a zombie has)? 1 yes, 0 no */
int pid_exited(const struct ptarget *t);

/* wait until any (all = 0) or all (all = 1) of t[0..n) have exited, or
 * limit seconds passed (limit <= 0: no limit). poll(2) on the pidfds;
 * targets without one are checked every delay seconds. Returns 1 when the
 * condition was met, 0 on timeout. Sets t[i].done. */
int pid_wait(struct ptarget *t, int n, int all, double limit, double delay);

#endif
