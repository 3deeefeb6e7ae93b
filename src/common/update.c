/*
 * Centroid update and inertia on the CPU.  Sums are taken in double over
 * fixed blocks of points whose size depends on n, k and d but never on the
 * thread count, and the block sums are combined in block order: the
 * sequential form and the OpenMP form with any number of threads add the
 * same numbers in the same order and agree bit for bit.
 */
#include "real.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "solver.h"

/* Partial sums of block b into acc (k*(d+1): d sums then the count). */
static void block_sums(const TKM_FN(tkmi_cpu) *s, size_t b, size_t bs,
                       double *acc)
{
    size_t d = s->d, lo = b * bs, hi = lo + bs < s->n ? lo + bs : s->n;
    memset(acc, 0, s->k * (d + 1) * sizeof *acc);
    for (size_t i = lo; i < hi; i++) {
        double *a = acc + (size_t)s->labels[i] * (d + 1);
        const tkm_real *xi = s->x + i * d;
        for (size_t j = 0; j < d; j++)
            a[j] += (double)xi[j];
        a[d] += 1.0;
    }
}

/* Move empty cluster c to the point farthest from its own centroid among
 * those not taken yet (dist2 < 0 marks taken); lowest index on ties. */
static void move_to_farthest(TKM_FN(tkmi_cpu) *s, size_t c, double *dist2,
                             tkm_real *newc)
{
    size_t best = 0;
    double bv = -1.0;
    for (size_t i = 0; i < s->n; i++)
        if (dist2[i] > bv) {
            bv = dist2[i];
            best = i;
        }
    if (bv < 0.0)
        return; /* every point taken already: keep the centroid */
    dist2[best] = -1.0;
    memcpy(newc + c * s->d, s->x + best * s->d, s->d * sizeof *newc);
}

/* Distance of every point to its own centroid, for the farthest policy. */
static double *point_dist2(const TKM_FN(tkmi_cpu) *s)
{
    double *dist2 = tkmi_alloc(s->n, 1, sizeof *dist2);
    if (!dist2)
        return NULL;
    long long n = (long long)s->n;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static)
    for (long long i = 0; i < n; i++)
        dist2[i] = (double)s->kern->dist2(
            s->x + (size_t)i * s->d, s->c + (size_t)s->labels[i] * s->d,
            s->d);
    return dist2;
}

double TKM_FN(tkmi_cpu_update)(TKM_FN(tkmi_cpu) *s, double *inertia,
                               double *shift2)
{
    size_t k = s->k, d = s->d, nblk = s->nblk;
    size_t bs = (s->n + nblk - 1) / nblk;
    if (inertia)
        *inertia = TKM_FN(tkmi_inertia)(s->x, s->n, d, s->c, s->labels,
                                        s->threads);
    long long nb = (long long)nblk;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static)
    for (long long b = 0; b < nb; b++)
        block_sums(s, (size_t)b, bs, s->bsum + (size_t)b * k * (d + 1));

    /* Combine in block order; new centroids go to bsum's first block,
     * which the sums no longer need once each cluster is done. */
    size_t nempty = 0;
    long long kk = (long long)k;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static) reduction(+ : nempty)
    for (long long c = 0; c < kk; c++) {
        double *a0 = s->bsum + (size_t)c * (d + 1);
        for (size_t b = 1; b < nblk; b++) {
            const double *ab = s->bsum + b * k * (d + 1) + (size_t)c * (d + 1);
            for (size_t j = 0; j <= d; j++)
                a0[j] += ab[j];
        }
        if (a0[d] == 0.0) {
            nempty++;
            for (size_t j = 0; j < d; j++)
                a0[j] = (double)s->c[(size_t)c * d + j];
        } else {
            for (size_t j = 0; j < d; j++)
                a0[j] /= a0[d];
        }
    }

    /* Write the new centroids (old ones still in s->c for the drift). */
    tkm_real *newc = (tkm_real *)(s->bsum + nblk * k * (d + 1));
    for (size_t c = 0; c < k; c++)
        for (size_t j = 0; j < d; j++)
            newc[c * d + j] = (tkm_real)s->bsum[c * (d + 1) + j];
    if (nempty && s->empty == TKM_EMPTY_FARTHEST) {
        double *dist2 = point_dist2(s);
        for (size_t c = 0; dist2 && c < k; c++)
            if (s->bsum[c * (d + 1) + d] == 0.0)
                move_to_farthest(s, c, dist2, newc);
        free(dist2);
    }
    double maxd = 0.0, sum2 = 0.0;
    for (size_t c = 0; c < k; c++) {
        s->drift[c] = TKM_SQRT(s->kern->dist2(s->c + c * d, newc + c * d, d));
        if ((double)s->drift[c] > maxd)
            maxd = (double)s->drift[c];
        sum2 += (double)s->drift[c] * (double)s->drift[c];
    }
    *shift2 = sum2;
    memcpy(s->c, newc, k * d * sizeof *newc);
    TKM_FN(tkmi_kc_pack)(&s->kc, s->c);
    return maxd;
}

double TKM_FN(tkmi_inertia)(const tkm_real *x, size_t n, size_t d,
                            const tkm_real *c, const int32_t *labels,
                            int threads)
{
    size_t nblk = (n + TKMI_SUM_BLOCK - 1) / TKMI_SUM_BLOCK;
    double *part = tkmi_alloc(nblk, 1, sizeof *part);
    if (!part)
        return NAN;
    long long nb = (long long)nblk;
#pragma omp parallel for num_threads(threads) if (threads > 1) \
    schedule(static)
    for (long long b = 0; b < nb; b++) {
        size_t lo = (size_t)b * TKMI_SUM_BLOCK;
        size_t hi = lo + TKMI_SUM_BLOCK < n ? lo + TKMI_SUM_BLOCK : n;
        double acc = 0.0;
        for (size_t i = lo; i < hi; i++) {
            const tkm_real *xi = x + i * d, *ci = c + (size_t)labels[i] * d;
            for (size_t j = 0; j < d; j++) {
                double t = (double)xi[j] - (double)ci[j];
                acc += t * t;
            }
        }
        part[b] = acc;
    }
    double sum = 0.0;
    for (size_t b = 0; b < nblk; b++)
        sum += part[b];
    free(part);
    return sum;
}
