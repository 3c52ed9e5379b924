/* select.c: the selection engine: one /proc pass, every criterion, the
 * act hook; which queries may be read by several threads at once (the
 * parallel pass itself: parscan.c, called with this file's test and act
 * as hooks). */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "process/escape.h"
#include "process/parscan.h"
#include "lib/pat.h"
#include "process/select.h"
#include "lib/vec.h"

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
	/* the engine's pattern criterion (pat_index), NULL when no pattern or
	 * in sel_run_procps: a build of the procps front ends alone then
	 * links no pattern code it does not call itself (pidof: none) */
	int (*pat)(const struct sel *s, const struct proc *p);
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

	if (!s->has_age)
		return 1;
	if (!s->age)
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
/* The field is an int-sized member of struct proc, read by its offset
 * (pid_t and the ids are ints; pid ppid pgrp sid signed, tty and the
 * ids unsigned): 6 bytes a row, where a getter function each cost a
 * pointer a row and its code. */
_Static_assert(sizeof(pid_t) == sizeof(int) && sizeof(uid_t) == sizeof(int) &&
    sizeof(gid_t) == sizeof(int), "the listed fields are ints");
#define LIST(f, need, sgn) \
	{offsetof(struct sel, f), offsetof(struct proc, f), need, sgn}
static const struct list_row {
	unsigned short off;     /* of the struct sel_list in struct sel */
	unsigned short field;   /* of the int in struct proc */
	unsigned char need;
	unsigned char sgn;      /* the int is signed */
} list_rows[] = {
	{offsetof(struct sel, tgid), offsetof(struct proc, pid), 0, 1},
	LIST(ppid, PROC_STAT, 1),
	LIST(pgrp, PROC_STAT, 1),
	LIST(sid, PROC_STAT, 1),
	LIST(tty, PROC_STAT, 0),
	LIST(euid, PROC_STATUS, 0),
	LIST(ruid, PROC_STATUS, 0),
	LIST(egid, PROC_STATUS, 0),
	LIST(rgid, PROC_STATUS, 0),
	LIST(ouid, PROC_OWNER, 0),
	LIST(ogid, PROC_OWNER, 0),
};
#undef LIST
#define NLIST (sizeof list_rows / sizeof *list_rows)

static const struct sel_list *list_of(const struct sel *s, size_t i)
{
	return (const struct sel_list *)((const char *)s + list_rows[i].off);
}

/* the other criteria, tested after the lists in this order (those that
 * read more files, cgroup and environ, last): whether it is given, what
 * the reader must read for it, the test */
static int on_states(const struct sel *s) { return s->states != NULL; }
static int on_age(const struct sel *s) { return s->has_age; }
static int on_ns(const struct sel *s) { return s->ns_pid > 0; }
static int on_root(const struct sel *s) { return s->root_pid > 0; }
static int on_handler(const struct sel *s) { return s->handler; }
static int on_cgroup(const struct sel *s) { return s->cgroup.n > 0; }
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

	if (s->npat)
		n |= s->full ? PROC_CMDLINE | PROC_COMM : PROC_COMM;
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

static int criteria_ok(struct run *r, struct proc_iter *it,
    const struct proc *p)
{
	for (size_t i = 0; i < r->nlists; i++) {
		const struct list_row *l = &list_rows[r->lists[i]];
		const char *f = (const char *)p + l->field;
		long long v;

		if (l->sgn) {
			int x;

			memcpy(&x, f, sizeof x);
			v = x;
		} else {
			unsigned x;

			memcpy(&x, f, sizeof x);
			v = x;
		}
		if (!sel_has(list_of(r->s, r->lists[i]), v))
			return 0;
	}
	for (size_t i = 0; i < r->ncrits; i++)
		if (!crit_rows[r->crits[i]].ok(r, it, p))
			return 0;
	return 1;
}

/* the pattern criterion: the index of the first of pats found in p's
 * name, or with full in its command line made one line (NULs and other
 * control bytes as blanks, trailing blanks cut; the name when that is
 * empty), -1 for none. The line is made in place, on the reader's
 * buffer, unless act shows the command line (need_act): then on a copy,
 * on this thread's stack or (a long one) the heap, so that several
 * threads may do it at once */
