/* quote.c: quoting of file names in messages, the way GNU coreutils does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "quote.h"

static char bufs[2][4200];
static int which;

/* GNU takes the quotes from the message locale's charset */
static int utf8_locale(void)
{
	static const char *const vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
	size_t i;

	for (i = 0; i < sizeof vars / sizeof *vars; i++) {
		const char *v = getenv(vars[i]);

		if (v && *v)
			return strcasestr(v, "utf-8") || strcasestr(v, "utf8");
	}
	return 0;
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
