/* rx.c: compile and match POSIX extended regular expressions, in place
 * of regcomp(3) and regexec(3): glibc's results and error codes in every
 * build, 20,760 bytes less than musl's TRE (rx.h; docs/quickbox.md, "Each re-implementation on trial").
 *
 * The parser mirrors the grammar of glibc's regcomp, so that the same
 * malformed pattern gets the same error code, and emits a small NFA
 * program directly: every fragment is contiguous at the end of the code
 * and jumps are relative, so a repetition copies its fragment as it is.
 *
 * Matching without back-references is a Thompson simulation (each
 * instruction at most once per text position: linear in the text). A
 * character may be 1 to 6 bytes, so threads that consumed one wait in a
 * ring of per-position lists. Patterns with back-references run on a
 * backtracker instead, with an explicit stack, a table of the states it
 * already tried and a step budget.
 *
 * Positions are bytes, as glibc's are: a literal byte of the pattern
 * (also an invalid UTF-8 byte) matches that byte anywhere, while `.` and
 * brackets match one whole character and never an invalid byte. Under
 * RX_ICASE the text and the pattern are compared upper-cased (toupper,
 * towupper of lower-case letters), except an escaped ASCII letter, which
 * glibc compares as written. Bracket ranges are in code point order in
 * every locale (glibc uses the locale's collation order outside C).
 * As in glibc without REG_NEWLINE, ^ and $ hold only at the ends of the
 * text, or next to a newline that the match itself consumes. */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

#include "libc/rx.h"

/* caps that keep compile memory bounded (glibc's are its memory) */
#define MAXINS   (1 << 17)
#define MAXDEPTH 1000
#define DUPMAX   32767
#define STEPS    50000000L

enum {
	O_BYTE, O_CHAR, O_ANY, O_SET, O_REF,   /* consume (REF may not) */
	O_SPLIT, O_JMP, O_SAVE, O_MARK, O_LEND, O_ASSERT, O_MATCH,
};
enum { A_BOL, A_EOL, A_BUFB, A_BUFE, A_WB, A_NWB, A_WBEG, A_WEND };
enum { C_ALNUM, C_ALPHA, C_BLANK, C_CNTRL, C_DIGIT, C_GRAPH, C_LOWER,
	C_PRINT, C_PUNCT, C_SPACE, C_UPPER, C_XDIGIT };

struct ins {
	int op, x, y;
};

struct set {
	uint32_t q[8];      /* the answer for a byte (C) or an ASCII char */
	uint32_t raw[4];    /* ASCII members before negation (UTF-8) */
	uint32_t (*r)[2];   /* ranges of code points >= 128 (UTF-8) */
	int nr, cls, neg;
};

struct rx {
	struct ins *code;
	int len, utf8, icase, refs, anchored, nslot, nset;
	struct set *sets;
	unsigned char fold[256];
	uint32_t first[8];
	int usefirst, onefirst;
};

/* what one match needs besides the program: kept per thread (the
 * parallel scan matches from several), grown to the largest program */
struct work {
	/* the simulation: a ring of lists, each a sparse set */
	int *dense, *sparse, *cnt, *stack;
	size_t len;
	/* the backtracker */
	int *slot;
	size_t nslot;
	int (*bt)[3];
	size_t nbt;
	/* states the backtracker found failing: entry = generation, key */
	int *memo;
	size_t memolen, nmemo;
	int gen;
};

#define MEMO 16384  /* entries of the failed-state table (a hash) */

static int bit(const uint32_t *b, unsigned c)
{
	return b[c >> 5] >> (c & 31) & 1;
}

static void setbit(uint32_t *b, unsigned c)
{
	b[c >> 5] |= 1u << (c & 31);
}

/* one UTF-8 character at s (n bytes left): its length, 0 if invalid.
 * As glibc's regex reads: the old 5- and 6-byte forms (up to 0x7fffffff)
 * and code points above 0x10ffff are characters, overlong forms are not;
 * surrogates are when sur says so (glibc: not under REG_ICASE, whose
 * case-folded copy goes through mbrtowc) */
static int dec(const unsigned char *s, size_t n, uint32_t *cp, int sur)
{
	static const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000, 0x200000,
		0x4000000};
	unsigned c = s[0];
	int len, i;
	uint32_t v;

	if (c < 0x80)
		return *cp = c, 1;
	if (c < 0xc2 || c > 0xfd)
		return 0;
	len = c < 0xe0 ? 2 : c < 0xf0 ? 3 : c < 0xf8 ? 4 : c < 0xfc ? 5 : 6;
	if (n < (size_t)len)
		return 0;
	v = c & (0x7f >> len);
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (s[i] & 0x3f);
	}
	if (v < least[len] || (!sur && v >= 0xd800 && v <= 0xdfff))
		return 0;
	*cp = v;
	return len;
}

/* the bytes of code point u; their count */
static int enc(uint32_t u, unsigned char *e)
{
	int n = u < 0x80 ? 1 : u < 0x800 ? 2 : u < 0x10000 ? 3 :
	    u < 0x200000 ? 4 : u < 0x4000000 ? 5 : 6;

	for (int i = n - 1; i > 0; i--, u >>= 6)
		e[i] = (unsigned char)(0x80 | (u & 0x3f));
	e[0] = (unsigned char)(n == 1 ? u : ((0xff00u >> n) & 0xff) | u);
	return n;
}

/* upper-case as glibc folds for REG_ICASE */
static uint32_t fold(int utf8, uint32_t c)
{
	if (c < 0x80 || !utf8)
		return (uint32_t)toupper((int)c);
	return iswlower((wint_t)c) ? (uint32_t)towupper((wint_t)c) : c;
}

/* [[:punct:]] in UTF-8 is glibc's definition, a graphic character that
 * is not alphanumeric: glibc's iswpunct answers exactly that for every
 * code point (C.UTF-8, en_US.UTF-8), and musl's iswpunct is a table of
 * its own, 4,060 bytes of every static build with a regex */
