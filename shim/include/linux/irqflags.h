/* SPDX-License-Identifier: GPL-2.0 */
/* There are no interrupts in userspace: these only keep kernel code compiling. */
#ifndef _SHIM_LINUX_IRQFLAGS_H
#define _SHIM_LINUX_IRQFLAGS_H

#define local_irq_save(flags)		do { (flags) = 0; barrier(); } while (0)
#define local_irq_restore(flags)	do { (void)(flags); barrier(); } while (0)
#define local_irq_disable()		barrier()
#define local_irq_enable()		barrier()
#define irqs_disabled()			0

#endif
