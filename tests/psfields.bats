#!/usr/bin/env bats
# psfields.bats: pf -F's ps keywords and aliases (stat, %cpu, %mem,
# lstart, the alias headers ...) and ps's layout (the '+' cut of names,
# screen columns in UTF-8, the cut of args, a value wider than its column)
# against /usr/bin/ps (procps-ng 4.0.2) on fixtures in the test's own PID
# namespace.
load helpers

setup() {
	has_applet pf
	[ -x /usr/bin/ps ] || skip "no /usr/bin/ps (procps)"
	export FIXDIR="$BATS_TEST_TMPDIR"
	unset COLUMNS   # ps cuts its last column there even in a pipe; pf never
}

teardown() {
	[ -z "${QB_USER:-}" ] || userdel "$QB_USER" 2>/dev/null || true
	[ -z "${QB_GROUP:-}" ] || groupdel "$QB_GROUP" 2>/dev/null || true
}

# the new keywords and every alias of the old ones
NEWFIELDS="stat lstart %mem pmem tgid pgrp sess session tpgid lwp tid tname tty8
euser ruser euid ruid egroup rgroup egid rgid thcount rsz rssize vsize cputime
times cputimes ucmd ucomm cmd command fname class cls policy blocked sigmask
sig_block ignored sigignore sig_ignore caught sigcatch sig_catch ni s tt uname"

# (in in_ns) stopped PID: wait (up to 5 s) until PID's state is T
STOPPED='stopped() {
	for ((i = 0; i < 500; i++)); do
		[ "$(cut -d" " -f3 "/proc/$1/stat")" = T ] && return 0
		sleep 0.01
	done
	echo "stopped: $1 never stopped" >&2; return 1; }
'

