/* pf.c: pf (find processes and act), pk (= pf -a kill), pw (= pf -a wait).
 * Options and semantics: shared/spec/pf.md, docs/pf.md. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "applets.h"
#include "err.h"
#include "ids.h"
#include "num.h"
#include "opt.h"
#include "out.h"
#include "pat.h"
#include "pidfd.h"
#include "proc.h"
#include "select.h"
#include "sig.h"

enum { A_ECHO = 1, A_PATH = 2, A_AID = 4, A_COUNT = 8, A_KILL = 16,
       A_NICE = 32, A_WAIT = 64, A_WAITALL = 128 };
static const char *const act_names[] = {
	"echo", "path", "aid", "count", "kill", "nice", "wait", "Wait", 0,
};

enum { O_PIDS, O_FULL, O_ICASE, O_STATE, O_PARENT, O_PGROUP, O_SESSION,
       O_TTY, O_GROUP, O_EUID, O_UID, O_ROOT, O_NS, O_NSLIST, O_FIRST,
       O_NEWEST, O_OLDEST, O_AGE, O_EXCLUDE, O_INVERT, O_DELAY, O_LIMIT,
       O_DELIM, O_TERM, O_LABELS, O_EXIST, O_SIGNALS, O_NICE, O_ACTIONS,
       O_IFHANDLED, O_HELP };

static const struct optdef defs[] = {
	[O_PIDS] = {"pids", 'p', OPT_VALUE, "STR", "whitespace-separated PIDs to consider (default: all)"},
	[O_FULL] = {"full", 'f', OPT_FLAG, 0, "match the full command line, not the name (comm)"},
	[O_ICASE] = {"ignoreCase", 'i', OPT_FLAG, 0, "ignore case in patterns"},
	[O_STATE] = {"RunState", 'R', OPT_VALUE, "STR", "run-state letters to match (S T I R D Z ...)"},
	[O_PARENT] = {"parent", 'P', OPT_VALUE, "PID", "parent PID (repeatable)"},
	[O_PGROUP] = {"pgroup", 'g', OPT_VALUE, "PID", "process group (repeatable)"},
	[O_SESSION] = {"session", 'S', OPT_VALUE, "PID", "session (repeatable)"},
	[O_TTY] = {"tty", 't', OPT_VALUE, "TTY", "controlling tty: pts/N, /dev/pts/N, tty1 ... (repeatable)"},
	[O_GROUP] = {"group", 'G', OPT_VALUE, "GRP", "group of the process (name or number, repeatable)"},
	[O_EUID] = {"euid", 'u', OPT_VALUE, "USR", "effective user (name or number, repeatable)"},
	[O_UID] = {"uid", 'U', OPT_VALUE, "USR", "real user (name or number, repeatable)"},
	[O_ROOT] = {"root", 'r', OPT_VALUE, "PID", "same root directory as PID"},
	[O_NS] = {"ns", 0, OPT_VALUE, "PID", "same namespaces as PID ..."},
	[O_NSLIST] = {"nsList", 0, OPT_VALUE, "NS,...", "... among ipc mnt net pid user uts cgroup (default all)"},
	[O_FIRST] = {"first", '1', OPT_FLAG, 0, "select only the first match"},
	[O_NEWEST] = {"newest", 'n', OPT_FLAG, 0, "select only the most recently started"},
	[O_OLDEST] = {"oldest", 'o', OPT_FLAG, 0, "select only the least recently started"},
	[O_AGE] = {"age", 'A', OPT_VALUE, "N", "N>0: older than N jiffies; N<0: newer than -N"},
	[O_EXCLUDE] = {"exclude", 'x', OPT_VALUE, "PID", "omit PID (repeatable); PPID = our parent and our own process group"},
	[O_INVERT] = {"inVert", 'v', OPT_FLAG, 0, "invert the whole selection (like grep -v)"},
	[O_DELAY] = {"delay", 'D', OPT_VALUE, "SECONDS", "between successive signals and between wait polls (0.04)"},
	[O_LIMIT] = {"limit", 'l', OPT_VALUE, "SECONDS", "give up waiting after this long (0 = never)"},
	[O_DELIM] = {"delim", 'd', OPT_VALUE, "STR", "between output PIDs (\" \")"},
	[O_TERM] = {"otrTerm", 'O', OPT_VALUE, "STR", "ends the output and each path line (\"\\n\")"},
	[O_LABELS] = {"Labels", 'L', OPT_VALUE, "LABEL", "a label per pattern, in order (repeatable)"},
	[O_EXIST] = {"exist", 'e', OPT_FLAG, 0, "exit 0 at the first match; no actions, no output"},
	[O_SIGNALS] = {"signals", 's', OPT_VALUE, "SIG", "signal name or number (repeatable; adds the kill action)"},
	[O_NICE] = {"nice", 'N', OPT_VALUE, "N", "nice increment (non-zero adds the nice action)"},
	[O_ACTIONS] = {"actions", 'a', OPT_VALUE, "ACT", "echo path aid count kill nice wait Wait (repeatable; default echo)"},
	[O_IFHANDLED] = {"ifHandled", 'H', OPT_FLAG, 0, "do not send the first signal to processes that do not catch it"},
	[O_HELP] = {"help", 'h', OPT_FLAG, 0, "print this help and exit"},
	{0, 0, 0, 0, 0},
};

static const struct optset optset = {
	"[options] [PATTERN...]", defs, OPT_CLIGEN,
	"Exit status: 0 selected and every action succeeded, 1 nothing selected,\n"
	"2 usage error, 3 an action failed.\n",
};

struct pf {
	struct sel s;
	unsigned acts;
	int full, icase, exist, ifhandled, help, criteria, xppid;
	char **pats;
	int npat;
	struct pat *re;
	char **labels;
	int nlab, *used;
	int *sigs, nsig, nice;
	double delay, limit;
	const char *delim, *term;
	/* run state */
	int wrote;              /* an item is out in the current block */
	int errors;             /* failed actions */
	struct ptarget *tg;     /* kept for later rounds, wait, path, aid */
	size_t ntg, captg;
	struct timespec lastkill;
};

