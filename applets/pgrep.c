/* pgrep.c: the procps-ng 4.0.2 personalities pgrep, pkill, pidwait:
 * option table, help texts, parsing and the program entries.
 *
 * The shape follows procps: parse (getopt_long rules, per-program short
 * options, long options shared), select (pgrep_match.c: the conjunction
 * of criteria, except that -t short-circuits -r and --cgroup), then
 * print / signal / wait (pgrep_act.c). Names are matched and shown
 * escaped (escape.h). pidof is in pgrep_pidof.c. */
#include <ctype.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "applets.h"
#include "err.h"
#include "opt.h"
#include "out.h"
#include "pgrep.h"
#include "pidfile.h"

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
	{"version", 'V', 0, 0, 0},
	/* newer procps's; OPT_EXACT keeps 4.0.2's prefixes (--r: runstates) */
	{"require-handler", 'H', OPT_EXACT, 0, 0},
	{"env", 0, OPT_VALUE | OPT_EXACT, 0, 0},
	{"shell-quote", 'Q', OPT_EXACT, 0, 0},
	{"", '?', 0, 0, 0}, {0, 0, 0, 0, 0}
};
/* each program's getopt string, without the ':' marks */
static const char *const shorts[] = {
	[PGREP] = "ladvwQ" "LFcfinoxPOAHgsuUGtr?Vh",
	[PKILL] = "eqQ" "LFcfinoxPOAHgsuUGtr?Vh",
	[PIDWAIT] = "e" "LFcfinoxPOAHgsuUGtr?Vh",
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
void pg_warn_raw(const char *line)
{
	char buf[sizeof opt_err + 1];
	size_t n = strlen(line);

	memcpy(buf, line, n);
	buf[n] = '\n';
	write_all(2, buf, n + 1);
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
_Noreturn void pg_usage(const struct pg *g, int err)
{
	if (err) {
		out_flush();
		out_fd = 2;
	}
	usage_text(g, qb_prog);
	xexit(err ? EXIT_USAGE : 0);
}

/* procps's xerrx with its "Try `PROG --help'" second line */
_Noreturn void pg_die_try(int code, const char *what)
{
	die(code, "%s\nTry `%s --help' for more information.", what, qb_prog);
}

static void exclusive(struct pg *g)
{
	if (g->oldest | g->negate | g->newest)
		pg_usage(g, 1);
}

/* options that only set a flag */
static int on_flag(struct pg *g, int id)
{
	switch (id) {
	case O_ECHO: g->echo = 1; break;
	case O_LOCK: g->lock = 1; break;
	case O_COUNT: g->count = 1; break;
	case O_FULL: g->full = 1; break;
	case O_ICASE:
		if (g->icase)
			pg_usage(g, 0);
		g->icase = 1;
		break;
	case O_LNAME: g->lname = 1; break;
	case O_LFULL: g->lfull = 1; break;
	case O_ANC: pg_ancestors(g); break;
	case O_NEWEST: exclusive(g), g->newest = 1, g->criteria++; break;
	case O_OLDEST: exclusive(g), g->oldest = 1, g->criteria++; break;
	case O_INVERSE: exclusive(g), g->negate = 1; break;
	case O_LWP: g->threads = 1; break;
	case O_HANDLER: g->handler = 1, g->criteria++; break;
	case O_QUOTE: g->quote = 1; break;
	case O_EXACT: g->exact = 1; break;
	default: return 0;
	}
	return 1;
}

/* options with a single value */
static int on_value(struct pg *g, int id, char *v)
{
	switch (id) {
	case O_SIGNAL:
		g->sig = pg_signum(v);
		if (g->sig == -1 && isdigit((unsigned char)v[0]))
			g->sig = atoi(v);
		break;
	case O_PIDFILE: g->pidfile = v, g->criteria++; break;
	case O_DELIM: g->delim = v; break;
	case O_OLDER: g->older = atoi(v), g->criteria++; break;
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
	default: return 0;
	}
	return 1;
}

static int on_opt(void *ctx, int id, char *v)
{
	struct pg *g = ctx;

	if (pg_list_opt(g, id, v) || on_flag(g, id) || on_value(g, id, v))
		return 0;
	switch (id) {
	case OPT_OPERAND:
		if (!g->npat++)
			g->pattern = v;
		break;
	case O_VERSION:
		out_str(qb_prog);
		out_str(" from procps-ng 4.0.2\n");
		xexit(0);
	case O_HELP: pg_usage(g, 0);
	case O_QMARK: pg_usage(g, 1);
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
		pg_warn_raw(opt_err);
		pg_usage(g, 1);
	}
	if (g->lock && !g->pidfile)
		pg_die_try(EXIT_USAGE, "-L without -F makes no sense");
	if (g->pidfile) {
		int pid;

		if (pidfile_read(g->pidfile, g->lock, &pid))
			pg_die_try(1, "pidfile not valid");
		g->pfpid = pid;
	}
	if (g->npat > 1)
		pg_die_try(EXIT_USAGE, "only one pattern can be provided");
	if (!g->npat && !g->criteria)
		pg_die_try(EXIT_USAGE, "no matching criteria specified");
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
		int s = pg_signal_prescan(&argc, argv);

		if (s >= 0)
			g.sig = s;
	}
	parse(&g, argc, argv);
	pg_select(&g);
	/* constants from enabled.h: a build without pkill drops its code */
	if (ENABLE_PKILL && mode == PKILL)
		return pg_kill(&g);
	if (ENABLE_PIDWAIT && mode == PIDWAIT)
		return pg_wait(&g);
	return pg_print(&g);
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
