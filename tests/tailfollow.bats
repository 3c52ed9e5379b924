#!/usr/bin/env bats
# tailfollow.bats: tail -f/-F, a closed stdin and endless devices, each
# scenario run with GNU /usr/bin/tail (coreutils 9.1) and with quickbox
# (argv[0] tail, LC_ALL=C), in a directory of its own: stdout, stderr and
# exit status must be the same. Every step waits for a condition (bounded),
# never for a fixed time, so a loaded machine only makes them slower; each
# run ends by the death of its --pid process.
load helpers

setup_file() {
	qbbin_setup
}

teardown() {
	local p
	for p in ${KILLME-}; do
		kill -CONT "$p" 2> /dev/null || true
		kill "$p" 2> /dev/null || true
	done
}

# until FILE has at least N (default 1) lines holding TEXT; 30 s at most
until_in() {
	local n=${3:-1} end=$((SECONDS + 30))
	while [ $SECONDS -le $end ]; do
		[ "$(grep -cF -- "$2" "$1" 2> /dev/null)" -ge "$n" ] && return 0
		sleep 0.01
	done
	echo "never showed in $1 ($n times): $2" >&2
	return 1
}

# follow SCENARIO TAIL-ARGS...: for GNU then quickbox, in $BATS_TEST_TMPDIR/
# gnu or qb ($d): SCENARIO_pre (if defined) prepares $d, tail starts there
# with the ARGS and --pid of a sleeper, SCENARIO drives it ($TPID is the
# tail), then the sleeper dies and tail must end (with NOPID set: no
# --pid, which changes how long tail sleeps, and tail is killed). $d/out, err, status stay
# for the caller; they must match between the two
follow() {
	local scen=$1 who bin s pidarg
	shift
	for who in gnu qb; do
		d="$BATS_TEST_TMPDIR/$who"
		bin="$REF/tail"
		if [ $who = qb ]; then bin="$QBBIN/tail"; fi
		rm -rf "$d"
		mkdir -p "$d"
		if declare -F "${scen}_pre" > /dev/null; then "${scen}_pre"; fi
		sleep 1000 3>&- &
		SPID=$!
		pidarg=(--pid=$SPID)
		if [ -n "${NOPID-}" ]; then pidarg=(); fi
		# (ULIM: an fd limit set once the redirections are done)
		# (NOPID: no --pid, tail is killed; it waits otherwise)
		(cd "$d" && exec > out 2> err && if [ -n "${ULIM-}" ]; then ulimit -n $ULIM; fi &&
		    exec -a tail "$bin" "$@" "${pidarg[@]}") 3>&- &
		TPID=$!
		KILLME="$SPID $TPID"
		"$scen"
		kill $SPID
		if [ -n "${NOPID-}" ]; then kill $TPID; fi
		s=0
		wait $TPID || s=$?
		echo $s > "$d/status"
		KILLME=
	done
	same_run
}

same_run() {
	local g="$BATS_TEST_TMPDIR/gnu" q="$BATS_TEST_TMPDIR/qb" f bad=0
	for f in out err status; do
		if ! cmp -s "$g/$f" "$q/$f"; then
			echo "$f differs (GNU first):"
			diff "$g/$f" "$q/$f" || true
			bad=1
		fi
	done
	return $bad
}

# ---- 1: several files: output in the order the data came ----
three_pre() {
	echo uno > "$d/one"
	echo dos > "$d/two"
	echo tres > "$d/three"
}
three() {
	until_in "$d/out" tres
	# both appends wait in the queue, three's first
	kill -STOP $TPID
	echo more >> "$d/three"
	echo also >> "$d/one"
	kill -CONT $TPID
	until_in "$d/out" also
}

@test "tail -f one two three: data in arrival order (three's before one's), as GNU" {
	follow three -f one two three
	[ "$(cat "$d/out")" = "$(printf '==> one <==\nuno\n\n==> two <==\ndos\n\n==> three <==\ntres\nmore\n\n==> one <==\nalso')" ]
	# polling (GNU's ---disable-inotify) looks at the files in order
	follow three ---disable-inotify -s 0.1 -f one two three
	[ "$(cat "$d/out")" = "$(printf '==> one <==\nuno\n\n==> two <==\ndos\n\n==> three <==\ntres\n\n==> one <==\nalso\n\n==> three <==\nmore')" ]
}

