/* opt.c: the option parser behind every applet (syntaxes in opt.h). */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "libc/fmt.h"
#include "lib/opt.h"
#include "lib/out.h"

char opt_err[512];

void opt_seterr(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fmt_vsnprintf(opt_err, sizeof opt_err, fmt, ap);
	va_end(ap);
}

void opt_err_print(void)
{
	char line[sizeof opt_err + 1];
	size_t n = strlen(opt_err);

	memcpy(line, opt_err, n);
	line[n] = '\n';
	write_all(2, line, n + 1);
}

struct parse {
	const struct optset *os;
	const char *prog;   /* basename, for native messages */
	char **argv;        /* argv[0] as invoked, for GNU messages */
	opt_cb cb;
	void *ctx;
};

int opt_bool(const char *val)
{
	static const char yes[][6] = {"1", "true", "yes", "on", "t", "y"};
	static const char no[][6] = {"0", "false", "no", "off", "f", "n"};
	int i;

	if (!val)
		return 1;
	for (i = 0; i < 6; i++)
		if (!strcasecmp(val, yes[i]))
			return 1;
	for (i = 0; i < 6; i++)
		if (!strcasecmp(val, no[i]))
			return 0;
	return -1;
}

/* cligen spelling rule: case, '_' and '-' do not count */
static int norm_prefix(const char *name, const char *given, size_t glen, int *exact)
{
	size_t i = 0;

	for (; *name; name++) {
		if (*name == '_' || *name == '-')
			continue;
		while (i < glen && (given[i] == '_' || given[i] == '-'))
			i++;
		if (i == glen)
			break;
		if (tolower((unsigned char)*name) != tolower((unsigned char)given[i]))
			return 0;
		i++;
	}
	while (i < glen && (given[i] == '_' || given[i] == '-'))
		i++;
	if (i < glen)
		return 0;
	*exact = !*name;
	return 1;
}

/* optdef.arg without the OPT_EXACT and OPT_MORE bits; the count of more */
#define KIND(d) ((d)->arg & 3)
#define MORE(d) ((d)->arg >> 3)

static int gnu_prefix(const char *name, const char *given, size_t glen, int *exact)
{
	if (strncmp(name, given, glen))
		return 0;
	*exact = name[glen] == 0;
	return 1;
}

/* index of the long option named by given[0..glen), -1 unknown, -2 ambiguous.
 * As in cligen, the first letter's case tells apart names that differ only
 * there (tim's --oHead/--OHead, --delim/--Delim): an exact match with the
 * same first letter wins over one with the other case. */
static int find_long(const struct parse *p, const char *given, size_t glen)
{
	const struct optdef *d = p->os->defs;
	int gnu = p->os->style & OPT_GNU, found = -1, n = 0, i, ex, exact = -1;

	for (i = 0; d[i].lname; i++) {
		if (!*d[i].lname)
			continue;
		if (!(gnu ? gnu_prefix : norm_prefix)(d[i].lname, given, glen, &ex))
			continue;
		if (!ex && (d[i].arg & OPT_EXACT))
			continue;
		if (ex && glen && d[i].lname[0] == given[0])
			return i;
		if (ex && exact < 0)
			exact = i;
		found = i;
		n++;
	}
	if (exact >= 0)
		return exact;
	return n == 1 ? found : n ? -2 : -1;
}

/* ---- what went wrong, in each dialect's words ---- */

enum fault { F_AMBIGUOUS, F_UNKNOWN_LONG, F_UNKNOWN_SHORT, F_NO_ARG,
	F_BAD_FLAG, F_NEEDS_LONG, F_NEEDS_SHORT };

struct what {
	enum fault f;
	const char *arg;           /* the argument after "--", as given */
	size_t glen;               /* the length of its name part */
	const struct optdef *d;    /* the option meant, when known */
	char c;                    /* the short letter */
	const char *val;           /* the value given */
};

/* the options a prefix could mean, each printed with fmt, appended at k */
static void matches(const struct parse *p, const struct what *w, size_t k,
    const char *fmt)
{
	const struct optdef *d = p->os->defs;
	int i, ex, gnu = p->os->style & OPT_GNU;

	for (i = 0; d[i].lname && k < sizeof opt_err; i++)
		if (*d[i].lname && (gnu ? gnu_prefix : norm_prefix)(d[i].lname,
		    w->arg, w->glen, &ex) && (ex || !(d[i].arg & OPT_EXACT)))
			k += (size_t)fmt_snprintf(opt_err + k, sizeof opt_err - k,
			    fmt, d[i].lname);
}

