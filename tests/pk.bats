#!/usr/bin/env bats
# pk.bats: pk (pf --actions=kill): signals, rounds, -H, exit statuses, and
# never itself; in private PID namespaces with signal-logging fixtures.
load helpers

setup() {
	has_applet pk
	qbbin_setup
	export FIXDIR="$BATS_TEST_TMPDIR"
}

@test "pk sends TERM by default, silently, exit 0; pf -s kills and echoes" {
	run in_ns 'fix -n victim -c all -l "$FIXDIR/log"; "$QBBIN/pk" victim; echo st=$?
		"$QB" pf -s USR1 victim; sleep 0.1; cat "$FIXDIR/log"'
	[ "${lines[0]}" = "st=0" ]
	[[ "${lines[1]}" =~ ^[0-9]+$ ]]
	[ "${lines[2]}" = "SIGTERM" ]
	[ "${lines[3]}" = "SIGUSR1" ]
}

@test "signal names and numbers: sigusr2, 10, RTMIN+1, HUP; 0 only probes" {
	# each signal is logged before the next is sent: pending signals are
	# delivered lowest number first, which would reorder the log
	run in_ns 'fix -n sigs -c all -l "$FIXDIR/log"; p=$FIXPID
		lines() { for ((i = 0; i < 500; i++)); do
			[ "$(wc -l < "$FIXDIR/log")" -ge $1 ] && return; sleep 0.01; done; }
		"$QBBIN/pk" -s sigusr2 sigs; lines 1; "$QBBIN/pk" -s 10 sigs; lines 2
		"$QBBIN/pk" -s RTMIN+1 sigs; lines 3
		"$QBBIN/pk" -s 0 sigs; echo st=$?; "$QBBIN/pk" --signals=Hup sigs; lines 4
		"$QBBIN/pk" -s 0 -p $p sigs; sleep 0.1; cat "$FIXDIR/log"'
	[ "$output" = "$(printf 'st=0\nSIGUSR2\nSIGUSR1\nSIG35\nSIGHUP')" ]
}

@test "several -s: first as selected, the others in order, -D apart" {
	run in_ns 'fix -n rounds -c all -l "$FIXDIR/log"
		t0=$(date +%s%N); "$QBBIN/pk" -s USR1 -s USR2 -s HUP -D 0.2 rounds; echo st=$?
		t1=$(date +%s%N); echo $(( (t1 - t0) / 1000000 )); sleep 0.1; cat "$FIXDIR/log"'
	[ "${lines[0]}" = "st=0" ]
	[ "${lines[1]}" -ge 400 ]   # two delays of 0.2 s at least (a lower bound)
	[ "${lines[2]}" = "SIGUSR1" ]
	[ "${lines[3]}" = "SIGUSR2" ]
	[ "${lines[4]}" = "SIGHUP" ]
}

@test "-H: a process that catches gets the signal, one that does not is spared (exit 3)" {
	run --separate-stderr in_ns 'fix -n hh -c TERM -l "$FIXDIR/a"; a=$FIXPID
		fix -n hh -c USR1 -l "$FIXDIR/b"; b=$FIXPID; echo $a $b
		"$QBBIN/pk" -H hh; echo st=$?; sleep 0.1; cat "$FIXDIR/a"; kill -0 $b && echo alive'
	set -- ${lines[0]}
	[ "${lines[1]}" = "st=3" ]
	[ "${lines[2]}" = "SIGTERM" ]
	[ "${lines[3]}" = "alive" ]
	[ "$stderr" = "pk: $2 does not catch SIGTERM; not signalled" ]
}

@test "EPERM: one warning naming the PID, exit 3" {
	run --separate-stderr in_ns 'fix -n rootonly; echo $FIXPID
		setpriv --reuid=65534 --regid=65534 --clear-groups "$QBBIN/pk" rootonly; echo st=$?'
	[ "${lines[1]}" = "st=3" ]
	[ "$stderr" = "pk: kill ${lines[0]}: Operation not permitted" ]
}

