#!/bin/sh
# arch.sh ARCH...: make check-arch. For each ARCH (i686 armhf aarch64
# s390x): the static cross build (make cross), the unit test programs
# cross-built beside it in build-ARCH/tests (the fixtures and the fuzz
# replays stay native: they only serve the tests), then the bats suite
# (ARCH_TESTS= names files, default all) against build-ARCH/quickbox.
# A binary the kernel cannot run is handed to qemu-user through
# binfmt_misc: the filesystem is mounted and Debian's qemu-user-binfmt
# entry registered when missing (root), so links and children run as on
# the real machine. QB_EMU=qemu-NAME tells the tests they run emulated
# (helpers.bash: emu_skip). The files run through tests/bats-count.sh as
# in make test (two at a time, the timed ones alone after); the TAP goes
# to build-ARCH/tap.log. Prints "ARCH: P passed, F failed, S skipped
# (T s)" per arch; fails when any failed.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
tests=${ARCH_TESTS:-}
files=
if [ -n "$tests" ]; then
	for t in $tests; do files="$files tests/$t.bats"; done
else
	files=tests
fi
bad=0 summary=

qemu_name() {
	case $1 in
	i686) echo i386 ;;     # native where the kernel has IA32 emulation
	armhf) echo arm ;;
	*) echo "$1" ;;
	esac
}

# register qemu-NAME with binfmt_misc unless the kernel already runs it
binfmt() {
	bf=/proc/sys/fs/binfmt_misc
	[ -e "$bf/qemu-$1" ] && return 0
	[ -e "$bf/register" ] || mount -t binfmt_misc binfmt_misc "$bf" 2>/dev/null
	[ -e "$bf/qemu-$1" ] && return 0
	conf=/usr/lib/binfmt.d/qemu-$1.conf
	if [ ! -w "$bf/register" ]; then
		echo "check-arch: cannot register qemu-$1 with binfmt_misc (root)" >&2
		return 1
	fi
	if [ -r "$conf" ]; then
		grep -v '^#' "$conf" > "$bf/register"
		return
	fi
	# Debian has no i386 entry on amd64 (the kernel runs i386 there,
	# unless built or booted without IA32 emulation): the same kind of
	# entry, through a link whose -binfmt-P name tells qemu to take the
	# kernel's arguments with argv[0] kept; F: opened now, so the link
	# may go
	[ "$1" = i386 ] && command -v qemu-i386 >/dev/null || return 1
	mkdir -p build/qemu-binfmt
	ln -sf "$(command -v qemu-i386)" build/qemu-binfmt/i386-binfmt-P
	printf '%s' ':qemu-i386:M::\x7f\x45\x4c\x46\x01\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x03\x00:\xff\xff\xff\xff\xff\xfe\xfe\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff:'"$top"'/build/qemu-binfmt/i386-binfmt-P:OPF' > "$bf/register"
}

# the cross compilers, their C libraries and qemu-user, as make test
# installs its tools: with apt-get as root, else named
need=
for a in "$@"; do
	case $a in
	i686) t=i686-linux-gnu d=i386 ;;
	armhf) t=arm-linux-gnueabihf d=armhf ;;
	aarch64) t=aarch64-linux-gnu d=arm64 ;;
	s390x) t=s390x-linux-gnu d=s390x ;;
	*) continue ;;
	esac
	command -v $t-gcc >/dev/null 2>&1 || need="$need gcc-$t libc6-dev-$d-cross"
	command -v qemu-$(qemu_name $a) >/dev/null 2>&1 ||
	    need="$need qemu-user qemu-user-binfmt"
done
if [ -n "$need" ]; then
	need=$(printf '%s\n' $need | sort -u | tr '\n' ' ')
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "check-arch: installing $need"
		export DEBIAN_FRONTEND=noninteractive
		apt-get update -qq >/dev/null && apt-get install -y -qq $need >/dev/null || exit 1
	else
		echo "make check-arch needs: $need(apt-get install $need)" >&2
		exit 1
	fi
fi

for a in "$@"; do
	start=$(date +%s)
	d=build-$a
	echo "== check-arch $a"
	make --no-print-directory -s cross ARCH="$a" WERROR=1 || { bad=1; summary="$summary
$a: build failed"; continue; }
	cc=$(make --no-print-directory -s -f Makefile ARCH="$a" cross-cc)
	rm -rf "$d/tests"
	mkdir -p "$d/tests"
	cp -p build/tests/* "$d/tests/"
	for u in tests/unit_*.c; do
		n=${u#tests/}
		n=${n%.c}
		# linked with the core library make cross built, as the
		# native unit programs are: the core is compiled once per arch
		$cc -std=c11 -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -Wall -Wextra -Werror -O2 -static \
		    -I"$d" -Icore \
		    -o "$d/tests/$n" "$u" "$d/libcore.a" -lm || bad=1
	done
	q=$(qemu_name "$a")
	emu=
	# once qemu is registered for the arch, it runs the binary (and
	# --version succeeds): emulated
	if grep -qsx enabled "/proc/sys/fs/binfmt_misc/qemu-$q"; then
		emu=qemu-$q
	elif ! "$d/quickbox" --version >/dev/null 2>&1; then
		[ -n "$q" ] && binfmt "$q" || { bad=1; summary="$summary
$a: cannot run $d/quickbox"; continue; }
		emu=qemu-$q
	fi
	# through bats-count.sh, as make test: the files two at a time
	# (QB_JOBS; the timed ones alone after), and a file that stopped
	# midway counts its missing tests as failed
	r=0
	QB_EMU=$emu QB=$top/$d/quickbox TESTBIN=$top/$d/tests \
	    sh tests/bats-count.sh --tap --timing $files > "$d/tap.log" 2>&1 || r=$?
	count=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$d/tap.log" | tail -n 1)
	p=0 f=1 s=0
	if [ -n "$count" ]; then
		p=${count%% passed*}
		f=${count#*passed, }
		f=${f%% failed*}
		s=${count#*failed, }
		s=${s%% skipped}
	fi
	# bats itself failed (no count, or a count that missed it)
	if [ "$r" != 0 ] && [ "$f" = 0 ]; then
		f=1
		echo "check-arch $a: the suite exited $r" >&2
	fi
	line="$a${emu:+ ($emu)}: $p passed, $f failed, $s skipped ($(($(date +%s) - start)) s)"
	echo "$line"
	[ "$s" = 0 ] || grep '^ok .*# skip' "$d/tap.log" | sed 's/^ok [0-9]* /  skip: /'
	if [ "$f" != 0 ]; then
		bad=1
		grep -A30 '^not ok ' "$d/tap.log" | head -n 120
	fi
	summary="$summary
$line"
done
echo "== check-arch:$summary"
exit $bad
