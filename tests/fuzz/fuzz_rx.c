/* fuzz_rx: rx.c against glibc's regcomp/regexec (REG_EXTENDED|REG_NOSUB).
 * Input: byte 0 = flags (bit 0 REG_ICASE, bit 1 a UTF-8 locale: bit 2
 * says C.UTF-8, else en_US.UTF-8; else the C locale; set with uselocale,
 * so both engines and the isw/towupper calls see it), then the pattern, a NUL, the text. The compile result must be
 * the same error code; a compiled pair must agree on the text, the
 * pattern itself, "", and the text twice.
 *
 * Left out, because glibc itself takes time or memory exponential in them
 * (not what is under test): patterns with more than 4 repetition
 * operators and counts from 100 to 32767, or whose counts multiply past
 * 2000 (rx refuses programs past its size cap, docs/pgrep.md). Also back-references in
 * patterns with a repetition or an alternation: glibc lets a reference to
 * a group that took no part in the match match empty in some cases
 * where the group could have matched empty ("((a*)|b)\2" matches "b",
 * "(a|$)*\1x" matches "x"), a bug rx does not copy (docs/pgrep.md); and
 * glibc is exponential in many of them. Left out in en_US.UTF-8, because
 * glibc orders ranges and equivalence classes by the locale's collation
 * and rx by code point (a difference docs/pgrep.md lists): brackets
 * holding a '-' or "[=". In C.UTF-8 (code point order) only brackets
 * with a '-', "[=" or "[." in patterns with a non-ASCII byte (glibc
 * looks those up in the locale's collation tables). Under REG_ICASE in UTF-8, patterns
 * with an invalid byte where the pattern or text has a character whose
 * upper case has another length (U+017F, U+0131): glibc's case-folded
 * copy of the text then loses its offsets ("l\\\xff\u017f|a\xc5"
 * fails to match itself while "a\xc5" alone matches it); so are texts
 * holding both, whatever the pattern (glibc's "\\w\a" misses a text
 * holding "\u00c3\a" under REG_ICASE only: regress/rx/icase-mixed-text);
 * so are such characters after a backslash ("(\u00e9)\\\u017f" matches
 * "\u00e9\u00c9" in glibc). In UTF-8,
 * patterns with an invalid byte and \b \B \< \> . [ \w \W \s or \S:
 * such a byte can match inside a character, where glibc's word context
 * is its own ("\B\xa9" never matches "a\u00e9", "\xc3\B" always does)
 * and so is what "." or a bracket may take ("\xf3[^a]" matches the
 * character F3 BE BE BE). Patterns with a back-reference and a ^ or $
 * when the pattern or the text holds a newline: without REG_NEWLINE
 * glibc lets ^ and $ hold next to a newline the match consumes, and rx
 * does so too, but with back-references glibc does it only in some
 * cases ("(a)\\1\n^b" matches "aa\nb", "(a)\n^\\1" does not match
 * "a\na", and a $ never holds there). Without glibc
 * (another libc) the harness only runs rx. */
// fuzz-opts: -max_len=128
#include <limits.h>
#include <locale.h>
#include <regex.h>
#include <wchar.h>
#include <wctype.h>

#include "fuzz.h"
#include "libc/rx.h"

static locale_t utf8_loc, cutf8_loc, c_loc;

static int skip(const char *p, int utf8, int cutf8)
{
	int reps = 0, refs = 0, high = 0;
	long prod = 1;
	const char *br = strchr(p, '[');

	for (const char *c = p; *c; c++)
		high |= (unsigned char)*c >= 0x80;
	if (utf8 && !cutf8 && br && (strchr(br, '-') || strstr(br, "[=")))
		return 1;
	if (cutf8 && br && high && (strchr(br, '-') || strstr(br, "[=") || strstr(br, "[.")))
		return 1;

	for (const char *c = p; *c; c++) {
		if (strchr("*+?{", *c))
			reps++;
		if (*c == '\\' && c[1]) {
			refs += c[1] >= '1' && c[1] <= '9';
			c++;
			continue;
		}
		if (*c >= '0' && *c <= '9') {
			long v = 0;

			while (*c >= '0' && *c <= '9' && v < 1000000)
				v = v * 10 + (*c++ - '0');
			c--;
			if (v >= 100 && v <= 32767)
				return 1;
			if (v > 1 && (prod *= v) > 2000)
				return 1;  /* rx's size cap, documented */
		}
	}
	if (refs && (reps || strchr(p, '|')))
		return 1;
	return reps > 4;
}

/* p has a back-reference and a ^ or $ (anywhere: a bracket's too) */
static int ref_anchor(const char *p)
{
	int refs = 0;

	for (const char *c = p; *c; c++)
		if (*c == '\\' && c[1]) {
			c++;
			refs += *c >= '1' && *c <= '9';
		}
	return refs && strpbrk(p, "^$");
}

