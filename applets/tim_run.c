/* tim_run.c: measuring. Each row of the plan (tim_plan.h) is run and
 * timed into the model: warm-ups, then m batches of n timed runs, the
 * overhead `sh -c ''` first; row by row, or batch by batch under
 * --interleave; then --precision's rounds and --decide's batches while
 * the budget lasts. A run is a child (tim_child.c), or a --read time in
 * its stead; each is appended to its row (with its --counters) and
 * --save'd. The model is written here and nowhere after: the estimates
 * (tm_update) as rows complete, the comparisons at the end. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "lib/clock.h"
#include "lib/cpus.h"
#include "lib/err.h"
#include "libc/fmt.h"
#include "lib/out.h"
#include "lib/pat.h"
#include "lib/vec.h"
#include "timing/fmtunc.h"
#include "tim_base.h"
#include "tim_run.h"
#include "tim_tw.h"

extern char **environ;

/* A status line on stderr between batches, never during a timed run: at
 * most 5 a second, on a tty unless --progress=always, erased at the end
 * (progress(t, NULL, 0, 0)). batch: the batches of r done (the estimate
 * so far uses them); round: the --precision round under way, or 0. */
static void progress(struct trun *t, const struct row *r, long long batch,
    long long round)
{
	char b[512], v[256], at[64], left[32] = "";
	long long now;
	double est, err, el;
	int l, i = r ? (int)(r - t->md->rw) : 0;

	if (!t->progress)
		return;
	if (!r) {
		if (t->progshown)
			write_all(2, "\r\033[K", 4);
		t->progshown = 0;
		return;
	}
	now = clock_ns();
	if (t->progshown && now - t->lastprog < 200000000LL)
		return;
	t->lastprog = now;
	v[0] = 0;
	if (batch >= 1 && !tm_estimate(t->md, r, batch, &est, &err, NULL))
		fmt_uncertain(v, sizeof v, est, err, t->md->pm);
	if (round)
		fmt_snprintf(at, sizeof at, "round %lld", round);
	else
		fmt_snprintf(at, sizeof at, "batch %lld/%lld", batch + 1, t->m);
	el = (double)(now - t->t0) * 1e-9;      /* elapsed, time left */
	if (t->p->budget > 0)
		fmtf_snprintf(left, sizeof left, " (%.1f s left)",
		    t->p->budget > el ? t->p->budget - el : 0);
	l = fmtf_snprintf(b, sizeof b, "\r\033[Ktim: %d/%d %.60s  %s  %s%s%s"
	    "  %.1f s%s", i + 1, t->md->nrow, r->name, at, v, v[0] ? " " : "",
	    v[0] ? t->md->unit : "", el, left);
	write_all(2, b, l < 0 ? 0 : (size_t)l < sizeof b ? (size_t)l :
	    sizeof b - 1);
	t->progshown = 1;
}

/* --ready's tests: the pattern for a command, any line for the overhead */
static int ready_rx(void *ctx, const char *line)
{
	return pat_match(ctx, line);
}

static int ready_any(void *ctx, const char *line)
{
	(void)ctx;
	(void)line;
	return 1;
}

/* run one child (the row's words under -N, else sh -c cmd); its result,
 * or a death with code when it fails: the --save file keeps the runs
 * made so far (the original's behaviour), so it is flushed first */
static void run1(struct trun *t, const char *cmd, const struct row *w,
    int code, struct spawn_res *r)
{
	int bad = tchild_run(&t->ch, cmd, w, r);

	if (!bad)
		return;
	progress(t, NULL, 0, 0);
	tsave_flush(&t->sv);
	tchild_die(&t->ch, cmd, w, code, bad, r);
}

static double tv(struct timeval v)
{
	return (double)((long long)v.tv_sec * 1000000 + v.tv_usec) / 1e6;
}

/* One run of row r: a --read value stands in for the whole run, hooks
 * included (they were run when it was saved). A key missing from the
 * file runs live (the original's behaviour; docs/tim.md). */
