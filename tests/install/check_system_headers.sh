#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# A program includes every installed libslab header together with the
# common system headers, libslab's first and then the system's, and the
# other way round, and uses in its own code what the two could disagree
# on: GCC attributes spelled plainly (noinline is also a kernel macro),
# C11 static_assert, roundup() and PAGE_MASK (<sys/param.h>,
# <sys/user.h>), HZ, struct sysinfo (<sys/sysinfo.h> includes
# <linux/kernel.h>) and <linux/in.h> (its __DECLARE_FLEX_ARRAY comes
# from <linux/stddef.h>).  gcc and clang,
# -std=c11 and -std=gnu17, -Wall -Wextra -Werror.  A combination the
# system headers alone do not compile in is skipped and said so.
#
# Usage: check_system_headers.sh <build directory> [compiler that built it, unused]
. "$(dirname "$0")/install_tree.sh"

# <netinet/in.h> before <linux/in.h>: the other order does not compile
# even without libslab (glibc's libc-compat.h handshake).
system_headers="stdio.h stdlib.h string.h strings.h stdarg.h stddef.h
	stdint.h inttypes.h stdbool.h limits.h errno.h assert.h ctype.h time.h
	signal.h setjmp.h math.h pthread.h sched.h unistd.h fcntl.h poll.h
	dirent.h dlfcn.h sys/types.h sys/stat.h sys/time.h sys/mman.h
	sys/param.h sys/user.h sys/wait.h sys/random.h sys/sysinfo.h
	sys/socket.h netinet/in.h arpa/inet.h linux/in.h linux/if_ether.h
	linux/netlink.h linux/futex.h"
# All but <linux/compiler_attributes.h>: its noinline is the kernel's
# attribute macro, which a program that spells GCC's attributes itself
# leaves out (it is there for kernel code, as Kbuild force-includes it).
libslab_headers=$(cd "$INC" && find . -name '*.h' | sed 's|^\./||' |
	grep -vx 'linux/compiler_attributes.h' | sort)

includes() {
	local h
	for h in "$@"; do
		printf '#include <%s>\n' "$h"
	done
}

# The program's own code, after the headers.
user_code() {
	cat <<'CODE'

static_assert(sizeof(int) >= 2, "C11 static_assert, with its message");

__attribute__((noinline)) static unsigned long rounded(unsigned long x)
{
	return roundup(x, 8UL);
}

__attribute__((unused, cold)) static void never_called(void)
{
}

__attribute__((format(printf, 1, 2), nonnull(1)))
static int say(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vfprintf(stderr, fmt, ap);
	va_end(ap);
	return n;
}

struct __attribute__((packed, aligned(4))) wire {
	char tag;
	int value;
};

int main(void)
{
	struct sysinfo si;
	struct sockaddr_in sin = { .sin_family = AF_INET };
	struct wire w = { 'w', 1 };
	unsigned long page_start = 12345UL & PAGE_MASK;

	if (sysinfo(&si))
		return 1;
	if (rounded(3) != 8 || page_start != 12288UL || HZ <= 0)
		return say("%s\n", "wrong value") < 0;
	return sin.sin_port + w.value - 1;
}
CODE
}

failed=0
checked=0
skipped=0
for c in "${COMPILERS[@]}"; do
	for std in c11 gnu17; do
		{ includes $system_headers; user_code; } > system_only.c
		if ! "$c" -std=$std -Wall -Wextra -Werror -fsyntax-only system_only.c 2> system_only.err; then
			echo "skipped: $c -std=$std: the system headers alone do not compile:"
			head -n 3 system_only.err
			skipped=$((skipped + 1))
			continue
		fi
		for order in libslab-first system-first; do
			if [ $order = libslab-first ]; then
				{ includes $libslab_headers; includes $system_headers; user_code; } > mixed.c
			else
				{ includes $system_headers; includes $libslab_headers; user_code; } > mixed.c
			fi
			checked=$((checked + 1))
			if ! "$c" -std=$std -Wall -Wextra -Werror -fsyntax-only -I"$INC" mixed.c 2> mixed.err; then
				echo "FAIL: $c -std=$std, $order:"
				head -n 8 mixed.err
				failed=$((failed + 1))
			fi
		done
	done
done
echo "$checked programs with $(echo "$libslab_headers" | wc -l) libslab headers and $(echo $system_headers | wc -w) system headers, $failed failed, $skipped combinations skipped"
[ $checked -gt 0 ] || exit 77
[ $failed -eq 0 ]
