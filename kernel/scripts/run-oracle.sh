#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-oracle.sh - the differential oracle's kernel side (tests/oracle/).
#
#   run-oracle.sh [--update] [--user ORACLE_USER] [--hardening]
#
#   1. build (or reuse) the x86_64 kernel run-module.sh boots, which has the
#      kernel's own SLUB and the oracle's KUnit suite built into mm/
#      (kernel/oracle/, libslab_build_host_kernel in common.sh); with
#      --hardening, that kernel with Debian's slab hardening instead
#      (kernel/oracle/oracle-hardening.config, a build of its own), for the
#      runs of build "hardening", which are left out otherwise;
#   2. boot it in QEMU (TCG, two CPUs) once for each run that
#      tests/oracle/variants.txt lists, with that run's boot parameters and
#      only the oracle's suite (kunit.filter_glob); kunit_shutdown=reboot
#      ends QEMU; no_hash_pointers lets the reports print addresses, which
#      the comparison normalises;
#   3. check each boot: the suite passed, the console is clean, and its
#      "slub_oracle:" lines (compare.py --extract: the observations, the
#      reports' key lines, the slab lines of its console) equal
#      tests/oracle/expected/<run>.txt, the kernel's observations that the
#      userspace side (meson test --suite oracle) is compared with.
#      --update writes them there instead, but never from a boot whose
#      suite failed or whose console check failed;
#   4. with --user (default build/default/tests/oracle/oracle_user when it
#      exists), compare libslab's observations with this boot's, minus the
#      differences tests/oracle/allow.txt explains (compare.py).
# Never touches the host kernel: everything runs inside QEMU.
set -uo pipefail

# shellcheck source=kernel/scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

UPDATE=0
HARDENING=0
USER_SIDE=$LIBSLAB_REPO/build/default/tests/oracle/oracle_user
while [ $# -gt 0 ]; do
	case $1 in
	--update) UPDATE=1; shift ;;
	--user) USER_SIDE=$2; shift 2 ;;
	--hardening) HARDENING=1; shift ;;
	-h|--help) sed -n '4,29p' "$0"; exit 0 ;;
	*) fail "unknown argument $1 (try --help)" 2 ;;
	esac
done
ORACLE=$LIBSLAB_REPO/tests/oracle
OUT=$LIBSLAB_BASE/oracle
STAMP=$(date +%Y%m%d-%H%M%S)
LOG=$LIBSLAB_LOGDIR/oracle-build-$STAMP.log
say() { echo "run-oracle: $*"; }
mkdir -p "$OUT"

if [ "${LIBSLAB_SERIES_READY:-0}" != 1 ]; then
	"$LIBSLAB_REPO/kernel/scripts/make-series.sh" --out "$LIBSLAB_REPO/build/kernel-series" ||
		fail "make-series.sh"
fi
t0=$(date +%s)
if [ $HARDENING = 1 ]; then
	ORACLE_BUILD=$LIBSLAB_HARDENING_BUILD
	libslab_build_oracle_kernel "$LOG" "$ORACLE_BUILD" \
		"$LIBSLAB_REPO/kernel/oracle/oracle-hardening.config"
else
	ORACLE_BUILD=$LIBSLAB_HOST_BUILD
	libslab_build_host_kernel "$LOG"
fi || { tail -40 "$LOG"; fail "kernel build (log $LOG)"; }
grep -q '^CONFIG_SLUB_ORACLE_KUNIT=y' "$ORACLE_BUILD/.config" ||
	fail "CONFIG_SLUB_ORACLE_KUNIT is not set in $ORACLE_BUILD/.config"
say "kernel ready ($(( $(date +%s) - t0 )) s)"

# The machine both sides model for a build (variants.txt's machine lines):
# field 2 is libslab's, field 3 QEMU's.
machine() {
	local line suffix=

	[ "$1" = host ] || suffix=-$1
	line=$(grep "^machine$suffix|" "$ORACLE/variants.txt") ||
		fail "tests/oracle/variants.txt has no machine line for $1" 2
	echo "$line" | cut -d'|' -f"$2"
}
# The kernel image of a build: the host kernel (or its hardening build),
# or run-kunit.sh --tiny's.
kernel_image() {
	if [ "$1" = tiny ]; then
		[ -f "$LIBSLAB_BASE/build-x86_64-tiny/arch/x86/boot/bzImage" ] ||
			"$LIBSLAB_REPO/kernel/scripts/run-kunit.sh" --arch x86_64 --tiny --build-only >&2 ||
			fail "the SLUB_TINY kernel (run-kunit.sh --tiny --build-only)"
		echo "$LIBSLAB_BASE/build-x86_64-tiny/arch/x86/boot/bzImage"
	else
		echo "$ORACLE_BUILD/arch/x86/boot/bzImage"
	fi
}

