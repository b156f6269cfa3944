#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Every installed header compiles on its own, in C11 and C17, with gcc and
# clang, -Wall -Wextra -Werror, and every one whose name is also a UAPI
# header of the system (/usr/include/linux/<name>.h) brings that header
# along, as the kernel's own headers include their uapi/ halves: the C
# library includes <linux/kernel.h> and friends for their UAPI contents.
#
# Usage: check_headers_alone.sh <build directory> [compiler that built it, unused]
. "$(dirname "$0")/install_tree.sh"

failed=0
checked=0
headers=$(cd "$INC" && find . -name '*.h' | sed 's|^\./||' | sort)
for h in $headers; do
	printf '#include <%s>\n' "$h" > alone.c
	for c in "${COMPILERS[@]}"; do
		for std in c11 c17; do
			checked=$((checked + 1))
			if ! "$c" -std=$std -Wall -Wextra -Werror -fsyntax-only \
			     -I"$INC" alone.c 2> alone.err; then
				echo "FAIL: <$h> alone, $c -std=$std:"
				head -n 5 alone.err
				failed=$((failed + 1))
			fi
		done
	done
done
echo "$checked compilations of $(echo "$headers" | wc -l) headers alone, $failed failed"

# The system's UAPI headers, as the compiler finds them without libslab.
uapi_failed=0
uapi_checked=0
c=${COMPILERS[0]}
for h in $headers; do
	case $h in linux/*) ;; *) continue ;; esac
	printf '#include <%s>\n' "$h" > uapi.c
	sys=$("$c" -E -H uapi.c -o /dev/null 2>&1 | sed -n '1s/^\. //p' || true)
	[ -n "$sys" ] || continue
	uapi_checked=$((uapi_checked + 1))
	if ! "$c" -E -H -I"$INC" uapi.c -o /dev/null 2>&1 | grep -E "^\.+ $sys\$" > /dev/null; then
		echo "FAIL: libslab's <$h> hides the system's $sys (#include_next it)"
		uapi_failed=$((uapi_failed + 1))
	fi
done
echo "$uapi_checked headers share a name with a system header, $uapi_failed hide it"
[ $failed -eq 0 ] && [ $uapi_failed -eq 0 ]
