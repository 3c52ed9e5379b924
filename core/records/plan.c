/* plan.c: the driver of tails/head/tail: open each input, print its header,
 * run the plan on it, write its -C count, report errors in GNU's words,
 * then follow the inputs (-f/-F) through follow.c. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libc/fmt.h"
#include "lib/err.h"
#include "records/hdr.h"
#include "lib/out.h"
#include "records/plan.h"
#include "lib/quote.h"

void plan_say(struct tplan *p, int status, int err, const char *fmt, ...)
{
	char b[1024];
	size_t fl = strlen(fmt);
	int n;
	va_list ap;

	if (p->status < status)
		p->status = status;
	if (fl && fmt[fl - 1] == ':' && err == EPIPE)
		return;         /* the reader went away: nobody to tell */
	va_start(ap, fmt);
	n = fmt_vsnprintf(b, sizeof b, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof b)
		n = sizeof b - 1;
	if (fl && fmt[fl - 1] == ':')
		fmt_snprintf(b + n, sizeof b - (size_t)n, " %s", qb_strerror(err));
	p->say(b);
}

static int is_stdin(const struct tplan *p, const char *f)
{
	return !strcmp(f, "-") || (p->empty_stdin && !*f);
}

const char *plan_display(const struct tplan *p, const char *f)
{
	return is_stdin(p, f) ? "standard input" : f;
}

char *plan_header_text(struct tplan *p, int idx, const char *name, size_t *len)
{
	char *h;
	size_t n;

	if (p->nfmt && *p->fmts[idx % p->nfmt])   /* -H '' is the default */
		return hdr_render(p->fmts[idx % p->nfmt], name, p->plain, len);
	n = strlen(name);
	h = xmalloc(n + 10);
	h[0] = (char)p->hdr_eor;
	memcpy(h + 1, "==> ", 4);
	memcpy(h + 5, name, n);
	memcpy(h + 5 + n, " <==", 4);
	h[9 + n] = (char)p->hdr_eor;
	*len = n + 10;
	return h;
}

/* the first header printed loses its leading blank rows; -D goes before a
 * header when the output so far does not end a record */
static void header(struct tplan *p, int idx, const char *name)
{
	size_t len, skip = 0;
	char *h;
	int last = out_lastbyte();

	if (!p->headers)
		return;
	h = plan_header_text(p, idx, name, &len);
	if (!p->hdr_done)
		while (skip < len && (unsigned char)h[skip] == p->hdr_eor)
			skip++;
	if (p->delimit && last >= 0 && last != p->eor &&
	    (skip == len || (unsigned char)h[skip] != p->eor)) {
		out_str(p->delimit);
		out_char((char)p->eor);
		p->sink.nout += strlen(p->delimit) + 1;
	}
	out_write(h + skip, len - skip);
	p->sink.nout += len - skip;
	free(h);
	p->hdr_done = 1;
	p->ghdr = 1;
}

static void divider(struct tplan *p)
{
	if (!p->divider || !p->sink.left)
		return;
	out_str(p->divider);
	out_char((char)p->eor);
	p->sink.nout += strlen(p->divider) + 1;
}

/* the last n bytes of a file that seeks but has no size (/dev/zero,
 * /dev/urandom: endless; a directory on ext4): from n before its "end"
 * on, n bytes at most, read no more than n at a time, as coreutils 9.6
 * does (a read past 2^63 fails otherwise, a directory's with EISDIR);
 * 9.1 reads such a device forever. GNU tail's seeks were made already
 * (committed); native tails seeks a device. 1: done that way */
static int device_window(struct tplan *p, struct rin *in, int *r)
{
	struct stat st;

	if (!p->bytes || p->hmode != HNONE || in->seekable || in->counting ||
	    in->len || p->tn > INTMAX_MAX)
		return 0;
	if (!in->committed && (fstat(in->fd, &st) ||
	    !(S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) ||
	    lseek(in->fd, -(off_t)p->tn, SEEK_END) < 0))
		return 0;
	in->frugal = 1;
	*r = rec_copy(in, &p->sink, p->tn);
	return 1;
}

/* keep the last tn records; the divider marks records left out between a
 * head part and this tail */

