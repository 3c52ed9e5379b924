/* select.c: the selection engine: one /proc pass, every criterion, the
 * act hook; the parallel pass of large tables is the same pass shared out
 * to threads (the hooks still called one at a time, in /proc order). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stddef.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "num.h"
#include "pat.h"
#include "select.h"
#include "vec.h"

void sel_add(struct sel_list *l, long long v)
{
	VEC_PUSH(l->v, l->n, l->cap, v);
}

/* lists are short (a few options), so a linear scan beats sorting */
int sel_has(const struct sel_list *l, long long v)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i] == v)
			return 1;
	return 0;
}

void sel_free(struct sel_list *l)
{
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}

void sel_add_str(struct sel_strs *l, const char *v)
{
	VEC_PUSH(l->v, l->n, l->cap, v);
}

/* each PID joins the list once (a linear test, as sel_has: -p lists
 * are typed or pasted; stale() is as linear per token) */
void sel_add_ident(struct sel *s, const struct ident *id)
{
	struct sel_ident e = { *id, id->kind == IDENT_PID };

	if (!sel_has(&s->pids, id->pid))
		sel_add(&s->pids, id->pid);
	VEC_PUSH(s->idents.v, s->idents.n, s->idents.cap, e);
	s->idents.tokens += id->kind != IDENT_PID;
}

/* a -p token names p's PID but not p, and nothing else of -p names p:
 * skip it. Several items may name one PID: any that holds will do (the
 * union: a plain PID always does). */
static int stale(struct sel *s, struct proc_iter *it, const struct proc *p)
{
	int named = 0, same = 0;

	for (size_t i = 0; i < s->idents.n; i++) {
		struct sel_ident *e = &s->idents.v[i];

		if (e->id.pid != p->pid)
			continue;
		named = 1;
		if (e->id.kind == IDENT_PID ||
		    ident_same(p, proc_anchor(it), &e->id))
			e->seen = same = 1;
	}
	return named && !same;
}

int sel_catches(const struct proc *p, int sig)
{
	return sig >= 1 && sig <= 64 && (p->sigcgt >> (sig - 1) & 1);
}

/* with SEL_Q_TTY_SHORT, a tty list hides the tests after it */
static int tty_short(const struct sel *s)
{
	return (s->quirks & SEL_Q_TTY_SHORT) && s->tty.n;
}

/* -T: the parent links of the scan */
struct link {
	pid_t pid, ppid;
	unsigned long long start;
	int in;                      /* selected, or below a selected one */
};

/* the scan's state beside the user's struct sel */
struct run {
	struct link *links;
	size_t nlinks, caplinks;
	struct sel *s;
	struct proc_iter *it;
	struct proc ref;             /* ns/root of ns_pid/root_pid */
	unsigned long long now;      /* ticks since boot, for age */
	pid_t self;
	int nthreads;                /* > 1: a parallel scan may follow ... */
	size_t par_min;              /* ... if at least this many are listed */
	unsigned char lists[16];     /* the list rows given ... */
	unsigned char crits[16];     /* ... and the other criteria's */
	size_t nlists, ncrits;       /* none but match(): the tests are
	                                skipped, which is most of a name-only
	                                scan's engine cost (docs/PERFORMANCE.md,
	                                "Process engine: instruction
	                                counts") */
	int have_best;
	pid_t best_pid, best_tid;
	unsigned long long best_start;
};

static int age_ok(const struct run *r, const struct proc *p)
{
	const struct sel *s = r->s;
	long long lived = (long long)(r->now - p->start);

	if (!s->has_age || !s->age)
		return 1;
	return s->age > 0 ? lived > s->age : lived < -s->age;
}

static int ns_ok(const struct run *r, const struct proc *p)
{
	for (int i = 0; i < PROC_NS_N; i++)
		if ((r->it->nsmask & 1u << i) && p->ns[i] != r->ref.ns[i])
			return 0;
	return 1;
}

static int root_ok(const struct run *r, const struct proc *p)
{
	return p->root_dev == r->ref.root_dev && p->root_ino == r->ref.root_ino;
}

/* cgroup v2 lines "0::PATH" (lines end at '\n' or NUL; an empty one
 * ends the list) against the cgroup names */
