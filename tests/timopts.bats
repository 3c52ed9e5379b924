#!/usr/bin/env bats
# timopts.bats: tim's run options of docs/tim.md, "Each option in
# brief": --affinity, --quiet-warnings, --progress's times,
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

@test "--quiet-warnings: the advisory warning goes, errors stay" {
	run --separate-stderr tim -N -w0 -n20 -m8 -e estimate /bin/true
	[ "$status" -eq 0 ]
	[[ "$stderr" == "tim: /bin/true: --error=estimate reads low"* ]]
	run --separate-stderr tim --quiet-warnings -N -w0 -n20 -m8 -e estimate /bin/true
	[ "$status" -eq 0 ]
	[[ "$output" == *" ms${TAB}/bin/true" ]]
	[ -z "$stderr" ]
	run --separate-stderr tim --quiet-warnings -w0 -n3 -m2 -o0 false
	[ "$status" -eq 3 ]
	[ "$stderr" = 'tim: "false" failed (exit status 1)' ]
	run --separate-stderr tim --quiet-warnings --affinity=x true
	[ "$status" -eq 1 ]
	[ -n "$stderr" ]
}

@test "--progress: the elapsed time, and with --budget the time left" {
	run --separate-stderr tim --progress=always -w0 -n3 -m2 -o0 true
	[ "$status" -eq 0 ]
	re=$'\r\e\\[Ktim: 1/1 true  batch 1/2    [0-9]+\\.[0-9] s\r'
	[[ "$stderr" =~ $re ]]
	[[ "$stderr" != *" left)"* ]]
	run --separate-stderr tim --progress=always --precision=0.000000001% \
	    --budget=1s -w0 -n3 -m2 -o0 'sleep 0.05'
	# (once in some hundred runs of make test it was not 6: say what)
	echo "status $status; stdout: $output; stderr: ${stderr//$'\r'/ | }"
	[ "$status" -eq 6 ]
	[[ "$stderr" =~ "  round "[0-9]+"  "[^$'\r']*" ms  "[0-9]+\.[0-9]" s ("[0-9]+\.[0-9]" s left)" ]]
}

# a server stand-in: ready after 0.2 s, then up for 100 s
server() { printf '#!/bin/sh\nsleep 0.2\necho %s\nsleep 100\n' "${1:-Ready}" > srv; chmod +x srv; }

@test "--ready: a run ends at the line (about 0.2 s); its process group is stopped, nothing left" {
	server
	# in a PID namespace of its own, every process left would be listed;
	# ps writes a file, not a pipe: a grep still in its exec would be
	# listed as "[grep]"
	run --separate-stderr in_ns "'$QB' tim --ready='^Ready\$' -w0 -n3 -m2 \
	    --output=null ./srv; echo rc=\$?; /usr/bin/ps -e -o pid=,stat=,args= > ps.out
	    echo left: \$(grep -Ev '^ *[0-9]+ [^ ]+ +(bash|/usr/bin/ps) ' ps.out)"
	echo "$output"
	[ "${lines[2]}" = "rc=0" ]
	[ "${lines[3]}" = "left:" ]
	[[ "${lines[1]}" == *" ms${TAB}./srv" ]]
	ms=${lines[1]%% *}
	awk -v v="$ms" 'BEGIN { exit !(v > 100 && v < 5000) }'
	[ -z "$stderr" ]
}

@test "--ready: the line on stderr, under -N; the command's output passed on; the overhead's not" {
	server Ready
	run --separate-stderr tim -N --ready=Rea -w0 -n3 -m2 -o3 'sh -c "./srv >&2"'
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 2 ]
	[[ "${lines[0]}" == *" ms${TAB}(AlreadySubtracted)Overhead" ]]
	[ "$(grep -c '^Ready$' <<< "$stderr")" -eq 6 ]
}

@test "--ready: a command that exits without the line fails (exit 3); a bad REGEX is exit 1" {
	run --separate-stderr tim --ready=Ready -w0 -n3 -m2 -o0 'echo Read; exit 0'
	[ "$status" -eq 3 ]
	[ "$stderr" = 'tim: "echo Read; exit 0" failed (no --ready line, exit status 0)' ]
	[ "$output" = Read ]
	run --separate-stderr tim --ready=Ready -w0 -n3 -m2 -o0 'exit 4'
	[ "$status" -eq 3 ]
	[ "$stderr" = 'tim: "exit 4" failed (no --ready line, exit status 4)' ]
	run --separate-stderr tim --ready='a(' 'touch ran'
	[ "$status" -eq 1 ]
	[ "$stderr" = "tim: bad --ready 'a(': Unmatched ( or \\(" ]
	[ ! -e ran ]
}

