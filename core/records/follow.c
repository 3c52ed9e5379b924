/* follow.c: the tail -f/-F loops: inotify events in arrival order, or
 * polling; name checks after rotation, truncation, watch bookkeeping. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include "records/follow.h"

#define FBUF 65536
/* a file: its data; by name also its end (deleted, renamed, attributes:
 * an unlink lowers the link count) */
#define FMASK_NAME (IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
/* its directory, by name: the name coming back or going */
#define DMASK (IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF)
#define EVBUF (64 * (sizeof(struct inotify_event) + 256))

/* follow_run's results; R_GO: go on, R_REVERT: from inotify to polling */
enum { R_GO = -1, R_PID, R_PIPE, R_NONE, R_STOP, R_PID_POLL, R_REVERT };

struct run {
	struct fwatch *w;
	int n;
	const struct follow_cfg *c;
	char *buf;
	int ifd, outpipe, dead, npids;
	unsigned fmask;
};

static int stopped(const struct run *r)
{
	return r->c->stop && *r->c->stop;
}

static void say(const struct run *r, int idx, enum fol_event ev, int err)
{
	if (!stopped(r))
		r->c->event(r->c->ctx, idx, ev, err);
}

static int tailable_type(mode_t m)
{
	return S_ISREG(m) || S_ISFIFO(m) || S_ISCHR(m) || S_ISSOCK(m);
}

void follow_set(struct fwatch *w, int fd, const struct stat *st, off_t pos)
{
	w->fd = fd;
	w->dev = st->st_dev;
	w->ino = st->st_ino;
	w->mode = st->st_mode;
	w->mtime = st->st_mtim;
	w->pos = pos;
	w->err = 0;
	w->tailable = 1;
}