static int cgroup_ok(const struct sel *s, struct proc_iter *it,
    const struct proc *p)
{
	size_t len, i;
	char *c = proc_file(it, p, "cgroup", &len), *e;

	if (!c)
		return 0;
	for (i = 0; i < len; i = (size_t)(e - c) + 1) {
		e = c + i + strcspn(c + i, "\n");
		if (e == c + i)
			return 0;
		*e = 0;
		if (!strncmp(c + i, "0::", 3))
			for (size_t k = 0; k < s->cgroup.n; k++)
				if (!strcmp(c + i + 3, s->cgroup.v[k]))
					return 1;
	}
	return 0;
}

/* does environ word w match an item: NAME=VALUE exactly; NAME as the
 * variable's name (procps: as a prefix of the word) */
static int env_word(const struct sel *s, const char *w)
{
	int prefix = s->quirks & SEL_Q_ENV_PREFIX;

	for (size_t k = 0; k < s->env.n; k++) {
		const char *item = s->env.v[k];
		size_t n = strlen(item);

		if (strchr(item, '=') ? !strcmp(w, item) :
		    !strncmp(w, item, n) && (prefix || !w[n] || w[n] == '='))
			return 1;
	}
	return 0;
}

/* the words of /proc/PID/environ, split at NULs and newlines; the first
 * empty word ends the list */
static int env_ok(const struct sel *s, struct proc_iter *it,
    const struct proc *p)
{
	size_t len, i, e;
	char *w = proc_file(it, p, "environ", &len);

	if (!w || !len)
		return (s->quirks & SEL_Q_ENV_PREFIX) && env_word(s, "-");
	for (i = 0; i < len; i = e + 1) {
		e = i + strcspn(w + i, "\n");  /* w[len] is a NUL */
		if (e == i)
			return 0;
		w[e] = 0;
		if (env_word(s, w + i))
			return 1;
	}
	return 0;
}

/* ---- the criteria: one row each ---- */

/* The number lists: the field of p a list holds, what the reader must
 * read for it. A new list: a member of struct sel, its row here. */
#define FIELD(f) static long long get_##f(const struct proc *p) { return p->f; }
FIELD(pid) FIELD(ppid) FIELD(pgrp) FIELD(sid) FIELD(tty) FIELD(euid)
FIELD(ruid) FIELD(egid) FIELD(rgid) FIELD(ouid) FIELD(ogid)
#undef FIELD
static const struct list_row {
	size_t off;             /* of the struct sel_list in struct sel */
	unsigned need;
	long long (*field)(const struct proc *p);
} list_rows[] = {
	{offsetof(struct sel, tgid), 0, get_pid},
	{offsetof(struct sel, ppid), PROC_STAT, get_ppid},
	{offsetof(struct sel, pgrp), PROC_STAT, get_pgrp},
	{offsetof(struct sel, sid), PROC_STAT, get_sid},
	{offsetof(struct sel, tty), PROC_STAT, get_tty},
	{offsetof(struct sel, euid), PROC_STATUS, get_euid},
	{offsetof(struct sel, ruid), PROC_STATUS, get_ruid},
	{offsetof(struct sel, egid), PROC_STATUS, get_egid},
	{offsetof(struct sel, rgid), PROC_STATUS, get_rgid},
	{offsetof(struct sel, ouid), PROC_OWNER, get_ouid},
	{offsetof(struct sel, ogid), PROC_OWNER, get_ogid},
};
#define NLIST (sizeof list_rows / sizeof *list_rows)

static const struct sel_list *list_of(const struct sel *s, size_t i)
{
	return (const struct sel_list *)((const char *)s + list_rows[i].off);
}

/* the other criteria, tested after the lists in this order (those that
 * read more files, cgroup and environ, last): whether it is given, what
 * the reader must read for it, the test */
static int on_states(const struct sel *s) { return s->states && !tty_short(s); }
static int on_age(const struct sel *s) { return s->has_age; }
static int on_ns(const struct sel *s) { return s->ns_pid > 0; }
static int on_root(const struct sel *s) { return s->root_pid > 0; }
static int on_handler(const struct sel *s) { return s->handler; }
static int on_cgroup(const struct sel *s) { return s->cgroup.n && !tty_short(s); }
static int on_env(const struct sel *s) { return s->env.n > 0; }
static int on_keep(const struct sel *s) { return s->keep != NULL; }

