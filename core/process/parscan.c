/* parscan.c: the parallel scan of a large /proc table (parscan.h): the
 * listing shared out in parts to threads, the matches handed to act in
 * /proc order. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "libc/lock.h"
#include "lib/num.h"
#include "process/parscan.h"
#include "lib/pat.h"
#include "lib/vec.h"

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
	const struct par_query *q;
	struct part **parts;  /* in /proc order; grows while listing */
	size_t nparts, cap;
	size_t next;        /* the next part to take */
	size_t deliv;       /* the next part to hand to act */
	int listed;         /* the listing is over: no part will come */
	struct lk lk;       /* the lock, and the wake-up of the threads */
	int stop;           /* act said stop */
	struct proc_iter *its;  /* one reader per thread, taken in turn */
	int nits;
};

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
	const struct par_query *q = w->q;

	while (w->deliv < w->nparts && w->parts[w->deliv]->done) {
		struct part *c = w->parts[w->deliv];

		w->parts[w->deliv++] = NULL;
		for (size_t i = 0; i < c->n; i++) {
			struct hit *h = &c->hits[i];

			proc_set_anchor(q->it, h->anchor);
			h->anchor = -1;   /* the iterator's now */
			h->p.cmdline = h->cmdline ? h->cmdline : "";
			if (!w->stop && q->act(q->ctx, q->it, &h->p, h->pat))
				w->stop = 1;
			proc_set_anchor(q->it, -1);
		}
		drop_hits(c);
	}
}

/* what a thread keeps of a match until its turn */
static void keep_hit(struct part *c, struct proc_iter *it, const struct proc *p,
    int pat, int anchor)
{
	struct hit h = { *p, NULL, -1, pat };
	/* without anchor the fd tables may differ: no fd crosses threads */
	int a = anchor ? proc_anchor(it) : -1;

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
	const struct par_query *q = w->q;
	struct proc_iter *it = &w->its[__atomic_fetch_add(&w->nits, 1,
	    __ATOMIC_RELAXED)];
	struct proc p;
	int pat;

	if (proc_open(it, q->path, q->it->need))
		return NULL;    /* the others do its share */
	it->nsmask = q->it->nsmask;
	it->nszero = q->it->nszero;
	for (;;) {
		struct part *c = NULL;

		lk_lock(&w->lk);
		while (!w->stop && (w->next < w->nparts ?
		    w->next >= w->deliv + PAR_AHEAD : !w->listed))
			lk_wait(&w->lk);
		if (!w->stop && w->next < w->nparts)
			c = w->parts[w->next++];
		lk_unlock(&w->lk);
		if (!c)
			break;
		it->list = c->pids;
		it->listed = 1;
		it->nlist = c->npids;
		it->ilist = 0;
		while (proc_next(it, &p) > 0)
			if (q->test(q->ctx, it, &p, &pat))
				keep_hit(c, it, &p, pat, q->anchor);
		lk_lock(&w->lk);
		c->done = 1;
		deliver(w);     /* may free c */
		lk_wake(&w->lk);
		lk_unlock(&w->lk);
	}
	it->list = NULL;
	proc_close(it);
	return NULL;
}

/* a started thread: without anchor, its own fd table first, and always a
 * credentials record of its own. Every thread opens, reads and closes a
 * few files per process: in one shared fd table each open and close
 * takes the table's lock, so a second reader waits on the first; and
 * each open file holds a reference on the opener's credentials, which
 * the threads of a process share until one of them changes its own, so
 * every open and close bounces that reference count's cache line between
 * the CPUs. Setting PR_SET_KEEPCAPS to the value it has changes nothing
 * but gives this thread a copy (the gains: docs/PERFORMANCE.md,
 * "Parallel scan"). If either call fails, that part stays shared, which is only
 * slower. At its end, what the test's pattern matching (pat.h) kept for
 * this thread is freed: it would be lost with it. */
static void *thread_main(void *arg)
{
	struct par *w = arg;
	void *ret;
	int k;

	if (!w->q->anchor)
		(void)unshare(CLONE_FILES);
	if ((k = prctl(PR_GET_KEEPCAPS, 0, 0, 0, 0)) >= 0)
		(void)prctl(PR_SET_KEEPCAPS, (unsigned long)k, 0, 0, 0);
	ret = worker(arg);
	pat_thread_end();
	return ret;
}

