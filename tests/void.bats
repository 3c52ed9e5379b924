#!/usr/bin/env bats
# void.bats: tests/void.awk (run by make test before bats) names each
# assertion a bats test can never fail on, and only those.
load helpers

void() { awk -f "$BATS_TEST_DIRNAME/void.awk" "$@"; }
# a sample test file, its "@test" written "%test" here (bats would take it)
setup() { cd "$BATS_TEST_TMPDIR"; }

@test "void.awk: a mid-test \`! cmd\` and a mid-test \`&&\` list of assertions, by file and line" {
	# ~ stands for ! (so that this file's own fixture is not a void line)
	sed 's/^%/@/; s/^\t~/\t!/' > t.bats <<'EOF'
%test "x" {
	run true
	~ grep -q a f
	[ "$status" = 0 ] && [ -z "$output" ]
	[ -s f ] && ! grep -q b f
	for i in 1 2; do
		[ $i -gt 0 ] && [ -n "$i" ]
	done
	! grep -q c f
}
EOF
	run void t.bats
	[ "$status" = 1 ]
	[ "${lines[0]}" = 't.bats:3: a mid-test `! cmd` is never checked (write `run ! cmd`)' ]
	[ "${lines[1]}" = 't.bats:4: in a mid-test `&&` list only the last part is checked (one assertion a line)' ]
	[ "${lines[2]}" = 't.bats:5: in a mid-test `&&` list only the last part is checked (one assertion a line)' ]
	[ "${lines[3]}" = 't.bats:7: in a mid-test `&&` list only the last part is checked (one assertion a line)' ]
	[ "${#lines[@]}" = 4 ]
}

@test "void.awk: the last statement, handled failures, conditional actions, strings and heredocs pass" {
	sed 's/^%/@/' > t.bats <<'EOF'
f() {
	[ a ] && [ b ]
	! grep -q x f
}
%test "y" {
	[ -x f ] && ln -s f g
	[ "$status" = 1 ] && [ -c f ] || return 1
	[ -n "$a" ] && [ "$b" ] ||
	    { echo "$a"; return 1; }
	if ! grep -q a f && [ -s f ]; then :; fi
	run bash -c '
	    ! true
	    [ a ] && [ b ]'
	cat <<-END
	! true
	[ a ] && [ b ]
	END
	[[ -n a && -n b ]]
	x=$( [ a ] && [ b ] ) # [ a ] && [ b ]
	[ a ] && [ b ]
}
EOF
	run void t.bats
	[ "$status" = 0 ]
	[ -z "$output" ]
}

@test "void.awk: \`helper || true\` where the helper asserts, by file and line" {
	sed 's/^%/@/' > t.bats <<'EOF'
same() {
	[ "$1" = "$2" ] || { echo "$1 != $2"; return 1; }
}
waits() {
	for i in 1 2; do grep -q x f && return 0; done
	return 1
}
%test "z" {
	same a b 2>/dev/null || true
	waits || true
	same a a || :
	same a a
}
EOF
	run void t.bats
	[ "$status" = 1 ]
	[ "${lines[0]}" = 't.bats:9: `same ... || true` swallows what same asserts (drop the `|| true`)' ]
	[ "${lines[1]}" = 't.bats:11: `same ... || true` swallows what same asserts (drop the `|| true`)' ]
	[ "${#lines[@]}" = 2 ]
}

@test "void.awk: tests/*.bats hold no void assertion" {
	run void "$BATS_TEST_DIRNAME"/*.bats
	[ "$status" = 0 ]
	[ -z "$output" ]
}
