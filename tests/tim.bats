#!/usr/bin/env bats
# tim.bats: the tim applet against docs/tim.md. --read reports are
# byte-exact; live runs check the protocol (TIM_SEQ, hooks, warm-ups,
# failures) with small -n/-m so the file stays fast.
load helpers

setup() {
	has_applet tim
	cd "$BATS_TEST_TMPDIR"
	export -n LC_PM
}

tim() { "$QB" tim "$@"; }
U() { "$TESTBIN/unit_tim" "$@"; }

# the worked example of docs/tim.md: 1 warm-up + 10 timed values per key; '' is the overhead
ex_tsv() {
	local k v
	for v in 0.00050 0.00030 0.00031 0.00029 0.00033 0.00030 0.000305 \
	    0.00032 0.000295 0.00031 0.00034; do printf '%s\t\n' $v; done
	for v in 0.0150 0.0105 0.0101 0.0120 0.0103 0.0110 0.0102 0.0131 \
	    0.0104 0.0100 0.0107; do printf '%s\tsleep 0.01\n' $v; done
	for v in 0.0250 0.0205 0.0203 0.0221 0.0202 0.0209 0.0204 0.0230 \
	    0.0203 0.0201 0.0208; do printf '%s\tsleep 0.02\n' $v; done
}
EX="-w1 -k2 -n5 -m2 -o5 -ums -r ex.tsv"
TAB=$'\t'

@test "unit: the documented formatting table and estimator numbers" {
	run U check
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *" passed, 0 failed" ]]
}

# tim_fmt.golden: "VAL ERR<TAB>text" printed by the original cligen code
# (random values over 24 decades, boundaries, inf, subnormals), except
# statistical zeros, where the original misprints the error unless
# 10 <= err < 100 ("0 +- 87" for 8702): those lines hold our output and, in
# a third column, the original's (a deliberate difference, docs/tim.md)
@test "unit: formatter matches the original on 2000+ golden pairs" {
	g="$BATS_TEST_DIRNAME/tim_fmt.golden"
	cut -f1 "$g" | "$TESTBIN/unit_tim" fmt - > got
	cut -f2 "$g" > want
	diff want got
}

@test "unit: LC_PM replaces ' +- ', even when empty" {
	run env LC_PM=' ± ' "$TESTBIN/unit_tim" fmt 201.7612 0.6234
	[ "$output" = "201.76 ± 0.62" ]
	run env LC_PM='±' "$TESTBIN/unit_tim" fmt 0.0028576 7.0e-06
	[ "$output" = "(2.8576±0.0070)e-03" ]
	run env LC_PM= "$TESTBIN/unit_tim" fmt 7724.2 16.3
	[ "$output" = "772416" ]
}

@test "unit: estimator: a_ik, eLE, population st.dev." {
	run U aik 2
	[ "$output" = "$(printf '0.5849625\n0.4150375')" ]
	run U ele 2 10.2 13.1 10.4 10.0 10.7
	[ "$output" = "9.9169925" ]
	run U ele 1 10.2 13.1 10.4 10.0 10.7
	[ "$output" = "10.0000000" ]
	run U pstdev 10.0169925 9.9169925
	[ "$output" = "0.0500000" ]
	run U emin 3 1 1 1 2 3
	[ "$status" -eq 1 ]
	[ "$output" = "undefined" ]
}

@test "unit: est_sort sorts like sort -g (duplicates, sorted, reversed)" {
	local x
	for x in "$(awk 'BEGIN { srand(7); for (i = 0; i < 301; i++)
	    printf "%.6g ", rand() < 0.2 ? 0.5 : rand() * 100 }')" \
	    "1 2 3 4 5" "5 4 3 2 1" "3" "2 2 1 1 0.5e-3 -4"; do
		# shellcheck disable=SC2086
		diff <(printf '%s\n' $x | sort -g | awk '{ printf "%.17g\n", $1 }') \
		    <(U sort $x) || return 1
	done
}

@test "--read: the worked example, default report (diffs)" {
	ex_tsv > ex.tsv
	run --separate-stderr tim $EX 'sleep 0.01' 'b:sleep 0.02'
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$output" = "0.2845 +- 0.0015 ms${TAB}(AlreadySubtracted)Overhead
9.568 +- 0.050 ms${TAB}sleep 0.01
19.648 +- 0.029 ms${TAB}b" ]
}

@test "--read: -R,= raw, --Report=,= too" {
	ex_tsv > ex.tsv
	want="0.2845 +- 0.0015 ms${TAB}RawOverhead
9.852 +- 0.050 ms${TAB}sleep 0.01
19.933 +- 0.029 ms${TAB}b"
	run tim $EX -R,= 'sleep 0.01' 'b:sleep 0.02'
	[ "$output" = "$want" ]
	run tim $EX --Report=,= 'sleep 0.01' 'b:sleep 0.02'
	[ "$output" = "$want" ]
	run tim $EX -R-=diffs 'sleep 0.01' 'b:sleep 0.02'
	[ "$output" = "$want" ]
}

@test "--read: -Rr -D-- diffs then ratios; --Report=ratios --Delim" {
	ex_tsv > ex.tsv
	want="0.2845 +- 0.0015 ms${TAB}(AlreadySubtracted)Overhead
9.568 +- 0.050 ms${TAB}sleep 0.01
19.648 +- 0.029 ms${TAB}b
--
1.0000 +- 0.0052${TAB}*sleep 0.01
2.054 +- 0.011${TAB}b"
	run tim $EX -Rr -D-- 'sleep 0.01' 'b:sleep 0.02'
	[ "$output" = "$want" ]
	run tim $EX --Report=ratios --Delim=-- 'sleep 0.01' 'b:sleep 0.02'
	[ "$output" = "$want" ]
	run tim $EX -R,=,diffs,ratios -D -- 'sleep 0.01' 'b:sleep 0.02'
	[ "$output" = "$want" ]
}

