/* fuzz_patterns: pat.c's literal fast path against regexec on the same
 * pattern and text. Input: byte 0 bit 0 = ignore case, then the pattern,
 * a NUL, the text (each in an exact-size buffer: overreads show).
 * Patterns with many repetition operators are left out: glibc's regcomp
 * takes time and memory exponential in them ("a++++++..."), whoever calls
 * it, and that is not what is under test here. So are, unless bit 1 of
 * byte 0 is set, patterns that are surely regexes (a metacharacter other
 * than the anchors and parentheses a literal may have): pat_match is then
 * rx itself (fuzz_rx compares that to glibc), and regcomp's cost would
 * crowd out the literals. */
// fuzz-opts: -max_len=256
#include <regex.h>

#include "fuzz.h"
#include "lib/pat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *w[2];
	struct pat p;
	regex_t re;
	int n, icase, e, f;

	if (!size || size > 4096)
		return 0;
	icase = data[0] & 1;
	n = fuzz_words(data + 1, size - 1, w, 2);
	{
		int reps = 0;

		for (const char *c = w[0]; *c; c++)
			reps += !!strchr("*+?{", *c);
		if (reps > 3 || (!(data[0] & 2) && strpbrk(w[0], ".[]*+?{}|\\"))) {
			fuzz_free_words(w, n);
			return 0;
		}
	}
	if (n < 2)
		w[1] = fuzz_str((const uint8_t *)"", 0);
	e = pat_compile(&p, w[0], icase);
	if (p.kind == PAT_REGEX) {
		/* rx itself: fuzz_rx compares it, here it only runs */
		if (!e) {
			pat_match(&p, w[1]);
			pat_free(&p);
		}
		fuzz_free_words(w, 2);
		return 0;
	}
	/* a literal must be a valid regex that matches the same texts */
	CHECK(e == 0);
	f = regcomp(&re, w[0], REG_EXTENDED | REG_NOSUB | (icase ? REG_ICASE : 0));
	CHECK(f == 0);
	{
		int fast = pat_match(&p, w[1]);
		int slow = !regexec(&re, w[1], 0, NULL, 0);

		if (fast != slow)
			fprintf(stderr, "pattern '%s' text '%s': pat %d regexec %d\n",
			    w[0], w[1], fast, slow);
		CHECK(fast == slow);
		/* the empty text and the pattern itself, as further texts */
		CHECK(pat_match(&p, "") == !regexec(&re, "", 0, NULL, 0));
		CHECK(pat_match(&p, w[0]) == !regexec(&re, w[0], 0, NULL, 0));
	}
	regfree(&re);
	free(w[0]);
	free(w[1]);
	return 0;
}
