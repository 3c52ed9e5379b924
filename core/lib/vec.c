/* vec.c: growing the arrays of vec.h, and a file read into one. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "lib/err.h"
#include "lib/vec.h"

void *vec_grow(void *v, size_t want, size_t *cap, size_t size)
{
	size_t c = *cap ? *cap : 8;

	if (want <= *cap)
		return v;
	while (c < want)
		c = c > SIZE_MAX / 2 ? SIZE_MAX : c * 2;
	/* a size past SIZE_MAX asks for SIZE_MAX bytes: xrealloc's own
	 * out-of-memory death, not one of ours */
	v = xrealloc(v, size && c > SIZE_MAX / size ? SIZE_MAX : c * size);
	*cap = c;
	return v;
}

char *vec_file(const char *path, size_t max, size_t *n)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), e;
	size_t len = 0, cap = 0, room;
	char *buf = NULL;
	ssize_t got;

	if (fd < 0)
		return NULL;
	do {
		/* grown when full, by doubling from 4 KiB: a 64 KiB step
		 * each read made a small file cost two big blocks (in the
		 * static build two mappings) */
		if (len + 1 >= cap && len < max)
			buf = vec_grow(buf, len + 4096, &cap, 1);
		room = cap - len - 1 < max - len ? cap - len - 1 : max - len;
		got = room ? read(fd, buf + len, room) : 0;
		if (got > 0)
			len += (size_t)got;
	} while (got > 0 || (got < 0 && errno == EINTR));
	e = errno;
	close(fd);
	if (got < 0) {
		free(buf);
		errno = e;
		return NULL;
	}
	buf[len] = 0;
	*n = len;
	return buf;
}