static int isclass(int utf8, int cls, uint32_t c)
{
	if (utf8) {
		wint_t w = (wint_t)c;

		switch (cls) {
		case C_ALNUM: return !!iswalnum(w);
		case C_ALPHA: return !!iswalpha(w);
		case C_BLANK: return !!iswblank(w);
		case C_CNTRL: return !!iswcntrl(w);
		case C_DIGIT: return !!iswdigit(w);
		case C_GRAPH: return !!iswgraph(w);
		case C_LOWER: return !!iswlower(w);
		case C_PRINT: return !!iswprint(w);
		case C_PUNCT: return iswgraph(w) && !iswalnum(w);
		case C_SPACE: return !!iswspace(w);
		case C_UPPER: return !!iswupper(w);
		default: return !!iswxdigit(w);
		}
	}
	switch (cls) {
	case C_ALNUM: return !!isalnum((int)c);
	case C_ALPHA: return !!isalpha((int)c);
	case C_BLANK: return !!isblank((int)c);
	case C_CNTRL: return !!iscntrl((int)c);
	case C_DIGIT: return !!isdigit((int)c);
	case C_GRAPH: return !!isgraph((int)c);
	case C_LOWER: return !!islower((int)c);
	case C_PRINT: return !!isprint((int)c);
	case C_PUNCT: return !!ispunct((int)c);
	case C_SPACE: return !!isspace((int)c);
	case C_UPPER: return !!isupper((int)c);
	default: return !!isxdigit((int)c);
	}
}

/* ---- the compiler ---- */

enum {
	T_END, T_CHAR, T_ANY, T_LBRACK, T_LPAREN, T_RPAREN, T_BAR, T_STAR,
	T_PLUS, T_QUEST, T_LBRACE, T_ANCHOR, T_CLASS, T_REF, T_BSEND,
};

struct tok {
	int type, len, off, raw, bad;  /* off: where the character starts;
	                               * bad: an invalid UTF-8 byte */
	uint32_t c;               /* the character, anchor, class or group */
};

struct cc {
	const unsigned char *s;
	size_t i, n;
	struct rx *r;
	size_t cap, setcap;
	int err, depth, ngroups, saves, nmark;
	unsigned done;            /* groups 1..9 closed so far (bit g-1) */
	struct tok t;             /* the current token, at s + i */
};

static void peek(struct cc *c)
{
	const unsigned char *s = c->s + c->i;
	size_t left = c->n - c->i;
	struct tok *t = &c->t;

	memset(t, 0, sizeof *t);
	if (!left) {
		t->type = T_END;
		return;
	}
	t->len = 1;
	t->c = s[0];
	t->type = T_CHAR;
	switch (s[0]) {
	case '\\':
		if (left < 2) {
			t->type = T_BSEND;
			return;
		}
		t->len = 2;
		t->off = 1;
		t->c = s[1];
		if (s[1] >= '1' && s[1] <= '9') {
			t->type = T_REF;
			t->c = s[1] - '0';
			return;
		}
		switch (s[1]) {
		case 'w': case 'W': case 's': case 'S':
			t->type = T_CLASS;
			return;
		case 'b': t->type = T_ANCHOR; t->c = A_WB; return;
		case 'B': t->type = T_ANCHOR; t->c = A_NWB; return;
		case '<': t->type = T_ANCHOR; t->c = A_WBEG; return;
		case '>': t->type = T_ANCHOR; t->c = A_WEND; return;
		case '`': t->type = T_ANCHOR; t->c = A_BUFB; return;
		case '\'': t->type = T_ANCHOR; t->c = A_BUFE; return;
		}
		/* an escaped ASCII character is compared as written */
		if (s[1] < 0x80 || !c->r->utf8) {
			t->raw = 1;
			return;
		}
		{
			uint32_t cp;
			int l = dec(s + 1, left - 1, &cp, !c->r->icase);

			if (l)
				t->len = 1 + l, t->c = cp;
			else
				t->bad = 1;
		}
		return;
	case '.': t->type = T_ANY; return;
	case '[': t->type = T_LBRACK; return;
	case '(': t->type = T_LPAREN; return;
	case ')': t->type = T_RPAREN; return;
	case '|': t->type = T_BAR; return;
	case '*': t->type = T_STAR; return;
	case '+': t->type = T_PLUS; return;
	case '?': t->type = T_QUEST; return;
	case '{': t->type = T_LBRACE; return;
	case '^': t->type = T_ANCHOR; t->c = A_BOL; return;
	case '$': t->type = T_ANCHOR; t->c = A_EOL; return;
	}
	if (c->r->utf8 && s[0] >= 0x80) {
		uint32_t cp;
		int l = dec(s, left, &cp, !c->r->icase);

		if (l)
			t->len = l, t->c = cp;
		else
			t->bad = 1;
	}
}

static void next(struct cc *c)
{
	c->i += (size_t)c->t.len;
	peek(c);
}

static int fail(struct cc *c, int e)
{
	if (!c->err)
		c->err = e;
	return -1;
}

/* room for more instructions; -1 (RX_ESPACE) past the cap */
static int room(struct cc *c, size_t more)
{
	struct rx *r = c->r;
	size_t want = (size_t)r->len + more;

	if (more > MAXINS || want > MAXINS)
		return fail(c, RX_ESPACE);
	if (want > c->cap) {
		size_t cap = c->cap ? c->cap : 64;
		struct ins *p;

		while (cap < want)
			cap *= 2;
		if (!(p = realloc(r->code, cap * sizeof *p)))
			return fail(c, RX_ESPACE);
		r->code = p;
		c->cap = cap;
	}
	return 0;
}

static int emit(struct cc *c, int op, int x, int y)
{
	if (room(c, 1))
		return -1;
	c->r->code[c->r->len++] = (struct ins){op, x, y};
	return 0;
}

static int literal(struct cc *c)
{
	struct rx *r = c->r;
	const struct tok *t = &c->t;

	if (!r->utf8)
		return emit(c, O_BYTE, (int)(r->icase && !t->raw ?
		    fold(0, t->c) : t->c), 0);
	if (t->bad)  /* an invalid byte is matched as it is */
		return emit(c, O_BYTE, (int)c->s[c->i + (size_t)t->len - 1], 0);
	if (r->icase)
		return emit(c, O_CHAR, (int)(t->raw ? t->c : fold(1, t->c)), 0);
	/* the bytes of the character: a valid sequence only starts at a
	 * character boundary, so this is the same as one whole character */
	for (int k = t->off; k < t->len; k++)
		if (emit(c, O_BYTE, c->s[c->i + (size_t)k], 0))
			return -1;
	return 0;
}