@test "--read: -R,= -Rr is the ratio report only; no -D line when empty" {
	ex_tsv > ex.tsv
	run tim $EX -R,= -Rr 'sleep 0.01' 'b:sleep 0.02'
	[ "$output" = "1.0000 +- 0.0052${TAB}*sleep 0.01
2.054 +- 0.011${TAB}b" ]
	# no ratio row for the overhead, already subtracted (issue 30.7)
	run tim $EX -R,@=/r -OOH 'b:sleep 0.02' 'sleep 0.01'
	[ "$output" = "2.054 +- 0.011${TAB}b
1.0000 +- 0.0052${TAB}*sleep 0.01" ]
}

@test "--read: units -uμs -us -un, '-u us', long --timeUnit, µ (U+00B5)" {
	ex_tsv > ex.tsv
	x="-w1 -k2 -n5 -m2 -o5 -r ex.tsv"
	run tim $x -uμs 'sleep 0.01'
	[ "$output" = "284.5 +- 1.5 μs${TAB}(AlreadySubtracted)Overhead
9568 +- 50 μs${TAB}sleep 0.01" ]
	run tim $x --timeUnit=µs 'sleep 0.01'
	[ "$output" = "284.5 +- 1.5 µs${TAB}(AlreadySubtracted)Overhead
9568 +- 50 µs${TAB}sleep 0.01" ]
	run tim $x -u s 'sleep 0.01'
	[ "$output" = "(2.845 +- 0.015)e-04 s${TAB}(AlreadySubtracted)Overhead
(9.568 +- 0.050)e-03 s${TAB}sleep 0.01" ]
	run tim $x -un 'sleep 0.01'
	[ "$output" = "(2.845 +- 0.015)e+05 n${TAB}(AlreadySubtracted)Overhead
(9.568 +- 0.050)e+06 n${TAB}sleep 0.01" ]
	for u in ns nanoseconds us microsec msec msecs milliseconds sec \
	    seconds second msecond '' min mins minute minutes; do
		run tim $x -u "$u" 'sleep 0.01'
		[ "$status" -eq 0 ] || { echo "unit '$u' rejected"; false; }
		[[ "${lines[1]}" == *" $u${TAB}sleep 0.01" ]]
	done
	run tim $x -umins 'sleep 0.01'
	[ "${lines[1]}" = "(1.5946 +- 0.0083)e-04 mins${TAB}sleep 0.01" ]
}

@test "--read: option spellings -k=2 -k:2 --k 2 --n=5 --warmup=1 --oHead 5" {
	ex_tsv > ex.tsv
	run tim -w=1 -k:2 -n=5 -m:2 -o5 -r ex.tsv 'sleep 0.01'
	[ "${lines[1]}" = "9.568 +- 0.050 ms${TAB}sleep 0.01" ]
	run tim --warmup=1 --k 2 --n=5 --m 2 --oHead 5 --read ex.tsv 'sleep 0.01'
	[ "${lines[1]}" = "9.568 +- 0.050 ms${TAB}sleep 0.01" ]
	# --OHead (label) and --oHead (count) differ only in the first letter
	run tim -k2 -n5 -m2 --OHead=OH --oHead=5 --read=ex.tsv 'sleep 0.01'
	[ "${lines[0]}" = "0.2845 +- 0.0015 ms${TAB}OH" ]
	run tim -k2 -n5 -m2 --oHead=5 --OHead OH --time-unit=us -r ex.tsv true
	[ "${lines[0]}" = "284.5 +- 1.5 us${TAB}OH" ]
}

# the seed's benchmark shape (-k2 -o14 -n14 -m14 -uμs), on data built so
# each batch estimate is its minimum: 7 batches at base-s, 7 at base+s
seed_data() { # KEY BASE_us SIGMA_us
	awk -v key="$1" -v b="$2" -v s="$3" 'BEGIN {
		printf "%.10g\t%s\n", (b + 500) * 1e-6, key
		for (j = 0; j < 14; j++) {
			m = (j % 2) ? b + s : b - s
			printf "%.10g\t%s\n", m * 1e-6, key
			for (i = 1; i < 14; i++)  # equal: s_b is the minimum
				printf "%.10g\t%s\n", (b + 50) * 1e-6, key
		}
	}'
}

@test "--read: the seed invocation on synthetic saved data" {
	{
		seed_data "" 201.89 0.15
		seed_data "pf -e1 'init'" 1216.59789 0.49789
		seed_data "pf -e1 xyzPDQnoSuchCommand||:" 2264.3325 1.4925
		seed_data "pgrep -x init>/dev/null" 7933.03765 4.79765
	} > seed.tsv
	run tim -k2 -o14 -n14 -m14 -uμs -r seed.tsv "pf -e1 'init'" \
	    "pf -e1 xyzPDQnoSuchCommand||:" "pgrep -x init>/dev/null"
	[ "$output" = "201.74 +- 0.15 μs${TAB}(AlreadySubtracted)Overhead
1014.36 +- 0.52 μs${TAB}pf -e1 'init'
2061.1 +- 1.5 μs${TAB}pf -e1 xyzPDQnoSuchCommand||:
7726.5 +- 4.8 μs${TAB}pgrep -x init>/dev/null" ]
}

@test "--read: labels: first delimiter, -d, nothing after it = no label" {
	x="-w0 -k1 -n3 -m2 -o0 -R,= -r l.tsv"
	for i in 1 2 3 4 5 6; do printf '0.001\ta:b\n0.002\tx\n0.004\tq:\n'; done > l.tsv
	run tim $x 'lab:a:b' 'x' 'q:'
	[ "$output" = "1.0000000000000000 +- 0.0000000000000000 ms${TAB}lab
2.0000000000000000 +- 0.0000000000000000 ms${TAB}x
4.0000000000000000 +- 0.0000000000000000 ms${TAB}q:" ]
	run tim $x -d@ 'y@x' 'a:b'
	[ "$output" = "2.0000000000000000 +- 0.0000000000000000 ms${TAB}y
1.0000000000000000 +- 0.0000000000000000 ms${TAB}a:b" ]
	run tim $x --delim=@ 'y@x'
	[ "$output" = "2.0000000000000000 +- 0.0000000000000000 ms${TAB}y" ]
}

@test "--read: -o0 prints every ratio row, the minimum starred" {
	ex_tsv > ex.tsv
	run tim -w1 -k2 -n5 -m2 -o0 -r ex.tsv -R,= -Rr 'b:sleep 0.02' 'sleep 0.01'
	[ "$output" = "2.023 +- 0.011${TAB}b
1.0000 +- 0.0051${TAB}*sleep 0.01" ]
}

@test "--read: a command listed twice takes consecutive samples" {
	for v in 1 2 3 4 5 6 7 8; do printf '0.00%s\tc\n' $v; done > t.tsv
	run tim -w1 -k0 -n3 -m1 -o0 -R,= -r t.tsv c c
	[ "$output" = "2.0000000000000000 +- 0.0000000000000000 ms${TAB}c
6.0000000000000000 +- 0.0000000000000000 ms${TAB}c" ]
	run --separate-stderr tim -w1 -k0 -n3 -m3 -o0 -r t.tsv c
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ "$stderr" = 'tim: `c`: undersampled in `read`' ]
}

# every bad input: exit 1, nothing on stdout, one stderr line as given
# (a glob), and nothing run (no 'ran' file, since the command would make it)
bad() { # STDERR_GLOB ARG...
	local want=$1
	shift
	run --separate-stderr tim "$@"
	[ "$status" -eq 1 ] || { echo "$*: status $status"; return 1; }
	[ -z "$output" ] || { echo "$*: stdout '$output'"; return 1; }
	[[ "$stderr" == $want ]] || { echo "$*: stderr '$stderr'"; return 1; }
	[ "${#stderr_lines[@]}" -eq 1 ] || { echo "$*: lines"; return 1; }
	[ ! -e ran ] || { echo "$*: ran"; return 1; }
}

@test "--read: bad files name the file, line and token" {
	printf '0.1\tx\nabc\tx\n' > bad.tsv
	bad "tim: bad.tsv:2: bad time 'abc'" -r bad.tsv 'touch ran'
	printf '0.1\tx\n0.1 x\n' > bad.tsv
	bad "tim: bad.tsv:2: no TAB in '0.1 x'" -r bad.tsv 'touch ran'
	printf 'nan\tx\n' > bad.tsv
	bad "tim: bad.tsv:1: bad time 'nan'" -r bad.tsv 'touch ran'
	bad "tim: nonexistent.tsv: No such file or directory" \
	    -r nonexistent.tsv 'touch ran'
	mkdir d
	bad "tim: d: Is a directory" -r d 'touch ran'
}

@test "--save: a file that cannot be opened or written: exit 1, named" {
	bad "tim: nodir/s.tsv: No such file or directory" \
	    -s nodir/s.tsv 'touch ran'
	# opens fine, fails at the first write: before the first row prints
	bad "tim: /dev/full: No space left on device" -w0 -n3 -m2 \
	    -s /dev/full true
}

@test "bad options: exit 1, one line naming the token, nothing on stdout" {
	local a tok
	while IFS='|' read -r a tok; do
		# shellcheck disable=SC2086
		bad "tim: *$tok*" $a 'touch ran' || return 1
	done <<-'EOF'
	-u xs|'xs'
	-u msecondss|'msecondss'
	-n abc|'abc' for --n
	-n 100000001|'100000001' for --n
	-m0|'0' for --m
	-m -2|'-2' for --m
	-k -1|'-1' for --k
	-k 1e3|'1e3' for --k
	-w 1.5|'1.5' for --warmup
	-w -1|'-1' for --warmup
	-o x|'x' for --oHead
	-o -100000001|'-100000001' for --oHead
	--n=x|'x' for --n
	--oHead 9x|'9x' for --oHead
	-d ab|'ab'
	-R bogus|'bogus'
	-R=|''
	-Q|'-Q'
	--nope=1|'--nope'
	EOF
	bad "tim: bad time unit 'xs' for --timeUnit (ns us ms s min ...)" \
	    -u xs 'touch ran'
	bad "tim: bad number 'abc' for --n" -n abc 'touch ran'
	bad "tim: m*n = 10000000000 samples is too many (max 100000000)" \
	    -m 100000 -n 100000 'touch ran'
}

@test "no commands, or an option without its value: exit 1, one line" {
	bad "tim: need commands; try 'tim --help'"
	bad "tim: nosuchfile: No such file or directory" -r nosuchfile
	mkdir d
	bad "tim: d: Is a directory" -r d
	: > empty.tsv
	bad "tim: need commands; try 'tim --help'" -r empty.tsv
	bad "tim: need commands; try 'tim --help'" -n3 -m2
	bad "tim: option '-n' needs a value" -n
	bad "tim: option '--read' needs a value" --read
}

@test "m*n < 4k is refused before anything runs; -m1 gives err 0; -k0" {
	run --separate-stderr tim -k1 -n3 -m1 -s s.tsv 'touch ran'
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ ! -e ran ]
	[ ! -e s.tsv ]
	[[ "$stderr" == *"m*n = 3 samples < 4k = 4: raise -m or -n"* ]]
	for i in 1 2 3 4 5 6; do printf '0.00%s\tc\n' $i; done > t.tsv
	run tim -w0 -k1 -n5 -m1 -o0 -r t.tsv c     # est = 1 - log2(4/3)*(3-2)
	[ "$output" = "0.58496250072115626 +- 0.00000000000000000 ms${TAB}c" ]
	run tim -w0 -k0 -n1 -m2 -o0 -r t.tsv c
	[ "$output" = "1.00 +- 0.50 ms${TAB}c" ]
}

@test "--help lists the options, exit 0" {
	run tim --help
	[ "$status" -eq 0 ]
	for o in warmup oHead OHead Delim Report timeUnit graph verbose; do
		[[ "$output" == *"--$o"* ]]
	done
}

@test "live: TIM_SEQ order, warm-ups, prepare/cleanup, none around overhead" {
	run --separate-stderr tim -w2 -k1 -n3 -m2 -o3 -R,= \
	    -p 'echo p$TIM_SEQ >> log' -c 'echo c$TIM_SEQ >> log' \
	    'echo x$TIM_SEQ >> log'
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	want=""
	for s in 9 12 15 18 21 24 27 30; do   # overhead took 1..8 (2 + 2*3)
		want+="p$s x$((s + 1)) c$((s + 2)) "
	done
	[ "$(tr '\n' ' ' < log)" = "$want" ]
}

@test "live: hooks pair with commands; short lists repeat the last" {
	run tim -w0 -k1 -n3 -m2 -o0 -R,= -p 'echo P1 >> log' \
	    -c 'echo C1 >> log' -c 'echo C2 >> log' 'echo A >> log' 'echo B >> log'
	[ "$status" -eq 0 ]
	[ "$(tr '\n' ' ' < log)" = "$(printf 'P1 A C1 %.0s' 1 2 3 4 5 6)$(printf 'P1 B C2 %.0s' 1 2 3 4 5 6)" ]
}

@test "live: --save then --read gives the same report; --save appends" {
	run tim -w1 -k1 -n3 -m2 -o3 -uus -Rr -s s.tsv 'l:true' 'true'
	[ "$status" -eq 0 ]
	first=$output
	[ "$(wc -l < s.tsv)" -eq $(( (1 + 6) * 3 )) ]
	[ "$(grep -c $'\ttrue$' s.tsv)" -eq 14 ]
	[ "$(grep -c $'\t$' s.tsv)" -eq 7 ]
	run tim -w1 -k1 -n3 -m2 -o3 -uus -Rr -r s.tsv 'l:true' 'true'
	[ "$output" = "$first" ]
	tim -w0 -k1 -n3 -m2 -o0 -s s.tsv true >/dev/null
	[ "$(wc -l < s.tsv)" -eq 27 ]
}

@test "live: a --read file missing a key runs that command live" {
	for i in 1 2 3 4 5 6; do printf '0.001\tx\n'; done > r.tsv
	run tim -w0 -k1 -n3 -m2 -o0 -r r.tsv x 'echo $TIM_SEQ >> log'
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	[ "$(tr '\n' ' ' < log)" = "1 2 3 4 5 6 " ]
}

@test "live: -v names the commands a --read file lacks (run live)" {
	for i in 1 2 3 4 5 6; do printf '0.001\tx\n'; done > r.tsv
	run --separate-stderr tim -v -w0 -k1 -n3 -m2 -o0 -r r.tsv x 'true'
	[ "$status" -eq 0 ]
	[[ "$stderr" == *'tim: read    `true`: not in r.tsv, run live'* ]]
	[[ "$stderr" != *'`x`: not in'* ]]
}

@test "live: a failing command, prepare, cleanup: exit 3/2/4 naming it" {
	run --separate-stderr tim -w0 -n3 -m2 -o0 'exit 7'
	[ "$status" -eq 3 ]
	[ "$stderr" = 'tim: "exit 7" failed (exit status 7)' ]
	run --separate-stderr tim -w0 -n3 -m2 -o0 -p false true
	[ "$status" -eq 2 ]
	[[ "$stderr" == 'tim: "false" failed'* ]]
	run --separate-stderr tim -w0 -n3 -m2 -o0 -c 'exit 1' true
	[ "$status" -eq 4 ]
	[[ "$stderr" == 'tim: "exit 1" failed'* ]]
	run --separate-stderr tim -w0 -n3 -m2 -o0 'kill -9 $$'
	[ "$status" -eq 3 ]
	[ "$stderr" = 'tim: "kill -9 $$" failed (killed by signal 9 SIGKILL)' ]
}

@test "live: rows already measured stay on stdout when a later one fails" {
	run --separate-stderr tim -w0 -n3 -m2 -o3 'true' 'false'
	[ "$status" -eq 3 ]
	[ "${#lines[@]}" -eq 2 ]
	[[ "${lines[1]}" == *" ms${TAB}true" ]]
}

@test "live: -v logs parameters and CPU times to stderr only" {
	run --separate-stderr tim -v -w0 -k1 -n3 -m2 -o3 true
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	[[ "$stderr" == *"tim: k       1"* ]]
	[[ "$stderr" == *"tim: n       3"* ]]
	[[ "$stderr" == *"tim: m       2"* ]]
	[[ "$stderr" == *'tim: cmds    @["true"]'* ]]
	[[ "$stderr" == *"tim: Report  {diffs}"* ]]
	[[ "$stderr" == *"tim: cpu     true${TAB}user "* ]]
	ex_tsv > ex.tsv
	run --separate-stderr tim -v $EX 'sleep 0.01'
	[ "$status" -eq 0 ]
	[[ "$stderr" != *"cpu"* ]]
	[[ "$stderr" == *"tim: read    ex.tsv"* ]]
}

@test "live: --graph writes one file per row and runs CMD with them" {
	run tim -w0 -k1 -n3 -m2 -o3 -OOH --graph 'cat $1 $2 > g.out; echo $$' \
	    'a/b:true'
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = '$' ]
	[ -f OH ]
	[ -f a_b ]
	[ "$(wc -l < a_b)" -eq 7 ]
	[ "$(wc -l < g.out)" -eq 14 ]
	head -1 a_b | grep -q '^# .* +- '
	run --separate-stderr tim -w0 -k1 -n3 -m2 -o0 --graph false true
	[ "$status" -eq 5 ]
	[[ "$stderr" == 'tim: "false" failed'* ]]
}

@test "--output=null, --stderr=null: the children's output is discarded" {
	run --separate-stderr tim -w1 -k1 -n3 -m2 -o3 --output=null \
	    -p 'echo prep' -c 'echo clean' 'echo out; echo err >&2'
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	[[ "${lines[1]}" == *" ms${TAB}echo out; echo err >&2" ]]
	[ "$stderr" = "$(printf 'err\n%.0s' 1 2 3 4 5 6 7)" ]
	run --separate-stderr tim -w0 -k1 -n3 -m2 -o0 --stderr=null 'echo err >&2'
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[[ "$output" == *" ms${TAB}echo err >&2" ]]
	# -N has no shell to redirect with; the --graph command's output stays
	run --separate-stderr tim -N -w0 -k1 -n3 -m2 --output=null --stderr=null \
	    --graph 'echo graphed' 'echo hi'
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	[[ "${lines[0]}" == *" ms${TAB}echo hi" ]]
	[ "${lines[1]}" = graphed ]
	run tim -w0 -k1 -n3 -m2 -o0 --output=inherit 'echo out'
	[ "${#lines[@]}" -eq 7 ]
	bad "tim: bad --output 'nul' (inherit, null)" --output=nul 'touch ran'
	bad "tim: bad --stderr '' (inherit, null)" --stderr= 'touch ran'
}

@test "--graph: a label with a quote or a space is one shell word" {
	run tim -w0 -k1 -n3 -m2 -o0 --graph 'wc -l < $1 > g.out; ls $1 >> g.out' \
	    "it's a b:true"
	[ "$status" -eq 0 ]
	[ "$(cat g.out)" = "7
it's a b" ]
}

# The logic the live "sleep 0.01 vs sleep 0.02" check relied on, without a
# clock: times 10 ms apart over a ~1 ms overhead come out 10 ms apart once
# it is subtracted, and 1 ms higher raw (by hand: k=1 takes min - 0.415 *
# the gap of the 2nd and 3rd smallest of all 9). The live check is in
# bench/tim.sh (timed assertions do not belong in tests).
@test "--read: 10 ms apart, ~1 ms overhead: diffs 10 ms apart, raw 1 ms higher" {
	local v
	{ for v in 0.0012 0.0010 0.0011 0.0012 0.0013 0.00105 0.0012 0.0011 \
	    0.00102 0.0012; do printf '%s\t\n' $v; done
	  for v in 0.0125 0.0111 0.0113 0.0110 0.0112 0.0114 0.01105 0.0117 \
	    0.0116 0.01102; do printf '%s\tsleep 0.01\n' $v; done
	  for v in 0.0225 0.0212 0.0210 0.0215 0.0211 0.02105 0.0219 0.0213 \
	    0.02101 0.0216; do printf '%s\tsleep 0.02\n' $v; done; } > live.tsv
	run tim -w1 -k1 -n3 -m3 -o3 -r live.tsv 'sleep 0.01' 'sleep 0.02'
	[ "$status" -eq 0 ]
	[ "$output" = "0.988 +- 0.021 ms${TAB}(AlreadySubtracted)Overhead
10.000 +- 0.029 ms${TAB}sleep 0.01
19.996 +- 0.030 ms${TAB}sleep 0.02" ]
	run tim -w1 -k1 -n3 -m3 -o3 -R,= -r live.tsv 'sleep 0.01' 'sleep 0.02'
	[ "$output" = "0.988 +- 0.021 ms${TAB}RawOverhead
10.988 +- 0.021 ms${TAB}sleep 0.01
20.983 +- 0.022 ms${TAB}sleep 0.02" ]
}

# ---- beyond the original -------------------------------------------------

@test "--version: 'tim (quickbox) VERSION', exit 0; --ver is still --verbose" {
	v=$(sed -n 's/^#define QB_VERSION "\(.*\)"/\1/p' \
	    "$BATS_TEST_DIRNAME/../core/applets.h")
	run --separate-stderr tim --version
	[ "$status" -eq 0 ]
	[ "$output" = "tim (quickbox) $v" ]
	ex_tsv > ex.tsv
	run --separate-stderr tim --ver $EX 'sleep 0.01'
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"tim: k       2"* ]]
	# new long names are full names only: old prefixes stay unambiguous
	run --separate-stderr tim --c=true --p=true --s=s.tsv --t=us -w0 -n3 \
	    -m2 -o0 true
	[ "$status" -eq 0 ]
	[[ "$output" == *" us${TAB}true" ]]
}

# the commands whose bytes a plain SECONDS<TAB>CMD line cannot hold
odd_cmds=($'echo a >> ran #\r' $'echo b >> ran\necho c >> ran' \
    'echo \\n\\\\ >> ran' '\echo d >> ran')

@test "--save/--read round-trip every command byte: CR, LF, backslashes" {
	run tim -w1 -k1 -n3 -m2 -o3 -s s.tsv "${odd_cmds[@]}"
	[ "$status" -eq 0 ]
	first=$output
	[ "$(wc -l < s.tsv)" -eq $(( (1 + 6) * 5 )) ]
	rm ran
	# replayed without running anything: every key found
	run tim -w1 -k1 -n3 -m2 -o3 -r s.tsv "${odd_cmds[@]}"
	[ "$status" -eq 0 ]
	[ "$output" = "$first" ]
	[ ! -e ran ]
	# only the lines with a CR or LF are escaped; others stay as they are
	[ "$(grep -c '^\\' s.tsv)" -eq 14 ]
	grep -qF $'\techo \\\\n\\\\\\\\ >> ran' s.tsv
}

@test "--read: old files with backslashes read as before (no unescaping)" {
	for i in 1 2 3 4 5 6; do printf '0.001\tprintf '\''a\\n'\''\n'; done > o.tsv
	run tim -w0 -k1 -n3 -m2 -o0 -R,= -r o.tsv "printf 'a\\n'"
	[ "$output" = "1.0000000000000000 +- 0.0000000000000000 ms${TAB}printf 'a\\n'" ]
}

@test "--read: a NUL byte or a bad escape is an error naming file and line" {
	printf '0.1\tx\n0.1\tab\0c\n' > bad.tsv
	bad "tim: bad.tsv:2: NUL byte in*" -r bad.tsv 'touch ran'
	printf '\\0.1\ta\\qb\n' > bad.tsv
	bad "tim: bad.tsv:1: bad escape in 'a\\\\qb'" -r bad.tsv 'touch ran'
	printf '\\x\ta\n' > bad.tsv
	bad "tim: bad.tsv:1: bad time 'x'" -r bad.tsv 'touch ran'
}

@test "messages show a command's CR and LF as \\r \\n, on one line" {
	run --separate-stderr tim -w0 -n3 -m2 -o0 $'true\nfalse'
	[ "$status" -eq 3 ]
	[ "$stderr" = 'tim: "true\nfalse" failed (exit status 1)' ]
}

@test "unit: words_split: quotes, backslashes, no expansion, errors" {
	run U words "a 'b c' \"d \\\$e \\x\" f\\ g '' \"\" \$HOME* h\\
i"
	[ "$output" = '[a][b c][d $e \x][f g][][][$HOME*][hi]' ]
	run U words "x 'y"
	[ "$status" -eq 1 ]
	[ "$output" = "unterminated ' quote" ]
	run U words 'x "y'
	[ "$output" = 'unterminated " quote' ]
	run U words '  '
	[ "$output" = "no words" ]
}

@test "-N: words run without a shell, TIM_SEQ set, no overhead row" {
	run --separate-stderr tim -N -w0 -k1 -n3 -m2 "touch 'a b' c\\ d \$HOME"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 1 ]
	[[ "${lines[0]}" == *" ms${TAB}touch 'a b' c\\ d \$HOME" ]]
	[ -e 'a b' ]
	[ -e 'c d' ]
	[ -e '$HOME' ]
	run tim --no-shell -w0 -k1 -n3 -m2 'sh -c "echo \$TIM_SEQ >> log"'
	[ "$(tr '\n' ' ' < log)" = "1 2 3 4 5 6 " ]
	# asked for, the overhead row times true(1) run the same way
	run --separate-stderr tim -N -o3 -w0 -k1 -n3 -m2 true
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	[[ "${lines[0]}" == *"${TAB}(AlreadySubtracted)Overhead" ]]
}

@test "-N: unbalanced quotes (exit 1) and unknown programs (exit 3) run nothing" {
	bad "tim: -N: unterminated ' quote in 'touch ran 'x'" -N "touch ran 'x"
	run --separate-stderr tim -N 'touch ran' 'no-such-prog-xyz a'
	[ "$status" -eq 3 ]
	[ -z "$output" ]
	[ ! -e ran ]
	[ "$stderr" = 'tim: "no-such-prog-xyz a" failed: no-such-prog-xyz: command not found' ]
}

# batch j of every row before batch j+1, their runs in turn; warm-ups
# first; a row of fewer runs (the overhead's -o) drops out of the turn
# when it has them
@test "--interleave: batches alternate between rows, their runs in turn (TIM_SEQ order)" {
	run tim --interleave -w1 -k1 -n3 -m2 -o0 'echo a$TIM_SEQ >> log' \
	    'echo b$TIM_SEQ >> log'
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	[ "$(tr '\n' ' ' < log)" = "a1 b2 a3 b4 a5 b6 a7 b8 a9 b10 a11 b12 a13 b14 " ]
	rm log
	# the overhead row runs 7 a batch (-o7), the commands 3: it goes on
	# alone after their third (runs 10-13 and 23-26)
	run tim --interleave -w0 -k1 -n3 -m2 -o7 'echo a$TIM_SEQ >> log' \
	    'echo b$TIM_SEQ >> log'
	[ "$status" -eq 0 ]
	[ "$(tr '\n' ' ' < log)" = "a2 b3 a5 b6 a8 b9 a15 b16 a18 b19 a21 b22 " ]
}

@test "--precision: runs are added until error/estimate <= P (--read)" {
	# batches of 3: minima 1 and 2 (err 50%); one more run per batch
	# regroups them as 1 2 2 2 | 2 2 1 2: minima 1 and 1, err 0
	# (--budget=50ms: past its tenth, 5 ms of runs, from the first round)
	for v in 1 2 2 2 2 2 1 2 9 9; do printf '0.00%s\tc\n' $v; done > p.tsv
	run --separate-stderr tim -w0 -k1 -n3 -m2 -o0 --precision=1% --budget=50ms -r p.tsv c
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	# est: 1 - log2(4/3) * (2 - 1) over 1 1 2 2 2 2 2 2
	[ "$output" = "0.58496250072115626 +- 0.00000000000000000 ms${TAB}c" ]
	# without it: the first 6 only, 1 2 2 2 2 2
	run tim -w0 -k1 -n3 -m2 -o0 -r p.tsv c
	[ "$output" = "1.00 +- 0.50 ms${TAB}c" ]
}

@test "--precision stops no sooner than the runs add up to a tenth of the budget (--read)" {
	# 20 runs of 1 ms: precise at once (error 0); batches of 3, m=2
	for i in $(seq 20); do printf '0.001\tc\n'; done > q.tsv
	used() { python3 -c 'import json; print(len(json.load(open("q.json"))["results"][-1]["times"]))'; }
	# a tenth of 90 ms: 9 ms, reached after two rounds of 2 (6, 8, 10 runs)
	run --separate-stderr tim -w0 -k1 -n3 -m2 -o0 --precision=1% --budget=90ms -r q.tsv --json q.json c
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$(used)" = 10 ]
	# a tenth of 10 ms: already there after the first 6
	run --separate-stderr tim -w0 -k1 -n3 -m2 -o0 --precision=1% --budget=10ms -r q.tsv --json q.json c
	[ "$status" -eq 0 ]
	[ "$(used)" = 6 ]
	# the file ends first: the replay stops there, still precise, exit 0
	run --separate-stderr tim -w0 -k1 -n3 -m2 -o0 --precision=1% --budget=1s -r q.tsv --json q.json c
	[ "$status" -eq 0 ] && [ -z "$stderr" ] && [ "$(used)" = 20 ]
}

@test "--precision missed when the budget is spent: warning line, exit 6" {
	run --separate-stderr tim -w0 -k1 -n3 -m2 -o0 --precision=0.00001% \
	    --budget=50ms true
	[ "$status" -eq 6 ]
	[ "${#lines[@]}" -eq 1 ]
	[[ "$stderr" == "tim: true: error/estimate "*"% > --precision 1e-05% when the --budget ran out" ]]
}

@test "--precision: --save then --read replays it, budget stop included" {
	run --separate-stderr tim --precision=0.00001% --budget=0.3s -w1 -k1 \
	    -n3 -m2 -o3 -s p.tsv --interleave 'sleep 0.001' true
	[ "$status" -eq 6 ]
	first=$output first_err=$stderr
	run --separate-stderr tim --precision=0.00001% --budget=0.3s -w1 -k1 \
	    -n3 -m2 -o3 -r p.tsv --interleave 'sleep 0.001' true
	[ "$status" -eq 6 ]
	[ "$output" = "$first" ]
	[ "$stderr" = "$first_err" ]
}

@test "bad --precision --budget --tolerance --progress --step: exit 1, nothing run" {
	bad "tim: bad --precision '0' *" --precision 0 'touch ran'
	bad "tim: bad --precision '101%' *" --precision 101% 'touch ran'
	bad "tim: bad --precision '1.5' *" --precision 1.5 'touch ran'
	bad "tim: bad --precision 'x%' *" --precision x% 'touch ran'
	bad "tim: bad --budget '5x' *" --precision 1% --budget 5x 'touch ran'
	bad "tim: bad --budget '0s' *" --precision 1% --budget 0s 'touch ran'
	bad "tim: --budget needs --precision or --decide" --budget 5s 'touch ran'
	bad "tim: bad --tolerance '-1' *" --tolerance -1 'touch ran'
	bad "tim: bad --progress 'maybe' *" --progress maybe 'touch ran'
	bad "tim: --step '2' without -P" --step 2 'touch ran'
}

@test "peak RSS: -v and the JSON export show each run's ru_maxrss" {
	run --separate-stderr tim -v -N -w0 -k1 -n3 -m2 --json r.json \
	    "/usr/bin/python3 -c 'x = bytearray(64 << 20)'" /bin/true
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"tim: rss     /bin/true${TAB}peak "*" KiB${TAB}(max of 6 runs)"* ]]
	python3 - <<-'EOF'
	import json
	r = json.load(open("r.json"))["results"]
	big, small = r[0]["memory_usage_byte"], r[1]["memory_usage_byte"]
	assert len(big) == 6 and all(isinstance(b, int) for b in big), big
	assert min(big) > 64 << 20 > max(small) > 0, (big, small)
	EOF
}

@test "--json: hyperfine-style results with every sample (--read: exact)" {
	ex_tsv > ex.tsv
	run --separate-stderr tim $EX --json r.json 'sleep 0.01' 'b:sleep 0.02'
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	python3 - <<-'EOF'
	import json
	d = json.load(open("r.json"))
	# seconds, as hyperfine's times are, and "unit" says so (issue 30.7)
	assert d["tool"].startswith("tim (quickbox) ") and d["unit"] == "s"
	assert d["report_unit"] == "ms"
	oh, a, b = d["results"]
	assert oh["overhead"] and oh["command"] == "" and not a["overhead"]
	assert oh["label"] == "(AlreadySubtracted)Overhead"
	assert a["command"] == "sleep 0.01" and a["label"] == "sleep 0.01"
	assert b["command"] == "sleep 0.02" and b["label"] == "b"
	assert a["times"] == [0.0105, 0.0101, 0.0120, 0.0103, 0.0110,
	    0.0102, 0.0131, 0.0104, 0.0100, 0.0107], a["times"]
	assert abs(a["estimate"] - 9.5676256e-3) < 1e-9, a["estimate"]
	assert abs(a["error"] - 0.0500214e-3) < 1e-9, a["error"]
	assert a["unit"] == "s" and a["warmup"] == 1
	assert a["batches"] == 2 and a["runs_per_batch"] == 5
	assert a["exit_codes"] == [0] * 10 and a["exit_status"] == 0
	assert a["memory_usage_byte"] == [None] * 10   # --read: not measured
	assert a["user_times"] == [None] * 10 and a["parameters"] == {}
	assert abs(a["min"] - 0.0100) < 1e-12 and abs(a["max"] - 0.0131) < 1e-12
	assert abs(a["median"] - 0.01045) < 1e-12
	EOF
}

@test "--csv: one row per sample; --markdown: estimate +- error, ratio" {
	ex_tsv > ex.tsv
	run tim $EX --csv r.csv --markdown r.md 'sleep 0.01' 'b:sleep 0.02'
	[ "$status" -eq 0 ]
	[ "$(wc -l < r.csv)" -eq 31 ]
	[ "$(head -1 r.csv)" = "label,command,overhead,run,batch,seconds,user_seconds,system_seconds,memory_usage_byte,to,ratio,low,high,confidence,verdict" ]
	[ "$(sed -n 12p r.csv)" = "sleep 0.01,sleep 0.01,0,1,1,0.0105,,,,,,,,," ]
	# 2 pairs: a ratio, no interval
	[ "$(sed -n 31p r.csv)" = "b,sleep 0.02,0,10,2,0.0208,,,,sleep 0.01,2.046041713291477,,,0.95,undecided" ]
	[ "$(cat r.md)" = "| Command | Estimate [ms] | Ratio | To | Pair ratio | Low | High | Confidence | Verdict |
|:---|---:|---:|:---|---:|---:|---:|---:|:---|
| sleep 0.01 | 9.568 ± 0.050 | 1.0000 ± 0.0052 |  |  |  |  |  |  |
| b | 19.648 ± 0.029 | 2.054 ± 0.011 | sleep 0.01 | 2.046 |  |  | 0.95 | undecided |" ]
}

@test "--csv, --markdown: the comparison's columns, as the verdict line" {
	verdict_tsv > v.tsv
	run tim $V --csv r.csv --markdown r.md a b
	[ "$status" -eq 0 ]
	[ "$(sed -n 2p r.csv)" = "a,a,0,1,1,0.0015,,,,,,,,," ]
	# the ratio and its bounds to 15 digits: a 32-bit x86 build's
	# last bits differ (2.0420313623778097 there, ...092 here)
	[ "$(sed -n 25p r.csv | awk -F, -v OFS=, '{ for (i = 11; i <= 13; i++) $i = sprintf("%.15g", $i); print }')" = \
	    "b,b,0,12,4,0.0023,,,,a,2.04203136237781,1.73577110769739,2.40232831762375,0.95,slower" ]
	[ "$(sed -n 4p r.md)" = "| b | 1.55 ± 0.32 | 1.72 ± 0.38 | a | 2.042 | 1.736 | 2.402 | 0.95 | slower |" ]
}

@test "exports: a bad path runs nothing; a failed run leaves no file" {
	bad "tim: nodir/r.json: No such file or directory" --json nodir/r.json \
	    'touch ran'
	run tim -w0 -n3 -m2 -o0 --json r.json --csv r.csv true false
	[ "$status" -eq 3 ]
	[ -z "$(ls | grep '^r\.')" ]
}

# a dead stdout stops tim at its first write: no further command runs
@test "dead stdout: /dev/full, closed stdout, closed pipe: exit 1 (or SIGPIPE), stops at once" {
	run --separate-stderr timeout 20 bash -c "'$QB' tim -w0 -n3 -m2 -o3 \
	    true 'touch ran' > /dev/full"
	[ "$status" -eq 1 ]
	[ ! -e ran ]
	[ "$stderr" = "tim: write error: No space left on device" ]
	# closed: the --save file must not become stdout
	run --separate-stderr timeout 20 bash -c "'$QB' tim -w0 -n3 -m2 -o3 \
	    -s s.tsv true 'touch ran' >&-"
	[ "$status" -eq 1 ]
	[ ! -e ran ]
	[ "$stderr" = "tim: write error: Bad file descriptor" ]
	# only the overhead's 2 x 3 samples: its row was the first write
	[ "$(grep -c . s.tsv)" -eq 6 ]
	[ "$(cut -f2 s.tsv | sort -u)" = "" ]
	run ! grep -q ' ms' s.tsv
	# a reader that left: SIGPIPE kills tim (141); ignored, exit 1, silent
	run --separate-stderr timeout 20 bash -c "'$QB' tim -w0 -n3 -m2 -o0 \
	    'sleep 0.05' 'touch ran' | true; exit \${PIPESTATUS[0]}"
	[ "$status" -eq 141 ]
	[ ! -e ran ]
	[ -z "$stderr" ]
	run --separate-stderr timeout 20 bash -c "trap '' PIPE; '$QB' tim -w0 \
	    -n3 -m2 -o0 'sleep 0.05' 'touch ran' | true; exit \${PIPESTATUS[0]}"
	[ "$status" -eq 1 ]
	[ ! -e ran ]
	[ -z "$stderr" ]
	# the ratio report and --version too
	ex_tsv > ex.tsv
	run --separate-stderr bash -c "'$QB' tim -R,= -Rr $EX 'sleep 0.01' \
	    > /dev/full"
	[ "$status" -eq 1 ]
	[ "$stderr" = "tim: write error: No space left on device" ]
	run --separate-stderr bash -c "'$QB' tim --version >&-"
	[ "$status" -eq 1 ]
	[ "$stderr" = "tim: write error: Bad file descriptor" ]
}

# exports to what is not a regular file are written in place: a rename
# onto /dev/full or /dev/stdout would replace the node with a file
@test "exports to a device, FIFO, /dev/stdout: in place, the node kept" {
	ex_tsv > ex.tsv
	if mknod full c 1 7 2>/dev/null; then
		for x in json csv markdown; do
			run --separate-stderr tim $EX --$x full 'sleep 0.01'
			[ "$status" -eq 1 ] && [ -c full ] || return 1
			[ "$stderr" = "tim: full: No space left on device" ] || return 1
			[ "${#lines[@]}" -eq 2 ] || return 1  # the report came first
		done
	fi
	ln -s /proc/self/fd/1 so
	run --separate-stderr tim $EX -R,= -Rr --json so 'sleep 0.01'
	[ "$status" -eq 0 ]
	[ -L so ]
	[ -z "$stderr" ]
	[[ "$output" == *'"tool": "tim (quickbox) '* ]]
	mkfifo fifo
	# timeout: a tim that never opens the FIFO must fail the test, not hang
	# it. The reader may not have reached its open when tim looks for one
	# (tim then says so and writes nothing): try again until it has
	timeout 20 cat fifo > got &
	for i in $(seq 100); do
		run tim $EX --markdown fifo 'sleep 0.01'
		[[ "$output" == *"a FIFO with no reader"* ]] || break
		sleep 0.05
	done
	wait
	[ "$status" -eq 0 ]
	[ -p fifo ]
	grep -q '^| sleep 0.01 | 9.568 ± 0.050 | 1.0000 ± 0.0052 |  |  |  |  |  |  |$' got
	# a FIFO nobody reads: an error, never a hang
	mkfifo lonely
	run --separate-stderr timeout 20 "$QB" tim $EX --json lonely 'sleep 0.01'
	[ "$status" -eq 1 ]
	[ "$stderr" = "tim: lonely: a FIFO with no reader" ]
	# a symlink to a regular file is replaced whole behind the link
	echo old > real.md
	ln -s real.md link.md
	run tim $EX --markdown link.md 'sleep 0.01'
	[ "$status" -eq 0 ]
	[ -L link.md ]
	grep -q '^| sleep 0.01 |' real.md
	bad "tim: .: Is a directory" --json . 'touch ran'
}

# a full file system: the export is never half-written, --save says so
@test "exports and --save into a full directory: exit 1, named, no file" {
	ex_tsv > ex.tsv
	mkdir m
	run --separate-stderr mount_ns bash -c "
	    mount -t tmpfs -o size=16k none m || exit 99
	    dd if=/dev/zero of=m/fill bs=1k count=64 2>/dev/null
	    for x in json csv markdown; do
	        '$QB' tim $EX --\$x m/x.\$x 'sleep 0.01' > /dev/null
	        echo \"\$x \$?\"
	    done
	    '$QB' tim -w0 -n3 -m2 -o0 -s m/s.tsv 'touch ran'; echo \"save \$?\"
	    ls m"
	[ "$status" -ne 99 ] || skip "no tmpfs mount here"
	[ "$output" = "json 1
csv 1
markdown 1
save 1
fill
s.tsv" ]
	[ "$stderr" = "tim: m/x.json: No space left on device
tim: m/x.csv: No space left on device
tim: m/x.markdown: No space left on device
tim: m/s.tsv: No space left on device" ]
}

@test "-P NAME LO HI, --step, -L: one row per value, {NAME} everywhere" {
	run tim -w0 -k1 -n3 -m2 -o0 -L X a,b -P N 1 2 -p 'echo p{X} >> log' \
	    'r{X}{N}:echo {X}{N} >> log'
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | cut -f2 | tr '\n' ' ')" = "ra1 ra2 rb1 rb2 " ]
	[ "$(sort log | uniq -c | awk '{ printf "%s %s ", $1, $2 }')" = "6 a1 6 a2 6 b1 6 b2 12 pa 12 pb " ]
	run tim -w0 -k1 -n3 -m2 -o0 -P N 0.5 1 --step 0.25 'v{N}:true'
	[ "$(printf '%s\n' "$output" | cut -f2 | tr '\n' ' ')" = "v0.50 v0.75 v1.00 " ]
	# a known {NAME} is replaced everywhere (as hyperfine does), an
	# unknown one after $ is the shell's
	run tim -w0 -k1 -n3 -m2 -o0 -P N 1 7 --step 3 'true {N} ${N} ${HOME}'
	[ "$(printf '%s\n' "$output" | cut -f2 | tr '\n' '|')" = 'true 1 $1 ${HOME}|true 4 $4 ${HOME}|true 7 $7 ${HOME}|' ]
}

@test "-P/-L errors: unknown {NAME}, LO > HI, bad numbers, missing values" {
	bad "tim: unknown parameter '{Y}' *" -P X 1 2 'touch ran {Y}'
	bad "tim: -P X: LO 3 > HI 1" -P X 3 1 'touch ran {X}'
	bad "tim: -P X: bad number 'a'" -P X a 2 'touch ran {X}'
	bad "tim: bad --step '-1' *" -P X 1 2 --step -1 'touch ran {X}'
	bad "tim: option '--parameter-scan' needs 3 values" -P X 1
	bad "tim: option '--parameter-list' needs 2 values" -L X
	bad "tim: parameter 'X' given twice" -L X 1 -P X 1 2 'touch ran {X}'
	bad "tim: bad parameter name '{X}'" -L '{X}' 1 'touch ran'
}

@test "--baseline: the same data is within tolerance; slower: exit 7" {
	ex_tsv > ex.tsv
	tim $EX --json base.json 'sleep 0.01' 'b:sleep 0.02' > /dev/null
	run tim $EX --baseline base.json 'sleep 0.01' 'b:sleep 0.02'
	[ "$status" -eq 0 ]
	[ "${lines[3]}" = "# baseline base.json" ]
	[ "${lines[4]}" = "0.000 +- 0.071 ms${TAB}sleep 0.01${TAB}within tolerance" ]
	# a --save file as the baseline: what --read of it reports
	run tim $EX --baseline ex.tsv 'sleep 0.01'
	[ "$status" -eq 0 ]
	[ "${lines[3]}" = "0.000 +- 0.071 ms${TAB}sleep 0.01${TAB}within tolerance" ]
	# 1 ms slower everywhere: 1 ms +- 0.071 is 14 combined errors
	ex_tsv | awk -F'\t' -v OFS='\t' '$2 != "" { $1 += 0.001 } 1' > slow.tsv
	run --separate-stderr tim -w1 -k2 -n5 -m2 -o5 -r slow.tsv \
	    --baseline base.json 'sleep 0.01'
	[ "$status" -eq 7 ]
	[ "${lines[3]}" = "1.000 +- 0.071 ms${TAB}sleep 0.01${TAB}slower: 14.1 errors > 2" ]
	run tim -w1 -k2 -n5 -m2 -o5 -r slow.tsv --baseline base.json \
	    --tolerance 20 'sleep 0.01'
	[ "$status" -eq 0 ]
}

# issue 30.6: a baseline without the command must not pass the gate
@test "--baseline: a command it lacks is named, exit 8; unused entries get a note" {
	ex_tsv > ex.tsv
	tim $EX --json base.json 'sleep 0.01' > /dev/null
	run --separate-stderr tim $EX --baseline base.json 'b:sleep 0.02'
	[ "$status" -eq 8 ]
	[ "${lines[2]}" = "# baseline base.json" ]
	[ "${#lines[@]}" -eq 3 ]
	[ "$stderr" = 'tim: "sleep 0.02": no entry in --baseline base.json
tim: note: --baseline base.json: "sleep 0.01" matches no command' ]
	# one matched, one missing: still 8, and the matched one is compared
	run --separate-stderr tim $EX --baseline base.json 'sleep 0.01' 'b:sleep 0.02'
	[ "$status" -eq 8 ]
	[ "${lines[4]}" = "0.000 +- 0.071 ms${TAB}sleep 0.01${TAB}within tolerance" ]
	[ "$stderr" = 'tim: "sleep 0.02": no entry in --baseline base.json' ]
	# a --save file lacking the command: the same (it is read for the
	# commands given, so it has no entries left unused)
	grep -v 'sleep 0.02' ex.tsv > part.tsv
	run --separate-stderr tim $EX --baseline part.tsv 'b:sleep 0.02'
	[ "$status" -eq 8 ]
	[ "$stderr" = 'tim: "sleep 0.02": no entry in --baseline part.tsv' ]
}

# dec EXPR: the decimal EXPR's value, to 12 places (the inputs have at
# most 7, so the double's last-bit error is rounded away: the exact
# decimal; awk, since a minimal root has no bc)
dec() { awk "BEGIN { printf \"%.12f\", $1 }"; }

# two commands in 4 batches of 3 (k=1: a batch's estimate is its minimum);
# b's batch minima are a's times 2.0 2.3 1.8 2.1
verdict_tsv() {
	local j v
	for j in 1.0 1.1 0.9 1.0; do
		for v in 0.5 0 0.2; do printf '%s\ta\n' "$(dec "($j + $v) / 1000")"; done
	done
	set -- 2.0 2.3 1.8 2.1
	for j in 1.0 1.1 0.9 1.0; do
		for v in 0.5 0 0.2; do printf '%s\tb\n' "$(dec "($j * $1 + $v) / 1000")"; done
		shift
	done
}
V="-w0 -k1 -n3 -m4 -o0 -r v.tsv"

@test "--verdict: ratio, t interval on the pairs' log-ratios, the word; JSON comparison" {
	verdict_tsv > v.tsv
	run tim $V a b
	[ "${#lines[@]}" -eq 2 ]            # no verdict without --verdict
	run --separate-stderr tim $V --verdict --json v.json a b
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 3 ]
	[ "${lines[2]}" = "2.042 [1.736, 2.402] 95%${TAB}b${TAB}vs a: slower" ]
	python3 - <<-'EOF'
	import json, math
	r = json.load(open("v.json"))["results"]
	assert "comparison" not in r[0]
	c = r[1]["comparison"]
	d = [math.log(q) for q in (2.0, 2.3, 1.8, 2.1)]
	mu = sum(d) / 4; sd = math.sqrt(sum((x - mu) ** 2 for x in d) / 3)
	h = 3.182446 * sd / 2      # t(0.975, 3) * sd / sqrt(4)
	assert c["to"] == "a" and c["verdict"] == "slower" and c["decided"], c
	assert c["confidence"] == 0.95 and c["pairs"] == 4, c
	assert abs(c["ratio"] - math.exp(mu)) < 1e-9, c
	assert abs(c["low"] - math.exp(mu - h)) < 1e-5, c
	assert abs(c["high"] - math.exp(mu + h)) < 1e-5, c
	EOF
	# the other way round: faster; past 1 but into 1 + T (--threshold):
	# a difference whose size is unsettled; holding 1 (--confidence):
	# undecided. JSON and CSV carry a fixed word for each.
	run tim $V --verdict b a
	[ "${lines[2]}" = "0.4897 [0.4163, 0.5761] 95%${TAB}a${TAB}vs b: faster" ]
	run tim $V --verdict --threshold=80% --json d.json --csv d.csv a b
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "2.042 [1.736, 2.402] 95%${TAB}b${TAB}vs a: differs (size unsettled)" ]
	[ "$(tail -n 1 d.csv | cut -d, -f15)" = differs ]
	grep -q '"verdict": "differs", "decided": false' d.json
	run tim $V --verdict --confidence=0.9999 --json u.json a b
	[ "${lines[2]}" = "2.042 [0.4888, 8.53] 99.99%${TAB}b${TAB}vs a: undecided" ]
	grep -q '"verdict": "undecided", "decided": false' u.json
	# the same batches twice: ratio 1, a firm no difference
	sed -n '1,12p' v.tsv > w.tsv; sed -n '1,12s/a$/c/p' v.tsv >> w.tsv
	run tim -w0 -k1 -n3 -m4 -o0 -r w.tsv --verdict --json s.json a c
	[ "${lines[2]}" = "1 [1, 1] 95%${TAB}c${TAB}vs a: no difference" ]
	grep -q '"verdict": "same", "decided": true' s.json
}

@test "--verdict interleaves; bad --threshold and --confidence run nothing" {
	run tim -w0 -k1 -n3 -m2 -o0 --verdict 'echo a$TIM_SEQ >> log' 'echo b$TIM_SEQ >> log'
	[ "$status" -eq 0 ]
	[ "$(tr '\n' ' ' < log)" = "a1 b2 a3 b4 a5 b6 a7 b8 a9 b10 a11 b12 " ]
	# without -m: 20 batches (pairs), not 4
	run tim -w0 -k1 -n3 -o0 --verdict --json m.json true true
	[ "$status" -eq 0 ]
	[ "$(grep -c '"batches": 20,' m.json)" -eq 2 ]
	bad "tim: bad --threshold 'x' (a fraction like 0.05 or 5%)" --threshold x 'touch ran'
	bad "tim: bad --confidence '1' (a fraction like 0.05 or 5%)" --confidence 1 'touch ran'
	bad "tim: bad --confidence '0' (a fraction like 0.05 or 5%)" --confidence 0 'touch ran'
}

# NAME F...: one batch of 3 runs per factor F (k=1: its estimate is its
# minimum, F ms), for -w0 -k1 -n3 -o0 (NAME "" for the overhead)
batches() {
	local nm=$1 f
	shift
	for f; do
		printf "%s\t$nm\n" "$(dec "$f * 1.5 / 1000")" \
		    "$(dec "$f / 1000")" "$(dec "$f * 1.2 / 1000")"
	done
}
B="-w0 -k1 -n3 -o0"

@test "--decide: batches are added until every verdict is decided; exit 6 when the budget or the data ends first" {
	# b/a: 1.1 2.0 1.0 in the first 3 batches (undecided), then 1.5s;
	# looks at 3, 6, 12 batches. The error rate 5 %: look j gets
	# 5 %/2^(j+2) and the runs' share of the budget (10 s) of the other
	# half, about 0.006 % here; the last look all that is left, cut to 3
	# digits: at 3 batches 1.25 %, 6 0.631 %, 12 (not last) 0.326 %
	# (99.674 %), 12 (last) 3.11 % (96.89 %)
	batches a 1 1 1 1 1 1 1 1 1 1 1 1 > d.tsv
	batches b 1.1 2.0 1.0 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 >> d.tsv
	run tim $B -m3 -r d.tsv --verdict a b
	[ "${lines[2]}" = "1.301 [0.5115, 3.307] 95%${TAB}b${TAB}vs a: undecided" ]
	run --separate-stderr tim $B -m3 -r d.tsv --decide --json d.json a b
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "1.447 [1.28, 1.637] 96.89%${TAB}b${TAB}vs a: slower" ]
	[ -z "$stderr" ]
	python3 -c 'import json, sys
r = json.load(open("d.json"))["results"]
sys.exit(not (r[1]["batches"] == 12 and r[1]["comparison"]["pairs"] == 12))'
	# a 13th batch saved: the look at 12 is not the last
	batches a 1 1 1 1 1 1 1 1 1 1 1 1 1 > h.tsv
	batches b 1.1 2.0 1.0 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 >> h.tsv
	run --separate-stderr tim $B -m3 -r h.tsv --decide a b
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "1.447 [1.201, 1.744] 99.674%${TAB}b${TAB}vs a: slower" ]
	# the data ends after 5 batches (a replay stops where the saved run
	# stopped): a last look there, at the next level
	head -n 15 d.tsv > e.tsv; sed -n '37,51p' d.tsv >> e.tsv
	run --separate-stderr tim $B -m3 -r e.tsv --decide a b
	[ "$status" -eq 6 ]
	[ "${lines[2]}" = "1.377 [0.9421, 2.012] 96.25%${TAB}b${TAB}vs a: undecided" ]
	[ "$stderr" = "tim: b: vs a: undecided after 5 batches: too few: raise -m or --budget (--decide)" ]
	# live, a budget spent by the first batches: 2 pairs, no interval
	# (the first look is the last: at 95 %, or 99.5 % on a busy machine)
	run --separate-stderr tim $B -m2 --decide --budget=1ms true 'sleep 0.01'
	[ "$status" -eq 6 ]
	[[ "${lines[2]}" == *" [nan, nan] 99.5%${TAB}sleep 0.01${TAB}vs true: undecided" ||
	    "${lines[2]}" == *" [nan, nan] 95%${TAB}sleep 0.01${TAB}vs true: undecided" ]]
	[ "$stderr" = "tim: sleep 0.01: vs true: undecided after 2 batches: too few: raise -m or --budget (--decide)" ]
	bad "tim: bad --budget 'x' (a time like 5s or 500ms)" --decide --budget x 'touch ran'
	# a difference whose size is unsettled is not yet decided either:
	# batches are added until it is
	batches a 1 1 1 1 1 1 1 1 1 1 1 1 > f.tsv
	batches b 1.5 1.6 1.4 2 2 2 2 2 2 2 2 2 >> f.tsv
	run tim $B -m3 -r f.tsv --verdict --threshold=45% a b
	[ "${lines[2]}" = "1.498 [1.269, 1.768] 95%${TAB}b${TAB}vs a: differs (size unsettled)" ]
	run --separate-stderr tim $B -m3 -r f.tsv --decide --threshold=45% a b
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "1.861 [1.691, 2.047] 96.89%${TAB}b${TAB}vs a: slower" ]
	head -n 15 f.tsv > g.tsv; sed -n '37,51p' f.tsv >> g.tsv
	run --separate-stderr tim $B -m3 -r g.tsv --decide --threshold=45% a b
	[ "$status" -eq 6 ]
	[[ "${lines[2]}" == *"vs a: differs (size unsettled)" ]]
	[ "$stderr" = "tim: b: vs a: differs (size unsettled) after 5 batches: too few: raise -m or --budget (--decide)" ]
}

@test "--verdict: a run that ends undecided says why (too few pairs, a wide spread) and what to do; status stays 0" {
	batches a 1 1 1 1 1 1 1 1 1 1 1 1 > w.tsv
	batches b 1 1.3 0.8 1.2 0.9 1.1 1 1.25 0.85 1.15 0.95 1.05 >> w.tsv
	run --separate-stderr tim $B -m12 -r w.tsv --verdict a b
	[ "$status" -eq 0 ]
	[[ "${lines[2]}" == *"${TAB}b${TAB}vs a: undecided" ]]
	[ "$stderr" = "tim: b: vs a: undecided after 12 batches: wide spread: more batches (-m, --budget, --decide) or -n" ]
	run --separate-stderr tim $B -m4 -r w.tsv --verdict a b
	[ "$stderr" = "tim: b: vs a: undecided after 4 batches: too few: raise -m or --budget (--decide)" ]
	# settled: nothing said
	run --separate-stderr tim $B -m4 -r w.tsv --verdict --threshold=50% a b
	[[ "${lines[2]}" == *": no difference" ]]
	[ -z "$stderr" ]
}

@test "--verdict on a busy machine (a /proc/loadavg of 999 runnable): intervals at a tenth of the error rate; an undecided run names the load" {
	printf '999.00 999.00 999.00 999/2000 1\n' > loadavg
	run --separate-stderr mount_ns bash -c "mount --bind loadavg /proc/loadavg &&
	    '$QB' tim -w0 -n3 -m3 -o0 --verdict true true"
	[ "$status" -eq 0 ]
	[[ "${lines[2]}" == *"] 99.5%${TAB}true${TAB}vs true: "* ]]
	[[ "$stderr" == "tim: true: vs true: undecided after 3 batches: too few: raise -m or --budget (--decide)" ]]
	run --separate-stderr mount_ns bash -c "mount --bind loadavg /proc/loadavg &&
	    '$QB' tim -w0 -n3 -m12 -o0 --verdict true true"
	[ "$status" -eq 0 ]
	[[ "${lines[2]}" == *"] 99.5%${TAB}true${TAB}vs true: "* ]]
	case ${lines[2]} in *": no difference" | *": faster" | *": slower") [ -z "$stderr" ] ;; *)
		[[ "$stderr" == "tim: true: vs true: "*" after 12 batches: busy (load 999, 998 runnable, "*"% steal, "*" ivcsw/s, "*" CPUs): measure when quiet" ]] ;;
	esac
	# the line, on one CPU: a loop per CPU and one more beside tim (2
	# runnable) and a load of 2 are not busy; 3 runnable, or a load
	# above 2, are (a build beside tim is not, a test suite is)
	for l in '2.00 0 0 3/20 1:95%' '2.99 0 0 3/20 1:95%' \
	    '0.50 0 0 4/20 1:99.5%' '3.00 0 0 1/20 1:99.5%'; do
		printf '%s\n' "${l%:*}" > loadavg
		run --separate-stderr mount_ns bash -c "mount --bind loadavg /proc/loadavg &&
		    /usr/bin/taskset -c 0 '$QB' tim -w0 -n3 -m3 -o0 --verdict true true"
		echo "$l: ${lines[2]}"
		[[ "${lines[2]}" == *"] ${l#*:}${TAB}true${TAB}vs true: "* ]]
	done
}

# a loop of the shell's builtins: one process, some 5 ms of CPU
SPIN='i=0; while [ $i -lt 3000 ]; do i=$((i+1)); done'

# ratio.py FILE.json NET: the first comparison's ratio from the export's
# runs, as docs/tim.md says verdicts make it: batch minima (-k1), less
# the overhead's batch, of each run's time less its cpu_waits when NET is
# 1; the geometric mean of the pairs' ratios (under 20 pairs), or
# "none" when a side is at or below the overhead (tim: no interval)
ratio_py() {
	python3 -c '
import json, math, sys
d = json.load(open(sys.argv[1]))["results"]
net = sys.argv[2] == "1"
def batches(r):
    n, t, w = r["runs_per_batch"], r["times"], r["cpu_waits"]
    v = [a - (b if net else 0) for a, b in zip(t, w)]
    return [min(v[i:i + n]) for i in range(0, len(v), n)]
o = batches([r for r in d if r["overhead"]][0])
x, y = [[a - b for a, b in zip(batches(r), o)] for r in d if not r["overhead"]]
if min(x + y) <= 0:     # a side at or below the overhead: no ratio
    print("none")
else:
    print(math.exp(sum(math.log(b / a) for a, b in zip(x, y)) / len(x)))' "$@"
}

@test "verdicts leave out each run's wait for a CPU when the command runs alone: beside a loop on its CPU" {
	[ -r /proc/self/schedstat ] || skip "no /proc/PID/schedstat (a kernel without CONFIG_SCHED_INFO)"
	/usr/bin/taskset -c 0 sh -c 'while :; do :; done' &
	hog=$!
	run --separate-stderr tim -v --affinity=0 -w1 -k1 -n3 -m6 --verdict --json=j.json "$SPIN" "$SPIN; :"
	kill "$hog"
	[ "$status" -eq 0 ]
	echo "$stderr" | grep -F "wait    $SPIN; :$TAB"
	[[ "$stderr" == *"tim: wait    $SPIN$TAB"*" s for a CPU$TAB(mean of 18 runs, "*"% of their time; alone)"* ]]
	[[ "$stderr" == *"tim: wait    $SPIN; :$TAB"*" s for a CPU$TAB(mean of 18 runs, "*"% of their time; alone)"* ]]
	grep -q '"less_cpu_waits": true' j.json
	# the loop took turns with the other: its waits are a share of its time
	python3 -c '
import json
for r in json.load(open("j.json"))["results"]:
    if not r["overhead"]:
        print(r["command"], sum(r["cpu_waits"]), sum(r["times"]))
        assert sum(r["cpu_waits"]) > 0.2 * sum(r["times"])'
	# the verdict's ratio is that of the times less the waits, not of the times
	got=$(sed -n 's/.*"comparison": {.*"ratio": \([^,]*\),.*/\1/p' j.json)
	net=$(ratio_py j.json 1)
	wall=$(ratio_py j.json 0)
	echo "got $got, less the waits $net, whole $wall"
	awk -v g="$got" -v n="$net" 'BEGIN { exit !((g / n - 1) ^ 2 < 1e-18) }'
	# (whole, the waits can put a batch below the overhead's: no ratio)
	[ "$wall" = none ] || awk -v g="$got" -v w="$wall" 'BEGIN { exit !((g / w - 1) ^ 2 > 1e-12) }'
}

@test "verdicts keep the waits of a command that runs a child, of a --read replay, and where waitid has no WNOWAIT" {
	run --separate-stderr tim -v -w0 -k1 -n3 -m4 --verdict --json=k.json "$SPIN" "$SPIN; /bin/true"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"tim: wait    $SPIN; /bin/true$TAB"*"% of their time; not alone: other threads or children ran)"* ]]
	grep -q '"less_cpu_waits": false' k.json
	got=$(sed -n 's/.*"comparison": {.*"ratio": \([^,]*\),.*/\1/p' k.json)
	wall=$(ratio_py k.json 0)
	awk -v g="$got" -v w="$wall" 'BEGIN { exit !((g / w - 1) ^ 2 < 1e-18) }'
	# a --save file holds no waits: its replay compares the times
	run tim -w0 -k1 -n3 -m4 --verdict -s r.tsv "$SPIN" "$SPIN; :"
	[ "$status" -eq 0 ]
	run --separate-stderr tim -v -w0 -k1 -n3 -m4 --verdict -r r.tsv --json=r.json "$SPIN" "$SPIN; :"
	[ "$status" -eq 0 ]
	[[ "$stderr" != *"tim: wait "* ]]
	grep -q '"less_cpu_waits": false' r.json
	grep -q '"cpu_waits": \[null, null, null' r.json
	# a kernel without waitid's WNOWAIT (before 2.6.9): timed, no waits
	run --separate-stderr "$TESTBIN/qbsecc" ENOSYS waitid_nowait -- "$QB" tim -v -w0 -k1 -n3 -m4 --verdict --json=s.json "$SPIN" "$SPIN; :"
	[ "$status" -eq 0 ]
	[[ "$stderr" != *"tim: wait "* ]]
	grep -q '"less_cpu_waits": false' s.json
	grep -q '"cpu_waits": \[null, null, null' s.json
}

