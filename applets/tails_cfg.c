/* tails_cfg.c: native tails defaults (the config file, then $TAILS, then
 * the command line) and the backslash escapes of string values. */
#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "tails.h"

/* \n \t \0 \\ \e \xHH \NNN at s (s[0] is the backslash): the byte, and how
 * many characters of s it took */
static char escape(const char *s, size_t *used)
{
	static const char from[] = "abefnrtv\\", to[] = "\a\b\033\f\n\r\t\v\\";
	const char *m = strchr(from, s[1]);
	int v = 0, k;

	*used = 2;
	if (m && *m)
		return to[m - from];
	if (s[1] == 'x' && isxdigit((unsigned char)s[2])) {
		char hx[3] = {s[2], isxdigit((unsigned char)s[3]) ? s[3] : 0, 0};

		*used = 2 + strlen(hx);
		return (char)(hx[1] ? ((hx[0] & 15) + 9 * (hx[0] > '9')) * 16 + (hx[1] & 15) + 9 * (hx[1] > '9') : (hx[0] & 15) + 9 * (hx[0] > '9'));
	}
	if (s[1] < '0' || s[1] > '7')
		return s[1];   /* any other escaped character stands for itself */
	for (k = 1; k <= 3 && s[k] >= '0' && s[k] <= '7'; k++)
		v = v * 8 + s[k] - '0';
	*used = (size_t)k;
	return (char)v;
}

/* the escapes of -d -D -H -i -e values; *len counts embedded NULs */
char *tails_unescape(const char *s, size_t *len)
{
	char *o = xmalloc(strlen(s) + 1), *q = o;
	size_t used;

	while (*s) {
		if (*s != '\\' || !s[1]) {
			*q++ = *s++;
			continue;
		}
		*q++ = escape(s, &used);
		s += used;
	}
	*q = 0;
	*len = (size_t)(q - o);
	return o;
}

/* config lines "head = 3" (or "--head=3") become "--head=3" */
static char *config_word(char *w)
{
	char *x, *eq;

	while (*w == ' ' || *w == '\t')
		w++;
	if (!*w || *w == '#')
		return NULL;
	if (*w == '-')
		return w;
	x = xmalloc(strlen(w) + 3);
	sprintf(x, "--%s", w);
	while ((eq = strstr(x, " = ")))
		memmove(eq, eq + 2, strlen(eq + 2) + 1), *eq = '=';
	return x;
}

/* append the words of s (lines of a config file, or $TAILS split on blanks) */
static void add_words(char ***v, int *n, char *s, int lines)
{
	const char *sep = lines ? "\n" : " \t\n";
	char *save = NULL, *w;

	for (w = strtok_r(s, sep, &save); w; w = strtok_r(NULL, sep, &save)) {
		if (lines)
			w = config_word(w);
		else if (*w == '#')
			w = NULL;
		if (!w)
			continue;
		*v = xrealloc(*v, sizeof **v * (size_t)(*n + 2));
		(*v)[(*n)++] = w;
	}
}

/* the first 64 KiB of a small file, NUL-terminated; NULL when unreadable */
static char *slurp(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char *b;
	ssize_t r;

	if (fd < 0)
		return NULL;
	b = xmalloc(65536);
	r = read(fd, b, 65535);
	close(fd);
	b[r > 0 ? r : 0] = 0;
	return b;
}

/* $TAILS_CONFIG, else $XDG_CONFIG_HOME/tails/config, else ~/.config/... */
static const char *config_path(char *path, size_t size)
{
	const char *cf = getenv("TAILS_CONFIG"), *x = getenv("XDG_CONFIG_HOME"),
	    *home = getenv("HOME");

	if (cf)
		return cf;
	if (x && *x)
		snprintf(path, size, "%s/tails/config", x);
	else
		snprintf(path, size, "%s/.config/tails/config", home ? home : "");
	return path;
}

char **tails_defaults(int *argc, char **argv)
{
	const char *env = getenv("TAILS");
	char path[4096], **v = xmalloc(sizeof *v * 2), *t;
	int n = 1, i;

	v[0] = argv[0];
	if ((t = slurp(config_path(path, sizeof path))))
		add_words(&v, &n, t, 1);
	if (env)
		add_words(&v, &n, xstrdup(env), 0);
	v = xrealloc(v, sizeof *v * (size_t)(n + *argc + 1));
	for (i = 1; i < *argc; i++)
		v[n++] = argv[i];
	v[n] = NULL;
	*argc = n;
	return v;
}
