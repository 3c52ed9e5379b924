/* fuzz_rec: the record engine (rec.h) against a reference model, on a
 * pipe and on a regular file.
 * Input: byte 0 = mode bits (0: byte records, 1: regular file, else pipe,
 * 2: counting, 3: output terminator differs from the delimiter, 4: an emit
 * budget), byte 1 = delimiter (its low bit picks '\n' or NUL, else the
 * byte itself when bit 7 of byte 0 is set; bit 6 repeats the data up to
 * 600 KiB or more, past the engine's 128 KiB reads and 256 KiB chunks), byte 2 = budget, bytes 3-5 =
 * three operations (low 2 bits: skip, copy, tail, drop-tail; the rest: n,
 * 63 = all), then the data. The first two operations are used as forward
 * steps (skip or copy), the third as the final step, which is how the
 * applets compose "head part, then tail part of what is left".
 * The model: records are the data cut after each delimiter (a last one
 * may lack it), or single bytes; the sink writes a row's body, then the
 * terminator instead of its delimiter, and stops when the budget is spent. */
// fuzz-opts: -max_len=8192
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "lib/out.h"
#include "records/rec.h"

static int outfd = -1;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	outfd = memfd_create("qbfuzz-out", MFD_CLOEXEC);
	if (outfd < 0)
		abort();
	out_fd = outfd;
	return 0;
}

struct model {
	const uint8_t *d;
	size_t n;
	size_t *start;          /* record i is d[start[i] .. start[i + 1]) */
	size_t nrec, cur;       /* cur: the next record */
	int ird, eor, bytes;
	unsigned long long left;
	uint8_t *out;
	size_t olen;
};

static void m_split(struct model *m)
{
	m->start = malloc((m->n + 2) * sizeof *m->start);
	m->nrec = 0;
	m->start[0] = 0;
	for (size_t i = 0; i < m->n; i++)
		if (m->bytes || m->d[i] == m->ird)
			m->start[++m->nrec] = i + 1;
	if (m->start[m->nrec] < m->n)
		m->start[++m->nrec] = m->n;
}

static void m_emit(struct model *m, size_t from, size_t to)
{
	for (size_t r = from; r < to && m->left; r++) {
		size_t a = m->start[r], b = m->start[r + 1];

		if (m->bytes) {
			m->out[m->olen++] = m->d[a];
			if (m->left != REC_ALL)
				m->left--;
			continue;
		}
		if (m->d[b - 1] != m->ird) {    /* the unterminated last row */
			memcpy(m->out + m->olen, m->d + a, b - a);
			m->olen += b - a;
			continue;
		}
		memcpy(m->out + m->olen, m->d + a, b - a - 1);
		m->olen += b - a - 1;
		m->out[m->olen++] = (uint8_t)m->eor;
		if (m->left != REC_ALL)
			m->left--;
	}
}

