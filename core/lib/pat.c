/* pat.c: regex matching with a literal fast path (why: see pat.h). */
#include <string.h>
#include <strings.h>

#include "lib/loc.h"
#include "lib/pat.h"

static int plain(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strchr(".[]()*+?{}|^$\\", s[i]))
			return 0;
	return 1;
}

static int ascii(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x80)
			return 0;
	return 1;
}

/* "lit", "^lit", "lit$", "^lit$", and the same with "(lit)" */
static int literal(struct pat *p, const char *s, int icase)
{
	size_t n = strlen(s);
	int head = 0, tail = 0;

	if (n && s[0] == '^')
		head = 1, s++, n--;
	if (n && s[n - 1] == '$')
		tail = 1, n--;
	if (n >= 2 && s[0] == '(' && s[n - 1] == ')')
		s++, n -= 2;
	/* REG_ICASE may fold non-ASCII letters by locale rules: keep regex;
	 * and in UTF-8, U+0131 and U+017F fold to I and S */
	if (!plain(s, n) || (icase && (!ascii(s, n) ||
	    (loc_utf8() && strcspn(s, "iIsS") < n))))
		return 0;
	p->lit = s;
	p->len = n;
	p->kind = head && tail ? PAT_EXACT : head ? PAT_PREFIX :
	    tail ? PAT_SUFFIX : PAT_ANY;
	return 1;
}

int pat_compile(struct pat *p, const char *s, int icase)
{
	memset(p, 0, sizeof *p);
	p->icase = icase;
	if (literal(p, s, icase))
		return 0;
	p->kind = PAT_REGEX;
	return rx_compile(&p->re, s, (icase ? RX_ICASE : 0) | (loc_utf8() ? RX_UTF8 : 0));
}

void pat_free(struct pat *p)
{
	rx_free(p->re);
	p->re = NULL;
}

void pat_thread_end(void)
{
	rx_thread_end();
}

/* glibc's words (the procps personalities print them), for rx's codes,
 * which keep glibc's numbers */
_Static_assert(RX_BADPAT == 2 && RX_ECOLLATE == 3 && RX_ECTYPE == 4 &&
    RX_EESCAPE == 5 && RX_ESUBREG == 6 && RX_EBRACK == 7 && RX_EPAREN == 8 &&
    RX_EBRACE == 9 && RX_BADBR == 10 && RX_ERANGE == 11 && RX_ESPACE == 12 &&
    RX_BADRPT == 13 && RX_ESIZE == 15, "pat_error's texts are in code order");
void pat_error(int code, const struct pat *p, char *buf, size_t n)
{
	/* one string, the texts in code order (no table of pointers):
	 * 1 and 14 are no code of rx's, 14's text is never reached */
	static const char t[] =
		"Success\0"
		"Unknown error\0"
		"Invalid regular expression\0"             /* RX_BADPAT */
		"Invalid collation character\0"            /* RX_ECOLLATE */
		"Invalid character class name\0"           /* RX_ECTYPE */
		"Trailing backslash\0"                     /* RX_EESCAPE */
		"Invalid back reference\0"                 /* RX_ESUBREG */
		"Unmatched [, [^, [:, [., or [=\0"         /* RX_EBRACK */
		"Unmatched ( or \\(\0"                     /* RX_EPAREN */
		"Unmatched \\{\0"                          /* RX_EBRACE */
		"Invalid content of \\{\\}\0"              /* RX_BADBR */
		"Invalid range end\0"                      /* RX_ERANGE */
		"Memory exhausted\0"                       /* RX_ESPACE */
		"Invalid preceding regular expression\0"   /* RX_BADRPT */
		"\0"
		"Regular expression too big";              /* RX_ESIZE */
	const char *s = t;
	int k = code < 0 || code > RX_ESIZE || code == 1 || code == 14 ? 1 : code;
	size_t l;

	(void)p;
	while (k--)
		s += strlen(s) + 1;
	l = strlen(s);
	if (n) {
		if (l >= n)
			l = n - 1;
		memcpy(buf, s, l);
		buf[l] = 0;
	}
}

static int eq(const struct pat *p, const char *t)
{
	return p->icase ? !strncasecmp(t, p->lit, p->len) : !memcmp(t, p->lit, p->len);
}

static int find(const struct pat *p, const char *t)
{
	size_t tl = strlen(t);

	if (!p->icase) {
		/* strstr wants a terminated needle: lit may be "(lit)" inside */
		const char *c = t, *end = t + tl;

		if (!p->len)
			return 1;
		while ((c = memchr(c, p->lit[0], (size_t)(end - c)))) {
			/* the rest of the text is too short for any later start */
			if ((size_t)(end - c) < p->len)
				return 0;
			if (!memcmp(c, p->lit, p->len))
				return 1;
			c++;
		}
		return 0;
	}
	for (; tl >= p->len; t++, tl--)
		if (eq(p, t))
			return 1;
	return 0;
}

int pat_match(const struct pat *p, const char *text)
{
	size_t tl;

	switch (p->kind) {
	case PAT_ANY:
		return find(p, text);
	case PAT_PREFIX:
		return strlen(text) >= p->len && eq(p, text);
	case PAT_SUFFIX:
		tl = strlen(text);
		return tl >= p->len && eq(p, text + tl - p->len);
	case PAT_EXACT:
		return strlen(text) == p->len && eq(p, text);
	}
	return rx_match(p->re, text);
}
