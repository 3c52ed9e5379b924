/* rec.c: the record engine of tails/head/tail: buffered reads, emit, copy
 * and skip going forwards; tails found by reading back from a file's end,
 * or kept in a list of chunks on a pipe. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/out.h"
#include "records/rec.h"

/* big reads: fewer syscalls for head -c and copies (docs/PERFORMANCE.md,
 * "Record engine") */
#define RBUF (128 * 1024)

/* delimiters c in p[0..n) */
static unsigned long long count_delim(const char *p, size_t n, int c)
{
	const char *e = p + n;
	unsigned long long k = 0;

	while (p < e && (p = memchr(p, c, (size_t)(e - p))))
		p++, k++;
	return k;
}

static void account(struct rin *in, const char *p, size_t n)
{
	if (!n)
		return;
	in->lastc = (unsigned char)p[n - 1];
	if (!in->counting)
		return;
	in->nbytes += n;
	if (!in->bytes)
		in->ndelim += count_delim(p, n, in->ird);
}

void rec_init(struct rin *in, int fd, int ird, int bytes, int counting)
{
	struct stat st;
	int ok = !fstat(fd, &st);

	memset(in, 0, sizeof *in);
	in->fd = fd;
	in->ird = ird;
	in->bytes = bytes;
	in->counting = counting;
	in->lastc = -1;
	/* counting must see every byte, so it never seeks around data */
	in->seekable = !counting && ok && S_ISREG(st.st_mode) &&
	    lseek(fd, 0, SEEK_CUR) >= 0;
	in->nokcopy = !in->seekable;
	in->buf = xmalloc(RBUF);
	/* a 1 MiB pipe lets the writer run ahead: fewer wake-ups
	 * (docs/PERFORMANCE.md, "Record engine") */
	if (ok && S_ISFIFO(st.st_mode))
		fcntl(fd, F_SETPIPE_SZ, 1 << 20);
}

void rec_free(struct rin *in)
{
	free(in->buf);
	in->buf = NULL;
}

/* one read into p (EINTR retried), accounted: >0, 0 at EOF (eof set), -1
 * with in->err */
static ssize_t rec_read(struct rin *in, char *p, size_t n)
{
	ssize_t r;

	do
		r = read(in->fd, p, n);
	while (r < 0 && errno == EINTR);
	if (r < 0 && errno == EAGAIN && in->again_eof)
		r = 0;   /* nothing yet in a FIFO opened non-blocking */
	if (r < 0) {
		in->err = errno;
		return -1;
	}
	if (r == 0)
		in->eof = 1;
	account(in, p, (size_t)r);
	return r;
}

/* GNU head's read size: what it leaves in a pipe is part of its behaviour */
#define GNU_BLOCK 8192

/* bytes available in buf, refilling when empty: >0, 0 at EOF, -1 error.
 * need: the bytes the caller may still take (bytes mode), REC_ALL */
static ssize_t fill_n(struct rin *in, unsigned long long need)
{
	size_t want = RBUF;
	ssize_t r;

	if (in->pos < in->len)
		return (ssize_t)(in->len - in->pos);
	in->pos = in->len = 0;
	if (in->eof)
		return 0;
	if (in->frugal && in->bytes)
		want = need < RBUF ? (size_t)need : RBUF;
	else if (in->frugal)
		want = GNU_BLOCK;
	r = rec_read(in, in->buf, want);
	in->len = r > 0 ? (size_t)r : 0;
	return r;
}

static ssize_t fill(struct rin *in)
{
	return fill_n(in, REC_ALL);
}

/* rows one by one: the budget counts them, -e replaces each delimiter */
static void emit_rows(struct rsink *s, const char *p, size_t n)
{
	const char *b = p, *e = p + n;

	while (p < e && s->left) {
		const char *d = memchr(p, s->ird, (size_t)(e - p));

		if (!d) {       /* a record continued by the next block */
			out_write(p, (size_t)(e - p));
			p = e;
			break;
		}
		out_write(p, (size_t)(d - p));
		out_char((char)s->eor);
		if (s->left != REC_ALL)
			s->left--;
		p = d + 1;
	}
	s->nout += (unsigned long long)(p - b);
}

