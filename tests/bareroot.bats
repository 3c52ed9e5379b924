#!/usr/bin/env bats
# bareroot.bats: the static binary in a root that holds only itself, its
# links (made by quickbox --install), a data file and /proc: no /etc, no
# libraries, no shell unless a static one is installed. Users and groups
# given as numbers work; names fail with one clear line, as no passwd or
# group file exists.
load helpers

setup_file() {
	command -v musl-gcc >/dev/null || return 0
	B=$BATS_FILE_TMPDIR/b
	make -s -C "$BATS_TEST_DIRNAME/.." CC=musl-gcc B="$B" BIN="$B/quickbox" \
	    OPT=-Os LDFLAGS=-static >/dev/null 2>&1 || return 0
	R=$BATS_FILE_TMPDIR/root
	mkdir -p "$R/bin" "$R/proc" "$R/data"
	cp "$B/quickbox" "$R/bin/quickbox"
	"$R/bin/quickbox" --install "$R/bin"
	seq 1 5 > "$R/data/five"
	"$R/bin/quickbox" tim -n3 -m2 -o0 -s "$R/data/times" true > /dev/null
	# a second root, with only a passwd and a group file added
	E=$BATS_FILE_TMPDIR/etcroot
	mkdir -p "$E/proc" "$E/etc"
	cp -a "$R/bin" "$E/bin"
	printf 'al:x:7:7::/:/x\n# a comment\nalice:x:0:0::/:/bin/sh\nbob:x:12x:1::/:\ndave:x:99:99\ncarol:x:1234:1::/:\n' > "$E/etc/passwd"
	printf 'wheel:x:0:\nstaff:x:50:alice' > "$E/etc/group"
	# a static shell, if one is installed (busybox is often dynamic)
	for sh in /bin/busybox /usr/bin/busybox /bin/busybox.static; do
		[ -x "$sh" ] && ! readelf -l "$sh" 2>/dev/null | grep -q INTERP &&
			{ cp "$sh" "$R/bin/sh"; break; }
	done
	return 0
}

setup() {
	need_ns   # every test but the first enters a private namespace
	command -v musl-gcc >/dev/null || skip "musl-gcc not installed (musl-tools): no static build"
	R=$BATS_FILE_TMPDIR/root
	[ -x "$R/bin/quickbox" ] || skip "the static musl build failed"
}

# the sleeper of the /etc test, by its PID, also when the test failed
teardown() { [ -z "${pid:-}" ] || kill "$pid" 2>/dev/null || true; }

# in_root CMD ARGS...: CMD as PID 1 of a new PID namespace, chrooted in $R,
# with the namespace's /proc mounted at $R/proc
in_root() {
	mount_ns unshare --pid --fork --mount-proc="$R/proc" chroot "$R" "$@"
}

@test "bare root: nothing but the binary, its links, data and /proc" {
	[ ! -e "$R/etc" ]
	[ "$(ls "$R")" = "$(printf 'bin\ndata\nproc')" ]
	for n in $("$R/bin/quickbox" --list); do
		[ "$(readlink "$R/bin/$n")" = quickbox ]
	done
	run readelf -l "$R/bin/quickbox"
	[[ "$output" != *INTERP* ]]
}

@test "bare root: pf pk pw and pgrep pkill pidwait pidof with numeric ids" {
	run --separate-stderr in_root /bin/pf -u 0 -a count nosuch
	[ "$status" -eq 1 ]
	[ "$output" = 0 ]
	[ "$stderr" = "" ]
	# the only process is pf itself, PID 1 of the namespace
	run --separate-stderr in_root /bin/pf -u 0 -G 0 -f /bin/pf
	[ "$stderr" = "" ]
	[ "$status" -le 1 ]
	run --separate-stderr in_root /bin/pk -s 0 -U 0 nosuch
	[ "$status" -eq 1 ]
	[ "$stderr" = "" ]
	run --separate-stderr in_root /bin/pw -l 1 -u 0 nosuch
	[ "$status" -eq 1 ]
	[ "$stderr" = "" ]
	run --separate-stderr in_root /bin/pgrep -u 0 -G 0 nosuch
	[ "$status" -eq 1 ]
	[ "$stderr" = "" ]
	run --separate-stderr in_root /bin/pkill -0 -u 0 nosuch
	[ "$status" -eq 1 ]
	[ "$stderr" = "" ]
	run --separate-stderr in_root /bin/pidwait -u 0 nosuch
	[ "$status" -eq 1 ]
	[ "$stderr" = "" ]
	run --separate-stderr in_root /bin/pidof nosuch
	[ "$status" -eq 1 ]
	[ "$stderr" = "" ]
	[ "$output" = "" ]
}

