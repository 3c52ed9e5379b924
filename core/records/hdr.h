/* hdr.h: tails header formats: "$1" is the input's name, "%[bold red]"
 * attribute specs become ANSI SGR escapes (or nothing when plain). */
#ifndef QB_HDR_H
#define QB_HDR_H

#include <stddef.h>

/* the rendered header, malloc'd (xmalloc); *len its length */
char *hdr_render(const char *fmt, const char *name, int plain, size_t *len);
/* how many times byte c occurs in s[0..n) */
size_t hdr_count(const char *s, size_t n, int c);

#endif