static int ok_states(struct run *r, struct proc_iter *it, const struct proc *p)
{
	(void)it;
	return p->state && strchr(r->s->states, p->state);
}
static int ok_age(struct run *r, struct proc_iter *it, const struct proc *p)
{
	(void)it;
	return age_ok(r, p);
}
static int ok_ns(struct run *r, struct proc_iter *it, const struct proc *p)
{
	(void)it;
	return ns_ok(r, p);
}
static int ok_root(struct run *r, struct proc_iter *it, const struct proc *p)
{
	(void)it;
	return root_ok(r, p);
}
static int ok_handler(struct run *r, struct proc_iter *it, const struct proc *p)
{
	(void)it;
	return sel_catches(p, r->s->handler_sig);
}
static int ok_cgroup(struct run *r, struct proc_iter *it, const struct proc *p)
{
	return cgroup_ok(r->s, it, p);
}
static int ok_env(struct run *r, struct proc_iter *it, const struct proc *p)
{
	return env_ok(r->s, it, p);
}
static int ok_keep(struct run *r, struct proc_iter *it, const struct proc *p)
{
	return r->s->keep(r->s->ctx, it, p);
}

static const struct crit_row {
	int (*on)(const struct sel *s);
	unsigned need;
	int (*ok)(struct run *r, struct proc_iter *it, const struct proc *p);
} crit_rows[] = {
	{on_states, PROC_STAT, ok_states},
	{on_age, PROC_STAT, ok_age},
	{on_ns, PROC_NS, ok_ns},
	{on_root, PROC_ROOT, ok_root},
	{on_handler, PROC_STATUS, ok_handler},
	{on_cgroup, 0, ok_cgroup},
	{on_env, 0, ok_env},
	{on_keep, 0, ok_keep},
};
#define NCRIT (sizeof crit_rows / sizeof *crit_rows)
_Static_assert(NLIST <= sizeof ((struct run *)0)->lists &&
    NCRIT <= sizeof ((struct run *)0)->crits, "struct run holds every row");

/* the rows given, for the scan (r->lists, r->crits); what the reader
 * must read for them and for the rest of the query */
static unsigned plan(struct run *r)
{
	const struct sel *s = r->s;
	unsigned n = s->need;

	for (size_t i = 0; i < NLIST; i++)
		if (list_of(s, i)->n) {
			r->lists[r->nlists++] = (unsigned char)i;
			n |= list_rows[i].need;
		}
	for (size_t i = 0; i < NCRIT; i++)
		if (crit_rows[i].on(s)) {
			r->crits[r->ncrits++] = (unsigned char)i;
			n |= crit_rows[i].need;
		}
	if (s->tree || s->pick || s->exclude_pgrp > 0 || s->idents.tokens)
		n |= PROC_STAT;
	return n;
}

void sel_done(struct sel *s)
{
	for (size_t i = 0; i < NLIST; i++)
		sel_free((struct sel_list *)((char *)s + list_rows[i].off));
	sel_free(&s->pids);
	sel_free(&s->exclude);
	free(s->idents.v);
	s->idents = (struct sel_idents){0};
	free(s->cgroup.v);
	free(s->env.v);
	s->cgroup = s->env = (struct sel_strs){0};
}

static int criteria_ok(struct run *r, struct proc_iter *it,
    const struct proc *p)
{
	for (size_t i = 0; i < r->nlists; i++) {
		const struct list_row *l = &list_rows[r->lists[i]];

		if (!sel_has(list_of(r->s, r->lists[i]), l->field(p)))
			return 0;
	}
	for (size_t i = 0; i < r->ncrits; i++)
		if (!crit_rows[r->crits[i]].ok(r, it, p))
			return 0;
	return 1;
}

/* the conjunction of all criteria, for p as read by it; *pat gets
 * match()'s index */
/* inlined: it runs for every process (docs/PERFORMANCE.md, "Process
 * engine: instruction counts") */
