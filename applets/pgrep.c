/* pgrep.c: the procps-ng 4.0.2 personalities pgrep, pkill, pidwait (and
 * pidof, in pidof.c's half below): same options, output bytes, messages
 * and exit codes, on quickbox's /proc reader and selection engine.
 *
 * The shape follows procps: parse (getopt_long rules, per-program short
 * options, long options shared), select (the conjunction of criteria,
 * except that -t short-circuits -r and --cgroup), then print / signal /
 * wait. Names are matched and shown escaped (escape.h). */
#include <ctype.h>
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <limits.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "applets.h"
#include "err.h"
#include "escape.h"
#include "opt.h"
#include "pat.h"
#include "pidfd.h"
#include "out.h"
#include "pidfile.h"
#include "select.h"
#include "sig.h"

enum { PGREP, PKILL, PIDWAIT };
enum { EXIT_USAGE = 2, EXIT_FATAL = 3 };

/* procps's longopts, in its order (glibc lists ambiguities in it) */
enum {
	O_SIGNAL, O_ANC, O_COUNT, O_CGROUP, O_DELIM, O_LNAME, O_LFULL, O_FULL,
	O_PGRP, O_GROUP, O_ICASE, O_NEWEST, O_OLDEST, O_OLDER, O_PARENT,
	O_SESSION, O_TERM, O_EUID, O_UID, O_INVERSE, O_LWP, O_EXACT, O_PIDFILE,
	O_LOCK, O_ECHO, O_NS, O_NSLIST, O_QUEUE, O_RUNST, O_HELP, O_VERSION,
	O_QMARK, O_NOPTS
};
static const struct optdef pg_defs[O_NOPTS + 1] = {
	{"signal", 0, OPT_VALUE, 0, 0}, {"ignore-ancestors", 'A', 0, 0, 0},
	{"count", 'c', 0, 0, 0}, {"cgroup", 0, OPT_VALUE, 0, 0},
	{"delimiter", 'd', OPT_VALUE, 0, 0}, {"list-name", 'l', 0, 0, 0},
	{"list-full", 'a', 0, 0, 0}, {"full", 'f', 0, 0, 0},
	{"pgroup", 'g', OPT_VALUE, 0, 0}, {"group", 'G', OPT_VALUE, 0, 0},
	{"ignore-case", 'i', 0, 0, 0}, {"newest", 'n', 0, 0, 0},
	{"oldest", 'o', 0, 0, 0}, {"older", 'O', OPT_VALUE, 0, 0},
	{"parent", 'P', OPT_VALUE, 0, 0}, {"session", 's', OPT_VALUE, 0, 0},
	{"terminal", 't', OPT_VALUE, 0, 0}, {"euid", 'u', OPT_VALUE, 0, 0},
	{"uid", 'U', OPT_VALUE, 0, 0}, {"inverse", 'v', 0, 0, 0},
	{"lightweight", 'w', 0, 0, 0}, {"exact", 'x', 0, 0, 0},
	{"pidfile", 'F', OPT_VALUE, 0, 0}, {"logpidfile", 'L', 0, 0, 0},
	{"echo", 'e', 0, 0, 0}, {"ns", 0, OPT_VALUE, 0, 0},
	{"nslist", 0, OPT_VALUE, 0, 0}, {"queue", 'q', OPT_VALUE, 0, 0},
	{"runstates", 'r', OPT_VALUE, 0, 0}, {"help", 'h', 0, 0, 0},
	{"version", 'V', 0, 0, 0}, {"", '?', 0, 0, 0}, {0, 0, 0, 0, 0}
};
/* each program's getopt string, without the ':' marks */
static const char *const shorts[] = {
	[PGREP] = "ladvw" "LFcfinoxPOAgsuUGtr?Vh",
	[PKILL] = "eq" "LFcfinoxPOAgsuUGtr?Vh",
	[PIDWAIT] = "e" "LFcfinoxPOAgsuUGtr?Vh",
};

/* procps numbers the namespaces cgroup ipc mnt net pid time user uts and
 * checks the first six unless --nslist says otherwise */
static const char *const ns_names[] = {
	"cgroup", "ipc", "mnt", "net", "pid", "time", "user", "uts"
};
#define NS_COUNT 8

struct pg {
	int mode;
	int full, lname, lfull, oldest, newest, negate, exact, count, echo;
	int threads, lock, icase, criteria;
	int older, sig, queue, qval;
	long nspid, pfpid;
	int nsflags;
	const char *delim, *pidfile, *runstates, *pattern;
	int npat;
	struct sel sel;
	struct sel_list anc;
	char **cgroup;       /* NULL-ended list, NULL when not given */
	int ncgroup;
	unsigned long long nsref[NS_COUNT];
	struct pat re;       /* the pattern, or ^(pattern)$ for -x */
	char *rebuf;         /* -x's string: pat.h points into it */
	int utf8;            /* escape flavour: 1 in a UTF-8 locale */
	/* the selected processes */
	struct hit { long pid; char *str; int fd, err; } *hits;
	size_t nhits, caphits;
	char shown[sizeof ((struct proc *)0)->comm]; /* -e's name buffer */
};

/* the texts are procps-ng 4.0.2's as it prints them: scripts and users
 * compare them byte for byte */
