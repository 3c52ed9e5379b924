/* tails.h: what the tails family files share: the plan every invocation of
 * tails, head or tail becomes, and the driver that runs it.
 *
 *   tails.c      native tails options, fit mode, entry
 *   tails_cfg.c  native defaults (config file, $TAILS) and value unescaping
 *   tails_gnu.c  head/tail personalities: GNU options and messages
 *   tails_obs.c  head/tail personalities: the obsolete forms (-5, +5cf)
 *   tails_run.c  the per-input driver: open, header, plan, count, errors
 *   tails_fol.c  after the inputs: -f/-F through core/follow.c
 *   tails_out.c  stdout failures, worded and timed as GNU head/tail do
 *
 * A plan is a head part (emit or skip the first N records), then a tail
 * part on what is left (keep the last N, drop the last N, or everything
 * from record N on). head -n N is a head part alone, head -n -N a
 * drop-tail, tail -n N a keep, tail -n +N a from. */
#ifndef QB_TAILS_H
#define QB_TAILS_H

#include <stddef.h>

#include "follow.h"
#include "rec.h"

enum { HNONE, HEMIT, HSKIP };           /* head part */
enum { TNONE, TKEEP, TDROP, TFROM };    /* tail part */

struct tplan {
	int who;                 /* 0 tails, 'h' head, 't' tail */
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
	/* while running */
	int hdr_done, last_idx;
	/* GNU's stdio replayed (tails_out.c): output at the last flush point,
	 * a header since, GNU has written, a quiet flush failed (errno) */
	unsigned long long gmark;
	int ghdr, gwrote, gerr;
	struct rsink sink;
	struct fwatch *watch;
};

/* tails_run.c */
const char *tails_display(const char *f);
char *tails_header_text(struct tplan *p, int idx, const char *name, size_t *len);
void tails_header(struct tplan *p, int idx, const char *name);
int tails_run(struct tplan *p);

/* tails_fol.c */
void tails_follow(struct tplan *p);

/* tails_out.c: after each input (may exit), before a message about an
 * input (keeps errno), at the end, and for each round of -f data */
void tails_input_done(struct tplan *p);
void tails_flush_quiet(struct tplan *p);
void tails_out_end(struct tplan *p);
void tails_follow_flush(struct tplan *p);

/* tails_cfg.c */
char **tails_defaults(int *argc, char **argv);
char *tails_unescape(const char *s, size_t *len);

/* tails_gnu.c: the parse state, shared with tails_obs.c */
struct gctx {
	struct tplan *p;
	int who, quiet, verbose, help, version, reported, nfiles;
	int count_lines, neg;
	unsigned long long n;
	char **files;
};
void gnu_try_help(void);
int gnu_count(struct gctx *g, const char *v, int lines);

/* tails_obs.c: head -5cv (0 taken, -1 bad and reported); tail -5cf, +5
 * (1 taken, 0 not an obsolete form, -1 bad and reported) */
int head_obsolete(struct gctx *g, char *a);
int tail_obsolete(struct gctx *g, int argc, char **argv);

#endif
