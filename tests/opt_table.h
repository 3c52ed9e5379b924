/* opt_table.h: the option table with every kind of option that
 * tests/unit_core.c (through core.bats) and tests/fuzz/fuzz_opt.c both
 * drive the parser with. */
#ifndef QB_OPT_TABLE_H
#define QB_OPT_TABLE_H

#include "lib/opt.h"

static const struct optdef test_defs[] = {
	{OPT_TEXT("full", "", "match the full command line"), 'f', OPT_FLAG, 0},
	{OPT_TEXT("ignoreCase", "", "ignore case"), 'i', OPT_FLAG, 0},
	{OPT_TEXT("first", "", "first match only"), '1', OPT_FLAG, 0},
	{OPT_TEXT("exist", "", "exit 0 at the first match"), 'e', OPT_FLAG, 0},
	{OPT_TEXT("k", "N", "a number"), 'k', OPT_VALUE, 0},
	{OPT_TEXT("delim", "STR", "delimiter"), 'd', OPT_VALUE, 0},
	{OPT_TEXT("Labels", "LABEL", "label (repeatable)"), 'L', OPT_VALUE, 0},
	{OPT_TEXT("lines", "N", "lines"), 'n', OPT_VALUE, 0},
	{OPT_TEXT("follow", "HOW", "follow"), 0, OPT_OPTIONAL, 0},
	{OPT_TEXT("follower", "", "another f-name, for prefixes"), 'F', OPT_FLAG, 0},
	{OPT_TEXT("hidden", "", ""), 'Z', OPT_FLAG, 0},
	{OPT_TEXT("forward", "X", ""), 0, OPT_VALUE | OPT_EXACT, 0}, /* full name only */
	{0, 0, 0, 0},
};

#endif
