/* unit_rxbench: the regex micro bench of docs/PERFORMANCE.md, "Regex
 * engine". Matches one pattern against 100 typical /proc comm and
 * cmdline strings, REPS times,
 * with pat_match (the literal fast path, then rx) or with the C library's
 * regexec, so callgrind can count the instructions of either:
 *   valgrind --tool=callgrind --toggle-collect=bench_loop \
 *       build/tests/unit_rxbench pat|libc PATTERN [i] [REPS]
 * It prints the number of matching strings (the same for both). */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/pat.h"

static const char *texts[] = {
	"systemd", "kthreadd", "rcu_gp", "rcu_par_gp", "kworker/0:0H-events_highpri",
	"mm_percpu_wq", "ksoftirqd/0", "rcu_sched", "migration/0", "cpuhp/0",
	"cpuhp/1", "migration/1", "ksoftirqd/1", "kworker/1:0H-kblockd", "kdevtmpfs",
	"netns", "kauditd", "khungtaskd", "oom_reaper", "writeback", "kcompactd0",
	"ksmd", "khugepaged", "kintegrityd", "kblockd", "blkcg_punt_bio", "ata_sff",
	"md", "edac-poller", "devfreq_wq", "watchdogd", "kswapd0", "ecryptfs-kthrea",
	"kthrotld", "acpi_thermal_pm", "scsi_eh_0", "scsi_tmf_0", "ipv6_addrconf",
	"kstrp", "zswap-shrink", "charger_manager", "jbd2/sda1-8", "ext4-rsv-conver",
	"systemd-journal", "systemd-udevd", "systemd-resolve", "systemd-timesyn",
	"accounts-daemon", "acpid", "avahi-daemon", "cron", "dbus-daemon",
	"NetworkManager", "irqbalance", "networkd-dispat", "polkitd", "rsyslogd",
	"snapd", "switcheroo-cont", "systemd-logind", "udisksd", "wpa_supplicant",
	"ModemManager", "unattended-upgr", "sshd", "gdm3", "containerd", "dockerd",
	"nginx", "nginx", "nginx", "postgres", "postgres", "redis-server", "cupsd",
	"cups-browsed", "kerneloops", "bash", "tmux: server", "vim", "python3",
	"node", "firefox", "Web Content", "Isolated Web Co", "Xwayland",
	"gnome-shell", "pulseaudio", "pipewire", "sshd: alice [priv]",
	"/usr/sbin/sshd -D", "nginx: worker process", "/usr/bin/python3 -m http.server 8000",
	"/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main",
	"/usr/bin/dockerd -H fd:// --containerd=/run/containerd/containerd.sock",
	"/sbin/init splash", "/usr/bin/redis-server 127.0.0.1:6379",
	"/usr/libexec/gnome-terminal-server", "foo_bar_baz", "/opt/foo/bin/bar --foo=1",
};
#define N (sizeof texts / sizeof *texts)

static struct pat p;
static regex_t re;

__attribute__((noinline)) static long bench_loop(int libc, long reps)
{
	long hits = 0;

	for (long r = 0; r < reps; r++)
		for (size_t i = 0; i < N; i++)
			hits += libc ? !regexec(&re, texts[i], 0, NULL, 0) :
			    pat_match(&p, texts[i]);
	return hits;
}

int main(int argc, char **argv)
{
	int libc, icase;
	long reps;

	if (argc < 3)
		return fprintf(stderr, "usage: unit_rxbench pat|libc PATTERN [i] [REPS]\n"), 2;
	libc = !strcmp(argv[1], "libc");
	icase = argc > 3 && !strcmp(argv[3], "i");
	reps = argc > 4 ? atol(argv[4]) : 1;
	if (libc ? regcomp(&re, argv[2], REG_EXTENDED | REG_NOSUB | (icase ? REG_ICASE : 0))
	    : pat_compile(&p, argv[2], icase))
		return fprintf(stderr, "bad pattern\n"), 2;
	printf("%zu strings, %ld matches\n", N, bench_loop(libc, reps) / reps);
	return 0;
}
