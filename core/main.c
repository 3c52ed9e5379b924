/* main.c: the multicall dispatcher. argv[0]'s basename (a leading '-'
 * dropped, as login shells do) names the applet; "quickbox NAME ARGS"
 * shifts once. The table comes from config/applets.def. */
#include <string.h>
#include <unistd.h>

#include "applets.h"
#include "err.h"
#include "out.h"

struct applet {
	const char *name;
	int (*entry)(int, char **);
	const char *desc;
};

/* A disabled applet's entry folds to NULL at compile time, so its family
 * file need not be linked; lookups and --list skip it. */
#define ENABLED(name) ENABLE_##name
#define APPLET(name, family, entry, desc) \
	{ #name, ENABLED(name) ? entry : 0, desc },
static const struct applet applets[] = {
#include "../config/applets.def"
};
#undef APPLET

static const struct applet *find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof applets / sizeof *applets; i++)
		if (applets[i].entry && !strcmp(applets[i].name, name))
			return &applets[i];
	return 0;
}

static void list(int verbose)
{
	size_t i;

	for (i = 0; i < sizeof applets / sizeof *applets; i++) {
		if (!applets[i].entry)
			continue;
		out_str(applets[i].name);
		if (verbose) {
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
	    "       quickbox --list | --help | --version\n"
	    "\nApplets:\n");
	list(1);
}

static int box_main(int argc, char **argv)
{
	if (argc < 2) {
		usage();
		xexit(0);
	}
	if (!strcmp(argv[1], "--list")) {
		list(0);
		xexit(0);
	}
	if (!strcmp(argv[1], "--help")) {
		usage();
		xexit(0);
	}
	if (!strcmp(argv[1], "--version")) {
		out_str("quickbox " QB_VERSION "\n");
		xexit(0);
	}
	return -1;
}

int main(int argc, char **argv)
{
	const struct applet *a;
	const char *name = argc > 0 ? argv[0] : "quickbox";
	const char *slash = strrchr(name, '/');

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
