/* pgrep_act.c: what pgrep, pkill and pidwait do with the selection:
 * record it, print it, signal it, wait for it. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "escape.h"
#include "out.h"
#include "pgrep.h"
#include "pidfd.h"

/* pkill: a pidfd taken while the process is known to match, so a PID
 * reused before the kill is never hit; -2 marks "gone already". Threads
 * and a full fd table fall back to kill(2), as procps always does. */
static void hold(struct hit *h, struct proc_iter *it)
{
	struct ptarget t;

	h->err = 0;
	if (pid_open(&t, (pid_t)h->pid, proc_anchor(it))) {
		h->err = errno;
		h->fd = errno == ESRCH ? -2 : -1;
	} else {
		h->fd = t.fd;
		if (t.fd < 0)       /* no pidfds on this kernel */
			h->err = ENOSYS;
	}
}

/* -Q (procps-ng 4.0.6): -a quotes the raw argv words (none: "-"), the
 * others the escaped name, always the process's own (procps refills its
 * buffer for every process when quoting) */
static char *quoted(const struct pg *g, const struct proc *p)
{
	const char *s = pg_comm_str(g, p);
	size_t n = strlen(s);
	char *r;

	if (g->lfull) {
		s = p->cmdline_len ? p->cmdline : "-";
		n = p->cmdline_len ? p->cmdline_len : 1;
	}
	if (!(r = esc_shell(s, n)))
		die(EXIT_FATAL, "out of memory");
	return r;
}

int pg_act(void *ctx, struct proc_iter *it, const struct proc *p, int pat)
{
	struct pg *g = ctx;
	struct hit *h;

	(void)it, (void)pat;
	if (g->nhits == g->caphits) {
		g->caphits = g->caphits ? 2 * g->caphits : 64;
		g->hits = xrealloc(g->hits, g->caphits * sizeof *g->hits);
	}
	h = &g->hits[g->nhits++];
	h->pid = p->tid;
	h->str = 0;
	h->fd = -1;
	if ((g->mode == PKILL && !g->queue) || g->mode == PIDWAIT)
		hold(h, it);
	/* procps keeps one output buffer: the command line for -a, the name
	 * for -l; else (pkill -e, pidwait -e) the name of the last process
	 * that passed every criterion before the pattern, which with -v may
	 * be an earlier one, and is still empty without a pattern */
	if (g->quote && (g->lfull || g->lname || g->echo))
		h->str = quoted(g, p);
	else if (g->lfull)
		h->str = xstrdup(pg_cmd_str(g, it, p));
	else if (g->lname)
		h->str = xstrdup(pg_comm_str(g, p));
	else if (g->echo)
		h->str = xstrdup(g->shown);
	return 0;
}

/* ---- actions ---- */

int pg_print(struct pg *g)
{
	size_t i;

	if (g->count) {
		out_ull(g->nhits);
		out_char('\n');
		return !g->nhits;
	}
	for (i = 0; i < g->nhits; i++) {
		out_ll(g->hits[i].pid);
		if (g->lname || g->lfull) {
			out_char(' ');
			out_str(g->hits[i].str);
		}
		out_str(i + 1 == g->nhits ? "\n" : g->delim);
	}
	return !g->nhits;
}

static int send(const struct pg *g, const struct hit *h)
{
	union sigval v = { .sival_int = g->qval };
	struct ptarget t = { .pid = (pid_t)h->pid, .fd = h->fd };

	if (g->queue)
		return sigqueue((pid_t)h->pid, g->sig, v);
	if (h->fd == -2) {
		errno = ESRCH;
		return -1;
	}
	return pid_signal(&t, g->sig);
}

int pg_kill(struct pg *g)
{
	size_t i, killed = 0;

	for (i = 0; i < g->nhits; i++) {
		if (send(g, &g->hits[i]) != -1) {
			if (g->echo) {
				out_str(g->hits[i].str);
				out_str(" killed (pid ");
				out_ll(g->hits[i].pid);
				out_str(")\n");
			}
			killed++;
		} else if (errno != ESRCH) {  /* gone now, which is OK */
			warn("killing pid %ld failed:", g->hits[i].pid);
		}
	}
	if (g->count) {
		out_ull(g->nhits);
		out_char('\n');
	}
	return !killed;
}

/* poll the pidfds until every one has reported its process's exit */
static size_t wait_fds(struct pollfd *fds, size_t n)
{
	size_t done = 0, i;

	while (done < n) {
		if (poll(fds, n, -1) < 0) {
			if (errno != EINTR)
				die(EXIT_FATAL, "poll failed:");
			continue;
		}
		for (i = 0; i < n; i++)
			if (fds[i].fd >= 0 && fds[i].revents) {
				close(fds[i].fd);
				fds[i].fd = -1;
				done++;
			}
	}
	return done;
}

/* -e's line, and whether h can be waited for. The pidfd was opened as
 * the process matched (pg_act), so a PID reused since is never waited
 * for; report as procps does here */
static int wait_one(const struct pg *g, const struct hit *h)
{
	if (g->echo) {
		out_str("waiting for ");
		out_str(h->str);
		out_str(" (pid ");
		out_ll(h->pid);
		out_str(")\n");
	}
	if (h->fd >= 0)
		return 1;
	errno = h->err;
	if (errno == ENOSYS)
		die(1, "pidfd_open() not implemented in Linux < 5.3");
	if (errno != ESRCH)
		warn("opening pid %ld failed:", h->pid);
	return 0;
}

int pg_wait(struct pg *g)
{
	struct pollfd *fds = xmalloc((g->nhits + 1) * sizeof *fds);
	size_t i, n = 0;

	if (g->count) {
		out_ull(g->nhits);
		out_char('\n');
	}
	for (i = 0; i < g->nhits; i++)
		if (wait_one(g, &g->hits[i])) {
			fds[n].fd = g->hits[i].fd;
			fds[n++].events = POLLIN;
		}
	out_flush();
	return !wait_fds(fds, n);
}
