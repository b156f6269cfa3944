/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/scatterlist.h>: tables of buffers for I/O.  An entry names its
 * buffer as the kernel's does, by page and offset: page_link holds the
 * address of the buffer's page (there are no struct pages for ordinary
 * memory here) with the end-of-table mark in bit 1, offset the buffer's
 * place in it.  The DMA fields are for a device's view, which no device
 * fills in a process.  No chaining of tables.
 */
#ifndef _SHIM_LINUX_SCATTERLIST_H
#define _SHIM_LINUX_SCATTERLIST_H

#include <string.h>
#include <asm/page.h>
#include <linux/dma-mapping.h>
#include <linux/types.h>

struct scatterlist {
	unsigned long page_link;
	unsigned int offset;
	unsigned int length;
	dma_addr_t dma_address;
	unsigned int dma_length;
};

#define SG_END		0x02UL

#define sg_dma_address(sg)	((sg)->dma_address)
#define sg_dma_len(sg)		((sg)->dma_length)

static inline bool sg_is_last(const struct scatterlist *sg)
{
	return sg->page_link & SG_END;
}

/* Point sg at buflen bytes at buf. */
static inline void sg_set_buf(struct scatterlist *sg, const void *buf,
			      unsigned int buflen)
{
	unsigned long addr = (unsigned long)buf;

	sg->page_link = (addr & PAGE_MASK) | (sg->page_link & SG_END);
	sg->offset = (unsigned int)(addr & ~PAGE_MASK);
	sg->length = buflen;
}

/* The address of sg's buffer. */
static inline void *sg_virt(const struct scatterlist *sg)
{
	return (void *)((sg->page_link & PAGE_MASK) + sg->offset);
}

static inline void sg_mark_end(struct scatterlist *sg)
{
	sg->page_link |= SG_END;
}

/* A table of nents empty entries, the last one marked. */
static inline void sg_init_table(struct scatterlist *sgl, unsigned int nents)
{
	memset(sgl, 0, sizeof(*sgl) * nents);
	sg_mark_end(&sgl[nents - 1]);
}

/* The entry after sg, or NULL after the last. */
static inline struct scatterlist *sg_next(struct scatterlist *sg)
{
	return sg_is_last(sg) ? NULL : sg + 1;
}

/* A table of one entry for buflen bytes at buf. */
static inline void sg_init_one(struct scatterlist *sg, const void *buf,
			       unsigned int buflen)
{
	sg_init_table(sg, 1);
	sg_set_buf(sg, buf, buflen);
}

#endif /* _SHIM_LINUX_SCATTERLIST_H */
