/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The deterministic scheduler's coroutines as the checkers must see them
 * (tool_fiber.c; not installed).  Each task runs on a stack of its own and
 * swapcontext() moves between them behind the tools' backs: AddressSanitizer
 * keeps the bounds of one stack per thread (and its fake frames), so it
 * must be told each switch; ThreadSanitizer keeps a clock and a call stack
 * per thread, so each coroutine needs a fiber of its own; valgrind takes a
 * jump of the stack pointer onto an unregistered stack for an overflow.
 * Only tool_fiber.c knows which of them the build has: without one, its
 * part of each call does nothing and its field stays zero.
 */
#ifndef SHIM_MACHINE_TOOL_FIBER_H
#define SHIM_MACHINE_TOOL_FIBER_H

#include <stddef.h>
#include <ucontext.h>

/* A context as the tools know it. */
struct tool_fiber {
	void *stack; /* NULL: the thread's own stack */
	size_t stack_size;
	void *tsan_fiber;	     /* ThreadSanitizer's fiber */
	unsigned int valgrind_stack; /* valgrind's id of the stack */
};

/*
 * The calling thread's own context, the one switched away from first and
 * back to last: ThreadSanitizer needs its fiber to switch back to.
 */
void tool_fiber_thread(struct tool_fiber *f);

/*
 * A new context on stack..stack + size, before anything runs there:
 * valgrind needs the stack's bounds to take a switch onto it for one,
 * ThreadSanitizer a fiber of its own for it.
 */
void tool_fiber_create(struct tool_fiber *f, void *stack, size_t size);

/*
 * The context will not run again and its stack is about to be unmapped:
 * valgrind forgets the bounds, ThreadSanitizer frees the fiber.
 */
void tool_fiber_destroy(struct tool_fiber *f);

/*
 * swapcontext(from, to), to being the context of f: AddressSanitizer needs
 * the new stack's bounds before the switch and the switch finished when
 * this context runs again; ThreadSanitizer needs to switch to f's fiber
 * right before.
 */
void tool_fiber_swap(ucontext_t *from, ucontext_t *to,
		     const struct tool_fiber *f);

/*
 * The first thing a new context runs: AddressSanitizer finishes the switch
 * that started it (which had no frames on this stack to come back to).
 */
void tool_fiber_started(void);

#endif
