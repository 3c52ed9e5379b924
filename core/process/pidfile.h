/* pidfile.h: read a daemon's PID file the way procps pgrep -F/-L does. */
#ifndef QB_PIDFILE_H
#define QB_PIDFILE_H

enum { PIDFILE_EOPEN = -2, PIDFILE_ELOCK = -3 };

/* Read the PID at the start of path's first line (procps-ng 4.0.5+):
 * path "-" is standard input (a pipe too, also with need_lock). The first
 * line, up to 255 bytes, must hold strtol's number (blanks and a sign may
 * lead, 0 and negatives too, no overflow) followed by a blank or nothing.
 * 0 and *pid set; -1 invalid (also an empty or unreadable file, a
 * directory); PIDFILE_EOPEN with errno when it cannot be opened;
 * PIDFILE_ELOCK when need_lock and nobody holds a flock or fcntl lock on
 * it. */
int pidfile_read(const char *path, int need_lock, long *pid);

#endif
