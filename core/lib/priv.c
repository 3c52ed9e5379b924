/* priv.c: drop setuid and setgid privileges at start (priv.h). */
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "lib/priv.h"

/* The system calls themselves, not setresgid(3) and setresuid(3): a C
 * library applies those to every thread of the process, which in musl
 * links its all-threads machinery (__synccall: semaphores, a signal
 * handler, a timed wait), 1.6 KB of every static family. priv_drop runs
 * before any applet, when the process has one thread. Where the plain
 * call takes 16-bit ids (32-bit x86 and ARM) the 32-bit one is used. */
#ifdef SYS_setresuid32
#define SYS_SETRESUID SYS_setresuid32
#define SYS_SETRESGID SYS_setresgid32
#else
#define SYS_SETRESUID SYS_setresuid
#define SYS_SETRESGID SYS_setresgid
#endif

int priv_drop(void)
{
	uid_t ru, eu, su;
	gid_t rg, eg, sg;

	if (getresuid(&ru, &eu, &su) || getresgid(&rg, &eg, &sg))
		return -1;
	if (ru == eu && ru == su && rg == eg && rg == sg)
		return 0;
	/* the group first: once the user id is dropped, changing the
	 * group ids may no longer be allowed. Supplementary groups are the
	 * caller's own (exec of a setuid file leaves them as they were) */
	if (syscall(SYS_SETRESGID, rg, rg, rg) || syscall(SYS_SETRESUID, ru, ru, ru))
		return -1;
	if (getresuid(&ru, &eu, &su) || getresgid(&rg, &eg, &sg))
		return -1;
	if (eu != ru || su != ru || eg != rg || sg != rg) {
		errno = EPERM;
		return -1;
	}
	return 0;
}
