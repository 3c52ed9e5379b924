#!/usr/bin/env bats
# churn.bats: pk and the parallel scan while processes are born and die
# at ~1000/s (qbfix -C, in a private PID namespace, under a pids cgroup
# limit when one can be made): no crash, no signal to a process that was
# not selected (every churner logs what it catches), documented status.
# bats-count: alone: the churner forks ~1000 processes a second and the
# rounds must overlap it; a neighbouring file starves or outpaces it.
load helpers

setup() {
	need_root
	W=$(mktemp -d); export W
	# a pids limit for everything the test starts (cgroup v1 or v2)
	CG=
	for d in /sys/fs/cgroup/pids /sys/fs/cgroup; do
		if [ -e "$d/cgroup.procs" ] && mkdir "$d/qbchurn.$$" 2>/dev/null; then
			CG=$d/qbchurn.$$
			echo 400 >"$CG/pids.max" 2>/dev/null || { rmdir "$CG"; CG=; }
			[ -n "$CG" ] && break
		fi
	done
	export CG
}

teardown() {
	if [ -n "$CG" ]; then
		for i in $(seq 100); do rmdir "$CG" 2>/dev/null && break; sleep 0.05; done
	fi
	rm -rf "$W"
}

# the namespace's processes join the limited cgroup first
churn_ns() {
	in_ns "[ -z \"\$CG\" ] || echo \$BASHPID > \"\$CG/cgroup.procs\"; $1"
}

@test "churn: pk signals only its targets, one and two threads, -1 first" {
	emu_skip "qemu-user shifts real-time signal numbers (signal 40 reaches the fixtures as 42)"
	run churn_ns "$(cat <<-'EOF'
	for i in $(seq 0 9); do
		fix -n ctarget -l "$W/t$i.log" -c 40
		echo $FIXPID >>"$W/targets"
	done
	first=$(head -n 1 "$W/targets")
	# the churn lasts until the rounds are done (churn.stop), so every
	# scan overlaps it on any build, however fast or slow
	"$FIX" -n churn -c all -l "$W/churn.log" -C 200 -u "$W/churn.stop" \
	    -r "$W/churn.ready" >"$W/churn.out" & c=$!
	wait_file "$W/churn.ready"
	bad=0 n=0
	while [ $n -lt 8 ]; do
		n=$((n + 1))
		"$QB" pk -s 40 ctarget || { echo "pk: $?"; bad=1; }
		QB_THREADS=2 "$QB" pk -s 40 ctarget || { echo "pk2: $?"; bad=1; }
		# selection under churn: exactly the ten, in /proc order
		a=$(QB_THREADS=2 "$QB" pf -d , ctarget)
		[ "$a" = "$(paste -sd , "$W/targets")" ] || { echo "order: $a"; bad=1; }
		a=$(QB_THREADS=2 "$QB" pf -1 ctarget)
		[ "$a" = "$first" ] || { echo "first: $a"; bad=1; }
		QB_THREADS=2 "$QB" pf -e ctarget || { echo "exist: $?"; bad=1; }
		QB_THREADS=2 "$QB" pk -s 40 nosuchname 2>/dev/null
		[ $? = 1 ] || { echo "none: not 1"; bad=1; }
	done
	kill -0 $c 2>/dev/null && echo "churn outlived $n rounds"
	touch "$W/churn.stop"
	wait $c; echo "churner status $?"
	cat "$W/churn.out"
	for i in $(seq 0 9); do
		# each of the 2n signals once (real-time: queued, never merged)
		wait_lines "$W/t$i.log" $((2 * n))
		k=$(grep -c . "$W/t$i.log")
		[ "$k" = $((2 * n)) ] || { echo "t$i got $k of $((2 * n))"; bad=1; }
	done
	echo "churn caught: $(cat "$W/churn.log")"
	exit $bad
	EOF
	)"
	echo "CG=$CG"; echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"churn outlived 8 rounds"* ]]
	[[ "$output" == *"churner status 0"* ]]
	# at least the 200 it forks before it looks for churn.stop
	[[ "$output" =~ churned\ ([0-9]+) ]]
	[ "${BASH_REMATCH[1]}" -ge 200 ]
	[[ "$output" == *"churn caught: " ]]
}

