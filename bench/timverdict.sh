#!/bin/sh
# bench/timverdict.sh: how often and how fast tim's --decide reaches a
# firm verdict, under five loads (issue 40; docs/tim.md, "Verdicts").
# Run by `make bench-full`, not `make bench`: at the full size (30 runs of
# up to BUDGET for 2 comparisons under 5 loads) it takes up to 2 hours.
#
# The comparisons, each `tim -N --decide --budget=BUDGET A B`, REPS times:
#  same: a busy loop of 1.00 M iterations against itself (wanted: a firm
#        `no difference` in >= 29 of 30, never faster/slower)
#  loop: 1.00 M against 1.05 M iterations (a C program written here, some
#        5 ms; wanted: `slower` in >= 29 of 30, never `faster`)
# under each load (LOADS):
#  idle      nothing beside (a quiet machine: nobody else's work either)
#  busy1     one CPU-burning loop;  busy2: two
#  build     `make clean; make -j2` of this project, over and over (in a
#            copy of the tree under the temporary directory)
#  maketest  `make test` of this project, over and over (in a copy):
#            wanted: no false difference, no wrong direction, and every
#            run not settled naming its reason on stderr
# Per load and comparison one line: the verdicts' counts, the wrong
# ones, how many runs not settled named a reason, the median seconds
# --decide took, and the seconds hyperfine -N (its defaults) took on the
# same two commands (median of HREPS runs), for its untested answer.
# Then, with PARTS containing 5, --error=estimate's calibration.
#
# Knobs: QB (the binary, default ./quickbox), REPS (30), BUDGET (20s),
# LOADS ("idle busy1 busy2 build maketest"), HREPS (3), PARTS ("4 5"; 4:
# the loads), CC (cc), KEEP (a directory: each case's runs, one line a
# run: verdict, reason, interval, to LOAD.CASE.tsv there). A reduced
# run: REPS=3 HREPS=1 LOADS="busy1 busy2".
set -u
QB=${QB:-${1:-./quickbox}}
REPS=${REPS:-30}
HREPS=${HREPS:-3}
BUDGET=${BUDGET:-20s}
LOADS=${LOADS:-idle busy1 busy2 build maketest}
top=$(cd "$(dirname "$0")/.." && pwd)
case $QB in /*) ;; *) QB=$(pwd)/$QB ;; esac
if ! "$QB" tim --version > /dev/null 2>&1; then
	echo "# timverdict: '$QB tim' does not run"
	exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/timverdict.XXXXXX")
busy=
# each load is a session of its own, its leader's pid in $tmp/load.N:
# TERM to the whole session's group, then wait (10 s at most) until the
# group is gone (dash's kill takes no negative pid: procps' does)
stop_load() {
	# the tree first: a test of the make test load may lead a session
	# of its own, out of the group's reach (pk -T: the leader and every
	# descendant, stopped, killed)
	for f in $busy; do "$QB" pk -T -s KILL -p "$(cat "$f")" > /dev/null 2>&1; done
	for f in $busy; do /bin/kill -s TERM -- "-$(cat "$f")" 2> /dev/null; done
	for f in $busy; do
		i=0
		while /bin/kill -s 0 -- "-$(cat "$f")" 2> /dev/null && [ "$i" -lt 100 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		rm -f "$f"
	done
	busy=
}
cleanup() {
	stop_load
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

cat > "$tmp/loop.c" << 'EOF'
#include <stdlib.h>
int main(int argc, char **argv)
{
	volatile unsigned long i, j, x = 0;
	unsigned long n = argc > 1 ? strtoul(argv[1], 0, 10) : 0;

	for (i = 0; i < n; i++)         /* 16 adds an iteration */
		for (j = 0; j < 16; j++)
			x += j;
	return 0;
}
EOF
if ! "${CC:-cc}" -O1 -o "$tmp/loop" "$tmp/loop.c" 2> /dev/null; then
	echo "# timverdict: no C compiler (CC=${CC:-cc}): nothing measured"
	exit 0
fi
loop=$tmp/loop

# bg CMD: a load in a session of its own (so all it starts is stopped)
nload=0
bg() {
	nload=$((nload + 1))
	setsid sh -c 'echo $$ > "$1"; exec sh -c "$2"' sh "$tmp/load.$nload" "$1" \
	    > /dev/null 2>&1 &
	while [ ! -s "$tmp/load.$nload" ]; do sleep 0.1; done
	busy="$busy $tmp/load.$nload"
}

# a copy of the tree to build and test in, never the one measured
tree() {
	[ -d "$tmp/src" ] && return
	[ -f "$top/Makefile" ] && [ -d "$top/bench" ] || {
		echo "# timverdict: $top is no quickbox tree"
		return 1
	}
	mkdir "$tmp/src"
	(cd "$top" && tar cf - --exclude=./build --exclude=./build-size \
	    --exclude=./build-static --exclude=./quickbox .) | (cd "$tmp/src" && tar xf -)
}

