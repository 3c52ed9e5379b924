/* qbsecc: run a command with chosen system calls failing, as an older
 * kernel (ENOSYS) or a container's seccomp profile (EPERM) has them.
 *
 *   qbsecc [-0 ARGV0] ERRNO CALL[,CALL...] -- COMMAND [ARG...]
 *
 * ERRNO is ENOSYS, EPERM or EINVAL (what an older kernel says to a flag
 * it does not know). CALL is a system call name from the table
 * below, or one of the groups "pidfd" (pidfd_open, pidfd_send_signal,
 * pidfd_getfd, waitid(P_PIDFD, ...), ioctl(PIDFD_GET_INFO)) and "new"
 * (pidfd plus every other call newer than Linux 4.x that quickbox or its
 * C library may make; perf_event_open is named alone). waitid and ioctl
 * fail only in their pidfd forms; "perf_event_open_cloexec" fails
 * perf_event_open only when its flags hold PERF_FLAG_FD_CLOEXEC, as
 * kernels before 3.14 did (with EINVAL); "waitid_nowait" fails waitid
 * only when its options hold WNOWAIT (as kernels before 2.6.9 had no
 * waitid at all).
 * -0 gives COMMAND another argv[0] (a multicall binary reads its name
 * there). The filter is classic BPF installed with
 * prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER) after PR_SET_NO_NEW_PRIVS;
 * every child of COMMAND inherits it. Numbers are those of the arch this
 * helper was built for; on x86_64 the i386 numbers are filtered too, so
 * a 32-bit binary run from here sees the same kernel. */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* the pidfd calls and the other new ones have one number on every arch
 * (the unified table from Linux 5.1 on); older headers may lack them */
#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_clone3
#define SYS_clone3 435
#endif
#ifndef SYS_close_range
#define SYS_close_range 436
#endif
#ifndef SYS_openat2
#define SYS_openat2 437
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif
#ifndef SYS_faccessat2
#define SYS_faccessat2 439
#endif
#ifndef SYS_process_mrelease
#define SYS_process_mrelease 448
#endif

#define P_PIDFD_ 3
/* PIDFD_GET_INFO: _IOWR(0xFF, 11, 64-byte struct) */
#define PIDFD_GET_INFO_ ((uint32_t)_IOWR(0xFF, 11, char[64]))

enum { PLAIN, WAITID_PIDFD, IOCTL_INFO, PERF_CLOEXEC, WAITID_NOWAIT };

struct call {
	const char *name;
	long nr;        /* this arch's number, -1 none */
	long nr32;      /* i386's when built for x86_64, else -1 */
	int form;
	int group;      /* 1 pidfd, 2 new only */
};

#if defined(__x86_64__) && !defined(__ILP32__)
#define X32(n) (n)
#define AUDIT_NATIVE AUDIT_ARCH_X86_64
#else
#define X32(n) (-1)
#endif

#ifdef SYS_statx
#define NR_STATX SYS_statx
#else
#define NR_STATX -1
#endif
#ifdef SYS_rseq
#define NR_RSEQ SYS_rseq
#else
#define NR_RSEQ -1
#endif
#ifdef SYS_getrandom
#define NR_GETRANDOM SYS_getrandom
#else
#define NR_GETRANDOM -1
#endif

static const struct call calls[] = {
	{"pidfd_open", SYS_pidfd_open, X32(434), PLAIN, 1},
	{"pidfd_send_signal", SYS_pidfd_send_signal, X32(424), PLAIN, 1},
	{"pidfd_getfd", SYS_pidfd_getfd, X32(438), PLAIN, 1},
	{"waitid", SYS_waitid, X32(284), WAITID_PIDFD, 1},
	{"ioctl", SYS_ioctl, X32(54), IOCTL_INFO, 1},
	{"process_mrelease", SYS_process_mrelease, X32(448), PLAIN, 2},
	{"clone3", SYS_clone3, X32(435), PLAIN, 2},
	{"close_range", SYS_close_range, X32(436), PLAIN, 2},
	{"openat2", SYS_openat2, X32(437), PLAIN, 2},
	{"faccessat2", SYS_faccessat2, X32(439), PLAIN, 2},
	{"statx", NR_STATX, X32(383), PLAIN, 2},
	{"rseq", NR_RSEQ, X32(386), PLAIN, 2},
	{"getrandom", NR_GETRANDOM, X32(355), PLAIN, 2},
	/* old, in no group: a container's profile may close it (tim
	 * --counters) */
	{"perf_event_open", SYS_perf_event_open, X32(336), PLAIN, 0},
	{"perf_event_open_cloexec", SYS_perf_event_open, X32(336), PERF_CLOEXEC, 0},
	{"waitid_nowait", SYS_waitid, X32(284), WAITID_NOWAIT, 0},
};
#define NCALLS (sizeof calls / sizeof *calls)

static struct sock_filter prog[512];
static unsigned short len;

static void emit(struct sock_filter f)
{
	if (len >= sizeof prog / sizeof *prog) {
		fputs("qbsecc: filter too long\n", stderr);
		exit(126);
	}
	prog[len++] = f;
}

