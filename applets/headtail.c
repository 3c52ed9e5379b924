/* headtail.c: the head and tail personalities (GNU coreutils 9.1): option
 * tables, values, the obsolete forms (head -5cv; tail -5, +5, -5c, +5cf),
 * GNU's messages for bad ones, and the plan they hand the record engine. */
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libc/fmt.h"
#include "applets.h"
#include "lib/err.h"
#include "records/gnusize.h"
#include "lib/num.h"
#include "lib/opt.h"
#include "lib/out.h"
#include "records/plan.h"
#include "lib/quote.h"

/* the parse state */
struct gctx {
	struct tplan *p;
	int who, quiet, verbose, help, version, reported, nfiles;
	int count_lines, neg;
	unsigned long long n;
	char **files;
};

enum { G_BYTES, G_LINES, G_QUIET, G_SILENT, G_VERBOSE, G_ZERO, G_HELP,
	G_VERSION, G_NOINOTIFY, G_PRESUME, G_FOLLOW, G_F, G_FF, G_MAXUNCH, G_PID,
	G_RETRY, G_SLEEP, G_DEBUG, G_NOPTS };

/* the ids index both tables (each row named by its id, so a moved row
 * keeps its meaning): tail_defs extends head_defs from G_FOLLOW on.
 * GNU's hidden ---disable-inotify (tail: follow by polling) and
 * ---presume-input-pipe (accepted, changes nothing here) are listed so that
 * a prefix such as "---" is taken or ambiguous exactly as in GNU. */
static const struct optdef head_defs[] = {
	[G_BYTES] = {OPT_TEXT("bytes", "[-]NUM", "print the first NUM bytes; with '-', all but the last NUM bytes"), 'c', OPT_VALUE, 0},
	[G_LINES] = {OPT_TEXT("lines", "[-]NUM", "print the first NUM lines (10); with '-', all but the last NUM"), 'n', OPT_VALUE, 0},
	[G_QUIET] = {OPT_TEXT("quiet", "", "never print headers giving file names"), 'q', OPT_FLAG, 0},
	[G_SILENT] = {OPT_TEXT("silent", "", "same as --quiet"), 0, OPT_FLAG, 0},
	[G_VERBOSE] = {OPT_TEXT("verbose", "", "always print headers giving file names"), 'v', OPT_FLAG, 0},
	[G_ZERO] = {OPT_TEXT("zero-terminated", "", "line delimiter is NUL, not newline"), 'z', OPT_FLAG, 0},
	[G_HELP] = {OPT_TEXT("help", "", "display this help and exit"), 0, OPT_FLAG, 0},
	[G_VERSION] = {OPT_TEXT("version", "", "output version information and exit"), 0, OPT_FLAG, 0},
	[G_NOINOTIFY] = {OPT_TEXT("", "", ""), 0, OPT_FLAG, 0},   /* tail's ---disable-inotify */
	[G_PRESUME] = {OPT_TEXT("-presume-input-pipe", "", ""), 0, OPT_FLAG, 0},
	[G_FOLLOW] = {NULL, 0, 0, 0}
};

