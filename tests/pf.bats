#!/usr/bin/env bats
# pf.bats: pf selection, output and exit statuses, in private PID namespaces
# with qbfix fixtures (known names, states and trees).
load helpers

# the PID of the child of the last `fix -k` (inside in_ns)
kid() { wait_file "$FIXDIR/fixready.$$.$FIXN.child" && cat "$FIXDIR/fixready.$$.$FIXN.child"; }
export -f kid

setup() {
	has_applet pf
	qbbin_setup
	export FIXDIR="$BATS_TEST_TMPDIR"
}

@test "name match: PIDs in order, -d and -O; no match: exit 1, no output" {
	run in_ns 'fix -n alpha; a=$FIXPID; fix -n alpha2; b=$FIXPID
		echo "$a $b"; "$QB" pf alpha; "$QB" pf -d, -O. alpha; echo
		"$QB" pf zzz; echo "st=$?"'
	[ "$status" -eq 0 ]
	set -- ${lines[0]}
	[ "${lines[1]}" = "$1 $2" ]
	[ "${lines[2]}" = "$1,$2." ]
	[ "${lines[3]}" = "st=1" ]
}

@test "patterns are unanchored EREs, any of several; -i ignores case" {
	run in_ns 'fix -n Alpha; a=$FIXPID; fix -n beta; b=$FIXPID; echo $a $b
		"$QB" pf "^Al.h"; "$QB" pf lph eta; "$QB" pf alpha; echo "st=$?"
		"$QB" pf -i ALPHA'
	set -- ${lines[0]}
	[ "${lines[1]}" = "$1" ]
	[ "${lines[2]}" = "$1 $2" ]
	[ "${lines[3]}" = "st=1" ]
	[ "${lines[4]}" = "$1" ]
}

@test "odd names: ')', blanks, tab, newline, regex metacharacters, 15 bytes" {
	run in_ns 'fix -n ":-) 1 2 3 4 5 6"; a=$FIXPID
		fix -n "$(printf "t\tn\nx")"; b=$FIXPID
		fix -n "a.b*c[d]"; c=$FIXPID
		fix -n "abcdefghijklmnopqrstu"; d=$FIXPID; echo $a $b $c $d
		"$QB" pf -- ":-\) 1 2 3"; "$QB" pf "$(printf "t\tn\nx")"
		"$QB" pf "a\.b\*c\[d\]"; "$QB" pf "^abcdefghijklmno$"
		"$QB" pf -P 1 -R S -p "$a" -a count'
	set -- ${lines[0]}
	[ "${lines[1]}" = "$1" ]
	[ "${lines[2]}" = "$2" ]
	[ "${lines[3]}" = "$3" ]
	[ "${lines[4]}" = "$4" ]
	[ "${lines[5]}" = "1" ]
}

@test "-f matches the command line with control bytes as spaces; zombies by comm" {
	run in_ns 'fix -n fullx -z zomb "one  two" "$(printf "a\tb")"; echo $FIXPID
		"$QB" pf -f "one  two a b\$"; "$QB" pf -f "^zomb\$" -a count
		"$QB" pf "one"; echo "st=$?"'
	[ "${lines[1]}" = "${lines[0]}" ]
	[ "${lines[2]}" = "1" ]
	[ "${lines[3]}" = "st=1" ]
}

@test "-R run states: stopped T and zombie Z" {
	run in_ns 'fix -n stopme -S; s=$FIXPID; fix -n parent -z zkid; z=$(pgrep -x zkid)
		echo $s $z; "$QB" pf -R T; "$QB" pf -R Z; "$QB" pf -R TZ stop'
	set -- ${lines[0]}
	[ "${lines[1]}" = "$1" ]
	[ "${lines[2]}" = "$2" ]
	[ "${lines[3]}" = "$1" ]
}

@test "-P -g -S -p -x select and exclude by number" {
	run in_ns 'setsid "$FIX" -n tree -k -r "$FIXDIR/t" & wait_file "$FIXDIR/t" "$FIXDIR/t.child"
		p=$(cat "$FIXDIR/t"); c=$(cat "$FIXDIR/t.child"); echo $p $c
		"$QB" pf -P $p; "$QB" pf -g $p; "$QB" pf -S $p -P $p; "$QB" pf -S 1 tree; echo st=$?
		"$QB" pf -p "$c 999999 $p" tree; "$QB" pf -x $p tree; "$QB" pf -g 1 -g $p -P 1 tree'
	set -- ${lines[0]}
	[ "${lines[1]}" = "$2" ]
	[ "${lines[2]}" = "$1 $2" ]
	[ "${lines[3]}" = "$2" ]
	[ "${lines[4]}" = "st=1" ]
	[ "${lines[5]}" = "$2 $1" ]
	[ "${lines[6]}" = "$2" ]
	[ "${lines[7]}" = "$1" ]
}

