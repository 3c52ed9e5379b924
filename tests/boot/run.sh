#!/bin/sh
# run.sh QB OUT: make check-boot. Packs the static binary QB (its links),
# busybox-static's sh (and its mount, sleep, cat, poweroff) and
# tests/boot/init into an initramfs in OUT, boots Debian 12's kernel with
# it under qemu-system-x86_64 (TCG; KVM only when BOOT_ACCEL says so) and
# checks the console: the step lines must be tests/boot/expected's and
# the verdict must say 0 failed.
#   BOOT_KERNEL=FILE   the kernel (default: /boot's newest Debian
#                      vmlinuz-*-amd64, else linux-image-amd64's package
#                      downloaded with apt-get and unpacked into OUT, not
#                      installed)
#   BOOT_BUSYBOX=FILE  a static busybox (default /bin/busybox of
#                      busybox-static)
#   BOOT_TIMEOUT=S     give up after S seconds (150)
# Installs qemu-system-x86, busybox-static and cpio with apt-get when run
# as root on Debian and they are missing, as make test does its tools.
set -eu
qb=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
: "${BOOT_TIMEOUT:=150}" "${BOOT_ACCEL:=tcg}"

have() { command -v "$1" >/dev/null 2>&1; }
need=
have qemu-system-x86_64 || need="$need qemu-system-x86"
have cpio || need="$need cpio"
[ -n "${BOOT_BUSYBOX-}" ] || dpkg-query -W -f='${Status}' busybox-static 2>/dev/null |
    grep -q 'ok installed' || need="$need busybox-static"
if [ -n "$need" ]; then
	if [ "$(id -u)" = 0 ] && have apt-get; then
		echo "check-boot: installing$need"
		export DEBIAN_FRONTEND=noninteractive
		apt-get update -qq >/dev/null && apt-get install -y -qq $need >/dev/null
	else
		echo "make check-boot needs:$need (apt-get install$need)" >&2
		exit 1
	fi
fi
bb=${BOOT_BUSYBOX:-/bin/busybox}

rm -rf "$out/root"
mkdir -p "$out"
kernel=${BOOT_KERNEL-}
if [ -z "$kernel" ]; then
	kernel=$(ls /boot/vmlinuz-*-amd64 2>/dev/null | sort -V | tail -n 1)
	[ -r "$kernel" ] || kernel=
fi
if [ -z "$kernel" ]; then
	kernel=$(ls "$out"/kernel/boot/vmlinuz-* 2>/dev/null | sort -V | tail -n 1)
fi
if [ -z "$kernel" ]; then
	# the image package linux-image-amd64 points to, unpacked, not installed
	pkg=$(apt-cache depends linux-image-amd64 2>/dev/null |
	    sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*\)$/\1/p' | head -n 1)
	[ -n "$pkg" ] || { echo "check-boot: no kernel (BOOT_KERNEL=, or apt's linux-image-amd64)" >&2; exit 1; }
	echo "check-boot: downloading $pkg"
	(cd "$out" && rm -f linux-image-*.deb && apt-get download -qq "$pkg" >/dev/null)
	dpkg-deb -x "$out"/linux-image-*.deb "$out/kernel"
	rm -f "$out"/linux-image-*.deb
	kernel=$(ls "$out"/kernel/boot/vmlinuz-* | sort -V | tail -n 1)
fi

r=$out/root
mkdir -p "$r/bin" "$r/dev" "$r/proc" "$r/tmp"
cp "$qb" "$r/bin/quickbox"
for n in $("$qb" --list); do ln -s quickbox "$r/bin/$n"; done
cp "$bb" "$r/bin/busybox"
for n in sh mount sleep cat poweroff; do ln -s busybox "$r/bin/$n"; done
cp "$here/init" "$r/init"
chmod 755 "$r/init"
# the kernel opens /dev/console for init before anything is mounted
mknod "$r/dev/console" c 5 1
(cd "$r" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) > "$out/initramfs.cpio"
rm -rf "$r"

echo "check-boot: booting $kernel (qemu-system-x86_64, $BOOT_ACCEL)"
start=$(date +%s)
rc=0
timeout "$BOOT_TIMEOUT" qemu-system-x86_64 -nographic -no-reboot -accel "$BOOT_ACCEL" \
    -m 256M -kernel "$kernel" -initrd "$out/initramfs.cpio" \
    -append "console=ttyS0 panic=-1 quiet loglevel=3" \
    < /dev/null > "$out/console.raw" 2>&1 || rc=$?
tr -d '\r' < "$out/console.raw" > "$out/console.log"
rm -f "$out/console.raw" "$out/initramfs.cpio"
secs=$(($(date +%s) - start))
grep -o 'quickbox-boot: kernel.*' "$out/console.log" || true
grep '^\(not \)\{0,1\}ok \|^#  ' "$out/console.log" > "$out/steps" || true
if [ $rc = 124 ]; then
	echo "check-boot: FAILED: no power-off within $BOOT_TIMEOUT s (console: $out/console.log)" >&2
	exit 1
fi
if ! diff -u "$here/expected" "$out/steps" >&2; then
	echo "check-boot: FAILED: the steps differ from tests/boot/expected (console: $out/console.log)" >&2
	exit 1
fi
verdict=$(grep '^quickbox-boot: [0-9]* passed' "$out/console.log" || true)
case $verdict in
*" 0 failed") echo "check-boot: $verdict (${secs} s)" ;;
*) echo "check-boot: FAILED: ${verdict:-no verdict} (console: $out/console.log)" >&2; exit 1 ;;
esac
