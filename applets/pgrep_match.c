/* pgrep_match.c: pgrep/pkill/pidwait selection: names and command lines
 * as procps shows them, the criteria the engine (select.h) lacks, and
 * the pattern (pat.h). */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "escape.h"
#include "pgrep.h"

/* procps numbers the namespaces cgroup ipc mnt net pid time user uts and
 * checks the first six unless --nslist says otherwise */
const char *const pg_ns_names[NS_COUNT] = {
	"cgroup", "ipc", "mnt", "net", "pid", "time", "user", "uts"
};

#define CMDMAX (128 * 1024)  /* procps reads at most this much cmdline */

/* the name as procps shows it: the escaped comm */
const char *pg_comm_str(const struct pg *g, const struct proc *p)
{
	static char buf[sizeof p->comm];
	size_t n = p->comm_len < sizeof buf - 1 ? p->comm_len : sizeof buf - 1;

	memcpy(buf, p->comm, n);
	buf[n] = 0;
	n = strlen(buf);
	if (esc_needed(buf, n))
		esc_inplace(buf, n, g->utf8);
	return buf;
}

/* the run state, read only for the few processes without a command line
 * (zombies, kernel threads): asking the reader for stat on every process
 * made pgrep -f 30% slower (18.3 vs 14 ms at 1100 processes) */
static char state(struct proc_iter *it, const struct proc *p)
{
	size_t len;
	char *s, *e;

	if (p->have & PROC_STAT)
		return p->state;
	s = proc_file(it, p, "stat", &len);
	e = s ? strrchr(s, ')') : 0;
	return e && e[1] == ' ' ? e[2] : 0;
}

/* the command line as procps shows it: NULs and newlines become blanks
 * (trailing NULs dropped, then one trailing blank), the rest escaped;
 * nothing at all: "[comm]", plus " <defunct>" for a zombie */
const char *pg_cmd_str(const struct pg *g, struct proc_iter *it,
    const struct proc *p)
{
	static char *buf;
	size_t n = p->cmdline_len, i;

	if (!buf)
		buf = xmalloc(CMDMAX + 16 + sizeof p->comm);
	if (!n) {
		snprintf(buf, CMDMAX, "[%s]%s", pg_comm_str(g, p),
		    state(it, p) == 'Z' ? " <defunct>" : "");
		return buf;
	}
	if (n > CMDMAX - 1)
		n = CMDMAX - 1;
	memcpy(buf, p->cmdline, n);
	for (i = n; i && !buf[i - 1]; i--)
		;
	while (i--)
		if (!buf[i] || buf[i] == '\n')
			buf[i] = ' ';
	if (buf[n - 1] == ' ')
		buf[n - 1] = 0;
	buf[n] = 0;
	n = strlen(buf);
	if (esc_needed(buf, n))
		esc_inplace(buf, n, g->utf8);
	return *buf ? buf : "?";
}

static int match(void *ctx, struct proc_iter *it, const struct proc *p)
{
	struct pg *g = ctx;

	/* the engine asks only when every other criterion held: exactly
	 * when procps refills its name buffer (see act) */
	if (g->echo && !g->lname && !g->lfull)
		snprintf(g->shown, sizeof g->shown, "%s", pg_comm_str(g, p));
	return pat_match(&g->re, g->full ? pg_cmd_str(g, it, p) : pg_comm_str(g, p))
	    ? 0 : -1;
}

/* procps compares /proc/PID/ns/NAME inodes, 0 when unreadable */
static void ns_read(long pid, unsigned long long ino[NS_COUNT])
{
	char path[64];
	struct stat st;
	int i;

	for (i = 0; i < NS_COUNT; i++) {
		snprintf(path, sizeof path, "/proc/%ld/ns/%s", pid, pg_ns_names[i]);
		ino[i] = stat(path, &st) ? 0 : st.st_ino;
	}
}

static int ns_same(const struct pg *g, const struct proc *p)
{
	unsigned long long ino[NS_COUNT];
	int i;

	ns_read(p->tid, ino);
	for (i = 0; i < NS_COUNT; i++)
		if ((g->nsflags & 1 << i) && ino[i] != g->nsref[i])
			return 0;
	return 1;
}

