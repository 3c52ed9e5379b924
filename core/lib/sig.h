/* sig.h: signal names <-> numbers, the whole Linux set.
 * Names are case-insensitive, "SIG" optional; RTMIN, RTMIN+n, RTMAX-n;
 * aliases IOT, CLD, POLL, IO, EXIT/NULL (0). */
#ifndef QB_SIG_H
#define QB_SIG_H

/* the real-time range as glibc numbers it: procps, and the glibc programs
 * that receive the signal, mean 34 by RTMIN, whatever this libc says (a
 * static musl build says 35) */
#define SIG_RTMIN 34
#define SIG_RTMAX 64

/* a name or a decimal number in 0..SIGRTMAX: the signal, else -1 */
int sig_parse(const char *s);
/* names only (no numbers): the signal, else -1 */
int sig_from_name(const char *s);
/* canonical name without "SIG" ("TERM", "RTMIN+3"); NULL if none.
 * Returns a pointer to a static buffer for the RT names. */
const char *sig_name(int sig);

#endif
