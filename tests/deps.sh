#!/bin/sh
# deps.sh: make sure every tool the test suite runs or compares against is
# here, on a fresh minimal Debian root too (CI's .ci/freshroot checks that):
# bats-core and GNU parallel (bats runs the files side by side through
# it: tests/bats-count.sh); procps (pgrep, ps), coreutils and util-linux
# as reference tools and for unshare/setpriv/flock; strace; gcc (the test
# helpers) and binutils (readelf, nm); python3 with its json module
# (the dead-pipe helpers, tim's and pfout.bats's JSON checks); musl-tools and
# busybox-static (the static build and the static shell of
# tests/bareroot.bats); man-db (man -l on the pages); a UTF-8 locale
# besides C.UTF-8; the zone files
# (tzdata; on Debian 13 also tzdata-legacy, for EST5EDT). Installs them with
# apt-get when run as root on Debian, else names what to install and
# fails. Everything else the tests call is in every Debian root (Essential
# packages: bash, coreutils, diffutils, findutils, grep, sed, mawk,
# bsdutils's script).
#
# Reference tools are looked for at their real path (/usr/bin/pgrep), never
# through PATH: after `make install LINKS=all` the first pgrep on PATH is
# quickbox itself, and the differential tests would compare it with itself.
#
# `deps.sh musl` checks (and installs) only musl-gcc, for make static.
# `deps.sh clang` checks (and installs) clang, for make check-clang;
# `deps.sh fuzz [CC]` also libFuzzer's runtime (libclang-rt-N-dev), for
# make fuzz.
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
# clang for the sanitizer run, and for fuzz a clang that links
# -fsanitize=fuzzer (Debian: the runtime is libclang-rt-MAJOR-dev)
fuzzer_links() {
	echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }' |
		"$1" -x c -fsanitize=fuzzer -o /dev/null - >/dev/null 2>&1
}
if [ "${1-}" = clang ] || [ "${1-}" = fuzz ]; then
	mode=$1 cc=${2:-clang}
	ok() { have "$cc" && { [ $mode = clang ] || fuzzer_links "$cc"; }; }
	rt() { echo "libclang-rt-$(clang -dumpversion | cut -d. -f1)-dev"; }
	ok && exit 0
	if [ "$cc" = clang ] && [ "$(id -u)" = 0 ] && have apt-get; then
		echo "installing clang for make $mode"
		export DEBIAN_FRONTEND=noninteractive
		apt-get update -qq >/dev/null && apt-get install -y -qq clang >/dev/null
		[ $mode = clang ] || ! have clang || fuzzer_links clang ||
			apt-get install -y -qq "$(rt)" >/dev/null
		ok && exit 0
	fi
	if [ $mode = clang ]; then
		echo "make check-clang needs $cc (apt-get install clang)" >&2
	elif have clang; then
		echo "make fuzz needs $cc with libFuzzer (apt-get install clang $(rt))" >&2
	else
		echo "make fuzz needs $cc with libFuzzer (apt-get install clang libclang-rt-N-dev, N clang's major version: 14 on Debian 12)" >&2
	fi
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
# GNU's, not moreutils' parallel of the same name (Debian's parallel
# package diverts that one)
parallel --version 2>/dev/null | grep -q '^GNU parallel' || need="$need parallel"
have cc       || need="$need gcc"
have strace   || need="$need strace"
at /usr/bin/ps       || need="$need procps"
have man      || need="$need man-db"      # install.bats: man -l on the pages
have readelf  || need="$need binutils"
have nm       || need="$need binutils"
at /usr/bin/musl-gcc || need="$need musl-tools"
# python3, not python3-minimal: the json module is in the full stdlib
at /usr/bin/python3 && /usr/bin/python3 -c 'import json' 2>/dev/null ||
	need="$need python3"
# a statically linked busybox (busybox-static replaces the dynamic busybox)
static_busybox() {
	for f in /bin/busybox /usr/bin/busybox /bin/busybox.static; do
		[ -x "$f" ] && have readelf && ! readelf -l "$f" 2>/dev/null | grep -q INTERP &&
			return 0
	done
	return 1
}
static_busybox || need="$need busybox-static"

# the zone files the time-zone tests read (tzdata is not in a Debian 13
# minbase root), with the POSIX-style names (EST5EDT) that Debian 13 moved
# to tzdata-legacy: installed after the rest (tzdata-legacy is no
# package in Debian 12, whose tzdata holds them)
zones() { [ -e /usr/share/zoneinfo/Europe/Paris ] && [ -e /usr/share/zoneinfo/EST5EDT ]; }
[ -e /usr/share/zoneinfo/Europe/Paris ] || need="$need tzdata"

# a UTF-8 locale other than C.UTF-8 (GNU quoting differs between the two)
utf8() { locale -a 2>/dev/null | grep -qi '^en_US\.utf-\?8$'; }
utf8 || need="$need locales"

[ -z "$need" ] && zones && exit 0
if [ -z "$need" ]; then
	need="tzdata-legacy "
else
	need=$(printf '%s\n' $need | sort -u | tr '\n' ' ')
fi
if [ "$(id -u)" = 0 ] && have apt-get; then
	echo "installing test tools: $need"
	export DEBIAN_FRONTEND=noninteractive
	if apt-get update -qq >/dev/null && apt-get install -y -qq $need >/dev/null &&
	    { zones || apt-get install -y -qq tzdata-legacy >/dev/null; }; then
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
