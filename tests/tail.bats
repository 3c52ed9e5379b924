#!/usr/bin/env bats
# tail.bats: the GNU tail personality (coreutils 9.11), differential
# against /usr/bin/tail with LC_ALL=C: stdout bytes, stderr and exit
# status. What GNU changed after 9.1 is compared with the installed tail
# only where ref_since says it already behaves so, and always with what
# coreutils 9.11 printed (gnu_want, gnu.bash).
load helpers
load gnu

OPTS=("" "-n3" "-n-3" "-n+3" "-c5" "-c-5" "-c+5" "-c0" "-n0" "-n +0" "-n +1" "-c +0"
	"-n 18446744073709551615"
	"-z -n1" "-z -n+2" "-q" "-v" "--lines=2" "--lines=+2" "--bytes=3" "--li 2"
	"--zero" "--verbose -n1" "--quiet" "--silent" "-c 1k" "-c 2kB" "-n 2 -c 3"
	"-c 3 -n 2" "-n 100000" "-c 1000000" "-c +1000000" "-n -- 3")
INPUTS=("s20" "nonl" "empty" "nul" "longl" "s20 nonl" "nope s20" "dd s20" "s20 dd s20"
	"/dev/null" "-" "- -" "nonl s20" "s20 -")

@test "tail matches GNU over options x inputs (files)" {
	local o f opts=("${OPTS[@]}")
	# opens nothing since 9.6; a directory's end found by seeking since
	# 9.8 (see the tests below)
	ref_since coreutils 9.6 && opts+=("-n +18446744073709551615")
	ref_since coreutils 9.8 && opts+=("-c 18446744073709551615")
	for o in "${opts[@]}"; do
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
		"-5 s20 s20" "-5k" "-5q" "-1.5" "-5 --" "-- -5"; do
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
	for a in "-n abc" "-c abc" "-n -abc" "-n +abc" "-n 1x" "-n ''" "-n 99999999999999999999x" \
		"-c 1x" "-Q" "-n" "--lines" "--foo" "--s 1" "--follow=x" "--follow=" "-s x" \
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
	for a in "-n ' E'" "-n +k" "-c +k" "-n -k" "-n k" "-n ' +1'" "-n '- 1'" \
		"-n +28 -n 2" "-n+0 -n 0" "-n +18 -c 3" "-c +38 -n 3" "-n +5 -n -18" "-n 3 -n +18" \
		"--pid=99999999999" "--pid=2147483648" "--pid=2147483647" "--pid=5k" "--pid=-1" \
		"--pid=' +5'" "--pid=''" "--pid=99999999999999999999x" \
		"--max-unchanged-stats=5k" "--max-unchanged-stats=' +7'"; do
		eval gnu_same tail $a s20 || bad=1
	done
	[ $bad = 0 ]
	run --separate-stderr env LC_ALL=C "$QBBIN/tail" -n +18 -n 2 "$D/s20"
	[ "$output" = "$(seq 2 20)" ]
	run --separate-stderr env LC_ALL=C "$QBBIN/tail" --pid=99999999999 "$D/s20"
	[ "$status" = 1 ]
	[ "$stderr" = "$QBBIN/tail: invalid PID: '99999999999': Value too large for defined data type" ]
}

@test "tail -c +N: one relative seek as GNU, past the end fine" {
	local a bad=0
	for a in "-c +100 s20" "-c +51 s20"; do
		eval gnu_same tail $a || bad=1
	done
	# past what ext4 addresses: 9.1 failed ("cannot seek to relative
	# offset"), 9.8 and later read through (tmpfs seeks, reads nothing)
	if ref_since coreutils 9.8; then
		gnu_same tail -c +16TiB - || bad=1
		gnu_same tail -c +16TiB nope s20 || bad=1
	fi
	STDIN=s20 gnu_want 0 '' '' tail -c +16TiB - || bad=1
	gnu_want 1 '==> s20 <==\n' "tail: cannot open 'nope' for reading: No such file or directory\n" \
	    tail -c +16TiB nope s20 || bad=1
	[ $bad = 0 ]
}

