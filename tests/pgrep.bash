# pgrep.bash: differential helpers for the procps personalities
# (tests/pgrep.bats pkill.bats pidwait.bats pidof.bats: load pgrep).
#
#   pg_setup           per test: link dir, a world-writable scratch dir $W
#   fixtures           (inside in_ns) start the known process table below
#   same PROG ARGS...  (inside in_ns) run $REF/PROG and our PROG on the same
#                      table; stdout, stderr and status must be identical
#   sigrun PROG ARGS.. (inside in_ns) fresh fixtures, run PROG from DIR
#                      ($REF or $QBBIN in $SIDE), print what it printed
#                      with PIDs replaced by fixture names, then the
#                      signals each fixture logged

pg_setup() {
	qbbin_setup
	# under /tmp itself: fixtures running as nobody write here too
	W=$(mktemp -d /tmp/qbpg.XXXXXX)
	chmod 1777 "$W"
	export W
}

pg_teardown() {
	[ -n "${W:-}" ] && rm -rf "$W"
}

# fix_as USER NAME ARGS: a fixture running as USER (setpriv)
fix_as() {
	local u=$1 n=$2
	shift 2
	setpriv --reuid="$u" --regid="$u" --clear-groups "$FIX" -r "$W/$n.ready" \
	    -n "$n" -l "$W/$n.log" -c USR1,USR2,HUP,TERM "$@" &
	pg_ready "$n.ready" "$n" "$@"
}

# pg_ready READY NAME [QBFIX-ARGS]: wait for the fixture's ready file
# $W/READY, keep its pid as $W/NAME.pid, wait until it is asleep (stopped
# with -S: fix_settle): a state that changes between procps's run and
# ours (R to S, S to T) differs
pg_ready() {
	wait_file "$W/$1" || exit 9
	cp "$W/$1" "$W/$2.pid"
	fix_settle "$(cat "$W/$2.pid")" "${@:3}" || exit 9
}

# named NAME [qbfix args]: a fixture whose pid goes in $W/NAME.pid and
# whose caught signals go in $W/NAME.log; settled when this returns
named() {
	local n=$1
	shift
	"$FIX" -r "$W/$n.ready" -l "$W/$n.log" -c USR1,USR2,HUP,TERM,INT "$@" &
	pg_ready "$n.ready" "$n" "$@"
}

