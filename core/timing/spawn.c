/* spawn.c: timed vfork+execve with wait4 and rusage, or up to a ready
 * line. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/clock.h"
#include "libc/fmt.h"
#include "lib/out.h"
#include "timing/procfs.h"
#include "timing/spawn.h"

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

/* A pipe whose ends close on exec (the child's dup2 copies stay); tim
 * has no other thread that could fork between the calls */
static int cpipe(int p[2])
{
	if (pipe(p))
		return -1;
	fcntl(p[0], F_SETFD, FD_CLOEXEC);
	fcntl(p[1], F_SETFD, FD_CLOEXEC);
	return 0;
}

/* Read the two pipes (fd[0] stdout, fd[1] stderr) line by line, passing
 * each chunk on to dst[k], until sp->ready takes a line (1, its arrival
 * time in *t1: when poll woke), both pipes close (0), or with
 * sp->ready_ns the clock passes end (2). */
static int watch(const struct spawner *sp, const int fd[2], const int dst[2],
    long long *t1, long long end)
{
	long long left;
	struct pollfd p[2];
	char lb[2][SPAWN_LINE];
	size_t len[2] = {0, 0}, i, s;
	ssize_t n;
	int k;

	for (k = 0; k < 2; k++) {
		p[k].fd = fd[k];
		p[k].events = POLLIN;
	}
	while (p[0].fd >= 0 || p[1].fd >= 0) {
		left = (end - clock_ns()) / 1000000 + 1;        /* ms, rounded up */
		n = poll(p, 2, !sp->ready_ns ? -1 : left < 0 ? 0 : left > 86400000
		    ? 86400000 : (int)left);
		if (n < 0) {
			if (errno != EINTR)
				return -1;
			continue;
		}
		if (!n)
			return 2;
		*t1 = clock_ns();
		for (k = 0; k < 2; k++) {
			if (p[k].fd < 0 || !p[k].revents)
				continue;
			n = read(fd[k], lb[k] + len[k], SPAWN_LINE - 1 - len[k]);
			if (n < 0 && errno == EINTR)
				continue;
			if (n > 0)      /* a failure is the reader's, not the run's */
				write_all(dst[k], lb[k] + len[k], (size_t)n);
			if (n <= 0)
				p[k].fd = -1;   /* EOF: what is left is a line */
			else
				len[k] += (size_t)n;
			for (i = s = 0; i < len[k]; i++)
				if (lb[k][i] == '\n' || (i + 1 == len[k] &&
				    (p[k].fd < 0 || (!s && len[k] == SPAWN_LINE - 1)))) {
					lb[k][i + (lb[k][i] != '\n')] = 0;
					if (sp->ready(sp->ready_ctx, lb[k] + s))
						return 1;
					s = i + 1;
				}
			len[k] -= s;
			memmove(lb[k], lb[k] + s, len[k]);
		}
	}
	return 0;
}

/* Stop the child's process group: TERM (and CONT, so a stopped member
 * gets it), then up to grace_ns for the group to be gone, then KILL and
 * as long again. Members that die are reaped: the child, and orphans
 * when the caller is their subreaper (else init reaps them); a zombie
 * still counts as a member. The group's number stays the child's until
 * its last member is gone, so no other process is signalled. *reaped:
 * the child was waited for (its status in *st, its rusage in *ru). */
static void stop(pid_t pid, long long grace, int *reaped, int *st,
    struct rusage *ru)
{
	long long end = clock_ns() + grace;
	struct timespec ms = {0, 1000000};
	struct rusage u;
	int sig = SIGTERM, s;
	pid_t w;

	kill(-pid, SIGTERM);
	kill(-pid, SIGCONT);
	for (;;) {
		w = wait4(-pid, &s, WNOHANG, &u);
		if (w == pid) {
			*reaped = 1;
			*st = s;
			*ru = u;
		}
		if (w > 0)
			continue;
		if (kill(-pid, 0))
			return;         /* none left */
		if (clock_ns() >= end) {
			if (sig == SIGKILL)
				return;
			kill(-pid, sig = SIGKILL);
			end += grace;
		}
		nanosleep(&ms, NULL);
	}
}

