#!/usr/bin/env bats
# pw.bats: pw (pf --actions=wait): wait for any / all (Wait), --limit,
# zombies count as exited; in private PID namespaces.
# bats-count: alone: waits timed against -D and --limit (pw back within a
# tenth of -D 10: 1 s).
load helpers

# pidfds PID N: wait until PID holds N pidfds (it selected its targets);
# under make check-seccomp there are none to see: give it a moment
pidfds() {
	local i
	[ -z "${QB_SECCOMP-}" ] || { sleep 0.5; return 0; }
	for ((i = 0; i < 1000; i++)); do
		[ "$(ls -l /proc/$1/fd 2>/dev/null | grep -c pidfd)" -ge "$2" ] && return 0
		sleep 0.01
	done
	return 1
}
export -f pidfds

setup() {
	has_applet pw
	qbbin_setup
	export FIXDIR="$BATS_TEST_TMPDIR"
}

@test "pw returns when the process exits; exit 0" {
	run in_ns 'fix -n waitme -c TERM -x; p=$FIXPID
		"$QBBIN/pw" waitme & w=$!; pidfds $w 1
		kill -0 $w && echo "still waiting"; kill $p; wait $w; echo "pw st=$?"'
	[ "$output" = "$(printf 'still waiting\npw st=0')" ]
}

@test "a zombie has exited: pw returns at once" {
	run in_ns 'fix -n par -z zz; timeout 10 "$QBBIN/pw" zz; echo st=$?'
	[ "$output" = "st=0" ]
}

@test "wait (any) returns on the first exit; Wait (all) gives up after -l, exit 5" {
	run in_ns 'fix -n par -z both; fix -n both; timeout 10 "$QBBIN/pw" both; echo any=$?
		t0=$(date +%s%N); timeout 10 "$QB" pf -a Wait -l 0.3 both; echo all=$?; t1=$(date +%s%N)
		echo $(( (t1 - t0) / 1000000 )); kill -0 $FIXPID && echo alive'
	[ "${lines[0]}" = "any=0" ]
	[ "${lines[1]}" = "all=5" ]
	[ "${lines[2]}" -ge 300 ]   # a lower bound: it waited the limit
	[ "${lines[3]}" = "alive" ]
}

@test "pw -a Wait waits for all (-a replaces pw's default wait); pw -a echo only prints" {
	run in_ns 'fix -n two -c TERM -x; a=$FIXPID; fix -n two -c TERM -x; b=$FIXPID
		"$QBBIN/pw" -a Wait -p $a,$b & w=$!; pidfds $w 2
		kill $a; sleep 0.3; kill -0 $w && echo "one left"
		kill $b; wait $w; echo "st=$?"
		fix -n three; c=$FIXPID
		timeout 10 "$QBBIN/pw" -a echo -p $c; echo "echo st=$?"; echo $c'
	echo "$output"
	[ "${lines[0]}" = "one left" ]
	[ "${lines[1]}" = "st=0" ]
	[ "${lines[2]}" = "${lines[4]}" ]
	[ "${lines[3]}" = "echo st=0" ]
}

# PID STATUS lines without those of PID (its status is another test's)
without() { grep -v "^$1 "; }
export -f without

@test "-l expires before the wait is done: exit 5; --exitStatus says which still run" {
	run in_ns "$(cat <<-'EOF'
	fix -n stays; s=$FIXPID; fix -n par -z gone; z=$("$REF/pgrep" -x gone)
	testing "wait: exit 5" "qb pw -l 0.2 -p $s; echo st=\$?" "st=5\n"
	testing "--exitStatus, one process: running, exit 5" "qb pw --exitStatus -l 0.2 -p $s; echo st=\$?" "$s running\nst=5\n"
	testing "Wait: one exited, one running" "qb pw -a Wait --exitStatus -l 0.2 -p $z,$s | without $z; echo st=\${PIPESTATUS[0]}" "$s running\nst=5\n"
	testing "wait (any) done in time: exit 0, the other one running" "qb pw --exitStatus -l 5 -p $z,$s | without $z; echo st=\${PIPESTATUS[0]}" "$s running\nst=0\n"
	testing "pf -a Wait too" "qb pf -a Wait -l 0.2 -p $s; echo st=\$?" "st=5\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "Wait returns once all have exited" {
	run in_ns 'fix -n two -c TERM -x; a=$FIXPID; fix -n two -c TERM -x; b=$FIXPID
		"$QB" pf -a Wait two & w=$!; pidfds $w 2
		kill $a; sleep 0.1; kill -0 $w && echo "one left"
		kill $b; wait $w; echo "st=$?"'
	[ "$output" = "$(printf 'one left\nst=0')" ]
}

