#!/bin/sh
# bench/tails.sh: quickbox head/tail side by side with GNU coreutils on a
# generated file and through a pipe. One measurement a line:
#   LABEL (UNIT)<TAB>GNU<TAB>QUICKBOX<TAB>QUICKBOX/GNU
# (a ratio under 1: quickbox is faster or smaller). Times are the minimum
# wall time of REPS runs (fork+exec+wait4, output to /dev/null); RSS is the
# peak resident set of the tool itself (wait4). About a minute at 1G on a
# 2-core machine, most of it making the file; notes go to stderr.
#
#   sh bench/tails.sh [QUICKBOX]      (default $QB, else ./quickbox)
#   SIZE=1G (default; 64M, 256M... with K/M/G)  REPS=5  GNU=/usr/bin
#   TMPDIR=where the file is generated (removed at exit, even on Ctrl-C)
# bench.sh calls it as:  sh bench/tails.sh "$QUICKBOX"
set -eu
SIZE=${SIZE:-1G}
REPS=${REPS:-5}
GNU=${GNU:-/usr/bin}
QB=${1:-${QB:-./quickbox}}
CC=${CC:-cc}
case $QB in /*) ;; *) QB=$(pwd)/$QB ;; esac
[ -x "$QB" ] || { echo "bench/tails.sh: no quickbox at $QB (make first)" >&2; exit 1; }

dir=$(mktemp -d "${TMPDIR:-/tmp}/tails-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT
trap 'exit 130' INT TERM HUP

bytes() {   # 64M -> bytes
	n=${1%[KMGkmg]}
	case $1 in *[Kk]) echo $((n << 10)) ;; *[Mm]) echo $((n << 20)) ;;
	*[Gg]) echo $((n << 30)) ;; *) echo "$1" ;; esac
}
size=$(bytes "$SIZE")
half=$((size / 2))

# the timer: runs ARGV REPS times, stdin from FILE or from a pipe fed by a
# separate writer process (-p FILE), prints "min_ms max_rss_kib"
cat > "$dir/timer.c" <<'C'
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
int main(int argc, char **argv) {
	int reps = atoi(argv[1]), pipe_in = !strcmp(argv[2], "-p"), i; const char *in = argv[3];
	double best = 1e18; long rss = 0;
	for (i = 0; i < reps; i++) {
		int p[2] = {-1, -1}, st; pid_t w = -1, c; struct rusage ru; double t0;
		if (pipe_in && pipe(p)) return 1;
		t0 = now();
		if (pipe_in && !(w = fork())) {   /* the writer: cat FILE */
			char *buf = malloc(1 << 17); int fd = open(in, O_RDONLY); ssize_t r;
			close(p[0]);
			while ((r = read(fd, buf, 1 << 17)) > 0) if (write(p[1], buf, r) != r) break;
			_exit(0);
		}
		if (!(c = fork())) {
			int fd = pipe_in ? p[0] : open(in, O_RDONLY), nul = open("/dev/null", O_WRONLY);
			dup2(fd, 0); dup2(nul, 1);
			if (pipe_in) close(p[1]);
			execv(argv[4], argv + 4); _exit(127);
		}
		if (pipe_in) close(p[0]), close(p[1]);
		wait4(c, &st, 0, &ru);
		if (w > 0) waitpid(w, NULL, 0);
		if (now() - t0 < best) best = now() - t0;
		if (ru.ru_maxrss > rss) rss = ru.ru_maxrss;
	}
	printf("%.2f %ld\n", best, rss);
	return 0;
}
C
"$CC" -O2 -o "$dir/timer" "$dir/timer.c"

# the data: base64 rows of 76 chars, SIZE bytes
head -c $((size / 4 * 3)) /dev/urandom | base64 > "$dir/f" 2>/dev/null || true
truncate -s "$size" "$dir/f"
echo "# bench/tails.sh: $size bytes, $(wc -l < "$dir/f") lines, min of $REPS runs" >&2
ln -s "$QB" "$dir/head"; ln -s "$QB" "$dir/tail"

line() {   # LABEL GNU QB: one line, with the ratio
	printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" \
	    "$(awk -v g="$2" -v q="$3" 'BEGIN { printf "%.3f", (g > 0 ? q / g : 0) }')"
}

time1() {   # REPS MODE BIN ARGS...: "min_ms max_rss_kib"; MODE file or pipe
	reps=$1 mode=$2
	shift 2
	if [ "$mode" = pipe ]; then "$dir/timer" "$reps" -p "$dir/f" "$@"
	else "$dir/timer" "$reps" -f "$dir/f" "$@"; fi
}

run() {   # LABEL MODE TOOL ARGS...
	label=$1 mode=$2 tool=$3
	shift 3
	g=$(time1 "$REPS" "$mode" "$GNU/$tool" "$@")
	q=$(time1 "$REPS" "$mode" "$dir/$tool" "$@")
	line "$label (ms)" "${g% *}" "${q% *}"
}
# keep the file in the page cache first, as a real re-run would
cat "$dir/f" > /dev/null
run "tail -n 10 FILE" file tail -n 10
run "tail -n 1000000 FILE" file tail -n 1000000
run "head -n 1000000 FILE" file head -n 1000000
run "head -c $half FILE" file head -c "$half"
run "cat FILE | tail -n 10" pipe tail -n 10
run "cat FILE | tail -n 1000000" pipe tail -n 1000000
kept=$("$GNU/tail" -n 1000000 "$dir/f" | wc -c)
g=$(time1 1 pipe "$GNU/tail" -n 1000000)
q=$(time1 1 pipe "$dir/tail" -n 1000000)
line "peak RSS, cat FILE | tail -n 1000000 (KiB)" "${g#* }" "${q#* }"
per() { awk -v r="$1" -v k="$kept" 'BEGIN { printf "%.3f", r * 1024 / k }'; }
line "peak RSS / data kept ($kept bytes)" "$(per "${g#* }")" "$(per "${q#* }")"
