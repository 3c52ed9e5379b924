# helpers.bash: shared by every tests/*.bats file (load helpers).
command -v bats_require_minimum_version >/dev/null && bats_require_minimum_version 1.5.0
#
#   QB        the quickbox binary under test (make test / make check set it)
#   TESTBIN   the built test programs (qbfix, unit_*)
#   QBBIN     a directory of links NAME -> $QB for every `quickbox --list` name
#   REF       where the reference tools live (/usr/bin): compare against them
#
#   in_ns 'SCRIPT'       run SCRIPT with bash as PID 1 of a private PID and
#                        mount namespace with its own /proc: a known process
#                        table. These helpers are loaded in there too.
#   fix [qbfix args]     (inside in_ns or anywhere) start a qbfix fixture in the
#                        background, wait until it is ready; its pid is in $FIXPID
#   wait_file FILE...    wait (up to 10 s) until each FILE exists
#   wait_for FILE TEXT   wait (up to 5 s) until FILE holds TEXT
#   need_root            skip the test unless running as root

: "${QB:=$(cd "${BATS_TEST_DIRNAME:-.}/.." && pwd)/quickbox}"
: "${TESTBIN:=$(cd "${BATS_TEST_DIRNAME:-.}/.." && pwd)/build/tests}"
: "${REF:=/usr/bin}"
export QB TESTBIN REF
export LC_ALL=C
FIX="$TESTBIN/qbfix"

need_root() {
	[ "$(id -u)" = 0 ] || skip "needs root (private PID namespace)"
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

in_ns() {
	need_root
	unshare --fork --pid --mount-proc --kill-child bash -c \
	    "source '${BATS_TEST_DIRNAME}/helpers.bash'; $1"
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

FIXN=0
fix() {
	local r="${FIXDIR:-${BATS_TEST_TMPDIR:-/tmp}}/fixready.$$.$((FIXN += 1))"
	"$FIX" -r "$r" "$@" &
	FIXPID=$!
	wait_file "$r"
}

# has_applet NAME: skip unless the binary under test holds NAME
has_applet() {
	"$QB" --list | grep -qx "$1" || skip "applet $1 not built"
}
