#!/usr/bin/env bats
# tails.bats: the native tails applet, row by row of docs/tails.md; every
# record rule runs on a pipe and on a regular file (the seek-based path).
load helpers
load gnu   # dead_pipe; its setup_file is replaced below

setup_file() {
	qbbin_setup
	D="$BATS_FILE_TMPDIR/in"
	mkdir -p "$D/dd"
	cd "$D" || return 1
	seq 1 9 > s9
	seq 1 99 > s99
	printf '1\n2\n3' > nonl
	printf 'abcdefghij' > abc
	printf 'a,b,c,d' > commas
	: > empty
	printf 'x\ny' > b
	seq 1 3 > a
	for i in $(seq 20); do echo "c$i"; done > c20
	for i in $(seq 20); do echo "d$i"; done > d20
	export D
	export TAILS_CONFIG=/nonexistent TAILS=
}

T() { "$QBBIN/tails" "$@"; }

# pipe_and_file INPUT EXPECTED ARGS...: same bytes from `cat INPUT | tails
# ARGS` and from `tails ARGS INPUT`
pipe_and_file() {
	local in="$D/$1" want="$2" got
	shift 2
	got=$(cat "$in" | T "$@"; echo .)
	[ "${got%.}" = "$want" ] || { echo "pipe: tails $* < $1 gave [${got%.}], want [$want]"; return 1; }
	got=$(T "$@" "$in"; echo .)
	[ "${got%.}" = "$want" ] || { echo "file: tails $* $1 gave [${got%.}], want [$want]"; return 1; }
}

# the table of docs/tails.md (Semantics): seq 1 9 | tails -d- ARGS | tr '\n' ' '
check() {
	local r
	r=$(seq 1 9 | T -d- $1 | tr '\n' ' ')
	[ "$r" = "$2" ] || { echo "pipe: $1 gave [$r], want [$2]"; return 1; }
	r=$(T -d- $1 "$D/s9" | tr '\n' ' ')
	[ "$r" = "$2" ] || { echo "file: $1 gave [$r], want [$2]"; return 1; }
}

@test "the 13-row table of docs/tails.md, on a pipe and on a file" {
	check "-h3"       "1 2 3 "
	check "-t3"       "7 8 9 "
	check "-h-3"      "4 5 6 7 8 9 "
	check "-t-3"      "1 2 3 4 5 6 "
	check "-h3 -t3"   "1 2 3 - 7 8 9 "
	check "-h-3 -t3"  "7 8 9 "
	check "-h3 -t-3"  "1 2 3 4 5 6 "
	check "-h-3 -t-3" "4 5 6 "
	check "-h5 -t4"   "1 2 3 4 5 6 7 8 9 "
	check "-h9 -t9"   "1 2 3 4 5 6 7 8 9 "
	check "-h20 -t20" "1 2 3 4 5 6 7 8 9 "
	check "-h-5 -t-4" ""
	check "-t+4"      "4 5 6 7 8 9 "
}

@test "usage examples: -h3 -t3 on 1..99, -h-3 -t-3 on 1..9 (exact bytes)" {
	pipe_and_file s99 $'1\n2\n3\n--\n97\n98\n99\n' -h3 -t3
	pipe_and_file s9 $'4\n5\n6\n' -h-3 -t-3
}

@test "head part then tail part of the rest: -h5 -t-2 is 1..7" {
	pipe_and_file s9 $'1\n2\n3\n4\n5\n6\n7\n' -h5 -t-2
	pipe_and_file s9 $'1\n2\n3\n4\n5\n6\n' -h3 -t-3
}

@test "no -h and no -t emit nothing; -h0 and -t0 are no-ops" {
	pipe_and_file s9 ""
	pipe_and_file s9 "" -h0
	pipe_and_file s9 "" -t0
	pipe_and_file s9 $'9\n' -h0 -t1
}

@test "-t +N is from record N on; +1 and +0 are the whole input" {
	pipe_and_file s9 "$(seq 1 9)"$'\n' -t+1
	pipe_and_file s9 "$(seq 1 9)"$'\n' -t+0
	pipe_and_file s9 $'9\n' -t+9
	pipe_and_file s9 "" -t+10
}

@test "divider: only when records were skipped between head and tail" {
	pipe_and_file s9 "$(seq 1 9)"$'\n' -h3 -t6
	pipe_and_file s9 $'1\n2\n3\nXX\n8\n9\n' -h3 -t2 -d XX
	pipe_and_file empty "" -h3 -t3
	pipe_and_file s9 $'1\n\n9\n' -h1 -t1 -d ''
	pipe_and_file abc $'ab--\nij' -c -h2 -t2
}