int par_threads(int *forced)
{
	const char *e = getenv("QB_THREADS");
	long long want = 0;
	cpu_set_t set;
	int n;

	*forced = 0;
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
	lk_wake(&w->lk);
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
	lk_lock(&w->lk);
	for (size_t i = 0; i < np; i++) {
		c[i]->npids = n - i * per < per ? n - i * per : per;
		memcpy(c[i]->pids, v + i * per, c[i]->npids * sizeof *v);
		add_part(w, c[i]);
	}
	lk_unlock(&w->lk);
	return 0;
}

/* the n PIDs listed first, then the rest of the listing, in parallel:
 * this thread lists while the others read, then reads too. The last
 * listing's parts are PAR_TAIL PIDs, so that the threads' last parts end
 * close together. q->it serves two at once then: this thread's listing
 * uses only its directory state (proc_more), while deliver, in whichever
 * thread holds the lock, hands it anchors and act reads files through
 * it, which never touch that state. 0, or -1 (errno) when the listing
 * failed */
static int par_run(const struct par_query *q, int nthreads, const pid_t *first,
    size_t n)
{
	struct par w;
	pthread_t tid[PAR_MAX];
	int started = 0, err = 0;

	memset(&w, 0, sizeof w);
	w.q = q;
	/* the readers allocated here, in one piece, not by each thread: a
	 * thread's first malloc would make glibc set up a heap for it (a
	 * 64 MiB reservation, trimmed, later torn down at exit) */
	if (!(w.its = malloc((size_t)nthreads * sizeof *w.its))) {
		errno = ENOMEM;
		return -1;
	}
	for (size_t i = 0; i < n; i += PAR_LIST * PAR_CHUNK) {
		size_t m = n - i < PAR_LIST * PAR_CHUNK ? n - i : PAR_LIST * PAR_CHUNK;

		if ((err = add_parts(&w, first + i, m, PAR_CHUNK)))
			break;
	}
	for (int i = 1; i < nthreads; i++)
		if (!pthread_create(&tid[started], NULL, thread_main, &w))
			started++;
	while (!err) {
		/* PAR_LIST parts a time: one getdents64 call lists them */
		pid_t v[PAR_LIST * PAR_CHUNK];
		ssize_t k = proc_more(q->it, v, PAR_LIST * PAR_CHUNK);
		int last = k < PAR_LIST * PAR_CHUNK;  /* or an error */

		err = k < 0 ? errno : k > 0 ? add_parts(&w, v, (size_t)k,
		    last ? PAR_TAIL : PAR_CHUNK) : 0;
		if (last)
			break;
	}
	lk_lock(&w.lk);
	w.listed = 1;
	if (err)
		w.stop = 1;
	lk_wake(&w.lk);
	lk_unlock(&w.lk);
	worker(&w);             /* this thread is one of them */
	for (int i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	lk_lock(&w.lk);   /* parts left after a stop */
	w.stop = 1;
	deliver(&w);
	lk_unlock(&w.lk);
	for (size_t i = w.deliv; i < w.nparts; i++)
		drop_hits(w.parts[i]);
	free(w.parts);
	free(w.its);
	if (err)
		errno = err;
	return err ? -1 : 0;
}

int par_scan(const struct par_query *q, int n, int forced, int *rc)
{
	size_t min = forced ? 0 : PAR_MIN;
	pid_t *pids = min ? malloc(min * sizeof *pids) : NULL;
	ssize_t got;

	if (min && !pids) {
		errno = ENOMEM;
		return -1;
	}
	got = proc_more(q->it, pids, min);
	if (got < 0) {
		free(pids);
		return -1;
	}
	if ((size_t)got == min) {
		*rc = par_run(q, n, pids, (size_t)got);
		free(pids);
		return 1;
	}
	/* the iterator owns it from here: the caller frees it->list */
	q->it->list = pids, q->it->nlist = (size_t)got, q->it->ilist = 0;
	q->it->listed = 1;
	return 0;
}