/* glibc getopt_long's texts, named as invoked */
static void gnu_words(const struct parse *p, const struct what *w)
{
	const char *prog = p->argv[0];

	switch (w->f) {
	case F_AMBIGUOUS:   /* the whole argument, value included */
		opt_seterr("%s: option '--%s' is ambiguous; possibilities:", prog, w->arg);
		matches(p, w, strlen(opt_err), " '--%s'");
		break;
	case F_UNKNOWN_LONG:
		opt_seterr("%s: unrecognized option '--%s'", prog, w->arg);
		break;
	case F_UNKNOWN_SHORT:
		opt_seterr("%s: invalid option -- '%c'", prog, w->c);
		break;
	case F_NO_ARG:
	case F_BAD_FLAG:
		opt_seterr("%s: option '--%s' doesn't allow an argument", prog, w->d->lname);
		break;
	case F_NEEDS_LONG:
		opt_seterr("%s: option '--%s' requires an argument", prog, w->d->lname);
		break;
	case F_NEEDS_SHORT:
		opt_seterr("%s: option requires an argument -- '%c'", prog, w->c);
		break;
	}
}

/* the native texts, named by the basename */
static void cligen_words(const struct parse *p, const struct what *w)
{
	const char *prog = p->prog;
	int g = (int)w->glen;

	switch (w->f) {
	case F_AMBIGUOUS:
		opt_seterr("%s: ambiguous option '--%.*s' (could be:", prog, g, w->arg);
		matches(p, w, strlen(opt_err), " --%s");
		if (strlen(opt_err) < sizeof opt_err - 1)
			strcat(opt_err, ")");
		break;
	case F_UNKNOWN_LONG:
		opt_seterr("%s: unknown option '--%.*s'", prog, g, w->arg);
		break;
	case F_UNKNOWN_SHORT:
		opt_seterr("%s: unknown option '-%c'", prog, w->c);
		break;
	case F_NO_ARG:
	case F_BAD_FLAG:
		opt_seterr("%s: option '--%s' is a flag; bad value '%s'", prog,
		    w->d->lname, w->val);
		break;
	case F_NEEDS_LONG:
		opt_seterr("%s: option '--%s' needs a value", prog, w->d->lname);
		break;
	case F_NEEDS_SHORT:
		opt_seterr("%s: option '-%c' needs a value", prog, w->c);
		break;
	}
	if (p->os->style & OPT_HINT) {
		size_t n = strlen(opt_err);

		fmt_snprintf(opt_err + n, sizeof opt_err - n, " (%s --help)", prog);
	}
}

/* word the fault in the parser's dialect; -1 for the caller to return */
static int fault(const struct parse *p, struct what w)
{
	((p->os->style & OPT_GNU) ? gnu_words : cligen_words)(p, &w);
	return -1;
}

/* "--flag=WORD" in cligen style: *val becomes NULL (true) or "0" */
static int flag_value(const struct parse *p, const struct optdef *d, char **val)
{
	int b;

	if (!*val)
		return 0;
	if (p->os->style & OPT_GNU)
		return fault(p, (struct what){.f = F_NO_ARG, .d = d});
	b = opt_bool(*val);
	if (b < 0)
		return fault(p, (struct what){.f = F_BAD_FLAG, .d = d, .val = *val});
	*val = b ? NULL : "0";
	return 0;
}

/* "--name VALUE": the value is the next argument, whatever it looks like */
static int next_value(const struct parse *p, const struct optdef *d,
    int argc, char **argv, int *i, char **val)
{
	if (*i + 1 < argc) {
		*val = argv[++*i];
		return 0;
	}
	return fault(p, (struct what){.f = F_NEEDS_LONG, .d = d});
}

/* the value, then the OPT_MORE arguments that follow it, to the callback */
static int give(const struct parse *p, int id, char *val, int argc,
    char **argv, int *i)
{
	const struct optdef *d = &p->os->defs[id];
	int k;

	if (p->cb(p->ctx, id, val))
		return -1;
	for (k = 0; k < MORE(d); k++) {
		if (*i + 1 >= argc) {
			opt_seterr("%s: option '--%s' needs %d values", p->prog,
			    d->lname, MORE(d) + 1);
			return -1;
		}
		if (p->cb(p->ctx, id, argv[++*i]))
			return -1;
	}
	return 0;
}