/* ---- brackets ---- */

static struct set *newset(struct cc *c)
{
	struct rx *r = c->r;

	if ((size_t)r->nset == c->setcap) {
		size_t cap = c->setcap ? 2 * c->setcap : 4;
		struct set *p;

		if (cap > MAXINS || !(p = realloc(r->sets, cap * sizeof *p)))
			return fail(c, RX_ESPACE), NULL;
		r->sets = p;
		c->setcap = cap;
	}
	memset(&r->sets[r->nset], 0, sizeof *r->sets);
	return &r->sets[r->nset++];
}

/* lo..hi (folded values) into the set; ranges above ASCII for UTF-8 */
static int addrange(struct cc *c, struct set *st, uint32_t lo, uint32_t hi)
{
	uint32_t lim = c->r->utf8 ? 0x80 : 0x100;

	for (uint32_t v = lo; v <= hi && v < lim; v++)
		setbit(st->q, v);
	if (hi >= lim) {
		uint32_t (*p)[2] = realloc(st->r, (size_t)(st->nr + 1) * sizeof *p);

		if (!p)
			return fail(c, RX_ESPACE);
		st->r = p;
		p[st->nr][0] = lo < lim ? lim : lo;
		p[st->nr][1] = hi;
		st->nr++;
	}
	return 0;
}

static int member(const struct rx *r, const struct set *st, uint32_t v)
{
	if (v < 0x80 && r->utf8)
		return bit(st->raw, v);
	if (!r->utf8)
		return bit(st->q, v);
	for (int i = 0; i < st->nr; i++)
		if (v >= st->r[i][0] && v <= st->r[i][1])
			return 1;
	for (int k = 0; k <= C_XDIGIT; k++)
		if (st->cls >> k & 1 && isclass(1, k, v))
			return 1;
	return 0;
}

/* the answers for single bytes / ASCII, after the members are known */
static void finish(struct rx *r, struct set *st)
{
	unsigned lim = r->utf8 ? 0x80 : 0x100;

	for (unsigned v = 0; v < lim; v++)
		for (int k = 0; k <= C_XDIGIT; k++)
			if (st->cls >> k & 1 && isclass(r->utf8, k, v))
				setbit(st->q, v);
	memcpy(st->raw, st->q, sizeof st->raw);
	{
		uint32_t q[8] = {0};

		for (unsigned v = 0; v < lim; v++) {
			uint32_t f = r->icase ? fold(r->utf8, v) : v;

			if (member(r, st, f) != st->neg)
				setbit(q, v);
		}
		memcpy(st->q, q, sizeof q);
	}
}

static int classid(const char *name)
{
	static const char names[][7] = {"alnum", "alpha", "blank", "cntrl",
		"digit", "graph", "lower", "print", "punct", "space", "upper",
		"xdigit"};

	for (int k = 0; k <= C_XDIGIT; k++)
		if (!strcmp(name, names[k]))
			return k;
	return -1;
}

enum { E_CHAR, E_BAD, E_COLL, E_EQUIV, E_CLASS };

struct elem {
	int type;
	uint32_t c;
	char name[33];
};

enum { B_END, B_CHAR, B_RANGE, B_CLOSE, B_OPEN };

/* the kind of the bracket token at s + i, its length in *len */
static int btok(struct cc *c, int *len, int *delim)
{
	const unsigned char *s = c->s + c->i;
	size_t left = c->n - c->i;

	*len = 1;
	if (!left)
		return B_END;
	if (s[0] == '[' && left > 1 && (s[1] == '.' || s[1] == '=' || s[1] == ':')) {
		*len = 2;
		*delim = s[1];
		return B_OPEN;
	}
	return s[0] == '-' ? B_RANGE : s[0] == ']' ? B_CLOSE : B_CHAR;
}

/* one element starting at the current position, of kind k */
static int belem(struct cc *c, struct elem *e, int k, int len, int delim,
    int accept_hyphen)
{
	const unsigned char *s = c->s;
	struct rx *r = c->r;

	if (r->utf8 && s[c->i] >= 0x80) {
		int l = dec(s + c->i, c->n - c->i, &e->c, !r->icase);

		if (l > 1) {
			e->type = E_CHAR;
			c->i += (size_t)l;
			if (r->icase)
				e->c = fold(1, e->c);
			return 0;
		}
	}
	c->i += (size_t)len;
	if (k == B_OPEN) {
		int i = 0;

		if (c->i >= c->n)
			return fail(c, RX_EBRACK);
		for (;; i++) {
			unsigned char ch;

			if (i >= 32)
				return fail(c, RX_EBRACK);
			ch = s[c->i++];
			if (c->i >= c->n)
				return fail(c, RX_EBRACK);
			if (ch == delim && s[c->i] == ']')
				break;
			/* class names as written, the others folded */
			if (delim != ':' && r->icase && ch < 0x80)
				ch = (unsigned char)toupper(ch);
			e->name[i] = (char)ch;
		}
		c->i++;
		e->name[i] = 0;
		e->type = delim == '.' ? E_COLL : delim == '=' ? E_EQUIV : E_CLASS;
		return 0;
	}
	if (k == B_RANGE && !accept_hyphen) {
		int l2, d2;

		if (btok(c, &l2, &d2) != B_CLOSE)
			return fail(c, RX_ERANGE);
	}
	e->c = s[c->i - 1];
	e->type = r->utf8 && e->c >= 0x80 ? E_BAD : E_CHAR;
	if (r->icase && e->type == E_CHAR)
		e->c = fold(r->utf8, e->c);
	return 0;
}

/* a collating symbol or an equivalence class: one single-byte char */
static int single(struct cc *c, struct elem *e)
{
	if (strlen(e->name) != 1)
		return fail(c, RX_ECOLLATE);
	e->c = (unsigned char)e->name[0];
	if (c->r->utf8 && e->c >= 0x80)
		return fail(c, RX_ECOLLATE);
	return 0;
}

