/* procarg.c: names users give for /proc things: ttys and namespace types. */
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "lib/num.h"
#include "process/proc.h"

/* the kernel's tty_nr layout (new_encode_dev) */
static unsigned encode(unsigned major, unsigned minor)
{
	return (minor & 0xff) | (major << 8) | ((minor & ~0xffu) << 12);
}

/* NAME followed by a decimal number: the number, else -1 */
static long long numbered(const char *s, const char *name)
{
	size_t n = strlen(name);
	long long v;

	if (strncmp(s, name, n) || num_ll(s + n, 0, 1 << 20, &v) || s[n] == '+' ||
	    s[n] == '-')
		return -1;
	return v;
}

int proc_tty_parse(const char *s, unsigned *tty_nr)
{
	char dev[256] = "/dev/";
	struct stat st;
	long long v;

	if (!strcmp(s, "?") || !strcmp(s, "-")) {
		*tty_nr = 0;
		return 0;
	}
	if (!strncmp(s, "/dev/", 5))
		s += 5;
	if (!*s || strlen(s) > 200)
		return -1;
	strcat(dev, s);
	/* a device that exists says its own numbers; the fallbacks below
	 * cover ptys that closed and ttys without /dev nodes */
	if (!stat(dev, &st) && S_ISCHR(st.st_mode))
		*tty_nr = encode(major(st.st_rdev), minor(st.st_rdev));
	else if ((v = numbered(s, "pts/")) >= 0)
		*tty_nr = encode(136, (unsigned)v);
	else if ((v = numbered(s, "ttyS")) >= 0 && v < 192)
		*tty_nr = encode(4, 64 + (unsigned)v);
	else if ((v = numbered(s, "tty")) >= 0 && v < 64)
		*tty_nr = encode(4, (unsigned)v);
	else if (!strcmp(s, "console"))
		*tty_nr = encode(5, 1);
	else
		return -1;
	return 0;
}

int proc_ns_index(const char *name, size_t len)
{
	for (int i = 0; i < PROC_NS_N; i++)
		if (strlen(proc_ns_names[i]) == len &&
		    !strncmp(name, proc_ns_names[i], len))
			return i;
	return -1;
}

int proc_ns_parse(const char *s, unsigned *mask)
{
	unsigned m = 0;

	while (*s) {
		size_t n = strcspn(s, ", \t\n");
		int i = proc_ns_index(s, n);

		if (n && i < 0)
			return -1;
		if (n)
			m |= 1u << i;
		s += n;
		s += *s != 0;
	}
	*mask = m;
	return m ? 0 : -1;
}
