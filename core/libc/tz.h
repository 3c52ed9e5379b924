/* tz.h: in place of localtime_r(3)'s offset (tm_gmtoff): the local time
 * zone's offset from UTC, as glibc's localtime finds it (ps's lstart is
 * glibc's ctime). Why: musl's time-zone code is 8 KB of the static
 * binary, this under 1 KB (docs/quickbox.md, "Static binary and size").
 * The glibc builds keep it too, as one code path the test suite on the
 * default build exercises: it gives glibc's offsets every 3 hours from
 * 1902 to 2037 in the zones tests/core.bats tries, at 10,100 instructions
 * a call against glibc's 850 (a scan of the transitions, not a binary
 * search: about 3 us a row of pf -F lstart, next to the /proc reads).
 *
 * The zone is TZ's, else /etc/localtime's: TZ "" is UTC; ":NAME" or NAME
 * names a TZif file (an absolute path, or a name without ".." below
 * /usr/share/zoneinfo: no TZDIR); a TZ that names no file is read as a POSIX
 * "STDoffset" string (its daylight-saving part is not applied); past a
 * file's last listed change its last offset stays (its closing rule is
 * not read either: right for "fat" files, which list changes to 2037,
 * not for "slim" ones). A file's leap seconds (the right/ zones) count
 * as glibc counts them: the offset is less their correction at t (a
 * leap second itself, 23:59:60 there, shows as the next 00). Read once,
 * at the first call, which one thread makes. */
#ifndef QB_TZ_H
#define QB_TZ_H

/* seconds east of UTC of the local time at t (seconds since the epoch):
 * t plus this is the wall clock localtime shows */
long tz_offset(long long t);

#endif