static int run_keep(struct tplan *p, struct rin *in)
{
	struct rkeep k;
	int r;

	if (!p->tn) {   /* nothing to print; a follow starts at the end */
		if (in->seekable)
			lseek(in->fd, 0, SEEK_END);
		return in->counting ? rec_drain(in) : 0;
	}
	if (!p->sink.left)
		return 0;
	if (device_window(p, in, &r))
		return r;
	if (rec_tail_find(in, p->tn, &k))
		return -1;
	if (p->hmode == HEMIT && k.skipped)
		divider(p);
	return rec_tail_emit(in, &p->sink, &k);
}

static int run_tail_part(struct tplan *p, struct rin *in)
{
	/* a head part is final before a pipe's tail is: out with it now, so
	 * a dead stdout stops the run before the tail is read. Not with -C,
	 * whose count goes out before the buffered records, by design */
	if (p->hmode == HEMIT && p->tmode != TNONE && !in->seekable &&
	    !in->counting && out_flush())
		return 0;
	switch (p->tmode) {
	case TKEEP:
		return run_keep(p, in);
	case TDROP:
		/* head -n -HUGE: GNU 9.6 and later read nothing at all */
		if (p->tn == REC_ALL && p->unread)
			return 0;
		return rec_drop_tail(in, &p->sink, p->tn);
	case TFROM:
		/* from record 2^63-1 or later: GNU (-f) goes to the end by
		 * seeking where it can, and skips one record more */
		if (p->tn >= INTMAX_MAX && !p->bytes && !in->counting &&
		    lseek(in->fd, 0, SEEK_END) >= 0)
			return 0;
		if (rec_skip(in, p->tn - (p->tn && p->tn < INTMAX_MAX)))
			return -1;
		return rec_copy(in, &p->sink, REC_ALL);
	}
	if (p->hmode == HSKIP)
		return rec_copy(in, &p->sink, REC_ALL);
	return 0;
}

static int run_plan(struct tplan *p, struct rin *in)
{
	int r = 0;

	if (p->hmode == HEMIT)
		r = rec_copy(in, &p->sink, p->hn);
	else if (p->hmode == HSKIP)
		r = rec_skip(in, p->hn);
	if (!r && !out_error)
		r = run_tail_part(p, in);
	if (!r && p->unread && p->tmode == TNONE)
		rec_unread(in);
	if (!r && in->counting && !out_error)
		r = rec_drain(in);
	return r;
}

/* the -C count, written past the stdout buffer on purpose: with FD 1 it
 * comes before the records, as `echo $(... | tails -h1 -t1 -C1)` wants */
static void put_count(struct tplan *p, const struct rin *in)
{
	char b[32];
	int n = fmt_snprintf(b, sizeof b, "%llu\n", rec_count(in));

	if (p->countfd >= 0)
		write_all(p->countfd, b, (size_t)n);
}

static int open_input(struct tplan *p, const char *f)
{
	int fd;

	if (is_stdin(p, f))
		return 0;
	/* GNU 9.6 and later: a FIFO with no writer must not block a follow
	 * that --pid or another file may end */
	fd = open(f, O_RDONLY | O_CLOEXEC |
	    (p->follow && (p->npids || p->nfiles > 1) ? O_NONBLOCK : 0));
	if (fd >= 0 && fd <= 2) {   /* a closed stdout must stay closed, as GNU's */
		int hi = fcntl(fd, F_DUPFD_CLOEXEC, 3);

		close(fd);
		fd = hi;
	}
	if (fd < 0) {
		int e = errno;

		p->out->flush_quiet(p);   /* GNU's error() flushes stdout first */
		plan_say(p, 1, e, "cannot open %s for reading:", quoteaf(f));
		errno = e;
	}
	return fd;
}

/* may this input be followed afterwards? st: its fstat. As GNU's tail:
 * regular files, character devices (a terminal, /dev/null) and named
 * FIFOs and sockets, read whenever they have data; not directories or
 * block devices. */
