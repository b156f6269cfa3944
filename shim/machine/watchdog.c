// SPDX-License-Identifier: GPL-2.0
/*
 * The soft-lockup watchdog of the simulated machine (kernel/watchdog.c's
 * softlockup detector).  A kernel CPU that runs kernel code for more than
 * 2 * watchdog_thresh seconds without scheduling is reported as
 *
 *   watchdog: BUG: soft lockup - CPU#<cpu> stuck for <s>s! [<comm>:<pid>]
 *
 * with its stack, again every further threshold while it stays stuck,
 * and the kernel is tainted L.  Here a task stuck in libslab (a freelist
 * cycle left by a double free walked forever, say) is reported the same
 * way instead of hanging silently.
 *
 * How: no thread is started (a single-threaded process must stay so:
 * libslab-fast commits by restartable sequence while
 * __libc_single_threaded).  Each task that uses the machine gets, at its
 * first use, a POSIX timer on its own CPU-time clock that sends it
 * WATCHDOG_SIGNAL (SIGRTMAX - 2, signal 62 with glibc) every
 * threshold / WATCHDOG_SAMPLES of CPU time it uses.  The handler looks at
 * the interrupted PC: inside libslab's text it extends the task's streak,
 * anywhere else it ends it; a streak of a whole threshold is a soft
 * lockup.  libslab's text is the executable segment of the shared object
 * it is in, or, linked statically into a program, the span from
 * text_begin.c's function to text_end.c's (the static library is
 * prelinked into one object).
 *
 * What the model sees and cannot see:
 * - time is the task's CPU time, not wall time: a task preempted by the
 *   host for a while is not "stuck" (the kernel, too, does not count a
 *   vCPU the host stopped), and a sleeping task never is;
 * - a false report needs every one of WATCHDOG_SAMPLES samples in a row
 *   to land in libslab.  A program's loop that does nothing but call the
 *   allocator still spends some share q of its time in its own code and
 *   libc; the chance is (1 - q)^WATCHDOG_SAMPLES per threshold, about
 *   3e-5 at q = 5 % and vanishing above;
 * - a task stuck in the program's own code, in libc or in the kernel
 *   under a libslab call (a futex wait, a page fault storm) is not
 *   reported, and neither is a task spinning in libslab with
 *   WATCHDOG_SIGNAL blocked, or a task whose code replaced the handler;
 * - cold code the compiler moved out of line (.text.unlikely) lies outside
 *   a static link's span; a loop is not cold.
 *
 * The handler prints with printk(), which is not async-signal-safe in
 * general; it only prints when the interrupted code is libslab's and has
 * been for a whole threshold, so the task is spinning, not inside printk.
 * It keeps errno.  A forked child arms a timer afresh (timers are not
 * inherited); a task's timer is deleted when its thread exits.
 *
 * Parameters (LIBSLAB_CMDLINE, the kernel's boot parameters):
 * watchdog_thresh= (seconds, default 10, 0 turns the watchdog off; the
 * report comes after twice that), nowatchdog and nosoftlockup.
 */
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/kernel.h>
#include <linux/panic.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include "sim.h"

/* Samples per threshold (2 * watchdog_thresh seconds of CPU time). */
#define WATCHDOG_SAMPLES	200
#define WATCHDOG_SIGNAL		(SIGRTMAX - 2)

#if defined(__x86_64__)
#define UCONTEXT_PC(uc)	((unsigned long)(uc)->uc_mcontext.gregs[REG_RIP])
#elif defined(__aarch64__)
#define UCONTEXT_PC(uc)	((unsigned long)(uc)->uc_mcontext.pc)
#elif defined(__i386__)
#define UCONTEXT_PC(uc)	((unsigned long)(uc)->uc_mcontext.gregs[REG_EIP])
#endif

/* One task's watchdog: its timer and its streak in libslab. */
struct watchdog_task {
	bool armed;
	timer_t timer;
	unsigned long streak;		/* samples in a row inside libslab */
	unsigned long next_report;	/* streak length of the next report */
};

static __thread struct watchdog_task wd_task
	__attribute__((tls_model("initial-exec")));

static pthread_once_t wd_once = PTHREAD_ONCE_INIT;
static bool wd_enabled;
static unsigned int wd_thresh_secs;	/* 2 * watchdog_thresh */
static long wd_period_ns;		/* CPU time between samples */
static unsigned long text_lo, text_hi;
static pthread_key_t wd_key;

/* The executable segment of the object at addr (dl_iterate_phdr()). */
struct text_search {
	unsigned long addr, lo, hi;
};

static int find_text(struct dl_phdr_info *info, size_t size, void *data)
{
	struct text_search *ts = data;
	int i;

	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		unsigned long start = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		if (ts->addr >= start && ts->addr < start + ph->p_memsz) {
			ts->lo = start;
			ts->hi = start + ph->p_memsz;
			/* The first object listed is the program itself. */
			return info->dlpi_name && info->dlpi_name[0] ? 1 : 2;
		}
	}
	return 0;
}

