/* tim_plot.h: --plot (tim_plot.c), called by the exports. */
#ifndef QB_TIM_PLOT_H
#define QB_TIM_PLOT_H

#include "tim_model.h"
#include "tim_tw.h"

/* the SVG of md's rows, every run a dot on one time axis, each row's
 * estimate and error marked, the comparisons in the title when
 * md->verdict */
void tplot_svg(struct tw *w, const struct tmodel *md);

#endif
