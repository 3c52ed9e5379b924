/* ident.c: identity tokens PID:INODE (pidfs) and PID@START. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "libc/fmt.h"
#include "process/ident.h"

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
/* the magic of pidfs (statfs f_type): before it, every pidfd shared one
 * anonymous inode, which names no process */
#define PIDFS_MAGIC 0x50494446

/* digits only, at least one, up to max: 0, or -1 */
static int digits(const char *s, size_t n, unsigned long long max,
    unsigned long long *v)
{
	unsigned long long r = 0;

	if (!n || n > 20)
		return -1;
	for (size_t i = 0; i < n; i++) {
		unsigned d = (unsigned)(unsigned char)s[i] - '0';

		if (d > 9 || r > (max - d) / 10)
			return -1;
		r = r * 10 + d;
	}
	*v = r;
	return 0;
}

int ident_parse(const char *s, struct ident *id)
{
	size_t n = strcspn(s, ":@");
	unsigned long long pid, val = 0;

	if (digits(s, n, 0x7fffffff, &pid) || !pid ||
	    (s[n] && digits(s + n + 1, strlen(s + n + 1), ~0ULL, &val)))
		return -1;
	id->pid = (pid_t)pid;
	id->kind = !s[n] ? IDENT_PID : s[n] == ':' ? IDENT_INO : IDENT_START;
	id->val = val;
	return 0;
}

size_t ident_format(const struct ident *id, char *buf, size_t cap)
{
	int n = id->kind == IDENT_PID ?
	    fmt_snprintf(buf, cap, "%d", (int)id->pid) :
	    fmt_snprintf(buf, cap, "%d%c%llu", (int)id->pid,
	    id->kind == IDENT_INO ? ':' : '@', id->val);

	return n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap - 1;
}

/* the pidfs inode of pid: 0 with *ino, -1 when the kernel has no pidfs
 * (errno ENOSYS) or the process is gone (ESRCH). The anchor still
 * reading after the open proves the pidfd is the process we read. */
static int pidfs_ino(pid_t pid, int anchor, unsigned long long *ino)
{
	struct statfs sf;
	struct stat st;
	int fd = (int)syscall(SYS_pidfd_open, pid, 0), rc = -1;

	if (fd < 0) {
		if (errno != ESRCH)
			errno = ENOSYS;
		return -1;
	}
	if (fstatfs(fd, &sf) || sf.f_type != PIDFS_MAGIC || fstat(fd, &st))
		errno = ENOSYS;
	else if (anchor >= 0 && !proc_fd_alive(anchor))
		errno = ESRCH;
	else {
		*ino = (unsigned long long)st.st_ino;
		rc = 0;
	}
	close(fd);
	return rc;
}

int ident_of(const struct proc *p, int anchor, struct ident *id)
{
	id->pid = p->pid;
	if (!pidfs_ino(p->pid, anchor, &id->val)) {
		id->kind = IDENT_INO;
		return 0;
	}
	if (errno == ESRCH)
		return -1;
	id->kind = IDENT_START;
	id->val = p->start;
	return 0;
}

int ident_same(const struct proc *p, int anchor, const struct ident *id)
{
	unsigned long long ino;

	if (p->pid != id->pid)
		return 0;
	switch (id->kind) {
	case IDENT_INO:
		return !pidfs_ino(p->pid, anchor, &ino) && ino == id->val;
	case IDENT_START:
		return p->start == id->val;
	}
	return 1;
}