/* whole seconds since start, as procps computes them */
static int elapsed(struct proc_iter *it, const struct proc *p)
{
	static unsigned long long now;
	static long hz;

	if (!hz) {
		now = proc_now_ticks(it);
		hz = sysconf(_SC_CLK_TCK);
	}
	return now > p->start ? (int)((double)(now - p->start) / hz) : 0;
}

/* cgroup v2 lines "0::PATH" (lines end at '\n' or NUL; an empty one
 * ends the list, as in procps) against the --cgroup names */
static int cgroup_ok(const struct pg *g, struct proc_iter *it, const struct proc *p)
{
	size_t len, i;
	char *s = proc_file(it, p, "cgroup", &len), *e;
	int k;

	if (!s)
		return 0;
	for (i = 0; i < len; i = (size_t)(e - s) + 1) {
		e = s + i + strcspn(s + i, "\n");
		if (e == s + i)
			return 0;
		*e = 0;
		if (!strncmp(s + i, "0::", 3))
			for (k = 0; k < g->ncgroup; k++)
				if (!strcmp(s + i + 3, g->cgroup[k]))
					return 1;
	}
	return 0;
}

/* --env (procps-ng 4.0.5+): a word of /proc/PID/environ equal to a
 * NAME=VALUE item, or starting with a NAME item (procps compares only the
 * item's length: "--env HO" matches HOME=...). The words are procps's
 * vector: split at NULs and newlines, an empty or unreadable file reads
 * as "-", and the first empty word ends the list. */
static int env_word(const struct pg *g, const char *w)
{
	int k;

	for (k = 0; k < g->nenv; k++)
		if (strchr(g->env[k], '=') ? !strcmp(w, g->env[k]) :
		    !strncmp(w, g->env[k], strlen(g->env[k])))
			return 1;
	return 0;
}

static int env_ok(const struct pg *g, struct proc_iter *it, const struct proc *p)
{
	size_t len, i, e;
	char *s = proc_file(it, p, "environ", &len);

	if (!s || !len)
		return env_word(g, "-");
	for (i = 0; i < len; i = e + 1) {
		e = i + strcspn(s + i, "\n");  /* s[len] is a NUL */
		if (e == i)
			return 0;
		s[e] = 0;
		if (env_word(g, s + i))
			return 1;
	}
	return 0;
}

/* -H (procps-ng 4.0.3+): SigCgt of /proc/PID/status, a hex mask whose
 * bit sig-1 says a userspace handler is installed. Signal 0 and numbers
 * beyond the mask have no handler (procps shifts out of range there). */
int pg_has_handler(struct proc_iter *it, const struct proc *p, int sig)
{
	size_t len;
	char *s = proc_file(it, p, "status", &len), *v;

	if (!s || sig < 1 || sig > 64 || !(v = strstr(s, "\nSigCgt:")))
		return 0;
	return (strtoull(v + 8, NULL, 16) >> (sig - 1)) & 1;
}

static int keep(void *ctx, struct proc_iter *it, const struct proc *p)
{
	struct pg *g = ctx;

	if (g->pfpid && p->pid != g->pfpid)
		return 0;
	if (g->nspid && !ns_same(g, p))
		return 0;
	if (g->older && elapsed(it, p) < g->older)
		return 0;
	/* -t ends procps's chain of tests: no -r, no --cgroup after it */
	if (g->cgroup && !g->sel.tty.n && !cgroup_ok(g, it, p))
		return 0;
	/* newer procps's tests (no -t short cut there): after the others */
	if (g->env && !env_ok(g, it, p))
		return 0;
	return !g->handler || pg_has_handler(it, p, g->sig);
}

/* is the locale (LC_ALL, else LC_CTYPE, else LANG) more than C/POSIX?
 * Only then is setlocale worth its cost (it maps locale files) */
