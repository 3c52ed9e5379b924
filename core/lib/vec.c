/* vec.c: growing the arrays of vec.h. */
#include <stdint.h>

#include "err.h"
#include "vec.h"

void *vec_grow(void *v, size_t want, size_t *cap, size_t size)
{
	size_t c = *cap ? *cap : 8;

	if (want <= *cap)
		return v;
	while (c < want) {
		if (c > SIZE_MAX / 2)
			die(qb_fatal, "out of memory");
		c *= 2;
	}
	if (size && c > SIZE_MAX / size)
		die(qb_fatal, "out of memory");
	v = xrealloc(v, c * size);
	*cap = c;
	return v;
}
