/* unit_proc: drives the /proc reader and the selection engine directly, for
 * what pf itself does not use (tests/pf.bats "reader:" tests).
 *   unit_proc threads PID        each thread of PID: "pid tid comm"
 *   unit_proc show PID           the fields pgrep needs, one "key=value" a line
 *   unit_proc file PID NAME      proc_file: "len=N" then the first line
 *   unit_proc link PID NAME      proc_link
 *   unit_proc tty NAME           proc_tty_parse: tty_nr in hex, or "bad"
 *   unit_proc scan DIR           the reader on a fake /proc DIR (stat and
 *                                status): "pid comm state ppid ruid sigcgt"
 *                                per process that parses; then "uptime=T"
 *   unit_proc json STRING        fld_json_str of STRING's bytes
 *   unit_proc ident TOKEN        ident_parse: "pid kind val", or "bad";
 *                                then the token ident_format makes of it
 *   unit_proc signal PID SIG [tid_ok]  tgt_hold PID (no anchor), then
 *                                tgt_signal SIG (a number): "sent", or
 *                                "held: ERRNO" / "signal: ERRNO" (the
 *                                errno's number) where it failed
 *   unit_proc psticks T...       proc_ps_ticks of each T, one a line
 *   unit_proc parse KIND FILE    proc_parse_KIND (stat statx status uptime
 *                                exit_code) on
 *                                FILE's bytes in a buffer of exactly their
 *                                size, no NUL after (ASan sees overreads) */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "process/fields.h"
#include "process/ident.h"
#include "lib/num.h"
#include "process/proc.h"
#include "process/select.h"
#include "process/target.h"

static int print_thread(void *ctx, struct proc_iter *it, const struct proc *p, int pat)
{
	(void)ctx, (void)it, (void)pat;
	printf("%d %d %s\n", (int)p->pid, (int)p->tid, p->comm);
	return 0;
}

static int threads(pid_t pid)
{
	struct sel s;

	memset(&s, 0, sizeof s);
	sel_add(&s.pids, pid);
	s.threads = 1;
	s.need = PROC_COMM;
	s.act = print_thread;
	if (sel_run(&s))
		return 3;
	sel_free(&s.pids);
	return s.nsel ? 0 : 1;
}

static int show(struct proc_iter *it, pid_t pid)
{
	struct proc p;

	it->need = PROC_STAT | PROC_STATUS | PROC_OWNER | PROC_CMDLINE | PROC_NS;
	if (!proc_get(it, pid, 0, &p))
		return 1;
	printf("comm=%s\nstate=%c\nppid=%d\npgrp=%d\nsid=%d\ntty=%u\n", p.comm,
	    p.state, (int)p.ppid, (int)p.pgrp, (int)p.sid, p.tty);
	printf("ruid=%u\neuid=%u\nrgid=%u\negid=%u\nouid=%u\nsigcgt=%llx\n",
	    (unsigned)p.ruid, (unsigned)p.euid, (unsigned)p.rgid,
	    (unsigned)p.egid, (unsigned)p.ouid, p.sigcgt);
	printf("cmdline_len=%zu\nstart_ok=%d\nns_pid_ok=%d\n", p.cmdline_len,
	    p.start > 0, p.ns[PROC_NS_PID] > 0);
	return 0;
}

static int scan(const char *dir)
{
	static struct proc_iter it;
	struct proc p;
	int n = 0;

	if (proc_open(&it, dir, PROC_STAT | PROC_STATUS))
		return 2;
	while (proc_next(&it, &p) > 0) {
		printf("%d %s %c %d %u %llx\n", (int)p.pid, p.comm, p.state,
		    (int)p.ppid, (unsigned)p.ruid, p.sigcgt);
		n++;
	}
	printf("uptime=%llu\n", proc_now_ticks(&it));
	proc_close(&it);
	return n ? 0 : 1;
}

