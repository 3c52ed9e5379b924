/* pgrep.c: the procps-ng 4.0.2 personalities pgrep, pkill, pidwait.
 *
 * Reads top to bottom, in procps's order: the option table and help
 * texts; parsing (getopt_long rules, per-program short options, long
 * options shared; procps's number and list conventions); the selection,
 * which is the process engine's (select.h) with procps's quirks asked for
 * by flag, the pattern matched against the escaped strings procps shows
 * (escape.h); then print / signal / wait (target.h). Newer procps options
 * (-H --env -Q) are here as extensions, recognised only in full. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "applets.h"
#include "lib/err.h"
#include "process/escape.h"
#include "libc/fmt.h"
#include "lib/ids.h"
#include "lib/loc.h"
#include "lib/num.h"
#include "lib/opt.h"
#include "lib/out.h"
#include "lib/pat.h"
#include "process/pidfile.h"
#include "process/proc.h"
#include "process/psnum.h"
#include "process/select.h"
#include "lib/sig.h"
#include "process/target.h"
#include "lib/vec.h"

enum { PGREP, PKILL, PIDWAIT };
enum { EXIT_USAGE = 2, EXIT_FATAL = 3 };

/* procps-ng 4.0.6's longopts, in its order (glibc lists ambiguities in
 * it); every one has a case in on_opt(): a new one without is a -Wswitch
 * error */
enum pgopt {
	O_OPERAND = OPT_OPERAND,
	O_SIGNAL, O_ANC, O_HANDLER, O_COUNT, O_CGROUP, O_DELIM, O_LNAME,
	O_LFULL, O_FULL, O_PGRP, O_GROUP, O_ICASE, O_NEWEST, O_OLDEST, O_OLDER,
	O_PID, O_PARENT, O_SESSION, O_TERM, O_EUID, O_UID, O_INVERSE, O_LWP,
	O_EXACT, O_PIDFILE, O_LOCK, O_ECHO, O_NS, O_NSLIST, O_QUEUE, O_QUIET,
	O_RUNST, O_ENV, O_QUOTE, O_MRELEASE, O_HELP, O_VERSION,
	O_QMARK, O_NOPTS
};

