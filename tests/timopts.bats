#!/usr/bin/env bats
# timopts.bats: tim's run options of docs/tim.md, "Placing, counting,
# ready lines, plots": --affinity, --quiet-warnings, --progress's times,
# --ready, --counters, --plot. Small -n/-m; nothing timed is asserted
# beyond loose bounds (bench/timaff.sh measures).
load helpers

TAB=$'\t'
tim() { "$QB" tim "$@"; }
setup() { has_applet tim && cd "$BATS_TEST_TMPDIR" && export -n LC_PM; }

@test "--affinity=0: every run (-N, the shell, its children) sees Cpus_allowed_list 0" {
	run --separate-stderr tim --affinity=0 -N -w1 -n3 -m2 \
	    'grep Cpus_allowed_list /proc/self/status'
	[ "$status" -eq 0 ]
	[ "$(grep -c "^Cpus_allowed_list:${TAB}0\$" <<< "$output")" -eq 7 ]
	[ "$(grep -c '^Cpus_allowed_list' <<< "$output")" -eq 7 ]
	# through sh, a child of the shell (a pipe), the overhead row too
	run --separate-stderr tim --affinity=0 -w0 -n4 -m1 -o4 \
	    'grep Cpus_allowed_list /proc/self/status | cat'
	[ "$status" -eq 0 ]
	[ "$(grep -c "^Cpus_allowed_list:${TAB}0\$" <<< "$output")" -eq 4 ]
	[ "$(grep -c '^Cpus_allowed_list' <<< "$output")" -eq 4 ]
	# tim itself stays where it was
	want=$(grep Cpus_allowed_list /proc/self/status)
	run tim --affinity=0 -w0 -n4 -m1 -o0 -N true
	[ "$status" -eq 0 ]
	[ "$(grep Cpus_allowed_list /proc/self/status)" = "$want" ]
}

@test "--affinity: a bad list or no such CPU: exit 1 naming the value, nothing run" {
	for v in '' x 0, ,0 1-0 0-x 0:1 -1 99999999 '0 1'; do
		run --separate-stderr tim --affinity="$v" -w0 -n4 -m1 'touch ran'
		[ "$status" -eq 1 ]
		[ "$stderr" = "tim: bad --affinity '$v' (a CPU list like 0,2-3)" ]
	done
	run --separate-stderr tim --affinity=65535 -w0 -n4 -m1 'touch ran'
	[ "$status" -eq 1 ]
	[ "$stderr" = "tim: --affinity '65535': no such CPU here" ]
	[ ! -e ran ]
}
