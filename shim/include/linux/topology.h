/* SPDX-License-Identifier: GPL-2.0 */
#include <linux/numa.h>
#include <linux/cpumask.h>
