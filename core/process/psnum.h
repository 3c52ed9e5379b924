/* psnum.h: numbers the way the procps tools read them. They parse with
 * libc's strtol/strtoul/atoi (leading blanks, a sign, saturation at the
 * long range, and atoi's cut to an int) or their own strict_atol; the
 * personalities must accept and reject exactly the same strings and end
 * up with the same values. Built on num.h, without undefined overflow. */
#ifndef QB_PSNUM_H
#define QB_PSNUM_H

/* strtol(s, &end, 10): the value (saturated); *end past the digits, or s
 * when there are none */
long ps_strtol(const char *s, const char **end);
/* strtoul(s, &end, 10): a '-' negates modulo 2^64; saturates */
unsigned long ps_strtoul(const char *s, const char **end);
/* atoi: (int)strtol, so out-of-range values wrap */
int ps_atoi(const char *s);
/* procps strict_atol: optional sign, digits only ("" is 0), values up to
 * 9223372036854775799 (its overflow test stops short of LONG_MAX).
 * 1 and *v set, or 0 */
int ps_strict_long(const char *s, long *v);

#endif
