#!/usr/bin/env bats
# pkill.bats: quickbox as pkill against procps-ng's pkill: each side gets
# its own identical fixture table (a fresh PID namespace) and runs the same
# sequence of commands; the outputs (PIDs replaced by fixture names) and
# the signals logged must be equal.
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

@test "pkill: default TERM, -SIGNAL anywhere, names, numbers, bad signals" {
	run seqsame 'pkill plainproc' 'pkill -USR1 plainproc' 'pkill plainproc -usr2' \
	    'pkill -x plainproc -- -SIGHUP' 'pkill -10 -x plainproc' \
	    'pkill -sigusr1 -f "arg 2"' 'pkill -0 plainproc' 'pkill -CLD plainproc' \
	    'pkill --signal USR2 plainproc' 'pkill --signal 12 plainproc' \
	    'pkill --signal bogus plainproc' 'pkill --signal 99 plainproc' \
	    'pkill -93 plainproc' 'pkill -RTMIN+40 plainproc' 'pkill -IO -c plainproc'
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"plain.log: SIGTERM SIGUSR1 SIGUSR2 SIGHUP SIGUSR1 SIGUSR1 SIGUSR2 SIGUSR2 "* ]]
}

@test "pkill: -e -c, no pattern, --list-full, -n -o, --inverse" {
	run seqsame 'pkill -e -USR1 proc' 'pkill -c -USR2 proc' \
	    'pkill -e -c -HUP -x plainproc' 'pkill -e -c nosuchproc' \
	    'pkill -e -USR1 -u nobody' 'pkill -e --list-full -USR1 -x plainproc' \
	    'pkill -e --list-name -USR1 -u nobody' 'pkill -e -USR1 -n proc' \
	    'pkill -e -USR1 -o proc' 'pkill -e -USR1 --inverse -u 0 nosuch' \
	    'pkill -e -USR1 --inverse -u 0 proc' 'pkill -e -f "^\[zkid\] <defunct>$"' \
	    'pkill -e stopme' 'pkill -e averyveryverylongname'
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "pkill: -q sigqueue values, --lightweight, -F" {
	run seqsame 'pkill -q 7 -USR1 -x plainproc' 'pkill -q abc -USR2 -x plainproc' \
	    'pkill -e --lightweight -USR1 thrkid' "pkill -e -HUP -F \$W/plain.pid" \
	    "pkill -e -HUP -L -F \$W/plain.pid"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"plain.log: SIGUSR1 value=7 SIGUSR2 value=0 SIGHUP "* ]]
}

@test "pkill: EPERM as another user is warned, exit 1 when nothing was killed" {
	ASUSER=65534 sigsame pkill -USR1 -e proc
	ASUSER=65534 sigsame pkill -USR1 -c nobodyproc
}