#define V OPT_VALUE
#define C OPT_CRIT
/* meta: OPT_CRIT marks what counts as a matching criterion */
static const struct optdef pg_defs[] = {
	[O_SIGNAL] = {OPT_TEXT("signal", "", ""), 0, V, 0},
	[O_ANC] = {OPT_TEXT("ignore-ancestors", "", ""), 'A', 0, 0},
	[O_HANDLER] = {OPT_TEXT("require-handler", "", ""), 'H', 0, C},
	[O_COUNT] = {OPT_TEXT("count", "", ""), 'c', 0, 0},
	[O_CGROUP] = {OPT_TEXT("cgroup", "", ""), 0, V, C},
	[O_DELIM] = {OPT_TEXT("delimiter", "", ""), 'd', V, 0},
	[O_LNAME] = {OPT_TEXT("list-name", "", ""), 'l', 0, 0},
	[O_LFULL] = {OPT_TEXT("list-full", "", ""), 'a', 0, 0},
	[O_FULL] = {OPT_TEXT("full", "", ""), 'f', 0, 0},
	[O_PGRP] = {OPT_TEXT("pgroup", "", ""), 'g', V, C},
	[O_GROUP] = {OPT_TEXT("group", "", ""), 'G', V, C},
	[O_ICASE] = {OPT_TEXT("ignore-case", "", ""), 'i', 0, 0},
	[O_NEWEST] = {OPT_TEXT("newest", "", ""), 'n', 0, C},
	[O_OLDEST] = {OPT_TEXT("oldest", "", ""), 'o', 0, C},
	[O_OLDER] = {OPT_TEXT("older", "", ""), 'O', V, C},
	[O_PID] = {OPT_TEXT("pid", "", ""), 'p', V, C},
	[O_PARENT] = {OPT_TEXT("parent", "", ""), 'P', V, C},
	[O_SESSION] = {OPT_TEXT("session", "", ""), 's', V, C},
	[O_TERM] = {OPT_TEXT("terminal", "", ""), 't', V, C},
	[O_EUID] = {OPT_TEXT("euid", "", ""), 'u', V, C},
	[O_UID] = {OPT_TEXT("uid", "", ""), 'U', V, C},
	[O_INVERSE] = {OPT_TEXT("inverse", "", ""), 'v', 0, 0},
	[O_LWP] = {OPT_TEXT("lightweight", "", ""), 'w', 0, 0},
	[O_EXACT] = {OPT_TEXT("exact", "", ""), 'x', 0, 0},
	[O_PIDFILE] = {OPT_TEXT("pidfile", "", ""), 'F', V, C},
	[O_LOCK] = {OPT_TEXT("logpidfile", "", ""), 'L', 0, 0},
	[O_ECHO] = {OPT_TEXT("echo", "", ""), 'e', 0, 0},
	[O_NS] = {OPT_TEXT("ns", "", ""), 0, V, C},
	[O_NSLIST] = {OPT_TEXT("nslist", "", ""), 0, V, 0},
	[O_QUEUE] = {OPT_TEXT("queue", "", ""), 'q', V, 0},
	[O_QUIET] = {OPT_TEXT("quiet", "", ""), 0, 0, 0},
	[O_RUNST] = {OPT_TEXT("runstates", "", ""), 'r', V, C},
	[O_ENV] = {OPT_TEXT("env", "", ""), 0, V, C},
	[O_QUOTE] = {OPT_TEXT("shell-quote", "", ""), 'Q', 0, 0},
	[O_MRELEASE] = {OPT_TEXT("mrelease", "", ""), 'm', 0, 0},
	[O_HELP] = {OPT_TEXT("help", "", ""), 'h', 0, 0},
	[O_VERSION] = {OPT_TEXT("version", "", ""), 'V', 0, 0},
	[O_QMARK] = {OPT_TEXT("", "", ""), '?', 0, 0},
	[O_NOPTS] = {0, 0, 0, 0},
};
#undef V
#undef C
_Static_assert(sizeof pg_defs / sizeof *pg_defs == O_NOPTS + 1,
    "one row of pg_defs per option of enum pgopt, then the end row");

/* each program's getopt string, without the ':' marks */
static const char *const shorts[] = {
	[PGREP] = "ladvwQ" "LFcfinoxPOAHgsuUGtr?Vhp",
	[PKILL] = "eqQm" "LFcfinoxPOAHgsuUGtr?Vhp",
	[PIDWAIT] = "e" "LFcfinoxPOAHgsuUGtr?Vhp",
};

#define CMDMAX (128 * 1024)  /* procps reads at most this much cmdline */

struct pg {
	int mode;
	int full, lname, lfull, oldest, newest, negate, exact, count, echo;
	int threads, lock, icase, criteria;
	int older, sig, queue, qval;
	long nspid;
	unsigned nsflags;
	const char *delim, *pidfile, *runstates, *pattern;
	int npat;
	struct sel sel;
	int handler, quote;  /* -H, -Q (newer procps, see docs) */
	int quiet, mrelease, pidlist; /* --quiet, -m, -p given (4.0.6) */
	struct pat re;       /* the pattern, or ^(pattern)$ for -x */
	char *rebuf;         /* -x's string: pat.h points into it */
	int utf8;            /* escape flavour (escape.h): ESC_NEW, ESC_UTF8 */
	/* the selected processes; text: what -l -a -e print */
	struct target *hits;
	size_t nhits, caphits;
	char shown[sizeof ((struct proc *)0)->comm]; /* -e's name buffer */
};

/* ---- usage and messages ---- */

/* the texts are procps-ng 4.0.6's as it prints them: scripts and users
 * compare them byte for byte */
