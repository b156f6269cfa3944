/* SPDX-License-Identifier: GPL-2.0 */
/* "slabsim replay": a kmem trace replayed on libslab or the SLOB model. */
#ifndef LIBSLAB_BENCH_REPLAY_H
#define LIBSLAB_BENCH_REPLAY_H

/* Run "slabsim replay" with its arguments (argv[0] is "replay"): the exit status. */
int replay_main(int argc, char **argv);

#endif
