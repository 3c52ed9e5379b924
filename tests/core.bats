#!/usr/bin/env bats
# core.bats: the shared option parser and number/signal/id helpers, driven
# through build/tests/unit_core (no applet needed).
load helpers

U() { "$TESTBIN/unit_core" "$@"; }

@test "cligen values: -k2 -k 2 -k=2 -k:2 --k=2 --k:2 --k 2" {
	run U cligen -k2 -k 3 -k=4 -k:5 --k=6 --k:7 --k 8
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'k=%s\n' 2 3 4 5 6 7 8)" ]
}

@test "cligen bundles: -e1 is -e -1; -fk9 is -f -k9; value may start with '-'" {
	run U cligen -e1 -fk9 -d -x
	[ "$output" = "$(printf 'exist\nfirst\nfull\nk=9\ndelim=-x')" ]
}

@test "cligen long names ignore case, '_' and '-', and take unique prefixes" {
	run U cligen --ignore-case --IGNORECASE --ignore_case --ign --lab=A
	[ "$output" = "$(printf 'ignoreCase\nignoreCase\nignoreCase\nignoreCase\nLabels=A')" ]
}

@test "cligen repeatable options come in order; operands mix with options" {
	run U cligen a -L A b -L B -- -c
	[ "$output" = "$(printf '@a\nLabels=A\n@b\nLabels=B\n@-c')" ]
}

@test "cligen flags take explicit booleans; '-' alone is an operand" {
	run U cligen --full=false --full=on -
	[ "$output" = "$(printf 'full=0\nfull\n@-')" ]
	run --separate-stderr U cligen --full=maybe
	[ "$status" -eq 2 ]
	[ "$stderr" = "prog: option '--full' is a flag; bad value 'maybe'" ]
}

@test "cligen errors name the option: unknown, missing value, ambiguous" {
	run --separate-stderr U cligen -Q
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "$stderr" = "prog: unknown option '-Q'" ]
	run --separate-stderr U cligen --nope=1
	[ "$stderr" = "prog: unknown option '--nope'" ]
	run --separate-stderr U cligen -k
	[ "$stderr" = "prog: option '-k' needs a value" ]
	run --separate-stderr U cligen --delim
	[ "$stderr" = "prog: option '--delim' needs a value" ]
	run --separate-stderr U cligen --fol
	[ "$stderr" = "prog: ambiguous option '--fol' (could be: --follow --follower)" ]
}

@test "inorder: the first operand ends the options" {
	run U inorder -f cmd -i
	[ "$output" = "$(printf 'full\n@cmd\n@-i')" ]
}

@test "gnu: -n5 -n 5 --lines=5 --lines 5, permutation, optional values" {
	run U gnu -n5 x -n 6 --lines=7 --li 8 -n -3 --follow --follow=name
	[ "$output" = "$(printf 'lines=5\n@x\nlines=6\nlines=7\nlines=8\nlines=-3\nfollow\nfollow=name')" ]
	run U gnu -n=5
	[ "$output" = "lines==5" ]
}

@test "gnu: POSIXLY_CORRECT stops at the first operand" {
	POSIXLY_CORRECT=1 run U gnu a -f
	[ "$output" = "$(printf '@a\n@-f')" ]
}

@test "gnu: glibc's exact messages" {
	run --separate-stderr U gnu -Q
	[ "$status" -eq 2 ]
	[ "$stderr" = "prog: invalid option -- 'Q'" ]
	run --separate-stderr U gnu -n
	[ "$stderr" = "prog: option requires an argument -- 'n'" ]
	run --separate-stderr U gnu --lines
	[ "$stderr" = "prog: option '--lines' requires an argument" ]
	run --separate-stderr U gnu --full=x
	[ "$stderr" = "prog: option '--full' doesn't allow an argument" ]
	run --separate-stderr U gnu --nope=3
	[ "$stderr" = "prog: unrecognized option '--nope=3'" ]
	run --separate-stderr U gnu --fo
	[ "$stderr" = "prog: option '--fo' is ambiguous; possibilities: '--follow' '--follower'" ]
}