static const char pgrep_common_help[] =
    " -c, --count               count of matching processes\n"
    " -f, --full                use full command line to match\n"
    " -g, --pgroup <PGID,...>   match listed process group IDs\n"
    " -G, --group <GID,...>     match real group IDs\n"
    " -i, --ignore-case         match case insensitively\n"
    " -n, --newest              select most recently started\n"
    " -o, --oldest              select least recently started\n"
    " -O, --older <seconds>     select where older than seconds\n"
    " -p, --pid <PID,...>       match process PIDs\n"
    " -P, --parent <PPID,...>   match only child processes of the given parent\n"
    " -s, --session <SID,...>   match session IDs\n"
    "     --signal <sig>        signal to send (either number or name)\n"
    " -t, --terminal <tty,...>  match by controlling terminal\n"
    " -u, --euid <ID,...>       match by effective IDs\n"
    " -U, --uid <ID,...>        match by real IDs\n"
    " -x, --exact               match exactly with the command name\n"
    " -F, --pidfile <file>      read PIDs from file\n"
    " -L, --logpidfile          fail if PID file is not locked\n"
    " -r, --runstates <state>   match runstates [D,S,Z,...]\n"
    " -A, --ignore-ancestors    exclude our ancestors from results\n"
    " -Q, --shell-quote         output the command line in shell-quoted form\n"
    " --cgroup <grp,...>        match by cgroup v2 names\n"
    " --ns <PID>                match the processes that belong to the same\n"
    "                           namespace as <pid>\n"
    " --nslist <ns,...>         list which namespaces will be considered for\n"
    "                           the --ns option.\n"
    "                           Available namespaces: ipc, mnt, net, pid, user, uts\n"
    "  --env <name=val,...>     match on environment variable\n"
    "\n";

static void usage_text(const struct pg *g, const char *prog)
{
	static const char *const own[] = {
		[PGREP] = " -d, --delimiter <string>  specify output delimiter\n"
		    " -l, --list-name           list PID and process name\n"
		    " -a, --list-full           list PID and full command line\n"
		    "     --quiet               suppress all normal output\n"
		    " -v, --inverse             negates the matching\n"
		    " -w, --lightweight         list all TID\n",
		[PKILL] = " -<sig>                    signal to send (either number or name)\n"
		    " -H, --require-handler     match only if signal handler is present\n"
		    " -q, --queue <value>       integer value to be sent with the signal\n"
		    " -e, --echo                display what is killed\n"
		    " -m, --mrelease            release process memory immediately after kill\n",
		[PIDWAIT] = " -e, --echo                display PIDs before waiting\n",
	};

	out_str("\nUsage:\n ");
	out_str(prog);
	out_str(" [options] <pattern>\n\nOptions:\n");
	out_str(own[g->mode]);
	out_str(pgrep_common_help);
	/* the same literal as pidof's: one copy in the whole binary */
	out_str(" -h, --help     display this help and exit\n"
	    " -V, --version  output version information and exit\n"
	    "\nFor more details see ");
	out_str("pgrep(1).\n");
}

/* procps's usage(): --help (and -i -i) on stdout with 0, errors on
 * stderr with 2 */
static _Noreturn void usage_after(const struct pg *g, int err,
    const char *pre, const char *val, const char *post)
{
	if (err) {
		out_flush();
		out_fd = 2;
	}
	out_str(pre);
	out_str(val);
	out_str(post);
	usage_text(g, qb_prog);
	xexit(err ? EXIT_USAGE : 0);
}

#define usage(g, err) usage_after(g, err, "", "", "")

/* procps's xerrx with its "Try `PROG --help'" second line */
static _Noreturn void die_try(int code, const char *what)
{
	die(code, "%s\nTry `%s --help' for more information.", what, qb_prog);
}

/* ---- signals (procps signal_name_to_number) ---- */

/* procps-ng 4.0.5+: a number (strtol's blanks and sign; nothing after it)
 * in 0..INT_MAX, or a name, SIG optional, any case, RTMIN+n / RTMAX-n
 * inside the real-time range; EXIT and NULL are no longer names. -1 else */
static int signum(const char *name)
{
	const char *end, *p = name;
	unsigned long v = ps_strtoul(name, &end);

	/* 0..INT_MAX whatever a long's width: procps refuses strtol's
	 * ERANGE and a negative value alike (-0 is 0) */
	while (isspace((unsigned char)*p))
		p++;
	if (end != name)
		return *end || v > INT_MAX || (*p == '-' && v) ? -1 : (int)v;
	if (!strncasecmp(name, "SIG", 3))
		name += 3;
	/* sig.h's table, without its second "SIG" and its EXIT/NULL */
	if (!strncasecmp(name, "SIG", 3) || !strcasecmp(name, "EXIT") ||
	    !strcasecmp(name, "NULL"))
		return -1;
	return sig_from_name(name);
}

