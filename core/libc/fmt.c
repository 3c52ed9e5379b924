/* fmt.c: the message formatter, in place of snprintf(3): its subset
 * (fmt.h), glibc's text byte for byte, 8,896 bytes less than musl's
 * vsnprintf (fmt.h; docs/quickbox.md, "Each re-implementation on trial"); the floats come in
 * through fmtf.c only. */
#include <limits.h>
#include <stdarg.h>
#include <string.h>
#include <sys/types.h>

#include "libc/fltfmt.h"
#include "libc/fmt.h"

struct sink {
	char *buf;
	size_t cap, len;     /* len counts past cap, as snprintf's result */
};

static void put(struct sink *k, const char *s, size_t n)
{
	if (k->len < k->cap) {
		size_t room = k->cap - k->len;

		memcpy(k->buf + k->len, s, n < room ? n : room);
	}
	k->len += n;
}

static void pad(struct sink *k, char c, size_t n)
{
	while (n--)
		put(k, &c, 1);
}

int fmt_vformat(char *buf, size_t cap, const char *f, va_list ap,
    fmt_flt_fn *flt)
{
	struct sink k = {buf, cap, 0};
	const char *lit;

	while ((lit = strchr(f, '%'))) {
		int left = 0, zero = 0, w = 0, prec = -1, lng = 0;
		char conv, num[24], *e = num + sizeof num, *p = e, sg = 0;
		const char *s = p, *tail = "";
		size_t n, nf, z = 0, tz = 0, nt = 0;
		unsigned long long v;
		struct flt_text t;

		put(&k, f, (size_t)(lit - f));
		f = lit + 1;
		for (; *f == '-' || *f == '0'; f++)
			*f == '-' ? (left = 1) : (zero = 1);
		if (*f == '*') {
			w = va_arg(ap, int);
			if (w < 0)
				left = 1, w = w == INT_MIN ? INT_MAX : -w;
			f++;
		}
		for (; *f >= '0' && *f <= '9'; f++)
			w = w * 10 + (*f - '0');
		if (*f == '.') {
			if (*++f == '*')
				prec = va_arg(ap, int), f++;
			else
				for (prec = 0; *f >= '0' && *f <= '9'; f++)
					prec = prec * 10 + (*f - '0');
		}
		/* lng: 1 l, 2 ll, 3 z: size_t is its own width (32 bits
		 * beside a 64-bit long long on i686 and armhf), never read as
		 * another type */
		for (; *f == 'l' || *f == 'z'; f++)
			lng = *f == 'z' ? 3 : lng + 1;
		conv = *f;
		if (conv)
			f++;
		switch (conv) {
		case '%':
			s = "%", n = 1;
			break;
		case 'c':
			*--p = (char)va_arg(ap, int);
			s = p, n = 1;
			break;
		case 's':
			s = va_arg(ap, const char *);
			if (!s)
				s = "(null)";
			n = prec < 0 ? strlen(s) : strnlen(s, (size_t)prec);
			break;
		case 'd':
		case 'i':
		case 'u':
		case 'x':
			if (conv == 'd' || conv == 'i') {
				long long x = lng == 3 ? va_arg(ap, ssize_t) :
				    lng == 2 ? va_arg(ap, long long) :
				    lng ? va_arg(ap, long) : va_arg(ap, int);

				if (x < 0)
					sg = '-';
				v = x < 0 ? 0 - (unsigned long long)x : (unsigned long long)x;
			} else {
				v = lng == 3 ? va_arg(ap, size_t) :
				    lng == 2 ? va_arg(ap, unsigned long long) :
				    lng ? va_arg(ap, unsigned long) : va_arg(ap, unsigned);
			}
			for (; v; v /= conv == 'x' ? 16 : 10)
				*--p = "0123456789abcdef"[v % (conv == 'x' ? 16 : 10)];
			n = (size_t)(e - p);
			s = p;
			if (prec < 0)
				prec = 1;
			else
				zero = 0;
			z = (size_t)prec > n ? (size_t)prec - n : 0;
			if (zero && !left && (size_t)w > n + z + !!sg)
				z = (size_t)w - n - !!sg;
			break;
		case 'e': case 'E': case 'f': case 'F': case 'g': case 'G':
			if (!flt) {     /* fmt_snprintf: as written */
				(void)va_arg(ap, double);
				put(&k, lit, (size_t)(f - lit));
				continue;
			}
			flt(&t, conv, prec, va_arg(ap, double));
			s = t.head, n = t.nhead, sg = t.neg ? '-' : 0;
			tz = (size_t)t.zeros, tail = t.tail, nt = t.ntail;
			if (zero && !left && t.finite && (size_t)w > n + tz + nt + !!sg)
				z = (size_t)w - n - tz - nt - !!sg;
			break;
		default:        /* not a conversion: as written */
			put(&k, lit, (size_t)(f - lit));
			continue;
		}
		/* [spaces] [sign] [zeros] text [zeros tail] [spaces] */
		nf = n + z + !!sg + tz + nt;
		if (!left && (size_t)w > nf)
			pad(&k, ' ', (size_t)w - nf);
		if (sg)
			put(&k, &sg, 1);
		pad(&k, '0', z);
		put(&k, s, n);
		pad(&k, '0', tz);
		put(&k, tail, nt);
		if (left && (size_t)w > nf)
			pad(&k, ' ', (size_t)w - nf);
	}
	put(&k, f, strlen(f));
	if (cap)
		buf[k.len < cap ? k.len : cap - 1] = 0;
	return k.len > INT_MAX ? -1 : (int)k.len;
}

int fmt_vsnprintf(char *buf, size_t cap, const char *f, va_list ap)
{
	return fmt_vformat(buf, cap, f, ap, NULL);
}

FMT_VARIADIC(fmt_snprintf, NULL)
