/* proc.c: the /proc reader (getdents64 + openat + one read per file). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "proc.h"

const char *const proc_ns_names[PROC_NS_N] = {
	"ipc", "mnt", "net", "pid", "user", "uts", "cgroup",
};

/* the first getdents64 asks for this much: /proc lists ~60 fixed names
 * before PID 1, so 2 KiB reaches the first PIDs; each later call doubles
 * the request up to the whole buffer. `pf -e1` of an early PID then costs
 * the same with 0 or 2000 extra processes (bench/pf.sh). */
#define DENTS_FIRST 2048

struct dirent64 {
	unsigned long long d_ino;
	long long d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

int proc_open(struct proc_iter *it, const char *dir, unsigned need)
{
	memset(it, 0, offsetof(struct proc_iter, dents));
	it->need = need;
	it->nsmask = PROC_NS_ALL;
	it->anchor = it->taskfd = -1;
	it->want = DENTS_FIRST;
	it->procfd = open(dir ? dir : "/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return it->procfd < 0 ? -1 : 0;
}

static void drop_anchor(struct proc_iter *it)
{
	if (it->anchor >= 0)
		close(it->anchor);
	it->anchor = -1;
}

void proc_close(struct proc_iter *it)
{
	drop_anchor(it);
	if (it->taskfd >= 0)
		close(it->taskfd);
	if (it->procfd >= 0)
		close(it->procfd);
	it->procfd = it->taskfd = -1;
	free(it->big);
	free(it->xbuf);
	it->big = it->xbuf = NULL;
	it->bigcap = it->xcap = 0;
}

int proc_anchor(const struct proc_iter *it)
{
	return it->anchor;
}

/* "PATH/name" into buf */
static void mkpath(char *buf, const struct proc *p, const char *name)
{
	size_t n = strlen(p->path), m = strlen(name);

	memcpy(buf, p->path, n);
	buf[n] = '/';
	memcpy(buf + n + 1, name, m + 1);
}

/* open PATH/name, one read() into buf (NUL-ended), keep the fd as the
 * anchor: length, or -1 */
static ssize_t read1(struct proc_iter *it, const struct proc *p,
    const char *name, char *buf, size_t cap)
{
	char path[64];
	ssize_t n;
	int fd;

	mkpath(path, p, name);
	fd = openat(it->procfd, path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, cap - 1);
	if (n < 0) {
		close(fd);
		return -1;
	}
	buf[n] = 0;
	drop_anchor(it);
	it->anchor = fd;
	return n;
}

static int read_comm(struct proc_iter *it, struct proc *p)
{
	ssize_t n = read1(it, p, "comm", p->comm, sizeof p->comm);

	if (n <= 0)
		return -1;
	if (p->comm[n - 1] == '\n')  /* the kernel's, not the name's */
		p->comm[--n] = 0;
	p->comm_len = (size_t)n;
	return 0;
}

/* parse a decimal field and skip the blank after it */
static const char *num(const char *s, long long *v)
{
	long long r = 0;
	int neg = *s == '-';

	s += neg;
	while (*s >= '0' && *s <= '9')
		r = r * 10 + (*s++ - '0');
	*v = neg ? -r : r;
	return *s ? s + 1 : s;
}

static const char *skip(const char *s, int fields)
{
	while (fields-- > 0) {
		while (*s && *s != ' ')
			s++;
		if (*s)
			s++;
	}
	return s;
}

/* stat: "pid (comm) S ppid pgrp sid tty tpgid flags minflt cminflt majflt
 * cmajflt utime stime cutime cstime prio nice nthreads itreal start ..."
 * The name may hold ')' and blanks: it ends at the LAST ')'. */
static int read_stat(struct proc_iter *it, struct proc *p)
{
	char buf[1024];
	const char *s, *open, *close_;
	long long v[6];
	ssize_t n = read1(it, p, "stat", buf, sizeof buf);

	if (n <= 0 || !(open = memchr(buf, '(', (size_t)n)) ||
	    !(close_ = memrchr(buf, ')', (size_t)n)) || close_ < open ||
	    (size_t)(close_ - open - 1) >= sizeof p->comm)
		return -1;
	p->comm_len = (size_t)(close_ - open - 1);
	memcpy(p->comm, open + 1, p->comm_len);
	p->comm[p->comm_len] = 0;
	if (close_[1] != ' ' || !close_[2])
		return -1;
	p->state = close_[2];
	s = close_ + 4;
	for (int i = 0; i < 5; i++)
		s = num(s, &v[i]);
	p->ppid = (pid_t)v[0], p->pgrp = (pid_t)v[1], p->sid = (pid_t)v[2];
	p->tty = (unsigned)v[3], p->tpgid = (pid_t)v[4];
	s = skip(s, 10);                    /* flags .. prio */
	s = num(s, &v[0]);
	s = num(s, &v[1]);
	s = skip(s, 1);                     /* itrealvalue */
	num(s, &v[2]);
	p->nice = (int)v[0], p->nthreads = (long)v[1];
	p->start = (unsigned long long)v[2];
	return 0;
}

static unsigned long long hex(const char *s)
{
	unsigned long long r = 0;

	for (;; s++) {
		int d = *s >= '0' && *s <= '9' ? *s - '0' :
		    *s >= 'a' && *s <= 'f' ? *s - 'a' + 10 : -1;
		if (d < 0)
			return r;
		r = r << 4 | (unsigned)d;
	}
}

/* the value after "\nKEY:\t" in a status buffer, or NULL */
static const char *field(const char *buf, const char *key)
{
	const char *s = strstr(buf, key);

	return s ? s + strlen(key) : NULL;
}

static int read_status(struct proc_iter *it, struct proc *p)
{
	char buf[4096];
	const char *s;
	long long a, b;

	if (read1(it, p, "status", buf, sizeof buf) <= 0)
		return -1;
	if (!(s = field(buf, "\nUid:\t")))
		return -1;
	num(num(s, &a), &b);
	p->ruid = (uid_t)a, p->euid = (uid_t)b;
	if (!(s = field(buf, "\nGid:\t")))
		return -1;
	num(num(s, &a), &b);
	p->rgid = (gid_t)a, p->egid = (gid_t)b;
	if ((s = field(buf, "\nSigBlk:\t")))
		p->sigblk = hex(s);
	if ((s = field(buf, "\nSigIgn:\t")))
		p->sigign = hex(s);
	if ((s = field(buf, "\nSigCgt:\t")))
		p->sigcgt = hex(s);
	return 0;
}

/* the directory of the process as the anchor, when no file of it is
 * open yet: it also proves the process exists (need 0 reads nothing) */
static int dir_anchor(struct proc_iter *it, const struct proc *p)
{
	if (it->anchor >= 0)
		return 0;
	it->anchor = openat(it->procfd, p->path,
	    O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return it->anchor < 0 ? -1 : 0;
}

static int read_owner(struct proc_iter *it, struct proc *p)
{
	struct stat st;

	if (it->anchor < 0 ? dir_anchor(it, p) || fstat(it->anchor, &st) :
	    fstatat(it->procfd, p->path, &st, 0))
		return -1;
	p->ouid = st.st_uid;
	p->ogid = st.st_gid;
	return 0;
}

/* the rest of fd into *buf (grown as needed, reused, NUL added): the
 * length, or -1. whole = 0: a short read is the end -- the kernel fills a
 * cmdline read as far as it can, so that saves the final empty read. */
static ssize_t slurp(int fd, char **buf, size_t *cap, int whole)
{
	size_t len = 0;

	for (;;) {
		ssize_t n;

		if (*cap - len < 2) {
			size_t ncap = *cap ? *cap * 2 : 4096;
			char *nb = realloc(*buf, ncap);

			if (!nb && !*buf)
				return -1;
			if (!nb)
				break;  /* out of memory: keep what fits */
			*buf = nb, *cap = ncap;
		}
		n = read(fd, *buf + len, *cap - len - 1);
		if (n < 0)
			return -1;
		len += (size_t)n;
		if (!n || (!whole && len < *cap - 1))
			break;
	}
	(*buf)[len] = 0;
	return (ssize_t)len;
}

static int read_cmdline(struct proc_iter *it, struct proc *p)
{
	char path[64];
	ssize_t len;
	int fd;

	mkpath(path, p, "cmdline");
	fd = openat(it->procfd, path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if ((len = slurp(fd, &it->big, &it->bigcap, 0)) < 0) {
		close(fd);
		return -1;
	}
	p->cmdline = it->big;
	p->cmdline_len = (size_t)len;
	drop_anchor(it);
	it->anchor = fd;
	return 0;
}

static int read_ns(struct proc_iter *it, struct proc *p)
{
	char path[64], name[16];
	struct stat st;

	for (int i = 0; i < PROC_NS_N; i++) {
		p->ns[i] = 0;
		if (!(it->nsmask & 1u << i))
			continue;
		memcpy(name, "ns/", 3);
		strcpy(name + 3, proc_ns_names[i]);
		mkpath(path, p, name);
		if (fstatat(it->procfd, path, &st, 0))
			return -1;
		p->ns[i] = st.st_ino;
	}
	return 0;
}

static int read_root(struct proc_iter *it, struct proc *p)
{
	char path[64];
	struct stat st;

	mkpath(path, p, "root");
	if (fstatat(it->procfd, path, &st, 0))
		return -1;
	p->root_dev = st.st_dev;
	p->root_ino = st.st_ino;
	return 0;
}

/* read what it->need asks for into p (p->path set): 0, or -1 to skip */
static int fill(struct proc_iter *it, struct proc *p)
{
	unsigned need = it->need;

	p->have = 0;
	p->cmdline = "";
	p->cmdline_len = 0;
	drop_anchor(it);        /* never let a previous process's fd stand in */
	if ((need & PROC_STAT) && read_stat(it, p))
		return -1;
	if ((need & PROC_COMM) && !(need & PROC_STAT) && read_comm(it, p))
		return -1;
	if ((need & PROC_STATUS) && read_status(it, p))
		return -1;
	if ((need & PROC_OWNER) && read_owner(it, p))
		return -1;
	if ((need & PROC_CMDLINE) && read_cmdline(it, p))
		return -1;
	if ((need & PROC_NS) && read_ns(it, p))
		return -1;
	if ((need & PROC_ROOT) && read_root(it, p))
		return -1;
	if (dir_anchor(it, p))
		return -1;
	p->have = need | ((need & PROC_STAT) ? PROC_COMM : 0);
	return 0;
}

/* decimal name -> pid, or 0 for anything else */
static pid_t name_pid(const char *s)
{
	long v = 0;

	if (*s < '1' || *s > '9')
		return 0;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > 99999999)
			return 0;
		v = v * 10 + (*s - '0');
	}
	return (pid_t)v;
}

static void set_path(struct proc *p, pid_t pid, pid_t tid)
{
	char *s = p->path, d[12];
	int n;

	p->pid = pid;
	p->tid = tid ? tid : pid;
	for (int k = 0; k < 2; k++) {
		pid_t v = k ? tid : pid;

		if (k && !tid)
			break;
		if (k) {
			memcpy(s, "/task/", 6);
			s += 6;
		}
		n = 0;
		do
			d[n++] = (char)('0' + v % 10);
		while (v /= 10);
		while (n)
			*s++ = d[--n];
	}
	*s = 0;
}

/* the next PID from the /proc directory: >0, 0 at the end, -1 error */
static pid_t next_dirent(struct proc_iter *it)
{
	for (;;) {
		if (it->pos >= it->end) {
			long n;

			if (it->eof)
				return 0;
			n = syscall(SYS_getdents64, it->procfd, it->dents, it->want);
			if (n < 0)
				return -1;
			if (n == 0) {
				it->eof = 1;
				return 0;
			}
			it->pos = 0, it->end = (size_t)n;
			if (it->want < sizeof it->dents)
				it->want *= 2;
		}
		struct dirent64 *d = (void *)(it->dents + it->pos);
		it->pos += d->d_reclen;
		pid_t pid = name_pid(d->d_name);
		if (pid)
			return pid;
	}
}

/* thread mode: the next TID of it->tgid, 0 when its task dir is done */
static pid_t next_task(struct proc_iter *it)
{
	for (;;) {
		if (it->tpos >= it->tend) {
			long n = syscall(SYS_getdents64, it->taskfd, it->tdents,
			    sizeof it->tdents);

			if (n <= 0)
				return 0;
			it->tpos = 0, it->tend = (size_t)n;
		}
		struct dirent64 *d = (void *)(it->tdents + it->tpos);
		it->tpos += d->d_reclen;
		pid_t tid = name_pid(d->d_name);
		if (tid)
			return tid;
	}
}

static pid_t next_pid(struct proc_iter *it)
{
	if (it->list)
		return it->ilist < it->nlist ? it->list[it->ilist++] : 0;
	return next_dirent(it);
}

static int next_thread(struct proc_iter *it, struct proc *p)
{
	for (;;) {
		if (it->taskfd >= 0) {
			pid_t tid = next_task(it);

			if (tid) {
				set_path(p, it->tgid, tid);
				if (!fill(it, p))
					return 1;
				continue;
			}
			close(it->taskfd);
			it->taskfd = -1;
		}
		pid_t pid = next_pid(it);
		if (pid <= 0)
			return pid < 0 ? -1 : 0;
		char path[32];
		set_path(p, pid, 0);
		mkpath(path, p, "task");
		it->taskfd = openat(it->procfd, path,
		    O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		it->tgid = pid;
		it->tpos = it->tend = 0;
	}
}

int proc_next(struct proc_iter *it, struct proc *p)
{
	if (it->threads)
		return next_thread(it, p);
	for (;;) {
		pid_t pid = next_pid(it);

		if (pid <= 0)
			return pid < 0 ? -1 : 0;
		set_path(p, pid, 0);
		if (!fill(it, p))
			return 1;
	}
}

int proc_get(struct proc_iter *it, pid_t pid, pid_t tid, struct proc *p)
{
	if (pid <= 0)
		return 0;
	set_path(p, pid, tid == pid ? 0 : tid);
	return fill(it, p) ? 0 : 1;
}

char *proc_file(struct proc_iter *it, const struct proc *p, const char *name,
    size_t *len)
{
	char path[80];
	ssize_t n;
	int fd;

	if (strlen(name) > 40)
		return NULL;
	mkpath(path, p, name);
	fd = openat(it->procfd, path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	n = slurp(fd, &it->xbuf, &it->xcap, 1);
	close(fd);
	if (n < 0)
		return NULL;
	*len = (size_t)n;
	return it->xbuf;
}

ssize_t proc_link(struct proc_iter *it, const struct proc *p, const char *name,
    char *buf, size_t cap)
{
	char path[80];
	ssize_t n;

	if (strlen(name) > 40 || cap < 1)
		return -1;
	mkpath(path, p, name);
	n = readlinkat(it->procfd, path, buf, cap - 1);
	if (n >= 0)
		buf[n] = 0;
	return n;
}

pid_t proc_self(struct proc_iter *it)
{
	char buf[24];
	ssize_t n = readlinkat(it->procfd, "self", buf, sizeof buf - 1);

	if (n <= 0)
		return 0;
	buf[n] = 0;
	return name_pid(buf);
}

unsigned long long proc_now_ticks(struct proc_iter *it)
{
	char buf[128];
	unsigned long long sec = 0, frac = 0, scale = 1;
	long hz = sysconf(_SC_CLK_TCK);
	const char *s = buf;
	ssize_t n;
	int fd = openat(it->procfd, "uptime", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = 0;
	for (; *s >= '0' && *s <= '9'; s++)
		sec = sec * 10 + (unsigned)(*s - '0');
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++, scale *= 10)
			frac = frac * 10 + (unsigned)(*s - '0');
	if (hz <= 0)
		hz = 100;
	return sec * (unsigned long long)hz + frac * (unsigned long long)hz / scale;
}
