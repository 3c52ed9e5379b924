#!/bin/sh
# deps.sh: make sure the tools the test suite runs or compares against are
# here (bats-core; procps, coreutils and util-linux as reference tools and for
# unshare/setpriv; strace; python3 to parse JSON; a UTF-8 locale besides
# C.UTF-8). Installs them
# with apt-get when run as root on Debian, else names what to install and
# fails.
#
# Reference tools are looked for at their real path (/usr/bin/pgrep), never
# through PATH: after `make install LINKS=all` the first pgrep on PATH is
# quickbox itself, and the differential tests would compare it with itself.
#
# `deps.sh musl` checks (and installs) only musl-gcc, for make static.
need=""
have() { command -v "$1" >/dev/null 2>&1; }
at() { [ -x "$1" ]; }
if [ "${1-}" = musl ]; then
	have musl-gcc && exit 0
	if [ "$(id -u)" = 0 ] && have apt-get; then
		echo "installing musl-tools for make static"
		export DEBIAN_FRONTEND=noninteractive
		apt-get update -qq >/dev/null && apt-get install -y -qq musl-tools >/dev/null &&
			have musl-gcc && exit 0
	fi
	echo "make static needs musl-gcc (apt-get install musl-tools), or STATIC_CC=cc for a static glibc build" >&2
	exit 1
fi
at /usr/bin/pgrep    || need="$need procps"
at /usr/bin/pidwait  || need="$need procps"
at /sbin/killall5   || need="$need sysvinit-utils"   # pidof.bats: Debian's pidof
at /usr/bin/head     || need="$need coreutils"
at /usr/bin/tail     || need="$need coreutils"
at /usr/bin/unshare  || need="$need util-linux"
at /usr/bin/setpriv  || need="$need util-linux"
have bats     || need="$need bats"
have cc       || need="$need gcc"
have strace   || need="$need strace"
at /usr/bin/ps       || need="$need procps"
at /usr/bin/python3  || need="$need python3"   # the JSON parser of pfout.bats

# a UTF-8 locale other than C.UTF-8 (GNU quoting differs between the two)
utf8() { locale -a 2>/dev/null | grep -qi '^en_US\.utf-\?8$'; }
utf8 || need="$need locales"

[ -z "$need" ] && exit 0
need=$(printf '%s\n' $need | sort -u | tr '\n' ' ')
if [ "$(id -u)" = 0 ] && have apt-get; then
	echo "installing test tools: $need"
	export DEBIAN_FRONTEND=noninteractive
	if apt-get update -qq >/dev/null && apt-get install -y -qq $need >/dev/null; then
		utf8 && exit 0
		# the package holds the generator, not the locale: enable one, build it
		if [ -f /etc/locale.gen ] && have locale-gen; then
			sed -i 's/^# *\(en_US\.UTF-8 UTF-8\)/\1/' /etc/locale.gen
			grep -q '^en_US\.UTF-8 UTF-8' /etc/locale.gen ||
				echo 'en_US.UTF-8 UTF-8' >> /etc/locale.gen
			locale-gen >/dev/null 2>&1
		fi
		utf8 && exit 0
		echo "make test: could not generate the en_US.UTF-8 locale" >&2
		exit 1
	fi
fi
echo "make test needs: $need(apt-get install $need)" >&2
case " $need " in *" locales "*)
	echo "then enable en_US.UTF-8 in /etc/locale.gen and run locale-gen" >&2 ;;
esac
exit 1
