/* escape.c: procps-style escaping of process names and command lines. */
#include <langinfo.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "escape.h"

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

int esc_utf8_locale(void)
{
	const char *cs = nl_langinfo(CODESET);

	return cs && !strcasecmp(cs, "UTF-8");
}

int esc_needed(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;

	for (; n; s++, n--)
		if (*s < 0x20 || *s >= 0x7f)
			return 1;
	return 0;
}

static int shell_safe(const char *w, size_t n)
{
	if (!n)
		return 0;
	for (; n; w++, n--) {
		char c = *w;

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || (c && strchr("_@%+:,./-", c))))
			return 0;
	}
	return 1;
}

/* one word at d (room for 4 bytes a byte + 3): the length written */
static size_t shell_word(char *d, const char *w, size_t n)
{
	char *o = d;

	if (shell_safe(w, n)) {
		memcpy(d, w, n);
		return n;
	}
	*o++ = '\'';
	for (; n; w++, n--)
		if (*w == '\'')
			memcpy(o, "'\\''", 4), o += 4;
		else
			*o++ = *w;
	*o++ = '\'';
	return (size_t)(o - d);
}

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
		o += shell_word(o, s + i, e - i);
		i = e + 1;
	} while (i < n);
	/* procps adds a NUL after a last newline: one more, empty, word */
	if (n && s[n - 1] == '\n') {
		*o++ = ' ';
		o += shell_word(o, "", 0);
	}
	*o = 0;
	return r;
}
