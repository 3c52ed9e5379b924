#!/usr/bin/env bats
# refs.bats: the test and benchmark scripts find their reference tools by
# real path, never through PATH, where an installed quickbox link (pgrep,
# head ...) may come first.
load helpers

setup() { qbbin_setup; TOP=$(cd "$BATS_TEST_DIRNAME/.." && pwd); }

# without "NAME..." SCRIPT: run SCRIPT (bash) in a private mount namespace
# whose /usr/bin lacks NAMEs: a view of symlinks into a bind of the real
# /usr/bin, mounted over it
without() {
	mount_ns bash -c '
		set -e
		o=$BATS_TEST_TMPDIR/orig v=$BATS_TEST_TMPDIR/view
		mkdir -p "$o" "$v"
		mount --bind /usr/bin "$o"
		# one ln for the thousand links (one ln each ran a minute)
		ln -s "$o"/* "$v"/
		for f in $1; do rm -f "$v/$f"; done
		mount --bind "$v" /usr/bin
		eval "$2"' without "$1" "$2"
}

@test "tests/deps.sh asks for procps when only a quickbox pgrep is on PATH" {
	need_ns   # without: a private mount namespace
	# apt-get hidden too: the script must say what is missing, not install it
	run --separate-stderr without "pgrep pidwait apt-get" \
	    "PATH='$QBBIN':\$PATH sh '$TOP/tests/deps.sh'"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"make test needs: procps "* ]]
}

@test "tests/deps.sh is content when the reference tools are at their paths" {
	need_ns   # without: a private mount namespace
	run --separate-stderr without "" "PATH='$QBBIN':\$PATH sh '$TOP/tests/deps.sh'"
	[ "$status" -eq 0 ]
}

@test "bench/deps.sh reports procps missing when only a quickbox pgrep is on PATH" {
	need_ns   # without: a private mount namespace
	run without "pgrep apt-get" "PATH='$QBBIN':\$PATH sh '$TOP/bench/deps.sh'"
	[ "$status" -eq 0 ]
	[[ "$output" == *"# missing (sections will skip them): procps"* ]]
}

@test "bench.sh seed: procps pgrep is /usr/bin/pgrep even when /usr/local/bin has a pgrep" {
	[ -x "$TOP/quickbox" ] || skip "no ./quickbox (make first)"
	m=$BATS_TEST_TMPDIR/called
	run mount_ns bash -c "
		mount -t tmpfs none /usr/local/bin
		printf '#!/bin/sh\ntouch %s\nexec /usr/bin/pgrep \"\$@\"\n' '$m' > /usr/local/bin/pgrep
		chmod +x /usr/local/bin/pgrep
		r= BUDGET=0.2 SEEDOPTS='-k1 -n3 -m2 -o3' SECTIONS=seed sh '$TOP/bench.sh'"
	[ "$status" -eq 0 ]
	# the seed's rows ran and reached the summary, the reference by its
	# real path (not the pgrep on PATH, which leaves its mark)
	[[ "$output" == *"pf -e1 FIRST, first match"*"procps pgrep -x"* ]]
	[ ! -e "$m" ]
}

@test "make fuzz without clang names the packages it needs" {
	need_ns   # without: a private mount namespace
	# apt-get hidden too: the step must say what is missing, not install it
	run --separate-stderr without "clang apt-get" "make -s -C '$TOP' fuzz-deps"
	[ "$status" -ne 0 ]
	[[ "$stderr" == *"make fuzz needs clang with libFuzzer (apt-get install clang libclang-rt-"*"-dev"* ]]
}

@test "make check without clang says its clang half did not run" {
	need_ns   # without: a private mount namespace
	run --separate-stderr without "clang apt-get" "make -s -C '$TOP' check-clang-or-say"
	[ "$status" -eq 0 ]
	[ "$output" = "make check: the clang half (ASan+UBSan built with clang) did NOT run: no clang (apt-get install clang, or run make check as root)" ]
}

@test "make bench: no real-time priority unless RT=1 asks for it" {
	run env -u r SECTIONS=none bash "$TOP/bench.sh"
	[[ $output == *"scheduler prefix: "* ]]
	[[ $output != *"scheduler prefix: chrt"* ]]
	chrt 99 true 2> /dev/null || skip "chrt 99 not permitted here"
	run env -u r RT=1 SECTIONS=none bash "$TOP/bench.sh"
	[[ $output == *"scheduler prefix: chrt 99 taskset -c "* ]]
}
