/*
 * Centroid update and inertia on the CPU.  The centroid sums are exact
 * fixed-point integers (fixsum.h), the CUDA forms' own: the sequential
 * form, the OpenMP form with any number of threads and any split of the
 * points give the same sums, and the sums can be kept from one update to
 * the next and moved by the points that changed cluster only.  The
 * inertia is summed in double over fixed blocks of points combined in
 * block order, which do not depend on the thread count either.
 */
#include "real.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "arith.h"
#include "solver.h"

/* Add (sign +1) or take away (-1) point i's grid values in cluster a:
 * with sample weights w_i x_ij (the double product) and, last, w_i. */
static void fx_move(const TKM_FN(tkmi_cpu) *s, tkmi_i128 *fx, int64_t *cnt,
                    size_t i, int32_t a, int sign)
{
    const size_t d = s->d;
    const tkm_real *xi = s->x + i * d;
    tkmi_i128 *f = fx + (size_t)a * s->dw;
    if (s->w) {
        const double wi = s->w[i];
        for (size_t j = 0; j < d; j++)
            f[j] += sign * tkmi_fx_of((double)xi[j] * wi, &s->fxs[j]);
        f[d] += sign * tkmi_fx_of(wi, &s->fxs[d]);
    } else if (sign > 0) {
        for (size_t j = 0; j < d; j++)
            f[j] += tkmi_fx_of((double)xi[j], &s->fxs[j]);
    } else {
        for (size_t j = 0; j < d; j++)
            f[j] -= tkmi_fx_of((double)xi[j], &s->fxs[j]);
    }
    cnt[a] += sign;
}

/* The sums of every cluster from scratch: each thread of the team sums a
 * contiguous run of points into its own accumulators, which are then
 * added (exact integers: the order does not matter).  The team may be
 * smaller than the fx_threads asked for (OMP_THREAD_LIMIT, OMP_DYNAMIC, a
 * call from inside the caller's parallel region): the runs and the sum
 * are over the threads it has. */
static void fx_full(TKM_FN(tkmi_cpu) *s)
{
    const size_t k = s->k, dw = s->dw, n = s->n;
#pragma omp parallel num_threads(s->fx_threads) if (s->fx_threads > 1)
    {
        int t = 0, nt = 1;
#ifdef _OPENMP
        t = omp_get_thread_num();
        nt = omp_get_num_threads();
#endif
        tkmi_i128 *fx = s->fxt + (size_t)t * k * dw;
        int64_t *cnt = s->cntt + (size_t)t * k;
        memset(fx, 0, k * dw * sizeof *fx);
        memset(cnt, 0, k * sizeof *cnt);
        const size_t lo = n * (size_t)t / (size_t)nt;
        const size_t hi = n * ((size_t)t + 1) / (size_t)nt;
        for (size_t i = lo; i < hi; i++)
            fx_move(s, fx, cnt, i, s->labels[i], 1);
#pragma omp barrier
        long long kd = (long long)(k * dw);
#pragma omp for schedule(static)
        for (long long e = 0; e < kd; e++) {
            tkmi_i128 a = 0;
            for (int u = 0; u < nt; u++)
                a += s->fxt[(size_t)u * k * dw + (size_t)e];
            s->fx[e] = a;
        }
#pragma omp for schedule(static)
        for (long long c = 0; c < (long long)k; c++) {
            int64_t m = 0;
            for (int u = 0; u < nt; u++)
                m += s->cntt[(size_t)u * k + (size_t)c];
            s->cnt[c] = m;
        }
    }
    memcpy(s->held, s->labels, n * sizeof *s->held);
}

/* Bring the sums to the current labels: from scratch, or (when few
 * points changed cluster, as bounded solvers' late iterations) by moving
 * only the points whose label differs from the one the sums hold.  Both
 * give the same integers. */
static void fx_sums(TKM_FN(tkmi_cpu) *s)
{
    const long long n = (long long)s->n;
    long long moved = 0;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static) reduction(+ : moved)
    for (long long i = 0; i < n; i++)
        moved += s->labels[i] != s->held[i];
    /* moving a point costs two row passes on one thread; scratch costs
     * one row pass per point spread over fx_threads */
    if (!s->fx_valid || 2 * moved * s->fx_threads > n) {
        fx_full(s);
        s->fx_valid = 1;
        return;
    }
    for (long long i = 0; moved && i < n; i++)
        if (s->labels[i] != s->held[i]) {
            fx_move(s, s->fx, s->cnt, (size_t)i, s->held[i], -1);
            fx_move(s, s->fx, s->cnt, (size_t)i, s->labels[i], 1);
            s->held[i] = s->labels[i];
            moved--;
        }
}

