/* quote.h: quoting of names and values in messages.
 *
 * GNU coreutils quotes in two ways, and so do the head/tail personalities:
 *  - quote(): values ("invalid number of lines: 'x'"): curly quotes when
 *    LC_CTYPE's codeset is UTF-8 (C.UTF-8 included), else ASCII ones;
 *    unprintable bytes as C escapes (\001, \t), '\\' doubled, and in ASCII
 *    quotes a ' as \'.
 *  - quoteaf()/quotef(): file names, always in ASCII quotes, as a shell
 *    word: printable runs in '...', unprintable bytes as $'\001'; a name
 *    holding ' (and nothing a double-quoted word would expand) goes in
 *    "...". quoteaf always quotes, quotef only when the name needs it.
 * Printable means a valid, printable character of the locale (loc.h), so
 * "é" is kept under UTF-8 and escaped as \303\251 in the C locale.
 *
 * quote_word() is the plain shell word both styles build on; procps's -Q
 * uses it too (escape.h). */
#ifndef QB_QUOTE_H
#define QB_QUOTE_H

#include <stddef.h>

/* each result lives in one of two rotating static buffers */
const char *quote(const char *s);
const char *quoteaf(const char *s);
const char *quotef(const char *s);

/* w[0..n) as one shell word at d (room for 4 * n + 2 bytes): as is when
 * n > 0 and every byte is a letter, a digit or in safe (safe NULL: always
 * quote), else in single quotes with each ' as '\''. Returns the length. */
size_t quote_word(char *d, const char *w, size_t n, const char *safe);

#endif