@test "-o stops output after M records; the divider is not one" {
	pipe_and_file s9 $'1\n2\n3\n--\n7\n' -h3 -t3 -o4
	pipe_and_file s9 $'1\n2\n3\n' -h3 -t3 -o3
	pipe_and_file s9 $'5\n6\n' -t5 -o2
	pipe_and_file abc "fgh" -c -t5 -o3
	pipe_and_file s9 $'1\n2\n' -h-0 -t-1 -o2
}

@test "-c: bytes are records, newlines are ordinary bytes" {
	pipe_and_file abc "defghij" -c -t+4
	pipe_and_file abc "abc" -c -h3
	pipe_and_file abc "j" -c -t1
	pipe_and_file s9 $'\n9\n' -c -t3
	pipe_and_file abc "abcdefgh" -c -t-2
	pipe_and_file abc "cdefghij" -c -h-2
}

@test "an unterminated last record is a record, printed as it is" {
	pipe_and_file nonl "3" -t1
	pipe_and_file nonl $'2\n3' -t2
	pipe_and_file nonl $'1\n2\n' -t-1
	pipe_and_file commas "c;d" -i, -e';' -t2
	local big="$BATS_TEST_TMPDIR/long"
	{ echo first; head -c 1500000 /dev/zero | tr '\0' z; } > "$big"
	[ "$(T -t1 "$big" | wc -c)" = 1500000 ]
	[ "$(cat "$big" | T -t1 | wc -c)" = 1500000 ]
}

@test "-C FD: the true record count, written before buffered stdout" {
	[ "$(seq 1 9 | T -h1 -t1 -C1 -d '' | od -c)" = "$(printf '9\n1\n\n9\n' | od -c)" ]
	[ "$(T -h1 -t1 -C1 -d '' "$D/s9" | od -c)" = "$(printf '9\n1\n\n9\n' | od -c)" ]
	[ "$(echo $(seq 1 9 | T -h1 -t1 -C1 -d ''))" = "9 1 9" ]
	[ "$(T -C1 < "$D/empty")" = 0 ]
	[ "$(T -C1 "$D/nonl")" = 3 ]
	[ "$(T -c -C1 "$D/abc")" = 10 ]
	[ "$(T -h2 -C1 "$D/s9")" = "$(printf '9\n1\n2')" ]
	[ "$(T -t2 -C1 "$D/s99")" = "$(printf '99\n98\n99')" ]
	[ "$(T -q -C3 "$D/s9" "$D/nonl" 3>&1 1>/dev/null)" = "$(printf '9\n3')" ]
	[ "$(T -h2 -C3 "$D/s9" 3>/dev/null)" = "$(printf '1\n2')" ]
}

@test "headers: GNU-like default, -v, -q, stdin names" {
	[ "$(T -v -t1 "$D/s9")" = "$(printf '==> %s <==\n9' "$D/s9")" ]
	[ "$(T -t2 "$D/a" "$D/b" | od -c)" = "$(printf '==> %s <==\n2\n3\n\n==> %s <==\nx\ny' "$D/a" "$D/b" | od -c)" ]
	[ "$(T -v -t1 < "$D/s9")" = "$(printf '==> standard input <==\n9')" ]
	[ "$(T -v -t1 '' < "$D/s9")" = "$(printf '==> standard input <==\n9')" ]
	[ "$(T -v -t1 - < "$D/s9")" = "$(printf '==> standard input <==\n9')" ]
	[ "$(T -q -t1 "$D/a" "$D/s9")" = "$(printf '3\n9')" ]
}

@test "-H formats cycle by input, \$1 is the name, first header loses leading EORs" {
	cd "$D"
	[ "$(T -t1 -H '<$1>' a b a; echo .)" = "$(printf '<a>3\n<b>y<a>3\n.')" ]
	[ "$(T -t1 -H 'A:$1\n' -H 'B:$1\n' a b a)" = "$(printf 'A:a\n3\nB:b\nyA:a\n3')" ]
	[ "$(T -t1 -H '\n\n[$1]\n' a b)" = "$(printf '[a]\n3\n\n\n[b]\ny')" ]
	[ "$(T -t1 -H '' -H '<$1>\n' a b a)" = "$(printf '==> a <==\n3\n<b>\ny\n==> a <==\n3')" ]
}

