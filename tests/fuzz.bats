#!/usr/bin/env bats
# fuzz.bats: every fuzz harness (tests/fuzz/fuzz_NAME.c), built without
# libFuzzer as $TESTBIN/fuzz_NAME (ASan+UBSan), replays its seed corpus
# and its regression inputs (crashes found before, kept so they stay
# fixed) without an oracle failure or a sanitizer report.
load helpers

@test "fuzz: each harness replays its seeds and regression inputs cleanly" {
	local src name bin d n=0
	for src in "$BATS_TEST_DIRNAME"/fuzz/fuzz_*.c; do
		name=${src##*/fuzz_}
		name=${name%.c}
		bin=$TESTBIN/fuzz_$name
		[ -x "$bin" ] || { echo "missing $bin (make testbin)"; false; }
		dirs=()
		for d in corpus regress; do
			[ -d "$BATS_TEST_DIRNAME/fuzz/$d/$name" ] && dirs+=("$BATS_TEST_DIRNAME/fuzz/$d/$name")
		done
		[ "${#dirs[@]}" -gt 0 ] || { echo "fuzz_$name: no seed corpus"; false; }
		run "$bin" "${dirs[@]}"
		[ "$status" -eq 0 ] || { echo "fuzz_$name: $output"; false; }
		n=$((n + 1))
	done
	[ "$n" -gt 0 ]
}

@test "fuzz: the replay driver runs an empty input, fails on a missing one" {
	# (an oracle failure or a sanitizer report aborts, which fails the
	# run above; a path that cannot be read must not pass as "no inputs")
	run "$TESTBIN/fuzz_numbers" /dev/null
	[ "$status" -eq 0 ]
	[ "$output" = "1 inputs" ]
	run "$TESTBIN/fuzz_numbers" "$BATS_TEST_DIRNAME/fuzz/no-such-input"
	[ "$status" -ne 0 ]
}
