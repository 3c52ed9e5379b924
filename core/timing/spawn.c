/* spawn.c: timed vfork+execve of /bin/sh -c CMD with wait4 and rusage. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "spawn.h"

#define SEQ_CAP 32      /* "TIM_SEQ=" + 20 digits */

int spawn_init(struct spawner *sp, char **env)
{
	size_t n = 0, j = 0, i;

	while (env && env[n])
		n++;
	sp->envp = malloc((n + 2) * sizeof *sp->envp);
	sp->seq = malloc(SEQ_CAP);
	if (!sp->envp || !sp->seq) {
		spawn_free(sp);
		errno = ENOMEM;
		return -1;
	}
	for (i = 0; i < n; i++)         /* an inherited TIM_SEQ is replaced */
		if (strncmp(env[i], "TIM_SEQ=", 8))
			sp->envp[j++] = env[i];
	strcpy(sp->seq, "TIM_SEQ=0");
	sp->envp[j++] = sp->seq;
	sp->envp[j] = NULL;
	return 0;
}

void spawn_free(struct spawner *sp)
{
	free(sp->envp);
	free(sp->seq);
	sp->envp = NULL;
	sp->seq = NULL;
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int spawn_sh(struct spawner *sp, unsigned long seq, const char *cmd,
    struct spawn_res *r)
{
	char *argv[] = {"sh", "-c", (char *)cmd, NULL};
	struct rusage ru;
	long long t0, t1;
	volatile int e = 0;     /* the vfork child shares our memory */
	pid_t pid;

	snprintf(sp->seq, SEQ_CAP, "TIM_SEQ=%lu", seq);
	t0 = now_ns();
	pid = vfork();
	if (pid == 0) {
		execve("/bin/sh", argv, sp->envp);
		e = errno;      /* the parent resumes only after this exit */
		_exit(127);
	}
	if (pid < 0)
		return -1;
	while (wait4(pid, &r->status, 0, &ru) < 0)
		if (errno != EINTR)
			return -1;
	t1 = now_ns();
	if (e) {
		errno = e;
		return -1;
	}
	r->secs = (double)(t1 - t0) * 1e-9;  /* integer ns first: exact */
	r->utime = ru.ru_utime;
	r->stime = ru.ru_stime;
	return 0;
}