static inline __attribute__((always_inline)) int wanted(struct run *r,
    struct proc_iter *it, const struct proc *p,
    int *pat)
{
	struct sel *s = r->s;
	int ok;

	*pat = -1;
	ok = !(r->nlists | r->ncrits) || criteria_ok(r, it, p);
	if (ok && s->match)
		ok = (*pat = s->match(s->ctx, it, p)) >= 0;
	if (s->invert) {
		*pat = -1;
		return !ok;
	}
	return ok;
}

/* newest: latest start, ties to the higher PID; oldest the reverse */
static void consider(struct run *r, const struct proc *p)
{
	int newer = p->start > r->best_start ||
	    (p->start == r->best_start && p->tid > r->best_tid);

	if (r->have_best && newer != (r->s->pick == SEL_NEWEST))
		return;
	r->have_best = 1;
	r->best_pid = p->pid, r->best_tid = p->tid;
	r->best_start = p->start;
}

/* act on the pick if it is still the process we chose */
static void act_best(struct run *r)
{
	struct proc p;
	int pat;

	if (!r->have_best || !proc_get(r->it, r->best_pid, r->best_tid, &p) ||
	    p.start != r->best_start || !wanted(r, r->it, &p, &pat) ||
	    proc_fill(r->it, &p, r->s->need_act))
		return;
	r->s->nsel++;
	if (r->s->tree)
		for (size_t i = 0; i < r->nlinks; i++)
			if (r->links[i].pid == p.pid)
				r->links[i].in = 1;
	if (r->s->act)
		r->s->act(r->s->ctx, r->it, &p, pat);
}

/* -T: every process whose parent is in the tree joins it, until none
 * does; each is re-read and must still be the process of the snapshot
 * (same start time, same parent) */
static void act_tree(struct run *r)
{
	struct sel *s = r->s;
	int grew = 1;

	while (grew) {
		grew = 0;
		for (size_t i = 0; i < r->nlinks; i++) {
			struct link *l = &r->links[i];
			struct proc p;
			int up = 0;

			if (l->in || l->pid == r->self || sel_has(&s->exclude, l->pid))
				continue;
			for (size_t k = 0; k < r->nlinks && !up; k++)
				up = r->links[k].in && r->links[k].pid == l->ppid;
			if (!up)
				continue;
			l->in = grew = 1;
			if (!proc_get(r->it, l->pid, 0, &p) || p.start != l->start ||
			    p.ppid != l->ppid || proc_fill(r->it, &p, s->need_act))
				continue;  /* gone or replaced: not ours */
			s->nsel++;
			if (s->act && s->act(s->ctx, r->it, &p, -1))
				return;
		}
	}
}

/* read the reference process of ns_pid / root_pid; -1 if it does not
 * exist (with SEL_Q_NS_ZERO, ns_pid's unreadable types read as 0) */
static int load_ref(struct run *r, unsigned need)
{
	struct sel *s = r->s;
	int ok = 1;

	if (s->ns_pid > 0) {
		r->it->need = PROC_NS;
		ok = proc_get(r->it, s->ns_pid, 0, &r->ref) ||
		    (s->quirks & SEL_Q_NS_ZERO);
	}
	if (ok && s->root_pid > 0) {
		struct proc rt;

		r->it->need = PROC_ROOT;
		ok = proc_get(r->it, s->root_pid, 0, &rt);
		r->ref.root_dev = rt.root_dev, r->ref.root_ino = rt.root_ino;
	}
	r->it->need = need;
	return ok ? 0 : -1;
}

/* never selected, even inverted */
static int excluded(const struct run *r, const struct proc *p)
{
	const struct sel *s = r->s;

	return p->pid == r->self || sel_has(&s->exclude, p->pid) ||
	    (s->exclude_pgrp > 0 && p->pgrp == s->exclude_pgrp);
}

/* ---- the parallel scan of large tables ---- */

/* On a machine with several CPUs the scan first lists PAR_MIN PIDs
 * (getdents only); only if that many are there is the table
 * shared out to threads, whose start and hand-over would cost more than
 * they save on fewer (a container's ~70 are then read one by one from
 * that list, each once). Listing first, not reading a few processes
 * first, keeps the serial part to that one listing and a thread start.
 * The rest of the listing goes on while the threads read: it is a
 * sizeable part of a scan's time, too much to do first. (How PAR_MIN was
 * chosen, and the gains: docs/PERFORMANCE.md, "Parallel scan") */