void rec_emit(struct rsink *s, const char *p, size_t n)
{
	if (!n || !s->left)
		return;
	if (!s->bytes && (s->left != REC_ALL || s->eor != s->ird)) {
		emit_rows(s, p, n);
		return;
	}
	if (s->bytes && n > s->left)
		n = (size_t)s->left;
	if (s->bytes && s->left != REC_ALL)
		s->left -= n;
	s->nout += n;
	out_write(p, n);
}

static int plain(const struct rsink *s)
{
	return s->left == REC_ALL && (s->bytes || s->eor == s->ird);
}

/* sendfile want bytes to out_fd, counting them off *n: 0 done or not
 * possible (the caller goes on with read/write), 1 output failed */
static int send_bytes(struct rin *in, unsigned long long want, unsigned long long *n)
{
	while (want) {
		size_t chunk = want > (1u << 30) ? (1u << 30) : (size_t)want;
		ssize_t r = sendfile(out_fd, in->fd, NULL, chunk);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 && (errno == EINVAL || errno == ENOSYS))
			return 0;   /* e.g. O_APPEND output: use read/write */
		if (r <= 0) {   /* cannot tell a read from a write error */
			if (r < 0)
				out_error = errno;
			return 1;
		}
		*n -= (unsigned long long)r;
		want -= (unsigned long long)r;
	}
	return 0;
}

/* file to out_fd inside the kernel (sendfile): no copy through user space
 * for big copies (docs/PERFORMANCE.md, "Record engine"). Only for big
 * copies, and never the last byte, which goes through out.h so that
 * out_lastbyte() (tails -D) stays right. Tried once per input (nokcopy):
 * whatever the outcome, asking again would only repeat the fstat and lseek
 * on every later block. 1 output failed, 0 go on with read/write. */
static int kcopy(struct rin *in, unsigned long long *n)
{
	struct stat st;
	off_t cur;
	unsigned long long want;

	if (in->nokcopy || in->pos < in->len)
		return 0;   /* buffered data goes first: maybe next time */
	in->nokcopy = 1;
	if (*n < (1u << 20) || out_error || fstat(in->fd, &st) ||
	    (cur = lseek(in->fd, 0, SEEK_CUR)) < 0 || st.st_size - cur < (1 << 20))
		return 0;
	want = (unsigned long long)(st.st_size - cur) - 1;
	if (want > *n - 1)
		want = *n - 1;
	if (out_flush())
		return 1;
	return send_bytes(in, want, n);
}

/* emit exactly n raw bytes (or to EOF); rows only matter to the sink */
static int rec_copy_bytes(struct rin *in, struct rsink *s, unsigned long long n)
{
	while (n && s->left && !out_error) {
		ssize_t r;
		size_t take;
		unsigned long long before = n;
		int failed = plain(s) && kcopy(in, &n);

		s->nout += before - n;
		if (failed)
			return 0;   /* output failed */
		r = fill_n(in, n);
		if (r <= 0)
			return (int)r;
		take = (unsigned long long)r < n ? (size_t)r : (size_t)n;
		rec_emit(s, in->buf + in->pos, take);
		in->pos += take;
		n -= take;
	}
	return 0;
}

int rec_copy(struct rin *in, struct rsink *s, unsigned long long n)
{
	if (in->bytes || n == REC_ALL)
		return rec_copy_bytes(in, s, n);
	while (n && s->left && !out_error) {
		ssize_t r = fill(in);
		const char *p, *e, *d;

		if (r <= 0)
			return (int)r;
		p = in->buf + in->pos;
		e = in->buf + in->len;
		while (n && (d = memchr(p, in->ird, (size_t)(e - p))))
			p = d + 1, n--;
		if (n)
			p = e;
		rec_emit(s, in->buf + in->pos, (size_t)(p - (in->buf + in->pos)));
		in->pos = (size_t)(p - in->buf);
	}
	return 0;
}

/* the largest off_t, whatever its width */
#define OFF_MAX ((off_t)((1ULL << (sizeof(off_t) * CHAR_BIT - 2)) - 1 + \
	(1ULL << (sizeof(off_t) * CHAR_BIT - 2))))