static int pat_index(const struct sel *s, const struct proc *p)
{
	char buf[4096], *line = p->cmdline, *heap = NULL;
	const char *text = p->comm;
	size_t cap = 0;
	int i = 0;

	if (s->full) {
		if (s->need_act & PROC_CMDLINE) {
			line = p->cmdline_len < sizeof buf ? buf :
			    (heap = vec_grow(NULL, p->cmdline_len + 1, &cap, 1));
			memcpy(line, p->cmdline, p->cmdline_len + 1);
		}
		if (esc_args(line, p->cmdline_len, ' ',
		    ESC_ARGS_CTRL | ESC_ARGS_TRIM))
			text = line;
	}
	while ((size_t)i < s->npat && !pat_match(&s->pats[i], text))
		i++;
	free(heap);
	return (size_t)i < s->npat ? i : -1;
}

/* the conjunction of all criteria, for p as read by it; *pat gets
 * the pattern's index */
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
	if (ok && r->pat)
		ok = (*pat = r->pat(s, p)) >= 0;
	else if (ok && s->match)
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

/* ---- the parallel scan of large tables (parscan.h) ---- */

/* may the table be read by several threads at once? Only when every
 * test is the engine's own (a caller's match or keep hook may keep
 * state across processes: pgrep's keeps procps's last name) and the
 * scan reads the whole table in /proc order to its end: no first, pick,
 * tree, thread mode or PID list. The -F fields and the actions come in
 * through need_act: PROC_ANCHOR keeps one fd table (parscan.h) */
static int shareable(const struct sel *s)
{
	return !s->match && !s->keep && !s->first && !s->pick && !s->tree &&
	    !s->threads && !s->pids.n;
}

/* the hooks of the parallel scan: p selected and filled, in any thread;
 * then acted on, one at a time */
static int par_test(void *ctx, struct proc_iter *it, struct proc *p, int *pat)
{
	struct run *r = ctx;

	return !excluded(r, p) && wanted(r, it, p, pat) &&
	    !proc_fill(it, p, r->s->need_act);
}

static int par_act(void *ctx, struct proc_iter *it, const struct proc *p,
    int pat)
{
	struct sel *s = ((struct run *)ctx)->s;

	s->nsel++;
	return s->act && s->act(s->ctx, it, p, pat);
}

/* the scan in several threads, if the query and the machine allow
 * (parscan.h): 1 when it ran (*rc its status), 0 to go on in one thread
 * (from the reader's list, if it set one), -1 */
static int scan_shared(struct run *r, int *rc)
{
	struct par_query q = {
		r->it, r->s->path, !!(r->s->need_act & PROC_ANCHOR),
		par_test, par_act, r,
	};
	int forced, n = shareable(r->s) ? par_threads(&forced) : 1;

	return n > 1 ? par_scan(&q, n, forced, rc) : 0;
}

static int scan(struct run *r)
{
	struct sel *s = r->s;
	struct proc p;
	int got, pat, stop = 0;

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

/* the scan, with the engine's pattern criterion pat and the parallel
 * scan shared when given: sel_run_procps gives neither, so that a
 * link-time optimiser leaves both out of a build of the procps front
 * ends alone */
static int run(struct sel *s,
    int (*pat)(const struct sel *s, const struct proc *p),
    int (*shared)(struct run *r, int *rc))
{
	static struct proc_iter it;  /* 37 KiB: not on the stack */
	struct run r;
	unsigned need;
	int rc, sw = 0;

	memset(&r, 0, sizeof r);
	r.s = s;
	r.it = &it;
	r.pat = s->npat ? pat : NULL;
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
	if (shared && (sw = shared(&r, &rc)) < 0)
		rc = -1;
	else if (!sw)
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

int sel_run(struct sel *s)
{
	return run(s, pat_index, ENABLE_PARSCAN ? scan_shared : NULL);
}

int sel_run_procps(struct sel *s)
{
	return run(s, NULL, NULL);
}
