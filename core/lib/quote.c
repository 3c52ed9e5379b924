/* quote.c: quoting of file names in messages, the way GNU coreutils does. */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "quote.h"

static char bufs[2][4200];
static int which;

/* GNU (gnulib gettext_quote) uses ‘’ in a UTF-8 locale, but plain quotes
 * in C and POSIX, C.UTF-8 included, and in a locale that is not installed
 * (setlocale fails, so GNU runs in C). */
static int utf8_locale(void)
{
	static const char *const vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
	static int known = -1;
	size_t i;

	for (i = 0; known < 0 && i < sizeof vars / sizeof *vars; i++) {
		const char *v = getenv(vars[i]);
		locale_t l;

		if (!v || !*v)
			continue;
		known = (strcasestr(v, "utf-8") || strcasestr(v, "utf8")) &&
		    strncmp(v, "C.", 2) && strncmp(v, "POSIX", 5);
		if (known && (l = newlocale(LC_ALL_MASK, v, (locale_t)0)))
			freelocale(l);
		else
			known = 0;
	}
	return known > 0;
}

const char *quote(const char *s)
{
	char *b = bufs[which ^= 1];
	int u = utf8_locale();

	snprintf(b, sizeof bufs[0], "%s%s%s", u ? "\xe2\x80\x98" : "'", s,
	    u ? "\xe2\x80\x99" : "'");
	return b;
}

const char *quotef(const char *s)
{
	const char *p;

	for (p = s; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		    "0123456789_-./+,:@%^", *p))
			return quote(s);
	return *s ? s : quote(s);
}
