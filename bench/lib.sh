# bench/lib.sh: the sections and helpers of bench.sh (sourced by bash).
# Results: $tmp/vals holds "KEY V E" (microseconds) for every timed row,
# $tmp/rows the summary's rows, tab-separated: section, what, reference,
# quickbox's time, the reference's time, the ratio (or a note).

# stop-worthy trouble: said at once, counted for the exit status
fail() { echo "bench.sh: $*" >&2; echo "$*" >> "$tmp/failed"; }
note() { echo "# $*"; }

# links DIR BINARY: DIR/{pf,pk,pw,tails,tim,pgrep,pidof,head,tail} -> BINARY
links() {
	mkdir -p "$1"
	for n in pf pk pw tails tim pgrep pidof head tail; do ln -sf "$2" "$1/$n"; done
}

# the awk helpers: fmt(V, E) "616 ± 15 µs" (unit chosen by size, error to
# two significant digits); rat(A, AE, B, BE) "7.4 ± 0.3" = A/B with the
# errors propagated, or a note when A or B is within twice its error of 0
# (after the shell's start-up is subtracted, a very fast command can be)
AWKLIB='
function rnd(v, e,   p, d) {
	if (e <= 0) return sprintf("%.3g", v)
	p = int(log(e) / log(10) + 100) - 100 - 1
	d = p < 0 ? -p : 0
	return sprintf("%." d "f", int(v / 10^p + (v < 0 ? -0.5 : 0.5)) * 10^p) \
	    " ± " sprintf("%." d "f", int(e / 10^p + 0.999) * 10^p)
}
function fmt(v, e,   a) {
	a = v < 0 ? -v : v
	if (a >= 1e6) return rnd(v / 1e6, e / 1e6) " s"
	if (a >= 1e3) return rnd(v / 1e3, e / 1e3) " ms"
	return rnd(v, e) " µs"
}
function rat(a, ae, b, be,   x) {
	if (b <= 2 * be) return "n/a (quickbox time within 2 errors of 0)"
	if (a <= 2 * ae) return "n/a (reference time within 2 errors of 0)"
	x = a / b
	return rnd(x, x * sqrt((ae / a)^2 + (be / b)^2))
}'

# about K S: the seconds a section takes, roughly: K budgets and S more
# (measured on a 2-CPU machine under a load of about 10)
about() { awk -v k="$1" -v s="$2" -v b="$BUDGET" 'BEGIN { printf "%d", k * b + s }'; }

# val KEY -> "V E" (empty when not measured)
val() { awk -v k="$1" '$1 == k { print $2, $3; exit }' "$tmp/vals" 2>/dev/null; }

# row SECTION WHAT REF QB_TEXT REF_TEXT RATIO_TEXT
row() { printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >> "$tmp/rows"; }

# timed KEY TIM_OPTS LABEL:COMMAND...: one tim run of the commands through
# sh (output discarded) under the scheduler prefix, with quickbox's links
# first on PATH; its report goes to stdout and each row into $tmp/vals as
# KEY.LABEL. Exit 6 (--precision not reached within --budget) is fine: the
# error bars say how precise the numbers are.
timed() {
	local key=$1 opts=$2 st=0
	shift 2
	# shellcheck disable=SC2086
	$r env -i HOME="${HOME:-/}" LC_ALL=C PATH="$tmp/d:/usr/bin:/bin" \
	    "$tmp/d/tim" -uus $opts --interleave --precision=2% \
	    --budget="${BUDGET}s" --output=null --stderr=null --progress=never \
	    "$@" > "$tmp/tim.out" 2> "$tmp/tim.err" || st=$?
	case $st in 0|6) ;; *)
		fail "$key: tim exited $st: $(grep -v 'error/estimate' "$tmp/tim.err" | head -n 2 | tr '\n' ' ')"
		return 1 ;;
	esac
	sed 's/^/  /' "$tmp/tim.out"
	awk -v k="$key" -F '\t' '
		$2 == "(AlreadySubtracted)Overhead" { next }
		{ s = $1; x = 0
		  if (s ~ /^\(/) { x = s; sub(/.*\)e/, "", x); sub(/ .*/, "", x); x += 0
			sub(/^\(/, "", s); sub(/\).*/, "", s) }
		  split(s, g, / \+- /); split(g[2], h, " ")
		  if (g[1] == "" || h[1] == "") { bad = 1; next }
		  print k "." $2, g[1] * 10 ^ x, h[1] * 10 ^ x }
		END { exit bad }' "$tmp/tim.out" >> "$tmp/vals" ||
	    { fail "$key: unreadable tim report"; return 1; }
}

