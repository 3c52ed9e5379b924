#!/bin/sh
# bench/tim.sh: what tim costs per sample, how reproducible its numbers are
# next to hyperfine's, and whether --precision reaches its target.
#  1. spawn: tim's wall time per sample of `sh -c ''` vs a bare fork+exec
#     (and vfork+exec) loop of the same command (bench/forkexec.c), tim's
#     own minimum estimate of that overhead, and the peak-RSS floor (tim's
#     RSS at the spawn, which every ru_maxrss of a child is at least).
#  2. spread: on /bin/true, `sleep 0.002` and a CPU-bound ~20 ms awk loop,
#     five tools, each repeated REPS times at the same wall-clock BUDGET per
#     repeat: tim -N, tim -N -k0 (whose estimate is the plain minimum, as
#     hyperfine's min), tim through sh (the default report: minus the
#     overhead), hyperfine -N and hyperfine through sh. Run counts are
#     calibrated once per tool and command so one repeat takes BUDGET; the
#     tools then take turns, one repeat each (drift hits all alike).
#     Per tool: the coefficient of variation (sample st.dev./mean, %) of
#     its central value over the repeats (tim: its estimate; hyperfine:
#     mean, median and min). For tim, whether its error is calibrated,
#     compared like with like: the error is the (population) st.dev. of
#     the m per-batch estimates s_b (each from one batch of n runs; with
#     -k1 the batch minimum; through sh, cmd minus overhead batch by
#     batch), so err_ratio = the RMS of the reported errors / the sample
#     st.dev. of s_b pooled over every batch of every repeat (1: the error
#     bar says how much a rerun of a batch moves; > 1 overstates it; the
#     pooled spread also holds drift between repeats, which no error
#     computed inside one run can see; independent runs give about
#     sqrt((m-1)/m) = 0.94 at m=8, the error dividing by m). est_ratio = the same RMS / the
#     st.dev. of the estimates themselves over the repeats: the estimate
#     uses the 2k best of all m*n runs, not one batch, so it moves less
#     than one batch's estimate and est_ratio > 1 is expected (up to about
#     m for a sharp minimum, about 1 for a smooth one); it is what the old
#     "median error / st.dev. of the estimates" measured.
#     Each ratio and the CV ratio tim -N / hyperfine -N min come with a
#     95 % bootstrap interval over the repeats (bench/timcal.py): with 8
#     repeats a st.dev. is only known to about +-25 %, so a ratio whose
#     interval holds 1 is a tie. Each median ratio also comes over the
#     robust st.dev. of the estimates (1.4826 MAD, _robust_ratio): the
#     spread of a typical rerun. The robust CV (1.4826 MAD / median) is
#     printed beside the CV: one repeat that fell whole into a slow minute
#     sets the CV of so few repeats. So is the ratio of the st.dev.s
#     themselves: hyperfine's minimum holds its own cost per run (tens of
#     us over tim's), which lowers its CV for the same spread.
#  2b. calibration: the same ratio for tim -N over REPS repeats made back
#     to back (the spread of a rerun made right after).
#  2c. the same ratio with the machine's drift taken out: 400 tim runs
#     replayed (--read) from independent draws out of a pool of 5 BUDGETs
#     of this command's runs (what --error=estimate models; below about
#     100 runs a batch it reads low, docs/tim.md "Which error").
#  3. precision: does tim --precision=1% reach it on /bin/true within a
#     PBUDGET budget (-N, through sh, and -N -e estimate), REPS times each:
#     how often, how long it took, the median relative error it ended on
#     and the CV of the estimates it ended on (the error is honest when
#     the two are alike).
#  4. live: tim's `sleep 0.02` minus `sleep 0.01` (about 10 ms).
# Usage: sh bench/tim.sh [QUICKBOX]      (default ./quickbox, built if absent)
#   env: N (loop length of part 1, 2000), REPS (8), BUDGET (seconds per
#   repeat, 2), PBUDGET (seconds, 5), KEEP (an absolute directory: part
#   2's per-repeat rows are copied there, LABEL.TOOL). A quick check:
#   N=200 REPS=8 BUDGET=0.1 PBUDGET=1 sh bench/tim.sh   (about 1 min: the
#   run counts have a floor, tim 8 batches of 3, hyperfine 10 runs)
# Output: "label<TAB>value" lines (units in the label); '#' lines are notes.
# hyperfine is called as /usr/bin/hyperfine; without it part 2 has tim only.
# Takes about 18 * REPS * BUDGET + 3 * REPS * PBUDGET + 15 * BUDGET + 40 s
# at most (~8 min).
set -eu
QB=${1:-${QB:-}}
case $QB in ''|/*) ;; *) QB=$PWD/$QB ;; esac   # relative to the caller
cd "$(dirname "$0")/.."
QB=${QB:-./quickbox}
START=$(date +%s)
N=${N:-2000}
REPS=${REPS:-8}
BUDGET=${BUDGET:-2}
PBUDGET=${PBUDGET:-5}
HF=/usr/bin/hyperfine
B=build/bench
[ -x "$QB" ] || make -s >/dev/null
[ -z "${KEEP:-}" ] || mkdir -p "$KEEP"
mkdir -p "$B"
${CC:-cc} -O2 -Icore -o "$B/forkexec" bench/forkexec.c core/lib/clock.c
trap 'rm -rf "$B/t"' EXIT
mkdir -p "$B/t"
T=$B/t

now() { date +%s.%N; }
out() { printf '%s\t%s\n' "$1" "$2"; }
calc() { awk "BEGIN { printf \"%.6g\", $1 }"; }
# "mean sd cv%" of the numbers on stdin (sample st.dev.)
stats() { awk '{ s += $1; q += $1 * $1; n++ } END { m = s / n;
	v = n > 1 ? (q - n * m * m) / (n - 1) : 0; sd = v > 0 ? sqrt(v) : 0;
	printf "%.6g %.6g %.2f\n", m, sd, m ? 100 * sd / m : 0 }'; }
rms() { awk '{ q += $1 * $1; n++ } END { printf "%.6g", n ? sqrt(q / n) : 0 }'; }
# a JSON export's last result: "estimate error" (tim) or
# "mean median min" (hyperfine), microseconds
jtim() { python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))["results"][-1]
print(r["estimate"], r["error"])' "$1"; }
# per repeat of tim -k1 (part 2): "estimate error s_0 .. s_{m-1}", the
# batch estimates s_b (batch minima) in microseconds, minus the overhead's
# batch by batch when there is an overhead row
jtimb() { python3 -c 'import json, sys
res = json.load(open(sys.argv[1]))["results"]
def mins(r):
    n = r["runs_per_batch"]; t = r["times"]
    return [min(t[b * n:(b + 1) * n]) * 1e6 for b in range(r["batches"])]
r = res[-1]; s = mins(r)
if res[0]["overhead"]:
    s = [a - b for a, b in zip(s, mins(res[0]))]
print(r["estimate"], r["error"], r["estimate_error"], *s)' "$1"; }
cal() { python3 bench/timcal.py "$@"; }
# label, then label_ci95: the value and its 95 % interval from timcal.py
outci() { l=$1; shift; set -- $(cal "$@"); out "$l" "$1"; out "${l}_ci95" "$2 $3"; }
jhf() { python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))["results"][-1]
print(r["mean"] * 1e6, r["median"] * 1e6, r["min"] * 1e6)' "$1"; }

# the timed tools (tim and hyperfine alike) run under bench.sh's scheduler
# prefix: real-time priority on the last CPU where that is allowed, so
# that other jobs and CPU migrations do not move one tool's numbers
# between repeats (r= from bench.sh; r= with nothing runs without)
if [ -n "${r+set}" ]; then
	rt=$r
else
	rt=
	cpu=$(($(nproc) - 1))
	taskset -c "$cpu" true 2>/dev/null && rt="taskset -c $cpu"
	[ "${RT:-0}" != 1 ] || ! chrt 99 taskset -c "$cpu" true 2>/dev/null ||
	    rt="chrt 99 taskset -c $cpu"
fi
echo "# tim bench: scheduler prefix: ${rt:-(none)}"
echo "# tim bench: $(uname -srm), $(nproc) cpus, N=$N REPS=$REPS BUDGET=${BUDGET}s PBUDGET=${PBUDGET}s"

# --- 1. per-sample cost and the RSS floor ----------------------------------
set -- $("$B/forkexec" "$N" /bin/sh -c '')
out "tim.spawn.fork_exec_sh_mean_us" "$1"
out "tim.spawn.fork_exec_sh_min_us" "$2"
set -- $("$B/forkexec" -v "$N" /bin/sh -c '')
out "tim.spawn.vfork_exec_sh_mean_us" "$1"
out "tim.spawn.vfork_exec_sh_min_us" "$2"
t0=$(now)
r=$("$QB" tim -w0 -k1 -n"$N" -m1 -o0 -R,= -uus --json "$T/s.json" '')
t1=$(now)
out "tim.spawn.tim_wall_per_sample_sh_us" "$(calc "($t1 - $t0) * 1e6 / $N")"
out "tim.spawn.tim_min_estimate_sh_us" "$(jtim "$T/s.json" | cut -d' ' -f1)"
# tim's RSS as a child sees it at its spawn, then what /bin/true reports
"$QB" tim -N -w0 -k1 -n3 -m2 --json "$T/r.json" \
    "sh -c 'grep VmHWM /proc/\$PPID/status >> $T/hwm'" /bin/true >/dev/null
out "tim.rss.tim_hwm_at_spawn_kib" "$(awk '{ print $2 }' "$T/hwm" | sort -n | tail -1)"
out "tim.rss.bin_true_reported_kib" "$(python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))["results"][-1]
print(max(r["memory_usage_byte"]) // 1024)' "$T/r.json")"

# --- 2. spread at equal budgets --------------------------------------------
[ -x "$HF" ] || echo "# $HF missing: hyperfine lines are skipped"
# a CPU-bound awk loop of about 20 ms, calibrated here
loop() { echo "awk 'BEGIN { for (i = 0; i < $1; i++) s += i }'"; }
"$QB" tim -N -w1 -k1 -n3 -m2 -us --json "$T/c.json" "$(loop 1000000)" >/dev/null
LOOPN=$(jtim "$T/c.json" | awk '{ n = int(1000000 * 0.020 / $1); print n < 1000 ? 1000 : n }')
CPU=$(loop "$LOOPN")
echo "# CPU-bound command: $CPU"

# per-run wall cost of tool $1 on command $2, from a short timed run
cost() {
	t0=$(now)
	case $1 in
	tim_N|tim_N_k0) $rt "$QB" tim -N -w0 -k1 -n5 -m4 --progress=never "$2" ;;
	tim_sh) $rt "$QB" tim -w0 -k1 -n5 -m4 -o5 --progress=never "$2" ;;
	hf_N) $rt "$HF" -N --style none --runs 20 -- "$2" ;;
	hf_sh) $rt "$HF" --style none --runs 20 -- "$2" ;;
	esac >/dev/null 2>&1
	t1=$(now)
	calc "($t1 - $t0) / 20"          # tim_sh: 40 runs incl. the overhead
}

# one repeat of tool $1 on command $2 with count $3, exported to o.json
once() {
	case $1 in
	tim_N) $rt "$QB" tim -N -w1 -k1 -m8 -n"$3" -uus --progress=never \
	    --json "$T/o.json" "$2" ;;
	tim_N_k0) $rt "$QB" tim -N -w1 -k0 -m8 -n"$3" -uus --progress=never \
	    --json "$T/o.json" "$2" ;;
	tim_sh) $rt "$QB" tim -w1 -k1 -m8 -n"$3" -o"$3" -uus --progress=never \
	    --json "$T/o.json" "$2" ;;
	hf_N) $rt "$HF" -N --style none --warmup 1 --runs "$3" \
	    --export-json "$T/o.json" -- "$2" ;;
	hf_sh) $rt "$HF" --style none --warmup 1 --runs "$3" \
	    --export-json "$T/o.json" -- "$2" ;;
	esac >/dev/null 2>&1
}

TOOLS="tim_N tim_N_k0 tim_sh"
[ -x "$HF" ] && TOOLS="$TOOLS hf_N hf_sh"
for cmd in /bin/true "sleep 0.002" "$CPU"; do
	case $cmd in /bin/true) lab=true ;; sleep*) lab=sleep2ms ;; *) lab=cpu20ms ;; esac
	for tool in $TOOLS; do
		c=$(cost "$tool" "$cmd")
		case $tool in       # runs that fill BUDGET (tim: 8 batches of n)
		tim_N|tim_N_k0) cnt=$(calc "int($BUDGET / $c / 8)") ;;
		tim_sh) cnt=$(calc "int($BUDGET / $c / 8)") ;;  # c: both rows
		*) cnt=$(calc "int($BUDGET / $c)") ;;
		esac
		case $tool in tim_*) [ "$cnt" -ge 3 ] || cnt=3 ;; *) [ "$cnt" -ge 10 ] || cnt=10 ;; esac
		eval "cnt_$tool=$cnt wall_$tool=0"
		: > "$T/v.$tool"
	done
	# the tools take turns, one repeat each, so that a slower minute of
	# the machine falls on all of them alike, not on one tool's block
	i=0
	while [ $i -lt "$REPS" ]; do
		for tool in $TOOLS; do
			eval "cnt=\$cnt_$tool"
			t0=$(now)
			once "$tool" "$cmd" "$cnt"
			t1=$(now)
			eval "wall_$tool=\$(calc \"\$wall_$tool + $t1 - $t0\")"
			case $tool in
			tim_*) jtimb "$T/o.json" ;;
			*) jhf "$T/o.json" ;;
			esac >> "$T/v.$tool"
		done
		i=$((i + 1))
	done
	for tool in $TOOLS; do
		eval "cnt=\$cnt_$tool wall=\$wall_$tool"
		cp "$T/v.$tool" "$T/v"
		p=tim.spread.$lab.$tool
		out "$p.count" "$cnt"
		out "$p.wall_per_repeat_s" "$(calc "$wall / $REPS")"
		case $tool in
		tim_*)
			set -- $(cut -d' ' -f1 "$T/v" | stats)
			out "$p.estimate_mean_us" "$1"
			out "$p.estimate_cv_pct" "$3"
			out "$p.estimate_robust_cv_pct" "$(cal rcv "$T/v" 1)"
			sd=$2
			e=$(cut -d' ' -f2 "$T/v" | rms)
			bsd=$(cut -d' ' -f4- "$T/v" | tr ' ' '\n' | stats | cut -d' ' -f2)
			out "$p.rms_error_us" "$e"
			out "$p.batch_estimate_sd_us" "$bsd"
			out "$p.err_ratio" "$(calc "($bsd > 0 ? $e / $bsd : 0)")"
			out "$p.est_ratio" "$(calc "($sd > 0 ? $e / $sd : 0)")"
			# --error=estimate's error (in every JSON export), against
			# the same spread: its median (the issue's measure) and RMS
			# (the median ratio with its 95 % interval over the repeats)
			outci "$p.estimate_error_median_ratio" ratio "$T/v"
			outci "$p.estimate_error_median_robust_ratio" rratio "$T/v"
			out "$p.estimate_error_rms_ratio" "$(calc "($sd > 0 ? $(cut -d' ' -f3 "$T/v" | rms) / $sd : 0)")"
			;;
		*)
			out "$p.mean_cv_pct" "$(cut -d' ' -f1 "$T/v" | stats | cut -d' ' -f3)"
			out "$p.median_cv_pct" "$(cut -d' ' -f2 "$T/v" | stats | cut -d' ' -f3)"
			out "$p.min_cv_pct" "$(cut -d' ' -f3 "$T/v" | stats | cut -d' ' -f3)"
			out "$p.min_robust_cv_pct" "$(cal rcv "$T/v" 3)"
			out "$p.mean_us" "$(cut -d' ' -f1 "$T/v" | stats | cut -d' ' -f1)"
			;;
		esac
	done
	# CV of tim -N's estimate / CV of hyperfine -N's minimum, with its 95 %
	# interval: with REPS repeats a CV is itself only known to about
	# 1/sqrt(2 (REPS - 1)), so a ratio near 1 is a tie
	[ -s "$T/v.hf_N" ] && outci "tim.spread.$lab.cv_ratio_tim_N_over_hf_N_min" \
	    cvratio "$T/v.tim_N" 1 "$T/v.hf_N" 3
	[ -s "$T/v.hf_N" ] && outci "tim.spread.$lab.robust_cv_ratio_tim_N_over_hf_N_min" \
	    rcvratio "$T/v.tim_N" 1 "$T/v.hf_N" 3
	[ -s "$T/v.hf_N" ] && outci "tim.spread.$lab.sd_ratio_tim_N_over_hf_N_min" \
	    sdratio "$T/v.tim_N" 1 "$T/v.hf_N" 3
	[ -n "${KEEP:-}" ] && for tool in $TOOLS; do cp "$T/v.$tool" "$KEEP/$lab.$tool"; done
done

# --- 2b. calibration on back-to-back repeats ---------------------------------
# The spread in part 2 is over repeats that take turns with four other
# tools (~80 s a command), so it holds the machine's drift over that
# time, which no error computed inside one run can see. Here REPS repeats
# of tim -N -e estimate follow one another (~16 s): the spread of a rerun
# made right after, which is what the error says.
for cmd in /bin/true "sleep 0.002" "$CPU"; do
	case $cmd in /bin/true) lab=true ;; sleep*) lab=sleep2ms ;; *) lab=cpu20ms ;; esac
	c=$(cost tim_N "$cmd")
	cnt=$(calc "int($BUDGET / $c / 8)")
	[ "$cnt" -ge 3 ] || cnt=3
	: > "$T/v"
	i=0
	while [ $i -lt "$REPS" ]; do
		once tim_N "$cmd" "$cnt"
		jtimb "$T/o.json" >> "$T/v"
		i=$((i + 1))
	done
	p=tim.calib.$lab.tim_N
	set -- $(cut -d' ' -f1 "$T/v" | stats)
	out "$p.estimate_cv_pct" "$3"
	outci "$p.estimate_error_median_ratio" ratio "$T/v"
	outci "$p.estimate_error_median_robust_ratio" rratio "$T/v"
	# 2c. the same error on this command's own runs drawn at random: a
	# pool of 5 BUDGETs of runs, then 400 tim runs replayed (--read) from
	# draws of 8 batches of cnt: the calibration with the machine's drift
	# taken out (the draws are independent; the spread of the estimates
	# is then the sampling spread alone, which is what the error models)
	pn=$(calc "int(5 * $BUDGET / $c / 10)")
	[ "$pn" -ge $((cnt * 4)) ] || pn=$((cnt * 4))
	$rt "$QB" tim -N -w1 -k1 -m10 -n"$pn" -uus --progress=never \
	    --json "$T/pool.json" "$cmd" >/dev/null 2>&1
	outci "tim.calib_iid.$lab.tim_N.estimate_error_median_ratio" \
	    iid "$QB" "$T/pool.json" "$cnt" 8 400
done

# --- 3. --precision=1% on /bin/true within PBUDGET --------------------------
# REPS runs of each mode: reached or not, the wall time, and whether the
# error it stopped on is honest: the median final relative error against
# the CV of the final estimates over the runs (stopping at the first
# error under 1 % favours an error that came out small by chance)
for mode in N sh N_estimate_error; do
	case $mode in N) f=-N ;; sh) f= ;; *) f="-N -e estimate" ;; esac
	p=tim.precision.true_$mode
	: > "$T/pv"
	i=0 ok=0 wall=0
	while [ $i -lt "$REPS" ]; do
		t0=$(now)
		# shellcheck disable=SC2086
		st=0; $rt "$QB" tim $f -uus --progress=never --precision=1% \
		    --budget="${PBUDGET}s" --json "$T/p.json" /bin/true \
		    >/dev/null 2>&1 || st=$?
		t1=$(now)
		wall=$(calc "$wall + $t1 - $t0")
		[ "$st" -eq 0 ] && ok=$((ok + 1))
		[ -s "$T/p.json" ] && python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))["results"][-1]
print(r["estimate"], 100 * r["error"] / r["estimate"] if r["estimate"] > 0 else "inf",
      r["error"])' "$T/p.json" >> "$T/pv"
		rm -f "$T/p.json"
		i=$((i + 1))
	done
	out "$p.reached" "$ok of $REPS"
	out "$p.wall_s_mean" "$(calc "$wall / $REPS")"
	out "$p.final_rel_error_pct_median" "$(cut -d' ' -f2 "$T/pv" | sort -g |
	    awk '{ v[NR] = $1 } END { printf "%.3g", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')"
	out "$p.estimate_cv_pct" "$(cut -d' ' -f1 "$T/pv" | stats | cut -d' ' -f3)"
	outci "$p.error_median_ratio" ratio "$T/pv"
	outci "$p.error_median_robust_ratio" rratio "$T/pv"
done
# --- 4. live: sleep 0.01 and sleep 0.02 come out about 10 ms apart ------
# (a timed check, so here and not in tests/; expected 10 +- a few tenths)
"$QB" tim -w1 -k1 -n3 -m3 -o3 --progress=never --json "$T/l.json" \
    'sleep 0.01' 'sleep 0.02' >/dev/null
out "tim.live.sleep_0.02_minus_0.01_ms" "$(python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))["results"]
print("%.3f" % (r[2]["estimate"] - r[1]["estimate"]))' "$T/l.json")"

echo "# bench/tim.sh took $(( $(date +%s) - START )) s"