static struct run get1(struct trun *t, struct row *r)
{
	struct run u = {0, NAN, NAN, -1, NAN, 0};
	struct spawn_res res;
	struct rq *q = t->p->read ? tread_find(&t->rd, r->cmd) : NULL;
	int ov, fd[2];

	if (q) {
		if (q->head == q->n) {
			progress(t, NULL, 0, 0);
			die(E_USAGE, "`%s`: undersampled in `read`",
			    shown(r->cmd));
		}
		u.secs = q->v[q->head++];
		memset(t->cv, 0xff, sizeof t->cv);      /* all -1: unknown */
		return u;
	}
	if (r->pre)
		run1(t, r->pre, NULL, E_PREP, &res);
	/* --ready: the overhead is the time to any line of `echo` */
	ov = t->p->ready && r == t->md->rw && t->md->first;
	t->ch.sp.ready = ov ? ready_any : t->p->ready ? ready_rx : NULL;
	t->ch.sp.ctr = t->p->counters ? &t->ctrs : NULL;
	fd[0] = t->ch.sp.out;
	fd[1] = t->ch.sp.err;
	if (ov)                 /* its line is tim's, not the user's */
		t->ch.sp.out = t->ch.sp.err = t->devnull;
	run1(t, ov ? "echo" : r->cmd, r->argv ? r : NULL, E_CMD, &res);
	t->ch.sp.ready = NULL;
	t->ch.sp.ctr = NULL;
	t->ch.sp.out = fd[0];
	t->ch.sp.err = fd[1];
	memcpy(t->cv, res.ctr, sizeof t->cv);
	t->md->ld.ivcsw += res.ctr[CTR_IVCSW];
	t->md->ld.secs += res.secs;
	u.secs = res.secs;
	u.user = tv(res.utime);
	u.sys = tv(res.stime);
	u.rss_kb = res.maxrss_kb;
	/* alone: its CPU time (threads and children included) is no more
	 * than its first thread's run time, give or take rusage's rounding
	 * to microseconds */
	u.wait = res.wait >= 0 && res.wait <= res.secs ? res.wait : NAN;
	u.alone = u.wait >= 0 && u.user + u.sys <= res.ran * 1.001 + 1e-5;
	if (r->post)
		run1(t, r->post, NULL, E_CLEAN, &res);
	tsave_add(&t->sv, u.secs, r->cmd);
	return u;
}

/* runs added to r: cnt timed runs, appended in time order */
static void timed(struct trun *t, struct row *r, long long cnt)
{
	long long j;

	for (j = 0; j < cnt; j++) {
		struct run u = get1(t, r);

		VEC_PUSH(r->runs, r->nrun, r->cap, u);
		if (!t->p->counters)
			continue;
		r->ctr = vec_grow(r->ctr, r->nrun * CTR_N, &r->ccap,
		    sizeof *r->ctr);
		for (; r->nctr < r->nrun * CTR_N; r->nctr++)  /* imports: -1 */
			r->ctr[r->nctr] = r->nctr < (r->nrun - 1) * CTR_N ? -1 :
			    t->cv[r->nctr % CTR_N];
	}
}

static void warmups(struct trun *t, struct row *r)
{
	for (; r->warm < t->p->w; r->warm++)
		get1(t, r);
}

/* for -v: the mean wait for a CPU of the runs that know it, and
 * whether they ran alone (tm_net: a verdict between rows alone leaves
 * the waits out) */
static void wait_log(const struct row *r)
{
	double w = 0, secs = 0;
	size_t j, n = 0;
	char line[1024];

	for (j = 0; j < r->nrun; j++)
		if (r->runs[j].wait >= 0) {
			n++;
			w += r->runs[j].wait;
			secs += r->runs[j].secs;
		}
	if (!n)
		return;
	fmtf_snprintf(line, sizeof line, "wait    %s\t%.6f s for a CPU\t(mean "
	    "of %zu runs, %.1f%% of their time; %s)", r->name, w / (double)n,
	    n, secs > 0 ? 100 * w / secs : 0., tm_net(r) ? "alone" : "not "
	    "alone: other threads or children ran");
	warn_line(line);
}

