#!/usr/bin/env bats
# count.bats: the suite's runner (tests/bats-count.sh, which make test,
# make check and make check-clang use) ends with "N passed, N failed,
# N skipped", terminal or not, and fails when a test failed.
load helpers

setup() {
	D=$BATS_TEST_TMPDIR/suite
	mkdir -p "$D"
	RUN="$BATS_TEST_DIRNAME/bats-count.sh"
}

# the runner in a clean environment: an outer bats's variables mislead
# an inner one. HOME and TMPDIR are the test's own: GNU parallel, with no
# HOME, keeps its files in /tmp/.parallel (the fresh root's stray check
# found it there)
count() { env -i PATH=/usr/bin:/bin TMPDIR="$BATS_TEST_TMPDIR" HOME="$BATS_TEST_TMPDIR" sh "$RUN" "$@"; }

@test "bats-count: a failure and skips are counted, the status is 1" {
	printf '%s\n' '@test "a" { true; }' '@test "b" { false; }' \
	    '@test "c" { skip "why"; }' '@test "d" { skip; }' > "$D/x.bats"
	run --separate-stderr count "$D" < /dev/null
	[ "$status" -eq 1 ]
	[ "${lines[${#lines[@]} - 1]}" = "1 passed, 1 failed, 2 skipped" ]
}

@test "bats-count: all passed, over two files, status 0" {
	printf '%s\n' '@test "a" { true; }' '@test "b" { true; }' > "$D/x.bats"
	printf '%s\n' '@test "c" { true; }' > "$D/y.bats"
	run --separate-stderr count "$D" < /dev/null
	[ "$status" -eq 0 ]
	[ "${lines[${#lines[@]} - 1]}" = "3 passed, 0 failed, 0 skipped" ]
}

@test "bats-count: on a terminal too (bats's pretty output), the same line" {
	command -v script >/dev/null || skip "script(1) not installed"
	printf '%s\n' '@test "a" { true; }' '@test "b" { false; }' > "$D/x.bats"
	run script -qec "env -i PATH=/usr/bin:/bin TERM=xterm TMPDIR='$BATS_TEST_TMPDIR' HOME='$BATS_TEST_TMPDIR' sh '$RUN' '$D'" /dev/null
	[ "$status" -eq 1 ]
	[[ "$output" == *$'\n1 passed, 1 failed, 0 skipped\r' ]]
}


@test "bats-count: files marked alone run after the others; a failure in either phase counts" {
	printf '%s\n' '@test "a" { true; }' '@test "b" { true; }' > "$D/x.bats"
	printf '%s\n' '@test "c" { true; }' > "$D/y.bats"
	printf '%s\n' '# bats-count: alone: a test of the runner' \
	    '@test "d" { false; }' > "$D/z.bats"
	run --separate-stderr env -i QB_JOBS=2 PATH=/usr/bin:/bin TMPDIR="$BATS_TEST_TMPDIR" HOME="$BATS_TEST_TMPDIR" sh "$RUN" "$D" < /dev/null
	[ "$status" -eq 1 ]
	[ "${lines[${#lines[@]} - 1]}" = "3 passed, 1 failed, 0 skipped" ]
	# the alone file's report comes last: its phase ran after the others
	[ "$(printf '%s\n' "${lines[@]}" | grep -E '^(not )?ok' | tail -n 1)" = "not ok 1 d" ]
	# and with the failure in the parallel phase instead
	printf '%s\n' '@test "c" { false; }' > "$D/y.bats"
	printf '%s\n' '# bats-count: alone: a test of the runner' '@test "d" { true; }' > "$D/z.bats"
	run --separate-stderr env -i QB_JOBS=2 PATH=/usr/bin:/bin TMPDIR="$BATS_TEST_TMPDIR" HOME="$BATS_TEST_TMPDIR" sh "$RUN" "$D" < /dev/null
	[ "$status" -eq 1 ]
	[ "${lines[${#lines[@]} - 1]}" = "3 passed, 1 failed, 0 skipped" ]
}

@test "bats-count: a file left in /tmp is named; with QB_STRAY=fail it fails the run" {
	local f=/tmp/qbstray.$$.$BATS_TEST_NUMBER
	printf '%s\n' "@test \"a\" { : > $f; }" > "$D/x.bats"
	run --separate-stderr count "$D" < /dev/null
	[ "$status" -eq 0 ]
	[[ "$output" == *"bats-count: the run left in / and /tmp "*" $f "* ]]
	rm -f "$f"
	run --separate-stderr env -i QB_STRAY=fail PATH=/usr/bin:/bin TMPDIR="$BATS_TEST_TMPDIR" HOME="$BATS_TEST_TMPDIR" sh "$RUN" "$D" < /dev/null
	rm -f "$f"
	[ "$status" -eq 1 ]
	[[ "$output" == *" $f "* ]]
	[ "${lines[${#lines[@]} - 1]}" = "1 passed, 0 failed, 0 skipped" ]
}
