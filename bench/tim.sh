#!/bin/sh
# bench/tim.sh: what tim costs per sample and how reproducible it is.
#  1. spawn: tim's wall time per sample of `sh -c ''` vs a bare fork+exec
#     (and vfork+exec) loop of the same command (bench/forkexec.c), plus
#     tim's own minimum estimate of that overhead.
#  2. spread: 5 repeats of tim and of hyperfine on /bin/true and `sh -c exit`
#     at the same wall-clock budget; the coefficient of variation (sample
#     st.dev./mean, %) of the 5 numbers each tool reports. One raw tim run
#     per repeat gives both its numbers: raw, and diff = raw - overhead
#     (what the default report prints), so the budget is that one run's.
# Usage: sh bench/tim.sh [QUICKBOX]      (default ./quickbox, built if absent)
#   env: N (loop length, 2000), REPS (5), TIMOPT (tim's -k -n -m -o).
# Output: "label<TAB>value" lines (units in the label); '#' lines are notes.
# hyperfine comes from the Debian package; without it part 2 prints only tim.
# Takes about 15-35 s on a 2-cpu machine, depending on its load.
set -eu
QB=${1:-${QB:-}}
case $QB in ''|/*) ;; *) QB=$PWD/$QB ;; esac   # relative to the caller
cd "$(dirname "$0")/.."
QB=${QB:-./quickbox}
START=$(date +%s)
N=${N:-2000}
REPS=${REPS:-5}
TIMOPT=${TIMOPT:--w1 -k2 -n20 -m10 -o20}
B=build/bench
[ -x "$QB" ] || make -s >/dev/null
mkdir -p "$B"
${CC:-cc} -O2 -o "$B/forkexec" bench/forkexec.c

now() { date +%s.%N; }
out() { printf '%s\t%s\n' "$1" "$2"; }
# first number of a tim line, in plain decimal: "12.3 +- 0.4 us" or
# "(1.23 +- 0.04)e+02 us"
val() { awk -F'\t' -v want="$1" '$2 == want { split($1, f, " ");
	v = f[1]; if (v ~ /^\(/) { sub(/^\(/, "", v); e = $1;
	sub(/.*\)e/, "", e); sub(/ .*/, "", e); v = v * 10 ^ e }
	print v + 0 }'; }
cv() { awk '{ s += $1; q += $1 * $1; n++ } END { m = s / n;
	sd = n > 1 ? sqrt((q - n * m * m) / (n - 1)) : 0; if (sd != sd) sd = 0;
	printf "%.2f\n", m ? 100 * sd / m : 0 }'; }

echo "# tim bench: $(uname -srm), $(nproc) cpus, N=$N REPS=$REPS TIMOPT='$TIMOPT'"

# --- 1. per-sample cost --------------------------------------------------
set -- $("$B/forkexec" "$N" /bin/sh -c '')
out "tim.spawn.fork_exec_sh_mean_us" "$1"
out "tim.spawn.fork_exec_sh_min_us" "$2"
set -- $("$B/forkexec" -v "$N" /bin/sh -c '')
out "tim.spawn.vfork_exec_sh_mean_us" "$1"
out "tim.spawn.vfork_exec_sh_min_us" "$2"
t0=$(now)
r=$("$QB" tim -w0 -k1 -n"$N" -m1 -o0 -R,= -uus '')
t1=$(now)
out "tim.spawn.tim_wall_per_sample_sh_us" \
    "$(echo "$t0 $t1 $N" | awk '{ printf "%.2f", ($2 - $1) * 1e6 / $3 }')"
out "tim.spawn.tim_min_estimate_sh_us" "$(printf '%s\n' "$r" | val '')"

# --- 2. spread at equal budgets -------------------------------------------
HF=/usr/bin/hyperfine; [ -x "$HF" ] || HF=
if [ -z "$HF" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine \
	    >/dev/null 2>&1 || true
	[ -x /usr/bin/hyperfine ] && HF=/usr/bin/hyperfine
fi
[ -n "$HF" ] || echo "# hyperfine unavailable: its lines are skipped"

for cmd in /bin/true "sh -c exit"; do
	lab=$(echo "$cmd" | tr -c 'a-z0-9\n' _)
	: > "$B/raw" ; : > "$B/diff"; : > "$B/hmean"; : > "$B/hmin"
	: > "$B/hmed"; budget=0
	i=0
	while [ $i -lt "$REPS" ]; do
		t0=$(now)
		# shellcheck disable=SC2086
		r=$("$QB" tim $TIMOPT -R,= -uus "$cmd")
		t1=$(now)
		b=$(echo "$t0 $t1" | awk '{ print $2 - $1 }')
		budget=$(echo "$budget $b" | awk '{ print $1 + $2 }')
		raw=$(printf '%s\n' "$r" | val "$cmd")
		oh=$(printf '%s\n' "$r" | val RawOverhead)
		echo "$raw" >> "$B/raw"
		echo "$raw $oh" | awk '{ print $1 - $2 }' >> "$B/diff"
		if [ -n "$HF" ]; then
			# calibrate the run count once so hyperfine gets tim's time
			if [ $i -eq 0 ]; then
				t0=$(now)
				"$HF" -N --style none --runs 200 -- "$cmd" >/dev/null 2>&1
				t1=$(now)
				runs=$(echo "$t0 $t1 $b" | awk \
				    '{ r = int(200 * $3 / ($2 - $1)); print r < 10 ? 10 : r }')
			fi
			"$HF" -N --style none --warmup 1 --runs "$runs" \
			    --export-csv "$B/hf.csv" -- "$cmd" >/dev/null 2>&1
			awk -F, 'NR == 2 { print $2 * 1e6 > "'"$B/hmean"'";
			    print $4 * 1e6 > "'"$B/hmed"'";
			    print $7 * 1e6 > "'"$B/hmin"'" }' "$B/hf.csv"
			cat "$B/hmean" >> "$B/hmean.all"; cat "$B/hmed" >> "$B/hmed.all"
			cat "$B/hmin" >> "$B/hmin.all"
		fi
		i=$((i + 1))
	done
	out "tim.spread.$lab.budget_per_repeat_s" \
	    "$(echo "$budget $REPS" | awk '{ printf "%.2f", $1 / $2 }')"
	echo "# $cmd: tim diffs (us): $(tr '\n' ' ' < "$B/diff")"
	echo "# $cmd: tim raw (us):   $(tr '\n' ' ' < "$B/raw")"
	out "tim.spread.$lab.tim_diff_cv_pct" "$(cv < "$B/diff")"
	out "tim.spread.$lab.tim_raw_cv_pct" "$(cv < "$B/raw")"
	if [ -n "$HF" ]; then
		out "tim.spread.$lab.hyperfine_runs" "$runs"
		echo "# $cmd: hyperfine means (us): $(tr '\n' ' ' < "$B/hmean.all")"
		echo "# $cmd: hyperfine mins (us):  $(tr '\n' ' ' < "$B/hmin.all")"
		out "tim.spread.$lab.hyperfine_mean_cv_pct" "$(cv < "$B/hmean.all")"
		out "tim.spread.$lab.hyperfine_median_cv_pct" "$(cv < "$B/hmed.all")"
		out "tim.spread.$lab.hyperfine_min_cv_pct" "$(cv < "$B/hmin.all")"
		rm -f "$B/hmean.all" "$B/hmed.all" "$B/hmin.all"
	fi
done
echo "# bench/tim.sh took $(( $(date +%s) - START )) s"