@test "-x PPID excludes our parent and our own process group" {
	export HELP="$BATS_TEST_DIRNAME/helpers.bash"
	cat > "$FIXDIR/inner" <<-'EOF'
		source "$HELP"
		"$FIX" -n grpmate -r "$FIXDIR/gm" & wait_file "$FIXDIR/gm"
		exec -a xppidsh bash -c '"$QB" pf -x PPID -f "xppi[d]sh|othe[r]|grpmat[e]"
			"$QB" pf -f "xppi[d]sh|grpmat[e]" -a count; true'
	EOF
	run in_ns 'fix -n oth"er"x; o=$FIXPID; setsid bash "$FIXDIR/inner" & wait $!; echo $o'
	[ "${lines[0]}" = "${lines[2]}" ]
	[ "${lines[1]}" = "2" ]
}

@test "-u -U -G: owner, real uid, group; unknown names exit 2" {
	run in_ns 'fix -n rootp; r=$FIXPID
		d=$(mktemp -d); chmod 777 "$d"
		setpriv --reuid=65534 --regid=65534 --clear-groups "$FIX" -n nobodyp -r "$d/nb" &
		wait_file "$d/nb"; n=$(cat "$d/nb"); rm -r "$d"; echo $r $n
		"$QB" pf -u nobody p$; "$QB" pf -U 0 p$; "$QB" pf -G nogroup; "$QB" pf -u 0 -u 65534 p$'
	set -- ${lines[0]}
	[ "${lines[1]}" = "$2" ]
	[ "${lines[2]}" = "$1" ]
	[ "${lines[3]}" = "$2" ]
	[ "${lines[4]}" = "$1 $2" ]
}

@test "-t: '?' is no tty; unknown tty exit 2" {
	run in_ns 'fix -n notty; echo $FIXPID; "$QB" pf -t "?" notty; "$QB" pf -t pts/77 notty; echo st=$?'
	[ "${lines[1]}" = "${lines[0]}" ]
	[ "${lines[2]}" = "st=1" ]
	run --separate-stderr "$QB" pf -t nosuchtty
	[ "$status" -eq 2 ] && [ "$output" = "" ]
	[ "$stderr" = "pf: unknown tty 'nosuchtty'" ]
}

@test "--ns and -r: same namespaces / root as PID; --nsList narrows" {
	run in_ns 'fix -n nshost; h=$FIXPID
		unshare --uts "$FIX" -n nsguest -r "$FIXDIR/g" & wait_file "$FIXDIR/g"; g=$(cat "$FIXDIR/g")
		echo $h $g; "$QB" pf --ns $h nsh nsg; "$QB" pf --ns $g ns; "$QB" pf --ns $g --nsList pid,mnt ns
		"$QB" pf -r $h ns; "$QB" pf --ns 999999 ns; echo st=$?'
	set -- ${lines[0]}
	[ "${lines[1]}" = "$1" ]
	[ "${lines[2]}" = "$2" ]
	[ "${lines[3]}" = "$1 $2" ]
	[ "${lines[4]}" = "$1 $2" ]
	[ "${lines[5]}" = "pf: no such process: 999999" ]
	[ "${lines[6]}" = "st=1" ]
}

@test "-1 first; -n/-o newest/oldest by start time, ties by PID" {
	run in_ns 'for i in 1 2 3 4; do fix -n same; done
		"$QB" pf -1 same; "$QB" pf -n same; "$QB" pf -o same
		for p in $("$QB" pf same); do awk "{print \$22, \$1}" /proc/$p/stat; done | sort -n -k1,1 -k2,2 | sed -n "1s/.* //p;\$s/.* //p"'
	set -- $(echo "${lines[@]}")
	[ "$1" -lt "$2" ] || [ "$1" -lt "$3" ] # first is the lowest PID
	[ "$2" = "$5" ] # newest = max (start, pid)
	[ "$3" = "$4" ] # oldest = min (start, pid)
}

