/* proc.h: the /proc reader: iterate processes (or threads), reading only
 * the files the caller's need mask asks for.
 *
 * Usage:
 *	static struct proc_iter it;     (large: 37 KiB, keep it off the stack)
 *	struct proc p;
 *	if (proc_open(&it, NULL, PROC_COMM | PROC_STAT) < 0) -> unusable (errno)
 *	while ((r = proc_next(&it, &p)) > 0)
 *		... p.pid, p.comm, p.ppid ... (valid until the next call)
 *	if (r < 0) -> reading the /proc directory failed (errno)
 *	proc_close(&it);
 *
 * How (the speed rules): PIDs come from getdents64 on an O_DIRECTORY fd of
 * /proc with a small first buffer that grows (so `pf -e1` of PID 1 does not
 * read the whole directory); names that do not start with a digit are
 * skipped before any other work; each file is opened with openat relative
 * to the /proc fd and read with ONE read() into a stack buffer; no stdio,
 * no allocation per process (cmdline goes to one buffer owned by the
 * iterator that only grows).
 *
 * A process that vanishes while being read, or whose files are hidden
 * (EACCES, hidepid), is skipped silently: proc_next moves on. So is one
 * whose stat or status does not parse: the parsers below take a length,
 * never read outside it, and say -1 for a malformed record.
 *
 * PIDs are those of the PID namespace of the mounted /proc, and so is
 * proc_self(): use it, not getpid(), to recognise ourselves. */
#ifndef QB_PROC_H
#define QB_PROC_H

#include <stddef.h>
#include <sys/types.h>

/* need mask: which files to read; the fields each fills are listed */
enum {
	PROC_COMM    = 1 << 0, /* comm, comm_len (from stat when PROC_STAT) */
	PROC_STAT    = 1 << 1, /* state ppid pgrp sid tty tpgid nice nthreads
	                          start (and comm): stat, parsed at the LAST ')' */
	PROC_STATUS  = 1 << 2, /* ruid euid rgid egid (real/effective from
	                          status) sigcgt sigign sigblk vmrss
	                          vmlck */
	PROC_OWNER   = 1 << 3, /* ouid ogid: owner of the /proc/PID directory
	                          (fstatat; the effective ids, dumpable or
	                          not, cheaper than status) */
	PROC_CMDLINE = 1 << 4, /* cmdline, cmdline_len (raw, NULs kept) */
	PROC_NS      = 1 << 5, /* ns[] inodes of the types in it->nsmask */
	PROC_ROOT    = 1 << 6, /* root_dev root_ino: what /proc/PID/root is */
	PROC_STATX   = 1 << 7, /* with PROC_STAT (implies it): utime stime
	                          priority policy vsize, from the same
	                          read of stat (a second parse, so the plain
	                          PROC_STAT path costs nothing more) */
	PROC_ANCHOR  = 1 << 15, /* no file: p's anchor (proc_anchor), which the
	                          reader always keeps, is used after the read
	                          (the parallel scan carries it to act only
	                          when asked: select.h, need_act) */
};

/* namespace types, in the order of ns[] and of proc_ns_names: procps's
 * numbering, so its --nslist bits are these */
enum { PROC_NS_CGROUP, PROC_NS_IPC, PROC_NS_MNT, PROC_NS_NET, PROC_NS_PID,
       PROC_NS_TIME, PROC_NS_USER, PROC_NS_UTS, PROC_NS_N };
#define PROC_NS_ALL ((1u << PROC_NS_N) - 1)
extern const char proc_ns_names[PROC_NS_N][7]; /* "cgroup" "ipc" ... */

struct proc {
	pid_t pid;              /* the process (thread group id) */
	pid_t tid;              /* the thread in thread mode, else == pid */
	unsigned have;          /* PROC_* bits actually read */
	char path[32];          /* "PID" or "PID/task/TID", relative to /proc */

	/* PROC_COMM: raw bytes as the kernel gives them (may hold ')',
	 * blanks, newlines; kernel workers exceed 15 bytes), NUL-ended */
	char comm[64];
	size_t comm_len;

	/* PROC_STAT */
	char state;             /* R S D Z T t I X ... */
	pid_t ppid, pgrp, sid, tpgid;
	unsigned tty;           /* tty_nr as in stat: 0 = none */
	int nice;
	long nthreads;
	unsigned long long start; /* start time, clock ticks since boot */

