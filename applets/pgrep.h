/* pgrep.h: what the files of the procps personalities share: the parsed
 * command line (struct pg) and the functions one file calls in another.
 *
 *   pgrep.c        option table, help, parsing, program entries
 *   pgrep_list.c   list arguments (-u -G -P -g -s -t --cgroup --nslist),
 *                  -A's ancestors, signal names
 *   pgrep_match.c  names as procps shows them, criteria, selection
 *   pgrep_act.c    what is done with the selection: print, kill, wait
 *   pgrep_pidof.c  pidof, which shares only the escaping and locale test */
#ifndef QB_PGREP_H
#define QB_PGREP_H

#include <stddef.h>

#include "pat.h"
#include "proc.h"
#include "select.h"

enum { PGREP, PKILL, PIDWAIT };
enum { EXIT_USAGE = 2, EXIT_FATAL = 3 };

/* procps's longopts, in its order (glibc lists ambiguities in it) */
enum {
	O_SIGNAL, O_ANC, O_COUNT, O_CGROUP, O_DELIM, O_LNAME, O_LFULL, O_FULL,
	O_PGRP, O_GROUP, O_ICASE, O_NEWEST, O_OLDEST, O_OLDER, O_PARENT,
	O_SESSION, O_TERM, O_EUID, O_UID, O_INVERSE, O_LWP, O_EXACT, O_PIDFILE,
	O_LOCK, O_ECHO, O_NS, O_NSLIST, O_QUEUE, O_RUNST, O_HELP, O_VERSION,
	O_HANDLER, O_ENV, O_QUOTE,  /* procps-ng 4.0.3+: only in full */
	O_QMARK, O_NOPTS
};

/* procps numbers the namespaces cgroup ipc mnt net pid time user uts and
 * checks the first six unless --nslist says otherwise */
#define NS_COUNT 8
extern const char *const pg_ns_names[NS_COUNT];

/* one selected process: its PID (TID with -w), what -l/-a/-e print, and
 * for pkill/pidwait a pidfd taken at match time (-1 none, -2 gone) */
struct hit { long pid; char *str; int fd, err; };

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
	char **env;          /* --env NAME[=VALUE] list, same shape */
	int nenv;
	int handler, quote;  /* -H, -Q (newer procps, see docs) */
	unsigned long long nsref[NS_COUNT];
	struct pat re;       /* the pattern, or ^(pattern)$ for -x */
	char *rebuf;         /* -x's string: pat.h points into it */
	int utf8;            /* escape flavour: 1 in a UTF-8 locale */
	/* the selected processes */
	struct hit *hits;
	size_t nhits, caphits;
	char shown[sizeof ((struct proc *)0)->comm]; /* -e's name buffer */
};

/* pgrep.c */
_Noreturn void pg_usage(const struct pg *g, int err);
_Noreturn void pg_die_try(int code, const char *what);
void pg_warn_raw(const char *line);

/* pgrep_list.c */
int pg_list_opt(struct pg *g, int id, char *v);
void pg_ancestors(struct pg *g);
int pg_signum(const char *name);
int pg_signal_prescan(int *argc, char **argv);

/* pgrep_match.c */
int pg_locale_set(void);
const char *pg_comm_str(const struct pg *g, const struct proc *p);
const char *pg_cmd_str(const struct pg *g, struct proc_iter *it,
    const struct proc *p);
void pg_select(struct pg *g);

/* pgrep_match.c: -H's test, 1 when p has a handler for signal sig */
int pg_has_handler(struct proc_iter *it, const struct proc *p, int sig);

/* pgrep_act.c */
int pg_act(void *ctx, struct proc_iter *it, const struct proc *p, int pat);
int pg_print(struct pg *g);
int pg_kill(struct pg *g);
int pg_wait(struct pg *g);

#endif
