#!/usr/bin/env bats
# head.bats: the GNU head personality (coreutils 9.11), differential
# against /usr/bin/head with LC_ALL=C: stdout bytes, stderr and exit
# status. What GNU changed after 9.1 is compared with the installed head
# only where ref_since says it already behaves so, and always with what
# coreutils 9.11 printed (gnu_want, gnu.bash).
load helpers
load gnu

OPTS=("" "-n3" "-n-3" "-n+3" "-c5" "-c-5" "-c+5" "-n0" "-c0" "-n -0"
	"-n 18446744073709551615" "-c 18446744073709551615"
	"-5" "-3c" "-2k" "-1b" "-5v" "-5q" "-3z" "-z -n1" "-z -n-1" "-q" "-v"
	"--lines=2" "--lines=-2" "--bytes=3" "--li 2" "--zero" "--verbose -n1" "--quiet"
	"--silent" "-c 1k" "-c 1kB" "-c 1KiB" "-n 2 -c 3" "-c 3 -n 2")
INPUTS=("s20" "nonl" "empty" "nul" "longl" "s20 nonl" "nope s20" "dd s20" "''" "'' s20"
	"/dev/null" "-" "- -" "nonl s20" "s20 -")

@test "head matches GNU over options x inputs (files)" {
	local o f opts=("${OPTS[@]}")
	# reads nothing since 9.6 (no "error reading 'dd'"): the test below
	ref_since coreutils 9.6 && opts+=("-n -18446744073709551615")
	for o in "${opts[@]}"; do
		for f in "${INPUTS[@]}"; do
			gnu_case $o $f
		done
	done | gnu_batch head
}

@test "head matches GNU through a pipe" {
	local o f bad=0
	for f in s20 nonl empty nul longl s30k; do
		for o in "" "-n3" "-n-3" "-c5" "-c-5" "-n -100" "-c -100000" "-n 1" "-z -n1" "-c 1M"; do
			gnu_case $o
		done | gnu_batch head -P -i "$D/$f" || bad=1
	done
	[ $bad = 0 ]
}

@test "head bad input: GNU messages and status" {
	local a bad=0
	for a in "-n abc" "-c abc" "-n 1x" "-n ''" "-n -abc" "-n 99999999999999999999x" \
		"-c 1g" "-Q" "-n" "--bytes" "--foo" "--lines" \
		"-5x" "-n3 -5" "--verbose=1"; do
		eval gnu_same head $a s20 || bad=1
	done
	[ $bad = 0 ]
	run --separate-stderr env LC_ALL=C "$QBBIN/head" -n abc
	[ "$status" = 1 ]
	[ "$output" = "" ]
	[ "$stderr" = "$QBBIN/head: invalid number of lines: 'abc'" ]
}

@test "head counts as GNU: a sign or blank before a bare suffix, -c -N beyond off_t" {
	local a bad=0
	# a bare suffix is a count ("k" is 1024) only as the whole value
	for a in "-c +k" "-c k" "-n ' Y'" "-n ' k'" "-n '- k'" "-n -k" "-n ' 5'" "-n -+1" \
		"-c -9223372036854775807" "-n -8E" "-c 1x" "-c 1KiBx" "-c 1Ki" "-c 1bB"; do
		eval gnu_same head $a s20 || bad=1
	done
	[ $bad = 0 ]
}

# coreutils 9.6: "head -c NUM, head -n NUM ... no longer fail merely
# because NUM stands for 2**64 or more"; -c -N beyond off_t went with it,
# and so did reading nothing at all for -N of 2^64-1 (no error on a
# directory). R and Q (9.2) were an overflow before 9.6, as Z and Y.
@test "head: a count of 2^64 or more is the largest (coreutils 9.6), -N of it reads nothing" {
	local a bad=0
	if ref_since coreutils 9.6; then
		for a in "-n 18446744073709551616 s20" "-c 99999999999999999999 s20" "-c 1Z s20" \
			"-c99999999999999999999k s20" "-c 1R s20" "-c 1Q s20" \
			"-n -18446744073709551615 dd s20" "-c -18446744073709551615 nope dd" \
			"-c -9223372036854775808 s20" "-c -8E s20" "-n 3 -c -8E s20" \
			"-c -8E -n 3 s20" "-9999999999999999999999 s20"; do
			eval gnu_same head $a || bad=1
		done
	fi
	local s20='1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n'
	gnu_want 0 "$s20" '' head -n 18446744073709551616 s20 || bad=1
	gnu_want 0 "$s20" '' head -c 99999999999999999999 s20 || bad=1
	gnu_want 0 "$s20" '' head -c 1Z s20 || bad=1
	gnu_want 0 "$s20" '' head -c99999999999999999999k s20 || bad=1
	gnu_want 0 "$s20" '' head -c 1R s20 || bad=1
	gnu_want 0 "$s20" '' head -c 1Q s20 || bad=1
	gnu_want 0 "$s20" '' head -9999999999999999999999 s20 || bad=1
	gnu_want 0 '==> dd <==\n\n==> s20 <==\n' '' head -n -18446744073709551615 dd s20 || bad=1
	gnu_want 1 '==> dd <==\n' 'head: cannot open '\''nope'\'' for reading: No such file or directory\n' \
	    head -c -18446744073709551615 nope dd || bad=1
	gnu_want 0 '==> s20 <==\n' '' head -n -99999999999999999999 -v s20 || bad=1
	gnu_want 0 '' '' head -c -9223372036854775808 s20 || bad=1
	gnu_want 0 '' '' head -c -8E s20 || bad=1
	gnu_want 0 '' '' head -c -18446744073709551616 s20 || bad=1
	gnu_want 0 '' '' head -n 3 -c -8E s20 || bad=1
	gnu_want 0 '1\n2\n3\n' '' head -c -8E -n 3 s20 || bad=1
	[ $bad = 0 ]
}