@test "OPT_EXACT: a long name only in full, never a prefix or an ambiguity" {
	run U gnu --forward=3 --forward 4
	[ "$output" = $'forward=3\nforward=4' ]
	run --separate-stderr U gnu --forw=3
	[ "$stderr" = "prog: unrecognized option '--forw=3'" ]
	run --separate-stderr U cligen --fo
	[ "$stderr" = "prog: ambiguous option '--fo' (could be: --follow --follower)" ]
	run U cligen --forward 5
	[ "$output" = "forward=5" ]
}

@test "gnu long names are case-sensitive" {
	run --separate-stderr U gnu --LINES=3
	[ "$status" -eq 2 ]
}

@test "help comes from the table; hidden options stay hidden" {
	run U help
	[ "${lines[0]}" = "Usage: prog [options] ARGS" ]
	[[ "$output" == *"  -k, --k=N                 a number"* ]]
	[[ "$output" == *"      --follow[=HOW]        follow"* ]]
	[[ "$output" != *hidden* ]]
	[ "${lines[${#lines[@]}-1]}" = "More text." ]
}

@test "integers: strict, ranged, no junk, overflow is ERANGE" {
	run U ll 42 0 100;            [ "$output" = 42 ]
	run U ll -7 -10 10;           [ "$output" = -7 ]
	run U ll +7 -10 10;           [ "$output" = 7 ]
	run U ll 1.5 0 9;             [ "$output" = "ll 1.5: EINVAL" ]
	run U ll x 0 9;               [ "$output" = "ll x: EINVAL" ]
	run U ll "" 0 9;              [ "$output" = "ll : EINVAL" ]
	run U ll " 1" 0 9;            [ "$output" = "ll  1: EINVAL" ]
	run U ll 12 0 9;              [ "$output" = "ll 12: ERANGE" ]
	run U ll 99999999999999999999 0 9; [ "$output" = "ll 99999999999999999999: ERANGE" ]
	run U ll -9223372036854775808 -9223372036854775808 0
	[ "$output" = -9223372036854775808 ]
}

@test "floating point numbers" {
	run U dbl 0.04; [ "$output" = 0.04 ]
	run U dbl 1e3;  [ "$output" = 1000 ]
	run U dbl abc;  [ "$output" = "dbl abc: EINVAL" ]
	run U dbl nan;  [ "$output" = "dbl nan: EINVAL" ]
	run U dbl 1e99; [ "$output" = "dbl 1e99: ERANGE" ]
	# strtod skips these too; a number has no leading blank of any kind
	run U dbl $'\r1'; [ "$output" = $'dbl \r1: EINVAL' ]
	run U dbl $'\v1'; [ "$output" = $'dbl \v1: EINVAL' ]
	run U dbl $'\f1'; [ "$output" = $'dbl \f1: EINVAL' ]
}

@test "signals: names any case, optional SIG, numbers, RT offsets, aliases" {
	run U sig TERM;      [ "$output" = 15 ]
	run U sig sigterm;   [ "$output" = 15 ]
	run U sig hup;       [ "$output" = 1 ]
	run U sig 9;         [ "$output" = 9 ]
	run U sig 0;         [ "$output" = 0 ]
	run U sig EXIT;      [ "$output" = 0 ]
	run U sig CLD;       [ "$output" = 17 ]
	run U sig IOT;       [ "$output" = 6 ]
	run U sig RTMIN;     [ "$output" = 34 ]
	run U sig rtmin+3;   [ "$output" = 37 ]
	run U sig RTMAX-1;   [ "$output" = 63 ]
	run U sig RTMIN+99;  [ "$output" = -1 ]
	run U sig BOGUS;     [ "$output" = -1 ]
	run U sig 65;        [ "$output" = -1 ]
	run U sig 9x;        [ "$output" = -1 ]
	run U signame 15;    [ "$output" = TERM ]
	run U signame 37;    [ "$output" = RTMIN+3 ]
	run U signame 64;    [ "$output" = RTMAX ]
}

