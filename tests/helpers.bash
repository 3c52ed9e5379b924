# helpers.bash: shared by every tests/*.bats file (load helpers).
command -v bats_require_minimum_version >/dev/null && bats_require_minimum_version 1.5.0
#
#   QB        the quickbox binary under test (make test / make check set it)
#   TESTBIN   the built test programs (qbfix, unit_*)
#   QBBIN     a directory of links NAME -> $QB for every `quickbox --list` name
#   REF       where the reference tools live (/usr/bin): compare against them
#   FIXDIR    where fixtures and in_ns scripts put their files: the test's
#             own $BATS_TEST_TMPDIR unless the file sets another (unset,
#             "$FIXDIR/out" was /out)
#
#   in_ns 'SCRIPT'       run SCRIPT with bash as PID 1 of a private PID and
#                        mount namespace with its own /proc: a known process
#                        table. These helpers are loaded in there too. It
#                        runs in a new session (setsid), so no fixture has a
#                        controlling tty, whether or not the suite runs on
#                        one. Its status: SCRIPT's, or 1 when a `testing`
#                        check in it failed. Skips (need_ns) where no
#                        namespace can be had.
#   mount_ns CMD ARGS... run CMD in a private mount namespace: mounts made
#                        in it stay there (use it, never unshare --mount,
#                        which fails in a plain chroot). Skips as in_ns.
#   need_ns              skip the test, naming the reason, unless private
#                        namespaces work here: root with CAP_SYS_ADMIN, /
#                        a mount point or a plain chroot (tests/ns.sh)
#   ns_mode              how: mount-point, chroot or "none: REASON"
#   testing NAME COMMAND EXPECTED [STDIN]
#                        (toybox style; in in_ns or anywhere) run COMMAND
#                        (eval'd in this shell: no extra process) with STDIN
#                        (printf %b; default: empty) as its stdin: its
#                        stdout must be EXPECTED (printf %b,
#                        so "1 2\n") byte for byte. A mismatch prints NAME,
#                        both texts, and fails (status 1; in in_ns the whole
#                        script fails at its end). stderr goes through.
#   qb APPLET ARGS...    "$QB" APPLET ARGS (short for COMMANDs)
#   fix [qbfix args]     (inside in_ns or anywhere) start a qbfix fixture in the
#                        background, wait until it is ready and settled:
#                        asleep in its pause (state S), or stopped (T)
#                        with -S (-C churns: ready only); its pid is in
#                        $FIXPID
#   fix_settle PID QBFIX-ARGS...
#                        wait until a fixture started with these args is
#                        settled as fix's are (S; T with -S; -C: at once)
#   wait_file FILE...    wait (up to 10 s) until each FILE exists
#   wait_state PID [STATES]
#                        wait (up to 10 s) until PID's state is one of
#                        STATES (default S): a process past its ready file,
#                        or just exec'd, may still be R (runnable, not yet
#                        run on a busy machine), or not yet stopped
#   wait_for FILE TEXT   wait (up to 5 s) until FILE holds TEXT
#   need_root            skip the test unless running as root
#   top_make ARGS...     make -s -C <the top directory> ARGS, one at a time
#                        across the files running in parallel: its
#                        default build (build/, ./quickbox) is shared, and
#                        make install builds it when it is missing (make
#                        check tests another binary)
#   emu_skip WHAT        skip when the binary runs under qemu-user (QB_EMU,
#                        set by make check-arch), naming what the emulator
#                        changes (real-time signal numbers, ...)
#   emu_endian_skip WHAT  the same, only when the emulated binary's byte
#                        order is not this machine's (cross-endian values)
#   emu_locale_skip      emu_endian_skip for a test of a UTF-8 locale: a
#                        C library of the other byte order cannot read this
#                        machine's locale files (setlocale fails)
#   same_word BIN        the binary under test has BIN's word size (ELF
#                        class): a 32-bit build beside the host's 64-bit
#                        procps has not, and reads numbers past 2^31 as a
#                        32-bit procps would (strtol saturating there)
#   seccomp_skip WHAT    skip under make check-seccomp (QB_SECCOMP set):
#                        the test checks WHAT, a path the filter closes
#   parscan_skip         skip when the binary was built without the
#                        parallel scan (make PARSCAN=0: --version says so)
#   ref_ver PKG          the installed reference's version: procps
#                        (/usr/bin/pgrep -V) or coreutils (/usr/bin/head
#                        --version), e.g. 4.0.2 or 9.1; empty when absent
#   ref_since PKG VER    true when the installed reference is VER or newer:
#                        a behaviour the target release (procps-ng 4.0.6,
#                        coreutils 9.11) got in VER is then the installed
#                        tool's too, and a test compares with it; else the
#                        test compares with the expectation recorded from
#                        the target release (tests/ref/)

