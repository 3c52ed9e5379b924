/* fmt.c: the message formatter (the snprintf subset in fmt.h). */
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"

/* weak: resolved only when something else in the build pulls it in */
#pragma weak snprintf

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

/* a float conversion: spec rebuilt with the widths already read */
static void fp(struct sink *k, const char *flags, size_t nf, int w, int prec,
    char conv, double v)
{
	char spec[32];
	size_t n = 0;
	int r;

	spec[n++] = '%';
	memcpy(spec + n, flags, nf);
	n += nf;
	spec[n++] = '*';
	spec[n++] = '.';
	spec[n++] = '*';
	spec[n++] = conv;
	spec[n] = 0;
	if (!snprintf) {
		put(k, spec, n);
		return;
	}
	r = snprintf(k->len < k->cap ? k->buf + k->len : NULL,
	    k->len < k->cap ? k->cap - k->len : 0, spec, w, prec, v);
	if (r > 0)
		k->len += (size_t)r;
}

int fmt_vsnprintf(char *buf, size_t cap, const char *f, va_list ap)
{
	struct sink k = {buf, cap, 0};

	while (*f) {
		const char *flags, *lit = strchr(f, '%');
		int left = 0, zero = 0, plus = 0, space = 0, w = 0, prec = -1;
		int lng = 0, base = 10, neg = 0;
		char conv, num[24], *e = num + sizeof num, *p = e;
		const char *s;
		size_t n, nf;
		uintmax_t v;

		if (!lit) {
			put(&k, f, strlen(f));
			break;
		}
		put(&k, f, (size_t)(lit - f));
		f = flags = lit + 1;
		for (;; f++) {
			if (*f == '-')
				left = 1;
			else if (*f == '0')
				zero = 1;
			else if (*f == '+')
				plus = 1;
			else if (*f == ' ')
				space = 1;
			else
				break;
		}
		nf = (size_t)(f - flags);
		if (*f == '*') {
			w = va_arg(ap, int);
			if (w < 0) {
				left = 1;
				w = w == INT_MIN ? INT_MAX : -w;
			}
			f++;
		} else {
			while (*f >= '0' && *f <= '9')
				w = w * 10 + (*f++ - '0');
		}
		if (*f == '.') {
			f++;
			if (*f == '*') {
				prec = va_arg(ap, int);
				f++;
			} else {
				for (prec = 0; *f >= '0' && *f <= '9'; f++)
					prec = prec * 10 + (*f - '0');
			}
		}
		for (;; f++) {
			if (*f == 'h')
				lng--;
			else if (*f == 'l')
				lng++;
			else if (*f == 'z' || *f == 'j' || *f == 't')
				lng = 2;
			else
				break;
		}
		conv = *f;
		if (conv)
			f++;
		switch (conv) {
		case '%':
			put(&k, "%", 1);
			continue;
		case 'c':
			num[0] = (char)va_arg(ap, int);
			s = num;
			n = 1;
			zero = 0;
			goto field;
		case 's':
			s = va_arg(ap, const char *);
			if (!s)
				s = "(null)";
			n = prec < 0 ? strlen(s) : strnlen(s, (size_t)prec);
			zero = 0;
			goto field;
		case 'd':
		case 'i': {
			intmax_t x = lng >= 2 ? va_arg(ap, long long) :
			    lng == 1 ? va_arg(ap, long) : va_arg(ap, int);

			if (lng == -1)
				x = (short)x;
			else if (lng < -1)
				x = (signed char)x;
			neg = x < 0;
			v = neg ? 0 - (uintmax_t)x : (uintmax_t)x;
			break;
		}
		case 'o':
		case 'u':
		case 'x':
		case 'X':
			v = lng >= 2 ? va_arg(ap, unsigned long long) :
			    lng == 1 ? va_arg(ap, unsigned long) :
			    va_arg(ap, unsigned);
			if (lng == -1)
				v = (unsigned short)v;
			else if (lng < -1)
				v = (unsigned char)v;
			base = conv == 'o' ? 8 : conv == 'u' ? 10 : 16;
			plus = space = 0;
			break;
		case 'e': case 'E': case 'f': case 'F':
		case 'g': case 'G': case 'a': case 'A':
			fp(&k, flags, nf < 8 ? nf : 8, left ? -w : w, prec, conv,
			    va_arg(ap, double));
			continue;
		default:        /* not a conversion: as written */
			put(&k, lit, (size_t)(f - lit));
			continue;
		}
		/* an integer: digits, then precision zeros, sign, width */
		while (v) {
			*--p = "0123456789abcdef"[v % (unsigned)base] -
			    (conv == 'X' && v % 16 > 9 ? 32 : 0);
			v /= (unsigned)base;
		}
		n = (size_t)(e - p);
		if (prec >= 0)
			zero = 0;
		else
			prec = 1;
		{
			size_t z = (size_t)prec > n ? (size_t)prec - n : 0;
			char sg = neg ? '-' : plus ? '+' : space ? ' ' : 0;
			size_t all = n + z + (sg != 0);

			if (zero && !left && (size_t)w > all) {
				z += (size_t)w - all;
				all = (size_t)w;
			}
			if (!left && (size_t)w > all)
				pad(&k, ' ', (size_t)w - all);
			if (sg)
				put(&k, &sg, 1);
			pad(&k, '0', z);
			put(&k, p, n);
			if (left && (size_t)w > all)
				pad(&k, ' ', (size_t)w - all);
		}
		continue;
field:
		if (!left && (size_t)w > n)
			pad(&k, ' ', (size_t)w - n);
		put(&k, s, n);
		if (left && (size_t)w > n)
			pad(&k, ' ', (size_t)w - n);
	}
	if (cap)
		buf[k.len < cap ? k.len : cap - 1] = 0;
	return k.len > INT_MAX ? -1 : (int)k.len;
}

int fmt_snprintf(char *buf, size_t cap, const char *f, ...)
{
	va_list ap;
	int n;

	va_start(ap, f);
	n = fmt_vsnprintf(buf, cap, f, ap);
	va_end(ap);
	return n;
}
