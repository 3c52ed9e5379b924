#!/usr/bin/env bats
# pkill.bats: quickbox as pkill against procps-ng's pkill: each side gets
# its own identical fixture table (a fresh PID namespace); the outputs
# (PIDs replaced by fixture names) and the signals logged must be equal.
load helpers
load pgrep

setup() {
	has_applet pkill
	pg_setup
}

teardown() { pg_teardown; }

@test "pkill: --help, --version, usage errors" {
	run pg_ns '
	same pkill --help; same pkill -V; same pkill; same pkill -l x; same pkill -v x
	same pkill -w x; same pkill -d, x; same pkill -q; same pkill -94 x
	same pkill -0garbage x; same pkill -USR1 -USR1 x; same pkill -SIGFOO x
	same pkill -i -i x; same pkill -n -o x; same pkill -L x
	same pkill -SIGSIGHUP x; same pkill -RTMAX x; same pkill -RTMIN-1 x
	same pkill -sigsigrtmin x; same pkill -+5 -c x; same pkill "- 5" -c x
	finish'
	pg_check
}

@test "pkill: default TERM, -SIGNAL anywhere, names and numbers" {
	sigsame pkill plainproc
	sigsame pkill -USR1 plainproc
	sigsame pkill plainproc -usr2
	sigsame pkill -x plainproc -- -SIGHUP
	sigsame pkill -10 -x plainproc
	sigsame pkill -sigusr1 -f "arg 2"
	sigsame pkill -0 plainproc
	sigsame pkill -CLD plainproc
	sigsame pkill --signal USR2 plainproc
	sigsame pkill --signal 12 plainproc
}

@test "pkill: bad signals fail every kill (EINVAL), exit 1" {
	sigsame pkill --signal bogus plainproc
	sigsame pkill --signal 99 plainproc
	sigsame pkill -93 plainproc
	sigsame pkill -RTMIN+40 plainproc
}

@test "pkill: -e -c, no pattern, --list-full, stopped and zombie targets" {
	sigsame pkill -e -USR1 proc
	sigsame pkill -c -USR2 proc
	sigsame pkill -e -c -HUP -x plainproc
	sigsame pkill -e -c nosuchproc
	sigsame pkill -e -USR1 -u nobody
	sigsame pkill -e --list-full -USR1 -x plainproc
	sigsame pkill -e --list-name -USR1 -u nobody
	sigsame pkill -e stopme
	sigsame pkill -e -f "^\[zkid\] <defunct>$"
	sigsame pkill -e -USR1 -n proc
	sigsame pkill -e -USR1 -o proc
	sigsame pkill -e -USR1 --inverse -u 0 nosuch
	sigsame pkill -e -USR1 --inverse -u 0 proc
}

@test "pkill: -q sigqueue values, --lightweight, EPERM as another user" {
	sigsame pkill -q 7 -USR1 -x plainproc
	sigsame pkill -q abc -USR2 -x plainproc
	sigsame pkill -e --lightweight -USR1 thrkid
	ASUSER=65534 sigsame pkill -USR1 -e proc
	ASUSER=65534 sigsame pkill -USR1 -c nobodyproc
}
