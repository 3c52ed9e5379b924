/* tim_save.h: --save and --read files (tim_save.c). The line functions
 * (tf_put, tf_parse, tf_parse_all, tf_num) never allocate, print or exit,
 * so a fuzzer can drive them; the others die with status 1 (E_USAGE) on
 * a file error. */
#ifndef QB_TIM_SAVE_H
#define QB_TIM_SAVE_H

#include <stddef.h>

/* ---- save lines: pure ----------------------------------------------- */

/* bytes tf_put may write for cmd, its newline included */
#define TF_LINE_MAX(cmdlen) (2 * (size_t)(cmdlen) + 64)
/* "SECONDS<TAB>CMD\n", or "\SECONDS<TAB>ESCAPED\n" when cmd holds a CR
 * or LF (escapes \\ \n \r); returns its length, 0 when secs is not
 * finite or is subnormal (nothing written) */
size_t tf_put(char *dst, double secs, const char *cmd);
/* one line without its end of line (len bytes, line[len] writable):
 * 0 with *secs and *key (in line, unescaped), else -1 with *why and
 * *tok (the bad text, NUL-terminated in line, or NULL) */
int tf_parse(char *line, size_t len, double *secs, char **key,
    const char **why, const char **tok);
/* a whole file image (data[n] writable): every line (LF or CR-LF ended,
 * blank lines skipped) to cb; 0, or -1 at the first bad line (*lineno,
 * *why, *tok as tf_parse) or when cb returns nonzero */
typedef int (*tf_cb)(void *ctx, double secs, const char *key);
int tf_parse_all(char *data, size_t n, tf_cb cb, void *ctx, long *lineno,
    const char **why, const char **tok);
/* the shortest %.15g..%.17g text of v that reads back exactly */
int tf_num(char *dst, size_t cap, double v);

/* ---- --save, --read ------------------------------------------------- */

struct tsave {                  /* --save: lines buffered per row */
	const char *path;
	int fd;
	char *buf;
	size_t len, cap;
};
void tsave_open(struct tsave *s, const char *path);
void tsave_add(struct tsave *s, double secs, const char *cmd);
void tsave_flush(struct tsave *s);

struct rq {                     /* one key's times, first in first out */
	char *key;
	double *v;
	size_t n, cap, head;
};
struct tread {
	struct rq *q;
	size_t n, cap;
};
void tread_load(struct tread *r, const char *path);
struct rq *tread_find(struct tread *r, const char *key);

/* the whole of a file (NUL-terminated, *n its size), or NULL with errno */
char *tfile_slurp(const char *path, size_t *n);

#endif
