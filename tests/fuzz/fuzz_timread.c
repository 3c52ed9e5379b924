/* fuzz_timread: tim's save-file lines. Every input is used twice:
 *  1. as a command (cut at its first NUL, as argv strings are) and a time
 *     (its first 8 bytes as a double, when finite): tf_put then
 *     tf_parse_all must give back exactly that one (time, command);
 *  2. as a whole save file: tf_parse_all must return 0 or -1 with a
 *     reason, never crash or run past the buffer; and as a baseline JSON
 *     file for tbase_json, likewise.
 * None of these functions may reach die() or exit. */
// fuzz-link: applets/tim_save.c applets/tim_base.c applets/tim_model.c
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../applets/tim_base.h"
#include "../../applets/tim_save.h"

struct got {
	int lines;
	double secs;
	char *key;
};

static int take(void *ctx, double secs, const char *key)
{
	struct got *g = ctx;

	if (g->lines++ == 0) {
		g->secs = secs;
		g->key = strdup(key);
	}
	return 0;
}

static int count(void *ctx, double secs, const char *key)
{
	(void)secs;
	(void)key;
	++*(long *)ctx;
	return 0;
}

static void round_trip(const uint8_t *d, size_t n)
{
	size_t len = strnlen((const char *)d, n), l;
	char *cmd = malloc(len + 1), *line = malloc(TF_LINE_MAX(len));
	struct got g = {0, 0, NULL};
	double secs = 0.000123 * (double)(n + 1);
	const char *why, *tok;
	long no;

	memcpy(cmd, d, len);
	cmd[len] = 0;
	if (n >= 8) {
		double x;

		memcpy(&x, d, 8);
		if (isfinite(x))
			secs = x;
	}
	l = tf_put(line, secs, cmd);
	if (secs != 0 && !isnormal(secs)) {     /* refused, nothing written */
		if (l)
			abort();
		free(cmd);
		free(line);
		return;
	}
	if (!l || l > TF_LINE_MAX(len) || line[l - 1] != '\n' ||
	    memchr(line, '\n', l - 1))
		abort();
	if (tf_parse_all(line, l, take, &g, &no, &why, &tok) || g.lines != 1
	    || g.secs != secs || strcmp(g.key, cmd))
		abort();
	free(g.key);
	free(cmd);
	free(line);
}

static void parse_file(const uint8_t *d, size_t n)
{
	char *buf = malloc(n + 1);
	const char *why = NULL, *tok = NULL;
	struct tbase b = {0, 0, 0};
	long no, lines = 0;
	size_t i;

	memcpy(buf, d, n);
	buf[n] = 0;
	if (tf_parse_all(buf, n, count, &lines, &no, &why, &tok) &&
	    (!why || !tok || strlen(tok) > n))
		abort();
	memcpy(buf, d, n);
	buf[n] = 0;
	if (tbase_json(buf, n, &b, &why) && !why)
		abort();
	for (i = 0; i < b.n; i++) {
		free(b.e[i].key);
		free(b.e[i].label);
		free(b.e[i].runs);
	}
	free(b.e);
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
	round_trip(d, n);
	parse_file(d, n);
	return 0;
}