static int parse(const char *kind, const char *file)
{
	char tmp[8192];
	ssize_t n;
	char *buf;
	struct proc p;
	unsigned long long t;
	int fd = open(file, O_RDONLY), rc;

	if (fd < 0 || (n = read(fd, tmp, sizeof tmp)) < 0)
		return 2;
	close(fd);
	buf = malloc(n ? (size_t)n : 1);
	memcpy(buf, tmp, (size_t)n);
	memset(&p, 0, sizeof p);
	if (!strcmp(kind, "stat")) {
		rc = proc_parse_stat(buf, (size_t)n, &p);
		if (!rc)
			printf("comm=%s state=%c ppid=%d tty=%u nice=%d start=%llu\n",
			    p.comm, p.state, (int)p.ppid, p.tty, p.nice, p.start);
	} else if (!strcmp(kind, "statx")) {
		rc = proc_parse_statx(buf, (size_t)n, &p);
		if (!rc)
			printf("utime=%llu stime=%llu priority=%ld policy=%u vsize=%llu\n",
			    p.utime, p.stime, p.priority, p.policy, p.vsize);
	} else if (!strcmp(kind, "exit_code")) {
		int ws;

		rc = proc_parse_exit_code(buf, (size_t)n, &ws);
		if (!rc)
			printf("exit_code=%d\n", ws);
	} else if (!strcmp(kind, "status")) {
		rc = proc_parse_status(buf, (size_t)n, &p);
		if (!rc)
			printf("ruid=%u euid=%u rgid=%u egid=%u sigcgt=%llx "
			    "vmrss=%llu vmlck=%llu\n", (unsigned)p.ruid,
			    (unsigned)p.euid, (unsigned)p.rgid, (unsigned)p.egid,
			    p.sigcgt, p.vmrss, p.vmlck);
	} else {
		rc = proc_parse_uptime(buf, (size_t)n, &t);
		if (!rc)
			printf("ticks=%llu\n", t);
	}
	free(buf);
	if (rc)
		puts("malformed");
	return rc ? 1 : 0;
}

static pid_t pid_of(const char *s)
{
	long long v;

	return num_ll(s, 0, 0x7fffffff, &v) ? 0 : (pid_t)v;
}

int main(int argc, char **argv)
{
	struct proc_iter *it = malloc(sizeof *it);
	struct proc p;
	unsigned t;
	int rc = 2;

	if (argc == 3 && !strcmp(argv[1], "scan"))
		return scan(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "parse"))
		return parse(argv[2], argv[3]);
	if (argc > 2 && !strcmp(argv[1], "psticks")) {
		for (int i = 2; i < argc; i++)
			printf("%llu\n", proc_ps_ticks(strtoull(argv[i], NULL, 10)));
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "json")) {
		struct fld_buf b = {0};

		fld_json_str(&b, argv[2], strlen(argv[2]));
		puts(b.s);
		free(b.s);
		return 0;
	}
	if ((argc == 4 || argc == 5) && !strcmp(argv[1], "signal")) {
		struct target t = {.fd = -1, .tid_ok = argc == 5};

		if (tgt_hold(&t, NULL, pid_of(argv[2]), -1))
			printf("held: %d\n", t.err);
		if (tgt_signal(&t, atoi(argv[3])))
			return printf("signal: %d\n", errno), 1;
		return puts("sent"), 0;
	}
	if (argc == 3 && !strcmp(argv[1], "ident")) {
		struct ident id;
		char tok[IDENT_MAX];

		if (ident_parse(argv[2], &id))
			return puts("bad"), 1;
		ident_format(&id, tok, sizeof tok);
		printf("%d %d %llu %s\n", (int)id.pid, id.kind, id.val, tok);
		return 0;
	}
	if (argc < 3 || proc_open(it, NULL, 0))
		return 2;
	if (!strcmp(argv[1], "threads"))
		rc = threads(pid_of(argv[2]));
	else if (!strcmp(argv[1], "show"))
		rc = show(it, pid_of(argv[2]));
	else if (!strcmp(argv[1], "tty"))
		rc = proc_tty_parse(argv[2], &t) ? (puts("bad"), 1) : (printf("%x\n", t), 0);
	else if (argc > 3 && !proc_get(it, pid_of(argv[2]), 0, &p))
		rc = 1;
	else if (argc > 3) {
		char buf[4096];
		size_t len;
		char *d;

		if (!strcmp(argv[1], "file") && (d = proc_file(it, &p, argv[3], &len))) {
			printf("len=%zu\n%.*s\n", len, (int)strcspn(d, "\n"), d);
			rc = 0;
		} else if (!strcmp(argv[1], "link") &&
		    proc_link(it, &p, argv[3], buf, sizeof buf) >= 0) {
			puts(buf);
			rc = 0;
		} else {
			rc = 1;
		}
	}
	proc_close(it);
	free(it);
	return rc;
}
