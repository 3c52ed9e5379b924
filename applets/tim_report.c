/* tim_report.c: the outputs, each reading the measured model: the
 * report on stdout (a row's "EST +- ERR UNIT<TAB>name" as measuring hands
 * it on, then the ratio report and --verdict's lines), the --graph
 * command, the exports (tim_export.c), the warnings on stderr and the
 * --baseline gate, whose outcome is the exit status. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/err.h"
#include "libc/fmt.h"
#include "lib/out.h"
#include "timing/estimate.h"
#include "timing/fmtunc.h"
#include "timing/summary.h"
#include "tim_export.h"
#include "tim_report.h"
#include "tim_tw.h"

#define BASE_FEW 10     /* fewer batches or pairs cannot decide much */

static void out_unc(const struct tout *t, double val, double err)
{
	char b[256];
	size_t n = fmt_uncertain(b, sizeof b, val, err, t->md->pm);

	if (n < sizeof b) {
		out_write(b, n);
	} else {                /* only a long $LC_PM gets here */
		char *big = xmalloc(n + 1);

		fmt_uncertain(big, n + 1, val, err, t->md->pm);
		out_write(big, n);
		free(big);
	}
}

/* "EST +- ERR UNIT<TAB>name", unless the report is ratios only. Each
 * part of the report is flushed as it is made (tw_stdout): a stdout that
 * failed (a full disk, a closed pipe) stops tim at once rather than
 * measure rows nobody reads; the --save file keeps the runs made
 * (measuring wrote them before it handed the row on), and no export is
 * written. */
void report_row(void *ctx, int i)
{
	const struct tout *t = ctx;
	const struct row *r = &t->md->rw[i];
	double m, e;
	int c;

	if (t->p->report == R_RATIOS)
		return;
	out_unc(t, r->est, r->err);
	out_char(' ');
	out_str(t->md->unit);
	out_char('\t');
	out_str(r->name);
	out_char('\n');
	/* --counters: "MEAN +- ERR [UNIT ]NAME<TAB>row" each, known ones */
	for (c = 0; t->p->counters && c < CTR_N; c++)
		if (!tm_counter(t->md, r, c, &m, &e)) {
			char b[64];

			if (e > 0) {
				out_unc(t, m, e);
			} else {        /* equal counts: no 16 digits */
				fmtf_snprintf(b, sizeof b, "%.15g", m);
				out_str(b);
				out_str(t->md->pm);
				out_char('0');
			}
			out_char(' ');
			if (c == CTR_TASK) {
				out_str(t->md->unit);
				out_char(' ');
			}
			out_str(ctr_names[c]);
			out_char('\t');
			out_str(r->name);
			out_char('\n');
		}
	tw_stdout();   /* rows appear as measured, like the original */
}

/* ---- the ratio report --------------------------------------------------- */

/* Every command row relative to the fastest (starred), as tm_ratio gives
 * it. The overhead has no row: the commands are already minus it (the
 * ratio report always subtracts), and the original's "0.00 +- 0.36"
 * for it was a relative error printed as a ratio, which means nothing
 * (docs/tim.md, "Differences from the original"). */
static void ratio_line(const struct tout *t, double v, double u,
    const char *mark, const char *nm)
{
	out_unc(t, v, u);
	out_char('\t');
	out_str(mark);
	out_str(nm);
	out_char('\n');
}

static void ratios(const struct tout *t)
{
	const struct row *rw = t->md->rw;
	int i, imin = t->md->first;
	double v, u;

	for (i = t->md->first; i < t->md->nrow; i++)  /* the first strictly smallest */
		if (rw[i].est < rw[imin].est)
			imin = i;
	if (t->p->dline && *t->p->dline) {
		out_str(t->p->dline);
		out_char('\n');
	}
	for (i = t->md->first; i < t->md->nrow; i++) {
		tm_ratio(&rw[i], &rw[imin], &v, &u);
		ratio_line(t, v, u, i == imin ? "*" : "", rw[i].name);
	}
	tw_stdout();
}

/* ---- verdicts ---------------------------------------------------------- */

/* "RATIO [LOW, HIGH] CONF%<TAB>name<TAB>vs REF: VERDICT" */
static void verdict_line(const struct cmp *c, const char *nm, const char *ref)
{
	char b[160];

	fmtf_snprintf(b, sizeof b, "%.4g [%.4g, %.4g] %g%%\t", c->ratio, c->low,
	    c->high, 100 * c->conf);
	out_str(b);
	out_str(nm);
	out_str("\tvs ");
	out_str(ref);
	out_str(": ");
	out_str(cmp_word(c->verdict));
	out_char('\n');
}

