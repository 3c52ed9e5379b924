/* procfs.c: the timing core's small /proc reads (procfs.h). */
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>

#include "timing/procfs.h"

void pfs_head(const char *path, char *b, size_t cap)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, b, cap - 1);

	b[n > 0 ? n : 0] = 0;
	if (fd >= 0)
		close(fd);
}

long long pfs_num(const char **s)
{
	long long x = -1;
	int d;

	for (; **s == ' '; ++*s)
		;
	for (; **s >= '0' && **s <= '9'; ++*s) {
		d = **s - '0';
		x = x < 0 ? d : x > (LLONG_MAX - d) / 10 ? LLONG_MAX : x * 10 + d;
	}
	for (; **s == '.' || (**s >= '0' && **s <= '9'); ++*s)
		;
	return x;
}
