/*
 * Centroid update and inertia on the CPU.  The centroid sums are exact
 * integers in limbs (fixsum.h), as the CUDA forms' are: the sequential
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

/* Vectors pass between static functions only: no ABI to keep. */
#pragma GCC diagnostic ignored "-Wpsabi"

/* Add (sign +1) or take away (-1) the values xv of a point of weight wv
 * (a run without weights: dw == d) to a cluster's nv accumulators f: each
 * limb's digit of the value (fixsum.h); with weights the digits of the
 * exact products w x, then of w.  The point's values are xv[q] at the
 * columns col[q], q < m (col NULL: m = d values, column q); the columns
 * left out are 0, whose digits are 0. */
static void fx_add(const TKM_FN(tkmi_cpu) *s, tkmi_i128 *f,
                   const tkm_real *xv, const int32_t *col, size_t m,
                   double wv, int sign)
{
    const tkmi_fx_vc *vc = s->fvc;
    if (s->dw == s->d) {
        /* a column's digits from one product: W = 1 its integer value
         * (below 2^62), W = 2 that split at 2^62, else each digit */
        const tkmi_fx_col *fc = s->fcol;
        for (size_t q = 0; q < m; q++) {
            const size_t j = col ? (size_t)col[q] : q;
            const double v = (double)xv[q];
            const tkmi_fx_vc *c = &vc[fc[j].v0];
            tkmi_i128 *a = f + fc[j].v0;
            if (fc[j].W == 1) {
                const int64_t q = (int64_t)(v * c->f1 * c->f2);
                a[0] += sign > 0 ? q : -q;
            } else if (fc[j].W == 2) {
                int64_t q0, q1;
                tkmi_fx_digit2(v, c->f1, c->f2, &q0, &q1);
                a[0] += sign > 0 ? q0 : -q0;
                a[1] += sign > 0 ? q1 : -q1;
            } else {
                for (int l = 0; l < fc[j].W; l++) {
                    const int64_t q = tkmi_fx_digit(v, c[l].f1, c[l].f2);
                    a[l] += sign > 0 ? q : -q;
                }
            }
        }
        return;
    }
    int ew = 0, ex = 0;
    const uint64_t mw = tkmi_fx_split(wv, &ew);
    for (size_t q = 0; q < m; q++) {
        const size_t j = col ? (size_t)col[q] : q;
        const tkmi_fx_col *c = &s->fcol[j];
        const uint64_t mx = tkmi_fx_split((double)xv[q], &ex);
        const int neg = (xv[q] < 0) != (wv < 0);
        for (int l = 0; mx && mw && l < c->W; l++)
            f[c->v0 + l] +=
                sign * tkmi_fx_digit_mul(mw, ew, mx, ex, neg, c->S, l);
    }
    const tkmi_fx_col *c = &s->fcol[s->d];
    for (int l = 0; l < c->W; l++)
        f[c->v0 + l] += sign * tkmi_fx_digit(wv, vc[c->v0 + l].f1,
                                             vc[c->v0 + l].f2);
}

/* Add (sign +1) or take away (-1) point i in cluster a's sums and count. */
static void fx_move(const TKM_FN(tkmi_cpu) *s, tkmi_i128 *fx, int64_t *cnt,
                    size_t i, int32_t a, int sign)
{
    const double w = s->w ? s->w[i] : 1.0;
    if (s->sp) {
        const int64_t q = s->sp->ptr[i];
        fx_add(s, fx + (size_t)a * s->nv, s->sp->v + q, s->sp->col + q,
               (size_t)(s->sp->ptr[i + 1] - q), w, sign);
    } else {
        fx_add(s, fx + (size_t)a * s->nv, s->x + i * s->d, NULL, s->d, w,
               sign);
    }
    cnt[a] += sign;
}

/* Points a fast sum adds in int64 before it goes to the 128-bit sums:
 * each digit is below 2^51 in magnitude, so 2^11 of them stay below 2^62. */
#define FAST_RUN 2048

typedef double fast_vd __attribute__((vector_size(32)));
typedef int64_t fast_vi __attribute__((vector_size(32)));