/* bit 0: s has an invalid UTF-8 byte; bit 1: a character whose upper
 * case has another length (U+017F ſ -> S), in the current locale */
static int mixed(const char *s)
{
	mbstate_t st;
	int r = 0;

	memset(&st, 0, sizeof st);
	for (size_t n = strlen(s); n;) {
		wchar_t wc;
		char b[MB_LEN_MAX];
		size_t l = mbrtowc(&wc, s, n, &st);

		if (l == (size_t)-1 || l == (size_t)-2 || !l) {
			memset(&st, 0, sizeof st);
			r |= 1, l = 1;
		} else if (iswlower((wint_t)wc)) {
			mbstate_t o;

			memset(&o, 0, sizeof o);
			if (wcrtomb(b, (wchar_t)towupper((wint_t)wc), &o) != l)
				r |= 2;
		}
		s += l, n -= l;
	}
	return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *w[2], *twice;
	int n, icase, utf8, cutf8, e, f;
	struct rx *r;

	if (!size || size > 4096)
		return 0;
	if (!c_loc) {
		c_loc = newlocale(LC_ALL_MASK, "C", 0);
		utf8_loc = newlocale(LC_ALL_MASK, "en_US.UTF-8", 0);
		cutf8_loc = newlocale(LC_ALL_MASK, "C.UTF-8", 0);
		if (!c_loc)
			abort();
	}
	icase = data[0] & 1;
	cutf8 = (data[0] & 6) == 6 && cutf8_loc;
	utf8 = cutf8 || (!!(data[0] & 2) && utf8_loc);
	n = fuzz_words(data + 1, size - 1, w, 2);
	if (n < 2)
		w[1] = fuzz_str((const uint8_t *)"", 0);
	if (skip(w[0], utf8, cutf8)) {
		fuzz_free_words(w, 2);
		return 0;
	}
	uselocale(cutf8 ? cutf8_loc : utf8 ? utf8_loc : c_loc);
	e = rx_compile(&r, w[0], (icase ? RX_ICASE : 0) | (utf8 ? RX_UTF8 : 0));
	CHECK(!e == !!r);
	twice = malloc(2 * strlen(w[1]) + 1);
	if (!twice)
		abort();
	strcpy(twice, w[1]);
	strcat(twice, w[1]);
	/* glibc loses its place in an icase text where upper-casing
	 * changes a character's length next to invalid bytes, and has its
	 * own idea of word boundaries inside a character; with
	 * back-references it lets ^ and $ hold next to a newline the match
	 * consumes only in some cases, rx always: left out */
	if ((ref_anchor(w[0]) && (strchr(w[0], '\n') || strchr(w[1], '\n'))) ||
	    (utf8 && icase && (mixed(w[0]) & 2) && strchr(w[0], '\\')) ||
	    (utf8 && icase && (mixed(w[0]) == 3 || mixed(twice) == 3)) ||
	    (utf8 && (mixed(w[0]) & 1) && ((icase && ((mixed(w[0]) | mixed(twice)) & 2)) ||
	    strpbrk(w[0], ".[") || strstr(w[0], "\\w") || strstr(w[0], "\\W") ||
	    strstr(w[0], "\\s") || strstr(w[0], "\\S") ||
	    strstr(w[0], "\\b") || strstr(w[0], "\\B") || strstr(w[0], "\\<") ||
	    strstr(w[0], "\\>")))) {
		uselocale(LC_GLOBAL_LOCALE);
		rx_free(r);
		free(twice);
		fuzz_free_words(w, 2);
		return 0;
	}
#ifdef __GLIBC__
	{
		regex_t re;
		const char *texts[4] = {w[1], w[0], "", twice};

		f = regcomp(&re, w[0], REG_EXTENDED | REG_NOSUB | (icase ? REG_ICASE : 0));
		if (e != f)
			fprintf(stderr, "pattern '%s' flags %d: rx %d regcomp %d\n",
			    w[0], data[0] & 7, e, f);
		CHECK(e == f);
		for (int i = 0; !e && i < 4; i++) {
			int a = rx_match(r, texts[i]), b = !regexec(&re, texts[i], 0, NULL, 0);

			if (a != b)
				fprintf(stderr, "pattern '%s' flags %d text '%s': rx %d regexec %d\n",
				    w[0], data[0] & 7, texts[i], a, b);
			CHECK(a == b);
			if (i == 1)     /* the last two start from no work areas */
				rx_thread_end();
		}
		if (!f)
			regfree(&re);
	}
#else
	(void)f;
	if (!e)
		rx_match(r, w[1]), rx_match(r, twice);
#endif
	rx_free(r);
	uselocale(LC_GLOBAL_LOCALE);
	free(twice);
	fuzz_free_words(w, 2);
	return 0;
}
