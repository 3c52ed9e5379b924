/* follow.c: tail -f/-F loop: inotify wake-ups, stat-based rotation checks. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include "follow.h"

#define FBUF 65536
#define WMASK (IN_MODIFY | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | \
	IN_CLOSE_WRITE)
#define DMASK (IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB)

static int stopped(const struct follow_cfg *c)
{
	return c->stop && *c->stop;
}

/* read what was appended (to EOF, or until the fd fails); the bytes read */
static off_t drain(struct fwatch *w, int idx, const struct follow_cfg *c, char *buf)
{
	off_t got = 0;
	ssize_t r;

	while (!stopped(c) && (r = read(w->fd, buf, FBUF)) != 0) {
		if (r < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		w->pos += r;
		got += r;
		c->data(c->ctx, idx, buf, (size_t)r);
	}
	return got;
}

/* new data, or a truncation: read from 0 again. Only a read that found
 * nothing needs the fstat (a file that grew past pos was not truncated, as
 * far as anyone can tell). The watch is re-added only on a reopen: fewer
 * syscalls per append (docs/PERFORMANCE.md, "Record engine") */
static void take_news(struct fwatch *w, int idx, const struct follow_cfg *c, char *buf)
{
	struct stat st;

	if (drain(w, idx, c, buf) || fstat(w->fd, &st) || !S_ISREG(st.st_mode) ||
	    st.st_size >= w->pos)
		return;
	c->event(c->ctx, idx, FOL_TRUNCATED, 0);
	lseek(w->fd, 0, SEEK_SET);
	w->pos = 0;
	drain(w, idx, c, buf);
}

/* -F: the name may now point elsewhere, or nowhere */
/* the old file: what was written to it before it went, then close it */
static void let_go(struct fwatch *w, int idx, const struct follow_cfg *c, char *buf)
{
	if (w->fd < 0)
		return;
	drain(w, idx, c, buf);
	close(w->fd);
	w->fd = -1;
}

static void check_name(struct fwatch *w, int idx, const struct follow_cfg *c, char *buf)
{
	struct stat st;
	int fd, was_open = w->fd >= 0;

	if (stat(w->name, &st)) {
		int e = errno;

		let_go(w, idx, c, buf);
		if (!w->gone)
			c->event(c->ctx, idx, FOL_GONE, e);
		w->gone = 1;
		return;
	}
	if (was_open && st.st_ino == w->ino && st.st_dev == w->dev)
		return;
	if (!S_ISREG(st.st_mode))
		return;     /* untailable (a directory...): wait for a file */
	fd = open(w->name, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	let_go(w, idx, c, buf);
	c->event(c->ctx, idx, w->gone || !was_open ? FOL_APPEARED : FOL_REPLACED, 0);
	w->wd = -1;   /* the watch is on the old file: sweep adds a fresh one */
	w->fd = fd;
	w->dev = st.st_dev;
	w->ino = st.st_ino;
	w->pos = 0;
	w->reg = 1;
	w->gone = 0;
}

/* one pass over every file: rotation, truncation, new data; live count.
 * *blind: some open file has no inotify watch (stdin) or is no regular file,
 * so poll too */
static int sweep(struct fwatch *w, int n, const struct follow_cfg *c, char *buf,
    int ifd, int *blind)
{
	int i, live = 0;

	*blind = ifd < 0;
	for (i = 0; i < n && !stopped(c); i++) {
		if (c->by_name || (w[i].fd < 0 && c->retry))
			check_name(&w[i], i, c, buf);   /* --retry -f: a late open */
		if (w[i].fd < 0) {
			live += c->retry;
			continue;
		}
		if (ifd >= 0 && w[i].wd < 0)
			w[i].wd = inotify_add_watch(ifd, w[i].name, WMASK);
		*blind |= w[i].wd < 0 || !w[i].reg;   /* devices: poll too */
		take_news(&w[i], i, c, buf);
		live++;
	}
	return live;
}

/* -F also watches each parent directory, to see a name come back */
static void watch_dirs(int ifd, struct fwatch *w, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		char *d = strdup(w[i].name), *s = d ? strrchr(d, '/') : NULL;

		if (!d)
			continue;
		if (s)
			s == d ? (void)(s[1] = 0) : (void)(*s = 0);
		inotify_add_watch(ifd, s ? d : ".", DMASK);
		free(d);
	}
}

static int pid_alive(pid_t pid)
{
	return !pid || !kill(pid, 0) || errno == EPERM;
}

/* wait for an inotify event, the poll interval, or the reader to leave */
static int wait_change(int ifd, const struct follow_cfg *c, int outpipe, int blind)
{
	struct pollfd p[2] = {{ifd, POLLIN, 0}, {1, 0, 0}};
	int ms = blind || c->pid ? (int)(c->interval * 1000) : -1;
	char ev[4096];

	if (blind && c->interval > 0 && ms == 0)
		ms = 1;
	if (poll(p, outpipe ? 2 : 1, ms) < 0 && errno != EINTR)
		return 0;
	if (outpipe && (p[1].revents & (POLLERR | POLLHUP)))
		return 1;
	if (ifd >= 0 && (p[0].revents & POLLIN))
		while (read(ifd, ev, sizeof ev) > 0)
			;   /* every event means: look again at all files */
	return 0;
}

int follow_run(struct fwatch *w, int n, const struct follow_cfg *c)
{
	char *buf = malloc(FBUF);
	int ifd, i, r = 0;
	struct stat st;
	int outpipe = !fstat(1, &st) && S_ISFIFO(st.st_mode);

	if (!buf)
		return 0;
	ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	for (i = 0; i < n; i++)
		w[i].wd = -1;
	if (ifd >= 0 && c->by_name)
		watch_dirs(ifd, w, n);
	for (;;) {
		int blind, live = sweep(w, n, c, buf, ifd, &blind);

		if (stopped(c)) {
			r = 3;
			break;
		}
		if (!live) {
			r = 2;
			break;
		}
		if (!pid_alive(c->pid))
			break;
		if (wait_change(ifd, c, outpipe, blind)) {
			r = 1;
			break;
		}
	}
	if (ifd >= 0)
		close(ifd);
	free(buf);
	return r;
}