@test "the wait is read only where it is used: two commands, -v or --json; not for one command alone" {
	command -v strace >/dev/null || skip "strace not installed"
	emu_skip "strace sees qemu-user's own system calls beside the guest's"
	strace -qq -e trace=waitid,openat -o one.tr "$QB" tim -N -w0 -k1 -n3 -m2 /bin/true > /dev/null
	strace -qq -e trace=waitid,openat -o two.tr "$QB" tim -N -w0 -k1 -n3 -m2 /bin/true /bin/true > /dev/null
	strace -qq -e trace=waitid,openat -o v.tr "$QB" tim -v -N -w0 -k1 -n3 -m2 /bin/true 2> /dev/null > /dev/null
	run grep -c -e WNOWAIT -e schedstat one.tr
	[ "$output" = 0 ]
	# each timed run (-N measures no overhead): once waited for without
	# reaping, its schedstat then opened
	run grep -c 'WNOWAIT' two.tr
	[ "$output" -eq 12 ]
	run grep -c '/schedstat' two.tr
	[ "$output" -eq 12 ]
	run grep -c 'WNOWAIT' v.tr
	[ "$output" -eq 6 ]
	strace -qq -e trace=waitid,openat -o j.tr "$QB" tim --json=j.json -N -w0 -k1 -n3 -m2 /bin/true > /dev/null
	run grep -c 'WNOWAIT' j.tr
	[ "$output" -eq 6 ]
}