# compare SECTION KEY WHAT QB_COMMAND [REF_NAME REF_COMMAND]...
# Times quickbox's command and each reference's in one tim run, then adds
# one summary row per reference: both times and reference / quickbox. A
# reference whose first word (an absolute path) is not executable is a
# row saying so. Commands that exit non-zero stop tim: end them in ||:
# (on both sides, so both pay the same extra fork). TIMOPTS: tim's -k -n
# -m -o (default -k1 -n5 -m4 -o5; slow commands want fewer runs).
compare() {
	local sec=$1 key=$2 what=$3 qcmd=$4 name cmd tool args=() names=()
	shift 4
	while [ $# -ge 2 ]; do
		name=$1 cmd=$2
		shift 2
		if ! tool=$(missing "$cmd"); then
			note "$name: $tool not installed: its row is skipped"
			row "$sec" "$what" "$name" "-" "-" "not installed ($tool)"
			continue
		fi
		# a tool that is there but cannot do it (an applet left out of
		# the build, an option it lacks) exits 2 or more: said, skipped
		if ! probe "$cmd"; then
			note "$name: cannot run \"$cmd\": $(head -n 1 "$tmp/probe.err")"
			row "$sec" "$what" "$name" "-" "-" "failed: $(head -n 1 "$tmp/probe.err" | cut -c1-40)"
			continue
		fi
		names+=("$name")
		args+=("$(lab "$name"):$cmd")
	done
	probe "$qcmd" || { fail "$what: quickbox's \"$qcmd\" failed: $(head -n 1 "$tmp/probe.err")"; return 1; }
	echo "-- $what ($(date +%T))"
	timed "$key" "${TIMOPTS:--k1 -n5 -m4 -o5}" "qb:$qcmd" "${args[@]}" || return 1
	for name in "${names[@]}"; do
		derive_row "$sec" "$what" "$name" "$key.qb" "$key.$(lab "$name")"
	done
}

# missing COMMAND: fails naming the first program of a pipeline stage
# that is given by an absolute path and is not executable
missing() {
	local seg
	local IFS='|'
	for seg in $1; do
		IFS=' '
		# shellcheck disable=SC2086
		set -- $seg
		case ${1-} in /*) [ -x "$1" ] || { echo "$1"; return 1; } ;; esac
	done
	return 0
}

# probe COMMAND: run it once as tim will (its ||: taken off, so that its
# own status shows): status 0 or 1 (pgrep's "none found") is fine
probe() {
	local st=0
	env -i HOME="${HOME:-/}" LC_ALL=C PATH="$tmp/d:/usr/bin:/bin" \
	    sh -c "${1%||:}" > /dev/null 2> "$tmp/probe.err" < /dev/null || st=$?
	[ "$st" -le 1 ] || { [ -s "$tmp/probe.err" ] || echo "exit status $st" > "$tmp/probe.err"; return 1; }
}

# lab NAME: the tim label (and value key suffix) of a reference's name
lab() { printf '%s' "$1" | tr -c 'A-Za-z0-9' _; }

# derive_row SECTION WHAT REF QB_KEY REF_KEY: a summary row from two
# measured values, the ratio reference / quickbox
derive_row() {
	local q r
	q=$(val "$4") r=$(val "$5")
	[ -n "$q" ] && [ -n "$r" ] || { fail "$2: no value for $4 or $5"; return 1; }
	# shellcheck disable=SC2086
	set -- "$1" "$2" "$3" $q $r
	awk -v s="$1" -v w="$2" -v n="$3" -v q="$4" -v qe="$5" -v r="$6" -v re="$7" \
	    "$AWKLIB"'BEGIN { printf "%s\t%s\t%s\t%s\t%s\t%s\n", s, w, n,
	    fmt(q, qe), fmt(r, re), rat(r, re, q, qe) }' >> "$tmp/rows"
}

# ---- seed: the project's first benchmark --------------------------------
section_seed() {
	local b dir lab n first p
	echo "== seed: pf -e1 FIRST, pf -e1 NOSUCH, procps pgrep -x FIRST (about $(about 2 6) s a build)"
	for b in d s; do
		dir=$tmp/$b
		[ -x "$dir/pf" ] || { note "no static build (make static): its seed rows are skipped"; continue; }
		lab=; [ $b = s ] && lab=" (static)"
		# shellcheck disable=SC2046
		set -- $(find /proc -maxdepth 1 -name '[1-9]*' -type d 2>/dev/null | "$dir/tails" -h1 -t1 -C1 -d '')
		n=$(($1 - 4)) first=$2
		p=$(sed -e's/).*//' -e's/.*(//' < "$first/stat")
		echo "first/proc/*/stat-Pattern: \"$p\" ($([ $b = s ] && echo static || echo default) build)"
		echo "Roughly $n processes adjusting for (find, tails, 2 shells)"
		[ -x "$PGREP" ] || { note "procps pgrep ($PGREP) not installed: seed rows skipped"
			row seed "pf -e1 FIRST$lab" "procps pgrep" - - "not installed ($PGREP)"; return 0; }
		# the seed's -k2 (its -n14 -m14 -o14 take 20 s and more on a
		# loaded machine: fewer runs first, then --precision adds them)
		timed "seed$b" "${SEEDOPTS:--k2 -n7 -m8 -o7}" "f:$dir/pf -e1 '$p'" \
		    "m:$dir/pf -e1 xyzPDQnoSuchCommand||:" "g:$PGREP -x '$p'>/dev/null" || return 1
		derive_row seed "pf -e1 FIRST, first match$lab" "procps pgrep -x" "seed$b.f" "seed$b.g"
		derive_row seed "pf -e1 NOSUCH, $n processes$lab" "procps pgrep -x" "seed$b.m" "seed$b.g"
		# shellcheck disable=SC2046
		set -- $(val "seed$b.f") $(val "seed$b.m")
		awk -v f="$1" -v fe="$2" -v m="$3" -v me="$4" -v n="$n" -v l="$lab" \
		    "$AWKLIB"'BEGIN { d = (m - f) / n; de = sqrt(fe^2 + me^2) / n
			printf "seed\tper process: (NOSUCH - FIRST) / %d%s\t-\t%s\t-\t-\n", n, l, fmt(d, de) }' \
		    >> "$tmp/rows"
	done
}

# ---- scale: the process finders at a few hundred and a few thousand -----
section_scale() {
	${CC:-cc} -O2 -o "$tmp/spawn" "$here/bench/spawn.c" || { fail "scale: bench/spawn.c does not build"; return 1; }
	echo "== scale: pgrep and pidof at $NLO and $NHI processes (about $(about 4 25) s)"
	# tests/ns.sh: also in a plain chroot, where unshare --mount-proc fails
	local ns
	ns=$(sh "$here/tests/ns.sh" --probe)
	if [ "${ns%%:*}" != none ]; then
		note "in a private PID namespace: the table holds only the extras started here"
		NLO=$NLO NHI=$NHI BUDGET=$BUDGET PGREP=$PGREP TOYBOX=$TOYBOX BUSYBOX=$BUSYBOX QB_NS=$ns \
		    sh "$here/tests/ns.sh" --pid bash "$here/bench.sh" --scale-inner "$tmp"
	else
		note "no private PID namespace here (${ns#none: }): the machine's own processes are counted too"
		( scale_inner )   # a subshell: its EXIT trap kills only its extras
	fi
}

scale_inner() {
	pids=()
	local want procs at sl sh i o
	trap '[ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null' EXIT
	nprocs() { local n=0 d; for d in /proc/[1-9]*; do n=$((n + 1)); done; echo $n; }
	for at in lo hi; do
		want=$NLO; [ $at = hi ] && want=$NHI
		i=$(nprocs)
		if [ "$i" -lt "$want" ]; then
			# under the scheduler prefix: on a loaded machine thousands of
			# forks at normal priority take tens of seconds
			$r "$tmp/spawn" $((want - i)) > "$tmp/pids" || { fail "scale: cannot start $((want - i)) processes"; return 1; }
			while read -r i; do pids+=("$i"); done < "$tmp/pids"
		fi
		procs=$(nprocs)
		echo "-- $procs processes"
		echo "$procs" > "$tmp/procs.$at"
		o="-k1 -n5 -m4 -o5"
		[ "$procs" -gt 1000 ] && o="-k1 -n3 -m3 -o3"
		TIMOPTS=$o compare scale "scale$at" "pgrep NOSUCH, $procs processes" \
		    "pgrep qbNOSUCH||:" \
		    "procps pgrep" "$PGREP qbNOSUCH||:" \
		    "toybox pgrep" "$TOYBOX pgrep qbNOSUCH||:" || return 1
		TIMOPTS=$o compare scale "scalepidof$at" "pidof NOSUCH, $procs processes" \
		    "pidof qbNOSUCH||:" \
		    "busybox pidof" "$BUSYBOX pidof qbNOSUCH||:" || return 1
		# find and show: pf's one scan against pgrep's PIDs handed to ps
		# (a second scan, racing with the first), on the extras (all
		# named spawn), at the low count only
		[ $at = lo ] && { TIMOPTS=$o compare scale "pfout" \
		    "pf -F pid,args NAME, $("$tmp/d/pf" -a count spawn) matches of $procs" \
		    "pf -F pid,args spawn||:" \
		    "pgrep | xargs ps" "$PGREP spawn | xargs -r /usr/bin/ps -o pid,args||:" || return 1; }
	done
	# per-process cost: the slope between the two counts, per tool
	sl=$(cat "$tmp/procs.lo") sh=$(cat "$tmp/procs.hi")
	[ "$sh" -gt "$sl" ] || { note "no second count above the first: no per-process rows"; return 0; }
	slope() {	# slope GROUP LABEL: "slope.GROUP.LABEL V E" into vals
		local a b
		a=$(val "$1lo.$2") b=$(val "$1hi.$2")
		[ -n "$a" ] && [ -n "$b" ] || return 1
		# shellcheck disable=SC2086
		set -- "slope.$1.$2" $a $b
		awk -v k="$1" -v a="$2" -v ae="$3" -v b="$4" -v be="$5" -v n="$((sh - sl))" \
		    'BEGIN { print k, (b - a) / n, sqrt(ae^2 + be^2) / n }' >> "$tmp/vals"
	}
	local g ref
	for g in "scale procps pgrep" "scale toybox pgrep" "scalepidof busybox pidof"; do
		ref=${g#* }
		g=${g%% *}
		slope "$g" qb || continue
		slope "$g" "$(lab "$ref")" || continue
		derive_row scale "${ref##* } NOSUCH, per process ($sl to $sh)" "$ref" "slope.$g.qb" "slope.$g.$(lab "$ref")"
	done
	return 0
}

# ---- tails: head and tail against GNU coreutils, busybox, toybox ------
section_tails() {
	local f=$tmp/tails.data bytes n
	echo "== tails: head/tail on a $SIZE file against GNU, busybox, toybox (about $(about 3 20) s)"
	n=${SIZE%[KMGkmg]}
	case $SIZE in *[Kk]) bytes=$((n << 10)) ;; *[Mm]) bytes=$((n << 20)) ;;
	*[Gg]) bytes=$((n << 30)) ;; *) bytes=$SIZE ;; esac
	# base64 rows of 76 characters, in the page cache (as a rerun finds it)
	head -c $((bytes / 4 * 3)) /dev/urandom | base64 > "$f" || { fail "tails: cannot write $f"; return 1; }
	note "$(wc -c < "$f") bytes, $(wc -l < "$f") lines"
	compare tails tailf "tail -n 10 FILE" "tail -n 10 $f" \
	    "GNU tail" "$GNU/tail -n 10 $f" \
	    "busybox tail" "$BUSYBOX tail -n 10 $f" \
	    "toybox tail" "$TOYBOX tail -n 10 $f" || return 1
	compare tails tailp "cat FILE | tail -n 10" "cat $f | tail -n 10" \
	    "GNU tail" "cat $f | $GNU/tail -n 10" \
	    "busybox tail" "cat $f | $BUSYBOX tail -n 10" \
	    "toybox tail" "cat $f | $TOYBOX tail -n 10" || return 1
	compare tails headn "head -n 100000 FILE" "head -n 100000 $f" \
	    "GNU head" "$GNU/head -n 100000 $f" \
	    "busybox head" "$BUSYBOX head -n 100000 $f" \
	    "toybox head" "$TOYBOX head -n 100000 $f" || return 1
	rm -f "$f"
}

