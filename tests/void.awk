# void.awk: (make test, before bats) finds assertions in tests/*.bats that
# can never fail a test. bats runs a test body under `set -e`, and bash
# ignores a failing command there when it is negated (`! cmd`) or is any
# but the last part of an `&&` list: so a mid-test `! grep -q x f` and the
# `[ a ]` of a mid-test `[ a ] && [ b ]` check nothing. Only the body's last
# statement is exempt (its status is the test's). Write `run ! cmd`, or one
# `[ ... ]` per line. Prints FILE:LINE: why, for each, and exits 1.
#
# Likewise `helper ... || true` (or `|| :`) in a body, where helper is a
# function of the tests (tests/*.bats, tests/*.bash) that asserts (its body
# has a `[ ... ] ||` or `[[ ... ]] ||` check): the `||` swallows the
# helper's verdict, wherever the statement stands.
#
# A body is cut into statements (by newline, `;` and `&`, outside quotes,
# $(...), [[ ]] and heredocs, with `\`, `&&`, `||` and `|` at a line's end
# joining lines); a statement with `||` handles its own failure and passes.

# the helpers that assert, from every file given and the .bash files
# beside the first
function helpers(f,    l, fn) {
	fn = ""
	while ((getline l < f) > 0) {
		if (match(l, /^[A-Za-z_][A-Za-z0-9_]*\(\)[ \t]*\{/)) {
			fn = substr(l, 1, index(l, "(") - 1)
			continue
		}
		if (l ~ /^\}/) fn = ""
		else if (fn != "" && l ~ /^[ \t]*\[\[?[ \t].*\]\]?[ \t]*\|\|/) asserts[fn] = 1
	}
	close(f)
}
BEGIN {
	for (i = 1; i < ARGC; i++) helpers(ARGV[i])
	d = ARGC > 1 ? ARGV[1] : "."
	if (!sub(/\/[^\/]*$/, "", d)) d = "."
	cmd = "ls " d "/*.bash 2>/dev/null"
	while ((cmd | getline f) > 0) helpers(f)
	close(cmd)
}
# `helper ... || true`: the helper's verdict is thrown away
function swallowed(ln, s,    n, el, w) {
	n = split(lead(s), el, "\002")
	if (n < 2 || lead(el[n]) !~ /^(true|:)$/) return
	w = lead(el[1]); sub(/[ \t].*/, "", w)
	if (w in asserts)
		report(ln, "`" w " ... || true` swallows what " w " asserts (drop the `|| true`)")
}
function reset() { cur = ""; start = 0 }
# the statement without its leading keywords and blanks
function lead(s) {
	sub(/^[ \t]+/, "", s)
	while (match(s, /^(then|do|else|\{)[ \t]+/))
		s = substr(s, RLENGTH + 1)
	sub(/[ \t]+$/, "", s)
	return s
}
function assertion(e) {
	return e ~ /^(\[|\[\[|test|!|grep|cmp|diff|\(\()[ \t]/
}
function report(ln, why) {
	printf "%s:%d: %s\n", FILENAME, ln, why
	bad++
}
# one statement, which is not the test's last
function judge(ln, s,    n, el, i, all) {
	s = lead(s)
	if (s == "" || index(s, "\002")) return
	n = split(s, el, "\001")
	if (n == 1) {
		if (s ~ /^![ \t]/)
			report(ln, "a mid-test `! cmd` is never checked (write `run ! cmd`)")
		return
	}
	all = 1
	for (i = 1; i <= n; i++)
		if (!assertion(lead(el[i]))) all = 0
	if (all)
		report(ln, "in a mid-test `&&` list only the last part is checked (one assertion a line)")
}
# the body's statements are complete: judge all but the last
function flush(    i, j, m, seg, last) {
	last = 0
	for (i = nst; i >= 1 && !last; i--) {
		m = split(st[i], seg, "\003")
		for (j = m; j >= 1; j--)
			if (lead(seg[j]) != "") { last = i; lastj = j; break }
	}
	for (i = 1; i <= nst; i++) {
		m = split(st[i], seg, "\003")
		for (j = 1; j <= m; j++) {
			swallowed(stl[i], seg[j])
			if (i != last || j != lastj) judge(stl[i], seg[j])
		}
	}
	nst = 0
}
# one line of a body: the characters outside quotes and groups that cut
# the statements become \001 (&&), \002 (||) and \003 (; or &)
function scan(line,    i, c, c2, n, prev) {
	n = length(line)
	if (cur == "") start = FNR
	for (i = 1; i <= n; i++) {
		c = substr(line, i, 1); c2 = substr(line, i, 2)
		if (q == 1) { if (c == "'") q = 0; cur = cur c; continue }
		if (q == 2) {
			if (c == "\\") { cur = cur c2; i++; continue }
			if (c == "\"") q = 0
			cur = cur c; continue
		}
		if (c == "\\") {
			if (i == n) { cont = 1; return }
			cur = cur c2; i++; continue
		}
		prev = i > 1 ? substr(line, i - 1, 1) : " "
		if (c == "#" && prev ~ /[ \t;]/) break
		if (c == "'") q = 1
		else if (c == "\"") q = 2
		else if (c2 == "[[" && prev ~ /[ \t;(]/) { depth++; cur = cur c2; i++; continue }
		else if (c2 == "]]" && depth > 0) { depth--; cur = cur c2; i++; continue }
		else if (c == "(") depth++
		else if (c == ")" && depth > 0) depth--
		else if (c2 == "<<" && substr(line, i + 2, 1) != "<") {
			if (match(substr(line, i + 2), /^-?[ \t]*['"]?[A-Za-z_][A-Za-z0-9_]*/)) {
				hd = substr(line, i + 2, RLENGTH)
				sub(/^-?[ \t]*['"]?/, "", hd)
			}
			cur = cur c2; i++; continue
		}
		else if (depth == 0 && c2 == "&&") { cur = cur "\001"; i++; continue }
		else if (depth == 0 && c2 == "||") { cur = cur "\002"; i++; continue }
		else if (depth == 0 && (c == ";" || c == "&") && substr(line, i + 1, 1) != ">" && prev != ">") {
			cur = cur "\003"; continue
		}
		cur = cur c
	}
	cont = q != 0 || depth > 0 || cur ~ /(\001|\002|\|)[ \t]*$/
}

FNR == 1 { inbody = 0; nst = 0; q = 0; depth = 0; hd = ""; reset() }
!inbody && /^@test .*\{[ \t]*$/ { inbody = 1; next }
!inbody { next }
hd != "" && !cont {
	if ($0 ~ "^\t*" hd "[ \t]*$") hd = ""
	next
}
/^\}[ \t]*$/ && q == 0 && !cont {
	flush(); inbody = 0; depth = 0; reset(); next
}
{
	scan($0)
	if (cont) { cur = cur " "; next }
	if (cur ~ /[^ \t\003]/) { nst++; st[nst] = cur; stl[nst] = start }
	reset()
}
END { exit bad > 0 }
