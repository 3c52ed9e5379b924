/* links.h: names that run this binary: making links to it in a directory
 * and telling whether a command found on PATH is it.
 *
 * The running binary is /proc/self/exe (its real path): a link must not
 * point at whatever path the user happened to type. */
#ifndef QB_LINKS_H
#define QB_LINKS_H

#include <stddef.h>

enum { LINKS_HARD = 1, LINKS_FORCE = 2 };

/* the caller's message hook: one line, worded as err.h's warn() (a format
 * ending in ':' takes strerror(errno)); links never print on their own */
typedef void links_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* One link DIR/NAME per name to this binary: a symlink (relative, to the
 * binary's own file name, when DIR is the binary's folder; else to its
 * absolute path) or with LINKS_HARD a hard link. DIR must exist. An
 * existing DIR/NAME is replaced when it already runs quickbox (a symlink
 * whose target is named quickbox or is this binary, or a hard link to
 * it), else only with LINKS_FORCE. One line to say per failure; returns
 * 0 when every link is in place, else 1. */
int links_make(const char *dir, const char *const *names, size_t n, int flags,
    links_say *say);

/* Look NAME up on PATH as a shell would (first executable match) and print
 * "FOUND -> LINKTARGET (quickbox)" or "FOUND (not quickbox)" (" -> ..."
 * when FOUND is a symlink); quickbox means this very binary (the same
 * file) or a symlink to a file named quickbox. Returns 0 when it runs
 * quickbox, 1 when it runs something else, 2 when not found (said). */
int links_which(const char *name, links_say *say);

#endif