@test "stopped and zombie processes: signals succeed" {
	run --separate-stderr in_ns 'fix -n stopped -S; s=$FIXPID; fix -n par -z zomb
		"$QBBIN/pk" -s 0 zomb; echo st=$?; "$QBBIN/pk" -s KILL stopped; echo st=$?
		while kill -0 $s 2>/dev/null; do sleep 0.01; done; echo gone'
	[ "$output" = "$(printf 'st=0\nst=0\ngone')" ]
}

@test "nothing selected: exit 1, nothing sent" {
	run in_ns '"$QBBIN/pk" -s 0 nosuchname; echo st=$?'
	[ "$output" = "st=1" ]
}

@test "pk never signals itself, nor its caller (with or without -x PPID)" {
	run in_ns '"$QBBIN/pk" -f -s KILL "/p[k] -f"; echo st=$?
		exec -a callersh bash -c "\"\$QBBIN/pk\" -x PPID -f -s KILL \"callers[h]\"; echo st=\$?; true"'
	[ "$output" = "$(printf 'st=1\nst=1')" ]
	run in_ns 'exec -a callersh bash -c "\"\$QBBIN/pk\" -f -s KILL \"callers[h]\"; echo st=\$?; true"'
	[ "$output" = "st=1" ]
	# pf without a kill action still lists the caller
	run in_ns 'exec -a callersh bash -c "\"\$QB\" pf -f \"callers[h]\"; echo st=\$?; true"'
	[ "$output" = "$(printf '1\nst=0')" ]
}

@test "the kill lands during the scan: one thread before /proc is listed to the end, threads before the last process is read" {
	command -v strace >/dev/null || skip "strace not installed"
	# "getdents64", "read" (a process file opened) and "sig" lines, in order
	# (threaded: three tries, the run that has the most reads after the
	# signal counts: a main thread descheduled while the workers read on,
	# on a loaded machine, sends it late without anything being wrong)
	run in_ns 'fix -n victim -c all -l "$FIXDIR/log"
		for i in $(seq 300); do sleep 1000 & done
		for t in 1 "" "" ""; do
			QB_THREADS=$t strace -f -e trace=getdents64,openat,pidfd_send_signal,kill "$QBBIN/pk" -s 0 victim 2>&1 |
			    sed -E "s/^\[pid +[0-9]+\] //" |
			    sed -nE "s/^(getdents64)\(.*/\1/p; s/^openat\(.*\"[0-9]+\/(comm|stat|status)\".*/read/p; s/^(pidfd_send_signal|kill)\(.*/sig/p"
			echo end
		done'
	[ "$status" -eq 0 ]
	at() { grep -n "^$2\$" <<<"$1" | tail -n 1 | cut -d: -f1; }
	one=$(sed -n '1,/^end$/p' <<<"$output")
	[[ "$one" == *sig* ]]
	# the signal goes out while later directory chunks are still to come
	[ "$(at "$one" sig)" -lt "$(at "$one" getdents64)" ]
	# with threads, while hundreds of process files are still to be read
	best=-1
	for k in 2 3 4; do
		par=$(awk -v k=$k '/^end$/ { n++; next } n == k - 1' <<<"$output")
		[[ "$par" == *sig* ]] || continue
		d=$(($(at "$par" read) - $(at "$par" sig)))
		[ "$d" -le "$best" ] || best=$d
	done
	echo "reads after the signal, best of 3: $best"
	[ "$best" -gt 100 ]
}

