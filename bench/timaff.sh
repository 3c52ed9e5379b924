#!/bin/sh
# bench/timaff.sh: tim --affinity against a busy loop. tim times a
# CPU-bound awk loop (about 20 ms) pinned to CPU 0 (--affinity=0, -N),
# first with nothing else started, then beside a busy loop pinned to the
# other CPU (taskset -c 1), then beside one pinned to CPU 0 itself. The
# first two should agree within their errors (the loop on the other CPU
# does not touch the timed one); the third shows what sharing the CPU
# costs. Prints label<TAB>estimate +- error ms. Needs 2 CPUs and taskset.
# Knobs: QB (the binary, default ./quickbox), T (tim options,
# default -w2 -n10 -m6).
set -u
QB=${QB:-./quickbox}
T=${T:--w2 -n10 -m6}
cmd="awk 'BEGIN { for (i = 0; i < 300000; i++) s += i }'"
busy=
trap '[ -z "$busy" ] || kill "$busy"' EXIT
trap 'exit 130' INT TERM HUP

if [ "$(nproc)" -lt 2 ] || ! command -v taskset > /dev/null; then
	echo "# timaff: needs 2 CPUs and taskset; skipped"
	exit 0
fi
one() {
	printf '%s\t%s\n' "$1" "$("$QB" tim $T --affinity=0 -N "$cmd" | cut -f1)"
}
one tim.affinity.idle
taskset -c 1 awk 'BEGIN { for (;;) ; }' &
busy=$!
one tim.affinity.busy_other_cpu
kill "$busy"
taskset -c 0 awk 'BEGIN { for (;;) ; }' &
busy=$!
one tim.affinity.busy_same_cpu
kill "$busy"
busy=
