#!/usr/bin/env bats
# rx.bats: the regex engine (core/libc/rx.c). As pgrep against procps-ng's
# pgrep (glibc's regcomp/regexec) on one process table in a private PID
# namespace, in the C locale and en_US.UTF-8; and on its own through
# unit_core rx (error codes, caps, deep nesting, long texts).
load helpers
load pgrep

setup() {
	has_applet pgrep
	pg_setup
}

teardown() { pg_teardown; }

# names for the patterns below (comm is at most 15 bytes)
rxfix='
	named r1 -n sshd; named r2 -n nginx; named r3 -n abc123
	named r4 -n aaab; named r5 -n x_y-z; named r6 -n Foo.Bar
	named r7 -n $'"'"'\xc3\xbcmlaut'"'"'; named r8 -n $'"'"'\xc3\x89COLE'"'"'
	named r9 -n abab; named r10 -n $'"'"'a\nb'"'"'
	named r11 -n $'"'"'\xc5\xbftra\xc3\x9fe'"'"'; named r12 -n $'"'"'bad\xffbyte'"'"'
	named r13 -n $'"'"'a\xe2\x82\xacb'"'"'; named r14 -n $'"'"'a\xc2\xabb'"'"'
'

# the table: each pattern with -l, with -c, and (the args too) with -f
rxtable='
	for re in "ss.d" "^(sshd|nginx)$" "[0-9]+" "[[:digit:]]{3}$" "a{2,}b" \
	    "a{,2}b$" "(a|b)\\1" "(.)\\1" "^(ab)\\1$" "(^a|x$)" "a\$|^n" \
	    "\\<abc" "x\\b_" "\\Bbc" "\\w+\\W\\w" "[[:upper:]]" "[]x]" \
	    "[^[:alnum:]]" ".{15}" "^.{6}\$" "^.mlaut" "[[:alpha:]]{6}" "o\\.B" \
	    "\\\`s" "d\\'"'"'" "a.b" "a\$.b" "a.^b" "^(a|)+b" "()ss" "a||x" \
	    "ng(i|)nx" "x)" "[[.-.]]" "[[=a=]]b" "\\S\\s" "y[-_]z" \
	    $'"'"'\xc3\xbc'"'"' $'"'"'\xc3'"'"' $'"'"'\xbc'"'"' $'"'"'\xff'"'"' \
	    $'"'"'[\xff]'"'"' $'"'"'.\xbcm'"'"' $'"'"'d\xff'"'"' "b[^[:alpha:]]b" \
	    "a[[:punct:]]b" "^[^[:punct:]]+$"; do
		same pgrep -l -- "$re"; same pgrep -c -- "$re"; same pgrep -i -l -- "$re"
		# not -f for an equivalence class: glibc outside C matches
		# more there (docs/pgrep.md), and the command lines hold
		# random temporary paths (qbdiff'"'"'s, bats'"'"'s) with any letters
		[ "$re" = "[[=a=]]b" ] || same pgrep -f -- "$re"
	done
	for re in FOO "f[o]+\\.b" "SSHD|x" $'"'"'\xc3\x9c'"'"' $'"'"'\xc3\xa9cole'"'"' \
	    "[[:lower:]]COLE" "^[[:upper:]]+\$" "STRA" $'"'"'\xc5\xbf'"'"' "(A)\\1" \
	    "\\a" "\\A"; do
		same pgrep -i -l -- "$re"
	done
	# bad patterns: the same message, exit status 2
	for re in "(" "a{1" "[a" "[[:foo:]]" "a\\" "\\1" "*a" "a{2,1}" "[z-a]" \
	    "a{32768}" "[[.ab.]]" "[" "[^" "x{1,2" "a|+" "^*" "(a)|\\1" \
	    "[[:alpha:]-z]" "a{1a}" "[a-[=z=]]"; do
		same pgrep -- "$re"; same pgrep -i -- "$re"
	done
'

# the whole table against procps in locale $1
rx_table_in() {
	run pg_ns "$rxfix
	export LC_ALL=$1
$rxtable
	finish"
	pg_check
}

@test "rx: pgrep regexes as procps's (glibc's) in the C locale" {
	rx_table_in C
}

@test "rx: pgrep regexes as procps's (glibc's) in en_US.UTF-8" {
	locale -a 2>/dev/null | grep -qi '^en_US.utf-\?8$' || skip "no en_US.UTF-8 locale"
	emu_locale_skip
	rx_table_in en_US.UTF-8
}

@test "rx: ASCII ranges in C.UTF-8 (code point order, as glibc there)" {
	locale -a 2>/dev/null | grep -qi '^C.utf-\?8$' || skip "no C.UTF-8 locale"
	emu_locale_skip
	run pg_ns "$rxfix
	export LC_ALL=C.UTF-8
	for re in '[a-z]+' '^[A-Z]' '[Z-a]' '[!-/]' '[0-9a-f]{3}' '[^a-z]'; do
		same pgrep -l -- \"\$re\"; same pgrep -i -l -- \"\$re\"
	done; finish"
	pg_check
}

