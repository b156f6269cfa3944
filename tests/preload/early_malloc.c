// SPDX-License-Identifier: GPL-2.0
/*
 * A library test_malloc_preload depends on: the dynamic linker runs its
 * constructor before libslab-malloc.so's, and its fork prepare handler,
 * registered before libslab-malloc.so's, runs after that one (prepare
 * handlers run in the reverse order of registration).  So its calls land
 * in two of the preload's fallback reasons, before-init and fork, which a
 * program's own code cannot reach.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

/* Made by the constructor, before libslab-malloc.so's: glibc's block. */
void *early_block;
/* Set by the test that wants the prepare handler to allocate. */
bool allocate_in_fork_prepare;
/* Where the handler's block goes, so the compiler keeps the malloc(). */
void *volatile fork_prepare_block;

static void prepare(void)
{
	if (allocate_in_fork_prepare) {
		fork_prepare_block = malloc(32);
		free(fork_prepare_block);
	}
}

__attribute__((constructor)) static void early_malloc(void)
{
	early_block = malloc(48);
	if (pthread_atfork(prepare, NULL, NULL))
		abort();
}
