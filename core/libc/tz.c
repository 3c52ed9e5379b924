/* tz.c: the local time zone's offset from UTC, in place of
 * localtime_r(3)'s tm_gmtoff: glibc's offsets, in under 1 KB where
 * musl's time-zone code is 8 KB (tz.h; docs/quickbox.md, "Static binary
 * and size"). */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "libc/fmt.h"
#include "libc/tz.h"

static struct {
	int ready;
	unsigned char *f;       /* the TZif file, NULL when none */
	size_t n;
	long fixed;             /* the offset without a file */
} z;

/* the big-endian number of k bytes at p, signed */
static long long be(const unsigned char *p, int k)
{
	unsigned long long v = 0;

	for (int i = 0; i < k; i++)
		v = v << 8 | p[i];
	if (k < 8 && (v >> (8 * k - 1)))
		v -= 1ULL << (8 * k);
	return (long long)v;
}

/* a TZif file, under 2 MiB (a longer one is none), mapped: libc's
 * floor reads it without the helpers' file reader (tests/floors.sh) */
static unsigned char *slurp(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	off_t n = fd < 0 ? -1 : lseek(fd, 0, SEEK_END);
	void *b = MAP_FAILED;

	/* a pipe or a device has no end to seek to; mmap refuses a
	 * directory */
	if (n >= 44 && n < 1 << 21)
		b = mmap(NULL, (size_t)n, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);      /* -1 when none: EBADF, harmless */
	*len = (size_t)n;
	/* a file that is not TZif stays mapped, unused: one a run */
	return b == MAP_FAILED || memcmp(b, "TZif", 4) ? NULL : b;
}

/* POSIX "STD[+-]hh[:mm[:ss]]...": seconds east of UTC (the sign is
 * reversed: "JST-9" is 9 hours east); 0 when it does not parse */
static long posix_tz(const char *s)
{
	long v = 0, part = 0, mul = 3600;
	int neg;

	if (*s == '<')
		s = strchr(s, '>') ? strchr(s, '>') + 1 : "";
	else
		while ((*s | 32) >= 'a' && (*s | 32) <= 'z')
			s++;
	neg = *s == '-';
	s += *s == '+' || *s == '-';
	if (*s < '0' || *s > '9')
		return 0;
	for (; mul && ((*s >= '0' && *s <= '9') || *s == ':'); s++) {
		if (*s == ':') {
			v += part * mul, part = 0, mul /= 60;
			continue;
		}
		part = part * 10 + (*s - '0');
		if (part > 167)
			return 0;
	}
	v += part * mul;
	return neg ? v : -v;
}

/* a ".." in s: a zone name stays below the zoneinfo directory, as
 * glibc keeps it for a setuid program (no strstr: nothing else links
 * musl's, 1.3 KB) */
static int dotdot(const char *s)
{
	for (; *s; s++)
		if (s[0] == '.' && s[1] == '.')
			return 1;
	return 0;
}

static void load(void)
{
	const char *tz = getenv("TZ");
	char path[4096];

	z.ready = 1;    /* one thread calls it (tz.h) */
	tz = !tz ? "/etc/localtime" : tz + (*tz == ':');
	if (!*tz)
		return;
	if (*tz == '/')
		z.f = slurp(tz, &z.n);
	else if (!dotdot(tz) && fmt_snprintf(path, sizeof path,
	    "/usr/share/zoneinfo/%s", tz) < (int)sizeof path)
		z.f = slurp(path, &z.n);
	if (!z.f)
		z.fixed = posix_tz(tz);
}

long tz_offset(long long t)
{
	const unsigned char *h, *d, *types;
	unsigned long long cnt[6];
	size_t need, i, at = 0, tsize = 4;
	long long idx = -1, leap = 0;

	if (!z.ready)
		load();
	if (!z.f)
		return z.fixed;
	/* the header's six counts; from version 2 on, the second data block
	 * (64-bit times) follows the first: skip the first */
	for (;;) {
		h = z.f + at;
		if (at + 44 > z.n)
			return 0;
		for (i = 0; i < 6; i++)
			cnt[i] = (unsigned long long)be(h + 20 + 4 * i, 4) &
			    0xffffffffULL;
		need = cnt[3] * (tsize + 1) + cnt[4] * 6 + cnt[5] +
		    cnt[2] * (tsize + 4) + cnt[1] + cnt[0];
		if (cnt[4] == 0 || cnt[4] > 256 || cnt[3] > 100000 ||
		    cnt[2] > 100000 || cnt[5] > 100000 || cnt[1] > 256 ||
		    cnt[0] > 256 || at + 44 + need > z.n)
			return 0;
		if (tsize == 8 || h[4] < '2')
			break;
		at += 44 + need;
		tsize = 8;
	}
	d = h + 44;
	types = d + cnt[3] * (tsize + 1);
	/* the last transition at or before t; before the first, the first
	 * standard-time type, as glibc */
	for (i = 0; i < cnt[3] && be(d + i * tsize, (int)tsize) <= t; i++)
		idx = d[cnt[3] * tsize + i];
	if (idx < 0)
		for (idx = 0; idx + 1 < (long long)cnt[4] && types[idx * 6 + 4];)
			idx++;
	if ((unsigned long long)idx >= cnt[4])
		return 0;
	/* a zone that counts leap seconds (right/...): the clock is behind
	 * by the last correction at or before t, as glibc's localtime */
	d = types + cnt[4] * 6 + cnt[5];
	for (i = 0; i < cnt[2] && be(d, (int)tsize) <= t; i++, d += tsize + 4)
		leap = be(d + tsize, 4);
	return (long)(be(types + idx * 6, 4) - leap);
}
