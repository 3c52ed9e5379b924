/* escape.c: procps-style escaping of process names and command lines. */
#include <stdlib.h>
#include <string.h>

#include "process/escape.h"
#include "lib/quote.h"

/* the C flavour: 0 keeps the byte */
static char esc_c(unsigned char c)
{
	if (c < 0x20 || c == 0x7f)
		return '.';
	return c >= 0x80 ? '?' : 0;
}

static void esc_all(unsigned char *s, size_t n)
{
	for (; n; s++, n--) {
		char r = esc_c(*s);

		if (r)
			*s = (unsigned char)r;
	}
}

/* length of the UTF-8 sequence a lead byte announces, -1 for a byte that
 * cannot lead one (continuations, overlong C0/C1, F5..FF); procps looks no
 * further than the lead byte, and so do we */
static int utf_len(unsigned char c)
{
	if (c < 0x80)
		return 1;
	if (c < 0xc2)
		return -1;
	if (c < 0xe0)
		return 2;
	if (c < 0xf0)
		return 3;
	return c < 0xf5 ? 4 : -1;
}

/* procps-ng 4.0.6's UTF-8 check: a valid sequence is kept, except C1
 * controls (U+0080..009F) and the private use areas (U+E000..F8FF,
 * U+F0000..FFFFD, U+100000..10FFFD); each byte of anything else, and
 * each control byte, becomes '?' on its own */
static void esc_u8(unsigned char *s, size_t n, int utf8)
{
	while (n) {
		size_t k = (size_t)utf_len(s[0]), i;
		unsigned long v = k > 1 ? s[0] & 0xffu >> (k + 1) : s[0];
		/* outside UTF-8 (4.0.5+'s C flavour) every byte >= 0x80 */
		int bad = k > 4 || k > n || (k > 1 && !utf8);

		for (i = 1; !bad && i < k; i++) {
			bad = (s[i] & 0xc0) != 0x80;
			v = v << 6 | (s[i] & 0x3f);
		}
		if (!bad) {
			if (k == 1)
				bad = v < 0x20 || v == 0x7f;
			else if (k == 2)
				bad = v < 0xa0;
			else if (k == 3)
				bad = v < 0x800 || (v >= 0xd800 && v <= 0xf8ff);
			else
				bad = v < 0x10000 || v > 0x10ffff ||
				    (v >= 0xf0000 && (v & 0xffff) < 0xfffe);
		}
		if (bad)
			s[0] = '?', k = 1;
		s += k;
		n -= k;
	}
}

void esc_inplace(char *str, size_t n, int flavour)
{
	unsigned char *s = (unsigned char *)str;
	size_t i = 0;

	if (flavour & ESC_NEW) {
		esc_u8(s, n, flavour & ESC_UTF8);
		return;
	}
	if (!flavour) {
		esc_all(s, n);
		return;
	}
	while (i < n) {
		int k = utf_len(s[i]);

		if (k < 0 || i + (size_t)k > n) {
			esc_all(s + i, n - i);
			return;
		}
		if (s[i] < 0x20 || s[i] == 0x7f)
			s[i] = '?';
		i += (size_t)k;
	}
}

/* the character widths procps's ps gets from glibc's wcwidth, for the
 * ranges process names use: combining marks and zero-width formats (0),
 * East Asian wide and fullwidth characters and emoji (2); the rest is 1.
 * musl's whole table costs 4 KB of the static binary; this one differs
 * from glibc 2.36 only in rarer scripts' marks (Indic, Tibetan ...) */
static const unsigned short zero_w[][2] = {
	{0x300, 0x36f}, {0x483, 0x489}, {0x591, 0x5bd}, {0x610, 0x61a},
	{0x64b, 0x65f}, {0xe34, 0xe3a}, {0xe47, 0xe4e}, {0x1160, 0x11ff},
	{0x1ab0, 0x1aff}, {0x1dc0, 0x1dff}, {0x200b, 0x200f}, {0x202a, 0x202e},
	{0x2060, 0x2064}, {0x20d0, 0x20f0}, {0x302a, 0x302d}, {0x3099, 0x309a},
	{0xfe00, 0xfe0f}, {0xfe20, 0xfe2f}, {0xfeff, 0xfeff},
	{0xe000, 0xe01e},       /* from here on: past U+FFFF, in 16s */
}, wide_w[][2] = {
	{0x1100, 0x115f}, {0x2e80, 0x303e}, {0x3041, 0x33ff}, {0x3400, 0x4dff},
	{0x4e00, 0xa4cf}, {0xa960, 0xa97f}, {0xac00, 0xd7a3}, {0xf900, 0xfaff},
	{0xfe10, 0xfe19}, {0xfe30, 0xfe6f}, {0xff00, 0xff60}, {0xffe0, 0xffe6},
	{0x16fe, 0x1b2f}, {0x1f30, 0x1f64}, {0x1f68, 0x1f6f}, /* in 16s */
	{0x1f90, 0x1f9f}, {0x1fa7, 0x1faf}, {0x2000, 0x3fff},
};
#define NZERO (sizeof zero_w / sizeof *zero_w)
#define NWIDE (sizeof wide_w / sizeof *wide_w)

/* c in one of t's ranges: t[0..bmp) below U+10000, t[bmp..n) above (c
 * in 16s) */
