/* lock.c: lk_lock/lk_unlock and lk_wait/lk_wake, in place of
 * pthread_mutex_lock/unlock and pthread_cond_wait/broadcast: the
 * parallel scan needs one lock and one broadcast, and the C library's
 * mutex and condition variable add 3,968 bytes to the static pf family
 * for them (docs/quickbox.md, "Each re-implementation on trial").
 *
 * On futexes: the lock is the classic three-state futex lock; lk_wait
 * sleeps on a sequence number read under the lock, so a wake-up between
 * its unlock and its sleep is never lost (the futex then finds seq
 * changed and returns at once). */
#include <limits.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "libc/lock.h"

/* the kernel's FUTEX_WAIT / FUTEX_WAKE | FUTEX_PRIVATE_FLAG, here
 * because musl's headers do not carry linux/futex.h */
enum { FUTEX_WAIT_PRIV = 0 | 128, FUTEX_WAKE_PRIV = 1 | 128 };
/* 32-bit arches born with 64-bit time (riscv32) have only the time64
 * call; with no timeout the two are the same */
#if !defined(SYS_futex) && defined(SYS_futex_time64)
#define SYS_futex SYS_futex_time64
#endif

static long futex(void *addr, int op, unsigned val)
{
	return syscall(SYS_futex, addr, op, val, NULL, NULL, 0);
}

void lk_lock(struct lk *l)
{
	int c = 0;

	if (__atomic_compare_exchange_n(&l->mu, &c, 1, 0, __ATOMIC_ACQUIRE,
	    __ATOMIC_RELAXED))
		return;
	if (c != 2)
		c = __atomic_exchange_n(&l->mu, 2, __ATOMIC_ACQUIRE);
	while (c) {
		futex(&l->mu, FUTEX_WAIT_PRIV, 2);
		c = __atomic_exchange_n(&l->mu, 2, __ATOMIC_ACQUIRE);
	}
}

void lk_unlock(struct lk *l)
{
	if (__atomic_exchange_n(&l->mu, 0, __ATOMIC_RELEASE) == 2)
		futex(&l->mu, FUTEX_WAKE_PRIV, 1);
}

void lk_wait(struct lk *l)
{
	unsigned s = __atomic_load_n(&l->seq, __ATOMIC_RELAXED);

	l->waiting++;
	lk_unlock(l);
	futex(&l->seq, FUTEX_WAIT_PRIV, s);
	lk_lock(l);
	l->waiting--;
}

void lk_wake(struct lk *l)
{
	__atomic_fetch_add(&l->seq, 1, __ATOMIC_RELEASE);
	if (l->waiting)
		futex(&l->seq, FUTEX_WAKE_PRIV, INT_MAX);
}
