/* outfail.c: what a failed stdout means for tails/head/tail, and when it
 * is noticed: GNU head/tail's stdio replayed (tout_gnu), or the plain rule
 * of native tails (tout_plain): a failure met mid-run or at the final
 * flush is "error writing 'standard output'".
 *
 * GNU writes through stdio: data waits in a buffer of st_blksize bytes (at
 * most glibc's BUFSIZ of 8 KiB, whatever libc quickbox is built with;
 * 4 KiB for /dev/full) and an fwrite that overflows it writes
 * at once; a failure there is "error writing 'standard output': ERR" and
 * exit 1 on the spot. What is still buffered at exit fails as "write
 * error: ERR". A flush before a message about another file (error() does
 * one) fails quietly: the buffer is dropped, GNU goes on, and at exit says
 * "write error" with no reason, unless later data failed again or its
 * final fclose fails too (stdout closed: EBADF).
 *
 * quickbox keeps its bigger buffer (fewer writes) and instead replays
 * GNU's decision: after each input it asks whether GNU's buffer would have
 * overflowed since the last flush point, and if so flushes once to see
 * whether stdout works, so the wording no longer depends on our buffer
 * size. After that first real write both tools write as they go, and a
 * later failure (a disk filling up mid-run) is worded by when we meet it.
 *
 * EPIPE (a reader that left, SIGPIPE ignored) is silent, exit 1, in both
 * policies (the decision is in docs/tails.md). The messages go through
 * plan_say; where GNU exits, the hook returns 1 and the run ends. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#include "lib/out.h"
#include "records/plan.h"
#include "lib/quote.h"

/* glibc's stdio buffer for stdout: as plan.c found it when output began
 * (with stdout closed, the input's st_blksize), else fd 1's */
static unsigned long long stdio_size(const struct tplan *p)
{
	return p->gbuf ? p->gbuf : gnu_stdio_blk(1);
}

/* has GNU written since the last flush point? It writes once its buffer
 * overflows, and a first fwrite of a whole buffer goes straight out (a
 * header printed before it leaves room for exactly that much) */
static int gnu_wrote(const struct tplan *p)
{
	unsigned long long n = p->sink.nout - p->gmark, b = stdio_size(p);

	return n > b || (n == b && !p->ghdr);
}

/* "error writing 'standard output': ERR" once; EPIPE says nothing */
static void error_writing(struct tplan *p)
{
	if (out_error != EPIPE) {
		plan_say(p, 1, out_error, "error writing %s:", quoteaf("standard output"));
		out_error = EPIPE;   /* keeps the exit from reporting it again */
	}
}

/* "write error: ERR" */
static void write_error(struct tplan *p)
{
	if (out_error != EPIPE) {
		plan_say(p, 1, out_error, "write error:");
		out_error = EPIPE;
	}
}

/* a write that failed mid-run (a full buffer, or the flush before a
 * sendfile of 1 MiB or more) means GNU's smaller buffer overflowed too */
static int gnu_input_done(struct tplan *p)
{
	if (p->gwrote || (!gnu_wrote(p) && !out_error))
		return 0;
	p->gwrote = 1;
	if (!out_flush())
		return 0;
	error_writing(p);
	return 1;
}

static int plain_input_done(struct tplan *p)
{
	(void)p;
	return 0;
}

static void gnu_flush_quiet(struct tplan *p)
{
	int e = errno;   /* the caller's message needs it */

	if (out_flush() && !p->gwrote && out_error != EPIPE) {
		p->gerr = out_error;   /* dropped, as stdio drops its buffer */
		out_error = 0;
	}
	p->gmark = p->sink.nout;
	p->ghdr = 0;
	errno = e;
}

static void plain_flush_quiet(struct tplan *p)
{
	int e = errno;

	(void)p;
	out_flush();
	errno = e;
}

static void gnu_end(struct tplan *p)
{
	if (out_error == EPIPE)
		return;   /* silent; xexit makes it exit 1 */
	if (!p->gwrote) {   /* GNU's close_stdout at exit */
		if (out_flush())
			write_error(p);
		else if (p->gerr && fcntl(1, F_GETFD) < 0)
			plan_say(p, 1, EBADF, "write error:");   /* its fclose failed too */
		else if (p->gerr)
			plan_say(p, 1, 0, "write error");
		return;
	}
	if (out_error)   /* met mid-run: GNU's xwrite wording */
		error_writing(p);
}

static void plain_end(struct tplan *p)
{
	if (out_error)
		error_writing(p);
}

/* -f flushes every round of data; GNU tail dies with "write error: ERR"
 * (9.1 said "write error" once more at exit; 9.2 and later clear the
 * stream first). Following on into a dead stdout would never end. */
static int follow_flush(struct tplan *p)
{
	if (!out_flush())
		return 0;
	write_error(p);
	return 1;
}

const struct tout tout_gnu = {gnu_input_done, gnu_flush_quiet, gnu_end,
	follow_flush};
const struct tout tout_plain = {plain_input_done, plain_flush_quiet,
	plain_end, follow_flush};
