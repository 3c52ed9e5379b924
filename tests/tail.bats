#!/usr/bin/env bats
# tail.bats: the GNU tail personality, differential against /usr/bin/tail
# (coreutils 9.1) with LC_ALL=C: stdout bytes, stderr and exit status.
load helpers
load gnu

OPTS=("" "-n3" "-n-3" "-n+3" "-c5" "-c-5" "-c+5" "-c0" "-n0" "-n +0" "-n +1" "-c +0"
	"-n 18446744073709551615" "-n +18446744073709551615" "-c 18446744073709551615"
	"-z -n1" "-z -n+2" "-q" "-v" "--lines=2" "--lines=+2" "--bytes=3" "--li 2"
	"--zero" "--verbose -n1" "--quiet" "--silent" "-c 1k" "-c 2kB" "-n 2 -c 3"
	"-c 3 -n 2" "-n 100000" "-c 1000000" "-c +1000000" "-n -- 3")
INPUTS=("s20" "nonl" "empty" "nul" "longl" "s20 nonl" "nope s20" "dd s20" "s20 dd s20"
	"/dev/null" "-" "- -" "nonl s20" "s20 -")

@test "tail matches GNU over options x inputs (files)" {
	local o f
	for o in "${OPTS[@]}"; do
		for f in "${INPUTS[@]}"; do
			gnu_case $o $f
		done
	done | gnu_batch tail
}

@test "tail matches GNU through a pipe" {
	local o f bad=0
	for f in s20 nonl empty nul longl s30k; do
		for o in "" "-n3" "-n+3" "-c5" "-c+5" "-n 100000" "-c 1500000" "-n 1" "-z -n1" "-n 0" "-c 1M"; do
			gnu_case $o
		done | gnu_batch tail -P -i "$D/$f" || bad=1
	done
	[ $bad = 0 ]
}

@test "tail obsolete forms: -5 +5 -5c +5c -5b -c, and _POSIX2_VERSION" {
	local a bad=0
	for a in "-5" "+5" "-5c" "+5c" "-5l" "-5b" "+c" "-l" "-" "-c" "-5 -" "+" \
		"-5 s20 s20" "-5k" "-5q" "-1.5" "-50000000000000000000000" "-5 --" "-- -5"; do
		gnu_same tail $a s20 || bad=1
		gnu_same tail $a || bad=1
	done
	(export _POSIX2_VERSION=200112; gnu_same tail +5 s20 && gnu_same tail +5 && gnu_same tail -c) || bad=1
	(export _POSIX2_VERSION=199209; gnu_same tail - s20 && gnu_same tail +5 s20) || bad=1
	(export POSIXLY_CORRECT=1; gnu_same tail -5 s20 && gnu_same tail s20 -n 2) || bad=1
	[ $bad = 0 ]
}

@test "tail bad input: GNU messages and status" {
	local a bad=0
	for a in "-n abc" "-c abc" "-n -abc" "-n +abc" "-n 1x" "-n ''" "-n 18446744073709551616" \
		"-c 1Z" "-Q" "-n" "--lines" "--foo" "--s 1" "--follow=x" "--follow=" "-s x" \
		"-s -1" "--pid=x" "--retry" "--pid=1" "-n3 -5" "-v5" "--max-unchanged-stats=x"; do
		eval gnu_same tail $a s20 || bad=1
	done
	[ $bad = 0 ]
	run --separate-stderr env LC_ALL=C "$QBBIN/tail" -n +abc
	[ "$status" = 1 ]
	[ "$output" = "" ]
	[ "$stderr" = "$QBBIN/tail: invalid number of lines: '+abc'" ]
}

@test "tail numbers as GNU: bare suffixes, a '+' kept for later -n/-c, --pid and stats overflow" {
	local a bad=0
	for a in "-n ' E'" "-n +k" "-c +k" "-n -k" "-n k" "-n ' +1'" "-n ' -1'" "-n '- 1'" \
		"-n +28 -n 2" "-n+0 -n 0" "-n +18 -c 3" "-c +38 -n 3" "-n +5 -n -18" "-n 3 -n +18" \
		"--pid=99999999999" "--pid=2147483648" "--pid=2147483647" "--pid=5k" "--pid=-1" \
		"--pid=' +5'" "--pid=''" "--pid=99999999999999999999x" \
		"--max-unchanged-stats=5k" "--max-unchanged-stats=99999999999999999999" \
		"--max-unchanged-stats=' +7'"; do
		eval gnu_same tail $a s20 || bad=1
	done
	[ $bad = 0 ]
	run --separate-stderr env LC_ALL=C "$QBBIN/tail" -n +18 -n 2 "$D/s20"
	[ "$output" = "$(seq 2 20)" ]
	run --separate-stderr env LC_ALL=C "$QBBIN/tail" --pid=99999999999 "$D/s20"
	[ "$status" = 1 ]
	[ "$stderr" = "$QBBIN/tail: invalid PID: '99999999999': Value too large for defined data type" ]
}