static const char pgrep_common_help[] =
    " -c, --count               count of matching processes\n"
    " -f, --full                use full process name to match\n"
    " -g, --pgroup <PGID,...>   match listed process group IDs\n"
    " -G, --group <GID,...>     match real group IDs\n"
    " -i, --ignore-case         match case insensitively\n"
    " -n, --newest              select most recently started\n"
    " -o, --oldest              select least recently started\n"
    " -O, --older <seconds>     select where older than seconds\n"
    " -P, --parent <PPID,...>   match only child processes of the given parent\n"
    " -s, --session <SID,...>   match session IDs\n"
    " -t, --terminal <tty,...>  match by controlling terminal\n"
    " -u, --euid <ID,...>       match by effective IDs\n"
    " -U, --uid <ID,...>        match by real IDs\n"
    " -x, --exact               match exactly with the command name\n"
    " -F, --pidfile <file>      read PIDs from file\n"
    " -L, --logpidfile          fail if PID file is not locked\n"
    " -r, --runstates <state>   match runstates [D,S,Z,...]\n"
    " -A, --ignore-ancestors    exclude our ancestors from results\n"
    " --cgroup <grp,...>        match by cgroup v2 names\n"
    " --ns <PID>                match the processes that belong to the same\n"
    "                           namespace as <pid>\n"
    " --nslist <ns,...>         list which namespaces will be considered for\n"
    "                           the --ns option.\n"
    "                           Available namespaces: ipc, mnt, net, pid, user, uts\n"
    "\n"
    " -h, --help     display this help and exit\n"
    " -V, --version  output version information and exit\n"
    "\n"
    "For more details see pgrep(1).\n";

/* a message opt.h already prefixed (glibc's getopt wording) */
static void warn_raw(const char *line)
{
	char buf[sizeof opt_err + 1];
	size_t n = strlen(line);

	memcpy(buf, line, n);
	buf[n] = '\n';
	write_all(2, buf, n + 1);
}

/* the parent of pid as /proc says, -1 if there is no such process */
static long pgrep_ppid(long pid)
{
	static struct proc_iter it;
	static int opened;
	struct proc p;

	if (!opened) {
		if (proc_open(&it, NULL, PROC_STAT) < 0)
			return -1;
		opened = 1;
	}
	return proc_get(&it, (pid_t)pid, 0, &p) ? p.ppid : -1;
}

/* ---- usage and messages ---- */

static void usage_text(const struct pg *g, const char *prog)
{
	static const char *const own[] = {
		[PGREP] = " -d, --delimiter <string>  specify output delimiter\n"
		    " -l, --list-name           list PID and process name\n"
		    " -a, --list-full           list PID and full command line\n"
		    " -v, --inverse             negates the matching\n"
		    " -w, --lightweight         list all TID\n",
		[PKILL] = " -<sig>, --signal <sig>    signal to send (either number or name)\n"
		    " -q, --queue <value>       integer value to be sent with the signal\n"
		    " -e, --echo                display what is killed\n",
		[PIDWAIT] = " -e, --echo                display PIDs before waiting\n",
	};

	out_str("\nUsage:\n ");
	out_str(prog);
	out_str(" [options] <pattern>\n\nOptions:\n");
	out_str(own[g->mode]);
	out_str(pgrep_common_help);
}

/* procps's usage(): --help (and -i -i) on stdout with 0, errors on
 * stderr with 2 */
static _Noreturn void usage(const struct pg *g, int err)
{
	if (err) {
		out_flush();
		out_fd = 2;
	}
	usage_text(g, qb_prog);
	xexit(err ? EXIT_USAGE : 0);
}

/* procps's xerrx with its "Try `PROG --help'" second line */
static _Noreturn void die_try(int code, const char *what)
{
	die(code, "%s\nTry `%s --help' for more information.", what, qb_prog);
}

/* ---- lists ---- */

/* procps strict_atol: optional sign, digits only ("" is 0) */
static int strict_long(const char *s, long *v)
{
	long r = 0, sign = 1;

	if (*s == '+')
		s++;
	else if (*s == '-')
		s++, sign = -1;
	for (; *s; s++) {
		if (!isdigit((unsigned char)*s) || r >= LONG_MAX / 10)
			return 0;
		r *= 10;
		if (r >= LONG_MAX - (*s - '0'))
			return 0;
		r += *s - '0';
	}
	*v = sign * r;
	return 1;
}

enum { L_UID, L_GID, L_PGRP, L_SID, L_NUM };

/* one element of a numeric list option; 0 and a warning when bad */
static int conv(int kind, const char *s, long *v)
{
	static const char *const what[] = {
		[L_UID] = "invalid user name", [L_GID] = "invalid group name",
		[L_PGRP] = "invalid process group", [L_SID] = "invalid session id",
		[L_NUM] = "not a number",
	};
	struct passwd *pw;
	struct group *gr;

	if (strict_long(s, v)) {
		if (kind == L_PGRP && !*v)
			*v = getpgrp();
		if (kind == L_SID && !*v)
			*v = getsid(0);
		return 1;
	}
	if (kind == L_UID && (pw = getpwnam(s)))
		return *v = pw->pw_uid, 1;
	if (kind == L_GID && (gr = getgrnam(s)))
		return *v = gr->gr_gid, 1;
	warn("%s: %s", what[kind], s);
	return 0;
}

/* split "a,b" (an empty element is "", kept); calls f per element.
 * An empty string is a usage error, a bad element exits 2 silently
 * (conv warned). The list replaces the one given before. */
