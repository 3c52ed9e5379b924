/* tails.c: tails (head and tail of streams in one pass) and the GNU
 * coreutils head/tail personalities, all on the record engine core/rec.c.
 *
 * Every invocation becomes one plan: a head part (emit or skip the first N
 * records), then a tail part on what is left (keep the last N, drop the
 * last N, or everything from record N on). head -n N is a head part alone,
 * head -n -N a drop-tail, tail -n N a keep, tail -n +N a from. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "applets.h"
#include "err.h"
#include "follow.h"
#include "gnusize.h"
#include "hdr.h"
#include "num.h"
#include "opt.h"
#include "out.h"
#include "quote.h"
#include "rec.h"

enum { HNONE, HEMIT, HSKIP };           /* head part */
enum { TNONE, TKEEP, TDROP, TFROM };    /* tail part */

struct tplan {
	int who;                 /* 0 tails, 'h' head, 't' tail */
	int hmode, tmode;
	unsigned long long hn, tn;
	int bytes, ird, eor;
	unsigned long long omax; /* -o, REC_ALL when unset */
	const char *divider;     /* NULL: none (head/tail) */
	char **fmts;             /* -H formats, cyclic */
	int nfmt;
	int headers, plain, hdr_eor;
	const char *delimit;     /* -D */
	int countfd;             /* -C, -1 unset */
	int follow, by_name, retry;
	long pid;
	double interval;
	char **files;
	int nfiles;
	/* while running */
	int hdr_done, last_idx;
	struct rsink sink;
	struct fwatch *watch;
};

static int tails_run(struct tplan *p);

/* ---- running one input through the plan ---- */

static const char *display(const char *f)
{
	return !*f || !strcmp(f, "-") ? "standard input" : f;
}

/* the header text of input idx, before first-header stripping */
static char *header_text(struct tplan *p, int idx, const char *name, size_t *len)
{
	char *h;
	size_t n;

	if (p->nfmt && *p->fmts[idx % p->nfmt])   /* -H '' is the default */
		return hdr_render(p->fmts[idx % p->nfmt], name, p->plain, len);
	n = strlen(name);
	h = xmalloc(n + 10);
	h[0] = (char)p->hdr_eor;
	memcpy(h + 1, "==> ", 4);
	memcpy(h + 5, name, n);
	memcpy(h + 5 + n, " <==", 4);
	h[9 + n] = (char)p->hdr_eor;
	*len = n + 10;
	return h;
}

static void header(struct tplan *p, int idx, const char *name)
{
	size_t len, skip = 0;
	char *h;
	int last = out_lastbyte();

	if (!p->headers)
		return;
	h = header_text(p, idx, name, &len);
	if (!p->hdr_done)
		while (skip < len && (unsigned char)h[skip] == p->hdr_eor)
			skip++;
	if (p->delimit && last >= 0 && last != p->eor &&
	    (skip == len || (unsigned char)h[skip] != p->eor)) {
		out_str(p->delimit);
		out_char((char)p->eor);
	}
	out_write(h + skip, len - skip);
	free(h);
	p->hdr_done = 1;
}

static void divider(struct tplan *p)
{
	if (!p->divider || !p->sink.left)
		return;
	out_str(p->divider);
	out_char((char)p->eor);
}

static int run_tail_part(struct tplan *p, struct rin *in)
{
	struct rkeep k;

	switch (p->tmode) {
	case TKEEP:
		if (!p->tn) {   /* nothing to print; a follow starts at the end */
			if (in->seekable)
				lseek(in->fd, 0, SEEK_END);
			return in->counting ? rec_drain(in) : 0;
		}
		if (!p->sink.left || rec_tail_find(in, p->tn, &k))
			return p->sink.left ? -1 : 0;
		if (p->hmode == HEMIT && k.skipped)
			divider(p);
		return rec_tail_emit(in, &p->sink, &k);
	case TDROP:
		return rec_drop_tail(in, &p->sink, p->tn);
	case TFROM:
		if (rec_skip(in, p->tn ? p->tn - 1 : 0))
			return -1;
		return rec_copy(in, &p->sink, REC_ALL);
	}
	if (p->hmode == HSKIP)
		return rec_copy(in, &p->sink, REC_ALL);
	return 0;
}