@test "nothing selected: return at once, exit 1; count prints before waiting" {
	run in_ns '"$QBBIN/pw" nosuch; echo st=$?; fix -n par -z zc; "$QBBIN/pw" -a count zc'
	[ "$output" = "$(printf 'st=1\n1')" ]
}

@test "--exitStatus: PID STATUS per exited process; with one process, pw exits with it" {
	emu_skip "qemu-user does not pass the PIDFD_GET_INFO ioctl to the kernel (pw prints unknown)"
	seccomp_skip "exit statuses read through a pidfd (PIDFD_GET_INFO); without it pw prints unknown"
	run in_ns "$(cat <<-'EOF'
	mkfifo "$FIXDIR/go"
	sh -c 'read x < "$1"; exit 7' sh "$FIXDIR/go" & a=$!
	"$QBBIN/pw" --exitStatus -p $a > "$FIXDIR/o1" & w=$!; pidfds $w 1
	echo > "$FIXDIR/go"; wait $w; echo "rc=$?"
	testing "exit code" "cat '$FIXDIR/o1'" "$a 7\n"
	fix -n killme -c USR1; k=$FIXPID
	"$QBBIN/pw" --exitStatus killme > "$FIXDIR/o2" & w=$!; pidfds $w 1
	kill -TERM $k; wait $w; echo "rc=$?"
	testing "killed by TERM: 128+15" "cat '$FIXDIR/o2'" "$k 143\n"
	fix -n both -c TERM -x; b1=$FIXPID; fix -n both -c TERM -x; b2=$FIXPID
	"$QB" pf -a Wait --exitStatus both > "$FIXDIR/o3" & w=$!; pidfds $w 2
	kill -TERM $b1 $b2; wait $w; echo "rc=$?"
	testing "several: one line each, usual exit status" "sort -n '$FIXDIR/o3'" "$b1 0\n$b2 0\n"
	fix -n par -z zz; z=$("$REF/pgrep" -x zz)
	testing "a zombie nobody reaps: its status from /proc" "qb pw --exitStatus zz; echo rc=\$?" "$z 0\nrc=0\n"
	fix -n par -z zz2; z2=$("$REF/pgrep" -x zz2)
	testing "two of them: the usual status" "qb pf -a Wait --exitStatus 'zz\$' zz2 | sort -n; echo rc=\$?" "$(printf '%s 0\n' $(printf '%s\n' $z $z2 | sort -n))\nrc=0\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(grep rc= <<<"$output")" = "$(printf 'rc=7\nrc=143\nrc=0')" ]
}

# zomb 'SH': a zombie that ran the sh script SH, whose parent never reaps
# it; its PID in $z
zomb() {
	local par i
	sh -c 'sh -c "$0" & exec sleep 600' "$1" & par=$!
	for ((i = 0; i < 1000; i++)); do
		z=$("$REF/pgrep" -r Z -P $par) && return 0
		sleep 0.01
	done
	return 1
}
export -f zomb

