/* opt_table.h: the option table with every kind of option that
 * tests/unit_core.c (through core.bats) and tests/fuzz/fuzz_opt.c both
 * drive the parser with. */
#ifndef QB_OPT_TABLE_H
#define QB_OPT_TABLE_H

#include "opt.h"

static const struct optdef test_defs[] = {
	{"full", 'f', OPT_FLAG, "match the full command line", 0},
	{"ignoreCase", 'i', OPT_FLAG, "ignore case", 0},
	{"first", '1', OPT_FLAG, "first match only", 0},
	{"exist", 'e', OPT_FLAG, "exit 0 at the first match", 0},
	{"k\0N", 'k', OPT_VALUE, "a number", 0},
	{"delim\0STR", 'd', OPT_VALUE, "delimiter", 0},
	{"Labels\0LABEL", 'L', OPT_VALUE, "label (repeatable)", 0},
	{"lines\0N", 'n', OPT_VALUE, "lines", 0},
	{"follow\0HOW", 0, OPT_OPTIONAL, "follow", 0},
	{"follower", 'F', OPT_FLAG, "another f-name, for prefixes", 0},
	{"hidden", 'Z', OPT_FLAG, 0, 0},
	{"forward\0X", 0, OPT_VALUE | OPT_EXACT, 0, 0}, /* full name only */
	{0, 0, 0, 0, 0},
};

#endif