	/* PROC_STATX */
	unsigned long long utime, stime; /* CPU time, clock ticks */
	long priority;          /* the kernel's: 20 + nice, or -1 - RT prio */
	unsigned policy;        /* scheduling policy (SCHED_OTHER = 0 ...) */
	unsigned long long vsize; /* bytes */

	/* PROC_STATUS */
	uid_t ruid, euid;
	gid_t rgid, egid;
	unsigned long long sigcgt, sigign, sigblk; /* bit n-1 = signal n */
	unsigned long long vmrss; /* resident memory, KiB (0: none shown, as
	                             for kernel threads and zombies) */
	unsigned long long vmlck; /* locked memory, KiB */

	/* PROC_OWNER */
	uid_t ouid;
	gid_t ogid;

	/* PROC_CMDLINE: raw bytes, NULs between (and usually after) the
	 * arguments; cmdline[cmdline_len] is an extra NUL. Empty for zombies
	 * and kernel threads. Points into the iterator: valid until next. */
	char *cmdline;
	size_t cmdline_len;

	/* PROC_NS: inode numbers, 0 for types not asked or not readable */
	unsigned long long ns[PROC_NS_N];

	/* PROC_ROOT */
	unsigned long long root_dev, root_ino;
};

struct proc_iter {
	/* settings: fill after proc_open, before the first proc_next */
	unsigned need;          /* PROC_* mask */
	unsigned nsmask;        /* for PROC_NS: 1 << PROC_NS_x (default all) */
	int nszero;             /* PROC_NS: an unreadable type reads as 0
	                           instead of skipping the process */
	int threads;            /* 1: yield each thread of each process */
	const pid_t *list;      /* non-NULL: visit these PIDs (in this order)
	                           instead of the whole of /proc; outside
	                           thread mode one that is a thread's TID,
	                           not a process, is skipped ... */
	int listed;             /* ... unless the list came from the /proc
	                           directory itself (proc_more), which names
	                           processes only: no check, no extra read */
	size_t nlist;

	/* private */
	int procfd;             /* O_DIRECTORY fd of /proc */
	int anchor;             /* an open file of the current process */
	int taskfd;             /* thread mode: PID/task of the current PID */
	pid_t tgid;             /* thread mode: the current PID */
	size_t ilist, want, pos, end, tpos, tend;
	int eof;
	char *big;              /* cmdline buffer, grows, reused */
	size_t bigcap;
	char *xbuf;             /* proc_file buffer, grows, reused */
	size_t xcap;
	char dents[32768] __attribute__((aligned(8)));
	char tdents[4096] __attribute__((aligned(8)));
};

/* open /proc ("/proc" when dir is NULL), need = mask; 0, or -1 (errno) */
int proc_open(struct proc_iter *it, const char *dir, unsigned need);
void proc_close(struct proc_iter *it);

/* the next process (or thread): 1 with *p filled, 0 at the end, -1 when
 * reading the /proc directory failed (errno). */
int proc_next(struct proc_iter *it, struct proc *p);

/* read the files of need (PROC_*) that p, the process proc_next or
 * proc_get has just read, does not have yet: what a caller needs only
 * for some processes, read right after it has chosen them (p->have
 * grows). 0, or -1 when the process is gone or hidden by now: skip it. */
int proc_fill(struct proc_iter *it, struct proc *p, unsigned need);

/* read one process (tid == 0 or == pid: the process; else that thread of
 * pid) with it->need: 1 with *p filled, 0 if it does not exist/is hidden.
 * Does not disturb an iteration in progress except for p's buffers. */
int proc_get(struct proc_iter *it, pid_t pid, pid_t tid, struct proc *p);

/* an fd of one of p's /proc files, open since p was read, or -1. While it
 * reads without ESRCH, the process read is still alive (target.h uses it to
 * make sure a fresh pidfd is for the same process). Valid until next. */
int proc_anchor(const struct proc_iter *it);

/* hand the iterator an fd as its anchor (a dup of another iterator's,
 * kept while a match waited): from then it is the iterator's, closed at
 * its next read or proc_close; -1 just drops the current one */
void proc_set_anchor(struct proc_iter *it, int fd);

/* on demand, any other file of p ("cgroup", "environ", "status", ...):
 * its whole content in a buffer owned by the iterator (NUL added, valid
 * until the next proc_file call), length in *len; NULL if unreadable. */
