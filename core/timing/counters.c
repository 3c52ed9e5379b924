/* counters.c: perf_event_open on a child, read at its end. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "timing/counters.h"

/* perf_event_attr as far as its first version (64 bytes, which every
 * kernel takes), declared here: a libc's headers (musl's) may not carry
 * the kernel's. The bit-fields are laid out as the kernel's are. */
struct pea {
	uint32_t type, size;
	uint64_t config, period, sample_type, read_format;
	uint64_t disabled:1, inherit:1, pinned:1, exclusive:1, excl_user:1,
	    exclude_kernel:1, exclude_hv:1, excl_idle:1, mmap:1, comm:1,
	    freq:1, inherit_stat:1, enable_on_exec:1, rest:51;
	uint32_t wakeup, bp_type;
	uint64_t bp_addr;
};
_Static_assert(sizeof(struct pea) == 64, "PERF_ATTR_SIZE_VER0");

const char *const ctr_names[CTR_N] = {
	"minor-faults", "major-faults", "voluntary-switches",
	"involuntary-switches", "task-clock", "context-switches",
	"page-faults", "instructions", "cycles", "cache-misses",
	"branch-misses",
};

void ctr_open(struct ctrs *c, int pid)
{
	int i;
#ifdef SYS_perf_event_open
	/* type (1 software, 0 hardware) and config of each, the kernel's */
	static const unsigned char ev[CTR_EV][2] = {{1, 1}, {1, 3}, {1, 2},
		{0, 1}, {0, 0}, {0, 3}, {0, 5}};
	struct pea a;
	unsigned long fl = 8UL;         /* PERF_FLAG_FD_CLOEXEC */

	for (i = 0; i < CTR_EV; i++) {
		memset(&a, 0, sizeof a);
		a.size = sizeof a;
		a.type = ev[i][0];
		a.config = ev[i][1];
		a.disabled = a.inherit = a.enable_on_exec = 1;
		/* the user's part only where the kernel asks for it
		 * (perf_event_paranoid 2 without the capability); before
		 * Linux 3.14 no PERF_FLAG_FD_CLOEXEC (EINVAL): set by fcntl */
		for (;;) {
			c->fd[i] = (int)syscall(SYS_perf_event_open, &a, pid,
			    -1, -1, fl);
			if (c->fd[i] < 0 && errno == EINVAL && fl) {
				fl = 0;
				continue;
			}
			if (c->fd[i] >= 0 || errno != EACCES || a.exclude_kernel)
				break;
			a.exclude_kernel = a.exclude_hv = 1;
		}
		if (c->fd[i] >= 0 && !fl)
			fcntl(c->fd[i], F_SETFD, FD_CLOEXEC);
		c->err[i] = c->fd[i] < 0 ? errno : 0;
	}
#else
	for (i = 0; i < CTR_EV; i++) {
		c->fd[i] = -1;
		c->err[i] = ENOSYS;
	}
	(void)pid;
#endif
}

void ctr_close(struct ctrs *c, long long *v)
{
	unsigned long long x;
	int i;

	for (i = 0; i < CTR_EV; i++) {
		v[CTR_TASK + i] = c->fd[i] >= 0 && read(c->fd[i], &x, sizeof x)
		    == (ssize_t)sizeof x ? (long long)x : -1;
		if (c->fd[i] >= 0)
			close(c->fd[i]);
		c->fd[i] = -1;
	}
}