@test "--baseline with --verdict: the gate: 0 no slower, 7 slower, 10 differs upwards, 9 undecided" {
	batches a 1 1.01 0.99 1 > base.tsv
	tim $B -m4 -r base.tsv --json base.json a > /dev/null
	batches a 1 1.005 0.995 1 > same.tsv
	run tim $B -m4 -r same.tsv --verdict --baseline base.json a
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "# baseline base.json" ]
	[ "${lines[2]}" = "1 [0.9879, 1.012] 95%${TAB}a${TAB}vs baseline: no difference" ]
	batches a 1.1 1.11 1.09 1.1 > slow.tsv
	run tim $B -m4 -r slow.tsv --verdict --baseline base.json a
	[ "$status" -eq 7 ]
	[ "${lines[2]}" = "1.1 [1.085, 1.115] 95%${TAB}a${TAB}vs baseline: slower" ]
	run tim $B -m4 -r slow.tsv --verdict --threshold=20% --baseline base.json a
	[ "$status" -eq 0 ]
	# past 1 and into 1 + T: slower by a size not settled, 10; the
	# same below 1 passes (no slower can it be)
	run tim $B -m4 -r slow.tsv --verdict --threshold=10% --baseline base.json a
	[ "$status" -eq 10 ]
	[ "${lines[2]}" = "1.1 [1.085, 1.115] 95%${TAB}a${TAB}vs baseline: differs (size unsettled)" ]
	batches a 0.9 0.91 0.89 0.9 > fast.tsv
	run tim $B -m4 -r fast.tsv --verdict --threshold=10% --baseline base.json a
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "0.9 [0.8866, 0.9136] 95%${TAB}a${TAB}vs baseline: differs (size unsettled)" ]
	batches a 1 1.3 0.8 1.1 > wide.tsv
	run tim $B -m4 -r wide.tsv --verdict --baseline base.json a
	[ "$status" -eq 9 ]
	[ "${lines[2]}" = "1.034 [0.7494, 1.427] 95%${TAB}a${TAB}vs baseline: undecided" ]
	run tim $B -m4 -r wide.tsv --verdict --confidence=50% --threshold=40% --baseline base.json a
	[ "$status" -eq 0 ]
	# a --save file as the baseline: the same verdict as its export
	run tim $B -m4 -r slow.tsv --verdict --baseline base.tsv a
	[ "$status" -eq 7 ]
	[ "${lines[2]}" = "1.1 [1.085, 1.115] 95%${TAB}a${TAB}vs baseline: slower" ]
}