@test "head --help and --version win over a later option's error, not an earlier one" {
	local a bad=0
	for a in "--help -n x" "-n x --help" "--help -Q" "-Q --help" "--version --bogus" \
		"--bogus --version" "--help -n" "-c -8E --version" "--version -c -8E" \
		"--help --version" "--version --help" "-n 1x --version"; do
		eval gnu_first_wins head $a || bad=1
	done
	[ $bad = 0 ]
	run --separate-stderr "$QBBIN/head" --help -n x
	[ "$status" = 0 ]
	[ "$stderr" = "" ]
	[ "${lines[0]}" = "Usage: head [OPTION]... [FILE]..." ]
}

@test "head quotes like GNU: file names shell-style in ASCII quotes, values by the locale's codeset" {
	emu_locale_skip
	local L a bad=0
	# values: 'x' in C, curly under any UTF-8 codeset (C.UTF-8 included)
	for L in C POSIX C.UTF-8 xx_YY.UTF-8; do
		for a in "-n x" "-c x" "-n $'a\001b'" "-n $'\303\251'" "-n $'it\\'s'" "-n 'a\\b'" \
			"-n $'\t\n'" "-n ''"; do
			(export LC_ALL=$L; eval gnu_same head $a) || bad=1
		done
	done
	[ $bad = 0 ]
	run --separate-stderr env LC_ALL=C.UTF-8 "$QBBIN/head" -n x
	[ "$stderr" = "$QBBIN/head: invalid number of lines: ‘x’" ]
	# file names: ASCII quotes whatever the locale
	run --separate-stderr env LC_ALL=C.UTF-8 "$QBBIN/head" nope
	[ "$stderr" = "$QBBIN/head: cannot open 'nope' for reading: No such file or directory" ]
	local l
	l=$(locale -a 2>/dev/null | grep -ixE 'en_US\.utf-?8' | head -n1)
	[ -n "$l" ] || skip "en_US.UTF-8 is not installed"
	run --separate-stderr env LC_ALL="$l" "$QBBIN/head" nope
	[ "$stderr" = "$QBBIN/head: cannot open 'nope' for reading: No such file or directory" ]
	(export LC_ALL=$l; gnu_same head -n x && gnu_same head $'\303\251' nope) || bad=1
	[ $bad = 0 ]
}

@test "head leaves a seekable stdin just past what it printed" {
	local o
	for o in -n1 -c3 -n-3 -c-5 "-n 20000" "-c 70000"; do
		[ "$( { "$QBBIN/head" $o > /dev/null; cat; } < "$D/s30k" | md5sum)" = \
		  "$( { "$REF/head" $o > /dev/null; cat; } < "$D/s30k" | md5sum)" ]
	done
	[ "$( { "$QBBIN/head" -n1; cat; } < "$D/s20")" = "$(cat "$D/s20")" ]
	run "$QBBIN/head" -n1 - - < "$D/s20"
	[ "$output" = "$(printf '==> standard input <==\n1\n\n==> standard input <==\n2')" ]
}

