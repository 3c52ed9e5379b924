/* select.h: the selection engine: every criterion of every process finder
 * (pf/pk/pw, pgrep/pkill/pidwait, pidof), held once; matching processes go
 * out to an action hook in one pass over /proc.
 *
 * The caller fills a struct sel (zero it first: every criterion is off when
 * zero/empty), then calls sel_run(). The engine walks /proc once with the
 * reader (proc.h), reading for every process only what the criteria and
 * the match/keep hooks need, and what act() needs (need_act) only for the
 * processes selected, and calls act() for each selected process AS IT IS FOUND (a kill
 * lands during the scan) -- except with pick (newest/oldest), where the one
 * winner is acted on after the scan (re-read, and only if it is still the
 * same process). Anything else that needs the whole set (wait, path,
 * later signal rounds) is the caller's: act() can record what it needs.
 *
 * A process is selected when it satisfies ALL the given criteria; invert
 * selects exactly the others. Never selected, even inverted: ourselves
 * (proc_self; unless SEL_Q_SELF) and the exclude list.
 *
 * Where procps behaves in its own way, a quirk flag asks for it: the
 * procps front end sets them, the native one does not.
 *
 * Patterns are asked last, only when every other criterion held: the
 * engine's own (pats: pat.h patterns against the name or the command
 * line, how pf matches), or the caller's match() hook, which gets the
 * process (with the fields of `need` read) and says whether it matches
 * (how pgrep matches its escaped strings). */
#ifndef QB_SELECT_H
#define QB_SELECT_H

#include <stddef.h>

#include "process/ident.h"
#include "lib/pat.h"
#include "process/proc.h"

/* a growable list of numbers (PIDs, uids, gids, tty_nrs) */
struct sel_list {
	long long *v;
	size_t n, cap;
};
/* append (dies like xrealloc when memory runs out) */
void sel_add(struct sel_list *l, long long v);
int sel_has(const struct sel_list *l, long long v);
void sel_free(struct sel_list *l);

struct sel;

/* a growable list of strings (cgroups, environment items); the strings
 * stay the caller's; the applets exit without freeing them */
struct sel_strs {
	const char **v;
	size_t n, cap;
};
void sel_add_str(struct sel_strs *l, const char *s);

/* the items of -p: identity tokens (ident.h) the PIDs of the pids list
 * must still match, and plain PIDs (IDENT_PID, always seen) */
struct sel_ident {
	struct ident id;
	int seen;               /* result: the PID still named that process */
};
struct sel_idents {
	struct sel_ident *v;
	size_t n, cap;
	size_t tokens;          /* how many are not plain PIDs */
};
/* an item of -p: its PID joins the pids list (once); a PID:INODE or
 * PID@START token also makes the scan skip that PID unless the process
 * there is still the one the token names, or a plain PID or another
 * token of the list names it too (the union of what the items name; not
 * inverted by invert: a stale token selects nothing); seen says which
 * ones did */
void sel_add_ident(struct sel *s, const struct ident *id);

enum { SEL_ALL = 0, SEL_NEWEST = 1, SEL_OLDEST = 2 };

/* quirks: procps's ways, asked for by its front end */
enum {
	SEL_Q_ENV_PREFIX = 1 << 1, /* env item NAME matches any word that
	                             starts with it (HO matches HOME=...); an
	                             empty or unreadable environ reads "-" */
	SEL_Q_NS_ZERO = 1 << 2,   /* an unreadable namespace (of a process or
	                             of ns_pid) reads as inode 0 */
	SEL_Q_SELF = 1 << 3,      /* we may select ourselves */
};

