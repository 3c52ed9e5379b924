#!/usr/bin/env bats
# dispatch.bats: argv[0] dispatch, --list/--help/--version, unknown names,
# applet subsets and install links.
load helpers

setup() { qbbin_setup; }

@test "--list prints one built name a line, sorted, only built ones" {
	run "$QB" --list
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' $output | LC_ALL=C sort)" ]
	for n in $output; do
		grep -q "^APPLET($n," "$BATS_TEST_DIRNAME/../config/applets.def"
	done
}

@test "no arguments and --help print the usage and the list, exit 0" {
	run "$QB"
	[ "$status" -eq 0 ]
	[[ "$output" == *"Usage: quickbox APPLET"* ]]
	run "$QB" --help
	[ "$status" -eq 0 ]
	[[ "$output" == *"Applets:"* ]]
	for n in $("$QB" --list); do [[ "$output" == *"$n "* ]]; done
}

@test "--version" {
	run "$QB" --version
	[ "$status" -eq 0 ]
	[[ "$output" == "quickbox "[0-9]* ]]
}

@test "unknown applet: one line naming it, exit 127, nothing on stdout" {
	run -127 --separate-stderr "$QB" nosuchapplet x
	[ "$status" -eq 127 ]
	[ "$output" = "" ]
	[ "$stderr" = "quickbox: applet not found: nosuchapplet" ]
	ln -s "$QB" "$BATS_TEST_TMPDIR/frob"
	run -127 --separate-stderr "$BATS_TEST_TMPDIR/frob"
	[ "$status" -eq 127 ]
	[ "$stderr" = "quickbox: applet not found: frob" ]
}

@test "a link named after an applet runs it; a leading '-' is dropped" {
	for n in $("$QB" --list); do
		run "$QBBIN/$n" --help
		[ "$status" -eq 0 ]
		[ -n "$output" ]
		ln -sf "$QB" "$BATS_TEST_TMPDIR/-$n"
		run "$BATS_TEST_TMPDIR/-$n" --help
		[ "$status" -eq 0 ]
	done
}

@test "quickbox NAME dispatches like a link" {
	for n in $("$QB" --list); do
		a=$("$QB" "$n" --help 2>&1); b=$("$QBBIN/$n" --help 2>&1)
		[ "$a" = "$b" ]
	done
}

@test "APPLETS= subset: the list shows only those, others are not found" {
	top="$BATS_TEST_DIRNAME/.."
	avail=$("$QB" --list | head -n 1)
	[ -n "$avail" ] || skip "no applet built yet"
	mkdir -p "$BATS_TEST_TMPDIR/sub"
	# unoptimised, no debug info: the list and the dispatch are under
	# test, not the optimiser (12 s -> 7 s of CPU)
	make -s -C "$top" B="$BATS_TEST_TMPDIR/b" BIN="$BATS_TEST_TMPDIR/sub/quickbox" \
	    APPLETS="$avail" CFLAGS=-O0 >/dev/null
	run "$BATS_TEST_TMPDIR/sub/quickbox" --list
	[ "$output" = "$avail" ]
	other=$("$QB" --list | sed -n 2p)
	if [ -n "$other" ]; then
		run -127 "$BATS_TEST_TMPDIR/sub/quickbox" "$other"
		[ "$status" -eq 127 ]
	fi
}

@test "make PARSCAN=0: no parallel scan (core/process/parscan.c), one thread even when asked, the same selection" {
	command -v strace >/dev/null || skip "strace not installed"
	emu_skip "strace sees qemu-user's own threads"
	top="$BATS_TEST_DIRNAME/.."
	mkdir -p "$BATS_TEST_TMPDIR/np"
	# unoptimised, no debug info, as the APPLETS= build above
	make -s -C "$top" B="$BATS_TEST_TMPDIR/b" BIN="$BATS_TEST_TMPDIR/np/quickbox" \
	    PARSCAN=0 CFLAGS=-O0 >/dev/null
	export NP=$BATS_TEST_TMPDIR/np/quickbox
	run "$NP" --version
	[[ "$output" == *"Built without the parallel scan (make PARSCAN=0)."* ]]
	run nm "$NP"
	[ "$status" -eq 0 ]
	[[ "$output" != *par_scan* ]]
	# 300 processes: past the 192 that start threads in the default build
	run in_ns "$(cat <<-'EOF'
	mkdir "$FIXDIR/n"; ln -s "$(command -v sleep)" "$FIXDIR/n/qn"
	for i in $(seq 300); do "$FIXDIR/n/qn" 1000 & done
	for i in $(seq 500); do [ "$("$QB" pf -a count qn)" = 300 ] && break; sleep 0.01; done
	QB_THREADS=1 "$QB" pf qn > "$FIXDIR/one"
	clones() {
		strace -f -qq -e trace=clone,clone3 "$@" 2>&1 >"$FIXDIR/out" | grep -c clone
	}
	testing "QB_THREADS=4: no thread" 'QB_THREADS=4 clones "$NP" pf qn' "0\n"
	testing "the same PIDs as one thread of the default build" 'cat "$FIXDIR/out"' "$(cat "$FIXDIR/one")\n"
	testing "unset: no thread" 'clones "$NP" pf qn' "0\n"
	testing "the selection with criteria" '"$NP" pf -P $$ -a count qn' "300\n"
	EOF
	)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "APPLETS= with an unknown name fails the build with a clear message" {
	run make -s -C "$BATS_TEST_DIRNAME/.." B="$BATS_TEST_TMPDIR/b" APPLETS="nosuch"
	[ "$status" -ne 0 ]
	[[ "$output" == *"unknown or unimplemented applet(s): nosuch"* ]]
}

