/* qbfix: the process fixture of the test suite.
 *
 * It gives itself a known name, optionally leaves a zombie child or a named
 * thread behind, logs every signal it catches to a file, tells the test it is
 * ready by creating a file, then waits. Options:
 *   -n COMM     set comm (prctl PR_SET_NAME; bytes after 15 are cut)
 *   -l FILE     append "SIGNAME\n" (or "SIG<n>") per caught signal
 *   -c LIST     catch and log these signals (comma list of names/numbers,
 *               "all" = every catchable one); default: none
 *   -i LIST     ignore these signals
 *   -x          exit 0 after the first caught signal
 *   -z COMM     fork a child that names itself COMM and exits unreaped
 *   -T COMM     start a thread named COMM
 *   -k          fork a child that runs as a copy of this process (same
 *               options except -k), for parent/child trees; its pid goes
 *               in FILE.child when -r is given
 *   -S          stop (SIGSTOP) right after signalling readiness
 *   -t SECS     exit after SECS seconds (default: never)
 *   -r FILE     create FILE (containing our pid) once everything is set up
 *   -C N        churn: once set up, fork N children one after another, about
 *               one a millisecond, each (same name, same caught signals and
 *               log) living ~2 ms; at most 64 alive at once; then print
 *               "churned N" on stdout and exit 0. SIGCHLD is
 *               not logged in this mode (the children's ends are expected)
 *   -u FILE     with -C: go on churning after the N until FILE exists
 *               (a churn that lasts as long as the test needs it, however
 *               fast or slow the build under test is), then print the
 *               number forked
 * Operands after the options are ignored: they only shape the command line. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int logfd = -1, exit_on_sig;

static const char *const names[] = {
	[SIGHUP] = "HUP", [SIGINT] = "INT", [SIGQUIT] = "QUIT",
	[SIGUSR1] = "USR1", [SIGUSR2] = "USR2", [SIGALRM] = "ALRM",
	[SIGTERM] = "TERM", [SIGCHLD] = "CHLD", [SIGCONT] = "CONT",
	[SIGWINCH] = "WINCH", [SIGPIPE] = "PIPE", [SIGURG] = "URG",
	[SIGTSTP] = "TSTP", [SIGTTIN] = "TTIN", [SIGTTOU] = "TTOU",
	[SIGPWR] = "PWR", [SIGABRT] = "ABRT", [SIGTRAP] = "TRAP",
	[SIGXCPU] = "XCPU", [SIGPROF] = "PROF", [SIGVTALRM] = "VTALRM",
	[SIGIO] = "IO", [SIGSYS] = "SYS", [SIGXFSZ] = "XFSZ",
};

static void onsig(int sig, siginfo_t *si, void *uc)
{
	char line[48];
	int n;

	(void)uc;
	if (sig < (int)(sizeof names / sizeof *names) && names[sig])
		n = snprintf(line, sizeof line, "SIG%s", names[sig]);
	else
		n = snprintf(line, sizeof line, "SIG%d", sig);
	if (si->si_code == SI_QUEUE)
		n += snprintf(line + n, sizeof line - n, " value=%d",
		    si->si_value.sival_int);
	line[n++] = '\n';
	if (logfd >= 0 && write(logfd, line, n) < 0)
		_exit(9);
	if (exit_on_sig)
		_exit(0);
}

static int signum(const char *s)
{
	int i;

	if (s[0] >= '0' && s[0] <= '9')
		return atoi(s);
	if (!strncasecmp(s, "SIG", 3))
		s += 3;
	for (i = 1; i < (int)(sizeof names / sizeof *names); i++)
		if (names[i] && !strcasecmp(s, names[i]))
			return i;
	fprintf(stderr, "qbfix: unknown signal %s\n", s);
	exit(2);
}

static void each_sig(char *list, int catch)
{
	struct sigaction sa;
	char *tok;

	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = onsig;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	if (!catch)
		sa.sa_handler = SIG_IGN, sa.sa_flags = 0;
	if (!strcmp(list, "all")) {
		for (int s = 1; s < 65; s++)
			if (s != SIGKILL && s != SIGSTOP && s != 32 && s != 33)
				sigaction(s, &sa, 0);
		return;
	}
	for (tok = strtok(list, ","); tok; tok = strtok(0, ","))
		sigaction(signum(tok), &sa, 0);
}

static void pause_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static int churn(long n, const char *until)
{
	long alive = 0, i;

	signal(SIGCHLD, SIG_DFL);
	for (i = 0; i < n || (until && access(until, F_OK)); i++) {
		pid_t k;

		while (alive >= 64 && waitpid(-1, 0, 0) > 0)
			alive--;
		k = fork();
		if (k == 0) {
			pause_ms(2);
			_exit(0);
		}
		if (k < 0) {    /* the pids limit: wait for one to end */
			if (waitpid(-1, 0, 0) > 0)
				alive--;
			i--;
			continue;
		}
		alive++;
		while (waitpid(-1, 0, WNOHANG) > 0)
			alive--;
		pause_ms(1);
	}
	while (waitpid(-1, 0, 0) > 0)
		;
	printf("churned %ld\n", i);
	return 0;
}

