#!/bin/sh
# bench/full.sh: the full benchmark, run by `make bench-full` (about 12
# minutes on a 2-CPU machine, plus timverdict's up to 2 hours; `make bench` runs the 2-minute summary,
# bench.sh). Needs python3 for bench/tim.sh (bench/deps.sh full installs it).
#
# 1. The seed section, the project's first benchmark: count the
#    processes with tails, time pf (first match, no match) against procps
#    pgrep with tim, then derive the per-process cost and the speed-up, each
#    with its propagated error. Run once per build (default, then static).
# 2. The sections under bench/ (process-count scaling of pf, the pgrep
#    personality, procps and toybox pgrep; tails vs GNU head/tail; tim's own
#    cost vs hyperfine; start-up of the static binary vs a static hello;
#    tim's verdicts and --error=estimate's calibration, bench/timverdict.sh,
#    up to 2 hours of its own: 30 runs a case), each printing one measurement per line
#    with a tab-separated label.
#
# Knobs (environment) of the seed section:
#   r=PREFIX   scheduler/affinity prefix (default: "taskset -c LASTCPU", with
#              RT=1 "chrt 99 taskset -c LASTCPU", when permitted, else
#              nothing; said in the output)
#   e=PREFIX   environment prefix (default: env -i HOME PATH=<links>:...)
#   t=OPTS     tim options (default: -k2 -o14 -n14 -m14 -uμs)
#   SECTIONS="scale findshow tails tim startup timverdict"   which bench/*.sh to run (default: these)
#   BUILDS="default static"         which builds run the seed section
#   PGREP=/usr/bin/pgrep   the reference pgrep (by path, never from PATH)
# Sections take their own knobs (see the head of each bench/*.sh), e.g.
#   NPROCS="0 500 2000" (scale), SIZE=1G (tails file size), N and REPS (tim).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/qbbench.XXXXXX")
cleanup() { rm -rf "$tmp"; }
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
N=/dev/null

if [ -z "${r+set}" ]; then
	cpu=$(($(nproc) - 1))
	rtp=
	[ "${RT:-0}" != 1 ] || rtp="chrt 99 "
	if $rtp taskset -c "$cpu" true 2>/dev/null; then
		r="${rtp}taskset -c $cpu"
	else
		r=""
		echo "# note: ${rtp:+chrt/}taskset not permitted here; running without them"
	fi
fi
echo "# scheduler prefix: ${r:-(none)}"
: "${t=-k2 -o14 -n14 -m14 -uμs}"
PGREP=${PGREP:-/usr/bin/pgrep}

# links named pf, pk, pw, tails, tim -> the build under test, first in PATH;
# the reference is called by its real path (/usr/bin/pgrep): after
# `make install LINKS=all` the pgrep on PATH is quickbox itself
linkdir() {
	mkdir -p "$tmp/$1"
	for n in pf pk pw tails tim; do ln -sf "$2" "$tmp/$1/$n"; done
	echo "$tmp/$1"
}

# "V +- E unit<TAB>label" or "(V +- E)e+XX unit<TAB>label" -> "V E"
parse='function pv(s,   x, g, h) {
	sub(/\t.*/, "", s); x = 0
	if (s ~ /^\(/) { x = s; sub(/.*\)e/, "", x); sub(/ .*/, "", x); x += 0
		sub(/^\(/, "", s); sub(/\).*/, "", s) }
	split(s, g, / \+- /); split(g[2], h, " ")
	V = g[1] * 10 ^ x; E = h[1] * 10 ^ x }'

seed() {	# seed BUILD BINARY
	bin=$(linkdir "$1" "$2")
	env=${e-env -i HOME=$HOME PATH=$bin:/usr/local/bin:/usr/bin:/bin}
	echo "== seed: $1 build ($2)"
	# shellcheck disable=SC2046
	echo $(find /proc -maxdepth 1 -name '[1-9]*' -type d | "$bin/tails" -h1 -t1 -C1 -d '') |
	(read -r n first last
	 p=$(sed -e's/).*//' -e's/.*(//' < "$first/stat")
	 printf 'first/proc/*/stat-Pattern: "%s"\n' "$p"
	 echo "Roughly $((n - 4)) processes adjusting for (find, tails, 2 shells)"
	 # shellcheck disable=SC2086
	 $r $env tim $t "pf -e1 '$p'" "pf -e1 xyzPDQnoSuchCommand||:" "$PGREP -x '$p'>$N" |
		tee "$tmp/seed.out"
	 awk -v n=$((n - 4)) "$parse"'
		NR == 2 { pv($0); f = V; fe = E }
		NR == 3 { pv($0); m = V; me = E }
		NR == 4 { pv($0); g = V; ge = E }
		END {
			if (NR < 4 || f <= 0 || m <= 0) { print "derive\tfailed: too few rows"; exit 1 }
			d = (m - f) / n; de = sqrt(fe^2 + me^2) / n
			printf "per-process\t%.4g +- %.2g μs/process\t(no match - first match)/%d\n", d, de, n
			r1 = g / f; r1e = r1 * sqrt((ge/g)^2 + (fe/f)^2)
			r2 = g / m; r2e = r2 * sqrt((ge/g)^2 + (me/m)^2)
			printf "speed-up\t%.4g +- %.2g\tpgrep / pf first match (\"up to\")\n", r1, r1e
			printf "speed-up\t%.4g +- %.2g\tpgrep / pf no match (whole table)\n", r2, r2e
		}' "$tmp/seed.out")
}

case " ${BUILDS-default static} " in *" default "*)
	[ -x "$here/quickbox" ] || { echo "bench.sh: build first (make)" >&2; exit 1; }
	seed default "$here/quickbox" ;;
esac
case " ${BUILDS-default static} " in *" static "*)
	if [ -x "$here/build-static/quickbox" ]; then
		seed static "$here/build-static/quickbox"
	else
		echo "# static build missing (make static); skipped"
	fi ;;
esac

for s in ${SECTIONS-scale findshow tails tim startup timverdict}; do
	if [ -f "$here/bench/$s.sh" ]; then
		echo "== $s"
		QB="$here/quickbox" QBSTATIC="$here/build-static/quickbox" r="$r" \
			"$here/bench/$s.sh" "$here/quickbox"
		# a section stopped by ^C exits 130 itself: stop here too
		if [ $? -ge 128 ]; then exit 130; fi
	else
		echo "# section $s: bench/$s.sh not present; skipped"
	fi
done