@test "bare root: user and group names fail with one line naming the value" {
	run --separate-stderr in_root /bin/pf -u root x
	[ "$status" -eq 2 ]
	[ "$stderr" = "pf: unknown user 'root'" ]
	run --separate-stderr in_root /bin/pf -G root x
	[ "$status" -eq 2 ]
	[ "$stderr" = "pf: unknown group 'root'" ]
	run --separate-stderr in_root /bin/pgrep -u root x
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "pgrep: invalid user name: root" ]
	run --separate-stderr in_root /bin/pkill -G wheel x
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "pkill: invalid group name: wheel" ]
}

@test "root with only /etc/passwd and /etc/group: names resolve through those files" {
	E=$BATS_FILE_TMPDIR/etcroot
	ln -s /usr/bin/sleep "$BATS_TEST_TMPDIR/qbbare_mark"
	setpriv --reuid=1234 --regid=50 --clear-groups "$BATS_TEST_TMPDIR/qbbare_mark" 1000 &
	pid=$!
	wait_for_comm() { for i in $(seq 500); do [ "$(cat /proc/$pid/comm 2>/dev/null)" = qbbare_mark ] && return; sleep 0.01; done; return 1; }
	wait_for_comm
	# the host's /proc, so that the sleeper (uid 1234, gid 50) is visible
	ine() { mount_ns sh -c 'mount --bind /proc "$0/proc" && exec chroot "$0" "$@"' "$E" "$@"; }
	run --separate-stderr ine /bin/pf -u carol qbbare_mark
	[ "$status" -eq 0 ]
	[ "$output" = "$pid" ]
	[ "$stderr" = "" ]
	run ine /bin/pf -u alice qbbare_mark
	[ "$status" -eq 1 ]
	run ine /bin/pf -u al qbbare_mark
	[ "$status" -eq 1 ]
	run --separate-stderr ine /bin/pf -G staff qbbare_mark
	[ "$status" -eq 0 ]
	[ "$output" = "$pid" ]
	run --separate-stderr ine /bin/pf -G wheel qbbare_mark
	[ "$status" -eq 1 ]
	[ "$stderr" = "" ]
	# a malformed uid field, a name only a prefix of, a short line, none
	for u in bob ali dave erin; do
		run --separate-stderr ine /bin/pf -u "$u" qbbare_mark
		[ "$status" -eq 2 ]
		[ "$stderr" = "pf: unknown user '$u'" ]
	done
	run --separate-stderr ine /bin/pgrep -u carol qbbare_mark
	[ "$status" -eq 0 ]
	[ "$output" = "$pid" ]
}

@test "bare root: tails, head, tail and tim --read" {
	run in_root /bin/tails -h1 -t1 /data/five
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '1\n--\n5')" ]
	run in_root /bin/head -n2 /data/five
	[ "$output" = "$(printf '1\n2')" ]
	run in_root /bin/tail -c2 /data/five
	[ "$output" = 5 ]
	run --separate-stderr in_root /bin/tail -n1 /data/nosuch
	[ "$status" -eq 1 ]
	# GNU names itself by argv[0] as typed
	[ "$stderr" = "/bin/tail: cannot open '/data/nosuch' for reading: No such file or directory" ]
	run --separate-stderr in_root /bin/tim -n3 -m2 -o0 -r /data/times true
	[ "$status" -eq 0 ]
	[ "$stderr" = "" ]
	[[ "$output" == *" +- "*$'\t'true ]]
}

@test "bare root: tim runs commands through a static /bin/sh" {
	[ -x "$R/bin/sh" ] || skip "no static shell installed (busybox here is dynamically linked): tim cannot spawn commands in a bare root"
	run --separate-stderr in_root /bin/tim -n3 -m2 -o0 'exit 0'
	[ "$status" -eq 0 ]
	[ "$stderr" = "" ]
	# the trailing `exit` keeps the shell alive: busybox sh execs the last
	# simple command of -c, which would leave no sh to count
	run --separate-stderr in_root /bin/sh -c 'pf -u 0 -a count sh; exit $?'
	[ "$status" -eq 0 ]
	[ "$output" = 1 ]
}
