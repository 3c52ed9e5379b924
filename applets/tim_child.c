/* tim_child.c: one child of tim's, run, and the message that names it
 * when it fails (tim_child.h). */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "lib/err.h"
#include "lib/sig.h"
#include "tim_child.h"

const char *shown(const char *cmd)
{
	char *o, *p;

	if (!strpbrk(cmd, "\r\n"))
		return cmd;
	o = p = xmalloc(2 * strlen(cmd) + 1);
	for (; *cmd; cmd++)
		if (*cmd == '\n' || *cmd == '\r') {
			*p++ = '\\';
			*p++ = *cmd == '\n' ? 'n' : 'r';
		} else {
			*p++ = *cmd;
		}
	*p = 0;
	return o;
}

int tchild_run(struct tchild *c, const char *cmd, const struct row *w,
    struct spawn_res *r)
{
	if (w ? spawn_argv(&c->sp, ++c->seq, w->path, w->argv, r) :
	    spawn_sh(&c->sp, ++c->seq, cmd, r))
		return -1;
	return r->status || (c->sp.ready && !r->ready);
}

_Noreturn void tchild_die(const struct tchild *c, const char *cmd,
    const struct row *w, int code, int bad, const struct spawn_res *r)
{
	/* a failed run under --ready may have ended without its line */
	const char *why = c->sp.ready ? "no --ready line, " : "";

	if (bad < 0)
		die(code, "\"%s\" failed: cannot run %s:", shown(cmd),
		    w ? w->path : "/bin/sh");
	if (r->late)    /* a pipe makes most programs buffer their output */
		die(E_READY, "\"%s\": no --ready line in --ready-timeout "
		    "(output buffered? stdbuf -oL, python3 -u)", shown(cmd));
	if (WIFSIGNALED(r->status)) {
		const char *nm = sig_name(WTERMSIG(r->status));

		die(code, "\"%s\" failed (%skilled by signal %d%s%s)", shown(cmd),
		    why, WTERMSIG(r->status), nm ? " SIG" : "", nm ? nm : "");
	}
	die(code, "\"%s\" failed (%sexit status %d)", shown(cmd), why,
	    WEXITSTATUS(r->status));
}
