#!/usr/bin/env bats
# pfout.bats: what pf prints about the processes it selects (-F/--output
# against procps ps -o, --json with a JSON parser) and identity tokens
# (-p PID:INODE / PID@START) that refuse a reused PID.
load helpers

setup() {
	has_applet pf
	qbbin_setup
	export FIXDIR="$BATS_TEST_TMPDIR"
	unset COLUMNS   # ps cuts its last column there even in a pipe; pf never
}

# the fields ps has, as pf and ps name them
PSFIELDS="pid ppid pgid sid tty user uid group gid state nice pri nlwp time rss vsz comm args exe cgroup"

# loose: stdin to stdout, with '?' read as '.' where the installed ps is
# older than procps-ng 4.0.5: in the C locale those showed a control
# byte as '.', 4.0.5 on (and pf, as 4.0.6) as '?'; both sides of a
# comparison go through it (psfields.bats checks the '?'s themselves)
loose() {
	if ref_since procps 4.0.5; then cat; else tr '?' .; fi
}
export -f loose

@test "-F matches ps -o field by field (odd names, zombie, nobody's, niced, threads, stopped)" {
	[ -x /usr/bin/ps ] || skip "no /usr/bin/ps (procps)"
	run in_ns "$(cat <<-EOF
	PSFIELDS="$PSFIELDS"
	EOF
	cat <<-'EOF'
	fix -n ":-) 1 2 3 4 5 6"; v="$FIXPID"
	fix -n "$(printf 't\tn\nx\377\303\251"\\')" "$(printf 'a\tb\nc\377')" x; v="$v $FIXPID"
	fix -n zparent -z zomb; v="$v $FIXPID"
	fix -n threads -T worker; v="$v $FIXPID"
	fix -n stopped -S; v="$v $FIXPID"
	fix -n niced; renice -n 7 -p "$FIXPID" > /dev/null; v="$v $FIXPID"
	d=$(mktemp -d); chmod 777 "$d"
	setpriv --reuid=65534 --regid=65534 --clear-groups "$FIX" -n nobodyp -r "$d/nb" &
	wait_file "$d/nb"; n=$(cat "$d/nb"); wait_state $n; v="$v $n"; rm -r "$d"
	z=$(qb pf -R Z zomb); v="$v $z"
	pids=$(printf '%s\n' $v | sort -n | tr '\n' ,); pids=${pids%,}
	# a zombie's comm is "NAME <defunct>" from procps-ng 4.0.5 on:
	# before that, it is left out here (psfields.bats has it, recorded)
	old=$pids; ref_since procps 4.0.5 || old=$(printf '%s\n' $v | grep -vx "$z" | sort -n | paste -sd,)
	for f in $PSFIELDS; do
		p=$pids; [ $f != comm ] || p=$old
		testing "$f" "qb pf -F pid=,$f= -p $p | loose" "$(/usr/bin/ps -o pid=,$f= -p $p | loose)\n"
	done
	testing "start: lstart as ISO 8601 (UTC)" "qb pf -F start= -p $pids" \
	    "$(for p in $v; do TZ=UTC /usr/bin/ps -o lstart= -p $p; done | sort -n |
	       while read -r l; do TZ=UTC date -d "$l" +%Y-%m-%dT%H:%M:%SZ; done)\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

# escaped_as_ps LOCALE: a fixture with odd bytes in its name and argv,
# and pf -F comm,args in LOCALE against ps -o comm,args there
escaped_as_ps() {
	[ -x /usr/bin/ps ] || skip "no /usr/bin/ps (procps)"
	run in_ns "$(cat <<-EOF
	fix -n "\$(printf 'a\tb\303\251\177c')" "\$(printf 'x\303\251\ny\001')"; p=\$FIXPID
	testing "comm,args in $1" "LC_ALL=$1 qb pf -F comm=,args= -p \$p | loose" \\
	    "\$(LC_ALL=$1 /usr/bin/ps -o comm=,args= -p \$p | loose)\\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "-F in the C locale: names escaped as ps escapes them" {
	escaped_as_ps C
}

@test "-F in a UTF-8 locale: names escaped as ps escapes them" {
	emu_locale_skip
	escaped_as_ps en_US.UTF-8
}

@test "-F: kernel threads as ps shows them (outside a namespace)" {
	[ -x /usr/bin/ps ] || skip "no /usr/bin/ps (procps)"
	[ "$(cat /proc/2/comm 2>/dev/null)" = kthreadd ] || skip "no kthreadd at PID 2"
	for f in pid ppid pgid sid tty user uid nice pri nlwp rss vsz comm args exe; do
		testing "kthreadd $f" "qb pf -F $f= -p 2" "$(/usr/bin/ps -o $f= -p 2)\n"
	done
	# kthreadd runs (R) whenever it starts a kernel thread, often on a
	# busy machine: the state is read in pairs until one pair agrees
	local a b i
	for ((i = 0; i < 20; i++)); do
		a=$(qb pf -F state= -p 2)
		b=$(/usr/bin/ps -o state= -p 2)
		[ "$a" != "$b" ] || break
	done
	echo "kthreadd state: pf '$a', ps '$b'"
	[ -n "$b" ]
	[ "$a" = "$b" ]
}