/* The --ready group that runs now (0: none). Its own process group
 * keeps a terminal's ^C from it, and PR_SET_PDEATHSIG reaches only the
 * child, not a server it started: so tim's INT, TERM and HUP are passed
 * on to the group (TERM, and CONT for a stopped member) before tim
 * dies of them as it would have. */
static volatile sig_atomic_t group;

static void pass_on(int sig)
{
	struct sigaction sa;
	pid_t g = group;

	if (g > 0) {
		kill(-g, SIGTERM);
		kill(-g, SIGCONT);
	}
	memset(&sa, 0, sizeof sa);      /* SIG_DFL, then die of sig */
	sigaction(sig, &sa, NULL);
	kill(getpid(), sig);
}

static void guard(void)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
	static int done;
	struct sigaction sa, old;
	size_t i;

	if (done)
		return;
	done = 1;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = pass_on;
	for (i = 0; i < sizeof sigs / sizeof *sigs; i++)
		if (!sigaction(sigs[i], NULL, &old) && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
}

/* vfork and exec, in a frame of its own: the caller's variables are
 * never live across the vfork. *e: the child's errno when it failed. */
static pid_t start(const struct spawner *sp, const char *path,
    char *const *argv, int out, int err, int gate, volatile int *e)
{
	pid_t pid;
	char c;

	/* a gate: a plain fork by clone, not libc's fork, whose at-fork
	 * machinery (locks, handlers) a child that only execs needs none of
	 * and which cost 1.5 kB of the static binary; s390 takes the stack
	 * first */
#if defined(__s390__) || defined(__CRIS__)
	pid = gate < 0 ? vfork() : (pid_t)syscall(SYS_clone, 0L, (long)SIGCHLD);
#else
	pid = gate < 0 ? vfork() : (pid_t)syscall(SYS_clone, (long)SIGCHLD, 0L);
#endif
	if (pid == 0) {
		if ((gate < 0 || read(gate, &c, 1) == 1) &&
		    (!sp->ready || (!setpgid(0, 0) &&
		    !prctl(PR_SET_PDEATHSIG, SIGKILL))) &&
		    (out < 0 || dup2(out, 1) >= 0) &&
		    (err < 0 || dup2(err, 2) >= 0) && (!sp->cpus ||
		    !sched_setaffinity(0, sp->cpus_bytes, (const cpu_set_t *)(const void *)sp->cpus)))
			execve(path, argv, sp->envp);
		*e = errno;     /* the parent resumes only after this exit */
		_exit(127);
	}
	return pid;
}

/* Is /proc this process's PID namespace's? Else /proc/PID is another
 * process (a namespace entered without its own /proc mount). Once. */
static int proc_ours(void)
{
	static int ours = -1;
	char b[32], me[32];
	ssize_t l;

	if (ours < 0) {
		l = readlink("/proc/self", b, sizeof b - 1);
		b[l > 0 ? l : 0] = 0;
		fmt_snprintf(me, sizeof me, "%ld", (long)getpid());
		ours = !strcmp(b, me);
	}
	return ours;
}

/* "RAN_NS DELAY_NS SLICES" of pid (a zombie not yet reaped, or a child
 * held at the counters' gate) into ran and wait, seconds; -1 when none */
static int sched_read(pid_t pid, double *ran, double *wait)
{
	char path[48], b[96];
	const char *s = b;
	long long x, y;

	if (!proc_ours())
		return -1;
	fmt_snprintf(path, sizeof path, "/proc/%ld/schedstat", (long)pid);
	pfs_head(path, b, sizeof b);
	if ((x = pfs_num(&s)) < 0 || (y = pfs_num(&s)) < 0)
		return -1;
	*ran = (double)x / 1e9;
	*wait = (double)y / 1e9;
	return 0;
}

