/* ident.h: process identities that survive PID reuse, as tokens a user
 * can keep between invocations (pf -F id, then pk -p TOKEN later).
 *
 * A PID names a process only until it exits; then the kernel may give
 * the number to another. A token adds what tells the two apart:
 *   PID:INODE   the inode of a pidfd of the process on pidfs (Linux
 *               6.9+): one inode per process, never reused while the
 *               system runs (the form util-linux's kill and waitpid take)
 *   PID@START   its start time, clock ticks after boot (stat field 22):
 *               where pidfds are not on pidfs (older kernels, ENOSYS)
 *   PID         a plain PID, no identity check
 * Core code: parses, formats, checks; never prints. */
#ifndef QB_IDENT_H
#define QB_IDENT_H

#include <stddef.h>
#include <sys/types.h>

#include "process/proc.h"

enum { IDENT_PID, IDENT_INO, IDENT_START };

struct ident {
	pid_t pid;
	int kind;                 /* IDENT_* */
	unsigned long long val;   /* the inode or the start time */
};

/* "PID", "PID:INODE" or "PID@START" (decimal, PID 1..2^31-1, no sign,
 * no blanks): 0 with *id filled, or -1 */
int ident_parse(const char *s, struct ident *id);

/* the token of id into buf (NUL-ended, cap >= IDENT_MAX): its length */
#define IDENT_MAX 48
size_t ident_format(const struct ident *id, char *buf, size_t cap);

/* the identity of p, read with PROC_STAT; anchor is proc_anchor() of
 * the reader that read p (or -1): PID:INODE when the kernel has pidfs,
 * else PID@START. -1 when p is gone by now (its pidfd could name a
 * newcomer), else 0. */
int ident_of(const struct proc *p, int anchor, struct ident *id);

/* is p (read with PROC_STAT, anchor as above) still the process id
 * names? 1 yes, 0 no (another process under the same PID, or gone) */
int ident_same(const struct proc *p, int anchor, const struct ident *id);

#endif