static int followable(struct tplan *p, struct fwatch *w, const struct stat *st,
    const char *f, int readerr)
{
	mode_t m = st->st_mode;

	if (S_ISREG(m) || S_ISCHR(m) || S_ISFIFO(m) || S_ISSOCK(m))
		return !readerr;
	w->err = -1;
	w->tailable = 0;
	p->out->flush_quiet(p);
	if (p->tail_words)   /* -F keeps trying the name, so GNU does not give up */
		plan_say(p, 1, 0, "%s: cannot follow end of this type of file%s",
		    quotef(plan_display(p, f)), p->retry ? "" : "; giving up on this name");
	return 0;
}

/* after the plan: hand the fd to the follow loop, or close it */
static void keep_or_close(struct tplan *p, int idx, int fd, int readerr)
{
	struct fwatch *w = &p->watch[idx];
	struct stat st;

	if (!p->follow) {
		if (fd > 0)
			close(fd);
		return;
	}
	if (fd == 0 && !fstat(fd, &st) && S_ISFIFO(st.st_mode)) {
		w->pipe = 1;   /* a pipe is followed to its EOF: done (POSIX) */
	} else if (fstat(fd, &st)) {
		w->err = errno;
		/* GNU 9.8 and later say it once, as "cannot fstat" (readerr 2) */
		if (readerr < 2) {
			p->out->flush_quiet(p);
			plan_say(p, 1, errno, "error reading %s:", quoteaf(w->name));
		}
	} else if (followable(p, w, &st, p->files[idx], readerr)) {
		/* appended data only: a head part may have stopped mid-file;
		 * GNU tail goes on from its offset, even one past the end
		 * (-c +N), which then reads as a truncated file */
		follow_set(w, fd, &st, S_ISREG(st.st_mode) ?
		    lseek(fd, 0, p->tail_words ? SEEK_CUR : SEEK_END) : 0);
		/* a device or FIFO must not block the loop while it has no
		 * data; only on a file description of our own (stdin's is the
		 * caller's: O_NONBLOCK would stay on it after we exit) */
		if (!S_ISREG(st.st_mode) && fd > 2)
			fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
		return;
	}
	if (!w->err)
		w->err = -1;
	/* GNU gives the name up unless -F may find a file there later */
	w->ignore = w->pipe || w->is_stdin || !(p->retry && p->by_name);
	if (fd > 0)
		close(fd);
}

/* stdin, closed or otherwise unusable: GNU's tail (and head's all-but-
 * the-last modes) fstat it before reading and say so */
static int fstat_ok(struct tplan *p, int fd, const char *name)
{
	struct stat st;

	if (!p->fstat_words || !fstat(fd, &st))
		return 1;
	p->out->flush_quiet(p);
	plan_say(p, 1, errno, "cannot fstat %s:", quoteaf(name));
	return 0;
}

/* GNU dies of this input's error; its exit still runs close_stdout, which
 * reports a header or data it could not write (stdout full or closed) */
static void die_here(struct tplan *p)
{
	p->out->end(p);
	p->stop = 1;
}

unsigned long long gnu_stdio_blk(int fd)
{
	struct stat st;

	/* glibc's BUFSIZ: musl's is 1 KiB (outfail.c words by it too) */
	return fd >= 0 && !fstat(fd, &st) && st.st_blksize > 0 &&
	    st.st_blksize < 8192 ? (unsigned long long)st.st_blksize : 8192;
}

/* glibc sizes GNU's stdout buffer at its first output, by an fstat of fd
 * 1 (st_blksize, at most 8 KiB). With stdout closed, the input GNU head
 * has open by name took fd 1 (the lowest free one, stdin being open) */
static void size_gnu_stdio(struct tplan *p, int fd, int named)
{
	if (p->gbuf || (!p->sink.nout && !p->hdr_done))
		return;
	if (fcntl(1, F_GETFD) >= 0)
		fd = 1;
	else if (!named || p->open_high || fcntl(0, F_GETFD) < 0)
		fd = -1;
	p->gbuf = gnu_stdio_blk(fd);
}

/* GNU tail -c N: is the end known? Then its copy path reads the last N
 * bytes, and a read error there ends the run; else its pipe path reads
 * on, and goes on to the next file after one. A regular file's end is
 * its size when over one block; any other file's is found by seeking,
 * with GNU's seeks (they say what the file system allows: a directory
 * seeks to its end on ext4, not on tmpfs or overlayfs), leaving the
 * offset where GNU leaves it: N before the end, never before where it was */
