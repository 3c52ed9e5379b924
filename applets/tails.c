/* tails.c: tails, head and tail of streams in one pass: native options,
 * defaults from the config file and $TAILS, the escapes of string values,
 * fit mode (/n), entry. The record engine (plan.h) runs the plan. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "libc/fmt.h"
#include "applets.h"
#include "lib/err.h"
#include "records/hdr.h"
#include "lib/num.h"
#include "lib/opt.h"
#include "lib/out.h"
#include "records/plan.h"
#include "lib/quote.h"
#include "lib/vec.h"

/* option ids; each row of tails_defs is named by its id */
enum { N_HEAD, N_TAIL, N_OMAX, N_FOLLOW, N_BYTES, N_DIV, N_HDR, N_QUIET,
	N_VERB, N_IRD, N_EOR, N_SLEEP, N_DELIM, N_COUNT, N_PLAIN, N_HELP,
	N_VERSION, N_NOPTS };

static const struct optdef tails_defs[] = {
	[N_HEAD] = {OPT_TEXT("head", "N|/[n]", "N>0 emit the first N records; N<0 cut the first N"), 'h', OPT_VALUE, 0},
	[N_TAIL] = {OPT_TEXT("tail", "N|/[n]|+N", "N>0 emit the last N; N<0 cut the last N; +N from record N on"), 't', OPT_VALUE, 0},
	[N_OMAX] = {OPT_TEXT("outMax", "N", "stop after emitting N records (bytes with -c)"), 'o', OPT_VALUE, 0},
	[N_FOLLOW] = {OPT_TEXT("follow", "", "then output data appended to the files"), 'f', OPT_FLAG, 0},
	[N_BYTES] = {OPT_TEXT("bytes", "", "records are bytes, not rows"), 'c', OPT_FLAG, 0},
	[N_DIV] = {OPT_TEXT("divide", "STR", "printed between non-contiguous head and tail (--)"), 'd', OPT_VALUE, 0},
	[N_HDR] = {OPT_TEXT("header", "FMT", "header formats, used cyclically; $1 = the name"), 'H', OPT_VALUE, 0},
	[N_QUIET] = {OPT_TEXT("quiet", "", "never print headers"), 'q', OPT_FLAG, 0},
	[N_VERB] = {OPT_TEXT("verbose", "", "always print headers"), 'v', OPT_FLAG, 0},
	[N_IRD] = {OPT_TEXT("ird", "C", "input record delimiter (\\n)"), 'i', OPT_VALUE, 0},
	[N_EOR] = {OPT_TEXT("eor", "C", "output record terminator (\\n)"), 'e', OPT_VALUE, 0},
	[N_SLEEP] = {OPT_TEXT("sleep-interval", "S", "seconds between follow polls without inotify (0.25)"), 's', OPT_VALUE, 0},
	[N_DELIM] = {OPT_TEXT("delimit", "STR", "before a header when the last byte written is not EOR"), 'D', OPT_VALUE, 0},
	[N_COUNT] = {OPT_TEXT("Count", "FD", "write the number of input records of each input to FD"), 'C', OPT_VALUE, 0},
	[N_PLAIN] = {OPT_TEXT("plain", "", "no colour escapes in headers"), 'p', OPT_FLAG, 0},
	[N_HELP] = {OPT_TEXT("help", "", "print this help and exit"), '?', OPT_FLAG, 0},
	/* exact: "--ver" stays the prefix of --verbose it always was */
	[N_VERSION] = {OPT_TEXT("version", "", "print the version and exit"), 0, OPT_FLAG | OPT_EXACT, 0},
	[N_NOPTS] = {NULL, 0, 0, 0}
};
_Static_assert(sizeof tails_defs / sizeof *tails_defs == N_NOPTS + 1,
    "one row per option id, then the end row");

/* -h/-t value: N, -N, +N, / or /n */
struct npart {
	int fit, sign;               /* sign: 1 plain, -1 '-', 2 '+' */
	unsigned long long n, div;   /* div: /n (0 = the number of inputs) */
};

struct nctx {
	struct tplan *p;
	struct npart h, t;
	int quiet, verbose, help, version;
	int range;                   /* a value was out of range (reported) */
	char **files;
	int nfiles;
};

