/* tim_io.c: tim's files: --save appends the raw run times, --read replays
 * them, --graph writes each row's samples and runs a command on them. */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "num.h"
#include "out.h"     /* write_all */
#include "tim.h"

/* ---- --save: lines "SECONDS<TAB>CMD", warm-ups included -------------- */

/* Lines are buffered and written once per row (and before tim dies), so
 * the file write costs no time between two timed runs. */
static struct {
	const char *path;
	int fd;
	char *buf;
	size_t len, cap;
} sv = {NULL, -1, NULL, 0, 0};

void tim_save_open(const char *path)
{
	sv.path = path;
	sv.fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
	if (sv.fd < 0)
		die(E_USAGE, "%s:", path);
}

void tim_save_flush(void)
{
	if (sv.fd >= 0 && sv.len && write_all(sv.fd, sv.buf, sv.len))
		die(E_USAGE, "%s:", sv.path);
	sv.len = 0;
}

static void save_put(const char *s, size_t n)
{
	if (sv.len + n > sv.cap) {
		sv.cap = (sv.len + n) * 2 + 4096;
		sv.buf = xrealloc(sv.buf, sv.cap);
	}
	memcpy(sv.buf + sv.len, s, n);
	sv.len += n;
}

/* the shortest of %.15g..%.17g that reads back as the same double, so a
 * replay with --read reproduces the report exactly */
void tim_save_add(double secs, const char *cmd)
{
	char num[40];
	int p, l = 0;

	if (sv.fd < 0)
		return;
	for (p = 15; p <= 17; p++) {
		l = snprintf(num, sizeof num, "%.*g", p, secs);
		if (strtod(num, NULL) == secs)
			break;
	}
	save_put(num, (size_t)l);
	save_put("\t", 1);
	save_put(cmd, strlen(cmd));
	save_put("\n", 1);
}

/* ---- --read: one first-in first-out queue of times per command ------- */

struct rq {
	char *key;
	double *v;
	size_t n, cap, head;
};

static struct {
	struct rq *q;
	size_t n;
} rd;

static struct rq *rq_find(const char *key)
{
	size_t i;

	for (i = 0; i < rd.n; i++)
		if (!strcmp(rd.q[i].key, key))
			return &rd.q[i];
	return NULL;
}

static void rq_add(const char *key, double v)
{
	struct rq *q = rq_find(key);

	if (!q) {
		rd.q = xrealloc(rd.q, (rd.n + 1) * sizeof *rd.q);
		q = &rd.q[rd.n++];
		memset(q, 0, sizeof *q);
		q->key = xstrdup(key);
	}
	if (q->n == q->cap) {
		q->cap = q->cap ? q->cap * 2 : 16;
		q->v = xrealloc(q->v, q->cap * sizeof *q->v);
	}
	q->v[q->n++] = v;
}

/* the next saved time of cmd; -1 when the file lacks cmd, which then
 * runs live (the original's behaviour); a queue run dry is fatal */
int tim_read_next(const char *cmd, double *secs)
{
	struct rq *q = rq_find(cmd);

	if (!q)
		return -1;
	if (q->head == q->n)
		die(E_USAGE, "`%s`: undersampled in `read`", cmd);
	*secs = q->v[q->head++];
	return 0;
}

/* one line "TIME<TAB>KEY" (KEY may be empty: the overhead) */
static void read_line(const char *path, long no, char *line)
{
	char *tab = strchr(line, '\t');
	double v;

	if (!tab)
		die(E_USAGE, "%s:%ld: no TAB in '%s'", path, no, line);
	*tab = 0;
	if (num_double(line, -HUGE_VAL, HUGE_VAL, &v))
		die(E_USAGE, "%s:%ld: bad time '%s'", path, no, line);
	rq_add(tab + 1, v);
}

/* the whole file up front, so a bad line stops tim before any output;
 * blank lines and CR-LF endings are allowed */
void tim_read_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	long no = 0;

	if (!f)
		die(E_USAGE, "%s:", path);
	while ((len = getline(&line, &cap, f)) >= 0) {
		no++;
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = 0;
		if (len)
			read_line(path, no, line);
	}
	if (ferror(f))
		die(E_USAGE, "%s:", path);
	free(line);
	fclose(f);
}

/* ---- --graph ----------------------------------------------------------- */

/* the row's samples, one per line after "# EST +- ERR", in a file named
 * after its label; returns that name */
static char *graph_file(const struct row *rw)
{
	char *p = xstrdup(rw->name), *c;
	FILE *f;
	size_t j;

	for (c = p; *c; c++)    /* a label is one file name, never a path */
		if (*c == '/')
			*c = '_';
	f = fopen(p, "w");
	if (!f)
		die(E_USAGE, "%s:", p);
	fprintf(f, "# %.17g +- %.17g\n", rw->est, rw->err);
	for (j = 0; j < rw->nx; j++)
		fprintf(f, "%.17g\n", rw->xs[j]);
	if (fclose(f))
		die(E_USAGE, "%s:", p);
	return p;
}

/* p in single quotes for sh, each ' as '\''; at most 4*len+2 bytes */
static size_t put_quoted(char *s, const char *p)
{
	size_t len = 0;

	s[len++] = '\'';
	for (; *p; p++)
		if (*p == '\'')
			memcpy(s + len, "'\\''", 4), len += 4;
		else
			s[len++] = *p;
	s[len++] = '\'';
	return len;
}

/* --graph CMD with $1 $2 .. replaced by the quoted file names and $$ by
 * $; other text, and $N beyond the rows, is kept as it is */
static char *graph_cmd(const char *g, char **paths, int n)
{
	size_t cap = 1, len = 0;
	char *s, *end;
	long k;
	int i;

	for (i = 0; i < n; i++)         /* any $N may take the longest name */
		if (cap < 4 * strlen(paths[i]) + 3)
			cap = 4 * strlen(paths[i]) + 3;
	s = xmalloc(strlen(g) * cap + 1);
	for (; *g; g++) {
		k = g[0] == '$' ? strtol(g + 1, &end, 10) : 0;
		if (g[0] == '$' && g[1] == '$') {
			s[len++] = '$';
			g++;
		} else if (k < 1 || k > n || !(g[1] >= '0' && g[1] <= '9')) {
			s[len++] = *g;
		} else {
			len += put_quoted(s + len, paths[k - 1]);
			g = end - 1;
		}
	}
	s[len] = 0;
	return s;
}

void tim_graph(const struct row *rw, int nrow)
{
	char **paths = xmalloc((size_t)nrow * sizeof *paths), *cmd;
	struct spawn_res r;
	int i;

	for (i = 0; i < nrow; i++)
		paths[i] = graph_file(&rw[i]);
	cmd = graph_cmd(tim.graph, paths, nrow);
	tim_run1(cmd, E_GRAPH, &r);
	free(cmd);
	for (i = 0; i < nrow; i++)
		free(paths[i]);
	free(paths);
}