/* for -v: the mean CPU times and the peak RSS of the runs made live */
static void cpu_log(struct trun *t, const struct row *r)
{
	double user = 0, sys = 0;
	long rss = 0;
	size_t j, live = 0;
	char line[1024];

	if (!t->p->verbose)
		return;
	progress(t, NULL, 0, 0);        /* a log line of its own */
	for (j = 0; j < r->nrun; j++)
		if (r->runs[j].rss_kb >= 0) {
			live++;
			user += r->runs[j].user;
			sys += r->runs[j].sys;
			if (r->runs[j].rss_kb > rss)
				rss = r->runs[j].rss_kb;
		}
	if (!live)
		return;
	fmtf_snprintf(line, sizeof line,
	    "cpu     %s\tuser %.6f s\tsys %.6f s\t(mean of %zu runs)",
	    r->name, user / (double)live, sys / (double)live, live);
	warn_line(line);        /* warn() has no floats (fmt.h) */
	warn("rss     %s\tpeak %ld KiB\t(max of %zu runs)", r->name, rss, live);
	wait_log(r);
}

/* ---- measuring: row by row, interleaved, to a precision ----------------- */

/* Row by row, each printed as soon as it is measured (the original's
 * order): warm-ups, then m*n timed runs. */
static void measure_rows(struct trun *t, int print)
{
	int i;
	long long b;

	for (i = 0; i < t->md->nrow; i++) {
		struct row *r = &t->md->rw[i];

		warmups(t, r);
		for (b = 0; b < t->m; b++) {
			progress(t, r, b, 0);
			timed(t, r, r->n);
		}
		tsave_flush(&t->sv);
		tm_update(t->md, i);
		cpu_log(t, r);
		if (print) {
			progress(t, NULL, 0, 0);
			t->row_done(t->ctx, i);
		}
	}
}

/* Batch b of every row, their runs in turn (a1 b1 a2 b2 ..., a row of
 * fewer runs drops out when it has them): a burst of other work, or a
 * drift, falls on both sides of a pair alike, where whole batches one
 * after the other let a burst hit one side. Beside a build loop,
 * `--decide --budget=20s` on identical commands reached a firm "no
 * difference" 11 times in 19 so, 6 in 20 with whole batches, the two
 * builds taking turns (docs/studies/2026-12-06-tim-verdict-full.md) */
static void batch_all(struct trun *t, long long b)
{
	long long j, most = 0;
	int i;

	for (i = 0; i < t->md->nrow; i++)
		if (t->md->rw[i].n > most)
			most = t->md->rw[i].n;
	for (j = 0; j < most; j++)
		for (i = 0; i < t->md->nrow; i++)
			if (j < t->md->rw[i].n) {
				progress(t, &t->md->rw[i], b, 0);
				timed(t, &t->md->rw[i], 1);
			}
	tsave_flush(&t->sv);
}

/* --interleave: every row's warm-ups, then batch j of every row (runs
 * in turn) before batch j+1 */
static void measure_interleaved(struct trun *t)
{
	long long b;
	int i;

	for (i = 0; i < t->md->nrow; i++)
		warmups(t, &t->md->rw[i]);
	for (b = 0; b < t->m; b++)
		batch_all(t, b);
	for (i = 0; i < t->md->nrow; i++) {
		tm_update(t->md, i);
		cpu_log(t, &t->md->rw[i]);
	}
}

/* row i has reached --precision */
static int precise(const struct trun *t, int i)
{
	const struct row *r = &t->md->rw[i];

	return r->est > 0 && r->err <= t->p->prec * r->est;
}

/* the timed runs of all rows, in their own seconds: what --precision
 * and --decide count against the budget, not the clock, so that --read
 * replays them */
static double run_secs(const struct trun *t)
{
	double s = 0;
	size_t j;
	int i;

	for (i = 0; i < t->md->nrow; i++)
		for (j = 0; j < t->md->rw[i].nrun; j++)
			s += t->md->rw[i].runs[j].secs;
	return s;
}

