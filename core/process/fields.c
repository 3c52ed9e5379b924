/* fields.c: the -F / --json fields: table, list parsing, values. */
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libc/date.h"
#include "lib/err.h"
#include "process/escape.h"
#include "process/fields.h"
#include "libc/fmt.h"
#include "process/ident.h"
#include "lib/ids.h"
#include "lib/loc.h"
#include "libc/tz.h"
#include "lib/vec.h"

/* how a column lays out, as ps's: right-aligned; as wide as pid_max
 * has digits; cut to its width unless last (ps's "unlimited" texts); a
 * JSON number */
enum { R = 1, P = 2, C = 4, J = 8 };

/* what a value needs read (PROC_*, short names for the table) */
#define CO PROC_COMM
#define ST PROC_STAT
#define SX PROC_STATX
#define SS PROC_STATUS
#define CL PROC_CMDLINE
/* the effective ids: the owner of /proc/PID, which is the process's
 * effective user and group even when it is not dumpable (the kernel's
 * rule for that directory), for a stat of it, not a read of status (the
 * gain: docs/PERFORMANCE.md, "User and group names") */
#define OW PROC_OWNER
/* read late, after the scan, checked against the scan's anchor
 * (PROC_ANCHOR, which a byte cannot hold: a bit no field needs else) */
#define LA PROC_NS

/* The fields, one row each, in the order an unknown name lists them:
 *   F(NAMES, HEADER, WIDTH, LAYOUT, NEEDS, VALUE)  a field showing a
 *       VALUE of its own, the case K_VALUE in value(), which NEEDS the
 *       files read
 *   A(NAMES, HEADER, WIDTH, LAYOUT, VALUE)  a field showing the VALUE of
 *       an F row (and reading what it needs): ps's aliases with a header
 *       or width of their own
 * NAMES: blank-separated, the first the JSON key; HEADER: "" for the
 * first name in capitals; WIDTH: ps's (the signal masks: its 9 columns
 * plus the 7 it takes when the line has room, which off a terminal it
 * always has). The names string, the attrs table, the values and what
 * each needs are all made from these rows, so none can fall out of step
 * with another; the ids (an int each in struct proc, ints[]) come first.
 * (One string and three bytes a row: a table of pointers was 780 bytes
 * more of the static binary.) */