@test "tail -c +N: one relative seek as GNU, past the end fine, beyond the file system an error" {
	local a bad=0
	for a in "-c +16TiB s20" "-c +9223372036854775807 s20" "-c +9223372036854775808 s20" \
		"-c +9223372036854775809 s20" "-c +100 s20" "-c +51 s20" "-v -c +16TiB s20 s20" \
		"-c +16TiB -" "-c +16TiB nope s20"; do
		eval gnu_same tail $a || bad=1
	done
	[ $bad = 0 ]
	# the limit is the file system's (ext4: 16 TiB); 2^63-1 is past any
	cd "$D"
	run --separate-stderr env LC_ALL=C "$QBBIN/tail" -c +9223372036854775807 s20
	[ "$status" = 1 ]
	[ "$stderr" = "$QBBIN/tail: s20: cannot seek to relative offset 9223372036854775806: Invalid argument" ]
}

@test "tail --help and --version win over a later option's error, not an earlier one" {
	local a bad=0
	for a in "--version --max-unchanged-stats=-5" "--max-unchanged-stats=-5 --version" \
		"--help --follow=bad" "--follow=bad --help" "--help --pid=x" "--pid=x --help" \
		"--version -s x" "--help -Q" "--help -n"; do
		eval gnu_first_wins tail $a || bad=1
	done
	[ $bad = 0 ]
}

@test "tail reads a seekable file from the end (bytes read ~ bytes printed)" {
	command -v strace > /dev/null || skip "no strace"
	local big="$BATS_TEST_TMPDIR/big"
	seq 1 2000000 > "$big"
	run bash -c "strace -e trace=read,pread64 -o '$BATS_TEST_TMPDIR/st' '$QBBIN/tail' -n 3 '$big' 2>/dev/null; true"
	[ "$output" = "$(printf '1999998\n1999999\n2000000')" ]
	# reads of the data file: well under the 15 MB it holds
	local n
	n=$(awk -F'= ' '/^p?read/ { s += $NF } END { print s + 0 }' "$BATS_TEST_TMPDIR/st")
	[ "$n" -lt 300000 ]
}

@test "tail -f on a pipe is followed to EOF and exits 0" {
	gnu_same_pipe tail s20 -f
	gnu_same_pipe tail s20 -f -
	gnu_same_pipe tail s20 -F -n2
}

@test "tail -f missing file or directory: GNU messages, no files remaining" {
	gnu_same tail -f nope
	gnu_same tail -f dd
	gnu_same tail -f nope dd
}

@test "tail -f prints appended data at once and stops when --pid dies" {
	local f="$BATS_TEST_TMPDIR/log" o="$BATS_TEST_TMPDIR/out"
	seq 1 5 > "$f"
	sleep 60 &
	local spid=$!
	"$QBBIN/tail" -n2 -s 0.05 -f --pid=$spid "$f" > "$o" &
	local tpid=$!
	wait_for "$o" 5
	echo more >> "$f"
	wait_for "$o" more
	kill $spid
	wait $tpid
	[ "$(cat "$o")" = "$(printf '4\n5\nmore')" ]
}