@test "--counters: rusage's faults and switches, perf's software events per row; the events not counted named once" {
	run --separate-stderr tim --counters -N -w0 -n3 -m2 /bin/true
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	for c in minor-faults major-faults voluntary-switches involuntary-switches \
	    'ms task-clock' context-switches page-faults; do
		[[ "$output" =~ (^|$'\n')[0-9.]+\ \+-\ [0-9.]+\ $c$TAB/bin/true($'\n'|$) ]]
	done
	[ "$(grep -c "$TAB/bin/true\$" <<< "$output")" -ge 8 ]
	# every hardware event is counted or named as not counted, once
	for c in instructions cycles cache-misses branch-misses; do
		[ "$(grep -c -e " $c$TAB/bin/true\$" -e "^# not counted: .*$c" <<< "$output")" -eq 1 ]
	done
	[ "$(grep -c '^# not counted' <<< "$output")" -le 1 ]
	if [ ! -e /sys/bus/event_source/devices/cpu ]; then   # no PMU, as here
		[ "${lines[0]}" = "# not counted: instructions, cycles, cache-misses, branch-misses (no such event here)" ]
	fi
}

@test "--counters: perf_event_open refused (seccomp): each event named with the reason, rusage's still counted" {
	run --separate-stderr "$TESTBIN/qbsecc" EPERM perf_event_open -- "$QB" tim --counters -N -w0 -n3 -m2 /bin/true
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "# not counted: task-clock, context-switches, page-faults, instructions, cycles, cache-misses, branch-misses (Operation not permitted)" ]
	[[ "$output" == *" minor-faults$TAB/bin/true"* ]]
	[[ "$output" == *" involuntary-switches$TAB/bin/true"* ]]
	[[ "$output" != *" page-faults$TAB"* ]]
	run --separate-stderr "$TESTBIN/qbsecc" ENOSYS perf_event_open -- "$QB" tim --counters -N -w0 -n3 -m2 /bin/true
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "# not counted: task-clock, context-switches, page-faults, instructions, cycles, cache-misses, branch-misses (Function not implemented)" ]
}

@test "--counters: a kernel before 3.14 (PERF_FLAG_FD_CLOEXEC refused with EINVAL): the events opened without the flag" {
	# the filter refuses the flag: a call with it fails EINVAL
	run "$TESTBIN/qbsecc" EINVAL perf_event_open_cloexec -- python3 -c '
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
attr = (ctypes.c_uint32 * 16)(1, 64)   # software, size 64, task-clock (0)
nr = {"x86_64": 298, "aarch64": 241}.get(os.uname().machine)
if nr is None: print("skip"); raise SystemExit
r1 = libc.syscall(nr, attr, 0, -1, -1, ctypes.c_ulong(8)); e1 = ctypes.get_errno()
r2 = libc.syscall(nr, attr, 0, -1, -1, ctypes.c_ulong(0))
print(r1, e1, r2 >= 0)'
	[ "$status" -eq 0 ]
	[ "$output" = skip ] || [ "$output" = "-1 22 True" ]
	run --separate-stderr "$TESTBIN/qbsecc" EINVAL perf_event_open_cloexec -- "$QB" tim --counters -N -w0 -n3 -m2 /bin/true
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[[ "$output" != *"Invalid argument"* ]]
	for c in 'ms task-clock' context-switches page-faults; do
		[[ "$output" =~ (^|$'\n')[0-9.]+\ \+-\ [0-9.]+\ $c$TAB/bin/true($'\n'|$) ]]
	done
}

@test "--counters: the not-counted line comes before the commands' output" {
	# the note is flushed before the first run writes (same stdout)
	run --separate-stderr "$TESTBIN/qbsecc" EPERM perf_event_open -- "$QB" tim --counters -w0 -n3 -m2 -o0 'echo hi'
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "# not counted: "* ]]
	[ "${lines[1]}" = hi ]
}

