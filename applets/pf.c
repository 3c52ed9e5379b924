/* pf.c: pf (find processes and act), pk (= pf -a kill), pw (= pf -a wait).
 *
 * Reads top to bottom: the option table (which also says, per option,
 * whether it is a criterion and what kind of value it takes; whether a
 * repeat adds to a list or replaces is the handler's),
 * the handler that turns options into one selection (select.h) and a set
 * of actions, the actions done as each process is selected (target.h),
 * and those done after the scan (later signal rounds, path/aid, wait).
 * Usage and semantics: docs/pf.md. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "applets.h"
#include "lib/clock.h"
#include "lib/err.h"
#include "process/fields.h"
#include "process/ident.h"
#include "lib/ids.h"
#include "lib/num.h"
#include "lib/opt.h"
#include "lib/out.h"
#include "lib/pat.h"
#include "process/proc.h"
#include "process/rounds.h"
#include "process/select.h"
#include "lib/sig.h"
#include "process/target.h"
#include "lib/vec.h"

enum { A_ECHO = 1, A_PATH = 2, A_AID = 4, A_COUNT = 8, A_KILL = 16,
       A_NICE = 32, A_WAIT = 64, A_WAITALL = 128 };
static const char act_names[][6] = {
	"echo", "path", "aid", "count", "kill", "nice", "wait", "Wait",
};

/* every option has a case in apply(): a new one without is a -Wswitch
 * build error */
enum pfopt {
	P_OPERAND = OPT_OPERAND,
	P_PIDS, P_FULL, P_ICASE, P_STATE, P_PARENT, P_PGROUP, P_SESSION,
	P_TTY, P_GROUP, P_EUID, P_UID, P_ROOT, P_NS, P_NSLIST, P_CGROUP, P_ENV,
	P_FIRST, P_NEWEST, P_OLDEST, P_AGE, P_EXCLUDE, P_INVERT, P_DELAY,
	P_LIMIT, P_DELIM, P_TERM, P_LABELS, P_EXIST, P_SIGNALS, P_NICE,
	P_ACTIONS, P_IFHANDLED, P_TREE, P_UNTILGONE, P_APPEAR, P_EXITST,
	P_OUTPUT, P_JSON, P_NOHEADERS, P_VERSION, P_HELP, P_NOPTS
};

#define CRIT OPT_CRIT
/* -a's help: pk's and pw's replace the last word (help() below) */
#define ACT_HEAD "echo path aid count kill nice wait Wait (repeatable; default "
#define ACT_HELP ACT_HEAD "echo)"

