/* err.h: error messages and exit status, shared by every applet.
 *
 * Every message is one line "PROG: text\n" written with a single write(2).
 * A format ending in ':' gets ": strerror(errno)" appended (sbase style).
 * Messages about EPIPE are suppressed: a reader that went away is not news.
 * Core code never calls die(); it returns errors and the applet decides. */
#ifndef QB_ERR_H
#define QB_ERR_H

#include <stdarg.h>

extern const char *qb_prog;   /* name shown before ':' (applet's basename by default) */
extern int qb_status;         /* sticky exit status, raised by fail() */
extern int qb_fatal;          /* status used by x*() wrappers on failure (e.g. out of memory) */
/* the strerror of every message: an applet whose messages are GNU's
 * (head, tail) sets glibc_strerror, so a build on another libc words
 * errors as glibc does too (the others keep their libc's words, and
 * their static build leaves the table out) */
extern char *(*qb_strerror)(int e);

/* strerror(e) in glibc's words: the few a file, an output or a number can
 * meet where another libc (musl) says it otherwise; strerror elsewhere */
#ifdef __GLIBC__
#define glibc_strerror strerror
#else
char *glibc_strerror(int e);
#endif

void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void vwarn(const char *fmt, va_list ap);
/* one prepared message line (no format), as warn words it */
void warn_line(const char *line);
/* warn, and raise the sticky status to at least code */
void fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* warn, then xexit(code) */
_Noreturn void die(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* flush stdout (out.h), turn a write error into status 1 (GNU), then exit
 * with max(code, qb_status) when code is 0, else code. */
_Noreturn void xexit(int code);
/* NULL normally. When set, xexit() calls it with the final status just
 * before _exit(): a test harness longjmps out of it to survive die(). If it
 * returns, the process exits as usual. */
extern void (*qb_exit_hook)(int code);

void *xmalloc(unsigned long n);
void *xrealloc(void *p, unsigned long n);
char *xstrdup(const char *s);

#endif