/* --precision stops no sooner than the timed runs of all rows add up to
 * a tenth of the budget. The minimum of a fast command emerges only after
 * some hundreds of runs (the first ones of a tim run are slower), while an
 * error from a few dozen can be small by chance: stopping at the first
 * error under P then picked such runs, whose estimates were far apart
 * between tim runs while each said < P (docs/PERFORMANCE.md, "Tools in
 * turn, far groups left out, a floor under --precision"). */
static int early(const struct trun *t)
{
	return run_secs(t) < t->p->budget / 10;
}

/* A --read file holds the rounds (batch: the --decide batches) the
 * saving run made before its budget ran out: a replay ends where they
 * end (a whole round or none), so it reproduces that run. Rows the file
 * lacks run live. */
static int saved_round(struct trun *t, int all, int batch)
{
	int i;

	for (i = 0; t->p->read && i < t->md->nrow; i++) {
		struct rq *q = tread_find(&t->rd, t->md->rw[i].cmd);

		if (q && (i < t->md->first || all || !precise(t, i)) &&
		    q->n - q->head < (size_t)(batch ? t->md->rw[i].n : t->m))
			return 0;
	}
	return 1;
}

/* --precision: while a command row's error/estimate is above P and the
 * budget lasts, add a round: one more run per batch (m runs, so every
 * batch grows by one: the batches' spread, which is the error, shrinks
 * only with longer batches, never with more of them) to each row that
 * missed, and to the overhead, whose error is part of theirs; while it
 * is early (above), to every row. Rows are taken in turn, so
 * --interleave is kept. */
static void refine(struct trun *t)
{
	int i, miss, e;
	long long round = 0;

	for (;;) {
		miss = 0;
		for (i = t->md->first; i < t->md->nrow; i++)
			miss += !precise(t, i);
		e = early(t);
		if (!miss && !e)
			return;
		if (clock_ns() - t->t0 >= (long long)(t->p->budget * 1e9) ||
		    !saved_round(t, e, 0))
			break;
		for (i = 0; i < t->md->nrow; i++) {
			struct row *r = &t->md->rw[i];

			if (i < t->md->first || e ? 0 : precise(t, i))
				continue;
			if ((r->n + 1) * t->m > MAXN)
				goto spent;
			progress(t, r, t->m, round + 1);
			timed(t, r, (long long)tm_nb(r));
			r->n++;
		}
		tsave_flush(&t->sv);
		for (i = 0; i < t->md->nrow; i++)
			tm_update(t->md, i);
		round++;
	}
spent:
	for (i = t->md->first; i < t->md->nrow; i++)
		t->md->rw[i].missed = !precise(t, i);
}

/* every comparison made, with the first row and with the --baseline
 * (the outputs print what the options ask); returns how many are not
 * yet settled. The load is looked at here (and at the start): at each
 * of --decide's looks, at the end. On a busy machine (load.h) the
 * intervals are read at a tenth of the error rate: bursts of other work
 * hit a few pairs alike and make them less independent than the
 * interval assumes, and a false difference costs more than a late one. */
static int compare(struct trun *t)
{
	const struct tbent *e;
	int i, n = 0;

	load_look(&t->md->ld);
	t->md->busy = load_busy(&t->md->ld, t->md->lf) && !t->p->read;
	t->md->conf = 1 - (1 - t->conf) / (t->md->busy ? 10 : 1);
	tm_compare_all(t->md);
	for (i = t->md->first; i < t->md->nrow; i++) {
		struct row *r = &t->md->rw[i];

		n += r->to >= 0 && r->cmp.verdict >= CMP_DIFFERS;
		if (t->p->base && (e = tm_base_entry(t->b, r->cmd))) {
			tm_compare_base(t->md, t->b, r, e);
			n += r->bcmp.verdict >= CMP_DIFFERS;
		}
	}
	return n;
}

/* x cut down to 3 significant digits: a look's error rate, so that its
 * confidence prints as 96.89 %, not 96.8885 %; down, so the looks still
 * add up to at most 1 - C (0 < x < 1 here; anything else as it is) */
static double sig3(double x)
{
	double s = 1;

	if (!(x > 0 && x < 1))
		return x;
	while (x * s < 100)
		s *= 10;
	return (double)(long long)(x * s) / s;
}

