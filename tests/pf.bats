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
	run in_ns "$(cat <<-'EOF'
	fix -n alpha; a=$FIXPID; fix -n alpha2; b=$FIXPID
	testing "PIDs in /proc order" "qb pf alpha" "$a $b\n"
	testing "-d and -O" "qb pf -d, -O. alpha" "$a,$b."
	testing "no match: no output, exit 1" "qb pf zzz; echo st=\$?" "st=1\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "patterns are unanchored EREs, any of several; -i ignores case" {
	run in_ns "$(cat <<-'EOF'
	fix -n Alpha; a=$FIXPID; fix -n beta; b=$FIXPID
	testing "unanchored ERE" "qb pf '^Al.h'" "$a\n"
	testing "any of several" "qb pf lph eta" "$a $b\n"
	testing "case matters" "qb pf alpha; echo st=\$?" "st=1\n"
	testing "-i" "qb pf -i ALPHA" "$a\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "odd names: ')', blanks, tab, newline, regex metacharacters, 15 bytes" {
	run in_ns "$(cat <<-'EOF'
	fix -n ":-) 1 2 3 4 5 6"; a=$FIXPID
	tn=$(printf "t\tn\nx"); fix -n "$tn"; b=$FIXPID
	fix -n "a.b*c[d]"; c=$FIXPID
	fix -n "abcdefghijklmnopqrstu"; d=$FIXPID
	testing "')' and blanks" "qb pf -- ':-\) 1 2 3'" "$a\n"
	testing "tab and newline" 'qb pf "$tn"' "$b\n"
	testing "metacharacters" "qb pf 'a\.b\*c\[d\]'" "$c\n"
	testing "cut at 15 bytes" "qb pf '^abcdefghijklmno\$'" "$d\n"
	testing "criteria with an odd name" "qb pf -P 1 -R S -p $a -a count" "1\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "-f matches the command line with control bytes as spaces; zombies by comm" {
	run in_ns "$(cat <<-'EOF'
	fix -n fullx -z zomb "one  two" "$(printf "a\tb")"; p=$FIXPID
	testing "-f: control bytes as spaces" "qb pf -f 'one  two a b\$'" "$p\n"
	testing "-f: a zombie by its comm" "qb pf -f '^zomb\$' -a count" "1\n"
	testing "without -f: the name only" "qb pf one; echo st=\$?" "st=1\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "-R run states: stopped T and zombie Z" {
	run in_ns "$(cat <<-'EOF'
	fix -n stopme -S; s=$FIXPID; fix -n parent -z zkid; z=$("$REF/pgrep" -x zkid)
	testing "-R T" "qb pf -R T" "$s\n"
	testing "-R Z" "qb pf -R Z" "$z\n"
	testing "-R TZ and a pattern" "qb pf -R TZ stop" "$s\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "-P -g -S -p -x select and exclude by number" {
	run in_ns "$(cat <<-'EOF'
	setsid "$FIX" -n tree -k -r "$FIXDIR/t" & wait_file "$FIXDIR/t" "$FIXDIR/t.child"
	p=$(cat "$FIXDIR/t"); c=$(cat "$FIXDIR/t.child")
	testing "-P" "qb pf -P $p" "$c\n"
	testing "-g" "qb pf -g $p" "$p $c\n"
	testing "-S and -P" "qb pf -S $p -P $p" "$c\n"
	testing "-S of another session" "qb pf -S 1 tree; echo st=\$?" "st=1\n"
	testing "-p: in the order given" "qb pf -p '$c 999999 $p' tree" "$c $p\n"
	testing "-p: commas too" "qb pf -p $c,$p -p 999999 tree" "$c $p\n"
	testing "-x" "qb pf -x $p tree" "$c\n"
	testing "repeated lists: any of, criteria: all of" "qb pf -g 1 -g $p -P 1 tree" "$p\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "-x PPID excludes our parent and our own process group" {
	export HELP="$BATS_TEST_DIRNAME/helpers.bash"
	cat > "$FIXDIR/inner" <<-'EOF'
		source "$HELP"
		"$FIX" -n grpmate -r "$FIXDIR/gm" & wait_file "$FIXDIR/gm"
		exec -a xppidsh bash -c '"$QB" pf -x PPID -f "xppi[d]sh|othe[r]|grpmat[e]"
			"$QB" pf -f "xppi[d]sh|grpmat[e]" -a count; true'
	EOF
	run in_ns 'fix -n oth"er"x; o=$FIXPID; setsid bash "$FIXDIR/inner" > "$FIXDIR/out" & wait $!
		testing "-x PPID: not the caller, not its group; without: both" \
		    "cat \"\$FIXDIR/out\"" "$o\n2\n"'
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "-u -U -G: owner, real uid, group; unknown names exit 2" {
	run in_ns "$(cat <<-'EOF'
	fix -n rootp; r=$FIXPID
	d=$(mktemp -d); chmod 777 "$d"
	setpriv --reuid=65534 --regid=65534 --clear-groups "$FIX" -n nobodyp -r "$d/nb" &
	wait_file "$d/nb"; n=$(cat "$d/nb"); rm -r "$d"
	testing "-u: owner of /proc/PID" "qb pf -u nobody 'p\$'" "$n\n"
	testing "-U: real uid" "qb pf -U 0 'p\$'" "$r\n"
	testing "-G: group owner" "qb pf -G nogroup" "$n\n"
	testing "-u repeated: any of" "qb pf -u 0 -u 65534 'p\$'" "$r $n\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "-t: '?' is no tty; unknown tty exit 2" {
	run in_ns "$(cat <<-'EOF'
	fix -n notty; p=$FIXPID
	testing "-t '?'" "qb pf -t '?' notty" "$p\n"
	testing "-t another tty" "qb pf -t pts/77 notty; echo st=\$?" "st=1\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
	run --separate-stderr "$QB" pf -t nosuchtty
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "$stderr" = "pf: unknown tty 'nosuchtty'" ]
}

