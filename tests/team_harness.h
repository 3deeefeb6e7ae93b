/*
 * The teams the library's parallel regions were granted, seen where its
 * code asks for the team's size (the exact sums' runs, update.c, and
 * Hamerly's per-thread bounds and centroid gaps): a program that includes
 * this (once) is linked with --wrap=omp_get_num_threads (the Makefile's
 * TEST_LD_<name>), so those calls come here.  team_seen: the largest team
 * since it was last set to 0, 0 for none.
 */
#ifndef TKM_TEAM_HARNESS_H
#define TKM_TEAM_HARNESS_H

#include <stdatomic.h>

int __real_omp_get_num_threads(void);
int __wrap_omp_get_num_threads(void);
static atomic_int team_seen;

int __wrap_omp_get_num_threads(void)
{
    int nt = __real_omp_get_num_threads();
    int was = atomic_load(&team_seen);
    while (nt > was && !atomic_compare_exchange_weak(&team_seen, &was, nt))
        ;
    return nt;
}

#endif /* TKM_TEAM_HARNESS_H */
