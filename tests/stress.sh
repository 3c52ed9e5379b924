#!/bin/sh
# tests/stress.sh [ROUNDS] [FILE-OR-DIR...]: the suite under load, to
# flush out races. Each round runs the suite (tests/bats-count.sh, as
# make test does) bound to one CPU with taskset while two CPU-burning
# loops run bound to that same CPU, so every process of every test gets
# about a third of a CPU and is preempted at any point. ROUNDS (default 3)
# rounds in a row must all pass; the first failing round stops the run
# and its status is the script's. make stress runs it.
#
# A test that passes here only by luck waited on time instead of a
# condition: every wait in the suite is a condition with a deadline.
set -u
cd "$(dirname "$0")/.." || exit 1
rounds=${1:-3}
case $rounds in ''|*[!0-9]*) echo "stress.sh: bad round count '$rounds'" >&2; exit 2 ;; esac
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- tests
command -v taskset >/dev/null || { echo "stress.sh: no taskset (util-linux)" >&2; exit 2; }
# the one CPU: the last this process may use
cpu=$(awk '/^Cpus_allowed_list/ { n = split($2, a, /[,-]/); print a[n] }' /proc/self/status)
[ -n "$cpu" ] || cpu=0

burners=
stop_burners() { [ -z "$burners" ] || kill $burners 2>/dev/null; wait 2>/dev/null; burners=; }
trap 'stop_burners' EXIT
trap 'exit 1' HUP INT TERM

make --no-print-directory -s WERROR=1 all testbin || exit 1
i=1
while [ "$i" -le "$rounds" ]; do
	taskset -c "$cpu" sh -c 'while :; do :; done' & burners="$burners $!"
	taskset -c "$cpu" sh -c 'while :; do :; done' & burners="$burners $!"
	t0=$(date +%s)
	echo "stress: round $i of $rounds: the suite on CPU $cpu beside two busy loops"
	QB=$PWD/quickbox TESTBIN=$PWD/build/tests taskset -c "$cpu" \
	    sh tests/bats-count.sh "$@"
	rc=$?
	stop_burners
	if [ $rc != 0 ]; then
		echo "stress: round $i of $rounds FAILED (exit $rc) after $(( $(date +%s) - t0 )) s"
		exit $rc
	fi
	echo "stress: round $i of $rounds passed in $(( $(date +%s) - t0 )) s"
	i=$((i + 1))
done
echo "stress: all $rounds rounds passed"