static void split(struct pg *g, const char *arg, void (*f)(struct pg *, const char *, void *),
    void *to)
{
	char *copy, *p, *sep;

	if (!*arg)
		usage(g, 1);
	copy = xstrdup(arg);
	for (p = copy;; p = sep + 1) {
		sep = strchr(p, ',');
		if (sep)
			*sep = 0;
		f(g, p, to);
		if (!sep)
			break;
	}
	free(copy);
}

struct numlist { struct sel_list *l; int kind; };

static void add_num(struct pg *g, const char *s, void *to)
{
	struct numlist *nl = to;
	long v;

	(void)g;
	if (!conv(nl->kind, s, &v))
		xexit(EXIT_USAGE);
	if (sel_add(nl->l, v))
		die(EXIT_FATAL, "out of memory");
}

static void num_list(struct pg *g, const char *arg, struct sel_list *l, int kind)
{
	struct numlist nl = { l, kind };

	l->n = 0;
	split(g, arg, add_num, &nl);
	g->criteria++;
}

/* -t names as procps prints them: "pts/3", "tty1", "?"; what cannot be
 * such a name ("/dev/pts/3", unknown) matches nothing */
static void add_tty(struct pg *g, const char *s, void *to)
{
	unsigned nr;
	long long v = -1;

	(void)g;
	if (strncmp(s, "/dev/", 5) && strcmp(s, "-") && !proc_tty_parse(s, &nr))
		v = nr;
	if (sel_add(to, v))
		die(EXIT_FATAL, "out of memory");
}

static void add_str(struct pg *g, const char *s, void *to)
{
	(void)to;
	g->cgroup = xrealloc(g->cgroup, (g->ncgroup + 2) * sizeof *g->cgroup);
	g->cgroup[g->ncgroup++] = xstrdup(s);
	g->cgroup[g->ncgroup] = 0;
}

/* --nslist: every element resets the set, so the last one counts
 * (procps 4.0.2); an unknown name exits 2 without a word */
static void add_ns(struct pg *g, const char *s, void *to)
{
	int i;

	(void)to;
	g->nsflags = 0;
	for (i = 0; i < NS_COUNT && strcmp(s, ns_names[i]); i++)
		;
	if (i == NS_COUNT)
		xexit(EXIT_USAGE);
	g->nsflags = 1 << i;
}

/* -A: our parent, its parent, ... up to (and with) 0 */
static void ancestors(struct pg *g)
{
	long pid = getppid();

	g->anc.n = 0;
	if (sel_add(&g->anc, pid))
		die(EXIT_FATAL, "out of memory");
	while (pid > 0) {
		pid = pgrep_ppid(pid);
		if (pid < 0)
			break;
		sel_add(&g->anc, pid);
	}
}

/* ---- signals (procps signal_name_to_number) ---- */

/* procps as built on glibc, whose SIGRTMIN is 34; musl's is 35, which
 * would shift RTMIN+n and the number range in the static build */
#define PS_RTMIN 34

/* a name (SIG optional, any case) or number 0..127-PS_RTMIN, else -1 */
static int pgrep_signum(const char *name)
{
	long off = 0, v;
	char *end;
	int s;

	if (!strncasecmp(name, "SIG", 3))
		name += 3;
	/* sig.h's table, without what it adds to procps's: RTMAX forms, RT
	 * offsets (below) and a second "SIG" */
	if (strncasecmp(name, "RT", 2) && strncasecmp(name, "SIG", 3) && *name &&
	    !isdigit((unsigned char)*name) && (s = sig_from_name(name)) >= 0)
		return s;
	if (!strcasecmp(name, "RTMIN"))
		return PS_RTMIN;
	if (!strncasecmp(name, "RTMIN+", 6))
		name += 6, off = PS_RTMIN;
	v = strtol(name, &end, 10);
	if (*end || end == name || v < 0 || v + PS_RTMIN > 127)
		return -1;
	return (int)(v + off);
}

/* pkill: the first argument "-SIG" anywhere is the signal; removed */
static int signal_prescan(int *argc, char **argv)
{
	int i, s;

	for (i = 1; i < *argc; i++) {
		if (argv[i][0] != '-' || (s = pgrep_signum(argv[i] + 1)) < 0)
			continue;
		memmove(argv + i, argv + i + 1, sizeof *argv * (*argc - i));
		(*argc)--;
		return s;
	}
	return -1;
}

/* ---- option callback ---- */

static void exclusive(struct pg *g)
{
	if (g->oldest | g->negate | g->newest)
		usage(g, 1);
}

static int on_list_opt(struct pg *g, int id, char *v)
{
	switch (id) {
	case O_PGRP: num_list(g, v, &g->sel.pgrp, L_PGRP); break;
	case O_GROUP: num_list(g, v, &g->sel.rgid, L_GID); break;
	case O_PARENT: num_list(g, v, &g->sel.ppid, L_NUM); break;
	case O_SESSION: num_list(g, v, &g->sel.sid, L_SID); break;
	case O_EUID: num_list(g, v, &g->sel.euid, L_UID); break;
	case O_UID: num_list(g, v, &g->sel.ruid, L_UID); break;
	case O_TERM:
		g->sel.tty.n = 0;
		split(g, v, add_tty, &g->sel.tty);
		g->criteria++;
		break;
	case O_CGROUP:
		g->ncgroup = 0;
		split(g, v, add_str, 0);
		g->criteria++;
		break;
	case O_NSLIST: split(g, v, add_ns, 0); break;
	default: return 0;
	}
	return 1;
}

