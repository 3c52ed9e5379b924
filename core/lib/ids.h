/* ids.h: user and group names <-> ids (numbers accepted as they are).
 * /etc/passwd and /etc/group are read here, not through getpwnam(3),
 * getgrnam, getpwuid and getgrgid: musl's would cost 9,280 bytes more
 * of the whole static binary (docs/quickbox.md, "Each re-implementation
 * on trial"); with glibc an id those files do not name goes on to NSS.
 * The reader stays with the helpers it serves (it is most of this file's
 * API's work, not a C library interface). */
#ifndef QB_IDS_H
#define QB_IDS_H

#include <sys/types.h>

/* name or decimal id: 0 on success, -1 if unknown or malformed; then
 * errno is 0 when the name is simply not there, else why the user or
 * group database could not be read (ENOENT: no /etc/passwd, as in a bare
 * root) */
int user_id(const char *s, uid_t *out);
int group_id(const char *s, gid_t *out);

/* the name of a user (group = 0) or group (1) id, NULL when it has
 * none; the text lasts until the next call */
const char *id_name(int group, unsigned long long id);

#endif
