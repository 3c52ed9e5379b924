/* forkexec: the floor for tim's per-sample cost. Runs ARGV... N times by
 * fork+execv+waitpid (or vfork with -v) and prints, in microseconds, the
 * mean and the minimum wall time of one run, timed as tim times a run
 * (CLOCK_MONOTONIC around the spawn and the wait):
 *   forkexec [-v] N PROG [ARG...]   ->   "MEAN_US<TAB>MIN_US" */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/clock.h"

static double now_us(void)
{
	return (double)clock_ns() * 1e-3;
}

int main(int argc, char **argv)
{
	int use_vfork = argc > 1 && !strcmp(argv[1], "-v"), st;
	double sum = 0, min = 1e300, t0, dt;
	long n, i;
	pid_t pid;

	argv += use_vfork;
	argc -= use_vfork;
	if (argc < 3 || (n = atol(argv[1])) < 1) {
		fprintf(stderr, "usage: forkexec [-v] N PROG [ARG...]\n");
		return 2;
	}
	for (i = 0; i < n; i++) {
		t0 = now_us();
		pid = use_vfork ? vfork() : fork();
		if (pid == 0) {
			execv(argv[2], argv + 2);
			_exit(127);
		}
		if (pid < 0 || waitpid(pid, &st, 0) < 0 || st) {
			fprintf(stderr, "forkexec: %s failed\n", argv[2]);
			return 1;
		}
		dt = now_us() - t0;
		sum += dt;
		if (dt < min)
			min = dt;
	}
	printf("%.2f\t%.2f\n", sum / (double)n, min);
	return 0;
}