static int on_opt(void *ctx, int id, char *v)
{
	struct pg *g = ctx;

	if (on_list_opt(g, id, v))
		return 0;
	switch (id) {
	case OPT_OPERAND:
		if (!g->npat++)
			g->pattern = v;
		break;
	case O_SIGNAL:
		g->sig = pgrep_signum(v);
		if (g->sig == -1 && isdigit((unsigned char)v[0]))
			g->sig = atoi(v);
		break;
	case O_ECHO: g->echo = 1; break;
	case O_PIDFILE: g->pidfile = v, g->criteria++; break;
	case O_LOCK: g->lock = 1; break;
	case O_VERSION:
		out_str(qb_prog);
		out_str(" from procps-ng 4.0.2\n");
		xexit(0);
	case O_COUNT: g->count = 1; break;
	case O_DELIM: g->delim = v; break;
	case O_FULL: g->full = 1; break;
	case O_ICASE:
		if (g->icase)
			usage(g, 0);
		g->icase = 1;
		break;
	case O_LNAME: g->lname = 1; break;
	case O_LFULL: g->lfull = 1; break;
	case O_ANC: ancestors(g); break;
	case O_NEWEST: exclusive(g), g->newest = 1, g->criteria++; break;
	case O_OLDEST: exclusive(g), g->oldest = 1, g->criteria++; break;
	case O_INVERSE: exclusive(g), g->negate = 1; break;
	case O_OLDER: g->older = atoi(v), g->criteria++; break;
	case O_LWP: g->threads = 1; break;
	case O_EXACT: g->exact = 1; break;
	case O_NS:
		/* procps's "if" swallows only -r's first line: a PID that
		 * reads as 0 becomes the run-state list */
		g->nspid = atoi(v);
		if (!g->nspid)
			g->runstates = v;
		g->criteria++;
		break;
	case O_RUNST: g->runstates = v, g->criteria++; break;
	case O_QUEUE: g->qval = atoi(v), g->queue = 1; break;
	case O_HELP: usage(g, 0);
	case O_QMARK: usage(g, 1);
	}
	return 0;
}

/* getopt_long as procps calls it: errors print glibc's line, then usage */
static void parse(struct pg *g, int argc, char **argv)
{
	static struct optdef defs[O_NOPTS + 1];
	struct optset os = { "", defs, OPT_GNU, 0 };
	int i;

	memcpy(defs, pg_defs, sizeof defs);
	for (i = 0; i < O_NOPTS; i++)
		if (defs[i].sname && !strchr(shorts[g->mode], defs[i].sname))
			defs[i].sname = 0;
	if (opt_parse(&os, argc, argv, on_opt, g)) {
		warn_raw(opt_err);
		usage(g, 1);
	}
	if (g->lock && !g->pidfile)
		die_try(EXIT_USAGE, "-L without -F makes no sense");
	if (g->pidfile) {
		int pid;

		if (pidfile_read(g->pidfile, g->lock, &pid))
			die_try(1, "pidfile not valid");
		g->pfpid = pid;
	}
	if (g->npat > 1)
		die_try(EXIT_USAGE, "only one pattern can be provided");
	if (!g->npat && !g->criteria)
		die_try(EXIT_USAGE, "no matching criteria specified");
}

/* ---- selection ---- */

#define CMDMAX (128 * 1024)  /* procps reads at most this much cmdline */

/* the name as procps shows it: the escaped comm */
static const char *comm_str(const struct pg *g, const struct proc *p)
{
	static char buf[sizeof p->comm];
	size_t n = p->comm_len < sizeof buf - 1 ? p->comm_len : sizeof buf - 1;

	memcpy(buf, p->comm, n);
	buf[n] = 0;
	n = strlen(buf);
	if (esc_needed(buf, n))
		esc_inplace(buf, n, g->utf8);
	return buf;
}

/* the run state, read only for the few processes without a command line
 * (zombies, kernel threads): asking the reader for stat on every process
 * made pgrep -f 30% slower (18.3 vs 14 ms at 1100 processes) */
static char state(struct proc_iter *it, const struct proc *p)
{
	size_t len;
	char *s, *e;

	if (p->have & PROC_STAT)
		return p->state;
	s = proc_file(it, p, "stat", &len);
	e = s ? strrchr(s, ')') : 0;
	return e && e[1] == ' ' ? e[2] : 0;
}

/* the command line as procps shows it: NULs and newlines become blanks
 * (trailing NULs dropped, then one trailing blank), the rest escaped;
 * nothing at all: "[comm]", plus " <defunct>" for a zombie */
static const char *cmd_str(const struct pg *g, struct proc_iter *it,
    const struct proc *p)
{
	static char *buf;
	size_t n = p->cmdline_len, i;

	if (!buf)
		buf = xmalloc(CMDMAX + 16 + sizeof p->comm);
	if (!n) {
		snprintf(buf, CMDMAX, "[%s]%s", comm_str(g, p),
		    state(it, p) == 'Z' ? " <defunct>" : "");
		return buf;
	}
	if (n > CMDMAX - 1)
		n = CMDMAX - 1;
	memcpy(buf, p->cmdline, n);
	for (i = n; i && !buf[i - 1]; i--)
		;
	while (i--)
		if (!buf[i] || buf[i] == '\n')
			buf[i] = ' ';
	if (buf[n - 1] == ' ')
		buf[n - 1] = 0;
	buf[n] = 0;
	n = strlen(buf);
	if (esc_needed(buf, n))
		esc_inplace(buf, n, g->utf8);
	return *buf ? buf : "?";
}