@test "tail --help and --version win over a later option's error, not an earlier one" {
	local a bad=0
	for a in "--version --max-unchanged-stats=-5" "--version --max-unchanged-stats=x" \
		"--max-unchanged-stats=x --version" "--help --follow=bad" "--follow=bad --help" "--help --pid=x" "--pid=x --help" \
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

# worded as 9.8 and later say it ("has become inaccessible" with or
# without --retry): recorded from coreutils 9.11 built from source
@test "tail --follow=name without --retry drops a deleted name: no files remaining" {
	local d="$BATS_TEST_TMPDIR" t
	for t in "$QBBIN/tail" ${REF:+"$REF/tail"}; do
		[ "$t" = "$REF/tail" ] && ! ref_since coreutils 9.8 && continue
		rm -f "$d/log" "$d/out" "$d/err"
		seq 1 3 > "$d/log"
		(cd "$d" && exec -a tail "$t" --follow=name log > out 2> err) &
		local tpid=$!
		wait_for "$d/out" 3
		rm "$d/log"
		local st=0
		wait $tpid || st=$?
		[ $st = 1 ]
		[ "$(cat "$d/err")" = "tail: 'log' has become inaccessible: No such file or directory
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

# coreutils 9.4 ("avoid repeated diagnostic upon write error"): one line
@test "tail -f into /dev/full: GNU's one line and 1, instead of following forever" {
	local a want
	for a in "-f -n 10 s30k" "-F -n 10 s30k" "-f -n 1000 s30k"; do
		if ref_since coreutils 9.4; then
			run --separate-stderr full_follow "$REF/tail" "$a"
			want="$status $stderr"
			run --separate-stderr full_follow "$QBBIN/tail" "$a"
			[ "$status $stderr" = "$want" ]
		fi
		# as coreutils 9.11 printed it (recorded from 9.11 built from source)
		want="1 tail: write error: No space left on device"
		[ "$a" = "-f -n 1000 s30k" ] && want="1 tail: error writing 'standard output': No space left on device"
		run --separate-stderr full_follow "$QBBIN/tail" "$a"
		echo "$a: $status $stderr / $want"
		[ "$status $stderr" = "$want" ]
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

# a pid that was just reaped: gone (a --pid that ends the follow at once)
dead_pid() {
	sh -c 'exit 0' &
	wait $!
	echo $!
}

# coreutils 9.6: counts of 2^64 and more are the largest; 9.8: tail keeps
# them in an intmax_t (2^63-1 the largest, "tail -n +2^63-1" then opens
# nothing), parses them signed (a '-' the option did not take is a value
# below 0: too large, as GNU says), and the obsolete form saturates too
@test "tail: counts of 2^64 and more are the largest (9.6), capped at 2^63-1 and signed (9.8)" {
	local a bad=0 s20='1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n'
	local l10='11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n'
	if ref_since coreutils 9.6; then
		for a in "-n 18446744073709551616 s20" "-c 1Z s20" "-c 1R s20" "-c 1Q s20" \
			"-n +18446744073709551615 nope s20" "--max-unchanged-stats=99999999999999999999 s20"; do
			eval gnu_same tail $a || bad=1
		done
	fi
	if ref_since coreutils 9.8; then
		for a in "-50000000000000000000000 s20" "-n +9223372036854775807 nope s20" \
			"-n ' -1' s20" "-n --5 s20" "--max-unchanged-stats=-5 s20" \
			"--max-unchanged-stats=-0 s20"; do
			eval gnu_same tail $a || bad=1
		done
	fi
	gnu_want 0 "$s20" '' tail -n 18446744073709551616 s20 || bad=1
	gnu_want 0 "$s20" '' tail -c 1Z s20 || bad=1
	gnu_want 0 "$s20" '' tail -c 1R s20 || bad=1
	gnu_want 0 "$s20" '' tail -c 2KD s20 || bad=1
	gnu_want 0 "$s20" '' tail -50000000000000000000000 s20 || bad=1
	gnu_want 0 '' '' tail -n +18446744073709551615 nope s20 || bad=1
	gnu_want 0 '' '' tail -n +9223372036854775807 nope s20 || bad=1
	gnu_want 1 '' "tail: cannot open 'nope' for reading: No such file or directory\n" \
	    tail -n +9223372036854775806 nope || bad=1
	gnu_want 0 "$l10" '' tail --max-unchanged-stats=99999999999999999999 s20 || bad=1
	gnu_want 0 "$l10" '' tail --max-unchanged-stats=-0 s20 || bad=1
	gnu_want 1 '' "tail: invalid number of lines: ' -1': Value too large for defined data type\n" \
	    tail -n ' -1' s20 || bad=1
	gnu_want 1 '' "tail: invalid number of lines: '-5': Value too large for defined data type\n" \
	    tail -n --5 s20 || bad=1
	gnu_want 1 '' "tail: invalid maximum number of unchanged stats between opens: '-5': Value too large for defined data type\n" \
	    tail --max-unchanged-stats=-5 s20 || bad=1
	gnu_want 1 '' "tail: invalid maximum number of unchanged stats between opens: '-5': Value too large for defined data type\n" \
	    tail --max-unchanged-stats=-5 --version || bad=1
	[ $bad = 0 ]
}

# coreutils 9.7 (timeout: "don't sleep less than requested"): -s takes a
# value beyond a double's range, too small (no wait) or too big (for ever)
@test "tail -s beyond a double's range is taken (coreutils 9.7)" {
	local a bad=0 l10='11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n'
	if ref_since coreutils 9.7; then
		for a in "-s 1e999" "-s -1e-999" "-s 1e-999" "-s -1e999"; do
			gnu_same tail $a s20 || bad=1
		done
	fi
	gnu_want 0 "$l10" '' tail -s 1e999 s20 || bad=1
	gnu_want 0 "$l10" '' tail -s -1e-999 s20 || bad=1
	gnu_want 1 '' "tail: invalid number of seconds: '-1e999'\n" tail -s -1e999 s20 || bad=1
	[ $bad = 0 ]
}

# coreutils 9.8 ("speed up -c N for huge N", "simplify -c+ on regular
# files"): the end of a file that is not regular is found by seeking, and
# where that works a read error ends the run; -c +N seeks on any file and
# reads through where the seek fails. So the file system decides: a
# directory seeks to its end on ext4, not on tmpfs (nor on overlayfs),
# and an offset near 2^63 is refused by ext4's lseek but by tmpfs's read.
# Expectations recorded from 9.11 on tmpfs and on ext4.
tmpfs_cases() {
	local bad=0
	mount -t tmpfs qbtmp "$D" || { echo "cannot mount a tmpfs here"; return 3; }
	cd "$D" && seq 1 20 > s20 && mkdir dd || return 3
	if ref_since coreutils 9.8; then
		for a in "-c5 dd s20" "-c 5 -n 2 dd s20" "-c +5 dd s20" "-c +9223372036854775806 s20" \
			"-c 18446744073709551615 dd s20" "-c -5 s20 dd s20"; do
			gnu_same tail $a || bad=1
		done
	fi
	gnu_want 1 '==> dd <==\n\n==> s20 <==\n9\n20\n' "tail: error reading 'dd': Is a directory\n" \
	    tail -c5 dd s20 || bad=1
	gnu_want 1 '==> dd <==\n\n==> s20 <==\n19\n20\n' "tail: error reading 'dd': Is a directory\n" \
	    tail -c 5 -n 2 dd s20 || bad=1
	gnu_want 1 '==> s20 <==\n9\n20\n\n==> dd <==\n\n==> s20 <==\n9\n20\n' \
	    "tail: error reading 'dd': Is a directory\n" tail -c -5 s20 dd s20 || bad=1
	gnu_want 1 '==> dd <==\n' "tail: error reading 'dd': Is a directory\n" tail -c +5 dd s20 || bad=1
	gnu_want 1 '' "tail: error reading 's20': Invalid argument\n" tail -c +9223372036854775806 s20 || bad=1
	gnu_want 0 '' '' tail -c +16TiB s20 || bad=1
	# quickbox's own reads must not be what fails: 10 bytes into /dev/full
	# after the directory's error, as GNU
	run_full() { (cd "$D" && exec -a tail "$QBBIN/tail" "$@" > /dev/full); }
	[ "$(run_full -c 10 dd s20 2>&1)" = "tail: error reading 'dd': Is a directory
tail: write error: No space left on device" ] || { echo "into /dev/full"; bad=1; }
	return $bad
}

@test "tail -c N and -c +N on tmpfs as GNU 9.8+: a directory is a read error and the next file follows" {
	need_ns
	export -f tmpfs_cases gnu_want gnu_same ref_since ref_ver
	export D="$BATS_TEST_TMPDIR/m" BATS_TEST_TMPDIR QBBIN
	mkdir -p "$D"
	run mount_ns bash -c tmpfs_cases
	echo "$output"
	[ "$status" = 0 ]
}

@test "tail -c N and -c +N on the test directory's file system as GNU 9.8+" {
	local fs bad=0
	fs=$(stat -f -c %T "$D")
	if ref_since coreutils 9.8; then
		for a in "-c5 dd s20" "-c +5 dd s20" "-c +9223372036854775806 s20" "-c 18446744073709551615 dd s20"; do
			gnu_same tail $a || bad=1
		done
	fi
	case $fs in
	ext2/ext3)   # ext4 as stat names it; recorded from 9.11 on ext4
		gnu_want 1 '==> dd <==\n' "tail: error reading 'dd': Is a directory\n" tail -c5 dd s20 || bad=1
		gnu_want 1 '==> dd <==\n' "tail: error reading 'dd': Is a directory\n" \
		    tail -c 18446744073709551615 dd s20 || bad=1
		gnu_want 0 '' '' tail -c +9223372036854775806 s20 || bad=1 ;;
	tmpfs)
		gnu_want 1 '==> dd <==\n\n==> s20 <==\n9\n20\n' "tail: error reading 'dd': Is a directory\n" \
		    tail -c5 dd s20 || bad=1
		gnu_want 1 '' "tail: error reading 's20': Invalid argument\n" \
		    tail -c +9223372036854775806 s20 || bad=1 ;;
	*)
		ref_since coreutils 9.8 || skip "no 9.11 expectation recorded for a $fs file system (ext4 and tmpfs are)" ;;
	esac
	gnu_want 1 '==> dd <==\n' "tail: error reading 'dd': Is a directory\n" tail -c +5 dd s20 || bad=1
	[ $bad = 0 ]
}

# every GNU version: the follow goes on from tail's offset, which -c +N
# may leave past the end; the file then looks truncated. Polling looks
# at a file whose size is not what was read (a /sys file says 4096) as
# changed, and prints its header when output switches to it
@test "tail -f: -c +N past the end reads as a truncated file; polling heads a /sys file once more, as GNU" {
	local dead bad=0 f=/sys/devices/system/cpu/online
	dead=$(dead_pid)
	printf 'abc\n' > "$D/abc"
	gnu_want 0 'abc\n' 'tail: abc: file truncated\n' tail -c +10 -f --pid="$dead" abc || bad=1
	gnu_want 0 'abc\n' 'tail: abc: file truncated\n' tail ---disable-inotify -c +10 -f --pid="$dead" abc || bad=1
	gnu_same tail -c +10 -f --pid="$dead" abc || bad=1
	if [ -r "$f" ]; then
		gnu_want 0 "==> $f <==\n$(cat "$f")\n\n==> s20 <==\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n\n==> $f <==\n" '' \
		    tail ---disable-inotify -f --pid="$dead" "$f" s20 || bad=1
		gnu_same tail ---disable-inotify -f --pid="$dead" "$f" s20 || bad=1
	fi
	rm -f "$D/abc"
	[ $bad = 0 ]
}

# coreutils 9.6 ("always fail when followed files become inaccessible":
# no files remaining exits) and 9.8 (a stdin that fails fstat is said
# once): with stdout closed GNU looks at it before anything else
@test "tail -f with stdout closed: 'standard output: Bad file descriptor' first, as GNU 9.6+" {
	local a want
	for a in "-f nonexistent|<&- >&-" "-f nonexistent|>&-" "-f -|<&- >&-" "-f|<&- >&-"; do
		if ref_since coreutils 9.8; then
			gnu_run_redir "${a#*|}" "$REF/tail" ${a%|*} > "$BATS_TEST_TMPDIR/g" 2>&1 ||
			    echo "status $?" >> "$BATS_TEST_TMPDIR/g"
			gnu_run_redir "${a#*|}" "$QBBIN/tail" ${a%|*} > "$BATS_TEST_TMPDIR/q" 2>&1 ||
			    echo "status $?" >> "$BATS_TEST_TMPDIR/q"
			diff "$BATS_TEST_TMPDIR/g" "$BATS_TEST_TMPDIR/q" || return 1
		fi
	done
	run --separate-stderr gnu_run_redir '>&-' "$QBBIN/tail" -f nonexistent
	[ "$status" = 1 ]
	[ "$stderr" = "tail: cannot open 'nonexistent' for reading: No such file or directory
tail: standard output: Bad file descriptor" ]
	run --separate-stderr gnu_run_redir '<&- >&-' "$QBBIN/tail" -f -
	[ "$status" = 1 ]
	[ "$stderr" = "tail: cannot fstat 'standard input': Bad file descriptor
tail: standard output: Bad file descriptor" ]
	run --separate-stderr gnu_run_redir '>&-' "$QBBIN/tail" -f s20 nonexistent
	[ "$status" = 1 ]
	[ "$stderr" = "tail: cannot open 'nonexistent' for reading: No such file or directory
tail: standard output: Bad file descriptor
tail: write error: Bad file descriptor" ]
}

# coreutils 9.10: --debug says which follow loop runs; 9.5: --pid may be
# given more than once, the follow ends when all are gone
@test "tail --debug (coreutils 9.10) and repeated --pid (9.5)" {
	local dead bad=0 l10='11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n'
	dead=$(dead_pid)
	if ref_since coreutils 9.10; then
		for a in "-f" "---disable-inotify -f" "-F"; do
			gnu_same tail --debug $a --pid="$dead" s20 || bad=1
		done
		gnu_same tail --debug -f nonexistent || bad=1
	fi
	gnu_want 0 "$l10" 'tail: using notification mode\n' tail --debug -f --pid="$dead" s20 || bad=1
	gnu_want 0 "$l10" 'tail: using polling mode\n' tail --debug ---disable-inotify -f --pid="$dead" s20 || bad=1
	gnu_want 0 '' 'tail: using polling mode\n' tail --debug -f --pid="$dead" /dev/null || bad=1
	gnu_want 1 '' "tail: cannot open 'nonexist' for reading: No such file or directory\ntail: using polling mode\ntail: no files remaining\n" \
	    tail --debug -f nonexist || bad=1
	gnu_want 0 "$l10" 'tail: warning: PID ignored; --pid=PID is useful only when following\n' \
	    tail --pid=1 --pid=2 s20 || bad=1
	[ $bad = 0 ]
	# a live --pid keeps the follow going though another is gone; 9.1
	# took only the last one and ended at once
	sleep 100 &
	local live=$! tp
	printf 'a\n' > "$D/grow"
	"$QBBIN/tail" -s 0.05 -f --pid="$live" --pid="$dead" "$D/grow" > "$BATS_TEST_TMPDIR/out" &
	tp=$!
	printf 'b\n' >> "$D/grow"
	wait_for "$BATS_TEST_TMPDIR/out" b
	kill -0 "$tp"
	kill "$live"
	wait "$live" || true
	local i
	for ((i = 0; i < 1000; i++)); do
		kill -0 "$tp" 2> /dev/null || break
		sleep 0.01
	done
	run kill -0 "$tp"
	[ "$status" != 0 ]
	wait "$tp"
	rm -f "$D/grow"
}
