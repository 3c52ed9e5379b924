/* rectail.c: record tails: read back from a file's end, or a chunk ring on a pipe. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "rec.h"
#include "recint.h"

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

static int pread_all(int fd, char *p, size_t n, off_t at)
{
	while (n) {
		ssize_t r = pread(fd, p, n, at);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return r < 0 ? -1 : (errno = EIO, -1);
		p += r, n -= (size_t)r, at += r;
	}
	return 0;
}

/* start offset of the last n rows in [cur,end); a final delimiter ends the
 * last row rather than starting an empty one */
static off_t scan_back(struct rin *in, off_t cur, off_t end, unsigned long long n)
{
	off_t p = end;
	int first = 1;

	while (p > cur) {
		size_t blk = p - cur > RBUF ? RBUF : (size_t)(p - cur), i;

		p -= (off_t)blk;
		if (pread_all(in->fd, in->buf, blk, p)) {
			in->err = errno;
			return -1;
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
 * stream path (size 0: /proc and the like), -1 error */
static int seek_find(struct rin *in, unsigned long long n, off_t *cur,
    off_t *start, off_t *end)
{
	struct stat st;
	off_t c;

	if (!in->seekable || fstat(in->fd, &st) || st.st_size <= 0)
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
	return *start < 0 ? -1 : 1;
}

/* ---- pipes: a list of chunks holding just enough for the last n ---- */

struct ring {
	struct rchunk *head, *tail, *spare;
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

	t->nrec = in->bytes ? t->len : rec_count_delim(t->data, t->len, in->ird);
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
	in->pos = in->len = 0;
	while (!in->eof) {
		struct rchunk *t = g->tail;
		ssize_t r;

		if (t->len == CHUNK) {
			ring_settle(in, g, s);
			t = g->tail = t->next = chunk_new(g);
		}
		r = rec_read(in, t->data + t->len, CHUNK - t->len);
		if (r < 0)
			return -1;
		t->len += (size_t)r;
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
		return rec_copy_bytes(in, s, REC_ALL);
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
		return r;
	}
	g.n = n;
	r = ring_fill(in, &g, s);
	free(g.spare);
	if (!r)
		ring_walk(in, &g, ring_excess(in, &g), s, &from);
	ring_free(g.head);
	return r;
}
