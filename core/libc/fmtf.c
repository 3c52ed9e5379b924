/* fmtf.c: fmt's entry points with the floating conversions, in place of
 * snprintf(3)'s %e %f %g: the one reference to fltfmt.c, so only a
 * program that calls these links it (fmt.h; what it saves: fltfmt.h). */
#include <stdarg.h>

#include "libc/fltfmt.h"
#include "libc/fmt.h"

int fmtf_vsnprintf(char *buf, size_t cap, const char *f, va_list ap)
{
	return fmt_vformat(buf, cap, f, ap, flt_conv);
}

FMT_VARIADIC(fmtf_snprintf, flt_conv)
