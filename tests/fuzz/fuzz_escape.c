/* fuzz_escape: esc_inplace, esc_needed, esc_ps and esc_shell.
 * esc_inplace, each of the four flavours: the length stays, a C flavour
 * leaves only printable ASCII, the new UTF-8 one (procps-ng 4.0.4+) no
 * control byte, a byte changes only to '.' or '?' (the new flavours:
 * only '?'); escaping twice changes nothing more; esc_needed is 0 exactly
 * when a C flavour changes nothing.
 * esc_ps: see ps_flavour below.
 * esc_shell: the output fits the 4n+8 bytes it allocates, holds no NUL or
 * newline, and unquoting it as sh would gives back the words of the input. */
#include "process/escape.h"
#include "fuzz.h"

static void inplace(const uint8_t *data, size_t size, int utf8)
{
	char *a = malloc(size + 1), *b = malloc(size + 1);

	memcpy(a, data, size);
	a[size] = 0;
	esc_inplace(a, size, utf8);
	for (size_t i = 0; i < size; i++) {
		unsigned char c = (unsigned char)a[i];

		/* UTF-8: a sequence is judged by its lead byte alone (as
		 * procps does), so a control byte may ride inside one */
		if (!(utf8 & ESC_UTF8))
			CHECK(c >= 0x20 && c < 0x7f);
		if (utf8 & ESC_NEW)
			CHECK(c >= 0x20 && c != 0x7f);
		/* unchanged bytes stay, changed ones become '.' or '?' */
		CHECK(c == data[i] || c == '?' || (c == '.' && !(utf8 & ESC_NEW)));
	}
	CHECK(a[size] == 0);
	memcpy(b, a, size + 1);
	esc_inplace(b, size, utf8);
	CHECK(!memcmp(a, b, size + 1));
	if (!(utf8 & ESC_UTF8))
		CHECK(esc_needed((const char *)data, size) == !!memcmp(a, data, size));
	free(a);
	free(b);
}

/* sh's reading of esc_shell's output: blank-separated words, '...' quoted,
 * \' between quotes; the words, NUL-separated, into w; their count */
static size_t unquote(const char *s, char *w, size_t *wl)
{
	size_t n = 0, k = 0;

	while (*s) {
		if (*s == ' ') {
			w[k++] = 0;
			n++;
			s++;
			continue;
		}
		if (*s == '\'') {
			for (s++; *s && *s != '\''; s++)
				w[k++] = *s;
			CHECK(*s == '\'');
			s++;
			continue;
		}
		if (*s == '\\') {
			CHECK(s[1] == '\'');
			w[k++] = '\'';
			s += 2;
			continue;
		}
		w[k++] = *s++;
	}
	*wl = k;
	return n + 1;
}

static void shell(const uint8_t *data, size_t size)
{
	char *r = esc_shell((const char *)data, size), *w, *want;
	size_t len, wl, nw, k = 0, nwant = 0;

	CHECK(r != NULL);
	len = strlen(r);
	CHECK(len + 1 <= 4 * size + 8);
	CHECK(!memchr(r, '\n', len));
	/* the words as they should be, NUL-joined: the input with each
	 * newline as a NUL (a last newline so starts one more, empty, word),
	 * less a last NUL, which only ends its word */
	want = malloc(size + 1);
	for (size_t i = 0; i < size; i++)
		want[k++] = data[i] == '\n' ? 0 : (char)data[i];
	if (size && !data[size - 1])
		k--;
	for (size_t i = 0; i < k; i++)
		nwant += !want[i];
	nwant++;
	w = malloc(4 * size + 8);
	nw = unquote(r, w, &wl);
	CHECK(nw == nwant);
	CHECK(wl == k && !memcmp(w, want, k));
	free(w);
	free(want);
	free(r);
}

/* esc_ps: never longer; C: printable ASCII only, each byte kept or '?';
 * UTF-8: valid UTF-8 (RFC 3629) with no control (C0, DEL, C1) and no
 * private-use character; escaping twice changes nothing more */
static void ps_flavour(const uint8_t *data, size_t size, int utf8)
{
	char *a = malloc(size + 1), *b = malloc(size + 1);
	size_t n, i, k;

	memcpy(a, data, size);
	n = esc_ps(a, size, utf8);
	CHECK(n <= size);
	CHECK(n == size || utf8);
	for (i = 0; i < n; i += k) {
		unsigned c = (unsigned char)a[i];

		k = 1;
		if (!utf8 || c < 0x80) {
			CHECK(c >= 0x20 && c < 0x7f);
			CHECK(utf8 || c == data[i] || c == '?');
			continue;
		}
		k = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
		CHECK(c >= 0xc2 && c <= 0xf4 && i + k <= n);
		c &= 0x3fu >> (k - 1);
		for (size_t j = 1; j < k; j++) {
			CHECK(((unsigned char)a[i + j] & 0xc0) == 0x80);
			c = c << 6 | ((unsigned char)a[i + j] & 0x3f);
		}
		CHECK(c >> (5 * k - 4) && c <= 0x10ffff && (c < 0xd800 || c > 0xdfff));
		CHECK(c >= 0xa0 && (c < 0xe000 || c > 0xf8ff) && c < 0xf0000);
	}
	memcpy(b, a, n);
	CHECK(esc_ps(b, n, utf8) == n && !memcmp(a, b, n));
	free(a);
	free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	inplace(data, size, 0);
	inplace(data, size, ESC_UTF8);
	inplace(data, size, ESC_NEW);
	inplace(data, size, ESC_UTF8 | ESC_NEW);
	ps_flavour(data, size, 0);
	ps_flavour(data, size, 1);
	shell(data, size);
	return 0;
}