@test "-T kill: the whole tree is stopped, signalled, continued; nothing outside it" {
	command -v strace >/dev/null || skip "strace not installed"
	run in_ns "$(cat <<-'EOF'
	( "$FIX" -n kida -c all -l "$FIXDIR/a.log" -r "$FIXDIR/a" &
	  "$FIX" -n kidb -k -c all -l "$FIXDIR/b.log" -r "$FIXDIR/b" & wait ) & r=$!
	wait_file "$FIXDIR/a" "$FIXDIR/b" "$FIXDIR/b.child"
	fix -n kidc -c all -l "$FIXDIR/o.log"
	strace -f -e trace=pidfd_send_signal "$QBBIN/pk" -T -s USR1 -s USR2 -D 0.1 -p $r 2>&1 |
	    sed -n 's/^pidfd_send_signal([0-9]*, \(SIG[A-Z0-9]*\),.*/\1/p' | uniq -c | tr -s ' '
	for i in $(seq 100); do [ "$(cat "$FIXDIR"/[ab].log | wc -l)" -ge 9 ] && break; sleep 0.02; done
	sort "$FIXDIR/a.log" | tr '\n' ' '; echo
	cat "$FIXDIR/o.log" 2>/dev/null; echo "outside: done"
	EOF
	)"
	echo "$output"
	# four processes (the subshell, kida, kidb and its child), each
	# stopped before any is signalled; kida saw both signals, then CONT
	# (pending signals arrive lowest first); kidc outside logged nothing
	[[ "$output" == *" 4 SIGSTOP"$'\n'" 4 SIGUSR1"$'\n'" 4 SIGUSR2"$'\n'" 4 SIGCONT"$'\n'* ]]
	[[ "$output" == *$'\n'"SIGCONT SIGUSR1 SIGUSR2 "$'\n'"outside: done" ]]
}

# a fork bomb named qbbomb, bounded by a cgroup's pids.max (else by
# RLIMIT_NPROC as nobody), started in the background of an in_ns script;
# $CG is the cgroup to remove afterwards (empty with the rlimit)
export BOMB='
	d=$(mktemp -d); chmod 755 "$d"
	printf "#!/bin/bash\nb() { b & b & wait; }\nb\n" > "$d/qbbomb"; chmod 755 "$d/qbbomb"
	CG=
	for base in /sys/fs/cgroup/pids /sys/fs/cgroup; do
		if mkdir "$base/qbbomb.$$" 2>/dev/null; then
			[ -e "$base/qbbomb.$$/pids.max" ] && { CG=$base/qbbomb.$$; break; }
			rmdir "$base/qbbomb.$$"
		fi
	done
	if [ -n "$CG" ]; then
		echo 40 > "$CG/pids.max"
		bash -c "echo \$\$ > $CG/cgroup.procs && exec $d/qbbomb" 2>/dev/null &
	else
		setpriv --reuid=65534 --regid=65534 --clear-groups \
		    bash -c "ulimit -u 40 && exec $d/qbbomb" 2>/dev/null &
	fi
	for i in $(seq 500); do [ "$(qb pf -a count qbbomb)" -ge 10 ] && break; sleep 0.01; done'

@test "--untilGone: kill, rescan, kill until a (bounded) fork bomb is gone" {
	run in_ns "$BOMB"'
	testing "the bomb runs" "qb pf -e qbbomb; echo st=\$?" "st=0\n"
	timeout 60 "$QBBIN/pk" --untilGone -s KILL -l 30 -a count qbbomb > /dev/null; echo "pk st=$?"
	testing "no live process left" "qb pf -R RSDTtI qbbomb; echo st=\$?" "st=1\n"
	for i in $(seq 100); do [ -z "$CG" ] || rmdir "$CG" 2>/dev/null && break; sleep 0.05; done'
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"pk st=0"* ]]
}

@test "--untilGone: -l bounds it; what is left is counted, exit 3" {
	run --separate-stderr in_ns '
	fix -n stubborn -i TERM; p=$FIXPID
	"$QBBIN/pk" --untilGone -l 0.3 stubborn; echo "pk st=$?"
	kill -0 $p && echo alive'
	echo "$output $stderr"
	[ "$output" = "$(printf 'pk st=3\nalive')" ]
	[ "$stderr" = "pk: 1 process left after --limit" ]
}