static int match(void *ctx, struct proc_iter *it, const struct proc *p)
{
	struct pg *g = ctx;

	/* the engine asks only when every other criterion held: exactly
	 * when procps refills its name buffer (see act) */
	if (g->echo && !g->lname && !g->lfull)
		snprintf(g->shown, sizeof g->shown, "%s", comm_str(g, p));
	return pat_match(&g->re, g->full ? cmd_str(g, it, p) : comm_str(g, p))
	    ? 0 : -1;
}

/* procps compares /proc/PID/ns/NAME inodes, 0 when unreadable */
static void ns_read(long pid, unsigned long long ino[NS_COUNT])
{
	char path[64];
	struct stat st;
	int i;

	for (i = 0; i < NS_COUNT; i++) {
		snprintf(path, sizeof path, "/proc/%ld/ns/%s", pid, ns_names[i]);
		ino[i] = stat(path, &st) ? 0 : st.st_ino;
	}
}

static int ns_same(const struct pg *g, const struct proc *p)
{
	unsigned long long ino[NS_COUNT];
	int i;

	ns_read(p->tid, ino);
	for (i = 0; i < NS_COUNT; i++)
		if ((g->nsflags & 1 << i) && ino[i] != g->nsref[i])
			return 0;
	return 1;
}

/* whole seconds since start, as procps computes them */
static int elapsed(struct proc_iter *it, const struct proc *p)
{
	static unsigned long long now;
	static long hz;

	if (!hz) {
		now = proc_now_ticks(it);
		hz = sysconf(_SC_CLK_TCK);
	}
	return now > p->start ? (int)((double)(now - p->start) / hz) : 0;
}

/* cgroup v2 lines "0::PATH" (lines end at '\n' or NUL; an empty one
 * ends the list, as in procps) against the --cgroup names */
static int cgroup_ok(const struct pg *g, struct proc_iter *it, const struct proc *p)
{
	size_t len, i;
	char *s = proc_file(it, p, "cgroup", &len), *e;
	int k;

	if (!s)
		return 0;
	for (i = 0; i < len; i = (size_t)(e - s) + 1) {
		e = s + i + strcspn(s + i, "\n");
		if (e == s + i)
			return 0;
		*e = 0;
		if (!strncmp(s + i, "0::", 3))
			for (k = 0; k < g->ncgroup; k++)
				if (!strcmp(s + i + 3, g->cgroup[k]))
					return 1;
	}
	return 0;
}

static int keep(void *ctx, struct proc_iter *it, const struct proc *p)
{
	struct pg *g = ctx;

	if (g->pfpid && p->pid != g->pfpid)
		return 0;
	if (g->nspid && !ns_same(g, p))
		return 0;
	if (g->older && elapsed(it, p) < g->older)
		return 0;
	/* -t ends procps's chain of tests: no -r, no --cgroup after it */
	if (g->cgroup && !g->sel.tty.n && !cgroup_ok(g, it, p))
		return 0;
	return 1;
}

/* pkill: a pidfd taken while the process is known to match, so a PID
 * reused before the kill is never hit; -2 marks "gone already". Threads
 * and a full fd table fall back to kill(2), as procps always does. */
static void hold(struct hit *h, struct proc_iter *it)
{
	struct ptarget t;

	h->err = 0;
	if (pid_open(&t, (pid_t)h->pid, proc_anchor(it))) {
		h->err = errno;
		h->fd = errno == ESRCH ? -2 : -1;
	} else {
		h->fd = t.fd;
		if (t.fd < 0)       /* no pidfds on this kernel */
			h->err = ENOSYS;
	}
}

static int act(void *ctx, struct proc_iter *it, const struct proc *p, int pat)
{
	struct pg *g = ctx;
	struct hit *h;

	(void)it, (void)pat;
	if (g->nhits == g->caphits) {
		g->caphits = g->caphits ? 2 * g->caphits : 64;
		g->hits = xrealloc(g->hits, g->caphits * sizeof *g->hits);
	}
	h = &g->hits[g->nhits++];
	h->pid = p->tid;
	h->str = 0;
	h->fd = -1;
	if ((g->mode == PKILL && !g->queue) || g->mode == PIDWAIT)
		hold(h, it);
	/* procps keeps one output buffer: the command line for -a, the name
	 * for -l; else (pkill -e, pidwait -e) the name of the last process
	 * that passed every criterion before the pattern, which with -v may
	 * be an earlier one, and is still empty without a pattern */
	if (g->lfull)
		h->str = xstrdup(cmd_str(g, it, p));
	else if (g->lname)
		h->str = xstrdup(comm_str(g, p));
	else if (g->echo)
		h->str = xstrdup(g->shown);
	return 0;
}

/* is the locale (LC_ALL, else LC_CTYPE, else LANG) more than C/POSIX?
 * Only then is setlocale worth its cost (it maps locale files) */
static int locale_set(void)
{
	const char *v = getenv("LC_ALL");

	if (!v || !*v)
		v = getenv("LC_CTYPE");
	if (!v || !*v)
		v = getenv("LANG");
	return v && *v && strcmp(v, "C") && strcmp(v, "POSIX");
}

/* procps prints glibc's regerror() text; other libcs (musl in the static
 * build) word theirs differently, so give their codes glibc's words */
