/* tim_tw.h: the stream of each file tim writes (tim_tw.c). The first
 * failed write is kept (err) and names the file; later ones are
 * dropped. Used by the exports and the plot, below both. */
#ifndef QB_TIM_TW_H
#define QB_TIM_TW_H

#include <stddef.h>

struct tw {
	int fd, err;
	size_t len;
	char buf[8192];
};
/* Stdout flushed, or tim stops: xexit names the error (not a closed
 * pipe's) and exits 1 */
void tw_stdout(void);
/* Stdout goes first (tw_stdout): what tim printed before the file (which
 * may be /dev/stdout) is out */
void tw_open(struct tw *w, int fd);
void tw_str(struct tw *w, const char *s);
void tw_char(struct tw *w, char c);
void twf(struct tw *w, const char *fmt, ...) /* numbers only: short */
    __attribute__((format(printf, 2, 3)));
/* flushed and closed: 0, or the errno of the first failure */
int tw_close(struct tw *w);

#endif
