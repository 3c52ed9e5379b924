/* plan.h: a run of tails, head or tail as the front ends hand it over: one
 * plan, applied to every input in turn, then -f/-F.
 *
 * A plan is a head part (emit or skip the first N records), then a tail
 * part on what is left (keep the last N, drop the last N, or everything
 * from record N on). head -n N is a head part alone, head -n -N a
 * drop-tail, tail -n N a keep, tail -n +N a from.
 *
 * What differs between the personalities is said once by the front end:
 * the fields under "policy" and the stdout failure policy (out). The
 * driver words the messages about inputs and stdout as GNU head/tail do,
 * with the names quoted by quote.h, and hands each line to the front end
 * (say), which prints it; the front end owns every message about options.
 * The driver neither prints nor exits: where GNU exits on the spot (a
 * fatal read error, a dead stdout), the run ends and plan_run returns. */
#ifndef QB_PLAN_H
#define QB_PLAN_H

#include <stddef.h>

#include "records/follow.h"
#include "records/rec.h"

enum { HNONE, HEMIT, HSKIP };           /* head part */
enum { TNONE, TKEEP, TDROP, TFROM };    /* tail part */

struct tplan;

/* what a failed stdout means, and when it is noticed (outfail.c); a
 * nonzero return ends the run, as GNU exits there */
struct tout {
	int (*input_done)(struct tplan *p);   /* after each input */
	void (*flush_quiet)(struct tplan *p); /* before a message; keeps errno */
	void (*end)(struct tplan *p);         /* after everything */
	int (*follow_flush)(struct tplan *p); /* each round of -f data */
};
/* GNU's stdio replayed (head, tail), or the plain rule (tails) */
extern const struct tout tout_gnu, tout_plain;
/* the stdio buffer glibc gives a stream on fd (-1: none): its
 * st_blksize, at most 8 KiB */
unsigned long long gnu_stdio_blk(int fd);

struct tplan {
	int hmode, tmode;
	unsigned long long hn, tn;
	int bytes, ird, eor;
	unsigned long long omax; /* -o, REC_ALL when unset */
	const char *divider;     /* NULL: none (head/tail) */
	char **fmts;             /* -H formats, cyclic */
	int nfmt;
	int headers, plain, hdr_eor;
	const char *delimit;     /* -D */
	int countfd;             /* -C, -1 unset */
	int follow, by_name, retry;
	long *pids;              /* --pid, each given (malloc'd) */
	int npids;
	int debug;               /* --debug: say which follow loop runs */
	double interval;
	char **files;
	int nfiles;
	/* policy */
	const struct tout *out;
	int empty_stdin;         /* '' names stdin (tails), else it is a file */
	int unread;              /* leave a seekable stdin just past the output,
	                          * and a pipe read no further than GNU head */
	int read_fatal;          /* a read error ends the whole run */
	int tail_words;          /* tail's extra follow messages and statuses */
	int open_high;           /* GNU opens inputs above fd 2 (tail), not
	                          * in a closed stdout's place (head) */
	int fstat_words;         /* "cannot fstat" an unusable input first */
	int close_stdin;         /* close a stdin read, "-: ERR" when it fails */
	int no_inotify;          /* follow by polling only */
	/* tail -c N: find the end as GNU does (plan_gnu_keep_end): 1 when
	 * a read error then ends the run (committed), NULL for tails */
	int (*keep_end)(int fd, unsigned long long n);
	/* the front end prints one message line (without the program name) */
	void (*say)(const char *line);
	/* while running: the exit status so far; stop: the run ended early */
	int status, stop, hdr_done, last_idx;
	int read_stdin;          /* stdin was an input */
	int sigpipe;             /* out: stdout's reader left during -f */
	/* GNU's stdio replayed (outfail.c): output at the last flush point,
	 * its buffer's size once output began (0 before), a header since,
	 * GNU has written, a quiet flush failed (errno) */
	unsigned long long gmark, gbuf;
	int ghdr, gwrote, gerr;
	struct rsink sink;
	struct fwatch *watch;
};

/* the name shown for input f: "standard input" for stdin */
const char *plan_display(const struct tplan *p, const char *f);
/* the header text of input idx, before first-header stripping (malloc'd) */
char *plan_header_text(struct tplan *p, int idx, const char *name, size_t *len);
/* every input, then the follow; the exit status. When p->sigpipe is set
 * the front end raises SIGPIPE, as GNU dies of it there */
int plan_run(struct tplan *p);
/* GNU tail's search for the end of an input of tail -c N (its seeks, so
 * that a file system decides as it does for GNU): 1 the end is known */
int plan_gnu_keep_end(int fd, unsigned long long n);
/* a message line for p->say, as err.h words one: a format ending in ':'
 * gets " strerror(err)", and none is said about EPIPE. Raises p->status to
 * status (1 an error, 0 a warning) */
void plan_say(struct tplan *p, int status, int err, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
