#!/bin/sh
# bench/deps.sh: the reference tools the benchmark compares against (procps
# pgrep, GNU coreutils, hyperfine, toybox and busybox pgrep/head/tail).
# Installs what is missing with apt-get when run as root on Debian; otherwise
# says what is missing: the sections skip what is not there.
need=""
have() { command -v "$1" >/dev/null 2>&1; }
have pgrep     || need="$need procps"
have hyperfine || need="$need hyperfine"
have toybox    || need="$need toybox"
have busybox   || need="$need busybox"
have musl-gcc  || need="$need musl-tools"
[ -z "$need" ] && exit 0
if [ "$(id -u)" = 0 ] && have apt-get; then
	echo "# installing benchmark tools:$need"
	export DEBIAN_FRONTEND=noninteractive
	{ apt-get update -qq && apt-get install -y -qq $need; } >/dev/null 2>&1 && exit 0
fi
echo "# missing (sections will skip them):$need"
exit 0
