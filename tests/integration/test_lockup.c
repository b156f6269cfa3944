// SPDX-License-Identifier: GPL-2.0
/*
 * A double free never hangs silently.  Each case runs the suite's own
 * executable again as a child (a fresh machine: LIBSLAB_CMDLINE is read
 * once) and reads what it prints:
 * - with slab_freelist_hardened=on the second free dies on the kernel's
 *   BUG (6.12's set_freepointer() BUG_ON() under
 *   CONFIG_SLAB_FREELIST_HARDENED, reported as lib/bug.c's report_bug()
 *   words it: "kernel BUG at <file>:<line>!");
 * - without it, the freelist cycle is walked forever, and the soft-lockup
 *   watchdog reports it in watchdog_timer_fn()'s words (kernel/watchdog.c:
 *   "BUG: soft lockup - CPU#%d stuck for %us! [%s:%d]" after its
 *   pr_fmt "watchdog: ") within a bounded time; the child is then killed;
 * - a tight loop of kmalloc/kfree for several thresholds of CPU time gets
 *   no report, and neither does the stuck task under nosoftlockup.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>
#include "harness.h"

#define SOFT_LOCKUP	"watchdog: BUG: soft lockup - CPU#"
#define KERNEL_BUG	"kernel BUG at "
/* Wall time a child gets: the host may be shared, or valgrind slow. */
#define CHILD_WALL_SECS	60

static char self[4096];

/* ---- the children ---- */

static void child_double_free(void)
{
	void *p = kmalloc(64, GFP_KERNEL);

	kfree(p);
	kfree(p);
	fprintf(stderr, "freed twice\n");
	/* The flush at shutdown walks the cpu freelist, now a cycle. */
	libslab_exit();
	fprintf(stderr, "shutdown returned\n");
}

static double thread_cpu_secs(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Five seconds of CPU time doing nothing but kmalloc and kfree. */
static void child_tight_loop(void)
{
	static const size_t sizes[] = { 8, 64, 192, 1024 };
	unsigned long i = 0;

	while (thread_cpu_secs() < 5.0) {
		void *p = kmalloc(sizes[i++ & 3], GFP_KERNEL);

		kfree(p);
	}
	fprintf(stderr, "loop done after %lu pairs\n", i);
}

/* ---- the parent ---- */

struct child_run {
	char out[65536];
	size_t len;
	int status;
	double cpu_secs;	/* the child's CPU time when it stopped */
	bool killed;
};

/* CPU time of pid so far, from /proc/<pid>/schedstat. */
static double proc_cpu_secs(pid_t pid)
{
	char path[64];
	unsigned long long ns = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/schedstat", pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (fscanf(f, "%llu", &ns) != 1)
		ns = 0;
	fclose(f);
	return ns / 1e9;
}

/*
 * Run argv with LIBSLAB_CMDLINE=cmdline (and LD_PRELOAD=preload if set),
 * its output into r, until it exits, printed stop_at a second or two
 * ago, or has used stop_cpu seconds of CPU time (then it is killed).
 */
static void run_child(struct child_run *r, char *const argv[],
		      const char *cmdline, const char *preload,
		      const char *stop_at, double stop_cpu)
{
	struct timespec start, now, stop_seen = { 0 };
	int fds[2];
	pid_t pid;

	memset(r, 0, sizeof(*r));
	assert_int_equal(pipe(fds), 0);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(fds[1], 1);
		dup2(fds[1], 2);
		close(fds[0]);
		close(fds[1]);
		setenv("LIBSLAB_CMDLINE", cmdline, 1);
		if (preload)
			setenv("LD_PRELOAD", preload, 1);
		execv(argv[0], argv);
		_exit(127);
	}
	close(fds[1]);
	fcntl(fds[0], F_SETFL, O_NONBLOCK);
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		struct pollfd pfd = { .fd = fds[0], .events = POLLIN };
		ssize_t n;

		poll(&pfd, 1, 100);
		while ((n = read(fds[0], r->out + r->len,
				 sizeof(r->out) - 1 - r->len)) > 0)
			r->len += (size_t)n;
		r->out[r->len] = '\0';
		if (n == 0)
			break;		/* every end of the pipe closed: it exited */
		r->cpu_secs = proc_cpu_secs(pid);
		clock_gettime(CLOCK_MONOTONIC, &now);
		/* stop_at seen: a second more for the rest of its report. */
		if (!stop_seen.tv_sec && stop_at && strstr(r->out, stop_at))
			stop_seen = now;
		if ((stop_seen.tv_sec && now.tv_sec - stop_seen.tv_sec >= 2) ||
		    (stop_cpu > 0 && r->cpu_secs >= stop_cpu) ||
		    now.tv_sec - start.tv_sec >= CHILD_WALL_SECS) {
			kill(pid, SIGKILL);
			r->killed = true;
			break;
		}
	}
	close(fds[0]);
	assert_int_equal(waitpid(pid, &r->status, 0), pid);
}