@test "new keywords and aliases: ps's header, width and value, in a middle column and the last" {
	[ -x /usr/bin/script ] || skip "no /usr/bin/script (util-linux): no tty fixture"
	run in_ns "$(cat <<-EOF
	NEWFIELDS="$NEWFIELDS"
	$STOPPED
	EOF
	cat <<-'EOF'
	export QB FIX
	fix -n plain -S; v=$FIXPID
	fix -n threads -T worker -S; v="$v $FIXPID"
	fix -n niced -S; renice -n 7 -p $FIXPID > /dev/null; v="$v $FIXPID"
	nice -n -5 "$FIX" -n hipri -r "$FIXDIR/hi" & wait_file "$FIXDIR/hi"; wait_state $!; v="$v $!"
	setsid "$FIX" -n leader -r "$FIXDIR/sl" & wait_file "$FIXDIR/sl"
	n=$(cat "$FIXDIR/sl"); wait_state $n; v="$v $n"
	fix -n zparent -z zomb -S; v="$v $FIXPID"
	# a tty's foreground group (stat's +), a session leader on it
	/usr/bin/script -qec "exec $FIX -n ontty -r $FIXDIR/tt" /dev/null > /dev/null &
	wait_file "$FIXDIR/tt"; n=$(cat "$FIXDIR/tt"); wait_state $n; v="$v $n"
	# locked pages (stat's L), 100 MiB resident (%mem), stopped
	/usr/bin/python3 -c 'import ctypes, os, signal
	ctypes.CDLL(None).mlockall(3); b = b"x" * (100 << 20)
	os.kill(os.getpid(), signal.SIGSTOP)' & v="$v $!"; stopped $!
	z=$(qb pf -R Z zomb); v="$v $z"
	for p in $v; do [ -e /proc/$p/stat ] || echo "no fixture $p"; done
	pids=$(printf '%s\n' $v | sort -n | tr '\n' ,); pids=${pids%,}
	for f in $NEWFIELDS; do
		testing "$f last" "qb pf -F pid,$f -p $pids" "$(/usr/bin/ps -o pid,$f -p $pids)\n"
		testing "$f middle" "qb pf -F $f,pid -p $pids" "$(/usr/bin/ps -o $f,pid -p $pids)\n"
	done
	# each flag of stat is there to compare
	testing "stat's flags seen" "qb pf -F stat= -p $pids | grep -o . | sort -u | tr -d '\n'" \
	    "$(printf '%s\n' '+' '<' L N S T Z l s | sort | tr -d '\n')"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "%cpu, pcpu, c, etime, etimes: between ps's values just before and just after" {
	run in_ns "$STOPPED$(cat <<-'EOF'
	# CPU time burnt, then stopped: the share falls as time passes
	sh -c 'i=0; while [ $i -lt 300000 ]; do i=$((i + 1)); done; kill -STOP $$' &
	p=$!; stopped $p
	for f in %cpu pcpu c etime etimes; do
		b=$(/usr/bin/ps -o $f= -p $p); m=$(qb pf -F $f= -p $p); a=$(/usr/bin/ps -o $f= -p $p)
		# etime as seconds, to compare
		s() { echo "$1" | awk -F'[-:]' '{ t = 0; for (i = 1; i <= NF; i++) t = t * 60 + $i; print t }'; }
		case $f in etime) b=$(s "$b") m=$(s "$m") a=$(s "$a") ;; esac
		testing "$f: $b >= $m >= $a (or the reverse for times)" \
		    "echo $b $m $a | awk '{ print ((\$1 >= \$2 && \$2 >= \$3) || (\$1 <= \$2 && \$2 <= \$3)) ? \"in\" : \"out\" }'" "in\n"
	done
	testing "%cpu is not 0 (the fixture burnt CPU)" "qb pf -F %cpu= -p $p | awk '{ print (\$1 > 0) }'" "1\n"
	testing "headers and widths" "qb pf -F %cpu,pcpu,c,etime,etimes,pid -p $p | head -1" \
	    "$(/usr/bin/ps -o %cpu,pcpu,c,etime,etimes,pid -p $p | head -1)\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "user and group names over 8 characters: '+' in a middle column, whole in the last; a number without a name too" {
	need_root
	command -v useradd > /dev/null || skip "no useradd"
	QB_USER=qbpfuser$$ QB_GROUP=qbpfgroup$$
	useradd -M -N -s /bin/false "$QB_USER"
	groupadd "$QB_GROUP"
	run in_ns "$(cat <<-EOF
	u=\$(id -u $QB_USER) g=\$(getent group $QB_GROUP | cut -d: -f3)
	QB_USER=$QB_USER QB_GROUP=$QB_GROUP
	EOF
	cat <<-'EOF'
	d=$(mktemp -d); chmod 777 "$d"
	setpriv --reuid=$u --regid=$g --clear-groups "$FIX" -n long -r "$d/a" & wait_file "$d/a"; v=$(cat "$d/a")
	setpriv --reuid=1234567890 --regid=1234567890 --clear-groups "$FIX" -n noname -r "$d/b" &
	wait_file "$d/b"; v="$v,$(cat "$d/b")"
	for o in user,pid pid,user group,pid pid,group user,group,euser,ruser,egroup,rgroup \
	    ruser,rgroup uid,pid,user,comm user=VERYLONGHEADERS,pid uname,gid; do
		testing "$o" "qb pf -F $o -p $v" "$(/usr/bin/ps -o $o -p $v)\n"
	done
	testing "the cut is there" "qb pf -F user=,group=,pid= -p $v | cut -c1-17" "qbpfuse+ qbpfgro+\n1234567+ 1234567+\n"
	testing "JSON: whole" "qb pf --json -F user,group -p $(cat "$d/a")" "{\"user\":\"$QB_USER\",\"group\":\"$QB_GROUP\"}\n"
	rm -r "$d"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "UTF-8 locale: padding and cuts count screen columns (wide CJK, a combining mark)" {
	emu_locale_skip
	run in_ns "$(cat <<-'EOF'
	fix -n "$(printf '\346\274\242\345\255\227ab')" "$(printf 'abcdefghijklmnopqrstuvwxy\346\274\242z')"; v=$FIXPID
	fix -n "$(printf 'a\314\201b')" "$(printf 'x\314\201y')"; v="$v,$FIXPID"
	fix -n "$(printf '\346\274\242\345\255\227\346\274\242\345\255\227\346\274\242')"; v="$v,$FIXPID"
	for o in comm,pid pid,comm args,pid comm,args fname,pid ucmd,cmd,pid; do
		testing "$o" "LC_ALL=C.UTF-8 qb pf -F $o -p $v" "$(LC_ALL=C.UTF-8 /usr/bin/ps -o $o -p $v)\n"
	done
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "args: cut where ps cuts (131,071 bytes, less the line before it); '?' for an empty argv; a wide value pushes the line as ps" {
	run in_ns "$(cat <<-'EOF'
	A=$(head -c 100000 /dev/zero | tr '\0' a)
	fix -n long "$A" "$A"; v=$FIXPID
	(exec -a '' "$FIX") & e=$!; v="$v,$e"
	# exec'd (its argv), then in its pause: its vsz and rss are whole
	for i in $(seq 500); do [ "$(wc -c < /proc/$e/cmdline)" = 1 ] && break; sleep 0.01; done
	wait_state $e
	d=$(mktemp -d); chmod 777 "$d"; trap 'rm -rf "$d"' EXIT
	setpriv --reuid=1234567890 --regid=1234567890 --clear-groups "$FIX" -n wide -r "$d/b" &
	wait_file "$d/b"; n=$(cat "$d/b"); wait_state $n; v="$v,$n"
	for o in args args= pid,args pid,args= cmd,comm uid,pid,comm uid,user,pid gid,vsz,rss,comm; do
		testing "$o" "qb pf -F $o -p $v" "$(/usr/bin/ps -o $o -p $v)\n"
	done
	testing "the longest line" "qb pf -F args= -p $v | awk '{ print length(\$0) }' | sort -n | tail -1" "131071\n"
	testing "an empty argv" "qb pf -F args= -p $e" "?\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "lstart: ctime's form in the local zone, as ps (TZ unset, empty, a zone file, a POSIX string)" {
	run in_ns "$(cat <<-'EOF'
	fix -n lst; p=$FIXPID
	for tz in UTC Asia/Tokyo :Europe/Paris America/New_York EST5EDT XYZ-3 '<+0530>-5:30' /usr/share/zoneinfo/Australia/Adelaide Nowhere/Zone ''; do
		testing "TZ=$tz" "TZ='$tz' qb pf -F lstart,pid -p 1,$p" "$(TZ=$tz /usr/bin/ps -o lstart,pid -p 1,$p)\n"
	done
	testing "TZ unset" "(unset TZ; qb pf -F pid,lstart -p 1,$p)" "$(unset TZ; /usr/bin/ps -o pid,lstart -p 1,$p)\n"
	testing "Tokyo is not UTC" "TZ=Asia/Tokyo qb pf -F lstart= -p 1 | cut -c12-13" \
	    "$(TZ=UTC qb pf -F lstart= -p 1 | cut -c12-13 | awk '{ printf "%02d", ($1 + 9) % 24 }')\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "--json: the new fields are typed (numbers, strings); unit: status's VmLck" {
	run in_ns "$(cat <<-'EOF'
	fix -n jnew; p=$FIXPID
	qb pf --json -F stat,%cpu,%mem,lstart,tgid,thcount,etimes,class,blocked,ruser -p $p > "$FIXDIR/j"
	/usr/bin/python3 -c '
import json, sys
o = json.loads(open(sys.argv[1]).read())
assert o["stat"] == "S" and o["tgid"] == int(sys.argv[2]) and o["thcount"] == 1, o
assert isinstance(o["%cpu"], float) and isinstance(o["%mem"], float), o
assert isinstance(o["etimes"], int) and o["class"] == "TS" and o["ruser"] == "root", o
assert len(o["lstart"]) == 24 and len(o["blocked"]) == 16, o
print("ok")' "$FIXDIR/j" "$p"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "${lines[-1]}" = ok ]
	printf 'Name:\tx\nUid:\t1\t2\t3\t4\nGid:\t5\t6\t7\t8\nVmLck:\t     12 kB\nVmRSS:\t    345 kB\n' > "$BATS_TEST_TMPDIR/s"
	run "$TESTBIN/unit_proc" parse status "$BATS_TEST_TMPDIR/s"
	[ "$output" = "ruid=1 euid=2 rgid=5 egid=6 sigcgt=0 vmrss=345 vmlck=12" ]
}

@test "tz_offset (lstart's zone): localtime_r's offset every 3 hours from 1902 to 2037, zones with and without DST" {
	[ -e /usr/share/zoneinfo/Europe/Paris ] || skip "no /usr/share/zoneinfo (tzdata)"
	for tz in Europe/Paris America/New_York Asia/Tokyo Australia/Adelaide Pacific/Chatham \
	    :America/Sao_Paulo EST5EDT XYZ-3 '<+0530>-5:30' ''; do
		run env TZ="$tz" "$TESTBIN/unit_core" tz
		[ "$output" = "0 differ" ] || { echo "TZ=$tz: $output"; false; }
	done
	run env -u TZ "$TESTBIN/unit_core" tz
	[ "$output" = "0 differ" ]
}
