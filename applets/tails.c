/* tails.c: tails, head and tail of streams in one pass (spec/tails.md):
 * native options, fit mode (/n), entry. The GNU head/tail personalities
 * are in tails_gnu.c; every name runs through tails_run.c and core/rec.c. */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "applets.h"
#include "err.h"
#include "hdr.h"
#include "num.h"
#include "opt.h"
#include "quote.h"
#include "tails.h"

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

/* -i/-e: exactly one byte after unescaping */
static int char_value(const char *v, int *c)
{
	size_t n;
	char *u = tails_unescape(v, &n);

	*c = (unsigned char)u[0];
	free(u);
	return n == 1 ? 0 : -1;
}

static int nbad(const char *opt, const char *v, const char *want)
{
	opt_seterr("tails: bad value %s for %s (want %s)", quote(v), opt, want);
	return -1;
}

/* the string options: kept unescaped */
static int native_string(struct tplan *p, int id, const char *v)
{
	size_t n;
	char *u = tails_unescape(v, &n);

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

	switch (id) {
	case N_HEAD:
		return parse_part(v, &c->h) ? nbad("-h", v, "N, -N or /[n]") : 0;
	case N_TAIL:
		return parse_part(v, &c->t) ? nbad("-t", v, "N, -N, +N or /[n]") : 0;
	case N_OMAX:
		return digits_ull(v, &p->omax) ? nbad("-o", v, "a count") : 0;
	case N_IRD:
		return char_value(v, &p->ird) ? nbad("-i", v, "one character") : 0;
	case N_EOR:
		return char_value(v, &p->eor) ? nbad("-e", v, "one character") : 0;
	case N_SLEEP:
		return num_double(v, 0, 1e9, &p->interval) ? nbad("-s", v, "seconds") : 0;
	case N_COUNT:
		if (num_ll(v, 0, 1 << 20, &ll))
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
		char *h = tails_header_text(p, i, tails_display(p->files[i]), &len);

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
	struct optset os = {"[options] [paths...]   ('' or no path = stdin)",
	    tails_defs, OPT_CLIGEN, NULL};

	argv = tails_defaults(&argc, argv);
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
