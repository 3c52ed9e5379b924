/* hdr.c: header format expansion ($1 and %[attrs]) for tails. */
#include <stdlib.h>
#include <strings.h>
#include <string.h>

#include "libc/fmt.h"
#include "lib/err.h"
#include "records/hdr.h"

/* SGR code of one attribute word, -1 if unknown */
static int attr_code(const char *w, size_t n)
{
	static const char mods[][10] = {"none", "bold", "faint", "italic",
	    "underline", "blink", "", "inverse", "", "struck"};
	static const char cols[][7] = {"black", "red", "green", "yellow",
	    "blue", "purple", "cyan", "white"};
	int base = 30, i, hi;

	for (i = 0; i < 10; i++)
		if (*mods[i] && strlen(mods[i]) == n && !strncmp(w, mods[i], n))
			return i;
	if (n == 5 && !strncmp(w, "plain", 5))
		return 0;
	if (n > 3 && !strncmp(w, "on_", 3))
		base = 40, w += 3, n -= 3;
	hi = n && w[0] >= 'A' && w[0] <= 'Z';   /* RED: the bright red */
	for (i = 0; i < 8; i++)
		if (strlen(cols[i]) == n && !strncasecmp(w, cols[i], n))
			return base + i + (hi ? 60 : 0);
	return -1;
}

/* "%[a b]" at s: append its escape to o; return chars of s consumed */
static size_t attr(const char *s, int plain, char *o, size_t *k)
{
	const char *end = strchr(s, ']'), *w = s + 2;
	int first = 1;

	if (!end)
		return 0;
	if (!plain && !getenv("NO_COLOR")) {
		*k += (size_t)fmt_snprintf(o + *k, 3, "\033[");
		while (w < end) {
			size_t n = strcspn(w, " ,]");
			int c = n ? attr_code(w, n) : -1;

			if (c >= 0)
				*k += (size_t)fmt_snprintf(o + *k, 16, "%s%d", first ? "" : ";", c), first = 0;
			w += n + (w + n < end);
		}
		if (first)
			*k -= 2;
		else
			o[(*k)++] = 'm';
	}
	return (size_t)(end - s) + 1;
}

char *hdr_render(const char *fmt, const char *name, int plain, size_t *len)
{
	size_t nl = strlen(name), k = 0, cap = strlen(fmt) * 8 + 64, dollars = 0;
	const char *s;
	char *o;

	/* strchr, not strstr: the whole binary then links no strstr */
	for (s = fmt; (s = strchr(s, '$')); s++)
		dollars += s[1] == '1';
	o = xmalloc(cap + dollars * nl);
	for (s = fmt; *s;) {
		size_t used;

		if (s[0] == '$' && s[1] == '1') {
			memcpy(o + k, name, nl);
			k += nl, s += 2;
		} else if (s[0] == '%' && s[1] == '[' && (used = attr(s, plain, o, &k))) {
			s += used;
		} else {
			o[k++] = *s++;
		}
	}
	*len = k;
	return o;
}

size_t hdr_count(const char *s, size_t n, int c)
{
	size_t k = 0;

	while (n--)
		k += (unsigned char)*s++ == (unsigned char)c;
	return k;
}
