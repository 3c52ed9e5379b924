/* tim_file.h: tim's files: --save/--read lines, --graph files, the
 * --json/--csv/--markdown exports and --baseline files.
 *
 * They read tim's model (tim_model.h) and never change it; calls go one
 * way, tim.c -> tim_file.c -> tim_model.c. The save-line functions
 * (tf_put, tf_parse, tf_parse_all) never allocate, print or exit, and
 * the baseline JSON reader never prints or exits but when memory runs
 * out, so a fuzzer can drive them; the others die with status 1
 * (E_USAGE) on a file error. */
#ifndef QB_TIM_FILE_H
#define QB_TIM_FILE_H

#include <stddef.h>

#include "tim_model.h"

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

/* ---- --graph, exports, --baseline ----------------------------------- */

/* write one file per row and return CMD with $1.. as their names */
char *tgraph(const struct tmodel *md, const char *cmd);

/* an export: open checks a file can be made beside path (so a bad path
 * stops tim before anything runs); commit writes a temporary file there
 * and renames it to path, so path is whole or untouched; a path that is
 * not a regular file (a device, a FIFO) is written in place */
enum { X_JSON, X_CSV, X_MD, X_SVG };
struct texport {
	const char *path;
	const char *target;     /* path, or the file a symlink names */
	char *tmp;
	int kind;
	int direct;             /* not a regular file: written in place */
};
void texport_open(struct texport *x, const char *path, int kind);
void texport_commit(struct texport *x, const struct tmodel *md);

struct tbase {                  /* a baseline's or an --import's rows */
	struct tbent {
		char *key;
		char *label;            /* the JSON's label, else the key */
		double est, err;        /* seconds, as reported */
		struct run *runs;       /* the timed runs, when the file has */
		size_t nrun;
		long long n;            /* runs a batch (0: not known) */
		int oh;                 /* the overhead's result */
	} *e;
	size_t n, cap;
};
/* one more row (key copied) */
void tbase_add(struct tbase *b, const char *key, double est, double err);
/* a JSON export's results[] (command, estimate, error, unit): 0, or -1
 * with *why; never exits (but when memory runs out, as vec.h). Its own
 * small reader, as libc has none: it reads back what tim writes and
 * skips the rest; tests/fuzz/fuzz_timread.c drives it. */
int tbase_json(char *data, size_t n, struct tbase *b, const char **why);
/* --baseline FILE, a JSON export or a --save file, whole: a --save file
 * stands for the report a --read of it would give with md's rows and
 * these warm-ups (the overhead subtracted as md subtracts it) */
void tbase_load(struct tbase *b, const char *path, const struct tmodel *md,
    long long warm);
/* Each file tim writes (an export, a --graph file) goes through a buffer
 * of its own, so stdout's buffer and fd are never borrowed. The first
 * failed write is kept (err) and names the file; later ones are dropped.
 * tim_plot.c writes through it too. */
struct tw {
	int fd, err;
	size_t len;
	char buf[8192];
};
void tw_str(struct tw *w, const char *s);
void tw_char(struct tw *w, char c);
void twf(struct tw *w, const char *fmt, ...) /* numbers only: short */
    __attribute__((format(printf, 2, 3)));

/* --plot (tim_plot.c): the SVG of md's rows, every run a dot on one
 * time axis, each row's estimate and error marked, the comparisons in
 * the title when md->verdict */
void tplot_svg(struct tw *w, const struct tmodel *md);

/* the whole of a file (NUL-terminated, *n its size), or NULL with errno */
char *tfile_slurp(const char *path, size_t *n);

#endif