static void *grow(void *v, size_t n, size_t *cap, size_t size)
{
	if (n < *cap)
		return v;
	*cap = *cap ? *cap * 2 : 16;
	return xrealloc(v, *cap * size);
}

static void addstr(char ***v, int *n, char *s)
{
	*v = xrealloc(*v, (size_t)(*n + 1) * sizeof **v);
	(*v)[(*n)++] = s;
}

static void add(struct sel_list *l, long long v)
{
	if (sel_add(l, v))
		die(3, "out of memory");
}

/* a PID value: decimal >= 0 */
static long long pid_arg(const char *s, const char *what)
{
	long long v;

	if (num_ll(s, 0, 0x7fffffff, &v) || *s == '+' || *s == '-')
		die(2, "invalid PID for %s: '%s'", what, s);
	return v;
}

static double secs_arg(const char *s, const char *what)
{
	double v;

	if (num_double(s, 0, 1e9, &v))
		die(2, "invalid number of seconds for %s: '%s'", what, s);
	return v;
}

static void pids_arg(struct pf *f, char *s)
{
	char *tok, *save;

	for (tok = strtok_r(s, " \t\n,", &save); tok;
	    tok = strtok_r(NULL, " \t\n,", &save))
		add(&f->s.pids, pid_arg(tok, "--pids"));
	f->criteria = 1;
}

static void action_arg(struct pf *f, const char *s)
{
	for (int i = 0; act_names[i]; i++)
		if (!strcmp(s, act_names[i])) {
			f->acts |= 1u << i;
			return;
		}
	die(2, "unknown action '%s' (echo path aid count kill nice wait Wait)", s);
}

static void id_arg(struct pf *f, int id, const char *v)
{
	uid_t u;
	gid_t g;

	f->criteria = 1;
	if (id == O_GROUP) {
		if (group_id(v, &g))
			die(2, "unknown group '%s'", v);
		add(&f->s.ogid, g);
	} else if (user_id(v, &u)) {
		die(2, "unknown user '%s'", v);
	} else {
		add(id == O_EUID ? &f->s.ouid : &f->s.ruid, u);
	}
}

