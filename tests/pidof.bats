#!/usr/bin/env bats
# pidof.bats: quickbox as procps-ng's pidof. Debian's /usr/bin/pidof is
# sysvinit's, so these tests hold expected outputs (procps-ng 4.0.6's,
# checked against its build from the release tag, see docs/pgrep.md)
# instead of a live comparison.
load helpers
load pgrep

setup() {
	has_applet pidof
	pg_setup
	P="$QBBIN/pidof"
}

teardown() { pg_teardown; }

@test "pidof: --help on stdout, usage errors on stderr with exit 1" {
	run "$P" --help
	[ "$status" -eq 0 ]
	[ "$output" = "
Usage:
 pidof [options] [program [...]]

Options:
 -s, --single-shot         return one PID only
 -c, --check-root          omit processes with different root
 -q,                       quiet mode, only set the exit code
 -w, --with-workers        show kernel workers too
 -x                        also find shells running the named scripts
 -o, --omit-pid <PID,...>  omit processes with PID
 -t, --lightweight         list threads too
 -S, --separator SEP       use SEP as separator put between PIDs
 -h, --help     display this help and exit
 -V, --version  output version information and exit

For more details see pidof(1)." ]
	help=$output
	run --separate-stderr "$P" -y, init
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ "$stderr" = "$P: invalid option -- 'y'"$'\n'"$help" ]
	run --separate-stderr "$P" -o
	[ "$status" -eq 1 ]
	[ "${stderr_lines[0]}" = "$P: option requires an argument -- 'o'" ]
	run --separate-stderr "$P" --bogus x
	[ "$status" -eq 1 ]
	[ "${stderr_lines[0]}" = "$P: unrecognized option '--bogus'" ]
	run --separate-stderr "$P" "-?"
	[ "$status" -eq 1 ]
	[ "${stderr_lines[0]}" = "Usage:" ]
	run "$P" -V
	[ "$status" -eq 0 ]
	[ "$output" = "pidof from procps-ng 4.0.6" ]
	# 4.0.6's long options by any unique prefix, --lightweight too
	run "$P" --l nosuchprog
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	run "$P" -n -m
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	run "$P" ""
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	s=0
	"$P" -o 12junk nosuchprog 2>"$W/e" || s=$?
	[ "$s" -eq 1 ]
	# procps's message ends in "!\n" and error() adds one more
	[ "$(cat "$W/e"; echo x)" = "pidof: illegal omit pid value (12junk)!"$'\n\nx' ]
}

@test "pidof: argv0, its basename, exe, login dash, blanks, order, -s -q -S -o" {
	run pg_ns '
	fixtures
	(exec -a GammaRay "$FIX" -r $W/g.ready) & wait_file $W/g.ready
	(exec -a -dashy "$FIX" -r $W/d.ready) & wait_file $W/d.ready
	(exec -a "my title" "$FIX" -r $W/t.ready -n titled) & wait_file $W/t.ready
	g=$(cat $W/g.ready) d=$(cat $W/d.ready) t=$(cat $W/t.ready)
	all=$(for f in /proc/[0-9]*/exe; do [ "$(readlink $f)" = "$FIX" ] && f=${f#/proc/} && echo ${f%/exe}; done | sort -rn | tr "\n" " ")
	pidof() {
		local r s=0
		r=$(PATH=$QBBIN command pidof "$@" 2>&1) || s=$?
		printf "%s rc=%s" "$(printf "%s" "$r" | tr "\n" "|")" $s
	}
	echo "A $(pidof GammaRay)" "$g"
	echo "B $(pidof /nonexistent/GammaRay)" "$g"
	echo "C $(pidof dashy)" "$d"
	echo "D $(pidof titled)" "$t"
	echo "E $(pidof "my title")" "$t"
	echo "F $(pidof qbfix)" "${all% }"
	echo "G $(pidof -s qbfix)" "${all%% *}"
	echo "H $(pidof -q qbfix)"
	echo "I $(pidof -S, GammaRay dashy GammaRay)" "$g,$d,$g"
	echo "J $(pidof --separator=: -o $g,$d qbfix | tr : " ")" "$(echo $all | tr " " "\n" | grep -vx -e $g -e $d | tr "\n" " ")"
	echo "K $(pidof plainproc)"
	echo "L $(pidof -w plainproc)" "$(cat $W/plain.pid)"
	echo "M $(pidof -w zkid)" "$($REF/pgrep -x zkid)"
	echo "N $(pidof zkid)"
	echo "O $(pidof -c GammaRay)" "$g"
	echo "P $(pidof -o "%PPID;$g" GammaRay dashy 2>&1)" "$d"
	echo "Q $(pidof -o junk,$d dashy)"
	echo "R $(pidof nosuch)"
	echo "S $(pidof -s GammaRay dashy)" "$g $d"
	'
	echo "$output"
	[ "$status" -eq 0 ]
	while read -r tag got; do
		case $tag in
		[A-GIJLMOPS]) set -- $got; [ "$*" = "${*:1:$(($# / 2))} rc=0 ${*:1:$(($# / 2))}" ] ||
			{ echo "FAIL $tag: $got"; false; } ;;
		H) [ "$got" = "rc=0" ] ;;
		K|N|R) [ "$got" = "rc=1" ] ;;
		Q) [ "$got" = "pidof: illegal omit pid value (junk)! rc=1" ] ;;
		esac
	done <<<"$output"
	[[ "$output" == *"R  rc=1"* ]]
}