static int bracket(struct cc *c)
{
	struct set *st;
	int k, len, delim = 0, first = 1, idx;

	c->i++;  /* the '[' */
	if (!(st = newset(c)))
		return -1;
	idx = c->r->nset - 1;
	k = btok(c, &len, &delim);
	if (k == B_END)
		return fail(c, RX_BADPAT);
	if (k == B_CHAR && c->s[c->i] == '^') {
		st->neg = 1;
		c->i++;
		k = btok(c, &len, &delim);
		if (k == B_END)
			return fail(c, RX_BADPAT);
	}
	if (k == B_CLOSE)
		k = B_CHAR;
	for (;;) {
		struct elem a = {0}, b = {0};
		int range = 0, l2 = 0, d2 = 0, k2 = 0;

		st = &c->r->sets[idx];
		if (belem(c, &a, k, len, delim, first))
			return -1;
		first = 0;
		k = btok(c, &len, &delim);
		if (a.type != E_CLASS && a.type != E_EQUIV) {
			if (k == B_END)
				return fail(c, RX_EBRACK);
			if (k == B_RANGE) {
				c->i += (size_t)len;
				k2 = btok(c, &l2, &d2);
				if (k2 == B_END)
					return fail(c, RX_EBRACK);
				if (k2 == B_CLOSE) {
					c->i -= (size_t)len;  /* a last '-' is itself */
					k = B_CHAR;
				} else {
					range = 1;
				}
			}
		}
		if (range) {
			if (belem(c, &b, k2, l2, d2, 1))
				return -1;
			k = btok(c, &len, &delim);
			if (a.type == E_CLASS || a.type == E_EQUIV ||
			    b.type == E_CLASS || b.type == E_EQUIV)
				return fail(c, RX_ERANGE);
			if ((a.type == E_COLL && single(c, &a)) ||
			    (b.type == E_COLL && single(c, &b)))
				return -1;
			if (a.type == E_BAD || b.type == E_BAD)
				return fail(c, RX_ECOLLATE);
			if (a.c > b.c)
				return fail(c, RX_ERANGE);
			if (addrange(c, st, a.c, b.c))
				return -1;
		} else {
			switch (a.type) {
			case E_BAD:
				break;  /* matches nothing: not a character */
			case E_CHAR:
				if (addrange(c, st, a.c, a.c))
					return -1;
				break;
			case E_COLL:
			case E_EQUIV:
				if (single(c, &a) || addrange(c, st, a.c, a.c))
					return -1;
				break;
			case E_CLASS: {
				int id = classid(a.name);

				if (id < 0)
					return fail(c, RX_ECTYPE);
				if (c->r->icase && (id == C_UPPER || id == C_LOWER))
					id = C_ALPHA;
				st->cls |= 1 << id;
				break;
			}
			}
		}
		if (k == B_END)
			return fail(c, RX_EBRACK);
		if (k == B_CLOSE)
			break;
	}
	c->i++;  /* the ']' */
	finish(c->r, &c->r->sets[idx]);
	peek(c);
	return emit(c, O_SET, idx, 0);
}

/* \w \W \s \S */
static int classop(struct cc *c)
{
	struct set *st = newset(c);
	int w = c->t.c == 'w' || c->t.c == 'W';

	if (!st)
		return -1;
	st->neg = c->t.c == 'W' || c->t.c == 'S';
	st->cls = 1 << (w ? C_ALNUM : C_SPACE);
	if (w && addrange(c, st, '_', '_'))
		return -1;
	finish(c->r, st);
	next(c);
	return emit(c, O_SET, c->r->nset - 1, 0);
}

/* ---- repetition ---- */

/* a count up to '}' or ',': -1 none, -2 bad, else at most DUPMAX + 1 */
static long number(struct cc *c)
{
	long v = -1;

	for (;;) {
		next(c);
		if (c->t.type == T_END)
			return -2;
		if (c->t.c == ',' || (c->t.type == T_CHAR && c->t.c == '}' && !c->t.raw))
			return v;
		if (c->t.type != T_CHAR || c->t.c < '0' || c->t.c > '9' || v == -2)
			v = -2;
		else
			v = v < 0 ? (long)(c->t.c - '0') : v * 10 + (long)(c->t.c - '0');
		if (v > DUPMAX)
			v = DUPMAX + 1;
	}
}

static int closing(const struct cc *c)
{
	return c->t.type == T_CHAR && c->t.c == '}' && !c->t.raw;
}

/* the fragment code[fs..len) repeated m to n times (n < 0: unbounded) */
static int repeat(struct cc *c, int fs, long m, long n)
{
	struct rx *r = c->r;
	int L = r->len - fs, marks = c->saves;
	long long need;
	struct ins *f;

	if (!L)
		return 0;
	if (!m && !n) {
		r->len = fs;
		return 0;
	}
	need = n < 0 ? (long long)(m ? m : 1) * L + 3 + 2 * marks
	    : (long long)m * L + (long long)(n - m) * (L + 1);
	if (need > MAXINS || room(c, (size_t)(need - L)))
		return fail(c, RX_ESPACE);
	if (!(f = malloc((size_t)L * sizeof *f)))
		return fail(c, RX_ESPACE);
	memcpy(f, r->code + fs, (size_t)L * sizeof *f);
	r->len = fs;
#define PUT(op, x, y) do { struct ins i_ = {op, x, y}; r->code[r->len++] = i_; } while (0)
#define FRAG() (memcpy(r->code + r->len, f, (size_t)L * sizeof *f), r->len += L)
	for (long i = 0; i < (n < 0 && m ? m - 1 : m); i++)
		FRAG();
	if (n < 0) {
		int top = r->len, k = c->nmark++;

		if (!m)
			PUT(O_SPLIT, 1, 2 + L + 2 * marks);
		if (marks)
			PUT(O_MARK, k, 0);
		FRAG();
		if (marks)
			PUT(O_LEND, k, 2);
		if (!m)
			PUT(O_JMP, top - r->len, 0);
		else
			PUT(O_SPLIT, top - r->len, 1);
	} else {
		int end = r->len + (int)(n - m) * (L + 1);

		for (long i = m; i < n; i++) {
			PUT(O_SPLIT, 1, end - r->len);
			FRAG();
		}
	}
#undef PUT
#undef FRAG
	free(f);
	return 0;
}