/* pkill: the first argument "-SIG" anywhere is the signal; removed */
static int signal_prescan(int *argc, char **argv)
{
	int i, s;

	for (i = 1; i < *argc; i++) {
		if (argv[i][0] != '-' || (s = signum(argv[i] + 1)) < 0)
			continue;
		memmove(argv + i, argv + i + 1, sizeof *argv * (size_t)(*argc - i));
		(*argc)--;
		return s;
	}
	return -1;
}

/* ---- list arguments: -u -U -G -P -g -s -t --cgroup --env --nslist ---- */

enum { L_UID, L_GID, L_PGRP, L_SID, L_NUM };

/* one element of a numeric list option; 0 and a warning when bad */
static int conv(int kind, const char *s, long *v)
{
	static const char *const what[] = {
		[L_UID] = "invalid user name", [L_GID] = "invalid group name",
		[L_PGRP] = "invalid process group", [L_SID] = "invalid session id",
		[L_NUM] = "not a number",
	};
	uid_t u;
	gid_t g;

	if (ps_strict_long(s, v)) {
		if (kind == L_PGRP && !*v)
			*v = getpgrp();
		if (kind == L_SID && !*v)
			*v = getsid(0);
		return 1;
	}
	/* numbers are procps's (above): names only reach ids.h */
	if (kind == L_UID && !user_id(s, &u))
		return *v = (long)u, 1;
	if (kind == L_GID && !group_id(s, &g))
		return *v = (long)g, 1;
	warn("%s: %s", what[kind], s);
	return 0;
}

/* split "a,b" (an empty element is "", kept) and call f per element.
 * An empty string is a usage error, a bad element exits 2 silently
 * (conv warned). Each list replaces the one given before. */
typedef void elem_fn(struct pg *g, const char *s, void *to);

static void split(struct pg *g, const char *arg, elem_fn *f, void *to)
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
	sel_add(nl->l, v);
}

static void num_list(struct pg *g, const char *arg, struct sel_list *l, int kind)
{
	struct numlist nl = { l, kind };

	l->n = 0;
	split(g, arg, add_num, &nl);
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
	sel_add(to, v);
}

/* a string list: the last --cgroup / --env list */
static void add_cgroup(struct pg *g, const char *s, void *to)
{
	(void)to;
	sel_add_str(&g->sel.cgroup, xstrdup(s));
}

static void add_env(struct pg *g, const char *s, void *to)
{
	(void)to;
	sel_add_str(&g->sel.env, xstrdup(s));
}

/* --nslist: every element resets the set, so the last one counts
 * (procps 4.0.2); an unknown name exits 2 without a word */
static void add_ns(struct pg *g, const char *s, void *to)
{
	int i = proc_ns_index(s, strlen(s));

	(void)to;
	if (i < 0)
		xexit(EXIT_USAGE);
	g->nsflags = 1u << i;
}

/* -A: our parent, its parent, ... up to (and with) 0 */
static void ancestors(struct pg *g)
{
	pid_t v[4096];
	size_t n = tgt_chain(g->sel.path, getppid(), v, sizeof v / sizeof *v);

	g->sel.exclude.n = 0;
	sel_add(&g->sel.exclude, getppid());
	for (size_t i = 1; i < n; i++)
		sel_add(&g->sel.exclude, v[i]);
}

/* ---- parsing ---- */

static void exclusive(struct pg *g)
{
	if (g->oldest | g->negate | g->newest)
		usage(g, 1);
}

