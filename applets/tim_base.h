/* tim_base.h: reading results back (tim_base.c): --baseline files and
 * --import exports, into a struct tbase (tim_model.h). */
#ifndef QB_TIM_BASE_H
#define QB_TIM_BASE_H

#include <stddef.h>

#include "tim_model.h"

/* one more row (key copied) */
void tbase_add(struct tbase *b, const char *key, double est, double err);
/* a JSON export's results[] (command, estimate, error, unit): 0, or -1
 * with *why; never exits (but when memory runs out, as vec.h). It reads
 * back what tim writes and skips the rest; tests/fuzz/fuzz_timread.c
 * drives it. */
int tbase_json(char *data, size_t n, struct tbase *b, const char **why);
/* --baseline FILE, a JSON export or a --save file, whole: a --save file
 * stands for the report a --read of it would give with md's rows and
 * these warm-ups (the overhead subtracted as md subtracts it) */
void tbase_load(struct tbase *b, const char *path, const struct tmodel *md,
    long long warm);

#endif