@test "a duplicate or unsorted applets.def is rejected" {
	top="$BATS_TEST_DIRNAME/.."
	cp -r "$top/config" "$top/core" "$top/Makefile" "$BATS_TEST_TMPDIR/"
	mkdir -p "$BATS_TEST_TMPDIR/applets"
	sed -i '/^APPLET(pf,/{p}' "$BATS_TEST_TMPDIR/config/applets.def"
	run make -s -C "$BATS_TEST_TMPDIR" B="$BATS_TEST_TMPDIR/b" APPLETS=
	[ "$status" -ne 0 ]
	[[ "$output" == *"names must be sorted and unique"* ]]
}

@test "make install LINKS=all DESTDIR= makes the binary and one working link per name" {
	top="$BATS_TEST_DIRNAME/.."
	d="$BATS_TEST_TMPDIR/inst"
	top_make install DESTDIR="$d" PREFIX=/usr LINKS=all >/dev/null
	[ -x "$d/usr/bin/quickbox" ]
	for n in $("$QB" --list); do
		[ "$(readlink "$d/usr/bin/$n")" = quickbox ]
		"$d/usr/bin/$n" --help >/dev/null
	done
	[ -f "$d/usr/share/man/man1/quickbox.1" ]
	top_make uninstall DESTDIR="$d" PREFIX=/usr >/dev/null
	[ ! -e "$d/usr/bin/quickbox" ]
	[ -z "$(ls -A "$d/usr/bin")" ]
}

@test "the dynamic glibc build maps libm only when tim runs (core/lib/mlog.c)" {
	readelf -d "$QB" 2> /dev/null | grep -q 'NEEDED.*libc\.so\.6' ||
	    skip "not a dynamic glibc build"
	if nm "$QB" 2> /dev/null | grep -q __asan_init; then
		skip "the sanitizer runtime links libm itself"
	fi
	local needed
	needed=$(readelf -d "$QB" | grep NEEDED)
	[[ $needed == *libc.so.6* ]]
	[[ $needed != *libm* ]]
	run env LD_DEBUG=libs "$QBBIN/head" -n0 /dev/null
	[ "$status" = 0 ]
	[[ $output == *libc.so.6* ]]
	[[ $output != *libm.so* ]]
	run env LD_DEBUG=libs "$QB" tim -N -w0 -n3 -m2 /bin/true
	[ "$status" = 0 ]
	grep -q 'calling init: .*libm\.so\.6' <<< "$output"
}

@test "without a loadable libm: tim says so in one line and exits 1, the others run" {
	readelf -d "$QB" 2> /dev/null | grep -q 'NEEDED.*libc\.so\.6' ||
	    skip "not a dynamic glibc build"
	if nm "$QB" 2> /dev/null | grep -q __asan_init; then
		skip "the sanitizer runtime links libm itself"
	fi
	local lm
	# the very file tim's dlopen takes (ldconfig may list other arches)
	lm=$(LD_DEBUG=libs "$QB" tim -N -w0 -n3 -m2 /bin/true 2>&1 |
	    sed -n 's/.*calling init: \(.*libm\.so\.6\)$/\1/p' | head -n 1)
	lm=$(readlink -f "$lm")
	[ -f "$lm" ]
	# a private mount namespace in which libm.so.6 is an empty file
	run --separate-stderr mount_ns sh -c 'mount --bind /dev/null "$1" &&
	    "$2" tim -N -w0 -n3 -m2 /bin/true' _ "$lm" "$QB"
	[ "$status" = 1 ]
	[ -z "$output" ]
	[ "${#stderr_lines[@]}" = 1 ]
	[[ $stderr == "tim: cannot load libm.so.6: "* ]]
	run --separate-stderr mount_ns sh -c 'mount --bind /dev/null "$1" &&
	    printf "a\nb\n" | "$2" -n1' _ "$lm" "$QBBIN/head"
	[ "$status" = 0 ]
	[ "$output" = a ]
	[ -z "$stderr" ]
}