# ---- 1b: the last operand missing: GNU's "last shown" starts at it ----
lastgone_pre() {
	echo 1 > "$d/a"
}
lastgone() {
	until_in "$d/out" 1
	until_in "$d/err" "cannot open"
	if [ -z "${NOAPPEND-}" ]; then
		echo 2 >> "$d/a"
		until_in "$d/out" 2
	fi
	if [ -n "${APPEAR-}" ]; then
		echo 3 > "$d/nosuch"
		until_in "$d/out" 3
	fi
}

@test "tail -f a nosuch: a header before a's new data; -F: none when nosuch appears; as GNU" {
	follow lastgone -f a nosuch
	[ "$(cat "$d/out")" = "$(printf '==> a <==\n1\n\n==> a <==\n2')" ]
	follow lastgone ---disable-inotify -s .1 -f a nosuch
	APPEAR=1 follow lastgone -F -s .1 a nosuch
	[ "$(cat "$d/out")" = "$(printf '==> a <==\n1\n\n==> a <==\n2\n\n==> nosuch <==\n3')" ]
	APPEAR=1 NOAPPEND=1 follow lastgone -F -s .1 a nosuch
	[ "$(cat "$d/out")" = "$(printf '==> a <==\n1\n3')" ]
	APPEAR=1 follow lastgone -F -s .1 nosuch a
	APPEAR=1 follow lastgone ---disable-inotify -F -s .1 a nosuch
}

# ---- 2: -F on a name whose directory does not exist yet ----
missing_dir() {
	until_in "$d/err" "cannot open"
	mkdir "$d/missing"
	echo x > "$d/missing/file"
	until_in "$d/out" x
}

