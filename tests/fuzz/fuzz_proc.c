/* fuzz_proc: the /proc reader over a fake /proc. The harness keeps a temp
 * directory shaped like /proc: PIDs 1 and 4242 (each with task/PID -> the
 * PID folder itself, ns/ entries and a root link), a "self" link and a
 * non-PID folder; each input rewrites the files the reader parses: stat,
 * status, cmdline and comm of both PIDs, then uptime. Input: byte 0 = the
 * need mask (bits 0-6) and thread mode (bit 7), then per file a 2-byte
 * little-endian length and that many bytes (short input: empty files).
 * Each input walks with its own mask and with every bit, in both modes,
 * then proc_get, proc_file and proc_now_ticks. Properties: no crash, no
 * sanitizer report, names NUL-ended within their buffers, only the PIDs
 * that exist, at most once each per walk (twice in thread mode). */
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "process/proc.h"

static char root[64];
static const char *const pids[] = {"1", "4242"};
static const char *const files[] = {"stat", "status", "cmdline", "comm"};
static struct proc_iter it;

static void mk(const char *rel, int dir)
{
	char p[256];

	snprintf(p, sizeof p, "%s/%s", root, rel);
	if (dir ? mkdir(p, 0700) : close(open(p, O_WRONLY | O_CREAT, 0600)))
		abort();
}

static void ln(const char *to, const char *rel)
{
	char p[256];

	snprintf(p, sizeof p, "%s/%s", root, rel);
	if (symlink(to, p))
		abort();
}

static void rmrf(void)
{
	char cmd[128];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	if (system(cmd))
		return;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	snprintf(root, sizeof root, "%s/qbfuzz-proc.%d", fuzz_tmp(), (int)getpid());
	rmrf();
	if (mkdir(root, 0700))
		abort();
	atexit(rmrf);
	for (int i = 0; i < 2; i++) {
		char rel[64];

		mk(pids[i], 1);
		snprintf(rel, sizeof rel, "%s/task", pids[i]);
		mk(rel, 1);
		snprintf(rel, sizeof rel, "%s/task/%s", pids[i], pids[i]);
		ln("..", rel);
		snprintf(rel, sizeof rel, "%s/ns", pids[i]);
		mk(rel, 1);
		for (int k = 0; k < PROC_NS_N; k++) {
			snprintf(rel, sizeof rel, "%s/ns/%s", pids[i], proc_ns_names[k]);
			mk(rel, 0);
		}
		snprintf(rel, sizeof rel, "%s/root", pids[i]);
		ln("/", rel);
	}
	ln("4242", "self");
	mk("sys", 1);
	return 0;
}

/* the next length-prefixed part of the input */
static void part(const uint8_t **d, size_t *n, const uint8_t **p, size_t *len)
{
	*len = 0;
	if (*n >= 2) {
		*len = (size_t)(*d)[0] | (size_t)(*d)[1] << 8;
		*d += 2, *n -= 2;
		if (*len > *n)
			*len = *n;
	} else {
		*n = 0;
	}
	*p = *d;
	*d += *len, *n -= *len;
}

static void put(const char *rel, const uint8_t *d, size_t len)
{
	char p[256];
	int fd;

	snprintf(p, sizeof p, "%s/%s", root, rel);
	fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || (len && write(fd, d, len) != (ssize_t)len))
		abort();
	close(fd);
}

static void check(const struct proc *p)
{
	CHECK(p->pid == 1 || p->pid == 4242);
	CHECK(p->tid == p->pid);
	if (p->have & PROC_COMM) {
		CHECK(p->comm_len < sizeof p->comm);
		CHECK(p->comm[p->comm_len] == 0);
	}
	if (p->have & PROC_CMDLINE)
		CHECK(p->cmdline[p->cmdline_len] == 0);
}

static void walk(unsigned need, int threads)
{
	struct proc p;
	int r, seen = 0;

	if (proc_open(&it, root, need))
		abort();
	it.threads = threads;
	while ((r = proc_next(&it, &p)) > 0) {
		check(&p);
		seen++;
	}
	CHECK(r == 0);
	CHECK(seen <= 2);
	if (proc_get(&it, 4242, 0, &p) > 0) {
		size_t len = 0;
		char *s;

		check(&p);
		s = proc_file(&it, &p, "status", &len);
		CHECK(!s || s[len] == 0);
	}
	proc_now_ticks(&it);
	CHECK(proc_self(&it) == 4242);
	proc_close(&it);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned need;
	int threads;
	const uint8_t *pd[9];
	size_t pl[9];

	if (!size)
		return 0;
	need = data[0] & 0x7f;
	threads = data[0] >> 7;
	data++, size--;
	for (int i = 0; i < 9; i++) {
		part(&data, &size, &pd[i], &pl[i]);
	}
	for (int i = 0; i < 2; i++)
		for (int k = 0; k < 4; k++) {
			char rel[64];

			snprintf(rel, sizeof rel, "%s/%s", pids[i], files[k]);
			put(rel, pd[i * 4 + k], pl[i * 4 + k]);
		}
	put("uptime", pd[8], pl[8]);
	walk(need, threads);
	walk(0x7f, !threads);
	return 0;
}
