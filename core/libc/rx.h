/* rx.h: in place of regcomp(3) and regexec(3) (REG_EXTENDED | REG_NOSUB)
 * and regerror's codes: POSIX extended regular expressions with glibc's
 * dialect and error codes (GNU operators \w \s \b \< \` ...,
 * back-references, context-independent anchors), compiled once and
 * matched yes/no: an unanchored search of a NUL-terminated text, no
 * submatch positions.
 *
 * Why: it must match glibc's, which the reference pgrep is linked with
 * (musl's TRE accepts and rejects other patterns, with other codes),
 * also in a static musl binary; and musl's would cost 20,760 bytes more
 * of the whole static binary (docs/quickbox.md, "Each re-implementation on trial").
 * The glibc builds keep it too: 1.2 to 2.1 times fewer instructions a
 * string than glibc's regexec (docs/PERFORMANCE.md, "Regex engine"), and
 * one engine, which the test suite on the default build exercises.
 * tests/fuzz/fuzz_rx.c holds it to glibc's regcomp/regexec, tests/rx.bats
 * to its documented dialect. */
#ifndef QB_RX_H
#define QB_RX_H

/* the error codes keep glibc's numbers: a harness can compare them */
enum {
	RX_OK = 0,
	RX_BADPAT = 2,   /* a bracket opened at the very end */
	RX_ECOLLATE = 3,
	RX_ECTYPE = 4,
	RX_EESCAPE = 5,
	RX_ESUBREG = 6,
	RX_EBRACK = 7,
	RX_EPAREN = 8,
	RX_EBRACE = 9,
	RX_BADBR = 10,
	RX_ERANGE = 11,
	RX_ESPACE = 12,  /* out of memory, or past the size/nesting caps */
	RX_BADRPT = 13,
	RX_ESIZE = 15,   /* a count above 32767 */
};

/* compile flags: ignore case; the text and pattern are UTF-8 (else bytes
 * of the current single-byte locale). Classes and case folding use the
 * current (thread) locale's is and isw functions. */
enum { RX_ICASE = 1, RX_UTF8 = 2 };

struct rx;

/* RX_OK and *out set, or an error code (*out NULL); never aborts */
int rx_compile(struct rx **out, const char *pattern, int flags);
/* 1 when the pattern matches somewhere in text */
int rx_match(const struct rx *r, const char *text);
void rx_free(struct rx *r);
/* frees the calling thread's match work areas (rx_match keeps them per
 * thread, grown to the largest pattern); for a thread that ends, else
 * they are lost with it. rx_match after it starts over. */
void rx_thread_end(void);

#endif