static int on_opt(void *ctx, int id, char *v)
{
	struct pg *g = ctx;

	if (id != OPT_OPERAND && (pg_defs[id].meta & OPT_CRIT))
		g->criteria++;
	switch ((enum pgopt)id) {
	case O_OPERAND:
		if (!g->npat++)
			g->pattern = v;
		break;
	case O_PGRP: num_list(g, v, &g->sel.pgrp, L_PGRP); break;
	case O_GROUP: num_list(g, v, &g->sel.rgid, L_GID); break;
	case O_PARENT: num_list(g, v, &g->sel.ppid, L_NUM); break;
	case O_SESSION: num_list(g, v, &g->sel.sid, L_SID); break;
	case O_EUID: num_list(g, v, &g->sel.euid, L_UID); break;
	case O_UID: num_list(g, v, &g->sel.ruid, L_UID); break;
	case O_TERM:
		g->sel.tty.n = 0;
		split(g, v, add_tty, &g->sel.tty);
		break;
	case O_CGROUP:
		g->sel.cgroup.n = 0;
		split(g, v, add_cgroup, 0);
		break;
	case O_NSLIST: split(g, v, add_ns, 0); break;
	case O_PID: num_list(g, v, &g->sel.tgid, L_NUM), g->pidlist = 1; break;
	case O_QUIET: g->quiet = 1; break;
	case O_MRELEASE: g->mrelease = 1; break;
	case O_ENV:          /* the last list wins, as procps's split_list */
		g->sel.env.n = 0;
		split(g, v, add_env, 0);
		break;
	case O_ECHO: g->echo = 1; break;
	case O_LOCK: g->lock = 1; break;
	case O_COUNT: g->count = 1; break;
	case O_FULL: g->full = 1; break;
	case O_ICASE:
		if (g->icase)
			usage(g, 0);
		g->icase = 1;
		break;
	case O_LNAME: g->lname = 1; break;
	case O_LFULL: g->lfull = 1; break;
	case O_ANC: ancestors(g); break;
	case O_NEWEST: exclusive(g), g->newest = 1; break;
	case O_OLDEST: exclusive(g), g->oldest = 1; break;
	case O_INVERSE: exclusive(g), g->negate = 1; break;
	case O_LWP: g->threads = 1; break;
	case O_HANDLER: g->handler = 1; break;
	case O_QUOTE: g->quote = 1; break;
	case O_EXACT: g->exact = 1; break;
	case O_SIGNAL:
		g->sig = signum(v);
		if (g->sig == -1 && isdigit((unsigned char)v[0]))
			g->sig = ps_atoi(v);
		else if (g->sig == -1)   /* 4.0.4: no longer ignored */
			usage_after(g, 1, "Unknown signal \"", v, "\".");
		break;
	case O_PIDFILE: g->pidfile = v; break;
	case O_DELIM: g->delim = v; break;
	case O_OLDER: g->older = ps_atoi(v); break;
	case O_NS:
		/* procps's "if" swallows only -r's first line: a PID that
		 * reads as 0 becomes the run-state list */
		g->nspid = ps_atoi(v);
		if (!g->nspid)
			g->runstates = v;
		break;
	case O_RUNST: g->runstates = v; break;
	case O_QUEUE: g->qval = ps_atoi(v), g->queue = 1; break;
	case O_VERSION:
		out_str(qb_prog);
		out_str(" from procps-ng 4.0.6\n");
		xexit(0);
	case O_HELP: usage(g, 0);
	case O_QMARK: usage(g, 1);
	case O_NOPTS: break;
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
		opt_err_print();   /* glibc's getopt wording */
		usage(g, 1);
	}
	if (g->lock && !g->pidfile)
		die_try(EXIT_USAGE, "-L without -F makes no sense");
	if (g->pidfile) {
		long pid;
		int rc;

		if (g->pidlist)
			die_try(1, "Cannot use pidfile and pid option together");
		rc = pidfile_read(g->pidfile, g->lock, &pid);
		if (rc == PIDFILE_EOPEN)
			die(1, "Unable to open pidfile:");
		/* procps's message carries a stale errno: "Success" when
		 * nothing failed before it, as under LC_ALL=C */
		if (rc == PIDFILE_ELOCK)
			die(1, "Locking check for pidfile failed: Success");
		if (rc)
			die_try(1, "pidfile not valid");
		g->sel.tgid.n = 0;
		sel_add(&g->sel.tgid, pid);
	}
	if (g->quiet && (g->lfull || g->lname))
		die(EXIT_USAGE, "Cannot use --quiet and -%s options together\n"
		    "Try `%s --help' for more information.",
		    g->lfull ? "a,--list-full" : "l,--list-name", qb_prog);
	if (g->npat > 1)
		die_try(EXIT_USAGE, "only one pattern can be provided");
	if (!g->npat && !g->criteria)
		die_try(EXIT_USAGE, "no matching criteria specified");
}

