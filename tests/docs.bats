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
# (one awk over the three lists: a grep per name and source cost ~500
# processes an applet)
same_options() {
	local a="$1" h m p out
	has_applet "$a"
	h=$(help_names "$a"); m=$(md_names "$a"); p=$(man_names "$a")
	[ -n "$h" ] || { echo "$a --help: no options found"; return 1; }
	out=$(awk -v a="$a" 'FNR == 1 { k++ } NF { has[k, $0] = 1; all[$0] = 1 }
	    END { split("--help,docs .md,man page", what, ",")
		for (n in all) for (i = 1; i <= 3; i++)
			if (!((i, n) in has)) print a ": " what[i] " lacks " n }' \
	    <(printf '%s\n' "$h") <(printf '%s\n' "$m") <(printf '%s\n' "$p") | LC_ALL=C sort)
	[ -z "$out" ] || { echo "$out"; return 1; }
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
	local heads
	heads=$(sed -n 's/^##* //p' "$DOCS/PERFORMANCE.md" | tr -d '`')
	# one awk for every file (a pipeline a file cost ~600 processes): each
	# line without its comment leader, the lines joined by one space, runs
	# of spaces squeezed, backquotes dropped, then each pointer in turn
	HEADS=$heads ROOT_=${ROOT-}/ awk '
	function flush(   t, p, name, i, ok) {
		t = text; gsub(/  +/, " ", t); gsub(/`/, "", t)
		while (match(t, /docs\/PERFORMANCE\.md(, "[^"]*")?/)) {
			p = substr(t, RSTART, RLENGTH); t = substr(t, RSTART + RLENGTH)
			name = substr(p, 20); sub(/^, "/, "", name); sub(/"$/, "", name)
			ok = 0
			for (i = 1; i <= nh && name != ""; i++) if (index(h[i], name) == 1) ok = 1
			if (!ok) { f = file; if (index(f, root) == 1) f = substr(f, length(root) + 1)
				print f ": " p; bad = 1 }
		}
		text = ""
	}
	BEGIN { nh = split(ENVIRON["HEADS"], h, "\n"); root = ENVIRON["ROOT_"] }
	FNR == 1 && NR > 1 { flush() }
	{ file = FILENAME; l = $0; sub(/^[[:space:]]*(\/\*+|\*+|\/\/|#+)?[[:space:]]*/, "", l)
	  text = text l " " }
	END { if (NR) flush(); exit bad }' "$@"
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

# repository paths (applets/ core/ tests/ bench/ docs/ config/...) named in
# the docs, the README, the Makefile and the sources' comments: FILE:LINE
# PATH for each that does not exist. Placeholders are skipped: a part in
# capitals (NAME, FAMILY, APPLET), a prefix ending in _ or a brace,
# applets/x.c, and config/local.mk (the user's own, made when wanted); a
# unit's name without .c or .h stands for its files
dead_paths() {
	(cd "$1" && grep -rnoE '(^|[^A-Za-z0-9_./-])(applets|core|tests|bench|docs|config)/[A-Za-z0-9_./*{},+-]*' \
	    README.md Makefile bench.sh docs applets core tests bench 2>/dev/null |
	    sed -E 's/^([^:]*):([0-9]+):[^a-z]?/\1:\2 /' |
	    awk '{ p = $2; sub(/[.,:;)]+$/, "", p)
		if (p ~ /[*{}$]/ || p ~ /_$/ || p ~ /\/[^\/]*[A-Z][A-Z][A-Z]/ ||
		    p == "applets/x.c" || p == "config/local.mk") next
		print $1, p }' |
	    while read -r at p; do
		# a unit named without its ending (floors.sh: applets/tim_run)
		[ -e "$p" ] || [ -e "$p.c" ] || [ -e "$p.h" ] || echo "$at $p"
	    done | LC_ALL=C sort -u)
}

@test "every repository path named in the docs and the sources' comments exists" {
	run dead_paths "$BATS_TEST_DIRNAME/.."
	[ "$output" = "" ]
	# and the check sees a dead one ($c, $d: not paths this scan would see)
	local r="$BATS_TEST_TMPDIR/r" c=core d=docs
	mkdir -p "$r/$d" "$r/$c/lib"
	echo "see $c/nosuch.h and (docs) $c/lib/." > "$r/$d/a.md"
	run dead_paths "$r"
	[ "$output" = "$d/a.md:1 $c/nosuch.h" ]
}