/* Is cluster c empty in the sums of all processes: no point, or with
 * sample weights a weight of 0? */
static int fx_empty(const TKM_FN(tkmi_cpu) *s, size_t c)
{
    return s->gcnt[c] == 0 || (s->dw > s->d && s->gfx[c * s->dw + s->d] == 0);
}

/* Cluster c's weight in the sums of all processes: its points, or the sum
 * of their weights. */
static double fx_weight(const TKM_FN(tkmi_cpu) *s, size_t c)
{
    return s->dw > s->d
               ? tkmi_fx_to_double(s->gfx[c * s->dw + s->d], &s->fxs[s->d])
               : (double)s->gcnt[c];
}

/* Take the point xv of weight wv, of cluster a, out of a's sums (all
 * processes'), as scikit-learn's relocation does, and a's new centroid
 * with it.  Where it was a's only point (or held all of a's weight), a
 * keeps its centroid instead (its sums stay, so it is not taken for an
 * empty cluster of this update).  The sums no longer follow the labels:
 * with one process they are summed afresh next time. */
static void take_out(TKM_FN(tkmi_cpu) *s, int32_t a, const tkm_real *xv,
                     double wv, tkm_real *newc)
{
    const size_t d = s->d, dw = s->dw;
    tkmi_i128 *f = s->gfx + (size_t)a * dw;
    tkm_real *na = newc + (size_t)a * d;
    const tkmi_i128 wq = dw > d ? tkmi_fx_of(wv, &s->fxs[d]) : 0;
    if (s->gcnt[a] < 2 || (dw > d && f[d] == wq)) {
        memcpy(na, s->c + (size_t)a * d, d * sizeof *na);
        return;
    }
    s->gcnt[a]--;
    if (dw > d)
        f[d] -= wq;
    const double m = fx_weight(s, (size_t)a);
    for (size_t j = 0; j < d; j++) {
        f[j] -=
            tkmi_fx_of(dw > d ? (double)xv[j] * wv : (double)xv[j], &s->fxs[j]);
        na[j] = (tkm_real)(tkmi_fx_to_double(f[j], &s->fxs[j]) / m);
    }
    if (s->gfx == s->fx)
        s->fx_valid = 0;
}

/* Move empty cluster c to the point farthest from its own centroid among
 * those not taken yet (dist2 < 0 marks taken); lowest index on ties, over
 * all processes: the one that holds it marks it and sends it, with its
 * label.  The point leaves its cluster (take_out). */
static void move_to_farthest(TKM_FN(tkmi_cpu) *s, size_t c, tkm_real *newc)
{
    double *dist2 = s->dist2, bv = -1.0;
    size_t best = 0;
    for (size_t i = 0; i < s->n; i++)
        if (dist2[i] > bv) {
            bv = dist2[i];
            best = i;
        }
    size_t g = tkmi_part_argmax(s->pt, bv,
                                bv < 0.0 ? SIZE_MAX : s->pt->row0 + best,
                                &s->t_comm);
    if (g == SIZE_MAX)
        return; /* every point taken already: keep the centroid */
    int owner = tkmi_part_owner(s->pt, g);
    double aw[2] = {0.0, 1.0}; /* its label and weight */
    if (!s->pt->comm || owner == s->pt->comm->rank) {
        const size_t i = g - s->pt->row0;
        dist2[i] = -1.0;
        memcpy(newc + c * s->d, s->x + i * s->d, s->d * sizeof *newc);
        aw[0] = (double)s->labels[i];
        aw[1] = s->w ? s->w[i] : 1.0;
    }
    tkmi_part_bcast(s->pt, newc + c * s->d, s->d * sizeof *newc, owner,
                    &s->t_comm);
    tkmi_part_bcast(s->pt, aw, sizeof aw, owner, &s->t_comm);
    take_out(s, (int32_t)aw[0], newc + c * s->d, aw[1], newc);
}

/* Distance of every point to its own centroid, for the farthest policy. */
static void point_dist2(const TKM_FN(tkmi_cpu) *s)
{
    long long n = (long long)s->n;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static)
    for (long long i = 0; i < n; i++)
        s->dist2[i] = (double)s->kern->dist2(
            s->x + (size_t)i * s->d, s->c + (size_t)s->labels[i] * s->d,
            s->d);
}