static void crit_arg(struct pf *f, int id, char *v)
{
	unsigned t;
	long long n;

	f->criteria = 1;
	switch (id) {
	case O_PARENT: add(&f->s.ppid, pid_arg(v, "--parent")); break;
	case O_PGROUP: add(&f->s.pgrp, pid_arg(v, "--pgroup")); break;
	case O_SESSION: add(&f->s.sid, pid_arg(v, "--session")); break;
	case O_ROOT: f->s.root_pid = (pid_t)pid_arg(v, "--root"); break;
	case O_NS: f->s.ns_pid = (pid_t)pid_arg(v, "--ns"); break;
	case O_STATE: f->s.states = v; break;
	case O_TTY:
		if (proc_tty_parse(v, &t))
			die(2, "unknown tty '%s'", v);
		add(&f->s.tty, t);
		break;
	case O_AGE:
		if (num_ll(v, -(1LL << 62), 1LL << 62, &n))
			die(2, "invalid number for --age: '%s'", v);
		f->s.age = n, f->s.has_age = 1;
		break;
	}
}

static void misc_arg(struct pf *f, int id, char *v)
{
	long long n;
	unsigned m;
	int sig;

	switch (id) {
	case O_NSLIST:
		if (proc_ns_parse(v, &m))
			die(2, "unknown namespace in '%s'", v);
		f->s.nsmask |= m;
		break;
	case O_EXCLUDE:
		if (!strcmp(v, "PPID"))
			f->xppid = 1;
		else
			add(&f->s.exclude, pid_arg(v, "--exclude"));
		break;
	case O_SIGNALS:
		if ((sig = sig_parse(v)) < 0)
			die(2, "unknown signal '%s'", v);
		f->sigs = xrealloc(f->sigs, (size_t)(f->nsig + 1) * sizeof *f->sigs);
		f->sigs[f->nsig++] = sig;
		break;
	case O_NICE:
		if (num_ll(v, -40, 40, &n))
			die(2, "invalid number for --nice: '%s'", v);
		f->nice = (int)n;
		break;
	case O_ACTIONS: action_arg(f, v); break;
	case O_DELAY: f->delay = secs_arg(v, "--delay"); break;
	case O_LIMIT: f->limit = secs_arg(v, "--limit"); break;
	case O_DELIM: f->delim = v; break;
	case O_TERM: f->term = v; break;
	case O_LABELS: addstr(&f->labels, &f->nlab, v); break;
	}
}

static int on_opt(void *ctx, int id, char *v)
{
	struct pf *f = ctx;
	int on = opt_bool(v) == 1;

	switch (id) {
	case OPT_OPERAND: addstr(&f->pats, &f->npat, v); break;
	case O_PIDS: pids_arg(f, v); break;
	case O_FULL: f->full = on; break;
	case O_ICASE: f->icase = on; break;
	case O_FIRST: f->s.first = on; break;
	case O_NEWEST: f->s.pick = on ? SEL_NEWEST : 0; break;
	case O_OLDEST: f->s.pick = on ? SEL_OLDEST : 0; break;
	case O_INVERT: f->s.invert = on; break;
	case O_EXIST: f->exist = on; break;
	case O_IFHANDLED: f->ifhandled = on; break;
	case O_HELP: f->help = on; break;
	case O_GROUP: case O_EUID: case O_UID: id_arg(f, id, v); break;
	case O_PARENT: case O_PGROUP: case O_SESSION: case O_ROOT: case O_NS:
	case O_STATE: case O_TTY: case O_AGE: crit_arg(f, id, v); break;
	default: misc_arg(f, id, v); break;
	}
	return 0;
}

static void compile(struct pf *f)
{
	f->re = xmalloc((size_t)f->npat * sizeof *f->re + 1);
	for (int i = 0; i < f->npat; i++) {
		int e = pat_compile(&f->re[i], f->pats[i], f->icase);

		if (e) {
			char msg[256];

			pat_error(e, &f->re[i], msg, sizeof msg);
			die(2, "bad regex '%s': %s", f->pats[i], msg);
		}
	}
	f->used = xmalloc((size_t)(f->nlab + 1) * sizeof *f->used);
	memset(f->used, 0, (size_t)(f->nlab + 1) * sizeof *f->used);
}

