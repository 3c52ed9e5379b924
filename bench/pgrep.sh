#!/usr/bin/env bash
# bench/pgrep.sh: quickbox's pgrep personality vs procps pgrep, per process.
#
#   bench/pgrep.sh [QUICKBOX]   (default: build-static/quickbox, else ./quickbox)
#   env: COUNTS="0 500 2000" (extra processes), K=20, B=5 (B*K runs of each
#        command; the fastest counts), PGREP=/usr/bin/pgrep
#
# Starts COUNTS extra sleeping processes (links to sleep named qbp_<n>),
# times `pgrep NAME` and `pgrep -f NAME` for both tools (NAME matches
# nothing, so every process is read) at each count, and fits
# time = fixed + slope * processes by least squares. Helpers are killed by
# their recorded PIDs, also on Ctrl-C.
# Output: one measurement a line, "label<TAB>value<TAB>unit".
set -u
cd "$(dirname "$0")/.." || exit 1
QB=${1:-}
if [ -z "$QB" ]; then
	if [ -x build-static/quickbox ]; then QB=build-static/quickbox; else QB=./quickbox; fi
fi
QB=$(realpath "$QB") || exit 1
PGREP=${PGREP:-/usr/bin/pgrep}
COUNTS=${COUNTS:-"0 500 2000"}
K=${K:-20}
B=${B:-5}
tmp=$(mktemp -d)
pids=()

cleanup() {
	[ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null
	wait 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

ln -s "$QB" "$tmp/pgrep"
"$tmp/pgrep" -c . >/dev/null || { echo "bench/pgrep.sh: $QB pgrep does not run" >&2; exit 1; }
sleep_bin=$(command -v sleep)
spawn_to() {
	local want=$1 i
	for ((i = ${#pids[@]}; i < want; i++)); do
		[ -e "$tmp/qbp_$((i % 97))" ] || ln -s "$sleep_bin" "$tmp/qbp_$((i % 97))"
		"$tmp/qbp_$((i % 97))" 100000 &
		pids+=($!)
	done
}

# microseconds of the fastest of B*K runs of "$@"
per_run() {
	local i t0 t1
	for ((i = 0; i < B * K; i++)); do
		t0=$EPOCHREALTIME
		"$@" >/dev/null
		t1=$EPOCHREALTIME
		echo "$t0 $t1"
	done | awk '{d = ($2 - $1) * 1e6; if (NR == 1 || d < m) m = d} END{printf "%.1f", m}'
}

declare -A T S
at=()
for n in $COUNTS; do
	spawn_to "$n"
	procs=$(ls /proc | grep -c '^[0-9]')
	at+=("$procs")
	T[qb,$procs]=$(per_run "$tmp/pgrep" qbbench_nomatch)
	T[ref,$procs]=$(per_run "$PGREP" qbbench_nomatch)
	T[qbf,$procs]=$(per_run "$tmp/pgrep" -f qbbench_nomatch)
	T[reff,$procs]=$(per_run "$PGREP" -f qbbench_nomatch)
	for t in qb ref qbf reff; do
		printf 'pgrep_%s_us@%s\t%s\tus\n' "$t" "$procs" "${T[$t,$procs]}"
	done
done

fit() {
	local p
	for p in "${at[@]}"; do echo "$p ${T[$1,$p]}"; done |
	    awk '{n++; sx+=$1; sy+=$2; sxx+=$1*$1; sxy+=$1*$2}
		END{d=n*sxx-sx*sx; s=d?(n*sxy-sx*sy)/d:0; printf "%.3f %.3f\n", s, (sy-s*sx)/n}'
}
for t in qb ref qbf reff; do
	read -r s i <<<"$(fit $t)"
	S[$t]=$s
	printf 'pgrep_%s_slope\t%s\tus/process\n' "$t" "$s"
	printf 'pgrep_%s_fixed\t%s\tms\n' "$t" "$(awk -v i="$i" 'BEGIN{printf "%.3f", i/1000}')"
done 2>/dev/null
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.1f", (b > 0) ? a / b : 0}'; }
printf 'pgrep_name_speedup\t%s\tx\n' "$(ratio "${S[ref]}" "${S[qb]}")"
printf 'pgrep_full_speedup\t%s\tx\n' "$(ratio "${S[reff]}" "${S[qbf]}")"
printf 'pgrep_binary\t%s\t-\n' "$QB"
