/* mlog.h: the C library's log() and exp(), loaded only by the applet that needs it
 * (mlog.c says why). */
#ifndef QB_MLOG_H
#define QB_MLOG_H

/* 0 when log() is ready, -1 (mlog_error() says why) when it cannot be
 * had; an applet that needs it calls this first and reports the failure */
int mlog_load(void);
const char *mlog_error(void);

/* log(x), bit for bit the C library's; NaN when mlog_load() fails */
double qb_log(double x);
/* exp(x), the same way (tim's comparisons take ratios back from logs) */
double qb_exp(double x);

#endif