static int dup(struct cc *c, int fs)
{
	long m, n;

	if (c->t.type == T_LBRACE) {
		m = number(c);
		if (m == -1) {
			if (c->t.c == ',')
				m = 0;
			else
				return fail(c, RX_BADBR);
		}
		n = m;
		if (m != -2)
			n = closing(c) ? m : c->t.c == ',' ? number(c) : -2;
		if (m == -2 || n == -2)
			return fail(c, c->t.type == T_END ? RX_EBRACE : RX_BADBR);
		if ((n != -1 && m > n) || !closing(c))
			return fail(c, RX_BADBR);
		if ((n == -1 ? m : n) > DUPMAX)
			return fail(c, RX_ESIZE);
	} else {
		m = c->t.type == T_PLUS;
		n = c->t.type == T_QUEST ? 1 : -1;
	}
	next(c);
	return repeat(c, fs, m, n);
}

/* ---- the grammar ---- */

static int regexp(struct cc *c, int nest);

static int group(struct cc *c, int nest)
{
	int g = ++c->ngroups;

	if (++c->depth > MAXDEPTH)
		return fail(c, RX_ESPACE);
	if (c->saves && g <= 9 && emit(c, O_SAVE, 2 * g, 0))
		return -1;
	next(c);
	if (c->t.type != T_RPAREN) {
		if (regexp(c, nest + 1))
			return -1;
		if (c->t.type != T_RPAREN)
			return fail(c, RX_EPAREN);
	}
	next(c);
	if (g <= 9) {
		c->done |= 1u << (g - 1);
		if (c->saves && emit(c, O_SAVE, 2 * g + 1, 0))
			return -1;
	}
	c->depth--;
	return 0;
}

static int expression(struct cc *c, int nest)
{
	int fs = c->r->len, e = 0;

	switch (c->t.type) {
	case T_CHAR:
	case T_RPAREN:  /* an unmatched ')' is itself */
		e = literal(c);
		next(c);
		break;
	case T_ANY:
		e = emit(c, O_ANY, 0, 0);
		next(c);
		break;
	case T_LBRACK:
		e = bracket(c);
		break;
	case T_LPAREN:
		e = group(c, nest);
		break;
	case T_CLASS:
		e = classop(c);
		break;
	case T_REF:
		if (!(c->done >> (c->t.c - 1) & 1))
			return fail(c, RX_ESUBREG);
		c->r->refs = 1;
		e = emit(c, O_REF, (int)c->t.c, 0);
		next(c);
		break;
	case T_ANCHOR:
		/* no repetition may follow an anchor */
		e = emit(c, O_ASSERT, (int)c->t.c, 0);
		next(c);
		return e;
	case T_BSEND:
		return fail(c, RX_EESCAPE);
	case T_STAR: case T_PLUS: case T_QUEST: case T_LBRACE:
		return fail(c, RX_BADRPT);
	default:  /* '|' or the end: an empty expression */
		return 0;
	}
	if (e)
		return -1;
	while (c->t.type == T_STAR || c->t.type == T_PLUS ||
	    c->t.type == T_QUEST || c->t.type == T_LBRACE)
		if (dup(c, fs))
			return -1;
	return 0;
}

static int stop(const struct cc *c, int nest)
{
	return c->t.type == T_BAR || c->t.type == T_END ||
	    (nest && c->t.type == T_RPAREN);
}

static int branch(struct cc *c, int nest)
{
	do
		if (expression(c, nest))
			return -1;
	while (!stop(c, nest));
	return 0;
}

/* branches a|b|c: SPLIT(next) a JMP(end) SPLIT(next) b JMP(end) c */
static int alternate(struct cc *c, const int *at, int nb)
{
	struct rx *r = c->r;
	int fs = at[0], L = r->len - fs, o = fs, end = r->len + 2 * (nb - 1);
	struct ins *f;

	if (room(c, (size_t)(2 * (nb - 1))))
		return -1;
	if (!(f = malloc((size_t)(L ? L : 1) * sizeof *f)))
		return fail(c, RX_ESPACE);
	memcpy(f, r->code + fs, (size_t)L * sizeof *f);
	for (int b = 0; b < nb; b++) {
		int bs = at[b] - fs, be = (b + 1 < nb ? at[b + 1] : r->len) - fs;
		int bl = be - bs;

		if (b + 1 < nb)
			r->code[o++] = (struct ins){O_SPLIT, 1, bl + 2};
		memcpy(r->code + o, f + bs, (size_t)bl * sizeof *f);
		o += bl;
		if (b + 1 < nb) {
			r->code[o] = (struct ins){O_JMP, end - o, 0};
			o++;
		}
	}
	r->len = end;
	free(f);
	return 0;
}

static int regexp(struct cc *c, int nest)
{
	unsigned initial = c->done;
	int *at = NULL, nb = 1, cap = 0, e = 0;
	int start = c->r->len;

	if (branch(c, nest))
		return -1;
	while (c->t.type == T_BAR) {
		if (nb >= cap) {
			int *p;

			cap = cap ? 2 * cap : 8;
			if (cap > MAXINS || !(p = realloc(at, (size_t)cap * sizeof *p))) {
				free(at);
				return fail(c, RX_ESPACE);
			}
			if (!at)
				p[0] = start;
			at = p;
		}
		at[nb++] = c->r->len;
		next(c);
		if (!stop(c, nest)) {
			unsigned acc = c->done;

			c->done = initial;
			e = branch(c, nest);
			c->done |= acc;
			if (e)
				break;
		}
	}
	if (!e && nb > 1)
		e = alternate(c, at, nb);
	free(at);
	return e ? -1 : 0;
}

/* may a match start with byte b? A filter over the starting positions,
 * what most of rx's speed on short texts comes from (docs/PERFORMANCE.md,
 * "Regex engine") */