static const struct optdef defs[] = {
	[P_PIDS] = {OPT_TEXT("pids", "STR", "PIDs (or id tokens PID:INODE, PID@START: that process only) to consider, separated by blanks or commas (repeatable; default: all)"), 'p', OPT_VALUE, CRIT | OPT_V_STR},
	[P_FULL] = {OPT_TEXT("full", "", "match the full command line, not the name (comm)"), 'f', OPT_FLAG, 0},
	[P_ICASE] = {OPT_TEXT("ignoreCase", "", "ignore case in patterns"), 'i', OPT_FLAG, 0},
	[P_STATE] = {OPT_TEXT("RunState", "STR", "run-state letters to match (S T I R D Z ...)"), 'R', OPT_VALUE, CRIT | OPT_V_STR},
	[P_PARENT] = {OPT_TEXT("parent", "PID", "parent PID (repeatable)"), 'P', OPT_VALUE, CRIT | OPT_V_PID},
	[P_PGROUP] = {OPT_TEXT("pgroup", "PID", "process group (repeatable)"), 'g', OPT_VALUE, CRIT | OPT_V_PID},
	[P_SESSION] = {OPT_TEXT("session", "PID", "session (repeatable)"), 'S', OPT_VALUE, CRIT | OPT_V_PID},
	[P_TTY] = {OPT_TEXT("tty", "TTY", "controlling tty: pts/N, /dev/pts/N, tty1, ? = none ... (repeatable)"), 't', OPT_VALUE, CRIT | OPT_V_STR},
	[P_GROUP] = {OPT_TEXT("group", "GRP", "group owner of /proc/PID: the effective group (name or number, repeatable)"), 'G', OPT_VALUE, CRIT | OPT_V_STR},
	[P_EUID] = {OPT_TEXT("euid", "USR", "owner of /proc/PID: the effective user (name or number, repeatable)"), 'u', OPT_VALUE, CRIT | OPT_V_STR},
	[P_UID] = {OPT_TEXT("uid", "USR", "real user (name or number, repeatable)"), 'U', OPT_VALUE, CRIT | OPT_V_STR},
	[P_ROOT] = {OPT_TEXT("root", "PID", "same root directory as PID"), 'r', OPT_VALUE, CRIT | OPT_V_PID},
	[P_NS] = {OPT_TEXT("ns", "PID", "same namespaces as PID ..."), 0, OPT_VALUE, CRIT | OPT_V_PID},
	[P_NSLIST] = {OPT_TEXT("nsList", "NS,...", "... among cgroup ipc mnt net pid time user uts (default all)"), 0, OPT_VALUE, OPT_V_STR},
	[P_CGROUP] = {OPT_TEXT("cgroup", "NAME", "cgroup v2 path, as in /proc/PID/cgroup (repeatable)"), 0, OPT_VALUE, CRIT | OPT_V_STR},
	[P_ENV] = {OPT_TEXT("env", "NAME[=VAL]", "environment holds NAME (=VAL) (repeatable)"), 0, OPT_VALUE, CRIT | OPT_V_STR},
	[P_FIRST] = {OPT_TEXT("first", "", "select only the first match"), '1', OPT_FLAG, 0},
	[P_NEWEST] = {OPT_TEXT("newest", "", "select only the most recently started"), 'n', OPT_FLAG, 0},
	[P_OLDEST] = {OPT_TEXT("oldest", "", "select only the least recently started"), 'o', OPT_FLAG, 0},
	[P_AGE] = {OPT_TEXT("age", "N", "N>0: older than N jiffies; N<0: newer than -N"), 'A', OPT_VALUE, CRIT | OPT_V_INT},
	[P_EXCLUDE] = {OPT_TEXT("exclude", "PID", "omit PID (repeatable); PPID = our parent and our own process group"), 'x', OPT_VALUE, OPT_V_STR},
	[P_INVERT] = {OPT_TEXT("inVert", "", "invert the whole selection (like grep -v)"), 'v', OPT_FLAG, 0},
	[P_DELAY] = {OPT_TEXT("delay", "SECONDS", "the most a signal round waits for the next; done at the last exit (0.04)"), 'D', OPT_VALUE, OPT_V_SECS},
	[P_LIMIT] = {OPT_TEXT("limit", "SECONDS", "give up waiting after this long (0 = never)"), 'l', OPT_VALUE, OPT_V_SECS},
	[P_DELIM] = {OPT_TEXT("delim", "STR", "between output PIDs (\" \")"), 'd', OPT_VALUE, OPT_V_STR},
	[P_TERM] = {OPT_TEXT("otrTerm", "STR", "ends the output and each path line (\"\\n\")"), 'O', OPT_VALUE, OPT_V_STR},
	[P_LABELS] = {OPT_TEXT("Labels", "LABEL", "a label per pattern, in order (repeatable)"), 'L', OPT_VALUE, OPT_V_STR},
	[P_EXIST] = {OPT_TEXT("exist", "", "exit 0 at the first match; no actions, no output"), 'e', OPT_FLAG, 0},
	[P_SIGNALS] = {OPT_TEXT("signals", "SIG", "signal name or number (repeatable; adds the kill action)"), 's', OPT_VALUE, OPT_V_STR},
	[P_NICE] = {OPT_TEXT("nice", "N", "nice increment, the result clamped to -20..19 (non-zero adds the nice action)"), 'N', OPT_VALUE, OPT_V_INT},
	[P_ACTIONS] = {OPT_TEXT("actions", "ACT", ACT_HELP), 'a', OPT_VALUE, OPT_V_STR},
	[P_IFHANDLED] = {OPT_TEXT("ifHandled", "", "do not send the first signal to processes that do not catch it"), 'H', OPT_FLAG, 0},
	[P_TREE] = {OPT_TEXT("tree", "", "also every descendant of each selected process; kill: each round stops the tree (children born meanwhile too), signals, continues"), 'T', OPT_FLAG, 0},
	[P_UNTILGONE] = {OPT_TEXT("untilGone", "", "kill, rescan and kill again until none is left (bounded by -l)"), 0, OPT_FLAG, 0},
	[P_APPEAR] = {OPT_TEXT("appear", "", "first wait (polling every -D, up to -l) until a process is selected; pw: then echo"), 0, OPT_FLAG, 0},
	[P_EXITST] = {OPT_TEXT("exitStatus", "", "wait/Wait: print PID STATUS per process (PID running: not exited); one process: exit with its status (4: exited, status unknown; 5: still running)"), 0, OPT_FLAG, 0},
	[P_OUTPUT] = {OPT_TEXT("output", "FIELDS", "print these fields of each selected process, as ps -o (repeatable; adds echo): pid ppid pgid sid tty user uid group gid state stat nice pri nlwp start lstart etime time %cpu %mem rss vsz comm args argv exe cwd cgroup id and ps's aliases (an unknown field lists all)"), 'F', OPT_VALUE, OPT_V_STR},
	[P_JSON] = {OPT_TEXT("json", "", "print a JSON object per selected process (JSON Lines; the -F fields, default " FLD_JSON_DEFAULT ")"), 0, OPT_FLAG, 0},
	[P_NOHEADERS] = {OPT_TEXT("noHeaders", "", "-F: no header line"), 0, OPT_FLAG, 0},
	[P_VERSION] = {OPT_TEXT("version", "", "print the version and exit"), 0, OPT_FLAG, 0},
	[P_HELP] = {OPT_TEXT("help", "", "print this help and exit"), 'h', OPT_FLAG, 0},
	[P_NOPTS] = {0, 0, 0, 0},
};