/* A comparison not settled (undecided, or differs): on stderr, after how
 * many pairs, why and what to do: a --baseline e of too few batches, too
 * few pairs, a busy machine (what load.h saw), or a wide spread. */
static void why(const struct tout *t, const struct row *r,
    const struct cmp *c, const char *ref, const struct tbent *e)
{
	const long long *f = t->md->lf;
	const char *nm = shown(r->name), *w = cmp_word(c->verdict);

	ref = shown(ref);
	if (c->verdict < CMP_DIFFERS)
		return;
	if (!(e && e->nrun < BASE_FEW * (size_t)e->n) && c->pairs >=
	    BASE_FEW && t->md->busy)
		warn("%s: vs %s: %s after %zu batches: busy (load %lld, %lld "
		    "runnable, %lld%% steal, %lld ivcsw/s, %d CPUs): measure "
		    "when quiet", nm, ref, w, c->pairs, f[0], f[1], f[2], f[3],
		    t->md->ld.ncpu);
	else
		warn("%s: vs %s: %s after %zu batches: %s", nm, ref, w, c->pairs,
		    e && e->nrun < BASE_FEW * (size_t)e->n ? "--baseline too "
		    "small: record it with --verdict --json" : c->pairs <
		    BASE_FEW || isnan(c->low) ? "too few: raise -m or --budget "
		    "(--decide)" : "wide spread: more "
		    "batches (-m, --budget, --decide) or -n");
}

/* --verdict: one line per comparison, after the report (tm_compare_all
 * made them) */
static void verdicts(const struct tout *t)
{
	int i;

	for (i = 0; i < t->md->nrow; i++)
		if (t->md->rw[i].to >= 0)
			verdict_line(&t->md->rw[i].cmp, t->md->rw[i].name,
			    t->md->rw[t->md->rw[i].to].name);
	tw_stdout();
}

/* ---- --baseline --------------------------------------------------------- */

/* After "# baseline FILE", per command row the baseline knows: with
 * --verdict its verdict line ("vs baseline"), else "DIFF +- ERR
 * UNIT<TAB>name<TAB>..." against the tolerance. E_SLOWER when one is
 * slower, else E_NOBASE when a command has no entry (a gate that
 * compared nothing must not pass), else E_DIFFERS when one differs
 * upwards (slower by a size not settled: maybe past the threshold),
 * else E_UNDECIDED when one is undecided; a downward difference passes,
 * as faster does. Each command without an entry is named on stderr, and each
 * entry no command used gets a note (a renamed or mistyped command is
 * the likely cause); the overhead's entry ("") is no command's. */
static int compare(const struct tout *t)
{
	const struct tbase *b = t->b;
	int i, slower = 0, missing = 0, und = 0, up = 0;
	size_t j;
	char *used = xmalloc(b->n + 1);
	const struct tbent *e;

	memset(used, 0, b->n + 1);
	out_str("# baseline ");
	out_str(t->p->base);
	out_char('\n');
	for (i = t->md->first; i < t->md->nrow; i++) {
		const struct row *r = &t->md->rw[i];
		double d, er, z;

		if (!(e = tm_base_entry(b, r->cmd))) {
			missing = 1;
			continue;
		}
		used[e - b->e] = 1;
		if (t->p->verdict) {
			verdict_line(&r->bcmp, r->name, "baseline");
			tw_stdout();
			why(t, r, &r->bcmp, "baseline", e);
			slower |= r->bcmp.verdict == CMP_SLOWER;
			up |= r->bcmp.verdict == CMP_DIFFERS && r->bcmp.low > 1;
			und |= r->bcmp.verdict == CMP_UNDECIDED;
			continue;
		}
		d = r->est - e->est * t->md->scale;
		er = sum_quad(r->err, e->err * t->md->scale);
		z = er > 0 ? d / er : d > 0 ? INFINITY : d < 0 ? -INFINITY : 0;
		out_unc(t, d, er);
		out_char(' ');
		out_str(t->md->unit);
		out_char('\t');
		out_str(r->name);
		if (z > t->p->tol) {
			char tx[96];

			fmtf_snprintf(tx, sizeof tx,
			    "\tslower: %.1f errors > %g\n", z, t->p->tol);
			out_str(tx);
			slower = 1;
		} else {
			out_str(z < -t->p->tol ? "\tfaster\n" : "\twithin tolerance\n");
		}
	}
	tw_stdout();
	for (i = t->md->first; i < t->md->nrow; i++)
		if (!tm_base_entry(b, t->md->rw[i].cmd))
			warn("\"%s\": no entry in --baseline %s",
			    shown(t->md->rw[i].cmd), t->p->base);
	for (j = 0; j < b->n; j++)
		if (!used[j] && *b->e[j].key)
			warn("note: --baseline %s: \"%s\" matches no command",
			    t->p->base, shown(b->e[j].key));
	free(used);
	return slower ? E_SLOWER : missing ? E_NOBASE : up ? E_DIFFERS : und ?
	    E_UNDECIDED : 0;
}

