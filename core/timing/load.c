/* load.c: the machine's load from /proc (load.h). */
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "timing/load.h"

/* the start of a /proc file, NUL-terminated; "" when it cannot be read */
static void head(const char *path, char *b, size_t cap)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, b, cap - 1);

	b[n > 0 ? n : 0] = 0;
	if (fd >= 0)
		close(fd);
}

void load_start(struct load *l)
{
	long c = sysconf(_SC_NPROCESSORS_ONLN);

	memset(l, 0, sizeof *l);
	l->load1 = l->steal0 = NAN;
	l->ncpu = c > 0 ? (int)c : 1;
	load_look(l);
}

void load_look(struct load *l)
{
	char b[512], *s, *e;
	double x, st = 0, tot = 0;
	int i;

	/* "0.52 0.58 0.59 3/456 12345": runnable/all, tim itself one */
	head("/proc/loadavg", b, sizeof b);
	x = strtod(b, &e);
	if (e != b) {
		if (!(x <= l->load1))
			l->load1 = x;
		s = strchr(e, '/');
		while (s && s > b && s[-1] != ' ')
			s--;
		if (s && (x = strtod(s, &e)) >= 1 && *e == '/') {
			l->run += x - 1;
			l->n++;
		}
	}
	/* "cpu  user nice system idle iowait irq softirq steal ...": the
	 * first 8 are all the time, the 8th the stolen */
	head("/proc/stat", b, sizeof b);
	if (strncmp(b, "cpu ", 4))
		return;
	for (s = b + 4, i = 0; i < 8; i++, s = e) {
		x = strtod(s, &e);
		if (e == s)
			return;
		tot += x;
		st = x;
	}
	if (isnan(l->steal0)) {
		l->steal0 = st;
		l->total0 = tot;
	}
	l->steal = st;
	l->total = tot;
}

int load_busy(const struct load *l, double f[4])
{
	double d = l->total - l->total0;

	f[0] = l->load1;
	f[1] = l->n ? l->run / (double)l->n : NAN;
	f[2] = d > 0 ? 100 * (l->steal - l->steal0) / d : NAN;
	f[3] = l->secs > 0 ? l->ivcsw / l->secs : NAN;
	return f[1] >= l->ncpu || f[0] > l->ncpu + 1 || f[2] >= 5;
}