static void run_self(struct child_run *r, const char *scenario,
		     const char *cmdline, const char *stop_at, double stop_cpu)
{
	char *argv[] = { self, (char *)"--child", (char *)scenario, NULL };

	run_child(r, argv, cmdline, NULL, stop_at, stop_cpu);
}

#define assert_output(r, text)						\
	do {								\
		if (!strstr((r)->out, (text)))				\
			fail_msg("child output lacks \"%s\"; got:\n%s",	\
				 (text), (r)->out);			\
	} while (0)
#define assert_no_output(r, text)					\
	do {								\
		if (strstr((r)->out, (text)))				\
			fail_msg("child output has \"%s\":\n%s",	\
				 (text), (r)->out);			\
	} while (0)

static void test_hardened_double_free_is_a_kernel_bug(void **state)
{
	static struct child_run r;

	run_self(&r, "double_free", "nr_cpus=2 slab_freelist_hardened=on", NULL, 0);
	assert_false(r.killed);
	assert_true(WIFSIGNALED(r.status));
	assert_int_equal(WTERMSIG(r.status), SIGABRT);
	assert_output(&r, "------------[ cut here ]------------\n" KERNEL_BUG);
	assert_output(&r, "Call Trace:");
	assert_no_output(&r, "freed twice");
}

static void test_double_free_spin_is_reported_as_soft_lockup(void **state)
{
	static struct child_run r;

#ifdef __SANITIZE_THREAD__
	/*
	 * ThreadSanitizer holds a signal back until the thread reaches one of
	 * its own safe points, which a spinning loop never does: the
	 * watchdog's samples never arrive (docs/design.md).
	 */
	skip_because("ThreadSanitizer holds the watchdog's signal back from a spinning thread");
#endif
	run_self(&r, "double_free", "nr_cpus=2 watchdog_thresh=1", SOFT_LOCKUP, 0);
	assert_output(&r, "freed twice");
	assert_output(&r, SOFT_LOCKUP);
	/* The kernel's threshold: 2 * watchdog_thresh, here two seconds. */
	assert_output(&r, "stuck for 2s! [");
	assert_output(&r, "Call Trace:");
	assert_output(&r, "deactivate_slab");
	assert_no_output(&r, "shutdown returned");
	assert_true(r.killed);
}

static void test_allocator_loop_is_no_soft_lockup(void **state)
{
	static struct child_run r;

	run_self(&r, "tight_loop", "nr_cpus=2 watchdog_thresh=1", SOFT_LOCKUP, 0);
	assert_output(&r, "loop done");
	assert_no_output(&r, SOFT_LOCKUP);
	assert_true(WIFEXITED(r.status));
	assert_int_equal(WEXITSTATUS(r.status), 0);
}

static void test_nosoftlockup_reports_nothing(void **state)
{
	static struct child_run r;

	/* Three thresholds of CPU time stuck, then killed. */
	run_self(&r, "double_free", "nr_cpus=2 watchdog_thresh=1 nosoftlockup",
		 SOFT_LOCKUP, 6.0);
	assert_output(&r, "freed twice");
	assert_true(r.killed);
	assert_true(r.cpu_secs >= 6.0);
	assert_no_output(&r, SOFT_LOCKUP);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hardened_double_free_is_a_kernel_bug),
		cmocka_unit_test(test_double_free_spin_is_reported_as_soft_lockup),
		cmocka_unit_test(test_allocator_loop_is_no_soft_lockup),
		cmocka_unit_test(test_nosoftlockup_reports_nothing),
	};
	ssize_t n;

	if (argc == 3 && !strcmp(argv[1], "--child")) {
		if (!strcmp(argv[2], "double_free"))
			child_double_free();
		else if (!strcmp(argv[2], "tight_loop"))
			child_tight_loop();
		else
			return 2;
		return 0;
	}
	/* valgrind shows its client's path here, not its own. */
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		return 1;
	self[n] = '\0';
	return cmocka_run_group_tests(tests, NULL, NULL);
}
