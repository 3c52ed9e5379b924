/* rec.c: the record engine, reading forwards: buffered reads, emit, copy, skip. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "out.h"
#include "rec.h"
#include "recint.h"

unsigned long long rec_count_delim(const char *p, size_t n, int c)
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
		in->ndelim += rec_count_delim(p, n, in->ird);
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
	/* a 1 MiB pipe lets the writer run ahead: fewer wake-ups. bench/tails.sh
	 * on 1 GiB: cat | tail -n 10 400 -> 258 ms, -n 1000000 814 -> 365 ms */
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
ssize_t rec_read(struct rin *in, char *p, size_t n)
{
	ssize_t r;

	do
		r = read(in->fd, p, n);
	while (r < 0 && errno == EINTR);
	if (r < 0) {
		in->err = errno;
		return -1;
	}
	if (r == 0)
		in->eof = 1;
	account(in, p, (size_t)r);
	return r;
}

/* bytes available in buf, refilling when empty: >0, 0 at EOF, -1 error */
static ssize_t fill(struct rin *in)
{
	ssize_t r;

	if (in->pos < in->len)
		return (ssize_t)(in->len - in->pos);
	in->pos = in->len = 0;
	if (in->eof)
		return 0;
	r = rec_read(in, in->buf, RBUF);
	in->len = r > 0 ? (size_t)r : 0;
	return r;
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

/* file to out_fd inside the kernel (sendfile): head -c 512M > /dev/null
 * 17.6 ms against 35 ms with 128 KiB read+write (docs/tails.md). Only for big
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
int rec_copy_bytes(struct rin *in, struct rsink *s, unsigned long long n)
{
	while (n && s->left && !out_error) {
		ssize_t r;
		size_t take;
		unsigned long long before = n;
		int failed = plain(s) && kcopy(in, &n);

		s->nout += before - n;
		if (failed)
			return 0;   /* output failed */
		r = fill(in);
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

/* seek over bytes of a regular file without reading them */
static void seek_skip(struct rin *in, unsigned long long *n)
{
	struct stat st;
	off_t cur = lseek(in->fd, 0, SEEK_CUR);

	if (cur < 0 || fstat(in->fd, &st) || st.st_size <= cur)
		return;
	if (*n >= (unsigned long long)(st.st_size - cur)) {
		*n -= (unsigned long long)(st.st_size - cur);
		lseek(in->fd, st.st_size, SEEK_SET);
	} else {
		lseek(in->fd, cur + (off_t)*n, SEEK_SET);
		*n = 0;
	}
}

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
	while (n) {
		ssize_t r;

		if (in->bytes && in->seekable && in->pos == in->len) {
			seek_skip(in, &n);
			if (!n)
				return 0;
		}
		r = fill(in);
		if (r <= 0)
			return (int)r;
		skip_buffered(in, &n);
	}
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
