/* pidfile.h: read a daemon's PID file the way procps pgrep -F/-L does. */
#ifndef QB_PIDFILE_H
#define QB_PIDFILE_H

/* Read the PID in the regular, non-empty file path: only its first 11
 * bytes count; blanks may lead, anything after a blank may follow, any
 * other trailing byte, a value < 1, or (with need_lock) a file nobody holds
 * a flock or fcntl lock on makes it invalid. 0 and *pid set, or -1.
 * path "-" is standard input, whatever it is (procps-ng 4.0.5); it cannot
 * be locked, so need_lock then opens a file named "-". */
int pidfile_read(const char *path, int need_lock, int *pid);

#endif