@test "-p drops %[...] attributes; without it they are ANSI escapes" {
	cd "$D"
	[ "$(T -p -H '%[bold]$1%[none]\n' -t1 a b | od -c)" = "$(printf 'a\n3\nb\ny' | od -c)" ]
	[ "$(T -v -H '%[bold red]$1%[none]\n' -t1 a | od -c)" = "$(printf '\033[1;31ma\033[0m\n3\n' | od -c)" ]
	[ "$(T -v -H '%[WHITE on_red]$1%[plain]\n' -t1 a | od -c)" = "$(printf '\033[97;41ma\033[0m\n3\n' | od -c)" ]
	[ "$(NO_COLOR=1 T -v -H '%[bold]$1%[none]\n' -t1 a | od -c)" = "$(printf 'a\n3\n' | od -c)" ]
}

@test "-D STR before a header when the last byte written is not EOR" {
	cd "$D"
	[ "$(T -t1 -D '' -H '[$1]\n' b a | od -c)" = "$(printf 'y\n[a]\n3' | sed 1d | od -c)" ] || \
	[ "$(T -t1 -D '' -H '[$1]\n' b a)" = "$(printf '[b]\ny\n[a]\n3')" ]
	[ "$(T -t1 -D '' -H '[$1]\n' b a)" = "$(printf '[b]\ny\n[a]\n3')" ]
	[ "$(T -t1 -D '##' -H '[$1]\n' b a)" = "$(printf '[b]\ny##\n[a]\n3')" ]
	[ "$(T -t1 -D '##' -H '[$1]\n' a b)" = "$(printf '[a]\n3\n[b]\ny')" ]
	[ "$(T -t1 -D '##' b a)" = "$(printf '==> b <==\ny\n==> a <==\n3')" ]
}

@test "-i and -e: delimiter and terminator, with \\0 \\t , ; and the divider" {
	pipe_and_file commas "c;d" -i, -e';' -t2
	pipe_and_file commas $'a\nb\n' -i, -t-2
	pipe_and_file commas "a,b," -i, -e, -t-2
	[ "$(printf 'a\0b\0c\0' | T -i '\0' -e '\n' -t2)" = "$(printf 'b\nc')" ]
	[ "$(printf 'a\tb\tc' | T -i '\t' -h1 -t1 -e ';' | od -c)" = "$(printf 'a;--;c' | od -c)" ]
	[ "$(T -e ';' -t1 "$D/a" "$D/b" | od -c)" = "$(printf '==> %s <==;3;;==> %s <==;y' "$D/a" "$D/b" | od -c)" ]
	run T -i ab -t1
	[ "$status" = 2 ]
}

@test "fit mode: -t/ and -h/N from LC_LINES, LINES" {
	cd "$D"
	[ "$(LINES=10 T -t/ c20 d20)" = "$(printf '==> c20 <==\nc18\nc19\nc20\n\n==> d20 <==\nd18\nd19\nd20')" ]
	[ "$(LC_LINES=10 LINES=50 T -t/ c20 d20 | wc -l)" = 9 ]
	[ "$(LINES=7 T -q -h/2 c20 d20)" = "$(printf 'c1\nc2\nc3\nd1\nd2\nd3')" ]
	[ "$(LINES=9 T -h/ -t/ c20)" = "$(printf 'c1\nc2\nc3\nc4\n--\nc17\nc18\nc19\nc20')" ]
}

@test "option spellings: -h3 -h 3 -h -3 -t +4 -h=3 -d=XX --head=3 --head 3 --tail=-3" {
	pipe_and_file s9 $'1\n2\n3\n' -h3
	pipe_and_file s9 $'1\n2\n3\n' -h 3
	pipe_and_file s9 $'4\n5\n6\n7\n8\n9\n' -h -3
	pipe_and_file s9 $'4\n5\n6\n7\n8\n9\n' -t +4
	pipe_and_file s9 $'1\n2\n3\n' -h=3
	pipe_and_file s9 $'1\nXX\n9\n' -h1 -t1 -d=XX
	pipe_and_file s9 $'1\n2\n3\n' --head=3
	pipe_and_file s9 $'1\n2\n3\n' --head 3
	pipe_and_file s9 $'1\n2\n3\n4\n5\n6\n' --tail=-3
	pipe_and_file s9 "1" -h3 -c -o2 -t0 -h1
}

