/* priv.c: drop setuid and setgid privileges at start (priv.h). */
#include <errno.h>
#include <unistd.h>

#include "priv.h"

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
	if (setresgid(rg, rg, rg) || setresuid(ru, ru, ru))
		return -1;
	if (getresuid(&ru, &eu, &su) || getresgid(&rg, &eg, &sg))
		return -1;
	if (eu != ru || su != ru || eg != rg || sg != rg) {
		errno = EPERM;
		return -1;
	}
	return 0;
}