: "${QB:=$(cd "${BATS_TEST_DIRNAME:-.}/.." && pwd)/quickbox}"
: "${TESTBIN:=$(cd "${BATS_TEST_DIRNAME:-.}/.." && pwd)/build/tests}"
: "${REF:=/usr/bin}"
QB_TESTS=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[ -n "${FIXDIR-}" ] || [ -z "${BATS_TEST_TMPDIR-}" ] || FIXDIR=$BATS_TEST_TMPDIR
export QB TESTBIN REF FIXDIR
export LC_ALL=C
FIX="$TESTBIN/qbfix"

need_root() {
	[ "$(id -u)" = 0 ] || skip "needs root (private PID namespace)"
}

emu_skip() {
	[ -z "${QB_EMU-}" ] || skip "$QB_EMU: $1"
}

# the byte order of the binary under test differs from this machine's
# and qemu-user carries values between them (a sigqueue value)
emu_endian_skip() {
	[ -n "${QB_EMU-}" ] || return 0
	[ "$(od -An -j5 -N1 -tu1 "$QB")" = "$(od -An -j5 -N1 -tu1 /proc/self/exe)" ] ||
	    skip "$QB_EMU: $1"
}

emu_locale_skip() {
	emu_endian_skip "a C library of the other byte order cannot read this machine's locale files (setlocale fails, the C locale stays)"
}

same_word() {
	[ "$(od -An -j4 -N1 -tu1 "$QB")" = "$(od -An -j4 -N1 -tu1 "$1")" ]
}

ref_ver() {
	case $1 in
	procps) "$REF/pgrep" -V 2>/dev/null | sed -n 's/.*procps-ng \([0-9.]*\).*/\1/p' ;;
	coreutils) "$REF/head" --version 2>/dev/null | sed -n '1s/.* \([0-9][0-9.]*\)$/\1/p' ;;
	esac
}

