/* loc.c: is the environment's locale a UTF-8 one (see locale.h). */
#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/loc.h"

int loc_utf8(void)
{
	static int known = -1;
	const char *v;

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
#ifndef __GLIBC__
	/* musl: every other name is UTF-8, its one multibyte character set
	 * (setlocale and nl_langinfo would say so), and its wide-character
	 * classes do not depend on the locale. Not loading it keeps musl's
	 * locale loader out of the static binary (setlocale, the locale
	 * map, nl_langinfo: 3,840 to 4,648 bytes a family); quote.c decodes
	 * UTF-8 itself there, since mbrtowc would still be in the C locale */
	return known = 1;
#else
	const char *cs;

	/* LC_CTYPE alone decides the character set (and what wcwidth and
	 * mbrtowc see): glibc maps one file for it instead of a dozen for
	 * LC_ALL (docs/PERFORMANCE.md, "Find and show") */
	if (!setlocale(LC_CTYPE, ""))
		return known;
	cs = nl_langinfo(CODESET);
	known = cs && (!strcasecmp(cs, "UTF-8") || !strcasecmp(cs, "UTF8"));
	return known;
#endif
}