@test "-F: header like ps, NAME=HEADER, --noHeaders, rows only (not -d)" {
	run in_ns "$(cat <<-'EOF'
	fix -n hdr; p=$FIXPID
	w=$(/usr/bin/ps -o pid= -p 1 | wc -c)   # ps's PID width + newline
	testing "ps headers" "qb pf -F pid,state,comm hdr" \
	    "$(/usr/bin/ps -o pid,state,comm -p $p)\n"
	testing "NAME=HEADER" "qb pf -F pid=P,comm=NAME hdr" \
	    "$(/usr/bin/ps -o pid=P,comm=NAME -p $p)\n"
	testing "empty headers: no header line" "qb pf -F pid=,comm= hdr" \
	    "$(/usr/bin/ps -o pid=,comm= -p $p)\n"
	testing "--no-headers" "qb pf --no-headers -F pid,comm hdr" \
	    "$(/usr/bin/ps -o pid=,comm= -p $p)\n"
	testing "repeated -F adds up" "qb pf -F pid= -F comm= hdr" \
	    "$(/usr/bin/ps -o pid=,comm= -p $p)\n"
	testing "-d leaves rows alone" "qb pf -d, -F pid= hdr hdr" \
	    "$(/usr/bin/ps -o pid= -p $p)\n"
	testing "-d still joins plain PIDs" "qb pf -d, -p $p,1" "$p,1\n"
	testing "-L does not apply (no LABEL:None)" "qb pf -L a -L b -F pid= hdr nosuch" \
	    "$(/usr/bin/ps -o pid= -p $p)\n"
	testing "nothing selected: no header, exit 1" "qb pf -F pid nosuch; echo st=\$?" "st=1\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "-F reads what its fields need in the same scan, for the selected processes only (stat, %mem too)" {
	command -v strace > /dev/null || skip "no strace"
	run in_ns "$(cat <<-'EOF'
	fix -n needx; p=$FIXPID
	fix -n needx  # a second row
	fix -n other; o=$FIXPID
	# opens FILE PID PF-ARGS...: how often pf opened PID's FILE
	opens() { f=$1 q=$2; shift 2
		strace -f -e trace=openat -o "$FIXDIR/st" "$QB" pf "$@" needx > /dev/null
		grep -c "\"$q/$f\"" "$FIXDIR/st"; }
	# calls PID PF-ARGS...: every system call that names PID's files
	calls() { q=$1; shift
		strace -f -o "$FIXDIR/st" "$QB" pf "$@" needx > /dev/null
		grep -c "\"$q/" "$FIXDIR/st"; }
	testing "pid: comm only" "opens comm $p -F pid" "1\n"
	testing "pid: no stat" "opens stat $p -F pid; :" "0\n"
	testing "ppid: stat for the selected one" "opens stat $p -F ppid" "1\n"
	testing "user: no status (the owner of /proc/PID is the effective user)" "opens status $p -F user,uid,group,gid; :" "0\n"
	testing "ruser: status" "opens status $p -F ruser" "1\n"
	testing "args: cmdline" "opens cmdline $p -F args" "1\n"
	testing "stat: status for the selected one" "opens status $p -F stat" "1\n"
	testing "%mem: /proc/meminfo once for two rows" "opens meminfo . -F %mem" "1\n"
	testing "no %mem: no meminfo" "opens meminfo . -F pid,stat,lstart,%cpu; :" "0\n"
	testing "unselected: no status for stat, %mem" "opens status $o -F stat,%mem,lstart; :" "0\n"
	testing "unselected: its name only" "opens comm $o -F pid,user,etime,args" "1\n"
	for f in stat status cmdline; do
		testing "unselected: no $f" "opens $f $o -F pid,user,etime,args; :" "0\n"
	done
	testing "unselected: the calls of pf without -F" \
	    "calls $o -F pid,user,etime,args,nlwp,time,rss" "$(calls $o)\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "--json: one object per process, parses for hostile names; bytes recoverable" {
	run in_ns "$(cat <<-'EOF'
	d="$FIXDIR/$(printf 'dir"\\\n\377')"; mkdir -p "$d"
	exe="$d/$(printf 'q\tb\300')"; cp "$FIX" "$exe"
	long=$(head -c 4096 /dev/zero | tr '\0' L)
	v=
	for n in '"quote"' 'back\slash' "$(printf 'new\nline')" "$(printf 'bad\377\300\355\240\200')" "" \
	    "$(printf 'ctl\001\037\177')" "$(printf 'utf8 \303\251\342\202\254\360\237\230\200')"; do
		(cd "$d" && exec "$exe" -r "$FIXDIR/r.$RANDOM" -n "$n" "$n" "$long" '' "$(printf 'x\ny')") &
		p=$!; for i in $(seq 500); do [ "$(cat /proc/$p/comm)" = "$n" ] && break; sleep 0.01; done
		v="$v,$p"
	done
	qb pf --json -F pid,comm,args,argv,exe,cwd -p "${v#,}" > "$FIXDIR/j"
	testing "one line per process" "wc -l < \"\$FIXDIR/j\"" "7\n"
	/usr/bin/python3 - "$FIXDIR/j" <<-'PY'
	import json, sys
	bad = 0
	for line in open(sys.argv[1], encoding="utf-8"):
	    o = json.loads(line)
	    raw = lambda s: s.encode("utf-8", "surrogateescape")
	    base = "/proc/%d/" % o["pid"]
	    want = {
	        "comm": open(base + "comm", "rb").read()[:-1],
	        "exe": __import__("os").readlink(base.encode() + b"exe"),
	        "cwd": __import__("os").readlink(base.encode() + b"cwd"),
	    }
	    argv = open(base + "cmdline", "rb").read().split(b"\0")[:-1]
	    checks = [(k, raw(o[k]), want[k]) for k in want]
	    checks.append(("argv", [raw(a) for a in o["argv"]], argv))
	    checks.append(("args", raw(o["args"]), b" ".join(argv)))
	    checks.append(("pid", type(o["pid"]), int))
	    for k, got, exp in checks:
	        if got != exp:
	            bad = 1
	            print("FAIL %s: %r != %r" % (k, got, exp))
	sys.exit(bad)
	PY
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "--json: the default fields, numbers as numbers, null for none" {
	run in_ns "$(cat <<-'EOF'
	fix -n jdef; p=$FIXPID
	qb pf --json jdef > "$FIXDIR/j"
	/usr/bin/python3 -c '
import json, sys
o = json.loads(open(sys.argv[1]).read())
assert list(o) == ["id", "pid", "ppid", "uid", "user", "state", "start", "comm", "args"], list(o)
assert o["pid"] == int(sys.argv[2]) and o["ppid"] == 1 and o["uid"] == 0, o
assert o["user"] == "root" and o["comm"] == "jdef" and o["state"] == "S", o
assert o["id"].split(":")[0].split("@")[0] == sys.argv[2], o
' "$FIXDIR/j" "$p"
	qb pf --json -F tty,nice,exe,etime,time -p 1 > "$FIXDIR/k"
	/usr/bin/python3 -c '
import json, sys
o = json.loads(open(sys.argv[1]).read())
st = open("/proc/1/stat").read().rsplit(")", 1)[1].split()
# the suite may run niced or on a terminal: expect what /proc says
assert o["nice"] == int(st[16]), (o, st[16])
assert (o["tty"] is None) == (st[4] == "0"), (o, st[4])
assert isinstance(o["etime"], int) and isinstance(o["time"], int), o
assert o["exe"].endswith("bash"), o
' "$FIXDIR/k"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "bad -F / --json / -p input: one line, exit 2" {
	run "$QB" pf -F pid,bogus x
	[ "$status" -eq 2 ]
	[ "${#lines[@]}" -eq 1 ]
	[[ "$output" == "pf: unknown field 'bogus'; fields: pid ppid"*" id" ]]
	run "$QB" pf -F , x
	[ "$status" -eq 2 ]
	[ "$output" = "pf: empty field list ','" ]
	for a in count path aid; do
		run "$QB" pf --json -a "$a" x
		[ "$status" -eq 2 ]
		[ "$output" = "pf: --json cannot be used with the count, path or aid action" ]
	done
	for t in 12:x 12@ :5 0:5 12:5:6 "12 @5" 1@-2; do
		run "$QB" pk -p "$t" x
		[ "$status" -eq 2 ]
		[[ "$output" == "pk: invalid process id token for --pids: '"*"' (PID:INODE or PID@START)" ]]
	done
	run "$QB" pk -p -3 x
	[ "$status" -eq 2 ]
	[ "$output" = "pk: invalid PID for --pids: '-3'" ]
}

@test "id tokens: a reused PID is not the process of the token (pf, pk, pw)" {
	run in_ns "$(cat <<-'EOF'
	fix -n first; a=$FIXPID
	tok=$(qb pf -F id= -p $a)
	testing "the token selects its process" "qb pf -p $tok" "$a\n"
	kill -KILL $a; wait $a
	# the next process gets the same PID
	echo $((a - 1)) > /proc/sys/kernel/ns_last_pid
	fix -n second -c TERM -l "$FIXDIR/log"; b=$FIXPID
	testing "the PID is reused" "echo $b" "$a\n"
	testing "pk: a stale token kills nothing, says so, exit 1" \
	    "qb pk -p $tok 2>&1; echo st=\$?" "pk: $tok is gone (its PID is free or another process's)\nst=1\n"
	testing "pf: selects nothing" "qb pf -p $tok 2>/dev/null; echo st=\$?" "st=1\n"
	testing "pw: waits for nothing (-l: fails, not hangs, if it did)" "qb pw -l 5 -p $tok 2>/dev/null; echo st=\$?" "st=1\n"
	testing "the new process got no signal" "cat \"\$FIXDIR/log\"; kill -0 $b && echo alive" "alive\n"
	st=$(cut -d' ' -f22 /proc/$b/stat)
	testing "PID@START: another start time is stale" "qb pk -p $b@$((st + 1)) 2>/dev/null; echo st=\$?" "st=1\n"
	testing "PID@START of the process: kills it" "qb pk -p $b@$st; echo st=\$?" "st=0\n"
	wait_for "$FIXDIR/log" SIGTERM
	testing "a token of a free PID: nothing" "qb pk -p $tok 2>/dev/null; echo st=\$?" "st=1\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "id tokens: PID:INODE where the kernel has pidfs, PID@START else" {
	run in_ns "$(cat <<-'EOF'
	fix -n idk; p=$FIXPID
	tok=$(qb pf -F id= -p $p)
	case $tok in
	$p:*) testing "pidfs inode" "echo ok" "ok\n" ;;
	$p@*) testing "start time" "echo \${tok#*@}" "$(cut -d' ' -f22 /proc/$p/stat)\n" ;;
	*) testing "a token" "echo $tok" "PID:INODE or PID@START\n" ;;
	esac
	testing "stable across invocations" "qb pf -F id= -p $p" "$tok\n"
	testing "pf -p TOKEN" "qb pf -p $tok" "$p\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "units: JSON strings, identity tokens, stat's extra fields" {
	u="$TESTBIN/unit_proc"
	testing "plain" '"$u" json "a b/é€😀"' '"a b/é€😀"\n'
	testing "quote, backslash, controls" "\"\$u\" json \"\$(printf 'q\"b\\\\\\\\n\\n\\t\\r\\b\\f\\001\\037')\"" \
	    '"q\\"b\\\\\\\\n\\n\\t\\r\\b\\f\\u0001\\u001f"\n'
	testing "invalid bytes: \\\\udcXX each" "\"\$u\" json \"\$(printf 'a\\377\\300\\257\\355\\240\\200\\364\\220\\200\\200\\342\\202z')\"" \
	    '"a\\udcff\\udcc0\\udcaf\\udced\\udca0\\udc80\\udcf4\\udc90\\udc80\\udc80\\udce2\\udc82z"\n'
	testing "PID:INODE" '"$u" ident 12:345' "12 1 345 12:345\n"
	testing "PID@START" '"$u" ident 12@0' "12 2 0 12@0\n"
	testing "PID" '"$u" ident 2147483647' "2147483647 0 0 2147483647\n"
	testing "64-bit inode" '"$u" ident 1:18446744073709551615' "1 1 18446744073709551615 1:18446744073709551615\n"
	for t in 0 2147483648 12: 12@x 1:18446744073709551616 " 1" 1:+2; do
		testing "bad token '$t'" "\"\$u\" ident '$t' || echo st=\$?" "bad\nst=1\n"
	done
	d=$BATS_TEST_TMPDIR
	printf '9 (a) b) S 1 1 1 0 -1 4194560 0 0 0 0 7 8 0 0 25 5 1 0 777 4096 100 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 0 0 3 0 0\n' > "$d/st"
	testing "statx" '"$u" parse statx "$d/st"' "utime=7 stime=8 priority=25 policy=3 vsize=4096\n"
	printf '9 (a) S 1 1 1 0 -1 4194560 0 0 0 0 7 x 0 0 25 5 1 0 777 4096 100\n' > "$d/st"
	testing "statx: a field read is not a number" '"$u" parse statx "$d/st" || echo st=$?' "malformed\nst=1\n"
	printf '9 (a) S 1 1 1 0 -1 4194560 0 0 0 0 7 8 0 0 25 5 1 0 777\n' > "$d/st"
	testing "statx: cut short" '"$u" parse statx "$d/st" || echo st=$?' "malformed\nst=1\n"
	printf '9 (a) S 1 1 1 0 -1 4194560 0 0 0 0 7 8 0 0 -2 5 1 0 777 4096 100\n' > "$d/st"
	testing "statx: no policy (old kernels), RT priority" '"$u" parse statx "$d/st"' "utime=7 stime=8 priority=-2 policy=0 vsize=4096\n"
}