@test "--counters --json: every run's counts, the estimates; without --counters none" {
	run tim --counters -N -w0 -n3 -m2 --json=c.json /bin/true
	[ "$status" -eq 0 ]
	run python3 -c 'import json, sys
r = json.load(open("c.json"))["results"][0]
c = r["counters"]
assert len(r["times"]) == 6, r
for k in ("minor-faults", "voluntary-switches", "page-faults", "task-clock"):
    assert len(c[k]["runs"]) == 6 and all(isinstance(x, int) and x >= 0 for x in c[k]["runs"]), k
    assert c[k]["estimate"] >= 0 and c[k]["error"] >= 0, k
print("ok")'
	[ "$output" = ok ]
	run tim -N -w0 -n3 -m2 --json=n.json /bin/true
	[ "$status" -eq 0 ]
	run ! grep -q counters n.json
}

@test "--plot: valid XML, one dot per run of every row, the axis in the unit, the verdict in the title" {
	awk 'BEGIN { srand(5); for (i = 0; i < 12; i++) {
	    printf "%.9g\t\n", 3e-4 + rand() * 1e-4
	    printf "%.9g\ta\n", 1e-2 + rand() * 1e-3
	    printf "%.9g\tb & <c>\n", 2e-2 + rand() * 1e-3 } }' > p.tsv
	run --separate-stderr tim -r p.tsv -w0 -n4 -m3 -o4 --verdict --plot=p.svg a 'b & <c>'
	[ "$status" -eq 0 ]
	run python3 -c 'import xml.etree.ElementTree as E
r = E.parse("p.svg").getroot()
ns = "{http://www.w3.org/2000/svg}"
print(r.tag == ns + "svg", len(r.findall(ns + "circle")))
t = [x.text for x in r.findall(ns + "text")]
print(t[0])
print(sum(x.startswith("time (ms)") for x in t), "b & <c>" in t)'
	[ "${lines[0]}" = "True 36" ]
	[[ "${lines[1]}" == "b & <c> vs a: 2.0"*", slower" ]]
	[ "${lines[2]}" = "1 True" ]
	# live runs, -us: every run a dot; a path that cannot be made: exit 1, nothing run
	run tim -N -w0 -n3 -m3 -us --plot=q.svg /bin/true
	[ "$status" -eq 0 ]
	run python3 -c 'import xml.etree.ElementTree as E
r = E.parse("q.svg").getroot()
print(len(r.findall("{http://www.w3.org/2000/svg}circle")))'
	[ "$output" = 9 ]
	run --separate-stderr tim --plot=no/such/p.svg 'touch ran'
	[ "$status" -eq 1 ]
	[ ! -e ran ]
	# times past a double in the unit: an axis without ticks, no endless
	# tick loop (nor, under UBSan, a NaN cast)
	awk 'BEGIN { for (i = 0; i < 12; i++) printf "1e-4\t\n1e306\ta\n" }' > big.tsv
	run /usr/bin/timeout 20 "$QB" tim -r big.tsv -w0 -n4 -m3 -o4 --plot=big.svg a
	[ "$status" -eq 0 ]
	run python3 -c 'import xml.etree.ElementTree as E
print(len(E.parse("big.svg").getroot().findall("{http://www.w3.org/2000/svg}circle")))'
	[ "$output" = 24 ]   # the overhead row's 12 too
}

@test "--ready: a member left when the output ends is stopped; a command and what it started die with tim" {
	run --separate-stderr in_ns "'$QB' tim --ready=Ready -w0 -n3 -m2 -o0 \
	    'sleep 100 >/dev/null 2>&1 & echo no'; echo rc=\$?
	    /usr/bin/pgrep -c -x sleep"
	[ "${lines[0]}" = no ]
	[ "${lines[1]}" = rc=3 ]
	[ "${lines[2]}" = 0 ]
	# TERM to tim while the command runs: the command dies with it
	run --separate-stderr in_ns "'$QB' tim --ready=Ready -w0 -n3 -m2 -N 'sleep 100' & t=\$!
	    for i in \$(seq 200); do /usr/bin/pgrep -x sleep >/dev/null && break; sleep 0.05; done
	    /usr/bin/pgrep -c -x sleep; kill -TERM \$t; wait \$t; echo rc=\$?
	    for i in \$(seq 200); do /usr/bin/pgrep -x sleep >/dev/null || break; sleep 0.05; done
	    /usr/bin/pgrep -c -x sleep"
	[ "${lines[0]}" = 1 ]
	[ "${lines[1]}" = rc=143 ]
	[ "${lines[2]}" = 0 ]
	# a compound command: the shell stays, sleep is its child, which
	# PR_SET_PDEATHSIG does not reach; HUP as TERM (INT is ignored in a
	# background job of a script, and tim keeps that)
	for sig in TERM HUP; do
		run --separate-stderr in_ns "'$QB' tim --ready=Ready -w0 -n3 -m2 -o0 'sleep 100; echo x' & t=\$!
		    for i in \$(seq 200); do /usr/bin/pgrep -x sleep >/dev/null && break; sleep 0.05; done
		    /usr/bin/pgrep -c -x sleep; kill -$sig \$t; wait \$t; echo rc=\$?
		    for i in \$(seq 200); do /usr/bin/pgrep -x sleep >/dev/null || break; sleep 0.05; done
		    /usr/bin/pgrep -c -x sleep"
		echo "$sig: $output"
		[ "${lines[0]}" = 1 ]
		[ "${lines[1]}" = rc=$((128 + $(kill -l $sig))) ]
		[ "${lines[2]}" = 0 ]
	done
}