int pg_locale_set(void)
{
	const char *v = getenv("LC_ALL");

	if (!v || !*v)
		v = getenv("LC_CTYPE");
	if (!v || !*v)
		v = getenv("LANG");
	return v && *v && strcmp(v, "C") && strcmp(v, "POSIX");
}

/* procps prints glibc's regerror() text; other libcs (musl in the static
 * build) word theirs differently, so give their codes glibc's words */
static void regex_text(int rc, const struct pat *re, char *buf, size_t cap)
{
#ifdef __GLIBC__
	pat_error(rc, re, buf, cap);
#else
	static const struct { int code; const char *text; } t[] = {
		{REG_BADPAT, "Invalid regular expression"},
		{REG_ECOLLATE, "Invalid collation character"},
		{REG_ECTYPE, "Invalid character class name"},
		{REG_EESCAPE, "Trailing backslash"},
		{REG_ESUBREG, "Invalid back reference"},
		{REG_EBRACK, "Unmatched [, [^, [:, [., or [="},
		{REG_EPAREN, "Unmatched ( or \\("},
		{REG_EBRACE, "Unmatched \\{"},
		{REG_BADBR, "Invalid content of \\{\\}"},
		{REG_ERANGE, "Invalid range end"},
		{REG_ESPACE, "Memory exhausted"},
		{REG_BADRPT, "Invalid preceding regular expression"},
	};
	size_t i;

	for (i = 0; i < sizeof t / sizeof *t; i++)
		if (t[i].code == rc) {
			snprintf(buf, cap, "%s", t[i].text);
			return;
		}
	pat_error(rc, re, buf, cap);
#endif
}

/* pat.h matches plain names (and -x's "^(name)$") without regexec:
 * musl's regexec cost ~10 µs a call (docs/pgrep.md, Performance) */
static void compile(struct pg *g)
{
	const char *re = g->pattern;
	char err[256];
	int rc;

	if (g->exact) {
		g->rebuf = xmalloc(strlen(g->pattern) + 5);
		sprintf(g->rebuf, "^(%s)$", g->pattern);
		re = g->rebuf;
	}
	rc = pat_compile(&g->re, re, g->icase);
	if (rc) {
		regex_text(rc, &g->re, err, sizeof err);
		die(EXIT_USAGE, "regex error: %s", err);
	}
}

/* the /proc files the pattern, the output and -O need */
static unsigned need(const struct pg *g)
{
	unsigned n = 0;

	if (g->pattern)
		n |= g->full ? PROC_CMDLINE | PROC_COMM : PROC_COMM;
	if (g->lname || g->echo)
		n |= PROC_COMM;
	if (g->lfull)
		n |= PROC_CMDLINE | PROC_COMM;
	if (g->older)
		n |= PROC_STAT;
	return n;
}

static void setup(struct pg *g)
{
	struct sel *s = &g->sel;

	g->utf8 = 0;
	if (pg_locale_set()) {
		setlocale(LC_ALL, "");
		g->utf8 = esc_utf8_locale();
	}
	if (g->pattern) {
		compile(g);
		s->match = match;
	}
	if (g->nspid < 0)
		die(EXIT_FATAL, "Error reading reference namespace information\n");
	if (g->nspid)
		ns_read(g->nspid, g->nsref);
	s->need |= need(g);
	if (!s->tty.n)
		s->states = g->runstates;
	s->exclude = g->anc;
	s->invert = g->negate;
	s->pick = g->newest ? SEL_NEWEST : g->oldest ? SEL_OLDEST : SEL_ALL;
	s->threads = g->threads;
	if (g->pfpid || g->nspid || g->older || g->cgroup || g->env || g->handler)
		s->keep = keep;
	s->act = pg_act;
	s->ctx = g;
}

void pg_select(struct pg *g)
{
	setup(g);
	if (sel_run(&g->sel) == -1)
		die(EXIT_FATAL, "cannot read /proc:");
	if (!g->nhits && !g->full && g->pattern && strlen(g->pattern) > 15)
		warn("pattern that searches for process name longer than 15 "
		    "characters will result in zero matches\n"
		    "Try `%s -f' option to match against the complete command line.",
		    qb_prog);
}
