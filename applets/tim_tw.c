/* tim_tw.c: the stream each file tim writes goes through (an export,
 * --plot's SVG, a --graph file): a buffer of its own, so stdout's buffer
 * and fd are never borrowed, and the first failed write kept to name
 * the file. It sits below the exports and the plot, which both write
 * through it. */
#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>

#include "lib/err.h"
#include "libc/fmt.h"
#include "lib/out.h"
#include "tim_tw.h"

static void tw_flush(struct tw *w)
{
	if (w->len && !w->err && write_all(w->fd, w->buf, w->len))
		w->err = errno;
	w->len = 0;
}

static void tw_write(struct tw *w, const void *p, size_t n)
{
	if (w->err)
		return;
	if (w->len + n > sizeof w->buf)
		tw_flush(w);
	if (n >= sizeof w->buf) {
		if (!w->err && write_all(w->fd, p, n))
			w->err = errno;
		return;
	}
	memcpy(w->buf + w->len, p, n);
	w->len += n;
}

void tw_str(struct tw *w, const char *s)
{
	tw_write(w, s, strlen(s));
}

void tw_char(struct tw *w, char c)
{
	tw_write(w, &c, 1);
}

void twf(struct tw *w, const char *fmt, ...) /* numbers only: short */
{
	char b[128];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = fmtf_vsnprintf(b, sizeof b, fmt, ap);
	va_end(ap);
	if (n > 0)
		tw_write(w, b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
}

/* Stdout goes first: what tim printed before the file (which may be
 * /dev/stdout) is out, and a stdout failure stops tim as anywhere else. */
void tw_stdout(void)
{
	if (out_flush())
		xexit(0);
}

void tw_open(struct tw *w, int fd)
{
	tw_stdout();
	w->fd = fd;
	w->err = 0;
	w->len = 0;
}

/* flushed and closed: 0, or the errno of the first failure */
int tw_close(struct tw *w)
{
	tw_flush(w);
	if (close(w->fd) && !w->err)
		w->err = errno;
	return w->err;
}