int plan_gnu_keep_end(int fd, unsigned long long n)
{
	struct stat st;
	off_t cur = lseek(fd, 0, SEEK_CUR), e;

	if (cur < 0 || fstat(fd, &st))
		return 0;
	if (S_ISREG(st.st_mode))
		return st.st_size > (st.st_blksize > 0 ? st.st_blksize : 512);
	e = lseek(fd, -(off_t)n, SEEK_END);
	if (e < 0 && lseek(fd, 0, SEEK_END) < 0)
		return 0;
	if (e < cur)
		lseek(fd, cur, SEEK_SET);
	return 1;
}

/* input idx through the plan; a fatal read error stops the run */
static void do_input(struct tplan *p, int idx)
{
	const char *f = p->files[idx];
	struct fwatch *w = &p->watch[idx];
	struct rin in;
	int fd, r;

	w->name = plan_display(p, f);
	w->is_stdin = is_stdin(p, f);
	p->read_stdin |= w->is_stdin;
	fd = open_input(p, f);
	w->fd = -1;
	if (fd < 0) {
		w->err = errno;
		w->tailable = !p->retry;
		w->ignore = !p->retry;
		return;
	}
	header(p, idx, plan_display(p, f));
	if (!fstat_ok(p, fd, w->name)) {
		keep_or_close(p, idx, fd, 2);
		return;
	}
	rec_init(&in, fd, p->ird, p->bytes, p->countfd >= 0);
	in.frugal = p->unread && !in.seekable;
	in.again_eof = p->tail_words;
	if (p->keep_end && p->bytes && p->tmode == TKEEP)
		in.committed = p->keep_end(fd, p->tn);
	r = run_plan(p, &in);
	size_gnu_stdio(p, fd, !w->is_stdin);
	if (r) {
		p->out->flush_quiet(p);
		plan_say(p, 1, in.err, "error reading %s:", quoteaf(plan_display(p, f)));
		if (p->read_fatal && in.committed) {
			die_here(p);
			rec_free(&in);
			return;
		}
	}
	put_count(p, &in);
	rec_free(&in);
	keep_or_close(p, idx, fd, r);
}

/* ---- -f/-F: follow.c reads, these hooks print ---- */

/* data appended to input idx; a header when output switches files */
static void on_data(void *ctx, int idx, const char *b, size_t n)
{
	struct tplan *p = ctx;

	if (p->stop)
		return;
	if (p->headers && idx != p->last_idx)
		header(p, idx, p->watch[idx].name);
	p->last_idx = idx;
	rec_emit(&p->sink, b, n);
	if (p->out->follow_flush(p))
		p->stop = 1;
}

static void on_event(void *ctx, int idx, enum fol_event ev, int err)
{
	struct tplan *p = ctx;
	const char *n = idx >= 0 ? p->watch[idx].name : "";

	if (p->stop)
		return;
	p->out->flush_quiet(p);
	switch (ev) {
	case FOL_GONE:
		plan_say(p, 0, err, "%s has become inaccessible:", quoteaf(n));
		break;
	case FOL_ERR:
		plan_say(p, 0, err, "%s:", quotef(n));
		break;
	case FOL_APPEARED:
		plan_say(p, 0, 0, "%s has appeared;  following new file", quoteaf(n));
		break;
	case FOL_REPLACED:
		plan_say(p, 0, 0, "%s has been replaced;  following new file", quoteaf(n));
		break;
	case FOL_ACCESSIBLE:
		plan_say(p, 0, 0, "%s has become accessible", quoteaf(n));
		break;
	case FOL_TRUNCATED:
		plan_say(p, 0, 0, "%s: file truncated", quotef(n));
		break;
	case FOL_UNTAILABLE:
		plan_say(p, 0, 0, "%s has been replaced with an untailable file%s",
		    quoteaf(n), err ? "; giving up on this name" : "");
		break;
	case FOL_SYMLINK:
		plan_say(p, 0, 0, "%s has been replaced with an untailable symbolic link",
		    quoteaf(n));
		break;
	case FOL_CANT_WATCH:
		plan_say(p, 0, err, "cannot watch %s:", quoteaf(n));
		break;
	case FOL_CANT_WATCH_DIR:
		plan_say(p, 0, err, "cannot watch parent directory of %s:", quoteaf(n));
		break;
	case FOL_NORES:
		plan_say(p, 0, 0, "inotify resources exhausted");
		break;
	case FOL_DIR_GONE:
		plan_say(p, 0, 0, "directory containing watched file was removed");
		break;
	case FOL_MODE:
		plan_say(p, 0, 0, "using %s mode", err > 1 ? "notification" :
		    err ? "polling" : "blocking");
		break;
	case FOL_POLLING:
		plan_say(p, 0, err, err ? "inotify cannot be used, reverting to polling:" :
		    "inotify cannot be used, reverting to polling");
		break;
	}
}

