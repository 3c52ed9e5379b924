/* heap.c: in place of malloc(3), calloc, realloc and free, in the static
 * musl build only (QB_OWN_HEAP, set by make static and make size; every
 * other build uses the C library's own and this file is empty). It saves
 * 7,168 bytes of the whole static binary, 6,528 to 8,320 a family
 * (docs/quickbox.md, "Each re-implementation on trial").
 *
 * Why: musl's allocator (mallocng: malloc, free, realloc and their
 * metadata) is about 8 KB of the static binary, an eighth of the tails
 * build; a program that never calls free gets musl's small bump allocator
 * instead, but every family frees. This one is size classes of powers of
 * two from 16 bytes to 32 KiB, each with a list of freed blocks, carved
 * from 64 KiB mmap'd arenas; bigger blocks are mappings of their own
 * (freed with munmap, grown with mremap). A block never moves to another
 * class and arenas are never returned: quickbox's programs are short
 * lived or keep a steady working set (tail -f, pw), so the free lists
 * are enough. One lock guards the lists: the parallel scan's threads
 * allocate only when they keep a match. The bytes measured against
 * musl's: docs/quickbox.md, "Static binary and size". */
#ifdef QB_OWN_HEAP
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

/* every block starts with its header; 16 bytes keep the user's pointer
 * aligned for any type (max_align_t) */
union hdr {
	size_t size;      /* usable bytes: a class's 2^k, or a mapping's */
	union hdr *next;  /* on a free list: the next free block */
	char align[16];
};

#define MINK 4                  /* 16-byte blocks (with the header: 32) */
#define MAXK 15                 /* 32 KiB: bigger is a mapping of its own */
#define ARENA ((size_t)64 << 10) /* the biggest class and its header fit */

static union hdr *freel[MAXK + 1];
static char *arena, *arena_end;
static volatile int lock;

static void take_lock(void)
{
	while (__atomic_exchange_n(&lock, 1, __ATOMIC_ACQUIRE))
		sched_yield();
}

static void drop_lock(void)
{
	__atomic_store_n(&lock, 0, __ATOMIC_RELEASE);
}

static void *map(size_t n)
{
	void *p = mmap(0, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? 0 : p;
}

/* the block for n bytes, its header's size set; 0 with ENOMEM */
static void *get(size_t n)
{
	union hdr *h;
	size_t sz;
	int k = MINK;

	if (n > ((size_t)1 << MAXK)) {
		if (n > SIZE_MAX / 2 || !(h = map(n + sizeof *h)))
			return errno = ENOMEM, (void *)0;
		h->size = n;
		return h + 1;
	}
	while (((size_t)1 << k) < n)
		k++;
	sz = (size_t)1 << k;
	take_lock();
	if ((h = freel[k])) {
		freel[k] = h->next;
	} else {
		if ((size_t)(arena_end - arena) < sz + sizeof *h) {
			/* the rest of the old arena is dropped: less than
			 * a 32 KiB block's worth, once per arena */
			if (!(arena = map(ARENA))) {
				arena_end = 0;
				drop_lock();
				return errno = ENOMEM, (void *)0;
			}
			arena_end = arena + ARENA;
		}
		h = (union hdr *)arena;
		arena += sz + sizeof *h;
	}
	drop_lock();
	h->size = sz;
	return h + 1;
}

void free(void *p)
{
	union hdr *h = (union hdr *)p - 1;
	int k = MINK;

	if (!p)
		return;
	if (h->size > ((size_t)1 << MAXK)) {
		munmap(h, h->size + sizeof *h);
		return;
	}
	while (((size_t)1 << k) < h->size)
		k++;
	take_lock();
	h->next = freel[k];
	freel[k] = h;
	drop_lock();
}

void *malloc(size_t n)
{
	return get(n);
}

void *calloc(size_t a, size_t b)
{
	void *p;

	if (b && a > SIZE_MAX / b)
		return errno = ENOMEM, (void *)0;
	if ((p = get(a * b)))
		memset(p, 0, a * b);
	return p;
}

void *realloc(void *p, size_t n)
{
	union hdr *h = (union hdr *)p - 1;
	void *q;

	if (!p)
		return get(n);
	if (n <= h->size)
		return p;
	if (h->size > ((size_t)1 << MAXK) && n <= SIZE_MAX / 2) {
		q = mremap(h, h->size + sizeof *h, n + sizeof *h, MREMAP_MAYMOVE);
		if (q == MAP_FAILED)
			return errno = ENOMEM, (void *)0;
		h = q;
		h->size = n;
		return h + 1;
	}
	if ((q = get(n))) {
		memcpy(q, p, h->size);
		free(p);
	}
	return q;
}
#else
typedef int heap_unused;  /* ISO C wants a declaration in every file */
#endif
