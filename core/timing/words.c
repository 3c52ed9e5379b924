/* words.c: shell-style word splitting without expansion. */
#include <stdlib.h>
#include <string.h>

#include "timing/words.h"

static int blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/* One pass that writes the words' bytes, each NUL-terminated, into out
 * (when not NULL) and returns their count, or -1 with *why set. The text
 * never grows: quotes and backslashes are only removed. */
static long scan(const char *s, char *out, char **wv, const char **why)
{
	long n = 0;
	size_t o = 0;
	int inword = 0;
	char q = 0;

	for (;; s++) {
		char c = *s;

		if (!c)
			break;
		if (q == '\'') {
			if (c == '\'')
				q = 0;
			else if (out)
				out[o++] = c;
			continue;
		}
		if (q == '"') {
			if (c == '"') {
				q = 0;
			} else if (c == '\\' && s[1] && strchr("$`\"\\\n", s[1])) {
				if (*++s != '\n' && out)
					out[o++] = *s;
			} else if (out) {
				out[o++] = c;
			}
			continue;
		}
		if (blank(c)) {
			if (inword && out)
				out[o++] = 0;
			inword = 0;
			continue;
		}
		if (c == '\\' && s[1] == '\n') {
			s++;
			continue;
		}
		if (!inword) {
			if (wv)
				wv[n] = out + o;
			n++;
			inword = 1;
		}
		if (c == '\'' || c == '"')
			q = c;
		else if (c == '\\' && s[1]) {
			if (out)
				out[o++] = *++s;
			else
				s++;
		} else if (out)
			out[o++] = c;
	}
	if (q) {
		*why = q == '\'' ? "unterminated ' quote" :
		    "unterminated \" quote";
		return -1;
	}
	if (inword && out)
		out[o++] = 0;
	if (!n) {
		*why = "no words";
		return -1;
	}
	return n;
}

char **words_split(const char *s, const char **why)
{
	long n = scan(s, NULL, NULL, why);
	size_t len = strlen(s) + 1;
	char **wv;

	if (n < 0)
		return NULL;
	wv = malloc((size_t)(n + 1) * sizeof *wv + len);
	if (!wv) {
		*why = "out of memory";
		return NULL;
	}
	scan(s, (char *)(wv + n + 1), wv, why);
	wv[n] = NULL;
	return wv;
}
