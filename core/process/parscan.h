/* parscan.h: the parallel scan of a large /proc table: one pass of the
 * selection engine (select.h) shared out to threads. Each thread reads
 * and tests its part of the listing with a reader of its own, while the
 * caller's reader goes on listing /proc; the matches go to act one at a
 * time, in /proc order, each as soon as every earlier part is done.
 *
 * It knows no criterion: the engine hands it its test and its act as
 * hooks (it only frees, as a thread ends, what lib/pat.h keeps per
 * thread), and decides whether a query may be read by several threads at
 * all (select.c, sel_run). Calls go one way: select.c calls this file,
 * this file calls select.c's code only through the hooks.
 *
 * Built when ENABLE_PARSCAN is 1 (the default; `make PARSCAN=0` leaves
 * it out: every scan then runs in one thread, and the binary links no
 * thread code). */
#ifndef QB_PARSCAN_H
#define QB_PARSCAN_H

#include "enabled.h"
#include "process/proc.h"

struct par_query {
	struct proc_iter *it;   /* the caller's reader, opened on path: it
	                           lists the rest of /proc (proc_more) while
	                           the threads read, and act reads through it;
	                           its need, nsmask and nszero are each
	                           thread's */
	const char *path;       /* /proc (NULL = "/proc") */
	int anchor;             /* act takes proc_anchor() or keeps a file it
	                           opened past its return (a pidfd): every
	                           thread then shares one fd table, and each
	                           match carries a dup of its anchor to act;
	                           else each thread unshares its fd table (the
	                           gain: docs/PERFORMANCE.md, "Parallel scan")
	                           and act sees no anchor (-1) */
	/* p, just read by the calling thread's reader it, in any thread at
	 * once: 1 selected (with what act needs read, *pat its pattern
	 * index), 0 not */
	int (*test)(void *ctx, struct proc_iter *it, struct proc *p, int *pat);
	/* one selected process at a time, in /proc order, in whichever thread
	 * delivers it, with the caller's reader: 1 stops the scan */
	int (*act)(void *ctx, struct proc_iter *it, const struct proc *p, int pat);
	void *ctx;
};

/* how many threads a scan that may share out its reading takes: one per
 * CPU allowed (sched_getaffinity), 8 at most; QB_THREADS=1 in the
 * environment says 1, QB_THREADS=N (2..8) N from the first process on
 * (*forced then 1). Not called without ENABLE_PARSCAN. */
int par_threads(int *forced);

/* the scan with n threads (from par_threads; n > 1): unless forced, the
 * first PAR_MIN PIDs are listed first (parscan.c), and fewer than that
 * are left to the caller, set as the reader's list (it->list, freed by
 * the caller), to be walked one by one, none read twice or skipped.
 * 1: the parallel scan ran, *rc 0 or -1 (errno) when the listing
 * failed; 0: go on in one thread; -1 (errno) when out of memory or the
 * first listing failed */
int par_scan(const struct par_query *q, int n, int forced, int *rc);

#endif
