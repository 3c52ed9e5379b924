/* cpus.c: CPU lists ("0,2-3") to affinity masks. */
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdlib.h>

#include "lib/cpus.h"

#define WBITS (sizeof(unsigned long) * CHAR_BIT)

/* a number of up to 5 digits at *s, moved past; -1 when none */
static long cpu(const char **s)
{
	long v = 0;
	int n = 0;

	while (**s >= '0' && **s <= '9' && n < 6) {
		v = v * 10 + (**s - '0');
		(*s)++;
		n++;
	}
	return n && n < 6 && v <= CPUS_MAX ? v : -1;
}

/* two passes over s: the first finds the highest CPU (the mask's size),
 * the second sets the bits */
int cpus_parse(const char *s, unsigned long **mask, size_t *bytes)
{
	unsigned long *m = NULL;
	long hi = -1, a, b;
	size_t words = 0;
	int pass;
	const char *p;

	*mask = NULL;
	for (pass = 0; pass < 2; pass++) {
		for (p = s;; p++) {
			if ((a = cpu(&p)) < 0)
				return free(m), -1;
			b = a;
			if (*p == '-' && (p++, (b = cpu(&p)) < a))
				return free(m), -1;
			for (; m && a <= b; a++)
				m[(unsigned long)a / WBITS] |= 1UL << ((unsigned long)a % WBITS);
			if (b > hi)
				hi = b;
			if (!*p)
				break;
			if (*p != ',')
				return free(m), -1;
		}
		if (!pass) {
			words = (size_t)hi / WBITS + 1;
			m = calloc(words, sizeof *m);
			if (!m)
				break;
		}
	}
	*mask = m;
	*bytes = words * sizeof *m;
	return 0;
}

int cpus_usable(const unsigned long *mask, size_t bytes)
{
	unsigned long *old = NULL, *n;
	size_t sz = 128;
	int r = -1, e;

	for (;; sz *= 2) {      /* the kernel's mask size is not known here */
		if (sz > 1 << 20 || !(n = realloc(old, sz)))
			return free(old), errno = ENOMEM, -1;
		old = n;
		if (sched_getaffinity(0, sz, (cpu_set_t *)(void *)old) >= 0)
			break;
		if (errno != EINVAL)
			return free(old), -1;
	}
	if (!sched_setaffinity(0, bytes, (const cpu_set_t *)(const void *)mask)) {
		r = 0;
		sched_setaffinity(0, sz, (cpu_set_t *)(void *)old);
	}
	e = errno;
	free(old);
	errno = e;
	return r;
}
