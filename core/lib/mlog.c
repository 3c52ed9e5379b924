/* mlog.c: the C library's log() and exp() without libm at every start.
 *
 * With glibc, log() lives in libm.so.6, and a dynamic binary linked with
 * it maps libm on every start, tim's or not: a cost to each pf, pgrep or
 * head (docs/PERFORMANCE.md, "libm at start-up"). tim is
 * its only user (the a_ik weights), so the Makefile's dynamic build
 * defines QB_LAZY_LIBM, and tim opens libm.so.6 itself and takes its
 * log and exp: the same functions, so the same bits in every estimate.
 * Static and musl builds, and the unit and fuzz builds, link them as
 * usual. sqrt()
 * needs no libm: with -fno-math-errno it is one instruction. */
#include <math.h>

#include "lib/mlog.h"

#if defined(QB_LAZY_LIBM) && defined(__GLIBC__)
#include <dlfcn.h>

static double (*lg)(double), (*ex)(double);

int mlog_load(void)
{
	void *h;

	if (lg && ex)
		return 0;
	h = dlopen("libm.so.6", RTLD_NOW | RTLD_LOCAL);
	if (h) {        /* POSIX's way to take a function pointer from dlsym */
		*(void **)&lg = dlsym(h, "log");
		*(void **)&ex = dlsym(h, "exp");
	}
	return lg && ex ? 0 : -1;
}

const char *mlog_error(void)
{
	const char *e = dlerror();

	return e ? e : "libm.so.6 has no log or exp";
}

double qb_log(double x)
{
	return lg || !mlog_load() ? lg(x) : NAN;
}

double qb_exp(double x)
{
	return ex || !mlog_load() ? ex(x) : NAN;
}
#else
int mlog_load(void)
{
	return 0;
}

const char *mlog_error(void)
{
	return "";
}

double qb_log(double x)
{
	return log(x);
}

double qb_exp(double x)
{
	return exp(x);
}
#endif