@test "--exitStatus: a zombie's status from /proc/PID/stat when its parent does not reap it; unknown (4) when nothing can tell" {
	emu_skip "qemu-user does not pass the PIDFD_GET_INFO ioctl to the kernel"
	run in_ns "$(cat <<-'EOF'
	zomb 'exit 7'; a=$z; zomb 'kill -TERM $$'; b=$z; zomb 'kill -KILL $$'; c=$z
	testing "exit 7" "qb pw --exitStatus -p $a; echo rc=\$?" "$a 7\nrc=7\n"
	testing "killed by TERM: 128+15" "qb pw --exitStatus -p $b; echo rc=\$?" "$b 143\nrc=143\n"
	testing "three: one line each" "qb pf -a Wait --exitStatus -p $a,$b,$c; echo rc=\$?" "$a 7\n$b 143\n$c 137\nrc=0\n"
	testing "no pidfds: /proc still tells" "'$TESTBIN/qbsecc' ENOSYS pidfd -- '$QB' pw --exitStatus -p $a; echo rc=\$?" "$a 7\nrc=7\n"
	testing "a zombie of another user's: /proc shows 0, pw says unknown" "setpriv --reuid=65534 --regid=65534 --clear-groups '$QB' pw --exitStatus -p $a; echo rc=\$?" "$a unknown\nrc=4\n"
	mkfifo "$FIXDIR/go"; sh -c 'read x < "$1"; exit 3' sh "$FIXDIR/go" & r=$!
	"$TESTBIN/qbsecc" ENOSYS pidfd -- "$QB" pw --exitStatus -p $r > "$FIXDIR/o" & w=$!
	# pw selects r and waits (polling); stopped, it cannot see r as a
	# zombie (that would tell the status): r exits and is reaped first
	polling $w; kill -STOP $w; echo > "$FIXDIR/go"; wait $r
	kill -CONT $w; wait $w; echo "rc=$?"
	testing "reaped by its parent, no pidfd: unknown" "cat '$FIXDIR/o'" "$r unknown\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$output" = "rc=4" ]
}

# polling PID: wait (up to 10 s) until PID sleeps in poll(2), i.e. pw has
# selected its targets and waits (the kernel may not name the wait:
# then a fixed pause)
polling() {
	local i w
	for ((i = 0; i < 1000; i++)); do
		w=$(cat /proc/$1/wchan 2>/dev/null)
		[[ "$w" == *poll* ]] && return 0
		[ "$w" = 0 ] && { sleep 0.5; return 0; }
		sleep 0.01
	done
	return 1
}
export -f polling

@test "pw returns as the last target exits, with or without pidfds: not a -D later (ratio against -D 10)" {
	run in_ns 'ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
	for pre in "" "$TESTBIN/qbsecc ENOSYS pidfd --"; do
		fix -n waitme -c TERM -x; a=$FIXPID; fix -n waitme -c TERM -x; b=$FIXPID
		$pre "$QB" pf -a Wait -D 10 waitme & w=$!; polling $w
		kill $a; sleep 0.1; t0=$(date +%s%N); kill $b; wait $w; echo "pw st=$?"; t=$(ms $t0)
		[ $((t * 10)) -lt 10000 ] && echo "returned before -D/10" || echo "took $t ms of -D 10 s"
	done'
	echo "$output"
	[ "$output" = "$(printf "pw st=0\nreturned before -D/10\npw st=0\nreturned before -D/10")" ]
}

@test "--appear: wait until a process is selected, then act (pw: echo); -l bounds it" {
	run in_ns "$(cat <<-'EOF'
	"$QBBIN/pw" --appear -l 20 lateproc > "$FIXDIR/o" & w=$!
	sleep 0.1; kill -0 $w && echo "still waiting"
	fix -n lateproc; p=$FIXPID; wait $w; echo "pw st=$?"
	testing "then echo" "cat '$FIXDIR/o'" "$p\n"
	"$QBBIN/pk" --appear -l 20 -s USR1 late2 & w=$!
	fix -n late2 -c USR1 -l "$FIXDIR/log"; wait $w; echo "pk st=$?"
	wait_for "$FIXDIR/log" SIGUSR1 && echo signalled
	testing "-l: none appeared" "qb pw --appear -l 0.2 nosuch; echo st=\$?" "st=1\n"
	fix -n par -z zlate; z=$("$REF/pgrep" -x zlate)
	testing "given actions: echo, then wait" "qb pw --appear -a echo -l 5 zlate" "$z\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(grep -v FAIL <<<"$output")" = "$(printf 'still waiting\npw st=0\npk st=0\nsignalled')" ]
}
