#!/usr/bin/env bats
# ns.bats: the namespace tests run, or skip naming why, wherever make test
# runs: a booted machine, a plain chroot (/ not a mount point, where
# unshare --mount-proc fails), a container without CAP_SYS_ADMIN
# (tests/ns.sh, in_ns and mount_ns in tests/helpers.bash).
load helpers

setup() { TOP=$(cd "$BATS_TEST_DIRNAME/.." && pwd); }

# a bats file of three namespace tests, as other files write them; the
# bats that runs it (bats-count.sh) starts from a clean environment, not
# this bats's
ns_tests() {
	local t=@test   # not at a line's start here: this file's bats would take it
	cat > "$1" <<-EOF
	load '$TOP/tests/helpers'
	$t "run in_ns" { run in_ns 'echo \$\$'; [ "\$output" = 1 ]; }
	$t "in_ns" { in_ns '[ \$\$ = 1 ]'; }
	$t "run mount_ns" {
		run mount_ns sh -c 'mount -t tmpfs none /mnt && echo in > /mnt/f && cat /mnt/f'
		[ "\$output" = in ]
	}
	EOF
}


@test "without CAP_SYS_ADMIN: the namespace tests skip, one first line says why and how" {
	need_root
	command -v setpriv > /dev/null || skip "no setpriv (util-linux)"
	ns_tests "$BATS_TEST_TMPDIR/three.bats"
	run setpriv --bounding-set -sys_admin --inh-caps -sys_admin \
	    env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin TMPDIR="$BATS_TEST_TMPDIR" \
	    bash "$TOP/tests/bats-count.sh" "$BATS_TEST_TMPDIR/three.bats"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "bats-count: no private namespace here (unshare: unshare failed: Operation not permitted): the tests that need one skip; run as root with CAP_SYS_ADMIN (a container: --privileged or --cap-add SYS_ADMIN) to run them" ]
	[[ $output == *"ok 1 run in_ns # skip no private namespace here (unshare: unshare failed: Operation not permitted; tests/ns.sh)"* ]]
	[ "${lines[-1]}" = "0 passed, 0 failed, 3 skipped" ]
}

# a plain chroot: a directory of /tmp (not a mount point) holding binds
# of the system's directories, entered with chroot, its /proc mounted;
# all of it in a private mount namespace whose mounts are shared, as a
# booted machine's are (systemd): a mount made in the chroot's namespace
# tests would reach it
@test "in a plain chroot: the namespace tests run, and mount nothing outside" {
	need_ns
	local d=$BATS_TEST_TMPDIR/root
	mkdir -p "$d/proc" "$d/dev" "$d/tmp" "$d/mnt" "$d$TOP"
	chmod 1777 "$d/tmp"
	for x in /bin /sbin /lib /lib32 /lib64 /libx32 /usr /etc; do
		if [ -L "$x" ]; then cp -P "$x" "$d$x"
		elif [ -d "$x" ]; then mkdir -p "$d$x"
		fi
	done
	ns_tests "$d/tmp/three.bats"
	run --separate-stderr mount_ns env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin bash -c '
		set -e
		d=$1 top=$2
		mount --make-rshared /
		for x in /bin /sbin /lib /lib32 /lib64 /libx32 /usr /etc; do
			[ -L "$x" ] || [ ! -d "$x" ] || mount --rbind "$x" "$d$x"
		done
		mount --rbind "$top" "$d$top"
		mount --rbind /dev "$d/dev"
		mount -t proc proc "$d/proc"
		before=$(wc -l < /proc/self/mountinfo)
		chroot "$d" sh -c "unshare --fork --pid --mount-proc true" 2>&1 | head -n 1
		chroot "$d" env TMPDIR=/tmp bash "$top/tests/bats-count.sh" /tmp/three.bats
		[ "$(wc -l < /proc/self/mountinfo)" = "$before" ] || echo "mounts changed"
	' _ "$d" "$TOP"
	echo "$output"
	echo "$stderr"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "unshare: cannot change root filesystem propagation: Invalid argument" ]
	[ "${lines[1]}" = "bats-count: private namespaces: yes (a plain chroot: tests/ns.sh binds / privately first): no test skips for want of one" ]
	[ "${lines[-1]}" = "3 passed, 0 failed, 0 skipped" ]
	[[ $output != *"mounts changed"* ]]
}
