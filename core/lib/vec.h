/* vec.h: the one growable array of the tree: a pointer, a count and a
 * capacity kept by the user, grown by doubling.
 *
 *	int *v = 0; size_t n = 0, cap = 0;
 *	VEC_PUSH(v, n, cap, 42);
 *
 * vec_grow dies like xrealloc (err.h) when memory runs out or the size
 * would overflow, so a push never fails half-way. */
#ifndef QB_VEC_H
#define QB_VEC_H

#include <stddef.h>

/* v with room for at least want elements of size bytes (*cap updated) */
void *vec_grow(void *v, size_t want, size_t *cap, size_t size);

#define VEC_PUSH(v, n, cap, x) \
	((v) = vec_grow((v), (n) + 1, &(cap), sizeof *(v)), (v)[(n)++] = (x))

/* the file at path whole, or its first max bytes, in a grown buffer,
 * NUL-terminated, its length in *n (reads retried on EINTR); NULL with
 * errno set when it cannot be opened or read. One reader for tails's
 * config, tim's files, /etc/passwd and the zone file. */
char *vec_file(const char *path, size_t max, size_t *n);

#endif
