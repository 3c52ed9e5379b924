/* loc.c: is the environment's locale a UTF-8 one (see locale.h). */
#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "loc.h"

int loc_utf8(void)
{
	static int known = -1;
	const char *v, *cs;

	if (known >= 0)
		return known;
	known = 0;
	v = getenv("LC_ALL");
	if (!v || !*v)
		v = getenv("LC_CTYPE");
	if (!v || !*v)
		v = getenv("LANG");
	if (!v || !*v || !strcmp(v, "C") || !strcmp(v, "POSIX"))
		return known;
	/* LC_CTYPE alone decides the character set (and what wcwidth and
	 * mbrtowc see): glibc maps one file for it instead of a dozen for
	 * LC_ALL (docs/PERFORMANCE.md, "Find and show") */
	if (!setlocale(LC_CTYPE, ""))
		return known;
	cs = nl_langinfo(CODESET);
	known = cs && (!strcasecmp(cs, "UTF-8") || !strcasecmp(cs, "UTF8"));
	return known;
}