/* acc[j] += x[j] 2^S_j (sc[j] = 2^S_j) for j < d: each product an integer
 * below 2^51 in magnitude (s->fx_fast), so that t + 1.5 2^52 is exact and
 * its bits less those of 1.5 2^52 are t. */
static void fast_row(const tkm_real *x, const double *sc, size_t d,
                     int64_t *acc)
{
    const double m = 0x1.8p52;
    int64_t mb;
    memcpy(&mb, &m, sizeof mb);
    size_t j = 0;
    for (; j + 4 <= d; j += 4) { /* the same, four lanes at a time */
        const fast_vd xv = {(double)x[j], (double)x[j + 1],
                            (double)x[j + 2], (double)x[j + 3]};
        fast_vd sv, t;
        fast_vi a, b;
        memcpy(&sv, sc + j, sizeof sv);
        t = xv * sv + m;
        memcpy(&b, &t, sizeof b);
        memcpy(&a, acc + j, sizeof a);
        a += b - mb;
        memcpy(acc + j, &a, sizeof a);
    }
    for (; j < d; j++) {
        const double t = (double)x[j] * sc[j] + m;
        int64_t b;
        memcpy(&b, &t, sizeof b);
        acc[j] += b - mb;
    }
}

/* Cluster c's run of points (run[c] of them, summed in acc's row c) into
 * its 128-bit sums and count; the row and the run emptied. */
static void fast_flush(const TKM_FN(tkmi_cpu) *s, tkmi_i128 *fx,
                       int64_t *cnt, int64_t *acc, int64_t *run, size_t c)
{
    const size_t d = s->d;
    tkmi_i128 *f = fx + c * s->nv;
    int64_t *a = acc + c * d;
    for (size_t j = 0; j < d; j++)
        f[s->fcol[j].v0] += a[j];
    memset(a, 0, d * sizeof *a);
    cnt[c] += run[c];
    run[c] = 0;
}

/* Points [lo, hi) added to the sums fx and counts cnt the fast way
 * (s->fx_fast): each value's digit v 2^S taken in a double, a vector at a
 * time, and summed in int64 per cluster (acc, k x d, then k run counts)
 * for up to FAST_RUN points before it goes to the 128-bit sums.  The same
 * integers as fx_move's, which takes ~7 ns a value to these ~1.4 (at
 * 10,000 x 784 floats, k = 100, one thread of the 2-core machine: the
 * first update 55-66 ms before, 24-28 after, of which the quotients then
 * took a third; fx_quot's 128-bit road since: 15 ms to 11 on that
 * machine another day). */
static void fast_sums(const TKM_FN(tkmi_cpu) *s, tkmi_i128 *fx,
                      int64_t *cnt, size_t lo, size_t hi, int64_t *acc)
{
    const size_t k = s->k, d = s->d;
    int64_t *run = acc + k * d;
    memset(acc, 0, k * (d + 1) * sizeof *acc);
    for (size_t i = lo; i < hi; i++) {
        const size_t c = (size_t)s->labels[i];
        fast_row(s->x + i * d, s->fx_sc, d, acc + c * d);
        if (++run[c] == FAST_RUN)
            fast_flush(s, fx, cnt, acc, run, c);
    }
    for (size_t c = 0; c < k; c++)
        if (run[c])
            fast_flush(s, fx, cnt, acc, run, c);
}

/* Threads that sum from scratch now: the team, up to the fx_threads whose
 * sums there are room for. */
static int fx_team(const TKM_FN(tkmi_cpu) *s)
{
    return s->fx_threads < s->threads ? s->fx_threads : s->threads;
}

/* The sums of every cluster from scratch: each thread of the team sums a
 * contiguous run of points into its own accumulators, which are then
 * added (exact integers: the order does not matter).  The team may be
 * smaller than the fx_threads asked for (OMP_THREAD_LIMIT, OMP_DYNAMIC, a
 * call from inside the caller's parallel region): the runs and the sum
 * are over the threads it has. */