@test "fixtures have no controlling tty even when the suite runs on one" {
	command -v script >/dev/null || skip "script(1) not installed"
	need_root
	cat > "$FIXDIR/ontty" <<-EOF
		BATS_TEST_DIRNAME='$BATS_TEST_DIRNAME'
		source "\$BATS_TEST_DIRNAME/helpers.bash"
		[ "\$(awk '{print \$7}' /proc/self/stat)" != 0 ] && echo "caller on a tty"
		in_ns 'fix -n notty; testing "-t ? on a tty" "qb pf -t \"?\" notty" "\$FIXPID\\n"'
		echo "st=\$?"
	EOF
	run script -qec "bash $FIXDIR/ontty" /dev/null
	echo "$output"
	[[ "$output" == *"caller on a tty"* ]]
	[[ "$output" == *"st=0"* ]]
}

@test "--ns and -r: same namespaces / root as PID; --nsList narrows" {
	run in_ns "$(cat <<-'EOF'
	fix -n nshost; h=$FIXPID
	unshare --uts "$FIX" -n nsguest -r "$FIXDIR/g" & wait_file "$FIXDIR/g"; g=$(cat "$FIXDIR/g")
	testing "--ns of the host" "qb pf --ns $h nsh nsg" "$h\n"
	testing "--ns of the guest" "qb pf --ns $g ns" "$g\n"
	testing "--nsList narrows" "qb pf --ns $g --nsList pid,mnt ns" "$h $g\n"
	testing "--nsList time,uts" "qb pf --ns $g --nsList time --nsList uts ns" "$g\n"
	testing "-r: same root" "qb pf -r $h ns" "$h $g\n"
	testing "--ns of nothing" "qb pf --ns 999999 ns 2>&1; echo st=\$?" \
	    "pf: no such process: 999999\nst=1\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "-1 first; -n/-o newest/oldest by start time, ties by PID" {
	run in_ns "$(cat <<-'EOF'
	for i in 1 2 3 4; do fix -n same; done
	order=$(for p in $(qb pf same); do awk '{print $22, $1}' /proc/$p/stat; done |
	    sort -n -k1,1 -k2,2 | sed 's/.* //')
	all=$(qb pf same)
	testing "-1: the first in /proc order" "qb pf -1 same" "${all%% *}\n"
	testing "-n: latest start, then highest PID" "qb pf -n same" "$(echo "$order" | tail -n 1)\n"
	testing "-o: earliest start, then lowest PID" "qb pf -o same" "$(echo "$order" | head -n 1)\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "-A age in jiffies: older than huge selects none, younger than huge all" {
	run in_ns "$(cat <<-'EOF'
	fix -n aged; p=$FIXPID
	testing "older than huge" "qb pf -A 100000000 aged; echo st=\$?" "st=1\n"
	testing "younger than huge" "qb pf -A -100000000 aged" "$p\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "-v inverts the whole conjunction, patterns included" {
	run in_ns "$(cat <<-'EOF'
	fix -n keep -k; p=$FIXPID; k=$(kid); fix -n other; o=$FIXPID
	testing "-v of a criterion" "qb pf -v -P 1 -x 1" "$k\n"
	testing "-v of patterns" "qb pf -v 'keep|bash' -x 1" "$o\n"
	testing "-v of criteria and pattern" "qb pf -v -P 1 keep -x 1" "$k $o\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "labels: LABEL_k:PID per pattern, LABEL:None for a miss" {
	run in_ns "$(cat <<-'EOF'
	fix -n aa; a=$FIXPID; fix -n aa; b=$FIXPID; fix -n bb; c=$FIXPID
	testing "labels" "qb pf -L A -L B -L C aa bb zz" "A_0:$a A_1:$b B_0:$c C:None\n"
	testing "labels, -d" "qb pf -L X -L Y -d, bb aa" "Y_0:$a,Y_1:$b,X_0:$c\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "-e exits 0 at the first match, silent; 1 without" {
	run in_ns 'fix -n ex; "$QB" pf -e ex; echo st=$?; "$QB" pf -e -a kill nope; echo st=$?; "$QB" pf -e -s KILL ex; echo alive; kill -0 $FIXPID && echo yes'
	[ "$output" = "$(printf 'st=0\nst=1\nalive\nyes')" ]
}