@test "--baseline with --verdict: a baseline of too few batches is named, with how to record one that decides" {
	N="1 1.03 0.97 1.02 0.98 1.01 0.99 1.04 0.96 1 1.02 0.98 1.03 0.97 1.01 0.99 1 1.02 0.98 1"
	batches a $N > b.tsv
	tim $B -m4 -r b.tsv --json b4.json a > /dev/null         # the default -m4
	tim $B -m20 -r b.tsv --json b20.json a > /dev/null       # as --verdict records
	batches a $(echo $N | tr ' ' '\n' | tac) > now.tsv
	run --separate-stderr tim $B -m20 -r now.tsv --verdict --baseline b4.json a
	[ "$status" -eq 9 ]
	[ "${lines[2]}" = "0.995 [0.9563, 1.035] 95%${TAB}a${TAB}vs baseline: undecided" ]
	[ "$stderr" = "tim: a: vs baseline: undecided after 4 batches: --baseline too small: record it with --verdict --json" ]
	run --separate-stderr tim $B -m20 -r now.tsv --verdict --baseline b20.json a
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "1 [0.9857, 1.014] 95%${TAB}a${TAB}vs baseline: no difference" ]
	[ -z "$stderr" ]
}

@test "--import: earlier exports' runs join the rows of their label; the same estimate as one run of all" {
	batches "" .1 .1 .1 .1 .1 .1 .1 .1 .1 .1 .1 .1 > all.tsv
	batches a 1 1.1 0.9 1 1.2 1 1.05 1 1 0.97 1 1.02 >> all.tsv
	batches b 2 2.1 1.8 2 2.2 2 2.1 2 2 1.9 2 2.1 >> all.tsv
	for p in 1 2 3; do      # a third of every row's batches each
		awk -F'\t' -v p=$p '{ n[$2]++ } int((n[$2] - 1) / 12) == p - 1' all.tsv > p$p.tsv
	done
	O="-w0 -k1 -n3 -o3"
	tim $O -m4 -r p1.tsv --json p1.json a b:b > /dev/null
	tim $O -m4 -r p2.tsv --json p2.json a b:b > /dev/null
	run tim $O -m12 -r all.tsv --verdict a b:b
	[ "$status" -eq 0 ]
	want=$output
	run --separate-stderr tim $O -m4 -r p3.tsv --import p1.json --import p2.json --verdict a b:b
	[ "$status" -eq 0 ]
	[ "$(grep -v '^# import' <<< "$output")" = "$want" ]
	[ "${lines[3]}" = "# import (AlreadySubtracted)Overhead: 12 here, 12 from p1.json, 12 from p2.json" ]
	[ "${lines[4]}" = "# import a: 12 here, 12 from p1.json, 12 from p2.json" ]
	[ "${lines[5]}" = "# import b: 12 here, 12 from p1.json, 12 from p2.json" ]
	# a label the export lacks: this run's alone
	run tim $O -m4 -r p3.tsv --import p1.json a c:b
	[ "${lines[5]}" = "# import c: 12 here" ]
	bad "tim: --import p1.json: \"a\": 3 runs a batch, not 5 as here: give -n3" -o0 -n5 --import p1.json a
	bad "tim: nope.json: No such file or directory" --import nope.json 'touch ran'
	echo '{"results": [' > b.json
	bad "tim: b.json: *" --import b.json 'touch ran'
}