int spawn_argv(struct spawner *sp, unsigned long seq, const char *path,
    char *const *argv, struct spawn_res *r)
{
	struct rusage ru;
	long long t0 = 0, t1 = 0;
	double ran0, wait0 = 0;         /* before the clock: the gate's */
	volatile int e = 0;     /* the vfork child shares our memory */
	int pp[6] = {-1, -1, -1, -1, -1, -1}, fd[2], dst[2], reaped = 0, k;
	int seen = 0;            /* the clock read at the exit, by waitid */
	int out = sp->out, err = sp->err;
	pid_t pid;

	r->ready = r->late = 0;
	r->wait = r->ran = -1;
	if (sp->ready) {        /* the pipes first: untimed */
		guard();
		if (cpipe(pp) || cpipe(pp + 2)) {
			e = errno;
			goto closed;
		}
		out = pp[1];
		err = pp[3];
	}
	if (sp->ctr && cpipe(pp + 4)) {
		e = errno;
		goto closed;
	}
	fmt_snprintf(sp->seq, SEQ_CAP, "TIM_SEQ=%lu", seq);
	t0 = clock_ns();
	pid = start(sp, path, argv, out, err, pp[4], &e);
	if (pid < 0) {
		e = errno;
		goto closed;
	}
	if (sp->ctr) {          /* counted from the release: untimed opens */
		ctr_open(sp->ctr, pid);
		if (sp->sched && !sp->ready && sched_read(pid, &ran0, &wait0))
			wait0 = -1;
		t0 = clock_ns();
		if (write(pp[5], "", 1) != 1)
			kill(pid, SIGKILL);     /* it would wait for ever */
	}
	if (sp->ready) {
		group = pid;
		close(pp[1]);
		close(pp[3]);
		pp[1] = pp[3] = -1;
		fd[0] = pp[0];
		fd[1] = pp[2];
		dst[0] = sp->out < 0 ? 1 : sp->out;
		dst[1] = sp->err < 0 ? 2 : sp->err;
		k = watch(sp, fd, dst, &t1, t0 + sp->ready_ns);
		r->ready = k == 1;
		r->late = k == 2;
		/* no line: the output ended, but a member may live on */
		stop(pid, sp->grace_ns, &reaped, &r->status, &ru);
		group = 0;
	}
	/* the run delay: the exit seen without a reaping, the clock read,
	 * then the zombie's schedstat; a kernel without WNOWAIT (before
	 * 2.6.9), or a filter that refuses waitid, leaves it unknown */
	if (!reaped && sp->sched && !sp->ready) {
		siginfo_t si;
		int w;

		while ((w = waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT)) < 0 &&
		    errno == EINTR)
			;
		if (!w) {
			t1 = clock_ns();
			seen = 1;
			/* the whole life's run time (as rusage's), the
			 * wait since the clock started */
			if (wait0 < 0 || sched_read(pid, &r->ran, &r->wait))
				r->ran = r->wait = -1;
			else
				r->wait -= wait0;
		}
	}
	while (!reaped && wait4(pid, &r->status, 0, &ru) < 0)
		if (errno != EINTR) {
			e = errno;
			goto closed;
		}
	if (r->ready)
		r->status = 0;
	else if (!seen)
		t1 = clock_ns();
closed:
	for (k = 0; k < 6; k++)
		if (pp[k] >= 0)
			close(pp[k]);
	for (k = CTR_TASK; k < CTR_N; k++)
		r->ctr[k] = -1;
	if (sp->ctr)
		ctr_close(sp->ctr, r->ctr);
	if (e) {
		errno = e;
		return -1;
	}
	/* integer ns first, exact; a division, correctly rounded, so that the
	 * seconds read back from their shortest text (1672112 ns:
	 * 0.001672112, where * 1e-9 gave 0.0016721120000000001) */
	r->secs = (double)(t1 - t0) / 1e9;
	r->utime = ru.ru_utime;
	r->stime = ru.ru_stime;
	r->maxrss_kb = ru.ru_maxrss;
	r->ctr[CTR_MINFLT] = ru.ru_minflt;
	r->ctr[CTR_MAJFLT] = ru.ru_majflt;
	r->ctr[CTR_VCSW] = ru.ru_nvcsw;
	r->ctr[CTR_IVCSW] = ru.ru_nivcsw;
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
