/* opt_table.h: the option table with every kind of option that
 * tests/unit_core.c (through core.bats) and tests/fuzz/fuzz_opt.c both
 * drive the parser with. */
#ifndef QB_OPT_TABLE_H
#define QB_OPT_TABLE_H

#include "opt.h"

static const struct optdef test_defs[] = {
	{"full", 'f', OPT_FLAG, 0, "match the full command line", 0},
	{"ignoreCase", 'i', OPT_FLAG, 0, "ignore case", 0},
	{"first", '1', OPT_FLAG, 0, "first match only", 0},
	{"exist", 'e', OPT_FLAG, 0, "exit 0 at the first match", 0},
	{"k", 'k', OPT_VALUE, "N", "a number", 0},
	{"delim", 'd', OPT_VALUE, "STR", "delimiter", 0},
	{"Labels", 'L', OPT_VALUE, "LABEL", "label (repeatable)", 0},
	{"lines", 'n', OPT_VALUE, "N", "lines", 0},
	{"follow", 0, OPT_OPTIONAL, "HOW", "follow", 0},
	{"follower", 'F', OPT_FLAG, 0, "another f-name, for prefixes", 0},
	{"hidden", 'Z', OPT_FLAG, 0, 0, 0},
	{"forward", 0, OPT_VALUE | OPT_EXACT, "X", 0, 0}, /* full name only */
	{0, 0, 0, 0, 0, 0},
};

#endif