static void firsts(struct rx *r)
{
	int *seen = calloc((size_t)r->len + 1, sizeof *seen);
	int *st = malloc((2 * (size_t)r->len + 1) * sizeof *st), sp = 0;

	r->usefirst = 0;
	if (!seen || !st || r->refs) {
		free(seen);
		free(st);
		return;
	}
	memset(r->first, 0, sizeof r->first);
	st[sp++] = 0;
	while (sp) {
		int pc = st[--sp];
		const struct ins *in = &r->code[pc];

		if (seen[pc]++)
			continue;
		switch (in->op) {
		case O_MATCH:
			free(seen);
			free(st);
			return;  /* the empty text may match: no filter */
		case O_JMP:
			st[sp++] = pc + in->x;
			break;
		case O_SPLIT:
			st[sp++] = pc + in->x;
			st[sp++] = pc + in->y;
			break;
		case O_SAVE: case O_MARK: case O_LEND: case O_ASSERT:
			st[sp++] = pc + 1;
			break;
		case O_BYTE:
			for (unsigned b = 0; b < 256; b++)
				if (r->fold[b] == in->x ||
				    (b >= 0x80 && in->x >= 0x80 && r->icase && r->utf8))
					setbit(r->first, b);
			break;
		case O_CHAR:
		case O_SET:
			for (unsigned b = 0; b < 256; b++) {
				int ok = b >= 0xc2;  /* any character above ASCII */

				if (b < 0x80)
					ok = in->op == O_CHAR ? fold(1, b) == (uint32_t)in->x
					    : bit(r->sets[in->x].q, b);
				else if (!r->utf8)
					ok = bit(r->sets[in->x].q, b);
				if (ok)
					setbit(r->first, b);
			}
			break;
		default:
			memset(r->first, 0xff, sizeof r->first);
			break;
		}
	}
	free(seen);
	free(st);
	r->usefirst = 1;
	r->onefirst = -1;
	for (unsigned b = 1; b < 256; b++)
		if (bit(r->first, b))
			r->onefirst = r->onefirst == -1 ? (int)b : -2;
}

void rx_free(struct rx *r)
{
	if (!r)
		return;
	for (int i = 0; i < r->nset; i++)
		free(r->sets[i].r);
	free(r->sets);
	free(r->code);
	free(r);
}

#define RING 7  /* lists for the next 6 byte positions and this one */

int rx_compile(struct rx **out, const char *pattern, int flags)
{
	struct cc c = {0};
	struct rx *r = calloc(1, sizeof *r);
	*out = NULL;
	if (!r)
		return RX_ESPACE;
	r->utf8 = !!(flags & RX_UTF8);
	r->icase = !!(flags & RX_ICASE);
	for (int b = 0; b < 256; b++)
		r->fold[b] = (unsigned char)(r->icase && !r->utf8 ? toupper(b) : b);
	c.s = (const unsigned char *)pattern;
	c.n = strlen(pattern);
	c.r = r;
	/* group bounds are recorded only when a back-reference may need them */
	for (size_t i = 0; i + 1 < c.n; i++)
		if (c.s[i] == '\\' && (c.s[++i] >= '1' && c.s[i] <= '9'))
			c.saves = 1;
	peek(&c);
	if (!regexp(&c, 0)) {
		if (c.t.type != T_END)  /* cannot happen: ')' at nest 0 is a char */
			fail(&c, RX_EPAREN);
		else
			emit(&c, O_MATCH, 0, 0);
	}
	if (c.err) {
		rx_free(r);
		return c.err;
	}
	r->nslot = 20 + c.nmark;
	r->anchored = r->code[0].op == O_ASSERT &&
	    (r->code[0].x == A_BOL || r->code[0].x == A_BUFB);
	firsts(r);
	*out = r;
	return RX_OK;
}

/* ---- matching ---- */

struct text {
	const unsigned char *s;
	size_t n;
};

/* the character that holds byte q: its code point, or the byte itself
 * when no valid sequence covers q (as glibc reads an invalid byte; for
 * word boundaries glibc decodes with mbrtowc: surrogates are bytes) */
static uint32_t holding(const struct rx *r, const struct text *t, size_t q)
{
	uint32_t cp;

	if (!r->utf8 || t->s[q] < 0x80)
		return t->s[q];
	for (size_t b = 0; b < 6 && b <= q; b++) {
		int l = dec(t->s + q - b, t->n - (q - b), &cp, 0);

		if (l && (size_t)l > b)
			return cp;
	}
	return t->s[q];
}

static int word(const struct rx *r, const struct text *t, size_t q)
{
	uint32_t c = holding(r, t, q);

	return c == '_' || isclass(r->utf8, C_ALNUM, c);
}

/* does assertion a hold at p? in: the path consumed the byte before p.
 * ^ and $ also hold next to a newline the match itself consumes (glibc
 * does so even without REG_NEWLINE): 2 says $ held before a newline,
 * which the path must then consume (it may not end there) */
static int assert_at(const struct rx *r, const struct text *t, size_t p, int a,
    int in)
{
	int before, after;

	switch (a) {
	case A_BOL: return !p || (in && t->s[p - 1] == '\n');
	case A_EOL: return p == t->n ? 1 : t->s[p] == '\n' ? 2 : 0;
	case A_BUFB: return !p;
	case A_BUFE: return p == t->n;
	}
	before = p > 0 && word(r, t, p - 1);
	after = p < t->n && word(r, t, p);
	switch (a) {
	case A_WB: return before != after;
	case A_NWB: return before == after;
	case A_WBEG: return !before && after;
	default: return before && !after;
	}
}

/* byte p of the upper-cased text, which glibc matches an invalid byte of
 * an icase pattern against (when the case changes the length, as the
 * text reads) */
static int upbyte(const struct text *t, size_t p)
{
	uint32_t cp;

	for (size_t b = 0; b < 6 && b <= p; b++) {
		int l = dec(t->s + p - b, t->n - (p - b), &cp, 0);

		if (l && (size_t)l > b) {
			unsigned char e[6];

			if (enc(fold(1, cp), e) != l)
				break;
			return e[b];
		}
	}
	return t->s[p];
}

/* is p inside a character (not at its first byte)? Under RX_ICASE in
 * UTF-8 glibc starts no match there (it may go on through one) */
static int inside(const struct rx *r, const struct text *t, size_t p)
{
	uint32_t cp;

	if (!r->icase || !r->utf8 || p >= t->n || t->s[p] < 0x80 || t->s[p] >= 0xc0)
		return 0;
	for (size_t b = 1; b < 6 && b <= p; b++) {
		int l = dec(t->s + p - b, t->n - (p - b), &cp, 0);

		if (l && (size_t)l > b)
			return 1;
	}
	return 0;
}

