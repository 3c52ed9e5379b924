/* fuzz_pidfile: pidfile_read on a temporary file holding the input.
 * Oracle (procps-ng 4.0.5+'s fgets and strtol): the first line, up to 255
 * bytes and the first NUL, must start with strtol's number (no ERANGE),
 * followed by the end or a blank. Unlocked, with need_lock, it is always
 * refused. */
#include <ctype.h>
#include <errno.h>
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
	char head[256] = {0}, *end, *nl;
	long pid = -5, want, v;
	int r, ok;
	static int once;

	if (!once++)
		atexit(gone);
	if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
	memcpy(head, data, size < 255 ? size : 255);
	if ((nl = memchr(head, '\n', 255)))
		nl[1] = 0;
	errno = 0;
	v = strtol(head, &end, 10);
	ok = size && !errno && end > head && (!*end || isspace((unsigned char)*end));
	want = v;
	r = pidfile_read(path, 0, &pid);
	if (!ok) {
		CHECK(r == -1 && pid == -5);
	} else {
		CHECK(r == 0 && pid == want);
	}
	pid = -5;
	CHECK(pidfile_read(path, 1, &pid) == PIDFILE_ELOCK && pid == -5);
	return 0;
}
