/* unit_heap: malloc, calloc, realloc and free under load. tests/size.bats
 * builds it with musl-gcc and core/libc/heap.c (QB_OWN_HEAP, the static
 * build's allocator); make testbin builds it against the C library's own.
 * Two threads each keep 512 blocks of 0 bytes to 256 KiB (every size
 * class, the class edges and the blocks mapped on their own), and in
 * random order allocate, grow, shrink and free them, each block filled
 * with a byte of its own that is checked before it is freed or grown: a
 * block that overlaps another, or a header overwritten, shows as a wrong
 * byte. Prints "ok" and exits 0, else names the first wrong block. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 512
#define STEPS 100000

struct slot {
	unsigned char *p;
	size_t n;
	unsigned char c;
};

static unsigned long long next(unsigned long long *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return *s >> 33;
}

/* sizes at and around the powers of two, and a few big ones */
static size_t pick(unsigned long long *s)
{
	unsigned r = (unsigned)next(s);
	size_t b = (size_t)1 << (r % 18);

	switch (r / 18 % 4) {
	case 0: return b;
	case 1: return b + 1;
	case 2: return b > 16 ? b - 16 : 0;
	default: return (size_t)(r % 300);
	}
}

static int check(const struct slot *t, size_t upto)
{
	for (size_t i = 0; i < upto; i++)
		if (t->p[i] != t->c)
			return -1;
	return 0;
}

static void *run(void *arg)
{
	unsigned long long s = (uintptr_t)arg;
	static struct slot tabs[2][SLOTS];
	struct slot *tab = tabs[(uintptr_t)arg & 1];

	for (long k = 0; k < STEPS; k++) {
		struct slot *t = &tab[next(&s) % SLOTS];
		unsigned op = (unsigned)(next(&s) % 4);

		if (t->p && check(t, t->n))
			return "a block's bytes changed under it";
		if (!t->p) {
			t->n = pick(&s);
			t->c = (unsigned char)next(&s);
			if (op == 0) {
				if (!(t->p = calloc(1, t->n ? t->n : 1)))
					return "calloc failed";
				for (size_t i = 0; i < t->n; i++)
					if (t->p[i])
						return "calloc's block not zero";
			} else if (!(t->p = malloc(t->n))) {
				return "malloc failed";
			}
			memset(t->p, t->c, t->n);
		} else if (op == 1) {
			size_t n = pick(&s);
			unsigned char *q = realloc(t->p, n ? n : 1);

			if (!q)
				return "realloc failed";
			t->p = q;
			if (check(t, n < t->n ? n : t->n))
				return "realloc lost bytes";
			memset(t->p, t->c, n);
			t->n = n;
		} else {
			free(t->p);
			t->p = NULL;
		}
	}
	for (int i = 0; i < SLOTS; i++) {
		if (tab[i].p && check(&tab[i], tab[i].n))
			return "a block's bytes changed under it";
		free(tab[i].p);
	}
	return NULL;
}

int main(void)
{
	pthread_t t;
	void *a, *b;

	if (pthread_create(&t, NULL, run, (void *)(uintptr_t)1)) {
		fputs("unit_heap: no thread\n", stderr);
		return 2;
	}
	a = run((void *)(uintptr_t)2);
	pthread_join(t, &b);
	if (a || b) {
		fprintf(stderr, "unit_heap: %s\n", a ? (char *)a : (char *)b);
		return 1;
	}
	puts("ok");
	return 0;
}
