/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/interrupt.h>: there are no interrupt lines in a process, so no
 * request_irq() or handlers; this header brings what kernel code that
 * includes it for the interrupt state uses: local_irq_save() and
 * friends (<linux/irqflags.h>), in_interrupt() (<linux/preempt.h>,
 * always false here) and the bottom-half switches (<linux/bottom_half.h>).
 */
#ifndef _SHIM_LINUX_INTERRUPT_H
#define _SHIM_LINUX_INTERRUPT_H

#include <linux/bottom_half.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>

#endif /* _SHIM_LINUX_INTERRUPT_H */
