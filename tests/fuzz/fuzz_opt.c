/* fuzz_opt: opt_parse on arbitrary argv (the input split on NUL; byte 0
 * picks table and style) against two tables with every kind of option:
 * flags, values, optional values, long-only, hidden, exact-only, and
 * names that share prefixes. Properties: the callback only sees ids of
 * the table or OPT_OPERAND; a flag's value is NULL, "0" or "1"; a value
 * option always has a value, pointing into argv; operands are argv words
 * or their tails; on failure opt_err holds one line naming the program. */
#include "fuzz.h"
#include "opt.h"
#include "../opt_table.h"

/* shaped like the procps personalities' table */
static const struct optdef t_procps[] = {
	{"signal\0SIG", 0, OPT_VALUE, "signal to send", 0},
	{"count", 'c', OPT_FLAG, "count", 0},
	{"delimiter\0STR", 'd', OPT_VALUE, "delimiter", 0},
	{"full", 'f', OPT_FLAG, "full", 0},
	{"pgroup\0PGID", 'g', OPT_VALUE, "groups", 0},
	{"group\0GID", 'G', OPT_VALUE, "real groups", 0},
	{"ignore-case", 'i', OPT_FLAG, "ignore case", 0},
	{"list-name", 'l', OPT_FLAG, "list names", 0},
	{"list-full", 'a', OPT_FLAG, "list full", 0},
	{"newest", 'n', OPT_FLAG, "newest", 0},
	{"oldest", 'o', OPT_FLAG, "oldest", 0},
	{"older\0SECS", 'O', OPT_VALUE, "older", 0},
	{"parent\0PPID", 'P', OPT_VALUE, "parents", 0},
	{"session\0SID", 's', OPT_VALUE, "sessions", 0},
	{"terminal\0TTY", 't', OPT_VALUE, "terminals", 0},
	{"euid\0ID", 'u', OPT_VALUE, "effective ids", 0},
	{"uid\0ID", 'U', OPT_VALUE, "real ids", 0},
	{"inverse", 'v', OPT_FLAG, "negate", 0},
	{"lightweight", 'w', OPT_FLAG, "threads", 0},
	{"exact", 'x', OPT_FLAG, "exact", 0},
	{"pidfile\0FILE", 'F', OPT_VALUE, "pid file", 0},
	{"logpidfile", 'L', OPT_FLAG, "locked", 0},
	{"runstates\0STATE", 'r', OPT_VALUE, "states", 0},
	{"ns\0PID", 0, OPT_VALUE, "namespaces", 0},
	{"nslist\0NS", 0, OPT_VALUE, "which", 0},
	{"quiet", 'q', OPT_FLAG, "quiet", 0},
	{"echo", 'e', OPT_FLAG, "echo", 0},
	{"cgroup\0GRP", 0, OPT_VALUE | OPT_EXACT, "cgroups", 0},
	{"env\0X", 0, OPT_OPTIONAL, 0, 0},
	{"version", 'V', OPT_FLAG, "version", 0},
	{"help", 'h', OPT_FLAG, "help", 0},
	{0, 0, 0, 0, 0},
};

struct ctx {
	const struct optdef *defs;
	int ndefs, argc, events;
	char **argv;
	int stop_at;
};

/* p lies inside one of the words (an operand may be a word's tail) */
static int in_argv(const struct ctx *c, const char *p)
{
	for (int i = 0; i < c->argc; i++)
		if (p >= c->argv[i] && p <= c->argv[i] + strlen(c->argv[i]))
			return 1;
	return 0;
}

static int event(void *vc, int id, char *val)
{
	struct ctx *c = vc;

	c->events++;
	if (id == OPT_OPERAND) {
		CHECK(val && in_argv(c, val));
	} else {
		CHECK(id >= 0 && id < c->ndefs);
		switch (c->defs[id].arg & 3) {
		case OPT_FLAG:
			CHECK(!val || !strcmp(val, "0") || !strcmp(val, "1"));
			break;
		case OPT_VALUE:
			CHECK(val && in_argv(c, val));
			break;
		default:
			CHECK(!val || in_argv(c, val));
		}
	}
	if (c->events == c->stop_at) {
		opt_seterr("prog: stopped");
		return -1;
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int styles[] = {OPT_CLIGEN, OPT_GNU,
	    OPT_CLIGEN | OPT_INORDER, OPT_GNU | OPT_INORDER};
	char *w[65], *argv[66];
	struct ctx c;
	struct optset os = {"[options] ARGS", 0, 0, 0};
	int n, r;

	if (!size || size > 2048)
		return 0;
	os.defs = data[0] & 4 ? t_procps : test_defs;
	os.style = styles[data[0] & 3];
	n = fuzz_words(data + 1, size - 1, w + 1, 64);
	w[0] = strdup(data[0] & 8 ? "/usr/bin/prog" : "prog");
	memset(&c, 0, sizeof c);
	c.defs = os.defs;
	while (os.defs[c.ndefs].lname)
		c.ndefs++;
	c.argc = n + 1;
	/* the parser may permute argv: give it a copy, keep the words */
	memcpy(argv, w, (size_t)(n + 1) * sizeof *argv);
	argv[n + 1] = NULL;
	c.argv = w;
	c.stop_at = data[0] >> 4;
	opt_err[0] = 0;
	r = opt_parse(&os, n + 1, argv, event, &c);
	CHECK(r == 0 || r == -1);
	if (r) {
		size_t l = strnlen(opt_err, sizeof opt_err);

		CHECK(l > 0 && l < sizeof opt_err);
		CHECK(!strncmp(opt_err, "prog: ", 6) || !strncmp(opt_err, "/usr/bin/prog: ", 15));
	}
	/* every word is still there, maybe moved */
	for (int i = 0; i <= n; i++) {
		int found = 0;

		for (int j = 0; j <= n && !found; j++)
			found = argv[j] == w[i];
		CHECK(found);
	}
	fuzz_free_words(w, n + 1);
	return 0;
}