_Static_assert(sizeof defs / sizeof *defs == P_NOPTS + 1,
    "one row of defs per option of enum pfopt, then the end row");

#define EXIT_TEXT \
	"Exit status: 0 selected and every action succeeded, 1 nothing selected,\n" \
	"2 usage error, 3 an action failed, 5 the -l limit expired before the\n" \
	"wait or the kill was done; --exitStatus with one process: its status,\n" \
	"4 when it exited but its status cannot be told, 5 when it still runs.\n"

static const struct optset optset = {
	"[options] [PATTERN...]", defs, OPT_CLIGEN,
	"With no -a, pf echoes; -a replaces that default.\n\n",
};

/* pk's and pw's own words for their default action, the text after the
 * table; their -a line is pf's with its last word changed, and the exit
 * statuses follow in one copy for all three (help() below) */
static const char pk_more[] =
	"With no -a, pk sends each selected process the first -s signal (default\n"
	"TERM) as it is found. -a replaces that default: pk -a echo NAME prints\n"
	"what pk NAME would signal and signals nothing; -s (and --untilGone)\n"
	"still add the kill action, -N the nice action.\n\n";
static const char pw_more[] =
	"With no -a, pw waits until any selected process has exited (--appear:\n"
	"echoes instead). -a replaces that default: pw -a Wait waits for all of\n"
	"them, pw -a echo only prints; -s still adds the kill action, -N the\n"
	"nice action.\n\n";

struct pf {
	struct sel s;
	unsigned acts;
	int full, icase, exist, ifhandled, help, version, criteria, xppid;
	int exitst, untilgone, appear, acts_given;
	unsigned dflt;          /* the applet's default action: pk kill, pw
	                           wait, pf none (echo); only without -a */
	int expired;            /* -l ran out before the wait or kill ended */
	int json, noheaders, headed;
	struct fld_set fields;  /* -F / --json: what a row shows */
	struct fld_buf row;
	int rescan;             /* --untilGone: a later pass (no output) */
	int probe;              /* --untilGone: only count what is left */
	size_t found;           /* --untilGone: live processes this pass */
	char **pats;
	size_t npat, cappat;
	struct pat *re;
	char **labels;
	size_t nlab, caplab;
	int *used;
	int *sigs;
	long long nice;
	size_t nsig, capsig;
	double delay, limit;
	const char *delim, *term;
	/* run state */
	int wrote;              /* an item is out in the current block */
	int errors;             /* failed actions */
	struct target *tg;      /* kept for later rounds, wait, path, aid */
	size_t ntg, captg;
	long long lastkill;     /* clock_ns() of the last first-round signal */
};

/* an option's value, as its table row's OPT_V_* kind says */
union val {
	char *s;
	long long n;
	double d;
};

static long long pid_arg(const char *s, const char *what)
{
	long long v;

	if (num_ll(s, 0, 0x7fffffff, &v) || *s == '+' || *s == '-')
		die(2, "invalid PID for --%s: '%s'", what, s);
	return v;
}