/* ---- defaults: the config file, then $TAILS, then the command line ---- */

/* \n \t \0 \\ \e \xHH \NNN at s (s[0] is the backslash): the byte, and how
 * many characters of s it took */
static char escape(const char *s, size_t *used)
{
	static const char from[] = "abefnrtv\\", to[] = "\a\b\033\f\n\r\t\v\\";
	const char *m = strchr(from, s[1]);
	unsigned v;
	int k;

	*used = 2;
	if (m && *m)
		return to[m - from];
	if (s[1] == 'x' && (k = num_digits(s + 2, 16, 2, &v))) {
		*used = 2 + (size_t)k;
		return (char)v;
	}
	if (!(k = num_digits(s + 1, 8, 3, &v)))
		return s[1];   /* any other escaped character stands for itself */
	*used = 1 + (size_t)k;
	return (char)v;
}

/* the escapes of -d -D -H -i -e values; *len counts embedded NULs */
static char *unescape(const char *s, size_t *len)
{
	char *o = xmalloc(strlen(s) + 1), *q = o;
	size_t used;

	while (*s) {
		if (*s != '\\' || !s[1]) {
			*q++ = *s++;
			continue;
		}
		*q++ = escape(s, &used);
		s += used;
	}
	*q = 0;
	*len = (size_t)(q - o);
	return o;
}

/* config lines "head = 3" (or "--head=3") become "--head=3" */
static char *config_word(char *w)
{
	char *x, *eq;

	while (*w == ' ' || *w == '\t')
		w++;
	if (!*w || *w == '#')
		return NULL;
	if (*w == '-')
		return w;
	x = xmalloc(strlen(w) + 3);
	fmt_snprintf(x, strlen(w) + 3, "--%s", w);
	/* each " = " (searched again from the start) becomes "=" */
	for (eq = x; (eq = strchr(eq, ' '));)
		if (eq[1] == '=' && eq[2] == ' ')
			memmove(eq, eq + 2, strlen(eq + 2) + 1), *eq = '=', eq = x;
		else
			eq++;
	return x;
}

struct words {
	char **v;
	size_t n, cap;
};

/* append the words of s (lines of a config file, or $TAILS split on blanks) */
static void add_words(struct words *a, char *s, int lines)
{
	const char *sep = lines ? "\n" : " \t\n";
	char *save = NULL, *w;

	for (w = strtok_r(s, sep, &save); w; w = strtok_r(NULL, sep, &save)) {
		if (lines)
			w = config_word(w);
		else if (*w == '#')
			w = NULL;
		if (w)
			VEC_PUSH(a->v, a->n, a->cap, w);
	}
}

/* $TAILS_CONFIG, else $XDG_CONFIG_HOME/tails/config, else ~/.config/... */
static const char *config_path(char *path, size_t size)
{
	const char *cf = getenv("TAILS_CONFIG"), *x = getenv("XDG_CONFIG_HOME"),
	    *home = getenv("HOME");

	if (cf)
		return cf;
	if (x && *x)
		fmt_snprintf(path, size, "%s/tails/config", x);
	else
		fmt_snprintf(path, size, "%s/.config/tails/config", home ? home : "");
	return path;
}

static char **with_defaults(int *argc, char **argv)
{
	const char *env = getenv("TAILS");
	char path[4096], *t;
	struct words a = {0};
	size_t n;
	int i;

	VEC_PUSH(a.v, a.n, a.cap, argv[0]);
	/* the first 64 KiB of the config, NULL when unreadable */
	if ((t = vec_file(config_path(path, sizeof path), 65535, &n)))
		add_words(&a, t, 1);
	if (env)
		add_words(&a, xstrdup(env), 0);
	for (i = 1; i < *argc; i++)
		VEC_PUSH(a.v, a.n, a.cap, argv[i]);
	VEC_PUSH(a.v, a.n, a.cap, NULL);
	*argc = (int)a.n - 1;
	return a.v;
}

/* ---- option values ---- */

static int nbad(const char *opt, const char *v, const char *want)
{
	opt_seterr("tails: bad value %s for %s (want %s)", quote(v), opt, want);
	return -1;
}