/* is anything left to follow (GNU: any input but a stdin pipe, whose EOF
 * ended it)? *files: such an input exists */
static int anything(struct tplan *p, int *files)
{
	int i, any = 0;

	*files = 0;
	for (i = 0; i < p->nfiles; i++) {
		struct fwatch *w = &p->watch[i];

		*files |= !w->pipe;
		any |= w->fd >= 0 || (!w->ignore && p->retry);
	}
	return any || (*files && p->retry && p->by_name);
}

static void follow(struct tplan *p)
{
	struct follow_cfg c = {.by_name = p->by_name, .retry = p->retry,
	    .init_ok = !p->status, .no_inotify = p->no_inotify,
	    .pids = p->pids, .npids = p->npids, .debug = p->debug, .interval = p->interval, .ctx = p,
	    .data = on_data, .event = on_event, .stop = &p->stop};
	int files;
	struct stat st;

	/* GNU looks at stdout first, once any input is not a pipe on stdin
	 * (even one it could not open) */
	if (!anything(p, &files) && !(files && p->tail_words))
		return;
	if (p->tail_words && fstat(1, &st)) {
		plan_say(p, 0, errno, "standard output:");
		die_here(p);   /* its exit's flush: "write error: ERR" */
		return;
	}
	if (!anything(p, &files)) {   /* GNU 9.6 and later exit there */
		if (p->debug)   /* GNU's polling loop said so first */
			on_event(p, -1, FOL_MODE, 1);
		plan_say(p, 1, 0, "no files remaining");
		die_here(p);
		return;
	}
	if (p->out->follow_flush(p)) {
		p->stop = 1;
		return;
	}
	/* GNU takes the last operand as the last shown, printed or not: a
	 * missing last name means a header before the next data, and no
	 * header when that name appears first */
	p->last_idx = p->nfiles - 1;
	switch (follow_run(p->watch, p->nfiles, &c)) {
	case 2:
		if (p->tail_words) {
			plan_say(p, 1, 0, "no files remaining");
			die_here(p);
		}
		break;
	case 1:   /* stdout's reader is gone: GNU dies of SIGPIPE (status
		   * 141); if that is ignored, end as on EPIPE: silent, exit 1 */
		p->sigpipe = 1;
		out_error = EPIPE;
		break;
	case 0:   /* --pid ended GNU's inotify loop: it exits 0 */
		p->status = 0;
	}
}

/* GNU closes a stdin it read and fails on a bad one: "-: EBADF" */
static void close_stdin(struct tplan *p)
{
	if (p->close_stdin && p->read_stdin && close(0)) {
		p->out->flush_quiet(p);
		plan_say(p, 1, errno, "-:");
	}
}

int plan_run(struct tplan *p)
{
	int i;

	p->sink.ird = p->ird;
	p->sink.eor = p->eor;
	p->sink.bytes = p->bytes;
	p->sink.left = p->omax;
	p->watch = xmalloc(sizeof *p->watch * (size_t)p->nfiles);
	memset(p->watch, 0, sizeof *p->watch * (size_t)p->nfiles);
	p->last_idx = -1;
	for (i = 0; i < p->nfiles && !out_error && !p->stop; i++) {
		do_input(p, i);
		if (!p->stop && p->out->input_done(p))
			p->stop = 1;
	}
	if (p->follow && !out_error && !p->stop)
		follow(p);
	if (p->stop)
		return 1;
	close_stdin(p);
	p->out->end(p);
	return p->status;
}
