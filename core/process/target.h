/* target.h: acting on selected processes without hitting a reused PID:
 * hold, signal (in rounds), renice, wait for exit, walk the ancestry.
 *
 * A target is a PID plus, where the kernel has them, a pidfd opened while
 * the process was known to be the one selected (tgt_hold confirms it
 * through the reader's anchor fd, proc_anchor()). Without pidfds (ENOSYS,
 * EPERM: old kernels, seccomp) fd is -1 and kill(2) and a /proc poll are
 * the fallbacks; the start time read at hold then tells a reused PID
 * (another start time) from the process held, before every signal.
 * Core code: nothing here prints; failures come back as errno values (or
 * through the rounds' hook) for the front end to word. */
#ifndef QB_TARGET_H
#define QB_TARGET_H

#include <stddef.h>
#include <sys/types.h>

struct target {
	pid_t pid;      /* the process (the TID in thread mode) */
	int fd;         /* pidfd, or -1 (see err) */
	int err;        /* why fd is -1: 0 not held, ENOSYS no pidfds here,
	                   EPERM pidfds refused (a seccomp profile),
	                   ESRCH gone before it was held, else open's errno
	                   (EINVAL for a thread, EMFILE ...) */
	int done;       /* tgt_wait saw it exit */
	char *text;     /* the front end's (what it prints for it), or NULL */
	int mark;       /* the front end's own flag */
	int tid_ok;     /* the front end's: pidfd_open refused the PID as
	                   no process (EINVAL, ENOENT: a thread's TID), and
	                   it is signalled by number all the same (kill(2)
	                   of a TID hits the whole process: procps's pkill
	                   -w). 0: such a target is never signalled */
	unsigned long long start; /* fd -1: start time (stat, clock ticks)
	                   read at hold, 0 unknown; a PID that no longer has
	                   it is not ours: signals fail with ESRCH */
	const char *procdir; /* the /proc its stat is read in (the reader's,
	                   given at hold; NULL: "/proc") */
};

/* hold pid: open its pidfd; anchor (proc_anchor(), or -1) is an fd of a
 * /proc file of the process as it was read, procdir the /proc that reader
 * opened (NULL: "/proc"): if the anchor no longer reads, the PID may have
 * been reused and we refuse. 0 with t->fd >= 0 or (no pidfd support)
 * t->fd == -1, t->err == ENOSYS or EPERM; -1 with t->err == errno (ESRCH:
 * gone; EINVAL, ENOENT: not a process, see tid_ok; others, EMFILE ...:
 * t can still be signalled by PID, as procps does). tid_ok is kept. */
int tgt_hold(struct target *t, const char *procdir, pid_t pid, int anchor);
void tgt_release(struct target *t);

/* send sig (0 = probe) through the pidfd, else kill(2) after checking the
 * start time; a target gone before it was held, or whose PID now names
 * another process, fails with ESRCH; one whose PID names no process
 * (err EINVAL, ENOENT: a thread's TID) with that errno unless tid_ok.
 * 0, or -1 with errno */
int tgt_signal(const struct target *t, int sig);

/* after a SIGKILL: free the process's memory now, not when it is done
 * dying (process_mrelease(2), Linux 5.15+). 0, or -1 with errno */
int tgt_mrelease(const struct target *t);

/* add inc to the nice value, clamped to the kernel's -20..19: 0, or -1
 * with errno (ESRCH: gone) */
int tgt_nice(const struct target *t, long long inc);

/* has the process exited (a zombie has)? 1 yes, 0 no */
int tgt_exited(const struct target *t);

/* wait until any (all = 0) or all (all = 1) of t[0..n) have exited, or
 * limit seconds passed (limit <= 0: no limit). poll(2) on the pidfds,
 * which wakes at the exit itself; targets without one are checked in
 * /proc after 1 ms, then 2, 4 ... up to poll_max seconds (TGT_POLL_MAX
 * when poll_max <= 0 or larger) between checks; a target whose done is
 * set already counts as exited. 1 when the condition was met, 0 on
 * timeout. Sets t[i].done. */
#define TGT_POLL_MAX 0.025

int tgt_wait(struct target *t, size_t n, int all, double limit,
    double poll_max);

/* the exit status of a target that has exited, as a shell shows it: its
 * exit code 0..255, or 128 + the signal that killed it; -1 when unknown.
 * A zombie's is read from its stat (exit_code, Linux 3.5+) at once, when
 * the pidfd (or without one the start time) proves the zombie is the
 * target and we may read it; else the kernel tells it through the pidfd
 * (PIDFD_GET_INFO, Linux 6.15+) once the parent has reaped the process:
 * a zombie is waited for up to grace seconds. -1 when neither tells
 * (reaped on an older kernel or without a pidfd, another user's zombie). */
int tgt_exit_status(const struct target *t, double grace);

/* the process's state letter as /proc shows it (R S D T t Z X ...),
 * 0 when it is gone or no longer the process held */
char tgt_state(const struct target *t);

/* the ancestry of pid as procdir (NULL: /proc) shows it: v[0] = pid,
 * v[1] its parent, ... while the processes exist; a 0 ends the chain
 * when the last one has no parent (init, kthreadd). At most max entries.
 * The count. */
size_t tgt_chain(const char *procdir, pid_t pid, pid_t *v, size_t max);

#endif
