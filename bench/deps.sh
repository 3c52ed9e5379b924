#!/bin/sh
# bench/deps.sh: the reference tools the benchmark compares against (procps
# pgrep, GNU coreutils, hyperfine, toybox and busybox pgrep/head/tail).
# Installs what is missing with apt-get when run as root on Debian; otherwise
# says what is missing: the sections skip what is not there.
# Each tool is looked for at its real path, never through PATH: after
# `make install LINKS=all` the first pgrep on PATH is quickbox itself.
need=""
at() { [ -x "$1" ]; }
at /usr/bin/pgrep     || need="$need procps"
at /usr/bin/hyperfine || need="$need hyperfine"
at /usr/bin/toybox    || need="$need toybox"
at /bin/busybox       || at /usr/bin/busybox || need="$need busybox"
at /usr/bin/musl-gcc  || need="$need musl-tools"
[ -z "$need" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "# installing benchmark tools:$need"
	export DEBIAN_FRONTEND=noninteractive
	{ apt-get update -qq && apt-get install -y -qq $need; } >/dev/null 2>&1 && exit 0
fi
echo "# missing (sections will skip them):$need"
exit 0
