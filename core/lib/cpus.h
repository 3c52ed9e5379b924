/* cpus.h: a CPU list as taskset and /proc's Cpus_allowed_list write it
 * ("0,2-3", "0-7:2" not taken) as a bit mask sized for its highest CPU,
 * in the unsigned long words sched_setaffinity reads. */
#ifndef QB_CPUS_H
#define QB_CPUS_H

#include <stddef.h>

/* the highest CPU number a list may name (the kernel's limit is lower) */
#define CPUS_MAX 65535

/* s as a mask: 0 with *mask (malloc'd, NULL when out of memory) and
 * *bytes, or -1 when s is not a list of N and N-M (N <= M <= CPUS_MAX)
 * separated by commas */
int cpus_parse(const char *s, unsigned long **mask, size_t *bytes);

/* 0 when a process of this one's cpuset may run on some CPU of the mask:
 * found by setting it on the caller and putting the caller's own mask
 * back; else -1 with errno (EINVAL: none of them) */
int cpus_usable(const unsigned long *mask, size_t bytes);

#endif
