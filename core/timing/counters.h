/* counters.h: what a timed child did, counted: from wait4's rusage (the
 * spawner's ru[]) and from perf_event_open's software and hardware
 * events, which the kernel may refuse one by one (no PMU in a VM,
 * perf_event_paranoid, a seccomp filter, a kernel without the call).
 *
 * The events are opened on the child before its exec (the spawner holds
 * it at a gate meanwhile), disabled, with enable_on_exec and inherit: they
 * count the program from its exec on, and every process it starts (each
 * child's count is added to its parent's event at its exit). Events
 * opened on the caller and inherited by its children lost a whole run's
 * counts in about one run of five on Linux 6.18. Never prints, never
 * exits. */
#ifndef QB_COUNTERS_H
#define QB_COUNTERS_H

/* the counters by index: rusage's four, then the events (CTR_EV) */
enum { CTR_MINFLT, CTR_MAJFLT, CTR_VCSW, CTR_IVCSW, CTR_TASK, CTR_CSW,
	CTR_PGF, CTR_INSN, CTR_CYC, CTR_CMISS, CTR_BMISS, CTR_N };
#define CTR_EV (CTR_N - CTR_TASK)

extern const char *const ctr_names[CTR_N];

struct ctrs {
	int fd[CTR_EV];         /* or -1, and err[] says why */
	int err[CTR_EV];
};

/* opens every event it can on process pid (0: the caller), each fd or
 * -1 with its errno in err[] */
void ctr_open(struct ctrs *c, int pid);
/* v[CTR_TASK..]: each event's count (task-clock in ns), -1 for one not
 * open or unreadable; then closes them (fd[] all -1) */
void ctr_close(struct ctrs *c, long long *v);

#endif
