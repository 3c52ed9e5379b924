#!/usr/bin/env bats
# readme.bats: the examples of README.md and docs/*.md run as printed.
#
# Every fenced block carries a marker, an HTML comment on the lines just
# before its opening fence:
#   <!-- example: run -->               the block runs as printed
#   <!-- example: not run: REASON -->   it cannot run in a test, and why
#   <!-- fresh-root begin; ... -->      README's two commands (CI runs them
#                                       in a fresh root: .ci/freshroot)
# A run block runs with sh -e in a private PID namespace (so its pk and pw
# touch only what it starts), in a fresh directory that stands for the
# clone (./quickbox is the binary under test), after the README's install step (run: the
# PATH it sets is all the block has), HOME that directory, C.UTF-8, no
# tty. Lines starting "$ " are the commands of a transcript block (the rest
# is their output, not checked); otherwise every line is. The block fails
# on a non-zero exit or anything on stderr (a warning in an example is a
# bug of the example).
load helpers

setup() { TOP=$(cd "$BATS_TEST_DIRNAME/.." && pwd); }

# blocks FILE: one record per fenced block, fields separated by \037:
# line, marker kind (run, notrun, fresh, none, noreason), then the
# commands with \036 for newlines
blocks() {
	awk '
	function kind(c) {
		if (c ~ /fresh-root begin/) return "fresh"
		if (c ~ /example: *run *-->/) return "run"
		if (c ~ /example: *not run: *[^ -]/) return "notrun"
		if (c ~ /example: *not run/) return "noreason"
		return "none"
	}
	!fence && /^<!--/ { c = ""; incomment = 1 }
	!fence && incomment { c = c " " $0; if (/-->/) { incomment = 0; cend = NR }; next }
	/^```/ {
		if (!fence) { fence = 1; start = NR; k = (cend == NR - 1) ? kind(c) : "none"
			body = ""; prompt = 0; next }
		fence = 0
		printf "%d\037%s\037%s\n", start, k, body
		next
	}
	fence {
		line = $0
		if (line ~ /^\$ /) { if (!prompt) body = ""; prompt = 1; sub(/^\$ /, "", line) }
		else if (prompt) next
		body = body line "\036"
	}' "$1"
}

# every file with examples
docs() { echo "$TOP/README.md"; ls "$TOP"/docs/*.md; }

@test "every fenced block in README.md and docs/*.md says whether it runs" {
	local f bad=
	for f in $(docs); do
		while IFS=$'\037' read -r line k _; do
			case $k in
			run|notrun|fresh) ;;
			noreason) bad="$bad ${f#"$TOP"/}:$line(not run: no reason)" ;;
			*) bad="$bad ${f#"$TOP"/}:$line" ;;
			esac
		done < <(blocks "$f")
	done
	[ -z "$bad" ] || { echo "blocks without an example marker:$bad"; false; }
}

@test "the fresh-root block holds exactly the two commands" {
	run bash -c "$(declare -f blocks); blocks '$TOP/README.md' | awk -F '\037' '\$2 == \"fresh\" { print \$3 }'"
	[ "$status" -eq 0 ]
	cmds=$(printf '%s' "$output" | tr '\036' '\n' | sed 's/#.*//; s/[[:space:]]*$//' | grep -v '^$' | tr '\n' ' ')
	[ "$cmds" = "make bench make test " ]
}

# run_blocks FILE: each run block of FILE as described above; prints
# every failing block with its output and fails if there was one
run_blocks() {
	local f=$1 line k body w n=0 failed=0 st
	need_ns
	# the README's own no-root install step, run in each block's clone
	# before the block: what it leaves on PATH is all the block has
	local inst
	inst=$(awk '/^## Install/ { on = 1 } on && /^mkdir -p ~\/bin/ { p = 1 }
	    p { sub(/#.*/, ""); print } p && /^```/ { exit }' "$TOP/README.md" | grep -v '^```')
	[ -n "$inst" ]
	while IFS=$'\037' read -r line k body; do
		[ "$k" = run ] || continue
		n=$((n + 1))
		# a new directory for every block (run_blocks runs once per file)
		w=$(mktemp -d "$BATS_TEST_TMPDIR/ex.XXXXXX")
		mkdir "$w/tmp"
		ln -s "$QB" "$w/quickbox"
		printf '%s' "$body" | tr '\036' '\n' > "$w/.example.sh"
		st=0 t0=$SECONDS
		printf '%s\n' "$inst" > "$w/.install.sh"
		(cd "$w" && timeout 60 sh "$QB_TESTS/ns.sh" --pid setsid \
		    env -i HOME="$w" PATH="/usr/bin:/bin" TMPDIR="$w/tmp" \
		    LANG=C.UTF-8 LC_ALL=C.UTF-8 sh -ec '. ./.install.sh && . ./.example.sh' \
		    < /dev/null > "$w/.out" 2> "$w/.err") || st=$?
		echo "${f#"$TOP"/}:$line: $((SECONDS - t0)) s"
		if [ "$st" -ne 0 ] || [ -s "$w/.err" ]; then
			failed=$((failed + 1))
			echo "== ${f#"$TOP"/}:$line: exit $st"
			sed 's/^/   | /' "$w/.example.sh"
			echo "   stdout:"; sed 's/^/   > /' "$w/.out" | head -n 20
			echo "   stderr:"; sed 's/^/   ! /' "$w/.err" | head -n 20
		fi
	done < <(blocks "$f")
	echo "$n run blocks, $failed failed"
	[ "$failed" -eq 0 ]
}

@test "README.md: the examples marked run run as printed" {
	run_blocks "$TOP/README.md"
}

@test "docs/*.md: the examples marked run run as printed" {
	local f st=0
	for f in "$TOP"/docs/*.md; do run_blocks "$f" || st=1; done
	[ "$st" -eq 0 ]
}

# README's figures come from make size and make bench: its sizes are the
# budgets tests/size.bats enforces, its times (µs, ms) are figures of
# docs/PERFORMANCE.md, where the bench runs are recorded
@test "README.md: its sizes are size.bats's budgets, its times are in docs/PERFORMANCE.md" {
	local want got n bad=0
	want=$(sed -n 's/^BUDGETS="\(.*\)"$/\1/p' "$TOP/tests/size.bats" |
	    awk '{ for (i = 1; i < NF; i += 2) b[$i] = $(i + 1)
		print b["whole"] "|" b["tails"] "|" b["headtail"] "|" b["pf"] }')
	got=$(tr '\n' ' ' < "$TOP/README.md" |
	    sed -n 's/.*holds it to: \([0-9,]*\) bytes with every applet, \([0-9,]*\) with only native tails, \([0-9,]*\) with only head and tail, \([0-9,]*\) with only the pf family.*/\1|\2|\3|\4/p' | tr -d ,)
	[ -n "$want" ]
	[ "$got" = "$want" ]
	while read -r n; do
		grep -qF -- "$n" "$TOP/docs/PERFORMANCE.md" || { echo "README's $n is not in docs/PERFORMANCE.md"; bad=1; }
	done < <(grep -oE '[0-9]+(\.[0-9]+)?(-[0-9]+(\.[0-9]+)?)? (µs|ms)' "$TOP/README.md")
	[ $bad = 0 ]
}

# README's other figures, from where they are measured or decided: the
# bench's minutes from its banner (bench.sh), the installed sizes from
# make install's own line (within 10 %: compilers differ), the releases
# the personalities follow from the suite's runner (tests/bats-count.sh)
@test "README.md: bench minutes as the bench banner says, install sizes as make install says, the releases followed as the runner says" {
	local rd b f got n want v
	rd=$(tr '\n' ' ' < "$TOP/README.md" | tr -s ' #' ' ')
	b=$(sed -n 's/.*make bench: about \([0-9-]*\) minutes.*/\1/p' "$TOP/bench.sh" | head -n 1)
	f=$(sed -n 's/.*make bench-full runs the long studies (~\([0-9-]*\) min).*/\1/p' "$TOP/bench.sh" | head -n 1)
	[ -n "$b" ]
	[ -n "$f" ]
	[[ "$rd" == *"make bench build, then run the main job, the benchmark: about $b minutes"* ]] || { echo "README: make bench is not about $b minutes"; false; }
	[[ "$rd" == *"long benchmark studies (about $f minutes"* ]] || { echo "README: make bench-full is not about $f minutes"; false; }
	grep -q "make bench .*the benchmark (bench.sh): about $b minutes" "$TOP/Makefile"
	grep -q "make bench-full .*the long studies (bench/full.sh, about $f minutes)" "$TOP/Makefile"
	# the installed sizes
	run top_make install DESTDIR="$BATS_TEST_TMPDIR/i" PREFIX=/usr
	[ "$status" -eq 0 ]
	n=$(wc -c < "$BATS_TEST_TMPDIR/i/usr/bin/quickbox")
	want=$(sed -n 's/.*the -O2 build stripped (~\([0-9]*\) KB).*/\1/p' "$TOP/README.md")
	[ -n "$want" ]
	echo "stripped: $n bytes, README ~$want KB"
	[ $((n / 1000 * 10)) -ge $((want * 9)) ]
	[ $((n / 1000 * 10)) -le $((want * 11)) ]
	run top_make install-debug DESTDIR="$BATS_TEST_TMPDIR/d" PREFIX=/usr
	[ "$status" -eq 0 ]
	n=$(wc -c < "$BATS_TEST_TMPDIR/d/usr/bin/quickbox")
	want=$(sed -n 's/.*debug info kept (~\([0-9.]*\) MB.*/\1/p' "$TOP/README.md" | tr -d .)
	[ -n "$want" ]
	echo "with debug info: $n bytes, README ~${want} (tenths of a MB)"
	[ $((n / 10000)) -ge $((want * 9)) ]
	[ $((n / 10000)) -le $((want * 11)) ]
	# the releases
	v=$(sed -n 's/.*quickbox follows procps-ng \([0-9.]*\), coreutils \([0-9.]*\)).*/\1 \2/p' "$TOP/tests/bats-count.sh")
	[ -n "$v" ]
	set -- $v
	[[ "$rd" == *"those of procps-ng $1 and GNU coreutils $2, byte for byte"* ]]
	[[ "$rd" == *"quickbox is procps-ng $1 byte for byte"* ]]
	[[ "$rd" == *"drop-in for GNU coreutils $2 (same output"* ]]
	# and no other release named
	[ "$(grep -oE '(procps-ng|coreutils) [0-9][0-9.]*[0-9]' <<<"$rd" | LC_ALL=C sort -u | tr '\n' ' ')" = "coreutils $2 procps-ng $1 " ]
}
