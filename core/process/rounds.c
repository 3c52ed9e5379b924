/* rounds.c: signal rounds: stop, gather the newborn, signal, continue,
 * then wait on the pidfds until the next round or the last exit. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>

#include "lib/clock.h"
#include "lib/hsort.h"
#include "process/proc.h"
#include "process/rounds.h"
#include "lib/vec.h"

/* how long a round waits for its SIGSTOPs to land before it looks for
 * newborn children: a process stops on its way out of the kernel, after
 * a fork in flight has made its child. One in uninterruptible sleep (D)
 * stops late; past this the scan goes on, and the next round looks again */
#define STOP_WAIT 0.1

HSORT_DEFINE(sort_pids, pid_t)   /* not qsort(): hsort.h */

static int cmp_pid(const void *a, const void *b)
{
	pid_t x = *(const pid_t *)a, y = *(const pid_t *)b;

	return (x > y) - (x < y);
}

/* the live targets' PIDs, sorted, for bsearch; the count */
static size_t live_pids(const struct target *t, size_t n, pid_t **out)
{
	pid_t *v = malloc((n + 1) * sizeof *v);
	size_t k = 0;

	if (!v) {
		*out = NULL;
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		if (!t[i].done)
			v[k++] = t[i].pid;
	sort_pids(v, k);
	*out = v;
	return k;
}

static int has(const pid_t *v, size_t n, pid_t pid)
{
	return n && bsearch(&pid, v, n, sizeof *v, cmp_pid) != NULL;
}

static int skipped(const struct rounds *r, pid_t pid)
{
	for (size_t i = 0; i < r->nskip; i++)
		if (r->skip[i] == pid)
			return 1;
	return 0;
}

/* SIGSTOP to the live targets of t[from..n); one gone is done */
static void stop(struct target *t, size_t from, size_t n)
{
	for (size_t i = from; i < n; i++)
		if (!t[i].done && tgt_signal(&t[i], SIGSTOP) && errno == ESRCH)
			t[i].done = 1;
}

/* wait (STOP_WAIT at most) until t[from..n) show as stopped or gone */
static void stopped(const struct target *t, size_t from, size_t n)
{
	double end = clock_s() + STOP_WAIT, step = 0.0005;

	for (;;) {
		int all = 1;

		for (size_t i = from; i < n && all; i++) {
			char st = t[i].done ? 0 : tgt_state(&t[i]);

			all = !st || st == 'T' || st == 't' || st == 'Z' ||
			    st == 'X';
		}
		if (all || clock_s() >= end)
			return;
		clock_sleep(step);
		step = step * 2 > 0.005 ? 0.005 : step * 2;
	}
}

/* add and stop every process whose parent is a live target, until a scan
 * of /proc adds none */
static void gather(struct target **v, size_t *n, size_t *cap,
    const struct rounds *r)
{
	static struct proc_iter it;  /* 37 KiB: not on the stack */
	size_t from = 0;

	for (;;) {
		size_t before = *n, nl;
		pid_t *live, self;
		struct proc p;

		stopped(*v, from, *n);
		nl = live_pids(*v, *n, &live);
		if (!nl || proc_open(&it, r->procdir, PROC_STAT) < 0) {
			free(live);
			return;
		}
		self = proc_self(&it);
		while (proc_next(&it, &p) > 0) {
			struct target t = {.pid = p.pid, .fd = -1};

			if (p.pid == self || p.state == 'Z' || p.state == 'X' ||
			    !has(live, nl, p.ppid) || has(live, nl, p.pid) ||
			    skipped(r, p.pid))
				continue;
			/* the anchor proves the pidfd is for this child of
			 * ours, not for a newcomer on its PID */
			if (tgt_hold(&t, r->procdir, p.pid, proc_anchor(&it)) &&
			    t.err == ESRCH)
				continue;
			if (tgt_signal(&t, SIGSTOP) && errno == ESRCH) {
				tgt_release(&t);
				continue;
			}
			VEC_PUSH(*v, *n, *cap, t);
		}
		proc_close(&it);
		free(live);
		if (*n == before)
			return;
		from = before;
	}
}

/* wait up to secs (none left: only look) for every target to exit: 1
 * when all have */
static int settle(struct target *t, size_t n, double secs)
{
	return tgt_wait(t, n, 1, secs > 1e-6 ? secs : 1e-6, 0);
}

int tgt_rounds(struct target **v, size_t *n, size_t *cap,
    const struct rounds *r)
{
	long long last = r->last_ns;
	int failures = 0;

	for (size_t i = r->first; i < r->nsig; i++) {
		int sig = r->sigs[i];

		if (i > 0 && settle(*v, *n,
		    r->delay - (double)(clock_ns() - last) / 1e9))
			return failures;
		if (r->tree) {
			stop(*v, 0, *n);
			if (r->gather)
				gather(v, n, cap, r);
		}
		for (size_t k = 0; k < *n; k++) {
			struct target *t = &(*v)[k];

			if (t->done || (i == 0 && t->mark))
				continue;
			if (!tgt_signal(t, sig))
				continue;
			if (errno == ESRCH) {
				t->done = 1;
			} else {
				failures++;
				if (r->fail)
					r->fail(r->ctx, t, sig);
			}
		}
		last = clock_ns();
		if (r->tree && sig != SIGSTOP)
			for (size_t k = 0; k < *n; k++)
				if (!(*v)[k].done)
					tgt_signal(&(*v)[k], SIGCONT);
	}
	if (r->wait_last)
		settle(*v, *n, r->delay - (double)(clock_ns() - last) / 1e9);
	return failures;
}
