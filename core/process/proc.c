/* proc.c: the /proc reader (getdents64 + openat + one read per file). */
#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "process/proc.h"
#include "lib/vec.h"

const char proc_ns_names[PROC_NS_N][7] = {
	"cgroup", "ipc", "mnt", "net", "pid", "time", "user", "uts",
};

/* the first getdents64 asks for this much: /proc lists ~60 fixed names
 * before PID 1, so 2 KiB reaches the first PIDs; each later call doubles
 * the request up to the whole buffer. `pf -e1` of an early PID then costs
 * the same with 0 or 2000 extra processes (docs/PERFORMANCE.md,
 * "Results"). */
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

void proc_set_anchor(struct proc_iter *it, int fd)
{
	drop_anchor(it);
	it->anchor = fd;
}

/* "PATH/name" into buf */
static void mkpath(char *buf, const char *dir, const char *name)
{
	size_t n = strlen(dir), m = strlen(name);

	memcpy(buf, dir, n);
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

	mkpath(path, p->path, name);
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

/* The stat record is parsed in one pass, one pointer, no length test in
 * the loops: the byte after the record is a NUL (read1 puts one there,
 * proc_parse_stat copies to give it one), and every loop stops at a byte
 * that is not a digit, so at NUL, '\n' or ' ', then checks what stopped
 * it. One compare a byte and no per-field re-validation: the bounded
 * parser costs what the unchecked one did (docs/PERFORMANCE.md,
 * "Process engine: instruction counts"). */
#define HOT static inline __attribute__((always_inline))

/* a field: optional '-', 1..19 digits (so it fits 64 bits), a blank: the
 * position after the blank (value in *v), or NULL */
HOT const char *dec(const char *q, long long *v)
{
	unsigned long long r = 0;
	unsigned c;
	int neg = *q == '-';
	const char *d = q += neg;

	while ((c = (unsigned)(unsigned char)*q - '0') < 10)
		r = r * 10 + c, q++;
	if ((size_t)(q - d) - 1 > 18 || *q != ' ')
		return NULL;
	*v = neg ? -(long long)r : (long long)r;
	return q + 1;
}

/* a field of 1..19 digits, no sign, then a blank: as dec */
HOT const char *udec(const char *q, long long *v)
{
	unsigned long long r = 0;
	unsigned c;
	const char *d = q;

	while ((c = (unsigned)(unsigned char)*q - '0') < 10)
		r = r * 10 + c, q++;
	if ((size_t)(q - d) - 1 > 18 || *q != ' ')
		return NULL;
	*v = (long long)r;
	return q + 1;
}

/* exact masks (0x80 in each matching byte) of an 8-byte word */
#define ONES  0x0101010101010101ULL
#define LOW7  0x7f7f7f7f7f7f7f7fULL
HOT unsigned long long zero_bytes(unsigned long long x)
{
	return ~(((x & LOW7) + LOW7) | x | LOW7);
}

/* skip n blank-ended fields, 8 bytes a step: the position after the n-th
 * blank, or NULL when a control byte (the '\n' or the NUL after the
 * record) comes first. Reads up to 7 bytes past that NUL: the buffers
 * have STAT_PAD spare bytes, zeroed. The fields skipped are not
 * validated: only the ones used are. */
#define STAT_PAD 8
HOT const char *skip(const char *q, int n)
{
	for (;;) {
		unsigned long long w, sp, ctl;

		memcpy(&w, q, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		w = __builtin_bswap64(w);       /* first byte lowest */
#endif
		sp = zero_bytes(w ^ (ONES * ' '));
		ctl = zero_bytes(w & (ONES * 0xe0));
		if (ctl)
			sp &= (ctl & -ctl) - 1;   /* blanks before it only */
		for (; sp; sp &= sp - 1)
			if (!--n)
				return q + __builtin_ctzll(sp) / 8 + 1;
		if (ctl)
			return NULL;
		q += 8;
	}
}

/* stat: "pid (comm) S ppid pgrp sid tty tpgid flags minflt cminflt majflt
 * cmajflt utime stime cutime cstime prio nice nthreads itreal start ..."
 * buf[len] is a NUL. The name may hold ')' and blanks: it ends at the
 * LAST ')' of the at most sizeof comm bytes after the '(' (the kernel's
 * names are shorter: a longer one is malformed), so the search never
 * reads the ~40 fields after the ones used. */
HOT int parse_stat(const char *buf, size_t len, struct proc *p)
{
	const char *q = buf, *open, *close_;
	long long v[8];
	size_t w;

	while ((unsigned)(unsigned char)*q - '0' < 10)
		q++;
	if (q == buf || q[0] != ' ' || q[1] != '(')
		return -1;
	open = q + 1;
	w = (size_t)(buf + len - open - 1);
	if (w > sizeof p->comm)
		w = sizeof p->comm;
	if (!(close_ = memrchr(open + 1, ')', w)) || close_[1] != ' ' ||
	    (unsigned char)close_[2] <= ' ' || close_[3] != ' ')
		return -1;
	p->state = close_[2];
	q = close_ + 4;
	if (!(q = udec(q, &v[0])) || !(q = udec(q, &v[1])) ||
	    !(q = udec(q, &v[2])) || !(q = udec(q, &v[3])) ||
	    !(q = dec(q, &v[4])) || !(q = skip(q, 10)) ||
	    !(q = dec(q, &v[5])) || !(q = udec(q, &v[6])) ||
	    !(q = skip(q, 1)) || !udec(q, &v[7]))
		return -1;
	p->ppid = (pid_t)v[0], p->pgrp = (pid_t)v[1], p->sid = (pid_t)v[2];
	p->tty = (unsigned)v[3], p->tpgid = (pid_t)v[4];
	p->nice = (int)v[5], p->nthreads = (long)v[6];
	p->start = (unsigned long long)v[7];
	p->comm_len = (size_t)(close_ - open - 1);
	memcpy(p->comm, open + 1, p->comm_len);
	p->comm[p->comm_len] = 0;
	return 0;
}

int proc_parse_stat(const char *buf, size_t len, struct proc *p)
{
	char t[1024 + STAT_PAD];

	if (len > sizeof t - STAT_PAD - 1)
		len = sizeof t - STAT_PAD - 1;     /* the fields read are well inside */
	memcpy(t, buf, len);
	memset(t + len, 0, STAT_PAD);   /* the NUL, and defined spare bytes */
	return parse_stat(t, len, p);
}

/* the fields after the name, numbered as proc(5) numbers them (state
 * is 3): the plain parser's are not here, so it stays as fast */
enum { X_UTIME = 14, X_STIME = 15, X_PRIO = 18, X_VSIZE = 23, X_POLICY = 41 };

int proc_parse_statx(const char *buf, size_t len, struct proc *p)
{
	static const unsigned char used[] = { X_UTIME, X_STIME, X_PRIO,
	    X_VSIZE, X_POLICY };
	const char *s = memrchr(buf, ')', len), *e = buf + len;
	long long v[X_POLICY + 1];
	int f = 2;

	if (!s)
		return -1;
	memset(v, 0, sizeof v);
	for (s++; f < X_POLICY && s < e && *s == ' '; ) {
		unsigned long long r = 0;
		const char *d;
		int neg;

		f++;
		neg = ++s < e && *s == '-';
		d = s += neg;
		while (s < e && (unsigned)(unsigned char)*s - '0' < 10 && s - d < 20)
			r = r * 10 + (unsigned)(*s++ - '0');
		if ((s == d || s - d > 19 || (s < e && *s != ' ')) &&
		    memchr(used, f, sizeof used))
			return -1;      /* a field read must be a number */
		v[f] = neg ? -(long long)r : (long long)r;
		while (s < e && *s != ' ')
			s++;    /* the state letter, the fields not read */
	}
	if (f < X_VSIZE)
		return -1;
	p->utime = (unsigned long long)v[X_UTIME];
	p->stime = (unsigned long long)v[X_STIME];
	p->priority = (long)v[X_PRIO];
	p->vsize = (unsigned long long)v[X_VSIZE];
	p->policy = (unsigned)v[X_POLICY];
	return 0;
}

/* field 52, exit_code (Linux 3.5+), the last of the record: the wait
 * status of a zombie */
enum { X_EXIT_CODE = 52 };

int proc_parse_exit_code(const char *buf, size_t len, int *ws)
{
	const char *s = memrchr(buf, ')', len), *e = buf + len, *d;
	unsigned long long r = 0;

	if (!s)
		return -1;
	s++;
	for (int f = 2; f < X_EXIT_CODE; f++) {
		if (s >= e || *s != ' ')
			return -1;      /* fewer fields: an older kernel */
		if (f + 1 < X_EXIT_CODE)
			for (s++; s < e && *s != ' '; s++)
				;
	}
	d = ++s;
	while (s < e && (unsigned)(unsigned char)*s - '0' < 10 && s - d < 10)
		r = r * 10 + (unsigned)(*s++ - '0');
	if (s == d || r > 0x7fffffff || (s < e && *s != ' ' && *s != '\n'))
		return -1;
	*ws = (int)r;
	return 0;
}

static int read_stat(struct proc_iter *it, struct proc *p, unsigned need)
{
	char buf[1024 + STAT_PAD];
	ssize_t n = read1(it, p, "stat", buf, sizeof buf - STAT_PAD);

	if (n <= 0)
		return -1;
	memset(buf + n, 0, STAT_PAD);   /* the spare bytes skip() may read */
	if (parse_stat(buf, (size_t)n, p))
		return -1;
	return (need & PROC_STATX) ? proc_parse_statx(buf, (size_t)n, p) : 0;
}

/* a hex mask of at most 64 bits at s, before e: 0, or -1 */
static int hex(const char *s, const char *e, unsigned long long *v)
{
	unsigned long long r = 0;
	int n = 0;

	for (; s < e; s++, n++) {
		int d = *s >= '0' && *s <= '9' ? *s - '0' :
		    *s >= 'a' && *s <= 'f' ? *s - 'a' + 10 : -1;
		if (d < 0)
			break;
		if (n == 16)
			return -1;
		r = r << 4 | (unsigned)d;
	}
	if (!n)
		return -1;
	*v = r;
	return 0;
}

/* the value after "\nKEY:\t" in buf[0..len), or NULL. Line starts found
 * with memchr: musl's memmem would add to the static binary (the bytes:
 * docs/quickbox.md, "Static binary and size") for a search this simple */
static const char *field(const char *buf, size_t len, const char *key)
{
	size_t k = strlen(key);
	const char *s = buf, *e = buf + len;

	while (k && (size_t)(e - s) >= k && (s = memchr(s, key[0],
	    (size_t)(e - s) - k + 1))) {
		if (!memcmp(s, key, k))
			return s + k;
		s++;
	}
	return NULL;
}

/* "\nKEY:\treal\teffective..." into *a and *b: two numbers of 1..19
 * digits, each ended by a tab */
static int two_ids(const char *buf, size_t len, const char *key,
    long long *a, long long *b)
{
	const char *s = field(buf, len, key), *e = buf + len;
	long long *out[2] = { a, b };

	if (!s)
		return -1;
	for (int k = 0; k < 2; k++) {
		const char *d = s;
		unsigned long long r = 0;

		while (s < e && (unsigned)(*s - '0') < 10)
			r = r * 10 + (unsigned)(*s++ - '0');
		if (s == d || s - d > 19 || s >= e || *s != '\t')
			return -1;
		*out[k] = (long long)r;
		s++;
	}
	return 0;
}

int proc_parse_status(const char *buf, size_t len, struct proc *p)
{
	static const char *const keys[] = {
		"\nSigBlk:\t", "\nSigIgn:\t", "\nSigCgt:\t",
	};
	unsigned long long *masks[] = { &p->sigblk, &p->sigign, &p->sigcgt };
	long long ru, eu, rg, eg;
	const char *s;

	if (two_ids(buf, len, "\nUid:\t", &ru, &eu) ||
	    two_ids(buf, len, "\nGid:\t", &rg, &eg))
		return -1;
	for (int i = 0; i < 3; i++) {
		const char *s = field(buf, len, keys[i]);

		*masks[i] = 0;
		if (s && hex(s, buf + len, masks[i]))
			return -1;
	}
	/* VmRSS, not stat's rss: stat reads the kernel's per-CPU cached
	 * counters, status their exact sum (what ps shows); VmLck: ps's L */
	for (int i = 0; i < 2; i++) {
		unsigned long long *v = i ? &p->vmlck : &p->vmrss;

		*v = 0;
		if (!(s = field(buf, len, i ? "\nVmLck:" : "\nVmRSS:")))
			continue;
		/* the record is not NUL-ended: every step stays below len */
		while (s < buf + len && (*s == ' ' || *s == '\t'))
			s++;
		for (; s < buf + len && (unsigned)(*s - '0') < 10 &&
		    *v < (1ULL << 50); s++)
			*v = *v * 10 + (unsigned)(*s - '0');
	}
	p->ruid = (uid_t)ru, p->euid = (uid_t)eu;
	p->rgid = (gid_t)rg, p->egid = (gid_t)eg;
	return 0;
}

static int read_status(struct proc_iter *it, struct proc *p)
{
	char buf[4096];
	ssize_t n = read1(it, p, "status", buf, sizeof buf);

	return n <= 0 ? -1 : proc_parse_status(buf, (size_t)n, p);
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

	mkpath(path, p->path, "cmdline");
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
		mkpath(path, p->path, name);
		if (fstatat(it->procfd, path, &st, 0)) {
			if (it->nszero)
				continue;
			return -1;
		}
		p->ns[i] = st.st_ino;
	}
	return 0;
}

static int read_root(struct proc_iter *it, struct proc *p)
{
	char path[64];
	struct stat st;

	mkpath(path, p->path, "root");
	if (fstatat(it->procfd, path, &st, 0))
		return -1;
	p->root_dev = st.st_dev;
	p->root_ino = st.st_ino;
	return 0;
}

/* read the files of need into p, which holds those of p->have already
 * (read for the same process just before): 0, or -1 to skip */
static int read_more(struct proc_iter *it, struct proc *p, unsigned need)
{
	if (need & PROC_STATX)
		need |= PROC_STAT;
	if ((need & PROC_STAT) && read_stat(it, p, need))
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
	p->have |= need | ((need & PROC_STAT) ? PROC_COMM : 0);
	return 0;
}

/* read what it->need asks for into p (p->path set): 0, or -1 to skip */
static int fill(struct proc_iter *it, struct proc *p)
{
	p->have = 0;
	p->cmdline = "";
	p->cmdline_len = 0;
	drop_anchor(it);        /* never let a previous process's fd stand in */
	return read_more(it, p, it->need);
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

/* the next PID from the /proc directory: >0, 0 at the end, -1 error.
 * cap > 0: a refill asks for at most cap bytes */
static pid_t next_dirent(struct proc_iter *it, size_t cap)
{
	for (;;) {
		if (it->pos >= it->end) {
			long n;

			if (it->eof)
				return 0;
			n = syscall(SYS_getdents64, it->procfd, it->dents,
			    cap && cap < it->want ? cap : it->want);
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
	return next_dirent(it, 0);
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
		mkpath(path, p->path, "task");
		it->taskfd = openat(it->procfd, path,
		    O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		it->tgid = pid;
		it->tpos = it->tend = 0;
	}
}

/* a listed PID names a process only if it leads its thread group: /proc
 * opens a thread's TID too (readdir never lists it), and its files then
 * read as its process's. 0: a thread's TID, or gone; 1 a process (or
 * status unreadable: fill decides) */
static int leads(struct proc_iter *it, const struct proc *p)
{
	char path[64], buf[512];
	long long tgid = 0;
	const char *s;
	ssize_t n;
	int fd;

	mkpath(path, p->path, "status");
	if ((fd = openat(it->procfd, path, O_RDONLY | O_CLOEXEC)) < 0)
		return errno != ENOENT && errno != ESRCH;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = 0;
	/* by lines, as proc_sysnum; the name before is escaped: no newline */
	for (s = buf; strncmp(s, "Tgid:\t", 6); s++)
		if (!(s = strchr(s, '\n')))
			return 1;
	for (s += 6; *s >= '0' && *s <= '9' && tgid < (1LL << 40); s++)
		tgid = tgid * 10 + (*s - '0');
	return tgid == p->pid;
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
		if (it->list && !it->listed && !leads(it, p))
			continue;
		if (!fill(it, p))
			return 1;
	}
}

int proc_fill(struct proc_iter *it, struct proc *p, unsigned need)
{
	unsigned more = need & ~p->have;

	/* the extra fields of stat come from a second read of it */
	if ((more & PROC_STATX) && (p->have & PROC_STAT))
		more |= PROC_STAT;
	return more ? read_more(it, p, more) : 0;
}

int proc_get(struct proc_iter *it, pid_t pid, pid_t tid, struct proc *p)
{
	if (pid <= 0)
		return 0;
	set_path(p, pid, tid == pid ? 0 : tid);
	return fill(it, p) ? 0 : 1;
}

/* proc_file of the directory dir under /proc ("." for /proc itself) */
static char *file_in(struct proc_iter *it, const char *dir, const char *name,
    size_t *len)
{
	char path[80];
	ssize_t n;
	int fd;

	if (strlen(name) > 40)
		return NULL;
	mkpath(path, dir, name);
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

char *proc_file(struct proc_iter *it, const struct proc *p, const char *name,
    size_t *len)
{
	return file_in(it, p->path, name, len);
}

char proc_state(struct proc_iter *it, const struct proc *p)
{
	size_t len;
	char *s, *e;

	if (p->have & PROC_STAT)
		return p->state;
	s = proc_file(it, p, "stat", &len);
	e = s ? memrchr(s, ')', len) : 0;
	return e && e + 2 < s + len ? e[2] : 0;
}

ssize_t proc_link(struct proc_iter *it, const struct proc *p, const char *name,
    char *buf, size_t cap)
{
	char path[80];
	ssize_t n;

	if (strlen(name) > 40 || cap < 1)
		return -1;
	mkpath(path, p->path, name);
	n = readlinkat(it->procfd, path, buf, cap - 1);
	if (n >= 0)
		buf[n] = 0;
	return n;
}

/* getdents64 bytes for n more PIDs: the directory's entries cost over a
 * microsecond each to list, so a caller that wants a few does not pay
 * for thousands (docs/PERFORMANCE.md, "Parallel scan"). A PID's record is
 * at most 32 bytes (19 + 7 digits + NUL, 8-aligned); 256 fits any fixed
 * name. */
static size_t dirent_cap(size_t n)
{
	return n < 8 ? 256 : n > sizeof ((struct proc_iter *)0)->dents / 32 ?
	    0 : n * 32;
}

ssize_t proc_more(struct proc_iter *it, pid_t *v, size_t max)
{
	size_t n = 0;
	pid_t pid = 0;

	while (n < max && (pid = next_dirent(it, dirent_cap(max - n))) > 0)
		v[n++] = pid;
	return pid < 0 ? -1 : (ssize_t)n;
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

/* the kernel hands every process its tick rate in the auxiliary vector:
 * getauxval reads it without libc's sysconf table (what that saves in
 * the static build: docs/PERFORMANCE.md, "Process tools: binary size") */
unsigned long long proc_hz(void)
{
	unsigned long h = getauxval(AT_CLKTCK);

	return h ? h : 100;
}

/* "SECONDS.FRACTION IDLE": the first number; decimals past the ninth
 * cannot change a tick count, so they are read but not used */
int proc_parse_uptime(const char *buf, size_t len, unsigned long long *ticks)
{
	const char *s = buf, *e = buf + len;
	unsigned long long sec = 0, frac = 0, scale = 1, hz = proc_hz();

	if (s >= e || *s < '0' || *s > '9')
		return -1;
	for (; s < e && *s >= '0' && *s <= '9'; s++) {
		unsigned d = (unsigned)(*s - '0');

		if (sec > (~0ULL / hz - d) / 10)
			return -1;
		sec = sec * 10 + d;
	}
	if (s < e && *s == '.')
		for (s++; s < e && *s >= '0' && *s <= '9'; s++)
			if (scale < 1000000000ULL) {
				frac = frac * 10 + (unsigned)(*s - '0');
				scale *= 10;
			}
	if (s < e && *s != ' ' && *s != '\n')
		return -1;
	*ticks = sec * hz + frac * hz / scale;
	return 0;
}

/* procps's count of T ticks: T / hz as a double of seconds, times hz,
 * cut; at times one less than T. Each step is stored as a double:
 * where arithmetic is wider than double (x87 on i686) the unrounded
 * steps give T itself, and %cpu would not match ps's */
unsigned long long proc_ps_ticks(unsigned long long t)
{
#if FLT_EVAL_METHOD != 0
	volatile
#endif
	double hz = (double)(long long)proc_hz(), s = (double)(long long)t / hz;
#if FLT_EVAL_METHOD != 0
	volatile
#endif
	double r = s * hz;

	return (unsigned long long)(long long)r;
}

unsigned long long proc_now_ticks(struct proc_iter *it)
{
	char buf[128];
	unsigned long long t;
	ssize_t n;
	int fd = openat(it->procfd, "uptime", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof buf);
	close(fd);
	if (n <= 0 || proc_parse_uptime(buf, (size_t)n, &t))
		return 0;
	return t;
}

int proc_fd_alive(int fd)
{
	struct stat st;
	char c;

	if (fd < 0)
		return 0;
	if (pread(fd, &c, 1, 0) >= 0)
		return 1;
	/* a directory anchor: lookups in a dead process's directory fail */
	if (errno == EISDIR)
		return fstatat(fd, "stat", &st, 0) == 0;
	return errno != ESRCH;
}

int proc_sysnum(struct proc_iter *it, const char *file, const char *key,
    long long *v)
{
	size_t len, k = strlen(key);
	const char *s = file_in(it, ".", file, &len), *b;

	if (!s)
		return -1;
	/* by lines, not strstr(): nothing else links musl's (1.3 KB, see
	 * docs/quickbox.md) */
	for (b = s; strncmp(b, key, k); b++)
		if (!(b = strchr(b, '\n')))
			return -1;
	b += k + strspn(b + k, " ");
	*v = 0;
	if (*b < '0' || *b > '9')
		return -1;
	for (; *b >= '0' && *b <= '9' && *v < (1LL << 50); b++)
		*v = *v * 10 + (*b - '0');
	return 0;
}
