#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# slabinfo-tool-init.sh - sourced by replacement-init.sh after the
# workload, on libslab and on stock SLUB alike: what the kernel shows in
# /sys/kernel/slab and /sys/kernel/debug/slab, and the kernel's own
# tools/mm/slabinfo (built from the tarball by run-replacement.sh, copied
# in as /usr/bin/slabinfo) run on it.  Every line goes to the console with
# a prefix that compare-slabinfo-tool.py reads:
#
#   libslab-sysfs: link <name> <target>    each symlink of /sys/kernel/slab
#   libslab-sysfs: unresolved <name>       each of those that leads nowhere
#   libslab-sysfs: dir <name> <md5>        each directory, the md5 of its
#                                          files' "<mode>:<name>" list
#   libslab-sysfs: files <md5> <list>      each distinct list, once
#   libslab-sysfs: debugfs <cache> <list>  each /sys/kernel/debug/slab/<cache>
#   libslab-traces: <cache> <file>: <line> the trace files of each of those
#   libslab-validate: <dir> accepted       each directory whose validate
#                                          file takes "1" (a debug cache)
#   libslab-tool <options>: <line>         slabinfo's output, then
#                                          "exit <status>"
#
# slabinfo stops at a link that leads nowhere ("Unresolved alias"), which
# 6.12 leaves when it destroys a cache (sysfs_slab_unlink() removes the
# directory, not the links to it): with such links, each run names the
# others in its slab-regexp, as "^\(<name>\|...\)$" (caches named by
# their id, ":...", are read whatever the pattern).
#
# And, read back to back for compare-slabinfo-tool.py's exact comparison,
# /proc/slabinfo after "libslab-replacement: slabinfo before the tool",
# "slabinfo -S -z" (libslab-tool -S -z), /proc/slabinfo again after
# "libslab-replacement: slabinfo between the tool's runs", slabinfo a
# second time with the options the other way round (libslab-tool -z -S,
# so that the runs' lines are told apart), and /proc/slabinfo after
# "libslab-replacement: slabinfo after the tool".  A cache that moves
# during one run and back reads the same in /proc/slabinfo around it but
# seldom the same in both runs.
echo "libslab-replacement: sysfs"
mount -t debugfs debugfs /sys/kernel/debug
seen=""
resolved=""
unresolved=0
for path in /sys/kernel/slab/*; do
	name=${path##*/}
	if [ -L "$path" ]; then
		echo "libslab-sysfs: link $name $(readlink "$path")"
		if [ -e "$path" ]; then
			resolved="$resolved\\|$(echo "$name" | sed 's/[].[*\\^$]/\\&/g')"
		else
			echo "libslab-sysfs: unresolved $name"
			unresolved=1
		fi
		continue
	fi
	resolved="$resolved\\|$(echo "$name" | sed 's/[].[*\\^$]/\\&/g')"
	list=$(cd "$path" && stat -c '%a:%n' -- * | sort | tr '\n' ' ')
	sum=$(echo "$list" | md5sum)
	sum=${sum%% *}
	case " $seen " in
	*" $sum "*) ;;
	*) seen="$seen $sum"; echo "libslab-sysfs: files $sum $list" ;;
	esac
	echo "libslab-sysfs: dir $name $sum"
done
for path in /sys/kernel/debug/slab/*; do
	[ -d "$path" ] || continue
	cache=${path##*/}
	echo "libslab-sysfs: debugfs $cache $(cd "$path" && stat -c '%a:%n' -- * | sort | tr '\n' ' ')"
	for file in alloc_traces free_traces; do
		[ -f "$path/$file" ] && sed "s|^|libslab-traces: $cache $file: |" "$path/$file"
	done
done
for path in /sys/kernel/slab/*; do
	[ -L "$path" ] && continue
	# 6.12's validate_store() refuses a cache without debugging (EINVAL)
	if echo 1 2> /dev/null > "$path/validate"; then
		echo "libslab-validate: ${path##*/} accepted"
	fi
done
pattern=""
[ $unresolved = 1 ] && pattern="^\\(${resolved#??}\\)\$"
slabinfo_tool() {
	{ /usr/bin/slabinfo "$@" ${pattern:+"$pattern"} 2>&1; echo "exit $?"; } |
		sed "s/^/libslab-tool $*: /"
}
slabinfo_tool -a
slabinfo_tool -T
slabinfo_tool -v
echo "libslab-replacement: slabinfo before the tool"
cat /proc/slabinfo
slabinfo_tool -S -z
echo "libslab-replacement: slabinfo between the tool's runs"
cat /proc/slabinfo
slabinfo_tool -z -S
echo "libslab-replacement: slabinfo after the tool"
cat /proc/slabinfo
echo "libslab-replacement: slabinfo tool run"