#define FIELDS(F, A) \
	F("pid", "", 5, R | P | J, 0, PID) \
	F("ppid", "", 5, R | P | J, ST, PPID) \
	F("pgid", "", 5, R | P | J, ST, PGID) \
	F("sid", "", 5, R | P | J, ST, SID) \
	A("tgid", "", 5, R | P | J, PID) \
	A("pgrp", "", 5, R | P | J, PGID) \
	A("sess session", "", 5, R | P | J, SID) \
	F("tpgid", "", 5, R | P | J, ST, TPGID) \
	F("lwp", "", 5, R | P | J, 0, LWP) \
	A("tid", "", 5, R | P | J, LWP) \
	F("uid", "", 5, R | J, OW, UID) \
	A("euid", "", 5, R | J, UID) \
	F("ruid", "", 5, R | J, SS, RUID) \
	F("gid", "", 5, R | J, OW, GID) \
	A("egid", "", 5, R | J, GID) \
	F("rgid", "", 5, R | J, SS, RGID) \
	F("tty tt", "TT", 8, 0, ST, TTY) \
	A("tname tty8", "TTY", 8, 0, TTY) \
	F("user uname", "", 8, 0, OW, USER) \
	A("euser", "", 8, 0, USER) \
	F("ruser", "", 8, 0, SS, RUSER) \
	F("group", "", 8, 0, OW, GROUP) \
	A("egroup", "", 8, 0, GROUP) \
	F("rgroup", "", 8, 0, SS, RGROUP) \
	F("state s", "S", 1, 0, ST, STATE) \
	F("stat", "", 4, 0, ST | SS, STAT) \
	F("nice ni", "NI", 3, R | J, SX, NICE) \
	F("pri", "", 3, R | J, SX, PRI) \
	F("class", "CLS", 3, 0, SX, CLASS) \
	A("cls", "", 3, R, CLASS) \
	A("policy", "POL", 3, 0, CLASS) \
	F("nlwp", "", 4, R | J, ST, NLWP) \
	A("thcount", "THCNT", 5, R | J, NLWP) \
	F("start", "STARTED", 20, 0, ST, START) \
	F("lstart", "STARTED", 24, R, ST, LSTART) \
	F("etime", "ELAPSED", 11, R | J, ST, ETIME) \
	F("etimes", "ELAPSED", 7, R | J, ST, ETIMES) \
	F("time cputime", "", 8, R | J, SX, TIME) \
	F("times cputimes", "TIME", 8, R | J, SX, TIMES) \
	F("%cpu pcpu", "", 4, R | J, SX, PCPU) \
	F("c", "", 2, R | J, SX, C) \
	F("%mem pmem", "", 4, R | J, SS, PMEM) \
	F("rss rssize", "", 5, R | J, SS, RSS) \
	A("rsz", "", 5, R | J, RSS) \
	F("vsz vsize", "", 6, R | J, SX, VSZ) \
	F("blocked sigmask sig_block", "", 16, R, SS, SIGBLK) \
	F("ignored sigignore sig_ignore", "", 16, R, SS, SIGIGN) \
	F("caught sigcatch", "", 16, R, SS, SIGCGT) \
	A("sig_catch", "CATCHED", 16, R, SIGCGT) \
	F("comm ucomm", "COMMAND", 15, C, CO | ST, COMM) \
	A("ucmd", "CMD", 15, C, COMM) \
	F("fname", "COMMAND", 8, C, CO, FNAME) \
	F("args command", "COMMAND", 27, C, CL | CO | ST, ARGS) \
	A("cmd", "", 27, C, ARGS) \
	F("argv", "COMMAND", 27, C, CL | CO | ST, ARGV) \
	F("exe", "", 27, C, LA, EXE) \
	F("cwd", "", 27, C, LA, CWD) \
	F("cgroup", "", 27, C, LA, CGROUP) \
	F("id", "", 14, 0, ST | LA, ID)

/* the values: K_PID ... */
#define KIND(n, h, w, l, need, k) K_##k,
#define NOKIND(n, h, w, l, k)
enum { FIELDS(KIND, NOKIND) K_N };
/* what each value needs read */
#define NEED(n, h, w, l, need, k) [K_##k] = need,
static const unsigned char needs[K_N] = { FIELDS(NEED, NOKIND) };
/* each row's names ("NAME OTHERNAMES|HEADER"), rows ended by ';' */
#define NAMES(n, h, w, ...) n "|" h ";"
static const char names[] = FIELDS(NAMES, NAMES);
/* row by row: ps's width, the layout, the value */
#define ATTRS_F(n, h, w, l, need, k) {w, l, K_##k},
#define ATTRS_A(n, h, w, l, k) {w, l, K_##k},
static const unsigned char attrs[][3] = { FIELDS(ATTRS_F, ATTRS_A) };
#define NDEFS (sizeof attrs / sizeof *attrs)
_Static_assert(!(LA & (CO | ST | SX | SS | CL | OW)), "LA is a bit of its own");
#undef KIND
#undef NOKIND
#undef NEED
#undef NAMES
#undef ATTRS_F
#undef ATTRS_A
#undef CO
#undef ST
#undef SX
#undef SS
#undef CL
#undef OW

/* ps's line: off a terminal it is 128 KiB wide (the last column gets
 * what is left), and at most 144 blanks go before a value */
#define COLS 131072
#define MAXSPACE 144

/* ---- the growable text ---- */

static void put(struct fld_buf *b, const void *s, size_t n)
{
	b->s = vec_grow(b->s, b->n + n + 1, &b->cap, 1);
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = 0;
}

static void puts_(struct fld_buf *b, const char *s)
{
	put(b, s, strlen(s));
}

