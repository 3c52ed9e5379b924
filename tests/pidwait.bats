#!/usr/bin/env bats
# pidwait.bats: quickbox as pidwait against procps-ng's pidwait.
load helpers
load pgrep

setup() {
	has_applet pidwait
	pg_setup
}

teardown() { pg_teardown; }

# under a seccomp profile refusing pidfd_open (make check-seccomp's EPERM
# modes) procps 4.0.2's pidwait warns and waits for nothing, quickbox
# polls: no reference to compare with (the polling is checked below)
eperm_skip() {
	[[ "${QB_SECCOMP-}" != EPERM:* ]] ||
	    skip "under $QB_SECCOMP: procps's pidwait waits for nothing there, quickbox polls"
}

@test "pidwait: --help, --version, usage errors" {
	run pg_ns '
	same pidwait --help; same pidwait -V; same pidwait; same pidwait -l x
	same pidwait -w x; same pidwait -q 1 x; same pidwait -d, x
	same pidwait -v x; same pidwait "(" 
	since 4.0.5 $'"'"'status=1\npidwait: Unable to open pidfile: No such file or directory'"'"' \
	    pidwait -F /nonexistent
	finish'
	pg_check
}

@test "pidwait: nothing matched, zombies return at once, -e -c" {
	eperm_skip
	run pg_ns '
	fixtures
	same pidwait nosuchproc; same pidwait -c nosuchproc; same pidwait -e -c nosuch
	same pidwait zkid; same pidwait -e zkid; same pidwait -c -e zkid
	same pidwait -e -f "^\[zkid\] <defunct>$"; same pidwait --signal 9 -e zkid
	same pidwait averyveryverylongname
	finish'
	pg_check
}

@test "pidwait: threads cannot be waited for (--lightweight)" {
	seccomp_skip "the kernel's own error for a thread's pidfd"
	run pg_ns '
	fixtures
	same pidwait -e --lightweight thrkid
	finish'
	pg_check
}

# procps-ng 4.0.6 waits for every process (4.0.2 counted each exit twice
# and could return after half of them, procps issue #386); its -e and -c
# lines go through stdio, so to a file they come when it exits (a
# terminal gets them at once, line buffered)
@test "pidwait: waits until every selected process has exited; -e -c lines at exit" {
	[[ "${QB_SECCOMP-}" != ENOSYS:* ]] ||
	    skip "under $QB_SECCOMP: pidwait gives up as procps does (checked below)"
	run pg_ns '
	for n in 1 2; do
		"$FIX" -r $W/w$n.ready -n waitme -l $W/w$n.log -c USR1 -x &
		wait_file $W/w$n.ready || exit 9
	done
	PATH=$QBBIN pidwait -e -c waitme >$W/out &
	w=$!
	pw_waiting $w || exit 9
	[ -s $W/out ] && echo "printed before it was done"
	p1=$(cat $W/w1.ready)
	kill -USR1 $p1
	# gone, or a zombie (pidwait is done with it either way)
	for ((i = 0; i < 500; i++)); do
		s=$(cut -d" " -f3 /proc/$p1/stat 2>/dev/null)
		[ -z "$s" ] || [ "$s" = Z ] && break
		sleep 0.01
	done
	pw_waiting $w || exit 9
	kill -0 $w || { echo "pidwait returned with one target alive"; exit 1; }
	[ -s $W/out ] && echo "printed before it was done"
	kill -USR1 $(cat $W/w2.ready)
	wait $w; rc=$?
	cat $W/out
	echo "rc=$rc"'
	echo "$output"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = 2 ]
	[[ "${lines[1]}" == "waiting for waitme (pid "*")" ]]
	[[ "${lines[2]}" == "waiting for waitme (pid "*")" ]]
	[ "${lines[3]}" = rc=0 ]
}

# -H (procps-ng 4.0.3), --env (4.0.5), --shell-quote (4.0.6): expected outputs
@test "pidwait: -H, --env, --shell-quote (no -Q: pidwait has no short form)" {
	run pg_ns "$(cat <<'EOS'
	fixtures
	expect 'status=1' pidwait -H -x sessproc
	# 4.0.2 rejected -H here; now it is -H, then -U with "P"
	expect $'status=2\npidwait: invalid user name: P' pidwait -HUP x
	expect $'status=1\n0' pidwait -c --env QBENV_NOPE
	z=$'status=0\nwaiting for zkid (pid <zkid>)'
	# an older kernel (make check-seccomp): procps's message
	[[ "${QB_SECCOMP-}" != ENOSYS:* ]] ||
	    z=$'status=1\nwaiting for zkid (pid <zkid>)\npidwait: pidfd_open() not implemented in Linux < 5.3'
	expect "$z" pidwait -e --shell-quote -x zkid
	expect "$z" pidwait -e --env - -x zkid
	finish
EOS
)"
	pg_check
}

# without pidfd_open: an older kernel (ENOSYS) gets procps 4.0.2's
# message and exit 1; a seccomp profile refusing it (EPERM) gets a wait
# by polling /proc, which returns only once the target has exited
@test "pidwait: no pidfd_open: procps's message under ENOSYS, polls under EPERM" {
	run --separate-stderr in_ns 'fix -n waitme -c USR1 -x; p=$FIXPID; echo "$p"
		"$TESTBIN/qbsecc" ENOSYS pidfd -- "$QBBIN/pidwait" -e waitme; echo "ENOSYS st=$?"
		"$TESTBIN/qbsecc" EPERM pidfd -- "$QBBIN/pidwait" -e waitme > "$FIXDIR/o" & w=$!
		source "$QB_TESTS/pgrep.bash"; pw_waiting $w
		kill -0 $w && echo "EPERM: still waiting"
		kill -USR1 $p; wait $w; echo "EPERM st=$?"
		kill -0 $p 2>/dev/null || echo "target gone"; cat "$FIXDIR/o"'
	echo "$output"
	echo "$stderr"
	[ "${lines[1]}" = "waiting for waitme (pid ${lines[0]})" ]
	[ "${lines[2]}" = "ENOSYS st=1" ]
	[ "$stderr" = "pidwait: pidfd_open() not implemented in Linux < 5.3" ]
	[ "${lines[3]}" = "EPERM: still waiting" ]
	[ "${lines[4]}" = "EPERM st=0" ]
	[ "${lines[5]}" = "target gone" ]
	[ "${lines[6]}" = "${lines[1]}" ]
}
