/* sig.c: every Linux signal name, aliases and real-time offsets. */
#include <signal.h>
#include <string.h>
#include <strings.h>

#include "libc/fmt.h"
#include "lib/num.h"
#include "lib/sig.h"

#define RT_MIN SIG_RTMIN
#define RT_MAX SIG_RTMAX

/* 8 bytes a row, the names in place (no pointers): 36 rows, about 450
 * bytes less than pointer and int; every name fits 6 letters, every
 * number a byte */
_Static_assert(_NSIG <= 256, "a signal number fits a byte");
static const struct { char name[7]; unsigned char num; } sigs[] = {
	{"HUP", SIGHUP}, {"INT", SIGINT}, {"QUIT", SIGQUIT}, {"ILL", SIGILL},
	{"TRAP", SIGTRAP}, {"ABRT", SIGABRT}, {"BUS", SIGBUS}, {"FPE", SIGFPE},
	{"KILL", SIGKILL}, {"USR1", SIGUSR1}, {"SEGV", SIGSEGV},
	{"USR2", SIGUSR2}, {"PIPE", SIGPIPE}, {"ALRM", SIGALRM},
	{"TERM", SIGTERM}, {"STKFLT", SIGSTKFLT}, {"CHLD", SIGCHLD},
	{"CONT", SIGCONT}, {"STOP", SIGSTOP}, {"TSTP", SIGTSTP},
	{"TTIN", SIGTTIN}, {"TTOU", SIGTTOU}, {"URG", SIGURG},
	{"XCPU", SIGXCPU}, {"XFSZ", SIGXFSZ}, {"VTALRM", SIGVTALRM},
	{"PROF", SIGPROF}, {"WINCH", SIGWINCH}, {"POLL", SIGPOLL},
	{"PWR", SIGPWR}, {"SYS", SIGSYS},
	/* aliases after the canonical names, so sig_name() finds those first */
	{"IOT", SIGABRT}, {"CLD", SIGCHLD}, {"IO", SIGIO},
	{"EXIT", 0}, {"NULL", 0},
};

/* "RTMIN", "RTMIN+n", "RTMAX", "RTMAX-n" */
static int rt_parse(const char *s)
{
	long long off = 0;
	int base, sign;

	if (!strncasecmp(s, "RTMIN", 5)) {
		base = RT_MIN;
		sign = 1;
	} else if (!strncasecmp(s, "RTMAX", 5)) {
		base = RT_MAX;
		sign = -1;
	} else {
		return -1;
	}
	s += 5;
	if (*s) {
		if (*s != (sign > 0 ? '+' : '-') || s[1] < '0' || s[1] > '9')
			return -1;
		if (num_ll(s + 1, 0, RT_MAX - RT_MIN, &off))
			return -1;
	}
	return base + sign * (int)off;
}

int sig_from_name(const char *s)
{
	size_t i;

	if (!strncasecmp(s, "SIG", 3))
		s += 3;
	for (i = 0; i < sizeof sigs / sizeof *sigs; i++)
		if (!strcasecmp(s, sigs[i].name))
			return sigs[i].num;
	return rt_parse(s);
}

int sig_parse(const char *s)
{
	long long v;

	if (*s >= '0' && *s <= '9')
		return num_ll(s, 0, RT_MAX, &v) ? -1 : (int)v;
	return sig_from_name(s);
}

const char *sig_name(int sig)
{
	static char rt[16];
	size_t i;

	for (i = 0; i < sizeof sigs / sizeof *sigs; i++)
		if (sigs[i].num == sig && sig)
			return sigs[i].name;
	if (sig == RT_MIN)
		return "RTMIN";
	if (sig == RT_MAX)
		return "RTMAX";
	if (sig > RT_MIN && sig < RT_MAX) {
		fmt_snprintf(rt, sizeof rt, "RTMIN+%d", sig - RT_MIN);
		return rt;
	}
	return NULL;
}