# vercmp-free: the fields compared as numbers, left to right
ref_since() {
	local have want i
	IFS=. read -ra have <<<"$(ref_ver "$1")"
	IFS=. read -ra want <<<"$2"
	[ ${#have[@]} -gt 0 ] || return 1
	for ((i = 0; i < ${#want[@]}; i++)); do
		[ "${have[i]:-0}" -gt "${want[i]}" ] && return 0
		[ "${have[i]:-0}" -lt "${want[i]}" ] && return 1
	done
	return 0
}

seccomp_skip() {
	[ -z "${QB_SECCOMP-}" ] || skip "under $QB_SECCOMP: checks $1"
}

# make the link directory once per test file
qbbin_setup() {
	QBBIN="${BATS_FILE_TMPDIR:-${TMPDIR:-/tmp}}/qbbin"
	if [ ! -d "$QBBIN" ]; then
		mkdir -p "$QBBIN"
		for n in $("$QB" --list); do ln -sf "$QB" "$QBBIN/$n"; done
	fi
	export QBBIN
}

# probed once per run (tests/ns.sh --probe, a few unshare calls), kept
# in QB_NS: bats-count.sh sets it for the whole run, else the first
# test of a file that asks probes and keeps the answer beside the run
ns_mode() {
	local f="${BATS_RUN_TMPDIR:-${TMPDIR:-/tmp}}/qb-ns-mode"
	if [ -z "${QB_NS-}" ]; then
		if [ -n "${BATS_RUN_TMPDIR-}" ] && [ -s "$f" ]; then
			QB_NS=$(cat "$f")
		else
			QB_NS=$(bash "$QB_TESTS/ns.sh" --probe)
			[ -z "${BATS_RUN_TMPDIR-}" ] || printf '%s\n' "$QB_NS" > "$f"
		fi
		export QB_NS
	fi
	printf '%s\n' "$QB_NS"
}

need_ns() {
	ns_mode > /dev/null
	case $QB_NS in none*) skip "no private namespace here (${QB_NS#none: }; tests/ns.sh)" ;; esac
}

mount_ns() {
	need_ns
	bash "$QB_TESTS/ns.sh" "$@"
}

# `run in_ns ...` runs in_ns in a subshell, where a skip only ends the
# subshell: bats' run is wrapped so that a run of in_ns or mount_ns
# asks need_ns first, in the test's own shell
if declare -F run > /dev/null && ! declare -F qb_bats_run > /dev/null; then
	eval "qb_bats_run$(declare -f run | sed '1s/^run *//')"
	run() {
		local a
		for a; do
			case $a in in_ns | mount_ns) need_ns; break ;; esac
		done
		qb_bats_run "$@"
	}
fi

in_ns() {
	need_ns
	bash "$QB_TESTS/ns.sh" --pid setsid bash -c \
	    "source '$QB_TESTS/helpers.bash'; $1
	    qb_rc=\$?; [ -z \"\$TESTING_FAILED\" ] || exit 1; exit \$qb_rc"
}

qb() { "$QB" "$@"; }

top_make() {
	flock "${BATS_RUN_TMPDIR:-${TMPDIR:-/tmp}}/qb-top-make.lock" \
	    make -s -C "$(cd "$BATS_TEST_DIRNAME/.." && pwd)" "$@"
}

# COMMAND runs in this shell with files for stdin and stdout, so it adds
# no process (no subshell, no pipe) to the table it may be looking at
testing() {
	local name=$1 cmd=$2 want got t="${FIXDIR:-${TMPDIR:-/tmp}}/testing.$$"
	want=$(printf '%b' "$3"; printf x)
	printf '%b' "${4-}" > "$t.in"
	eval "$cmd" < "$t.in" > "$t.out"
	got=$(cat "$t.out"; printf x)
	rm -f "$t.in" "$t.out"
	[ "$got" = "$want" ] && return 0
	printf 'FAIL: %s\n  command:  %s\n  expected: %q\n  got:      %q\n' \
	    "$name" "$cmd" "${want%x}" "${got%x}"
	TESTING_FAILED=1
	return 1
}

wait_file() {
	local f i
	for f in "$@"; do
		for ((i = 0; i < 1000; i++)); do
			[ -e "$f" ] && break
			sleep 0.01
		done
		[ -e "$f" ] || { echo "wait_file: $f never appeared" >&2; return 1; }
	done
}

# wait (up to 5 s) until FILE holds TEXT
wait_for() {
	local i
	for ((i = 0; i < 500; i++)); do
		grep -qF -- "$2" "$1" 2> /dev/null && return 0
		sleep 0.01
	done
	echo "wait_for: '$2' never showed in $1" >&2
	return 1
}

# wait (up to 5 s) until FILE holds at least N lines: a signal's handler
# logs when its process next runs, which a loaded machine may delay
wait_lines() {
	local i n
	for ((i = 0; i < 500; i++)); do
		n=$(wc -l 2>/dev/null < "$1") || n=0
		[ "$n" -ge "$2" ] && return 0
		sleep 0.01
	done
	echo "wait_lines: $1 never held $2 lines" >&2
	return 1
}

# the state read without a process (read, not cat: a test may be
# counting the processes); the name may hold ") " and newlines
wait_state() {
	local i s=
	for ((i = 0; i < 1000; i++)); do
		{ read -r -d '' s < "/proc/$1/stat" || :; } 2> /dev/null
		s=${s##*) } s=${s%% *}
		[ -n "$s" ] && [[ ${2:-S} == *"$s"* ]] && return 0
		sleep 0.01
	done
	echo "wait_state: $1 never reached state ${2:-S} (last: ${s:-none})" >&2
	return 1
}

FIXN=0
fix() {
	local r="${FIXDIR:-${BATS_TEST_TMPDIR:-/tmp}}/fixready.$$.$((FIXN += 1))"
	"$FIX" -r "$r" "$@" &
	FIXPID=$!
	wait_file "$r" && fix_settle $FIXPID "$@"
}

# fix_settle PID QBFIX-ARGS...: past its ready file a fixture has yet to
# reach its pause (or its stop): a state, %cpu or rss read before then
# differs from one read after (CI read R, and S from the reference tool).
# Waits for S, or T with -S; a churning one (-C) has no one state
fix_settle() {
	local p=$1 a
	shift
	for a; do
		case $a in
		-S) wait_state $p T; return ;;
		-C) return 0 ;;
		esac
	done
	wait_state $p
}

# has_applet NAME: skip unless the binary under test holds NAME
has_applet() {
	"$QB" --list | grep -qx "$1" || skip "applet $1 not built"
}

# the binary under test was built with make PARSCAN=0: no parallel scan
parscan_skip() {
	case $("$QB" --version) in
	*"without the parallel scan"*) skip "built without the parallel scan (make PARSCAN=0)" ;;
	esac
}
