/*
 * Yinyang's groups and its CPU part's own counters (precision dependent;
 * include real.h first).  src/yinyang/yinyang.c is the assign step,
 * yinyang_arith.h its per-point arithmetic and why it is exact.
 */
#ifndef TKM_YINYANG_H
#define TKM_YINYANG_H

#include <stddef.h>
#include <stdint.h>

#include "kern.h"
#include "real.h"
#include "solver.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The number of groups of k centroids: max(1, k / 10), as Ding et al. */
static inline size_t tkmi_yinyang_ngroups(size_t k)
{
    return k / 10 > 1 ? k / 10 : 1;
}

/* Rounds of Lloyd over the centroids that form the groups. */
#define TKMI_YY_GROUP_ROUNDS 5

/* Split the k centroids c (k x d) into t = tkmi_yinyang_ngroups(k)
 * groups, grp[c] in [0, t): TKMI_YY_GROUP_ROUNDS rounds of Lloyd over the
 * centroids from centroids 0 .. t-1 (kern's distances, lowest index on
 * ties), then every empty group takes the highest-index member of the
 * largest group (lowest group on ties), so none is empty.  The same
 * groups for any thread count.  The caller owns the scratch: cen (t x d)
 * and acc (t x (d + 1) doubles). */
void TKM_FN(tkmi_yinyang_groups)(const tkm_real *c, size_t k, size_t d,
                                 const TKM_FN(tkmi_kern) *kern, int threads,
                                 int32_t *grp, tkm_real *cen, double *acc);

/* The members of each group, from grp (k centroids in t groups): group
 * g's are gmem[gstart[g] .. gstart[g + 1]), in index order (a counting
 * sort).  gstart has t + 1 entries, gmem k. */
static inline void tkmi_yinyang_lists(const int32_t *grp, size_t k, size_t t,
                                      size_t *gstart, int32_t *gmem)
{
    for (size_t g = 0; g <= t; g++)
        gstart[g] = 0;
    for (size_t c = 0; c < k; c++)
        gstart[grp[c] + 1]++;
    for (size_t g = 0; g < t; g++)
        gstart[g + 1] += gstart[g];
    for (size_t c = 0; c < k; c++) /* gstart[g] runs ahead, then is back */
        gmem[gstart[grp[c]]++] = (int32_t)c;
    for (size_t g = t; g > 0; g--)
        gstart[g] = gstart[g - 1];
    gstart[0] = 0;
}

/* The (point, centroid) pairs of the last assign step that the group
 * filter and the local filter skipped (their sum is the row's
 * pruned_pairs), for the CPU part s runs; the groups' number in *t. */
void TKM_FN(tkmi_yinyang_split)(const TKM_FN(tkmi_cpu) *s, uint64_t *by_group,
                                uint64_t *by_local, size_t *t);

/* The CPU part (seq and omp). */
extern const TKM_FN(tkmi_cpu_alg) TKM_FN(tkmi_yinyang_cpu);

#ifdef __cplusplus
}
#endif

#endif /* TKM_YINYANG_H */
