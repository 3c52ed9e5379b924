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
	same pkill -w x; same pkill -d, x; same pkill -q
	same pkill -q 1 -q 2 -c -x nosuch
	same pkill -0garbage x; same pkill -USR1 -USR1 x; same pkill -SIGFOO x
	same pkill -i -i x; same pkill -n -o x; same pkill -L x
	same pkill -SIGSIGHUP x; same pkill -RTMIN-1 x
	same pkill -sigsigrtmin x; same pkill -+5 -c x; same pkill "- 5" -c x
	# 4.0.5 (signals rewritten): any number up to INT_MAX, RTMAX and
	# RTMAX-n, RTMIN+n only inside the real-time range; EXIT, NULL and
	# SIG followed by a number are no longer signals
	since 4.0.5 status=1 pkill -94 x
	since 4.0.5 status=1 pkill -RTMAX x
	since 4.0.5 $'"'"'status=1\n0'"'"' pkill -RTMAX-30 -c x
	since 4.0.5 $'"'"'status=2\npkill: invalid option -- \'"'"'R\'"'"'\n<usage>'"'"' pkill -RTMIN+31 x
	since 4.0.5 $'"'"'status=2\npkill: invalid option -- \'"'"'E\'"'"'\n<usage>'"'"' pkill -EXIT x
	since 4.0.5 $'"'"'status=2\npkill: invalid option -- \'"'"'N\'"'"'\n<usage>'"'"' pkill -NULL x
	since 4.0.5 $'"'"'status=2\npkill: invalid option -- \'"'"'S\'"'"'\n<usage>'"'"' pkill -SIG9 x
	since 4.0.5 $'"'"'status=1\n0'"'"' pkill -2147483647 -c x
	since 4.0.5 $'"'"'status=2\npkill: invalid option -- \'"'"'2\'"'"'\n<usage>'"'"' pkill -2147483648 x
	# 4.0.4: --signal takes what is not a signal as an error
	since 4.0.4 $'"'"'status=2\nUnknown signal "bogus".<usage>'"'"' pkill --signal bogus x
	since 4.0.4 $'"'"'status=2\nUnknown signal "".<usage>'"'"' pkill --signal "" x
	finish'
	pg_check
}

# procps-ng 4.0.5 and later refuse strtol's ERANGE, so a -NUM or
# RTMIN+NUM past a long is no signal whatever the long's width (4.0.2
# wrapped them, differently on 32 and 64 bits)
@test "pkill: -NUM and -RTMIN+NUM past a long: procps's results at any word size" {
	run pg_ns '
	same pkill -99999999999999999999 x
	since 4.0.5 $'"'"'status=2\npkill: invalid option -- \'"'"'R\'"'"'\n<usage>'"'"' \
	    pkill -RTMIN+99999999999999999999 -c x
	finish'
	pg_check
}

@test "pkill: default TERM, -SIGNAL anywhere, names, numbers, bad signals" {
	run seqsame 'pkill plainproc' 'pkill -USR1 plainproc' 'pkill plainproc -usr2' \
	    'pkill -x plainproc -- -SIGHUP' 'pkill -10 -x plainproc' \
	    'pkill -sigusr1 -f "arg 2"' 'pkill -0 plainproc' 'pkill -CLD plainproc' \
	    'pkill --signal USR2 plainproc' 'pkill --signal 12 plainproc' \
	    'pkill --signal 99 plainproc' 'pkill -93 plainproc' 'pkill -IO -c plainproc'
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"plain.log: SIGTERM SIGUSR1 SIGUSR2 SIGHUP SIGUSR1 SIGUSR1 SIGUSR2 SIGUSR2 "* ]]
}

@test "pkill: signal numbers beyond a long: procps's results, no overflow" {
	same_word "$REF/pkill" || skip "a 32-bit build beside the host's 64-bit procps: these numbers saturate and wrap in a 32-bit long (the test above holds pkill to that rule)"
	run seqsame 'pkill --signal 99999999999999999999 plainproc' \
	    'pkill --signal 2147483648 plainproc' \
	    'pkill --signal 4294967306 plainproc'
	echo "$output"
	[ "$status" -eq 0 ]
	# 4294967306 is USR1 once cut to an int
	[[ "$output" == *"plain.log: SIGUSR1 "* ]]
	# 4.0.4: a --signal neither a name nor starting with a digit is an
	# error (the -RTMIN+ form above, 4.0.5: in range only)
	run pg_ns '
	since 4.0.4 $'"'"'status=2\nUnknown signal "-99999999999999999999".<usage>'"'"' \
	    pkill --signal -99999999999999999999 x
	since 4.0.4 $'"'"'status=2\nUnknown signal "RTMIN+-5".<usage>'"'"' pkill --signal RTMIN+-5 x
	finish'
	pg_check
}

