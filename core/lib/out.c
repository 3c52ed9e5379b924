/* out.c: buffered stdout over write(2), with remembered write errors. */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "lib/out.h"

#define OUT_CAP 65536   /* one pipe's worth: fewest syscalls for big output */

int out_fd = 1;
int out_error;
size_t out_bytes;

/* The bookkeeping sits in front of the buffer in one zero-filled object,
 * so that a short run's first output touches one fresh page rather than
 * three scattered ones (docs/PERFORMANCE.md, "Start-up of the static
 * binary"). */
static struct {
	size_t len;
	int last1;              /* last byte emitted + 1; 0: none yet */
	char buf[OUT_CAP];
} o;

int write_all(int fd, const void *p, size_t n)
{
	const char *c = p;

	while (n) {
		ssize_t w = write(fd, c, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

int out_flush(void)
{
	if (o.len && !out_error && write_all(out_fd, o.buf, o.len))
		out_error = errno;
	o.len = 0;
	return out_error ? -1 : 0;
}

int out_flush_pipe_ok(void)
{
	if (out_flush() && out_error == EPIPE)
		out_error = 0;
	return out_error ? -1 : 0;
}

void out_write(const void *p, size_t n)
{
	if (!n)
		return;
	out_bytes += n;
	o.last1 = ((const unsigned char *)p)[n - 1] + 1;
	if (out_error)
		return;         /* already failed: drop, xexit reports once */
	if (n >= OUT_CAP) { /* big blocks bypass the copy */
		out_flush();
		if (!out_error && write_all(out_fd, p, n))
			out_error = errno;
		return;
	}
	if (o.len + n > OUT_CAP)
		out_flush();
	memcpy(o.buf + o.len, p, n);
	o.len += n;
}

void out_str(const char *s)
{
	out_write(s, strlen(s));
}

void out_char(char c)
{
	out_write(&c, 1);
}

void out_ull(unsigned long long v)
{
	char d[24], *p = d + sizeof d;

	do
		*--p = (char)('0' + v % 10);
	while (v /= 10);
	out_write(p, (size_t)(d + sizeof d - p));
}

void out_ll(long long v)
{
	if (v < 0) {
		out_char('-');
		out_ull(0ULL - (unsigned long long)v);
	} else {
		out_ull((unsigned long long)v);
	}
}

int out_lastbyte(void)
{
	return o.last1 - 1;
}
