/* rounds.h: signal rounds over a set of targets (target.h), waiting on
 * the pidfds between rounds, and for trees the stop / signal / continue
 * order that lets handlers run.
 *
 * Round i sends sigs[i]. Before every round but the first, the rounds
 * wait until delay seconds have passed since the previous one, or until
 * every target has exited, whichever comes first: then the rest is not
 * sent and tgt_rounds returns at once (a pidfd wakes poll(2) at the exit
 * itself; targets without one are polled in /proc, TGT_POLL_MAX apart at
 * most).
 *
 * With tree, each round goes: SIGSTOP to every live target (so none forks
 * or reacts half-way); with gather, once they all show as stopped, every
 * process whose parent is a live target and which is not one yet (a child
 * born since the set was made) is held, stopped and added, until a scan
 * of /proc finds no more; then the round's signal to every target; then
 * SIGCONT to every target (not after a STOP round: a requested STOP keeps
 * its meaning), so that a process that catches the signal runs its
 * handler now, while the next round is waited for. */
#ifndef QB_ROUNDS_H
#define QB_ROUNDS_H

#include <stddef.h>
#include <sys/types.h>

#include "process/target.h"

/* fail(ctx, t, sig): a signal failed, for a reason other than ESRCH
 * (errno set) */
typedef void tgt_fail_fn(void *ctx, const struct target *t, int sig);

struct rounds {
	const int *sigs;        /* the signals, one a round */
	size_t nsig;
	size_t first;           /* the first round to send: 1 when sigs[0]
	                           went out already (at last_ns) */
	long long last_ns;      /* clock_ns() of sigs[first - 1] */
	double delay;           /* the most a round waits for the next */
	int tree;               /* stop, signal, continue (above) */
	int gather;             /* tree: add the children born meanwhile */
	int wait_last;          /* after the last round, wait too (up to
	                           delay, or until every target exited) */
	const char *procdir;    /* where /proc is (NULL: "/proc") */
	const long long *skip;  /* PIDs never gathered (and ourselves) */
	size_t nskip;
	tgt_fail_fn *fail;      /* or NULL */
	void *ctx;
};

/* run the rounds over (*v)[0..*n): gathered targets are appended (the
 * array grows: *v, *n, *cap as in vec.h). A target whose mark is set is
 * spared sigs[0] (the front end's -H). Failures (see fail): the count. */
int tgt_rounds(struct target **v, size_t *n, size_t *cap,
    const struct rounds *r);

#endif