static union val value(const struct optdef *d, char *s)
{
	union val v = {.s = s};

	switch (d->meta & OPT_V_MASK) {
	case OPT_V_PID:
		v.n = pid_arg(s, d->lname);
		break;
	case OPT_V_INT:
		if (num_ll(s, -(1LL << 62), 1LL << 62, &v.n))
			die(2, "invalid number for --%s: '%s'", d->lname, s);
		break;
	case OPT_V_SECS:
		if (num_double(s, 0, 1e9, &v.d))
			die(2, "invalid number of seconds for --%s: '%s'", d->lname, s);
		break;
	}
	return v;
}

/* PIDs and identity tokens (ident.h): the token is checked at the scan */
static void pids_arg(struct pf *f, char *s)
{
	char *tok, *save;
	struct ident id;

	for (tok = strtok_r(s, " \t\n,", &save); tok;
	    tok = strtok_r(NULL, " \t\n,", &save)) {
		if (ident_parse(tok, &id) && !tok[strcspn(tok, ":@")])
			die(2, "invalid PID for --pids: '%s'", tok);
		if (ident_parse(tok, &id))
			die(2, "invalid process id token for --pids: '%s' "
			    "(PID:INODE or PID@START)", tok);
		sel_add_ident(&f->s, &id);
	}
}

static void output_arg(struct pf *f, const char *list)
{
	char err[512];

	if (fld_parse(&f->fields, list, err, sizeof err))
		die(2, "%s", err);
}

static void action_arg(struct pf *f, const char *s)
{
	for (int i = 0; i < (int)(sizeof act_names / sizeof *act_names); i++)
		if (!strcmp(s, act_names[i])) {
			f->acts |= 1u << i;
			return;
		}
	die(2, "unknown action '%s' (echo path aid count kill nice wait Wait)", s);
}

static long long user_arg(const char *s)
{
	uid_t u;

	if (user_id(s, &u))
		die(2, "unknown user '%s'", s);
	return u;
}

/* on: a flag's setting (flags only) */
static void apply(struct pf *f, enum pfopt id, union val v, int on)
{
	struct sel *s = &f->s;
	unsigned m;
	gid_t g;

	switch (id) {
	case P_OPERAND: VEC_PUSH(f->pats, f->npat, f->cappat, v.s); break;
	case P_PIDS: pids_arg(f, v.s); break;
	case P_FULL: f->full = on; break;
	case P_ICASE: f->icase = on; break;
	case P_STATE: s->states = v.s; break;
	case P_PARENT: sel_add(&s->ppid, v.n); break;
	case P_PGROUP: sel_add(&s->pgrp, v.n); break;
	case P_SESSION: sel_add(&s->sid, v.n); break;
	case P_TTY:
		if (proc_tty_parse(v.s, &m))
			die(2, "unknown tty '%s'", v.s);
		sel_add(&s->tty, m);
		break;
	case P_GROUP:
		if (group_id(v.s, &g))
			die(2, "unknown group '%s'", v.s);
		sel_add(&s->ogid, g);
		break;
	case P_EUID: sel_add(&s->ouid, user_arg(v.s)); break;
	case P_UID: sel_add(&s->ruid, user_arg(v.s)); break;
	case P_ROOT: s->root_pid = (pid_t)v.n; break;
	case P_NS: s->ns_pid = (pid_t)v.n; break;
	case P_NSLIST:
		if (proc_ns_parse(v.s, &m))
			die(2, "unknown namespace in '%s'", v.s);
		s->nsmask |= m;
		break;
	case P_CGROUP: sel_add_str(&s->cgroup, v.s); break;
	case P_ENV: sel_add_str(&s->env, v.s); break;
	case P_FIRST: s->first = on; break;
	case P_NEWEST: s->pick = on ? SEL_NEWEST : 0; break;
	case P_OLDEST: s->pick = on ? SEL_OLDEST : 0; break;
	case P_AGE: s->age = v.n, s->has_age = 1; break;
	case P_EXCLUDE:
		if (!strcmp(v.s, "PPID"))
			f->xppid = 1;
		else
			sel_add(&s->exclude, pid_arg(v.s, "exclude"));
		break;
	case P_INVERT: s->invert = on; break;
	case P_DELAY: f->delay = v.d; break;
	case P_LIMIT: f->limit = v.d; break;
	case P_DELIM: f->delim = v.s; break;
	case P_TERM: f->term = v.s; break;
	case P_LABELS: VEC_PUSH(f->labels, f->nlab, f->caplab, v.s); break;
	case P_EXIST: f->exist = on; break;
	case P_SIGNALS: {
		int sig = sig_parse(v.s);

		if (sig < 0)
			die(2, "unknown signal '%s'", v.s);
		VEC_PUSH(f->sigs, f->nsig, f->capsig, sig);
		break;
	}
	case P_NICE: f->nice = v.n; break;  /* tgt_nice clamps it */
	case P_ACTIONS: action_arg(f, v.s), f->acts_given = 1; break;
	case P_IFHANDLED: f->ifhandled = on; break;
	case P_TREE: s->tree = on; break;
	case P_UNTILGONE: f->untilgone = on; break;
	case P_APPEAR: f->appear = on; break;
	case P_EXITST: f->exitst = on; break;
	case P_OUTPUT: output_arg(f, v.s); break;
	case P_JSON: f->json = on; break;
	case P_NOHEADERS: f->noheaders = on; break;
	case P_VERSION: f->version = on; break;
	case P_HELP: f->help = on; break;
	case P_NOPTS: break;    /* the end row: never reported */
	}
}