@test "options after a command are options, as hyperfine parses them: an unknown one is exit 1, never a command" {
	run --separate-stderr tim -w0 -n3 -m2 -o0 'echo hi' --output=null
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 1 ]
	[[ "${lines[0]}" == *" ms${TAB}echo hi" ]]
	run --separate-stderr tim -w0 -n3 -m2 -o0 'touch ran' --bogus
	[ "$status" -eq 1 ]
	[ "$stderr" = "tim: unknown option '--bogus'" ]
	[ ! -e ran ]
	# "--" still ends the options: what follows is a command
	run --separate-stderr tim -w0 -n3 -m2 -o0 -- '-x'
	[ "$status" -eq 3 ]
}

@test "--plot: a name not ending in .svg is refused (it writes SVG); /dev/ names pass" {
	run --separate-stderr tim --plot=x.png 'touch ran'
	[ "$status" -eq 1 ]
	[ "$stderr" = "tim: bad --plot 'x.png' (it writes SVG: name it *.svg)" ]
	[ ! -e ran ]
	[ ! -e x.png ]
	run --separate-stderr tim -w0 -n3 -m2 -o0 --plot=/dev/stdout --plot=X.SVG true
	[ "$status" -eq 0 ]
	[ -s X.SVG ]
}

@test "exports: each run's seconds in the shortest text that reads back (whole ns: at most 9 decimals)" {
	run tim -w0 -n10 -m4 -o0 --json=t.json --csv=t.csv 'sleep 0.001'
	[ "$status" -eq 0 ]
	python3 - <<-'EOF'
	import csv, json
	t = json.load(open("t.json"))["results"][0]["times"]
	c = [r["seconds"] for r in csv.DictReader(open("t.csv"))]
	assert len(t) == 40 and len(c) == 40, (len(t), len(c))
	for s in c + [repr(x) for x in t]:
	    assert "e" in s or len(s.split(".")[1]) <= 9, s
	EOF
}

@test "--ready-timeout: no line in time: the group stopped, exit 11 and a line naming the likely cause" {
	run --separate-stderr in_ns "'$QB' tim --ready=Ready --ready-timeout=300ms -w0 -n3 -m2 -o0 \
	    'echo starting; sleep 100'; echo rc=\$?
	    /usr/bin/pgrep -c -x sleep"
	[ "${lines[0]}" = starting ]
	[ "${lines[1]}" = rc=11 ]
	[ "${lines[2]}" = 0 ]
	[ "$stderr" = "tim: \"echo starting; sleep 100\": no --ready line in --ready-timeout (output buffered? stdbuf -oL, python3 -u)" ]
	# a line in time is no failure; without the option the wait is 60 s
	run tim --ready=Ready --ready-timeout=20s -w0 -n3 -m2 -o0 'echo Ready; sleep 100'
	[ "$status" -eq 0 ]
	run tim --help
	[[ "$output" == *"--ready-timeout=TIME  wait for --ready's line (60s)"* ]]
	run --separate-stderr tim --ready=Ready --ready-timeout=x 'touch ran'
	[ "$status" -eq 1 ]
	[ "$stderr" = "tim: bad --ready-timeout 'x' (a time like 5s or 500ms)" ]
	[ ! -e ran ]
}
