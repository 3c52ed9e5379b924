/* ids.h: user and group names <-> ids (numbers accepted as they are). */
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