@test "--baseline: unreadable or bad files stop tim before it runs" {
	bad "tim: nope.json: No such file or directory" --baseline nope.json \
	    'touch ran'
	echo '{"results": [{"command": "x"}]}' > b.json
	bad "tim: b.json: a result lacks command, estimate, error or unit" \
	    --baseline b.json 'touch ran'
	echo '{"results": [' > b.json
	bad "tim: b.json: *" --baseline b.json 'touch ran'
}

@test "--progress: a status line on stderr only when asked or on a tty" {
	run --separate-stderr tim --progress=always -w0 -k1 -n3 -m2 -o0 true
	[ "$status" -eq 0 ]
	[[ "$output" == *" ms${TAB}true" ]]
	[[ "$stderr" == *$'\r\e[Ktim: 1/1 true  batch '* ]]
	[[ "$stderr" == *$'\r\e[K' ]]     # erased at the end
	run --separate-stderr tim -w0 -k1 -n3 -m2 -o0 true   # auto, no tty
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	run --separate-stderr tim --progress=never -w0 -k1 -n3 -m2 -o0 true
	[ -z "$stderr" ]
	# messages and -v lines start on a line of their own
	run --separate-stderr tim --progress=always -w0 -k1 -n3 -m2 -o0 true \
	    false
	[ "$status" -eq 3 ]
	[[ "$stderr" == *$'\r\e[Ktim: "false" failed (exit status 1)' ]]
	run --separate-stderr tim -v --progress=always -w0 -k1 -n3 -m2 -o0 true
	[[ "$stderr" == *$'\r\e[Ktim: cpu     true\t'* ]]
}