/* The sums of all processes into gfx and gcnt (with one process they are
 * fx and cnt themselves). */
static void fx_combine(TKM_FN(tkmi_cpu) *s)
{
    if (s->gfx == s->fx)
        return;
    memcpy(s->gfx, s->fx, s->k * s->dw * sizeof *s->gfx);
    memcpy(s->gcnt, s->cnt, s->k * sizeof *s->gcnt);
    tkmi_part_sum_i128(s->pt, s->gfx, s->k * s->dw, &s->t_comm);
    tkmi_part_sum_u64(s->pt, (uint64_t *)(void *)s->gcnt, s->k, &s->t_comm);
}

double TKM_FN(tkmi_cpu_update)(TKM_FN(tkmi_cpu) *s, double *inertia,
                               double *shift2)
{
    const size_t k = s->k, d = s->d;
    if (inertia)
        *inertia = TKM_FN(tkmi_inertia)(s->x, s->n, d, s->c, s->labels, s->w,
                                        s->threads, s->pt, &s->t_comm);
    fx_sums(s);
    fx_combine(s);

    /* The means in double rounded to the precision (sum / count); an
     * empty cluster keeps its centroid.  Old centroids stay in s->c for
     * the drift. */
    tkm_real *newc = s->newc;
    size_t nempty = 0;
    long long kd = (long long)(k * d);
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static)
    for (long long e = 0; e < kd; e++) {
        const size_t c = (size_t)e / d, j = (size_t)e - c * d;
        newc[e] = fx_empty(s, c)
                      ? s->c[e]
                      : (tkm_real)(tkmi_fx_to_double(s->gfx[c * s->dw + j],
                                                     &s->fxs[j]) /
                                   fx_weight(s, c));
    }
    for (size_t c = 0; c < k; c++)
        nempty += (size_t)fx_empty(s, c);
    if (nempty && s->empty == TKM_EMPTY_FARTHEST) {
        /* the clusters empty before any point is taken out (take_out
         * leaves no cluster empty) */
        point_dist2(s);
        for (size_t c = 0; c < k; c++)
            if (fx_empty(s, c))
                move_to_farthest(s, c, newc);
    }
    double maxd = 0.0, sum2 = 0.0;
    for (size_t c = 0; c < k; c++) {
        s->drift[c] = TKM_FN(tkmi_drift_of)(
            s->c + c * d, newc + c * d, d,
            TKM_SQRT(s->kern->dist2(s->c + c * d, newc + c * d, d)));
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
                            const double *w, int threads, const tkmi_part *pt,
                            double *t_comm)
{
    const size_t nall = tkmi_part_blocks(pt ? pt->n_total : n);
    const size_t b0 = pt ? pt->row0 / TKMI_SUM_BLOCK : 0;
    double *part = tkmi_alloc(nall ? nall : 1, 1, sizeof *part);
    /* every process takes part in the gather below, or none does */
    if (pt && tkmi_part_agree(pt, part ? TKM_OK : TKM_ENOMEM, NULL, 0) !=
                  TKM_OK) {
        free(part);
        return NAN;
    }
    if (!part)
        return NAN;
    long long nb = (long long)tkmi_part_blocks(n);
#pragma omp parallel for num_threads(threads) if (threads > 1) \
    schedule(static)
    for (long long b = 0; b < nb; b++) {
        size_t lo = (size_t)b * TKMI_SUM_BLOCK;
        size_t hi = lo + TKMI_SUM_BLOCK < n ? lo + TKMI_SUM_BLOCK : n;
        double acc = 0.0;
        /* each point's squared distance, then times its weight (1 the
         * same bits as none), as scikit-learn sums it */
        for (size_t i = lo; i < hi; i++) {
            const tkm_real *xi = x + i * d, *ci = c + (size_t)labels[i] * d;
            double s = 0.0;
            for (size_t j = 0; j < d; j++) {
                double t = (double)xi[j] - (double)ci[j];
                s += t * t;
            }
            acc += w ? w[i] * s : s;
        }
        part[b0 + (size_t)b] = acc;
    }
    if (pt)
        tkmi_part_gather(pt, part, 1, t_comm);
    double sum = 0.0;
    for (size_t b = 0; b < nall; b++)
        sum += part[b];
    free(part);
    return sum;
}
