/* vec.c: growing the arrays of vec.h. */
#include <stdint.h>

#include "err.h"
#include "vec.h"

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