/* libslab's text, found once; false if it cannot be told apart. */
static bool find_libslab_text(void)
{
	struct text_search ts = { .addr = (unsigned long)sim_text_end };
	unsigned long begin = (unsigned long)sim_text_begin;
	unsigned long end = (unsigned long)sim_text_end;

	switch (dl_iterate_phdr(find_text, &ts)) {
	case 1:		/* a shared object: all of its text is libslab's */
		text_lo = ts.lo;
		text_hi = ts.hi;
		return true;
	case 2:		/* the program: the prelinked span */
		if (begin >= end || begin < ts.lo || end >= ts.hi)
			return false;
		text_lo = begin;
		text_hi = end + 1;
		return true;
	default:
		return false;
	}
}

static void watchdog_report(unsigned long pc)
{
	struct task_struct *me = current;
	unsigned long secs = wd_task.streak * (unsigned long)wd_period_ns /
			     1000000000UL;

	/* kernel/watchdog.c's watchdog_timer_fn() words, with pr_fmt. */
	pr_emerg("watchdog: BUG: soft lockup - CPU#%d stuck for %lus! [%s:%d]\n",
		 sim_task_last_cpu(), secs, me->comm, me->pid);
	sim_dump_stack_from((const void *)pc);
	add_taint(TAINT_SOFTLOCKUP, LOCKDEP_STILL_OK);
}

static void watchdog_signal(int sig, siginfo_t *info, void *ucontext)
{
	int saved_errno = errno;
	unsigned long pc, samples;

	if (info->si_code != SI_TIMER || !wd_task.armed ||
	    info->si_value.sival_ptr != &wd_task)
		goto out;
#ifdef UCONTEXT_PC
	pc = UCONTEXT_PC((ucontext_t *)ucontext);
#else
	pc = 0;
#endif
	/* Expirations the signal stood for while pending count as this one. */
	samples = 1 + (unsigned long)max(info->si_overrun, 0);
	if (pc < text_lo || pc >= text_hi) {
		wd_task.streak = 0;
		wd_task.next_report = WATCHDOG_SAMPLES;
		goto out;
	}
	wd_task.streak += samples;
	if (wd_task.streak > wd_task.next_report) {
		wd_task.next_report = wd_task.streak + WATCHDOG_SAMPLES;
		watchdog_report(pc);
	}
out:
	errno = saved_errno;
}

/* A thread that armed its timer exits: delete it. */
static void watchdog_thread_exit(void *arg)
{
	sim_watchdog_task_stop();
}

static void watchdog_child(void)
{
	/* The child's only thread had no timer of its own yet. */
	wd_task.armed = false;
	sim_watchdog_task_start();
}

static void watchdog_setup(void)
{
	const struct sim_config *c = sim_config();
	struct sigaction sa, old;
	void *warm[2];

#ifndef UCONTEXT_PC
	return;
#endif
	if (c->nowatchdog || c->nosoftlockup || !c->watchdog_thresh)
		return;
	wd_thresh_secs = 2 * (unsigned int)c->watchdog_thresh;
	wd_period_ns = (long)(wd_thresh_secs * 1000000000ULL / WATCHDOG_SAMPLES);
	if (!find_libslab_text()) {
		pr_warn("libslab: watchdog: cannot find libslab's text; soft lockups are not reported\n");
		return;
	}
	if (sigaction(WATCHDOG_SIGNAL, NULL, &old) ||
	    (!(old.sa_flags & SA_SIGINFO) && old.sa_handler != SIG_DFL)) {
		pr_warn("libslab: watchdog: signal %d has a handler; soft lockups are not reported\n",
			WATCHDOG_SIGNAL);
		return;
	}
	if (pthread_key_create(&wd_key, watchdog_thread_exit))
		return;
	/* backtrace() loads the unwinder at its first call: not in the handler. */
	backtrace(warm, ARRAY_SIZE(warm));
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = watchdog_signal;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	if (sigaction(WATCHDOG_SIGNAL, &sa, NULL))
		return;
	pthread_atfork(NULL, NULL, watchdog_child);
	wd_enabled = true;
}

void sim_watchdog_task_start(void)
{
	struct sigevent sev;
	struct itimerspec its;

	pthread_once(&wd_once, watchdog_setup);
	if (!wd_enabled || wd_task.armed)
		return;
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = WATCHDOG_SIGNAL;
	sev.sigev_value.sival_ptr = &wd_task;
#ifdef sigev_notify_thread_id
	sev.sigev_notify_thread_id = (pid_t)syscall(SYS_gettid);
#else
	sev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
#endif
	if (timer_create(CLOCK_THREAD_CPUTIME_ID, &sev, &wd_task.timer))
		return;
	wd_task.streak = 0;
	wd_task.next_report = WATCHDOG_SAMPLES;
	its.it_interval.tv_sec = wd_period_ns / 1000000000L;
	its.it_interval.tv_nsec = wd_period_ns % 1000000000L;
	its.it_value = its.it_interval;
	/* Armed before the timer runs: its first signal finds it so. */
	wd_task.armed = true;
	if (timer_settime(wd_task.timer, 0, &its, NULL)) {
		wd_task.armed = false;
		timer_delete(wd_task.timer);
		return;
	}
	pthread_setspecific(wd_key, &wd_task);
}

void sim_watchdog_task_stop(void)
{
	if (!wd_task.armed)
		return;
	wd_task.armed = false;
	timer_delete(wd_task.timer);
}
