#!/bin/sh
# tests/ns.sh: a private mount namespace (and PID namespace) wherever the
# machine allows one, for the tests (tests/helpers.bash) and the
# benchmark (bench/lib.sh, bench/scale.sh).
#
#   sh tests/ns.sh [--pid] CMD ARGS...
#       run CMD in a new mount namespace whose mounts never reach the
#       rest of the machine (as unshare --mount). With --pid, CMD is also
#       PID 1 of a new PID namespace with its own /proc, and everything
#       in it is killed when it ends (unshare --fork --pid --mount-proc
#       --kill-child). The status is CMD's; 125 with one line on stderr
#       when no namespace can be had here.
#   sh tests/ns.sh --probe
#       one line: "mount-point" (/ is a mount point: unshare as usual),
#       "chroot" (a plain chroot: see below) or "none: REASON" (exit 1)
#
# unshare --mount first makes every mount private, starting at /. In a
# plain chroot (chroot DIR, where DIR is a directory, not a mount point)
# that step fails: "cannot change root filesystem propagation: Invalid
# argument". There the new namespace keeps the mounts' propagation
# (--propagation unchanged), takes its copy of /proc out of any peer
# group (/proc is a mount point in any root the tests can run in), binds
# / onto /proc/driver (a directory every /proc has) and makes that copy
# private too, and chroots into it: a root that is a private mount
# point, as on a booted machine, where unshare --mount-proc works and no
# mount made inside reaches the chroot's own mounts or the machine's.
# Without CAP_SYS_ADMIN (not root, or a container that drops it) there
# is no namespace at all: the probe says so.
set -u
# the shell this runs in, also for the steps below: run by bash, the
# functions a test exports (export -f) reach CMD; dash would drop them
qsh=${BASH:-sh}

# the private root, for a plain chroot: runs in the new mount namespace
# (sh -c), chroots and execs "$@" in the directory it was started in
private_root() {
	unshare --mount --propagation unchanged "$qsh" -c '
		set -e
		wd=$1
		shift
		mount --make-rprivate /proc
		mount --rbind / /proc/driver
		mount --make-rprivate /proc/driver
		cd /proc/driver
		exec chroot . "$0" -c '\''cd "$0" && exec "$@"'\'' "$wd" "$@"' "$qsh" "$PWD" "$@"
}

probe() {
	[ "$(id -u)" = 0 ] || { echo "none: not root"; return 1; }
	command -v unshare > /dev/null 2>&1 || { echo "none: no unshare (util-linux)"; return 1; }
	local err
	if err=$(unshare --fork --pid --mount-proc true 2>&1); then
		echo mount-point
	elif (private_root unshare --fork --pid --mount-proc true) > /dev/null 2>&1; then
		echo chroot
	else
		echo "none: $(printf '%s' "$err" | head -n 1)"
		return 1
	fi
}

pid=
case ${1-} in
--probe) probe; exit ;;
--pid) pid=1; shift ;;
esac
[ $# -gt 0 ] || { echo "usage: tests/ns.sh [--pid] CMD ARGS... | --probe" >&2; exit 2; }

mode=${QB_NS:-$(probe)}
case $mode in
none*)
	echo "tests/ns.sh: no private namespace here (${mode#none: })" >&2
	exit 125 ;;
chroot) wrap=private_root ;;
*) wrap= ;;
esac
if [ -n "$pid" ]; then
	set -- unshare --fork --pid --mount-proc --kill-child "$@"
elif [ -z "$wrap" ]; then
	set -- unshare --mount "$@"
fi
[ -z "$wrap" ] || { $wrap "$@"; exit; }
exec "$@"
