/* fuzz_pidfile: pidfile_read on a temporary file holding the input.
 * Oracle: only the first 11 bytes count; blanks may lead; then a number
 * as strtoul reads it, cut to int, must be >= 1 and be followed by the end
 * or a blank. Unlocked, with need_lock, it is always refused. */
#include <ctype.h>
#include <fcntl.h>
#include <unistd.h>

#include "fuzz.h"
#include "process/pidfile.h"

static char path[64];
static int fd = -1;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	snprintf(path, sizeof path, "%s/qbfuzz-pidfile.%d", fuzz_tmp(), (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		abort();
	return 0;
}

static void gone(void)
{
	unlink(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char head[12] = {0}, *end;
	int pid = -5, r, want, v;
	static int once;

	if (!once++)
		atexit(gone);
	if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
	memcpy(head, data, size < 11 ? size : 11);
	v = (int)strtoul(head, &end, 10);
	want = size && end > head && v >= 1 &&
	    (!*end || isspace((unsigned char)*end)) ? v : -1;
	r = pidfile_read(path, 0, &pid);
	if (want < 0) {
		CHECK(r == -1 && pid == -5);
	} else {
		CHECK(r == 0 && pid == want);
	}
	pid = -5;
	CHECK(pidfile_read(path, 1, &pid) == -1 && pid == -5);
	return 0;
}
