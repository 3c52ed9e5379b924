/* pat.h: one pattern matcher for pf and the procps personalities: POSIX
 * extended regular expressions, with a fast path for plain literals.
 *
 * Most patterns people type are plain names ("sshd", "^nginx$", what
 * pgrep -x makes of a name: "^(sshd)$"). Those are matched with memcmp or
 * strstr instead of regexec. Measured with bench.sh's seed rows (114
 * processes, no match): static musl build 13.9 -> 3.8 µs per process
 * (musl's regexec alone cost ~10 µs a call); glibc build 4.29 -> 4.24 µs
 * (glibc's regexec is cheap, nothing lost). Anything with a
 * metacharacter goes to regcomp/regexec unchanged, so the results are the
 * same either way. */
#ifndef QB_PAT_H
#define QB_PAT_H

#include <regex.h>
#include <stddef.h>

struct pat {
	int kind;          /* PAT_REGEX, or how a literal is anchored */
	int icase;
	const char *lit;   /* points into the pattern given to pat_compile */
	size_t len;
	regex_t re;
};

enum { PAT_REGEX, PAT_ANY, PAT_PREFIX, PAT_SUFFIX, PAT_EXACT };

/* 0, or regcomp's error code (describe it with pat_error). The pattern
 * string must outlive the struct. */
int pat_compile(struct pat *p, const char *s, int icase);
void pat_error(int code, const struct pat *p, char *buf, size_t n);
/* 1 when the pattern is found in text (unanchored unless it says so) */
int pat_match(const struct pat *p, const char *text);

#endif
