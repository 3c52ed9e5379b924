/* quote.c: GNU's quoting of values and file names in messages, and the
 * shell word under both (the styles are described in quote.h). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

#include "lib/err.h"
#include "lib/loc.h"
#include "lib/quote.h"

static char *bufs[2];
static size_t caps[2];
static int which;

/* a result buffer with room for n bytes */
static char *buffer(size_t n)
{
	which ^= 1;
	if (caps[which] < n) {
		bufs[which] = xrealloc(bufs[which], n);
		caps[which] = n;
	}
	return bufs[which];
}

#ifdef __GLIBC__
/* one character at s (n bytes) in the locale's encoding: its length and
 * *w, 0 when s holds none */
static size_t mbchar(const char *s, size_t n, wint_t *w)
{
	mbstate_t st;
	wchar_t c;
	size_t k;

	memset(&st, 0, sizeof st);
	k = mbrtowc(&c, s, n, &st);
	*w = (wint_t)c;
	return k < (size_t)-2 ? k : 0;
}
#else
/* musl: the same from UTF-8 itself, as musl's mbrtowc decodes it (no
 * overlong forms, surrogates or code points past 0x10ffff), since this
 * build never loads the locale (loc.c) */
static size_t mbchar(const char *s, size_t n, wint_t *w)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned c = u[0], lo = 0x80, hi = 0xbf;
	size_t len = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4, i;
	wint_t v = c & (0x3fu >> (len - 1));

	if (c < 0xc2 || c > 0xf4)
		return 0;
	if (c == 0xe0 || c == 0xf0)
		lo = c == 0xe0 ? 0xa0 : 0x90;
	else if (c == 0xed || c == 0xf4)
		hi = c == 0xed ? 0x9f : 0x8f;
	if (n < len || u[1] < lo || u[1] > hi)
		return 0;
	for (i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (u[i] & 0x3f);
	}
	*w = v;
	return len;
}
#endif

/* how many bytes at s form one printable character (0: s[0] is not the
 * start of one); multibyte characters only under a UTF-8 locale */
static size_t printable(const char *s, size_t n)
{
	wint_t w;
	size_t k;

	if (!loc_utf8() || (unsigned char)*s < 0x80)
		return isprint((unsigned char)*s) ? 1 : 0;
	k = mbchar(s, n, &w);
	return k && iswprint(w) ? k : 0;
}

/* the C escape of an unprintable byte at o: \t or \ooo */
static size_t c_escape(char *o, unsigned char c)
{
	static const char ch[] = "\a\b\t\n\v\f\r", letter[] = "abtnvfr";
	const char *m = c ? strchr(ch, c) : NULL;

	o[0] = '\\';
	if (m) {
		o[1] = letter[m - ch];
		return 2;
	}
	o[1] = (char)('0' + (c >> 6));
	o[2] = (char)('0' + ((c >> 3) & 7));
	o[3] = (char)('0' + (c & 7));
	return 4;
}

const char *quote(const char *s)
{
	int e = errno;   /* mbrtowc may set it; the caller's message needs it */
	int u = loc_utf8();
	const char *lq = u ? "\xe2\x80\x98" : "'", *rq = u ? "\xe2\x80\x99" : "'";
	size_t n = strlen(s), i = 0, k;
	char *b = buffer(4 * n + 7), *o = b;

	o = stpcpy(o, lq);
	while (i < n) {
		k = printable(s + i, n - i);
		if (!k) {
			o += c_escape(o, (unsigned char)s[i++]);
			continue;
		}
		/* the closing quote inside is escaped, as the backslash */
		if (s[i] == '\\' || (!u && s[i] == '\'') ||
		    (u && !strncmp(s + i, rq, 3)))
			*o++ = '\\';
		memcpy(o, s + i, k);
		o += k, i += k;
	}
	strcpy(o, rq);
	errno = e;
	return b;
}

/* w[0..n) inside single quotes: each ' as '\'' (close, escaped, reopen) */
static size_t quote_run(char *d, const char *w, size_t n)
{
	char *o = d;
	size_t i;

	for (i = 0; i < n; i++)
		if (w[i] == '\'')
			memcpy(o, "'\\''", 4), o += 4;
		else
			*o++ = w[i];
	return (size_t)(o - d);
}

size_t quote_word(char *d, const char *w, size_t n, const char *safe)
{
	size_t i;

	for (i = 0; safe && i < n; i++) {
		unsigned char c = (unsigned char)w[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || (c && strchr(safe, c))))
			break;
	}
	if (safe && n && i == n) {
		memcpy(d, w, n);
		return n;
	}
	d[0] = '\'';
	i = 1 + quote_run(d + 1, w, n);
	d[i] = '\'';
	return i + 1;
}

/* a name with a ' that a double-quoted word keeps as is: GNU writes "it's"
 * ('#' and '~' only first, braces never: gnulib's c_and_shell_quote_compat) */
static int double_quotable(const char *s, size_t n)
{
	size_t i, k;

	if (!memchr(s, '\'', n))
		return 0;
	for (i = 0; i < n; i += k) {
		if (!(k = printable(s + i, n - i)) || strchr("!\"$&()*;<=>[\\^`|?{}", s[i]) ||
		    (i && strchr("#~", s[i])))
			return 0;
	}
	return 1;
}

/* one quoted word: printable runs as in quote_word, unprintable bytes as
 * $'\ooo' between them (gnulib since coreutils 9.6: before, a name with a
 * ' and unprintable bytes at both ends got a stray '' or a missing $') */
static const char *shell_quote(const char *s, int always)
{
	size_t n = strlen(s), i = 0, k, run;
	char *b = buffer(4 * n + 8), *o = b;
	int open = 0;

	if (!always && n && !strpbrk(s, " !\"$&'()*;<=>[\\^`|?:") &&
	    !strchr("#~", *s) && !(n == 1 && strchr("{}", *s))) {
		for (k = 0; i < n && (k = printable(s + i, n - i)); i += k)
			;
		if (i == n)
			return strcpy(b, s);
		i = 0;
	}
	if (double_quotable(s, n)) {
		b[0] = '"';
		memcpy(b + 1, s, n);
		strcpy(b + n + 1, "\"");
		return b;
	}
	*o++ = '\'';
	while (i < n) {
		for (run = 0; i + run < n && (k = printable(s + i + run, n - i - run)); )
			run += k;
		if (run) {
			if (open && s[i] != '\'')
				*o++ = '\'', *o++ = '\'';
			o += quote_run(o, s + i, run);
			i += run;
			open = 0;
			continue;
		}
		if (!open)
			o = stpcpy(o, "'$'");
		while (i < n && !printable(s + i, n - i))
			o += c_escape(o, (unsigned char)s[i++]);
		open = 1;
	}
	strcpy(o, "'");
	return b;
}

const char *quoteaf(const char *s)
{
	int e = errno;
	const char *q = shell_quote(s, 1);

	errno = e;
	return q;
}

const char *quotef(const char *s)
{
	int e = errno;
	const char *q = shell_quote(s, 0);

	errno = e;
	return q;
}
