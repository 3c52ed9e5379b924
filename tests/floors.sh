#!/bin/sh
# floors.sh [ROOT]: the one-way floors of the source tree, checked (run by
# tests/floors.bats, so by make test). Prints one line per breach, exits 1
# when there is any.
#
# Floors: the front end (applets/) calls the engines (core/process,
# core/records, core/timing, and any other folder under core/ but lib and
# libc), which call the helpers (core/lib), which call the project's own
# versions of C library functions (core/libc: each there in place of a
# libc function, for a reason its opening comment states; like the C
# library, it calls nothing above it). core/main.c and core/applets.h are
# the dispatcher; config/ and the generated build/enabled.h are settings.
#
# 1. Includes. Each #include "x" is resolved to the file it names as the
#    compiler does: the including file's folder first, then -I$(B) and
#    -Icore, the one -I of the core. A core header is named with its floor
#    ("lib/err.h", "process/select.h"), also from its own folder, so each
#    #include line says which floor it reaches; a bare "err.h" is a
#    breach. Allowed:
#      dispatcher -> anything
#      applet     -> applets, engines, lib, libc, settings, core/applets.h
#                    (the entry points the dispatcher calls)
#      engine E   -> E, lib, libc, settings (never another engine)
#      lib        -> lib, libc, settings
#      libc       -> libc, settings
# 2. Calls. No file under core/ prints a message, warns or exits on its own:
#    the applet decides. Banned names: the printf family, puts, fputs,
#    putchar, fputc, putc, perror, psignal; err.h's warn, vwarn, warn_line,
#    fail, die, xexit; BSD's err, errx, verr, verrx, warnx, vwarnx; glibc's
#    error; exit, _exit, _Exit, abort. Writing a command's data through
#    out.h (out_write, rec_emit...) is not a message and is allowed.
#    Allowed files: core/main.c (the dispatcher); core/lib/err.c, err.h and
#    out.c, the helpers that do the printing and exiting when an applet
#    calls them (a helper that dies of an impossible allocation does so in
#    err.c's x* allocators, which the engines may call). One allowed call:
#    _exit in core/timing/spawn.c, the forked child giving up after a
#    failed exec (it must not run the parent's atexit work).
# 3. Steps. In applets/ and in each floor of core/, a file and its header
#    (x.c, x.h) are one unit, and the includes and calls between units go
#    one way: no unit reaches itself again (tim's front end -> measuring ->
#    model, the outputs -> the model; the records driver -> the hooks,
#    never back; two units that need each other are one concern cut in
#    two). Each circle found is named, its units in order.
ROOT=${1:-.}
cd "$ROOT" || exit 2

incs="build core"

bad=0
files=$(find applets core -name '*.[ch]' | LC_ALL=C sort)

# every #include "x" as FILE NAME, to one awk that knows every file
for f in $files; do
	sed -n "s|^[[:space:]]*#[[:space:]]*include[[:space:]]*\"\([^\"]*\)\".*|$f \1|p" "$f"
done | awk -v incs="$incs" -v made="$(sed -n 's/^\$(B)\/\([^:]*\):.*/\1/p' Makefile)" \
    -v have="$(find applets core config build -type f 2>/dev/null)" '
