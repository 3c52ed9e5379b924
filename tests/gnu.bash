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

# run the tool as argv[0]=NAME from both builds on stdin s20; compare
gnu_same() {
	local t=$1 in=${STDIN:-s20}
	shift
	local r1=0 r2=0
	(cd "$D" && exec -a "$t" "$QBBIN/$t" "$@") < "$D/$in" > "$D/o1" 2> "$D/e1" || r1=$?
	(cd "$D" && exec -a "$t" "$REF/$t" "$@") < "$D/$in" > "$D/o2" 2> "$D/e2" || r2=$?
	if ! cmp -s "$D/o1" "$D/o2" || ! cmp -s "$D/e1" "$D/e2" || [ $r1 != $r2 ]; then
		echo "differs: $t $* (status $r1 vs $r2)"
		diff <(od -c "$D/o1" | head -20) <(od -c "$D/o2" | head -20)
		diff "$D/e1" "$D/e2"
		return 1
	fi
}

# stdout is /dev/full: stderr and status must match GNU's (wording and
# timing of its stdio flushes: tails_out.c)
gnu_full() {
	local t=$1 in=${STDIN:-s30k}
	shift
	local r1=0 r2=0
	(cd "$D" && exec -a "$t" "$QBBIN/$t" "$@") < "$D/$in" > /dev/full 2> "$D/e1" || r1=$?
	(cd "$D" && exec -a "$t" "$REF/$t" "$@") < "$D/$in" > /dev/full 2> "$D/e2" || r2=$?
	if ! cmp -s "$D/e1" "$D/e2" || [ $r1 != $r2 ]; then
		echo "differs on /dev/full: $t $* (status $r1 vs $r2)"
		diff "$D/e1" "$D/e2"
		return 1
	fi
}

# the same through a pipe
gnu_same_pipe() {
	local t=$1 in=$2
	shift 2
	cat "$D/$in" | (exec -a "$t" "$QBBIN/$t" "$@") > "$D/o1" 2> "$D/e1" || true
	cat "$D/$in" | (exec -a "$t" "$REF/$t" "$@") > "$D/o2" 2> "$D/e2" || true
	cmp -s "$D/o1" "$D/o2" && cmp -s "$D/e1" "$D/e2" || { echo "differs (pipe): $t $* < $in"; return 1; }
}