static int run_plan(struct tplan *p, struct rin *in)
{
	int r = 0;

	if (p->hmode == HEMIT)
		r = rec_copy(in, &p->sink, p->hn);
	else if (p->hmode == HSKIP)
		r = rec_skip(in, p->hn);
	if (!r)
		r = run_tail_part(p, in);
	if (!r && p->who == 'h' && p->tmode == TNONE)
		rec_unread(in);   /* GNU: leave a seekable stdin just past */
	if (!r && in->counting)
		r = rec_drain(in);
	return r;
}

/* the -C count, written past the stdout buffer on purpose (see spec) */
static void put_count(struct tplan *p, const struct rin *in)
{
	char b[32];
	int n = snprintf(b, sizeof b, "%llu\n", rec_count(in));

	if (p->countfd >= 0)
		write_all(p->countfd, b, (size_t)n);
}

static int open_input(const char *f)
{
	int fd;

	if (!*f || !strcmp(f, "-"))
		return 0;
	fd = open(f, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		out_flush();    /* GNU's error() flushes stdout first */
		fail(1, "cannot open %s for reading:", quote(f));
	}
	return fd;
}

/* may this input be followed afterwards? */
static int followable(struct tplan *p, int fd, const char *f, int readerr)
{
	struct stat st;

	if (!p->follow || fstat(fd, &st))
		return 0;
	if (S_ISREG(st.st_mode) && !readerr)
		return 1;
	if (S_ISFIFO(st.st_mode) && fd == 0)
		return 0;   /* a pipe is followed to its EOF: done */
	out_flush();
	if (p->who == 't')   /* -F keeps trying the name, so GNU does not give up */
		fail(1, "%s: cannot follow end of this type of file%s", quotef(display(f)),
		    p->retry ? "" : "; giving up on this name");
	return 0;
}

/* GNU tail dies on a read error in its copy-the-rest path (-c N up to
 * 2^63-1, -c +N, -n +0/+1) and goes on to the next file elsewhere */
static int read_error_fatal(const struct tplan *p)
{
	if (p->who != 't')
		return 0;
	if (p->tmode == TFROM && !p->bytes)
		return p->tn <= 1;
	return p->bytes && p->tn <= 0x7fffffffffffffffULL;
}

static void do_input(struct tplan *p, int idx)
{
	const char *f = p->files[idx];
	struct rin in;
	int fd = open_input(f), r;

	p->watch[idx].name = display(f);
	p->watch[idx].fd = -1;
	p->watch[idx].gone = fd < 0;
	if (fd < 0)
		return;
	header(p, idx, display(f));
	p->last_idx = idx;
	rec_init(&in, fd, p->ird, p->bytes, p->countfd >= 0);
	r = run_plan(p, &in);
	if (r) {
		out_flush();
		errno = in.err;
		fail(1, "error reading %s:", quote(display(f)));
		if (read_error_fatal(p))
			xexit(1);
	}
	put_count(p, &in);
	rec_free(&in);
	if (followable(p, fd, f, r)) {
		struct stat st;

		fstat(fd, &st);
		p->watch[idx].fd = fd;
		p->watch[idx].dev = st.st_dev;
		p->watch[idx].ino = st.st_ino;
		/* appended data only: a head part may have stopped mid-file */
		p->watch[idx].pos = lseek(fd, 0, SEEK_END);
	} else if (fd > 0) {
		close(fd);
	}
}

/* ---- follow ---- */

static void on_data(void *ctx, int idx, const char *b, size_t n)
{
	struct tplan *p = ctx;

	if (p->headers && idx != p->last_idx)
		header(p, idx, p->watch[idx].name);
	p->last_idx = idx;
	rec_emit(&p->sink, b, n);
	out_flush();
}