static const struct optdef tail_defs[] = {
	[G_BYTES] = {OPT_TEXT("bytes", "[+]NUM", "output the last NUM bytes; +NUM: from byte NUM on"), 'c', OPT_VALUE, 0},
	[G_LINES] = {OPT_TEXT("lines", "[+]NUM", "output the last NUM lines (10); +NUM: from line NUM on"), 'n', OPT_VALUE, 0},
	[G_QUIET] = {OPT_TEXT("quiet", "", "never output headers giving file names"), 'q', OPT_FLAG, 0},
	[G_SILENT] = {OPT_TEXT("silent", "", "same as --quiet"), 0, OPT_FLAG, 0},
	[G_VERBOSE] = {OPT_TEXT("verbose", "", "always output headers giving file names"), 'v', OPT_FLAG, 0},
	[G_ZERO] = {OPT_TEXT("zero-terminated", "", "line delimiter is NUL, not newline"), 'z', OPT_FLAG, 0},
	[G_HELP] = {OPT_TEXT("help", "", "display this help and exit"), 0, OPT_FLAG, 0},
	[G_VERSION] = {OPT_TEXT("version", "", "output version information and exit"), 0, OPT_FLAG, 0},
	[G_NOINOTIFY] = {OPT_TEXT("-disable-inotify", "", ""), 0, OPT_FLAG, 0},
	[G_PRESUME] = {OPT_TEXT("-presume-input-pipe", "", ""), 0, OPT_FLAG, 0},
	[G_FOLLOW] = {OPT_TEXT("follow", "HOW", "output appended data as the file grows (name|descriptor)"), 0, OPT_OPTIONAL, 0},
	[G_F] = {OPT_TEXT("", "", "same as --follow=descriptor"), 'f', OPT_FLAG, 0},
	[G_FF] = {OPT_TEXT("", "", "same as --follow=name --retry"), 'F', OPT_FLAG, 0},
	[G_MAXUNCH] = {OPT_TEXT("max-unchanged-stats", "N", "accepted for compatibility (inotify needs none)"), 0, OPT_VALUE, 0},
	[G_PID] = {OPT_TEXT("pid", "PID", "with -f, exit once no process PID is left (repeatable)"), 0, OPT_VALUE, 0},
	[G_RETRY] = {OPT_TEXT("retry", "", "keep trying to open a file if it is inaccessible"), 0, OPT_FLAG, 0},
	[G_SLEEP] = {OPT_TEXT("sleep-interval", "N", "with -f, seconds between checks without inotify (1.0)"), 's', OPT_VALUE, 0},
	[G_DEBUG] = {OPT_TEXT("debug", "", "say which --follow implementation is used"), 0, OPT_FLAG, 0},
	[G_NOPTS] = {NULL, 0, 0, 0}
};
_Static_assert(sizeof head_defs / sizeof *head_defs == G_FOLLOW + 1 &&
    sizeof tail_defs / sizeof *tail_defs == G_NOPTS + 1,
    "one row per option id, then the end row");