/* "# import NAME: N here, N from FILE, ..." per row, with --import */
static void sources(const struct tout *t)
{
	char b[64];
	size_t f, here, c;
	int i;

	for (i = 0; t->p->nimp && i < t->md->nrow; i++) {
		here = t->md->rw[i].nrun;
		for (f = 0; f < t->p->nimp; f++)
			here -= t->md->icount[f * (size_t)t->md->nrow + (size_t)i];
		out_str("# import ");
		out_str(t->md->rw[i].name);
		fmt_snprintf(b, sizeof b, ": %zu here", here);
		out_str(b);
		for (f = 0; f < t->p->nimp; f++)
			if ((c = t->md->icount[f * (size_t)t->md->nrow + (size_t)i])) {
				fmt_snprintf(b, sizeof b, ", %zu from ", c);
				out_str(b);
				out_str(t->p->imp[f]);
			}
		out_char('\n');
	}
	tw_stdout();
}

/* --error=estimate holds from about EST_FEW_RUNS runs a group and reads
 * low below (estimate.h): said once, for the row with the fewest, as a
 * warning (the numbers and the exit status stand) */
static void few_runs(const struct tout *t)
{
	size_t g, least = 0;
	int i, at = -1;

	for (i = 0; t->md->errall && i < t->md->nrow; i++) {
		if (isnan(t->md->rw[i].err))
			continue;
		g = est_group_runs((size_t)t->md->rw[i].n, (int)t->md->k);
		if (g < EST_FEW_RUNS && (at < 0 || g < least)) {
			least = g;
			at = i;
		}
	}
	if (at >= 0)
		warn("%s: --error=estimate reads low with %lld runs a batch "
		    "(it holds from about %d): raise -n, or use the batch "
		    "error", shown(t->md->rw[at].name), t->md->rw[at].n, EST_FEW_RUNS);
}

/* The outputs after the rows, in turn: --import's sources, the ratio
 * report, --verdict's lines, the --graph command, the exports, the
 * warnings, the --baseline gate. The status: 0, E_PRECISION for a missed
 * --precision or an undecided --decide, or the gate's. */
int report_end(const struct tout *t)
{
	struct spawn_res r;
	int i, st = 0;

	sources(t);
	if (t->p->report & R_RATIOS)
		ratios(t);
	if (t->p->verdict)
		verdicts(t);
	if (t->p->graph) {
		char *cmd = tgraph(t->md, t->p->graph);

		t->ch->sp.out = t->ch->sp.err = -1;     /* its output is the user's */
		t->ch->sp.cpus = NULL;          /* and so is its placement */
		if ((i = tchild_run(t->ch, cmd, NULL, &r)))
			tchild_die(t->ch, cmd, NULL, E_GRAPH, i, &r);
		free(cmd);
	}
	for (i = 0; i < 4; i++)
		if (t->p->exp[i])
			texport_commit(&t->ex[i], t->md);
	if (!t->p->quiet)
		few_runs(t);
	for (i = t->md->first; i < t->md->nrow; i++)
		if (t->md->rw[i].missed) {
			char line[1024];

			fmtf_snprintf(line, sizeof line, "%s: error/estimate "
			    "%.1f%% > --precision %g%% when the --budget ran "
			    "out", shown(t->md->rw[i].name),
			    t->md->rw[i].est > 0 ? 100 * t->md->rw[i].err / t->md->rw[i].est :
			    INFINITY, 100 * t->p->prec);
			warn_line(line);  /* warn() has no floats (fmt.h) */
			st = E_PRECISION;
		}
	for (i = t->md->first; t->p->verdict && i < t->md->nrow; i++)
		if (t->md->rw[i].to >= 0) {
			why(t, &t->md->rw[i], &t->md->rw[i].cmp,
			    t->md->rw[t->md->rw[i].to].name, NULL);
			if (t->p->decide && t->md->rw[i].cmp.verdict >=
			    CMP_DIFFERS)
				st = E_PRECISION;
		}
	if (t->p->base && (i = compare(t)))
		st = i;
	return st;
}