char *proc_file(struct proc_iter *it, const struct proc *p, const char *name,
    size_t *len);
/* p's run state letter ('R', 'S', 'Z'...; 0 when unreadable): the one
 * the scan read, or, when its need held no PROC_STAT, the letter after
 * the last ')' of stat ("PID (comm) S ...": a comm may hold one) read on
 * its own, without the whole parse: for callers that want it of a few
 * processes only (docs/PERFORMANCE.md, "Process engine: instruction
 * counts") */
char proc_state(struct proc_iter *it, const struct proc *p);
/* readlink of p's link NAME ("exe", "cwd", "root") into buf (NUL-ended):
 * length, or -1 (errno) */
ssize_t proc_link(struct proc_iter *it, const struct proc *p, const char *name,
    char *buf, size_t cap);

/* the next PIDs the iteration of the whole /proc has not reached yet,
 * in directory order, up to max into v (fewer only at the end of the
 * directory): the count, or -1 (errno). Each getdents64 asks for no more
 * than those max PIDs need, so a short call lists little past them. For
 * a parallel scan, which lists while its threads read. */
ssize_t proc_more(struct proc_iter *it, pid_t *v, size_t max);

/* clock ticks a second (the unit of stat's start time): AT_CLKTCK, as
 * sysconf(_SC_CLK_TCK) gives it; 100 if the kernel did not say */
unsigned long long proc_hz(void);

/* our own PID as this /proc numbers it (readlink "self"), 0 if unknown */
pid_t proc_self(struct proc_iter *it);
/* clock ticks since boot now (from /proc/uptime), 0 if unknown */
unsigned long long proc_now_ticks(struct proc_iter *it);
/* T ticks as procps counts them (through seconds in a double) */
unsigned long long proc_ps_ticks(unsigned long long t);

/* the parsers of the reader, pure (no I/O): buf[0..len) need not be
 * NUL-ended. 0 with the fields filled, or -1 when the record is malformed
 * (a field missing or a number of more than 64 bits).
 * stat fills comm comm_len state ppid pgrp sid tty tpgid nice nthreads
 * start; status fills ruid euid rgid egid sigblk sigign sigcgt vmrss
 * vmlck; uptime
 * gives clock ticks since boot (proc_hz() per second). */
int proc_parse_stat(const char *buf, size_t len, struct proc *p);
int proc_parse_status(const char *buf, size_t len, struct proc *p);
int proc_parse_uptime(const char *buf, size_t len, unsigned long long *ticks);
/* the PROC_STATX fields of a stat record (policy 0 when the kernel is
 * too old to show it): 0, or -1 when malformed */
int proc_parse_statx(const char *buf, size_t len, struct proc *p);
/* a stat record's exit_code (field 52, Linux 3.5+; shown as 0 to a
 * reader that may not ptrace-read the process): the wait status, as
 * waitpid(2) gives it, of a zombie (of a live process: 0, or a ptrace
 * stop's). 0 with *ws set, or -1 when the record has no such field */
int proc_parse_exit_code(const char *buf, size_t len, int *ws);

/* does fd (a /proc file of a process, or its /proc/PID directory, as
 * proc_anchor() gives) still belong to a live process? 1 yes, 0 gone:
 * reading a dead process's files fails with ESRCH. A zombie is alive
 * here (its PID is still its own). */
int proc_fd_alive(int fd);
/* the number after KEY (and blanks) at the start of a line of /proc/FILE:
 * proc_sysnum(it, "stat", "btime ", &v) is when the system booted, in
 * seconds since the epoch; (it, "meminfo", "MemTotal:", &v) its memory,
 * KiB. 0, or -1 */
int proc_sysnum(struct proc_iter *it, const char *file, const char *key,
    long long *v);

/* tty names -> tty_nr as stat shows it: "pts/3", "/dev/pts/3", "tty1",
 * "ttyS0", "console", "?" (= 0, no tty). 0 ok, -1 unknown. */
int proc_tty_parse(const char *s, unsigned *tty_nr);
/* a list of namespace names "ipc,net" (',' or blanks between) -> mask;
 * -1 on an unknown name */
int proc_ns_parse(const char *s, unsigned *mask);
/* one namespace name -> its PROC_NS_x, or -1 */
int proc_ns_index(const char *name, size_t len);

#endif