/* --decide: while a comparison is undecided and the budget lasts, one
 * more batch of every row, in turn: more pairs narrow the interval as
 * 1/sqrt(pairs); longer batches, as --precision makes, would not. The
 * verdicts are looked at when the batches reach m, 2m, 4m, ... and when
 * the budget is out. The error rate a = 1 - C is shared out so that the
 * looks' rates add up to at most a (looking at every batch at C would
 * find a difference in noise sooner or later): half by look, look j
 * a/2^(j+2), and half by the budget, each look the share of a/2 that
 * the runs' time since the look before is of the budget; the last look
 * gets all that is left. By look alone (a/2^(j+1)), the last look got
 * a sixteenth of a beside a build loop: 43 windows of 20 s of runs made
 * there, replayed by --read, reached `no difference` for identical
 * commands in 25; so shared, in 30, and 26 windows of the 5 % loop
 * ended as before (docs/studies/2026-12-06-tim-decide-looks.md). The
 * time is the runs' own (run_secs, above). */
static void decide(struct trun *t)
{
	double a = 1 - t->conf, spent = 0, by_time = 0, f, aj;
	long long look = t->m;
	int i, j = 0, last;

	for (;;) {
		last = clock_ns() - t->t0 >= (long long)(t->p->budget * 1e9) ||
		    !saved_round(t, 1, 1) || (t->m + 1) * t->md->rw[0].n > MAXN;
		if (t->m >= look || last) {
			/* the time half so far (run_secs only grows) */
			f = run_secs(t) / t->p->budget;
			f = a / 2 * (f < 1 ? f : 1);
			aj = sig3(last ? a - spent :
			    a / (double)(4LL << j++) + f - by_time);
			by_time = f;
			spent += aj;
			t->conf = 1 - aj;
			if (!compare(t) || last)
				break;
			look *= 2;
		}
		batch_all(t, t->m++);
	}
	for (i = 0; i < t->md->nrow; i++)
		tm_update(t->md, i);
}

/* ---- --import ----------------------------------------------------------- */

/* Each --import FILE's runs go to the row of the same label (the
 * overhead's to the overhead), before this run's: they were made
 * earlier. Their batches must be as long as the row's (-n), so the
 * batches stay whole. t->md->icount keeps how many came from where. */
static void imports(struct trun *t)
{
	size_t f, j, n, k;
	int i;

	t->md->icount = xmalloc((t->p->nimp * (size_t)t->md->nrow + 1) * sizeof
	    *t->md->icount);
	for (f = 0; f < t->p->nimp; f++) {
		struct tbase b = {0, 0, 0};
		const char *why;
		char *d = tfile_slurp(t->p->imp[f], &n);

		if (!d)
			die(E_USAGE, "%s:", t->p->imp[f]);
		if (tbase_json(d, n, &b, &why))
			die(E_USAGE, "%s: %s", t->p->imp[f], why);
		for (i = 0; i < t->md->nrow; i++) {
			struct row *r = &t->md->rw[i];

			t->md->icount[f * (size_t)t->md->nrow + (size_t)i] = 0;
			for (j = 0; j < b.n && (i < t->md->first ? !b.e[j].oh :
			    b.e[j].oh || strcmp(b.e[j].label, r->name)); j++)
				;
			if (j == b.n || !b.e[j].nrun)
				continue;
			if (b.e[j].n != r->n || b.e[j].nrun % (size_t)r->n)
				die(E_USAGE, "--import %s: \"%s\": %lld runs a "
				    "batch, not %lld as here: give -n%lld",
				    t->p->imp[f], shown(r->name), b.e[j].n, r->n,
				    b.e[j].n);
			for (k = 0; k < b.e[j].nrun; k++)
				VEC_PUSH(r->runs, r->nrun, r->cap, b.e[j].runs[k]);
			t->md->icount[f * (size_t)t->md->nrow + (size_t)i] = b.e[j].nrun;
		}
		free(d);
	}
}

