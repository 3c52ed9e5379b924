#!/bin/sh
# deps.sh: make sure the tools the test suite runs or compares against are
# here (bats-core; procps, coreutils and util-linux as reference tools and for
# unshare/setpriv). Installs them with apt-get when run as root on Debian,
# else names what to install and fails.
need=""
have() { command -v "$1" >/dev/null 2>&1; }
have bats     || need="$need bats"
have pgrep    || need="$need procps"
have pidwait  || need="$need procps"
have unshare  || need="$need util-linux"
have setpriv  || need="$need util-linux"
have head     || need="$need coreutils"
have cc       || need="$need gcc"
have strace   || need="$need strace"
[ -z "$need" ] && exit 0
need=$(printf '%s\n' $need | sort -u | tr '\n' ' ')
if [ "$(id -u)" = 0 ] && have apt-get; then
	echo "installing test tools: $need"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >/dev/null && apt-get install -y -qq $need >/dev/null && exit 0
fi
echo "make test needs: $need(apt-get install $need)" >&2
exit 1