/* "--name[=val]" at argv[*i]; may consume argv[*i+1] */
static int do_long(const struct parse *p, int argc, char **argv, int *i)
{
	const char *a = argv[*i] + 2, *sep;
	const struct optdef *d;
	int gnu = p->os->style & OPT_GNU, id, r = 0;
	size_t glen;
	char *val;

	sep = gnu ? strchr(a, '=') : strpbrk(a, "=:");
	glen = sep ? (size_t)(sep - a) : strlen(a);
	id = find_long(p, a, glen);
	if (id < 0)
		return fault(p, (struct what){.f = id == -2 ? F_AMBIGUOUS : F_UNKNOWN_LONG,
		    .arg = a, .glen = glen});
	d = &p->os->defs[id];
	val = sep ? (char *)sep + 1 : NULL;
	if (KIND(d) == OPT_FLAG)
		r = flag_value(p, d, &val);
	else if (!val && KIND(d) == OPT_VALUE)
		r = next_value(p, d, argc, argv, i, &val);
	return r ? -1 : give(p, id, val, argc, argv, i);
}

static int find_short(const struct optdef *d, char c)
{
	int i;

	for (i = 0; d[i].lname; i++)
		if (d[i].sname == c)
			return i;
	return -1;
}

/* "-abc" bundle at argv[*i]; a value option takes the rest or the next arg */
static int do_short(const struct parse *p, int argc, char **argv, int *i)
{
	char *a = argv[*i] + 1;
	int gnu = p->os->style & OPT_GNU;

	for (; *a; a++) {
		int id = find_short(p->os->defs, *a);
		const struct optdef *d;
		char *val;

		if (id < 0)
			return fault(p, (struct what){.f = F_UNKNOWN_SHORT, .c = *a});
		d = &p->os->defs[id];
		if (KIND(d) == OPT_FLAG) {
			if (p->cb(p->ctx, id, NULL))
				return -1;
			continue;
		}
		val = a + 1;
		if (!gnu && (*val == '=' || *val == ':'))
			val++;
		else if (!*val && KIND(d) == OPT_OPTIONAL)
			val = NULL;
		else if (!*val) {
			if (*i + 1 >= argc)
				return fault(p, (struct what){.f = F_NEEDS_SHORT, .c = *a});
			val = argv[++*i];
		}
		return give(p, id, val, argc, argv, i);
	}
	return 0;
}

int opt_parse(const struct optset *os, int argc, char **argv, opt_cb cb, void *ctx)
{
	struct parse p;
	const char *slash = strrchr(argv[0], '/');
	int i, done = 0, inorder = os->style & OPT_INORDER;

	p.os = os;
	p.prog = slash ? slash + 1 : argv[0];
	p.argv = argv;
	p.cb = cb;
	p.ctx = ctx;
	opt_err[0] = 0;
	if ((os->style & OPT_GNU) && getenv("POSIXLY_CORRECT"))
		inorder = 1;
	for (i = 1; i < argc; i++) {
		char *a = argv[i];
		int r;

		if (done || a[0] != '-' || !a[1]) {
			if (cb(ctx, OPT_OPERAND, a))
				return -1;
			done |= inorder;
			continue;
		}
		if (!strcmp(a, "--")) {
			done = 1;
			continue;
		}
		r = a[1] == '-' ? do_long(&p, argc, argv, &i) : do_short(&p, argc, argv, &i);
		if (r)
			return -1;
	}
	return 0;
}

const char *opt_valname(const struct optdef *d)
{
	return strchr(d->lname, 0) + 1;
}

const char *opt_helptext(const struct optdef *d)
{
	return strchr(opt_valname(d), 0) + 1;
}

void opt_help(const struct optset *os, const char *prog)
{
	const struct optdef *d;
	char col[96];

	out_str("Usage: ");
	out_str(prog);
	out_char(' ');
	out_str(os->usage);
	out_str("\n\nOptions:\n");
	for (d = os->defs; d->lname; d++) {
		int n;

		if (!*opt_helptext(d))
			continue;
		n = fmt_snprintf(col, sizeof col, "  %c%c%s%s%s%s%s%s",
		    d->sname ? '-' : ' ', d->sname ? d->sname : ' ',
		    !*d->lname ? "" : d->sname ? ", " : "  ",
		    *d->lname ? "--" : "", d->lname,
		    KIND(d) == OPT_OPTIONAL ? "[" : "",
		    KIND(d) != OPT_FLAG ? "=" : "",
		    opt_valname(d));
		if (n < 0 || (size_t)n >= sizeof col)
			n = (int)strlen(col);
		out_write(col, (size_t)n);
		if (KIND(d) == OPT_OPTIONAL)
			out_char(']'), n++;
		do
			out_char(' ');
		while (++n < 28);
		out_str(opt_helptext(d));
		out_char('\n');
	}
	if (os->more) {
		out_char('\n');
		out_str(os->more);
	}
}