start_load() {
	case $1 in
	idle) ;;
	busy1) bg 'while :; do :; done' ;;
	busy2) bg 'while :; do :; done'; bg 'while :; do :; done' ;;
	build) tree || return 1; bg "cd '$tmp/src' && while :; do make -s clean; make -s -j2; done" ;;
	# clean first: the build load, killed mid-way, may have left a
	# truncated object file behind in the same tree
	maketest) tree || return 1; bg "cd '$tmp/src' && make -s clean && make -s -j2 all testbin && while :; do make -s test; done" ;;
	*) echo "# timverdict: unknown load '$1'"; return 1 ;;
	esac
	sleep 5         # let the load settle (and the load average rise)
	for f in $busy; do      # a load that ended measures nothing
		/bin/kill -s 0 -- "-$(cat "$f")" 2> /dev/null && continue
		echo "# timverdict: the $1 load ended at its start: not measured"
		stop_load
		return 1
	done
}

# median of the numbers on stdin
med() { sort -n | awk '{ v[NR] = $1 } END { if (!NR) print "-"; else print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
now() { date +%s.%N; }

# decide LOAD NAME WANT A B: REPS runs of tim --decide; one line
decide() {
	lab=$1.$2 want=$3 a=$4 b=$5 i=0
	: > "$tmp/v"
	: > "$tmp/secs"
	while [ "$i" -lt "$REPS" ]; do
		t0=$(now)
		"$QB" tim -N --decide --budget="$BUDGET" "$a" "$b" \
		    > "$tmp/out" 2> "$tmp/err"
		rc=$?
		t1=$(now)
		echo "$t0 $t1" | awk '{ print $2 - $1 }' >> "$tmp/secs"
		w=$(tail -n 1 "$tmp/out" | sed 's/.*: //')
		r=$(sed -n 's/.* after [0-9]* batches: \([a-z -]*[a-z]\).*/\1/p' "$tmp/err" | head -n 1)
		[ "$rc" -eq 0 ] || [ "$rc" -eq 6 ] || w="failed (status $rc)"
		printf '%s\t%s\t%s\n' "$w" "$r" "$(tail -n 1 "$tmp/out" | cut -f1)" >> "$tmp/v"
		i=$((i + 1))
	done
	h=-
	if [ -x /usr/bin/hyperfine ]; then
		i=0
		: > "$tmp/h"
		while [ "$i" -lt "$HREPS" ]; do
			t0=$(now)
			/usr/bin/hyperfine -N --style=none "$a" "$b" > /dev/null 2>&1
			t1=$(now)
			echo "$t0 $t1" | awk '{ print $2 - $1 }' >> "$tmp/h"
			i=$((i + 1))
		done
		h=$(med < "$tmp/h" | awk '{ printf "%.1f", $1 }')
	fi
	awk -F'\t' -v lab="$lab" -v want="$want" -v s="$(med < "$tmp/secs")" \
	    -v h="$h" -v load="$(cut -d' ' -f1-3 /proc/loadavg)" '
	{ n[$1]++ }
	$1 ~ /^failed/ { failed++; next }
	$1 != "no difference" && $1 != "faster" && $1 != "slower" { open++; named += $2 != ""; why[$2]++ }
	($1 == "faster" || $1 == "slower") && $1 != want { wrong++ }
	END {
		printf "%s\t%d of %d %s; %d no difference, %d slower, %d faster, %d differs, %d undecided, %d failed; %d wrong; %d of %d not settled named a reason; --decide median %.1f s, hyperfine %s s; load %s\n",
		    lab, n[want], NR, want, n["no difference"], n["slower"], n["faster"],
		    n["differs (size unsettled)"], n["undecided"], failed, wrong, named, open, s, h, load
		for (w in why) if (w != "") printf "%s.why\t%d %s\n", lab, why[w], w
	}' "$tmp/v"
	[ -z "${KEEP:-}" ] || cp "$tmp/v" "$KEEP/$lab.tsv"
}

case " ${PARTS:-4 5} " in *" 4 "*)
	for l in $LOADS; do
		start_load "$l" || continue
		decide "$l" same "no difference" "$loop 1000000" "$loop 1000000"
		decide "$l" loop slower "$loop 1000000" "$loop 1050000"
		stop_load
	done ;;
esac

case " ${PARTS:-4 5} " in *" 5 "*)
	i=0
	: > "$tmp/cal"
	while [ "$i" -lt "$REPS" ]; do
		"$QB" tim -N -e estimate -n100 -m8 -uus --quiet-warnings /bin/true |
		    awk '{ print $1, $3 }' >> "$tmp/cal"
		i=$((i + 1))
	done
	m=$(cut -d' ' -f1 "$tmp/cal" | med)
	mad=$(awk -v m="$m" '{ print ($1 > m ? $1 - m : m - $1) }' "$tmp/cal" | med)
	mr=$(cut -d' ' -f2 "$tmp/cal" | med)
	awk -v mad="$mad" -v mr="$mr" '
	{ s += $1; ss += $1 * $1; se += $2 }
	END {
		n = NR; sd = sqrt((ss - s * s / n) / (n - 1))
		printf "estimate.runs\t%d\nestimate.mean_us\t%.2f\nestimate.sd_us\t%.3f\n", n, s / n, sd
		printf "estimate.mean_error_us\t%.3f\n", se / n
		printf "estimate.calibration\t%.2f (mean error / sd of the estimates; wanted 0.67-1.5)\n", (sd > 0 ? se / n / sd : 0)
		printf "estimate.calibration_robust\t%.2f (median error / 1.4826 MAD)\n", (mad > 0 ? mr / (1.4826 * mad) : 0)
	}' "$tmp/cal" ;;
esac
