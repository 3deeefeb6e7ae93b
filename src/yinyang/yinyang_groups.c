/*
 * Yinyang's groups of centroids: formed once, at setup, from the initial
 * centroids (Ding et al. cluster the centroids with a few rounds of
 * k-means).  Deterministic: each centroid's nearest centre is found on its
 * own (threads may share the loop), the means are summed in centroid
 * order in double.
 */
#include "real.h"

#include <string.h>

#include "yinyang.h"

/* grp[c] = the nearest of the t centres cen (lowest index on ties). */
static void nearest_centres(const tkm_real *c, size_t k, size_t d,
                            const TKM_FN(tkmi_kern) *kern, int threads,
                            const tkm_real *cen, size_t t, int32_t *grp)
{
    long long kk = (long long)k;
    (void)threads;
#pragma omp parallel for num_threads(threads) if (threads > 1) \
    schedule(static)
    for (long long i = 0; i < kk; i++) {
        const tkm_real *ci = c + (size_t)i * d;
        tkm_real b2 = kern->dist2(ci, cen, d);
        int32_t b = 0;
        for (size_t g = 1; g < t; g++) {
            tkm_real v = kern->dist2(ci, cen + g * d, d);
            if (v < b2) {
                b2 = v;
                b = (int32_t)g;
            }
        }
        grp[i] = b;
    }
}

/* Every centre to the mean of its members; an empty one stays.  acc's
 * last column counts the members. */
static void move_centres(const tkm_real *c, size_t k, size_t d,
                         const int32_t *grp, tkm_real *cen, size_t t,
                         double *acc)
{
    const size_t dw = d + 1;
    memset(acc, 0, t * dw * sizeof *acc);
    for (size_t i = 0; i < k; i++) {
        double *a = acc + (size_t)grp[i] * dw;
        for (size_t j = 0; j < d; j++)
            a[j] += (double)c[i * d + j];
        a[d] += 1.0;
    }
    for (size_t g = 0; g < t; g++)
        if (acc[g * dw + d] > 0)
            for (size_t j = 0; j < d; j++)
                cen[g * d + j] = (tkm_real)(acc[g * dw + j] / acc[g * dw + d]);
}

/* No group left empty: each empty one, in order, takes the highest-index
 * member of the largest group (lowest group on ties).  While a group is
 * empty, the others hold k >= t centroids in at most t - 1 groups, so the
 * largest has two or more and keeps one. */
static void fill_empty(size_t k, int32_t *grp, size_t t, double *cnt)
{
    for (size_t g = 0; g < t; g++)
        cnt[g] = 0;
    for (size_t i = 0; i < k; i++)
        cnt[grp[i]] += 1.0;
    for (size_t g = 0; g < t; g++) {
        if (cnt[g] > 0)
            continue;
        size_t big = 0;
        for (size_t h = 1; h < t; h++)
            if (cnt[h] > cnt[big])
                big = h;
        size_t i = k;
        while (grp[--i] != (int32_t)big)
            ;
        grp[i] = (int32_t)g;
        cnt[big] -= 1.0;
        cnt[g] = 1.0;
    }
}

void TKM_FN(tkmi_yinyang_groups)(const tkm_real *c, size_t k, size_t d,
                                 const TKM_FN(tkmi_kern) *kern, int threads,
                                 int32_t *grp, tkm_real *cen, double *acc)
{
    const size_t t = tkmi_yinyang_ngroups(k);
    memcpy(cen, c, t * d * sizeof *cen);
    for (int r = 0; r < TKMI_YY_GROUP_ROUNDS; r++) {
        if (r > 0)
            move_centres(c, k, d, grp, cen, t, acc);
        nearest_centres(c, k, d, kern, threads, cen, t, grp);
    }
    fill_empty(k, grp, t, acc);
}