static int on_opt(void *ctx, int id, char *v)
{
	struct pf *f = ctx;
	union val x = {.s = v};
	int on = 0;

	if (id != OPT_OPERAND) {
		if (defs[id].meta & OPT_CRIT)
			f->criteria = 1;
		if (defs[id].meta & OPT_V_MASK)
			x = value(&defs[id], v);
		else if (defs[id].arg == OPT_FLAG)
			on = opt_bool(v) == 1;
	}
	apply(f, (enum pfopt)id, x, on);
	return 0;
}

static void compile(struct pf *f)
{
	f->re = xmalloc(f->npat * sizeof *f->re + 1);
	for (size_t i = 0; i < f->npat; i++) {
		int e = pat_compile(&f->re[i], f->pats[i], f->icase);

		if (e) {
			char msg[256];

			pat_error(e, &f->re[i], msg, sizeof msg);
			die(2, "bad regex '%s': %s", f->pats[i], msg);
		}
	}
	f->used = xmalloc((f->nlab + 1) * sizeof *f->used);
	memset(f->used, 0, (f->nlab + 1) * sizeof *f->used);
}

/* ---- output ---- */

/* one item of the current output block */
static void item(struct pf *f)
{
	if (f->wrote)
		out_str(f->delim);
	f->wrote = 1;
}

static void end_block(struct pf *f)
{
	if (f->wrote)
		out_str(f->term);
	f->wrote = 0;
}

/* -F / --json: the row of p, the header before the first */
static void row(struct pf *f, struct proc_iter *it, const struct proc *p)
{
	if (!f->headed && !f->json && !f->noheaders) {
		fld_header(&f->row, &f->fields);
		out_write(f->row.s, f->row.n);
	}
	f->headed = 1;
	fld_row(&f->row, &f->fields, it, p, f->json);
	out_write(f->row.s, f->row.n);
}

static void echo(struct pf *f, pid_t pid, int pat)
{
	item(f);
	if (pat >= 0 && (size_t)pat < f->nlab && *f->labels[pat]) {
		out_str(f->labels[pat]);
		out_char('_');
		out_ll(f->used[pat]++);
		out_char(':');
	}
	out_ll(pid);
}

static void failed(struct pf *f, const char *what, pid_t pid)
{
	f->errors++;
	warn("%s %d:", what, (int)pid);
}

/* ---- actions as each process is selected ---- */

/* the first signal, now; with -T only the -H test now (mark: spared),
 * the signal after the whole tree is stopped */
static void do_kill(struct pf *f, const struct proc *p, struct target *t)
{
	int sig = f->sigs[0];

	if (f->ifhandled && sig > 0 && !sel_catches(p, sig)) {
		f->errors++;
		warn("%d does not catch SIG%s; not signalled", (int)p->pid,
		    sig_name(sig) ? sig_name(sig) : "?");
		t->mark = 1;
		return;
	}
	if (f->s.tree || f->untilgone)
		return;
	if (tgt_signal(t, sig) && errno != ESRCH)
		failed(f, "kill", p->pid);
	f->lastkill = clock_ns();
}

/* what must be kept for after the scan */
static int keeps(const struct pf *f)
{
	return (f->acts & (A_PATH | A_AID | A_WAIT | A_WAITALL)) ||
	    ((f->acts & A_KILL) && (f->nsig > 1 || f->s.tree || f->untilgone));
}

