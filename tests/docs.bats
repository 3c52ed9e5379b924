#!/usr/bin/env bats
# docs.bats: for each native applet, the option names (long and short) of
# --help, of its page docs/APPLET.md and of its man page docs/APPLET.1 are
# the same set. A failure prints each name missing from one of the three.
load helpers

setup() { qbbin_setup; DOCS=$(cd "$BATS_TEST_DIRNAME/../docs" && pwd); }

# option names in the definition part of lines on stdin, one a line:
# --long (up to '=' or a blank) and -x (one character)
names() {
	grep -oE -- '(^|[] ,/`|[(])--?[A-Za-z0-9?][A-Za-z0-9_-]*' |
	    sed -E 's/^[] ,\/`|[(]//' |
	    awk '/^--/ || length($0) == 2' | LC_ALL=C sort -u
}

# the option table of --help: indented lines that start with '-', up to
# the gap before the description
help_names() {
	"$QBBIN/$1" --help 2>&1 | awk '/^ +-/ { sub(/^ +/, ""); sub(/  .*/, ""); print }' | names
}

# docs/APPLET.md (pk and pw are documented in pf's page): the first cell of
# table rows, and indented '-' lines of code blocks up to the description
md_names() {
	local f="$DOCS/$1.md"
	[ -f "$f" ] || f="$DOCS/pf.md"
	awk '/^\| *`-/ { split($0, c, "|"); print c[2] }
	     /^ +-/ { sub(/^ +/, ""); sub(/  .*/, ""); print }' "$f" | names
}

# docs/APPLET.1 (following a ".so" redirect): the tag line after each .TP
man_names() {
	local f="$DOCS/$1.1" so
	so=$(sed -n 's/^\.so man1\///p' "$f")
	[ -z "$so" ] || f="$DOCS/$so"
	awk 'tp { print; tp = 0 } /^\.TP/ { tp = 1 }' "$f" | sed 's/\\-/-/g; s/\\f[RBIP]//g' | names
}

# compare NAME: print what each source lacks, fail if anything differs
same_options() {
	local a="$1" h m p rc=0
	has_applet "$a"
	h=$(help_names "$a"); m=$(md_names "$a"); p=$(man_names "$a")
	[ -n "$h" ] || { echo "$a --help: no options found"; return 1; }
	for pair in "--help:$h" "docs .md:$m" "man page:$p"; do
		local what=${pair%%:*} set=${pair#*:}
		for n in $(printf '%s\n' "$h" "$m" "$p" | LC_ALL=C sort -u); do
			printf '%s\n' "$set" | grep -qxF -- "$n" || { echo "$a: $what lacks $n"; rc=1; }
		done
	done
	return $rc
}

@test "pf: --help, docs/pf.md and pf.1 list the same options" { same_options pf; }
@test "pk: --help, docs/pf.md and pk.1 list the same options" { same_options pk; }
@test "pw: --help, docs/pf.md and pw.1 list the same options" { same_options pw; }
@test "tails: --help, docs/tails.md and tails.1 list the same options" { same_options tails; }
@test "tim: --help, docs/tim.md and tim.1 list the same options" { same_options tim; }

@test "quickbox: --help, docs/quickbox.md and quickbox.1 list the same options" {
	h=$("$QB" --help | sed '/^Applets:/,$d' | grep -oE -- '--[a-z-]+' | LC_ALL=C sort -u)
	m=$( { grep -oE -- '`quickbox --[a-z-]+' "$DOCS/quickbox.md" | sed 's/^`quickbox //'
	       grep -E '^- `-' "$DOCS/quickbox.md" | sed 's/: .*//' | grep -oE -- '--[a-z-]+'; } | LC_ALL=C sort -u)
	p=$(awk 'tp { print; tp = 0 } /^\.TP/ { tp = 1 }' "$DOCS/quickbox.1" | sed 's/\\-/-/g' | grep -oE -- '--[a-z-]+' | LC_ALL=C sort -u)
	echo "help: $h"; echo "md: $m"; echo "man: $p"
	[ "$h" = "$m" ]
	[ "$h" = "$p" ]
}

@test "docs.bats itself: the parser sees a difference (a doc line removed)" {
	has_applet tim
	cp -r "$DOCS" "$BATS_TEST_TMPDIR/docs"
	sed -i '/\\-\\-verbose/d' "$BATS_TEST_TMPDIR/docs/tim.1"
	DOCS=$BATS_TEST_TMPDIR/docs
	run man_names tim
	[[ "$output" != *--verbose* ]]
	run md_names tim
	[[ "$output" == *--verbose* ]]
}

# A speed trick's comment points at the section of the performance page
# that holds its measured gain, by the section's heading (its first words
# are enough): <that page>, "Heading". Prints each pointer in FILES that
# names no section, or names none at all; fails if there is one.
perf_pointers() {
	local f p name rc=0 heads
	heads=$(sed -n 's/^##* //p' "$DOCS/PERFORMANCE.md" | tr -d '`')
	for f in "$@"; do
		while IFS= read -r p; do
			name=${p#docs/PERFORMANCE.md}
			name=${name#, \"}
			name=${name%\"}
			if [ -z "$name" ] || ! printf '%s\n' "$heads" |
			    awk -v n="$name" 'index($0, n) == 1 { f = 1 } END { exit !f }'; then
				echo "${f#"$ROOT"/}: $p"
				rc=1
			fi
		done < <(sed -E 's/^[[:space:]]*(\/\*+|\*+|\/\/|#+)?[[:space:]]*//' "$f" |
		    tr '\n' ' ' | tr -s ' ' | tr -d '`' |
		    grep -oE 'docs/PERFORMANCE\.md(, "[^"]*")?')
	done
	return $rc
}

@test "every comment pointing at docs/PERFORMANCE.md names one of its sections" {
	ROOT=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
	run perf_pointers "$ROOT"/applets/*.[ch] "$ROOT"/core/*/*.[ch] \
	    "$ROOT"/tests/*.c "$ROOT"/tests/fuzz/*.c "$ROOT"/bench/* "$ROOT"/Makefile
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "docs.bats itself: a pointer to no section, or to none, is caught" {
	printf '/* fast (docs/PERFORMANCE.md, "No such section") */\n' > "$BATS_TEST_TMPDIR/a.c"
	printf '/* fast (docs/PERFORMANCE.md) */\n' > "$BATS_TEST_TMPDIR/b.c"
	printf '/* fast (docs/PERFORMANCE.md, "Parallel\n * scan") */\n' > "$BATS_TEST_TMPDIR/c.c"
	run perf_pointers "$BATS_TEST_TMPDIR/a.c"
	[ "$status" -eq 1 ]
	run perf_pointers "$BATS_TEST_TMPDIR/b.c"
	[ "$status" -eq 1 ]
	run perf_pointers "$BATS_TEST_TMPDIR/c.c"
	[ "$status" -eq 0 ]
}