@test "count: the number then -O; 0 and exit 1 on no match" {
	run in_ns "$(cat <<-'EOF'
	fix -n cc; a=$FIXPID; fix -n cc; b=$FIXPID
	testing "count" "qb pf -a count cc" "2\n"
	testing "count of none, -O" "qb pf -a count -O . zz; echo \" st=\$?\"" "0. st=1\n"
	testing "echo, then count" "qb pf -a count -a echo -d, cc" "$a,$b\n2\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "path and aid on a known tree" {
	run in_ns "$(cat <<-'EOF'
	fix -n top -k; p=$FIXPID; c=$(kid)
	testing "path" "qb pf -a path -P $p" "$c $p\n"
	testing "aid" "qb pf -a aid -P $p" "$p\n"
	testing "path and aid, -d" "qb pf -a path -a aid -d ';' top" "$p;$p\n$p\n$c;$p\n"
	testing "aid of init" "qb pf -a aid -p 1" "1\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "nice adds to the nice value, clamped at 19" {
	run in_ns "$(cat <<-'EOF'
	fix -n nn; p=$FIXPID
	# the suite may itself run niced: -N adds to what the process has
	b=$(awk '{print $19}' /proc/$p/stat); w=$((b + 5 > 19 ? 19 : b + 5))
	testing "-N echoes" "qb pf -N 5 nn" "$p\n"
	testing "-N 5" "awk '{print \$19}' /proc/$p/stat" "$w\n"
	testing "-N 30, count" "qb pf -a count -N 30 nn" "1\n"
	testing "clamped at 19" "awk '{print \$19}' /proc/$p/stat" "19\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "-N beyond the kernel's range is accepted and clamped, as renice does" {
	run in_ns "$(cat <<-'EOF'
	fix -n nn; p=$FIXPID
	testing "-N 50" "qb pf -a count -N 50 nn" "1\n"
	testing "clamped at 19" "awk '{print \$19}' /proc/$p/stat" "19\n"
	testing "-N 99999999999" "qb pf -a count -N 99999999999 nn; echo st=\$?" "1\nst=0\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "--cgroup and --env select through the shared engine" {
	run in_ns "$(cat <<-'EOF'
	fix -n envcg; a=$FIXPID
	QBTESTVAR=hello "$FIX" -n envcg -r "$FIXDIR/e" & wait_file "$FIXDIR/e"; b=$(cat "$FIXDIR/e")
	cg=$(sed -n 's/^0:://p' /proc/$a/cgroup)
	testing "--env NAME" "qb pf --env QBTESTVAR envcg" "$b\n"
	testing "--env NAME=VALUE" "qb pf --env QBTESTVAR=hello envcg" "$b\n"
	testing "--env NAME=other" "qb pf --env QBTESTVAR=bye envcg; echo st=\$?" "st=1\n"
	testing "--env: a name, not a prefix" "qb pf --env QBTEST envcg; echo st=\$?" "st=1\n"
	testing "--env repeated: any of" "qb pf --env NOSUCHVAR --env QBTESTVAR envcg" "$b\n"
	testing "--cgroup" "qb pf --cgroup '$cg' envcg" "$a $b\n"
	testing "--cgroup elsewhere" "qb pf --cgroup /nonexistent envcg; echo st=\$?" "st=1\n"
	testing "-v --env" "qb pf -v --env QBTESTVAR -x 1" "$a\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "--version: NAME (quickbox) VERSION, exit 0" {
	v=$(sed -n 's/^#define QB_VERSION "\(.*\)"/\1/p' "$BATS_TEST_DIRNAME/../core/applets.h")
	run "$QB" pf --version
	[ "$status" -eq 0 ]
	[ "$output" = "pf (quickbox) $v" ]
	run "$QBBIN/pk" --version
	[ "$status" -eq 0 ]
	[ "$output" = "pk (quickbox) $v" ]
	run "$QBBIN/pw" --version
	[ "$status" -eq 0 ]
	[ "$output" = "pw (quickbox) $v" ]
}

