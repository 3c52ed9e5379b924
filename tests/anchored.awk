# anchored.awk: (tests/churn.bats) over `strace -f -e trace=openat,close,/^fcntl(64)?$,dup,pidfd_open`
# output (32-bit x86 calls fcntl64: both names are read): each
# pidfd_open(PID) must come while an fd of one of PID's /proc
# files (or a dup of one) is open: the pidfd is for the process that was read.
{
	tid = "-"; line = $0
	if (match(line, /^\[pid +[0-9]+\] /)) {
		tid = substr(line, 6, RLENGTH - 7) + 0
		line = substr(line, RLENGTH + 1)
	}
}
function ret(s) { return match(s, /= -?[0-9]+/) ? substr(s, RSTART + 2, RLENGTH - 2) + 0 : -1 }
line ~ /^openat\(/ && match(line, /"[0-9]+[\/"]/) {
	p = substr(line, RSTART + 1, RLENGTH - 2) + 0
	if (line ~ /unfinished/) { pend[tid] = p; next }
	fd = ret(line); if (fd >= 0) fdpid[fd] = p; next
}
line ~ /^<\.\.\. openat resumed>/ {
	if (tid in pend) { fd = ret(line); if (fd >= 0) fdpid[fd] = pend[tid]; delete pend[tid] }
	next
}
line ~ /^(fcntl(64)?|dup)\(/ {
	if (line ~ /^fcntl/ && line !~ /F_DUPFD/) next
	match(line, /\([0-9]+/); src = substr(line, RSTART + 1, RLENGTH - 1) + 0
	if (!(src in fdpid)) next
	if (line ~ /unfinished/) { dpend[tid] = fdpid[src]; next }
	fd = ret(line); if (fd >= 0) fdpid[fd] = fdpid[src]
	next
}
line ~ /^<\.\.\. (fcntl(64)?|dup) resumed>/ {
	if (tid in dpend) { fd = ret(line); if (fd >= 0) fdpid[fd] = dpend[tid]; delete dpend[tid] }
	next
}
line ~ /^close\(/ { match(line, /\([0-9]+/); delete fdpid[substr(line, RSTART + 1, RLENGTH - 1) + 0]; next }
line ~ /^pidfd_open\(/ {
	match(line, /\([0-9]+/); p = substr(line, RSTART + 1, RLENGTH - 1) + 0
	n++; ok = 0
	for (f in fdpid) if (fdpid[f] == p) { ok = 1; break }
	if (!ok) { bad++; print "unanchored pidfd_open(" p ")" }
}
END { printf "pidfd_open %d unanchored %d\n", n, bad + 0 }
