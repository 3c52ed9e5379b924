/* lock.h: one lock and one "something changed" broadcast for threads, in
 * place of a pthread mutex and condition variable (lock.c says why). A
 * struct lk is ready when zeroed. */
#ifndef QB_LOCK_H
#define QB_LOCK_H

struct lk {
	int mu;             /* 0 free, 1 held, 2 held and waited for */
	unsigned seq;       /* bumped by each lk_wake */
	int waiting;        /* threads in lk_wait, under the lock */
};

void lk_lock(struct lk *l);
void lk_unlock(struct lk *l);
/* under the lock: sleep until the next lk_wake, the lock given back
 * meanwhile (callers re-check what they wait for: wake-ups are
 * broadcasts) */
void lk_wait(struct lk *l);
/* under the lock: wake every thread in lk_wait */
void lk_wake(struct lk *l);

#endif
