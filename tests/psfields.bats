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
	# a zombie's name is "NAME <defunct>" from procps-ng 4.0.5 on: before
	# that, left out here (the zombie test below has it, recorded)
	old=$pids; ref_since procps 4.0.5 || old=$(printf '%s\n' $v | grep -vx "$z" | sort -n | paste -sd,)
	for f in $NEWFIELDS; do
		p=$pids; case $f in ucmd | ucomm) p=$old ;; esac
		testing "$f last" "qb pf -F pid,$f -p $p" "$(/usr/bin/ps -o pid,$f -p $p)\n"
		testing "$f middle" "qb pf -F $f,pid -p $p" "$(/usr/bin/ps -o $f,pid -p $p)\n"
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
	# 20 ms apart, two ticks of /proc's clock: a ps that reads
	# /proc/uptime (to 10 ms, procps-ng 4.0.4 and before) and one that
	# reads CLOCK_BOOTTIME (to the ns, 4.0.5 on, and Debian 13's 4.0.4)
	# each see a tick later than the tool before it, so the order holds
	for f in %cpu pcpu c etime etimes; do
		b=$(/usr/bin/ps -o $f= -p $p); sleep 0.02
		m=$(qb pf -F $f= -p $p); sleep 0.02
		a=$(/usr/bin/ps -o $f= -p $p)
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