#define LD(off) emit((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (off)))
#define RET(v) emit((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, (v)))
/* if A == k fall through, else skip n instructions */
#define NEQ_SKIP(k, n) emit((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (k), 0, (n)))
/* if A & k fall through, else skip n instructions */
#define CLEAR_SKIP(k, n) emit((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, (k), 0, (n)))

/* the low 32 bits of argument i (the part a classic filter compares;
 * both values tested here fit in 32 bits) */
static unsigned argoff(int i)
{
	unsigned off = offsetof(struct seccomp_data, args) + 8 * (unsigned)i;
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	off += 4;
#endif
	return off;
}

/* the checks for one call: nr matched -> maybe check an argument -> fail */
static void one(long nr, int form, uint32_t fail)
{
	if (nr < 0)
		return;
	LD(offsetof(struct seccomp_data, nr));
	switch (form) {
	case PLAIN:
		NEQ_SKIP((uint32_t)nr, 1);
		RET(fail);
		break;
	case WAITID_PIDFD:   /* waitid(P_PIDFD, ...) */
		NEQ_SKIP((uint32_t)nr, 3);
		LD(argoff(0));
		NEQ_SKIP(P_PIDFD_, 1);
		RET(fail);
		break;
	case IOCTL_INFO:     /* ioctl(fd, PIDFD_GET_INFO, ...) */
		NEQ_SKIP((uint32_t)nr, 3);
		LD(argoff(1));
		NEQ_SKIP(PIDFD_GET_INFO_, 1);
		RET(fail);
		break;
	case PERF_CLOEXEC:   /* perf_event_open(..., PERF_FLAG_FD_CLOEXEC) */
		NEQ_SKIP((uint32_t)nr, 3);
		LD(argoff(4));
		CLEAR_SKIP(8, 1);
		RET(fail);
		break;
	case WAITID_NOWAIT:  /* waitid(..., options | WNOWAIT, ...) */
		NEQ_SKIP((uint32_t)nr, 3);
		LD(argoff(3));
		CLEAR_SKIP(WNOWAIT, 1);
		RET(fail);
		break;
	}
}

static int pick(const char *list, int *want)
{
	char buf[512], *tok, *save;

	if (strlen(list) >= sizeof buf)
		return -1;
	strcpy(buf, list);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int found = 0;

		for (size_t i = 0; i < NCALLS; i++)
			if (!strcmp(tok, calls[i].name) ||
			    (!strcmp(tok, "pidfd") && calls[i].group == 1) ||
			    (!strcmp(tok, "new") && calls[i].group))
				want[i] = found = 1;
		if (!found) {
			fprintf(stderr, "qbsecc: unknown call: %s\n", tok);
			return -1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *argv0 = NULL;
	int want[NCALLS] = {0}, err, i = 1;
	uint32_t fail;

	if (argc > 2 && !strcmp(argv[1], "-0")) {
		argv0 = argv[2];
		i = 3;
	}
	if (argc - i < 4 || strcmp(argv[i + 2], "--")) {
		fputs("usage: qbsecc [-0 ARGV0] ENOSYS|EPERM|EINVAL CALL[,CALL...] -- COMMAND [ARG...]\n", stderr);
		return 126;
	}
	if (!strcmp(argv[i], "ENOSYS"))
		err = ENOSYS;
	else if (!strcmp(argv[i], "EPERM"))
		err = EPERM;
	else if (!strcmp(argv[i], "EINVAL"))
		err = EINVAL;
	else {
		fprintf(stderr, "qbsecc: bad errno: %s\n", argv[i]);
		return 126;
	}
	if (pick(argv[i + 1], want))
		return 126;
	fail = SECCOMP_RET_ERRNO | (uint32_t)err;

#ifdef AUDIT_NATIVE
	/* x86_64: the i386 numbers for a 32-bit program, then the native ones */
	LD(offsetof(struct seccomp_data, arch));
	{
		unsigned short at = len;

		NEQ_SKIP(AUDIT_ARCH_I386, 0);    /* patched below */
		for (size_t k = 0; k < NCALLS; k++)
			if (want[k])
				one(calls[k].nr32, calls[k].form, fail);
		RET(SECCOMP_RET_ALLOW);
		prog[at].jf = (unsigned char)(len - at - 1);
		if (len - at - 1 > 255) {
			fputs("qbsecc: filter too long\n", stderr);
			return 126;
		}
	}
#endif
	for (size_t k = 0; k < NCALLS; k++)
		if (want[k])
			one(calls[k].nr, calls[k].form, fail);
	RET(SECCOMP_RET_ALLOW);

	struct sock_fprog fp = {.len = len, .filter = prog};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fp, 0, 0)) {
		perror("qbsecc: seccomp");
		return 126;
	}
	argv += i + 3;
	{
		const char *path = argv[0];

		if (argv0)
			argv[0] = (char *)argv0;
		execvp(path, argv);
		fprintf(stderr, "qbsecc: %s: %s\n", path, strerror(errno));
	}
	return 127;
}
