/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/kfifo.h>: the kernel's lock-free single-reader single-writer
 * ring buffers, whose size is a power of two: in and out count elements
 * forever and wrap, mask picks the slot.  The work is the kernel's
 * lib/kfifo.c (the __kfifo_* functions), which a program using kfifos
 * links.  Declared here: struct __kfifo and those functions, the typed
 * fifo declarations (DECLARE_KFIFO, DEFINE_KFIFO, DECLARE_KFIFO_PTR,
 * struct kfifo) and the element operations (kfifo_alloc, kfifo_init,
 * kfifo_free, kfifo_in, kfifo_out, kfifo_out_peek, kfifo_put, kfifo_get,
 * kfifo_peek, kfifo_len, kfifo_avail, kfifo_is_empty, kfifo_is_full,
 * kfifo_reset, kfifo_skip, kfifo_to_user, kfifo_from_user).  Not
 * declared: the macros of record fifos (recsize != 0), the _spinlocked
 * variants and the DMA macros.
 */
#ifndef _SHIM_LINUX_KFIFO_H
#define _SHIM_LINUX_KFIFO_H

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/scatterlist.h>

struct __kfifo {
	unsigned int in;	/* elements ever put */
	unsigned int out;	/* elements ever taken */
	unsigned int mask;	/* size - 1 */
	unsigned int esize;	/* bytes of an element */
	void *data;
};

/*
 * The union lets the macros recover the element type (type, ptr) and
 * record size (rectype) of a fifo from the fifo alone.
 */
#define __STRUCT_KFIFO_COMMON(datatype, recsize, ptrtype)		\
	union {								\
		struct __kfifo kfifo;					\
		datatype *type;						\
		const datatype *const_type;				\
		char (*rectype)[recsize];				\
		ptrtype *ptr;						\
		ptrtype const *ptr_const;				\
	}

/* A fifo of size elements inside the struct; size a power of two, at least 2. */
#define __STRUCT_KFIFO(type, size, recsize, ptrtype)			\
{									\
	__STRUCT_KFIFO_COMMON(type, recsize, ptrtype);			\
	type buf[((size < 2) || (size & (size - 1))) ? -1 : size];	\
}
#define STRUCT_KFIFO(type, size)					\
	struct __STRUCT_KFIFO(type, size, 0, type)

/* A fifo whose buffer is allocated (kfifo_alloc) or given (kfifo_init). */
#define __STRUCT_KFIFO_PTR(type, recsize, ptrtype)			\
{									\
	__STRUCT_KFIFO_COMMON(type, recsize, ptrtype);			\
	type buf[0];							\
}
#define STRUCT_KFIFO_PTR(type)						\
	struct __STRUCT_KFIFO_PTR(type, 0, type)

/* The byte fifo of generic code. */
struct kfifo __STRUCT_KFIFO_PTR(unsigned char, 0, void);

#define DECLARE_KFIFO_PTR(fifo, type)	STRUCT_KFIFO_PTR(type) fifo
#define DECLARE_KFIFO(fifo, type, size)	STRUCT_KFIFO(type, size) fifo

/* Whether fifo's buffer is outside the struct. */
#define __is_kfifo_ptr(fifo)						\
	(sizeof(*(fifo)) == sizeof(STRUCT_KFIFO_PTR(__typeof__(*(fifo)->type))))

/* Make a DECLARE_KFIFO() fifo empty and ready. */
#define INIT_KFIFO(fifo)						\
	(void)({							\
		__typeof__(&(fifo)) __tmp = &(fifo);			\
		struct __kfifo *__kfifo = &__tmp->kfifo;		\
		__kfifo->in = 0;					\
		__kfifo->out = 0;					\
		__kfifo->mask = __is_kfifo_ptr(__tmp) ? 0 :		\
				ARRAY_SIZE(__tmp->buf) - 1;		\
		__kfifo->esize = sizeof(*__tmp->buf);			\
		__kfifo->data = __is_kfifo_ptr(__tmp) ? NULL : __tmp->buf; \
	})