@test "--progress with --precision: rounds shown, the estimate so far" {
	# a 1 s budget of 0.1 s rounds: lines 0.2 s apart show some rounds
	run --separate-stderr tim --progress=always --precision=0.000000001% \
	    --budget=1s -w0 -k1 -n3 -m2 -o0 'sleep 0.05'
	[ "$status" -eq 6 ]
	[[ "$stderr" == *"tim: 1/1 sleep 0.05  round "*" +- "*" ms"* ]]
}

@test "--help lists the new options" {
	run tim --help
	for o in version no-shell precision budget interleave json csv \
	    markdown parameter-scan step parameter-list baseline tolerance \
	    progress verdict threshold confidence decide import; do
		[[ "$output" == *"--$o"* ]] || { echo "no --$o"; false; }
	done
}

# the error of the estimate itself (docs/tim.md, "Which error"), checked
# against a plain re-implementation of the documented formula on a saved
# file of 3 rows x 12 batches, k = 0, 1 and 2 (groups of 1, 1 and 2 batches)
@test "--error=estimate: the documented formula; JSON carries both kinds" {
	awk 'BEGIN { srand(11); for (r = 0; r < 3; r++) for (i = 0; i < 1 + 12 * 6; i++)
	    printf "%.9f\t%s\n", 0.001 * (r + 1) + 0.0002 * (-log(rand() + 1e-9)) ^ (r + 1),
	    (r ? "c" r : "") }' > e.tsv
	for k in 0 1 2; do
		n=6
		run --separate-stderr tim -w1 -k$k -n$n -m12 -o6 -uus -r e.tsv \
		    -e estimate --json r.json c1 c2
		[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
		K=$k N=$n python3 - <<-'EOF'
		import json, math, os
		k, n, m = int(os.environ["K"]), int(os.environ["N"]), 12
		d = json.load(open("r.json"))["results"]
		def aik(k): return [math.log((k+i+1)/(k+i))/math.log(2.0) for i in range(k)]
		def ele(x, K):
		    a, r = aik(K), x[0]
		    for i in range(1, K): r -= a[i] * (x[K+i-1] - x[K-1])
		    return r
		def err(t):
		    j = 4 * k if k else 2
		    g = -(-j // n); G = m // g; sz = g * n
		    T = [ele(sorted(t[i*sz:(i+1)*sz]), 2*k) for i in range(G)]
		    S = [sorted(t[i*sz:(i+1)*sz])[j-1] - sorted(t[i*sz:(i+1)*sz])[0] for i in range(G)]
		    # groups far above the median (slowed) are left out
		    def med(v):
		        v = sorted(v); h = len(v) // 2
		        return v[h] if len(v) % 2 else (v[h-1] + v[h]) / 2
		    md = med(T); cut = md + 12 * 1.4826 * med([abs(v - md) for v in T])
		    keep = [i for i in range(G) if not T[i] > cut or cut == md]
		    # the batches of the groups kept: their own estimates' mean's
		    # standard error (the drift term)
		    B = [ele(sorted(t[b*n:(b+1)*n]), k) for i in keep for b in range(i*g, (i+1)*g)]
		    mb = sum(B) / len(B)
		    drift = sum((v - mb) ** 2 for v in B) / (len(B) - 1) / len(B)
		    T = [T[i] for i in keep]; S = [S[i] for i in keep]; G = len(keep)
		    mu = sum(T) / G
		    sd = math.sqrt(sum((v - mu) ** 2 for v in T) / (G - 1))
		    a = sorted(t)
		    return math.sqrt((sd * (a[j-1] - a[0]) / (sum(S) / G)) ** 2 + drift)
		oh = d[0]
		assert oh["error_kind"] == "estimate"
		e = err(oh["times"])   # all in seconds
		assert abs(oh["estimate_error"] - e) <= 1e-9 * e, (oh["estimate_error"], e)
		for r in d[1:]:   # the overhead's error adds in quadrature
		    want = math.hypot(err(r["times"]), oh["estimate_error"])
		    assert abs(r["error"] - want) <= 1e-9 * want, (r["error"], want)
		    assert r["batch_error"] > r["error"], r
		EOF
	done
	# one batch slowed three times: its group is left out, so the error is
	# that of the other eleven, and the estimate does not move
	awk 'BEGIN { srand(5); for (i = 0; i < 1 + 12 * 6; i++)
	    printf "%.9f\tc1\n", (0.001 + 0.0002 * -log(rand() + 1e-9)) * (i > 30 && i <= 36 ? 3 : 1) }' > s.tsv
	awk '{ print $1 "\tc1" }' s.tsv | sed '32,37s/^/x/; /^x/d' > s11.tsv
	run --separate-stderr tim -w1 -k1 -n6 -m12 -o0 -uus -r s.tsv -e estimate --json s.json c1
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	run --separate-stderr tim -w1 -k1 -n6 -m11 -o0 -uus -r s11.tsv -e estimate --json s11.json c1
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	python3 -c 'import json
a = json.load(open("s.json"))["results"][-1]; b = json.load(open("s11.json"))["results"][-1]
t = a["times"]; assert len(t) == 72 and len(b["times"]) == 66
assert abs(a["estimate"] - b["estimate"]) <= 1e-9 * b["estimate"], (a["estimate"], b["estimate"])
# the spread of the eleven, scaled by the all-run span (which the slowed
# batch does not reach): the same error to rounding
assert abs(a["estimate_error"] - b["estimate_error"]) <= 1e-6 * b["estimate_error"], (a, b)'
	# the default: the batch error, and the other kind beside it
	run tim -w1 -k1 -n6 -m12 -o6 -uus -r e.tsv --json b.json c1
	python3 -c 'import json; r = json.load(open("b.json"))["results"][1]
assert r["error_kind"] == "batch" and r["error"] == r["batch_error"]
assert r["estimate_error"] < r["batch_error"]'
	# the printed row uses it too
	a=$(tim -w1 -k1 -n6 -m12 -o6 -uus -r e.tsv c1 | tail -1)
	b=$(tim -w1 -k1 -n6 -m12 -o6 -uus -r e.tsv --error=estimate c1 | tail -1)
	[ "$a" != "$b" ]
	[ "${a%% +- *}" != "$a" ] && [ "${b%% +- *}" != "$b" ]
}