@test "tail -F missing/file: the directory and file appear later, as GNU" {
	follow missing_dir -F -s .1 --max-unchanged-stats=1 missing/file
	[ "$(cat "$d/out")" = x ]
	[ "$(cat "$d/err")" = "tail: cannot open 'missing/file' for reading: No such file or directory
tail: 'missing/file' has appeared;  following new file" ]
	follow missing_dir -F -s .1 ---disable-inotify missing/file
	# with a file open, inotify: the missing directory cannot be watched
	follow missing_dir -F -s .1 missing/file /dev/null
}

# ---- 3: the directory of a followed name is removed and made again ----
dir_gone_pre() {
	mkdir "$d/dir"
	echo a > "$d/dir/file"
}
dir_gone() {
	until_in "$d/out" a
	rm -r "$d/dir"
	until_in "$d/err" "reverting to polling"
	mkdir "$d/dir"
	touch "$d/dir/file"
	until_in "$d/err" "has appeared"
	echo new >> "$d/dir/file"
	until_in "$d/out" new
}

@test "tail -F dir/file: directory removed, polling, the file appears again, as GNU" {
	follow dir_gone -F -s .1 dir/file
	[ "$(cat "$d/out")" = "$(printf 'a\nnew')" ]
	[ "$(cat "$d/err")" = "tail: 'dir/file' has become inaccessible: No such file or directory
tail: directory containing watched file was removed
tail: inotify cannot be used, reverting to polling
tail: 'dir/file' has appeared;  following new file" ]
}

# ---- 4: --retry on a missing name, then a truncation ----
retry_missing() {
	until_in "$d/err" "cannot open"
	echo X1 > "$d/missing"
	until_in "$d/out" X1
	echo X > "$d/missing"
	until_in "$d/err" truncated
	until_in "$d/out" X 2
}

@test "tail --retry missing (descriptor and name): appears, then is truncated, as GNU" {
	# without --pid: nothing but the polling finds the new file
	NOPID=1 follow retry_missing -s .1 --max-unchanged-stats=1 --follow=descriptor --retry missing
	[ "$(cat "$d/out")" = "$(printf 'X1\nX')" ]
	[ "$(cat "$d/err")" = "tail: warning: --retry only effective for the initial open
tail: cannot open 'missing' for reading: No such file or directory
tail: 'missing' has appeared;  following new file
tail: missing: file truncated" ]
	NOPID=1 follow retry_missing -s .1 --max-unchanged-stats=1 --follow=name --retry missing
	follow retry_missing -s .1 --retry -f missing
}

# ---- 5 and 16: a closed standard input ----
# closed TOOL ARGS: both tools with stdin closed (20 s guard)
closed() {
	local t=$1 who bin
	shift
	for who in gnu qb; do
		d="$BATS_TEST_TMPDIR/$who"
		mkdir -p "$d"
		bin="$REF/$t"
		if [ $who = qb ]; then bin="$QBBIN/$t"; fi
		s=0
		timeout 20 bash -c 'cd "$1" && exec -a "$2" "$3" "${@:4}" <&-' _ \
		    "$d" "$t" "$bin" "$@" > "$d/out" 2> "$d/err" || s=$?
		echo $s > "$d/status"
	done
	same_run || { echo "with stdin closed: $t $*"; return 1; }
}

@test "tail -f - <&-, tail <&-, head <&-: GNU's messages and the close of stdin" {
	emu_skip "qemu-user's binfmt_misc entry (flag O) has the kernel open the binary for qemu: with stdin closed that file is fd 0, which the guest reads"
	local a bad=0 follow=
	# -f: said once since 9.8, and "no files remaining" exits since 9.6
	ref_since coreutils 9.8 && follow=1
	for a in ${follow:+"-f -" "-f" "-f -n 0"} "" "-c 3" "-n +0" "- -" "-q - -" "-n 0" "-c 1 /dev/null"; do
		closed tail $a || bad=1
	done
	for a in "" "-c 0" "-n 0" "-n -0" "-c -1" "-n 3 -" "- -" "-c 0 -" "/dev/null"; do
		closed head $a || bad=1
	done
	[ $bad = 0 ]
	# as coreutils 9.11 printed it (recorded from 9.11 built from source:
	# tail -f - <&-, and the same for -f and -f -n 0)
	for a in "-f -" "-f" "-f -n 0"; do
		run --separate-stderr timeout 20 bash -c 'exec -a tail "$1" ${@:2} <&-' _ "$QBBIN/tail" $a
		[ "$status" = 1 ]
		[ "$output" = "" ]
		[ "$stderr" = "tail: cannot fstat 'standard input': Bad file descriptor
tail: no files remaining" ]
	done
	closed head -c 0
	[ "$(cat "$d/status")" = 1 ]
	[ "$(cat "$d/err")" = "head: -: Bad file descriptor" ]
}

# ---- 6: rotations must not leak inotify watches ----
# the watches left: distinct ids inotify_add_watch gave, minus removals
live_watches() {
	awk '/inotify_add_watch\(/ && $NF ~ /^[0-9]+$/ { id[$NF] = 1 }
	    /inotify_rm_watch\(/ && $NF == "0" { rm++ }
	    END { n = 0; for (i in id) n++; print n - rm }' "$1"
}

rotate_pre() {
	: > "$d/k"
}
rotate() {
	local i
	for i in 1 2 3 4 5; do
		echo tailed > "$d/k"
		until_in "$d/out" tailed $i
		mv "$d/k" "$d/k.tmp"
		until_in "$d/err" inaccessible $i
	done
}

@test "tail -F k, rotated five times: the old watch is removed each time, as GNU" {
	local n=()
	for who in gnu qb; do
		d="$BATS_TEST_TMPDIR/$who"
		bin="$REF/tail"
		if [ $who = qb ]; then bin="$QBBIN/tail"; fi
		rm -rf "$d"
		mkdir -p "$d"
		rotate_pre
		sleep 1000 3>&- &
		SPID=$!
		(cd "$d" && exec strace -f -o st -e trace=inotify_add_watch,inotify_rm_watch \
		    "$bin" -F --pid=$SPID k > out 2> err) 3>&- &
		TPID=$!
		KILLME="$SPID $TPID"
		until_in "$d/st" inotify_add_watch 2
		rotate
		kill $SPID
		wait $TPID
		KILLME=
		n+=("$(live_watches "$d/st")")
		grep -c inotify_rm_watch "$d/st"
	done
	echo "live watches: GNU ${n[0]}, quickbox ${n[1]}"
	[ "${n[1]}" = "${n[0]}" ]
	# the directory's and the last file's
	[ "${n[1]}" -le 2 ]
	cmp "$BATS_TEST_TMPDIR/gnu/out" "$BATS_TEST_TMPDIR/qb/out"
}

# ---- 7: no inotify watch on a character device ----
# watches OUT TAIL ARGS...: how many inotify watches TAIL adds while it
# follows ARGS for 2 s (its --pid, a sleeper, then ends), into OUT
watches() {
	local o=$1
	shift
	sleep 2 3>&- &
	strace -f -o "$o.st" -e trace=inotify_add_watch "$@" --pid=$! > /dev/null 2>&1 3>&-
	grep -c '^[0-9]* *inotify_add_watch' "$o.st" > "$o" || true
}

@test "tail -f /dev/null: no inotify watch on a character device, as GNU" {
	local a i=0 t=$BATS_TEST_TMPDIR
	seq 1 3 > "$t/f"
	# the six follows side by side: 2 s in all, not 1 s each
	for a in "/dev/null" "/dev/null $t/f" "$t/f"; do
		i=$((i + 1))
		watches "$t/g$i" "$REF/tail" -f -s 0.1 $a &
		watches "$t/q$i" "$QBBIN/tail" -f -s 0.1 $a &
	done
	wait
	for i in 1 2 3; do
		echo "case $i: GNU $(cat "$t/g$i"), quickbox $(cat "$t/q$i")"
		[ "$(cat "$t/q$i")" = "$(cat "$t/g$i")" ]
	done
	# a regular file alone is watched (the count above can fail)
	[ "$(cat "$t/q3")" = 1 ]
}

# ---- inotify unavailable: polling, with GNU's words ----
nofds() {
	until_in "$d/err" "reverting to polling"
	echo more >> "$d/f"
	until_in "$d/out" more
}
nofds_pre() {
	seq 1 3 > "$d/f"
}

@test "tail -f when inotify_init fails (no fd left): polls and says so, as GNU" {
	emu_skip "qemu-user needs descriptors of its own (its binary, its shared libraries): under a limit of 4 it cannot start"
	ULIM=4 follow nofds -f -s 0.1 f
	[ "$(cat "$d/err")" = "tail: inotify cannot be used, reverting to polling: Too many open files" ]
	[ "$(cat "$d/out")" = "$(printf '1\n2\n3\nmore')" ]
}

# ---- 17: endless devices ----
@test "tail -c 4096 /dev/zero ends with 4096 NULs (coreutils 9.6+; 9.1 never ends)" {
	timeout 20 "$QBBIN/tail" -c 4096 /dev/zero > "$BATS_TEST_TMPDIR/z"
	"$REF/head" -c 4096 /dev/zero | cmp - "$BATS_TEST_TMPDIR/z"
	run -0 bash -c "timeout 20 '$QBBIN/tail' -c 100 /dev/urandom | wc -c"
	[ "$output" = 100 ]
	run -0 bash -c "timeout 20 '$QBBIN/tail' -c 100 /dev/null | wc -c"
	[ "$output" = 0 ]
	# GNU 9.6 and later end too (9.1 reads /dev/zero for ever)
	if ref_since coreutils 9.6; then
		timeout 20 "$REF/tail" -c 4096 /dev/zero | cmp - "$BATS_TEST_TMPDIR/z"
	fi
}

# coreutils 9.6 ("--follow=name no longer waits indefinitely for watched
# file names that are moved elsewhere", "without --retry, will
# consistently exit with failure status ... when all followed files
# become inaccessible"), worded as 9.8 and later say it: recorded from
# coreutils 9.11 built from source, in both loops
@test "tail --follow=name without --retry: a name moved away ends it, 'has become inaccessible', as GNU 9.8+" {
	local ino out=$BATS_TEST_TMPDIR/out err=$BATS_TEST_TMPDIR/err t s
	cd "$BATS_TEST_TMPDIR"
	for ino in '' '---disable-inotify'; do
		printf 'a\n' > file
		timeout 20 bash -c 'exec -a tail "$@"' _ "$QBBIN/tail" --follow=name -s.1 \
		    --max-unchanged-stats=1 $ino file > "$out" 2> "$err" &
		t=$!
		wait_for "$out" a
		printf 'b\n' >> file
		wait_for "$out" b   # following now
		mv file file.unfollow
		s=0
		wait "$t" || s=$?
		echo "[$ino] $s $(cat "$err")"
		[ "$s" = 1 ]
		[ "$(cat "$err")" = "tail: 'file' has become inaccessible: No such file or directory
tail: no files remaining" ]
		rm -f file.unfollow
	done
}

# coreutils 9.6 ("--pid=PID will now exit when the PID dies, even in the
# presence of blocking inputs like unopened fifos"): the FIFO is opened
# non-blocking when --pid (or another file) may end the follow
@test "tail -f --pid=PID on a FIFO without a writer ends when PID does (GNU 9.6+)" {
	cd "$BATS_TEST_TMPDIR"
	mkfifo fifo
	sh -c 'exit 0' &
	local dead=$!
	wait "$dead"
	run --separate-stderr timeout 10 "$QBBIN/tail" -f -s.1 --pid="$dead" fifo
	[ "$status" = 0 ]
	[ "$output" = "" ]
	[ "$stderr" = "" ]
	if ref_since coreutils 9.6; then
		run --separate-stderr timeout 10 "$REF/tail" -f -s.1 --pid="$dead" fifo
		[ "$status" = 0 ]
	fi
	rm -f fifo
}
