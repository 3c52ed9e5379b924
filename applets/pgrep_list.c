/* pgrep_list.c: pgrep/pkill/pidwait arguments that are lists or names:
 * -u -U -G -P -g -s -t --cgroup --nslist, -A's ancestors, signals. */
#include <ctype.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "err.h"
#include "pgrep.h"
#include "sig.h"

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
		pg_usage(g, 1);
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

static void add_env(struct pg *g, const char *s, void *to)
{
	(void)to;
	g->env = xrealloc(g->env, (g->nenv + 2) * sizeof *g->env);
	g->env[g->nenv++] = xstrdup(s);
	g->env[g->nenv] = 0;
}

/* --nslist: every element resets the set, so the last one counts
 * (procps 4.0.2); an unknown name exits 2 without a word */
static void add_ns(struct pg *g, const char *s, void *to)
{
	int i;

	(void)to;
	g->nsflags = 0;
	for (i = 0; i < NS_COUNT && strcmp(s, pg_ns_names[i]); i++)
		;
	if (i == NS_COUNT)
		xexit(EXIT_USAGE);
	g->nsflags = 1 << i;
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

/* -A: our parent, its parent, ... up to (and with) 0 */
void pg_ancestors(struct pg *g)
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
int pg_signum(const char *name)
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
int pg_signal_prescan(int *argc, char **argv)
{
	int i, s;

	for (i = 1; i < *argc; i++) {
		if (argv[i][0] != '-' || (s = pg_signum(argv[i] + 1)) < 0)
			continue;
		memmove(argv + i, argv + i + 1, sizeof *argv * (*argc - i));
		(*argc)--;
		return s;
	}
	return -1;
}

int pg_list_opt(struct pg *g, int id, char *v)
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
	case O_ENV:          /* the last list wins, as procps's split_list */
		g->nenv = 0;
		split(g, v, add_env, 0);
		g->criteria++;
		break;
	default: return 0;
	}
	return 1;
}
