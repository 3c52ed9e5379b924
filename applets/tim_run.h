/* tim_run.h: measuring (tim_run.c): the plan's rows run and timed into
 * the model. */
#ifndef QB_TIM_RUN_H
#define QB_TIM_RUN_H

#include "timing/counters.h"
#include "tim_child.h"
#include "tim_model.h"
#include "tim_plan.h"
#include "tim_save.h"

struct trun {
	/* given */
	const struct tplan *p;
	struct tmodel *md;
	struct tbase *b;                /* --baseline's rows (none: n 0) */
	/* hook: row i is measured, its results final (in row order) */
	void (*row_done)(void *ctx, int i);
	void *ctx;
	/* measuring's own */
	struct tchild ch;               /* the spawner (--graph's too) */
	struct tsave sv;
	struct tread rd;
	struct ctrs ctrs;               /* --counters' events */
	long long cv[CTR_N];            /* the last run's counts */
	int devnull;                    /* its fd, when open */
	int progress, progshown;        /* the status line: on, shown */
	long long t0, lastprog;         /* start, last progress line (ns) */
	long long m;                    /* batches so far (--decide adds) */
	double conf;                    /* the confidence on a quiet machine */
};

/* the files measuring reads and writes: --save, --read, --baseline and
 * --import, each read whole (the imported runs put in their rows), so a
 * bad file stops tim before anything runs */
void run_open(struct trun *t);
/* the spawner, /dev/null, --affinity, --ready's subreaper, --counters'
 * probe (its note printed: "# not counted: ..."), the status line */
void run_setup(struct trun *t);
/* every row measured as the plan says, then compared; dies with the
 * documented status when a command fails */
void run_measure(struct trun *t);

#endif