@test "users and groups by name or number" {
	run U user root;   [ "$output" = 0 ]
	run U user 4242;   [ "$output" = 4242 ]
	run U user nosuchuserxyz; [ "$status" -eq 1 ]
	run U user "";     [ "$status" -eq 1 ]
	run U group root;  [ "$output" = 0 ]
	run U group nosuchgroupxyz; [ "$status" -eq 1 ]
}

@test "patterns: the literal fast path answers as regexec does" {
	while IFS=';' read -r pat text ic kind; do
		run U pat "$pat" "$text" $ic </dev/null
		[ "$status" -eq 0 ] || { echo "case: $pat ~ $text: $output"; false; }
		set -- $output
		[ "$1" = "$kind" ] || { echo "$pat: kind $1, want $kind"; false; }
		[ "$2" = "$3" ] || { echo "$pat ~ $text: fast $2, regex $3"; false; }
	done <<'CASES'
sshd;sshd;;literal
sshd;xsshdx;;literal
sshd;ssh;;literal
^ssh;sshd;;literal
^ssh;xsshd;;literal
shd$;sshd;;literal
shd$;sshdx;;literal
^sshd$;sshd;;literal
^sshd$;sshdd;;literal
^(sshd)$;sshd;;literal
^(sshd)$;sshd2;;literal
SSHD;sshd;i;literal
^SsH;sshd;i;literal
d$;SSHD;i;literal
;anything;;literal
^$;;;literal
^$;x;;literal
$;x;;literal
a.c;abc;;regex
a.c;a.c;;regex
(a|b);b;;regex
x+;xx;;regex
^(a)(b)$;ab;;regex
\.;a.b;;regex
é;xéx;i;regex
é;xéx;;literal
CASES
}

@test "patterns: a bad regex is an error" {
	run U pat '(' x
	[ "$status" -eq 1 ]
	[ "$output" = bad ]
}

@test "patterns: a literal longer than what is left of the text is not read past its end" {
	# before the fix the fast path compared the whole literal wherever its
	# first byte occurred: ASan (make check) stopped on the 64-byte name
	# buffer and on the command line buffer
	fix -n sfuzzfix -t 60 sss
	run --separate-stderr "$QB" pgrep "s$(printf 'x%.0s' {1..100})"
	[ "$status" -eq 1 ]
	[ "$output" = "" ]
	run "$QB" pf -f "$(printf 's%.0s' {1..5000})"
	[ "$status" -eq 1 ]
	[ "$output" = "" ]
	kill "$FIXPID"
	run U pat fff f
	[ "$output" = "literal 0 0" ]
}

@test "qb_exit_hook: a harness catches die() and its status; unset, die() exits" {
	run --separate-stderr U die
	[ "$status" -eq 4 ]
	[ "$output" = "caught 3" ]
	[ "$stderr" = "$(printf "prog: bad value 'x'\nprog: again")" ]
}

@test "fmt_snprintf: the same bytes and length as snprintf for the message conversions, every cap" {
	run U fmt
	[ "$status" -eq 0 ]
	[ "$output" = "fmt ok" ]
}

@test "fmtf_snprintf %e %f %g: glibc's bytes (exact value, ties to even) on 30000 random doubles at precisions 0..40" {
	run U fltcmp 30000
	[ "$status" -eq 0 ]
	[ "$output" = "flt ok" ]
}

@test "num_pow10: the double of the literal 1eI (strtod's) for I in -400..400" {
	run U pow10
	[ "$status" -eq 0 ]
	[ "$output" = "pow10 ok" ]
}

@test "hsort.h: qsort's order for ints of every length to 300 (2 or 1000 kinds of value)" {
	run U hsort
	[ "$status" -eq 0 ]
	[ "$output" = "hsort ok" ]
}

@test "date_of_day (libc/date.c): gmtime_r's date for every day from 1970 to 9999-12-31" {
	run U date
	[ "$status" -eq 0 ]
	[[ "$output" = "date ok: "* ]]
}

@test "num_double: the same double and error as strtod (glibc) on edge cases and 50000 generated numbers, midpoints included" {
	run U dblcmp 50000
	[ "$status" -eq 0 ]
	[ "$output" = "dbl ok" ]
}
