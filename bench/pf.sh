#!/usr/bin/env bash
# bench/pf.sh: pf vs procps pgrep, per-process slope and fixed cost.
#
#   bench/pf.sh [QUICKBOX]      (default: build-static/quickbox, else ./quickbox)
#   env: COUNTS="0 500 2000" (extra processes), K=20, B=5 (B*K runs of each command;
#        the fastest counts), PGREP=/usr/bin/pgrep
#
# Starts COUNTS extra sleeping processes (names vary: links to sleep named
# qbb_<n>), times `pf NAME` and `pgrep NAME` (NAME matches nothing, so the
# whole table is read) and `pf -e1 FIRST` (FIRST = PID 1's name) at each
# count, then fits time = fixed + slope * processes (least squares), and
# times `pf -e -p 1 NOMATCH` alone (startup: one process read). The helpers are killed
# by their recorded PIDs (never by name), also on Ctrl-C.
# Output: one measurement a line, "label<TAB>value<TAB>unit".
set -u
cd "$(dirname "$0")/.." || exit 1
QB=${1:-}
if [ -z "$QB" ]; then
	if [ -x build-static/quickbox ]; then QB=build-static/quickbox; else QB=./quickbox; fi
fi
QB=$(realpath "$QB") || exit 1
"$QB" pf -e1 . || { echo "bench/pf.sh: $QB pf does not run" >&2; exit 1; }
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

ln -s "$QB" "$tmp/pf"
sleep_bin=$(command -v sleep)
spawn_to() {   # grow the helper set to $1 processes
	local want=$1 i
	for ((i = ${#pids[@]}; i < want; i++)); do
		[ -e "$tmp/qbb_$((i % 97))" ] || ln -s "$sleep_bin" "$tmp/qbb_$((i % 97))"
		"$tmp/qbb_$((i % 97))" 100000 &
		pids+=($!)
	done
}

# microseconds per run of "$@": the fastest of B*K single runs (the
# minimum is what other load on the machine cannot inflate)
per_run() {
	local i t0 t1
	for ((i = 0; i < B * K; i++)); do
		t0=$EPOCHREALTIME
		"$@" >/dev/null
		t1=$EPOCHREALTIME
		echo "$t0 $t1"
	done | awk '{d = ($2 - $1) * 1e6; if (NR == 1 || d < m) m = d} END{printf "%.1f", m}'
}

first=$(cat /proc/1/comm)
declare -A T
nproc_at=()
for n in $COUNTS; do
	spawn_to "$n"
	procs=$(ls /proc | grep -c '^[0-9]')
	nproc_at+=("$procs")
	T[pf,$procs]=$(per_run "$tmp/pf" qbbench_nomatch)
	T[pgrep,$procs]=$(per_run "$PGREP" qbbench_nomatch)
	T[first,$procs]=$(per_run "$tmp/pf" -e1 "^$first\$")
	printf 'pf_name_us@%s\t%s\tus\n' "$procs" "${T[pf,$procs]}"
	printf 'pgrep_name_us@%s\t%s\tus\n' "$procs" "${T[pgrep,$procs]}"
	printf 'pf_e1_first_us@%s\t%s\tus\n' "$procs" "${T[first,$procs]}"
done

# least-squares line through (processes, time): slope us/process, intercept
fit() {
	local tool=$1 p
	for p in "${nproc_at[@]}"; do echo "$p ${T[$tool,$p]}"; done |
	    awk '{n++; sx+=$1; sy+=$2; sxx+=$1*$1; sxy+=$1*$2}
		END{d=n*sxx-sx*sx; s=d?(n*sxy-sx*sy)/d:0; printf "%.3f %.3f\n", s, (sy-s*sx)/n}'
}
read -r pf_s pf_i <<<"$(fit pf)"
read -r pg_s pg_i <<<"$(fit pgrep)"
read -r e1_s e1_i <<<"$(fit first)"
printf 'pf_slope\t%s\tus/process\n' "$pf_s"
printf 'pgrep_slope\t%s\tus/process\n' "$pg_s"
printf 'pgrep_over_pf_slope\t%s\tx\n' "$(awk -v a="$pg_s" -v b="$pf_s" 'BEGIN{printf "%.1f", (b > 0) ? a / b : 0}')"
printf 'pf_fixed\t%s\tms\n' "$(awk -v i="$pf_i" 'BEGIN{printf "%.3f", i/1000}')"
printf 'pgrep_fixed\t%s\tms\n' "$(awk -v i="$pg_i" 'BEGIN{printf "%.3f", i/1000}')"
printf 'pf_e1_first_slope\t%s\tus/process\n' "$e1_s"
# startup alone: one process read (-p 1), the floor of any pf run
printf 'pf_startup\t%s\tms\n' "$(awk -v u="$(per_run "$tmp/pf" -e -p 1 qbbench_nomatch)" 'BEGIN{printf "%.3f", u/1000}')"
printf 'pf_binary\t%s\t-\n' "$QB"
