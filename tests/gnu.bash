# gnu.bash: shared by head.bats and tail.bats (load gnu): the input files
# and the differential runners against the GNU tools in $REF.

setup_file() {
	qbbin_setup
	D="$BATS_FILE_TMPDIR/in"
	mkdir -p "$D/dd"
	cd "$D" || return 1
	seq 1 20 > s20
	printf '1\n2\n3' > nonl
	: > empty
	printf 'a\0b\0c\0d' > nul
	# lines over 1 MiB, the last one unterminated
	{ head -c 1100000 /dev/zero | tr '\0' x; echo; head -c 1200000 /dev/zero | tr '\0' y; echo
	  head -c 1100000 /dev/zero | tr '\0' z; } > longl
	seq 1 30000 > s30k
	export D
}

# the runners below go through tests/qbdiff.c: both binaries as
# argv[0]=NAME in $D, stdout, stderr and status compared byte for byte;
# a difference is named on stdout with the first byte where it parts

# run the tool from both builds on stdin $STDIN (default s20); compare
gnu_same() {
	local t=$1
	shift
	"$TESTBIN/qbdiff" -C "$D" -i "$D/${STDIN:-s20}" "$t" "$QBBIN/$t" "$REF/$t" "$@"
}

# gnu_batch NAME [QBDIFF-OPTION...] < CASES: every case of CASES (written
# by gnu_case) in one qbdiff run, on stdin $STDIN (default s20)
gnu_batch() {
	local t=$1
	shift
	"$TESTBIN/qbdiff" -C "$D" -i "$D/${STDIN:-s20}" "$@" -b - "$t" "$QBBIN/$t" "$REF/$t"
}

# one case of a batch: its arguments, each ended by a NUL, after their count
gnu_case() {
	printf '%s\0' $# "$@"
}

# stdout is /dev/full: stderr and status must match GNU's (wording and
# timing of its stdio flushes: core/records/outfail.c)
gnu_full() {
	local t=$1
	shift
	"$TESTBIN/qbdiff" -o full -C "$D" -i "$D/${STDIN:-s30k}" "$t" "$QBBIN/$t" "$REF/$t" "$@"
}

# the same through a pipe: gnu_same_pipe NAME INPUT ARG...
gnu_same_pipe() {
	local t=$1 in=$2
	shift 2
	"$TESTBIN/qbdiff" -P -C "$D" -i "$D/$in" "$t" "$QBBIN/$t" "$REF/$t" "$@"
}

# the same with stdout closed (>&-): stderr and status must match GNU's
gnu_closed() {
	local t=$1
	shift
	"$TESTBIN/qbdiff" -o closed -C "$D" -i "$D/${STDIN:-s30k}" "$t" "$QBBIN/$t" "$REF/$t" "$@"
}

# a writer into a pipe whose reader has left, SIGPIPE ignored, from an
# endless input: must end (10 s guard against a hang), silent, status 1
# (quickbox's documented EPIPE rule); with SIGPIPE at its default: 141
dead_pipe() {
	run --separate-stderr timeout 10 python3 "$BATS_TEST_DIRNAME/deadpipe.py" ignore "$@"
	[ "$status" = 1 ] && [ "$stderr" = "" ] || { echo "SIGPIPE ignored: $* gave $status [$stderr]"; return 1; }
	run --separate-stderr timeout 10 python3 "$BATS_TEST_DIRNAME/deadpipe.py" default "$@"
	[ "$status" = 141 ] || { echo "SIGPIPE default: $* gave $status"; return 1; }
}

# the GNU tool and quickbox, for every byte 1..255 but the newline in a
# file name ("cannot open", shell style) and in a count (quote() style)
gnu_bytes() {
	local t=$1 i b
	for i in $(seq 1 255); do
		[ $i = 10 ] && continue
		printf -v b %03o $i
		printf -v b "\\$b"
		gnu_case "a${b}b"
		gnu_case -n "a${b}b"
	done | gnu_batch $t
}

# --help/--version and GNU's own: stdout differs by design, so the status
# and stderr are compared, and what stdout starts with
gnu_first_wins() {
	local t=$1 r1=0 r2=0
	shift
	(cd "$D" && exec -a "$t" "$QBBIN/$t" "$@") > "$D/o1" 2> "$D/e1" < /dev/null || r1=$?
	(cd "$D" && exec -a "$t" "$REF/$t" "$@") > "$D/o2" 2> "$D/e2" < /dev/null || r2=$?
	if ! cmp -s "$D/e1" "$D/e2" || [ $r1 != $r2 ] ||
	    [ "$(head -c 6 "$D/o1")" != "$(head -c 6 "$D/o2")" ]; then
		echo "differs: $t $* (status $r1 vs $r2)"
		diff "$D/e1" "$D/e2"
		return 1
	fi
}

# gnu_want STATUS OUT ERR NAME ARG...: quickbox as NAME in $D (stdin
# $STDIN, default /dev/null) must print OUT on stdout and ERR on stderr
# (both printf %b) and end with STATUS. For the behaviours GNU changed
# after 9.1: the expectations were recorded from coreutils 9.11 built
# from its sources (the 9.10 release tarball with 9.11's head and tail
# sources put in; gnulib has no change for them between the two), each case
# run as NAME ARG... in a directory holding $D's files, and written out
# byte for byte; a test also compares with "$REF/NAME" where
# `ref_since coreutils VER` says the installed one already behaves so
gnu_want() {
	local st=$1 out=$2 err=$3 t=$4 s=0 w=$BATS_TEST_TMPDIR/want in=/dev/null
	shift 4
	[ -z "${STDIN-}" ] || in=$D/$STDIN
	(cd "$D" && exec -a "$t" "$QBBIN/$t" "$@") > "$w.o" 2> "$w.e" < "$in" || s=$?
	printf %b "$out" > "$w.wo"
	printf %b "$err" > "$w.we"
	if [ "$s" != "$st" ] || ! cmp -s "$w.o" "$w.wo" || ! cmp -s "$w.e" "$w.we"; then
		echo "differs from coreutils 9.11: $t $* (status $s, 9.11 $st)"
		diff "$w.e" "$w.we"
		cmp "$w.o" "$w.wo"
		return 1
	fi
}

# gnu_run_redir REDIRS BIN ARG...: BIN as argv[0]=its name in $D with
# REDIRS (e.g. '<&- >&-') applied, at most 20 s
gnu_run_redir() {
	local r=$1 b=$2
	shift 2
	timeout 20 bash -c "cd \"\$1\" && exec -a \"\${2##*/}\" \"\$2\" \"\${@:3}\" $r" _ "$D" "$b" "$@"
}