static void on_event(void *ctx, int idx, enum fol_event ev, int err)
{
	struct tplan *p = ctx;
	const char *n = p->watch[idx].name;

	out_flush();
	errno = err;
	if (ev == FOL_GONE && !p->retry)   /* GNU drops the name: plain wording */
		warn("%s:", quotef(n));
	else if (ev == FOL_GONE)
		warn("%s has become inaccessible:", quote(n));
	else if (ev == FOL_APPEARED)
		warn("%s has appeared;  following new file", quote(n));
	else if (ev == FOL_REPLACED)
		warn("%s has been replaced;  following new file", quote(n));
	else
		warn("%s: file truncated", quotef(n));
}

static void follow(struct tplan *p)
{
	struct follow_cfg c = {0};
	int i, any = 0, files = 0, opened = 0;

	for (i = 0; i < p->nfiles; i++) {
		opened |= p->watch[i].fd >= 0;
		files |= *p->files[i] && strcmp(p->files[i], "-");
		/* -F waits for any name; --retry -f only for names not opened */
		if (p->watch[i].fd < 0 && p->retry && *p->files[i] &&
		    strcmp(p->files[i], "-") && (p->by_name || p->watch[i].gone))
			any = 1, p->watch[i].gone = 1;
	}
	if (!any && !opened) {
		if (files && p->who == 't')
			fail(1, "no files remaining");
		return;
	}
	out_flush();
	c.by_name = p->by_name;
	c.retry = p->retry;
	c.pid = (pid_t)p->pid;
	c.interval = p->interval;
	c.ctx = p;
	c.data = on_data;
	c.event = on_event;
	switch (follow_run(p->watch, p->nfiles, &c)) {
	case 2:
		if (p->who == 't')
			fail(1, "no files remaining");
		break;
	case 0:   /* --pid ended it; GNU's inotify loop then exits 0 */
		if (p->by_name && opened)
			qb_status = 0;
	}
}

static int tails_run(struct tplan *p)
{
	int i;

	p->sink.ird = p->ird;
	p->sink.eor = p->eor;
	p->sink.bytes = p->bytes;
	p->sink.left = p->omax;
	p->watch = xmalloc(sizeof *p->watch * (size_t)p->nfiles);
	memset(p->watch, 0, sizeof *p->watch * (size_t)p->nfiles);
	p->last_idx = -1;
	for (i = 0; i < p->nfiles && !out_error; i++)
		do_input(p, i);
	if (p->follow && !out_error)
		follow(p);
	if (out_error && out_error != EPIPE) {
		/* failed mid-run (not at the final flush): GNU's xwrite wording.
		 * Marking it EPIPE keeps xexit from reporting it a second time. */
		errno = out_error;
		fail(1, "error writing %s:", quote("standard output"));
		out_error = EPIPE;
	}
	return qb_status;
}

/* ---- GNU head/tail options ---- */

enum { G_BYTES, G_LINES, G_QUIET, G_SILENT, G_VERBOSE, G_ZERO, G_HELP,
	G_VERSION, G_FOLLOW, G_F, G_FF, G_MAXUNCH, G_PID, G_RETRY, G_SLEEP };

/* the ids index both tables: tail_defs extends head_defs from G_FOLLOW on */
static const struct optdef head_defs[] = {
	{"bytes", 'c', OPT_VALUE, "[-]NUM", "print the first NUM bytes; with '-', all but the last NUM bytes"},
	{"lines", 'n', OPT_VALUE, "[-]NUM", "print the first NUM lines (10); with '-', all but the last NUM"},
	{"quiet", 'q', OPT_FLAG, NULL, "never print headers giving file names"},
	{"silent", 0, OPT_FLAG, NULL, "same as --quiet"},
	{"verbose", 'v', OPT_FLAG, NULL, "always print headers giving file names"},
	{"zero-terminated", 'z', OPT_FLAG, NULL, "line delimiter is NUL, not newline"},
	{"help", 0, OPT_FLAG, NULL, "display this help and exit"},
	{"version", 0, OPT_FLAG, NULL, "output version information and exit"},
	{NULL, 0, 0, NULL, NULL}
};