@test "pidof: sysvinit's -z and -d SEP, and the options both have, as Debian's pidof" {
	# sysvinit's pidof is killall5 called pidof (its real path, so that a
	# quickbox link installed as /usr/bin/pidof is never the reference)
	run pg_ns '
	(exec -a pofa "$FIX" -r $W/a.ready -z pofz) & wait_file $W/a.ready
	(exec -a pofa "$FIX" -r $W/b.ready) & wait_file $W/b.ready
	(exec -a pofb "$FIX" -r $W/c.ready) & wait_file $W/c.ready
	a=$(cat $W/a.ready)
	for o in "" -z "-d ," "-z -d :" "-zd;" -s "-s -z" -q "-q -z" -n -x -c "-o $a" \
	    "-z -o $a" "-d" "-d ab" "-z -d , -s"; do
		# a zombie by a relative path (its basename against the comm,
		# as sysvinit), never by an absolute one as root
		for names in pofa pofz "pofa pofb" "pofz pofa" "pofb pofz" nosuch ./pofz \
		    x/pofz /nonexistent/pofz; do
			# as pidof both; stdout, stderr and status byte for byte
			"$TESTBIN/qbdiff" pidof "$QBBIN/pidof" /sbin/killall5 $o $names ||
			    echo "DIFF: pidof $o $names"
		done
	done
	# what the comparison saw: a zombie, and a separator
	echo "z: $(PATH=$QBBIN command pidof -z pofz)"
	echo "zd: $(PATH=$QBBIN command pidof -z -d : pofz pofa)"
	echo "zrel: $(PATH=$QBBIN command pidof -z ./pofz)"
	PATH=$QBBIN command pidof pofz; echo "no z: $?"'
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" != *DIFF* ]]
	grep -qx 'z: [0-9]*' <<<"$output"
	grep -qx "zd: [0-9]*:[0-9]*:[0-9]*" <<<"$output"
	grep -qx 'no z: 1' <<<"$output"
	grep -qx 'zrel: [0-9]*' <<<"$output"
	# one character of SEP, as sysvinit; NUL for an empty one. Compared
	# byte for byte: PIDs of any width (od -c splits digits into columns,
	# and a slow start can push the namespace's PIDs past 9). The first
	# run's ready files go first: wait_file would take them for these
	run pg_ns '
	rm -f $W/a.ready $W/b.ready
	(exec -a pofa "$FIX" -r $W/a.ready) & wait_file $W/a.ready
	(exec -a pofa "$FIX" -r $W/b.ready) & wait_file $W/b.ready
	PATH=$QBBIN command pidof -d "" pofa >$W/sep
	printf "%s\\0%s\\n" "$(cat $W/b.ready)" "$(cat $W/a.ready)" >$W/sep.want
	cmp $W/sep.want $W/sep && echo same'
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$output" = same ]
}

@test "pidof: -x finds scripts, a deleted exe reads 'NAME (deleted)'" {
	run pg_ns '
	printf "#!/bin/sh\ntouch $W/s.ready\nread x\n" >$W/myscript; chmod +x $W/myscript
	sleep 1000 | $W/myscript & wait_file $W/s.ready
	cp "$FIX" $W/ghost
	(exec -a spooky $W/ghost -r $W/gh.ready) & wait_file $W/gh.ready
	rm $W/ghost
	pidof() {
		local r s=0
		r=$(PATH=$QBBIN command pidof "$@" 2>&1) || s=$?
		printf "%s rc=%s" "$(printf "%s" "$r" | tr "\n" "|")" $s
	}
	echo "A $(pidof myscript)"
	echo "B $(pidof -x myscript)"
	echo "C $(pidof "ghost (deleted)")" "$(cat $W/gh.ready)"
	'
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"A  rc=1"* ]]
	[[ "$output" == *"B "[0-9]*" rc=0"* ]]
	set -- $(grep "^C" <<<"$output")
	[ "$2 $3" = "$4 rc=0" ]
}

@test "pidof: -t (4.0.4) lists the threads of the matching processes" {
	run pg_ns '
	(exec -a thrprog "$FIX" -T worker -r $W/tp.ready) & wait_file $W/tp.ready
	(exec -a thrprog "$FIX" -r $W/tq.ready) & wait_file $W/tq.ready
	t=$(cat $W/tp.ready); q=$(cat $W/tq.ready)
	for i in $(seq 100); do k=$(ls /proc/$t/task | grep -vx $t) && break; sleep 0.01; done
	testing "-t" "PATH=\$QBBIN pidof -t thrprog" "$q $k $t\n"
	testing "-t -s" "PATH=\$QBBIN pidof -t -s thrprog" "$q\n"
	testing "without -t" "PATH=\$QBBIN pidof thrprog" "$q $t\n"
	testing "--lightweight" "PATH=\$QBBIN pidof --lightweight thrprog" "$q $k $t\n"'
	echo "$output"
	[ "$status" -eq 0 ]
}
