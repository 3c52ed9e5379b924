/* tim_plan.h: what tim's front end (tim.c) made of the options, every
 * value checked: how to measure (read by tim_run.c) and what to print
 * and write (read by tim_report.c). The rows to run are the model's
 * (tim_model.h), made by the front end before anything runs; after the
 * front end nothing writes the plan. Steps, calls one way:
 *
 *   tim.c         options and their checks -> this plan and the rows
 *   tim_run.c     measuring: warm-ups, batches, --interleave, --ready,
 *                 --counters, --precision, --decide, --import, --read;
 *                 the only writer of the model's runs and results
 *   tim_model.c   the model: estimates, ratios, comparisons, verdicts
 *   tim_report.c  the outputs: the text report, --verdict's lines, the
 *                 --graph command, the exports, the --baseline gate
 *   tim_export.c  --json --csv --markdown --plot (tim_plot.c) and
 *                 --graph's files, written through tim_tw.c
 *   tim_base.c    --baseline and --import files read back
 *   tim_save.c    --save and --read lines
 *   tim_child.c   one child run, and the message when it fails */
#ifndef QB_TIM_PLAN_H
#define QB_TIM_PLAN_H

#include <stddef.h>

#define MAXN 100000000LL                /* per-option and total sample cap */
enum { R_DIFFS = 1, R_RATIOS = 2 };     /* the report set */
enum { P_AUTO, P_ALWAYS, P_NEVER };     /* --progress */

struct pat;

struct tplan {
	/* measuring (tim_run.c) */
	long long w, m;                 /* -w; -m (20 under --verdict) */
	double prec, budget;            /* --precision (0: off), seconds */
	int interleave, decide;         /* (--verdict interleaves) */
	int verbose, progress;          /* -v; --progress */
	int counters;                   /* --counters */
	int null[2];                    /* --output=null, --stderr=null */
	const char *save, *read;        /* --save, --read */
	const char *ready;              /* --ready, its pattern: */
	struct pat *rx;
	double ready_to;                /* --ready-timeout, seconds */
	unsigned long *cpus;            /* --affinity's mask */
	size_t cpus_bytes;
	const char *aff;                /* as given */
	char **imp;                     /* --import files */
	size_t nimp;
	const char *base;               /* --baseline (read by both) */
	/* the outputs (tim_report.c) */
	int report;                     /* -R: R_DIFFS | R_RATIOS */
	int verdict, quiet;             /* --verdict, --quiet-warnings */
	const char *dline, *graph;      /* -D, -g */
	const char *exp[4];             /* --json --csv --markdown --plot */
	double tol;                     /* --tolerance */
};

#endif
