/* tim_export.h: the files tim writes from the measured model
 * (tim_export.c): --json, --csv, --markdown, --plot and --graph's. They
 * read the model and never change it; a file error dies with status 1
 * (E_USAGE). */
#ifndef QB_TIM_EXPORT_H
#define QB_TIM_EXPORT_H

#include "tim_model.h"

/* write one file per row and return CMD with $1.. as their names */
char *tgraph(const struct tmodel *md, const char *cmd);

/* an export: open checks a file can be made beside path (so a bad path
 * stops tim before anything runs); commit writes a temporary file there
 * and renames it to path, so path is whole or untouched; a path that is
 * not a regular file (a device, a FIFO) is written in place */
enum { X_JSON, X_CSV, X_MD, X_SVG };
struct texport {
	const char *path;
	const char *target;     /* path, or the file a symlink names */
	char *tmp;
	int kind;
	int direct;             /* not a regular file: written in place */
};
void texport_open(struct texport *x, const char *path, int kind);
void texport_commit(struct texport *x, const struct tmodel *md);

#endif