# below about 100 runs a group --error=estimate reads low (docs/tim.md,
# "Which error"): tim says so once, for the row with the fewest runs a
# batch, and the numbers and the status stay those without the warning
@test "--error=estimate with few runs a batch: one warning line, numbers unchanged" {
	awk 'BEGIN { srand(3); for (r = 0; r < 3; r++) for (i = 0; i < 1 + 8 * 120; i++)
	    printf "%.9f\t%s\n", 0.001 * (r + 1) + 0.0002 * -log(rand() + 1e-9), (r ? "c" r : "") }' > w.tsv
	run --separate-stderr tim -w1 -k1 -n20 -m8 -o100 -uus -r w.tsv -e estimate c1 c2
	[ "$status" -eq 0 ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[ "$stderr" = "tim: c1: --error=estimate reads low with 20 runs a batch (it holds from about 100): raise -n, or use the batch error" ]
	want=$output
	# the same rows, kept in --json (the warning is not data)
	run --separate-stderr tim -w1 -k1 -n20 -m8 -o100 -uus -r w.tsv -e estimate --json w.json c1 c2
	[ "$output" = "$want" ]
	[ -s w.json ]
	# from 100 runs a batch, and with the batch error, nothing is said
	for a in "-n100 -e estimate" "-n20" "-n20 -e batch"; do
		run --separate-stderr tim -w1 -k1 $a -m8 -o100 -uus -r w.tsv c1 c2
		[ "$status" -eq 0 ] && [ -z "$stderr" ] || { echo "$a: $stderr"; return 1; }
	done
	# a group of batches counts whole: -k25 raises -n to 51, and a group
	# (100 order statistics) takes two batches, 102 runs
	run --separate-stderr tim -w1 -k25 -n3 -m8 -o0 -uus -r w.tsv -e estimate c1
	[ "$status" -eq 0 ] && [ -z "$stderr" ] || { echo "$stderr"; return 1; }
}

@test "--error: bad values run nothing; one group only gives nan" {
	bad "tim: bad --error 'est' (batch, estimate)" --error=est 'touch ran'
	bad "tim: bad --error '' (batch, estimate)" -e '' 'touch ran'
	ex_tsv > ex.tsv
	run --separate-stderr tim -w1 -k2 -n5 -m2 -o5 -ums -r ex.tsv -e estimate 'sleep 0.01'
	[ "$status" -eq 0 ]
	echo "$output"
	[[ "${lines[1]}" == *"nan"* ]]
}
