/*
 * Initial centroids, chosen in double from the data as read, so that every
 * precision and form starts from the same point.  Every parallel loop is
 * per point or summed over fixed blocks in block order: the start does not
 * depend on the thread count.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define INIT_BLOCK 4096

/* Squared distance of row i of ds (double x, or float x32 widened: the
 * same values, the same order) to c. */
static double row_dist2(const tkm_dataset *ds, size_t i, const double *c)
{
    if (ds->x)
        return tkmi_dist2_d(ds->x + i * ds->d, c, ds->d);
    const float *r = ds->x32 + i * ds->d;
    double s = 0.0;
    for (size_t j = 0; j < ds->d; j++) {
        double t = (double)r[j] - c[j];
        s += t * t;
    }
    return s;
}

/* Row i of ds as doubles into out. */
static void row_copy(const tkm_dataset *ds, size_t i, double *out)
{
    if (ds->x) {
        memcpy(out, ds->x + i * ds->d, ds->d * sizeof *out);
        return;
    }
    for (size_t j = 0; j < ds->d; j++)
        out[j] = (double)ds->x32[i * ds->d + j];
}

/* Sum of min(dmin[i], |x_i - c|^2) over all points, or of dmin alone when
 * c is NULL; blocks combined in order.  part has one slot per block. */
static double potential(const tkm_dataset *ds, const double *dmin,
                        const double *c, double *part)
{
    size_t nblk = (ds->n + INIT_BLOCK - 1) / INIT_BLOCK;
    long long nb = (long long)nblk;
#pragma omp parallel for schedule(static)
    for (long long b = 0; b < nb; b++) {
        size_t lo = (size_t)b * INIT_BLOCK;
        size_t hi = lo + INIT_BLOCK < ds->n ? lo + INIT_BLOCK : ds->n;
        double acc = 0.0;
        for (size_t i = lo; i < hi; i++) {
            double v = dmin[i];
            if (c) {
                double t = row_dist2(ds, i, c);
                v = t < v ? t : v;
            }
            acc += v;
        }
        part[b] = acc;
    }
    double s = 0.0;
    for (size_t b = 0; b < nblk; b++)
        s += part[b];
    return s;
}

/* Index drawn with probability dmin[i] / total; uniform when total is 0. */
static size_t sample_d2(const double *dmin, size_t n, double total,
                        tkmi_rng *r)
{
    if (!(total > 0.0))
        return (size_t)tkmi_rng_below(r, n);
    double u = tkmi_rng_uniform(r) * total, acc = 0.0;
    size_t last = 0;
    for (size_t i = 0; i < n; i++) {
        if (dmin[i] > 0.0)
            last = i;
        acc += dmin[i];
        if (u < acc)
            return i;
    }
    return last; /* rounding left u at the very end */
}

static void lower_dmin(const tkm_dataset *ds, double *dmin, const double *c)
{
    long long n = (long long)ds->n;
#pragma omp parallel for schedule(static)
    for (long long i = 0; i < n; i++) {
        double t = row_dist2(ds, (size_t)i, c);
        if (t < dmin[i])
            dmin[i] = t;
    }
}

/* k-means++: D^2 sampling; with cand > 1 each step draws cand candidates
 * and keeps the one that lowers the potential most (first on ties). */
static tkm_status kmeanspp(const tkm_dataset *ds, size_t k, int cand,
                           tkmi_rng *r, double *out)
{
    size_t n = ds->n, d = ds->d;
    double *dmin = tkmi_alloc(n, 1, sizeof *dmin);
    double *part = tkmi_alloc(n / INIT_BLOCK + 1, 1, sizeof *part);
    if (!dmin || !part) {
        free(dmin);
        free(part);
        return TKM_ENOMEM;
    }
    size_t first = (size_t)tkmi_rng_below(r, n);
    row_copy(ds, first, out);
    for (size_t i = 0; i < n; i++)
        dmin[i] = INFINITY;
    lower_dmin(ds, dmin, out);
    double total = potential(ds, dmin, NULL, part);
    for (size_t c = 1; c < k; c++) {
        size_t best = sample_d2(dmin, n, total, r);
        double bestpot = INFINITY;
        for (int t = 0; cand > 1 && t < cand; t++) {
            size_t idx = t == 0 ? best : sample_d2(dmin, n, total, r);
            row_copy(ds, idx, out + c * d); /* the candidate, for now */
            double pot = potential(ds, dmin, out + c * d, part);
            if (pot < bestpot) {
                bestpot = pot;
                best = idx;
            }
        }
        row_copy(ds, best, out + c * d);
        lower_dmin(ds, dmin, out + c * d);
        total = cand > 1 ? bestpot : potential(ds, dmin, NULL, part);
    }
    free(dmin);
    free(part);
    return TKM_OK;
}

