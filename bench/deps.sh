#!/bin/sh
# bench/deps.sh: what `make bench` needs besides make: a C compiler (gcc),
# and the reference tools it compares against (procps pgrep, hyperfine,
# toybox, busybox; musl-tools for the static build). `bench/deps.sh full`
# adds python3, which `make bench-full` (bench/tim.sh) uses.
# Installs what is missing with apt-get when run as root on Debian;
# otherwise says what is missing. Exit 1 only when the compiler is missing
# (nothing can be built); a missing reference tool is skipped by its rows.
# Each tool is looked for at its real path, never through PATH: after
# `make install LINKS=all` the first pgrep on PATH is quickbox itself.
need=""
have() { command -v "$1" >/dev/null 2>&1; }
at() { [ -x "$1" ]; }
have cc || have gcc   || need="$need gcc"
at /usr/bin/pgrep     || need="$need procps"
at /usr/bin/hyperfine || need="$need hyperfine"
at /usr/bin/toybox    || need="$need toybox"
at /bin/busybox       || at /usr/bin/busybox || need="$need busybox-static"
at /usr/bin/musl-gcc  || need="$need musl-tools"
[ "${1-}" = full ] && { have python3 || need="$need python3"; }
if [ -n "$need" ] && [ "$(id -u)" = 0 ] && have apt-get; then
	echo "# installing benchmark tools:$need"
	export DEBIAN_FRONTEND=noninteractive
	if { apt-get update -qq && apt-get install -y -qq $need; } >/dev/null 2>&1; then
		need=""
	else
		echo "# apt-get install$need failed"
	fi
fi
[ -z "$need" ] && exit 0
if ! have cc && ! have gcc; then
	echo "make bench needs a C compiler: apt-get install gcc (as root)" >&2
	exit 1
fi
echo "# missing (sections will skip them):$need"
exit 0