static int in_ranges(const unsigned short (*t)[2], size_t bmp, size_t n,
    unsigned c)
{
	size_t i = c < 0x10000 ? 0 : bmp;

	if (i)
		c >>= 4, bmp = n;
	for (; i < bmp; i++)
		if (c >= t[i][0] && c <= t[i][1])
			return 1;
	return 0;
}

size_t esc_utf8(const char *str, size_t n, unsigned *cp)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned c = s[0];
	size_t k, j;

	*cp = c;
	if (c < 0x80)
		return 1;
	if (c - 0xc2 > 0x32)
		return 0;       /* not a lead byte: C2..F4 */
	k = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
	c &= 0x3fu >> (k - 1);
	for (j = 1; j < k && j < n && (s[j] & 0xc0) == 0x80; j++)
		c = c << 6 | (s[j] & 0x3f);
	/* cut, overlong, a surrogate, past U+10FFFF */
	if (j < k || !(c >> (5 * k - 4)) || c - 0xd800 < 0x800 || c > 0x10ffff)
		return 0;
	*cp = c;
	return k;
}

size_t esc_cells(const char *str, size_t n, int utf8, size_t max, size_t *fit)
{
	size_t i = 0, w = 0;

	while (i < n && w < max) {
		unsigned c, cw = 1;
		size_t k = utf8 ? esc_utf8(str + i, n - i, &c) : 1;

		/* a character: its width; else a byte a column, as ps's '?'
		 * for it */
		if (k > 1)
			cw = in_ranges(zero_w, NZERO - 1, NZERO, c) ? 0 :
			    in_ranges(wide_w, NWIDE - 6, NWIDE, c) ? 2 : 1;
		if (cw > max - w)
			break;  /* a wide character does not fit: ps stops */
		w += cw;
		i += k ? k : 1;
	}
	if (fit)
		*fit = i;
	return w;
}

int esc_needed(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;

	for (; n; s++, n--)
		if (*s < 0x20 || *s >= 0x7f)
			return 1;
	return 0;
}

size_t esc_name(char *dst, size_t cap, const char *s, size_t n, int utf8)
{
	const char *z = memchr(s, 0, n);

	if (z)
		n = (size_t)(z - s);
	if (n > cap - 1)
		n = cap - 1;
	memcpy(dst, s, n);
	dst[n] = 0;
	if (esc_needed(dst, n))
		esc_inplace(dst, n, utf8);
	return n;
}

size_t esc_args(char *s, size_t n, char sep, unsigned how)
{
	size_t i = n;

	if (how & ESC_ARGS_PS)
		while (i && !s[i - 1])
			i--;
	while (i--)
		if (!s[i] || s[i] == '\n' ||
		    ((how & ESC_ARGS_CTRL) && (unsigned char)s[i] < 0x20))
			s[i] = sep;
	if (how & ESC_ARGS_TRIM)
		while (n && s[n - 1] == sep)
			n--;
	if ((how & ESC_ARGS_PS) && n && s[n - 1] == sep)
		s[n - 1] = 0;
	s[n] = 0;
	return strlen(s);
}

/* what glibc's iswprint refuses besides controls, for ps: U+2028/9, the
 * noncharacters, and planes 4 to 14 but for the tags and variation
 * selectors (unassigned in every Unicode); other unassigned code points
 * (their set grows with each Unicode) are shown */
static int unprintable(unsigned c)
{
	return c - 0x2028 < 2 || c - 0xfdd0 < 0x20 || (c & 0xfffe) == 0xfffe ||
	    (c - 0x40000 < 0xb0000 && c != 0xe0001 && c - 0xe0020 >= 0x60 &&
	    c - 0xe0100 >= 0xf0);
}

size_t esc_ps(char *str, size_t n, int utf8)
{
	size_t i = 0, o = 0, k;
	unsigned c;

	/* the library's '?' a byte (esc_u8): what is not UTF-8, controls
	 * (C0, DEL, C1), private use; what stays is valid UTF-8 */
	esc_u8((unsigned char *)str, n, utf8);
	while (i < n) {
		k = utf8 ? esc_utf8(str + i, n - i, &c) : 1;
		if (k > 1 && unprintable(c)) {
			str[o++] = '?';         /* ps's one '?' a character */
			i += k;
			continue;
		}
		memmove(str + o, str + i, k);
		o += k;
		i += k;
	}
	return o;
}

/* the bytes procps leaves unquoted besides ASCII letters and digits */
#define PROCPS_SAFE "_@%+:,./-"

char *esc_shell(const char *s, size_t n)
{
	char *r = malloc(4 * n + 8), *o = r;
	size_t i = 0, e;

	if (!r)
		return NULL;
	do {    /* "" is one empty word */
		for (e = i; e < n && s[e] && s[e] != '\n'; e++)
			;
		if (o != r)
			*o++ = ' ';
		o += quote_word(o, s + i, e - i, PROCPS_SAFE);
		i = e + 1;
	} while (i < n);
	/* procps adds a NUL after a last newline: one more, empty, word */
	if (n && s[n - 1] == '\n') {
		*o++ = ' ';
		o += quote_word(o, "", 0, PROCPS_SAFE);
	}
	*o = 0;
	return r;
}