/* The point of largest dmin, the lowest index among equals: blocks in
 * parallel, combined in block order. */
static size_t argmax_dmin(const double *dmin, size_t n, size_t *bidx,
                          double *bval)
{
    size_t nblk = (n + INIT_BLOCK - 1) / INIT_BLOCK;
    long long nb = (long long)nblk;
#pragma omp parallel for schedule(static)
    for (long long b = 0; b < nb; b++) {
        size_t lo = (size_t)b * INIT_BLOCK;
        size_t hi = lo + INIT_BLOCK < n ? lo + INIT_BLOCK : n;
        size_t at = lo;
        for (size_t i = lo + 1; i < hi; i++)
            if (dmin[i] > dmin[at])
                at = i;
        bidx[b] = at;
        bval[b] = dmin[at];
    }
    size_t best = bidx[0];
    for (size_t b = 1; b < nblk; b++)
        if (bval[b] > dmin[best])
            best = bidx[b];
    return best;
}

/* Farthest-first traversal (the reference thesis's "K-means++"): a random
 * first point, then each time the point farthest from its nearest chosen
 * centroid. */
static tkm_status farthest_first(const tkm_dataset *ds, size_t k,
                                 tkmi_rng *r, double *out)
{
    size_t n = ds->n, d = ds->d, nblk = n / INIT_BLOCK + 1;
    double *dmin = tkmi_alloc(n, 1, sizeof *dmin);
    double *bval = tkmi_alloc(nblk, 1, sizeof *bval);
    size_t *bidx = tkmi_alloc(nblk, 1, sizeof *bidx);
    if (!dmin || !bval || !bidx) {
        free(dmin);
        free(bval);
        free(bidx);
        return TKM_ENOMEM;
    }
    size_t pick = (size_t)tkmi_rng_below(r, n);
    for (size_t i = 0; i < n; i++)
        dmin[i] = INFINITY;
    for (size_t c = 0; c < k; c++) {
        if (c > 0)
            pick = argmax_dmin(dmin, n, bidx, bval);
        row_copy(ds, pick, out + c * d);
        lower_dmin(ds, dmin, out + c * d);
    }
    free(dmin);
    free(bval);
    free(bidx);
    return TKM_OK;
}

/* k distinct rows, uniformly: a partial Fisher-Yates shuffle of indices. */
static tkm_status random_rows(const tkm_dataset *ds, size_t k, tkmi_rng *r,
                              double *out)
{
    size_t *idx = tkmi_alloc(ds->n, 1, sizeof *idx);
    if (!idx)
        return TKM_ENOMEM;
    for (size_t i = 0; i < ds->n; i++)
        idx[i] = i;
    for (size_t c = 0; c < k; c++) {
        size_t j = c + (size_t)tkmi_rng_below(r, ds->n - c);
        size_t t = idx[c];
        idx[c] = idx[j];
        idx[j] = t;
        row_copy(ds, idx[c], out + c * ds->d);
    }
    free(idx);
    return TKM_OK;
}

tkm_status tkm_init_centroids(const tkm_dataset *ds, size_t k,
                              tkm_init_method m, int candidates,
                              uint64_t seed, double *out, char *msg,
                              size_t msglen)
{
    if (!ds || (!ds->x && !ds->x32) || ds->n == 0 || ds->d == 0 || !out)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "init: an empty data set has no rows to start from");
    if (tkmi_check_k(k, ds->n, msg, msglen) != TKM_OK)
        return TKM_EINVAL;
    if (candidates < 0)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "init: candidates must be >= 0 (0 = 2 + ln k)");
    tkmi_rng r;
    tkmi_rng_seed(&r, seed);
    tkm_status rc;
    switch (m) {
    case TKM_INIT_RANDOM:
        rc = random_rows(ds, k, &r, out);
        break;
    case TKM_INIT_KMEANSPP:
        rc = kmeanspp(ds, k, 1, &r, out);
        break;
    case TKM_INIT_FARTHEST:
        rc = farthest_first(ds, k, &r, out);
        break;
    case TKM_INIT_KMEANSPP_GREEDY:
        if (candidates == 0)
            candidates = 2 + (int)floor(log((double)k));
        rc = kmeanspp(ds, k, candidates, &r, out);
        break;
    default:
        return tkmi_fail(TKM_EINVAL, msg, msglen, "init: unknown method");
    }
    if (rc != TKM_OK)
        return tkmi_fail(rc, msg, msglen, "init: out of memory (n=%zu)",
                         ds->n);
    return TKM_OK;
}