/* what act holds each process by, as it is selected: a pidfd */
static int holds(const struct pf *f)
{
	return (f->acts & (A_KILL | A_WAIT | A_WAITALL)) || keeps(f);
}

static int act(void *ctx, struct proc_iter *it, const struct proc *p, int pat)
{
	struct pf *f = ctx;
	struct target t = {.pid = p->pid, .fd = -1};

	if (f->rescan && p->state == 'Z')
		return 0;       /* exited: gone, whoever reaps it */
	f->found++;
	if (f->probe)
		return 0;
	if ((f->acts & A_ECHO) && !f->rescan) {
		if (f->fields.n)
			row(f, it, p);
		else
			echo(f, p->pid, pat);
	}
	/* ESRCH: gone since it was read; EINVAL, ENOENT: its PID names no
	 * process now (a thread's TID), so never signalled by number */
	if (holds(f))
		if (tgt_hold(&t, f->s.path, p->pid, proc_anchor(it)) &&
		    (t.err == ESRCH || t.err == EINVAL || t.err == ENOENT))
			return 0;
	/* --untilGone: stopped as found, so it cannot fork during the pass */
	if (f->untilgone && t.fd >= 0)
		tgt_signal(&t, SIGSTOP);
	if (f->acts & A_KILL)
		do_kill(f, p, &t);
	if ((f->acts & A_NICE) && !f->rescan && tgt_nice(&t, f->nice) &&
	    errno != ESRCH)
		failed(f, "nice", p->pid);
	if (keeps(f))
		VEC_PUSH(f->tg, f->ntg, f->captg, t);
	else
		tgt_release(&t);
	return 0;
}

/* ---- actions on the whole set, after the scan ---- */

static void kill_failed(void *ctx, const struct target *t, int sig)
{
	(void)sig;
	failed(ctx, "kill", t->pid);
}

/* the later signal rounds (first: the first one to send), or with tree
 * every round in the stop, signal, continue order (rounds.h), children
 * born meanwhile included with -T; with wait_last, then up to -D for the
 * last round's effect */
static void rounds(struct pf *f, size_t first, int tree, int wait_last)
{
	struct rounds r = {
		.sigs = f->sigs, .nsig = f->nsig, .first = first,
		.last_ns = f->lastkill, .delay = f->delay, .tree = tree,
		.gather = tree && f->s.tree, .wait_last = wait_last,
		.procdir = f->s.path, .skip = f->s.exclude.v,
		.nskip = f->s.exclude.n, .fail = kill_failed, .ctx = f,
	};

	tgt_rounds(&f->tg, &f->ntg, &f->captg, &r);
}

/* --untilGone: the rounds over what the pass holds (stopped already),
 * each waiting on the pidfds at most -D, rescan; until a scan finds no
 * live process, or -l has passed (then what is left is counted, warned
 * about, and the limit has expired: EXIT_EXPIRED) */
static void until_gone(struct pf *f)
{
	double end = f->limit > 0 ? clock_s() + f->limit : 0;

	f->rescan = 1;
	do {
		rounds(f, 0, 1, 1);
		for (size_t k = 0; k < f->ntg; k++)
			tgt_release(&f->tg[k]);
		f->ntg = 0;
		f->found = 0;
		f->probe = end && clock_s() >= end;
		if (sel_run(&f->s) < 0)
			return;
	} while (f->found && !f->probe);
	if (f->found) {
		f->expired = 1;
		warn("%zu process%s left after --limit", f->found,
		    f->found > 1 ? "es" : "");
	}
}

/* path: the chain pid, parent, ... without the root (a process whose
 * parent is 0: init, and kthreadd in the first PID namespace; inside a
 * PID namespace PID 2 is an ordinary process). aid: just the last of
 * those (the pid itself when it is a root). */
static void chain(struct pf *f, pid_t pid, int aid_only)
{
	pid_t v[4096];
	size_t n = tgt_chain(f->s.path, pid, v, sizeof v / sizeof *v);
	pid_t top = pid;

	for (size_t i = 0; i < n && v[i]; i++) {
		if (i + 1 < n && !v[i + 1])
			break;
		if (!aid_only) {
			item(f);
			out_ll(v[i]);
		}
		top = v[i];
	}
	if (aid_only) {
		item(f);
		out_ll(top);
	}
}