/* read what was appended (to EOF, or until the fd fails); the bytes read */
static off_t drain(struct run *r, int i)
{
	struct fwatch *w = &r->w[i];
	off_t got = 0;
	ssize_t k;

	while (!stopped(r) && (k = read(w->fd, r->buf, FBUF)) != 0) {
		if (k < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		w->pos += k;
		got += k;
		r->c->data(r->c->ctx, i, r->buf, (size_t)k);
	}
	return got;
}

/* the old file: what was written to it before it went, then close it */
static void let_go(struct run *r, int i)
{
	struct fwatch *w = &r->w[i];

	if (w->fd < 0)
		return;
	drain(r, i);
	if (!w->is_stdin)
		close(w->fd);
	w->fd = -1;
}

/* open a name again, never onto fds 0-2 (a closed stdout stays closed);
 * O_NONBLOCK: a FIFO without a writer must not hang the loop */
static int reopen(const char *name)
{
	int fd = open(name, O_RDONLY | O_NONBLOCK | O_CLOEXEC), hi;

	if (fd < 0 || fd > 2)
		return fd;
	hi = fcntl(fd, F_DUPFD_CLOEXEC, 3);
	close(fd);
	return hi;
}

/* look at the name again: gone, back, replaced by another file or by
 * something that cannot be tailed; the wording decisions are GNU's
 * (a message only when the state changed) */
static void recheck(struct run *r, int i)
{
	struct fwatch *w = &r->w[i];
	const struct follow_cfg *c = r->c;
	int fd, prev = w->err, was = w->tailable, e;
	struct stat st, lst;

	if (w->is_stdin || w->ignore)
		return;
	fd = reopen(w->name);
	e = errno;
	w->tailable = 0;   /* until the name is found fine again (GNU 9.8) */
	if (r->ifd >= 0 && !lstat(w->name, &lst) && S_ISLNK(lst.st_mode)) {
		/* inotify cannot match a link's name to its target's events */
		w->err = -1;
		w->ignore = 1;
		let_go(r, i);
		say(r, i, FOL_SYMLINK, 0);
	} else if (fd < 0 || fstat(fd, &st)) {
		if (fd >= 0)
			e = errno;
		w->err = e;
		let_go(r, i);
		if (fd < 0 && was)
			say(r, i, FOL_GONE, e);
		else if (fd >= 0 && prev != e)
			say(r, i, FOL_ERR, e);
	} else if (!tailable_type(st.st_mode)) {
		w->err = -1;
		w->tailable = 0;
		w->ignore = !(c->retry && c->by_name);
		let_go(r, i);
		if (was || prev != -1)
			say(r, i, FOL_UNTAILABLE, w->ignore);
	} else {
		w->err = 0;
		if (prev && prev != ENOENT) {
			let_go(r, i);
			say(r, i, FOL_ACCESSIBLE, 0);
		} else if (w->fd < 0) {
			say(r, i, FOL_APPEARED, 0);
		} else if (st.st_ino != w->ino || st.st_dev != w->dev) {
			let_go(r, i);
			say(r, i, FOL_REPLACED, 0);
		} else {
			w->tailable = 1;
			close(fd);
			return;
		}
		follow_set(w, fd, &st, 0);
		return;
	}
	if (fd >= 0)
		close(fd);
}

/* an fstat of an open file, as GNU looks at it: 1 unchanged (type, mtime
 * and, regular, the size read), 0 changed, -1 gone (said). A size below
 * what was read is a truncation: said, and read again from the start */
static int look(struct run *r, int i)
{
	struct fwatch *w = &r->w[i];
	struct stat st;
	int same;

	if (fstat(w->fd, &st)) {
		w->err = errno;
		let_go(r, i);
		say(r, i, FOL_ERR, w->err);
		return -1;
	}
	same = st.st_mode == w->mode && (!S_ISREG(st.st_mode) || st.st_size == w->pos) &&
	    st.st_mtim.tv_sec == w->mtime.tv_sec &&
	    st.st_mtim.tv_nsec == w->mtime.tv_nsec;
	w->mtime = st.st_mtim;
	if (S_ISREG(w->mode) && st.st_size < w->pos) {
		say(r, i, FOL_TRUNCATED, 0);
		lseek(w->fd, 0, SEEK_SET);
		w->pos = 0;
	}
	w->mode = st.st_mode;
	return same;
}

/* new data or a truncation on an open file; bytes read, or -1 when a
 * regular file looked unchanged (size and mtime). Appended data needs no
 * fstat: only a read that found nothing asks whether the file shrank
 * (fewer syscalls per append: docs/PERFORMANCE.md, "Record engine"). A
 * device or FIFO is simply read (non-blocking where the fd is ours) */
static off_t news(struct run *r, int i)
{
	struct fwatch *w = &r->w[i];
	off_t got = drain(r, i);
	int s;

	if (got > 0 || !S_ISREG(w->mode) || w->fd < 0)
		return got;
	s = look(r, i);
	return s < 0 ? 0 : s ? -1 : drain(r, i);
}

/* polling, in GNU's order: an fstat; a changed file (look) gets a header
 * when output switches to it, data or not (a /sys file's 4096 never
 * matches what was read), then a read. An unchanged file is not read
 * (-1), except a lone device or FIFO */
static off_t poll_news(struct run *r, int i)
{
	int s = look(r, i);

	if (s < 0)
		return 0;
	if (s && (S_ISREG(r->w[i].mode) || r->n > 1))
		return -1;
	if (!s)
		r->c->data(r->c->ctx, i, r->buf, 0);
	return drain(r, i);
}

/* --pid: drop the processes found gone (EPERM: alive, another user's);
 * is any left? All are looked at, as GNU 9.8 does, so a dead one among
 * live ones does not end the follow later than it should */
static int writers(struct run *r)
{
	const struct follow_cfg *c = r->c;
	int i = 0;

	while (i < r->npids)
		if (kill((pid_t)c->pids[i], 0) && errno == ESRCH)
			c->pids[i] = c->pids[--r->npids];
		else
			i++;
	return r->npids > 0;
}

/* is anything left to look at? -F: always (names come back) */
static int live(const struct run *r)
{
	int i;

	if (r->c->retry && r->c->by_name)
		return 1;
	for (i = 0; i < r->n; i++)
		if (r->w[i].fd >= 0 || (!r->w[i].ignore && r->c->retry))
			return 1;
	return 0;
}

/* wait up to ms (-1: forever) for fd (-1: none) to be readable or the
 * stdout pipe to lose its reader; 1: the reader left */
static int wait_for(const struct run *r, int fd, int ms)
{
	struct pollfd p[2] = {{fd, POLLIN, 0}, {1, 0, 0}};

	if (poll(p, 2, ms) < 0 && errno != EINTR)
		return 0;
	return r->outpipe && (p[1].revents & (POLLERR | POLLHUP));
}

static int interval_ms(const struct follow_cfg *c)
{
	double ms = c->interval * 1000;
	int m;

	if (ms >= 0x7fffffff / 2)
		return 0x7fffffff / 2;
	m = (int)ms;
	return m + (m < ms);   /* round up: -s 0.0001 still sleeps */
}

/* ---- polling: every file in turn, then sleep ---- */

/* the two loops stay out of follow_run: gcc 14 at -Oz inlines each
 * (called once) and then grows follow_run by 2 KiB of the static binary
 * (make size, Debian 13: tails 52,904 inlined, 50,728 not) */
#if defined __GNUC__
#define QB_NOINLINE __attribute__((noinline))
#else
#define QB_NOINLINE
#endif

static QB_NOINLINE int poll_loop(struct run *r)
{
	const struct follow_cfg *c = r->c;

	/* GNU's loop blocks on a lone non-regular file followed by
	 * descriptor; this one polls it, but says what GNU says */
	if (c->debug)
		say(r, -1, FOL_MODE, c->npids || c->by_name || r->n > 1 ||
		    r->w[0].fd < 0 || S_ISREG(r->w[0].mode));

	for (;;) {
		int i, input = 0;

		for (i = 0; i < r->n && !stopped(r); i++) {
			struct fwatch *w = &r->w[i];
			off_t got;

			if (w->ignore)
				continue;
			if (w->fd < 0) {
				recheck(r, i);
				continue;
			}
			got = poll_news(r, i);
			if (got < 0 && c->by_name)
				recheck(r, i);
			input |= got > 0;
		}
		if (stopped(r))
			return R_STOP;
		if (!live(r))
			return R_NONE;
		if (input)
			continue;
		if (r->dead)
			return R_PID_POLL;
		if (c->npids && !writers(r)) {
			r->dead = 1;   /* once more without sleeping: GNU's race guard */
			continue;
		}
		if (wait_for(r, -1, interval_ms(c)))
			return R_PIPE;
	}
}

/* ---- inotify: events in the order they came ---- */

static void set_base(struct fwatch *w)
{
	const char *s = strrchr(w->name, '/');

	w->base = s ? (size_t)(s - w->name) + 1 : 0;
}

/* watch w's directory: 0, or -1 to revert to polling */
static int watch_dir(struct run *r, int i)
{
	struct fwatch *w = &r->w[i];
	size_t k = w->base;
	char *d;

	while (k > 1 && w->name[k - 1] == '/')
		k--;
	d = malloc(k + 2);
	if (!d)
		return -1;
	if (k)
		memcpy(d, w->name, k);
	else
		d[k++] = '.';
	d[k] = 0;
	/* the same directory twice gets the same watch back */
	w->pwd = inotify_add_watch(r->ifd, d, DMASK);
	free(d);
	if (w->pwd >= 0)
		return 0;
	if (errno == ENOSPC)
		say(r, -1, FOL_NORES, 0);
	else
		say(r, i, FOL_CANT_WATCH_DIR, errno);
	return -1;
}

/* the watches, then one look at every file (data may have come before
 * the watch did): R_GO, or R_REVERT */
static int setup(struct run *r)
{
	const struct follow_cfg *c = r->c;
	int i, unwatched = 0;

	for (i = 0; i < r->n; i++) {
		struct fwatch *w = &r->w[i];

		if (w->ignore)
			continue;
		set_base(w);
		if (c->by_name && watch_dir(r, i))
			return R_REVERT;
		w->wd = inotify_add_watch(r->ifd, w->name, r->fmask);
		if (w->wd >= 0)
			continue;
		unwatched |= w->fd >= 0;
		if (errno == ENOSPC || errno == ENOMEM) {
			say(r, -1, FOL_NORES, 0);
			return R_REVERT;
		}
		if (errno != w->err)
			say(r, i, FOL_CANT_WATCH, errno);
	}
	if (unwatched && !c->by_name)
		return R_REVERT;
	for (i = 0; i < r->n && !stopped(r); i++) {
		struct fwatch *w = &r->w[i];
		struct stat st;

		if (w->ignore)
			continue;
		if (c->by_name)
			recheck(r, i);
		else if (w->fd >= 0 && !stat(w->name, &st) &&
		    (st.st_dev != w->dev || st.st_ino != w->ino))
			return R_REVERT;   /* the watch is on another file */
		if (w->fd >= 0)
			news(r, i);
	}
	return R_GO;
}

static int find_wd(const struct run *r, int wd)
{
	int i;

	for (i = 0; i < r->n; i++)
		if (r->w[i].wd == wd && !r->w[i].ignore)
			return i;
	return -1;
}

/* an event about a name in a watched directory: the file it names, with
 * its watch moved to what the name now holds; -1: not ours */
static int dir_event(struct run *r, const struct inotify_event *ev, int *revert)
{
	const struct follow_cfg *c = r->c;
	int j, k, nwd = -1, deleting = !!(ev->mask & IN_DELETE);

	for (j = 0; j < r->n; j++)
		if (r->w[j].pwd == ev->wd && !r->w[j].ignore &&
		    !strcmp(ev->name, r->w[j].name + r->w[j].base))
			break;
	if (j == r->n)
		return -1;
	if (!deleting) {
		/* the same inode again gives its existing watch back */
		nwd = inotify_add_watch(r->ifd, r->w[j].name, r->fmask);
		if (nwd < 0 && (errno == ENOSPC || errno == ENOMEM)) {
			say(r, -1, FOL_NORES, 0);
			*revert = 1;
			return -1;
		}
		if (nwd < 0)
			say(r, j, FOL_CANT_WATCH, errno);
	}
	if (!deleting && (r->w[j].wd < 0 || nwd != r->w[j].wd)) {
		/* a new file under the name: the old file's watch goes, or
		 * every rotation would keep one until the limit runs out */
		if (r->w[j].wd >= 0)
			inotify_rm_watch(r->ifd, r->w[j].wd);
		r->w[j].wd = nwd;
		if (nwd < 0)
			return -1;
		/* a file renamed onto this name keeps its watch: it was
		 * another name's */
		for (k = 0; k < r->n; k++)
			if (k != j && r->w[k].wd == nwd) {
				r->w[k].wd = -1;
				if (c->by_name)
					recheck(r, k);
				let_go(r, k);
			}
	}
	if (c->by_name)
		recheck(r, j);
	return j;
}

/* one event: R_REVERT, or R_GO */
static int one_event(struct run *r, const struct inotify_event *ev)
{
	int i, revert = 0;

	if (ev->mask & IN_Q_OVERFLOW) {   /* events lost: look at everything */
		for (i = 0; i < r->n; i++) {
			if (r->c->by_name)
				recheck(r, i);
			if (r->w[i].fd >= 0 && !r->w[i].ignore)
				news(r, i);
		}
		return R_GO;
	}
	if ((ev->mask & IN_DELETE_SELF) && !ev->len)
		for (i = 0; i < r->n; i++)
			if (r->w[i].pwd == ev->wd && !r->w[i].ignore) {
				/* its watch is dead: nothing would come again */
				say(r, -1, FOL_DIR_GONE, 0);
				return R_REVERT;
			}
	i = ev->len ? dir_event(r, ev, &revert) : find_wd(r, ev->wd);
	if (revert)
		return R_REVERT;
	if (i < 0)
		return R_GO;
	if (ev->mask & IN_IGNORED) {   /* the kernel dropped the watch */
		r->w[i].wd = -1;
		return R_GO;
	}
	if (ev->mask & (IN_ATTRIB | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)) {
		/* a moved file keeps its watch with --retry: the name may
		 * come back; without, its name is done with (GNU 9.6) */
		if ((ev->mask & (r->c->retry ? IN_DELETE_SELF : IN_DELETE_SELF | IN_MOVE_SELF)) &&
		    r->w[i].wd >= 0) {
			inotify_rm_watch(r->ifd, r->w[i].wd);
			r->w[i].wd = -1;
		}
		recheck(r, i);
		return R_GO;
	}
	if (r->w[i].fd >= 0)
		news(r, i);
	return R_GO;
}

static int any_watched(const struct run *r)
{
	int i;

	for (i = 0; i < r->n; i++)
		if (r->w[i].wd >= 0 && !r->w[i].ignore)
			return 1;
	return 0;
}

static QB_NOINLINE int inotify_loop(struct run *r)
{
	const struct follow_cfg *c = r->c;
	char *ev = malloc(EVBUF);
	int res = setup(r);

	if (!ev)
		return R_REVERT;
	if (res == R_GO && c->debug)
		say(r, -1, FOL_MODE, 2);
	while (res == R_GO) {
		ssize_t len = 0, off;
		int got = 0;

		if (stopped(r)) {
			res = R_STOP;
			break;
		}
		/* by name without --retry: every name has gone */
		if (c->by_name && !c->retry && !any_watched(r)) {
			res = R_NONE;
			break;
		}
		while (!got) {
			int ms = -1;

			if (c->npids) {
				if (!r->npids) {
					res = R_PID;
					break;
				}
				ms = writers(r) ? interval_ms(c) : 0;
			}
			if (wait_for(r, r->ifd, ms)) {
				res = R_PIPE;
				break;
			}
			len = read(r->ifd, ev, EVBUF);
			got = len > 0;
			if (len < 0 && errno != EAGAIN && errno != EINTR) {
				res = R_REVERT;
				break;
			}
		}
		for (off = 0; got && res == R_GO && off < len;) {
			const struct inotify_event *e = (const void *)(ev + off);

			off += (ssize_t)(sizeof *e + e->len);
			res = stopped(r) ? R_STOP : one_event(r, e);
		}
	}
	free(ev);
	return res;
}

/* GNU's conditions for inotify: it must see every file it follows */
static int inotify_fits(const struct fwatch *w, int n, const struct follow_cfg *c)
{
	int i, open = 0;
	struct stat st;

	if (c->no_inotify || (!c->init_ok && !c->by_name))
		return 0;
	for (i = 0; i < n; i++) {
		if (w[i].ignore)
			continue;
		if (w[i].is_stdin)
			return 0;
		if (!lstat(w[i].name, &st) && S_ISLNK(st.st_mode))
			return 0;
		if (w[i].fd >= 0 && !S_ISREG(w[i].mode) && !S_ISFIFO(w[i].mode))
			return 0;   /* a device: no events for its data */
		open |= w[i].fd >= 0;
	}
	return open;
}

int follow_run(struct fwatch *w, int n, const struct follow_cfg *c)
{
	struct run r = {w, n, c, malloc(FBUF), -1, 0, 0, c->npids, IN_MODIFY};
	struct stat st;
	int i, res = R_REVERT;

	if (!r.buf)
		return R_PID;
	r.outpipe = !fstat(1, &st) && S_ISFIFO(st.st_mode);
	if (c->by_name)
		r.fmask |= FMASK_NAME;
	for (i = 0; i < n; i++)
		w[i].wd = w[i].pwd = -1;
	if (inotify_fits(w, n, c)) {
		r.ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
		if (r.ifd < 0) {
			say(&r, -1, FOL_POLLING, errno);
		} else {
			res = inotify_loop(&r);
			close(r.ifd);
			r.ifd = -1;
			for (i = 0; i < n; i++)
				w[i].wd = w[i].pwd = -1;
			if (res == R_REVERT)
				say(&r, -1, FOL_POLLING, 0);
		}
	}
	if (res == R_REVERT)
		res = poll_loop(&r);
	free(r.buf);
	return res;
}