#define PAR_MIN 192
#define PAR_CHUNK 32    /* PIDs a thread takes at a time */
#define PAR_LIST 8      /* parts listed per getdents64 call */
#define PAR_TAIL 8      /* PIDs per part of the last listing */
#define PAR_MAX 8       /* threads */
#define PAR_AHEAD 8     /* parts done but not yet handed to act, at most:
                           bounds the anchors held open */

/* a match waiting for its turn */
struct hit {
	struct proc p;
	char *cmdline;      /* a copy, or NULL */
	int anchor;         /* a dup of the reader's anchor, or -1 */
	int pat;
};

/* PAR_CHUNK PIDs and their matches; never moves once listed (a thread
 * fills it without the lock), freed once handed to act */
struct part {
	pid_t pids[PAR_CHUNK];
	size_t npids;
	struct hit *hits;
	size_t n, cap;
	int done;
};

struct par {
	struct run *r;
	struct part **parts;  /* in /proc order; grows while listing */
	size_t nparts, cap;
	size_t next;        /* the next part to take */
	size_t deliv;       /* the next part to hand to act */
	int listed;         /* the listing is over: no part will come */
	int mu;             /* the lock: 0 free, 1 held, 2 held, waited for */
	unsigned seq;       /* bumped by each wake-up */
	int waiting;        /* threads in par_wait(), under the lock */
	int stop;           /* act said stop */
	struct proc_iter *its;  /* one reader per thread, taken in turn */
	int nits;
};

/* The lock and the wake-up of the threads, on futexes: the scan needs
 * one lock and one "something changed" broadcast, and the C library's
 * mutex and condition variable add to the static binary for it (the
 * bytes: docs/quickbox.md, "Static binary and size"). The lock is the
 * classic three-state futex lock; par_wait() sleeps on a sequence number
 * read under the lock, so a wake-up between its unlock and its sleep is
 * never lost (the futex then finds seq changed and returns at once). */
/* the kernel's FUTEX_WAIT / FUTEX_WAKE | FUTEX_PRIVATE_FLAG, here
 * because musl's headers do not carry linux/futex.h */
enum { FUTEX_WAIT_PRIV = 0 | 128, FUTEX_WAKE_PRIV = 1 | 128 };

static long futex(void *addr, int op, unsigned val)
{
	return syscall(SYS_futex, addr, op, val, NULL, NULL, 0);
}

static void par_lock(struct par *w)
{
	int c = 0;

	if (__atomic_compare_exchange_n(&w->mu, &c, 1, 0, __ATOMIC_ACQUIRE,
	    __ATOMIC_RELAXED))
		return;
	if (c != 2)
		c = __atomic_exchange_n(&w->mu, 2, __ATOMIC_ACQUIRE);
	while (c) {
		futex(&w->mu, FUTEX_WAIT_PRIV, 2);
		c = __atomic_exchange_n(&w->mu, 2, __ATOMIC_ACQUIRE);
	}
}

static void par_unlock(struct par *w)
{
	if (__atomic_exchange_n(&w->mu, 0, __ATOMIC_RELEASE) == 2)
		futex(&w->mu, FUTEX_WAKE_PRIV, 1);
}

/* under the lock: sleep until the next par_wake, the lock given back
 * meanwhile (callers re-check what they wait for: wake-ups are broadcasts) */
static void par_wait(struct par *w)
{
	unsigned s = __atomic_load_n(&w->seq, __ATOMIC_RELAXED);

	w->waiting++;
	par_unlock(w);
	futex(&w->seq, FUTEX_WAIT_PRIV, s);
	par_lock(w);
	w->waiting--;
}

/* under the lock */
static void par_wake(struct par *w)
{
	__atomic_fetch_add(&w->seq, 1, __ATOMIC_RELEASE);
	if (w->waiting)
		futex(&w->seq, FUTEX_WAKE_PRIV, INT_MAX);
}

static void drop_hits(struct part *c)
{
	for (size_t i = 0; i < c->n; i++) {
		if (c->hits[i].anchor >= 0)
			close(c->hits[i].anchor);
		free(c->hits[i].cmdline);
	}
	free(c->hits);
	free(c);
}

