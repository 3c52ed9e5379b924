/* load.h: what tim can see of the machine's load while it measures, to
 * say why a comparison ends undecided and to read intervals more
 * cautiously on a busy machine (docs/tim.md, "Verdicts").
 *
 * Seen between batches, never during a timed run: /proc/loadavg's
 * 1-minute load and runnable tasks, /proc/stat's steal time (a virtual
 * machine's CPU taken by its host); the runs' involuntary context
 * switches (rusage) are added by the caller. Where /proc cannot be read
 * nothing is known (0): never an error, never busy. */
#ifndef QB_LOAD_H
#define QB_LOAD_H

struct load {
	long long load1;        /* the highest 1-minute load seen, whole */
	long long run, n;       /* runnable tasks other than tim, n looks */
	long long st[4];        /* /proc/stat's steal and all jiffies: at
	                         * the first look, at the last */
	long long ivcsw;        /* the runs' involuntary switches, */
	double secs;            /* and their seconds */
	int ncpu;               /* the CPUs tim may run on */
};

/* the first look: everything else cleared */
void load_start(struct load *l);
/* another look */
void load_look(struct load *l);
/* 1 when busy: more runnable tasks beside tim than the CPUs and one,
 * a load above twice the CPUs, or 5 % of the CPU time stolen (a busy
 * loop per CPU, or a `make -j` of as many jobs, is not yet busy: tim
 * decides beside them; a test suite's load of 4-8 on 2 CPUs is).
 * f[0..4):
 * the load, the mean runnable tasks, the steal in %, the involuntary
 * switches a second of the runs (0 when unknown). */
int load_busy(const struct load *l, long long f[4]);

#endif