@test "head -n -N with too few lines leaves the offset where GNU does (after its first 8 KiB block back)" {
	local sz pre o a b bad=0
	# GNU reads back in 8 KiB blocks aligned on the start and stops after
	# the block at the start: at the end for 4,097-8,192 bytes, 8 KiB in
	# beyond that; a file of one st_blksize block or less is a stream
	for sz in 4000 4097 6000 8192 8193 13893 16385 40000; do
		seq 1 20000 | head -c $sz > "$BATS_TEST_TMPDIR/f"
		for pre in 0 7 5000; do
			for o in "-n -5000" "-n -100000" "-n -1" "-z -n -3"; do
				a=$({ "$REF/head" -c $pre > /dev/null; "$QBBIN/head" $o > /dev/null; wc -c; } < "$BATS_TEST_TMPDIR/f")
				b=$({ "$REF/head" -c $pre > /dev/null; "$REF/head" $o > /dev/null; wc -c; } < "$BATS_TEST_TMPDIR/f")
				[ "$a" = "$b" ] || { echo "differs: $sz bytes, $pre read, head $o: $a vs $b left"; bad=1; }
			done
		done
	done
	[ $bad = 0 ]
	seq 1 3000 > "$BATS_TEST_TMPDIR/f"
	[ "$( { "$QBBIN/head" -n -5000 > /dev/null; wc -c; } < "$BATS_TEST_TMPDIR/f")" = 5701 ]
}

@test "head on a pipe reads as GNU: -c N exactly N bytes, -n N in 8 KiB blocks; the rest stays in the pipe" {
	local o bad=0 a b
	# a here-string is a pipe holding all of its data before head reads
	for o in "-c 3" "-c 1" "-c 10000" "-c 200000" "-n 1" "-n 2000" "-n 4999" "-z -n 1" \
		"-n 0" "-c 0" "-c -5" "-n -5" "-c 3 - -" "-n 1 - -"; do
		a=$({ "$QBBIN/head" $o > /dev/null; wc -c; } <<< "$(seq 1 5000)")
		b=$({ "$REF/head" $o > /dev/null; wc -c; } <<< "$(seq 1 5000)")
		[ "$a" = "$b" ] || { echo "differs: head $o: $a vs $b left"; bad=1; }
		a=$("$QBBIN/head" $o <<< "$(seq 1 5000)" | md5sum)
		b=$("$REF/head" $o <<< "$(seq 1 5000)" | md5sum)
		[ "$a" = "$b" ] || { echo "differs: head $o output"; bad=1; }
	done
	[ $bad = 0 ]
	[ "$(printf 'abcdefgh\n' | { "$QBBIN/head" -c 3; cat; })" = "abcdefgh" ]
	run "$QBBIN/head" -c 3 - - < <(printf 'abcdefgh\n')
	[ "$output" = "$(printf '==> standard input <==\nabc\n==> standard input <==\ndef')" ]
}

@test "head and tail on files whose st_size lies (/sys: 4096 around a few bytes, /proc: 0) read to EOF as GNU" {
	local o f n=0 bad=0
	for f in /sys/kernel/profiling /sys/devices/system/cpu/online /sys/devices/system/cpu/possible \
		/proc/sys/kernel/ostype /proc/version; do
		[ -r "$f" ] || continue
		n=$((n + 1))
		for o in "-n -1" "-c -1" "-n 1" "-c 1" "-c -2" "-n -0" "-n 2" "-c 3"; do
			gnu_same head $o "$f" || bad=1
			gnu_same tail $o "$f" || bad=1
		done
		gnu_same tail -n +1 "$f" || bad=1
		gnu_same tail -c +2 "$f" || bad=1
		[ "$("$QBBIN/head" -c -1 < "$f" | od -c)" = "$("$REF/head" -c -1 < "$f" | od -c)" ] || bad=1
		[ "$("$QBBIN/tail" -c 1 < "$f" | od -c)" = "$("$REF/tail" -c 1 < "$f" | od -c)" ] || bad=1
	done
	[ $n -gt 0 ]
	[ $bad = 0 ]
	# the small-file path still leaves a seekable stdin just past the output
	[ "$( { "$QBBIN/head" -c -2 > /dev/null; cat; } < "$D/nonl")" = "$( { "$REF/head" -c -2 > /dev/null; cat; } < "$D/nonl")" ]
	[ "$( { "$QBBIN/head" -n -1 > /dev/null; cat; } < "$D/s20")" = "20" ]
}

@test "head write errors: message and 1 on a full disk, silent on EPIPE" {
	run --separate-stderr bash -c "'$QBBIN/head' -c 10 /dev/zero > /dev/full"
	[ "$status" = 1 ]
	[ "$stderr" = "$QBBIN/head: write error: No space left on device" ]
	run --separate-stderr bash -c "'$QBBIN/head' -c 200000 /dev/zero > /dev/full"
	[ "$status" = 1 ]
	[ "$stderr" = "$QBBIN/head: error writing 'standard output': No space left on device" ]
	run --separate-stderr bash -c "trap '' PIPE; '$QBBIN/head' -c 2000000 /dev/zero | head -c1 >/dev/null"
	[ "$stderr" = "" ]
}

