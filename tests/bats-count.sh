#!/bin/sh
# tests/bats-count.sh [BATS-FLAG...] FILE-OR-DIR...: runs the .bats files
# with bats (pretty on a terminal, TAP otherwise, as bats chooses), then
# ends with one line counted from the TAP reports bats writes beside it:
#     N passed, N failed, N skipped
# Exits non-zero when bats did, when a test failed, or when fewer tests
# reported than the plan announced (a file that stopped midway: the
# missing ones count as failed). make test, make check and make
# check-clang run the suite through it.
#
# Two phases. First the files run QB_JOBS at a time (default: one per
# CPU; bats --jobs, through GNU parallel; the tests of one file stay in
# order); then, one at a time, the files whose first lines hold
# "# bats-count: alone" (they measure time or load the machine: a
# neighbour would make them flaky or slow). With one job, or without GNU
# parallel, everything runs in one bats as before. Both phases' reports
# are counted, and either's failure fails the run.
#
# A test writes only under its own temporary directory and removes what
# it makes: what the run leaves in / and /tmp (listed before and after,
# one level deep) is named in a line before the count, and with
# QB_STRAY=fail it fails the run (CI's fresh roots set it: nothing else
# runs there; on a shared machine another program's new files in /tmp
# would be named too, so there the line only informs).
#
# The run starts with one line saying whether the tests that need a
# private PID or mount namespace can have one here (tests/ns.sh: also in
# a plain chroot), and if not, which skip and how to run them; the probe
# is made once, for every file (QB_NS).
[ -n "${BASH_VERSION-}" ] || exec bash "$0" "$@"
QB_NS=$(sh "$(dirname "$0")/ns.sh" --probe)
export QB_NS
case $QB_NS in
mount-point) echo "bats-count: private namespaces: yes (root, / a mount point): no test skips for want of one" ;;
chroot) echo "bats-count: private namespaces: yes (a plain chroot: tests/ns.sh binds / privately first): no test skips for want of one" ;;
*"not root"*) echo "bats-count: not root: the tests that need root or a private namespace skip (each names why); run as root to run them" ;;
*) echo "bats-count: no private namespace here (${QB_NS#none: }): the tests that need one skip; run as root with CAP_SYS_ADMIN (a container: --privileged or --cap-add SYS_ADMIN) to run them" ;;
esac
# the reference tools the differential tests compare with, and the
# releases quickbox follows: a test compares with the installed tool only
# where its version already behaves as the target, else with the
# expectation recorded from the target (tests/ref/)
pv=$(/usr/bin/pgrep -V 2>/dev/null | sed -n 's/.*procps-ng \([0-9.]*\).*/\1/p')
cv=$(/usr/bin/head --version 2>/dev/null | sed -n '1s/.* \([0-9][0-9.]*\)$/\1/p')
echo "bats-count: reference tools installed: procps-ng ${pv:-none}, GNU coreutils ${cv:-none} (quickbox follows procps-ng 4.0.6, coreutils 9.11)"
dir=$(mktemp -d "${TMPDIR:-/tmp}/qb-bats.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
trap 'exit 1' HUP INT TERM
# / and /tmp, one name a line (a name may hold no newline here: the
# suite's own never do)
toplevel() { for t in / /tmp; do ls -A "$t" | sed "s|^|${t%/}/|"; done | LC_ALL=C sort; }
toplevel > "$dir/before"

# split the arguments: .bats files (a directory gives its *.bats) and the
# flags for bats, in their order
flags=() files=()
for a in "$@"; do
	if [ -d "$a" ]; then
		for f in "$a"/*.bats; do [ -f "$f" ] && files+=("$f"); done
	elif [[ $a == *.bats && -f $a ]]; then
		files+=("$a")
	else
		flags+=("$a")
	fi
done
par=() alone=()
for f in "${files[@]}"; do
	if head -n 20 "$f" | grep -q '^# bats-count: alone'; then
		alone+=("$f")
	else
		par+=("$f")
	fi
done

jobs=${QB_JOBS:-$(nproc 2>/dev/null || echo 1)}
if [ "$jobs" -gt 1 ] && ! parallel --version 2>/dev/null | grep -q '^GNU parallel'; then
	echo "bats-count: no GNU parallel (apt-get install parallel): the files run one at a time" >&2
	jobs=1
fi
# no citation notice, nor a prompt for one
export PARALLEL="--will-cite${PARALLEL:+ $PARALLEL}"

rc=0
phase() {
	local out=$1 r=0
	shift
	mkdir "$dir/$out"
	bats --report-formatter tap --output "$dir/$out" "$@" || r=$?
	[ -f "$dir/$out/report.tap" ] ||
		echo "bats wrote no report (exit $r): nothing counted" >&2
	[ $r = 0 ] || [ $rc != 0 ] || rc=$r
	[ -f "$dir/$out/report.tap" ] || [ $rc != 0 ] || rc=1
}
if [ "$jobs" -le 1 ] || [ ${#files[@]} -le 1 ]; then
	phase all "${flags[@]}" "${files[@]}"
else
	[ ${#par[@]} = 0 ] ||
		phase par --jobs "$jobs" --no-parallelize-within-files "${flags[@]}" "${par[@]}"
	[ ${#alone[@]} = 0 ] || phase alone "${flags[@]}" "${alone[@]}"
fi
toplevel > "$dir/after"
stray=$(LC_ALL=C comm -13 "$dir/before" "$dir/after" | tr '\n' ' ')
if [ -n "$stray" ]; then
	echo "bats-count: the run left in / and /tmp (a test writing outside its temporary directory, or another program meanwhile): $stray"
	[ "${QB_STRAY-}" != fail ] || [ $rc != 0 ] || rc=1
fi
reports=()
for f in "$dir"/*/report.tap; do [ -f "$f" ] && reports+=("$f"); done
[ ${#reports[@]} != 0 ] || exit $rc
awk -v rc=$rc '
	/^1\.\.[0-9]+$/ { plan += substr($0, 4) }
	/^ok [0-9]+/ { if ($0 ~ / # [Ss][Kk][Ii][Pp]( |$)/) skip++; else pass++ }
	/^not ok [0-9]+/ { fail++ }
	END {
		seen = pass + fail + skip
		if (plan > seen) {
			printf "%d of %d planned tests did not report: counted as failed\n", plan - seen, plan
			fail += plan - seen
		}
		printf "%d passed, %d failed, %d skipped\n", pass, fail, skip
		exit (rc != 0 || fail > 0) ? (rc != 0 ? rc : 1) : 0
	}' "${reports[@]}"