# wait until thread names are set (qbfix now writes its ready file only
# once its thread has named itself: a second check, at no cost)
thread_named() {
	local i
	for ((i = 0; i < 500; i++)); do
		grep -qx "$2" /proc/"$1"/task/*/comm 2>/dev/null && return 0
		sleep 0.01
	done
	return 1
}

fixtures() {
	named plain -n plainproc arg1 'arg 2'
	named tab -n $'tab\tname' x
	named space -n 'sp ace' y
	named newline -n $'new\nline' $'\x7f'
	named utf -n $'\xc3\xa9t\xc3\xa9' z
	named bad -n $'bad\xffbyte' $'\xff\xfe' $'nl\nin' $'t\tab'
	named long -n averyveryverylongname
	named smiley -n ':-) 1 2 3 4 5 6'
	named zomb -n zparent -z zkid
	cat /proc/"$(cat "$W/zomb.pid")"/task/*/children | tr -d " " >"$W/zkid.pid"
	named thr -n thrmain -T thrkid
	thread_named "$(cat "$W/thr.pid")" thrkid || exit 9
	grep -lx thrkid /proc/"$(cat "$W/thr.pid")"/task/*/comm | cut -d/ -f5 >"$W/thrkid.pid"
	named stopped -n stopme -S
	named tree -n treeproc -k
	pg_ready tree.ready.child treekid
	setsid "$FIX" -r "$W/sess.ready" -n sessproc &
	echo $! >"$W/sess.job"
	pg_ready sess.ready sess
	fix_as 65534 nobodyproc
	script -qfc "$FIX -r $W/tty.ready -n ttyproc" /dev/null </dev/null >/dev/null &
	echo $! >"$W/tty.job"
	pg_ready tty.ready tty
}

# same PROG ARGS: procps's PROG and ours (argv[0] PROG, stdin /dev/null)
# through tests/qbdiff.c, which names a difference on stdout; sets bad=1
# on one, so a test script can end with `exit $bad`. With QBDIFF_AGE=-A
# qbdiff first waits until it is two clock ticks old: -O below 0 leaves
# out a process younger than procps's clock, and qbdiff is in the table
# The target is procps-ng 4.0.6. An older installed procps's --help,
# usage and -V texts are swapped for 4.0.6's before comparing (qbdiff -U;
# the texts in tests/ref/procps-4.0.6/ were printed by procps-ng 4.0.6
# built from its release tag, see the README there; pgrep.bats' first
# test checks them). One before 4.0.5 showed a control byte as '.', not
# '?': both stdouts are compared with '.' read as '?' (qbdiff -E); the
# exact bytes are checked against recorded ones (pgrep.bats, "escape").
bad=0 nsame=0
PG_TEXTS=$QB_TESTS/ref/procps-4.0.6
PG_OLDER=()
ref_since procps 4.0.6 || PG_OLDER=(-U "$PG_TEXTS")
ref_since procps 4.0.5 || PG_OLDER+=(-E)
same() {
	local p=$1
	shift
	nsame=$((nsame + 1))
	"$TESTBIN/qbdiff" ${QBDIFF_AGE:+"$QBDIFF_AGE"} "${PG_OLDER[@]}" "$p" "$QBBIN/$p" "$REF/$p" "$@" || bad=1
}

# since VER WANT PROG ARGS (inside in_ns): a behaviour procps-ng got in
# VER, compared with the installed procps when it is VER or newer, else
# with WANT (as expect's; a line <usage> stands for PROG's usage text)
# recorded from procps-ng 4.0.6 run the same way
since() {
	local v=$1 w=$2 u
	shift 2
	if ref_since procps "$v"; then
		same "$@"
		return
	fi
	u=$(cat "$PG_TEXTS/$1-help.txt")
	expect "${w//<usage>/$u}" "$@"
}

# same_as 'REFARGS' PROG ARGS: ours with ARGS, procps's with REFARGS
# (split at blanks): a rule stated as "ARGS act as REFARGS" (a 32-bit
# build's saturated numbers); output, errors and status must be equal
same_as() {
	local r=$1 p=$2 a b
	shift 2
	nsame=$((nsame + 1))
	# shellcheck disable=SC2086
	a=$(cd / && (exec -a "$p" "$REF/$p" $r) </dev/null 2>&1; echo "status $?")
	b=$(cd / && (exec -a "$p" "$QBBIN/$p" "$@") </dev/null 2>&1; echo "status $?")
	[ "$a" = "$b" ] && return
	echo "differs: $p $* (as $p $r)"
	diff <(echo "$a") <(echo "$b")
	bad=1
}

# unpid_file: (once per fixture table) "PID <name>" lines of the fixtures
unpid_file() {
	local f p n
	[ -e "$W/unpid.map" ] && return
	for f in "$W"/*.pid; do
		read -r p <"$f"
		n=${f##*/}
		echo "$p <${n%.pid}>"
	done >"$W/unpid.map"
}

# unpid FILE...: the text with fixture PIDs as <name>, whole PID tokens
# only, and only where the tools print a PID: the first token of a line,
# one after a comma, "pid N", and every token of a line that is nothing
# but PIDs joined by one delimiter (pidof, -d). Digits inside names and
# command lines ("arg 2", ":-) 1 2 3") stay, whatever the PIDs are.
unpid() {
	unpid_file
	awk -v map="$W/unpid.map" '
	BEGIN { while ((getline l < map) > 0) { split(l, a, " "); nm[a[1]] = a[2] } }
	function tok(t) { return (t in nm) ? nm[t] : t }
	{
		line = $0; out = ""
		if (line ~ /^[0-9]+([^0-9]+[0-9]+)*$/) {
			# a list? one and the same delimiter between all tokens
			rest = line; d = ""; list = 1; n = 0
			while (match(rest, /[^0-9]+/)) {
				if (d == "") d = substr(rest, RSTART, RLENGTH)
				else if (substr(rest, RSTART, RLENGTH) != d) list = 0
				t[++n] = substr(rest, 1, RSTART - 1)
				rest = substr(rest, RSTART + RLENGTH)
			}
			t[++n] = rest
			if (list) {
				for (i = 1; i <= n; i++)
					out = out (i > 1 ? d : "") tok(t[i])
				print out; next
			}
		}
		if (match(line, /^[0-9]+/)) {
			out = tok(substr(line, 1, RLENGTH))
			line = substr(line, RLENGTH + 1)
		}
		# "pid N" and ",N": a whole digit run after them
		while (match(line, /(pid |,)[0-9]+/)) {
			pre = substr(line, RSTART, RLENGTH)
			k = (substr(pre, 1, 1) == ",") ? 1 : 4
			after = substr(line, RSTART + RLENGTH, 1)
			if (after ~ /[0-9A-Za-z_]/)
				rep = pre
			else
				rep = substr(pre, 1, k) tok(substr(pre, k + 1))
			out = out substr(line, 1, RSTART - 1) rep
			line = substr(line, RSTART + RLENGTH)
		}
		print out line
	}' "$@"
}