/* consume up to *n records of the buffered data, counting them off */
static void skip_buffered(struct rin *in, unsigned long long *n)
{
	const char *p = in->buf + in->pos, *e = in->buf + in->len, *d;

	if (in->bytes) {
		size_t take = (size_t)(e - p) < *n ? (size_t)(e - p) : (size_t)*n;

		in->pos += take;
		*n -= take;
		return;
	}
	while (*n && (d = memchr(p, in->ird, (size_t)(e - p))))
		p = d + 1, (*n)--;
	in->pos = *n ? in->len : (size_t)(p - in->buf);
}

int rec_skip(struct rin *in, unsigned long long n)
{
	/* one relative seek, never trusting st_size (a /sys file says 4096):
	 * past the end is fine (the next read finds EOF). Where it fails (a
	 * pipe; an offset the file system cannot address) GNU 9.6 and later
	 * read through, as for a count beyond off_t */
	if (in->bytes && !in->counting && n && n <= (unsigned long long)OFF_MAX &&
	    in->pos == in->len && lseek(in->fd, (off_t)n, SEEK_CUR) >= 0)
		n = 0;
	while (n) {
		ssize_t r = fill(in);

		if (r <= 0)
			return (int)r;
		skip_buffered(in, &n);
	}
	in->committed = 1;
	return 0;
}

void rec_unread(struct rin *in)
{
	if (in->seekable && in->pos < in->len)
		lseek(in->fd, -(off_t)(in->len - in->pos), SEEK_CUR);
	in->pos = in->len = 0;
	in->eof = 0;
}

int rec_drain(struct rin *in)
{
	ssize_t r;

	while ((r = fill(in)) > 0)
		in->pos = in->len;
	return (int)r;
}

unsigned long long rec_count(const struct rin *in)
{
	if (in->bytes)
		return in->nbytes;
	return in->ndelim + (in->nbytes && in->lastc != in->ird);
}

/* ---- tails ---- */

/* pipe tails keep whole chunks; 256 KiB keeps the slack (at most one chunk
 * beyond the records kept, plus one spare) small against a big tail */
#define CHUNK (256 * 1024)

struct rchunk {
	struct rchunk *next;
	size_t len;
	unsigned long long nrec;  /* delimiters (rows) or bytes in data */
	char data[CHUNK];
};

/* ---- seekable inputs: find the tail by reading backwards ---- */

/* 0, -1 error, 1 the file ended early: it is shorter than st_size said */
static int pread_all(int fd, char *p, size_t n, off_t at)
{
	while (n) {
		ssize_t r = pread(fd, p, n, at);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return r < 0 ? -1 : 1;
		p += r, n -= (size_t)r, at += r;
	}
	return 0;
}

/* the first block read back from the end, doubled up to RBUF after: a short
 * tail (tail -n 10) touches a few pages of the buffer, not all of them
 * (docs/PERFORMANCE.md, "Record engine") */
#define FIRST_BACK (8 * 1024)

/* start offset of the last n rows in [cur,end); a final delimiter ends the
 * last row rather than starting an empty one. -1 error, -2 the file is
 * shorter than end */
static off_t scan_back(struct rin *in, off_t cur, off_t end, unsigned long long n)
{
	off_t p = end;
	int first = 1;
	size_t want = FIRST_BACK;

	while (p > cur) {
		size_t blk = (size_t)(p - cur) > want ? want : (size_t)(p - cur), i;

		want = want < RBUF / 2 ? want * 2 : RBUF;
		p -= (off_t)blk;
		switch (pread_all(in->fd, in->buf, blk, p)) {
		case -1:
			in->err = errno;
			return -1;
		case 1:
			return -2;
		}
		i = blk;
		if (first && (unsigned char)in->buf[blk - 1] == in->ird)
			i--;
		first = 0;
		while (i) {
			const char *d = memrchr(in->buf, in->ird, i);

			if (!d)
				break;
			if (--n == 0)
				return p + (d - in->buf) + 1;
			i = (size_t)(d - in->buf);
		}
	}
	return cur;
}

/* [*cur, *start, *end) of the rest of a regular file: 1 found, 0 use the
 * stream path, -1 error. st_size is a guess for /proc and /sys files (0,
 * or 4096 around a few bytes): as GNU, a file of at most one block is
 * read as a stream, and a file found shorter than its size is too */
