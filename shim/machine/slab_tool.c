// SPDX-License-Identifier: GPL-2.0
/* The tool hooks of the platform contract (slab_platform.h) for memcheck (client requests) and ASan. */
#include <linux/kernel.h>
#include <slab_platform.h>

#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define HAVE_MEMCHECK 1
#endif
#if defined(LIBSLAB_ASAN_HOOKS)
#include <sanitizer/asan_interface.h>
#endif

void __slab_tool_slab_new(void *addr, size_t size)
{
#ifdef HAVE_MEMCHECK
	VALGRIND_MAKE_MEM_NOACCESS(addr, size);
#endif
#if defined(LIBSLAB_ASAN_HOOKS)
	__asan_poison_memory_region(addr, size);
#endif
}

void __slab_tool_slab_free(void *addr, size_t size)
{
#ifdef HAVE_MEMCHECK
	VALGRIND_MAKE_MEM_UNDEFINED(addr, size);
#endif
#if defined(LIBSLAB_ASAN_HOOKS)
	__asan_unpoison_memory_region(addr, size);
#endif
}

void __slab_tool_object_alloc(const void *object, size_t size, bool initialized)
{
#ifdef HAVE_MEMCHECK
	if (initialized)
		VALGRIND_MAKE_MEM_DEFINED(object, size);
	else
		VALGRIND_MAKE_MEM_UNDEFINED(object, size);
#endif
#if defined(LIBSLAB_ASAN_HOOKS)
	__asan_unpoison_memory_region(object, size);
#endif
}

void __slab_tool_object_free(const void *object, size_t size)
{
#ifdef HAVE_MEMCHECK
	VALGRIND_MAKE_MEM_NOACCESS(object, size);
#endif
#if defined(LIBSLAB_ASAN_HOOKS)
	__asan_poison_memory_region(object, size);
#endif
}

void __slab_tool_object_trim(const void *object, size_t size, size_t object_size)
{
	__slab_tool_object_free((const char *)object + size, object_size - size);
}

void __slab_tool_metadata_begin(void)
{
#ifdef HAVE_MEMCHECK
	VALGRIND_DISABLE_ERROR_REPORTING;
#endif
}

void __slab_tool_metadata_end(void)
{
#ifdef HAVE_MEMCHECK
	VALGRIND_ENABLE_ERROR_REPORTING;
#endif
}
