/* hsort.h: the one sort of the tree, a heap sort, written once and
 * made for each element type that needs it:
 *
 *	HSORT_DEFINE(sort_pids, pid_t)   ->  static void sort_pids(pid_t *v, size_t n)
 *
 * sorts v[0..n) ascending by the type's own < (numbers: ints, doubles).
 * Not stable; O(n log n) in every case, no allocation, no recursion.
 *
 * Why not qsort(): musl's is smoothsort, 2.1 KB of the static binary
 * (docs/quickbox.md), and fewer instructions too (docs/tim.md,
 * Performance). Why a macro, not one function with qsort's interface:
 * that one (a comparison callback, byte-wise swaps) measured 384 bytes
 * more of the static binary than the two sorts it replaced (the timing
 * engine's doubles, the process engine's PIDs); made per type, each is
 * as small as its hand-written copy was. */
#ifndef QB_HSORT_H
#define QB_HSORT_H

#include <stddef.h>

#define HSORT_DEFINE(name, type)                                        \
/* v[root] sunk into the max-heap v[0..n) */                            \
static void name##_sift(type *v, size_t root, size_t n)                \
{                                                                       \
	type x = v[root];                                               \
	size_t c;                                                       \
                                                                        \
	while ((c = 2 * root + 1) < n) {                                \
		if (c + 1 < n && v[c] < v[c + 1])                       \
			c++;                                            \
		if (!(x < v[c]))                                        \
			break;                                          \
		v[root] = v[c];                                         \
		root = c;                                               \
	}                                                               \
	v[root] = x;                                                    \
}                                                                       \
                                                                        \
static void name(type *v, size_t n)                                    \
{                                                                       \
	for (size_t i = n / 2; i-- > 0;)                                \
		name##_sift(v, i, n);                                   \
	while (n > 1) {                                                 \
		type t = v[0];                                          \
                                                                        \
		v[0] = v[--n];                                          \
		v[n] = t;                                               \
		name##_sift(v, 0, n);                                   \
	}                                                               \
}

#endif
