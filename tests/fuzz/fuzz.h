/* fuzz.h: what every harness in tests/fuzz/ shares.
 *
 * A harness defines LLVMFuzzerTestOneInput (and optionally
 * LLVMFuzzerInitialize). It is built two ways: with clang's libFuzzer
 * (`make fuzz`), and with replay.c's main() under any compiler, which runs
 * it once on each file named on the command line (`make test` replays the
 * seed corpus and the regression inputs that way).
 *
 * A broken oracle must stop the run with a message: CHECK() prints the
 * condition and aborts, which libFuzzer records as a crash. */
#ifndef QB_FUZZ_H
#define QB_FUZZ_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/err.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define CHECK(c) ((c) ? (void)0 : fuzz_fail(#c, __FILE__, __LINE__))

static inline void fuzz_fail(const char *what, const char *file, int line)
{
	fprintf(stderr, "%s:%d: oracle failed: %s\n", file, line, what);
	abort();
}

/* the input as a NUL-ended string in a buffer of exactly size + 1 bytes,
 * so ASan sees any read past the end; stops at an embedded NUL */
static inline char *fuzz_str(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = 0;
	return s;
}

/* split data on NUL into at most max words, each its own exact-size
 * allocation (the words of an argv); the count, words in w[] */
static inline int fuzz_words(const uint8_t *data, size_t size, char **w, int max)
{
	int n = 0;
	size_t i = 0;

	while (i <= size && n < max) {
		size_t e = i;

		while (e < size && data[e])
			e++;
		w[n++] = fuzz_str(data + i, e - i);
		i = e + 1;
	}
	return n;
}

static inline void fuzz_free_words(char **w, int n)
{
	while (n--)
		free(w[n]);
}

/* a directory for scratch files: memory-backed when there is one (the
 * file harnesses write on every input) */
static inline const char *fuzz_tmp(void)
{
	return access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
}

/* die()/xexit() come back to a setjmp instead of ending the process:
 *	fuzz_catch_exit();
 *	if (!setjmp(fuzz_jmp)) { ... code that may die ... }
 *	else { ... fuzz_code holds the exit status ... }
 * (locals changed in the body and read after a die must be volatile) */
__attribute__((unused)) static jmp_buf fuzz_jmp;
__attribute__((unused)) static int fuzz_code;

static inline void fuzz_exit_hook(int code)
{
	fuzz_code = code;
	longjmp(fuzz_jmp, 1);
}

static inline void fuzz_catch_exit(void)
{
	qb_exit_hook = fuzz_exit_hook;
}

#endif
