/* fields.c: the -F / --json fields: table, list parsing, values. */
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "err.h"
#include "escape.h"
#include "fields.h"
#include "fmt.h"
#include "ident.h"
#include "ids.h"
#include "loc.h"
#include "vec.h"

enum { F_PID, F_PPID, F_PGID, F_SID, F_TTY, F_USER, F_UID, F_GROUP, F_GID,
       F_STATE, F_NICE, F_PRI, F_NLWP, F_START, F_ETIME, F_TIME, F_RSS,
       F_VSZ, F_COMM, F_ARGS, F_ARGV, F_EXE, F_CWD, F_CGROUP, F_ID };

#define ST PROC_STAT
#define SX PROC_STATX
/* name first, then ps's other names for it; ps's header and width (a
 * PID's width follows pid_max, as in ps); what the reader must read */
static const struct fdef {
	const char *names;
	const char *head;
	unsigned char width, right;
	unsigned need;
} defs[] = {
	[F_PID] = {"pid tgid", "PID", 5, 1, 0},
	[F_PPID] = {"ppid", "PPID", 5, 1, ST},
	[F_PGID] = {"pgid pgrp", "PGID", 5, 1, ST},
	[F_SID] = {"sid sess session", "SID", 5, 1, ST},
	[F_TTY] = {"tty tt tname", "TT", 8, 0, ST},
	[F_USER] = {"user euser uname", "USER", 8, 0, PROC_STATUS},
	[F_UID] = {"uid euid", "UID", 5, 1, PROC_STATUS},
	[F_GROUP] = {"group egroup", "GROUP", 8, 0, PROC_STATUS},
	[F_GID] = {"gid egid", "GID", 5, 1, PROC_STATUS},
	[F_STATE] = {"state s", "S", 1, 0, ST},
	[F_NICE] = {"nice ni", "NI", 3, 1, SX},
	[F_PRI] = {"pri", "PRI", 3, 1, SX},
	[F_NLWP] = {"nlwp thcount", "NLWP", 4, 1, ST},
	[F_START] = {"start", "STARTED", 20, 0, ST},
	[F_ETIME] = {"etime", "ELAPSED", 11, 1, ST},
	[F_TIME] = {"time cputime", "TIME", 8, 1, SX},
	[F_RSS] = {"rss rssize rsz", "RSS", 5, 1, PROC_STATUS},
	[F_VSZ] = {"vsz vsize", "VSZ", 6, 1, SX},
	[F_COMM] = {"comm ucmd ucomm", "COMMAND", 15, 0, PROC_COMM},
	[F_ARGS] = {"args cmd command", "COMMAND", 27, 0,
	    PROC_CMDLINE | PROC_COMM | ST},
	[F_ARGV] = {"argv", "COMMAND", 27, 0, PROC_CMDLINE | PROC_COMM | ST},
	[F_EXE] = {"exe", "EXE", 27, 0, 0},
	[F_CWD] = {"cwd", "CWD", 27, 0, 0},
	[F_CGROUP] = {"cgroup", "CGROUP", 27, 0, 0},
	[F_ID] = {"id", "ID", 14, 0, ST},
};
#define NDEFS (sizeof defs / sizeof *defs)
#undef ST
#undef SX

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

static int lookup(const char *s, size_t n)
{
	for (size_t i = 0; i < NDEFS; i++)
		for (const char *a = defs[i].names; *a; ) {
			size_t k = strcspn(a, " ");

			if (k == n && !strncmp(a, s, n))
				return (int)i;
			a += k + (a[k] == ' ');
		}
	return -1;
}

static void known(char *err, size_t cap, size_t at)
{
	for (size_t i = 0; i < NDEFS && at < cap; i++) {
		size_t k = strcspn(defs[i].names, " ");
		int n = fmt_snprintf(err + at, cap - at, " %.*s", (int)k,
		    defs[i].names);

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
		int id;

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
		c.right = defs[id].right;
		c.width = defs[id].width;
		if (defs[id].width == 5 && defs[id].right && id <= F_SID) {
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
			c.head = defs[id].head;
			c.hlen = strlen(c.head);
		}
		if (c.hlen > c.width)
			c.width = c.hlen;
		set->heads |= c.hlen > 0;
		set->need |= defs[id].need;
		set->late |= id == F_EXE || id == F_CWD || id == F_CGROUP ||
		    id == F_ID;
		set->raw_cmdline |= id == F_ARGS || id == F_ARGV;
		VEC_PUSH(set->v, set->n, set->cap, c);
	}
	if (set->n == before) {
		fmt_snprintf(err, cap, "empty field list '%s'", list);
		return -1;
	}
	return 0;
}

