/* replay.c: main() for a harness built without libFuzzer: run it once on
 * each file given (a directory: on each file in it), so `make test` can
 * replay the seed corpus and the regression inputs under any compiler. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv);

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t n = 0, cap = 0;

	if (!f) {
		perror(path);
		return 1;
	}
	for (;;) {
		if (n == cap) {
			cap = cap ? 2 * cap : 4096;
			if (!(buf = realloc(buf, cap)))
				abort();
		}
		size_t r = fread(buf + n, 1, cap - n, f);

		if (!r)
			break;
		n += r;
	}
	fclose(f);
	/* an exact-size copy, as libFuzzer gives: ASan sees reads past it */
	uint8_t *in = malloc(n ? n : 1);

	if (!in)
		abort();
	memcpy(in, buf, n);
	free(buf);
	LLVMFuzzerTestOneInput(in, n);
	free(in);
	return 0;
}

static int run_path(const char *path, int *count)
{
	struct stat st;
	DIR *d;
	struct dirent *e;
	int bad = 0;

	if (stat(path, &st)) {
		perror(path);
		return 1;
	}
	if (!S_ISDIR(st.st_mode)) {
		++*count;
		return run_file(path);
	}
	if (!(d = opendir(path))) {
		perror(path);
		return 1;
	}
	while ((e = readdir(d))) {
		char sub[4096];

		if (e->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
		bad |= run_path(sub, count);
	}
	closedir(d);
	return bad;
}

int main(int argc, char **argv)
{
	int bad = 0, count = 0;

	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++)
		bad |= run_path(argv[i], &count);
	printf("%d inputs\n", count);
	return bad;
}
