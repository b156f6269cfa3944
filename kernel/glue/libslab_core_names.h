/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Global (non-static) identifiers that the core (src/ .c files) defines for its
 * own files beyond <linux/slab_api.h>, mapped to lslab_ names so that they
 * never meet the kernel's symbols of the same name.  Included by
 * libslab_prelude.h.  The meson test kernel_names
 * (tests/lint/kernel_names.sh) compares this list with the globals of the
 * core's objects both ways, and run-kunit.sh fails when a global symbol
 * of lib/libslab/ lacks the lslab_/libslab_ prefix.  Names the core keeps
 * static go in the last section only, and only when a kernel header
 * declares them too.
 */
#ifndef _LIBSLAB_CORE_NAMES_H
#define _LIBSLAB_CORE_NAMES_H

/*
 * The variables kmem_cache and kmem_cache_node (the caches of struct
 * kmem_cache and struct kmem_cache_node) share their token with the struct
 * tags and are mapped by libslab_prelude.h together with them.
 */

#define slab_mutex			lslab_slab_mutex
#define slab_caches			lslab_slab_caches
#define slab_nomerge			lslab_slab_nomerge
#define slub_min_order			lslab_slub_min_order
#define slub_max_order			lslab_slub_max_order
#define slub_min_objects		lslab_slub_min_objects
#define slab_error_reports		lslab_slab_error_reports
#define calculate_sizes			lslab_calculate_sizes
#define calculate_alignment		lslab_calculate_alignment
#define slab_unmergeable		lslab_slab_unmergeable
#define calculate_order			lslab_calculate_order
#define set_partial_limits		lslab_set_partial_limits
#define slub_set_cpu_partial		lslab_slub_set_cpu_partial
#define get_partial_or_new_slab		lslab_get_partial_or_new_slab
#define kmalloc_fix_flags		lslab_kmalloc_fix_flags
#define slab_alloc_node			lslab_slab_alloc_node
#define do_slab_free			lslab_do_slab_free
#define slab_free			lslab_slab_free
#define alloc_slab_obj_exts		lslab_alloc_slab_obj_exts
#define free_slab_obj_exts		lslab_free_slab_obj_exts
#define memcg_slab_post_alloc		lslab_memcg_slab_post_alloc
#define memcg_slab_post_charge		lslab_memcg_slab_post_charge
#define memcg_slab_uncharge		lslab_memcg_slab_uncharge
#define cache_from_obj			lslab_cache_from_obj
#define add_partial			lslab_add_partial
#define remove_partial			lslab_remove_partial
#define inc_slabs_node			lslab_inc_slabs_node
#define dec_slabs_node			lslab_dec_slabs_node
#define discard_slab			lslab_discard_slab
#define get_partial			lslab_get_partial
#define deactivate_slab			lslab_deactivate_slab
#define put_cpu_partial			lslab_put_cpu_partial
#define __put_partials			lslab___put_partials
#define flush_all			lslab_flush_all
#define slab_flush_init			lslab_slab_flush_init
#define slab_flush_exit			lslab_slab_flush_exit
#define slub_cpu_dead			lslab_slub_cpu_dead
#define freeze_slab			lslab_freeze_slab
#define __kmem_cache_shrink		lslab___kmem_cache_shrink
#define __kmem_cache_shutdown		lslab___kmem_cache_shutdown
#define slab_exit_shutdown		lslab_slab_exit_shutdown
#define slab_exit_bookkeeping		lslab_slab_exit_bookkeeping
#define init_kmem_cache_nodes		lslab_init_kmem_cache_nodes
#define free_kmem_cache_nodes		lslab_free_kmem_cache_nodes
#define slab_nodes			lslab_slab_nodes
#define slab_nodes_init			lslab_slab_nodes_init
#define slab_memory_nb			lslab_slab_memory_nb
#define slab_err			lslab_slab_err
#define create_boot_cache		lslab_create_boot_cache
#define create_kmalloc_caches		lslab_create_kmalloc_caches
#define destroy_kmalloc_caches		lslab_destroy_kmalloc_caches
#define kmalloc_owns_cache		lslab_kmalloc_owns_cache
#define kmalloc_cache_exit		lslab_kmalloc_cache_exit
#define kmalloc_slab			lslab_kmalloc_slab

/*
 * slub_debug (src/slub_debug.c), the single-object path (src/slub_single.c)
 * and what they share with the list code.
 */
#define add_full			lslab_add_full
#define alloc_debug_processing		lslab_alloc_debug_processing
#define free_slab			lslab_free_slab
#define free_debug_processing		lslab_free_debug_processing
#define free_to_partial_list		lslab_free_to_partial_list
#define free_slab_checks		lslab_free_slab_checks
#define get_track			lslab_get_track
#define skip_orig_size_check		lslab_skip_orig_size_check
#define get_orig_size			lslab_get_orig_size
#define set_orig_size			lslab_set_orig_size
#define count_partial			lslab_count_partial
#define slab_tool_cache			lslab_slab_tool_cache
#define kmem_cache_flags		lslab_kmem_cache_flags
#define print_tracking			lslab_print_tracking
#define remove_full			lslab_remove_full
#define setup_object_debug		lslab_setup_object_debug
#define setup_slab_debug		lslab_setup_slab_debug
#define setup_slub_debug		lslab_setup_slub_debug
#define set_track_prepare		lslab_set_track_prepare
#define set_track_update		lslab_set_track_update
#define slab_alloc_single		lslab_slab_alloc_single
#define alloc_single_from_partial	lslab_alloc_single_from_partial
#define slab_bug			lslab_slab_bug
#define slab_add_error			lslab_slab_add_error
#define slab_in_kunit_test		lslab_slab_in_kunit_test
#define __slab_err			lslab___slab_err
#define slub_debug_order_sensitive	lslab_slub_debug_order_sensitive
#define slub_debug_global_flags		lslab_slub_debug_global_flags
#define validate_slab_objects		lslab_validate_slab_objects
#define setup_failslab			lslab_setup_failslab
#define should_failslab			lslab_should_failslab
#define failslab_active			lslab_failslab_active

/* Hardening (src/slab_hardening.c). */
#define free_cache_hardening		lslab_free_cache_hardening
#define freelist_corrupt		lslab_freelist_corrupt
#define init_cache_hardening		lslab_init_cache_hardening
#define init_cache_random_seq		lslab_init_cache_random_seq
#define setup_slab_freelist_hardened	lslab_setup_slab_freelist_hardened
#define setup_slab_freelist_random	lslab_setup_slab_freelist_random
#define shuffle_freelist		lslab_shuffle_freelist
#define slab_freelist_hardened		lslab_slab_freelist_hardened
#define slab_freelist_random		lslab_slab_freelist_random
#define random_kmalloc_caches		lslab_random_kmalloc_caches
#define random_kmalloc_seed		lslab_random_kmalloc_seed
#define setup_random_kmalloc_caches	lslab_setup_random_kmalloc_caches
/*
 * Static in the core, but named as the kernel's own reporter, which
 * <linux/uaccess.h> declares under CONFIG_HARDENED_USERCOPY.
 */
#define usercopy_abort			lslab_usercopy_abort

#endif /* _LIBSLAB_CORE_NAMES_H */