# ---- tim: its own cost against hyperfine's --------------------------------
section_tim() {
	echo "== tim: 100 samples of /bin/true, tim -N against hyperfine -N (about $(about 1 10) s)"
	TIMOPTS="-k1 -n3 -m3 -o3" compare tim timhf "100 samples of /bin/true (-N)" \
	    "tim -N -w0 -k1 -n25 -m4 /bin/true" \
	    "hyperfine" "$HYPERFINE -N -w0 -r100 --style none /bin/true"
}

# ---- the summary -----------------------------------------------------------
summary() {
	local cpu
	cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
	echo
	echo "== summary: quickbox against the reference tools, measured in this run"
	echo "# on $(uname -sr), $(nproc) CPUs (${cpu:-unknown CPU}), load $(cut -d' ' -f1-3 /proc/loadavg);"
	echo "# times: tim's minimum estimate ± its error, the shell's start-up subtracted;"
	echo "# ratio: reference time / quickbox time (above 1: quickbox is faster)"
	[ -s "$tmp/rows" ] || echo "(no rows)"
	[ ! -s "$tmp/rows" ] || awk -F '\t' '
		{ for (i = 2; i <= 6; i++) { c[NR, i] = $i; l = length($i)
			# µs and ± are two bytes each in UTF-8, one column each
			l -= gsub(/µ|±/, "&", $i); w[NR, i] = l; if (l > W[i]) W[i] = l }
		  s[NR] = $1 }
		END {
			h[2] = "what"; h[3] = "against"; h[4] = "quickbox"; h[5] = "its time"; h[6] = "ratio"
			for (i = 2; i <= 6; i++) if (length(h[i]) > W[i]) W[i] = length(h[i])
			line(0)
			for (r = 1; r <= NR; r++) { if (r > 1 && s[r] != s[r - 1]) print ""; line(r) }
		}
		function line(r,   i, v, pad) {
			for (i = 2; i <= 6; i++) {
				v = r ? c[r, i] : h[i]; pad = W[i] - (r ? w[r, i] : length(v))
				printf "%s%s", v, i == 6 ? "\n" : sprintf("%" (pad + 2) "s", "")
			}
		}' "$tmp/rows"
	if [ -s "$tmp/failed" ]; then
		echo "FAILED: $(wc -l < "$tmp/failed") measurement(s):"
		sed 's/^/  /' "$tmp/failed"
	fi
}