static void fx_full(TKM_FN(tkmi_cpu) *s)
{
    const size_t k = s->k, d = s->d, dw = s->nv, n = s->n;
    const int team = fx_team(s);
#pragma omp parallel num_threads(team) if (team > 1)
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
        if (s->fx_fast)
            fast_sums(s, fx, cnt, lo, hi,
                      s->fx_acc + (size_t)t * k * (d + 1));
        else
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
    if (!s->fx_valid || 2 * moved * fx_team(s) > n) {
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
 * sample weights a weight of 0 (the weights' digits are all of one sign,
 * so their sum is 0 only when every limb is)? */
static int fx_empty(const TKM_FN(tkmi_cpu) *s, size_t c)
{
    if (s->dw == s->d)
        return s->gcnt[c] == 0;
    const tkmi_fx_col *cw = &s->fcol[s->d];
    for (int l = 0; l < cw->W; l++)
        if (s->gfx[c * s->nv + (size_t)(cw->v0 + l)] != 0)
            return 0;
    return 1;
}

/* The correctly rounded quotient of column j's sum of cluster c (all
 * processes') by its count or weight (fixsum.h), as a double holding a
 * value of format (p, qmin). */
static double fx_quot(const TKM_FN(tkmi_cpu) *s, size_t c, size_t j, int p,
                      int qmin)
{
    uint64_t num[2 * TKMI_FX_MAXW], den[2 * TKMI_FX_MAXW];
    const tkmi_i128 *f = s->gfx + c * s->nv;
    const tkmi_fx_col *cj = &s->fcol[j], *cw = &s->fcol[s->d];
    int zero = 1; /* a sum of 0 (sparse points: most columns of a
                     cluster) has the quotient 0, as tkmi_fx_quot finds */
    for (int l = 0; zero && l < cj->W; l++)
        zero = f[cj->v0 + l] == 0;
    if (zero)
        return 0.0;
    if (s->dw == s->d && cj->W <= 2) { /* one 128-bit integer, if it fits */
        const tkmi_i128 l1 = (tkmi_i128)1 << 64, l0 = (tkmi_i128)1 << 125;
        const tkmi_i128 f0 = f[cj->v0], f1 = cj->W == 2 ? f[cj->v0 + 1] : 0;
        if (f1 < l1 && f1 > -l1 && f0 < l0 && f0 > -l0)
            return tkmi_fx_quot_i128(f0 + f1 * ((tkmi_i128)1 << 62), cj->S,
                                     (uint64_t)s->gcnt[c], p, qmin);
    }
    memcpy(num, f + cj->v0, (size_t)cj->W * sizeof *f);
    if (s->dw == s->d) { /* the count as one limb */
        den[0] = (uint64_t)s->gcnt[c];
        den[1] = 0;
        return tkmi_fx_quot(num, cj->W, cj->S, den, 1, 0, p, qmin);
    }
    memcpy(den, f + cw->v0, (size_t)cw->W * sizeof *f);
    return tkmi_fx_quot(num, cj->W, cj->S, den, cw->W, cw->S, p, qmin);
}

/* Cluster c's weight (its count, or its weights' sum rounded to double). */
static double fx_weight(const TKM_FN(tkmi_cpu) *s, size_t c)
{
    if (s->dw == s->d)
        return (double)s->gcnt[c];
    uint64_t num[2 * TKMI_FX_MAXW], one[2] = {1, 0};
    const tkmi_fx_col *cw = &s->fcol[s->d];
    memcpy(num, s->gfx + c * s->nv + cw->v0, (size_t)cw->W * 16);
    return tkmi_fx_quot(num, cw->W, cw->S, one, 1, 0, 53, -1074);
}

/* Move empty cluster c to the point farthest from its own centroid among
 * those not taken yet (dist2 < 0 marks taken); lowest index on ties, over
 * all processes: the one that holds it marks it and sends it, with its
 * label and weight.  As scikit-learn's relocation, the point leaves its
 * old cluster's sums and makes c's (whose points, if any, weigh 0: its
 * sums are 0), even where that leaves the old cluster with no weight. */
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
        return; /* every point taken already */
    int owner = tkmi_part_owner(s->pt, g);
    double aw[2] = {0.0, 1.0}; /* its label and weight */
    tkm_real *xv = newc + c * s->d; /* (a buffer: the means follow) */
    if (!s->pt->comm || owner == s->pt->comm->rank) {
        const size_t i = g - s->pt->row0;
        dist2[i] = -1.0;
        memcpy(xv, TKM_FN(tkmi_row)(s, i), s->d * sizeof *newc);
        aw[0] = (double)s->labels[i];
        aw[1] = s->w ? s->w[i] : 1.0;
    }
    tkmi_part_bcast(s->pt, xv, s->d * sizeof *newc, owner, &s->t_comm);
    tkmi_part_bcast(s->pt, aw, sizeof aw, owner, &s->t_comm);
    const size_t a = (size_t)aw[0], nv = s->nv;
    fx_add(s, s->gfx + a * nv, xv, NULL, s->d, aw[1], -1);
    s->gcnt[a]--;
    fx_add(s, s->gfx + c * nv, xv, NULL, s->d, aw[1], 1);
    s->gcnt[c]++;
    if (s->gfx == s->fx)
        s->fx_valid = 0; /* the sums no longer follow the labels */
}

/* Distance of every point to its own centroid, for the farthest policy. */
static void point_dist2(const TKM_FN(tkmi_cpu) *s)
{
    long long n = (long long)s->n;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static)
    for (long long i = 0; i < n; i++)
        s->dist2[i] = (double)s->kern->dist2(
            TKM_FN(tkmi_row)(s, (size_t)i),
            s->c + (size_t)s->labels[i] * s->d, s->d);
}

