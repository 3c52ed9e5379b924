/* fmt.c: the message formatter (the snprintf subset in fmt.h). */
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "fltfmt.h"
#include "fmt.h"

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

/* digits from .. from+cnt-1 of d[0..n), zeros outside it */
static void digs(struct sink *k, const char *d, int n, long long from,
    long long cnt)
{
	long long z = from < 0 ? (-from < cnt ? -from : cnt) : 0, in;

	pad(k, '0', (size_t)z);
	from += z, cnt -= z;
	in = from < n ? (n - from < cnt ? n - from : cnt) : 0;
	put(k, d + from, (size_t)in);
	pad(k, '0', (size_t)(cnt - in));
}

/* %e %f %g (or E F G) of v: the exact digits rounded once (fltfmt.h) */
static void fp(struct sink *k, int left, int zero, int w, int prec,
    char conv, double v)
{
	char d[FLT_DIGS], ex[5], *t = ex + sizeof ex;
	const char *word = NULL;
	int c = conv | 32, sci = c == 'e', n = 0, x = 0, p;
	long long frac = prec < 0 ? 6 : prec, len;
	uint64_t b;

	memcpy(&b, &v, sizeof b);
	if ((b >> 52 & 0x7ff) == 0x7ff) {
		word = b << 12 ? "nanNAN" : "infINF";
		word += conv == c ? 0 : 3;      /* upper case: the second copy */
		zero = 0;
	} else {
		n = flt_digits(v, d, &x);
	}
	if (word) {
		len = 3;
	} else if (c == 'f') {
		n = flt_round(d, n, (int)(x + frac + 1 > FLT_DIGS ? FLT_DIGS :
		    x + frac + 1), &x);
	} else {
		p = c == 'e' ? (int)(frac < FLT_DIGS ? frac + 1 : FLT_DIGS) :
		    frac ? (int)(frac < FLT_DIGS ? frac : FLT_DIGS) : 1;
		n = flt_round(d, n, p, &x);
		if (c == 'g') {
			/* %f from -4 to the precision, else %e; no
			 * trailing zeros (nor a point with nothing after) */
			long long keep;

			sci = x < -4 || x >= (frac ? frac : 1);
			frac = sci ? (frac ? frac : 1) - 1 : (frac ? frac : 1) - 1 - x;
			keep = sci ? n - 1 : n - 1 - x;
			if (frac > keep)
				frac = keep > 0 ? keep : 0;
		}
	}
	if (sci && !word) {
		int a = x < 0 ? -x : x;

		do
			*--t = (char)('0' + a % 10);
		while ((a /= 10) || t > ex + sizeof ex - 2);
		*--t = x < 0 ? '-' : '+';
		*--t = conv == c ? 'e' : 'E';
	}
	if (!word)
		len = (sci || x < 0 ? 1 : x + 1) + (frac ? 1 + frac : 0) +
		    (ex + sizeof ex - t);
	len += (long long)(b >> 63);
	if (!left && !zero && w > len)
		pad(k, ' ', (size_t)(w - len));
	if (b >> 63)
		put(k, "-", 1);
	if (!left && zero && w > len)
		pad(k, '0', (size_t)(w - len));
	if (word) {
		put(k, word, 3);
	} else {
		if (sci || x < 0)
			digs(k, d, n, sci ? 0 : -1, 1);
		else
			digs(k, d, n, 0, x + 1);
		if (frac) {
			put(k, ".", 1);
			digs(k, d, n, sci ? 1 : x + 1, frac);
		}
		put(k, t, (size_t)(ex + sizeof ex - t));
	}
	if (left && w > len)
		pad(k, ' ', (size_t)(w - len));
}

int fmt_vsnprintf(char *buf, size_t cap, const char *f, va_list ap)
{
	struct sink k = {buf, cap, 0};
	const char *lit;

	while ((lit = strchr(f, '%'))) {
		int left = 0, zero = 0, w = 0, prec = -1, lng = 0;
		char conv, num[24], *e = num + sizeof num, *p = e, sg = 0;
		const char *s = p;
		size_t n, nf, z = 0;
		unsigned long long v;

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
		for (; *f == 'l' || *f == 'z'; f++)
			lng += *f == 'l' ? 1 : 2;
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
				long long x = lng >= 2 ? va_arg(ap, long long) :
				    lng ? va_arg(ap, long) : va_arg(ap, int);

				if (x < 0)
					sg = '-';
				v = x < 0 ? 0 - (unsigned long long)x : (unsigned long long)x;
			} else {
				v = lng >= 2 ? va_arg(ap, unsigned long long) :
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
			fp(&k, left, zero, w, prec, conv, va_arg(ap, double));
			continue;
		default:        /* not a conversion: as written */
			put(&k, lit, (size_t)(f - lit));
			continue;
		}
		/* [spaces] [sign] [zeros] text [spaces] */
		nf = n + z + !!sg;
		if (!left && (size_t)w > nf)
			pad(&k, ' ', (size_t)w - nf);
		if (sg)
			put(&k, &sg, 1);
		pad(&k, '0', z);
		put(&k, s, n);
		if (left && (size_t)w > nf)
			pad(&k, ' ', (size_t)w - nf);
	}
	put(&k, f, strlen(f));
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
