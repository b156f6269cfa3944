// SPDX-License-Identifier: GPL-2.0
/*
 * replacement-init.c - /init of run-replacement.sh's boots, on any
 * architecture it knows the system calls of (there is no static busybox
 * for arm64 on the host): freestanding, no libc.  It mounts /proc, copies
 * /proc/meminfo and /proc/slabinfo to the console after marker lines, and
 * restarts the machine, which ends QEMU (-no-reboot).
 *
 * Build: $(CROSS)gcc -static -nostdlib -ffreestanding -fno-stack-protector -O2
 */
#define AT_FDCWD		-100
#define O_RDONLY		0
#define LINUX_REBOOT_MAGIC1	0xfee1dead
#define LINUX_REBOOT_MAGIC2	672274793
#define LINUX_REBOOT_CMD_RESTART	0x01234567

#if defined(__aarch64__)
#define NR_read 63
#define NR_write 64
#define NR_openat 56
#define NR_close 57
#define NR_mount 40
#define NR_reboot 142
#define NR_mkdirat 34
static long syscall6(long nr, long a, long b, long c, long d, long e)
{
	register long x8 __asm__("x8") = nr;
	register long x0 __asm__("x0") = a;
	register long x1 __asm__("x1") = b;
	register long x2 __asm__("x2") = c;
	register long x3 __asm__("x3") = d;
	register long x4 __asm__("x4") = e;

	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4) : "memory");
	return x0;
}
#elif defined(__x86_64__)
#define NR_read 0
#define NR_write 1
#define NR_openat 257
#define NR_close 3
#define NR_mount 165
#define NR_reboot 169
#define NR_mkdirat 258
static long syscall6(long nr, long a, long b, long c, long d, long e)
{
	register long r10 __asm__("r10") = d;
	register long r8 __asm__("r8") = e;
	long ret;

	__asm__ volatile("syscall" : "=a"(ret) : "a"(nr), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8)
			 : "rcx", "r11", "memory");
	return ret;
}
#else
#error "replacement-init.c: add this architecture's system call numbers"
#endif

static unsigned long length(const char *s)
{
	unsigned long n = 0;

	while (s[n])
		n++;
	return n;
}

/* The console: the kernel's fd 1 for init, or /dev/console opened here. */
static long out = 1;

static void say(const char *s)
{
	syscall6(NR_write, out, (long)s, length(s), 0, 0);
}

/* Copy a file to the console; a line of its own if it cannot be read. */
static void show(const char *path)
{
	static char buf[4096];
	long fd = syscall6(NR_openat, AT_FDCWD, (long)path, O_RDONLY, 0, 0);
	long n;

	if (fd < 0) {
		say("libslab-replacement: cannot open ");
		say(path);
		say("\n");
		return;
	}
	while ((n = syscall6(NR_read, fd, (long)buf, sizeof(buf), 0, 0)) > 0)
		syscall6(NR_write, out, (long)buf, n, 0, 0);
	syscall6(NR_close, fd, 0, 0, 0, 0);
}

void _start(void)
{
	long console = syscall6(NR_openat, AT_FDCWD, (long)"/dev/console", 2, 0, 0);

	if (console >= 0)
		out = console;
	syscall6(NR_mkdirat, AT_FDCWD, (long)"/proc", 0555, 0, 0);
	syscall6(NR_mount, (long)"proc", (long)"/proc", (long)"proc", 0, 0);
	say("libslab-replacement: up\n");
	say("libslab-replacement: meminfo\n");
	show("/proc/meminfo");
	say("libslab-replacement: slabinfo\n");
	show("/proc/slabinfo");
	say("libslab-replacement: done\n");
	syscall6(NR_reboot, LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2,
		 LINUX_REBOOT_CMD_RESTART, 0, 0);
	for (;;)
		;
}
