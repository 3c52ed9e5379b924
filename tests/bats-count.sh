#!/bin/sh
# tests/bats-count.sh ARGS...: runs `bats ARGS...` (pretty on a terminal,
# TAP otherwise, as bats chooses), then ends with one line counted from
# the TAP report bats writes beside it:
#     N passed, N failed, N skipped
# Exits non-zero when bats did, when a test failed, or when fewer tests
# reported than the plan announced (a file that stopped midway: the
# missing ones count as failed). make test, make check and make
# check-clang run the suite through it.
dir=$(mktemp -d "${TMPDIR:-/tmp}/qb-bats.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
trap 'exit 1' HUP INT TERM
bats --report-formatter tap --output "$dir" "$@"
rc=$?
if [ ! -f "$dir/report.tap" ]; then
	echo "bats wrote no report (exit $rc): nothing counted" >&2
	[ $rc != 0 ] || rc=1
	exit $rc
fi
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
	}' "$dir/report.tap"
