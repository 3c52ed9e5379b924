/* tim.h: what the files of the tim applet share.
 *
 * tim.c         options, checks and the entry point
 * tim_opt.c     the -R set syntax and the -u unit table
 * tim_run.c     the protocol: warm-ups, hooks, TIM_SEQ, the timed samples
 * tim_io.c      --save, --read and --graph
 * tim_report.c  labels, overhead subtraction, absolute and ratio lines
 *
 * One global, `tim`: the option callback fills it and every later stage
 * reads it, and a process runs tim exactly once. */
#ifndef QB_TIM_H
#define QB_TIM_H

#include <stddef.h>

#include "spawn.h"

/* exit statuses, as documented in docs/tim.md */
enum { E_USAGE = 1, E_PREP = 2, E_CMD = 3, E_CLEAN = 4, E_GRAPH = 5 };
enum { R_DIFFS = 1, R_RATIOS = 2 };     /* the report set */
#define MAXN 100000000LL                /* per-option and total sample cap */

struct tim {
	long long w, n, k, m, o;        /* -w -n -k -m -o */
	const char *save, *read, *unit, *olabel, *dline, *graph;
	char delim;
	int report, verbose, help;
	char **cmds, **prep, **clean;
	int ncmd, nprep, nclean;
	double scale;                   /* unit per second */
	const char *pm;                 /* $LC_PM, else " +- " */
	struct spawner sp;
	unsigned long seq;              /* TIM_SEQ of the last child */
};
extern struct tim tim;

struct row {                            /* one line of the report */
	const char *name;
	double est, err;
	double *xs;                     /* the timed samples, for --graph */
	size_t nx;
};

/* tim_opt.c: 0, or -1 when the value is bad */
int tim_report_opt(const char *v);      /* apply one -R value */
int tim_unit(const char *u, double *scale);

/* tim_run.c */
double tim_run1(const char *cmd, int code, struct spawn_res *r);
void tim_measure(struct row *rw, const char *cmd, int i, long long n);

/* tim_io.c */
void tim_save_open(const char *path);
void tim_save_add(double secs, const char *cmd);
void tim_save_flush(void);
void tim_read_file(const char *path);
int tim_read_next(const char *cmd, double *secs);
void tim_graph(const struct row *rw, int nrow);

/* tim_report.c */
const char *tim_label(char *arg, const char **name);
const char *tim_overhead_name(void);
void tim_subtract(struct row *r, const struct row *oh);
void tim_abs_line(const struct row *rw);
void tim_ratios(const struct row *rw, int nrow, int first);

#endif
