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
	{"signal", 0, OPT_VALUE, "SIG", "signal to send", 0},
	{"count", 'c', OPT_FLAG, 0, "count", 0},
	{"delimiter", 'd', OPT_VALUE, "STR", "delimiter", 0},
	{"full", 'f', OPT_FLAG, 0, "full", 0},
	{"pgroup", 'g', OPT_VALUE, "PGID", "groups", 0},
	{"group", 'G', OPT_VALUE, "GID", "real groups", 0},
	{"ignore-case", 'i', OPT_FLAG, 0, "ignore case", 0},
	{"list-name", 'l', OPT_FLAG, 0, "list names", 0},
	{"list-full", 'a', OPT_FLAG, 0, "list full", 0},
	{"newest", 'n', OPT_FLAG, 0, "newest", 0},
	{"oldest", 'o', OPT_FLAG, 0, "oldest", 0},
	{"older", 'O', OPT_VALUE, "SECS", "older", 0},
	{"parent", 'P', OPT_VALUE, "PPID", "parents", 0},
	{"session", 's', OPT_VALUE, "SID", "sessions", 0},
	{"terminal", 't', OPT_VALUE, "TTY", "terminals", 0},
	{"euid", 'u', OPT_VALUE, "ID", "effective ids", 0},
	{"uid", 'U', OPT_VALUE, "ID", "real ids", 0},
	{"inverse", 'v', OPT_FLAG, 0, "negate", 0},
	{"lightweight", 'w', OPT_FLAG, 0, "threads", 0},
	{"exact", 'x', OPT_FLAG, 0, "exact", 0},
	{"pidfile", 'F', OPT_VALUE, "FILE", "pid file", 0},
	{"logpidfile", 'L', OPT_FLAG, 0, "locked", 0},
	{"runstates", 'r', OPT_VALUE, "STATE", "states", 0},
	{"ns", 0, OPT_VALUE, "PID", "namespaces", 0},
	{"nslist", 0, OPT_VALUE, "NS", "which", 0},
	{"quiet", 'q', OPT_FLAG, 0, "quiet", 0},
	{"echo", 'e', OPT_FLAG, 0, "echo", 0},
	{"cgroup", 0, OPT_VALUE | OPT_EXACT, "GRP", "cgroups", 0},
	{"env", 0, OPT_OPTIONAL, "X", 0, 0},
	{"version", 'V', OPT_FLAG, 0, "version", 0},
	{"help", 'h', OPT_FLAG, 0, "help", 0},
	{0, 0, 0, 0, 0, 0},
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