static const struct optdef tail_defs[] = {
	{"bytes", 'c', OPT_VALUE, "[+]NUM", "output the last NUM bytes; +NUM: from byte NUM on"},
	{"lines", 'n', OPT_VALUE, "[+]NUM", "output the last NUM lines (10); +NUM: from line NUM on"},
	{"quiet", 'q', OPT_FLAG, NULL, "never output headers giving file names"},
	{"silent", 0, OPT_FLAG, NULL, "same as --quiet"},
	{"verbose", 'v', OPT_FLAG, NULL, "always output headers giving file names"},
	{"zero-terminated", 'z', OPT_FLAG, NULL, "line delimiter is NUL, not newline"},
	{"help", 0, OPT_FLAG, NULL, "display this help and exit"},
	{"version", 0, OPT_FLAG, NULL, "output version information and exit"},
	{"follow", 0, OPT_OPTIONAL, "HOW", "output appended data as the file grows (name|descriptor)"},
	{"", 'f', OPT_FLAG, NULL, "same as --follow=descriptor"},
	{"", 'F', OPT_FLAG, NULL, "same as --follow=name --retry"},
	{"max-unchanged-stats", 0, OPT_VALUE, "N", "accepted for compatibility (inotify needs none)"},
	{"pid", 0, OPT_VALUE, "PID", "with -f, terminate after process PID dies"},
	{"retry", 0, OPT_FLAG, NULL, "keep trying to open a file if it is inaccessible"},
	{"sleep-interval", 's', OPT_VALUE, "N", "with -f, seconds between checks without inotify (1.0)"},
	{NULL, 0, 0, NULL, NULL}
};

struct gctx {
	struct tplan *p;
	int who, quiet, verbose, help, version, reported, nfiles;
	int count_lines, neg;
	unsigned long long n;
	char **files;
};

