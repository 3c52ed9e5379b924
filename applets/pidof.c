/* pidof.c: procps-ng 4.0.6's pidof, with sysvinit's -d SEP and -z (its
 * pidof is Debian's): a name matches argv[0], the executable, or (for
 * scripts, setproctitle, zombies) the comm; PIDs per program in
 * descending order. The scan is the process engine's
 * (select.h): -o is its exclude list, -c its root criterion; which
 * program a process is, is decided per process in the act hook. */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "applets.h"
#include "lib/err.h"
#include "process/escape.h"
#include "lib/loc.h"
#include "lib/opt.h"
#include "lib/out.h"
#include "process/proc.h"
#include "process/psnum.h"
#include "process/select.h"

/* every option has a case in pidof_opt(): -Wswitch says when one lacks */
enum pidofopt {
	P_OPERAND = OPT_OPERAND, P_CHECKROOT, P_SINGLE, P_OMIT, P_SEP, P_QUIET,
	P_WORKERS, P_HELP, P_VERSION, P_SCRIPTS, P_NFS, P_M, P_QMARK,
	P_THREADS, P_DSEP, P_ZOMBIES, P_NOPTS
};
static const struct optdef pidof_defs[] = {
	[P_CHECKROOT] = {OPT_TEXT("check-root", "", ""), 'c', 0, 0},
	[P_SINGLE] = {OPT_TEXT("single-shot", "", ""), 's', 0, 0},
	[P_OMIT] = {OPT_TEXT("omit-pid", "", ""), 'o', OPT_VALUE, 0},
	[P_SEP] = {OPT_TEXT("separator", "", ""), 'S', OPT_VALUE, 0},
	[P_QUIET] = {OPT_TEXT("quiet", "", ""), 'q', 0, 0},
	[P_WORKERS] = {OPT_TEXT("with-workers", "", ""), 'w', 0, 0},
	[P_HELP] = {OPT_TEXT("help", "", ""), 'h', 0, 0},
	[P_VERSION] = {OPT_TEXT("version", "", ""), 'V', 0, 0},
	[P_SCRIPTS] = {OPT_TEXT("", "", ""), 'x', 0, 0},
	[P_NFS] = {OPT_TEXT("", "", ""), 'n', 0, 0},
	[P_M] = {OPT_TEXT("", "", ""), 'm', 0, 0},
	[P_QMARK] = {OPT_TEXT("", "", ""), '?', 0, 0},
	/* procps-ng 4.0.4 */
	[P_THREADS] = {OPT_TEXT("lightweight", "", ""), 't', 0, 0},
	/* sysvinit's pidof (Debian's /usr/bin/pidof): -d SEP, -z */
	[P_DSEP] = {OPT_TEXT("", "", ""), 'd', OPT_VALUE, 0},
	[P_ZOMBIES] = {OPT_TEXT("", "", ""), 'z', 0, 0},
	[P_NOPTS] = {0, 0, 0, 0}
};
_Static_assert(sizeof pidof_defs / sizeof *pidof_defs == P_NOPTS + 1,
    "one row of pidof_defs per option of enum pidofopt, then the end row");

struct pof {
	int single, quiet, scripts, workers, utf8, threads, zombies;
	struct sel sel;          /* -o: exclude; -c: root_pid */
	const char *sep;
	size_t seplen;
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
	    " -t, --lightweight         list threads too\n"
	    /* sic: procps has no newline here, so no blank line follows */
	    " -S, --separator SEP       use SEP as separator put between PIDs\n");
	/* the same literal as pgrep's: one copy in the whole binary */
	out_str(" -h, --help     display this help and exit\n"
	    " -V, --version  output version information and exit\n"
	    "\nFor more details see ");
	out_str("pidof(1).\n");
	xexit(err ? 1 : 0);
}

/* -o: PIDs separated by any of ",;:", or %PPID; junk warns, goes on */
static void pidof_omit(struct pof *o, char *arg)
{
	char *tok, *save = 0;

	for (tok = strtok_r(arg, ",;:", &save); tok; tok = strtok_r(0, ",;:", &save)) {
		long v;

		if (!strcmp(tok, "%PPID"))
			v = getppid();
		else {
			const char *end;

			v = (pid_t)ps_strtoul(tok, &end);  /* procps's cut */
			if (end == tok || *end) {
				warn("illegal omit pid value (%s)!\n", tok);
				continue;
			}
		}
		sel_add(&o->sel.exclude, v);
	}
}

/* -c: only as root (procps), against our own root directory */
static void pidof_checkroot(struct pof *o)
{
	if (geteuid() == 0)
		o->sel.root_pid = getpid();
}

