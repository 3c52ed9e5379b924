#!/usr/bin/env bash
# bench.sh: quickbox's benchmark, run by `make bench`: about 1-2 minutes on
# a 2-CPU machine, ending in a summary table of ratios against the
# reference tools, all measured in this run. `make bench-full` (bench.sh
# --full, bench/full.sh) runs the long studies instead (about 22-42 minutes:
# bench/full.sh's 12 and timverdict's 10-30).
#
# Sections, each timed with quickbox's tim (through sh, the shell's own
# start-up subtracted, the commands' output discarded, --interleave so a
# slow stretch of the machine hits every command alike):
#   seed   the project's first benchmark, the rows it began with: pf -e1 FIRST
#          (the first /proc entry's name), pf -e1 NOSUCH, procps pgrep -x
#          FIRST; the per-process cost and the speed-ups derived from them
#   scale  quickbox's pgrep and pidof against procps pgrep, toybox pgrep
#          and busybox pidof at NLO and NHI processes (a private PID
#          namespace holding only sleeping extras, when root), and the
#          per-process cost (the slope between the two counts); and
#          pf -F pid,args NAME against pgrep NAME | xargs ps -o pid,args
#          (find and show) at NLO
#   tails  head/tail against GNU coreutils, busybox and toybox on a SIZE
#          file
#   tim    tim -N against hyperfine -N: the wall time to take 200 samples
#
# Adding a row: one `compare` line in a section (see compare() below):
#   compare KEY "what is timed" "QUICKBOX COMMAND" "REF NAME" "REF COMMAND" ...
# quickbox's applets (pf pk pw tails tim, pgrep pidof head tail) are
# first on PATH; reference tools are named by their real path, never
# through PATH (after `make install LINKS=all` pgrep on PATH is quickbox).
#
# Knobs (environment):
#   SECTIONS="seed scale tails tim"  which sections run
#   NLO=300 NHI=2000   process counts of the scale section
#   SIZE=32M           file size of the tails section (K/M/G)
#   BUDGET=2           seconds of tim sampling per comparison (--budget)
#   SEEDOPTS="-k2 -n7 -m8 -o7"   tim options of the seed rows (before --budget)
#   r=PREFIX           scheduler prefix of the timed runs (default:
#                      "taskset -c LASTCPU" where permitted, else none)
#   RT=1               real-time priority too: "chrt 99 taskset -c LASTCPU"
#                      (and chrt -f 99 for the parallel scan); never by
#                      default, as on a shared or small machine it can
#                      starve everything else (make bench RT=1)
#   PGREP=/usr/bin/pgrep TOYBOX=/usr/bin/toybox BUSYBOX=/bin/busybox
#   HYPERFINE=/usr/bin/hyperfine GNU=/usr/bin   the references
# Exit status: 0 when every section ran (a missing reference tool is said
# and skipped), 1 when a measurement failed.
[ -n "${BASH_VERSION-}" ] || exec bash "$0" "$@"   # sh bench.sh works too
set -u
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
if [ "${1-}" = --full ]; then
	shift
	exec sh "$here/bench/full.sh" "$@"
fi
SECTIONS=${SECTIONS-seed scale tails tim}
NLO=${NLO:-300}
NHI=${NHI:-2000}
SIZE=${SIZE:-32M}
BUDGET=${BUDGET:-2}
# the knobs checked before anything runs: a bad number in bash's
# arithmetic abandons the whole section loop, not only the section
knob() { echo "bench.sh: $1=$2: $3" >&2; exit 2; }
case $NLO in *[!0-9]*) knob NLO "$NLO" "not a number of processes" ;; esac
case $NHI in *[!0-9]*) knob NHI "$NHI" "not a number of processes" ;; esac
case ${SIZE%[KMGkmg]} in ''|*[!0-9]*) knob SIZE "$SIZE" "not a size (N, NK, NM or NG)" ;; esac
case $BUDGET in *[!0-9.]*|*.*.*|.) knob BUDGET "$BUDGET" "not a number of seconds" ;; esac
PGREP=${PGREP:-/usr/bin/pgrep}
TOYBOX=${TOYBOX:-/usr/bin/toybox}
BUSYBOX=${BUSYBOX:-/bin/busybox}
[ -x "$BUSYBOX" ] || [ ! -x /usr/bin/busybox ] || BUSYBOX=/usr/bin/busybox
HYPERFINE=${HYPERFINE:-/usr/bin/hyperfine}
GNU=${GNU:-/usr/bin}
QB=$here/quickbox
QBS=$here/build-static/quickbox

# ---- the inner half of the scale section (in its own PID namespace) ----
if [ "${1-}" = --scale-inner ]; then
	tmp=$2
	. "$here/bench/lib.sh"
	scale_inner
	exit $?
fi

[ -x "$QB" ] || { echo "bench.sh: no $QB: build first (make)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/qbbench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP
. "$here/bench/lib.sh"

start=$(date +%s)
if [ -z "${r+set}" ]; then
	cpu=$(($(nproc) - 1))
	r=
	taskset -c "$cpu" true 2>/dev/null && r="taskset -c $cpu"
	[ "${RT:-0}" != 1 ] || ! chrt 99 taskset -c "$cpu" true 2>/dev/null ||
	    r="chrt 99 taskset -c $cpu"
fi
export r
echo "# make bench: about 1-2 minutes on a 2-CPU machine (sections: $SECTIONS);"
echo "# the summary table comes last. make bench-full runs the long studies (~22-42 min)."
echo "# quickbox $("$QB" --version 2>/dev/null | head -n 1), $(uname -srm), $(nproc) CPUs," \
	"load $(cut -d' ' -f1-3 /proc/loadavg), scheduler prefix: ${r:-(none)}"

links "$tmp/d" "$QB"
[ -x "$QBS" ] && links "$tmp/s" "$QBS"
for s in $SECTIONS; do
	case $s in
	seed|scale|tails|tim)
		t0=$(date +%s)
		n=$(cat "$tmp/rows" 2>/dev/null | wc -l)
		"section_$s" || fail "section $s stopped"
		# a section that adds no row broke (even a missing tool adds one)
		[ "$(cat "$tmp/rows" 2>/dev/null | wc -l)" -gt "$n" ] || fail "section $s gave no result"
		note "$s took $(( $(date +%s) - t0 )) s" ;;
	*) fail "no section named $s (seed scale tails tim)" ;;
	esac
	echo "$s" >> "$tmp/ran"
done
# a shell error that abandoned the loop midway skipped the checks above
ran=$(cat "$tmp/ran" 2>/dev/null)
[ "$(echo $ran | wc -w)" -eq "$(echo $SECTIONS | wc -w)" ] ||
	fail "the sections stopped early (a shell error above); finished: $(echo ${ran:-none})"
# the answer is the last thing printed: the time before it
echo "# bench.sh took $(( $(date +%s) - start )) s"
summary
[ ! -s "$tmp/failed" ]
