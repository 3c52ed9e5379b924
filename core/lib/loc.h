/* loc.h: the one locale test of the tree.
 *
 * Both reference families decide by the character set of LC_CTYPE after
 * setlocale(LC_ALL, ""): procps picks its escaping flavour by it, and
 * GNU's quoting uses curly quotes when it is UTF-8 (C.UTF-8 included).
 * setlocale maps locale files, so it is only called when LC_ALL, else
 * LC_CTYPE, else LANG names something other than C or POSIX. */
#ifndef QB_LOCALE_H
#define QB_LOCALE_H

/* 1 when the environment's locale has a UTF-8 character set; the first
 * call may run setlocale(LC_CTYPE, ""), later calls return the same answer */
int loc_utf8(void);

#endif
