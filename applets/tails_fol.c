/* tails_fol.c: after the inputs, -f/-F: core/follow.c reads, the callbacks
 * here print the data and GNU tail's words for what happened to a file. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/types.h>

#include "err.h"
#include "out.h"
#include "quote.h"
#include "tails.h"

/* data appended to input idx; a header when output switches files */
static void on_data(void *ctx, int idx, const char *b, size_t n)
{
	struct tplan *p = ctx;

	if (p->headers && idx != p->last_idx)
		tails_header(p, idx, p->watch[idx].name);
	p->last_idx = idx;
	rec_emit(&p->sink, b, n);
	tails_follow_flush(p);
}

static void on_event(void *ctx, int idx, enum fol_event ev, int err)
{
	struct tplan *p = ctx;
	const char *n = p->watch[idx].name;

	tails_flush_quiet(p);
	errno = err;
	if (ev == FOL_GONE && !p->retry)   /* GNU drops the name: plain wording */
		warn("%s:", quotef(n));
	else if (ev == FOL_GONE)
		warn("%s has become inaccessible:", quote(n));
	else if (ev == FOL_APPEARED)
		warn("%s has appeared;  following new file", quote(n));
	else if (ev == FOL_REPLACED)
		warn("%s has been replaced;  following new file", quote(n));
	else
		warn("%s: file truncated", quotef(n));
}

static int is_stdin(const char *f)
{
	return !*f || !strcmp(f, "-");
}

/* is anything left to follow? Marks the names to wait for: every name
 * with -F, only those never opened with --retry -f. *files: a name (not
 * stdin) was given */
static int anything(struct tplan *p, int *files)
{
	int i, any = 0;

	*files = 0;
	for (i = 0; i < p->nfiles; i++) {
		struct fwatch *w = &p->watch[i];

		*files |= !is_stdin(p->files[i]);
		any |= w->fd >= 0;
		if (w->fd < 0 && p->retry && !is_stdin(p->files[i]) &&
		    (p->by_name || w->gone))
			any = 1, w->gone = 1;
	}
	return any;
}

void tails_follow(struct tplan *p)
{
	struct follow_cfg c = {.by_name = p->by_name, .retry = p->retry,
	    .pid = (pid_t)p->pid, .interval = p->interval, .ctx = p,
	    .data = on_data, .event = on_event};
	int i, files, opened = 0;

	for (i = 0; i < p->nfiles; i++)
		opened |= p->watch[i].fd >= 0;
	if (!anything(p, &files)) {
		if (files && p->who == 't')
			fail(1, "no files remaining");
		return;
	}
	tails_follow_flush(p);
	switch (follow_run(p->watch, p->nfiles, &c)) {
	case 2:
		if (p->who == 't')
			fail(1, "no files remaining");
		break;
	case 1:   /* stdout's reader is gone: GNU raises SIGPIPE (status 141);
		   * if that is ignored, end as on EPIPE: silent, exit 1 */
		raise(SIGPIPE);
		out_error = EPIPE;
		break;
	case 0:   /* --pid ended it; GNU's inotify loop then exits 0 */
		if (p->by_name && opened)
			qb_status = 0;
	}
}