/* GNU's second line after a usage error (no program prefix) */
static void gnu_try_help(void)
{
	char b[600];
	int n = fmt_snprintf(b, sizeof b, "Try '%s --help' for more information.\n", qb_prog);

	write_all(2, b, n < 0 ? 0 : (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
	qb_status = 1;
}

/* "WHAT: 'V'", and GNU's ": Value too large..." for an overflow only */
static void gnu_bad(struct gctx *g, const char *what, const char *v, int r)
{
	errno = r;
	if (r == EOVERFLOW)
		warn("%s: %s:", what, quote(v));
	else
		warn("%s: %s", what, quote(v));
	g->reported = 1;
}

/* -n/-c value: "invalid number of lines: 'x'" as GNU words it. head
 * takes it unsigned, tail signed (so "-n ' -5'" is too large, as GNU says),
 * capped at 2^63-1 as GNU tail keeps counts in an intmax_t */
static int gnu_count(struct gctx *g, const char *v, int lines)
{
	const char *arg = v;
	unsigned long long n;
	int r;

	/* tail +N: from N on, the '+' kept for the message; and, as in GNU,
	 * in force for every later -n/-c ("-n +5 -n 2" is from line 2) */
	if (*v == '+' && g->who == 't')
		g->neg = 2;
	else if (*v == '-')
		v++;
	if (g->who == 'h')
		g->neg = v != arg;   /* head -N: all but the last N */
	r = gnu_size(v, g->who == 't', &n);
	if (r) {
		gnu_bad(g, lines ? "invalid number of lines" : "invalid number of bytes", v, r);
		return -1;
	}
	g->n = g->who == 't' && n > INTMAX_MAX ? INTMAX_MAX : n;
	g->count_lines = lines;
	return 0;
}

/* --follow=X: GNU's argmatch messages for a bad or ambiguous X */
static int gnu_follow_how(struct gctx *g, const char *v)
{
	int name = v && *v && !strncmp("name", v, strlen(v));
	int desc = v && *v && !strncmp("descriptor", v, strlen(v));
	char b[200];

	if (v && !name && !desc) {
		warn("%s argument %s for %s", *v ? "invalid" : "ambiguous",
		    quote(v), quote("--follow"));
		fmt_snprintf(b, sizeof b, "Valid arguments are:\n  - %s\n  - %s\n",
		    quote("descriptor"), quote("name"));
		write_all(2, b, strlen(b));
		gnu_try_help();
		g->reported = 1;
		return -1;
	}
	g->p->follow = 1;
	g->p->by_name = name;
	return 0;
}

/* -s as GNU reads it (strtod): leading blanks skipped, any value >= 0
 * taken (-0 too), infinity included, and since 9.7 also a number beyond
 * a double's range: too small is no wait (its exponent is the only '-'
 * past the sign), too big for ever; past 1e9 s (31 years) every wait is
 * the same */
static int gnu_seconds(const char *v, double *out)
{
	double d = 0;
	int r;

	while (*v == ' ' || (*v >= '\t' && *v <= '\r'))
		v++;
	r = num_double(v, -DBL_MAX, DBL_MAX, &d);
	if (r == ERANGE)   /* "inf" says so too */
		d = strrchr(v, '-') > v ? 0 : *v == '-' ? -1 : 1e9;
	if (r == EINVAL || d < 0)
		return -1;
	*out = d < 1e9 ? d : 1e9;
	return 0;
}

/* -s, --pid (repeatable), --max-unchanged-stats; GNU adds
 * strerror(EOVERFLOW) to the message of a number out of range */
static int gnu_value(struct gctx *g, int id, char *v)
{
	unsigned long long n;
	int r = EINVAL;
	struct tplan *p = g->p;

	if (id == G_SLEEP && !gnu_seconds(v, &p->interval))
		return 0;
	if (id == G_PID && !(r = gnu_size(v, GS_PLAIN, &n)) &&
	    !(r = n > 0x7fffffff ? EOVERFLOW : 0)) {
		p->pids = xrealloc(p->pids, sizeof *p->pids * (size_t)(p->npids + 1));
		p->pids[p->npids++] = (long)n;
		return 0;
	}
	/* any size: 2^63 and more are taken as the largest */
	if (id == G_MAXUNCH && !(r = gnu_size(v, GS_PLAIN | GS_SIGNED, &n)))
		return 0;
	gnu_bad(g, id == G_SLEEP ? "invalid number of seconds" : id == G_PID ?
	    "invalid PID" : "invalid maximum number of unchanged stats between opens",
	    v, id == G_SLEEP ? EINVAL : r);
	return -1;
}

static int gnu_cb(void *ctx, int id, char *v)
{
	struct gctx *g = ctx;

	switch (id) {
	case OPT_OPERAND:
		g->files[g->nfiles++] = v;
		return 0;
	case G_BYTES: case G_LINES:
		return gnu_count(g, v, id == G_LINES);
	case G_QUIET: case G_SILENT:
		g->quiet = 1, g->verbose = 0;
		return 0;
	case G_VERBOSE:
		g->verbose = 1, g->quiet = 0;
		return 0;
	case G_ZERO:
		g->p->ird = g->p->eor = 0;
		return 0;
	/* GNU prints these on the spot: they win over any later error */
	case G_HELP: g->help = 1; return -1;
	case G_VERSION: g->version = 1; return -1;
	case G_FOLLOW: return gnu_follow_how(g, v);
	case G_F: return gnu_follow_how(g, NULL);
	case G_FF:
		g->p->follow = g->p->by_name = g->p->retry = 1;
		return 0;
	case G_RETRY: g->p->retry = 1; return 0;
	case G_DEBUG: g->p->debug = 1; return 0;
	case G_NOINOTIFY:
		g->p->no_inotify = 1;
		return 0;
	case G_PRESUME: return 0;
	}
	return gnu_value(g, id, v);
}

/* GNU getopt knows digits as options of the old syntax: its words */
static void gnu_opt_error(int who)
{
	static const char w[] = ": invalid option -- '";
	char *m = opt_err;

	while ((m = strchr(m, ':')) && strncmp(m, w, sizeof w - 1))
		m++;
	if (m && m[21] >= '0' && m[21] <= '9' && m[22] == '\'') {
		if (who == 't') {
			warn("option used in invalid context -- %c", m[21]);
			return;   /* GNU tail adds no "Try" line here */
		}
		warn("invalid trailing option -- %c", m[21]);
	} else {
		opt_err_print();
	}
	gnu_try_help();
}

/* ---- the obsolete forms, with GNU's conditions: one option string and at
 * most one file, also depending on _POSIX2_VERSION ---- */

/* one letter after head's digits; 0 or -1 (reported) */
static int head_letter(struct gctx *g, char c, int *lines, char *mult)
{
	switch (c) {
	case 'c': *lines = 0, *mult = 0; break;
	case 'b': case 'k': case 'm': *lines = 0, *mult = c; break;
	case 'l': *lines = 1; break;
	case 'q': g->quiet = 1, g->verbose = 0; break;
	case 'v': g->verbose = 1, g->quiet = 0; break;
	case 'z': g->p->ird = g->p->eor = 0; break;
	default:
		warn("invalid trailing option -- %c", c);
		gnu_try_help();
		g->reported = 1;
		return -1;
	}
	return 0;
}

/* head -5cv: digits then option letters; a b/k/m letter is the size suffix */
static int head_obsolete(struct gctx *g, char *a)
{
	char num[64], mult = 0, *c;
	size_t d = strspn(a + 1, "0123456789");
	int lines = 1;

	for (c = a + 1 + d; *c; c++)
		if (head_letter(g, *c, &lines, &mult))
			return -1;
	if (d >= sizeof num - 2)   /* gnu_size calls that many digits too big anyway */
		d = sizeof num - 2;
	memcpy(num, a + 1, d);
	num[d] = mult;
	num[d + !!mult] = 0;
	return gnu_count(g, num, lines);
}

static int posix2_version(void)
{
	const char *v = getenv("_POSIX2_VERSION");
	long long n;

	return v && !num_ll(v, 0, 99999999, &n) ? (int)n : 200809;
}

/* is argv the shape GNU tries the obsolete form on: the option string
 * alone, with one file, or with "--" and at most one file? */
static int tail_obs_shape(int argc, char **argv)
{
	return argc == 2 || (argc == 3 && !(argv[2][0] == '-' && argv[2][1])) ||
	    (argc >= 3 && argc <= 4 && !strcmp(argv[2], "--"));
}

/* the count of "5", "5b", "b", "" (10 lines, or 10 blocks for "b"); too
 * big is the largest, as GNU 9.8 and later take it */
static void tail_obs_count(struct gctx *g, const char *p)
{
	unsigned long long n = isdigit((unsigned char)*p) ? 0 : 10, d;

	for (; isdigit((unsigned char)*p); p++) {
		d = (unsigned)(*p - '0');
		n = n > (INTMAX_MAX - d) / 10 ? INTMAX_MAX : n * 10 + d;
	}
	if (*p == 'b')
		n = n > INTMAX_MAX / 512 ? INTMAX_MAX : n * 512;
	g->n = n;
}

static int tail_obsolete(struct gctx *g, int argc, char **argv)
{
	int ver = posix2_version(), obsolete = ver < 200112;
	const char *p = argv[1], *digits;
	int from, lines = 1, follow = 0;

	if (!tail_obs_shape(argc, argv))
		return 0;
	if (*p == '+' && (obsolete || ver >= 200809))
		from = 1;
	else if (*p == '-' && (obsolete || p[1 + (p[1] == 'c')]))
		from = 0;   /* a lone -c is the option, not "-c" obsolete */
	else
		return 0;
	digits = ++p;
	p += strspn(p, "0123456789");
	if (*p == 'b' || *p == 'c')
		lines = 0;
	if (*p == 'b' || *p == 'c' || *p == 'l')
		p++;
	if (*p == 'f')
		follow = 1, p++;
	if (*p)   /* not an obsolete form after all: nothing taken from it */
		return 0;
	tail_obs_count(g, digits);
	g->count_lines = lines;
	g->neg = from ? 2 : 0;
	g->p->follow |= follow;
	return 1;
}

/* argv[1] as an obsolete form: 0 none or taken (argv shifted), -1 bad */
static int gnu_obsolete(struct gctx *g, int *argc, char ***argv)
{
	char **v = *argv;
	int r = 0;

	if (*argc < 2)
		return 0;
	if (g->who == 'h' && v[1][0] == '-' && isdigit((unsigned char)v[1][1]))
		r = head_obsolete(g, v[1]) ? -1 : 1;
	else if (g->who == 't')
		r = tail_obsolete(g, *argc, v);
	if (r <= 0)
		return r;
	v[1] = v[0];   /* drop the form, keep argv[0] for the parser */
	*argv = v + 1;
	(*argc)--;
	return 0;
}

static void gnu_plan(struct gctx *g)
{
	struct tplan *p = g->p;

	p->bytes = !g->count_lines;
	if (g->who == 'h') {
		if (g->neg)
			p->tmode = TDROP, p->tn = g->n;
		else
			p->hmode = HEMIT, p->hn = g->n;
	} else {
		p->tmode = g->neg == 2 ? TFROM : TKEEP;
		p->tn = g->n;
	}
	p->headers = g->verbose || (g->nfiles > 1 && !g->quiet);
	/* GNU fstats before tail's reads and head's all-but-the-last */
	p->fstat_words = g->who == 't' || (p->tmode == TDROP && p->tn != REC_ALL);
	p->close_stdin = 1;
}

static void gnu_warnings(struct tplan *p)
{
	if (p->retry && !p->follow)
		warn("warning: --retry ignored; --retry is useful only when following");
	else if (p->retry && !p->by_name)
		warn("warning: --retry only effective for the initial open");
	if (p->npids && !p->follow)
		warn("warning: PID ignored; --pid=PID is useful only when following");
}

/* GNU checks this after all options: stdin has no name to reopen */
static int dash_by_name(const struct tplan *p)
{
	int i;

	if (!p->follow || !p->by_name)
		return 0;
	for (i = 0; i < p->nfiles; i++)
		if (!strcmp(p->files[i], "-")) {
			warn("cannot follow %s by name", quoteaf("-"));
			return 1;
		}
	return 0;
}

static int gnu_help(int who, const struct optset *os, const struct gctx *g)
{
	if (g->help)
		opt_help(os, who == 'h' ? "head" : "tail");
	else
		out_str(who == 'h' ? "head (quickbox) " QB_VERSION "\n" :
		    "tail (quickbox) " QB_VERSION "\n");
	return 0;
}

/* GNU's defaults: 10 lines, newline rows, headers by newline, -s 1.0 */
static void gnu_init(struct gctx *g, struct tplan *p, int who, int argc)
{
	p->ird = p->eor = p->hdr_eor = '\n';
	p->out = &tout_gnu;
	p->say = warn_line;   /* the record engine's messages */
	p->unread = who == 'h';   /* GNU: leave a seekable stdin just past */
	p->tail_words = p->open_high = who == 't';
	p->omax = REC_ALL, p->countfd = -1, p->interval = 1.0;
	g->p = p, g->who = who, g->n = 10, g->count_lines = 1;
	g->files = xmalloc(sizeof *g->files * (size_t)(argc + 1));
}

static int gnu_main(int who, int argc, char **argv)
{
	static const char *const dash[] = {"-"};
	struct tplan p = {0};
	struct gctx g = {0};
	int r;
	struct optset os = {"[OPTION]... [FILE]...", who == 'h' ? head_defs : tail_defs,
	    OPT_GNU, NULL};

	qb_prog = argv[0];   /* GNU names itself as invoked */
	qb_strerror = glibc_strerror;
	gnu_init(&g, &p, who, argc);
	if (gnu_obsolete(&g, &argc, &argv))
		return 1;
	if (opt_parse(&os, argc, argv, gnu_cb, &g) && !g.help && !g.version) {
		if (!g.reported)
			gnu_opt_error(who);
		return 1;
	}
	if (g.help || g.version)
		return gnu_help(who, &os, &g);
	if (who == 't')
		gnu_warnings(&p);
	p.files = g.nfiles ? g.files : (char **)dash;
	p.nfiles = g.nfiles ? g.nfiles : 1;
	gnu_plan(&g);
	if (dash_by_name(&p))
		return 1;
	/* GNU: nothing to print, nothing opened (tail -n +N counts up to
	 * 2^63-1, that one meaning "never") */
	if (!p.follow && (p.tmode == TKEEP ? !p.tn :
	    p.tmode == TFROM && p.tn == INTMAX_MAX))
		return 0;
	/* GNU tail dies of a read error in its copy-the-rest path */
	p.read_fatal = who == 't';
	if (who == 't')
		p.keep_end = plan_gnu_keep_end;
	r = plan_run(&p);
	if (p.sigpipe)   /* GNU dies of it when -f finds stdout's reader gone */
		raise(SIGPIPE);
	return r;
}

int head_main(int argc, char **argv)
{
	return gnu_main('h', argc, argv);
}

int tail_main(int argc, char **argv)
{
	return gnu_main('t', argc, argv);
}