@test "ids: of 2^31 and more signed as ps prints them (4000000000: -294967296), names as numbers; effective and real apart in a process not dumpable, the effective ones from the owner of /proc/PID; JSON has the ids" {
	need_root
	run in_ns "$(cat <<-'EOF'
	d=$(mktemp -d); chmod 777 "$d"
	setpriv --reuid=4000000000 --regid=4000000001 --clear-groups "$FIX" -n big -r "$d/a" &
	setpriv --ruid=1 --euid=65534 --rgid=1 --egid=65534 --clear-groups "$FIX" -n apart -r "$d/b" &
	wait_file "$d/a" "$d/b"; p=$(cat "$d/a") q=$(cat "$d/b"); wait_state $p; wait_state $q
	for o in uid,euid,ruid,gid,egid,rgid,pid uid=,pid pid,user,group,ruser,rgroup,uid \
	    pid,user,ruser,uid,ruid,euid,group,rgroup,gid,rgid,egid uname,euser,egroup,pid; do
		testing "$o" "qb pf -F $o -p $p,$q" "$(/usr/bin/ps -o $o -p $p,$q)\n"
	done
	testing "the sign" "qb pf -F euid=,rgid= -p $p" "-294967296 -294967295\n"
	testing "not dumpable: status is root's" "stat -c %u /proc/$q/status" "0\n"
	testing "-u, -G: the effective ids too" "qb pf -u nobody -G 65534 -p $p,$q" "$q\n"
	testing "JSON" "qb pf --json -F uid,gid,user -p $p,$q" \
	    '{"uid":4000000000,"gid":4000000001,"user":"4000000000"}\n{"uid":65534,"gid":65534,"user":"nobody"}\n'
	rm -r "$d"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "user and group names: /etc/passwd and /etc/group read once a run, however many rows; an id without a name looked up once" {
	command -v strace > /dev/null || skip "no strace"
	need_root
	run in_ns "$(cat <<-'EOF'
	d=$(mktemp -d); chmod 777 "$d"
	# 30 rows of three named users and groups (root, daemon, nobody)
	for i in $(seq 10); do
		fix -n named
		for u in 1 65534; do
			setpriv --reuid=$u --regid=$u --clear-groups "$FIX" -n named -r "$d/$u.$i" &
			wait_file "$d/$u.$i"
		done
	done
	# opens FILE PF-ARGS...: how often pf opened FILE
	opens() { f=$1; shift
		strace -f -e trace=open,openat -o "$FIXDIR/st" "$QB" pf "$@" > "$FIXDIR/out"
		grep -c "\"$f\"" "$FIXDIR/st"; }
	testing "30 rows" "qb pf -F pid= named | wc -l" "30\n"
	testing "pid,user: passwd once" "opens /etc/passwd -F pid,user named" "1\n"
	testing "user,ruser,group,rgroup: passwd once" "opens /etc/passwd -F user,ruser,group,rgroup named" "1\n"
	testing "user,ruser,group,rgroup: group once" "opens /etc/group -F user,ruser,group,rgroup named" "1\n"
	testing "pid alone: neither" "opens /etc/passwd -F pid named; opens /etc/group -F pid named" "0\n0\n"
	testing "the names" "qb pf -F user=,group= named | sort | uniq -c | awk '{ print \$1, \$2, \$3 }'" \
	    "$(/usr/bin/ps -o user=,group= -p "$(qb pf -d, named)" | sort | uniq -c | awk '{ print $1, $2, $3 }')\n"
	# ten rows of an id without a name: the files once, and with glibc
	# one NSS look-up (its files source opens /etc/passwd once more)
	for i in $(seq 10); do
		setpriv --reuid=1234567890 --regid=1234567890 --clear-groups "$FIX" -n noname -r "$d/n.$i" &
		wait_file "$d/n.$i"
	done
	testing "no name: at most twice" "opens /etc/passwd -F user noname | awk '{ print (\$1 <= 2) }'" "1\n"
	testing "no name: the number" "qb pf -F user= noname | sort -u" "1234567890\n"
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

@test "UTF-8 locale: what ps cannot show is '?' (a cut character, surrogates, overlong forms, U+FFFF, U+2028, an unassigned plane, controls), in comm, args, cmd, fname and a zombie's [comm]" {
	emu_locale_skip
	# the same in procps-ng 4.0.2, 4.0.4 and 4.0.6: compared with ps
	run in_ns "$(cat <<-'EOF'
	fix -n $'\xe2\x82Z' $'x\xe2\x82' $'\xc3\xa9\xe2\x82'; v=$FIXPID
	fix -n $'\xed\xa0\x80s' $'\xe0\x80\xafo' $'\xc0\xaf\xf8\x88\x80\x80\x80'; v="$v,$FIXPID"
	fix -n $'\xef\xbf\xbfF' $'\xe2\x80\xa8L' $'\xf1\x80\x80\x80w\xef\xb7\x90'; v="$v,$FIXPID"
	fix -n $'a\x01b\x7f' $'\xe6\xbc\xa2\x1b'; v="$v,$FIXPID"
	# a zombie whose 15-byte name cuts a character: "[abcdefghijklm??] <defunct>"
	fix -n zparent -z $'abcdefghijklm\xe2\x82\xac'; z=$(qb pf -R Z -P $FIXPID)
	[ -n "$z" ] || echo "no zombie"
	for o in comm,pid pid,comm args,pid comm,args fname,pid ucmd,cmd,pid; do
		testing "$o" "LC_ALL=C.UTF-8 qb pf -F $o -p $v" "$(LC_ALL=C.UTF-8 /usr/bin/ps -o $o -p $v)\n"
	done
	for o in args,pid pid,cmd fname; do
		testing "zombie $o" "LC_ALL=C.UTF-8 qb pf -F $o -p $z" "$(LC_ALL=C.UTF-8 /usr/bin/ps -o $o -p $z)\n"
	done
	testing "the zombie's cut name" "LC_ALL=C.UTF-8 qb pf -F args= -p $z" "[abcdefghijklm??] <defunct>\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "a zombie's comm, ucmd and ucomm are NAME <defunct> (procps-ng 4.0.5 on), cut as ps cuts them; fname, args and JSON unchanged" {
	emu_locale_skip
	# compared with ps where it is procps-ng 4.0.5 or later; older than
	# that (4.0.2 and 4.0.4 show the bare name), the expectations were
	# recorded from procps-ng 4.0.6's ps built from its release sources,
	# run on the same fixtures (LC_ALL=C.UTF-8 for the cut character)
	run in_ns "$(cat <<-'EOF'
	ref_since procps 4.0.5 && new=1 || new=
	fix -n zparent -z zomb; z=$(qb pf -R Z -P $FIXPID)
	fix -n zparent -z abcdefghijklmno; y=$(qb pf -R Z -P $FIXPID)
	fix -n zparent -z $'abcdefghijklm\xe2\x82\xac'; x=$(qb pf -R Z -P $FIXPID)
	[ -n "$z" ] && [ -n "$y" ] && [ -n "$x" ] || echo "no zombie"
	W=$(/usr/bin/ps -o pid= -p 1 | wc -c); W=$((W - 1))   # ps's PID width
	for f in comm:COMMAND ucmd:CMD ucomm:COMMAND; do
		h=${f#*:} f=${f%%:*}
		# last: all of it; in the middle: cut to the column's 15
		want=$(printf '%-15s %*s\n' $h $W PID 'zomb <defunct>' $W $z \
		    abcdefghijklmno $W $y)
		[ -z "$new" ] || want=$(/usr/bin/ps -o $f,pid -p $z,$y)
		testing "$f middle" "qb pf -F $f,pid -p $z,$y" "$want\n"
		want=$(printf '%s\n%s' 'zomb <defunct>' 'abcdefghijklmno <defunct>')
		[ -z "$new" ] || want=$(/usr/bin/ps -o $f= -p $z,$y)
		testing "$f last" "qb pf -F $f= -p $z,$y" "$want\n"
		want='abcdefghijklm?? <defunct>'
		[ -z "$new" ] || want=$(LC_ALL=C.UTF-8 /usr/bin/ps -o $f= -p $x)
		testing "$f cut character" "LC_ALL=C.UTF-8 qb pf -F $f= -p $x" "$want\n"
	done
	want=$(printf '%s\n%s' zomb abcdefgh)
	[ -z "$new" ] || want=$(/usr/bin/ps -o fname= -p $z,$y)
	testing "fname: the bare name" "qb pf -F fname= -p $z,$y" "$want\n"
	want='[zomb] <defunct>'
	[ -z "$new" ] || want=$(/usr/bin/ps -o args= -p $z)
	testing "args as before" "qb pf -F args= -p $z" "$want\n"
	testing "JSON: the name alone (the state says zombie)" \
	    "qb pf --json -F comm,state -p $z" '{"comm":"zomb","state":"Z"}\n'
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "what ps 4.0.6 shows as '?' that older ones did not: C1 controls, private use, past U+10FFFF, a bad byte before good UTF-8; every unprintable byte in the C locale" {
	emu_locale_skip
	# procps-ng 4.0.5 escapes a byte at a time where 4.0.2 escaped the
	# rest of the text (and 4.0.4 kept private use and past U+10FFFF);
	# older than that, the expectations recorded from procps-ng 4.0.6's
	# ps built from its release sources (LC_ALL=C.UTF-8, or C,
	# ps -o comm= and -o args= of these fixtures)
	run in_ns "$(cat <<-'EOF'
	ref_since procps 4.0.5 && new=1 || new=
	for c in $'\xc2\x85x:??x' $'\xf4\x90\x80\x80P:????P' $'\xee\x80\x80u:???u' \
	    $'\xf3\xb0\x80\x80v:????v' $'x\x80\xc3\xa9:x?\xc3\xa9' $'\xc2\x9fA\xc2\xa0:??A\xc2\xa0'; do
		fix -n "${c%%:*}" "${c%%:*}"; p=$FIXPID; want=${c#*:}
		[ -z "$new" ] || want=$(LC_ALL=C.UTF-8 /usr/bin/ps -o comm= -p $p)
		testing "comm ${c#*:}" "LC_ALL=C.UTF-8 qb pf -F comm= -p $p" "$want\n"
		# the last argument (the fixture's own come first)
		[ -z "$new" ] || want=$(LC_ALL=C.UTF-8 /usr/bin/ps -o args= -p $p | sed 's/.* //')
		testing "args ${c#*:}" "LC_ALL=C.UTF-8 qb pf -F args= -p $p | sed 's/.* //'" "$want\n"
	done
	fix -n $'a\x01b\x7fc\xc3\xa9' $'\x1b[0m\xff'; p=$FIXPID
	want="a?b?c??"; [ -z "$new" ] || want=$(LC_ALL=C /usr/bin/ps -o comm= -p $p)
	testing "C locale comm" "LC_ALL=C qb pf -F comm= -p $p" "$want\n"
	want="?[0m?"; [ -z "$new" ] || want=$(LC_ALL=C /usr/bin/ps -o args= -p $p | sed 's/.* //')
	testing "C locale args" "LC_ALL=C qb pf -F args= -p $p | sed 's/.* //'" "$want\n"
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

@test "lstart: ctime's form in the local zone, as ps (TZ unset, empty, a zone file, a POSIX string, leap seconds)" {
	run in_ns "$(cat <<-'EOF'
	fix -n lst; p=$FIXPID
	# right/...: zones that count leap seconds (27 s behind since 2017)
	for tz in UTC Asia/Tokyo :Europe/Paris America/New_York EST5EDT XYZ-3 '<+0530>-5:30' /usr/share/zoneinfo/Australia/Adelaide Nowhere/Zone '' right/UTC :right/Asia/Tokyo; do
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

@test "tz_offset (lstart's zone): localtime_r's offset every 3 hours from 1902 to 2037, zones with and without DST, with leap seconds" {
	[ -e /usr/share/zoneinfo/Europe/Paris ] || skip "no /usr/share/zoneinfo (tzdata)"
	for tz in Europe/Paris America/New_York Asia/Tokyo Australia/Adelaide Pacific/Chatham \
	    :America/Sao_Paulo EST5EDT XYZ-3 '<+0530>-5:30' '' right/UTC right/Europe/Paris; do
		run env TZ="$tz" "$TESTBIN/unit_core" tz
		[ "$output" = "0 differ" ] || { echo "TZ=$tz: $output"; false; }
	done
	run env -u TZ "$TESTBIN/unit_core" tz
	[ "$output" = "0 differ" ]
}
