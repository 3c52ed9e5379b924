/* tim_run.c: tim's protocol (spec/tim.md 2.1): for one row, w warm-ups
 * then m*n timed samples, each wrapped in the row's prepare and cleanup
 * and numbered by TIM_SEQ; then the estimate of core/estimate.c. */
#include <stdlib.h>
#include <sys/wait.h>

#include "err.h"
#include "estimate.h"
#include "sig.h"
#include "tim.h"

/* The --save file keeps the runs made so far (the original's behaviour),
 * so it is flushed before tim dies. */
static _Noreturn void failed(const char *cmd, int code, int status)
{
	tim_save_flush();
	if (WIFSIGNALED(status)) {
		const char *nm = sig_name(WTERMSIG(status));

		die(code, "\"%s\" failed (killed by signal %d%s%s)", cmd,
		    WTERMSIG(status), nm ? " SIG" : "", nm ? nm : "");
	}
	die(code, "\"%s\" failed (exit status %d)", cmd, WEXITSTATUS(status));
}

/* run one child; its time, or a death with code when it fails */
double tim_run1(const char *cmd, int code, struct spawn_res *r)
{
	if (spawn_sh(&tim.sp, ++tim.seq, cmd, r)) {
		tim_save_flush();
		die(code, "\"%s\" failed: cannot run /bin/sh:", cmd);
	}
	if (r->status)
		failed(cmd, code, r->status);
	return r->secs;
}

/* prepare/cleanup of command i: lists shorter than the commands repeat
 * their last element; none, or an empty one, is no hook. i < 0 is the
 * overhead, which never has hooks (spec 4.3). */
static const char *hook(char **list, int n, int i)
{
	const char *h;

	if (i < 0 || !n)
		return NULL;
	h = list[i < n ? i : n - 1];
	return *h ? h : NULL;
}

struct cpu {                    /* for -v: the timed runs' CPU time */
	double user, sys;
	size_t runs;            /* timed runs made live (not from --read) */
};

static double tv(struct timeval t)
{
	return (double)t.tv_sec + (double)t.tv_usec * 1e-6;
}

/* one sample of cmd for row i, in the unit. A --read value stands in for
 * the whole run, hooks included: they were run when it was saved. */
static double get1(const char *cmd, int i, struct cpu *cpu)
{
	const char *pre = hook(tim.prep, tim.nprep, i);
	const char *post = hook(tim.clean, tim.nclean, i);
	struct spawn_res r;
	double dt;

	if (tim.read && !tim_read_next(cmd, &dt))
		return dt * tim.scale;
	if (pre)
		tim_run1(pre, E_PREP, &r);
	dt = tim_run1(cmd, E_CMD, &r);
	if (cpu) {
		cpu->runs++;
		cpu->user += tv(r.utime);
		cpu->sys += tv(r.stime);
	}
	if (post)
		tim_run1(post, E_CLEAN, &r);
	tim_save_add(dt, cmd);
	return dt * tim.scale;
}

static void cpu_log(const char *name, const struct cpu *cpu)
{
	if (tim.verbose && cpu->runs)
		warn("cpu     %s\tuser %.6f s\tsys %.6f s\t(mean of %zu runs)",
		    name, cpu->user / (double)cpu->runs,
		    cpu->sys / (double)cpu->runs, cpu->runs);
}

/* Warm-ups, then m*n timed samples, then the estimate. Row i < 0 is the
 * overhead; n is its count of inner trials (max(n, oHead) for it). */
void tim_measure(struct row *rw, const char *cmd, int i, long long n)
{
	size_t nx = (size_t)(n * tim.m), j;
	double *xs = xmalloc(nx * sizeof *xs);
	double *tmp = xmalloc(EST_TMP(n, tim.m, tim.k) * sizeof *tmp);
	struct cpu cpu = {0, 0, 0};
	struct est_min e;
	long long w;

	for (w = 0; w < tim.w; w++)
		get1(cmd, i, NULL);
	for (j = 0; j < nx; j++)
		xs[j] = get1(cmd, i, &cpu);
	tim_save_flush();
	est_emin(xs, (size_t)n, (size_t)tim.m, (int)tim.k, tmp, &e);
	free(tmp);
	rw->est = e.est;
	rw->err = e.err;
	rw->xs = xs;
	rw->nx = nx;
	cpu_log(rw->name, &cpu);
}
