/* opt.h: one table-driven option parser for every applet, two syntaxes.
 *
 * An applet declares a `struct optset`: its usage line, its options (one
 * `struct optdef` each, which also produce --help) and a style. Every
 * table has one form: an enum of option ids ending in a count (X_NOPTS),
 * each row named by its id (`[X_ID] = {...}`, so a moved row keeps its
 * meaning), the end row at [X_NOPTS], and a _Static_assert that the table
 * has X_NOPTS + 1 rows. The styles:
 *
 *  OPT_CLIGEN (native applets pf pk pw tails tim):
 *    -k2  -k 2  -k=2  -k:2  --k=2  --k:2  --k 2  (value options)
 *    -e1 == -e -1 (bundled flags)  -fk2 (flags then a value option)
 *    long names match ignoring case, '_' and '-', or by a unique prefix;
 *    --flag=true|false|yes|no|on|off|1|0 sets a flag explicitly;
 *    a value option takes the next argument whatever it looks like
 *    (-h -3); "--" ends options; "-" is an operand.
 *  OPT_GNU (personalities pgrep pkill pidwait pidof head tail):
 *    getopt_long rules: -n5 -n 5 --lines=5 --lines 5 (required values),
 *    --follow=name only for optional values, case-sensitive unique-prefix
 *    long names, glibc's exact error texts.
 *  | OPT_INORDER: stop at the first operand (tim); otherwise options and
 *    operands may be mixed (permutation), unless POSIXLY_CORRECT is set
 *    in OPT_GNU style.
 *  | OPT_HINT: an OPT_CLIGEN syntax error ends in " (PROG --help)"
 *    (tails: its -h is --head, and `tails -h` alone must lead to the help).
 *
 * The parser reports every option and operand, in command-line order, to
 * the applet's callback, so "last one wins" or "repeatable list" is the
 * applet's choice. It never prints or exits: on a syntax error it returns
 * -1 and opt_err holds the one-line message (without trailing newline),
 * e.g. "pf: unknown option '-Q'" or "head: invalid option -- 'Q'". */
#ifndef QB_OPT_H
#define QB_OPT_H

enum { OPT_CLIGEN = 0, OPT_GNU = 1, OPT_INORDER = 2, OPT_HINT = 4 };

/* optdef.arg; | OPT_EXACT: the long name is only recognised in full, never
 * by a prefix (an option added to a personality must not turn a prefix
 * the original tool accepted into an ambiguous one) */
enum { OPT_FLAG = 0, OPT_VALUE = 1, OPT_OPTIONAL = 2, OPT_EXACT = 4 };
/* optdef.arg | OPT_MORE(n): an OPT_VALUE option that takes n more
 * arguments after its value (tim -P NAME LO HI); the callback gets one
 * call per argument, all with the option's id, in order */
#define OPT_MORE(n) ((n) << 3)

/* optdef.meta: facts about an option for the applet's handler (the
 * parser ignores them): OPT_CRIT | one OPT_V_* value kind. 0 says
 * nothing. Whether a use adds to a list or the last one wins is the
 * handler's (above); the help text says which. */
enum {
	OPT_V_STR = 1,      /* the value is kept as given */
	OPT_V_PID,          /* a PID: decimal, 0..2^31-1, no sign */
	OPT_V_INT,          /* a decimal integer */
	OPT_V_SECS,         /* seconds: decimal floating point >= 0 */
	OPT_V_MASK = 0xff,
	OPT_CRIT = 0x100,   /* a selection criterion */
};

struct optdef {
	/* OPT_TEXT(long name, value name, help): three strings in one, so
	 * one pointer a row; NULL ends the table. The value name is shown
	 * in --help ("" for flags); the help is one line, "" hides the
	 * option from --help. */
	const char *lname;
	char sname;         /* short letter, 0 for long-only */
	char arg;           /* OPT_FLAG, OPT_VALUE, OPT_OPTIONAL (GNU: --x=v only) */
	unsigned short meta;/* OPT_CRIT | OPT_V_*; 0 by default */
} __attribute__((packed));  /* 12 bytes a row, not 40: the ~200 rows of
                              * the tables, about 5,600 bytes of the
                              * static build; read once a run */
#define OPT_TEXT(lname, valname, help) lname "\0" valname "\0" help

/* the value name and the help text of OPT_TEXT */
const char *opt_valname(const struct optdef *d);
const char *opt_helptext(const struct optdef *d);


struct optset {
	const char *usage;  /* "pf [options] [PATTERN...]" (without the program) */
	const struct optdef *defs;
	int style;
	const char *more;   /* text printed after the option table, or NULL */
};

/* id: index into defs, or OPT_OPERAND for an operand.
 * val: the value (NULL for a flag set true, "" never for flags unless given
 *      as --flag=false -> val "0"; for flags val is NULL or "0"/"1").
 * Return 0 to go on, -1 to stop parsing (opt_parse then returns -1 and the
 * callback should have set opt_err with opt_seterr()). */
#define OPT_OPERAND (-1)
typedef int (*opt_cb)(void *ctx, int id, char *val);

/* argv[0] is the program as invoked (used in GNU-style messages) */
int opt_parse(const struct optset *os, int argc, char **argv, opt_cb cb, void *ctx);

extern char opt_err[512];
void opt_seterr(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* the front ends' report of a failed opt_parse: opt_err and a newline on
 * stderr, in one write */
void opt_err_print(void);

/* --help text into the out.h buffer: "Usage: PROG USAGE\n" and the table */
void opt_help(const struct optset *os, const char *prog);

/* flag value helper for callbacks: 1 for NULL/"1"/"true"/..., 0 for
 * "0"/"false"/..., -1 otherwise */
int opt_bool(const char *val);

#endif