@test "head -n with POSIXLY_CORRECT: options after operands are operands" {
	(export POSIXLY_CORRECT=1; gnu_same head s20 -n 2 || exit 1)
}

@test "head write errors on /dev/full: GNU's wording at GNU's flush points" {
	local a bad=0
	# 4096 is /dev/full's stdio buffer: below, at and above it; a header
	# before; a failed flush before a message, with and without data after
	for a in "-c 10 s30k" "-c 4095 s30k" "-c 4096 s30k" "-c 4097 s30k" "-c 70000 s30k" \
		"-c 1000 s30k nope" "-c 1000 s30k nope s30k" "-c 5000 s30k nope s30k" \
		"-c 1000 nope s30k s30k" "-c 2030 s30k s30k" "-c 2048 s30k s30k" \
		"-c 4081 -v s30k" "-c 4082 -v s30k" "-c 4083 -v s30k" "-n 1 s30k nope" \
		"-n 1000 s30k" "-n 1100 s30k" "-c 1000 s30k dd s30k" "-n 5 dd s20" \
		"-n -5 s20" "-n -5 s30k" "-c -150000 s30k" "-c 10" "-c 5000" "-n 10"; do
		gnu_full head $a || bad=1
	done
	[ $bad = 0 ]
}

@test "head: GNU's wording when its first write fails: 1 MiB after a header, a closed stdout sized by the input" {
	local a bad=0
	seq 1 300000 > "$D/s300k"
	# 1 MiB or more is sent by sendfile after a flush of what is buffered;
	# a closed stdout's place is taken by the input head opens, whose
	# st_blksize then sizes glibc's buffer (tail opens above fd 2)
	for a in "-v -c 2000000 s300k" "-v -c 1048576 s300k" "-v -c 1048575 s300k" \
		"-c 1048576 nope s300k" "-c 2000000 s300k s300k"; do
		gnu_full head $a || bad=1
	done
	for a in "-c 1000 s30k" "-c 4095 s30k" "-c 4096 s30k" "-c 5000 s30k" "-c 8192 s30k" \
		"-v -c 4080 s30k" "-c 5000" "-c 5000 - s30k" "-c 3000 s30k s30k" "-c 5000 nope s30k" \
		"-n 1000 s30k" "-c 5000 dd s30k"; do
		gnu_closed head $a || bad=1
		gnu_closed tail $a || bad=1
	done
	[ $bad = 0 ]
}

@test "head: a failed flush before a message keeps the message's own reason" {
	run --separate-stderr bash -c "cd '$D' && '$QBBIN/head' -c 1000 s30k nope > /dev/full"
	[ "$status" = 1 ]
	[ "${stderr_lines[0]}" = "$QBBIN/head: cannot open 'nope' for reading: No such file or directory" ]
}

@test "head '': a file name like any other (cannot open), not standard input" {
	gnu_same head '' || return 1
	gnu_same head -n1 s20 '' s20 || return 1
	run --separate-stderr "$QBBIN/head" '' < "$D/s20"
	[ "$status" = 1 ]
	[ "$output" = "" ]
	[ "$stderr" = "$QBBIN/head: cannot open '' for reading: No such file or directory" ]
}

@test "head quotes every byte of a name and a count as GNU does, C and C.UTF-8" {
	emu_locale_skip
	(export LC_ALL=C; gnu_bytes head) || return 1
	(export LC_ALL=C.UTF-8; gnu_bytes head) || return 1
	(export LC_ALL=C; gnu_same head $'a\001b'; gnu_same head $'\303\251') || return 1
	run --separate-stderr env LC_ALL=C "$QBBIN/head" $'a\001b'
	[ "$stderr" = "$QBBIN/head: cannot open 'a'\$'\\001''b' for reading: No such file or directory" ]
	run --separate-stderr env LC_ALL=C "$QBBIN/head" $'\303\251'
	[ "$stderr" = "$QBBIN/head: cannot open ''\$'\\303\\251' for reading: No such file or directory" ]
	run --separate-stderr env LC_ALL=C.UTF-8 "$QBBIN/head" $'\303\251'
	[ "$stderr" = "$QBBIN/head: cannot open 'é' for reading: No such file or directory" ]
	# a ' with something only "..." cannot hold; '#' and '~' only first,
	# braces never in "..." (gnulib's c_and_shell_quote_compat)
	local a
	for a in "it's" "a'\$" $'\'a\001' $'a\001\'' $'\001\'b' "#x" "x#" "~x" "a:b" \
		"#'" "{'" "x'{" "x'#" "~'" "x'~" "x{"; do
		(export LC_ALL=C; gnu_same head "$a") || return 1
	done
}