struct sel {
	/* criteria; an empty list filters nothing */
	struct sel_list pids;    /* visit only these PIDs, in this order
	                            (with tree: in /proc order) */
	struct sel_idents idents; /* identity checks on some of them */
	struct sel_list tgid;    /* thread group one of these (PID files) */
	struct sel_list ppid, pgrp, sid, tty;  /* tty: tty_nr, 0 = none */
	struct sel_list euid;    /* effective uid (from status) */
	struct sel_list ruid;    /* real uid (status) */
	struct sel_list egid, rgid; /* effective/real gid (status) */
	struct sel_list ouid, ogid; /* owner of /proc/PID (effective ids) */
	struct sel_list exclude; /* never selected */
	pid_t exclude_pgrp;      /* >0: processes of this group never selected */
	const char *states;      /* run-state letters; NULL = any */
	long long age;           /* ticks: >0 older than, <0 younger than -age */
	int has_age;             /* age given (0 then filters nothing) */
	pid_t ns_pid;            /* >0: same namespaces (nsmask) as this PID */
	unsigned nsmask;         /* 1 << PROC_NS_x; 0 means PROC_NS_ALL */
	pid_t root_pid;          /* >0: same root directory as this PID */
	struct sel_strs cgroup;  /* cgroup v2 path ("0::PATH") one of these */
	struct sel_strs env;     /* an environ word matching one of these:
	                            NAME=VALUE exactly, or the variable NAME */
	int handler;             /* 1: only processes with a handler ... */
	int handler_sig;         /* ... installed for this signal (SigCgt) */
	unsigned quirks;         /* SEL_Q_* */
	int invert;              /* select the complement */
	int first;               /* stop after the first selected process */
	int pick;                /* SEL_NEWEST / SEL_OLDEST: one (ties: higher /
	                            lower PID) */
	int threads;             /* visit every thread (p->tid) */
	int tree;                /* also every descendant of each selected
	                            process, from the parent links of this
	                            one scan (acted on after it, each re-read
	                            and only if it is still the same process
	                            under the same parent); a process whose
	                            parent died before the scan has been
	                            reparented and cannot be found */
	unsigned need;           /* PROC_* the hooks read (PROC_COMM for a
	                            name pattern, PROC_CMDLINE for -f ...) */
	unsigned need_act;       /* PROC_* only act reads (what it shows):
	                            read for the selected processes only,
	                            in the same pass, as each is chosen
	                            (proc_fill), so the others cost what
	                            they would without it; PROC_ANCHOR when
	                            act takes proc_anchor() or reads more
	                            files of p through it (fields.h's late
	                            ones), or keeps a file it opened past its
	                            return (a pidfd: target.h) */

	/* the pattern criterion, none when npat is 0: the index of the
	 * first of pats (compiled, pat.h) found in the name (comm) or, with
	 * full, in the command line made one line (NULs and other control
	 * bytes as blanks, trailing blanks cut; the name when empty) goes
	 * on to act */
	const struct pat *pats;
	size_t npat;
	int full;
	/* or the caller's pattern hook, NULL = none (with npat 0). Return <0
	 * for no match, else the index of the (first) matching pattern,
	 * passed on to act. */
	int (*match)(void *ctx, struct proc_iter *it, const struct proc *p);
	/* extra predicate hook (a caller's own criterion), NULL = none:
	 * return 1 to keep, 0 to reject. Part of the conjunction -v inverts. */
	int (*keep)(void *ctx, struct proc_iter *it, const struct proc *p);
	/* action hook, called once per selected process; pat is match()'s
	 * index (-1 when no pattern, or inverted). Return 0 to go on, 1 to
	 * stop the scan. proc_anchor(it) is valid during the call. */
	int (*act)(void *ctx, struct proc_iter *it, const struct proc *p, int pat);
	void *ctx;

	/* results */
	size_t nsel;             /* processes selected (act calls) */
	const char *path;        /* /proc to use (NULL = "/proc"); for tests */
};

/* 0 after the scan; -1 if /proc could not be read (errno); -2 when ns_pid
 * or root_pid does not exist (nothing was scanned).
 *
 * The engine decides whether a large table may be read by several
 * threads at once (parscan.h): when every test is its own (no match or
 * keep hook) and the whole table is read (none of first, pick, tree,
 * threads, pids), with more than one CPU allowed. Then act is still
 * called one process at a time, in /proc order, each as soon as every
 * earlier part is done, and proc_anchor() is the process's own file kept
 * open since it was read when need_act has PROC_ANCHOR, else -1.
 * QB_THREADS=1 in the environment forces one thread; QB_THREADS=N (2..8)
 * N threads from the first process on. */
int sel_run(struct sel *s);

/* sel_run reading /proc as procps reads it: each entry as the directory
 * gives it, one process at a time (no listing ahead, no threads), so a
 * process born during the scan is seen where procps would see it; and
 * patterns only through the match hook (pats is ignored). For the procps
 * front ends: a build of those alone then links no thread code and no
 * pattern code they do not call themselves. */
int sel_run_procps(struct sel *s);

/* free the lists of s (adding a criterion: select.c, one row of its
 * tables) */

/* 1 when p (read with PROC_STATUS) has a handler for sig; signal 0 and
 * numbers beyond the mask have none */
int sel_catches(const struct proc *p, int sig);

#endif
