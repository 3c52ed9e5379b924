/* tim_child.h: one child of tim's (a timed run, a hook, the --graph
 * command) through core/timing/spawn.c, and the message that names it
 * when it fails. Used by measuring and by the --graph output. */
#ifndef QB_TIM_CHILD_H
#define QB_TIM_CHILD_H

#include "timing/spawn.h"
#include "tim_model.h"

struct tchild {
	struct spawner sp;
	unsigned long seq;      /* TIM_SEQ of the last child */
};

/* a command as a message shows it: on one line, a CR or LF as \r \n */
const char *shown(const char *cmd);

/* Run one child: w's words under -N (w not NULL), else sh -c cmd. 0
 * when it ran and exited 0 (with its --ready line when the spawner
 * waits for one), -1 when it could not run (errno), 1 when it failed. */
int tchild_run(struct tchild *c, const char *cmd, const struct row *w,
    struct spawn_res *r);
/* dies with code, naming cmd and why tchild_run gave bad */
_Noreturn void tchild_die(const struct tchild *c, const char *cmd,
    const struct row *w, int code, int bad, const struct spawn_res *r);

#endif