/* a number too big for its option: one line, exit 1 (not a usage error:
 * the syntax was right) */
static int nrange(struct nctx *c, const char *opt, const char *v, const char *max)
{
	warn("value %s for %s out of range (at most %s)", quote(v), opt, max);
	c->range = 1;
	return -1;
}

#define ULL_MAX_TEXT "18446744073709551615"

/* digits only, up to 2^64-1 (which means "all of them"): 0, EINVAL, ERANGE */
static int count(const char *s, unsigned long long *out)
{
	if (*s == '+' || *s == '-')
		return EINVAL;
	return num_ull(s, out);
}

/* -h/-t: N, -N, +N, / or /n */
static int parse_part(struct nctx *c, const char *opt, const char *v,
    struct npart *pt, int plus)
{
	const char *want = plus ? "N, -N, +N or /[n]" : "N, -N or /[n]";
	const char *d = v;
	int r;

	memset(pt, 0, sizeof *pt);
	pt->sign = 1;
	if (*d == '/') {
		pt->fit = 1;
		if (!d[1])
			return 0;
		r = count(d + 1, &pt->div);
		if (r == ERANGE)
			return nrange(c, opt, v, "/" ULL_MAX_TEXT);
		return r || !pt->div ? nbad(opt, v, want) : 0;
	}
	if (*d == '-' || *d == '+')
		pt->sign = *d++ == '+' ? 2 : -1;
	r = count(d, &pt->n);
	if (r == ERANGE)
		return nrange(c, opt, v, ULL_MAX_TEXT);
	return r ? nbad(opt, v, want) : 0;
}

/* -i/-e: exactly one byte after unescaping */
static int char_value(const char *v, int *c)
{
	size_t n;
	char *u = unescape(v, &n);

	*c = (unsigned char)u[0];
	free(u);
	return n == 1 ? 0 : -1;
}

/* the string options: kept unescaped */
static int native_string(struct tplan *p, int id, const char *v)
{
	size_t n;
	char *u = unescape(v, &n);

	if (id == N_DIV)
		p->divider = u;
	else if (id == N_HDR)
		p->fmts[p->nfmt++] = u;
	else
		p->delimit = u;
	return 0;
}

static int native_value(struct nctx *c, int id, char *v)
{
	struct tplan *p = c->p;
	long long ll;
	int r;

	switch (id) {
	case N_HEAD:
		return parse_part(c, "-h", v, &c->h, 0);
	case N_TAIL:
		return parse_part(c, "-t", v, &c->t, 1);
	case N_OMAX:
		r = count(v, &p->omax);
		if (r == ERANGE)
			return nrange(c, "-o", v, ULL_MAX_TEXT);
		return r ? nbad("-o", v, "a count") : 0;
	case N_IRD:
		return char_value(v, &p->ird) ? nbad("-i", v, "one character") : 0;
	case N_EOR:
		return char_value(v, &p->eor) ? nbad("-e", v, "one character") : 0;
	case N_SLEEP:
		r = num_double(v, 0, 1e9, &p->interval);
		if (r == ERANGE && *v != '-')
			return nrange(c, "-s", v, "1e9");
		return r ? nbad("-s", v, "seconds") : 0;
	case N_COUNT:
		r = num_ll(v, 0, 1 << 20, &ll);
		if (r == ERANGE && *v != '-')
			return nrange(c, "-C", v, "1048576");
		if (r)
			return nbad("-C", v, "a file descriptor");
		p->countfd = (int)ll;
		return 0;
	}
	return native_string(p, id, v);
}

static int native_cb(void *ctx, int id, char *v)
{
	struct nctx *c = ctx;
	int on = id == OPT_OPERAND || opt_bool(v);

	switch (id) {
	case OPT_OPERAND:
		c->files[c->nfiles++] = v;
		return 0;
	case N_FOLLOW: c->p->follow = on; return 0;
	case N_BYTES: c->p->bytes = on; return 0;
	case N_QUIET: c->quiet = on; return 0;
	case N_VERB: c->verbose = on; return 0;
	case N_PLAIN: c->p->plain = on; return 0;
	case N_HELP: c->help = on; return 0;
	case N_VERSION: c->version = on; return 0;
	}
	return native_value(c, id, v);
}