@test "head ambiguous and hidden long options: glibc's exact lines" {
	local a bad=0
	for a in "--v" "--v=1" "---" "---p" "---p=1" "---presume-input-pipe" "--verbose=1" "--c"; do
		gnu_same head $a s20 || bad=1
	done
	[ $bad = 0 ]
}

@test "head holding data back stops at the first failed write: dead pipe, closed stdout" {
	dead_pipe "$QBBIN/head" -n -1 || return 1
	dead_pipe "$QBBIN/head" -c -1 || return 1
	dead_pipe "$QBBIN/head" -n -100000 || return 1
	dead_pipe "$QBBIN/head" -n 10000000 || return 1
	local a bad=0
	for a in "-n 5" "-n -5" "-c 100000" "-n 5 s20" "-n 5 s20 nope" "-n -1 s30k" "-c -5 s20 s20"; do
		gnu_closed head $a || bad=1
	done
	[ $bad = 0 ]
	run --separate-stderr timeout 10 bash -c 'yes | "$1" -n -1 >&-' _ "$QBBIN/head"
	[ "$status" = 1 ]
	[ "$stderr" = "$QBBIN/head: error writing 'standard output': Bad file descriptor" ]
}

# gnulib's quotearg fix of April 2024 (coreutils 9.6, NEWS under ls and
# printf: "shell quoted output in the edge case of escaped first and last
# characters, and single quotes"): 9.1 left a '' too many or a $' out
@test "head quotes a name with a ' and unprintable first and last bytes as coreutils 9.6 and later" {
	local a
	if ref_since coreutils 9.6; then
		for a in $'a\'\001' $'\001a\'\001' $'\001\'\001'; do
			(export LC_ALL=C; gnu_same head "$a") || return 1
		done
	fi
	export LC_ALL=C
	gnu_want 1 '' 'head: cannot open '\''a'\''\\'\'''\'''\''$'\''\\001'\'' for reading: No such file or directory\n' head $'a\'\001' || return 1
	gnu_want 1 '' 'head: cannot open '\'''\''$'\''\\001'\'''\''a'\''\\'\'''\'''\''$'\''\\001'\'' for reading: No such file or directory\n' head $'\001a\'\001'
}

# the static build (musl, what initramfs users get) prints GNU's messages
# too: glibc's words for errors (musl says "Value too large for data
# type", "Symbolic link loop"), and GNU's stdio replayed with glibc's
# 8 KiB BUFSIZ (musl's is 1 KiB: head -c 1024 into /dev/full was worded
# as a write that overflowed the buffer)
@test "the static (musl) head/tail word errors as glibc and size GNU's stdio as glibc does" {
	command -v musl-gcc > /dev/null || skip "musl-gcc not installed (musl-tools)"
	local top s w=$BATS_TEST_TMPDIR
	top=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
	run make -s -C "$top" size SIZE_FAM=headtail SIZE_DIR="$w/sz"
	[ "$status" = 0 ]
	s=$w/sz/headtail/quickbox
	ln -s a "$w/loop"
	mv "$w/loop" "$w/a"
	st() { (cd "$D" && exec -a "$1" "$s" "${@:2}"); }
	run --separate-stderr bash -c 'cd "$1" && exec -a head "$2" -c 1024 s30k > /dev/full' _ "$D" "$s"
	[ "$stderr" = "head: write error: No space left on device" ]
	run --separate-stderr bash -c 'cd "$1" && exec -a head "$2" -c 5000 s30k > /dev/full' _ "$D" "$s"
	[ "$stderr" = "head: error writing 'standard output': No space left on device" ]
	run --separate-stderr st tail --pid=99999999999 s20
	[ "$stderr" = "tail: invalid PID: '99999999999': Value too large for defined data type" ]
	run --separate-stderr st head "$w/a"
	[ "$stderr" = "head: cannot open '$w/a' for reading: Too many levels of symbolic links" ]
	# the same as the installed GNU tools say
	run --separate-stderr bash -c 'cd "$1" && exec -a head "$2" -c 1024 s30k > /dev/full' _ "$D" "$REF/head"
	[ "$stderr" = "head: write error: No space left on device" ]
	run --separate-stderr bash -c 'cd "$1" && exec -a head "$2" "$3"' _ "$D" "$REF/head" "$w/a"
	[ "$stderr" = "head: cannot open '$w/a' for reading: Too many levels of symbolic links" ]
}