static int pidof_opt(void *ctx, int id, char *v)
{
	struct pof *o = ctx;

	switch ((enum pidofopt)id) {
	case P_OPERAND:
		o->progs[o->nprogs++] = v;
		break;
	case P_QUIET: o->quiet = 1; /* fall through */
	case P_SINGLE: o->single = 1; break;
	case P_OMIT: pidof_omit(o, v); break;
	case P_SCRIPTS: o->scripts = 1; break;
	case P_WORKERS: o->workers = 1; break;
	case P_THREADS: o->threads = 1; break;
	case P_CHECKROOT: pidof_checkroot(o); break;
	case P_SEP: o->sep = v, o->seplen = strlen(v); break;
	/* sysvinit's -d takes one character, NUL for an empty SEP */
	case P_DSEP: o->sep = v, o->seplen = 1; break;
	case P_ZOMBIES: o->zombies = 1; break;
	case P_VERSION:
		out_str(qb_prog);
		out_str(" from procps-ng 4.0.6\n");
		xexit(0);
	case P_HELP: pidof_usage(0);
	case P_QMARK: pidof_usage(1);
	case P_NFS: case P_M: case P_NOPTS: break;  /* accepted, ignored */
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
	int zombie;              /* -z asked, and this is one */
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
	/* -z: a zombie has no command line and no exe, only its comm, which
	 * sysvinit's pidof compares with the name's basename; an absolute
	 * path it tries on the exe alone, as root (it has no other way) */
	if (v->zombie && !strcmp(pb, v->comm) && (*prog != '/' || getuid()))
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
	q = s + esc_args(s, p->cmdline_len, 0, 0) + 1;
	v->arg0 = s + (*s == '-');
	if (q < e)
		v->arg1 = q;
}

/* the act hook: which of the programs p is */
static int pidof_act(void *ctx, struct proc_iter *it, const struct proc *cp,
    int pat)
{
	static struct pview v;
	struct pof *o = ctx;
	struct proc *p = (struct proc *)cp;  /* its cmdline is ours to cut */
	char cbuf[sizeof p->comm];

	(void)pat;
	esc_name(cbuf, sizeof cbuf, p->comm, p->comm_len, o->utf8);
	v.comm = cbuf;
	v.zombie = o->zombies && p->state == 'Z';
	pidof_args(&v, p);
	if (proc_link(it, p, "exe", v.exe, sizeof v.exe) < 0)
		v.exe[0] = 0;
	for (int i = 0; i < o->nprogs; i++)
		if (pidof_is(o, o->progs[i], &v))
			sel_add(&o->found[i], p->pid);
	return 0;
}

static void pidof_scan(struct pof *o)
{
	struct sel *s = &o->sel;

	s->need = PROC_COMM | PROC_CMDLINE | (o->zombies ? PROC_STAT : 0);
	s->quirks = SEL_Q_SELF;
	s->act = pidof_act;
	s->ctx = o;
	/* -2 (no root_pid): cannot be, -c names ourselves */
	if (sel_run_procps(s) == -1)
		die(1, "cannot read /proc:");
}

/* -t: the threads of each program's processes instead, through the
 * engine's thread mode over exactly those PIDs */
static int add_tid(void *ctx, struct proc_iter *it, const struct proc *p,
    int pat)
{
	(void)it, (void)pat;
	sel_add(ctx, p->tid);
	return 0;
}

static void pidof_threads(struct pof *o)
{
	for (int i = 0; i < o->nprogs; i++) {
		struct sel s;

		if (!o->found[i].n)
			continue;
		memset(&s, 0, sizeof s);
		s.pids = o->found[i];
		s.threads = 1;
		s.quirks = SEL_Q_SELF;
		s.act = add_tid;
		s.ctx = &o->found[i];
		o->found[i] = (struct sel_list){0};
		if (sel_run_procps(&s) == -1)
			die(1, "cannot read /proc:");
		sel_free(&s.pids);
	}
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
				out_write(o->sep, o->seplen);
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
	o.sep = " ", o.seplen = 1;
	o.progs = xmalloc((size_t)argc * sizeof *o.progs);
	if (opt_parse(&os, argc, argv, pidof_opt, &o)) {
		opt_err_print();
		pidof_usage(1);
	}
	for (i = 0; i < o.nprogs; i++)   /* procps skips empty names */
		if (*o.progs[i])
			o.progs[n++] = o.progs[i];
	o.nprogs = n;
	o.utf8 = loc_utf8() | ESC_NEW;  /* procps-ng 4.0.4+ escaping */
	o.found = xmalloc((size_t)(n + 1) * sizeof *o.found);
	memset(o.found, 0, (size_t)(n + 1) * sizeof *o.found);
	if (n)
		pidof_scan(&o);
	if (o.threads)
		pidof_threads(&o);
	n = pidof_print(&o);
	/* other write errors are failures, as procps's close_stdout says */
	out_flush_pipe_ok();
	return n;
}

