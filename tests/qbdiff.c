/* qbdiff: the differential runner of the head/tail tests. Runs one
 * command line under two binaries (quickbox's personality and the GNU
 * tool) and compares what each wrote to stdout and stderr, byte for byte,
 * and how each ended.
 *
 *   qbdiff [-A] [-C DIR] [-i FILE] [-P] [-o full|closed] [-b CASES]
 *          [-U DIR] [-E] NAME BIN1 BIN2 [ARG...]
 *
 * Both run as `NAME ARG...` (argv[0] is NAME: a multicall binary reads
 * its applet there) in DIR, stdin FILE (default /dev/null), or with -P a
 * pipe that FILE is written into. -o full: stdout is /dev/full; -o
 * closed: stdout is closed; stdout is then not compared (both wrote
 * nowhere). -b CASES runs every case of the file CASES instead of ARG...:
 * each case is a count and that many arguments, every field ended by a
 * NUL (bash: printf '%s\0' $# "$@"); "-" is stdin. -A: first wait until
 * qbdiff is two clock ticks old by /proc/uptime as procps reads it
 * (seconds as a double, times hz, cut): procps's pgrep -O leaves out a
 * process started after that clock's now, so a qbdiff younger than a
 * tick could be seen by one run and not the other. -U DIR: the reference
 * is an older procps-ng than the target, whose texts DIR holds: in BIN2's
 * stdout and stderr, the usage block ("\nUsage:\n" to the "For more
 * details see" line) becomes DIR/NAME-help.txt and a version line
 * ("NAME from procps-ng ...") DIR/NAME-version.txt, so everything else
 * is still compared with the installed tool. -E: the reference predates
 * procps-ng 4.0.5's escaping, which shows a control byte as '?' where it
 * showed '.': in both stdouts every '.' counts as '?' (what the target
 * prints exactly is checked against recorded output elsewhere).
 *
 * Exit 0 when every case agreed, 1 when any differed (each named on
 * stdout, with the first difference), 2 on a usage or system error.
 *
 * Why a C helper: a case costs the two execs and nothing else. The shell
 * form (a subshell per binary, cmp per stream) cost four more forks a
 * case, and the byte-by-byte quoting tests run a thousand cases. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *dir, *input, *outmode, *texts;
static int piped, dots;

static void die(const char *what)
{
	fprintf(stderr, "qbdiff: %s: %s\n", what, strerror(errno));
	exit(2);
}

/* an unnamed file for a stream, emptied before each run */
static int scratch(void)
{
	char path[] = "/tmp/qbdiff.XXXXXX";
	const char *t = getenv("TMPDIR");
	char buf[4096];
	int fd;

	if (t && *t && snprintf(buf, sizeof buf, "%s/qbdiff.XXXXXX", t) <
	    (int)sizeof buf)
		fd = mkostemp(buf, O_CLOEXEC), unlink(buf);
	else
		fd = mkostemp(path, O_CLOEXEC), unlink(path);
	if (fd < 0)
		die("mkstemp");
	return fd;
}

/* the whole content of FD */
static char *slurp(int fd, size_t *n)
{
	struct stat st;
	char *b;
	ssize_t r;

	if (fstat(fd, &st))
		die("fstat");
	*n = (size_t)st.st_size;
	b = malloc(*n + 1);
	if (!b)
		die("malloc");
	r = pread(fd, b, *n, 0);
	if (r < 0 || (size_t)r != *n)
		die("pread");
	return b;
}

/* all FD holds, read to its end (the case file may be a pipe) */
static char *readall(int fd, size_t *n)
{
	size_t cap = 65536;
	char *b = malloc(cap);
	ssize_t r;

	*n = 0;
	while (b && (r = read(fd, b + *n, cap - *n)) != 0) {
		if (r < 0) {
			if (errno == EINTR)
				continue;
			die("read");
		}
		*n += (size_t)r;
		if (*n == cap && !(b = realloc(b, cap *= 2)))
			break;
	}
	if (!b)
		die("malloc");
	return b;
}

/* -A: wait (up to 5 s) until this process has lived two clock ticks */
static void age(void)
{
	unsigned long long start = 0;
	long hz = sysconf(_SC_CLK_TCK);
	char b[1024], *p;
	FILE *f = fopen("/proc/self/stat", "r");
	size_t n = f ? fread(b, 1, sizeof b - 1, f) : 0;
	int field = 2;

	if (f)
		fclose(f);
	b[n] = 0;
	p = strrchr(b, ')');
	if (!p || hz <= 0)
		errno = EINVAL, die("/proc/self/stat");
	for (; *p && field < 22; p++)       /* start time: field 22 */
		if (*p == ' ')
			field++;
	start = strtoull(p, NULL, 10);
	for (int i = 0; i < 2500; i++) {
		double up = 0;

		if (!(f = fopen("/proc/uptime", "r")))
			die("/proc/uptime");
		if (fscanf(f, "%lf", &up) != 1)
			errno = EINVAL, die("/proc/uptime");
		fclose(f);
		if ((unsigned long long)(up * (double)hz) >= start + 2)
			return;
		usleep(2000);
	}
	errno = ETIMEDOUT, die("-A");
}