void run_open(struct trun *t)
{
	int i;

	t->m = t->p->m;
	t->conf = t->md->conf;
	if (t->p->save)
		tsave_open(&t->sv, t->p->save);
	if (t->p->read)
		tread_load(&t->rd, t->p->read);
	for (i = 0; t->p->read && t->p->verbose && i < t->md->nrow; i++)
		if (!tread_find(&t->rd, t->md->rw[i].cmd))
			warn("read    `%s`: not in %s, run live",
			    shown(t->md->rw[i].cmd), t->p->read);
	if (t->p->base)
		tbase_load(t->b, t->p->base, t->md, t->p->w);
	imports(t);
}

void run_setup(struct trun *t)
{
	int i;

	if (spawn_init(&t->ch.sp, environ))
		die(E_USAGE, "out of memory");
	if (t->p->null[0] || t->p->null[1] || t->p->ready) {  /* one for all */
		t->devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
		if (t->devnull < 0)
			die(E_USAGE, "/dev/null:");
		t->ch.sp.out = t->p->null[0] ? t->devnull : -1;
		t->ch.sp.err = t->p->null[1] ? t->devnull : -1;
	}
	if (t->p->cpus && cpus_usable(t->p->cpus, t->p->cpus_bytes))
		die(E_USAGE, "--affinity '%s': %s", t->p->aff, errno == EINVAL ?
		    "no such CPU here" : strerror(errno));
	t->ch.sp.cpus = t->p->cpus;
	t->ch.sp.cpus_bytes = t->p->cpus_bytes;
	/* --ready stops a process group: its orphans come back to tim, which
	 * reaps them and so sees the group gone at once; without (before
	 * Linux 3.4), init reaps them, or the grace runs out */
	if (t->p->ready)
		prctl(PR_SET_CHILD_SUBREAPER, 1);
	if (t->p->counters) {      /* what is not counted, and why: once */
		int n = 0, e;

		ctr_open(&t->ctrs, 0);   /* a probe: what tim may open */
		ctr_close(&t->ctrs, t->cv);
		for (i = 0; i < CTR_EV; i++) {
			if (!(e = t->ctrs.err[i]))
				continue;
			out_str(n++ ? ", " : "# not counted: ");
			out_str(ctr_names[CTR_TASK + i]);
			if (i + 1 < CTR_EV && t->ctrs.err[i + 1] == e)
				continue;
			out_str(" (");
			out_str(e == ENOENT || e == EOPNOTSUPP ? "no such event "
			    "here" : strerror(e));
			out_char(')');
		}
		if (n) {        /* before the commands' own output */
			out_char('\n');
			tw_stdout();
		}
	}
	/* each run's wait (spawn.h), read after the clock: verdicts are made
	 * less it (tm_net), -v and --json show it; a --ready run ends at a
	 * line, before its exit, so it has none. Only where it is used: the
	 * read costs some 20 us a run, untimed (a run of /bin/true 4 %
	 * longer between runs: docs/studies/2026-12-07-tim-cpu-wait.md) */
	t->ch.sp.sched = !t->p->ready && (t->md->nrow - t->md->first > 1 ||
	    t->p->verbose || t->p->exp[0]);
	t->ch.sp.ready_ctx = t->p->rx;
	t->ch.sp.grace_ns = 1000000000; /* TERM to KILL under --ready */
	t->ch.sp.ready_ns = (long long)(t->p->ready_to * 1e9);
	t->progress = t->p->progress == P_AUTO ? isatty(2) :
	    t->p->progress == P_ALWAYS;
}

/* Row by row, each row's results handed on (row_done) as soon as it is
 * measured, as the original prints them; with --interleave, --precision
 * or --decide, all at the end. The comparisons are made last, once. */
void run_measure(struct trun *t)
{
	int i;

	t->t0 = clock_ns();
	load_start(&t->md->ld);
	if (t->p->interleave || t->p->prec > 0) {
		if (t->p->interleave)
			measure_interleaved(t);
		else
			measure_rows(t, 0);
		if (t->p->prec > 0)
			refine(t);
		if (t->p->decide)
			decide(t);
		progress(t, NULL, 0, 0);
		for (i = 0; i < t->md->nrow; i++)
			t->row_done(t->ctx, i);
	} else {
		measure_rows(t, 1);
	}
	compare(t);
}
