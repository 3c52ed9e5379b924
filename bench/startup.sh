#!/bin/sh
# bench/startup.sh: exec-to-exit cost of the static quickbox against a
# static musl "hello world" built here from a here-doc: the floor any
# static binary pays (exec, page faults, libc start-up, exit).
#
#   sh bench/startup.sh        (bench.sh passes the dynamic build as $1:
#                                it is not what this section measures)
#   env: QBSTATIC=build-static/quickbox   the static build to measure
#        RUNS=500 runs per round, ROUNDS=7 (rounds alternate the programs, so
#        a burst of load on the machine hits both alike)
#
# Each run is a vfork+exec+wait by bench/forkexec.c (no shell). Per program:
# the lowest per-round mean and the lowest single run, in microseconds, and
# the ratios to hello. Output: "label<TAB>value<TAB>unit"; '#' lines are notes.
set -eu
cd "$(dirname "$0")/.."
QBS=${QBSTATIC:-build-static/quickbox}
RUNS=${RUNS:-500}
ROUNDS=${ROUNDS:-7}
[ -x "$QBS" ] || { echo "# no static build at $QBS (make static): skipped"; exit 0; }
[ -x /usr/bin/musl-gcc ] || { echo "# musl-gcc not installed (musl-tools): skipped"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/qbstart.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP

/usr/bin/musl-gcc -Os -static -s -o "$tmp/hello" -x c - <<'HELLO'
#include <unistd.h>
int main(void) { return write(1, "hello\n", 6) != 6; }
HELLO
${CC:-cc} -O2 -Icore -o "$tmp/forkexec" bench/forkexec.c core/lib/clock.c
ln -s "$(realpath "$QBS")" "$tmp/tails"
: > "$tmp/empty"

# name -> command line (word-split on purpose: no spaces inside words)
cmd() {
	case $1 in
	hello)   echo "$tmp/hello" ;;
	version) echo "$(realpath "$QBS") --version" ;;
	tails)   echo "$tmp/tails -h1 $tmp/empty" ;;
	esac
}
progs="hello version tails"
echo "# startup: $(uname -srm), $(nproc) cpus, $ROUNDS rounds of $RUNS runs; $(wc -c < "$QBS") byte quickbox, $(wc -c < "$tmp/hello") byte hello"
i=0
while [ $i -lt "$ROUNDS" ]; do
	for p in $progs; do
		# the programs' own output goes to the same file as the
		# result, which is its last line
		# shellcheck disable=SC2046
		"$tmp/forkexec" -v "$RUNS" $(cmd $p) > "$tmp/out" < /dev/null ||
			{ echo "# $p failed: $(tail -n1 "$tmp/out")"; exit 1; }
		tail -n 1 "$tmp/out" | sed "s/^/$p /" >> "$tmp/all"
	done
	i=$((i + 1))
done
awk '{ if (!($1 in m) || $2 < m[$1]) m[$1] = $2; if (!($1 in lo) || $3 < lo[$1]) lo[$1] = $3 }
	END {
		for (p in m) {
			printf "startup.%s.mean\t%.1f\tus\n", p, m[p]
			printf "startup.%s.min\t%.1f\tus\n", p, lo[p]
		}
		for (p in m) if (p != "hello") {
			printf "startup.%s/hello.mean\t%.3f\tx\n", p, m[p] / m["hello"]
			printf "startup.%s/hello.min\t%.3f\tx\n", p, lo[p] / lo["hello"]
		}
	}' "$tmp/all" | sort
