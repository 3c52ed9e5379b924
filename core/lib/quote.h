/* quote.h: GNU's quoting of names in messages: 'name' in the C locale,
 * ‘name’ under UTF-8 (as the locale env variables say). */
#ifndef QB_QUOTE_H
#define QB_QUOTE_H

/* the quoted name in one of two rotating static buffers */
const char *quote(const char *s);
/* GNU quotef: the name alone when it needs no quoting */
const char *quotef(const char *s);

#endif
