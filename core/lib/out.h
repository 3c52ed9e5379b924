/* out.h: buffered standard output without stdio.
 *
 * One static buffer; out_flush() writes it with write(2), retrying short
 * writes. A write error is remembered (out_error) and reported once by
 * xexit(), as GNU tools do on a full disk. tail -f flushes each round
 * itself. Bulk data larger than the buffer goes straight out. */
#ifndef QB_OUT_H
#define QB_OUT_H

#include <stddef.h>

extern int out_fd;       /* 1 unless an applet redirects */
extern int out_error;    /* errno of the first failed write, else 0 */
extern size_t out_bytes; /* bytes given to out_* so far */

void out_write(const void *p, size_t n);
void out_str(const char *s);
void out_char(char c);
void out_ull(unsigned long long v);
void out_ll(long long v);
int  out_flush(void);          /* 0, or -1 with out_error set */
/* out_flush, where a reader that left (EPIPE, SIGPIPE ignored) is no
 * failure, as procps takes it: out_error is then cleared */
int  out_flush_pipe_ok(void);
int  out_lastbyte(void);       /* last byte ever emitted, -1 if none */

/* write all of p to fd, retrying EINTR/short writes: 0 or -1 (errno) */
int write_all(int fd, const void *p, size_t n);

#endif