/* the thread names itself, then says so on this pipe: the ready file
 * must not come before its name (a test reads the thread's comm at once) */
static int named[2];

static void *thread_main(void *name)
{
	prctl(PR_SET_NAME, name);
	if (write(named[1], "", 1) != 1)
		_exit(2);
	for (;;)
		pause();
	return 0;
}

int main(int argc, char **argv)
{
	char *ready = 0, *zomb = 0, *tname = 0, *comm = 0, *until = 0;
	int c, stop = 0, kid = 0, secs = -1;
	long nchurn = -1;
	pthread_t t;

	while ((c = getopt(argc, argv, "+n:l:c:i:xz:T:kSt:r:C:u:")) != -1) {
		switch (c) {
		case 'n': comm = optarg; break;
		case 'l':
			logfd = open(optarg, O_WRONLY | O_CREAT | O_APPEND, 0644);
			if (logfd < 0)
				perror(optarg), exit(2);
			break;
		case 'c': each_sig(optarg, 1); break;
		case 'i': each_sig(optarg, 0); break;
		case 'x': exit_on_sig = 1; break;
		case 'z': zomb = optarg; break;
		case 'T': tname = optarg; break;
		case 'k': kid = 1; break;
		case 'S': stop = 1; break;
		case 't': secs = atoi(optarg); break;
		case 'r': ready = optarg; break;
		case 'C': nchurn = atol(optarg); break;
		case 'u': until = optarg; break;
		default: exit(2);
		}
	}
	if (comm)
		prctl(PR_SET_NAME, comm);
	if (zomb) {
		pid_t z = fork();

		if (z == 0) {
			prctl(PR_SET_NAME, zomb);
			_exit(0);
		}
		/* wait until it is a zombie, without reaping it */
		siginfo_t si;
		waitid(P_PID, z, &si, WEXITED | WNOWAIT);
	}
	if (kid) {
		pid_t k = fork();

		if (k == 0) {
			char path[4096];

			if (ready) {
				snprintf(path, sizeof path, "%s.child", ready);
				ready = strdup(path);
			}
			kid = 0;
		}
	}
	if (tname) {
		char b;

		if (pipe(named) || pthread_create(&t, 0, thread_main, tname))
			exit(2);
		while (read(named[0], &b, 1) < 0 && errno == EINTR)
			;
		close(named[0]);
		close(named[1]);
	}
	if (ready) {
		char tmp[4096], pid[24];
		int fd, n = snprintf(pid, sizeof pid, "%d\n", (int)getpid());

		snprintf(tmp, sizeof tmp, "%s.tmp", ready);
		fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || write(fd, pid, n) != n || close(fd) || rename(tmp, ready))
			perror(ready), exit(2);
	}
	if (stop)
		raise(SIGSTOP);
	if (nchurn >= 0)
		return churn(nchurn, until);
	if (secs >= 0) {
		while ((secs = (int)sleep((unsigned)secs)))
			;
		return 0;
	}
	for (;;)
		pause();
}
