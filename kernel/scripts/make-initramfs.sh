#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make-initramfs.sh OUT.cpio.gz INIT_SCRIPT [SRC:DEST ...]
#
# Write a gzip'd newc initramfs: Debian's static busybox (busybox-static)
# with its applets linked under /bin, INIT_SCRIPT as /init, and each SRC
# file copied to DEST (an absolute path inside the initramfs).  The image
# runs on any kernel of the busybox's architecture with BLK_DEV_INITRD,
# BINFMT_ELF and BINFMT_SCRIPT.  Building it needs root (mknod of
# /dev/console).  LIBSLAB_BUSYBOX names another busybox (default the
# host's /bin/busybox): one for another architecture cannot run here to
# list its applets, so the host's busybox-static of the same version
# lists them.
set -euo pipefail

# shellcheck source=kernel/scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

[ $# -ge 2 ] || fail "usage: make-initramfs.sh OUT.cpio.gz INIT_SCRIPT [SRC:DEST ...]"
OUT=$1
INIT=$2
shift 2
BUSYBOX=${LIBSLAB_BUSYBOX:-/bin/busybox}
[ -x "$BUSYBOX" ] || fail "no static busybox at $BUSYBOX (apt-get install busybox-static)"
# A dynamic busybox (Debian's "busybox") has a program interpreter.
readelf -l "$BUSYBOX" | grep -q 'Requesting program interpreter' &&
	fail "$BUSYBOX is not statically linked (apt-get install busybox-static)"
[ -f "$INIT" ] || fail "no init script $INIT"
busybox_version() { grep -a -o -m1 'BusyBox v[0-9][0-9.]*' "$1" | head -1; }
if ! applets=$("$BUSYBOX" --list 2>/dev/null); then
	[ "$(busybox_version "$BUSYBOX")" = "$(busybox_version /bin/busybox)" ] ||
		fail "$BUSYBOX ($(busybox_version "$BUSYBOX")) does not run here, and /bin/busybox ($(busybox_version /bin/busybox)) is another version: no list of its applets"
	applets=$(/bin/busybox --list)
fi

ROOT=$(mktemp -d)
trap 'rm -rf "$ROOT"' EXIT
mkdir -p "$ROOT"/{bin,sbin,dev,proc,sys,tmp,lib/modules}
cp "$BUSYBOX" "$ROOT/bin/busybox"
for applet in $applets; do
	[ -e "$ROOT/bin/$applet" ] || ln -s busybox "$ROOT/bin/$applet"
done
install -m 0755 "$INIT" "$ROOT/init"
for spec in "$@"; do
	src=${spec%%:*}
	dest=${spec#*:}
	[ -f "$src" ] || fail "no file $src"
	case $dest in /*) ;; *) fail "destination $dest is not absolute" ;; esac
	mkdir -p "$ROOT$(dirname "$dest")"
	cp "$src" "$ROOT$dest"
done
# /dev/console must exist before init mounts devtmpfs: the kernel opens
# it as init's stdin, stdout and stderr.
mknod "$ROOT/dev/console" c 5 1 || fail "mknod /dev/console (needs root)"
(cd "$ROOT" && find . -print0 | LC_ALL=C sort -z |
	cpio --null --create --format=newc --owner=0:0 --quiet) > "$OUT.cpio"
gzip -9 -n -f "$OUT.cpio"
mv "$OUT.cpio.gz" "$OUT"