@test "churn: pk on the churners themselves: signals only churners, status 0, silent" {
	emu_skip "qemu-user shifts real-time signal numbers (signal 40 reaches the fixtures as 42)"
	run churn_ns "$(cat <<-'EOF'
	fix -n other -l "$W/other.log" -c all
	"$FIX" -n churn -c all -l "$W/churn.log" -C 200 -u "$W/churn.stop" \
	    -r "$W/churn.ready" >/dev/null & c=$!
	wait_file "$W/churn.ready"
	bad=0 n=0
	while [ $n -lt 8 ]; do
		n=$((n + 1))
		# the churn parent always matches: 0; a child gone between the
		# scan and the signal is no failure and says nothing
		"$QB" pk -s 40 churn 2>>"$W/err" || { echo "pk: $?"; bad=1; }
		QB_THREADS=2 "$QB" pk -s 40 churn 2>>"$W/err" || { echo "pk2: $?"; bad=1; }
	done
	kill -0 $c 2>/dev/null || { echo "churn ended before the rounds"; bad=1; }
	touch "$W/churn.stop"
	wait $c; echo "churner status $?"
	sleep 0.2
	echo "errors: $(cat "$W/err")"
	echo "other caught: $(cat "$W/other.log")"
	echo "churn caught: $(sort -u "$W/churn.log" | tr '\n' ' ')"
	exit $bad
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"churner status 0"* ]]
	[[ "$output" == *"errors: "$'\n'* ]]
	[[ "$output" == *"other caught: "$'\n'* ]]
	[[ "$output" == *"churn caught: SIG40 " ]]
}

@test "parallel scan: signals go out as the parts are delivered, before the last is read" {
	command -v strace >/dev/null || skip "strace not installed"
	seccomp_skip "signals through pidfd_send_signal"
	run in_ns "$(cat <<-'EOF'
	fix -n victim -c all -l "$W/log"
	for i in $(seq 600); do sleep 1000 & done
	QB_THREADS=2 strace -f -e trace=openat,pidfd_send_signal "$QB" pk victim 2>&1 |
		grep -E 'pidfd_send_signal|openat\(.*"[0-9]+/(comm|stat)"' | sed 's/(.*//; s/.* //'
	EOF
	)"
	echo "$output" | uniq -c
	[[ "$output" == *pidfd_send_signal* ]]
	sig=$(grep -n pidfd_send_signal <<<"$output" | head -n 1 | cut -d: -f1)
	last=$(grep -n '^openat' <<<"$output" | tail -n 1 | cut -d: -f1)
	# hundreds of process files are read after the signal went out
	[ $((last - sig)) -gt 100 ]
}

@test "churn: each pidfd is opened while the process's /proc file is still open (1 and 2 threads)" {
	emu_skip "qemu-user shifts real-time signal numbers (signal 40 reaches the fixtures as 42)"
	command -v strace >/dev/null || skip "strace not installed"
	seccomp_skip "when pidfd_open is called"
	export AWKF=$BATS_TEST_DIRNAME/anchored.awk
	run churn_ns "$(cat <<-'EOF'
	for i in $(seq 20); do fix -n ctarget -c 40; done
	"$FIX" -n churn -c all -l "$W/churn.log" -C 3000 -r "$W/churn.ready" \
	    >/dev/null & c=$!
	wait_file "$W/churn.ready"
	for t in 1 2 1 2; do
		QB_THREADS=$t strace -f -qq -e 'trace=openat,close,/^fcntl(64)?$,dup,pidfd_open' \
		    "$QB" pk -s 40 'churn|ctarget' 2>&1 >/dev/null |
		    awk -f "$AWKF"
	done
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^pidfd_open [0-9]* unanchored 0$' <<<"$output")" = 4 ]
	# the 20 targets and the churn parent at least, each time
	while read -r _ n _ _; do [ "$n" -ge 21 ]; done < <(grep '^pidfd_open' <<<"$output")
}
