/* load.h: what tim can see of the machine's load while it measures, to
 * say why a comparison ends undecided and to read intervals more
 * cautiously on a busy machine (docs/tim.md, "Verdicts").
 *
 * Seen between batches, never during a timed run: /proc/loadavg's
 * 1-minute load and runnable tasks, /proc/stat's steal time (a virtual
 * machine's CPU taken by its host); the runs' involuntary context
 * switches (rusage) are added by the caller. Where /proc cannot be read
 * nothing is known (NaN): never an error, never busy. */
#ifndef QB_LOAD_H
#define QB_LOAD_H

struct load {
	double load1;           /* the highest 1-minute load seen, or NaN */
	double run;             /* runnable tasks other than tim, summed */
	long n;                 /* over n looks */
	double steal0, total0;  /* /proc/stat's steal and all jiffies at */
	double steal, total;    /* the first look, and at the last */
	double ivcsw, secs;     /* the runs' involuntary switches, seconds */
	int ncpu;               /* online CPUs */
};

/* the first look: everything else cleared */
void load_start(struct load *l);
/* another look */
void load_look(struct load *l);
/* 1 when busy: more runnable tasks than CPUs beside tim, a load above
 * the CPUs and tim's own run, or 5 % of the CPU time stolen. f[0..4):
 * the load, the mean runnable tasks, the steal in %, the involuntary
 * switches a second of the runs (NaN when unknown). */
int load_busy(const struct load *l, double f[4]);

#endif
