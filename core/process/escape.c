/* escape.c: procps-style escaping of process names and command lines. */
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "quote.h"

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

void esc_inplace(char *str, size_t n, int utf8)
{
	unsigned char *s = (unsigned char *)str;
	size_t i = 0;

	if (!utf8) {
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
