/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/math.h>: rounding and division helpers (DIV_ROUND_UP,
 * round_up, round_down...), which this shim keeps in <linux/kernel.h>,
 * and the 64-bit divisions of <linux/math64.h>.
 */
#ifndef _SHIM_LINUX_MATH_H
#define _SHIM_LINUX_MATH_H

#include <linux/kernel.h>
#include <linux/math64.h>

#endif /* _SHIM_LINUX_MATH_H */
