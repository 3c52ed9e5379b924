/* tim_plot.c: --plot: one SVG, every row's runs as dots on one time axis
 * (a strip a row, jittered so equal times stay apart), the row's
 * estimate a red line and its error a band, the axis in the report's
 * unit, the comparisons in the title under --verdict. Self-contained:
 * no script, no font or style sheet fetched. It reads the model and
 * writes through tim_tw.c's stream (tim_export.c -> here -> tim_tw.c). */
#include <math.h>

#include "tim_plot.h"

enum { L = 200, W = 420, T = 40, H = 28 };      /* plot left, width, top,
                                                 * a row's height */

/* XML text: & < > " escaped; control bytes (no XML 1.0 text) as spaces */
static void xtext(struct tw *w, const char *s)
{
	for (; *s; s++)
		if (*s == '&' || *s == '<' || *s == '>' || *s == '"')
			twf(w, "&#%d;", *s);
		else
			tw_char(w, (unsigned char)*s < 32 ? ' ' : *s);
}

/* a vertical line at x from y0 to y1 */
static void vline(struct tw *w, double x, int y0, int y1, const char *col)
{
	twf(w, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" ", x, x,
	    y0, y1);
	twf(w, "stroke=\"%s\"/>\n", col);
}

void tplot_svg(struct tw *w, const struct tmodel *md)
{
	double lo = INFINITY, hi = -INFINITY, sp, st, x, e, d;
	int i, y, n = 0, bot = T + H * md->nrow;
	size_t j;

	for (i = 0; i < md->nrow; i++)
		for (j = 0; j < md->rw[i].nrun; j++) {
			x = md->rw[i].runs[j].secs * md->scale;
			lo = x < lo ? x : lo;
			hi = x > hi ? x : hi;
		}
	if (!(hi >= lo && hi - lo < 1e308))     /* none, or not finite */
		lo = hi = 0;
	sp = (hi - lo) / 20 + hi * 1e-3 + 1e-9; /* a margin, never 0 */
	lo -= sp;
	hi += sp;
	sp = (hi - lo) / W;     /* units a pixel */
	tw_str(w, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" "
	    "font-family=\"sans-serif\" font-size=\"11\" ");
	twf(w, "height=\"%d\">\n", bot + 50);
	tw_str(w, "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
	    "<text x=\"8\" y=\"18\" font-size=\"13\">");
	for (i = 0; md->verdict && i < md->nrow; i++)
		if (md->rw[i].to >= 0) {
			tw_str(w, n++ ? "; " : "");
			xtext(w, md->rw[i].name);
			tw_str(w, " vs ");
			xtext(w, md->rw[md->rw[i].to].name);
			twf(w, ": %.4g, ", md->rw[i].cmp.ratio);
			tw_str(w, cmp_word(md->rw[i].cmp.verdict));
		}
	tw_str(w, n ? "</text>\n" : "tim: every run's time</text>\n");
	for (i = 0; i < md->nrow; i++) {
		const struct row *r = &md->rw[i];

		y = T + H * i + H / 2;
		twf(w, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", L - 6,
		    y + 4);
		xtext(w, r->name);
		tw_str(w, "</text>\n");
		/* the samples are raw: so is the estimate marked */
		e = r->est + (md->first && md->subtract && i ? md->rw->est : 0);
		d = isfinite(r->err) ? r->err : 0;
		if (isfinite(e)) {
			twf(w, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" ",
			    L + (e - d - lo) / sp, y - 11, 2 * d / sp);
			tw_str(w, "height=\"22\" fill=\"#f90\" opacity=\".3\"/>\n");
			vline(w, L + (e - lo) / sp, y - 11, y + 11, "#c00");
		}
		for (j = 0; j < r->nrun; j++)
			twf(w, "<circle cx=\"%.1f\" cy=\"%d\" r=\"2\" "
			    "fill=\"#36c\"/>\n", L + (r->runs[j].secs * md->scale -
			    lo) / sp, y - 8 + (int)(j * 7 % 17));
	}
	/* the axis: ticks at 1, 2 or 5 times a power of ten, 4 to 10 */
	for (st = 1e-12; st * 10 <= sp * W / 4; st *= 10)
		;
	st *= st * 5 <= sp * W / 4 ? 5 : st * 2 <= sp * W / 4 ? 2 : 1;
	twf(w, "<path d=\"M%d %dH%d\" stroke=\"#000\"/>\n", L, bot, L + W);
	x = (double)(long long)(lo / st) * st;  /* no ceil(): 170 bytes */
	for (x += x < lo ? st : 0; x <= hi; x += st) {
		vline(w, L + (x - lo) / sp, bot, bot + 5, "#000");
		twf(w, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">"
		    "%.6g</text>\n", L + (x - lo) / sp, bot + 18,
		    fabs(x) < st / 2 ? 0 : x);
	}
	twf(w, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">time (",
	    L + W / 2, bot + 38);
	xtext(w, md->unit);
	tw_str(w, "); dot: a run, line: estimate, band: error</text>\n"
	    "</svg>\n");
}
