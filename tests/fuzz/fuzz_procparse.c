/* fuzz_procparse: the reader's pure parsers (proc_parse_stat, _status,
 * _uptime, _exit_code) on records of exactly the input's size, so ASan sees any read
 * past the end. Input: byte 0 picks the parser, the rest is the record.
 * Oracles: an accepted stat has a NUL-ended name of at most 63 bytes, the
 * text between its '(' and the ')' that ends the name, and a state
 * letter; every parser answers 0 or -1 (a rejected record is skipped). */
#include "fuzz.h"
#include "process/proc.h"

static void stat_check(const char *b, size_t n, const struct proc *p)
{
	const char *open = memchr(b, '(', n), *close = NULL;
	size_t w;

	/* the reader keeps the first 1023 bytes of a record, and the name ends
	 * at the last ')' of the 64 bytes after '(' (a kernel name is at most
	 * 63 bytes, so the last ')' of a longer window would be a later
	 * field's) */
	if (n > 1023)
		n = 1023;
	CHECK(open != NULL);
	w = (size_t)(b + n - open - 1);
	if (w > sizeof p->comm)
		w = sizeof p->comm;
	for (size_t i = w; i > 0; i--)
		if (open[i] == ')') {
			close = open + i;
			break;
		}
	CHECK(close != NULL);
	CHECK(p->comm_len < sizeof p->comm);
	CHECK(p->comm[p->comm_len] == 0);
	CHECK(p->comm_len == (size_t)(close - open - 1));
	CHECK(!memcmp(p->comm, open + 1, p->comm_len));
	CHECK(p->state != 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct proc p;
	unsigned long long t;
	char *b;
	int r;

	if (!size)
		return 0;
	b = malloc(size - 1 ? size - 1 : 1);
	if (!b)
		return 0;
	memcpy(b, data + 1, size - 1);
	memset(&p, 0, sizeof p);
	switch (data[0] % 4) {
	case 0:
		r = proc_parse_stat(b, size - 1, &p);
		if (!r)
			stat_check(b, size - 1, &p);
		break;
	case 1:
		r = proc_parse_status(b, size - 1, &p);
		break;
	case 3: {
		int ws = -1;

		r = proc_parse_exit_code(b, size - 1, &ws);
		CHECK(r || ws >= 0);
		break;
	}
	default:
		r = proc_parse_uptime(b, size - 1, &t);
		break;
	}
	CHECK(r == 0 || r == -1);
	free(b);
	return 0;
}