/* The sums of all processes into gfx and gcnt (with one process they are
 * fx and cnt themselves). */
static void fx_combine(TKM_FN(tkmi_cpu) *s)
{
    if (s->gfx == s->fx)
        return;
    memcpy(s->gfx, s->fx, s->k * s->nv * sizeof *s->gfx);
    memcpy(s->gcnt, s->cnt, s->k * sizeof *s->gcnt);
    tkmi_part_sum_i128(s->pt, s->gfx, s->k * s->nv, &s->t_comm);
    tkmi_part_sum_u64(s->pt, (uint64_t *)(void *)s->gcnt, s->k, &s->t_comm);
}

/* scikit-learn's relocation: when some cluster has no weight and some
 * point lies away from its centroid, each such cluster in index order
 * takes the farthest point (move_to_farthest). */
static void relocate(TKM_FN(tkmi_cpu) *s, tkm_real *newc)
{
    size_t nempty = 0;
    for (size_t c = 0; c < s->k; c++) /* before any point moves */
        nempty += (size_t)(s->was_empty[c] = (unsigned char)fx_empty(s, c));
    if (!nempty)
        return;
    point_dist2(s);
    double far = 0.0;
    for (size_t i = 0; i < s->n; i++)
        far = s->dist2[i] > far ? s->dist2[i] : far;
    tkmi_part_max(s->pt, &far, 1, &s->t_comm);
    if (far == 0.0) /* more clusters than distinct points */
        return;
    for (size_t c = 0; c < s->k; c++)
        if (s->was_empty[c])
            move_to_farthest(s, c, newc);
}

/* Clusters left with no weight take the mean of the heaviest (the first
 * of the largest weight), as scikit-learn places them. */
static void to_heaviest(const TKM_FN(tkmi_cpu) *s, tkm_real *newc)
{
    size_t h = 0;
    double hw = -1.0;
    for (size_t c = 0; c < s->k; c++) {
        const double w = fx_empty(s, c) ? 0.0 : fx_weight(s, c);
        if (w > hw) {
            hw = w;
            h = c;
        }
    }
    for (size_t c = 0; c < s->k; c++)
        if (c != h && fx_empty(s, c))
            memcpy(newc + c * s->d, newc + h * s->d, s->d * sizeof *newc);
}

double TKM_FN(tkmi_cpu_update)(TKM_FN(tkmi_cpu) *s, double *inertia,
                               double *shift2)
{
    const size_t k = s->k, d = s->d;
    if (inertia)
        *inertia = TKM_FN(tkmi_inertia)(s->x, s->sp, s->n, d, k, s->c,
                                        s->labels, s->w,
                                        s->threads, s->pt, &s->t_comm);
    fx_sums(s);
    fx_combine(s);
    tkm_real *newc = s->newc;
    if (s->empty == TKM_EMPTY_FARTHEST)
        relocate(s, newc);

    /* The correctly rounded means; a cluster of no weight keeps its
     * centroid (keep), or takes the heaviest cluster's mean (farthest,
     * as scikit-learn's).  Old centroids stay in s->c for the drift. */
    long long kd = (long long)(k * d);
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static)
    for (long long e = 0; e < kd; e++) {
        const size_t c = (size_t)e / d, j = (size_t)e - c * d;
        newc[e] = fx_empty(s, c) ? s->c[e]
                                 : (tkm_real)fx_quot(s, c, j, TKMI_FX_P,
                                                     TKMI_FX_QMIN);
    }
    if (s->empty == TKM_EMPTY_FARTHEST)
        to_heaviest(s, newc);
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
    TKM_FN(tkmi_rows_moved)(s);
    return maxd;
}

