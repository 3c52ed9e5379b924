/* spawn.h: run one child and time it (tim's only way to start a run).
 *
 * vfork (no page-table copy; the parent sleeps until the exec) + execve,
 * then wait4, with the monotonic clock (clock.h) read just before the
 * spawn and just after wait4 returns, so only the child is timed (or,
 * asked for the child's run delay, just after waitid(WNOWAIT) sees the
 * exit: the zombie's /proc/PID/schedstat is read, then it is reaped). The
 * child gets the parent's environment plus TIM_SEQ=<seq>. Two forms: a
 * shell line (`/bin/sh -c CMD`) or a program and its words (no shell).
 * The child's stdout and stderr are the parent's, or another fd each
 * (tim --output=null: /dev/null), put in place by dup2 in the child,
 * which also takes its CPU affinity there, before the exec (tim
 * --affinity), so the timed program and its children start on it.
 * vfork's gain over fork: docs/PERFORMANCE.md, "tim: vfork and the
 * peak-RSS floor". With a ready test (tim --ready) the run ends at a
 * line instead of the exit: the child leads a process group of its own,
 * its stdout and stderr are pipes the parent reads line by line (and
 * passes on to where they would have gone), the clock is read when the
 * line arrives, then the group gets TERM (and CONT, for a stopped one),
 * KILL after the grace, and the child is waited for; so it is when
 * the output ends without the line, or when ready_ns pass without it.
 * The child also dies (KILL) when the parent dies (PR_SET_PDEATHSIG),
 * though not what it started; tim's INT, TERM and HUP reach the whole
 * group first. Never prints, never exits. */
#ifndef QB_SPAWN_H
#define QB_SPAWN_H

#include <stddef.h>
#include <sys/time.h>

#include "timing/counters.h"

struct spawner {
	char **envp;            /* environ with a TIM_SEQ slot (owned) */
	char *seq;              /* that slot's text, rewritten per run */
	int out, err;           /* fds the child gets as 1 and 2, or -1:
	                         * the parent's (spawn_init sets -1) */
	const unsigned long *cpus;  /* the child's affinity mask, or NULL */
	size_t cpus_bytes;      /* its size (cpus.h) */
	/* or NULL: nonzero for the line (no newline; a line longer than
	 * SPAWN_LINE - 1 bytes is cut there) that ends a run */
	int (*ready)(void *ctx, const char *line);
	void *ready_ctx;
	long long grace_ns;     /* TERM to KILL */
	long long ready_ns;     /* the longest wait for the line; 0: none */
	/* or NULL: the child is forked (not vforked) and held at a gate
	 * until these counters are opened on it; the clock starts at its
	 * release (counters.h) */
	struct ctrs *ctr;
	/* nonzero: read the child's run delay (spawn_res.wait), without a
	 * ready test: between its exit and its reaping (waitid's WNOWAIT),
	 * after the clock, so untimed */
	int sched;
};
#define SPAWN_LINE 4096

struct spawn_res {
	double secs;            /* wall-clock seconds, monotonic */
	struct timeval utime;   /* the child's user and system CPU time */
	struct timeval stime;
	long maxrss_kb;         /* the child's peak RSS (KiB), wait4's
	                         * ru_maxrss: never below the parent's RSS
	                         * at the vfork, which the child shares
	                         * until its exec */
	int status;             /* wait status (WIFEXITED etc.); 0 when
	                         * a ready line ended the run */
	int ready;              /* a ready line ended it: secs is then the
	                         * time to that line. Else the pipes closed
	                         * without one, and status is the child's */
	int late;               /* or ready_ns passed without the line */
	long long ctr[CTR_N];   /* rusage's faults and switches; with
	                         * sp->ctr the events, else -1 */
	/* with sp->sched, from /proc/PID/schedstat (Linux 2.6.23 on, with
	 * CONFIG_SCHED_INFO), else -1: the seconds the child's own process
	 * (its first thread; not its children or other threads) waited,
	 * runnable, for a CPU (the kernel's run delay: other work's turns),
	 * and the seconds it ran. utime + stime above that: other threads
	 * or children ran too */
	double wait, ran;
};

/* copy env (NULL-terminated) once; -1 with errno ENOMEM on failure */
int spawn_init(struct spawner *sp, char **env);
void spawn_free(struct spawner *sp);

/* 0 when the child ran (any exit status), -1 with errno when it could not
 * be started or waited for. spawn_sh runs `/bin/sh -c cmd`; spawn_argv
 * runs the program at path with argv (argv[0] first, NULL-terminated). */
int spawn_sh(struct spawner *sp, unsigned long seq, const char *cmd,
    struct spawn_res *r);
int spawn_argv(struct spawner *sp, unsigned long seq, const char *path,
    char *const *argv, struct spawn_res *r);

/* execvp's PATH search, done once before timing: name itself when it has
 * a '/', else the first executable regular file DIR/name along $PATH
 * (unset: /bin:/usr/bin; an empty entry is the current directory).
 * Returns a malloc'd path, or NULL with errno ENOENT, EACCES or ENOMEM. */
char *spawn_which(const char *name);

#endif