failed=0
while IFS='|' read -r name params part build; do
	case $name in '#'*|''|machine*) continue ;; esac
	# The suite's cases to run: all, or one per part (unique initials).
	case $part in
	all) glob=slub_oracle ;;
	*) initials=$(for p in $part; do
			case $p in geometry|kmalloc|behaviour) printf %s "${p:0:1}" ;;
			*) echo "tests/oracle/variants.txt: run $name: unknown part '$p'" >&2; exit 1 ;;
			esac
		done) || fail "bad tests/oracle/variants.txt" 2
		glob="slub_oracle.slub_oracle_[$initials]*" ;;
	esac
	# The hardening kernel boots only the hardening runs, and only it
	# does; a seeded run's observations lose what the seed decides.
	seeded=()
	case $build in
	host) user_side=$USER_SIDE ;;
	tiny) user_side=${USER_SIDE}_tiny ;;
	hardening) user_side=$USER_SIDE; seeded=(--seeded) ;;
	*) fail "tests/oracle/variants.txt: run $name: unknown build '$build'" 2 ;;
	esac
	if [ $HARDENING = 1 ] && [ "$build" != hardening ]; then
		continue
	elif [ $HARDENING = 0 ] && [ "$build" = hardening ]; then
		say "$name: left out (its kernel is built on demand: run-oracle.sh --hardening)"
		continue
	fi
	user_machine=$(machine "$build" 2)
	read -ra qemu_machine <<< "$(machine "$build" 3)"
	image=$(kernel_image "$build") || exit 1
	console=$LIBSLAB_LOGDIR/oracle-$name-$STAMP.log
	t1=$(date +%s)
	timeout 1200 qemu-system-x86_64 -nographic -no-reboot "${qemu_machine[@]}" \
		-bios qboot.rom -kernel "$image" \
		-append "console=ttyS0 panic=-1 oops=panic reboot=t i8042.noaux log_buf_len=16M no_hash_pointers kunit.filter_glob=$glob kunit_shutdown=reboot $params" \
		< /dev/null > "$console" 2>&1
	qrc=$?
	sed -i 's/\r$//' "$console"
	libslab_note_console "$console"
	python3 "$ORACLE/compare.py" "${seeded[@]}" --extract "$console" > "$OUT/$name.txt"
	say "$name: QEMU exit $qrc after $(( $(date +%s) - t1 )) s, $(wc -l < "$OUT/$name.txt") lines; console $console"
	if ! grep -qE '^(\[ *[0-9.]+\] )? *ok [0-9]+ slub_oracle$' "$console"; then
		grep -E 'not ok|# ' "$console" | tail -10
		say "$name: FAIL: the slub_oracle suite did not pass"
		failed=1
		continue
	fi
	console_clean=1
	if ! libslab_console_clean "$console"; then
		say "$name: FAIL: the console reports problems"
		failed=1
		console_clean=0
	fi
	expected=$ORACLE/expected/$name.txt
	if [ $UPDATE = 1 ] && [ $console_clean = 0 ]; then
		# A boot that reported a problem is no reference for libslab.
		say "$name: --update refused: the console check failed; $expected left as it was"
	elif [ $UPDATE = 1 ]; then
		cp "$OUT/$name.txt" "$expected"
		say "$name: wrote $expected"
	elif ! diff -u "$expected" "$OUT/$name.txt" > "$OUT/$name.diff"; then
		head -40 "$OUT/$name.diff"
		say "$name: FAIL: the kernel's observations differ from $expected (run-oracle.sh --update, then review the diff)"
		failed=1
	fi
	if [ -x "$user_side" ]; then
		if [ "$part" = all ]; then
			user_parts=(geometry kmalloc behaviour)
		else
			read -ra user_parts <<< "$part"
		fi
		LIBSLAB_CMDLINE="$user_machine $params" python3 "$ORACLE/compare.py" "${seeded[@]}" \
			"$OUT/$name.txt" "$ORACLE/allow.txt" -- "$user_side" "${user_parts[@]}" |
			tail -3 | sed "s/^/run-oracle: $name: /"
		[ "${PIPESTATUS[0]}" -eq 0 ] || failed=1
	fi
done < "$ORACLE/variants.txt"

[ $failed = 0 ] || fail "see above"
say "PASS ($(( $(date +%s) - t0 )) s)"
