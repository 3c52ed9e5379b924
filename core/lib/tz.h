/* tz.h: the local time zone's offset from UTC, as localtime(3) finds it.
 *
 * The zone is TZ's, else /etc/localtime's: TZ "" is UTC; ":NAME" or NAME
 * names a TZif file (an absolute path, or a name without ".." below
 * /usr/share/zoneinfo: no TZDIR); a TZ that names no file is read as a POSIX
 * "STDoffset" string (its daylight-saving part is not applied); past a
 * file's last listed change its last offset stays (its closing rule is
 * not read either: right for "fat" files, which list changes to 2037,
 * not for "slim" ones). A file's leap seconds (the right/ zones) count
 * as glibc counts them: the offset is less their correction at t (a
 * leap second itself, 23:59:60 there, shows as the next 00). Read once, at the first call, which one thread
 * makes. Without libc's time-zone code: it is 8 KB of
 * the static binary, this is under 1 KB (docs/quickbox.md, "Static
 * binary and size"). */
#ifndef QB_TZ_H
#define QB_TZ_H

/* seconds east of UTC of the local time at t (seconds since the epoch):
 * t plus this is the wall clock localtime shows */
long tz_offset(long long t);

#endif