static int seek_find(struct rin *in, unsigned long long n, off_t *cur,
    off_t *start, off_t *end)
{
	struct stat st;
	off_t c;

	if (!in->seekable || fstat(in->fd, &st) || st.st_size <= 0 ||
	    st.st_size <= (off_t)st.st_blksize)
		return 0;
	c = lseek(in->fd, 0, SEEK_CUR);
	if (c < 0)
		return 0;
	c -= (off_t)(in->len - in->pos);
	in->pos = in->len = 0;
	*cur = c;
	*end = st.st_size > c ? st.st_size : c;
	if (in->bytes)
		*start = (unsigned long long)(*end - c) > n ? *end - (off_t)n : c;
	else
		*start = scan_back(in, c, *end, n);
	lseek(in->fd, c, SEEK_SET);
	if (*start == -2)
		return 0;
	return *start < 0 ? -1 : 1;
}

/* ---- pipes: a list of chunks holding just enough for the last n ---- */

struct ring {
	struct rchunk *head, *tail, *spare;
	unsigned long long taken;  /* bytes put in the ring */
	unsigned long long after;  /* records in the chunks after head */
	unsigned long long n;
	int dropped;
};

static struct rchunk *chunk_new(struct ring *g)
{
	struct rchunk *c = g->spare;

	if (c)
		g->spare = NULL;
	else
		c = xmalloc(sizeof *c);
	c->next = NULL;
	c->len = 0;
	c->nrec = 0;
	return c;
}

/* the last n records lie wholly after the head chunk */
static int head_unneeded(const struct ring *g, int bytes)
{
	return g->head != g->tail && (bytes ? g->after >= g->n : g->after > g->n);
}

/* a chunk is full (or input ended): count it, then let old chunks go,
 * emitting them when s is given (drop-tail mode) */
static void ring_settle(struct rin *in, struct ring *g, struct rsink *s)
{
	struct rchunk *t = g->tail;

	t->nrec = in->bytes ? t->len : count_delim(t->data, t->len, in->ird);
	if (t != g->head)
		g->after += t->nrec;
	while (head_unneeded(g, in->bytes)) {
		struct rchunk *h = g->head;

		if (s)
			rec_emit(s, h->data, h->len);
		g->head = h->next;
		g->after -= g->head->nrec;
		g->dropped = 1;
		free(g->spare);
		g->spare = h;
	}
}

/* read the rest of the input into the ring */
static int ring_fill(struct rin *in, struct ring *g, struct rsink *s)
{
	g->head = g->tail = chunk_new(g);
	memcpy(g->tail->data, in->buf + in->pos, in->len - in->pos);
	g->tail->len = in->len - in->pos;
	g->taken = g->tail->len;
	in->pos = in->len = 0;
	while (!in->eof) {
		struct rchunk *t = g->tail;
		ssize_t r;

		if (t->len == CHUNK) {
			ring_settle(in, g, s);
			if (s && out_error)
				return 0;   /* stdout is dead: reading on is pointless */
			t = g->tail = t->next = chunk_new(g);
		}
		r = rec_read(in, t->data + t->len, CHUNK - t->len);
		if (r < 0)
			return -1;
		t->len += (size_t)r;
		g->taken += (unsigned long long)r;
	}
	ring_settle(in, g, s);
	return 0;
}

/* records before the last n in the ring */
static unsigned long long ring_excess(const struct rin *in, const struct ring *g)
{
	unsigned long long total = g->head->nrec + g->after, need = g->n;

	if (!in->bytes && total && in->lastc != in->ird)
		need--;     /* the unterminated last row needs no delimiter */
	return total > need ? total - need : 0;
}

/* the offset just past the first k records of c (k within c) */
static size_t chunk_cut(const struct rin *in, const struct rchunk *c,
    unsigned long long k)
{
	const char *p = c->data;

	if (in->bytes)
		return (size_t)k;
	for (; k; k--)
		p = (const char *)memchr(p, in->ird, (size_t)(c->data + c->len - p)) + 1;
	return (size_t)(p - c->data);
}