/* GNU's second line after a usage error (no program prefix) */
static void try_help(void)
{
	char b[600];
	int n = snprintf(b, sizeof b, "Try '%s --help' for more information.\n", qb_prog);

	write_all(2, b, n < 0 ? 0 : (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
	qb_status = 1;
}

/* -n/-c value: "invalid number of lines: 'x'" as GNU words it */
static int gnu_count(struct gctx *g, const char *v, int lines)
{
	unsigned long long n;
	int r;

	g->neg = 0;
	if (*v == '+' && g->who == 't')
		g->neg = 2;       /* tail +N: from N on; the '+' stays shown */
	else if (*v == '-')
		g->neg = 1, v++;
	r = gnu_size(v, &n);
	if (r) {
		errno = r;
		if (r == EOVERFLOW)
			warn("invalid number of %s: %s:", lines ? "lines" : "bytes", quote(v));
		else
			warn("invalid number of %s: %s", lines ? "lines" : "bytes", quote(v));
		g->reported = 1;
		return -1;
	}
	g->n = n;
	g->count_lines = lines;
	return 0;
}

static int gnu_follow_how(struct gctx *g, const char *v)
{
	int name = v && *v && !strncmp("name", v, strlen(v));
	int desc = v && *v && !strncmp("descriptor", v, strlen(v));

	if (v && !name && !desc) {
		warn("%s argument %s for %s", *v ? "invalid" : "ambiguous",
		    quote(v), quote("--follow"));
		{
			char b[200];
			int n = snprintf(b, sizeof b, "Valid arguments are:\n  - %s\n  - %s\n",
			    quote("descriptor"), quote("name"));

			write_all(2, b, (size_t)n);
		}
		try_help();
		g->reported = 1;
		return -1;
	}
	g->p->follow = 1;
	g->p->by_name = name;
	return 0;
}

static int gnu_value(struct gctx *g, int id, char *v)
{
	long long ll;

	switch (id) {
	case G_SLEEP:
		if (!num_double(v, 0, 1e9, &g->p->interval))
			return 0;
		warn("invalid number of seconds: %s", quote(v));
		break;
	case G_PID:
		if (!num_ll(v, 0, 0x7fffffff, &ll)) {
			g->p->pid = (long)ll;
			return 0;
		}
		warn("invalid PID: %s", quote(v));
		break;
	default: {
		unsigned long long n;

		if (!gnu_size(v, &n))
			return 0;
		warn("invalid maximum number of unchanged stats between opens: %s", quote(v));
	}
	}
	g->reported = 1;
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
	case G_HELP:
		g->help = 1;
		return 0;
	case G_VERSION:
		g->version = 1;
		return 0;
	case G_FOLLOW:
		return gnu_follow_how(g, v);
	case G_F:
		return gnu_follow_how(g, NULL);
	case G_FF:
		g->p->follow = g->p->by_name = g->p->retry = 1;
		return 0;
	case G_RETRY:
		g->p->retry = 1;
		return 0;
	}
	return gnu_value(g, id, v);
}

/* head -5cv: digits then option letters, GNU's old syntax */
static int head_obsolete(struct gctx *g, char *a)
{
	char num[64];
	size_t d = strspn(a + 1, "0123456789");
	char mult = 0, *c;
	int lines = 1;

	if (d >= sizeof num - 2)
		d = sizeof num - 2;
	memcpy(num, a + 1, d);
	for (c = a + 1 + strspn(a + 1, "0123456789"); *c; c++) {
		switch (*c) {
		case 'c': lines = 0, mult = 0; break;
		case 'b': case 'k': case 'm': lines = 0, mult = *c; break;
		case 'l': lines = 1; break;
		case 'q': g->quiet = 1, g->verbose = 0; break;
		case 'v': g->verbose = 1, g->quiet = 0; break;
		case 'z': g->p->ird = g->p->eor = 0; break;
		default:
			warn("invalid trailing option -- %c", *c);
			try_help();
			g->reported = 1;
			return -1;
		}
	}
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

/* tail -5, +5, -5c, +5cf...: one option string and at most one file */
static int tail_obsolete(struct gctx *g, int argc, char **argv)
{
	int ver = posix2_version(), obsolete = ver < 200112;
	const char *p = argv[1], *digits;
	unsigned long long n = 10;
	int from, lines = 1;

	if (!(argc == 2 || (argc == 3 && !(argv[2][0] == '-' && argv[2][1])) ||
	    (argc >= 3 && argc <= 4 && !strcmp(argv[2], "--"))))
		return 0;
	if (*p == '+' && (obsolete || ver >= 200809))
		from = 1;
	else if (*p == '-' && (obsolete || p[1 + (p[1] == 'c')]))
		from = 0;
	else
		return 0;
	digits = ++p;
	p += strspn(p, "0123456789");
	if (*p == 'b' || *p == 'c')
		lines = 0;
	if (*p == 'b' || *p == 'c' || *p == 'l')
		p++;
	if (*p == 'f')
		g->p->follow = 1, p++;
	if (*p)
		return 0;
	if (p != digits && isdigit((unsigned char)*digits)) {
		char num[64];
		size_t k = strspn(digits, "0123456789");

		snprintf(num, sizeof num, "%.*s%s", (int)k, digits,
		    digits[k] == 'b' ? "b" : "");
		if (gnu_size(num, &n)) {
			errno = ERANGE;
			fail(1, "invalid number: %s:", quote(argv[1]));
			g->reported = 1;
			return -1;
		}
	} else if (*digits == 'b') {
		n *= 512;
	}
	g->n = n;
	g->count_lines = lines;
	g->neg = from ? 2 : 0;
	return 1;
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
}

static void gnu_warnings(struct tplan *p)
{
	if (p->retry && !p->follow)
		warn("warning: --retry ignored; --retry is useful only when following");
	else if (p->retry && !p->by_name)
		warn("warning: --retry only effective for the initial open");
	if (p->pid && !p->follow)
		warn("warning: PID ignored; --pid=PID is useful only when following");
}

/* GNU getopt knows digits as options of the old syntax: its words */
static void gnu_opt_error(int who)
{
	char *m = strstr(opt_err, ": invalid option -- '");

	if (m && m[21] >= '0' && m[21] <= '9' && m[22] == '\'') {
		char d = m[21];

		if (who == 't') {
			warn("option used in invalid context -- %c", d);
			return;
		}
		warn("invalid trailing option -- %c", d);
	} else {
		write_all(2, opt_err, strlen(opt_err));
		write_all(2, "\n", 1);
	}
	try_help();
}

static int gnu_main(int who, int argc, char **argv)
{
	static const char *const dash[] = {"-"};
	struct tplan p = {0};
	struct gctx g = {0};
	struct optset os = {"[OPTION]... [FILE]...", who == 'h' ? head_defs : tail_defs,
	    OPT_GNU, NULL};
	int r;

	qb_prog = argv[0];   /* GNU names itself as invoked */
	p.who = who, p.ird = p.eor = p.hdr_eor = '\n';
	p.omax = REC_ALL, p.countfd = -1, p.interval = 1.0;
	g.p = &p, g.who = who, g.n = 10, g.count_lines = 1;
	g.files = xmalloc(sizeof *g.files * (size_t)(argc + 1));
	if (who == 'h' && argc > 1 && argv[1][0] == '-' && isdigit((unsigned char)argv[1][1])) {
		if (head_obsolete(&g, argv[1]))
			return 1;
		argv[1] = argv[0], argv++, argc--;
	} else if (who == 't' && argc > 1 && (r = tail_obsolete(&g, argc, argv))) {
		if (r < 0)
			return 1;
		argv[1] = argv[0], argv++, argc--;
	}
	p.hdr_eor = '\n';
	if (opt_parse(&os, argc, argv, gnu_cb, &g)) {
		if (!g.reported)
			gnu_opt_error(who);
		return 1;
	}
	if (g.help || g.version) {
		if (g.help)
			opt_help(&os, who == 'h' ? "head" : "tail");
		else
			out_str(who == 'h' ? "head (quickbox) 0.1\n" : "tail (quickbox) 0.1\n");
		return 0;
	}
	if (who == 't')
		gnu_warnings(&p);
	p.files = g.nfiles ? g.files : (char **)dash;
	p.nfiles = g.nfiles ? g.nfiles : 1;
	gnu_plan(&g);
	if (p.follow && p.by_name)
		for (r = 0; r < p.nfiles; r++)
			if (!strcmp(p.files[r], "-")) {
				warn("cannot follow %s by name", quote("-"));
				return 1;
			}
	if (p.tmode == TKEEP && !p.tn && !p.follow)
		return 0;   /* GNU: nothing to print, nothing opened */
	return tails_run(&p);
}

/* ---- native tails options ---- */

enum { N_HEAD, N_TAIL, N_OMAX, N_FOLLOW, N_BYTES, N_DIV, N_HDR, N_QUIET,
	N_VERB, N_IRD, N_EOR, N_SLEEP, N_DELIM, N_COUNT, N_PLAIN, N_HELP };

static const struct optdef tails_defs[] = {
	{"head", 'h', OPT_VALUE, "N|/[n]", "N>0 emit the first N records; N<0 cut the first N"},
	{"tail", 't', OPT_VALUE, "N|/[n]|+N", "N>0 emit the last N; N<0 cut the last N; +N from record N on"},
	{"outMax", 'o', OPT_VALUE, "N", "stop after emitting N records (bytes with -c)"},
	{"follow", 'f', OPT_FLAG, NULL, "then output data appended to the files"},
	{"bytes", 'c', OPT_FLAG, NULL, "records are bytes, not rows"},
	{"divide", 'd', OPT_VALUE, "STR", "printed between non-contiguous head and tail (--)"},
	{"header", 'H', OPT_VALUE, "FMT", "header formats, used cyclically; $1 = the name"},
	{"quiet", 'q', OPT_FLAG, NULL, "never print headers"},
	{"verbose", 'v', OPT_FLAG, NULL, "always print headers"},
	{"ird", 'i', OPT_VALUE, "C", "input record delimiter (\\n)"},
	{"eor", 'e', OPT_VALUE, "C", "output record terminator (\\n)"},
	{"sleep-interval", 's', OPT_VALUE, "S", "seconds between follow polls without inotify (0.25)"},
	{"delimit", 'D', OPT_VALUE, "STR", "before a header when the last byte written is not EOR"},
	{"Count", 'C', OPT_VALUE, "FD", "write the number of input records of each input to FD"},
	{"plain", 'p', OPT_FLAG, NULL, "no colour escapes in headers"},
	{"help", '?', OPT_FLAG, NULL, "print this help and exit"},
	{NULL, 0, 0, NULL, NULL}
};

/* -h/-t value: N, -N, +N, / or /n */
struct npart {
	int fit, sign;               /* sign: 1 plain, -1 '-', 2 '+' */
	unsigned long long n, div;   /* div: /n (0 = the number of inputs) */
};

struct nctx {
	struct tplan *p;
	struct npart h, t;
	int quiet, verbose, help;
	char **files;
	int nfiles;
};

/* digits only; a count too big for 64 bits means "all of them" */
static int digits_ull(const char *s, unsigned long long *out)
{
	unsigned long long v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		v = v > (REC_ALL - 9) / 10 ? REC_ALL : v * 10 + (unsigned)(*s - '0');
	}
	*out = v;
	return 0;
}

static int parse_part(const char *v, struct npart *pt)
{
	memset(pt, 0, sizeof *pt);
	pt->sign = 1;
	if (*v == '/') {
		pt->fit = 1;
		return v[1] && (digits_ull(v + 1, &pt->div) || !pt->div) ? -1 : 0;
	}
	if (*v == '+' || *v == '-')
		pt->sign = *v++ == '+' ? 2 : -1;
	return digits_ull(v, &pt->n);
}

/* backslash escapes in -d -D -H -i -e values: \n \t \0 \\ \e \xHH \NNN */
static char *unescape(const char *s, size_t *len)
{
	char *o = xmalloc(strlen(s) + 1), *q = o;
	static const char from[] = "abefnrtv\\", to[] = "\a\b\033\f\n\r\t\v\\";

	for (; *s; s++) {
		const char *m;

		if (*s != '\\' || !s[1]) {
			*q++ = *s;
		} else if ((m = strchr(from, s[1])) && *m) {
			*q++ = to[m - from], s++;
		} else if (s[1] == 'x' && isxdigit((unsigned char)s[2])) {
			char hx[3] = {s[2], isxdigit((unsigned char)s[3]) ? s[3] : 0, 0};

			*q++ = (char)strtol(hx, NULL, 16);
			s += 1 + strlen(hx);
		} else if (s[1] >= '0' && s[1] <= '7') {
			int v = 0, k;

			for (k = 1; k <= 3 && s[k] >= '0' && s[k] <= '7'; k++)
				v = v * 8 + s[k] - '0';
			*q++ = (char)v;
			s += k - 1;
		} else {
			*q++ = *++s;
		}
	}
	*q = 0;
	*len = (size_t)(q - o);
	return o;
}

static int char_value(const char *v, int *c)
{
	size_t n;
	char *u = unescape(v, &n);

	*c = (unsigned char)u[0];
	free(u);
	return n == 1 ? 0 : -1;
}

static int nbad(const char *opt, const char *v, const char *want)
{
	opt_seterr("tails: bad value %s for %s (want %s)", quote(v), opt, want);
	return -1;
}

static int native_value(struct nctx *c, int id, char *v)
{
	struct tplan *p = c->p;
	long long ll;
	size_t n;

	switch (id) {
	case N_HEAD:
		return parse_part(v, &c->h) ? nbad("-h", v, "N, -N or /[n]") : 0;
	case N_TAIL:
		return parse_part(v, &c->t) ? nbad("-t", v, "N, -N, +N or /[n]") : 0;
	case N_OMAX:
		return digits_ull(v, &p->omax) ? nbad("-o", v, "a count") : 0;
	case N_DIV:
		p->divider = unescape(v, &n);
		return 0;
	case N_HDR:
		p->fmts[p->nfmt++] = unescape(v, &n);
		return 0;
	case N_IRD:
		return char_value(v, &p->ird) ? nbad("-i", v, "one character") : 0;
	case N_EOR:
		return char_value(v, &p->eor) ? nbad("-e", v, "one character") : 0;
	case N_SLEEP:
		return num_double(v, 0, 1e9, &p->interval) ? nbad("-s", v, "seconds") : 0;
	case N_DELIM:
		p->delimit = unescape(v, &n);
		return 0;
	case N_COUNT:
		if (num_ll(v, 0, 1 << 20, &ll))
			return nbad("-C", v, "a file descriptor");
		p->countfd = (int)ll;
		return 0;
	}
	return 0;
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
	}
	return native_value(c, id, v);
}

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
		char *h = header_text(p, i, display(p->files[i]), &len);

		while (!i && skip < len && (unsigned char)h[skip] == p->hdr_eor)
			skip++;
		rows += (long)hdr_count(h + skip, len - skip, p->hdr_eor);
		free(h);
	}
	return rows;
}

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