/* under the lock: act on the done parts, in order */
static void deliver(struct par *w)
{
	struct run *r = w->r;
	struct sel *s = r->s;

	while (w->deliv < w->nparts && w->parts[w->deliv]->done) {
		struct part *c = w->parts[w->deliv];

		w->parts[w->deliv++] = NULL;
		for (size_t i = 0; i < c->n; i++) {
			struct hit *h = &c->hits[i];

			proc_set_anchor(r->it, h->anchor);
			h->anchor = -1;   /* the iterator's now */
			h->p.cmdline = h->cmdline ? h->cmdline : "";
			if (!w->stop) {
				s->nsel++;
				if (s->act && s->act(s->ctx, r->it, &h->p, h->pat))
					w->stop = 1;
			}
			proc_set_anchor(r->it, -1);
		}
		drop_hits(c);
	}
}

/* what a thread keeps of a match until its turn */
static void keep_hit(struct part *c, struct proc_iter *it, const struct proc *p,
    int pat, int nofd)
{
	struct hit h = { *p, NULL, -1, pat };
	/* nofd: the fd tables may differ, so no fd crosses threads */
	int a = nofd ? -1 : proc_anchor(it);

	if (a >= 0)
		h.anchor = fcntl(a, F_DUPFD_CLOEXEC, 0);
	if (p->cmdline_len) {
		h.cmdline = malloc(p->cmdline_len + 1);
		if (h.cmdline)
			memcpy(h.cmdline, p->cmdline, p->cmdline_len + 1);
		else
			h.p.cmdline_len = 0;
	}
	VEC_PUSH(c->hits, c->n, c->cap, h);
}

static void *worker(void *arg)
{
	struct par *w = arg;
	struct run *r = w->r;
	struct proc_iter *it = &w->its[__atomic_fetch_add(&w->nits, 1,
	    __ATOMIC_RELAXED)];
	struct proc p;
	int pat;

	if (proc_open(it, r->s->path, r->it->need))
		return NULL;    /* the others do its share */
	it->nsmask = r->it->nsmask;
	it->nszero = r->it->nszero;
	for (;;) {
		struct part *c = NULL;

		par_lock(w);
		while (!w->stop && (w->next < w->nparts ?
		    w->next >= w->deliv + PAR_AHEAD : !w->listed))
			par_wait(w);
		if (!w->stop && w->next < w->nparts)
			c = w->parts[w->next++];
		par_unlock(w);
		if (!c)
			break;
		it->list = c->pids;
		it->listed = 1;
		it->nlist = c->npids;
		it->ilist = 0;
		while (proc_next(it, &p) > 0)
			if (!excluded(r, &p) && wanted(r, it, &p, &pat) &&
			    !proc_fill(it, &p, r->s->need_act))
				keep_hit(c, it, &p, pat, r->s->par_nofd);
		par_lock(w);
		c->done = 1;
		deliver(w);     /* may free c */
		par_wake(w);
		par_unlock(w);
	}
	it->list = NULL;
	proc_close(it);
	return NULL;
}

/* a started thread: with par_nofd, its own fd table first, and always a
 * credentials record of its own. Every thread opens, reads and closes a
 * few files per process: in one shared fd table each open and close
 * takes the table's lock, so a second reader waits on the first; and
 * each open file holds a reference on the opener's credentials, which
 * the threads of a process share until one of them changes its own, so
 * every open and close bounces that reference count's cache line between
 * the CPUs. Setting PR_SET_KEEPCAPS to the value it has changes nothing
 * but gives this thread a copy (the gains: docs/PERFORMANCE.md,
 * "Parallel scan"). If either call fails, that part stays shared, which is only
 * slower. At its end, what the match and keep hooks' pattern matching
 * (pat.h) kept for this thread is freed: it would be lost with it. */
static void *thread_main(void *arg)
{
	struct par *w = arg;
	void *ret;
	int k;

	if (w->r->s->par_nofd)
		(void)unshare(CLONE_FILES);
	if ((k = prctl(PR_GET_KEEPCAPS, 0, 0, 0, 0)) >= 0)
		(void)prctl(PR_SET_KEEPCAPS, (unsigned long)k, 0, 0, 0);
	ret = worker(arg);
	pat_thread_end();
	return ret;
}