@test "pkill: a -q value beyond a long: procps's result, no overflow" {
	same_word "$REF/pkill" || skip "a 32-bit build beside the host's 64-bit procps: the value saturates in a 32-bit long"
	emu_endian_skip "qemu-user hands a cross-endian sigqueue value over as 0"
	run seqsame 'pkill -q 99999999999999999999 -USR2 plainproc'
	echo "$output"
	[ "$status" -eq 0 ]
	# the saturated long, cut to the int sigqueue carries
	[[ "$output" == *"plain.log: SIGUSR2 value=-1 "* ]]
}

@test "pkill: -e -c, no pattern, --list-full, -n -o, --inverse" {
	# USR1 kills sessproc and ttyproc: gone before the next scan counts
	run seqsame 'pkill -e -USR1 proc' 'reaped sess tty' 'pkill -c -USR2 proc' \
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
	emu_endian_skip "qemu-user hands a cross-endian sigqueue value over as 0"
	run seqsame 'pkill -q 7 -USR1 -x plainproc' 'pkill -q abc -USR2 -x plainproc' \
	    'pkill -e --lightweight -USR1 thrkid' "pkill -e -HUP -F \$W/plain.pid"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"plain.log: SIGUSR1 value=7 SIGUSR2 value=0 SIGHUP "* ]]
	# 4.0.5: an unlocked pid file has its own message
	run pg_ns '
	rm -f $W/*
	fixtures
	since 4.0.5 $'"'"'status=1\npkill: Locking check for pidfile failed: Success'"'"' \
	    pkill -e -HUP -L -F $W/plain.pid
	finish'
	pg_check
}

@test "pkill: EPERM as another user is warned, exit 1 when nothing was killed" {
	ASUSER=65534 sigsame pkill -USR1 -e proc
	ASUSER=65534 sigsame pkill -USR1 -c nobodyproc
}

# -H (procps-ng 4.0.3), --env (4.0.5), -Q (4.0.6): expected outputs
@test "pkill: -H only signals handlers of the signal, --env, -Q quotes -e's name" {
	emu_endian_skip "qemu-user hands a cross-endian sigqueue value over as 0"
	run pg_ns "$(cat <<'EOS'
	fixtures
	envfix envproc QBENV_K=1
	expect $'status=0\nplainproc killed (pid <plain>)' pkill -H -USR2 -e -x '(plainproc|sessproc)'
	log_has plain SIGUSR2
	expect $'status=0\n<sess>' pgrep -x sessproc
	expect 'status=1' pkill -H -USR1 -x sessproc
	expect $'status=0\n<sess>' pgrep -x sessproc
	expect $'status=0\nplainproc killed (pid <plain>)' pkill -e -x plainproc -H -HUP -q 7
	log_has plain 'SIGHUP value=7'
	expect $'status=0\n\'sp ace\' killed (pid <space>)' pkill -USR1 -e -Q -x 'sp ace'
	log_has space SIGUSR1
	# no pattern: procps's name buffer stays empty, unless -Q fills it
	expect $'status=0\n killed (pid <envproc>)' pkill -0 -e --env QBENV_K=1
	expect $'status=0\nenvproc killed (pid <envproc>)' pkill -0 -e -Q --env QBENV_K=1
	expect 'status=1' pkill -0 --env QBENV_K=2
	expect $'status=0\n1' pkill -0 -c --env QBENV_K --shell-quote
	finish
EOS
)"
	pg_check
}

@test "pkill: -m --mrelease (4.0.6) releases a SIGKILLed process's memory" {
	emu_skip "qemu-user does not pass process_mrelease to the kernel"
	seccomp_skip "pidfd_send_signal and process_mrelease calls (strace)"
	command -v strace >/dev/null || skip "strace not installed"
	run in_ns '
	# disowned: bash would report the killed job ("Killed") on stderr
	# at some later command, in among the lines compared below
	"$FIX" -n victim -r "$FIXDIR/v" & disown; wait_file "$FIXDIR/v"
	"$FIX" -n victim2 -r "$FIXDIR/w" & disown; wait_file "$FIXDIR/w"
	strace -e trace=pidfd_send_signal,process_mrelease "$QBBIN/pkill" -m -KILL -x victim 2>&1 |
	    grep -o "^pidfd_send_signal([0-9]*, SIG[A-Z]*\|^process_mrelease("
	echo st=${PIPESTATUS[0]}
	"$QBBIN/pkill" --mrelease -STOP -x victim2; echo st=$?'
	echo "$output"
	# the memory is released (or the process already gone) after the kill
	[[ "$output" == *"pidfd_send_signal("[0-9]*", SIGKILL"$'\n'"process_mrelease("$'\n'* ]]
	# as in procps-ng 4.0.6, after any signal: a process that is not
	# dying cannot have its memory released, which fails pkill
	[[ "$output" == *$'\n'"pkill: pid "[0-9]*" killed, but process_mrelease failed: Invalid argument"$'\n'"st=1"* ]]
}
