#!/usr/bin/env bash
# bench/scale.sh: how process finders scale with the number of processes.
#
#   bench/scale.sh [QUICKBOX [QUICKBOX_STATIC]]
#       (defaults: ./quickbox and build-static/quickbox when present)
#   env: NPROCS="0 500 2000" (extra sleeping processes), K=20, B=5 (B*K
#        runs of each command; the fastest counts), PGREP=/usr/bin/pgrep,
#        TOYBOX=/usr/bin/toybox, BUSYBOX=/bin/busybox (references by path,
#        never from PATH, where an installed quickbox link may come first)
#
# With NPROCS extra sleeping processes (links to sleep named qbs_0..qbs_96,
# so names vary), times at each count:
#   pf-match    pf qbs_5            a name that matches ~1/97 of the extras
#   pf-first    pf -e1 ^FIRST$      FIRST = PID 1's name: the first entry
#   pf-none     pf NOSUCH           no match: the whole table is read
#   (the same three for the static build as pfS-*)
#   qb-pgrep    quickbox as pgrep NOSUCH  (qb-pgrep-f: pgrep -f NOSUCH)
#   pgrep       procps pgrep NOSUCH       (pgrep-f: pgrep -f NOSUCH)
#   toybox      toybox pgrep NOSUCH, busybox   busybox pgrep NOSUCH
#               (when installed; Debian's busybox has no pgrep: said so)
# then fits time = fixed + slope * processes (least squares) for each.
# Then the parallel scan (docs/PERFORMANCE.md, "Parallel scan"), in a private PID namespace
# (needs root; else skipped) so the table holds only what it starts: at
# PAR_AT="70 2000" processes, `pf NOSUCH` with the default (threads from
# 192 processes on), pinned to one CPU, and with QB_THREADS=1, as times
# and as ratios default/pinned, default/1-thread (goal: <= 0.6 at 2000 on
# an idle multi-CPU machine; ~1.0 at 70). Those runs are timed by
# bench/parrun.c (built with cc), which starts pf itself by vfork+exec.
# PAR_ONLY=1 runs only that part (a quick check: K=2 B=1 PAR_ONLY=1).
# PAR_OLD=BINARY adds that build's three variants (old- rows) to the same
# rounds, and the ratios to it: a change's effect on the scan, old and new
# run in turn.
# The other times are wall time of one run started from bash (fork+exec
# included, the same for every tool). Extras are killed by their recorded
# PIDs, never by name, also on Ctrl-C.
# Output: "label<TAB>value<TAB>unit" lines; '#' lines are notes.
set -u
cd "$(dirname "$0")/.." || exit 1
if [ "${1:-}" = --par-inner ]; then
	PAR_INNER=1
	shift
fi
QB=$(realpath "${1:-./quickbox}") || exit 1
QBS=${2:-build-static/quickbox}
[ -x "$QBS" ] && QBS=$(realpath "$QBS") || QBS=
PGREP=${PGREP:-/usr/bin/pgrep}
NPROCS=${NPROCS:-"0 500 2000"}
K=${K:-20}
B=${B:-5}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/qbscale.XXXXXX")
pids=()

