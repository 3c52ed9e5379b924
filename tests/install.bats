#!/usr/bin/env bats
# install.bats: make install (which links by default, LINKS=), quickbox
# --install (links in a directory), --which, --list-full. Everything goes
# into temporary directories, never into /.
load helpers

setup() { qbbin_setup; TOP=$(cd "$BATS_TEST_DIRNAME/.." && pwd); D=$BATS_TEST_TMPDIR; }

native() { for n in pf pk pw tails tim; do "$QB" --list | grep -qx "$n" && echo "$n"; done; }

@test "make install links only the native applets by default: nothing on PATH is shadowed" {
	top_make install DESTDIR="$D/i" PREFIX=/usr >/dev/null
	[ -x "$D/i/usr/bin/quickbox" ]
	[ "$(ls "$D/i/usr/bin" | grep -vx quickbox)" = "$(native | LC_ALL=C sort)" ]
	for n in pgrep pkill pidof pidwait head tail; do
		[ ! -e "$D/i/usr/bin/$n" ]
		[ ! -e "$D/i/usr/share/man/man1/$n.1" ]
	done
	[ -f "$D/i/usr/share/man/man1/quickbox.1" ]
}

@test "make install: the binary stripped, its size said; make install-debug keeps the debug info" {
	run top_make install DESTDIR="$D/i" PREFIX=/usr
	[ "$status" -eq 0 ]
	local n
	n=$(wc -c < "$D/i/usr/bin/quickbox")
	[ "${lines[0]}" = "$D/i/usr/bin/quickbox: $n bytes, stripped, -O2" ]
	run readelf -S "$D/i/usr/bin/quickbox"
	[[ $output != *.debug_info* ]]
	[[ $output != *.symtab* ]]
	run top_make install-debug DESTDIR="$D/d" PREFIX=/usr
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "$D/d/usr/bin/quickbox: $(wc -c < "$D/d/usr/bin/quickbox") bytes with debug info" ]
	run readelf -S "$D/d/usr/bin/quickbox"
	[[ $output == *.debug_info* ]]
	[ -x "$D/d/usr/bin/pf" ]
}

@test "make install LINKS=\"pgrep head\" adds just those personalities" {
	has_applet pgrep; has_applet head
	top_make install DESTDIR="$D/i" PREFIX=/usr LINKS="pgrep head" >/dev/null
	[ "$(readlink "$D/i/usr/bin/pgrep")" = quickbox ]
	[ "$(readlink "$D/i/usr/bin/head")" = quickbox ]
	[ ! -e "$D/i/usr/bin/pkill" ]
	[ ! -e "$D/i/usr/bin/tail" ]
	[ "$(echo a | "$D/i/usr/bin/head")" = a ]
	[ -f "$D/i/usr/share/man/man1/pgrep.1" ]
}

@test "make install refuses to replace a foreign file; uninstall removes only quickbox links" {
	mkdir -p "$D/i/usr/bin"
	printf '#!/bin/sh\necho mine\n' > "$D/i/usr/bin/pf"; chmod +x "$D/i/usr/bin/pf"
	run top_make install DESTDIR="$D/i" PREFIX=/usr
	[ "$status" -ne 0 ]
	[[ "$output" == *"quickbox --install: $D/i/usr/bin/pf: exists and is not a link to quickbox (-f replaces it)"* ]]
	[ "$("$D/i/usr/bin/pf")" = mine ]
	top_make uninstall DESTDIR="$D/i" PREFIX=/usr >/dev/null
	[ "$("$D/i/usr/bin/pf")" = mine ]
	[ ! -e "$D/i/usr/bin/quickbox" ]
	[ "$(ls "$D/i/usr/bin")" = pf ]
}

@test "--install DIR: a symlink per built applet to the binary's absolute path" {
	mkdir "$D/l"
	run "$QB" --install "$D/l"
	[ "$status" -eq 0 ]
	[ "$output" = "" ]
	[ "$(ls "$D/l")" = "$("$QB" --list)" ]
	real=$(readlink -f "$QB")
	for n in $("$QB" --list); do
		[ "$(readlink "$D/l/$n")" = "$real" ]
	done
	# again: the links are already there, nothing to do, status 0
	run "$QB" --install -s "$D/l"
	[ "$status" -eq 0 ]
}

