/* load.c: the machine's load from /proc (load.h). */
#include <sched.h>
#include <string.h>

#include "timing/load.h"
#include "timing/procfs.h"

/* the CPUs tim may run on (sysconf's count would link 1.2 kB); none
 * known (more than a cpu_set_t holds): so many that none is busy */
void load_start(struct load *l)
{
	cpu_set_t c;
	int i;

	memset(l, 0, sizeof *l);
	CPU_ZERO(&c);
	sched_getaffinity(0, sizeof c, &c);
	for (i = 0; i < CPU_SETSIZE; i++)
		l->ncpu += CPU_ISSET(i, &c) != 0;
	if (!l->ncpu)
		l->ncpu = CPU_SETSIZE;
	load_look(l);
}

void load_look(struct load *l)
{
	char b[512];
	const char *s = b;
	long long x, v[9];
	int i;

	/* "0.52 0.58 0.59 3/456 12345": runnable/all, tim itself one */
	pfs_head("/proc/loadavg", b, sizeof b);
	if ((x = pfs_num(&s)) > l->load1)
		l->load1 = x;
	pfs_num(&s);
	pfs_num(&s);
	if ((x = pfs_num(&s)) >= 1 && *s == '/') {
		l->run += x - 1;
		l->n++;
	}
	/* "cpu  user nice system idle iowait irq softirq steal ...": the
	 * first 8 are all the time, the 8th the stolen */
	pfs_head("/proc/stat", b, sizeof b);
	for (s = b + 4, v[8] = i = 0; i < 8 && !strncmp(b, "cpu ", 4) &&
	    (v[i] = pfs_num(&s)) >= 0; i++)
		v[8] += v[i];
	if (i < 8)
		return;
	if (!l->st[3]) {
		l->st[0] = v[7];
		l->st[1] = v[8];
	}
	l->st[2] = v[7];
	l->st[3] = v[8];
}

int load_busy(const struct load *l, long long f[4])
{
	long long d = l->st[3] - l->st[1];

	f[0] = l->load1;
	f[1] = l->n ? l->run / l->n : 0;
	f[2] = d > 0 ? 100 * (l->st[2] - l->st[0]) / d : 0;
	f[3] = l->secs > 0 ? (long long)((double)l->ivcsw / l->secs) : 0;
	return f[1] > l->ncpu + 1 || f[0] > 2 * (long long)l->ncpu || f[2] >= 5;
}