/* how many threads: 1 unless the scan allows more (see select.h) */
static int par_threads(const struct sel *s, int *forced)
{
	const char *e = getenv("QB_THREADS");
	long long want = 0;
	cpu_set_t set;
	int n;

	*forced = 0;
	if (!s->par_ok || s->first || s->pick || s->tree || s->threads ||
	    s->pids.n)
		return 1;
	if (e && *e && !num_ll(e, 1, PAR_MAX, &want) && want == 1)
		return 1;
	if (want > 1) {
		*forced = 1;
		return (int)want;
	}
	if (sched_getaffinity(0, sizeof set, &set) || (n = CPU_COUNT(&set)) < 2)
		return 1;
	return n < PAR_MAX ? n : PAR_MAX;
}

/* under the lock: one more part of the listing for the threads */
static void add_part(struct par *w, struct part *c)
{
	VEC_PUSH(w->parts, w->nparts, w->cap, c);
	par_wake(w);
}

/* n listed PIDs as parts of per PIDs each, at the end of the queue:
 * allocated first, then queued under one lock. 0 or ENOMEM */
static int add_parts(struct par *w, const pid_t *v, size_t n, size_t per)
{
	struct part *c[PAR_LIST * PAR_CHUNK];
	size_t np = (n + per - 1) / per;

	for (size_t i = 0; i < np; i++)
		if (!(c[i] = calloc(1, sizeof *c[i]))) {
			while (i--)
				free(c[i]);
			return ENOMEM;
		}
	par_lock(w);
	for (size_t i = 0; i < np; i++) {
		c[i]->npids = n - i * per < per ? n - i * per : per;
		memcpy(c[i]->pids, v + i * per, c[i]->npids * sizeof *v);
		add_part(w, c[i]);
	}
	par_unlock(w);
	return 0;
}

/* the n PIDs listed first, then the rest of the listing, in parallel:
 * this thread lists while the others read, then reads too. The last
 * listing's parts are PAR_TAIL PIDs, so that the threads' last parts end
 * close together. r->it serves two at once then: this thread's listing
 * uses only its directory state (proc_more), while deliver, in whichever
 * thread holds the lock, hands it anchors and act reads files through
 * it, which never touch that state. 0, or -1 (errno) when the listing
 * failed */