/* walk k records into the ring (emitting them when s), freeing chunks left
 * behind; return the chunk and offset where the rest begins */
static struct rchunk *ring_walk(struct rin *in, struct ring *g,
    unsigned long long k, struct rsink *s, size_t *from)
{
	struct rchunk *c = g->head;

	/* whole chunks first; a row chunk holding exactly the k-th delimiter
	 * is cut at its end rather than dropped, so the rest starts there */
	while (c && k && (in->bytes ? k >= c->len : k > c->nrec)) {
		struct rchunk *next = c->next;

		k -= c->nrec;
		if (s)
			rec_emit(s, c->data, c->len);
		free(c);
		c = next;
	}
	g->head = c;
	if (!c)
		return NULL;
	*from = k ? chunk_cut(in, c, k) : 0;
	if (s)
		rec_emit(s, c->data, *from);
	return c;
}

static void ring_free(struct rchunk *c)
{
	while (c) {
		struct rchunk *n = c->next;

		free(c);
		c = n;
	}
}

int rec_tail_find(struct rin *in, unsigned long long n, struct rkeep *k)
{
	struct ring g = {0};
	off_t cur;
	unsigned long long x;
	int r = seek_find(in, n, &cur, &k->start, &k->end);

	k->list = NULL;
	if (r) {
		k->skipped = r > 0 && k->start > cur;
		return r < 0 ? -1 : 0;
	}
	k->start = k->end = 0;
	g.n = n;
	r = ring_fill(in, &g, NULL);
	free(g.spare);
	if (r) {
		ring_free(g.head);
		return -1;
	}
	x = ring_excess(in, &g);
	k->skipped = g.dropped || x > 0;
	k->list = ring_walk(in, &g, x, NULL, &k->from);
	return 0;
}

int rec_tail_emit(struct rin *in, struct rsink *s, struct rkeep *k)
{
	struct rchunk *c = k->list;

	if (!c) {
		if (k->end <= k->start)
			return 0;
		lseek(in->fd, k->start, SEEK_SET);
		in->pos = in->len = 0;
		in->eof = 0;
		in->nokcopy = 0;   /* a new position: worth a sendfile again */
		/* the range found, no more: data appended meanwhile is not
		 * part of this tail (GNU 9.8; -f prints it next) */
		return rec_copy_bytes(in, s, (unsigned long long)(k->end - k->start));
	}
	for (; c; c = c->next) {
		rec_emit(s, c->data + k->from, c->len - k->from);
		k->from = 0;
	}
	ring_free(k->list);
	k->list = NULL;
	return 0;
}

int rec_drop_tail(struct rin *in, struct rsink *s, unsigned long long n)
{
	struct ring g = {0};
	off_t cur, start, end;
	size_t from;
	int r;

	if (!n)
		return rec_copy_bytes(in, s, REC_ALL);
	r = seek_find(in, n, &cur, &start, &end);
	if (r < 0)
		return -1;
	if (r > 0) {
		r = rec_copy_bytes(in, s, (unsigned long long)(start - cur));
		rec_unread(in);
		/* too few rows: GNU head reads back in 8 KiB blocks aligned on
		 * cur and leaves the offset after the last one, the block at cur */
		if (!r && !in->bytes && start == cur && end > cur)
			lseek(in->fd, end - cur > GNU_BLOCK ? cur + GNU_BLOCK : end,
			    SEEK_SET);
		return r;
	}
	/* a file read as a stream (a small or lying one) is still left just
	 * past what was emitted, as GNU head leaves it */
	cur = in->seekable ? lseek(in->fd, 0, SEEK_CUR) : -1;
	if (cur >= 0)
		cur -= (off_t)(in->len - in->pos);
	g.n = n;
	r = ring_fill(in, &g, s);
	free(g.spare);
	if (!r) {
		struct rchunk *c = ring_walk(in, &g, ring_excess(in, &g), s, &from);
		unsigned long long rest = 0;   /* bytes kept back */

		for (; c; c = c->next, from = 0)
			rest += c->len - from;
		if (cur >= 0)
			lseek(in->fd, cur + (off_t)(g.taken - rest), SEEK_SET);
	}
	ring_free(g.head);
	return r;
}