/* writes INPUT into the pipe WFD from a child; a reader that leaves early
 * ends it by SIGPIPE, as `cat FILE |` would end */
static pid_t feeder(int rfd, int wfd)
{
	pid_t k = fork();

	if (k == 0) {
		char b[65536];
		ssize_t n;
		int in = open(input, O_RDONLY);

		signal(SIGPIPE, SIG_DFL);
		close(rfd);
		if (in < 0)
			_exit(1);
		while ((n = read(in, b, sizeof b)) > 0)
			if (write(wfd, b, (size_t)n) != n)
				_exit(1);
		_exit(0);
	}
	if (k < 0)
		die("fork");
	return k;
}

/* runs BIN as NAME ARGV[1..]; returns the shell's view of its end */
static int run(const char *bin, char **argv, int out, int err)
{
	int p[2] = { -1, -1 }, st;
	pid_t k, f = -1;

	if (lseek(out, 0, SEEK_SET) || ftruncate(out, 0) ||
	    lseek(err, 0, SEEK_SET) || ftruncate(err, 0))
		die("truncate");
	if (piped) {
		/* close-on-exec: the tool's copy of the write end would keep
		 * it from ever seeing the end of its input */
		if (pipe2(p, O_CLOEXEC))
			die("pipe");
		f = feeder(p[0], p[1]);
	}
	k = fork();
	if (k < 0)
		die("fork");
	if (k == 0) {
		int in = piped ? p[0] : open(input ? input : "/dev/null", O_RDONLY);

		signal(SIGPIPE, SIG_DFL);
		/* dup2 onto itself keeps close-on-exec: cleared by hand */
		if (in < 0 || (in ? dup2(in, 0) : fcntl(0, F_SETFD, 0)) < 0 ||
		    dup2(err, 2) < 0)
			_exit(126);
		if (!outmode) {
			if (dup2(out, 1) < 0)
				_exit(126);
		} else if (!strcmp(outmode, "closed")) {
			close(1);
		} else {
			int full = open("/dev/full", O_WRONLY);

			if (full < 0 || dup2(full, 1) < 0)
				_exit(126);
		}
		if (dir && chdir(dir))
			_exit(126);
		execv(bin, argv);
		_exit(127);
	}
	if (piped) {
		close(p[0]);
		close(p[1]);
	}
	while (waitpid(k, &st, 0) < 0)
		if (errno != EINTR)
			die("waitpid");
	if (f > 0)
		while (waitpid(f, NULL, 0) < 0 && errno == EINTR)
			;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* bytes as a reader can see them: printable ASCII as is, others \ooo */
static void show(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c >= ' ' && c < 127 && c != '\\')
			putchar(c);
		else
			printf("\\%03o", c);
	}
}

static void show_case(char **argv)
{
	printf("differs:");
	for (char **a = argv; *a; a++) {
		printf(" '");
		show(*a, strlen(*a));
		putchar('\'');
	}
}

/* the first byte where two streams part, and up to 120 bytes of each
 * from the line it is in */
static void show_stream(const char *what, const char *a, size_t na,
    const char *b, size_t nb)
{
	size_t i = 0, s;

	while (i < na && i < nb && a[i] == b[i])
		i++;
	for (s = i; s > 0 && a[s - 1] != '\n'; s--)
		;
	printf("  %s parts at byte %zu\n    %s: ", what, i, "quickbox");
	show(a + s, na - s < 120 ? na - s : 120);
	printf("\n    %s: ", "reference");
	show(b + s, nb - s < 120 ? nb - s : 120);
	putchar('\n');
}

