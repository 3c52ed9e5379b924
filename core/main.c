/* main.c: the multicall dispatcher. argv[0]'s basename (a leading '-'
 * dropped, as login shells do) names the applet; "quickbox NAME ARGS"
 * shifts once. The table comes from config/applets.def. quickbox's own
 * options (--list, --install ...) are read here too. */
#include <string.h>
#include <unistd.h>

#include "applets.h"
#include "lib/err.h"
#include "lib/links.h"
#include "lib/opt.h"
#include "lib/out.h"
#include "lib/priv.h"

struct applet {
	const char *name;
	const char *family;
	int (*entry)(int, char **);
	const char *desc;
};

/* A disabled applet's entry folds to NULL at compile time, so its family
 * file need not be linked; lookups and --list skip it. */
#define ENABLED(name) ENABLE_##name
#define APPLET(name, family, entry, desc) \
	{ #name, #family, ENABLED(name) ? entry : 0, desc },
static const struct applet applets[] = {
#include "../config/applets.def"
};
#undef APPLET
#define NAPPLETS (sizeof applets / sizeof *applets)

static const struct applet *find(const char *name)
{
	size_t i;

	for (i = 0; i < NAPPLETS; i++)
		if (applets[i].entry && !strcmp(applets[i].name, name))
			return &applets[i];
	return 0;
}

/* verbose 0: names; 1: names and descriptions in columns (--help);
 * 2: name<TAB>family<TAB>description (--list-full, for scripts) */
static void list(int verbose)
{
	size_t i;

	for (i = 0; i < NAPPLETS; i++) {
		if (!applets[i].entry)
			continue;
		out_str(applets[i].name);
		if (verbose == 2) {
			out_char('\t');
			out_str(applets[i].family);
			out_char('\t');
			out_str(applets[i].desc);
		} else if (verbose) {
			size_t n = strlen(applets[i].name);

			do
				out_char(' ');
			while (++n < 10);
			out_str(applets[i].desc);
		}
		out_char('\n');
	}
}

static void usage(void)
{
	out_str("quickbox " QB_VERSION ": one binary, many tools\n"
	    "Usage: quickbox APPLET [ARGS...]   or   APPLET [ARGS...] via a link\n"
	    "       quickbox --list | --list-full | --help | --version\n"
	    "       quickbox --install [-s|-h] [-f] DIR [APPLET...]\n"
	    "         links in DIR: -s, --symbolic (default); -h, --hard;\n"
	    "         -f, --force replaces files that are not links to quickbox\n"
	    "       quickbox --which NAME   what NAME on PATH runs\n"
	    "\nApplets:\n");
	list(1);
}

/* --install's own options, in the native (cligen) syntax; the table's
 * form is opt.h's */
enum { I_SYMBOLIC, I_HARD, I_FORCE, I_NOPTS };
static const struct optdef inst_defs[] = {
	[I_SYMBOLIC] = {OPT_TEXT("symbolic", "", "symbolic links (the default)"), 's', OPT_FLAG, 0},
	[I_HARD] = {OPT_TEXT("hard", "", "hard links"), 'h', OPT_FLAG, 0},
	[I_FORCE] = {OPT_TEXT("force", "", "replace files that are not links to quickbox"), 'f', OPT_FLAG, 0},
	[I_NOPTS] = {0, 0, 0, 0}
};
_Static_assert(sizeof inst_defs / sizeof *inst_defs == I_NOPTS + 1,
    "one row per option id, then the end row");

struct inst {
	int flags;
	char *dir;
	const char *names[NAPPLETS];
	size_t n;
};

static int inst_opt(void *ctx, int id, char *val)
{
	struct inst *in = ctx;
	int on = opt_bool(val), bit = id == I_FORCE ? LINKS_FORCE : LINKS_HARD;
	const struct applet *a;

	if (id == OPT_OPERAND) {
		if (!in->dir) {
			in->dir = val;
			return 0;
		}
		a = find(val);
		if (!a) {
			opt_seterr("quickbox --install: applet not built: %s", val);
			return -1;
		}
		if (in->n < NAPPLETS)
			in->names[in->n++] = a->name;
		return 0;
	}
	if (on < 0) {
		opt_seterr("quickbox --install: bad value for --%s: %s",
		    inst_defs[id].lname, val);
		return -1;
	}
	if (id == I_SYMBOLIC)   /* -s: symbolic is "not hard" */
		on = !on;
	in->flags = on ? in->flags | bit : in->flags & ~bit;
	return 0;
}

static int install(int argc, char **argv)
{
	static const struct optset os = {
		"--install [-s|-h] [-f] DIR [APPLET...]", inst_defs, OPT_CLIGEN, 0
	};
	struct inst in = { 0, 0, { 0 }, 0 };
	size_t i;

	/* every message of --install starts "quickbox --install: " */
	qb_prog = argv[0] = "quickbox --install";
	if (opt_parse(&os, argc, argv, inst_opt, &in))
		die(2, "%s", opt_err + sizeof "quickbox --install: " - 1);
	if (!in.dir)
		die(2, "which directory? (quickbox --install DIR)");
	if (!in.n)
		for (i = 0; i < NAPPLETS; i++)
			if (applets[i].entry)
				in.names[in.n++] = applets[i].name;
	return links_make(in.dir, in.names, in.n, in.flags, warn);
}

static void box_main(int argc, char **argv)
{
	if (argc < 2) {
		usage();
		xexit(0);
	}
	if (!strcmp(argv[1], "--list")) {
		list(0);
		xexit(0);
	}
	if (!strcmp(argv[1], "--list-full")) {
		list(2);
		xexit(0);
	}
	if (!strcmp(argv[1], "--help")) {
		usage();
		xexit(0);
	}
	if (!strcmp(argv[1], "--version")) {
		out_str("quickbox " QB_VERSION "\n"
		    "A link's --version may be the replaced tool's (pgrep, head ...):\n"
		    "`quickbox --which NAME` tells whether NAME on PATH runs quickbox.\n");
		if (!ENABLE_PARSCAN)
			out_str("Built without the parallel scan (make PARSCAN=0).\n");
		xexit(0);
	}
	if (!strcmp(argv[1], "--install"))
		xexit(install(argc - 1, argv + 1));
	if (!strcmp(argv[1], "--which")) {
		if (argc != 3)
			die(2, "--which takes one NAME, as in: quickbox --which pgrep");
		xexit(links_which(argv[2], warn));
	}
	if (argv[1][0] == '-' && argv[1][1])
		die(2, "unknown option '%s' (quickbox --help)", argv[1]);
}

int main(int argc, char **argv)
{
	const struct applet *a;
	const char *name = argc > 0 ? argv[0] : "quickbox";
	const char *slash = strrchr(name, '/');

	/* a setuid or setgid install: run every applet with the caller's
	 * own ids, or not at all */
	if (priv_drop()) {
		qb_prog = "quickbox";
		die(126, "cannot drop setuid/setgid privileges:");
	}
	if (slash)
		name = slash + 1;
	if (*name == '-')
		name++;
	if (!strcmp(name, "quickbox")) {
		box_main(argc, argv);
		argc--, argv++;
		name = argv[0];   /* as typed: "quickbox /x/pf" is not pf */
	}
	a = find(name);
	if (!a) {
		qb_prog = "quickbox";
		die(127, "applet not found: %s", name);
	}
	qb_prog = a->name;
	xexit(a->entry(argc, argv));
}