# expect WANT PROG ARGS... (inside in_ns): our PROG alone, for what the
# installed procps may lack or do otherwise: "status=N", stdout, stderr must
# equal WANT, with fixture PIDs as <name> (see unpid). Start every
# fixture before the first call.
expect() {
	local want=$1 got
	shift
	nsame=$((nsame + 1))
	got=$(PATH=$QBBIN "$@" >"$W/q.out" 2>"$W/q.err"
	    echo "status=$?"; unpid "$W/q.out" "$W/q.err")
	if [ "$got" != "$want" ]; then
		echo "UNEXPECTED: $*"
		diff <(echo "$want") <(echo "$got")
		bad=1
	fi
}

# log_has NAME LINE: wait until fixture NAME has logged LINE (signals are
# handled asynchronously); else say so and set bad
log_has() {
	local i
	for ((i = 0; i < 300; i++)); do
		grep -qx "$2" "$W/$1.log" 2>/dev/null && return 0
		sleep 0.01
	done
	echo "NOT LOGGED: $1 $2"
	bad=1
}

# reaped NAME... (a command of a sigseq sequence, or in a pg_ns script):
# wait until the fixtures NAME (sess, tty: they catch no signal, so the
# first one sent kills them) have died and been reaped by this shell, the
# parent of their job ($W/NAME.job: sessproc itself, ttyproc's script).
# kill() returns before its victim has died, and a dead one stays in
# /proc as a zombie until reaped: a scan right after a kill sees it or
# not, as the scheduler decides. The exit is awaited on a pidfd (procps
# pidwait, at most 10 s; one still alive then is reported), the reaping
# by `wait`: no sleeping. Bash's note on a job killed by a signal, which
# it prints as it reaps, goes nowhere.
reaped() {
	local n p
	for n in "$@"; do
		read -r p <"$W/$n.job"
		if /usr/bin/timeout 10 "$REF/pidwait" -F "$W/$n.job" ||
		    [ $? != 124 ]; then
			wait "$p"
		else
			echo "NOT KILLED: $n"
		fi
	done 2>/dev/null
	return 0
}

# envfix NAME ENV...: a fixture (comm NAME) with exactly this environment
envfix() {
	local n=$1
	shift
	env -i "$@" "$FIX" -r "$W/$n.ready" -n "$n" &
	pg_ready "$n.ready" "$n"
}

