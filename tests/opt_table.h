/* opt_table.h: the option table with every kind of option that
 * tests/unit_core.c (through core.bats) and tests/fuzz/fuzz_opt.c both
 * drive the parser with. */
#ifndef QB_OPT_TABLE_H
#define QB_OPT_TABLE_H

#include "opt.h"

static const struct optdef test_defs[] = {
	{"full", 'f', OPT_FLAG, 0, "match the full command line"},
	{"ignoreCase", 'i', OPT_FLAG, 0, "ignore case"},
	{"first", '1', OPT_FLAG, 0, "first match only"},
	{"exist", 'e', OPT_FLAG, 0, "exit 0 at the first match"},
	{"k", 'k', OPT_VALUE, "N", "a number"},
	{"delim", 'd', OPT_VALUE, "STR", "delimiter"},
	{"Labels", 'L', OPT_VALUE, "LABEL", "label (repeatable)"},
	{"lines", 'n', OPT_VALUE, "N", "lines"},
	{"follow", 0, OPT_OPTIONAL, "HOW", "follow"},
	{"follower", 'F', OPT_FLAG, 0, "another f-name, for prefixes"},
	{"hidden", 'Z', OPT_FLAG, 0, 0},
	{"forward", 0, OPT_VALUE | OPT_EXACT, "X", 0}, /* full name only */
	{0, 0, 0, 0, 0},
};

#endif