/* A fifo of size elements, defined and initialised at compile time. */
#define DEFINE_KFIFO(fifo, type, size)					\
	DECLARE_KFIFO(fifo, type, size) =				\
	(__typeof__(fifo)) {						\
		{ { .in = 0, .out = 0,					\
		    .mask = __is_kfifo_ptr(&(fifo)) ? 0 :		\
			    ARRAY_SIZE((fifo).buf) - 1,			\
		    .esize = sizeof(*(fifo).buf),			\
		    .data = __is_kfifo_ptr(&(fifo)) ? NULL : (fifo).buf, } } \
	}

int __kfifo_alloc(struct __kfifo *fifo, unsigned int size, size_t esize,
		  gfp_t gfp_mask);
void __kfifo_free(struct __kfifo *fifo);
int __kfifo_init(struct __kfifo *fifo, void *buffer, unsigned int size,
		 size_t esize);
unsigned int __kfifo_in(struct __kfifo *fifo, const void *buf, unsigned int len);
unsigned int __kfifo_out(struct __kfifo *fifo, void *buf, unsigned int len);
int __kfifo_from_user(struct __kfifo *fifo, const void __user *from,
		      unsigned long len, unsigned int *copied);
int __kfifo_to_user(struct __kfifo *fifo, void __user *to, unsigned long len,
		    unsigned int *copied);
unsigned int __kfifo_dma_in_prepare(struct __kfifo *fifo, struct scatterlist *sgl,
				    int nents, unsigned int len, dma_addr_t dma);
unsigned int __kfifo_dma_out_prepare(struct __kfifo *fifo, struct scatterlist *sgl,
				     int nents, unsigned int len, dma_addr_t dma);
unsigned int __kfifo_out_peek(struct __kfifo *fifo, void *buf, unsigned int len);
unsigned int __kfifo_out_linear(struct __kfifo *fifo, unsigned int *tail,
				unsigned int n);
unsigned int __kfifo_in_r(struct __kfifo *fifo, const void *buf,
			  unsigned int len, size_t recsize);
unsigned int __kfifo_out_r(struct __kfifo *fifo, void *buf, unsigned int len,
			   size_t recsize);
int __kfifo_from_user_r(struct __kfifo *fifo, const void __user *from,
			unsigned long len, unsigned int *copied, size_t recsize);
int __kfifo_to_user_r(struct __kfifo *fifo, void __user *to, unsigned long len,
		      unsigned int *copied, size_t recsize);
unsigned int __kfifo_dma_in_prepare_r(struct __kfifo *fifo,
				      struct scatterlist *sgl, int nents,
				      unsigned int len, size_t recsize,
				      dma_addr_t dma);
void __kfifo_dma_in_finish_r(struct __kfifo *fifo, unsigned int len,
			     size_t recsize);
unsigned int __kfifo_dma_out_prepare_r(struct __kfifo *fifo,
				       struct scatterlist *sgl, int nents,
				       unsigned int len, size_t recsize,
				       dma_addr_t dma);
unsigned int __kfifo_len_r(struct __kfifo *fifo, size_t recsize);
void __kfifo_skip_r(struct __kfifo *fifo, size_t recsize);
unsigned int __kfifo_out_peek_r(struct __kfifo *fifo, void *buf,
				unsigned int len, size_t recsize);
unsigned int __kfifo_out_linear_r(struct __kfifo *fifo, unsigned int *tail,
				  unsigned int n, size_t recsize);
unsigned int __kfifo_max_r(unsigned int len, size_t recsize);

#define kfifo_initialized(fifo)	((fifo)->kfifo.mask)
#define kfifo_esize(fifo)	((fifo)->kfifo.esize)
#define kfifo_recsize(fifo)	(sizeof(*(fifo)->rectype))
#define kfifo_size(fifo)	((fifo)->kfifo.mask + 1)
#define kfifo_reset(fifo)						\
	(void)({ __typeof__((fifo) + 1) __t = (fifo);			\
		 __t->kfifo.in = __t->kfifo.out = 0; })
#define kfifo_reset_out(fifo)						\
	(void)({ __typeof__((fifo) + 1) __t = (fifo);			\
		 __t->kfifo.out = __t->kfifo.in; })
