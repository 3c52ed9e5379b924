/* escape.h: procps-style escaping of process names and command lines.
 *
 * procps-ng shows (and pgrep matches) names with unprintable bytes
 * replaced, so scripts see the same text whatever a process put in its
 * name. The flavour is the caller's: ESC_UTF8 in a UTF-8 locale
 * (loc_utf8(), the one locale test), | ESC_NEW for procps-ng 4.0.4 and
 * later (4.0.6's rules), else procps-ng 4.0.2's:
 *   4.0.2, C/other: bytes < 0x20 and 0x7f become '.', bytes >= 0x80 '?';
 *   4.0.2, UTF-8: control bytes become '?', UTF-8 sequences are kept by
 *            their lead byte; from a bad lead byte or a sequence cut by the
 *            end of the string on, everything is escaped as in C;
 *   new, C/other: every byte outside 0x20..0x7e becomes '?';
 *   new, UTF-8: each byte of an invalid or cut sequence, of a C1 control
 *            or of a private-use character, and each control byte,
 *            becomes '?'; the rest of the string is judged on its own. */
#ifndef QB_ESCAPE_H
#define QB_ESCAPE_H

#include <stddef.h>

enum { ESC_UTF8 = 1, ESC_NEW = 2 };

/* escape s[0..n) in place (n = strlen(s) usually) in the flavour given */
void esc_inplace(char *s, size_t n, int flavour);

/* a text as procps-ng 4.0.6's ps shows it (its library's escaping, then
 * its own), in place over s[0..n): the new length, never more. C/other:
 * every byte that is not printable ASCII becomes '?'. UTF-8: each byte of
 * what is not valid UTF-8 (RFC 3629: no overlong forms, surrogates or
 * code points past U+10FFFF), of a control character (C0, DEL, C1) or of
 * a private-use one becomes '?'; a valid character glibc's iswprint calls
 * unprintable (U+2028, U+2029, noncharacters, the unassigned planes)
 * becomes one '?' */
size_t esc_ps(char *s, size_t n, int utf8);

/* the valid UTF-8 character at s (n >= 1 bytes there, RFC 3629: no
 * overlong form, surrogate or code point past U+10FFFF): its length, its
 * code point in *cp; 0 when none starts there (*cp: the byte) */
size_t esc_utf8(const char *s, size_t n, unsigned *cp);

/* 1 if s[0..n) holds a byte esc_inplace or esc_ps could change */
int esc_needed(const char *s, size_t n);

/* a name as procps shows it: s[0..n) up to its first NUL, at most cap-1
 * bytes, copied to dst (NUL-ended), escaped in the flavour given; the
 * length */
size_t esc_name(char *dst, size_t cap, const char *s, size_t n, int flavour);

/* the screen columns of s[0..n), a text escaped as above, as ps counts
 * them: a byte a column, or (utf8) each UTF-8 character its width (0
 * for combining marks, 2 for East Asian wide ones); counting stops before
 * a character that would pass max columns. *fit (if not NULL): the bytes
 * counted, the part of s that fits in max columns */
size_t esc_cells(const char *s, size_t n, int utf8, size_t max, size_t *fit);

/* how esc_args makes one line of a raw command line (NULs between the
 * arguments): each NUL and newline becomes sep, and with ... */
enum {
	ESC_ARGS_CTRL = 1,  /* ... every other byte below 0x20 too */
	ESC_ARGS_TRIM = 2,  /* trailing seps cut, all of them */
	ESC_ARGS_PS = 4,    /* procps's: trailing NULs cut, then at most one
	                       trailing sep (its line is NUL-ended there) */
};
/* in place over s[0..n), s[n] writable and set to NUL: the length of
 * the line (with sep 0, the first argument's, the rest still behind) */
size_t esc_args(char *s, size_t n, char sep, unsigned how);

/* procps-ng 4.0.6's shell quoting (pgrep -Q): the words of s[0..n) (each
 * ended by a NUL or a newline; a last one without either counts too, so
 * "" is one empty word),
 * joined by blanks, each one as is when it is not empty and made only of
 * letters, digits and _@%+:,./- (ASCII), else in single quotes with every
 * ' as '\''. A new string (free it), NULL when out of memory. */
char *esc_shell(const char *s, size_t n);

#endif