static void regex_text(int rc, const struct pat *re, char *buf, size_t cap)
{
#ifdef __GLIBC__
	pat_error(rc, re, buf, cap);
#else
	static const struct { int code; const char *text; } t[] = {
		{REG_BADPAT, "Invalid regular expression"},
		{REG_ECOLLATE, "Invalid collation character"},
		{REG_ECTYPE, "Invalid character class name"},
		{REG_EESCAPE, "Trailing backslash"},
		{REG_ESUBREG, "Invalid back reference"},
		{REG_EBRACK, "Unmatched [, [^, [:, [., or [="},
		{REG_EPAREN, "Unmatched ( or \\("},
		{REG_EBRACE, "Unmatched \\{"},
		{REG_BADBR, "Invalid content of \\{\\}"},
		{REG_ERANGE, "Invalid range end"},
		{REG_ESPACE, "Memory exhausted"},
		{REG_BADRPT, "Invalid preceding regular expression"},
	};
	size_t i;

	for (i = 0; i < sizeof t / sizeof *t; i++)
		if (t[i].code == rc) {
			snprintf(buf, cap, "%s", t[i].text);
			return;
		}
	pat_error(rc, re, buf, cap);
#endif
}

/* pat.h matches plain names (and -x's "^(name)$") without regexec:
 * musl's regexec cost ~10 µs a call (docs/pgrep.md, Performance) */
static void compile(struct pg *g)
{
	const char *re = g->pattern;
	char err[256];
	int rc;

	if (g->exact) {
		g->rebuf = xmalloc(strlen(g->pattern) + 5);
		sprintf(g->rebuf, "^(%s)$", g->pattern);
		re = g->rebuf;
	}
	rc = pat_compile(&g->re, re, g->icase);
	if (rc) {
		regex_text(rc, &g->re, err, sizeof err);
		die(EXIT_USAGE, "regex error: %s", err);
	}
}

static void setup(struct pg *g)
{
	struct sel *s = &g->sel;

	g->utf8 = 0;
	if (locale_set()) {
		setlocale(LC_ALL, "");
		g->utf8 = esc_utf8_locale();
	}
	if (g->pattern) {
		compile(g);
		s->match = match;
		s->need |= g->full ? PROC_CMDLINE | PROC_COMM : PROC_COMM;
	}
	if (g->nspid < 0)
		die(EXIT_FATAL, "Error reading reference namespace information\n");
	if (g->nspid)
		ns_read(g->nspid, g->nsref);
	if (g->lname || g->echo)
		s->need |= PROC_COMM;
	if (g->lfull)
		s->need |= PROC_CMDLINE | PROC_COMM;
	if (g->older)
		s->need |= PROC_STAT;
	if (!s->tty.n)
		s->states = g->runstates;
	s->exclude = g->anc;
	s->invert = g->negate;
	s->pick = g->newest ? SEL_NEWEST : g->oldest ? SEL_OLDEST : SEL_ALL;
	s->threads = g->threads;
	if (g->pfpid || g->nspid || g->older || g->cgroup)
		s->keep = keep;
	s->act = act;
	s->ctx = g;
}

static void select_procs(struct pg *g)
{
	setup(g);
	if (sel_run(&g->sel) == -1)
		die(EXIT_FATAL, "cannot read /proc:");
	if (!g->nhits && !g->full && g->pattern && strlen(g->pattern) > 15)
		warn("pattern that searches for process name longer than 15 "
		    "characters will result in zero matches\n"
		    "Try `%s -f' option to match against the complete command line.",
		    qb_prog);
}

/* ---- actions ---- */

static int print_hits(struct pg *g)
{
	size_t i;

	if (g->count) {
		out_ull(g->nhits);
		out_char('\n');
		return !g->nhits;
	}
	for (i = 0; i < g->nhits; i++) {
		out_ll(g->hits[i].pid);
		if (g->lname || g->lfull) {
			out_char(' ');
			out_str(g->hits[i].str);
		}
		out_str(i + 1 == g->nhits ? "\n" : g->delim);
	}
	return !g->nhits;
}

static int send(const struct pg *g, const struct hit *h)
{
	union sigval v = { .sival_int = g->qval };
	struct ptarget t = { .pid = (pid_t)h->pid, .fd = h->fd };

	if (g->queue)
		return sigqueue((pid_t)h->pid, g->sig, v);
	if (h->fd == -2) {
		errno = ESRCH;
		return -1;
	}
	return pid_signal(&t, g->sig);
}

static int kill_hits(struct pg *g)
{
	size_t i, killed = 0;

	for (i = 0; i < g->nhits; i++) {
		if (send(g, &g->hits[i]) != -1) {
			if (g->echo) {
				out_str(g->hits[i].str);
				out_str(" killed (pid ");
				out_ll(g->hits[i].pid);
				out_str(")\n");
			}
			killed++;
		} else if (errno != ESRCH) {  /* gone now, which is OK */
			warn("killing pid %ld failed:", g->hits[i].pid);
		}
	}
	if (g->count) {
		out_ull(g->nhits);
		out_char('\n');
	}
	return !killed;
}

/* poll the pidfds until every one has reported its process's exit */
static size_t wait_fds(struct pollfd *fds, size_t n)
{
	size_t done = 0, i;

	while (done < n) {
		if (poll(fds, n, -1) < 0) {
			if (errno != EINTR)
				die(EXIT_FATAL, "poll failed:");
			continue;
		}
		for (i = 0; i < n; i++)
			if (fds[i].fd >= 0 && fds[i].revents) {
				close(fds[i].fd);
				fds[i].fd = -1;
				done++;
			}
	}
	return done;
}