@test "errors: bad numbers exit 2 with nothing on stdout; missing file exits 1 and goes on" {
	run --separate-stderr T -h abc "$D/s9"
	[ "$status" = 2 ]
	[ "$output" = "" ]
	[ "$stderr" = "tails: bad value 'abc' for -h (want N, -N or /[n])" ]
	run --separate-stderr T -t 1x "$D/s9"
	[ "$status" = 2 ]
	[ "$output" = "" ]
	run --separate-stderr T -Q
	[ "$status" = 2 ]
	[ "$stderr" = "tails: unknown option '-Q' (tails --help)" ]
	# -h is --head: alone, it too points at the help
	run --separate-stderr T -h
	[ "$status" = 2 ]
	[ "$stderr" = "tails: option '-h' needs a value (tails --help)" ]
	run --separate-stderr T -t1 "$D/nope" "$D/s9"
	[ "$status" = 1 ]
	[ "$output" = "$(printf '==> %s <==\n9' "$D/s9")" ]
	[ "$stderr" = "tails: cannot open '$D/nope' for reading: No such file or directory" ]
	run --separate-stderr T -t1 "$D/dd"
	[ "$status" = 1 ]
	[ "$stderr" = "tails: error reading '$D/dd': Is a directory" ]
}

@test "huge counts on a small pipe: everything, nothing allocated up front" {
	pipe_and_file s9 "$(seq 1 9)"$'\n' -t 18446744073709551615
	pipe_and_file s9 "" -t -18446744073709551615
	pipe_and_file s9 "$(seq 1 9)"$'\n' -h 18446744073709551615
	pipe_and_file s9 "$(seq 1 9)"$'\n' -h 9000000000000000000 -t 9000000000000000000
}

@test "defaults from \$TAILS and the config file come before the command line" {
	local cf="$BATS_TEST_TMPDIR/config"
	printf '# defaults\nhead = 2\n--divide=##\n' > "$cf"
	[ "$(TAILS_CONFIG="$cf" T -t1 "$D/s9")" = "$(printf '1\n2\n##\n9')" ]
	[ "$(TAILS_CONFIG="$cf" TAILS='-h1' T -t1 "$D/s9")" = "$(printf '1\n##\n9')" ]
	[ "$(TAILS_CONFIG="$cf" TAILS='-h1' T -h3 -t0 "$D/s9")" = "$(printf '1\n2\n3')" ]
}

@test "write errors: a message and 1 on a full disk" {
	run --separate-stderr bash -c "'$QBBIN/tails' -t+1 '$D/s9' > /dev/full"
	[ "$status" = 1 ]
	[ "$stderr" = "tails: write error: No space left on device" ]
}

@test "-f: the tail, then every appended byte; headers only on a switch" {
	local d="$BATS_TEST_TMPDIR"
	seq 1 5 > "$d/log"
	echo b1 > "$d/b"
	(cd "$d" && exec "$QBBIN/tails" -t2 -f log > out1) &
	local p1=$!
	(cd "$d" && exec "$QBBIN/tails" -t1 -f log b > out2) &
	local p2=$!
	wait_for "$d/out1" 5
	wait_for "$d/out2" b1
	printf 'six\nsev' >> "$d/log"
	wait_for "$d/out1" sev
	wait_for "$d/out2" sev
	echo b2 >> "$d/b"
	wait_for "$d/out2" b2
	kill $p1 $p2
	wait $p1 $p2 || true
	[ "$(cat "$d/out1")" = "$(printf '4\n5\nsix\nsev')" ]
	[ "$(cat "$d/out2")" = "$(printf '==> log <==\n5\n\n==> b <==\nb1\n\n==> log <==\nsix\nsev\n==> b <==\nb2')" ]
}

@test "-f on a pipe prints what arrives until EOF, then exits" {
	run bash -c "seq 1 5 | '$QBBIN/tails' -t2 -f"
	[ "$status" = 0 ]
	[ "$output" = "$(printf '4\n5')" ]
	run bash -c "seq 1 5 | '$QBBIN/tails' -h-2 -f"
	[ "$status" = 0 ]
	[ "$output" = "$(printf '3\n4\n5')" ]
}

