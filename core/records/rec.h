/* rec.h: the record engine of tails/head/tail: rows split on a delimiter
 * byte, or single bytes, read from one input.
 *
 * A `struct rin` reads one fd through a read-ahead buffer. The operations
 * consume records from the current position in order, so a caller composes
 * "head part, then tail part of what is left" by calling them in sequence.
 * Emitted records go to a `struct rsink` (out.h stdout, with the output
 * terminator and an emit budget). A tail of a seekable input is found by
 * scanning backwards from the end (bytes read ~ bytes printed); on a pipe a
 * list of fixed chunks keeps only what the last N records need.
 *
 * Errors: a function returns -1 when a read failed; in->err holds errno.
 * Nothing here prints or exits. */
#ifndef QB_REC_H
#define QB_REC_H

#include <sys/types.h>

#define REC_ALL (~0ULL)

struct rsink {
	int ird, eor;             /* delimiter in, terminator out (rows) */
	int bytes;                /* records are bytes */
	unsigned long long left;  /* records still allowed out (-o), REC_ALL */
	unsigned long long nout;  /* bytes given to stdout so far */
};

struct rin {
	int fd;
	int ird, bytes;
	int seekable;             /* regular file: seek and pread are used */
	int counting;             /* keep nbytes/ndelim exact (-C) */
	int nokcopy;              /* sendfile tried (or impossible) here */
	int frugal;               /* a pipe read as GNU head reads it: bytes
	                           * no more than needed, rows in 8 KiB blocks,
	                           * so the rest stays for the next reader */
	char *buf;
	size_t pos, len;          /* unread data is buf[pos..len) */
	int eof, err;
	int again_eof;            /* EAGAIN reads as the end (GNU tail's own
	                           * non-blocking opens) */
	int committed;            /* a skip reached its end, or a tail found its
	                           * end by seeking: GNU tail reads the rest on
	                           * a path where a read error ends the run */
	unsigned long long nbytes, ndelim;  /* read so far (when counting) */
	int lastc;                /* last byte read, -1 before any */
};

/* state between finding a tail and emitting it */
struct rkeep {
	int skipped;              /* records were left out before the tail */
	off_t start, end;         /* seekable: the byte range to print */
	struct rchunk *list;      /* pipe: kept chunks, first at list */
	size_t from;              /* offset into the first chunk */
};

void rec_init(struct rin *in, int fd, int ird, int bytes, int counting);
void rec_free(struct rin *in);
/* emit from p[0..n) through the sink, honouring the budget and -e */
void rec_emit(struct rsink *s, const char *p, size_t n);
/* skip n records: bytes by one relative seek where the fd takes it (any
 * type, as GNU tail -c +N), else by reading; committed once done */
int rec_skip(struct rin *in, unsigned long long n);
/* emit the next n records (REC_ALL: to EOF) */
int rec_copy(struct rin *in, struct rsink *s, unsigned long long n);
/* put read-ahead back so the fd offset is just past what was consumed */
void rec_unread(struct rin *in);
/* find the last n records of the rest (n > 0), then emit them */
int rec_tail_find(struct rin *in, unsigned long long n, struct rkeep *k);
int rec_tail_emit(struct rin *in, struct rsink *s, struct rkeep *k);
/* emit all of the rest but its last n records; the offset ends just past
 * what was emitted on a seekable input */
int rec_drop_tail(struct rin *in, struct rsink *s, unsigned long long n);
/* read to EOF (for counting) */
int rec_drain(struct rin *in);
/* the number of records read: rows (an unterminated last one counts) or bytes */
unsigned long long rec_count(const struct rin *in);

#endif
