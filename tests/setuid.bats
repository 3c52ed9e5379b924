#!/usr/bin/env bats
# setuid.bats: a copy installed setuid root (chmod 4755) or setgid root
# (2755) and run by nobody has nobody's rights only: it cannot signal a
# root process nor read a file only root may read (core/lib/priv.c).
# Each test runs in a private PID namespace, so a copy that kept root
# could reach no process outside it.
load helpers

setup() {
	need_root
	command -v setpriv >/dev/null || skip "no setpriv (util-linux)"
	# a folder nobody can enter, on a file system that honours setuid
	D=$(mktemp -d /tmp/qbsuid.XXXXXX)
	chmod 755 "$D"
	cp "$QB" "$D/quickbox"
	chown 0:0 "$D/quickbox"
	for n in pk pkill tail; do ln -s quickbox "$D/$n"; done
	printf 'root:secret\n' > "$D/secret"
	chmod 600 "$D/secret"
	printf 'root group only\n' > "$D/grp"
	chmod 640 "$D/grp"
	chown 0:0 "$D/secret" "$D/grp"
	export D
}

teardown() { [ -z "${D:-}" ] || rm -rf "$D"; }

# in in_ns scripts: NOBODY CMD runs CMD as nobody without supplementary
# groups; $(state PID) is the process's state letter; asleep PID waits
# (up to 5 s) until PID is sleep, sleeping: a child just forked is bash
# still, or running (R), and then says nothing of what pk did
NS_DEFS='NOBODY="setpriv --reuid=65534 --regid=65534 --clear-groups"
state() { sed "s/.*) \(.\).*/\1/" /proc/$1/stat; }
asleep() {
	local i
	for ((i = 0; i < 500; i++)); do
		[ "$(cat /proc/$1/comm)" = sleep ] && [ "$(state $1)" = S ] && return
		sleep 0.01
	done
	echo "$1 never slept"
}'

@test "setuid root copy run by nobody: pk and pkill cannot stop a root process" {
	chmod 4755 "$D/quickbox"
	run in_ns "$NS_DEFS"'
	sleep 100 & s=$!
	echo "$s"
	asleep $s
	$NOBODY "$D/pk" -s STOP -p $s .; echo "pk $? $(state $s)"
	$NOBODY "$D/pkill" -STOP -x sleep; echo "pkill $? $(state $s)"
	kill $s'
	echo "$output"
	s=${lines[0]}
	[ "${lines[1]}" = "pk: kill $s: Operation not permitted" ]
	[ "${lines[2]}" = "pk 3 S" ]
	[ "${lines[3]}" = "pkill: killing pid $s failed: Operation not permitted" ]
	[ "${lines[4]}" = "pkill 1 S" ]
}

@test "setuid root copy run by nobody: tail cannot read a root-only file" {
	chmod 4755 "$D/quickbox"
	run setpriv --reuid=65534 --regid=65534 --clear-groups "$D/tail" -n1 "$D/secret"
	[ "$status" -eq 1 ]
	[ "$output" = "$D/tail: cannot open '$D/secret' for reading: Permission denied" ]
}

@test "setgid root copy run by nobody: tail cannot read a root-group file" {
	chmod 2755 "$D/quickbox"
	run setpriv --reuid=65534 --regid=65534 --clear-groups "$D/tail" -n1 "$D/grp"
	[ "$status" -eq 1 ]
	[ "$output" = "$D/tail: cannot open '$D/grp' for reading: Permission denied" ]
}

@test "setuid root copy run by root: runs as root (nothing to drop)" {
	chmod 4755 "$D/quickbox"
	run "$D/tail" -n1 "$D/secret"
	[ "$status" -eq 0 ]
	[ "$output" = "root:secret" ]
}