/* ---- fit mode ---- */

/* terminal rows for fit mode: LC_LINES, LINES, then the terminal */
static long screen_rows(void)
{
	const char *v = getenv("LC_LINES");
	long long n;
	struct winsize ws;
	int fd;

	if (!v || num_ll(v, 1, 1 << 20, &n))
		v = getenv("LINES");
	if (v && !num_ll(v, 1, 1 << 20, &n))
		return (long)n;
	for (fd = 0; fd < 3; fd++)
		if (!ioctl(fd, TIOCGWINSZ, &ws) && ws.ws_row)
			return ws.ws_row;
	return 24;
}

/* EOR rows the headers take: the first one stripped, as printed */
static long header_rows(struct tplan *p)
{
	long rows = 0;
	int i;

	if (!p->headers)
		return 0;
	for (i = 0; i < p->nfiles; i++) {
		size_t len, skip = 0;
		char *h = plan_header_text(p, i, plan_display(p, p->files[i]), &len);

		while (!i && skip < len && (unsigned char)h[skip] == p->hdr_eor)
			skip++;
		rows += (long)hdr_count(h + skip, len - skip, p->hdr_eor);
		free(h);
	}
	return rows;
}

/* /n: the screen less one row and the headers, shared by n inputs */
static void fit_rows(struct tplan *p, struct nctx *c)
{
	long avail = screen_rows() - 1 - header_rows(p);
	struct npart *pt[2] = {&c->h, &c->t};
	int i, both = c->h.fit && c->t.fit;

	for (i = 0; i < 2; i++) {
		unsigned long long div = pt[i]->div ? pt[i]->div : (unsigned long long)p->nfiles;
		unsigned long long rows = avail > 0 ? (unsigned long long)avail / div : 0;

		if (!pt[i]->fit)
			continue;
		if (both)   /* split between head and tail, head gets the floor */
			rows = i ? rows - rows / 2 : rows / 2;
		pt[i]->n = rows;
		pt[i]->sign = 1;
	}
}

static void native_plan(struct tplan *p, struct nctx *c)
{
	p->headers = c->verbose || (p->nfiles > 1 && !c->quiet);
	fit_rows(p, c);
	if (c->h.n)
		p->hmode = c->h.sign < 0 ? HSKIP : HEMIT, p->hn = c->h.n;
	if (c->t.sign == 2)
		p->tmode = TFROM, p->tn = c->t.n;
	else if (c->t.n)
		p->tmode = c->t.sign < 0 ? TDROP : TKEEP, p->tn = c->t.n;
}

int tails_main(int argc, char **argv)
{
	static const char *const dash[] = {""};
	struct tplan p = {0};
	struct nctx c = {0};
	int r;
	struct optset os = {"[options] [paths...]   ('' or no path = stdin)",
	    tails_defs, OPT_CLIGEN | OPT_HINT, NULL};

	argv = with_defaults(&argc, argv);
	p.ird = p.eor = '\n';
	p.omax = REC_ALL, p.countfd = -1, p.interval = 0.25, p.divider = "--";
	p.out = &tout_plain;
	p.say = warn_line;   /* the record engine's messages */
	p.empty_stdin = 1;
	p.fmts = xmalloc(sizeof *p.fmts * (size_t)argc);
	c.p = &p;
	c.files = xmalloc(sizeof *c.files * (size_t)argc);
	if (opt_parse(&os, argc, argv, native_cb, &c)) {
		if (c.range)
			return 1;
		opt_err_print();
		return 2;
	}
	if (c.help) {
		opt_help(&os, "tails");
		return 0;
	}
	if (c.version) {
		out_str("tails (quickbox) " QB_VERSION "\n");
		return 0;
	}
	p.hdr_eor = p.eor;
	p.files = c.nfiles ? c.files : (char **)dash;
	p.nfiles = c.nfiles ? c.nfiles : 1;
	native_plan(&p, &c);
	r = plan_run(&p);
	if (p.sigpipe)   /* GNU dies of it when -f finds stdout's reader gone */
		raise(SIGPIPE);
	return r;
}