@test "-f after a head part follows from the end, not from where the head stopped" {
	local d="$BATS_TEST_TMPDIR"
	seq 1 100000 > "$d/big"
	"$QBBIN/tails" -h2 -f "$d/big" > "$d/out" &
	local p=$!
	wait_for "$d/out" 2
	echo NEW >> "$d/big"
	wait_for "$d/out" NEW
	kill $p
	wait $p || true
	[ "$(cat "$d/out")" = "$(printf '1\n2\nNEW')" ]
}

@test "--version: tails (quickbox) and the version of the build" {
	run --separate-stderr T --version
	[ "$status" = 0 ]
	[ "$stderr" = "" ]
	[ "$output" = "tails (quickbox) 0.2" ]
	# head and tail print the same version of the build
	[ "$("$QBBIN/head" --version)" = "head (quickbox) ${output#tails (quickbox) }" ]
	[ "$("$QBBIN/tail" --version)" = "tail (quickbox) ${output#tails (quickbox) }" ]
	# a prefix is still --verbose's
	[ "$(T --ver -t1 "$D/s9")" = "$(printf '==> %s <==\n9' "$D/s9")" ]
}

@test "'' is standard input for tails (docs/tails.md), a name for head and tail" {
	[ "$(T -t2 '' < "$D/s9")" = "$(printf '8\n9')" ]
	[ "$(T -v -t1 '' < "$D/s9")" = "$(printf '==> standard input <==\n9')" ]
}

@test "numbers beyond 2^64-1 (or an option's range): one line naming the value, exit 1" {
	local a
	for a in "-h 99999999999999999999" "-t 99999999999999999999" "-t -123456789012345678901" \
		"-t +99999999999999999999" "-h /99999999999999999999" "-o 99999999999999999999" \
		"-C 99999999999" "-s 1e999"; do
		run --separate-stderr env LC_ALL=C "$QBBIN/tails" $a "$D/s9"
		echo "$a: $status [$stderr]"
		[ "$status" = 1 ]
		[ "$output" = "" ]
		[ "${stderr%%\'*}" = "tails: value " ]
		[ "$(wc -l <<<"$stderr")" = 1 ]
		[[ $stderr == *"'${a#* }'"* ]]
	done
	run --separate-stderr env LC_ALL=C "$QBBIN/tails" -h 99999999999999999999 "$D/s9"
	[ "$stderr" = "tails: value '99999999999999999999' for -h out of range (at most 18446744073709551615)" ]
	# the largest count is still "all of them"
	[ "$(T -h 18446744073709551615 "$D/s9" | wc -l)" = 9 ]
}

@test "dead output: every mode holding data back stops at the first failed write" {
	local a
	# (a tail of an endless pipe never ends, nor does GNU's; a window
	# writes once before its tail, which a live reader may still take)
	for a in "-t -1" "-t -1 -c" "-h 1 -t -1" "-h 3" "-h -1" "-t +2"; do
		dead_pipe "$QBBIN/tails" $a || return 1
	done
	# the head part of a window is out before the tail is read
	run --separate-stderr timeout 10 bash -c 'yes | "$1" -h 1 -t 1 >&-' _ "$QBBIN/tails"
	[ "$status" = 1 ]
	[ "$stderr" = "tails: error writing 'standard output': Bad file descriptor" ]
	run --separate-stderr timeout 10 bash -c '"$1" -t 1 "$2" >&-' _ "$QBBIN/tails" "$D/s9"
	[ "$status" = 1 ]
	[ "$stderr" = "tails: write error: Bad file descriptor" ]
	run --separate-stderr timeout 10 bash -c '"$1" -t 1 -f "$2" >&-' _ "$QBBIN/tails" "$D/s9"
	[ "$status" = 1 ]
	[ "$stderr" = "tails: write error: Bad file descriptor" ]
	run --separate-stderr timeout 10 bash -c '"$1" -h 200000 -c /dev/zero >&-' _ "$QBBIN/tails"
	[ "$status" = 1 ]
	[ "$stderr" = "tails: error writing 'standard output': Bad file descriptor" ]
	run --separate-stderr timeout 10 bash -c 'trap "" PIPE; "$1" -t 1 -f "$2" | true; exit ${PIPESTATUS[0]}' _ "$QBBIN/tails" "$D/s9"
	[ "$status" = 1 ]
	[ "$stderr" = "" ]
	run --separate-stderr timeout 10 bash -c '"$1" -t 1 -f "$2" | true; exit ${PIPESTATUS[0]}' _ "$QBBIN/tails" "$D/s9"
	[ "$status" = 141 ]
	[ "$stderr" = "" ]
}