@test "-A age in jiffies: older than huge selects none, younger than huge all" {
	run in_ns 'fix -n aged; echo $FIXPID; "$QB" pf -A 100000000 aged; echo st=$?; "$QB" pf -A -100000000 aged'
	[ "${lines[1]}" = "st=1" ]
	[ "${lines[2]}" = "${lines[0]}" ]
}

@test "-v inverts the whole conjunction, patterns included" {
	run in_ns 'fix -n keep -k; p=$FIXPID; fix -n other; o=$FIXPID; echo $p $o
		"$QB" pf -v -P 1 -x 1; "$QB" pf -v "keep|bash" -x 1 ; "$QB" pf -v -P 1 keep -x 1'
	set -- ${lines[0]}
	c=$(echo "${lines[1]}")
	[[ " ${lines[2]} " == *" $2 "* ]] && [[ " ${lines[2]} " != *" $1 "* ]]
	[[ " ${lines[3]} " != *" $1 "* ]] && [[ " ${lines[3]} " == *" $2 "* ]]
	[ -n "$c" ]
}

@test "labels: LABEL_k:PID per pattern, LABEL:None for a miss" {
	run in_ns 'fix -n aa; a=$FIXPID; fix -n aa; b=$FIXPID; fix -n bb; c=$FIXPID
		echo $a $b $c; "$QB" pf -L A -L B -L C aa bb zz; "$QB" pf -L X -L Y -d, bb aa'
	set -- ${lines[0]}
	[ "${lines[1]}" = "A_0:$1 A_1:$2 B_0:$3 C:None" ]
	[ "${lines[2]}" = "Y_0:$1,Y_1:$2,X_0:$3" ]
}

@test "-e exits 0 at the first match, silent; 1 without" {
	run in_ns 'fix -n ex; "$QB" pf -e ex; echo st=$?; "$QB" pf -e -a kill nope; echo st=$?; "$QB" pf -e -s KILL ex; echo alive; kill -0 $FIXPID && echo yes'
	[ "$output" = "$(printf 'st=0\nst=1\nalive\nyes')" ]
}

@test "count: the number then -O; 0 and exit 1 on no match" {
	run in_ns 'fix -n cc; fix -n cc; "$QB" pf -a count cc; "$QB" pf -a count -O . zz; echo " st=$?"
		"$QB" pf -a count -a echo -d, cc | tr -c "0-9\n" X'
	[ "${lines[0]}" = "2" ]
	[ "${lines[1]}" = "0. st=1" ]
	[[ "${lines[2]}" =~ ^[0-9]+X[0-9]+$ ]]
	[ "${lines[3]}" = "2" ]
}

@test "path and aid on a known tree" {
	run in_ns 'fix -n top -k; p=$FIXPID; c=$(kid); echo $p $c
		"$QB" pf -a path -P $p; "$QB" pf -a aid -P $p; "$QB" pf -a path -a aid -d ";" top; "$QB" pf -a aid -p 1; true'
	set -- ${lines[0]}
	[ "${lines[1]}" = "$2 $1" ]
	[ "${lines[2]}" = "$1" ]
	[ "${lines[3]}" = "$1;$1" ]
	[ "${lines[4]}" = "$1" ]
	[ "${lines[5]}" = "$2;$1" ]
	[ "${lines[6]}" = "1" ]
}

@test "nice adds to the nice value, clamped at 19" {
	run in_ns 'fix -n nn; "$QB" pf -N 5 nn; awk "{print \$19}" /proc/$FIXPID/stat
		"$QB" pf -a count -N 30 nn; awk "{print \$19}" /proc/$FIXPID/stat'
	[ "${lines[0]}" -gt 1 ]
	[ "${lines[1]}" = "5" ]
	[ "${lines[2]}" = "1" ]
	[ "${lines[3]}" = "19" ]
}

@test "a process exiting during the scan is skipped silently" {
	run --separate-stderr in_ns 'for i in $(seq 40); do (exit 0) & done
		for i in $(seq 20); do "$QB" pf -f -a count "." >/dev/null || echo bad; done
		"$QB" pf -p "999998 999999" -a count; echo st=$?'
	[ "$stderr" = "" ]
	[ "${lines[-2]}" = "0" ] && [ "${lines[-1]}" = "st=1" ]
	[[ "$output" != *bad* ]]
}

@test "pf never selects itself" {
	run in_ns '"$QB" pf -f "quickbo[x] pf"; echo st=$?; "$QB" pf -f -a count "quickbo[x] pf|bas[h]"; true'
	[ "$output" = "$(printf 'st=1\n1')" ]
}

