/* nopidfd: run a command where the kernel seems to have no pidfds, as
 * on Linux before 5.3 or under a seccomp filter that refuses them, so the
 * fallbacks of pf/pk/pw (kill(2) guarded by the start time, polling
 * /proc) can be tested on any kernel.
 *
 *   nopidfd [-e ENOSYS|EPERM] COMMAND [ARGS...]
 *
 * pidfd_open, pidfd_send_signal and pidfd_getfd then fail with that errno
 * (default ENOSYS), in COMMAND and everything it starts. */
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/* the numbers of the syscall table every architecture shares since 5.1 */
#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif

int main(int argc, char **argv)
{
	unsigned err = ENOSYS;
	int i = 1;

	if (argc > 2 && !strcmp(argv[1], "-e")) {
		err = !strcmp(argv[2], "EPERM") ? EPERM : ENOSYS;
		i = 3;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: nopidfd [-e ENOSYS|EPERM] COMMAND [ARGS...]\n");
		return 2;
	}
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_pidfd_open, 3, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_pidfd_send_signal, 2, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_pidfd_getfd, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (err & SECCOMP_RET_DATA)),
	};
	struct sock_fprog prog = {sizeof f / sizeof *f, f};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog)) {
		perror("nopidfd: seccomp");
		return 126;
	}
	execvp(argv[i], argv + i);
	perror("nopidfd: exec");
	return 127;
}