/* ---- names and command lines as procps shows them ---- */

/* the name: the escaped comm */
static const char *comm_str(const struct pg *g, const struct proc *p)
{
	static char buf[sizeof p->comm];

	esc_name(buf, sizeof buf, p->comm, p->comm_len, g->utf8);
	return buf;
}

/* the command line: NULs and newlines become blanks (trailing NULs
 * dropped, then one trailing blank), the rest escaped; nothing at all:
 * "[comm]", plus " <defunct>" for a zombie */
static const char *cmd_str(const struct pg *g, struct proc_iter *it,
    const struct proc *p)
{
	static char *buf;
	size_t n = p->cmdline_len;

	if (!buf)
		buf = xmalloc(CMDMAX + 16 + sizeof p->comm);
	if (!n) {
		fmt_snprintf(buf, CMDMAX, "[%s]%s", comm_str(g, p),
		    proc_state(it, p) == 'Z' ? " <defunct>" : "");
		return buf;
	}
	if (n > CMDMAX - 1)
		n = CMDMAX - 1;
	memcpy(buf, p->cmdline, n);
	n = esc_args(buf, n, ' ', ESC_ARGS_PS);
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
		fmt_snprintf(g->shown, sizeof g->shown, "%s", comm_str(g, p));
	return pat_match(&g->re, g->full ? cmd_str(g, it, p) : comm_str(g, p))
	    ? 0 : -1;
}

/* pat.h matches plain names (and -x's "^(name)$") without the regex
 * engine, with memcmp (docs/PERFORMANCE.md, "Process engine: instruction
 * counts") */
static void compile(struct pg *g)
{
	const char *re = g->pattern;
	char err[256];
	int rc;

	if (g->exact) {
		g->rebuf = xmalloc(strlen(g->pattern) + 5);
		fmt_snprintf(g->rebuf, strlen(g->pattern) + 5, "^(%s)$", g->pattern);
		re = g->rebuf;
	}
	rc = pat_compile(&g->re, re, g->icase);
	if (rc) {
		pat_error(rc, &g->re, err, sizeof err);  /* glibc's words */
		die(EXIT_USAGE, "regex error: %s", err);
	}
}

/* ---- the selection: recorded as it is found ---- */

/* -Q (procps-ng 4.0.6): -a quotes the raw argv words (none: "-"), the
 * others the escaped name, always the process's own (procps refills its
 * buffer for every process when quoting) */
static char *quoted(const struct pg *g, const struct proc *p)
{
	const char *s = comm_str(g, p);
	size_t n = strlen(s);
	char *r;

	if (g->lfull) {
		s = p->cmdline_len ? p->cmdline : "-";
		n = p->cmdline_len ? p->cmdline_len : 1;
	}
	if (!(r = esc_shell(s, n)))
		die(EXIT_FATAL, "out of memory");
	return r;
}

/* pkill and pidwait hold a pidfd taken while the process is known to
 * match, so a PID reused before the kill or wait is never hit. Threads
 * and a full fd table fall back to kill(2), as procps always does. */
static int holds(const struct pg *g)
{
	return g->mode != PGREP;
}

