/* unit_escape: drives core/process/escape.c and core/process/pidfile.c for tests/pgrep.bats.
 *   unit_escape c|utf8|c6|utf86 HEXBYTES   print the escaped string
 *   unit_escape shell HEXBYTES    print esc_shell's quoting (NULs allowed)
 *   unit_escape pidfile FILE [lock]  print the PID, "invalid", "open" or "lock" */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "process/escape.h"
#include "process/pidfile.h"

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

int main(int argc, char **argv)
{
	char buf[256];
	size_t n = 0;
	long pid;
	int r;

	if (argc >= 3 && !strcmp(argv[1], "pidfile")) {
		r = pidfile_read(argv[2], argc > 3, &pid);
		if (r)
			puts(r == PIDFILE_EOPEN ? "open" : r == PIDFILE_ELOCK ?
			    "lock" : "invalid");
		else
			printf("%ld\n", pid);
		return 0;
	}
	if (argc != 3)
		return 2;
	/* bytes as hex pairs, so any byte (NUL aside) can be given */
	for (const char *h = argv[2]; h[0] && h[1] && n < sizeof buf - 1; h += 2) {
		buf[n++] = (char)(hexval(h[0]) << 4 | hexval(h[1]));
	}
	buf[n] = 0;
	if (!strcmp(argv[1], "shell")) {
		char *q = esc_shell(buf, n);

		printf("%s\n", q ? q : "(null)");
		free(q);
		return 0;
	}
	/* c, utf8: procps-ng 4.0.2's flavours; c6, utf86: 4.0.4 and later */
	esc_inplace(buf, n, (!strncmp(argv[1], "utf8", 4) ? ESC_UTF8 : 0) |
	    (argv[1][strlen(argv[1]) - 1] == '6' ? ESC_NEW : 0));
	printf("%s\n", buf);
	return 0;
}
