// SPDX-License-Identifier: GPL-2.0
/*
 * What the checkers are told about the deterministic scheduler's stack
 * switches (tool_fiber.h): the one file that knows which of them the build
 * has.  The sanitizers are known from gcc's macros (<linux/compiler.h>
 * defines them for a clang that answers only __has_feature()); valgrind's
 * client requests are built in wherever its header is, and do nothing
 * outside valgrind.
 */
#include <linux/compiler.h>
#include "tool_fiber.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#define TOOL_ASAN 1
#else
#define TOOL_ASAN 0
#endif
#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#define TOOL_TSAN 1
#else
#define TOOL_TSAN 0
#endif
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define TOOL_VALGRIND 1
#else
#define TOOL_VALGRIND 0
#endif

void tool_fiber_thread(struct tool_fiber *f)
{
	*f = (struct tool_fiber){0};
#if TOOL_TSAN
	f->tsan_fiber = __tsan_get_current_fiber();
#endif
}

void tool_fiber_create(struct tool_fiber *f, void *stack, size_t size)
{
	*f = (struct tool_fiber){.stack = stack, .stack_size = size};
#if TOOL_TSAN
	f->tsan_fiber = __tsan_create_fiber(0);
#endif
#if TOOL_VALGRIND
	f->valgrind_stack =
		VALGRIND_STACK_REGISTER(stack, (char *)stack + size);
#endif
}

void tool_fiber_destroy(struct tool_fiber *f)
{
#if TOOL_VALGRIND
	VALGRIND_STACK_DEREGISTER(f->valgrind_stack);
#endif
#if TOOL_TSAN
	__tsan_destroy_fiber(f->tsan_fiber);
#endif
	*f = (struct tool_fiber){0};
}

void tool_fiber_swap(ucontext_t *from, ucontext_t *to,
		     const struct tool_fiber *f)
{
#if TOOL_ASAN
	void *fake_stack;

	__sanitizer_start_switch_fiber(&fake_stack, f->stack, f->stack_size);
#endif
#if TOOL_TSAN
	__tsan_switch_to_fiber(f->tsan_fiber, 0);
#endif
	swapcontext(from, to);
#if TOOL_ASAN
	__sanitizer_finish_switch_fiber(fake_stack, NULL, NULL);
#endif
	(void)f;
}

void tool_fiber_started(void)
{
#if TOOL_ASAN
	__sanitizer_finish_switch_fiber(NULL, NULL, NULL);
#endif
}
