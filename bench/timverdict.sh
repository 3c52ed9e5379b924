#!/bin/sh
# bench/timverdict.sh: issue 32's measurements of tim's verdicts and of
# --error=estimate (docs/tim.md, "Comparisons and verdicts" and "Which
# error"). Run by `make bench-full`, not `make bench`: at the full size it
# takes 10-30 minutes (the --decide parts up to BUDGET a run).
#
#  1. same: `tim -N --verdict /bin/true /bin/true`, REPS times: the
#     verdicts (wanted: no difference in >= 27 of 30), and the same runs'
#     intervals read against other thresholds (the default's measurement)
#  2. sh: /bin/true against /bin/sh -c true (wanted: slower in 30 of 30)
#  3. loop: a busy loop of 1.00 M against 1.05 M iterations of 16 adds
#     (a C program written here): never the wrong direction; with --decide and a BUDGET
#     of 20 s, DREPS times, slower (the right direction) in >= 27 of 30
#  4. 1-3 again beside two CPU-burning loops (never the wrong direction)
#  5. `tim -N -e estimate -n100 -m8 /bin/true`, REPS times: the mean
#     stated error over the standard deviation of the estimates (wanted:
#     0.67-1.5), and the median error over the robust one (1.4826 MAD)
#
# Prints label<TAB>value lines. Knobs: QB (the binary, default
# ./quickbox), REPS (30), DREPS (the --decide runs, REPS), BUDGET (20s),
# PARTS ("1 2 3 4 5"), CC (cc). Reduced: REPS=10 DREPS=5 BUDGET=10s.
set -u
QB=${QB:-${1:-./quickbox}}
REPS=${REPS:-30}
DREPS=${DREPS:-$REPS}
BUDGET=${BUDGET:-20s}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/timverdict.XXXXXX")
busy=
cleanup() {
	for p in $busy; do kill "$p" 2> /dev/null; done
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

	for (i = 0; i < n; i++)         /* 16 adds an iteration: 1 M take */
		for (j = 0; j < 16; j++)  /* some 10-20 ms, so the start of */
			x += j;         /* the process is 1-3 % of it */
	return 0;
}
EOF
loop=
if "${CC:-cc}" -O1 -o "$tmp/loop" "$tmp/loop.c" 2> /dev/null; then
	loop=$tmp/loop
else
	echo "# timverdict: no C compiler (CC=${CC:-cc}): the loop parts skipped"
fi

# tally LABEL REPS TIM-ARGS...: the verdict words of REPS runs (the last
# line of each), and the ratios and intervals in $tmp/v.LABEL; stderr
# in $tmp/err
tally() {
	lab=$1 n=$2 i=0
	shift 2
	: > "$tmp/v.$lab"
	while [ "$i" -lt "$n" ]; do
		"$QB" tim "$@" 2>> "$tmp/err" | tail -n 1 >> "$tmp/v.$lab"
		i=$((i + 1))
	done
	awk -F'\t' -v lab="$lab" '
	{ w = $3; sub(/.*: /, "", w) }
	w == "faster" { f++ } w == "slower" { s++ }
	w == "no difference" { d++ } w == "no difference (undecided)" { u++ }
	END { printf "%s\t%d faster, %d slower, %d no difference (%d of them undecided) of %d\n",
	    lab, f, s, d + u, u, NR }' "$tmp/v.$lab"
}

# thresholds LABEL: the same runs' intervals read against other
# thresholds, and the spread of their ratios
thresholds() {
	awk -F'\t' -v lab="$1" '
	{ split($1, a, /[][, ]+/); r[NR] = a[1]; lo[NR] = a[2]; hi[NR] = a[3]
	  l = log(a[1]); s += l; ss += l * l }
	END {
		n = split("0 0.005 0.01 0.02 0.05", T, " ")
		for (k = 1; k <= n; k++) {
			c = 0
			for (i = 1; i <= NR; i++)
				if (lo[i] > 1 + T[k] || hi[i] < 1 - T[k]) c++
			printf "%s.threshold_%s\t%d of %d called faster or slower\n", lab, T[k], c, NR
		}
		printf "%s.ratio_sd\t%.4f (sd of ln ratio over %d runs)\n", lab,
		    sqrt((ss - s * s / NR) / (NR - 1)), NR
		printf "%s.ratio_mean\t%.4f (exp of the mean ln ratio: the order bias)\n", lab,
		    exp(s / NR)
	}' "$tmp/v.$1"
}

verdicts() { # SUFFIX
	case " ${PARTS:-1 2 3 4 5} " in *" 1 "*)
		tally "same$1" "$REPS" -N --verdict /bin/true /bin/true
		thresholds "same$1" ;;
	esac
	case " ${PARTS:-1 2 3 4 5} " in *" 2 "*)
		tally "sh$1" "$REPS" -N --verdict /bin/true '/bin/sh -c true' ;;
	esac
	case " ${PARTS:-1 2 3 4 5} " in *" 3 "*)
		[ -z "$loop" ] || {
			tally "loop$1" "$REPS" -N --verdict "$loop 1000000" "$loop 1050000"
			tally "loop_decide$1" "$DREPS" -N --decide --budget="$BUDGET" \
			    "$loop 1000000" "$loop 1050000"
		} ;;
	esac
}

verdicts ""
case " ${PARTS:-1 2 3 4 5} " in *" 4 "*)
	for _ in 1 2; do
		awk 'BEGIN { for (;;) ; }' &
		busy="$busy $!"
	done
	verdicts "_busy"
	for p in $busy; do kill "$p"; done
	busy= ;;
esac

case " ${PARTS:-1 2 3 4 5} " in *" 5 "*)
	i=0
	: > "$tmp/cal"
	while [ "$i" -lt "$REPS" ]; do
		"$QB" tim -N -e estimate -n100 -m8 -uus --quiet-warnings /bin/true |
		    awk '{ print $1, $3 }' >> "$tmp/cal"
		i=$((i + 1))
	done
	med() { sort -n | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
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