function norm(p,    n, a, i, o, k) {
	n = split(p, a, "/"); k = 0
	for (i = 1; i <= n; i++) {
		if (a[i] == "." || a[i] == "") continue
		if (a[i] == ".." && k > 0 && st[k] != "..") { k--; continue }
		st[++k] = a[i]
	}
	o = st[1]
	for (i = 2; i <= k; i++) o = o "/" st[i]
	return o
}
function floor(p) {
	if (p == "core/main.c" || p == "core/applets.h") return "dispatch"
	if (p ~ /^applets\//) return "applet"
	if (p ~ /^core\/lib\//) return "lib"
	if (p ~ /^core\/libc\//) return "libc"
	if (p ~ /^core\/[^\/]+\//) { sub(/^core\//, "", p); sub(/\/.*/, "", p); return "engine:" p }
	if (p ~ /^(build|config)\//) return "settings"
	return "other"
}
function allowed(a, b, to) {
	if (a == "dispatch") return 1
	if (a == "applet") return b == "applet" || b ~ /^engine:/ || b == "lib" || b == "libc" || b == "settings" || to == "core/applets.h"
	if (a ~ /^engine:/) return b == a || b == "lib" || b == "libc" || b == "settings"
	if (a == "lib") return b == "lib" || b == "libc" || b == "settings"
	if (a == "libc") return b == "libc" || b == "settings"
	if (a == "settings") return b == "settings"
	return 0
}
BEGIN {
	n = split(have, h, "\n"); for (i = 1; i <= n; i++) exists[h[i]] = 1
	n = split(made, h, "\n"); for (i = 1; i <= n; i++) exists["build/" h[i]] = 1
	nd = split(incs, dirs, " ")
}
{
	f = $1; inc = $2; d = f; sub(/\/[^\/]*$/, "", d)
	to = ""
	if (exists[norm(d "/" inc)]) to = norm(d "/" inc)
	for (i = 1; i <= nd && to == ""; i++)
		if (exists[norm(dirs[i] "/" inc)]) to = norm(dirs[i] "/" inc)
	if (to == "") { printf "%s: #include \"%s\" names no file\n", f, inc; bad = 1; next }
	if (inc !~ /\// && to ~ /^core\/[^\/]+\//) {
		printf "%s: #include \"%s\" hides its floor (write \"%s\")\n", f, inc, substr(to, 6)
		bad = 1; next
	}
	a = floor(f); b = floor(to)
	if (!allowed(a, b, to)) { printf "%s: includes %s (%s may not include %s)\n", f, to, a, b; bad = 1 }
}
END { exit bad }' || bad=1

# comments and string and character literals blanked, lines kept; then
# each banned name followed by "(" (not a member, not part of a longer
# name, not a definition of a static function of the same name)
for f in $files; do
	case $f in
	core/*) ;;
	*) continue ;;
	esac
	case $f in
	core/main.c | core/lib/err.c | core/lib/err.h | core/lib/out.c) continue ;;
	esac
	awk -v F="$f" '
	BEGIN {
		split("printf fprintf dprintf vprintf vfprintf vdprintf " \
		    "puts fputs putchar fputc putc perror psignal warn vwarn warn_line " \
		    "fail die xexit err errx verr verrx warnx vwarnx error exit _exit " \
		    "_Exit abort", n, " ")
		for (i in n)
			ban[n[i]] = 1
		allow["core/timing/spawn.c", "_exit"] = 1
	}
	{
		s = $0; o = ""
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1); c2 = substr(s, i, 2)
			if (incom) {
				if (c2 == "*/") { incom = 0; i++ }
				o = o " "; continue
			}
			if (c2 == "/*") { incom = 1; i++; o = o "  "; continue }
			if (c2 == "//") break
			if (c == "\"" || c == "\047") {
				q = c; o = o c
				for (i++; i <= length(s); i++) {
					c = substr(s, i, 1)
					if (c == "\\") { i++; continue }
					if (c == q) break
				}
				o = o q; continue
			}
			o = o c
		}
		line[NR] = o
	}
	END {
		for (k = 1; k <= NR; k++) {
			# names of static functions this file defines itself
			if (match(line[k], /^static[^(]*[^A-Za-z0-9_][A-Za-z_][A-Za-z0-9_]*\(/)) {
				d = substr(line[k], 1, RLENGTH - 1); sub(/.*[^A-Za-z0-9_]/, "", d)
				own[d] = 1
			}
		}
		for (k = 1; k <= NR; k++) {
			t = line[k]
			while (match(t, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/)) {
				w = substr(t, RSTART, RLENGTH); sub(/[ \t]*\($/, "", w)
				pre = RSTART > 1 ? substr(t, RSTART - 1, 1) : ""
				t = substr(t, RSTART + RLENGTH)
				if (!(w in ban) || (w in own) || ((F, w) in allow))
					continue
				if (pre == "." || pre == ">")
					continue
				printf "%s:%d: calls %s (a core file never prints, warns or exits: return to the applet)\n", F, k, w
				bad = 1
			}
		}
		exit bad
	}' "$f" || bad=1
done

# the edges between units: each #include of a file in applets/ (a bare
# name, resolved there as the compiler does first) or in core/ (named
# with its floor) as a line
# "FROM TO" on stdin, and each call of a function another unit defines
# (a line that starts with its type and name, not static, not a
# prototype), read from the files themselves; then a search for a circle
# from each unit in turn
acs=$(for f in $files; do case $f in applets/*.c|core/*/*.c) echo "$f" ;; esac; done)
for f in $files; do
	case $f in
	applets/*|core/*/*) ;;
	*) continue ;;
	esac
	sed -n "s|^[[:space:]]*#[[:space:]]*include[[:space:]]*\"\([^\"]*\)\".*|\1|p" "$f" |
	while read -r i; do
		case $f in
		applets/*) [ -e "applets/$i" ] && echo "${f%.*} applets/${i%.*}" ;;
		*) [ -e "core/$i" ] && echo "${f%.*} core/${i%.*}" ;;
		esac
	done
done | awk '
function add(u) { if (!(u in known)) { known[u] = 1; order[++nn] = u } }
function edge(a, b) {
	if (a != b && !((a, b) in seen)) { seen[a, b] = 1; out[a] = out[a] " " b; add(a); add(b) }
}
FILENAME == "-" { edge($1, $2); next }
FNR == 1 { u = FILENAME; sub(/\.c$/, "", u); nf++; fu[nf] = u }
{ text[nf] = text[nf] "\n" $0 }
/^[A-Za-z_]/ && !/^static/ && !/;[ \t]*$/ && match($0, /[A-Za-z_][A-Za-z0-9_]*\(/) {
	d = substr($0, RSTART, RLENGTH - 1)
	if (d != "sizeof" && d != "_Static_assert" && !(d in def)) def[d] = u
}
function walk(u,    n, v, i, k, p) {
	state[u] = 1; path[++depth] = u
	n = split(out[u], v, " ")
	for (i = 1; i <= n; i++) {
		if (state[v[i]] == 1) {
			for (k = 1; path[k] != v[i]; k++)
				;
			p = path[k]
			for (k++; k <= depth; k++)
				p = p " -> " path[k]
			printf "%s: calls or includes go round: %s -> %s\n", v[i], p, v[i]
			bad = 1
		} else if (!state[v[i]]) {
			walk(v[i])
		}
	}
	depth--; state[u] = 2
}
END {
	for (j = 1; j <= nf; j++) {
		t = text[j]
		while (match(t, /[A-Za-z_][A-Za-z0-9_]*\(/)) {
			w = substr(t, RSTART, RLENGTH - 1)
			pre = RSTART > 1 ? substr(t, RSTART - 1, 1) : ""
			t = substr(t, RSTART + RLENGTH)
			if ((w in def) && pre !~ /[A-Za-z0-9_.>]/)
				edge(fu[j], def[w])
		}
	}
	for (k = 1; k <= nn; k++)      # in file order: the same text each time
		if (!state[order[k]])
			walk(order[k])
	exit bad
}' - $acs || bad=1
exit $bad