static size_t clampn(const struct model *m, unsigned long long n)
{
	return n > m->nrec - m->cur ? m->nrec - m->cur : (size_t)n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct model m;
	struct rin in;
	struct rsink s;
	int fd, pfd[2] = {-1, -1}, file, counting, r = 0;
	unsigned long long ops[3];
	int kinds[3];
	uint8_t *got, *bigdata = NULL;
	off_t glen, past = -1;  /* an offset a byte skip left past the end */

	if (size < 6 || size > 8192)
		return 0;
	memset(&m, 0, sizeof m);
	m.bytes = data[0] & 1;
	file = data[0] >> 1 & 1;
	counting = data[0] >> 2 & 1;
	m.ird = data[0] & 0x80 ? data[1] : data[1] & 1 ? '\n' : 0;
	m.eor = data[0] & 8 ? (m.ird == '\n' ? 0 : '\n') : m.ird;
	m.left = data[0] & 16 ? data[2] : REC_ALL;
	for (int i = 0; i < 3; i++) {
		kinds[i] = data[3 + i] & 3;
		ops[i] = data[3 + i] >> 2;
		if (ops[i] == 63)
			ops[i] = REC_ALL;
	}
	m.d = data + 6;
	m.n = size - 6;
	if (data[0] & 0x40 && m.n) {
		size_t reps = (600u << 10) / m.n + 1;
		uint8_t *big = malloc(reps * m.n);

		for (size_t i = 0; i < reps; i++)
			memcpy(big + i * m.n, m.d, m.n);
		m.d = bigdata = big;
		m.n *= reps;
	}
	m.out = malloc(m.n + 1);
	m_split(&m);

	if (file) {
		fd = memfd_create("qbfuzz-in", MFD_CLOEXEC);
		if (fd < 0 || write(fd, m.d, m.n) != (ssize_t)m.n || lseek(fd, 0, SEEK_SET))
			abort();
	} else {
		/* the data must fit in the pipe before anyone reads */
		if (pipe2(pfd, O_CLOEXEC) ||
		    fcntl(pfd[1], F_SETPIPE_SZ, (int)m.n + 4096) < (int)m.n ||
		    (m.n && write(pfd[1], m.d, m.n) != (ssize_t)m.n))
			abort();
		close(pfd[1]);
		fd = pfd[0];
	}
	rec_init(&in, fd, m.ird, m.bytes, counting);
	s.ird = m.ird;
	s.eor = m.eor;
	s.bytes = m.bytes;
	s.left = m.left;
	s.nout = 0;

	/* two forward steps */
	for (int i = 0; i < 2 && !r; i++) {
		size_t k = clampn(&m, ops[i]);

		if (kinds[i] & 1) {
			r = rec_copy(&in, &s, ops[i]);
			m_emit(&m, m.cur, m.cur + k);
		} else {
			r = rec_skip(&in, ops[i]);
		}
		m.cur += k;
		CHECK(r == 0);
		if (in.seekable && m.left == REC_ALL && s.left == REC_ALL) {
			/* consumed exactly the records stepped over; a byte
			 * skip past the end seeks past it, as GNU tail -c +N
			 * does (10 bytes, tail -c +20: the offset is 19), and
			 * a later step leaves it there */
			struct rin cp = in;
			off_t at;

			rec_unread(&cp);
			at = lseek(fd, 0, SEEK_CUR);
			CHECK(at == (off_t)m.start[m.cur] ||
			    (m.bytes && k < ops[i] && at > (off_t)m.n) ||
			    at == past);
			if (at > (off_t)m.n)
				past = at;
			in = cp;
		}
	}
	/* the final step */
	if (kinds[2] == 2) {
		struct rkeep k;
		unsigned long long n = ops[2] ? ops[2] : 1;
		size_t keep = clampn(&m, n);

		r = rec_tail_find(&in, n, &k);
		CHECK(r == 0);
		/* a spent budget stops a copy early: the position is then free */
		if (s.left)
			CHECK(k.skipped == (m.nrec - m.cur > keep));
		r = rec_tail_emit(&in, &s, &k);
		m_emit(&m, m.nrec - keep, m.nrec);
	} else if (kinds[2] == 3) {
		size_t keep = clampn(&m, ops[2]);

		r = rec_drop_tail(&in, &s, ops[2]);
		m_emit(&m, m.cur, m.nrec - keep);
		if (!r && in.seekable && m.left == REC_ALL && ops[2]) {
			/* every line left dropped: the offset is where GNU head
			 * leaves it, after the 8 KiB block read back at the
			 * current line (or at the end, if nearer); bytes need no
			 * reading back, and a file of one block or less is read
			 * as a stream: both leave it at the current row, and an
			 * offset a byte skip put past the end stays there */
			off_t want = (off_t)m.start[m.nrec - keep];
			size_t c = m.start[m.cur];
			struct stat st;

			if (!m.bytes && m.nrec - keep == m.cur && m.n > c &&
			    !fstat(fd, &st) && m.n > (size_t)st.st_blksize)
				want = (off_t)(m.n - c > 8192 ? c + 8192 : m.n);
			if (past >= 0)
				want = past;
			CHECK(lseek(fd, 0, SEEK_CUR) == want);
		}
	} else if (kinds[2] == 1) {
		r = rec_copy(&in, &s, REC_ALL);
		m_emit(&m, m.cur, m.nrec);
	}
	CHECK(r == 0);
	CHECK(out_flush() == 0);
	glen = lseek(outfd, 0, SEEK_CUR);
	got = malloc((size_t)glen + 1);
	CHECK(pread(outfd, got, (size_t)glen, 0) == glen);
	if ((size_t)glen != m.olen || memcmp(got, m.out, m.olen))
		fprintf(stderr, "rec: got %lld bytes, model %zu\n", (long long)glen, m.olen);
	CHECK((size_t)glen == m.olen && !memcmp(got, m.out, m.olen));
	CHECK(s.nout == m.olen);
	if (counting) {
		CHECK(rec_drain(&in) == 0);
		CHECK(rec_count(&in) == m.nrec);
	}
	if (ftruncate(outfd, 0) || lseek(outfd, 0, SEEK_SET))
		abort();
	free(got);
	rec_free(&in);
	close(fd);
	free(m.out);
	free(m.start);
	free(bigdata);
	return 0;
}