/* defaults from the config file, then $TAILS, then the command line */
static void add_words(char ***v, int *n, char *s, int lines)
{
	char *save = NULL, *w;

	for (w = strtok_r(s, lines ? "\n" : " \t\n", &save); w;
	    w = strtok_r(NULL, lines ? "\n" : " \t\n", &save)) {
		while (lines && (*w == ' ' || *w == '\t'))
			w++;
		if (!*w || *w == '#')
			continue;
		*v = xrealloc(*v, sizeof **v * (size_t)(*n + 2));
		if (lines && *w != '-') {   /* "head = 3" style lines */
			char *x = xmalloc(strlen(w) + 3), *eq;

			sprintf(x, "--%s", w);
			while ((eq = strstr(x, " = ")))
				memmove(eq, eq + 2, strlen(eq + 2) + 1), *eq = '=';
			w = x;
		}
		(*v)[(*n)++] = w;
	}
}

static char *slurp(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char *b;
	ssize_t r;

	if (fd < 0)
		return NULL;
	b = xmalloc(65536);
	r = read(fd, b, 65535);
	close(fd);
	b[r > 0 ? r : 0] = 0;
	return b;
}

static char **with_defaults(int *argc, char **argv)
{
	const char *cf = getenv("TAILS_CONFIG"), *x = getenv("XDG_CONFIG_HOME"),
	    *home = getenv("HOME"), *env = getenv("TAILS");
	char path[4096], **v = xmalloc(sizeof *v * 2), *t;
	int n = 1, i;

	v[0] = argv[0];
	if (!cf) {
		snprintf(path, sizeof path, "%s%s/tails/config", x && *x ? x : home ? home : "",
		    x && *x ? "" : "/.config");
		cf = path;
	}
	if ((t = slurp(cf)))
		add_words(&v, &n, t, 1);
	if (env)
		add_words(&v, &n, xstrdup(env), 0);
	v = xrealloc(v, sizeof *v * (size_t)(n + *argc + 1));
	for (i = 1; i < *argc; i++)
		v[n++] = argv[i];
	v[n] = NULL;
	*argc = n;
	return v;
}

