/* procfs.h: the timing core's small /proc reads: the start of a file
 * and the whole numbers in it (the load figures of load.c, the run delay
 * spawn.c reads from a child's schedstat). No allocation, never prints. */
#ifndef QB_PROCFS_H
#define QB_PROCFS_H

#include <stddef.h>

/* the first cap - 1 bytes (at most) of path into b, NUL-terminated; ""
 * when it cannot be read */
void pfs_head(const char *path, char *b, size_t cap);

/* the whole part of a number ("6" of "6.63") after blanks at *s, which
 * moves past it all; -1 when there is none; LLONG_MAX past it */
long long pfs_num(const char **s);

#endif