static void pad(struct fld_buf *b, size_t n)
{
	while (n--)
		put(b, " ", 1);
}

static void putf(struct fld_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void putf(struct fld_buf *b, const char *fmt, ...)
{
	char t[128];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = fmt_vsnprintf(t, sizeof t, fmt, ap);
	va_end(ap);
	put(b, t, n < 0 ? 0 : (size_t)n < sizeof t ? (size_t)n : sizeof t - 1);
}

/* ---- the list ---- */

/* digits of pid_max, at least 5: ps's PID column */
static size_t pid_width(void)
{
	char buf[32];
	size_t w = 0;
	int fd = open("/proc/sys/kernel/pid_max", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof buf);

	if (fd >= 0)
		close(fd);
	while (n > 0 && (size_t)w < (size_t)n && buf[w] >= '0' && buf[w] <= '9')
		w++;
	return w > 5 ? w : 5;
}

/* the names of row i */
static const char *row(size_t i)
{
	const char *r = names;

	while (i--)
		r = strchr(r, ';') + 1;
	return r;
}

static int lookup(const char *s, size_t n)
{
	const char *a = names;

	for (size_t i = 0; i < NDEFS; i++, a = strchr(a, ';') + 1)
		for (; *a != '|'; a += *a == ' ') {
			size_t k = strcspn(a, " |");

			if (k == n && !strncmp(a, s, n))
				return (int)i;
			a += k;
		}
	return -1;
}

static void known(char *err, size_t cap, size_t at)
{
	for (size_t i = 0; i < NDEFS && at < cap; i++) {
		const char *r = row(i);
		int n = fmt_snprintf(err + at, cap - at, " %.*s",
		    (int)strcspn(r, " |"), r);

		at += n > 0 ? (size_t)n : 0;
	}
}

int fld_parse(struct fld_set *set, const char *list, char *err, size_t cap)
{
	static size_t pidw;
	const char *s = list;
	size_t before = set->n;

	while (*s) {
		size_t n = strcspn(s, ",= \t\n");
		struct fld_col c;
		int id, k;

		if (!n) {
			if (*s == '=')
				n = 0;  /* "=HEADER" without a name: unknown */
			else {
				s++;
				continue;
			}
		}
		if ((id = lookup(s, n)) < 0) {
			int k = fmt_snprintf(err, cap, "unknown field '%.*s'; "
			    "fields:", (int)(n ? n : strcspn(s, ",")), s);

			known(err, cap, k > 0 ? (size_t)k : 0);
			return -1;
		}
		c.id = id;
		c.right = attrs[id][1] & R;
		c.width = attrs[id][0];
		c.key = row((size_t)id);
		if (attrs[id][1] & P) {
			if (!pidw)
				pidw = pid_width();
			c.width = pidw;
		}
		s += n;
		if (*s == '=') {        /* the header: up to the next field */
			c.head = s + 1;
			c.hlen = strcspn(s + 1, ", \t\n");
			s += 1 + c.hlen;
		} else {
			c.head = strchr(c.key, '|') + 1;
			c.hlen = strcspn(c.head, ";");
			if (!c.hlen) {  /* the name in capitals (fld_header) */
				c.head = c.key;
				c.hlen = strcspn(c.key, " |");
			}
		}
		if (c.hlen > c.width)
			c.width = c.hlen;
		set->heads |= c.hlen > 0;
		k = needs[attrs[id][2]];
		set->need |= (k & LA ? PROC_ANCHOR : 0) | (k & ~LA);
		VEC_PUSH(set->v, set->n, set->cap, c);
	}
	if (set->n == before) {
		fmt_snprintf(err, cap, "empty field list '%s'", list);
		return -1;
	}
	return 0;
}

/* ---- ps's layout ---- */

/* where the line is (actual) and where it should be (correct): a value
 * wider than its column pushes the rest of the line right only as far
 * as the next columns' padding cannot take it back (ps's show_one_proc) */
struct lay {
	size_t correct, actual, dospace;
};

/* the text of column c, amount columns wide, is at b->s + at: the
 * blanks before it */
static void place(struct fld_buf *b, size_t at, size_t amount,
    struct lay *l, const struct fld_col *c)
{
	long long sp = (long long)l->correct - (long long)l->actual +
	    (long long)(c->right && amount < c->width ? c->width - amount : 0);

	if (sp < 1)
		sp = (long long)l->dospace;
	if (sp > MAXSPACE)
		sp = MAXSPACE;
	pad(b, (size_t)sp);
	memmove(b->s + at + sp, b->s + at, b->n - at - (size_t)sp);
	memset(b->s + at, ' ', (size_t)sp);
	l->actual += (size_t)sp + amount;
	l->correct += c->width + 1;
	l->dospace = 1;
}

/* the columns a value may fill: its width, the last one the rest of the
 * line */
static size_t room(const struct lay *l, const struct fld_col *c, int last)
{
	size_t used = l->correct > l->actual ? l->correct :
	    l->actual + l->dospace;

	if (!last)
		return c->width;
	return used >= COLS ? 0 : used ? COLS - used : COLS - 1;
}

void fld_header(struct fld_buf *b, const struct fld_set *set)
{
	struct lay l = {0};

	b->n = 0;
	put(b, "", 0);
	if (!set->heads)
		return;
	for (size_t i = 0; i < set->n; i++) {
		size_t at = b->n;

		put(b, set->v[i].head, set->v[i].hlen);
		if (set->v[i].head == set->v[i].key)
			for (size_t k = at; k < b->n; k++)
				b->s[k] = (char)(b->s[k] - 32 * (b->s[k] >= 'a'));
		place(b, at, set->v[i].hlen, &l, &set->v[i]);
	}
	put(b, "\n", 1);
}

/* ---- JSON strings ---- */

void fld_json_str(struct fld_buf *b, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;

	put(b, "\"", 1);
	while (i < n) {
		unsigned cp;
		size_t k = esc_utf8(str + i, n - i, &cp), j = i;

		/* the run of bytes that need nothing */
		while (j < n && s[j] >= 0x20 && s[j] < 0x80 && s[j] != '"' &&
		    s[j] != '\\')
			j++;
		if (j > i) {
			put(b, s + i, j - i);
			i = j;
			continue;
		}
		if (s[i] == '"' || s[i] == '\\') {
			put(b, "\\", 1);
			put(b, s + i, 1);
		} else if (s[i] < 0x20) {
			const char *e = s[i] == '\n' ? "\\n" : s[i] == '\t' ?
			    "\\t" : s[i] == '\r' ? "\\r" : s[i] == '\b' ? "\\b" :
			    s[i] == '\f' ? "\\f" : NULL;

			if (e)
				puts_(b, e);
			else
				putf(b, "\\u%04x", s[i]);
		} else if (k) {
			put(b, s + i, k);
			i += k;
			continue;
		} else {
			putf(b, "\\udc%02x", s[i]);
		}
		i++;
	}
	put(b, "\"", 1);
}

/* ---- values ---- */

/* per run: what every row shares */
static struct {
	int ready, utf8, have_btime, have_mem;
	unsigned long long hz, now, memtotal;
	long long btime;
} env;

static void env_init(struct proc_iter *it)
{
	if (env.ready)
		return;
	env.ready = 1;
	env.utf8 = loc_utf8();
	env.hz = proc_hz();
	/* procps takes uptime's seconds as a double: a double division of
	 * two integers is the correctly rounded value strtod gives for
	 * /proc/uptime's digits */
	env.now = proc_ps_ticks(proc_now_ticks(it));
}

/* the boot time, read at the first row that shows a start time: the
 * kernel composes all of /proc/stat for it */
static long long btime(struct proc_iter *it)
{
	if (!env.have_btime && proc_sysnum(it, "stat", "btime ", &env.btime))
		env.btime = 0;
	env.have_btime = 1;
	return env.btime;
}

/* MemTotal of /proc/meminfo, KiB (0: unknown), read at the first row
 * that shows %mem */
static unsigned long long memtotal(struct proc_iter *it)
{
	long long v;

	if (!env.have_mem && !proc_sysnum(it, "meminfo", "MemTotal:", &v))
		env.memtotal = (unsigned long long)v;
	env.have_mem = 1;       /* unknown: not looked for at every row */
	return env.memtotal;
}

/* the tty_nr of stat as a name below /dev, "" when unknown */
static void tty_name(unsigned tty, char *buf, size_t cap)
{
	unsigned major = (tty >> 8) & 0xfff;
	unsigned minor = (tty & 0xff) | ((tty >> 12) & 0xfff00);
	char link[64], path[64];
	ssize_t n;

	*buf = 0;
	if (major >= 136 && major <= 143)
		fmt_snprintf(buf, cap, "pts/%u", (major - 136) * 256 + minor);
	else if (major == 4 && minor < 64)
		fmt_snprintf(buf, cap, "tty%u", minor);
	else if (major == 4 && minor < 256)
		fmt_snprintf(buf, cap, "ttyS%u", minor - 64);
	else if (major == 5 && minor == 1)
		fmt_snprintf(buf, cap, "console");
	else {
		/* others: the name udev links from /dev/char/MAJOR:MINOR */
		fmt_snprintf(path, sizeof path, "/dev/char/%u:%u", major, minor);
		n = readlink(path, link, sizeof link - 1);
		if (n > 0) {
			link[n] = 0;
			fmt_snprintf(buf, cap, "%s", !strncmp(link, "../", 3) ?
			    link + 3 : link);
		}
	}
}

/* [dd-][hh:]mm:ss (etime, hours shown once there are any) or
 * [dd-]hh:mm:ss (time), as ps */
static void duration(struct fld_buf *b, unsigned long long t, int hours)
{
	unsigned long long ss = t % 60, mm = t / 60 % 60, hh = t / 3600 % 24,
	    dd = t / 86400;

	if (dd)
		putf(b, "%llu-", dd);
	if (dd || hh || hours)
		putf(b, "%02llu:", hh);
	putf(b, "%02llu:%02llu", mm, ss);
}

static unsigned long long elapsed(const struct proc *p)
{
	return env.now > p->start ? (env.now - p->start) / env.hz : 0;
}

/* a text value: escaped as ps escapes it (text) or as a JSON string */
static void text(struct fld_buf *b, const char *s, size_t n, int json)
{
	size_t at = b->n;

	if (json) {
		fld_json_str(b, s, n);
		return;
	}
	put(b, s, n);
	if (esc_needed(s, n)) {
		b->n = at + esc_ps(b->s + at, n, env.utf8);
		b->s[b->n] = 0;
	}
}

static void null(struct fld_buf *b, int json)
{
	puts_(b, json ? "null" : "-");
}

/* the command line as ps shows it: its first 131,071 bytes (ps's
 * buffer), NULs and newlines as blanks, none at all as [comm] (and
 * " <defunct>" for a zombie), one that is only NULs as "?"; JSON keeps
 * the newlines, the other bytes and all of it */
static void args(struct fld_buf *b, const struct proc *p, int json)
{
	char *t;
	size_t n = p->cmdline_len;

	if (!n) {
		struct fld_buf c = {0};

		put(&c, "[", 1);
		put(&c, p->comm, p->comm_len);
		puts_(&c, p->state == 'Z' ? "] <defunct>" : "]");
		text(b, c.s, c.n, json);
		free(c.s);
		return;
	}
	if (!json && n > COLS - 1)
		n = COLS - 1;
	t = xmalloc(n + 1);
	memcpy(t, p->cmdline, n);
	if (json) {
		while (n && !t[n - 1])
			n--;    /* ps's rule without the newlines */
		for (size_t i = 0; i < n; i++)
			if (!t[i])
				t[i] = ' ';
	} else if (!(n = esc_args(t, n, ' ', ESC_ARGS_PS)))
		put(b, "?", 1);
	text(b, t, n, json);
	free(t);
}

/* JSON: the arguments as an array of strings, as the process has them
 * (the command line's NUL-ended words; a last word without its NUL, as a
 * process that rewrote its command line leaves, counts too) */
static void argv_(struct fld_buf *b, const struct proc *p, int json)
{
	const char *s = p->cmdline, *e = s + p->cmdline_len;

	if (!json) {
		args(b, p, 0);
		return;
	}
	put(b, "[", 1);
	while (s < e) {
		size_t n = strnlen(s, (size_t)(e - s));

		if (s != p->cmdline)
			put(b, ",", 1);
		fld_json_str(b, s, n);
		s += n + 1;
	}
	put(b, "]", 1);
}

/* the process's /proc file read in the scan still reads: what was read
 * late is the process's (without an anchor nothing can be checked) */
static int still(struct proc_iter *it)
{
	int a = proc_anchor(it);

	return a < 0 || proc_fd_alive(a);
}

static void link_(struct fld_buf *b, struct proc_iter *it,
    const struct proc *p, const char *name, int json)
{
	char buf[4096];
	ssize_t n = proc_link(it, p, name, buf, sizeof buf);

	if (n <= 0 || !still(it))
		null(b, json);
	else
		text(b, buf, (size_t)n, json);
}

/* ps's cgroup: the lines of /proc/PID/cgroup whose path is not "/",
 * joined by ','; none: "-" */
static void cgroup(struct fld_buf *b, struct proc_iter *it,
    const struct proc *p, int json)
{
	size_t len, i, e;
	char *c = proc_file(it, p, "cgroup", &len);
	struct fld_buf v = {0};

	for (i = 0; c && i < len; i = e + 1) {
		const char *path;

		e = i + strcspn(c + i, "\n");
		c[e] = 0;
		path = strchr(c + i, ':');
		path = path ? strchr(path + 1, ':') : NULL;
		if (!path || !strcmp(path + 1, "/"))
			continue;
		if (v.n)
			put(&v, ",", 1);
		puts_(&v, c + i);
	}
	if (!v.n || !still(it))
		null(b, json);
	else
		text(b, v.s, v.n, json);
	free(v.s);
}

/* the columns of a text value (see esc_cells) */
static size_t columns(const char *s, size_t n)
{
	return esc_cells(s, n, env.utf8, (size_t)-1, NULL);
}

/* a user or group name, or its number when it has none; in a column too
 * narrow (room), ps's cut: all but the last column's room and '+', or
 * the number when that column would split a character */
static void name(struct fld_buf *b, int group, unsigned long long id,
    size_t room, int json)
{
	const char *s = id_name(group, id);
	size_t at = b->n;

	if (!s) {
		putf(b, json ? "\"%llu\"" : "%llu", id);
		if (json)
			return;
	} else
		text(b, s, strlen(s), json);
	if (json || columns(b->s + at, b->n - at) <= room)
		return;
	if (room && (unsigned char)b->s[at + room - 1] < 127) {
		b->n = at + room - 1;
		put(b, "+", 1);
	} else {
		b->n = at;
		putf(b, "%llu", id);
	}
}

/* ps's %cpu (per mille) or c (per cent): CPU time over the time since
 * the start */
static unsigned long long cpu(const struct proc *p, unsigned scale)
{
	/* ps's ticks since the start: its seconds (a double) times hz, cut */
	unsigned long long j = env.now > p->start ?
	    proc_ps_ticks(env.now - p->start) : 0;

	return j ? (p->utime + p->stime) * scale / j : 0;
}

/* where the ids are in struct proc (pid_t, uid_t and gid_t are ints) */
static const unsigned short ints[] = {
	offsetof(struct proc, pid), offsetof(struct proc, ppid),
	offsetof(struct proc, pgrp), offsetof(struct proc, sid),
	offsetof(struct proc, tpgid), offsetof(struct proc, tid),
	offsetof(struct proc, ouid), offsetof(struct proc, ruid),
	offsetof(struct proc, ogid), offsetof(struct proc, rgid),
};
_Static_assert(sizeof(pid_t) == sizeof(int) && sizeof(uid_t) == sizeof(int) &&
    sizeof(gid_t) == sizeof(int), "ids are ints");
_Static_assert(K_PID == 0 && K_RGID + 1 == sizeof ints / sizeof *ints,
    "the ids are the first values, in the order of ints[]");

static const char wdays[] = "SunMonTueWedThuFriSat",
    months[] = "JanFebMarAprMayJunJulAugSepOctNovDec",
    classes[] = "TS\0\0FF\0\0RR\0\0B\0\0\0ISO\0IDL\0DLN";

static void value(struct fld_buf *b, const struct fld_col *c,
    struct proc_iter *it, const struct proc *p, int json, size_t rm)
{
	char t[IDENT_MAX];
	struct ident id;
	size_t at = b->n;
	unsigned long long v, s;
	int y, m, day;

	if (attrs[c->id][2] <= K_RGID) {    /* an id: an int at ints[] */
		int i;

		/* ps prints uids and gids signed (4000000000: -294967296);
		 * JSON has the id */
		memcpy(&i, (const char *)p + ints[attrs[c->id][2]], sizeof i);
		putf(b, json && attrs[c->id][2] >= K_UID ? "%u" : "%d", i);
		return;
	}
	switch (attrs[c->id][2]) {
	case K_TTY:
		tty_name(p->tty, t, sizeof t);
		if (*t)
			text(b, t, strlen(t), json);
		else
			puts_(b, json ? "null" : "?");
		return;
	case K_USER: name(b, 0, p->ouid, rm, json); return;
	case K_RUSER: name(b, 0, p->ruid, rm, json); return;
	case K_GROUP: name(b, 1, p->ogid, rm, json); return;
	case K_RGROUP: name(b, 1, p->rgid, rm, json); return;
	case K_STATE: put(b, &p->state, 1); break;
	case K_STAT:
		/* ps's flags: nice, locked pages, session leader, threads,
		 * the tty's foreground group */
		put(b, &p->state, 1);
		puts_(b, p->nice < 0 ? "<" : p->nice > 0 ? "N" : "");
		puts_(b, p->vmlck ? "L" : "");
		puts_(b, p->sid == p->pid ? "s" : "");
		puts_(b, p->nthreads > 1 ? "l" : "");
		puts_(b, p->pgrp == p->tpgid ? "+" : "");
		break;
	case K_NICE:
		/* only the normal and batch policies have a nice value */
		if (p->policy == 0 || p->policy == 3)
			putf(b, "%d", p->nice);
		else
			null(b, json);
		break;
	case K_PRI: putf(b, "%ld", 39 - p->priority); break;
	case K_CLASS:
		if (p->policy < 7)
			puts_(b, classes + 4 * p->policy);
		else
			putf(b, p->policy < 10 ? "#%u" : "?", p->policy);
		break;
	case K_NLWP: putf(b, "%ld", p->nthreads); break;
	case K_START:
	case K_LSTART:
		/* a start past 9999-12-31 (a corrupt stat line) has no
		 * four-digit year */
		s = p->start / env.hz;
		if (btime(it) <= 0 || s > 253402300799ULL ||
		    (s += (unsigned long long)env.btime) > 253402300799ULL) {
			null(b, json);
			return;
		}
		if (attrs[c->id][2] == K_LSTART)   /* ctime(3)'s, local */
			s += (unsigned long long)tz_offset((long long)s);
		v = s % 86400;
		date_of_day((long)(s / 86400), &y, &m, &day);
		if (attrs[c->id][2] == K_START)
			putf(b, "%04d-%02d-%02dT%02d:%02d:%02dZ", y, m, day,
			    (int)(v / 3600), (int)(v / 60 % 60), (int)(v % 60));
		else
			putf(b, "%.3s %.3s %2d %02d:%02d:%02d %d", wdays +
			    (s / 86400 + 4) % 7 * 3, months + (m - 1) * 3, day,
			    (int)(v / 3600), (int)(v / 60 % 60), (int)(v % 60), y);
		break;
	case K_ETIME:
		if (json)
			putf(b, "%llu", elapsed(p));
		else
			duration(b, elapsed(p), 0);
		break;
	case K_ETIMES: putf(b, "%llu", elapsed(p)); break;
	case K_TIME:
		if (!json) {
			duration(b, (p->utime + p->stime) / env.hz, 1);
			break;
		}
		/* fall through */
	case K_TIMES: putf(b, "%llu", (p->utime + p->stime) / env.hz); break;
	case K_PCPU:
		v = cpu(p, 1000);
		putf(b, v > 999 ? "%llu" : "%llu.%llu", v / 10, v % 10);
		break;
	case K_C:
		v = cpu(p, 100);
		putf(b, json ? "%llu" : "%2llu", v > 99 ? 99 : v);
		break;
	case K_PMEM:
		v = memtotal(it) ? p->vmrss * 1000 / env.memtotal : 0;
		v = v > 999 ? 999 : v;
		putf(b, json ? "%llu.%llu" : "%2llu.%llu", v / 10, v % 10);
		break;
	case K_RSS: putf(b, "%llu", p->vmrss); break;
	case K_VSZ: putf(b, "%llu", p->vsize / 1024); break;
	case K_SIGBLK: putf(b, "%016llx", p->sigblk); break;
	case K_SIGIGN: putf(b, "%016llx", p->sigign); break;
	case K_SIGCGT: putf(b, "%016llx", p->sigcgt); break;
	case K_COMM:
	case K_FNAME:
		text(b, p->comm, p->comm_len, json);
		/* ps 4.0.5 and later mark a zombie's name (not its fname);
		 * JSON has the state for that */
		if (!json && p->state == 'Z' && attrs[c->id][2] == K_COMM)
			puts_(b, " <defunct>");
		return;
	case K_ARGS: args(b, p, json); return;
	case K_ARGV: argv_(b, p, json); return;
	case K_EXE: link_(b, it, p, "exe", json); return;
	case K_CWD: link_(b, it, p, "cwd", json); return;
	case K_CGROUP: cgroup(b, it, p, json); return;
	case K_ID:
		if (ident_of(p, proc_anchor(it), &id)) {
			null(b, json);
			return;
		}
		ident_format(&id, t, sizeof t);
		puts_(b, t);
		break;
	}
	if (json && !(attrs[c->id][1] & J)) {   /* plain text: quoted */
		size_t n = b->n - at;

		put(b, "\"\"", 2);
		memmove(b->s + at + 1, b->s + at, n);
		b->s[at] = '"';
		b->s[at + n + 1] = '"';
	}
}

void fld_row(struct fld_buf *b, const struct fld_set *set,
    struct proc_iter *it, const struct proc *p, int json)
{
	struct lay l = {0};

	env_init(it);
	b->n = 0;
	put(b, json ? "{" : "", json);
	for (size_t i = 0; i < set->n; i++) {
		const struct fld_col *c = &set->v[i];
		unsigned how = attrs[c->id][1], kind = attrs[c->id][2];
		size_t at = b->n, rm = room(&l, c, i + 1 == set->n), fit, w;

		if (json) {
			if (i)
				put(b, ",", 1);
			putf(b, "\"%.*s\":", (int)strcspn(c->key, " |"),
			    c->key);
			value(b, c, it, p, 1, 0);
			continue;
		}
		value(b, c, it, p, 0, rm);
		if (how & C) {  /* ps cuts these to their room: the columns kept */
			w = esc_cells(b->s + at, b->n - at, env.utf8,
			    kind == K_FNAME && rm > 8 ? 8 : rm, &fit);
			b->n = at + fit;
		} else
			w = columns(b->s + at, b->n - at);
		place(b, at, w, &l, c);
	}
	put(b, json ? "}\n" : "\n", 1 + json);
}