static void tree_actions(struct pf *f)
{
	if (f->acts & A_AID) {
		for (size_t k = 0; k < f->ntg; k++)
			chain(f, f->tg[k].pid, 1);
		end_block(f);
	}
	if (f->acts & A_PATH)
		for (size_t k = 0; k < f->ntg; k++) {
			chain(f, f->tg[k].pid, 0);
			f->wrote = 1;
			end_block(f);
		}
}

/* pf's own statuses past 0..3, documented in docs/pf.md with the note
 * that a process's own exit code 4 or 5 reads the same under
 * --exitStatus (its output line tells them apart). EXIT_UNKNOWN:
 * --exitStatus with one process that exited, and neither the pidfd nor
 * /proc can tell its status (target.h). EXIT_EXPIRED: the -l limit ran
 * out before the wait, or --untilGone's kill, was done. */
enum { EXIT_UNKNOWN = 4, EXIT_EXPIRED = 5 };

/* --exitStatus: "PID STATUS" per target, "PID running" for one that has
 * not exited (a zombie's parent gets a second to reap it, for a status
 * /proc cannot tell); the status of the one target when there is
 * exactly one (EXIT_UNKNOWN if nothing can tell, EXIT_EXPIRED while it
 * runs), else -1 */
static int exit_statuses(struct pf *f)
{
	double end = clock_s() + 1;
	int one = -1;

	for (size_t k = 0; k < f->ntg; k++) {
		int st = EXIT_EXPIRED;

		out_ll(f->tg[k].pid);
		if (!f->tg[k].done) {
			out_str(" running");
		} else {
			st = tgt_exit_status(&f->tg[k], end - clock_s());
			out_char(' ');
			if (st < 0)
				out_str("unknown");
			else
				out_ll(st);
		}
		out_str(f->term);
		if (f->ntg == 1)
			one = st < 0 ? EXIT_UNKNOWN : st;
	}
	return one;
}

/* the actions on the whole set; an exit status to use instead of the
 * usual one, or -1 */
static int finish(struct pf *f)
{
	for (size_t i = 0; i < f->nlab; i++)
		if (!f->used[i] && *f->labels[i] && (f->acts & A_ECHO) &&
		    !f->fields.n) {
			item(f);
			out_str(f->labels[i]);
			out_str(":None");
		}
	end_block(f);
	tree_actions(f);
	if (f->acts & A_COUNT) {
		out_ull(f->s.nsel);
		out_str(f->term);
	}
	out_flush();
	if ((f->acts & A_KILL) && f->untilgone)
		until_gone(f);
	else if ((f->acts & A_KILL) && f->s.tree)
		rounds(f, 0, 1, 0);
	else if ((f->acts & A_KILL) && f->nsig > 1)
		rounds(f, 1, 0, 0);
	if (f->acts & (A_WAIT | A_WAITALL)) {
		if (!tgt_wait(f->tg, f->ntg, !(f->acts & A_WAIT), f->limit,
		    f->delay))
			f->expired = 1;
		if (f->exitst)
			return exit_statuses(f);
	}
	return -1;
}

static void setup(struct pf *f)
{
	struct sel *s = &f->s;

	if (!f->npat && !f->criteria)
		die(2, "no criteria given (a PATTERN or a selecting option); -h for help");
	compile(f);
	/* -a replaces the default: pk -a echo is a dry run, pw -a Wait
	 * waits for all; pw --appear says it is there */
	if (!f->acts_given)
		f->acts = f->appear && f->dflt == A_WAIT ? 0 : f->dflt;
	if (!f->acts)           /* before -N/-s add theirs: they echo too */
		f->acts = A_ECHO;
	if (f->json && !f->fields.n)
		output_arg(f, FLD_JSON_DEFAULT);
	if (f->fields.n && (f->acts & (A_COUNT | A_PATH | A_AID)))
		die(2, "%s cannot be used with the count, path or aid action",
		    f->json ? "--json" : "--output");
	if (f->fields.n)
		f->acts |= A_ECHO;  /* pk -F ...: show what it signals */
	if (f->nice)
		f->acts |= A_NICE;
	if (f->nsig || f->untilgone)
		f->acts |= A_KILL;
	if ((f->acts & A_KILL) && !f->nsig)
		VEC_PUSH(f->sigs, f->nsig, f->capsig, SIGTERM);
	if (f->xppid) {
		sel_add(&s->exclude, getppid());
		s->exclude_pgrp = getpgrp();
	} else if ((f->acts & A_KILL) || f->dflt == A_KILL) {
		/* `pk -f myscript` run from myscript must not kill the script;
		 * `pk -a echo` shows what pk would signal */
		sel_add(&s->exclude, getppid());
	}
	s->pats = f->re;
	s->npat = f->npat;
	s->full = f->full;
	s->need_act = f->fields.need;   /* for the selected ones only */
	if (holds(f))           /* a pidfd, opened on the anchor (target.h) */
		s->need_act |= PROC_ANCHOR;
	if (f->ifhandled)
		s->need |= PROC_STATUS;
	if (f->untilgone)
		s->need |= PROC_STAT;   /* zombies are gone */
	s->act = f->exist ? NULL : act;
	s->ctx = f;
	if (f->exist)
		s->first = 1;
}