static int wait_hits(struct pg *g)
{
	struct pollfd *fds = xmalloc((g->nhits + 1) * sizeof *fds);
	size_t i, n = 0;

	if (g->count) {
		out_ull(g->nhits);
		out_char('\n');
	}
	/* the pidfds were opened as each process matched (act), so a PID
	 * reused since is never waited for; report as procps does here */
	for (i = 0; i < g->nhits; i++) {
		const struct hit *h = &g->hits[i];

		if (g->echo) {
			out_str("waiting for ");
			out_str(h->str);
			out_str(" (pid ");
			out_ll(h->pid);
			out_str(")\n");
		}
		if (h->fd < 0) {
			errno = h->err;
			if (errno == ENOSYS)
				die(1, "pidfd_open() not implemented in Linux < 5.3");
			if (errno != ESRCH)
				warn("opening pid %ld failed:", h->pid);
			continue;
		}
		fds[n].fd = h->fd;
		fds[n++].events = POLLIN;
	}
	out_flush();
	return !wait_fds(fds, n);
}

/* ---- program entries ---- */

static int run(int mode, int argc, char **argv)
{
	static struct pg g;

	g.mode = mode;
	g.sig = SIGTERM;
	g.delim = "\n";
	g.nsflags = 0x3f;
	qb_fatal = EXIT_FATAL;
	if (ENABLE_PKILL && mode == PKILL) {
		int s = signal_prescan(&argc, argv);

		if (s >= 0)
			g.sig = s;
	}
	parse(&g, argc, argv);
	select_procs(&g);
	/* constants from enabled.h: a build without pkill drops its code */
	if (ENABLE_PKILL && mode == PKILL)
		return kill_hits(&g);
	if (ENABLE_PIDWAIT && mode == PIDWAIT)
		return wait_hits(&g);
	return print_hits(&g);
}

int pgrep_main(int argc, char **argv)
{
	return ENABLE_PGREP ? run(PGREP, argc, argv) : 127;
}

int pkill_main(int argc, char **argv)
{
	return ENABLE_PKILL ? run(PKILL, argc, argv) : 127;
}

int pidwait_main(int argc, char **argv)
{
	return ENABLE_PIDWAIT ? run(PIDWAIT, argc, argv) : 127;
}

/* ---- pidof (procps-ng's, not sysvinit's) ---- */

enum { P_CHECKROOT, P_SINGLE, P_OMIT, P_SEP, P_QUIET, P_WORKERS, P_HELP,
       P_VERSION, P_SCRIPTS, P_NFS, P_M, P_QMARK, P_NOPTS };
static const struct optdef pidof_defs[P_NOPTS + 1] = {
	{"check-root", 'c', 0, 0, 0}, {"single-shot", 's', 0, 0, 0},
	{"omit-pid", 'o', OPT_VALUE, 0, 0}, {"separator", 'S', OPT_VALUE, 0, 0},
	{"quiet", 'q', 0, 0, 0}, {"with-workers", 'w', 0, 0, 0},
	{"help", 'h', 0, 0, 0}, {"version", 'V', 0, 0, 0},
	{"", 'x', 0, 0, 0}, {"", 'n', 0, 0, 0}, {"", 'm', 0, 0, 0},
	{"", '?', 0, 0, 0}, {0, 0, 0, 0, 0}
};

struct pof {
	int single, quiet, scripts, workers, utf8;
	char root[PATH_MAX];     /* -c as root: our root directory */
	int checkroot;
	const char *sep;
	struct sel_list omit;
	char **progs;
	int nprogs;
	struct sel_list *found;  /* per program, in /proc order */
};

static _Noreturn void pidof_usage(int err)
{
	if (err) {
		out_flush();
		out_fd = 2;
	}
	out_str("\nUsage:\n ");
	out_str(qb_prog);
	out_str(" [options] [program [...]]\n\nOptions:\n"
	    " -s, --single-shot         return one PID only\n"
	    " -c, --check-root          omit processes with different root\n"
	    " -q,                       quiet mode, only set the exit code\n"
	    " -w, --with-workers        show kernel workers too\n"
	    " -x                        also find shells running the named scripts\n"
	    " -o, --omit-pid <PID,...>  omit processes with PID\n"
	    /* sic: procps has no newline here, so no blank line follows */
	    " -S, --separator SEP       use SEP as separator put between PIDs\n"
	    " -h, --help     display this help and exit\n"
	    " -V, --version  output version information and exit\n"
	    "\nFor more details see pidof(1).\n");
	xexit(err ? 1 : 0);
}

/* -o: PIDs separated by any of ",;:", or %PPID; junk warns, goes on */
static void pidof_omit(struct pof *o, char *arg)
{
	char *tok, *end, *save = 0;

	for (tok = strtok_r(arg, ",;:", &save); tok; tok = strtok_r(0, ",;:", &save)) {
		long v;

		if (!strcmp(tok, "%PPID"))
			v = getppid(), end = tok + 5;
		else
			v = (pid_t)strtoul(tok, &end, 10);
		if (*end)
			warn("illegal omit pid value (%s)!\n", tok);
		else
			sel_add(&o->omit, v);
	}
}