@test "bad input: one line on stderr naming the value, exit 2, nothing on stdout" {
	chk() {
		run --separate-stderr "$QB" pf "$@"
		[ "$status" -eq 2 ] && [ "$output" = "" ] && [ "${#stderr_lines[@]}" -eq 1 ] ||
		    { echo "pf $*: $status '$output' '$stderr'"; return 1; }
	}
	chk 'x('
	[[ "$stderr" == "pf: bad regex 'x(': "?* ]]   # then libc's regerror text
	chk
	[[ "$stderr" == "pf: no criteria given"* ]]
	chk -s NOPE x;     [ "$stderr" = "pf: unknown signal 'NOPE'" ]
	chk -u nosuchuser; [ "$stderr" = "pf: unknown user 'nosuchuser'" ]
	chk -U nosuchuser; [ "$stderr" = "pf: unknown user 'nosuchuser'" ]
	chk -G nosuchgrp;  [ "$stderr" = "pf: unknown group 'nosuchgrp'" ]
	chk -P 12x;        [ "$stderr" = "pf: invalid PID for --parent: '12x'" ]
	chk -p "1 x";      [ "$stderr" = "pf: invalid PID for --pids: 'x'" ]
	chk -x -5 a;       [ "$stderr" = "pf: invalid PID for --exclude: '-5'" ]
	chk -A 1.5;        [ "$stderr" = "pf: invalid number for --age: '1.5'" ]
	chk -N x a;        [ "$stderr" = "pf: invalid number for --nice: 'x'" ]
	chk -D -1 a;       [ "$stderr" = "pf: invalid number of seconds for --delay: '-1'" ]
	chk -l x a;        [ "$stderr" = "pf: invalid number of seconds for --limit: 'x'" ]
	chk -a bogus a;    [[ "$stderr" == "pf: unknown action 'bogus'"* ]]
	chk --nsList=foo --ns 1; [ "$stderr" = "pf: unknown namespace in 'foo'" ]
	chk -Q;            [ "$stderr" = "pf: unknown option '-Q'" ]
}

@test "--help lists the options on stdout, exit 0" {
	run "$QB" pf --help
	[ "$status" -eq 0 ]
	[[ "$output" == "Usage: pf [options] [PATTERN...]"* ]]
	[[ "$output" == *"--ifHandled"* ]]
}

# the reader and engine features pf itself does not use (pgrep relies on them)
@test "reader: thread mode lists each TID with its own name" {
	run in_ns 'fix -n mainthr -T workthr; echo $FIXPID; "$TESTBIN/unit_proc" threads $FIXPID'
	p=${lines[0]}
	[ "${lines[1]}" = "$p $p mainthr" ]
	[[ "${lines[2]}" =~ ^$p\ [0-9]+\ workthr$ ]]
	[ "${#lines[@]}" -eq 3 ]
}

@test "reader: stat, status, owner, cmdline, ns fields of a known process" {
	run in_ns 'fix -n "sh )x" -c USR1,TERM a b; echo $FIXPID; "$TESTBIN/unit_proc" show $FIXPID'
	[ "${lines[1]}" = "comm=sh )x" ]
	[ "${lines[2]}" = "state=S" ]
	[ "${lines[3]}" = "ppid=1" ]
	[ "${lines[7]}" = "ruid=0" ]
	[ "${lines[12]}" = "sigcgt=4200" ]   # USR1 (10) and TERM (15)
	[[ "${lines[13]}" =~ ^cmdline_len=[0-9]+$ ]]
	[ "${lines[14]}" = "start_ok=1" ] && [ "${lines[15]}" = "ns_pid_ok=1" ]
}

@test "reader: on-demand files and links; tty names" {
	run "$TESTBIN/unit_proc" file $$ environ
	[ "$status" -eq 0 ] && [[ "${lines[0]}" =~ ^len=[1-9] ]]
	run "$TESTBIN/unit_proc" link $$ exe
	[ "$output" = "$(readlink /proc/$$/exe)" ]
	run "$TESTBIN/unit_proc" tty pts/3
	[ "$output" = "8803" ]
	run "$TESTBIN/unit_proc" tty /dev/pts/300
	[ "$output" = "10882c" ]
	run "$TESTBIN/unit_proc" tty "?"
	[ "$output" = "0" ]
	run "$TESTBIN/unit_proc" tty ttyS1
	[ "$output" = "441" ]
	run "$TESTBIN/unit_proc" file 999999 cgroup
	[ "$status" -eq 1 ]
}
