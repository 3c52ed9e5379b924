/* fields.h: what pf prints about each selected process (-F FIELDS,
 * --json): the fields, named as ps names them, their headers and
 * widths, what the reader must read for them, and each value as ps
 * shows it (text: procps-ng 4.0.2's ps -o off a terminal, its layout
 * of a line included, with 4.0.6's escaping) or as JSON.
 *
 * Usage:
 *	struct fld_set set = {0};
 *	if (fld_parse(&set, "pid,user,args", err, sizeof err)) -> bad list
 *	sel.need_act |= set.need;   (read for the selected processes only,
 *	                             in the scan that selects them)
 *	fld_header(&b, &set);        (text; empty when every header is)
 *	per selected process, as the scan reads it:
 *	fld_row(&b, &set, it, p, json);
 * The rows go into a growable buffer; the front end prints them. Fields
 * that are not in the stat/status/cmdline files the need mask reads (exe,
 * cwd, cgroup, id) are read for the selected processes only, during the
 * act call, and only if the process's /proc file read in the scan still
 * reads (else they show as unreadable: "-", null): they need
 * PROC_ANCHOR. */
#ifndef QB_FIELDS_H
#define QB_FIELDS_H

#include <stddef.h>

#include "process/proc.h"

/* a growable text: s[0..n), NUL-ended */
struct fld_buf {
	char *s;
	size_t n, cap;
};

struct fld_col {
	int id;                 /* the field (index in fields.c's table) */
	const char *key;        /* its names (the first: the JSON key) */
	const char *head;       /* the header: ps's, or the one given */
	size_t hlen;
	size_t width;           /* ps's, or the given header's if wider */
	int right;              /* right-aligned (numbers, times) */
};

struct fld_set {
	struct fld_col *v;
	size_t n, cap;
	unsigned need;          /* PROC_* the fields need */
	int heads;              /* some header is not empty */
};

/* the default of --json */
#define FLD_JSON_DEFAULT "id,pid,ppid,uid,user,state,start,comm,args"

/* add the fields of a list "pid,user" (commas or blanks between; a
 * field written NAME=HEADER gets that header, as in ps, so `pid=` has
 * none). 0, or -1 with a message for the
 * user in err (an unknown name, listing the known ones; an empty list) */
int fld_parse(struct fld_set *set, const char *list, char *err, size_t cap);

/* the header line (with its newline), or nothing when every header is
 * empty, into b (emptied first) */
void fld_header(struct fld_buf *b, const struct fld_set *set);

/* p's line (text, aligned under the header) or JSON object (one line),
 * newline included, into b (emptied first); it is the reader that read
 * p (PROC_* of set->need), for the fields read late */
void fld_row(struct fld_buf *b, const struct fld_set *set,
    struct proc_iter *it, const struct proc *p, int json);

/* s[0..n) as a JSON string, quotes included, appended to b: valid UTF-8
 * is kept, '"' and '\' are escaped, control bytes become \n \t \r \b \f
 * or \u00XX, and each byte of a sequence that is not valid UTF-8 becomes
 * \uDCXX (XX the byte: U+DC80..U+DCFF, Python's surrogateescape), so
 * the bytes are recoverable and the output stays valid UTF-8 */
void fld_json_str(struct fld_buf *b, const char *s, size_t n);

#endif