/* bytes the instruction consumes at p, 0 when it does not match */
static int step(const struct rx *r, const struct ins *in, const struct text *t,
    size_t p)
{
	unsigned b;
	uint32_t cp;
	int l;

	if (p >= t->n)
		return 0;
	b = t->s[p];
	switch (in->op) {
	case O_BYTE:
		if (r->icase && r->utf8 && b >= 0x80)
			return upbyte(t, p) == in->x;
		return r->fold[b] == in->x;
	case O_ANY:
		if (!r->utf8 || b < 0x80)
			return 1;
		return dec(t->s + p, t->n - p, &cp, !r->icase);
	case O_SET:
		if (!r->utf8 || b < 0x80)
			return bit(r->sets[in->x].q, b);
		if (!(l = dec(t->s + p, t->n - p, &cp, !r->icase)))
			return 0;
		if (r->icase)
			cp = fold(1, cp);
		return member(r, &r->sets[in->x], cp) != r->sets[in->x].neg ? l : 0;
	default:  /* O_CHAR */
		if (!(l = dec(t->s + p, t->n - p, &cp, !r->icase)))
			return 0;
		return fold(1, cp) == (uint32_t)in->x ? l : 0;
	}
}

/* the epsilon closure of pc at p into list k; 1 when it reaches MATCH */
/* the epsilon closure of pc at p into list k; 1 when it reaches MATCH.
 * A state is pc * 2 + 1 when a $ before a newline is pending. */
static int add(const struct rx *r, struct work *w, const struct text *t, int k,
    size_t p, int pc0, int ate)
{
	int *dense = w->dense + (size_t)k * 2 * (size_t)r->len;
	int *sparse = w->sparse + (size_t)k * 2 * (size_t)r->len;
	int *st = w->stack, sp = 0;

	st[sp++] = 2 * pc0;
	while (sp) {
		int s = st[--sp], i = sparse[s], pc = s >> 1, f = s & 1, a;
		const struct ins *in = &r->code[pc];

		if (i < w->cnt[k] && dense[i] == s)
			continue;
		sparse[s] = w->cnt[k];
		dense[w->cnt[k]++] = s;
		switch (in->op) {
		case O_MATCH:
			if (!f)
				return 1;
			break;
		case O_JMP:
			st[sp++] = 2 * (pc + in->x) + f;
			break;
		case O_SPLIT:
			st[sp++] = 2 * (pc + in->y) + f;
			st[sp++] = 2 * (pc + in->x) + f;
			break;
		case O_ASSERT:
			if (!(a = assert_at(r, t, p, in->x, ate)))
				break;
			st[sp++] = 2 * (pc + 1) + (f | (a == 2));
			break;
		case O_SAVE: case O_MARK: case O_LEND:
			st[sp++] = 2 * (pc + 1) + f;
			break;
		}
	}
	return 0;
}

/* where the next match may start, from p on (t->n + 1: nowhere) */
static size_t skip(const struct rx *r, const struct text *t, size_t p)
{
	if (r->anchored)
		return p ? t->n + 1 : 0;
	if (!r->usefirst)
		return p;
	if (r->onefirst >= 0) {
		/* one possible first byte: memchr (docs/PERFORMANCE.md,
		 * "Regex engine") */
		const unsigned char *q = p < t->n ?
		    memchr(t->s + p, r->onefirst, t->n - p) : NULL;

		return q ? (size_t)(q - t->s) : t->n + 1;
	}
	while (p < t->n && !bit(r->first, t->s[p]))
		p++;
	return p < t->n ? p : t->n + 1;
}

static int pike(const struct rx *r, struct work *w, const struct text *t)
{
	int live = 0;
	size_t p = skip(r, t, 0);

	if (p > t->n)
		return 0;
	memset(w->cnt, 0, RING * sizeof *w->cnt);
	for (;;) {
		int k = (int)(p % RING), *dense, before = w->cnt[k];

		if ((!r->anchored || !p) && (!r->usefirst ||
		    (p < t->n && bit(r->first, t->s[p]))) && !inside(r, t, p) &&
		    add(r, w, t, k, p, 0, 0))
			return 1;
		live += w->cnt[k] - before;
		dense = w->dense + (size_t)k * 2 * (size_t)r->len;
		for (int i = 0; i < w->cnt[k]; i++) {
			const struct ins *in = &r->code[dense[i] >> 1];
			int l;

			if (in->op > O_SET)
				continue;
			if ((l = step(r, in, t, p))) {
				int k2 = (int)((p + (size_t)l) % RING);

				before = w->cnt[k2];
				if (add(r, w, t, k2, p + (size_t)l, (dense[i] >> 1) + 1, 1))
					return 1;
				live += w->cnt[k2] - before;
			}
		}
		live -= w->cnt[k];
		w->cnt[k] = 0;
		if (p >= t->n)
			return 0;
		p++;
		if (!live) {
			p = skip(r, t, p);
			if (p > t->n)
				return 0;
		}
	}
}

/* ---- the backtracker, for patterns with back-references ---- */

static int push(struct work *w, size_t *sp, int pc, int pos, int f)
{
	if (*sp == w->nbt) {
		size_t n = w->nbt ? 2 * w->nbt : 256;
		int (*p)[3] = n > ((size_t)-1) / 8 / sizeof *p ? NULL :
		    realloc(w->bt, n * sizeof *p);

		if (!p)
			return -1;
		w->bt = p;
		w->nbt = n;
	}
	w->bt[*sp][0] = pc;
	w->bt[*sp][1] = pos;
	w->bt[*sp][2] = f;
	(*sp)++;
	return 0;
}

static int sameref(const struct rx *r, const struct text *t, size_t a,
    size_t e, size_t p, size_t *len)
{
	size_t n = e - a;

	if (!r->icase || !r->utf8) {
		if (n > t->n - p)
			return 0;
		for (size_t i = 0; i < n; i++)
			if (r->fold[t->s[a + i]] != r->fold[t->s[p + i]])
				return 0;
		*len = n;
		return 1;
	}
	/* glibc compares the bytes of the upper-cased text */
	if (n > t->n - p)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (upbyte(t, a + i) != upbyte(t, p + i))
			return 0;
	*len = n;
	return 1;
}

