/* follow.h: follow growing files (tail -f/-F) with inotify, polling only
 * as a fallback. The caller prints: data and events come back through
 * callbacks, so the GNU wording stays in the applet. */
#ifndef QB_FOLLOW_H
#define QB_FOLLOW_H

#include <sys/types.h>

enum fol_event {
	FOL_GONE,       /* name became inaccessible (err set) */
	FOL_APPEARED,   /* name is back after being gone */
	FOL_REPLACED,   /* name now refers to another file */
	FOL_TRUNCATED,  /* file shrank below what was read: read again from 0 */
};

struct fwatch {
	const char *name;   /* path as given */
	int fd;             /* -1 while not open */
	dev_t dev;
	ino_t ino;
	off_t pos;          /* bytes consumed */
	int reg;            /* a regular file (else a device, FIFO, socket) */
	int gone;           /* FOL_GONE reported, not yet back */
	int wd;             /* inotify watch on the file (-1 none) */
};

struct follow_cfg {
	int by_name;        /* -F / --follow=name: reopen on rotation */
	int retry;          /* keep trying names that are missing */
	pid_t pid;          /* stop once it is dead (0: never) */
	double interval;    /* seconds between polls without inotify (-s) */
	void *ctx;
	void (*data)(void *ctx, int idx, const char *p, size_t n);
	void (*event)(void *ctx, int idx, enum fol_event ev, int err);
	const int *stop;    /* set by a callback: end the run now (NULL: never) */
};

/* returns when cfg->pid died (0), when stdout is a pipe whose reader went
 * away (1), when nothing is left to follow (2), or when *cfg->stop was
 * set (3) */
int follow_run(struct fwatch *w, int n, const struct follow_cfg *cfg);

#endif
