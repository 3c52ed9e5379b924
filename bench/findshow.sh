#!/usr/bin/env bash
# bench/findshow.sh: find and show one process among many: what -F costs
# on top of the scan, and against the pipeline people type instead.
#
#   bench/findshow.sh [QUICKBOX]     (default ./quickbox)
#   env: AT="2000 10000" (processes in the table), ROUNDS=12,
#        FIELDS=pid,user,etime,args, PGREP=/usr/bin/pgrep PS=/usr/bin/ps
#
# In a private PID namespace (needs root and unshare; else skipped), so
# the table holds only what this starts: one target named qbfind_tgt and
# sleeping extras (bench/spawn.c children, all named spawn). At each
# count, bench/parrun.c runs these in turn, one run each per round
# (interleaved: a slow stretch of the machine hits all alike), each a
# vfork+exec of the program itself:
#   plain      pf qbfind_tgt                    (scan threads as pf chooses)
#   fields     pf -F FIELDS qbfind_tgt
#   plain-pin, fields-pin: the same bound to one CPU (one scan thread)
#   xargs      sh -c 'pgrep qbfind_tgt | xargs ps -o FIELDS -p'
# and prints the fastest and the median run of each, then the ratios
# fields/plain (goal: <= 1.1, docs/PERFORMANCE.md, "Find and show") and
# xargs/fields (goal: >= 10 at 10000). Then every process a row:
#   allpid     pf -F pid .
#   alluser    pf -F pid,user .
#   allpid-pin, alluser-pin: the same bound to one CPU
#   ps         ps -e -o pid,user
# and the ratio alluser/allpid (goal: <= 1.1, docs/PERFORMANCE.md,
# "User and group names").
# Output: "label<TAB>value<TAB>unit" lines; '#' lines are notes.
set -u
cd "$(dirname "$0")/.." || exit 1
QB=$(realpath "${1:-./quickbox}") || exit 1
AT=${AT:-2000 10000}
ROUNDS=${ROUNDS:-12}
FIELDS=${FIELDS:-pid,user,etime,args}
PGREP=${PGREP:-/usr/bin/pgrep}
PS=${PS:-/usr/bin/ps}

if [ "${FINDSHOW_INNER:-}" != 1 ]; then
	if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null; then
		echo "# find and show: needs root and unshare (a private PID namespace): skipped"
		exit 0
	fi
	FINDSHOW_INNER=1 exec unshare --fork --pid --mount-proc bash "$0" "$QB"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/qbfind.XXXXXX")
cleanup() {
	# the extras are this namespace's: they end with it (PID 1 is bash)
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

${CC:-cc} -O2 -Icore -o "$tmp/parrun" bench/parrun.c core/lib/clock.c &&
    ${CC:-cc} -O2 -o "$tmp/spawn" bench/spawn.c ||
    { echo "# find and show: bench/parrun.c or spawn.c does not build: skipped"; exit 0; }
ln -s "$tmp/spawn" "$tmp/qbfind_tgt"
ln -s "$QB" "$tmp/pf"
"$tmp/qbfind_tgt" 1 >/dev/null || exit 1
for ref in "$PGREP" "$PS"; do
	[ -x "$ref" ] || { echo "# find and show: no $ref: the xargs row is skipped"; noref=1; }
done
echo "# CPUs available: $(nproc)"
count() { ls /proc | grep -c '^[0-9]'; }
sh_ref="$PGREP \"\$1\" | /usr/bin/xargs $PS -o $FIELDS -p"
for at in $AT; do
	n=$((at - $(count)))
	[ "$n" -gt 0 ] && { "$tmp/spawn" "$n" 3600 >/dev/null || exit 1; }
	procs=$(count)
	vs=(plain fields:+-F:+"$FIELDS" plain-pin:pin fields-pin:pin:+-F:+"$FIELDS")
	[ -z "${noref:-}" ] && vs+=(xargs:/bin/sh:+-c:+"$sh_ref")
	"$tmp/parrun" "$ROUNDS" "${vs[@]}" -- "$tmp/pf" qbfind_tgt >"$tmp/out" ||
	    { echo "# find and show: a run failed at $procs processes"; exit 1; }
	declare -A min=() med=()
	while read -r v a b; do min[$v]=$a med[$v]=$b; done <"$tmp/out"
	# rows V...: each variant's fastest and median run
	rows() {
		for v; do
			[ -n "${min[$v]:-}" ] || continue
			printf '%s@%s\t%s\tus (median %s)\n' "$v" "$procs" "${min[$v]}" "${med[$v]}"
		done
	}
	# ratio LABEL A B: A's time over B's, the fastest runs and the medians
	ratio() {
		[ -n "${min[$2]:-}" ] || return 0
		printf '%s@%s\t%s\tx (median %s)\n' "$1" "$procs" \
		    "$(r "${min[$2]}" "${min[$3]}")" "$(r "${med[$2]}" "${med[$3]}")"
	}
	r() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.2f", (b > 0 ? a / b : 0)}'; }
	rows plain fields plain-pin fields-pin xargs
	ratio 'fields/plain threaded' fields plain
	ratio 'fields/plain pinned' fields-pin plain-pin
	ratio xargs/fields xargs fields
	# every process a row: the user name's cost (each uid looked up
	# once, /etc/passwd read once: goal <= 1.1) and ps -e
	vs=(allpid:+-F:+pid:+. alluser:+-F:+pid,user:+. allpid-pin:pin:+-F:+pid:+.
	    alluser-pin:pin:+-F:+pid,user:+.)
	[ -x "$PS" ] && vs+=(ps:"$PS":+-e:+-o:+pid,user)
	"$tmp/parrun" "$ROUNDS" "${vs[@]}" -- "$tmp/pf" >"$tmp/out" ||
	    { echo "# find and show: an every-row run failed at $procs processes"; exit 1; }
	while read -r v a b; do min[$v]=$a med[$v]=$b; done <"$tmp/out"
	rows allpid alluser allpid-pin alluser-pin ps
	ratio 'user/pid every row' alluser allpid
	ratio 'user/pid every row, pinned' alluser-pin allpid-pin
	ratio 'ps -e/alluser' ps alluser
done
exit 0