# the difference docs/pgrep.md states: outside C and C.UTF-8, glibc
# takes equivalence classes and ranges from the locale's collation
@test "rx: en_US.UTF-8 [[=a=]] and [a-z] in code point order, where glibc collates" {
	locale -a 2>/dev/null | grep -qi '^en_US.utf-\?8$' || skip "no en_US.UTF-8 locale"
	emu_locale_skip
	run pg_ns '
	named e1 -n zqab; named e2 -n zqAb; named e3 -n $'"'"'zq\xc3\xa0b'"'"'
	named e4 -n $'"'"'zq\xc3\xa9'"'"'
	export LC_ALL=en_US.UTF-8
	for t in "$QBBIN" "$REF"; do
		echo "equiv $("$t/pgrep" -l "^zq[[=a=]]b\$" | cut -d" " -f2 | LC_ALL=C sort | tr "\n" " ")"
		echo "range $("$t/pgrep" -l "^zq[a-z]\$" | cut -d" " -f2 | tr "\n" " ")"
	done'
	echo "$output"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "equiv zqab " ]
	[ "${lines[1]}" = "range " ]
	[ "${lines[2]}" = "equiv zqAb zqab zqàb " ]
	[ "${lines[3]}" = "range zqé " ]
}

rx() { "$TESTBIN/unit_core" rx "$@"; }

@test "rx unit: error codes are glibc's numbers" {
	[ "$(rx '(' -)" = "error 8" ]
	[ "$(rx 'a{1' -)" = "error 9" ]
	[ "$(rx 'a{1,x}' -)" = "error 10" ]
	[ "$(rx '[b-a]' -)" = "error 11" ]
	[ "$(rx '[[:nope:]]' -)" = "error 4" ]
	[ "$(rx '[[.xy.]]' -)" = "error 3" ]
	[ "$(rx 'x\' -)" = "error 5" ]
	[ "$(rx '(a)\2' -)" = "error 6" ]
	[ "$(rx '[x' -)" = "error 7" ]
	[ "$(rx '[' -)" = "error 2" ]
	[ "$(rx '+' -)" = "error 13" ]
	[ "$(rx 'a{32768}' -)" = "error 15" ]
}

@test "rx unit: matching, icase, UTF-8, back-references" {
	[ "$(rx 'a{2,3}$' - aa a xaaa)" = "$(printf '1\n0\n1')" ]
	[ "$(rx '(a|b)*\1' - abb aba)" = "$(printf '1\n0')" ]
	[ "$(rx '\A' i a A)" = "$(printf '1\n1')" ]
	[ "$(rx '\a' i a A)" = "$(printf '0\n0')" ]   # glibc: escaped, as written
	[ "$(rx '[[:upper:]]' i a)" = 1 ]
	[ "$(rx $'a\n^b' - $'a\nb' 'ab')" = "$(printf '1\n0')" ]
	[ "$(rx 'a$' - $'a\nb')" = 0 ]
	[ "$(rx $'a$\nb' - $'a\nb')" = 1 ]
	locale -a 2>/dev/null | grep -qi '^en_US.utf-\?8$' || return 0
	emu_locale_skip
	[ "$(rx '^.$' u $'\xc3\xa9' $'\xff' $'\xc3')" = "$(printf '1\n0\n0')" ]
	[ "$(rx $'\xa9' u $'\xc3\xa9')" = 1 ]      # a byte inside a character
	[ "$(rx $'\xc5\xbf' iu s S)" = "$(printf '1\n1')" ]
	[ "$(rx '\w' u $'\xc3\xa9')" = 1 ]
	[ "$(rx '\>' u $'\xe9')" = 1 ]             # an invalid byte read as Latin-1
	# glibc's regex takes a surrogate for a character, except under icase
	[ "$(rx '^.$' u $'\xed\xa0\x80' $'\xe0\x80\x80')" = "$(printf '1\n0')" ]
	[ "$(rx '^.$' iu $'\xed\xa0\x80')" = 0 ]
	# icase: no match starts inside a character
	[ "$(rx $'\xa9' iu $'\xc3\xa9')" = 0 ]
	[ "$(rx $'\xc3' iu $'\xc3\xa9')" = 1 ]
}

@test "rx unit: caps fail cleanly; linear time without back-references" {
	local deep open long
	open=$(printf '(%.0s' {1..10000})
	[ "$(rx "${open}a" -)" = "error 12" ]
	deep=$(printf '(%.0s' {1..500})a$(printf ')%.0s' {1..500})
	[ "$(rx "$deep" - xay b)" = "$(printf '1\n0')" ]
	[ "$(rx 'a{32767}{32767}' -)" = "error 12" ]
	[ "$(rx '((a{100}){100}){100}' -)" = "error 12" ]
	long=$(printf 'a%.0s' {1..20000})
	[ "$(rx '(a*)*b' - "$long")" = 0 ]
	[ "$(rx '(a|aa)+$' - "$long")" = 1 ]
	[ "$(rx 'x{32767}' - x)" = 0 ]
}
