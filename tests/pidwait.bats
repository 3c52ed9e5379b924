#!/usr/bin/env bats
# pidwait.bats: quickbox as pidwait against procps-ng's pidwait.
load helpers
load pgrep

setup() {
	has_applet pidwait
	pg_setup
}

teardown() { pg_teardown; }

@test "pidwait: --help, --version, usage errors" {
	run pg_ns '
	same pidwait --help; same pidwait -V; same pidwait; same pidwait -l x
	same pidwait -w x; same pidwait -q 1 x; same pidwait -d, x
	same pidwait -v x; same pidwait -F /nonexistent; same pidwait "(" 
	finish'
	pg_check
}

@test "pidwait: nothing matched, zombies return at once, -e -c" {
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

@test "pidwait: waits until every selected process has exited" {
	run pg_ns '
	for n in 1 2; do
		"$FIX" -r $W/w$n.ready -n waitme -l $W/w$n.log -c USR1 -x &
		wait_file $W/w$n.ready || exit 9
	done
	PATH=$QBBIN pidwait -e -c waitme >$W/out &
	w=$!
	# pidwait must not return while one target lives
	until grep -q "waiting for waitme (pid $(cat $W/w2.ready))" $W/out 2>/dev/null; do
		kill -0 $w || { echo "pidwait ended early"; exit 1; }
		sleep 0.01
	done
	kill -USR1 $(cat $W/w1.ready)
	wait_file $W/w1.log
	kill -0 $w || { echo "pidwait returned with one target alive"; exit 1; }
	kill -USR1 $(cat $W/w2.ready)
	wait $w; rc=$?
	cat $W/out
	echo "rc=$rc"'
	echo "$output"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = 2 ]
	[[ "${lines[1]}" == "waiting for waitme (pid "*")" ]]
	[ "${lines[3]}" = rc=0 ]
}

# -H (procps-ng 4.0.3), --env (4.0.5), --shell-quote (4.0.6): expected outputs
@test "pidwait: -H, --env, --shell-quote (no -Q: pidwait has no short form)" {
	run pg_ns "$(cat <<'EOS'
	fixtures
	expect 'status=1' pidwait -H -x sessproc
	# 4.0.2 rejected -H here; now it is -H, then -U with "P"
	expect $'status=2\npidwait: invalid user name: P' pidwait -HUP x
	expect $'status=1\n0' pidwait -c --env QB_NOPE
	expect $'status=0\nwaiting for zkid (pid <zkid>)' pidwait -e --shell-quote -x zkid
	expect $'status=0\nwaiting for zkid (pid <zkid>)' pidwait -e --env - -x zkid
	finish
EOS
)"
	pg_check
}
