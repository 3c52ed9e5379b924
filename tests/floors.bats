#!/usr/bin/env bats
# floors.bats: tests/floors.sh, the one-way floors of the source (applets
# -> engines -> core/lib; no core file prints, warns or exits), on this
# tree, and on a copy broken on purpose to see each rule fire.

# copy_tree DIR: the source tree floors.sh reads, into DIR, to break
copy_tree() {
	mkdir -p "$1"
	cp -r "$BATS_TEST_DIRNAME/../core" "$BATS_TEST_DIRNAME/../applets" \
	    "$BATS_TEST_DIRNAME/../config" "$BATS_TEST_DIRNAME/../Makefile" "$1"
}

@test "the tree keeps its floors: includes and calls" {
	run sh "$BATS_TEST_DIRNAME/floors.sh" "$BATS_TEST_DIRNAME/.."
	[ "$output" = "" ]
	[ "$status" = 0 ]
}

@test "floors.sh names each breach: an engine including another, lib including an engine, libc including lib, a core printf, warn and exit" {
	local r="$BATS_TEST_TMPDIR/r"
	copy_tree "$r"
	run sh "$BATS_TEST_DIRNAME/floors.sh" "$r"
	[ "$output" = "" ]
	echo '#include "process/select.h"' >> "$r/core/records/rec.c"
	# a bare name, even of the file's own folder, hides the floor
	echo '#include "rec.h"' >> "$r/core/records/hdr.c"
	echo '#include "process/proc.h"' >> "$r/core/lib/clock.c"
	echo '#include "lib/vec.h"' >> "$r/core/libc/tz.c"
	echo '#include "../../applets/tim_model.h"' >> "$r/core/timing/spawn.c"
	echo '#include "nosuch.h"' >> "$r/applets/pf.c"
	printf 'static void f1(void) { printf("x"); }\n' >> "$r/core/process/proc.c"
	printf 'static void f2(void) { warn ("x"); exit(1); }\n' >> "$r/core/lib/num.c"
	# not calls: a member, a comment, a string, a name's tail, a static
	# function of the file's own
	printf 'static void f3(struct s *o) { o->warn(1); /* exit(1) */ f("die(1)"); my_exit(1); }\n' >> "$r/core/lib/num.c"
	run sh "$BATS_TEST_DIRNAME/floors.sh" "$r"
	[ "$status" = 1 ]
	[ "${lines[0]}" = "applets/pf.c: #include \"nosuch.h\" names no file" ]
	[ "${lines[1]}" = "core/lib/clock.c: includes core/process/proc.h (lib may not include engine:process)" ]
	[ "${lines[2]}" = "core/libc/tz.c: includes core/lib/vec.h (libc may not include lib)" ]
	[ "${lines[3]}" = "core/records/hdr.c: #include \"rec.h\" hides its floor (write \"records/rec.h\")" ]
	[ "${lines[4]}" = "core/records/rec.c: includes core/process/select.h (engine:records may not include engine:process)" ]
	[ "${lines[5]}" = "core/timing/spawn.c: includes applets/tim_model.h (engine:timing may not include applet)" ]
	[ "${lines[6]}" = "core/lib/num.c:$(($(wc -l < "$r/core/lib/num.c") - 1)): calls warn (a core file never prints, warns or exits: return to the applet)" ]
	[ "${lines[7]}" = "core/lib/num.c:$(($(wc -l < "$r/core/lib/num.c") - 1)): calls exit (a core file never prints, warns or exits: return to the applet)" ]
	[ "${lines[8]}" = "core/process/proc.c:$(wc -l < "$r/core/process/proc.c"): calls printf (a core file never prints, warns or exits: return to the applet)" ]
	[ "${#lines[@]}" = 9 ]
}

@test "floors.sh names a circle between applet files: a call back, an include back" {
	local r="$BATS_TEST_TMPDIR/r"
	copy_tree "$r"
	# the plot calling the report back (no include needed: a call is
	# enough), as tim_plot.c and tim_file.c once called each other
	printf 'static void f4(void) { report_end(0); }\n' >> "$r/applets/tim_plot.c"
	run sh "$BATS_TEST_DIRNAME/floors.sh" "$r"
	[ "$status" = 1 ]
	[ "$output" = "applets/tim_export: calls or includes go round: applets/tim_export -> applets/tim_plot -> applets/tim_report -> applets/tim_export" ]
	# an include back: the model including measuring's header
	cp "$BATS_TEST_DIRNAME/../applets/tim_plot.c" "$r/applets/tim_plot.c"
	echo '#include "tim_run.h"' >> "$r/applets/tim_model.h"
	run sh "$BATS_TEST_DIRNAME/floors.sh" "$r"
	[ "$status" = 1 ]
	[[ "$output" == *"calls or includes go round: "*"applets/tim_model -> applets/tim_run"* ]]
}

@test "floors.sh names a circle between two files of one core floor" {
	local r="$BATS_TEST_TMPDIR/r"
	copy_tree "$r"
	# the records driver calling its stdout hook's file back, as plan.c
	# and outfail.c once called each other
	printf 'int outfail_probe(void) { return 0; }\n' >> "$r/core/records/outfail.c"
	printf 'static int f6(void) { return outfail_probe(); }\n' >> "$r/core/records/plan.c"
	run sh "$BATS_TEST_DIRNAME/floors.sh" "$r"
	[ "$status" = 1 ]
	[[ "$output" == *"calls or includes go round: core/records/"*"plan"*"outfail"* ]]
}
