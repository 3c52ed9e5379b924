/* tim_report.h: the outputs (tim_report.c), reading the measured model. */
#ifndef QB_TIM_REPORT_H
#define QB_TIM_REPORT_H

#include "tim_child.h"
#include "tim_export.h"
#include "tim_model.h"
#include "tim_plan.h"

struct tout {
	const struct tplan *p;
	const struct tmodel *md;
	const struct tbase *b;          /* --baseline's rows */
	struct texport *ex;             /* the exports, opened (4) */
	struct tchild *ch;              /* runs the --graph command */
};

/* row i's line(s) of the report: "EST +- ERR UNIT<TAB>name" (none under
 * -R ratios only) and --counters' lines; measuring's row_done hook, so
 * ctx is the struct tout */
void report_row(void *ctx, int i);
/* every output after the rows; returns the exit status */
int report_end(const struct tout *t);

#endif