int tails_main(int argc, char **argv)
{
	static const char *const dash[] = {""};
	struct tplan p = {0};
	struct nctx c = {0};
	struct optset os = {"[options] [paths...]   ('' or no path = stdin)",
	    tails_defs, OPT_CLIGEN, NULL};

	argv = with_defaults(&argc, argv);
	p.ird = p.eor = '\n';
	p.omax = REC_ALL, p.countfd = -1, p.interval = 0.25, p.divider = "--";
	p.fmts = xmalloc(sizeof *p.fmts * (size_t)argc);
	c.p = &p;
	c.files = xmalloc(sizeof *c.files * (size_t)argc);
	if (opt_parse(&os, argc, argv, native_cb, &c)) {
		warn("%s", opt_err + strlen("tails: "));
		return 2;
	}
	if (c.help) {
		opt_help(&os, "tails");
		return 0;
	}
	p.hdr_eor = p.eor;
	p.files = c.nfiles ? c.files : (char **)dash;
	p.nfiles = c.nfiles ? c.nfiles : 1;
	native_plan(&p, &c);
	return tails_run(&p);
}

/* ---- the personalities ---- */

int head_main(int argc, char **argv)
{
	return gnu_main('h', argc, argv);
}

int tail_main(int argc, char **argv)
{
	return gnu_main('t', argc, argv);
}
