/* select.c: the selection engine: one /proc pass, criteria, act hook. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "select.h"

int sel_add(struct sel_list *l, long long v)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 8;
		long long *nv = realloc(l->v, cap * sizeof *nv);

		if (!nv)
			return -1;
		l->v = nv, l->cap = cap;
	}
	l->v[l->n++] = v;
	return 0;
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

void sel_done(struct sel *s)
{
	struct sel_list *all[] = {&s->pids, &s->ppid, &s->pgrp, &s->sid, &s->tty,
	    &s->euid, &s->ruid, &s->egid, &s->rgid, &s->ouid, &s->ogid,
	    &s->exclude};

	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		sel_free(all[i]);
}

/* what the engine must read for the criteria given */
static unsigned needs(const struct sel *s)
{
	unsigned n = s->need;

	if (s->ppid.n || s->pgrp.n || s->sid.n || s->tty.n || s->states ||
	    s->has_age || s->pick || s->exclude_pgrp > 0)
		n |= PROC_STAT;
	if (s->euid.n || s->ruid.n || s->egid.n || s->rgid.n)
		n |= PROC_STATUS;
	if (s->ouid.n || s->ogid.n)
		n |= PROC_OWNER;
	if (s->ns_pid > 0)
		n |= PROC_NS;
	if (s->root_pid > 0)
		n |= PROC_ROOT;
	return n;
}

/* the scan's state beside the user's struct sel */
struct run {
	struct sel *s;
	struct proc_iter *it;
	struct proc ref;             /* ns/root of ns_pid/root_pid */
	unsigned long long now;      /* ticks since boot, for age */
	pid_t self;
	int have_best;
	pid_t best_pid, best_tid;
	unsigned long long best_start;
};

static int lists_ok(const struct sel *s, const struct proc *p)
{
	return (!s->ppid.n || sel_has(&s->ppid, p->ppid)) &&
	    (!s->pgrp.n || sel_has(&s->pgrp, p->pgrp)) &&
	    (!s->sid.n || sel_has(&s->sid, p->sid)) &&
	    (!s->tty.n || sel_has(&s->tty, p->tty)) &&
	    (!s->euid.n || sel_has(&s->euid, p->euid)) &&
	    (!s->ruid.n || sel_has(&s->ruid, p->ruid)) &&
	    (!s->egid.n || sel_has(&s->egid, p->egid)) &&
	    (!s->rgid.n || sel_has(&s->rgid, p->rgid)) &&
	    (!s->ouid.n || sel_has(&s->ouid, p->ouid)) &&
	    (!s->ogid.n || sel_has(&s->ogid, p->ogid));
}

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
	const struct sel *s = r->s;

	if (s->ns_pid > 0)
		for (int i = 0; i < PROC_NS_N; i++)
			if ((r->it->nsmask & 1u << i) && p->ns[i] != r->ref.ns[i])
				return 0;
	if (s->root_pid > 0 && (p->root_dev != r->ref.root_dev ||
	    p->root_ino != r->ref.root_ino))
		return 0;
	return 1;
}

/* the conjunction of all criteria; *pat gets match()'s index */
static int wanted(struct run *r, const struct proc *p, int *pat)
{
	struct sel *s = r->s;
	int ok;

	*pat = -1;
	ok = lists_ok(s, p) && (!s->states || (p->state &&
	    strchr(s->states, p->state))) && age_ok(r, p) && ns_ok(r, p) &&
	    (!s->keep || s->keep(s->ctx, r->it, p));
	if (ok && s->match)
		ok = (*pat = s->match(s->ctx, r->it, p)) >= 0;
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
	    p.start != r->best_start || !wanted(r, &p, &pat))
		return;
	r->s->nsel++;
	if (r->s->act)
		r->s->act(r->s->ctx, r->it, &p, pat);
}

/* read the reference process of --ns / -r; -1 if it does not exist */
static int load_ref(struct run *r, unsigned need)
{
	struct sel *s = r->s;
	unsigned keep = r->it->need;
	int ok = 1;

	if (s->ns_pid > 0) {
		r->it->need = PROC_NS;
		ok = proc_get(r->it, s->ns_pid, 0, &r->ref);
	}
	if (ok && s->root_pid > 0) {
		struct proc rt;

		r->it->need = PROC_ROOT;
		ok = proc_get(r->it, s->root_pid, 0, &rt);
		r->ref.root_dev = rt.root_dev, r->ref.root_ino = rt.root_ino;
	}
	r->it->need = keep ? keep : need;
	return ok ? 0 : -1;
}

static int scan(struct run *r)
{
	struct sel *s = r->s;
	struct proc p;
	int got, pat;

	while ((got = proc_next(r->it, &p)) > 0) {
		if (p.pid == r->self || sel_has(&s->exclude, p.pid) ||
		    (s->exclude_pgrp > 0 && p.pgrp == s->exclude_pgrp) ||
		    !wanted(r, &p, &pat))
			continue;
		if (s->pick) {
			consider(r, &p);
			continue;
		}
		s->nsel++;
		if ((s->act && s->act(s->ctx, r->it, &p, pat)) || s->first)
			break;
	}
	return got < 0 ? -1 : 0;
}

int sel_run(struct sel *s)
{
	static struct proc_iter it;  /* 37 KiB: not on the stack */
	struct run r;
	unsigned need = needs(s);
	int rc;

	memset(&r, 0, sizeof r);
	r.s = s;
	r.it = &it;
	s->nsel = 0;
	if (proc_open(&it, s->path, need) < 0)
		return -1;
	it.nsmask = s->nsmask ? s->nsmask : PROC_NS_ALL;
	if (load_ref(&r, need)) {
		proc_close(&it);
		return -2;
	}
	it.need = need;
	it.threads = s->threads;
	if (s->pids.n) {
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
	r.self = proc_self(&it);
	if (s->has_age)
		r.now = proc_now_ticks(&it);
	rc = scan(&r);
	if (!rc && s->pick)
		act_best(&r);
	free((void *)it.list);
	proc_close(&it);
	return rc;
}