static int par_scan(struct run *r, const pid_t *first, size_t n)
{
	struct par w;
	pthread_t tid[PAR_MAX];
	int started = 0, err = 0;

	memset(&w, 0, sizeof w);
	w.r = r;
	/* the readers allocated here, in one piece, not by each thread: a
	 * thread's first malloc would make glibc set up a heap for it (a
	 * 64 MiB reservation, trimmed, later torn down at exit) */
	if (!(w.its = malloc((size_t)r->nthreads * sizeof *w.its))) {
		errno = ENOMEM;
		return -1;
	}
	for (size_t i = 0; i < n; i += PAR_LIST * PAR_CHUNK) {
		size_t m = n - i < PAR_LIST * PAR_CHUNK ? n - i : PAR_LIST * PAR_CHUNK;

		if ((err = add_parts(&w, first + i, m, PAR_CHUNK)))
			break;
	}
	for (int i = 1; i < r->nthreads; i++)
		if (!pthread_create(&tid[started], NULL, thread_main, &w))
			started++;
	while (!err) {
		/* PAR_LIST parts a time: one getdents64 call lists them */
		pid_t v[PAR_LIST * PAR_CHUNK];
		ssize_t k = proc_more(r->it, v, PAR_LIST * PAR_CHUNK);
		int last = k < PAR_LIST * PAR_CHUNK;  /* or an error */

		err = k < 0 ? errno : k > 0 ? add_parts(&w, v, (size_t)k,
		    last ? PAR_TAIL : PAR_CHUNK) : 0;
		if (last)
			break;
	}
	par_lock(&w);
	w.listed = 1;
	if (err)
		w.stop = 1;
	par_wake(&w);
	par_unlock(&w);
	worker(&w);             /* this thread is one of them */
	for (int i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	par_lock(&w);   /* parts left after a stop */
	w.stop = 1;
	deliver(&w);
	par_unlock(&w);
	for (size_t i = w.deliv; i < w.nparts; i++)
		drop_hits(w.parts[i]);
	free(w.parts);
	free(w.its);
	if (err)
		errno = err;
	return err ? -1 : 0;
}

/* the first par_min PIDs of the listing; threads if there are that
 * many, else the iterator walks them in list mode, so none is read twice
 * or skipped. 1: the parallel scan ran (its status in *rc), 0: go on one
 * by one, -1 on error */
static int par_switch(struct run *r, int *rc)
{
	pid_t *pids = r->par_min ? malloc(r->par_min * sizeof *pids) : NULL;
	ssize_t n;

	if (r->par_min && !pids) {
		errno = ENOMEM;
		return -1;
	}
	n = proc_more(r->it, pids, r->par_min);
	if (n < 0) {
		free(pids);
		return -1;
	}
	if ((size_t)n == r->par_min) {
		*rc = par_scan(r, pids, (size_t)n);
		free(pids);
		return 1;
	}
	/* the iterator owns it from here: sel_run frees it->list */
	r->it->list = pids, r->it->nlist = (size_t)n, r->it->ilist = 0;
	r->it->listed = 1;
	return 0;
}

static int scan(struct run *r)
{
	struct sel *s = r->s;
	struct proc p;
	int got, pat, stop = 0;

	if (r->nthreads > 1) {
		int rc, sw = par_switch(r, &rc);

		if (sw)
			return sw < 0 ? -1 : rc;
	}
	for (;;) {
		if ((got = proc_next(r->it, &p)) <= 0)
			break;
		if (s->tree) {   /* the whole table, even after a stop */
			struct link l = { p.pid, p.ppid, p.start, 0 };

			VEC_PUSH(r->links, r->nlinks, r->caplinks, l);
		}
		if (stop || excluded(r, &p) ||
		    (s->tree && s->pids.n && !sel_has(&s->pids, p.pid)) ||
		    (s->idents.tokens && stale(s, r->it, &p)) ||
		    !wanted(r, r->it, &p, &pat))
			continue;
		if (s->pick) {
			consider(r, &p);
			continue;
		}
		if (proc_fill(r->it, &p, s->need_act))
			continue;       /* gone since it was chosen */
		if (s->tree)
			r->links[r->nlinks - 1].in = 1;
		s->nsel++;
		if ((s->act && s->act(s->ctx, r->it, &p, pat)) || s->first) {
			if (!s->tree)
				break;
			stop = 1;
		}
	}
	return got < 0 ? -1 : 0;
}


int sel_run(struct sel *s)
{
	static struct proc_iter it;  /* 37 KiB: not on the stack */
	struct run r;
	unsigned need;
	int rc, forced;

	memset(&r, 0, sizeof r);
	r.s = s;
	r.it = &it;
	need = plan(&r);
	s->nsel = 0;
	if (proc_open(&it, s->path, need) < 0)
		return -1;
	it.nsmask = s->nsmask ? s->nsmask : PROC_NS_ALL;
	it.nszero = !!(s->quirks & SEL_Q_NS_ZERO);
	if (load_ref(&r, need)) {
		proc_close(&it);
		return -2;
	}
	it.threads = s->threads;
	if (s->pids.n && !s->tree) {  /* -T reads the whole table */
		/* pid_t copy of the list for the reader; one allocation */
		pid_t *l = malloc(s->pids.n * sizeof *l);

		if (!l) {
			proc_close(&it);
			errno = ENOMEM;
			return -1;
		}
		for (size_t i = 0; i < s->pids.n; i++)
			l[i] = (pid_t)s->pids.v[i];
		it.list = l, it.nlist = s->pids.n;
	}
	r.self = (s->quirks & SEL_Q_SELF) ? 0 : proc_self(&it);
	if (s->has_age)
		r.now = proc_now_ticks(&it);
	r.nthreads = par_threads(s, &forced);
	r.par_min = forced ? 0 : PAR_MIN;
	rc = scan(&r);
	if (!rc && s->pick)
		act_best(&r);
	if (!rc && s->tree && !s->threads)
		act_tree(&r);
	free(r.links);
	free((void *)it.list);
	proc_close(&it);
	return rc;
}
