/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/dma-mapping.h>: the types of DMA addresses.  A process has no
 * device doing DMA, so nothing maps memory: code that takes an optional
 * DMA address is given DMA_MAPPING_ERROR, "none".
 */
#ifndef _SHIM_LINUX_DMA_MAPPING_H
#define _SHIM_LINUX_DMA_MAPPING_H

#include <linux/types.h>


#define DMA_MAPPING_ERROR	(~(dma_addr_t)0)

enum dma_data_direction {
	DMA_BIDIRECTIONAL = 0,
	DMA_TO_DEVICE = 1,
	DMA_FROM_DEVICE = 2,
	DMA_NONE = 3,
};

#endif /* _SHIM_LINUX_DMA_MAPPING_H */