/* has the state (pc, pos, flags, slots) been entered before in this
 * match? Each entry takes it in; a state entered before either is being
 * explored further up the path (a loop without progress) or has failed
 * (the search would have ended on a match), so it can be cut: the
 * search is then bounded by the distinct states, not the paths */
static int seen(const struct rx *r, struct work *w, int pc, int pos, int fl)
{
	size_t K = 4 + (size_t)r->nslot, h = 2166136261u, i;
	int key[4] = {w->gen, pc, pos, fl};

	if (!w->memo)
		return 0;
	for (i = 1; i < 4; i++)
		h = (h ^ (size_t)(unsigned)key[i]) * 16777619u;
	for (i = 0; i < (size_t)r->nslot; i++)
		h = (h ^ (size_t)(unsigned)w->slot[i]) * 16777619u;
	for (i = h % MEMO;; i = (i + 1) % MEMO) {
		int *e = w->memo + i * K;

		if (e[0] != w->gen) {
			if (w->nmemo >= MEMO * 3 / 4)
				return 0;  /* full: search on without it */
			memcpy(e, key, sizeof key);
			memcpy(e + 4, w->slot, (size_t)r->nslot * sizeof *e);
			w->nmemo++;
			return 0;
		}
		if (!memcmp(e, key, sizeof key) &&
		    !memcmp(e + 4, w->slot, (size_t)r->nslot * sizeof *e))
			return 1;
	}
}

static int back(const struct rx *r, struct work *w, const struct text *t)
{
	long steps = STEPS;
	size_t K = 4 + (size_t)r->nslot;

	/* the table, cleared by a new generation number */
	if (w->memolen < K * MEMO) {
		free(w->memo);
		w->memo = calloc(K * MEMO, sizeof *w->memo);
		w->memolen = w->memo ? K * MEMO : 0;
		w->gen = 0;
	}
	if (++w->gen <= 0) {  /* wrapped: clear for real */
		if (w->memo)
			memset(w->memo, 0, w->memolen * sizeof *w->memo);
		w->gen = 1;
	}
	w->nmemo = 0;

	for (size_t s = 0; s <= t->n; s++) {
		size_t sp = 0;

		if (r->anchored && s)
			return 0;
		if (inside(r, t, s))
			continue;
		for (int i = 0; i < r->nslot; i++)
			w->slot[i] = -1;
		if (push(w, &sp, 0, (int)s, 0))
			return 0;
		while (sp) {
			int pc = w->bt[sp - 1][0], pos = w->bt[sp - 1][1];
			int f = w->bt[sp - 1][2];  /* a $ before a newline pending */

			sp--;
			if (pc < 0) {  /* undo a slot */
				w->slot[-pc - 1] = pos;
				continue;
			}
			for (;;) {
				const struct ins *in = &r->code[pc];
				int l, si;
				size_t len;

				if (--steps < 0)
					return 0;
				switch (in->op) {
				case O_MATCH:
					if (f)
						break;
					return 1;
				case O_JMP:
					pc += in->x;
					continue;
				case O_SPLIT:
					if (seen(r, w, pc, pos, f | ((size_t)pos > s) << 1))
						break;
					if (push(w, &sp, pc + in->y, pos, f))
						return 0;
					pc += in->x;
					continue;
				case O_SAVE:
				case O_MARK:
					si = in->op == O_SAVE ? in->x : 20 + in->x;
					if (push(w, &sp, -si - 1, w->slot[si], 0))
						return 0;
					w->slot[si] = pos;
					pc++;
					continue;
				case O_LEND:
					/* an empty pass ends the loop */
					pc += w->slot[20 + in->x] == pos ? in->y : 1;
					continue;
				case O_ASSERT:
					if (!(l = assert_at(r, t, (size_t)pos, in->x,
					    (size_t)pos > s)))
						break;
					f |= l == 2;
					pc++;
					continue;
				case O_REF: {
					int a = w->slot[2 * in->x], e = w->slot[2 * in->x + 1];

					if (a < 0 || e < a || !sameref(r, t, (size_t)a,
					    (size_t)e, (size_t)pos, &len))
						break;
					pos += (int)len;
					f &= !len;
					pc++;
					continue;
				}
				default:
					if (!(l = step(r, in, t, (size_t)pos)))
						break;
					pos += l;
					f = 0;
					pc++;
					continue;
				}
				break;  /* this path failed */
			}
		}
	}
	return 0;
}

static _Thread_local struct work mine;  /* the calling thread's */

void rx_thread_end(void)
{
	free(mine.dense);
	free(mine.sparse);
	free(mine.cnt);
	free(mine.stack);
	free(mine.slot);
	free(mine.bt);
	free(mine.memo);
	memset(&mine, 0, sizeof mine);
}

/* the calling thread's work areas, big enough for r; 0 when out of memory */
static struct work *work(const struct rx *r)
{
	size_t L = (size_t)r->len;

	if (L > mine.len) {
		size_t n = RING * 2 * L;
		int *d = realloc(mine.dense, n * sizeof *d), *sp, *st, *cnt;

		if (d)
			mine.dense = d;
		/* sparse sets read stale entries on purpose: keep them defined */
		sp = calloc(n, sizeof *sp);
		st = realloc(mine.stack, (4 * L + 1) * sizeof *st);
		if (st)
			mine.stack = st;
		cnt = mine.cnt ? mine.cnt : calloc(RING, sizeof *cnt);
		mine.cnt = cnt;
		if (!d || !sp || !st || !cnt) {
			free(sp);
			return NULL;
		}
		free(mine.sparse);
		mine.sparse = sp;
		mine.len = L;
	}
	if ((size_t)r->nslot > mine.nslot) {
		int *s = realloc(mine.slot, (size_t)r->nslot * sizeof *s);

		if (!s)
			return NULL;
		mine.slot = s;
		mine.nslot = (size_t)r->nslot;
	}
	return &mine;
}

int rx_match(const struct rx *r, const char *text)
{
	struct text t = {(const unsigned char *)text, strlen(text)};
	struct work *w = work(r);

	if (!w)
		return 0;  /* out of memory: no match (as for a step budget) */
	if (r->refs)
		return t.n < (size_t)1 << 30 && back(r, w, &t);
	return pike(r, w, &t);
}