#define kfifo_len(fifo)							\
	({ __typeof__((fifo) + 1) __t = (fifo);				\
	   __t->kfifo.in - __t->kfifo.out; })
#define kfifo_is_empty(fifo)						\
	({ __typeof__((fifo) + 1) __t = (fifo);				\
	   __t->kfifo.in == __t->kfifo.out; })
#define kfifo_is_full(fifo)	(kfifo_len(fifo) > (fifo)->kfifo.mask)
#define kfifo_avail(fifo)	(kfifo_size(fifo) - kfifo_len(fifo))
#define kfifo_skip(fifo)	(void)((fifo)->kfifo.out++)

/* Allocate a buffer of size elements (rounded down to a power of two); 0 or -errno. */
#define kfifo_alloc(fifo, size, gfp_mask)				\
	({ __typeof__((fifo) + 1) __t = (fifo);				\
	   __is_kfifo_ptr(__t) ?					\
		__kfifo_alloc(&__t->kfifo, size, sizeof(*__t->type), gfp_mask) : \
		-EINVAL; })
#define kfifo_free(fifo)						\
	({ __typeof__((fifo) + 1) __t = (fifo);				\
	   if (__is_kfifo_ptr(__t))					\
		__kfifo_free(&__t->kfifo); })
/* Use buffer, of size bytes, for the fifo; 0 or -errno. */
#define kfifo_init(fifo, buffer, size)					\
	({ __typeof__((fifo) + 1) __t = (fifo);				\
	   __is_kfifo_ptr(__t) ?					\
		__kfifo_init(&__t->kfifo, buffer, size, sizeof(*__t->type)) : \
		-EINVAL; })

/* Copy up to n elements in; the number copied. */
#define kfifo_in(fifo, buf, n)						\
	({ __typeof__((fifo) + 1) __t = (fifo);				\
	   __typeof__(__t->ptr_const) __b = (buf);			\
	   __kfifo_in(&__t->kfifo, __b, n); })
/* Take up to n elements out; the number taken. */
#define kfifo_out(fifo, buf, n)						\
	({ __typeof__((fifo) + 1) __t = (fifo);				\
	   __typeof__(__t->ptr) __b = (buf);				\
	   __kfifo_out(&__t->kfifo, __b, n); })
/* kfifo_out() that leaves the elements in. */
#define kfifo_out_peek(fifo, buf, n)					\
	({ __typeof__((fifo) + 1) __t = (fifo);				\
	   __typeof__(__t->ptr) __b = (buf);				\
	   __kfifo_out_peek(&__t->kfifo, __b, n); })
/* Put the element val; 1, or 0 if the fifo is full. */
#define kfifo_put(fifo, val)						\
	({ __typeof__((fifo) + 1) __t = (fifo);				\
	   __typeof__(*__t->const_type) __v = (val);			\
	   __kfifo_in(&__t->kfifo, &__v, 1); })
/* Take one element into *val; 1, or 0 if the fifo is empty. */
#define kfifo_get(fifo, val)						\
	({ __typeof__((fifo) + 1) __t = (fifo);				\
	   __typeof__(__t->ptr) __p = (val);				\
	   __kfifo_out(&__t->kfifo, __p, 1); })
/* kfifo_get() that leaves the element in. */
#define kfifo_peek(fifo, val)						\
	({ __typeof__((fifo) + 1) __t = (fifo);				\
	   __typeof__(__t->ptr) __p = (val);				\
	   __kfifo_out_peek(&__t->kfifo, __p, 1); })
/* Copy up to len bytes from user space in; 0 or -EFAULT, *copied the bytes. */
#define kfifo_from_user(fifo, from, len, copied)			\
	({ __typeof__((fifo) + 1) __t = (fifo);				\
	   __kfifo_from_user(&__t->kfifo, from, len, copied); })
/* Copy up to len bytes out to user space; 0 or -EFAULT, *copied the bytes. */
#define kfifo_to_user(fifo, to, len, copied)				\
	({ __typeof__((fifo) + 1) __t = (fifo);				\
	   __kfifo_to_user(&__t->kfifo, to, len, copied); })

#endif /* _SHIM_LINUX_KFIFO_H */
