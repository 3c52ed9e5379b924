/* fuzz_opt: opt_parse on arbitrary argv (the input split on NUL; byte 0
 * picks table and style) against two tables with every kind of option:
 * flags, values, optional values, long-only, hidden, exact-only, and
 * names that share prefixes. Properties: the callback only sees ids of
 * the table or OPT_OPERAND; a flag's value is NULL, "0" or "1"; a value
 * option always has a value, pointing into argv; operands are argv words
 * or their tails; on failure opt_err holds one line naming the program. */
#include "fuzz.h"
#include "lib/opt.h"
#include "../opt_table.h"

/* shaped like the procps personalities' table */
static const struct optdef t_procps[] = {
	{OPT_TEXT("signal", "SIG", "signal to send"), 0, OPT_VALUE, 0},
	{OPT_TEXT("count", "", "count"), 'c', OPT_FLAG, 0},
	{OPT_TEXT("delimiter", "STR", "delimiter"), 'd', OPT_VALUE, 0},
	{OPT_TEXT("full", "", "full"), 'f', OPT_FLAG, 0},
	{OPT_TEXT("pgroup", "PGID", "groups"), 'g', OPT_VALUE, 0},
	{OPT_TEXT("group", "GID", "real groups"), 'G', OPT_VALUE, 0},
	{OPT_TEXT("ignore-case", "", "ignore case"), 'i', OPT_FLAG, 0},
	{OPT_TEXT("list-name", "", "list names"), 'l', OPT_FLAG, 0},
	{OPT_TEXT("list-full", "", "list full"), 'a', OPT_FLAG, 0},
	{OPT_TEXT("newest", "", "newest"), 'n', OPT_FLAG, 0},
	{OPT_TEXT("oldest", "", "oldest"), 'o', OPT_FLAG, 0},
	{OPT_TEXT("older", "SECS", "older"), 'O', OPT_VALUE, 0},
	{OPT_TEXT("parent", "PPID", "parents"), 'P', OPT_VALUE, 0},
	{OPT_TEXT("session", "SID", "sessions"), 's', OPT_VALUE, 0},
	{OPT_TEXT("terminal", "TTY", "terminals"), 't', OPT_VALUE, 0},
	{OPT_TEXT("euid", "ID", "effective ids"), 'u', OPT_VALUE, 0},
	{OPT_TEXT("uid", "ID", "real ids"), 'U', OPT_VALUE, 0},
	{OPT_TEXT("inverse", "", "negate"), 'v', OPT_FLAG, 0},
	{OPT_TEXT("lightweight", "", "threads"), 'w', OPT_FLAG, 0},
	{OPT_TEXT("exact", "", "exact"), 'x', OPT_FLAG, 0},
	{OPT_TEXT("pidfile", "FILE", "pid file"), 'F', OPT_VALUE, 0},
	{OPT_TEXT("logpidfile", "", "locked"), 'L', OPT_FLAG, 0},
	{OPT_TEXT("runstates", "STATE", "states"), 'r', OPT_VALUE, 0},
	{OPT_TEXT("ns", "PID", "namespaces"), 0, OPT_VALUE, 0},
	{OPT_TEXT("nslist", "NS", "which"), 0, OPT_VALUE, 0},
	{OPT_TEXT("quiet", "", "quiet"), 'q', OPT_FLAG, 0},
	{OPT_TEXT("echo", "", "echo"), 'e', OPT_FLAG, 0},
	{OPT_TEXT("cgroup", "GRP", "cgroups"), 0, OPT_VALUE | OPT_EXACT, 0},
	{OPT_TEXT("env", "X", ""), 0, OPT_OPTIONAL, 0},
	{OPT_TEXT("version", "", "version"), 'V', OPT_FLAG, 0},
	{OPT_TEXT("help", "", "help"), 'h', OPT_FLAG, 0},
	{0, 0, 0, 0},
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