static int act(void *ctx, struct proc_iter *it, const struct proc *p, int pat)
{
	struct pg *g = ctx;
	/* procps signals a thread by its TID (-w): kill(2) of the TID */
	struct target h = {.pid = p->tid, .fd = -1, .tid_ok = 1};

	(void)pat;
	if (holds(g)) {
		tgt_hold(&h, g->sel.path, p->tid, proc_anchor(it));
		/* a refused pidfd_open (EPERM) says nothing of the target: a
		 * thread other than the leader gets EINVAL from a kernel that
		 * lets us ask, and cannot be waited for by polling either */
		if (h.fd < 0 && h.err == EPERM && p->tid != p->pid)
			h.err = EINVAL;
	}
	/* procps keeps one output buffer: the command line for -a, the name
	 * for -l; else (pkill -e, pidwait -e) the name of the last process
	 * that passed every criterion before the pattern, which with -v may
	 * be an earlier one, and is still empty without a pattern */
	if (g->quote && (g->lfull || g->lname || g->echo))
		h.text = quoted(g, p);
	else if (g->lfull)
		h.text = xstrdup(cmd_str(g, it, p));
	else if (g->lname)
		h.text = xstrdup(comm_str(g, p));
	else if (g->echo)
		h.text = xstrdup(g->shown);
	VEC_PUSH(g->hits, g->nhits, g->caphits, h);
	return 0;
}

/* the procps ways the engine has flags for, the criteria, the hooks */
static void setup(struct pg *g)
{
	struct sel *s = &g->sel;

	g->utf8 = loc_utf8() | ESC_NEW;  /* procps-ng 4.0.4+ escaping */
	if (g->pattern) {
		compile(g);
		s->match = match;
		s->need |= g->full ? PROC_CMDLINE | PROC_COMM : PROC_COMM;
	}
	if (g->lname || g->echo)
		s->need |= PROC_COMM;
	if (g->lfull)
		s->need |= PROC_CMDLINE | PROC_COMM;
	if (g->nspid < 0)
		die(EXIT_FATAL, "Error reading reference namespace information\n");
	s->quirks = SEL_Q_ENV_PREFIX | SEL_Q_NS_ZERO;
	s->ns_pid = (pid_t)g->nspid;
	s->nsmask = g->nsflags;
	/* whole seconds lived >= older, on the kernel's boot clock (procps
	 * 4.0.5+: CLOCK_BOOTTIME, an age never below 0); below 0 (and past
	 * an int, atoi's -1) every process passes */
	s->has_age = g->older != 0;
	if (g->older > 0)
		s->age = (long long)g->older * (long long)proc_hz() - 1;
	s->states = g->runstates;
	s->handler = g->handler;
	s->handler_sig = g->sig;
	s->invert = g->negate;
	s->pick = g->newest ? SEL_NEWEST : g->oldest ? SEL_OLDEST : SEL_ALL;
	s->threads = g->threads;
	if (holds(g))           /* the pidfd is opened on the anchor */
		s->need_act |= PROC_ANCHOR;
	s->act = act;
	s->ctx = g;
}

static void select_procs(struct pg *g)
{
	setup(g);
	if (sel_run_procps(&g->sel) == -1)
		die(EXIT_FATAL, "cannot read /proc:");
	/* 4.0.4: not for a pattern with '|' or '[', likely a regex */
	if (!g->nhits && !g->full && g->pattern && strlen(g->pattern) > 15 &&
	    !strpbrk(g->pattern, "|["))
		warn("pattern that searches for process name longer than 15 "
		    "characters will result in zero matches\n"
		    "Try `%s -f' option to match against the complete command line.",
		    qb_prog);
}

/* ---- print, signal, wait ---- */

/* procps prints each record (a PID and its delimiter, a -l/-a line, an -e
 * line, the count) with one printf into stdio's buffer of st_blksize
 * bytes: 4 KiB where a disk fills (ext4, xfs, tmpfs, /dev/full). A record
 * that overflows it flushes; when that write fails, the buffer is dropped
 * with the rest of the record. Only whether anything is still pending at
 * exit shows (the write error's reason), so that is what is kept. */
static struct { size_t pend, mark; int lost; } sio;

static void rec_done(void)
{
	sio.pend += out_bytes - sio.mark;
	sio.mark = out_bytes;
	if (sio.pend > 4096)
		sio.pend = 0, sio.lost = 1;
}

static int print(struct pg *g)
{
	size_t i;

	if (g->count) {
		out_ull(g->nhits);
		out_char('\n');
		rec_done();
		return !g->nhits;
	}
	for (i = 0; i < g->nhits && !g->quiet; i++) {
		out_ll(g->hits[i].pid);
		if (g->lname || g->lfull) {
			out_char(' ');
			out_str(g->hits[i].text);
		}
		out_str(i + 1 == g->nhits ? "\n" : g->delim);
		rec_done();
	}
	return !g->nhits;
}