void fld_free(struct fld_set *set)
{
	free(set->v);
	*set = (struct fld_set){0};
}

void fld_header(struct fld_buf *b, const struct fld_set *set)
{
	b->n = 0;
	put(b, "", 0);
	if (!set->heads)
		return;
	for (size_t i = 0; i < set->n; i++) {
		const struct fld_col *c = &set->v[i];
		size_t gap = c->width - c->hlen;

		if (i)
			put(b, " ", 1);
		if (c->right)
			pad(b, gap);
		put(b, c->head, c->hlen);
		if (!c->right && i + 1 < set->n)
			pad(b, gap);
	}
	put(b, "\n", 1);
}

/* ---- JSON strings ---- */

/* the length of the valid UTF-8 sequence at s (at most n bytes), 0 when
 * it is not one: no overlong forms, no surrogates, nothing past U+10FFFF */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	size_t k = c < 0x80 ? 1 : c < 0xc2 ? 0 : c < 0xe0 ? 2 : c < 0xf0 ? 3 :
	    c < 0xf5 ? 4 : 0;

	if (!k || k > n)
		return 0;
	for (size_t i = 1; i < k; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] >= 0xa0) ||
	    (c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] >= 0x90))
		return 0;
	return k;
}

void fld_json_str(struct fld_buf *b, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;

	put(b, "\"", 1);
	while (i < n) {
		size_t k = utf8_len(s + i, n - i), j = i;

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
	int ready, utf8, have_btime;
	unsigned long long hz, now;
	long long btime;
} env;

static void env_init(struct proc_iter *it)
{
	if (env.ready)
		return;
	env.ready = 1;
	env.utf8 = loc_utf8();
	env.hz = proc_hz();
	env.now = proc_now_ticks(it);
}

/* the boot time, read at the first row that shows a start time: the
 * kernel composes all of /proc/stat for it */
static long long btime(struct proc_iter *it)
{
	if (!env.have_btime && proc_btime(it, &env.btime))
		env.btime = 0;
	env.have_btime = 1;
	return env.btime;
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

/* a text value: escaped as ps escapes names (text) or as a JSON string */
static void text(struct fld_buf *b, const char *s, size_t n, int json)
{
	char *t;

	if (json) {
		fld_json_str(b, s, n);
		return;
	}
	if (!esc_needed(s, n)) {
		put(b, s, n);
		return;
	}
	t = xmalloc(n + 1);
	memcpy(t, s, n);
	esc_inplace(t, n, env.utf8);
	put(b, t, n);
	free(t);
}

static void null(struct fld_buf *b, int json)
{
	puts_(b, json ? "null" : "-");
}

/* the command line as ps shows it: NULs and newlines as blanks, nothing
 * at all as [comm] (and " <defunct>" for a zombie); JSON keeps the
 * newlines and the other bytes */
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
	t = xmalloc(n + 1);
	memcpy(t, p->cmdline, n);
	if (json) {
		while (n && !t[n - 1])
			n--;    /* ps's rule without the newlines */
		for (size_t i = 0; i < n; i++)
			if (!t[i])
				t[i] = ' ';
	} else
		n = esc_args(t, n, ' ', ESC_ARGS_PS);
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

/* a user or group name; ps shows the number instead of a name wider
 * than the column */
static void name(struct fld_buf *b, int group, unsigned long long id,
    size_t width, int json)
{
	const char *s = id_name(group, id);

	if (s && (json || strlen(s) <= width))
		text(b, s, strlen(s), json);
	else if (json)
		putf(b, "\"%llu\"", id);
	else
		putf(b, "%llu", id);
}

static void value(struct fld_buf *b, const struct fld_col *c,
    struct proc_iter *it, const struct proc *p, int json)
{
	char t[IDENT_MAX];
	struct ident id;

	switch (c->id) {
	case F_PID: putf(b, "%d", (int)p->pid); break;
	case F_PPID: putf(b, "%d", (int)p->ppid); break;
	case F_PGID: putf(b, "%d", (int)p->pgrp); break;
	case F_SID: putf(b, "%d", (int)p->sid); break;
	case F_TTY:
		tty_name(p->tty, t, sizeof t);
		if (*t)
			text(b, t, strlen(t), json);
		else
			puts_(b, json ? "null" : "?");
		break;
	case F_USER: name(b, 0, p->euid, c->width, json); break;
	case F_UID: putf(b, "%llu", (unsigned long long)p->euid); break;
	case F_GROUP: name(b, 1, p->egid, c->width, json); break;
	case F_GID: putf(b, "%llu", (unsigned long long)p->egid); break;
	case F_STATE: putf(b, json ? "\"%c\"" : "%c", p->state); break;
	case F_NICE:
		/* only the normal and batch policies have a nice value */
		if (p->policy == 0 || p->policy == 3)
			putf(b, "%d", p->nice);
		else
			null(b, json);
		break;
	case F_PRI: putf(b, "%ld", 39 - p->priority); break;
	case F_NLWP: putf(b, "%ld", p->nthreads); break;
	case F_START: {
		unsigned long long s = p->start / env.hz, r;
		int y, m, day;

		/* a start past 9999-12-31 (a corrupt stat line) has no
		 * four-digit year */
		if (btime(it) <= 0 || s > 253402300799ULL ||
		    (s += (unsigned long long)env.btime) > 253402300799ULL) {
			null(b, json);
			break;
		}
		r = s % 86400;
		clock_date((long)(s / 86400), &y, &m, &day);
		putf(b, json ? "\"%04d-%02d-%02dT%02d:%02d:%02dZ\"" :
		    "%04d-%02d-%02dT%02d:%02d:%02dZ", y, m, day, (int)(r / 3600),
		    (int)(r / 60 % 60), (int)(r % 60));
		break;
	}
	case F_ETIME:
		if (json)
			putf(b, "%llu", elapsed(p));
		else
			duration(b, elapsed(p), 0);
		break;
	case F_TIME:
		if (json)
			putf(b, "%llu", (p->utime + p->stime) / env.hz);
		else
			duration(b, (p->utime + p->stime) / env.hz, 1);
		break;
	case F_RSS: putf(b, "%llu", p->vmrss); break;
	case F_VSZ: putf(b, "%llu", p->vsize / 1024); break;
	case F_COMM: text(b, p->comm, p->comm_len, json); break;
	case F_ARGS: args(b, p, json); break;
	case F_ARGV: argv_(b, p, json); break;
	case F_EXE: link_(b, it, p, "exe", json); break;
	case F_CWD: link_(b, it, p, "cwd", json); break;
	case F_CGROUP: cgroup(b, it, p, json); break;
	case F_ID:
		if (ident_of(p, proc_anchor(it), &id)) {
			null(b, json);
			break;
		}
		ident_format(&id, t, sizeof t);
		putf(b, json ? "\"%s\"" : "%s", t);
		break;
	}
}

/* the columns a value takes: its bytes, or in a UTF-8 locale its
 * characters (the bytes that do not continue a sequence), as ps counts */
static size_t columns(const char *s, size_t n)
{
	size_t w = n;

	if (env.utf8)
		for (size_t i = 0; i < n; i++)
			w -= ((unsigned char)s[i] & 0xc0) == 0x80;
	return w;
}

void fld_row(struct fld_buf *b, const struct fld_set *set,
    struct proc_iter *it, const struct proc *p, int json)
{
	env_init(it);
	b->n = 0;
	put(b, json ? "{" : "", json);
	for (size_t i = 0; i < set->n; i++) {
		const struct fld_col *c = &set->v[i];
		size_t at;

		if (json) {
			if (i)
				put(b, ",", 1);
			putf(b, "\"%.*s\":", (int)strcspn(defs[c->id].names, " "),
			    defs[c->id].names);
			value(b, c, it, p, 1);
			continue;
		}
		if (i)
			put(b, " ", 1);
		at = b->n;
		value(b, c, it, p, 0);
		if (columns(b->s + at, b->n - at) < c->width) {
			size_t gap = c->width - columns(b->s + at, b->n - at);

			if (c->right) { /* the value moves right by gap */
				pad(b, gap);
				memmove(b->s + at + gap, b->s + at, b->n - at - gap);
				memset(b->s + at, ' ', gap);
			} else if (i + 1 < set->n)
				pad(b, gap);
		}
	}
	put(b, json ? "}\n" : "\n", 1 + json);
}
