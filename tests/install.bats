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
	run --separate-stderr top_make install DESTDIR="$D/i" PREFIX=/usr
	[ "$status" -ne 0 ]
	[[ "$stderr" == "make install: $D/i/usr/bin/pf exists and is not a link to quickbox: nothing installed (remove it, or leave pf out of LINKS)"* ]]
	[ "$("$D/i/usr/bin/pf")" = mine ]
	# an earlier install's quickbox is there: uninstall leaves pf alone
	cp "$QB" "$D/i/usr/bin/quickbox"
	top_make uninstall DESTDIR="$D/i" PREFIX=/usr >/dev/null
	[ "$("$D/i/usr/bin/pf")" = mine ]
	[ ! -e "$D/i/usr/bin/quickbox" ]
	[ "$(ls "$D/i/usr/bin")" = pf ]
}

# all or nothing: every target is checked before anything is written (it
# used to stop at a foreign head with the binary and ten links installed)
@test "make install LINKS=all meeting a foreign head or man page: one line, nothing installed; else the last line says what it installed" {
	has_applet head
	mkdir -p "$D/i/usr/bin"
	echo mine > "$D/i/usr/bin/head"
	run --separate-stderr top_make install DESTDIR="$D/i" PREFIX=/usr LINKS=all
	[ "$status" -ne 0 ]
	[ "$output" = "" ]
	[[ "$stderr" == "make install: $D/i/usr/bin/head exists and is not a link to quickbox: nothing installed (remove it, or leave head out of LINKS)"* ]]
	[ "$(cd "$D/i" && find . | LC_ALL=C sort | tr '\n' ' ')" = ". ./usr ./usr/bin ./usr/bin/head " ]
	[ "$(cat "$D/i/usr/bin/head")" = mine ]
	# a man page of another package where tail.1 goes
	rm "$D/i/usr/bin/head"
	mkdir -p "$D/i/usr/share/man/man1"
	printf '.TH TAIL 1 "2022" "GNU coreutils 9.1" "User Commands"\n' > "$D/i/usr/share/man/man1/tail.1"
	run --separate-stderr top_make install DESTDIR="$D/i" PREFIX=/usr LINKS=all
	[ "$status" -ne 0 ]
	[[ "$stderr" == "make install: $D/i/usr/share/man/man1/tail.1 is not quickbox's man page: nothing installed (remove it, or leave tail out of LINKS)"* ]]
	[ -z "$(ls "$D/i/usr/bin")" ]
	[ "$(ls "$D/i/usr/share/man/man1")" = tail.1 ]
	# an unknown name: nothing either
	run --separate-stderr top_make install DESTDIR="$D/j" PREFIX=/usr LINKS=nosuch
	[ "$status" -ne 0 ]
	[[ "$stderr" == "make install: nosuch: no such applet in this build (built: "* ]]
	[ ! -e "$D/j" ]
	# without them: everything, and the last line says what
	rm "$D/i/usr/share/man/man1/tail.1"
	run top_make install DESTDIR="$D/i" PREFIX=/usr LINKS=all
	[ "$status" -eq 0 ]
	local all
	all=$("$QB" --list | tr '\n' ' ')
	[ "${lines[${#lines[@]} - 1]}" = "installed: $D/i/usr/bin/quickbox; links: ${all% }; man pages in $D/i/usr/share/man/man1: quickbox.1 $(for n in $all; do [ ! -e "$TOP/docs/$n.1" ] || printf '%s.1 ' "$n"; done | sed 's/ $//')" ]
	[ "$(ls "$D/i/usr/bin" | grep -vx quickbox | tr '\n' ' ')" = "$all" ]
	# again over itself: nothing in the way
	run top_make install DESTDIR="$D/i" PREFIX=/usr LINKS=all
	[ "$status" -eq 0 ]
}

# the man pages: in docs/ each opens with man -l from anywhere (an alias
# page, head.1 or pidof.1, is a link to the page it shares, never a .so,
# which man resolves from the current directory or the system's pages);
# none names a version, which make install fills in from core/applets.h,
# the one the binary prints
@test "man pages: man -l opens each, from the tree and installed; the installed ones say the binary's version and are quickbox's own" {
	local v f n
	v=$(sed -n 's/^#define QB_VERSION "\(.*\)"/\1/p' "$TOP/core/applets.h")
	[ -n "$v" ]
	[[ "$("$QB" --version)" == "quickbox $v"* ]]
	run grep -l '^\.so' "$TOP"/docs/*.1
	[ "$output" = "" ]
	run grep -n 'quickbox [0-9]' "$TOP"/docs/*.1
	[ "$output" = "" ]
	cd "$D"
	for f in "$TOP"/docs/*.1; do
		run --separate-stderr env MANPAGER=cat MANWIDTH=80 man -l "$f"
		[ "$status" -eq 0 ] || { echo "$f: $stderr"; return 1; }
		[ -z "$stderr" ] || { echo "$f: $stderr"; return 1; }
		[[ "$output" == *"quickbox"*"2026"* ]]
	done
	top_make install DESTDIR="$D/i" PREFIX=/usr LINKS=all >/dev/null
	for n in quickbox $("$QB" --list); do
		f=$D/i/usr/share/man/man1/$n.1
		[ -f "$TOP/docs/$n.1" ] || continue
		[ -f "$f" ]
		run grep -c '^\.so' "$f"
		[ "$output" = 0 ]
		run --separate-stderr env MANPAGER=cat MANWIDTH=80 man -l "$f"
		[ "$status" -eq 0 ] || { echo "$f: $stderr"; return 1; }
		[ -z "$stderr" ] || { echo "$f: $stderr"; return 1; }
		[[ "$output" == *"quickbox $v"* ]] || { echo "$f: $output" | tail -n 3; return 1; }
	done
	# pidof.1 is quickbox's page (pgrep.1's), not procps's
	run env MANPAGER=cat MANWIDTH=80 man -l "$D/i/usr/share/man/man1/pidof.1"
	[[ "$output" == *"quickbox $v"* ]]
	[[ "$output" == *"pidof"* ]]
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
