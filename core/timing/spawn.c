/* spawn.c: timed vfork+execve with wait4 and rusage. */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "fmt.h"
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
	sp->out = sp->err = -1;
	sp->cpus = NULL;
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

int spawn_argv(struct spawner *sp, unsigned long seq, const char *path,
    char *const *argv, struct spawn_res *r)
{
	struct rusage ru;
	long long t0, t1;
	volatile int e = 0;     /* the vfork child shares our memory */
	pid_t pid;

	fmt_snprintf(sp->seq, SEQ_CAP, "TIM_SEQ=%lu", seq);
	t0 = clock_ns();
	pid = vfork();
	if (pid == 0) {
		if ((sp->out < 0 || dup2(sp->out, 1) >= 0) &&
		    (sp->err < 0 || dup2(sp->err, 2) >= 0) && (!sp->cpus ||
		    !sched_setaffinity(0, sp->cpus_bytes, (const cpu_set_t *)(const void *)sp->cpus)))
			execve(path, argv, sp->envp);
		e = errno;      /* the parent resumes only after this exit */
		_exit(127);
	}
	if (pid < 0)
		return -1;
	while (wait4(pid, &r->status, 0, &ru) < 0)
		if (errno != EINTR)
			return -1;
	t1 = clock_ns();
	if (e) {
		errno = e;
		return -1;
	}
	r->secs = (double)(t1 - t0) * 1e-9;  /* integer ns first: exact */
	r->utime = ru.ru_utime;
	r->stime = ru.ru_stime;
	r->maxrss_kb = ru.ru_maxrss;
	return 0;
}

int spawn_sh(struct spawner *sp, unsigned long seq, const char *cmd,
    struct spawn_res *r)
{
	char *argv[] = {"sh", "-c", (char *)cmd, NULL};

	return spawn_argv(sp, seq, "/bin/sh", argv, r);
}

static int runnable(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISREG(st.st_mode) && !access(p, X_OK);
}

char *spawn_which(const char *name)
{
	const char *path = getenv("PATH"), *d, *e;
	size_t nl = strlen(name), dl;
	char *buf;
	int seen = 0;

	if (!*name) {
		errno = ENOENT;
		return NULL;
	}
	if (strchr(name, '/')) {
		if (!runnable(name)) {
			errno = access(name, F_OK) ? ENOENT : EACCES;
			return NULL;
		}
		return strdup(name);
	}
	if (!path)
		path = "/bin:/usr/bin";
	for (d = path;; d = e + 1) {
		e = strchr(d, ':');
		if (!e)
			e = d + strlen(d);
		dl = (size_t)(e - d);
		buf = malloc(dl + nl + 3);
		if (!buf) {
			errno = ENOMEM;
			return NULL;
		}
		fmt_snprintf(buf, dl + nl + 3, "%.*s%s%s", (int)dl, dl ? d : ".",
		    "/", name);
		if (runnable(buf))
			return buf;
		seen |= !access(buf, F_OK);
		free(buf);
		if (!*e)
			break;
	}
	errno = seen ? EACCES : ENOENT;
	return NULL;
}
