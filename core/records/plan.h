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
 * driver words the messages about inputs as GNU head/tail do, with the
 * names quoted by quote.h; the front end owns every message about options. */
#ifndef QB_PLAN_H
#define QB_PLAN_H

#include <stddef.h>

#include "follow.h"
#include "rec.h"

enum { HNONE, HEMIT, HSKIP };           /* head part */
enum { TNONE, TKEEP, TDROP, TFROM };    /* tail part */

struct tplan;

/* what a failed stdout means, and when it is noticed (outfail.c) */
struct tout {
	void (*input_done)(struct tplan *p);  /* after each input; may exit */
	void (*flush_quiet)(struct tplan *p); /* before a message; keeps errno */
	void (*end)(struct tplan *p);         /* after everything */
	void (*follow_flush)(struct tplan *p);/* each round of -f data; may exit */
};
/* GNU's stdio replayed (head, tail), or the plain rule (tails) */
extern const struct tout tout_gnu, tout_plain;

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
	long pid;
	double interval;
	char **files;
	int nfiles;
	/* policy */
	const struct tout *out;
	int empty_stdin;         /* '' names stdin (tails), else it is a file */
	int unread;              /* leave a seekable stdin just past the output */
	int read_fatal;          /* a read error ends the whole run */
	int tail_words;          /* tail's extra follow messages and statuses */
	/* while running */
	int hdr_done, last_idx;
	/* GNU's stdio replayed (outfail.c): output at the last flush point,
	 * a header since, GNU has written, a quiet flush failed (errno) */
	unsigned long long gmark;
	int ghdr, gwrote, gerr;
	struct rsink sink;
	struct fwatch *watch;
};

/* the name shown for input f: "standard input" for stdin */
const char *plan_display(const struct tplan *p, const char *f);
/* the header text of input idx, before first-header stripping (malloc'd) */
char *plan_header_text(struct tplan *p, int idx, const char *name, size_t *len);
/* every input, then the follow; the exit status */
int plan_run(struct tplan *p);

#endif
