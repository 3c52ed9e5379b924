/* tails_run.c: the per-input driver of tails/head/tail: open each input,
 * print its header, run the plan on it, write its -C count, report errors. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "hdr.h"
#include "out.h"
#include "quote.h"
#include "tails.h"

const char *tails_display(const char *f)
{
	return !*f || !strcmp(f, "-") ? "standard input" : f;
}

/* the header text of input idx, before first-header stripping */
char *tails_header_text(struct tplan *p, int idx, const char *name, size_t *len)
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
void tails_header(struct tplan *p, int idx, const char *name)
{
	size_t len, skip = 0;
	char *h;
	int last = out_lastbyte();

	if (!p->headers)
		return;
	h = tails_header_text(p, idx, name, &len);
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

/* keep the last tn records; the divider marks records left out between a
 * head part and this tail */
static int run_keep(struct tplan *p, struct rin *in)
{
	struct rkeep k;

	if (!p->tn) {   /* nothing to print; a follow starts at the end */
		if (in->seekable)
			lseek(in->fd, 0, SEEK_END);
		return in->counting ? rec_drain(in) : 0;
	}
	if (!p->sink.left)
		return 0;
	if (rec_tail_find(in, p->tn, &k))
		return -1;
	if (p->hmode == HEMIT && k.skipped)
		divider(p);
	return rec_tail_emit(in, &p->sink, &k);
}

static int run_tail_part(struct tplan *p, struct rin *in)
{
	switch (p->tmode) {
	case TKEEP:
		return run_keep(p, in);
	case TDROP:
		return rec_drop_tail(in, &p->sink, p->tn);
	case TFROM:
		if (rec_skip(in, p->tn ? p->tn - 1 : 0))
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
	if (!r)
		r = run_tail_part(p, in);
	if (!r && p->who == 'h' && p->tmode == TNONE)
		rec_unread(in);   /* GNU: leave a seekable stdin just past */
	if (!r && in->counting)
		r = rec_drain(in);
	return r;
}

/* the -C count, written past the stdout buffer on purpose (see spec) */
static void put_count(struct tplan *p, const struct rin *in)
{
	char b[32];
	int n = snprintf(b, sizeof b, "%llu\n", rec_count(in));

	if (p->countfd >= 0)
		write_all(p->countfd, b, (size_t)n);
}

static int open_input(struct tplan *p, const char *f)
{
	int fd;

	if (!*f || !strcmp(f, "-"))
		return 0;
	fd = open(f, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		tails_flush_quiet(p);   /* GNU's error() flushes stdout first */
		fail(1, "cannot open %s for reading:", quote(f));
	}
	return fd;
}

/* may this input be followed afterwards? st: its fstat */
static int followable(struct tplan *p, const struct stat *st, int fd,
    const char *f, int readerr)
{
	if (S_ISREG(st->st_mode) && !readerr)
		return 1;
	if (S_ISFIFO(st->st_mode) && fd == 0)
		return 0;   /* a pipe is followed to its EOF: done */
	tails_flush_quiet(p);
	if (p->who == 't')   /* -F keeps trying the name, so GNU does not give up */
		fail(1, "%s: cannot follow end of this type of file%s",
		    quotef(tails_display(f)), p->retry ? "" : "; giving up on this name");
	return 0;
}

/* GNU tail dies on a read error in its copy-the-rest path (-c N up to
 * 2^63-1, -c +N, -n +0/+1) and goes on to the next file elsewhere */
static int read_error_fatal(const struct tplan *p)
{
	if (p->who != 't')
		return 0;
	if (p->tmode == TFROM && !p->bytes)
		return p->tn <= 1;
	return p->bytes && p->tn <= 0x7fffffffffffffffULL;
}

/* after the plan: hand the fd to the follow loop, or close it */
static void keep_or_close(struct tplan *p, int idx, int fd, int readerr)
{
	struct fwatch *w = &p->watch[idx];
	struct stat st;

	if (p->follow && !fstat(fd, &st) &&
	    followable(p, &st, fd, p->files[idx], readerr)) {
		w->fd = fd;
		w->dev = st.st_dev;
		w->ino = st.st_ino;
		/* appended data only: a head part may have stopped mid-file */
		w->pos = lseek(fd, 0, SEEK_END);
	} else if (fd > 0) {
		close(fd);
	}
}

static void do_input(struct tplan *p, int idx)
{
	const char *f = p->files[idx];
	struct rin in;
	int fd = open_input(p, f), r;

	p->watch[idx].name = tails_display(f);
	p->watch[idx].fd = -1;
	p->watch[idx].gone = fd < 0;
	if (fd < 0)
		return;
	tails_header(p, idx, tails_display(f));
	p->last_idx = idx;
	rec_init(&in, fd, p->ird, p->bytes, p->countfd >= 0);
	r = run_plan(p, &in);
	if (r) {
		tails_flush_quiet(p);
		errno = in.err;
		fail(1, "error reading %s:", quote(tails_display(f)));
		if (read_error_fatal(p))
			xexit(1);
	}
	put_count(p, &in);
	rec_free(&in);
	keep_or_close(p, idx, fd, r);
}

int tails_run(struct tplan *p)
{
	int i;

	p->sink.ird = p->ird;
	p->sink.eor = p->eor;
	p->sink.bytes = p->bytes;
	p->sink.left = p->omax;
	p->watch = xmalloc(sizeof *p->watch * (size_t)p->nfiles);
	memset(p->watch, 0, sizeof *p->watch * (size_t)p->nfiles);
	p->last_idx = -1;
	for (i = 0; i < p->nfiles && !out_error; i++) {
		do_input(p, i);
		tails_input_done(p);
	}
	if (p->follow && !out_error)
		tails_follow(p);
	tails_out_end(p);
	return qb_status;
}