@test "tail -F survives rename+recreate and truncation with GNU's messages" {
	local d="$BATS_TEST_TMPDIR" t
	for t in "$QBBIN/tail" "$REF/tail"; do
		rm -f "$d"/log* "$d/out" "$d/err"
		seq 1 3 > "$d/log"
		sleep 60 &
		local spid=$!
		(cd "$d" && exec -a tail "$t" -F -s 0.05 --pid=$spid log > out 2> err) &
		local tpid=$!
		wait_for "$d/out" 3
		mv "$d/log" "$d/log.1"
		wait_for "$d/err" inaccessible
		echo new > "$d/log"
		wait_for "$d/out" new
		: > "$d/log"
		wait_for "$d/err" truncated
		echo after >> "$d/log"
		wait_for "$d/out" after
		kill $spid
		wait $tpid
		[ "$(cat "$d/out")" = "$(printf '1\n2\n3\nnew\nafter')" ]
		[ "$(cat "$d/err")" = "tail: 'log' has become inaccessible: No such file or directory
tail: 'log' has appeared;  following new file
tail: log: file truncated" ]
	done
}

@test "tail -f with two files prints a header only when the file changes" {
	local d="$BATS_TEST_TMPDIR"
	echo a1 > "$d/a"
	echo b1 > "$d/b"
	sleep 60 &
	local spid=$!
	(cd "$d" && exec "$QBBIN/tail" -n1 -s 0.05 -f --pid=$spid a b > out) &
	local tpid=$!
	wait_for "$d/out" b1
	echo a2 >> "$d/a"
	wait_for "$d/out" a2
	echo a3 >> "$d/a"
	wait_for "$d/out" a3
	echo b2 >> "$d/b"
	wait_for "$d/out" b2
	kill $spid
	wait $tpid
	[ "$(cat "$d/out")" = "$(printf '==> a <==\na1\n\n==> b <==\nb1\n\n==> a <==\na2\na3\n\n==> b <==\nb2')" ]
}

@test "tail write errors: message and 1 on a full disk" {
	run --separate-stderr bash -c "'$QBBIN/tail' -c 10 '$D/s20' > /dev/full"
	[ "$status" = 1 ]
	[ "$stderr" = "$QBBIN/tail: write error: No space left on device" ]
}

@test "tail -f/-F/--retry with missing files and directories: GNU messages and status" {
	true &
	local dead=$! a bad=0
	wait $dead || true
	for a in "-F nope" "--follow=name nope" "-F s20" "-f s20 nope" "-f dd" \
		"--retry -f nope" "-f -" "-F dd" "--retry -f dd" "--follow=name dd" \
		"--follow=name --retry dd s20" "-F dd s20" "-f dd s20" "-F nope s20" \
		"--retry -f dd s20" "-F s20 dd" "--follow=name dd s20"; do
		gnu_same tail $a --pid=$dead || bad=1
	done
	[ $bad = 0 ]
}

@test "tail --follow=name without --retry drops a deleted name: no files remaining" {
	local d="$BATS_TEST_TMPDIR" t
	for t in "$QBBIN/tail" "$REF/tail"; do
		rm -f "$d/log" "$d/out" "$d/err"
		seq 1 3 > "$d/log"
		(cd "$d" && exec -a tail "$t" --follow=name log > out 2> err) &
		local tpid=$!
		wait_for "$d/out" 3
		rm "$d/log"
		local st=0
		wait $tpid || st=$?
		[ $st = 1 ]
		[ "$(cat "$d/err")" = "tail: log: No such file or directory
tail: no files remaining" ]
	done
}

@test "tail +fx FILE: not an obsolete form, so no -f either (GNU exits)" {
	local t
	for t in "$QBBIN/tail" "$REF/tail"; do
		run timeout 10 bash -c 'cd "$1" && exec -a tail "$2" +fx s20' _ "$D" "$t"
		[ "$status" = 1 ]
		[ "${lines[0]}" = "tail: cannot open '+fx' for reading: No such file or directory" ]
		[ "${lines[2]}" = 11 ]
	done
}

@test "tail write errors on /dev/full: GNU's wording at GNU's flush points" {
	local a bad=0
	for a in "-c 10 s30k" "-c 4095 s30k" "-c 4096 s30k" "-c 4097 s30k" \
		"-c 1000 s30k nope s30k" "-n 2 s30k nope s30k" "-n 1000 s30k nope s30k" \
		"-n 1000 s30k" "-c 4082 -v s30k" "-c 4083 -v s30k" "-n +29990 s30k" \
		"-n +1 s20" "-c 10" "-c 5000" "-n 600" "-n 1 dd s20" "-c 2000 s30k s30k"; do
		gnu_full tail $a || bad=1
	done
	[ $bad = 0 ]
}

@test "tail dying of a read error (a directory) still reports what stdout lost, as GNU's exit does" {
	local a bad=0
	for a in "-v -c 3 dd" "-c 3 dd" "-c 10 s20 dd" "-c 10 dd s20" "-v -n 3 dd" "-n +1 s20 dd" \
		"-c +2 s20 dd" "-n 3 s20 dd s20" "-c 5000 s30k dd"; do
		gnu_full tail $a || bad=1
		gnu_closed tail $a || bad=1
		gnu_full head $a || bad=1
		gnu_closed head $a || bad=1
	done
	[ $bad = 0 ]
}

@test "tail -n +N into /dev/full: GNU's wording when line N starts just before a 128 KiB read boundary" {
	local n bad=0
	seq 1 300000 > "$D/s300k"
	# lines starting 4,096 bytes or less before 128 KiB and 256 KiB: the
	# rest of the read buffer is flushed before a sendfile of the remainder
	for n in 23087 23669 44860 44912 45494 67319 67388 100; do
		gnu_full tail -n +$n s300k || bad=1
	done
	[ $bad = 0 ]
}

# ARGS: run tail as argv[0]=tail from BIN into /dev/full, at most 10 s
full_follow() {
	timeout 10 bash -c 'cd "$1" && exec -a tail "$2" $3 > /dev/full' _ "$D" "$@"
}

@test "tail -f into /dev/full: GNU's two lines and 1, instead of following forever" {
	local a
	for a in "-f -n 10 s30k" "-F -n 10 s30k" "-f -n 1000 s30k"; do
		run --separate-stderr full_follow "$REF/tail" "$a"
		local want="$status $stderr"
		run --separate-stderr full_follow "$QBBIN/tail" "$a"
		echo "$a: $status $stderr / $want"
		[ "$status $stderr" = "$want" ]
		[ "$status" = 1 ]
	done
	run --separate-stderr timeout 10 bash -c "'$QBBIN/tails' -t 3 -f '$D/s20' > /dev/full"
	[ "$status" = 1 ]
	[ "$stderr" = "tails: write error: No space left on device" ]
}

@test "tail -f: a stdout pipe whose reader left ends it with SIGPIPE (141), or 1 when ignored" {
	run bash -c "timeout 10 '$QBBIN/tail' -f '$D/s20' | head -c1 > /dev/null; echo \${PIPESTATUS[0]}"
	[ "$output" = 141 ]
	run --separate-stderr bash -c "trap '' PIPE; timeout 10 '$QBBIN/tail' -f '$D/s20' | head -c1 > /dev/null; echo \${PIPESTATUS[0]}"
	[ "$output" = 1 ]
	[ "$stderr" = "" ]
}

@test "tail '': a file name like any other (cannot open), not standard input" {
	gnu_same tail '' || return 1
	gnu_same tail -n1 s20 '' s20 || return 1
	run --separate-stderr "$QBBIN/tail" '' < "$D/s20"
	[ "$status" = 1 ]
	[ "$output" = "" ]
	[ "$stderr" = "$QBBIN/tail: cannot open '' for reading: No such file or directory" ]
}

@test "tail quotes names and values as GNU under C, C.UTF-8 and en_US.UTF-8" {
	emu_locale_skip
	(export LC_ALL=C; gnu_bytes tail) || return 1
	(export LC_ALL=C.UTF-8; gnu_bytes tail) || return 1
	local L a bad=0
	for L in C C.UTF-8; do
		for a in "-n x" "-c x" "-s x" "--pid=x" "--follow=x" "--follow=" "--max-unchanged-stats=x" \
			"x" "$'\303\251'" "-F -" "+9x s20"; do
			(export LC_ALL=$L; eval gnu_same tail $a) || bad=1
		done
	done
	[ $bad = 0 ]
	run --separate-stderr env LC_ALL=C.UTF-8 "$QBBIN/tail" -n x
	[ "$stderr" = "$QBBIN/tail: invalid number of lines: ‘x’" ]
	local l
	l=$(locale -a 2>/dev/null | grep -ixE 'en_US\.utf-?8' | head -n1)
	[ -n "$l" ] || skip "en_US.UTF-8 is not installed"
	for a in "-n x" "nope" "--follow=x" "$'\001'"; do
		(export LC_ALL=$l; eval gnu_same tail $a) || bad=1
	done
	[ $bad = 0 ]
}

@test "tail ambiguous and hidden long options: glibc's exact lines" {
	local a bad=0
	for a in "--s=1" "--s" "--v" "--v=x" "---" "---=1" "---p" "---d" "---disable-inotify=1" "--f=x"; do
		gnu_same tail $a s20 || bad=1
	done
	[ $bad = 0 ]
	run --separate-stderr "$QBBIN/tail" --s=1
	[ "$stderr" = "$QBBIN/tail: option '--s=1' is ambiguous; possibilities: '--silent' '--sleep-interval'
Try '$QBBIN/tail --help' for more information." ]
}

@test "tail on a dead pipe, /dev/full and a closed stdout: GNU's words, or the EPIPE rule" {
	dead_pipe "$QBBIN/tail" -n +1 || return 1
	dead_pipe "$QBBIN/tail" -c +1 || return 1
	local a bad=0
	for a in "-n 5" "-n +5" "-c 5" "-n 5 s20" "-n 5 s20 nope" "-n +1 s30k" "-c 5 s20 s20" "-n 0 s20"; do
		gnu_closed tail $a || bad=1
	done
	[ $bad = 0 ]
	# -f: the tail goes nowhere, so no following forever
	local want
	run --separate-stderr timeout 10 bash -c 'cd "$1" && exec -a tail "$2" -n 5 -f s30k >&-' _ "$D" "$REF/tail"
	want="$status $stderr"
	run --separate-stderr timeout 10 bash -c 'cd "$1" && exec -a tail "$2" -n 5 -f s30k >&-' _ "$D" "$QBBIN/tail"
	[ "$status $stderr" = "$want" ]
	[ "$stderr" = "tail: standard output: Bad file descriptor
tail: write error: Bad file descriptor" ]
}

@test "tail -s: GNU's seconds (blanks before, inf, large values) taken; nan, -1, trailing junk refused" {
	local a bad=0
	for a in "' 1'" "\$'\\r1'" "\$'\\t0.5'" inf +Infinity 1e10 0x10 .5 nan x -1 "'1 '" "' '"; do
		eval gnu_same tail -s "$a" /dev/null || bad=1
	done
	[ $bad = 0 ]
}

# GNU follows what it can read later: character devices and named FIFOs
# (not block devices or directories). One run of tail $1 with options $2
# on a FIFO whose first writer writes two lines and leaves, and a second
# one writes a third: all three must come out, and nothing on stderr.
fifo_follow() {
	local d="$BATS_TEST_TMPDIR" p w
	rm -f "$d/fifo" "$d/out" "$d/err"
	mkfifo "$d/fifo"
	# (a writer left blocked in open, by a tail that gave up, is killed:
	# bats waits for whatever holds its fd 3)
	{ exec 4> "$d/fifo"; echo hi >&4; sleep 0.1; echo more >&4; exec 4>&-
	  sleep 0.2; echo again > "$d/fifo"; } 3>&- &
	w=$!
	$1 $2 -s 0.05 "$d/fifo" > "$d/out" 2> "$d/err" 3>&- &
	p=$!
	wait_for "$d/out" again || true
	kill $p $w 2> /dev/null || true
	wait $p $w || true
	[ "$(cat "$d/out")" = "$(printf 'hi\nmore\nagain')" ] && [ ! -s "$d/err" ]
}

@test "tail -f/-F follow a named FIFO and a character device, as GNU" {
	local t a
	for t in "$REF/tail" "$QBBIN/tail"; do
		for a in -f -F; do
			fifo_follow "$t" "$a"
		done
	done
	# /dev/null, as a name and as stdin: followed (no "giving up", status
	# 0) until --pid dies
	local s
	for t in "$REF/tail" "$QBBIN/tail"; do
		sleep 0.2 & s=$!
		run --separate-stderr "$t" -f -s 0.05 --pid=$s /dev/null
		[ "$status" = 0 ]
		[ -z "$output$stderr" ]
		sleep 0.2 & s=$!
		run --separate-stderr bash -c '"$1" -f -s 0.05 --pid=$2 < /dev/null' _ "$t" $s
		[ "$status" = 0 ]
		[ -z "$output$stderr" ]
	done
}

# a 32-bit build with a 32-bit off_t cannot even fstat a file this size
# (EOVERFLOW: the armhf and i686 builds did, before -D_FILE_OFFSET_BITS=64)
@test "tail and head on a sparse file past 4 GiB: its last and first bytes" {
	truncate -s 5G "$BATS_TEST_TMPDIR/big" || skip "no sparse 5 GiB file here"
	printf end >> "$BATS_TEST_TMPDIR/big"
	run "$QBBIN/tail" -c 3 "$BATS_TEST_TMPDIR/big"
	[ "$status" -eq 0 ]
	[ "$output" = end ]
	run "$QBBIN/tail" -c +5368709121 "$BATS_TEST_TMPDIR/big"
	[ "$output" = end ]
	run bash -c '"$1" -c 2 "$2" | od -An -c' _ "$QBBIN/head" "$BATS_TEST_TMPDIR/big"
	[ "$output" = "  \\0  \\0" ]
}