# run PROG ARGS on fresh fixtures from $SIDE; print output + logs
sigrun() {
	local p=$1 f
	shift
	rm -f "$W"/*
	fixtures
	if [ -n "${ASUSER:-}" ]; then
		PATH=$SIDE /usr/bin/setpriv --reuid="$ASUSER" --regid="$ASUSER" \
		    --clear-groups "$p" "$@" >"$W/o" 2>"$W/e"
	else
		PATH=$SIDE "$p" "$@" >"$W/o" 2>"$W/e"
	fi
	echo "status=$?"
	# the fixtures log a signal when they next run: let them (a loaded
	# machine left the reference's side without its line, twice)
	settle
	unpid <"$W/o"
	unpid <"$W/e"
	for f in "$W"/*.log; do
		[ -s "$f" ] && echo "$(basename "$f"): $(tr '\n' ' ' <"$f")"
	done
	true
}

# pg_ns 'SCRIPT': in_ns with these helpers loaded too
pg_ns() {
	in_ns "source '${BATS_TEST_DIRNAME}/pgrep.bash'; $1"
}

# sigseq 'CMD ARGS' ... (inside in_ns): one fresh fixture table, each
# command run in turn from $SIDE (its status, output, errors printed),
# then the signals each fixture logged. Fixtures catch the signals used,
# so one table serves a whole sequence.
sigseq() {
	local c f
	rm -f "$W"/*
	fixtures
	for c in "$@"; do
		eval "set -- $c"
		echo "== $c"
		PATH=$SIDE "$@" >"$W/o" 2>"$W/e"
		echo "status=$?"
		settle
		unpid <"$W/o"
		unpid <"$W/e"
	done
	for f in "$W"/*.log; do
		[ -s "$f" ] && echo "$(basename "$f"): $(tr '\n' ' ' <"$f")"
	done
	true
}

# settle (inside in_ns): wait (up to 3 s a fixture) until no fixture has
# a signal pending, so that the next command's signals are not merged
# into this one's: two pending SIGUSR1 are one, and on a busy machine a
# fixture may not run between two commands (CI's fresh root logged 6
# SIGUSR1 of 7). A stopped fixture keeps its signals pending: skipped.
settle() {
	local f p i
	for f in "$W"/*.pid; do
		read -r p < "$f" 2> /dev/null || continue
		for ((i = 0; i < 300; i++)); do
			awk '/^State:/ && $2 ~ /^[TtZX]/ { quiet = 1 }
			    /^(SigPnd|ShdPnd):/ && $2 !~ /^0+$/ { busy = 1 }
			    END { exit !(quiet || !busy) }' "/proc/$p/status" \
			    2> /dev/null && break
			[ -e "/proc/$p" ] || break
			sleep 0.01
		done
	done
}

# older: what same's qbdiff -U and -E do, for sigseq's and sigrun's text
# (both sides): a usage block is <usage> when the installed procps
# predates 4.0.6, and '.' reads '?' when it predates 4.0.5's escaping
older() {
	local e=()
	ref_since procps 4.0.6 || e+=(-e '/^Usage:$/,/^For more details see /c<usage>')
	ref_since procps 4.0.5 || e+=(-e 'y/./?/')
	if [ ${#e[@]} -gt 0 ]; then sed "${e[@]}"; else cat; fi
}

# seqsame 'CMD ARGS' ... (outside in_ns): sigseq with the reference tools
# and with ours, each in a fresh namespace, and compare
seqsame() {
	local a b q
	q=$(printf '%q ' "$@")
	a=$(pg_ns "SIDE=$REF sigseq $q" 2>/dev/null)
	b=$(pg_ns "SIDE=$QBBIN sigseq $q" 2>/dev/null)
	[[ "$a" == "== "* ]] || { echo "reference run failed: $a"; return 1; }
	if [ "$(older <<<"$a")" != "$(older <<<"$b")" ]; then
		echo "DIFFERS:"
		diff <(older <<<"$a") <(older <<<"$b")
		return 1
	fi
	echo "$b"
}

# sigsame PROG ARGS (outside in_ns): sigrun with the reference and with
# ours, each in a fresh namespace of its own, and compare
sigsame() {
	local a b q
	q=$(printf '%q ' "$@")
	a=$(pg_ns "SIDE=$REF sigrun $q" 2>/dev/null)
	b=$(pg_ns "SIDE=$QBBIN sigrun $q" 2>/dev/null)
	[[ "$a" == status=* ]] || { echo "reference run failed: $a"; return 1; }
	if [ "$(older <<<"$a")" != "$(older <<<"$b")" ]; then
		echo "DIFFERS: $*"
		diff <(older <<<"$a") <(older <<<"$b")
		return 1
	fi
}

# pw_waiting PID: wait (5 s) until PID is pidwait, asleep in its wait
# (its -e lines may not be out yet: stdio holds them for a file)
pw_waiting() {
	local i c
	for ((i = 0; i < 500; i++)); do
		read -r c <"/proc/$1/comm" 2>/dev/null
		[ "$c" = pidwait ] && wait_state "$1" S && return 0
		sleep 0.01
	done
	echo "pw_waiting: $1 never waited" >&2
	return 1
}

# end of a pg_ns script: say how many comparisons ran, fail on any diff
finish() {
	echo "compared $nsame"
	exit $bad
}

# (bats side) after `run pg_ns '...; finish'`
pg_check() {
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"compared "[1-9]* ]]
}