cleanup() {
	[ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null
	wait 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

mkdir "$tmp/d" "$tmp/s"
ln -s "$QB" "$tmp/d/pf"
ln -s "$QB" "$tmp/d/pgrep"
[ -n "$QBS" ] && ln -s "$QBS" "$tmp/s/pf"
if [ -n "${PAR_OLD:-}" ]; then
	mkdir "$tmp/o" && ln -s "$(realpath "$PAR_OLD")" "$tmp/o/pf" || exit 1
fi
sleep_bin=$(command -v sleep)
spawn_to() {	# grow the set of extra processes to $1
	local want=$1 i
	for ((i = ${#pids[@]}; i < want; i++)); do
		[ -e "$tmp/qbs_$((i % 97))" ] || ln -s "$sleep_bin" "$tmp/qbs_$((i % 97))"
		"$tmp/qbs_$((i % 97))" 100000 &
		pids+=($!)
	done
}

# REPLY = microseconds per run of "$@": the fastest of B*K runs (the
# minimum is what other load on the machine cannot inflate). The loop runs
# in this shell, not in a pipe or $(...): a subshell that outlives the
# tool killed by ^C would make bash ignore the ^C, and the extras would
# stay behind.
per_run() {
	local i t0
	: >"$tmp/times"
	for ((i = 0; i < B * K; i++)); do
		t0=$EPOCHREALTIME
		"$@" >/dev/null 2>&1
		echo "$t0 $EPOCHREALTIME" >>"$tmp/times"
	done
	REPLY=$(awk '{d = ($2 - $1) * 1e6; if (NR == 1 || d < m) m = d}
		END{printf "%.1f", m}' "$tmp/times")
}

none=qbscale_nomatch

# inside the namespace: grow the table to each PAR_AT, time the variants
par_inner() {
	local at n base procs d p o
	base=$(ls /proc | grep -c '^[0-9]')
	for at in ${PAR_AT:-70 2000}; do
		n=$((at - base))
		[ "$n" -lt 0 ] && n=0
		spawn_to "$n"
		procs=$(ls /proc | grep -c '^[0-9]')
		# bench/parrun.c runs the variants in turn, one run each, B*K
		# rounds, each run a vfork+exec of pf itself (no bash fork, no env
		# or taskset exec in the timed part: they would add the same ~1-2
		# ms to both sides of each ratio); par- rows: the dynamic build,
		# parS- rows: the static one; each keeps its fastest run
		local vs=() args=() v
		local -A best=()
		for v in d s o; do [ -e "$tmp/$v/pf" ] && vs+=("$v"); done
		for v in "${vs[@]}"; do
			args+=("${v}env:$tmp/$v/pf" "${v}taskset:$tmp/$v/pf:pin"
			    "${v}1thread:$tmp/$v/pf:QB_THREADS=1")
		done
		"$tmp/parrun" $((B * K)) "${args[@]}" -- "$tmp/d/pf" $none \
		    >"$tmp/par" || return 1
		while read -r v us _; do best[$v]=$us; done <"$tmp/par"
		sed "s/^/# parrun @$procs (name, min us, median us): /" "$tmp/par"
		for v in "${vs[@]}"; do
			lab=par; [ $v = s ] && lab=parS; [ $v = o ] && lab=old
			d=${best[${v}env]} p=${best[${v}taskset]} o=${best[${v}1thread]}
			printf '%s-default@%s\t%s\tus\n' $lab "$procs" "$d"
			printf '%s-pinned@%s\t%s\tus\n' $lab "$procs" "$p"
			printf '%s-1thread@%s\t%s\tus\n' $lab "$procs" "$o"
			awk -v d="$d" -v p="$p" -v o="$o" -v n="$procs" -v l=$lab 'BEGIN{
				printf "%s default/pinned@%s\t%.2f\tx\n", l, n, (p > 0 ? d / p : 0)
				printf "%s default/1thread@%s\t%.2f\tx\n", l, n, (o > 0 ? d / o : 0)}'
		done
		[ -e "$tmp/o/pf" ] && awk -v n="$procs" -v d="${best[denv]}" \
		    -v od="${best[oenv]}" -v p="${best[dtaskset]}" -v op="${best[otaskset]}" 'BEGIN{
			printf "par/old default@%s\t%.3f\tx\n", n, (od > 0 ? d / od : 0)
			printf "par/old pinned@%s\t%.3f\tx\n", n, (op > 0 ? p / op : 0)}'
	done
}
if [ -n "${PAR_INNER:-}" ]; then
	echo "# CPUs available: $(nproc)"
	${CC:-cc} -O2 -Icore -o "$tmp/parrun" bench/parrun.c core/lib/clock.c ||
	    { echo "# parallel scan: bench/parrun.c does not build: skipped"; exit 0; }
	par_inner
	exit 0
fi
par_outer() {
	local ns
	ns=$(sh tests/ns.sh --probe)
	if [ "${ns%%:*}" = none ]; then
		echo "# parallel scan: needs a private PID namespace (${ns#none: }): skipped"
		return
	fi
	# real-time priority when asked (RT=1) and allowed, so that the other jobs of a
	# shared machine cannot take the second CPU from one variant and not
	# the other (the seed section runs under chrt for the same reason)
	local rt=
	[ "${RT:-0}" != 1 ] || ! chrt -f 99 true 2>/dev/null || rt="chrt -f 99"
	echo "# parallel scan: scheduler prefix: ${rt:-none}"
	PAR_AT=${PAR_AT:-70 2000} K=$K B=$B QB_NS=$ns $rt sh tests/ns.sh --pid \
	    bash "$0" --par-inner "$QB" "$QBS"
}
if [ -n "${PAR_ONLY:-}" ]; then
	par_outer
	exit 0
fi

first=$(cat /proc/1/comm)
tools=(pf-match pf-first pf-none)
declare -A cmd=(
	[pf-match]="$tmp/d/pf qbs_5" [pf-first]="$tmp/d/pf -e1 ^$first\$"
	[pf-none]="$tmp/d/pf $none" [qb-pgrep]="$tmp/d/pgrep $none"
	[pgrep]="$PGREP $none" [qb-pgrep-f]="$tmp/d/pgrep -f $none"
	[pgrep-f]="$PGREP -f $none")
if [ -n "$QBS" ]; then
	tools+=(pfS-match pfS-first pfS-none)
	cmd[pfS-match]="$tmp/s/pf qbs_5"
	cmd[pfS-first]="$tmp/s/pf -e1 ^$first\$"
	cmd[pfS-none]="$tmp/s/pf $none"
else
	echo "# no static build: pfS rows skipped"
fi
tools+=(qb-pgrep pgrep qb-pgrep-f pgrep-f)
TOYBOX=${TOYBOX:-/usr/bin/toybox}
BUSYBOX=${BUSYBOX:-/bin/busybox}
if [ -x "$TOYBOX" ]; then
	tools+=(toybox); cmd[toybox]="$TOYBOX pgrep $none"
else
	echo "# toybox not installed: skipped"
fi
if "$BUSYBOX" pgrep --help >/dev/null 2>&1; then
	tools+=(busybox); cmd[busybox]="$BUSYBOX pgrep $none"
else
	echo "# busybox has no pgrep applet here: skipped"
fi

declare -A T
at=()
for n in $NPROCS; do
	spawn_to "$n"
	procs=$(ls /proc | grep -c '^[0-9]')
	at+=("$procs")
	for t in "${tools[@]}"; do
		# shellcheck disable=SC2086
		per_run ${cmd[$t]}
		T[$t,$procs]=$REPLY
		printf '%s@%s\t%s\tus\n' "$t" "$procs" "${T[$t,$procs]}"
	done
done

# least-squares line through (processes, time): slope, intercept
fit() {
	local p
	for p in "${at[@]}"; do echo "$p ${T[$1,$p]}"; done |
	    awk '{n++; sx+=$1; sy+=$2; sxx+=$1*$1; sxy+=$1*$2}
		END{d=n*sxx-sx*sx; s=d?(n*sxy-sx*sy)/d:0; printf "%.3f %.3f\n", s, (sy-s*sx)/n}'
}
for t in "${tools[@]}"; do
	read -r s i <<<"$(fit "$t")"
	printf '%s slope\t%s\tus/process\n' "$t" "$s"
	printf '%s fixed\t%s\tms\n' "$t" "$(awk -v i="$i" 'BEGIN{printf "%.3f", i/1000}')"
	[ "$t" = pf-none ] && pf_s=$s
	[ "$t" = pfS-none ] && pfs_s=$s
	[ "$t" = pgrep ] && pg_s=$s
	[ "$t" = qb-pgrep ] && qp_s=$s
	[ "$t" = qb-pgrep-f ] && qpf_s=$s
	[ "$t" = pgrep-f ] && pgf_s=$s
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.1f", (b > 0) ? a / b : 0}'; }
printf 'pgrep/pf-none slope\t%s\tx\n' "$(ratio "$pg_s" "$pf_s")"
[ -n "${pfs_s:-}" ] && printf 'pgrep/pfS-none slope\t%s\tx\n' "$(ratio "$pg_s" "$pfs_s")"
printf 'pgrep/qb-pgrep slope\t%s\tx\n' "$(ratio "$pg_s" "$qp_s")"
printf 'pgrep-f/qb-pgrep-f slope\t%s\tx\n' "$(ratio "$pgf_s" "$qpf_s")"
par_outer
exit 0
