/* tim_model.h: tim's model: the rows, their runs, their estimates, their
 * comparisons (the steps around it: tim_plan.h).
 *
 * The front end (tim.c) makes the rows and the settings from the plan
 * before anything runs. Measuring (tim_run.c) alone writes them after:
 * it appends the timed runs, calls tm_update when a row's runs change,
 * and at its end tm_compare_all and tm_compare_base.
 * The outputs (tim_report.c, tim_export.c, tim_plot.c) only read the
 * model. Every statistic comes from core/timing (estimate.h, summary.h,
 * compare.h), here or through the functions below; this file calls no
 * other of tim's. */
#ifndef QB_TIM_MODEL_H
#define QB_TIM_MODEL_H

#include <stddef.h>

#include "timing/compare.h"
#include "timing/counters.h"
#include "timing/load.h"

/* exit statuses, as documented in docs/tim.md */
enum { E_USAGE = 1, E_PREP = 2, E_CMD = 3, E_CLEAN = 4, E_GRAPH = 5,
	E_PRECISION = 6, E_SLOWER = 7, E_NOBASE = 8, E_UNDECIDED = 9,
	E_DIFFERS = 10, E_READY = 11 };

struct run {                    /* one timed run, in time order */
	double secs;            /* wall-clock seconds */
	double user, sys;       /* CPU seconds; NaN when from --read */
	long rss_kb;            /* peak RSS in KiB; -1 when from --read */
	double wait;            /* seconds its process waited, runnable, for
	                         * a CPU (spawn.h); NaN: unknown (--read,
	                         * --import, --ready, no schedstat) */
	int alone;              /* no other thread or child of it ran (its
	                         * CPU time is its process's): wait is then
	                         * the whole command's */
};

struct row {                    /* one line of the report */
	const char *name;       /* the label, else the command */
	const char *label;      /* NULL without one */
	const char *cmd;        /* what runs; the --save/--read key */
	const char *pre, *post; /* hooks, or NULL */
	char **argv;            /* -N: the words, path: the program */
	char *path;
	const char *const *pnames, *const *pvals;  /* its scan values */
	int np;
	long long n;            /* runs per batch (--precision raises it) */
	long long warm;         /* warm-up runs made */
	struct run *runs;       /* the timed runs */
	size_t nrun, cap;
	long long *ctr;         /* --counters: CTR_N per run, -1 unknown; */
	size_t nctr, ccap;      /* nctr / CTR_N runs so far (imports none) */
	double est, err;        /* in the unit, as reported (tm_update) */
	double eother;          /* the error of the other --error kind */
	int missed;             /* --precision not reached */
	int to;                 /* the row it is compared with, or -1 */
	struct cmp cmp;         /* that comparison (tm_compare_all) */
	int net;                /* it was made less the CPU waits (tm_net) */
	struct cmp bcmp;        /* with its --baseline entry, if any
	                         * (tm_compare_base) */
};

struct tmodel {
	struct row *rw;
	int nrow, first;        /* first: 1 when rw[0] is the overhead */
	long long m;            /* batches */
	int k;                  /* the estimator's k */
	int subtract;           /* command rows are reported minus rw[0] */
	int errall;             /* err is --error=estimate's */
	double scale;           /* unit per second */
	const char *unit;       /* -u as given */
	const char *pm;         /* value +- error separator */
	const char *version;    /* "tim (quickbox) V" */
	double conf, thr;       /* comparisons: confidence, threshold */
	int busy;               /* the machine was busy: conf was raised */
	struct load ld;         /* what was seen of its load, */
	long long lf[4];        /* and its figures (load_busy) */
	int verdict;            /* --verdict: --plot's title names them */
	size_t *icount;         /* runs of row i from --import f, at
	                         * [f * nrow + i] */
};

struct tbase {                  /* a baseline's or an --import's rows */
	struct tbent {
		char *key;
		char *label;            /* the JSON's label, else the key */
		double est, err;        /* seconds, as reported */
		struct run *runs;       /* the timed runs, when the file has */
		size_t nrun;
		long long n;            /* runs a batch (0: not known) */
		int oh;                 /* the overhead's result */
	} *e;
	size_t n, cap;
};

/* -u: units per second, or -1 (docs/tim.md lists the spellings) */
double tm_unit_scale(const char *u);

/* Row r's own estimate over its first `batches` batches of r->n runs,
 * in the unit, and its error: the batch one, or with errall that of the
 * estimate itself; *other (when not NULL) gets the other kind. 0, or -1
 * when too few runs allow no estimate (NaN then). */
int tm_estimate(const struct tmodel *md, const struct row *r,
    long long batches, double *est, double *err, double *other);

/* the batches of r: its runs over its runs a batch (m, plus those of
 * --import) */
size_t tm_nb(const struct row *r);

/* Row i's est, err and eother from its tm_nb batches: its own estimate,
 * minus the overhead row's when md->subtract (errors in quadrature).
 * The overhead row must be updated first: it is estimated once, never
 * per row. */
void tm_update(struct tmodel *md, int i);

/* Row r's tm_nb(r) per-batch estimates (k statistics each) in the unit,
 * minus the overhead row's batch made with it (counted from the last)
 * when md->subtract; out: tm_nb(r) doubles. net: of each run's time less
 * its wait (every run's must be known) */
void tm_batches(const struct tmodel *md, const struct row *r, double *out,
    int net);

/* every run of r alone, its wait known: r can be compared less the
 * waits, as the time it takes when no other work takes turns on its
 * CPU (docs/tim.md, "Verdicts") */
int tm_net(const struct row *r);

/* Every command row after the first compared with the first (docs/tim.md,
 * "Verdicts"): their last batches pairwise, by cmp_pairs at md->conf and
 * md->thr, less the waits when both rows and the overhead allow it
 * (tm_net); sets each row's to, cmp and net (to -1: none). The
 * report, the exports and any plot read them there. */
void tm_compare_all(struct tmodel *md);

/* --counters: counter c of row r, the mean of its runs and that mean's
 * standard error (sd/sqrt(n)), minus the overhead row's as the times
 * are (errors in quadrature), task-clock in the unit; -1 when no run
 * has it */
int tm_counter(const struct tmodel *md, const struct row *r, int c,
    double *mean, double *err);

/* r relative to ref: *v = r/ref and its error *u, the relative errors
 * in quadrature (ref itself: 1 and its relative error) */
void tm_ratio(const struct row *r, const struct row *ref, double *v,
    double *u);

/* the first entry of b for cmd, or NULL */
const struct tbent *tm_base_entry(const struct tbase *b, const char *cmd);

/* Row r against its --baseline entry e, into r->bcmp: the batch
 * estimates of each (the baseline's minus its own overhead's, as the
 * report subtracts) by cmp_groups, as they ran at different times and
 * make no pairs. An entry without runs (an export from before they were
 * kept) has no interval: undecided, with the ratio of the estimates. */
void tm_compare_base(const struct tmodel *md, const struct tbase *b,
    struct row *r, const struct tbent *e);

#endif