@test "--install in the binary's own folder makes relative links; -h hard links" {
	mkdir "$D/b" "$D/h"
	cp "$QB" "$D/b/quickbox"
	"$D/b/quickbox" --install "$D/b" pf tails
	[ "$(readlink "$D/b/pf")" = quickbox ]
	[ "$(readlink "$D/b/tails")" = quickbox ]
	[ "$(ls "$D/b" | tr '\n' ' ')" = "pf quickbox tails " ]
	"$D/b/quickbox" --install -h "$D/b" tim
	[ ! -L "$D/b/tim" ]
	[ "$D/b/tim" -ef "$D/b/quickbox" ]
	# a symlink to quickbox is replaced by the hard link asked for
	"$D/b/quickbox" --install --hard "$D/b" pf
	[ ! -L "$D/b/pf" ]
	[ "$D/b/pf" -ef "$D/b/quickbox" ]
	"$D/b/pf" --help >/dev/null
}

@test "--install: a foreign file is kept unless -f; errors are one line each, exit 1" {
	mkdir "$D/l"
	echo data > "$D/l/pf"
	ln -s /nonexistent/pgrep "$D/l/pk"
	run --separate-stderr "$QB" --install "$D/l" pf pk pw
	[ "$status" -eq 1 ]
	[ "$stderr" = "quickbox --install: $D/l/pf: exists and is not a link to quickbox (-f replaces it)
quickbox --install: $D/l/pk: exists and is not a link to quickbox (-f replaces it)" ]
	[ "$(cat "$D/l/pf")" = data ]
	[ -L "$D/l/pw" ]
	run "$QB" --install -f "$D/l" pf pk
	[ "$status" -eq 0 ]
	[ "$D/l/pf" -ef "$QB" ]
	[ "$D/l/pk" -ef "$QB" ]
	# a dangling link to some quickbox (an old install) is replaced freely
	ln -sf /old/place/quickbox "$D/l/pw"
	"$QB" --install "$D/l" pw
	[ "$D/l/pw" -ef "$QB" ]
}

@test "--install: a missing directory is not created; bad usage exits 2" {
	run --separate-stderr "$QB" --install "$D/none"
	[ "$status" -eq 1 ]
	[ "$stderr" = "quickbox --install: $D/none: No such file or directory" ]
	[ ! -e "$D/none" ]
	run --separate-stderr "$QB" --install
	[ "$status" -eq 2 ]
	[ "$stderr" = "quickbox --install: which directory? (quickbox --install DIR)" ]
	mkdir "$D/e"
	run --separate-stderr "$QB" --install -q "$D/e"
	[ "$status" -eq 2 ]
	[ "$stderr" = "quickbox --install: unknown option '-q'" ]
	run --separate-stderr "$QB" --install "$D/e" nosuch
	[ "$status" -eq 2 ]
	[ "$stderr" = "quickbox --install: applet not built: nosuch" ]
	[ -z "$(ls -A "$D/e")" ]
}

@test "--which NAME: says whether NAME on PATH runs quickbox" {
	mkdir "$D/p"
	ln -s "$QB" "$D/p/pgrep"
	run env PATH="$D/p:/usr/bin:/bin" "$QB" --which pgrep
	[ "$status" -eq 0 ]
	[ "$output" = "$D/p/pgrep -> $QB (quickbox)" ]
	run env PATH="/usr/bin:$D/p" "$QB" --which pgrep
	[ "$status" -eq 1 ]
	[ "$output" = "/usr/bin/pgrep (not quickbox)" ]
	# a hard link is recognised by being the same file: to a copy beside
	# it (the clone and $D may be on two file systems: /tmp a tmpfs)
	cp "$QB" "$D/p/quickbox"
	ln "$D/p/quickbox" "$D/p/pkill"
	run env PATH="$D/p" "$D/p/quickbox" --which pkill
	[ "$status" -eq 0 ]
	[ "$output" = "$D/p/pkill (quickbox)" ]
	run --separate-stderr env PATH="$D/p" "$QB" --which nosuch
	[ "$status" -eq 2 ]
	[ "$stderr" = "quickbox: nosuch: not found on PATH" ]
	run "$QB" --version
	[[ "$output" == *"quickbox --which NAME"* ]]
}

@test "--list-full: name, family, description, tab-separated; --list stays names" {
	run "$QB" --list-full
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | cut -f1)" = "$("$QB" --list)" ]
	while IFS=$'\t' read -r n f desc; do
		grep -q "^APPLET($n, *$f, .*\"$desc\")" "$TOP/config/applets.def"
	done <<<"$output"
	run "$QB" --list
	[[ "$output" != *$'\t'* ]]
}

@test "an unknown quickbox option is a usage error, not an applet name" {
	run --separate-stderr "$QB" --bogus
	[ "$status" -eq 2 ]
	[ "$stderr" = "quickbox: unknown option '--bogus' (quickbox --help)" ]
}
