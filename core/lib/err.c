/* err.c: one-line messages, sticky exit status, dying allocators. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libc/fmt.h"
#include "lib/err.h"
#include "lib/out.h"

const char *qb_prog = "quickbox";
int qb_status;
int qb_fatal = 1;
char *(*qb_strerror)(int e) = strerror;

#ifndef __GLIBC__
/* a table of the differing texts, not a copy of strerror: the static
 * (musl) build prints GNU's messages too */
char *glibc_strerror(int e)
{
	static const unsigned short code[] = {EIO, ENOMEM, EBUSY, EMFILE,
		ESPIPE, ERANGE, ENAMETOOLONG, ELOOP, EOVERFLOW, ENOTCONN,
		ETIMEDOUT, EDQUOT, EUCLEAN};
	const char *t = "Input/output error\0Cannot allocate memory\0"
	    "Device or resource busy\0Too many open files\0Illegal seek\0"
	    "Numerical result out of range\0File name too long\0"
	    "Too many levels of symbolic links\0"
	    "Value too large for defined data type\0"
	    "Transport endpoint is not connected\0Connection timed out\0"
	    "Disk quota exceeded\0Structure needs cleaning";
	size_t i;

	for (i = 0; i < sizeof code / sizeof *code; i++, t += strlen(t) + 1)
		if (code[i] == e)
			return (char *)t;
	return strerror(e);
}
#endif
void (*qb_exit_hook)(int code);

void vwarn(const char *fmt, va_list ap)
{
	int e = errno;
	char buf[1024];
	size_t fl = strlen(fmt);
	int n;

	if (fl && fmt[fl - 1] == ':' && e == EPIPE)
		return;         /* the reader went away: nobody to tell */
	n = fmt_snprintf(buf, sizeof buf, "%s: ", qb_prog);
	if (n < 0 || (size_t)n >= sizeof buf)
		n = 0;
	n += fmt_vsnprintf(buf + n, sizeof buf - n, fmt, ap);
	if ((size_t)n >= sizeof buf - 2)
		n = sizeof buf - 2 - 1;
	if (fl && fmt[fl - 1] == ':')
		n += fmt_snprintf(buf + n, sizeof buf - n, " %s",
		    qb_strerror(e));
	if ((size_t)n >= sizeof buf - 1)
		n = sizeof buf - 2;
	buf[n++] = '\n';
	/* one write so concurrent writers never interleave inside a line */
	write_all(2, buf, n);
	errno = e;
}

void warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(fmt, ap);
	va_end(ap);
}

void warn_line(const char *line)
{
	warn("%s", line);
}

void fail(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(fmt, ap);
	va_end(ap);
	if (qb_status < code)
		qb_status = code;
}

void die(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(fmt, ap);
	va_end(ap);
	xexit(code);
}

void xexit(int code)
{
	if (code == 0)
		code = qb_status;
	if (out_flush() && out_error != EPIPE) {
		/* GNU: a full disk is a failure even when all else went well */
		errno = out_error;
		warn("write error:");
		if (code == 0)
			code = 1;
	} else if (out_error == EPIPE && code == 0) {
		code = 1;
	}
	if (qb_exit_hook)
		qb_exit_hook(code);
	_exit(code);
}

void *xmalloc(unsigned long n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die(qb_fatal, "out of memory");
	return p;
}

void *xrealloc(void *p, unsigned long n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die(qb_fatal, "out of memory");
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}
