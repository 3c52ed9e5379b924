/* escape.h: procps-style escaping of process names and command lines.
 *
 * procps-ng shows (and pgrep matches) names with unprintable bytes
 * replaced, so scripts see the same text whatever a process put in its
 * name. Two flavours, picked by the caller
 * (loc_utf8(), the one locale test):
 *   C/other: bytes < 0x20 and 0x7f become '.', bytes >= 0x80 become '?';
 *   UTF-8:   control bytes become '?', UTF-8 sequences are kept by their
 *            lead byte; from a bad lead byte or a sequence cut by the end of
 *            the string on, everything is escaped as in the C flavour. */
#ifndef QB_ESCAPE_H
#define QB_ESCAPE_H

#include <stddef.h>

/* escape s[0..n) in place (n = strlen(s) usually); utf8 picks the flavour */
void esc_inplace(char *s, size_t n, int utf8);

/* 1 if s[0..n) holds a byte esc_inplace could change */
int esc_needed(const char *s, size_t n);

/* procps-ng 4.0.6's shell quoting (pgrep -Q): the words of s[0..n) (each
 * ended by a NUL or a newline; a last one without either counts too, so
 * "" is one empty word),
 * joined by blanks, each one as is when it is not empty and made only of
 * letters, digits and _@%+:,./- (ASCII), else in single quotes with every
 * ' as '\''. A new string (free it), NULL when out of memory. */
char *esc_shell(const char *s, size_t n);

#endif