static int send(const struct pg *g, const struct target *h)
{
	union sigval v = { .sival_int = g->qval };

	if (g->queue)
		return sigqueue(h->pid, g->sig, v);
	return tgt_signal(h, g->sig);
}

static int kill_all(struct pg *g)
{
	size_t i, killed = 0;
	int mfail = 0;

	for (i = 0; i < g->nhits; i++) {
		struct target *h = &g->hits[i];

		/* -m (4.0.6) needs the pidfd: procps gives up without one */
		if (g->mrelease && h->fd < 0) {
			errno = h->err;
			die(1, "pidfd_open for process %ld failed:", (long)h->pid);
		}
		if (send(g, h) != -1) {
			if (g->echo) {
				out_str(h->text);
				out_str(" killed (pid ");
				out_ll(h->pid);
				out_str(")\n");
				rec_done();
			}
			killed++;
			/* -m: the memory now, whatever the signal was (one that
			 * does not kill gets EINVAL, as in procps) */
			if (g->mrelease && tgt_mrelease(h) && errno != ESRCH) {
				warn("pid %ld killed, but process_mrelease failed:",
				    (long)h->pid);
				mfail = 1;
			}
		} else if (errno != ESRCH) {  /* gone now, which is OK */
			warn("killing pid %ld failed:", (long)h->pid);
		}
	}
	if (g->count) {
		out_ull(g->nhits);
		out_char('\n');
		rec_done();
	}
	return mfail || !killed;
}

/* -e's line, and whether h can be waited for. The pidfd was opened as
 * the process matched (act), so a PID reused since is never waited for;
 * report as procps does here. Without pidfd_open (ENOSYS) procps 4.0.2
 * gives up, and so do we; where a seccomp profile refuses it (EPERM)
 * the process is polled for instead (docs/pgrep.md) */
static int waitable(const struct pg *g, const struct target *h)
{
	if (g->echo) {
		out_str("waiting for ");
		out_str(h->text);
		out_str(" (pid ");
		out_ll(h->pid);
		out_str(")\n");
		rec_done();
	}
	if (h->fd >= 0)
		return 1;
	errno = h->err;
	if (errno == ENOSYS)
		die(1, "pidfd_open() not implemented in Linux < 5.3");
	if (errno == EPERM)
		return 1;   /* tgt_wait polls a target without a pidfd */
	if (errno != ESRCH)
		warn("opening pid %ld failed:", (long)h->pid);
	return 0;
}

static int wait_all(struct pg *g)
{
	size_t n = 0;

	if (g->count) {
		out_ull(g->nhits);
		out_char('\n');
		rec_done();
	}
	for (size_t i = 0; i < g->nhits; i++) {
		g->hits[i].done = !waitable(g, &g->hits[i]);
		n += !g->hits[i].done;
	}
	/* procps's stdio holds the lines until it exits, unless a terminal
	 * reads them (line buffered) */
	if (isatty(out_fd))
		out_flush();
	tgt_wait(g->hits, g->nhits, 1, 0, 0.04);
	return !n;
}

/* ---- program entries ---- */

static int run(int mode, int argc, char **argv)
{
	static struct pg g;
	int rc;

	g.mode = mode;
	g.sig = SIGTERM;
	g.delim = "\n";
	g.nsflags = 0x3f;  /* cgroup ipc mnt net pid time, as procps */
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
		rc = kill_all(&g);
	else if (ENABLE_PIDWAIT && mode == PIDWAIT)
		rc = wait_all(&g);
	else
		rc = print(&g);
	/* procps's stdio dropped what a failed flush held: with nothing
	 * left for fclose, close_stdout has no errno to tell */
	if (out_flush() && out_error != EPIPE && sio.lost && !sio.pend) {
		out_error = 0;
		warn("write error");
		return 1;
	}
	/* the status stays the selection's, nothing is said */
	out_flush_pipe_ok();
	return rc;
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
