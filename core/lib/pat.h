/* pat.h: one pattern matcher for pf and the procps personalities: POSIX
 * extended regular expressions (rx.h: glibc's dialect in every build),
 * with a fast path for plain literals.
 *
 * Most patterns people type are plain names ("sshd", "^nginx$", what
 * pgrep -x makes of a name: "^(sshd)$"). Those are matched with memcmp or
 * strstr instead of the regex engine (docs/PERFORMANCE.md, "Process
 * engine: instruction counts"). Anything with
 * a metacharacter goes to rx unchanged, so the results are the same
 * either way. */
#ifndef QB_PAT_H
#define QB_PAT_H

#include <stddef.h>

#include "libc/rx.h"

struct pat {
	int kind;          /* PAT_REGEX, or how a literal is anchored */
	int icase;
	const char *lit;   /* points into the pattern given to pat_compile */
	size_t len;
	struct rx *re;     /* PAT_REGEX: the compiled pattern */
};

enum { PAT_REGEX, PAT_ANY, PAT_PREFIX, PAT_SUFFIX, PAT_EXACT };

/* 0, or an rx error code (describe it with pat_error). The pattern
 * string must outlive the struct. UTF-8 when loc_utf8() says so. */
int pat_compile(struct pat *p, const char *s, int icase);
/* glibc's regerror text for code */
void pat_error(int code, const struct pat *p, char *buf, size_t n);
void pat_free(struct pat *p);
/* frees what matching kept for the calling thread: for a thread that
 * ends (the parallel scan calls it as each of its threads ends) */
void pat_thread_end(void);
/* 1 when the pattern is found in text (unanchored unless it says so) */
int pat_match(const struct pat *p, const char *text);

#endif
