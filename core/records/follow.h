/* follow.h: follow growing files (tail -f/-F) with inotify, polling as the
 * fallback. The caller prints: data and events come back through
 * callbacks, so the GNU wording stays with the caller.
 *
 * Two loops, as GNU tail 9.x has them: the inotify loop handles events in
 * the order the kernel queued them (so several files come out in the order
 * their data arrived), watches each file by name and, when following by
 * name, its parent directory; it removes a file's watch when the name gets
 * a new file. The polling loop looks at every file in turn each interval.
 * The inotify loop is used only where it can see everything: regular files
 * and FIFOs that are open, no stdin, no symbolic link names, and (following
 * descriptors) every initial open succeeded. It falls back to polling when
 * inotify is unavailable (ENOSYS, EMFILE, EPERM...), runs out of watches,
 * or a watched directory is removed. */
#ifndef QB_FOLLOW_H
#define QB_FOLLOW_H

#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>

enum fol_event {
	FOL_GONE,       /* name became inaccessible (err set; --retry) */
	FOL_ERR,        /* name failed (err set) */
	FOL_APPEARED,   /* name is back after being gone */
	FOL_REPLACED,   /* name now refers to another file */
	FOL_ACCESSIBLE, /* name readable again after an error other than ENOENT */
	FOL_TRUNCATED,  /* file shrank below what was read: read again from 0 */
	FOL_UNTAILABLE, /* name is now a directory or such (err: giving up) */
	FOL_SYMLINK,    /* name is now a symbolic link: given up */
	FOL_CANT_WATCH, /* inotify_add_watch on the name failed (err) */
	FOL_CANT_WATCH_DIR, /* ... on its directory (err) */
	FOL_NORES,      /* inotify watches exhausted (idx -1) */
	FOL_DIR_GONE,   /* a watched file's directory was removed (idx -1) */
	FOL_POLLING,    /* inotify not usable: polling from now (err, idx -1) */
	FOL_MODE,       /* --debug: the loop (err: 0 blocking, 1 polling,
	                 * 2 notification; idx -1) */
};

struct fwatch {
	const char *name;   /* path as given, or the display name of stdin */
	int fd;             /* -1 while not open */
	int is_stdin;       /* fd 0 as given: never reopened by name */
	int pipe;           /* a pipe on stdin, read to its EOF: not followed */
	dev_t dev;
	ino_t ino;
	mode_t mode;
	struct timespec mtime;
	off_t pos;          /* bytes consumed */
	int err;            /* errno last seen (0 none, -1 untailable type) */
	int ignore;         /* never look at this name again */
	int tailable;       /* it was open (or openable) at the last look */
	/* the follow loop's own */
	int wd, pwd;        /* inotify watches on the file and its directory */
	size_t base;        /* offset of the last name component */
};

struct follow_cfg {
	int by_name;        /* -F / --follow=name: reopen on rotation */
	int retry;          /* keep trying names that are missing */
	int init_ok;        /* every input was read and is followable */
	int no_inotify;     /* poll only (---disable-inotify) */
	long *pids;         /* stop once all are dead (none given: never); the
	                     * dead are dropped from the array */
	int npids;
	int debug;          /* say which loop runs (FOL_MODE) */
	double interval;    /* seconds between polls (-s) */
	void *ctx;
	void (*data)(void *ctx, int idx, const char *p, size_t n);
	void (*event)(void *ctx, int idx, enum fol_event ev, int err);
	const int *stop;    /* set by a callback: end the run now (NULL: never) */
};

/* record an open fd as the loop wants it (st: its fstat, pos: consumed) */
void follow_set(struct fwatch *w, int fd, const struct stat *st, off_t pos);

/* returns when cfg->pids died (0 in the inotify loop, 4 while polling: GNU
 * exits 0 in the first case and with the status so far in the second),
 * when stdout is a pipe whose reader went away (1), when nothing is left
 * to follow (2), or when *cfg->stop was set (3) */
int follow_run(struct fwatch *w, int n, const struct follow_cfg *cfg);

#endif
