/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interrupt state of the calling task.  There are no hardware interrupts;
 * "irqs off" keeps the task on its CPU, makes might_sleep() complain and,
 * under the deterministic scheduler, keeps simulated interrupt handlers
 * (SIM_DET_IRQ tasks) of that CPU from running, which is what the kernel
 * guarantees and what the core relies on.
 */
#ifndef _SHIM_LINUX_IRQFLAGS_H
#define _SHIM_LINUX_IRQFLAGS_H

/* Disable interrupts; returns the previous state for sim_irq_restore(). */
unsigned long sim_irq_save(void);
/* Return to the state sim_irq_save() returned. */
void sim_irq_restore(unsigned long flags);
/* Whether the calling task has interrupts disabled. */
int sim_irqs_disabled(void);

#define local_irq_save(flags)		do { (flags) = sim_irq_save(); } while (0)
#define local_irq_restore(flags)	sim_irq_restore(flags)
#define local_irq_disable()		((void)sim_irq_save())
#define local_irq_enable()		sim_irq_restore(0)
#define irqs_disabled()			sim_irqs_disabled()
/* The raw forms skip the kernel's irq tracing, which is not modelled: the same. */
#define raw_local_irq_save(flags)	local_irq_save(flags)
#define raw_local_irq_restore(flags)	local_irq_restore(flags)

#endif