/* The squared distances in double of the four dense rows x (d each) to
 * their centroids c + lab[t] d, each summed as tkmi_row_dist2_d sums it:
 * the same bits, four independent chains. */
static void dist2_four(const tkm_real *x, size_t d, const tkm_real *c,
                       const int32_t *lab, double q[4])
{
    const tkm_real *c0 = c + (size_t)lab[0] * d, *c1 = c + (size_t)lab[1] * d,
                   *c2 = c + (size_t)lab[2] * d, *c3 = c + (size_t)lab[3] * d;
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    for (size_t j = 0; j < d; j++) {
        const double t0 = (double)x[j] - (double)c0[j],
                     t1 = (double)x[d + j] - (double)c1[j],
                     t2 = (double)x[2 * d + j] - (double)c2[j],
                     t3 = (double)x[3 * d + j] - (double)c3[j];
        s0 += t0 * t0;
        s1 += t1 * t1;
        s2 += t2 * t2;
        s3 += t3 * t3;
    }
    q[0] = s0;
    q[1] = s1;
    q[2] = s2;
    q[3] = s3;
}

double TKM_FN(tkmi_inertia)(const tkm_real *x, const TKM_FN(tkmi_sp) *sp,
                            size_t n, size_t d, size_t k,
                            const tkm_real *c, const int32_t *labels,
                            const double *w, int threads, const tkmi_part *pt,
                            double *t_comm)
{
    const size_t nall = tkmi_part_blocks(pt ? pt->n_total : n);
    const size_t b0 = pt ? pt->row0 / TKMI_SUM_BLOCK : 0;
    /* the blocks' sums; with sparse points, then each centroid's |c|^2 */
    double *part =
        tkmi_alloc((nall ? nall : 1) + (sp ? k : 0), 1, sizeof *part);
    /* every process takes part in the gather below, or none does */
    if (pt && tkmi_part_agree(pt, part ? TKM_OK : TKM_ENOMEM, NULL, 0) !=
                  TKM_OK) {
        free(part);
        return NAN;
    }
    if (!part)
        return NAN;
    double *cn = part + (nall ? nall : 1);
    for (size_t a = 0; sp && a < k; a++) {
        cn[a] = 0.0;
        for (size_t j = 0; j < d; j++)
            cn[a] += (double)c[a * d + j] * (double)c[a * d + j];
    }
    long long nb = (long long)tkmi_part_blocks(n);
#pragma omp parallel for num_threads(threads) if (threads > 1) \
    schedule(static)
    for (long long b = 0; b < nb; b++) {
        size_t lo = (size_t)b * TKMI_SUM_BLOCK;
        size_t hi = lo + TKMI_SUM_BLOCK < n ? lo + TKMI_SUM_BLOCK : n;
        double acc = 0.0;
        /* each point's squared distance, then times its weight (1 the
         * same bits as none), as scikit-learn sums it; dense points four
         * at a time, each its own sum in tkmi_row_dist2_d's order (the
         * same bits: four chains instead of one) */
        size_t i = lo;
        for (; !sp && i + 4 <= hi; i += 4) {
            double q[4];
            dist2_four(x + i * d, d, c, labels + i, q);
            for (int t = 0; t < 4; t++)
                acc += w ? w[i + (size_t)t] * q[t] : q[t];
        }
        for (; i < hi; i++) {
            const size_t a = (size_t)labels[i];
            const double s = TKM_FN(tkmi_row_dist2_d)(x, sp, i, d, c + a * d,
                                                      sp ? cn[a] : 0.0);
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
