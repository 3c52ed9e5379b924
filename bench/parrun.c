/* parrun: times one program under several variants in turn, each run a
 * vfork+execve+wait4 with no helper program in between, for the
 * parallel-scan rows of bench/scale.sh:
 *
 *   parrun ROUNDS VARIANT... -- PROG [ARG...]
 *   VARIANT:  NAME[:MOD]..., each MOD one of
 *             pin      bound to one CPU (the first this process may use),
 *                      set in the child before the exec
 *             VAR=VAL  VAR=VAL added to the environment
 *             /PATH    that program instead of PROG (same arguments)
 *             +ARG     ARG before PROG's arguments (repeatable, in order;
 *                      ARG holds no ':')
 *
 * Each round runs every variant once, in the order given, so a slow
 * stretch of the machine hits all alike. Prints per variant
 * "NAME<TAB>MIN_US<TAB>MEDIAN_US": the wall time of one run from before
 * the vfork to after the wait, which is the program's own exec, run and
 * exit plus a vfork (a few microseconds). A launcher such as bash, env or
 * taskset would add its own fork or exec to every run, ~1-2 ms, the same
 * on both sides of a ratio, and so pull every ratio towards 1
 * (docs/PERFORMANCE.md, "Parallel scan"). The program's stdout and
 * stderr go to /dev/null; its exit status is not judged, but a run killed by a
 * signal or a failed exec (127) stops parrun with status 1. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/clock.h"

extern char **environ;

struct variant {
	const char *name;
	const char *prog;
	int pin;
	char **env;
	char *pre[8];           /* the +ARG arguments */
	int npre;
	double *t;
};

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int usage(void)
{
	fprintf(stderr, "usage: parrun ROUNDS NAME[:pin|:VAR=VAL|:/PATH|:+ARG]... -- PROG [ARG...]\n");
	return 2;
}

/* env plus one VAR=VAL */
static char **with_env(char **env, char *kv)
{
	size_t n = 0;
	char **e;

	while (env[n])
		n++;
	if (!(e = malloc((n + 2) * sizeof *e)))
		return NULL;
	memcpy(e, env, n * sizeof *e);
	e[n] = kv;
	e[n + 1] = NULL;
	return e;
}

/* one timed run: microseconds, or -1 when the run failed */
static __attribute__((noinline)) double run(const struct variant *v,
    const cpu_set_t *one, int null, char **prog)
{
	char *av[64];
	int n = 0, st;
	long long t0;
	pid_t pid;

	/* PROG's name, the +ARGs, then PROG's arguments */
	av[n++] = prog[0];
	for (int i = 0; i < v->npre; i++)
		av[n++] = v->pre[i];
	for (char **a = prog + 1; *a && n < 63; a++)
		av[n++] = *a;
	av[n] = NULL;
	t0 = clock_ns();
	pid = vfork();

	if (pid == 0) {
		if (v->pin)
			sched_setaffinity(0, sizeof *one, one);
		dup2(null, 1);
		dup2(null, 2);
		execve(v->prog ? v->prog : prog[0], av, v->env);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) < 0) {
		perror("parrun: vfork/wait");
		return -1;
	}
	if (WIFSIGNALED(st) || WEXITSTATUS(st) == 127) {
		fprintf(stderr, "parrun: %s failed (%s)\n",
		    v->prog ? v->prog : prog[0],
		    WIFSIGNALED(st) ? "killed" : "exec");
		return -1;
	}
	return (double)(clock_ns() - t0) * 1e-3;
}

int main(int argc, char **argv)
{
	struct variant v[16];
	int nv = 0, i, null;
	long rounds;
	cpu_set_t all, one;
	char **prog;

	if (argc < 4 || (rounds = atol(argv[1])) < 1)
		return usage();
	for (i = 2; i < argc && strcmp(argv[i], "--"); i++) {
		char *c = strchr(argv[i], ':');

		if (nv == 16)
			return usage();
		v[nv].name = argv[i];
		v[nv].prog = NULL;
		v[nv].pin = 0;
		v[nv].env = environ;
		v[nv].npre = 0;
		while (c) {
			char *m = c + 1, *e = strchr(m, ':');

			*c = 0;
			if (e)
				*e = 0;
			if (!strcmp(m, "pin"))
				v[nv].pin = 1;
			else if (*m == '/')
				v[nv].prog = m;
			else if (*m == '+' && v[nv].npre < 8)
				v[nv].pre[v[nv].npre++] = m + 1;
			else if (!strchr(m, '=') || m[0] == '=')
				return usage();
			else if (!(v[nv].env = with_env(v[nv].env, m)))
				return 1;
			c = e;
		}
		if (!(v[nv].t = malloc((size_t)rounds * sizeof *v[nv].t)))
			return 1;
		nv++;
	}
	if (i + 1 >= argc || !nv)
		return usage();
	prog = argv + i + 1;
	if (sched_getaffinity(0, sizeof all, &all))
		return perror("parrun: sched_getaffinity"), 1;
	CPU_ZERO(&one);
	for (i = 0; i < CPU_SETSIZE; i++)
		if (CPU_ISSET(i, &all)) {
			CPU_SET(i, &one);
			break;
		}
	if ((null = open("/dev/null", O_WRONLY | O_CLOEXEC)) < 0)
		return perror("parrun: /dev/null"), 1;
	for (long r = 0; r < rounds; r++)
		for (i = 0; i < nv; i++)
			if ((v[i].t[r] = run(&v[i], &one, null, prog)) < 0)
				return 1;
	for (i = 0; i < nv; i++) {
		qsort(v[i].t, (size_t)rounds, sizeof *v[i].t, cmp);
		printf("%s\t%.0f\t%.0f\n", v[i].name, v[i].t[0],
		    v[i].t[rounds / 2]);
	}
	return 0;
}