@test "a process exiting during the scan is skipped silently" {
	run --separate-stderr in_ns "$(cat <<-'EOF'
	for i in $(seq 40); do (exit 0) & done
	for i in $(seq 20); do qb pf -f -a count "." >/dev/null || echo bad; done
	testing "vanished PIDs" "qb pf -p '999998 999999' -a count; echo st=\$?" "0\nst=1\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$stderr" = "" ]
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
	run in_ns "$(cat <<-'EOF'
	fix -n mainthr -T workthr; p=$FIXPID; t=$(ls /proc/$p/task | grep -vx $p)
	testing "threads" '"$TESTBIN/unit_proc" threads $p' "$p $p mainthr\n$p $t workthr\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "reader: stat, status, owner, cmdline, ns fields of a known process" {
	run in_ns "$(cat <<-'EOF'
	fix -n "sh )x" -c USR1,TERM a b; p=$FIXPID; n=$(wc -c < /proc/$p/cmdline)
	# sigcgt: USR1 (10) and TERM (15); in_ns's bash is the session and group
	testing "fields" '"$TESTBIN/unit_proc" show $p' "comm=sh )x\nstate=S\nppid=1
pgrp=1\nsid=1\ntty=0\nruid=0\neuid=0\nrgid=0\negid=0\nouid=0\nsigcgt=4200
cmdline_len=$n\nstart_ok=1\nns_pid_ok=1\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "reader: on-demand files and links; tty names" {
	run "$TESTBIN/unit_proc" file $$ environ
	[ "$status" -eq 0 ]
	[ "$output" = "len=$(wc -c < /proc/$$/environ)"$'\n'"$(tr '\0' '\n' < /proc/$$/environ | head -n 1)" ]
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

# a fake /proc: the reader's directory argument
fakeproc() {
	local d=$1 tail="0 0 0 0 1 2 0 0 20 5 1 0 777 1000 100"
	mkdir -p "$d"/{1,2,3,4,5,6,7}
	printf '1 (init) S 0 1 1 0 -1 4194560 %s\n' "$tail" > "$d/1/stat"
	printf 'Name:\tinit\nUid:\t0\t0\t0\t0\nGid:\t0\t0\t0\t0\nSigCgt:\t0000000000004200\n' > "$d/1/status"
	printf '2 (cut) S' > "$d/2/stat"
	printf '3 (big) S 1234567890123456789012345 1 1 0 -1 4194560 %s\n' "$tail" > "$d/3/stat"
	printf '4 (bigid) S 1 1 1 0 -1 4194560 %s\n' "$tail" > "$d/4/stat"
	printf 'Name:\tbigid\nUid:\t1234567890123456789012345\t0\t0\t0\nGid:\t0\t0\t0\t0\n' > "$d/4/status"
	printf '5 (a)b) R 1 1 1 0 -1 4194560 %s\n' "$tail" > "$d/5/stat"
	printf 'Name:\ta)b\nUid:\t7\t7\t7\t7\nGid:\t7\t7\t7\t7\n' > "$d/5/status"
	printf '6 (short) S 1 1 1 0 -1\n' > "$d/6/stat"
	printf 'Name:\tx\nUid:\t0\t0\t0\t0\nGid:\t0\t0\t0\t0\n' | tee "$d/6/status" > "$d/7/status"
	printf '7 (nonl) S 1 1 1 0 -1 4194560 %s' "$tail" > "$d/7/stat"
}

@test "reader: malformed stat, status and uptime records are skipped, never overread" {
	d=$BATS_TEST_TMPDIR/proc
	fakeproc "$d"
	printf '12.%s 5.00\n' "$(printf '3%.0s' $(seq 70))" > "$d/uptime"
	run "$TESTBIN/unit_proc" scan "$d"
	echo "$output"
	[ "$status" -eq 0 ]
	output=$(sort -n <<<"$output")
	# 100 ticks a second: 12.33... s is 1233 ticks, 70 decimals or not
	[ "$output" = "$(printf 'uptime=1233\n1 init S 0 0 4200\n5 a)b R 1 7 0\n7 nonl S 1 0 0')" ]
	printf '12345678901234567890123.5 1\n' > "$d/uptime"
	run "$TESTBIN/unit_proc" scan "$d"
	[[ "$output" == *$'\n'"uptime=0" ]]
	for f in 2 3 6; do
		run "$TESTBIN/unit_proc" parse stat "$d/$f/stat"
		[ "$status" -eq 1 ]
		[ "$output" = malformed ]
	done
	run "$TESTBIN/unit_proc" parse stat "$d/7/stat"
	[ "$output" = "comm=nonl state=S ppid=1 tty=0 nice=5 start=777" ]
	# the name is at most 63 bytes (the kernel's limit); a record that
	# does not start with "PID (" or has a field cut by the end is skipped
	tail="0 0 0 0 1 2 0 0 20 5 1 0 777 1000 100"
	n63=$(printf 'n%.0s' $(seq 63))
	printf '8 (%s) S 1 1 1 0 -1 4194560 %s\n' "$n63" "$tail" > "$d/s"
	run "$TESTBIN/unit_proc" parse stat "$d/s"
	[ "$output" = "comm=$n63 state=S ppid=1 tty=0 nice=5 start=777" ]
	for r in "8 (${n63}x) S 1 1 1 0 -1 4194560 $tail" \
	    "(x) S 1 1 1 0 -1 4194560 $tail" "8 x) S 1 1 1 0 -1 4194560 $tail" \
	    "8 (x) S 1 1 1 0 -1 4194560 0 0 0 0 1 2 0 0" \
	    "8 (x) S 1 1 1 0 -1 4194560 0 0 0 0 1 2 0 0 20 5 1 0 777"; do
		printf '%s\n' "$r" > "$d/s"
		run "$TESTBIN/unit_proc" parse stat "$d/s"
		[ "$output" = malformed ] || { echo "accepted: $r"; false; }
	done
	run "$TESTBIN/unit_proc" parse status "$d/4/status"
	[ "$output" = malformed ]
	printf 'Name:\tx\nUid:\t1\t2' > "$d/s"
	run "$TESTBIN/unit_proc" parse status "$d/s"
	[ "$output" = malformed ]
	printf 'x\nUid:\t1\t2\t3\t4\nGid:\t5\t6\t7\t8\nSigCgt:\t00000000000000010\n' > "$d/s"
	run "$TESTBIN/unit_proc" parse status "$d/s"
	[ "$output" = malformed ]   # 17 hex digits
	printf '.5 1' > "$d/u"
	run "$TESTBIN/unit_proc" parse uptime "$d/u"
	[ "$output" = malformed ]
	printf '3' > "$d/u"
	run "$TESTBIN/unit_proc" parse uptime "$d/u"
	[ "$output" = "ticks=300" ]
}

@test "reader: ticks as procps counts them, through a double of seconds (also where C arithmetic is wider, x87)" {
	hz=$(getconf CLK_TCK)
	run "$TESTBIN/unit_proc" psticks $(seq 1 3000)
	[ "$status" -eq 0 ]
	want=$(seq 1 3000 | awk -v hz="$hz" '{ s = $1 / hz; printf "%d\n", s * hz }')
	[ "$output" = "$want" ]
	# hz 100: 29 ticks are 0.29 s, which a double holds as a little less
	if [ "$hz" = 100 ]; then
		run "$TESTBIN/unit_proc" psticks 29 100
		[ "$output" = "$(printf '28\n100')" ]
	fi
}

@test "reader: a stat record's exit_code (field 52); older kernels' shorter records have none" {
	d=$BATS_TEST_TMPDIR
	f52=$(seq 4 51 | tr '\n' ' ')
	printf '9 (a) b) Z %s1792\n' "$f52" > "$d/s"
	run "$TESTBIN/unit_proc" parse exit_code "$d/s"
	[ "$output" = "exit_code=1792" ]
	printf '9 (z) Z %s137' "$f52" > "$d/s"
	run "$TESTBIN/unit_proc" parse exit_code "$d/s"
	[ "$output" = "exit_code=137" ]
	for r in "9 (z) Z $(seq 4 50 | tr '\n' ' ')" "9 (z) Z $(seq 4 51 | tr '\n' ' ')" \
	    "9 (z) Z ${f52}-1" "9 (z) Z ${f52}12345678901" "9 (z) Z ${f52}3x" "9 z Z ${f52}7"; do
		printf '%s\n' "$r" > "$d/s"
		run "$TESTBIN/unit_proc" parse exit_code "$d/s"
		[ "$output" = malformed ] || { echo "accepted: $r"; false; }
	done
	run "$TESTBIN/unit_proc" parse exit_code /proc/self/stat
	[ "$output" = "exit_code=0" ]
}

@test "-p: a thread's TID selects nothing (pf has no thread mode); the union of its items, each PID once" {
	run --separate-stderr in_ns "$(cat <<-'EOF'
	fix -n thrmain -T thrkid; p=$FIXPID
	for ((i = 0; i < 500; i++)); do t=$(ls /proc/$p/task | grep -vx $p) && break; sleep 0.01; done
	testing "a TID: nothing, exit 1" "qb pf -F pid,ppid -p $t; echo st=\$?" "st=1\n"
	testing "the TID beside its process: the process" "qb pf -p $t,$p; echo st=\$?" "$p\nst=0\n"
	testing "-T from a TID: nothing" "qb pf -T -p $t; echo st=\$?" "st=1\n"
	testing "a PID twice: once" "qb pf -p $p,$p -p $p; echo st=\$?" "$p\nst=0\n"
	testing "a stale token beside the live PID: the PID" "qb pf -p $p:1,$p 2>/dev/null; echo st=\$?" "$p\nst=0\n"
	testing "... in either order" "qb pf -p $p -p $p@1 2>/dev/null; echo st=\$?" "$p\nst=0\n"
	tok=$(qb pf -F id= -p $p)
	testing "a live token and its PID: once" "qb pf -p $tok,$p; echo st=\$?" "$p\nst=0\n"
	testing "a stale token alone: nothing" "qb pf -p $p:1 2>/dev/null; echo st=\$?" "st=1\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "-T adds every descendant of each selected process, for every action" {
	run in_ns "$(cat <<-'EOF'
	( "$FIX" -n kida -r "$FIXDIR/a" & "$FIX" -n kidb -k -r "$FIXDIR/b" & wait ) & r=$!
	wait_file "$FIXDIR/a" "$FIXDIR/b" "$FIXDIR/b.child"
	a=$(cat "$FIXDIR/a"); b=$(cat "$FIXDIR/b"); c=$(cat "$FIXDIR/b.child")
	fix -n outside; o=$FIXPID
	testing "-T: the root, then its descendants" "qb pf -T -p $r" "$r $a $b $c\n"
	testing "-T count" "qb pf -T -a count -p $r" "4\n"
	testing "-T of a middle process" "qb pf -T -p $b" "$b $c\n"
	testing "-T: selected ones are not repeated" "qb pf -T kid" "$a $b $c\n"
	testing "-T -1: the first one's tree" "qb pf -T -1 kidb" "$b $c\n"
	testing "-T path" "qb pf -T -a path -p $b" "$b $r\n$c $b $r\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "parallel scan by default: threads only when the first listing holds 192 PIDs; every PID read once" {
	emu_skip "strace sees qemu-user's own threads and system calls beside the guest's"
	parscan_skip
	command -v strace >/dev/null || skip "strace not installed"
	[ "$(nproc)" -ge 2 ] || skip "one CPU allowed: no parallel scan"
	run in_ns "$(cat <<-'EOF'
	mkdir "$FIXDIR/n"; ln -s "$(command -v sleep)" "$FIXDIR/n/qr"
	# threads (clone3/clone; a clone3 failing ENOSYS, as under make
	# check-seccomp, starts none: glibc then calls clone), then how many
	# process files were read and how many of them were read twice
	look() {
		strace -f -qq -e trace=openat,clone,clone3 "$QB" pf qr 2>&1 >"$FIXDIR/out" |
		    awk '/^(\[pid +[0-9]+\] )?clone/ && !/= -1 E/ { t++ }
			match($0, /"[0-9]+\/comm"/) { n++; if (seen[substr($0, RSTART, RLENGTH)]++) d++ }
			END { printf "threads=%d twice=%d many=%d\n", t, d, (n > 100) }'
		QB_THREADS=1 "$QB" pf qr >"$FIXDIR/one"
		cmp -s "$FIXDIR/out" "$FIXDIR/one" && echo same || echo differ
	}
	# ~150 processes: fewer than 192 listed, read one by one from that list
	for i in $(seq 150); do "$FIXDIR/n/qr" 1000 & done
	for i in $(seq 500); do [ "$("$QB" pf -a count qr)" = 150 ] && break; sleep 0.01; done
	testing "150: one thread, each once" 'look' "threads=0 twice=0 many=1\nsame\n"
	testing "150: all found" '"$QB" pf -a count qr' "150\n"
	# ~800: a long rest, shared out to threads
	for i in $(seq 650); do "$FIXDIR/n/qr" 1000 & done
	for i in $(seq 500); do [ "$("$QB" pf -a count qr)" = 800 ] && break; sleep 0.01; done
	testing "800: threads, each once" 'look | sed "s/threads=[1-9][0-9]*/threads=N/"' \
	    "threads=N twice=0 many=1\nsame\n"
	testing "800: all found" '"$QB" pf -a count qr' "800\n"
	# a print-only scan gives each thread an fd table of its own; one
	# that holds pidfds (a kill, even of signal 0) never does
	# per started thread (one per CPU past the first): "threads=T fd=F cred=C"
	per_thread() {
		strace -f -qq -e trace=clone,clone3,unshare,prctl "$QB" pf "$@" 2>&1 >/dev/null |
		    awk '/^(\[pid +[0-9]+\] )?clone/ && !/= -1 E/ { t++ }
			/^\[pid +[0-9]+\] unshare\(CLONE_FILES\) *= 0/ { f++ }
			/^\[pid +[0-9]+\] prctl\(PR_SET_KEEPCAPS, 0\) *= 0/ { c++ }
			END { printf "%s fd=%s cred=%s\n", (t > 0 ? "threads=T" : "none"), (f == t ? "each" : f + 0), (c == t ? "each" : c + 0) }'
	}
	testing "800: printing threads unshare their fd tables and credentials" \
	    'per_thread qr' "threads=T fd=each cred=each\n"
	testing "800: killing threads share the fd table, not the credentials" \
	    'per_thread -s 0 qr' "threads=T fd=0 cred=each\n"
	testing "800: QB_THREADS=1 starts none" \
	    'QB_THREADS=1 strace -f -qq -e trace=clone,clone3 "$QB" pf qr 2>&1 >/dev/null | grep -c clone' "0\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "parallel scan (QB_THREADS=N): the same selection, in /proc order, as one thread" {
	run in_ns "$(cat <<-'EOF'
	mkdir "$FIXDIR/n"; for i in $(seq 0 9); do ln -s "$(command -v sleep)" "$FIXDIR/n/qp$i"; done
	( for i in $(seq 200); do "$FIXDIR/n/qp$((i % 10))" 1000 & done; wait ) 2>/dev/null & sub=$!
	# all 200 exec'd and asleep: one still R (just started) at the end
	# would miss the 180 of "-R S" below
	for i in $(seq 500); do [ "$("$QB" pf -a count -R S qp)" = 200 ] && break; sleep 0.01; done
	QB_THREADS=1 "$QB" pf qp3 > "$FIXDIR/one"; one=$(cat "$FIXDIR/one")
	testing "4 threads: a name" 'QB_THREADS=4 "$QB" pf qp3' "$one\n"
	testing "4 threads: -f, count" 'QB_THREADS=4 "$QB" pf -f -a count "qp[0-4] 1000"' "100\n"
	testing "2 threads: criteria" "QB_THREADS=2 \"\$QB\" pf -P $sub -a count qp" "200\n"
	testing "3 threads: labels" 'QB_THREADS=3 "$QB" pf -L a qp3 | sed "s/a_[0-9]*://g"' "$one\n"
	testing "8 threads, none" 'QB_THREADS=8 "$QB" pf nosuch; echo st=$?' "st=1\n"
	testing "4 threads: kill, count" 'QB_THREADS=4 "$QB" pf -s KILL -a count qp7' "20\n"
	for i in $(seq 200); do "$QB" pf -e -R RSDT qp7 || break; sleep 0.02; done
	testing "4 threads: kill" '"$QB" pf -R RSDT qp7; echo st=$?' "st=1\n"
	testing "the others live" '"$QB" pf -a count -R S qp' "180\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

# every --appear poll scans with new threads, and glibc hands a new thread
# the zeroed thread-local slot of one that ended: the regex work areas of
# each poll's threads were lost (RSS grew some 150 KiB a second at
# -D 0.001), until each scan thread freed them as it ended (thread_end)
@test "--appear with scan threads: no leak from poll to poll (the RSS stops growing)" {
	emu_skip "qemu-user's translated-code cache grows the RSS from poll to poll"
	if nm "$QB" 2> /dev/null | grep -q __asan_init; then
		skip "the sanitizer's quarantine holds freed memory"
	fi
	# one malloc arena: on a busy machine glibc adds arenas when threads
	# meet at a lock (a bounded growth, +404 kB once under make
	# check-seccomp's load), which is not what this test looks for
	MALLOC_ARENA_MAX=1 QB_THREADS=2 "$QB" pf --appear -D 0.001 -l 120 -f 'nosuch(x|y)zz' 3>&- &
	p=$!
	rss() { awk '/^VmRSS/ { print $2 }' "/proc/$p/status"; }
	# polls, not seconds: each poll's sleep is one voluntary switch of
	# the main thread (a busy machine makes fewer polls a second, and the
	# first ones still touch new pages)
	polls() { awk '/^voluntary_ctxt_switches/ { print $2 }' "/proc/$p/status"; }
	until_polls() {
		local i
		for ((i = 0; i < 3000; i++)); do
			[ "$(polls)" -ge "$1" ] 2> /dev/null && return 0
			sleep 0.01
		done
		return 1
	}
	# the RSS every 50 polls in three windows of 400 polls, 800 apart
	# (polls 300-700, 1100-1500, 1900-2300). The allocator swings the
	# RSS by 50-120 kB around a flat level at load 2-3 (it trims and
	# regrows), so each window's lowest sample is its level; and it may
	# step up once and stay (+212 kB between the first two windows under
	# make check-seccomp, flat within each). A leak raises the level
	# from each window to the next by its bytes a poll times 800 polls:
	# the test fails when the level rose by 12 kB or more both times.
	# The old check (one sample 500 polls after another, +48 kB allowed)
	# failed about 1 run in 3 under load. A "poll" here is a voluntary
	# switch, about two to a scan with two threads: 12 kB a step finds a
	# leak of 64 bytes a scan (leaked on purpose: levels 1,976, 2,008 and
	# 2,044 kB, failed 5 runs of 5; the lost regex work areas above were
	# some 150 bytes a scan)
	local w=() t i lv=()
	for ((t = 300; t <= 2300; t += 50)); do
		until_polls $t || break
		if [ $(((t - 300) % 800)) -le 400 ]; then w[(t - 300) / 800]+=" $(rss)"; fi
	done
	kill "$p"
	wait "$p" || true
	for i in 0 1 2; do
		echo "VmRSS every 50 polls, polls $((300 + 800 * i))-$((700 + 800 * i)):${w[i]} kB"
		set -- ${w[i]}
		[ $# -eq 9 ]
		lv[i]=$(printf '%s\n' "$@" | sort -n | head -n 1)
	done
	echo "levels: ${lv[*]} kB"
	[ $((lv[1] - lv[0])) -lt 12 ] || [ $((lv[2] - lv[1])) -lt 12 ]
}
