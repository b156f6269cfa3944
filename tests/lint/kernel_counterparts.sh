#!/usr/bin/env bash
# A reader who knows Linux 6.12's mm/slub.c and mm/slab_common.c finds the
# counterpart of a kernel function in src/ in one hop: it has the kernel's
# name, or the comment above it names the kernel's function
# (docs/design.md, "Kernel correspondence").  The list holds the kernel
# functions that have a counterpart, one name a line ('#' starts a
# comment); a name that no line of src/ holds as a word, outside the
# files' opening comments (which only say which file to open), fails.
#
# Usage: kernel_counterparts.sh <list> <src directory>
set -euo pipefail

list=$1
src=$2
body=$(mktemp)
trap 'rm -f "$body"' EXIT

# Each file from its first line that is neither comment nor blank.
find "$src" -name '*.[ch]' -print0 | sort -z |
	xargs -0 awk 'FNR == 1 { head = 1 }
		head && !/^(\/\/|\/\*| \*|$)/ { head = 0 }
		!head' > "$body"

missing=0
total=0
while read -r name _; do
	case $name in '' | '#'*) continue ;; esac
	total=$((total + 1))
	if ! grep -qw -- "$name" "$body"; then
		echo "$name: no counterpart in $src names it"
		missing=$((missing + 1))
	fi
done < "$list"
[ "$total" -gt 0 ] || { echo "no names in $list"; exit 1; }
if [ "$missing" -gt 0 ]; then
	echo "$missing of $total kernel functions not found by name;" \
		"name each in the comment above its counterpart"
	exit 1
fi
echo "$total kernel functions, each found by name in $src"
