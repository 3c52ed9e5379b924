/* spawn: the extra processes of bench.sh's scale section. Forks N
 * children that wait for a signal, prints their PIDs one a line and
 * exits. A fork of this small program costs a fraction of bash's fork+exec
 * of sleep (seconds for thousands on a loaded machine); each child ends by
 * itself after LIFE seconds if nobody kills it.
 *   spawn N [LIFE]   (LIFE default 900) */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n, i;
	unsigned life = argc > 2 ? (unsigned)atoi(argv[2]) : 900;
	pid_t pid;

	if (argc < 2 || (n = atol(argv[1])) < 0) {
		fprintf(stderr, "usage: spawn N [LIFE]\n");
		return 2;
	}
	for (i = 0; i < n; i++) {
		pid = fork();
		if (pid < 0) {
			perror("spawn: fork");
			return 1;
		}
		if (pid == 0) {
			alarm(life);
			for (;;)
				pause();
		}
		printf("%ld\n", (long)pid);
	}
	return fflush(stdout) != 0;
}