/* the scan; with --appear repeated every -D until it selects something
 * or -l has passed */
static int appear(struct pf *f)
{
	double end = f->limit > 0 ? clock_s() + f->limit : 0;
	int rc;

	while (!(rc = sel_run(&f->s)) && f->appear && !f->s.nsel) {
		if (end && clock_s() + f->delay > end)
			break;
		clock_sleep(f->delay > 0 ? f->delay : 0.01);
	}
	return rc;
}

/* the -p tokens whose PID names another process now, or none */
static void stale_tokens(struct pf *f)
{
	char t[IDENT_MAX];

	for (size_t i = 0; i < f->s.idents.n && !f->s.first; i++)
		if (!f->s.idents.v[i].seen) {  /* a plain PID is always seen */
			ident_format(&f->s.idents.v[i].id, t, sizeof t);
			warn("%s is gone (its PID is free or another process's)", t);
		}
}

/* --help: pf's table, with pk's or pw's words for their default */
static void help(unsigned dflt)
{
	static struct optdef d[P_NOPTS + 1];
	static char act[128];
	struct optset os = optset;
	const char *a = defs[P_ACTIONS].lname;

	if (dflt) {
		/* "... (repeatable; default echo)": echo -> kill or wait */
		const char *h = opt_helptext(&defs[P_ACTIONS]);
		size_t n = (size_t)(h - a) + sizeof ACT_HEAD - 1;

		_Static_assert(sizeof "actions\0ACT\0" + sizeof ACT_HELP <=
		    sizeof act, "act holds the -a row's text");
		memcpy(act, a, n);
		memcpy(act + n, dflt == A_KILL ? "kill)" : "wait)", 6);
		memcpy(d, defs, sizeof d);
		d[P_ACTIONS].lname = act;
		os.defs = d;
		os.more = dflt == A_KILL ? pk_more : pw_more;
	}
	opt_help(&os, qb_prog);
	out_str(EXIT_TEXT);
}

static int run(int argc, char **argv, unsigned dflt)
{
	static struct pf f;
	size_t nsel;
	int rc;

	f.dflt = dflt;
	f.delay = 0.04;
	f.delim = " ";
	f.term = "\n";
	qb_fatal = 3;
	if (opt_parse(&optset, argc, argv, on_opt, &f)) {
		opt_err_print();
		return 2;
	}
	if (f.help) {
		help(dflt);
		return 0;
	}
	if (f.version) {
		out_str(qb_prog);
		out_str(" (quickbox) " QB_VERSION "\n");
		return 0;
	}
	setup(&f);
	rc = appear(&f);
	if (rc == -1)
		die(3, "cannot read /proc:");
	if (rc == -2) {
		warn("no such process: %d", (int)(f.s.ns_pid > 0 ? f.s.ns_pid :
		    f.s.root_pid));
		return 1;
	}
	if (f.exist)
		return f.s.nsel ? 0 : 1;
	nsel = f.s.nsel;        /* --untilGone rescans reset it */
	stale_tokens(&f);
	rc = finish(&f);
	return !nsel ? 1 : f.errors ? 3 : rc >= 0 ? rc :
	    f.expired ? EXIT_EXPIRED : 0;
}

int pf_main(int argc, char **argv)
{
	return run(argc, argv, 0);
}

int pk_main(int argc, char **argv)
{
	return ENABLE_PK ? run(argc, argv, A_KILL) : 2;
}

int pw_main(int argc, char **argv)
{
	return ENABLE_PW ? run(argc, argv, A_WAIT) : 2;
}