/* -U: s[from..to) replaced by the file TEXTS/NAME-WHAT.txt */
static void swap_in(char **s, size_t *n, size_t from, size_t to,
    const char *name, const char *what)
{
	char path[4096];
	int f;
	size_t k;
	char *t, *r;

	snprintf(path, sizeof path, "%s/%s-%s.txt", texts, name, what);
	if ((f = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		die(path);
	t = readall(f, &k);
	close(f);
	if (!(r = malloc(*n - (to - from) + k + 1)))
		die("malloc");
	memcpy(r, *s, from);
	memcpy(r + from, t, k);
	memcpy(r + from + k, *s + to, *n - to);
	*n = *n - (to - from) + k;
	free(*s);
	free(t);
	*s = r;
}

static void older_texts(char **s, size_t *n, const char *name)
{
	static const char u[] = "\nUsage:\n", m[] = "For more details see ";
	char *a, *b, *e;
	size_t nl = strlen(name);

	(*s)[*n] = 0;
	if (*n > nl && !memcmp(*s, name, nl) &&
	    !strncmp(*s + nl, " from procps-ng ", 16) && (e = strchr(*s, '\n')))
		swap_in(s, n, 0, (size_t)(e + 1 - *s), name, "version");
	(*s)[*n] = 0;
	if ((a = strstr(*s, u)) && (b = strstr(a, m)) && (e = strchr(b, '\n')))
		swap_in(s, n, (size_t)(a - *s), (size_t)(e + 1 - *s), name, "help");
}

static int one(const char *b1, const char *b2, char **argv, int *fd)
{
	int r1 = run(b1, argv, fd[0], fd[1]);
	int r2 = run(b2, argv, fd[2], fd[3]);
	size_t n[4];
	char *s[4];
	int same;

	for (int i = 0; i < 4; i++)
		s[i] = slurp(fd[i], &n[i]);
	if (texts)
		for (int i = 2; i < 4; i++)
			older_texts(&s[i], &n[i], argv[0]);
	for (int i = 0; dots && i < 4; i += 2)
		for (char *c = s[i]; (c = memchr(c, '.', n[i] - (size_t)(c - s[i]))); )
			*c = '?';
	same = r1 == r2 && n[1] == n[3] && !memcmp(s[1], s[3], n[1]) &&
	    (outmode || (n[0] == n[2] && !memcmp(s[0], s[2], n[0])));
	if (!same) {
		show_case(argv);
		printf(" (status %d vs %d)\n", r1, r2);
		if (!outmode && (n[0] != n[2] || memcmp(s[0], s[2], n[0])))
			show_stream("stdout", s[0], n[0], s[2], n[2]);
		if (n[1] != n[3] || memcmp(s[1], s[3], n[1]))
			show_stream("stderr", s[1], n[1], s[3], n[3]);
	}
	for (int i = 0; i < 4; i++)
		free(s[i]);
	fflush(stdout);
	return same ? 0 : 1;
}

/* every case of the file PATH, argv[0] NAME */
static int batch(const char *path, char *name, const char *b1,
    const char *b2, int *fd)
{
	int cf = strcmp(path, "-") ? open(path, O_RDONLY) : 0, bad = 0;
	size_t n, i = 0;
	char *c;

	if (cf < 0)
		die(path);
	c = readall(cf, &n);
	/* stdin stays open (on /dev/null once read): closed, its fd 0 would
	 * go to the next pipe, whose close-on-exec dup2(0, 0) keeps, and
	 * every tool would start with no stdin at all */
	if (cf)
		close(cf);
	else if ((cf = open("/dev/null", O_RDONLY)) < 0 || dup2(cf, 0) < 0)
		die("/dev/null");
	else if (cf)
		close(cf);
	if (n && c[n - 1])
		errno = EINVAL, die("a case file must end in a NUL");
	while (i < n) {
		char *end, **argv;
		long k = strtol(c + i, &end, 10);

		if (*end || k < 0 || k > 4096)
			errno = EINVAL, die("bad count in the case file");
		i += strlen(c + i) + 1;
		argv = calloc((size_t)k + 2, sizeof *argv);
		if (!argv)
			die("calloc");
		argv[0] = name;
		for (long j = 1; j <= k; j++) {
			if (i >= n)
				errno = EINVAL, die("short case in the case file");
			argv[j] = c + i;
			i += strlen(c + i) + 1;
		}
		bad |= one(b1, b2, argv, fd);
		free(argv);
	}
	free(c);
	return bad;
}

int main(int argc, char **argv)
{
	const char *cases = NULL;
	int c, fd[4];

	while ((c = getopt(argc, argv, "+AC:i:Po:b:U:E")) != -1) {
		switch (c) {
		case 'A': age(); break;
		case 'C': dir = optarg; break;
		case 'i': input = optarg; break;
		case 'P': piped = 1; break;
		case 'o':
			if (strcmp(optarg, "full") && strcmp(optarg, "closed"))
				goto usage;
			outmode = optarg;
			break;
		case 'b': cases = optarg; break;
		case 'U': texts = optarg; break;
		case 'E': dots = 1; break;
		default: goto usage;
		}
	}
	if (argc - optind < 3 || (piped && !input))
		goto usage;
	for (int i = 0; i < 4; i++)
		fd[i] = scratch();
	if (cases)
		return batch(cases, argv[optind], argv[optind + 1],
		    argv[optind + 2], fd);
	else {
		/* the case's argv: NAME in BIN2's slot, then the ARGs */
		const char *b2 = argv[optind + 2];

		argv[optind + 2] = argv[optind];
		return one(argv[optind + 1], b2, argv + optind + 2, fd);
	}
usage:
	fprintf(stderr, "usage: qbdiff [-A] [-C DIR] [-i FILE] [-P] [-o full|closed] "
	    "[-b CASES] [-U DIR] [-E] NAME BIN1 BIN2 [ARG...]\n");
	return 2;
}
