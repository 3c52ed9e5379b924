/* priv.h: a setuid or setgid install hands out no privilege. A binary
 * installed chmod 4755 (or 2755) starts with effective ids its user does
 * not have; no applet needs them, so before any applet runs the real
 * ids become the effective and saved ones too. */
#ifndef QB_PRIV_H
#define QB_PRIV_H

/* when the real and effective user or group ids differ: set real,
 * effective and saved group ids to the real group id, then the user ids
 * to the real user id, and check that none of the six is the old one.
 * 0 when nothing was to be dropped or all is dropped; -1 with errno
 * (EPERM when a check found an id left) */
int priv_drop(void);

#endif