static int pidof_opt(void *ctx, int id, char *v)
{
	struct pof *o = ctx;

	switch (id) {
	case OPT_OPERAND:
		o->progs[o->nprogs++] = v;
		break;
	case P_QUIET: o->quiet = 1; /* fall through */
	case P_SINGLE: o->single = 1; break;
	case P_OMIT: pidof_omit(o, v); break;
	case P_SCRIPTS: o->scripts = 1; break;
	case P_WORKERS: o->workers = 1; break;
	case P_CHECKROOT:
		if (geteuid() == 0) {
			ssize_t n = readlink("/proc/self/root", o->root, sizeof o->root - 1);

			o->root[n > 0 ? n : 0] = 0;
			o->checkroot = 1;
		}
		break;
	case P_SEP: o->sep = v; break;
	case P_VERSION:
		out_str(qb_prog);
		out_str(" from procps-ng 4.0.2\n");
		xexit(0);
	case P_HELP: pidof_usage(0);
	case P_QMARK: pidof_usage(1);
	}
	return 0;
}

static const char *base(const char *s)
{
	const char *r = s;

	for (; *s; s++)
		if (*s == '/')
			r = s + 1;
	return r;
}

/* a process as procps's pidof sees it */
struct pview {
	const char *comm;        /* escaped */
	const char *arg0, *arg1; /* argv split at NULs and newlines; arg1 NULL */
	char exe[PATH_MAX];
};

static int pidof_is(const struct pof *o, const char *prog, const struct pview *v)
{
	const char *pb = base(prog);

	if (!strcmp(prog, base(v->arg0)) || !strcmp(pb, v->arg0) ||
	    !strcmp(prog, v->arg0) || (o->workers && !strcmp(prog, v->comm)) ||
	    !strcmp(prog, base(v->exe)) || !strcmp(prog, v->exe))
		return 1;
	/* -x: a script runs as "interpreter script": its comm starts argv[1] */
	if (o->scripts && v->arg1 &&
	    !strncmp(v->comm, base(v->arg1), strlen(v->comm)) &&
	    (!strcmp(prog, base(v->arg1)) || !strcmp(pb, v->arg1) ||
	    !strcmp(prog, v->arg1)))
		return 1;
	/* a blank in argv[0]: setproctitle was here, trust the comm */
	return strchr(v->arg0, ' ') && !strcmp(prog, v->comm);
}

/* argv[0] and argv[1] the way procps splits /proc/PID/cmdline: at NULs
 * and newlines; an empty command line reads as "-" */
static void pidof_args(struct pview *v, struct proc *p)
{
	char *s = p->cmdline, *e = s + p->cmdline_len, *q;

	v->arg1 = 0;
	if (!p->cmdline_len) {
		v->arg0 = "";  /* "-" with the login-shell dash dropped */
		return;
	}
	for (q = s; q < e; q++)
		if (*q == '\n')
			*q = 0;
	v->arg0 = s + (*s == '-');
	q = s + strlen(s) + 1;
	if (q < e)
		v->arg1 = q;
}

static void pidof_scan(struct pof *o)
{
	static struct proc_iter it;
	static struct pview v;
	struct proc p;
	char cbuf[sizeof p.comm];
	int i;

	if (proc_open(&it, NULL, PROC_COMM | PROC_CMDLINE) < 0)
		return;
	while (proc_next(&it, &p) > 0) {
		if (o->checkroot) {
			char r[PATH_MAX];
			ssize_t n = proc_link(&it, &p, "root", r, sizeof r);

			if (strcmp(o->root, n > 0 ? r : ""))
				continue;
		}
		if (sel_has(&o->omit, p.pid))
			continue;
		memcpy(cbuf, p.comm, sizeof cbuf);
		cbuf[sizeof cbuf - 1] = 0;
		if (esc_needed(cbuf, strlen(cbuf)))
			esc_inplace(cbuf, strlen(cbuf), o->utf8);
		v.comm = cbuf;
		pidof_args(&v, &p);
		if (proc_link(&it, &p, "exe", v.exe, sizeof v.exe) < 0)
			v.exe[0] = 0;
		for (i = 0; i < o->nprogs; i++)
			if (pidof_is(o, o->progs[i], &v))
				sel_add(&o->found[i], p.pid);
	}
	proc_close(&it);
}

static int pidof_print(const struct pof *o)
{
	int i, first = 1, found = 0;

	for (i = 0; i < o->nprogs; i++) {
		size_t k = o->found[i].n;

		if (k)
			found = 1;
		while (k-- && !o->quiet) {
			if (!first)
				out_str(o->sep);
			first = 0;
			out_ll(o->found[i].v[k]);
			if (o->single)
				break;
		}
	}
	if (!o->quiet && found)
		out_char('\n');
	return !found;
}

int pidof_main(int argc, char **argv)
{
	static struct pof o;
	struct optset os = { "", pidof_defs, OPT_GNU, 0 };
	int i, n = 0;

	if (!ENABLE_PIDOF)
		return 127;
	o.sep = " ";
	o.progs = xmalloc((size_t)argc * sizeof *o.progs);
	if (opt_parse(&os, argc, argv, pidof_opt, &o)) {
		warn_raw(opt_err);
		pidof_usage(1);
	}
	for (i = 0; i < o.nprogs; i++)   /* procps skips empty names */
		if (*o.progs[i])
			o.progs[n++] = o.progs[i];
	o.nprogs = n;
	if (locale_set()) {
		setlocale(LC_ALL, "");
		o.utf8 = esc_utf8_locale();
	}
	o.found = xmalloc((size_t)(n + 1) * sizeof *o.found);
	memset(o.found, 0, (size_t)(n + 1) * sizeof *o.found);
	if (n)
		pidof_scan(&o);
	return pidof_print(&o);
}
