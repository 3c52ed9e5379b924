/* spawn.h: run `/bin/sh -c CMD` once and time it (tim's only clock).
 *
 * vfork (no page-table copy; the parent sleeps until the exec) + execve,
 * then wait4, with CLOCK_MONOTONIC read just before the spawn and just
 * after wait4 returns, so only the command and its shell are timed. The
 * child gets the parent's environment plus TIM_SEQ=<seq>. Never prints.
 * Measured (bench/tim.sh, 2000 runs of `sh -c ''`): fork+exec 731 us mean,
 * vfork+exec 642 us (-12%), tim's whole per-sample cost 641 us. */
#ifndef QB_SPAWN_H
#define QB_SPAWN_H

#include <sys/time.h>

struct spawner {
	char **envp;            /* environ with a TIM_SEQ slot (owned) */
	char *seq;              /* that slot's text, rewritten per run */
};

struct spawn_res {
	double secs;            /* wall-clock seconds, monotonic */
	struct timeval utime;   /* the child's user and system CPU time */
	struct timeval stime;
	int status;             /* wait status (WIFEXITED etc.) */
};

/* copy env (NULL-terminated) once; -1 with errno ENOMEM on failure */
int spawn_init(struct spawner *sp, char **env);
void spawn_free(struct spawner *sp);

/* 0 when the shell ran (any exit status), -1 with errno when it could not
 * be started or waited for */
int spawn_sh(struct spawner *sp, unsigned long seq, const char *cmd,
    struct spawn_res *r);

#endif