/* -f text: the command line, NULs and control bytes as spaces, trailing
 * spaces cut; the comm when empty (zombies, kernel threads). In place:
 * the buffer is the reader's and is refilled for the next process. */
static const char *full_text(const struct proc *p)
{
	char *c = p->cmdline;
	size_t n = p->cmdline_len;

	for (size_t i = 0; i < n; i++)
		if ((unsigned char)c[i] < 32)
			c[i] = ' ';
	while (n && c[n - 1] == ' ')
		n--;
	c[n] = 0;
	return n ? c : p->comm;
}

static int match(void *ctx, struct proc_iter *it, const struct proc *p)
{
	struct pf *f = ctx;
	const char *text = f->full ? full_text(p) : p->comm;

	(void)it;
	for (int i = 0; i < f->npat; i++)
		if (pat_match(&f->re[i], text))
			return i;
	return -1;
}

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

static void echo(struct pf *f, pid_t pid, int pat)
{
	item(f);
	if (pat >= 0 && pat < f->nlab && *f->labels[pat]) {
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

static void do_kill(struct pf *f, const struct proc *p, struct ptarget *t)
{
	int sig = f->sigs[0];

	if (f->ifhandled && sig > 0 && !(p->sigcgt >> (sig - 1) & 1)) {
		f->errors++;
		warn("%d does not catch SIG%s; not signalled", (int)p->pid,
		    sig_name(sig) ? sig_name(sig) : "?");
		return;
	}
	if (pid_signal(t, sig) && errno != ESRCH)
		failed(f, "kill", p->pid);
	clock_gettime(CLOCK_MONOTONIC, &f->lastkill);
}

static void do_nice(struct pf *f, pid_t pid)
{
	int cur, want;

	errno = 0;
	cur = getpriority(PRIO_PROCESS, (id_t)pid);
	if (cur == -1 && errno) {
		if (errno != ESRCH)
			failed(f, "nice", pid);
		return;
	}
	want = cur + f->nice;
	want = want > 19 ? 19 : want < -20 ? -20 : want;
	if (setpriority(PRIO_PROCESS, (id_t)pid, want) && errno != ESRCH)
		failed(f, "nice", pid);
}

/* what must be kept for after the scan */
static int keeps(const struct pf *f)
{
	return (f->acts & (A_PATH | A_AID | A_WAIT | A_WAITALL)) ||
	    ((f->acts & A_KILL) && f->nsig > 1);
}

static int act(void *ctx, struct proc_iter *it, const struct proc *p, int pat)
{
	struct pf *f = ctx;
	struct ptarget t = {p->pid, -1, 0};

	if (f->acts & A_ECHO)
		echo(f, p->pid, pat);
	if ((f->acts & (A_KILL | A_WAIT | A_WAITALL)) || keeps(f))
		if (pid_open(&t, p->pid, proc_anchor(it)))
			return 0;   /* gone since it was read */
	if (f->acts & A_KILL)
		do_kill(f, p, &t);
	if (f->acts & A_NICE)
		do_nice(f, p->pid);
	if (keeps(f)) {
		f->tg = grow(f->tg, f->ntg, &f->captg, sizeof *f->tg);
		f->tg[f->ntg++] = t;
	} else {
		pid_close(&t);
	}
	return 0;
}

static void sleep_s(double s)
{
	struct timespec ts;

	if (s <= 0)
		return;
	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* each further signal, -D after the previous round */
static void later_signals(struct pf *f)
{
	struct timespec now;
	double since;

	clock_gettime(CLOCK_MONOTONIC, &now);
	since = (double)(now.tv_sec - f->lastkill.tv_sec) +
	    (double)(now.tv_nsec - f->lastkill.tv_nsec) / 1e9;
	sleep_s(f->delay - since);
	for (int i = 1; i < f->nsig; i++) {
		for (size_t k = 0; k < f->ntg; k++)
			if (pid_signal(&f->tg[k], f->sigs[i]) && errno != ESRCH)
				failed(f, "kill", f->tg[k].pid);
		if (i + 1 < f->nsig)
			sleep_s(f->delay);
	}
}

/* the chain pid, parent, ... up to (without) a root: a process whose
 * parent is 0 (init, and kthreadd in the first PID namespace: the spec's
 * "without 0, 1, 2", which also holds inside a PID namespace where PID 2
 * is an ordinary process). aid_only: just the last one (the pid itself
 * when it is a root). */
static void chain(struct pf *f, struct proc_iter *it, pid_t pid, int aid_only)
{
	pid_t top = pid;
	struct proc p;

	for (int depth = 0; pid > 0 && depth < 4096; depth++) {
		if (!proc_get(it, pid, 0, &p) || p.ppid == 0)
			break;
		if (!aid_only) {
			item(f);
			out_ll(pid);
		}
		top = pid;
		pid = p.ppid;
	}
	if (aid_only) {
		item(f);
		out_ll(top);
	}
}

static void tree_actions(struct pf *f)
{
	struct proc_iter it;

	if (proc_open(&it, f->s.path, PROC_STAT) < 0)
		return;
	if (f->acts & A_AID) {
		for (size_t k = 0; k < f->ntg; k++)
			chain(f, &it, f->tg[k].pid, 1);
		end_block(f);
	}
	if (f->acts & A_PATH)
		for (size_t k = 0; k < f->ntg; k++) {
			chain(f, &it, f->tg[k].pid, 0);
			f->wrote = 1;
			end_block(f);
		}
	proc_close(&it);
}

static void finish(struct pf *f)
{
	for (int i = 0; i < f->nlab; i++)
		if (!f->used[i] && *f->labels[i] && (f->acts & A_ECHO)) {
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
	if ((f->acts & A_KILL) && f->nsig > 1)
		later_signals(f);
	if (f->acts & (A_WAIT | A_WAITALL))
		pid_wait(f->tg, (int)f->ntg, !(f->acts & A_WAIT), f->limit,
		    f->delay);
}

static void setup(struct pf *f)
{
	if (!f->npat && !f->criteria)
		die(2, "no criteria given (a PATTERN or a selecting option); -h for help");
	compile(f);
	if (!f->acts)           /* before -N/-s add theirs: they echo too */
		f->acts = A_ECHO;
	if (f->nice)
		f->acts |= A_NICE;
	if (f->nsig)
		f->acts |= A_KILL;
	if ((f->acts & A_KILL) && !f->nsig) {
		f->sigs = xmalloc(sizeof *f->sigs);
		f->sigs[f->nsig++] = SIGTERM;
	}
	if (f->xppid) {
		add(&f->s.exclude, getppid());
		f->s.exclude_pgrp = getpgrp();
	} else if (f->acts & A_KILL) {
		/* `pk -f myscript` run from myscript must not kill the script */
		add(&f->s.exclude, getppid());
	}
	f->s.match = f->npat ? match : NULL;
	f->s.need = f->npat ? (f->full ? PROC_CMDLINE | PROC_COMM : PROC_COMM) : 0;
	if (f->ifhandled)
		f->s.need |= PROC_STATUS;
	f->s.act = f->exist ? NULL : act;
	f->s.ctx = f;
	if (f->exist)
		f->s.first = 1;
}

static int run(int argc, char **argv, unsigned acts)
{
	static struct pf f;
	int rc;

	f.acts = acts;
	f.delay = 0.04;
	f.delim = " ";
	f.term = "\n";
	qb_fatal = 3;
	if (opt_parse(&optset, argc, argv, on_opt, &f)) {
		write_all(2, opt_err, strlen(opt_err));
		write_all(2, "\n", 1);
		return 2;
	}
	if (f.help) {
		opt_help(&optset, qb_prog);
		return 0;
	}
	setup(&f);
	rc = sel_run(&f.s);
	if (rc == -1)
		die(3, "cannot read /proc:");
	if (rc == -2) {
		warn("no such process: %d", (int)(f.s.ns_pid > 0 ? f.s.ns_pid :
		    f.s.root_pid));
		return 1;
	}
	if (f.exist)
		return f.s.nsel ? 0 : 1;
	finish(&f);
	return !f.s.nsel ? 1 : f.errors ? 3 : 0;
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
