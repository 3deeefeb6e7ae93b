// Sparse points on the device, both CUDA forms: the screened scan of
// src/common/screen.c, a warp a row, and the per-point steps of Hamerly,
// Elkan and Yinyang on sparse points (hamerly.c's filter, elkan.c's
// elkan_point_sparse, yinyang.cuh's walk with the screen's boxes), a
// thread a point.
//
// The scan.  A warp takes a row: its lanes hold 32 T consecutive
// centroids, the row's stored values are read 32 at a time and handed
// round by shuffles, and each adds value times its centroids' entries of
// the value's column of ct (column-major: 32 consecutive words a value).
// The products g_j bound the direct distance D'_j (the dense kernels'
// tkmi_dist2 of the row made dense) as screen.c proves: L_j <= D'_j <=
// U_j with U_j = |x|^2 (1 + K) + eta + (hi_j - 2 g_j) and L_j likewise
// from lo_j.  The candidates (L_j at most the smallest U) get the direct
// distance, a lane a candidate, and the warp merges them by (distance,
// index): the label is the direct scan's, bit for bit; a lone candidate
// is the label without one.  The bounds of Hamerly and Elkan come from
// the boxes (u from the label's U, a lower bound from each L: Hamerly's
// from the smallest L of the others), so their scans take no more direct
// distances than Lloyd's.  A row beyond the proof's range (a non-finite
// product or norm, a box at half the precision's largest number) takes
// every direct distance, and its bounds from them.
//
// A direct distance is tkmi_dist2's sum in increasing column; where the
// centroid has few non-zeros (TKMI_SP_CCAP: a start drawn from the rows,
// the mean of a few rows of a text's words) it runs over the union of
// the row's columns and the centroid's alone: a column where both are 0
// adds an exact 0 (a fused t t + s too), which leaves the sum as it was,
// so the bits are the whole row's at the cost of the stored values.
#include "real.h"

#include <limits.h>
#include <math.h>

#include "arith.h"
#include "cuda_engine.h"
#include "elkan_arith.h"
#include "hamerly_arith.h"
#include "solver.h"
#include "yinyang_kernels.h"

#include "common.cuh"
#include "yinyang.cuh"

#define FULL 0xffffffffu

// The device's view of the sparse points and the screen's constants.
struct sp_rows {
    const tkm_real *v;
    const int32_t *col;
    const int64_t *ptr;
    const double *xn;  // |x|^2 of each row
    const double *hi;  // k: |c|^2 (1 + K)
    const double *lo;  // k: |c|^2 (1 - K)
    double kk, eta;
    const int32_t *ccol, *cnz; // the centroids' non-zero columns (few)
    size_t ccap;
};

static sp_rows rows_of(const TKM_FN(tkmi_gpu) *g)
{
    return sp_rows{g->sv,  g->scol, g->sptr,  g->sxn,  g->snc, g->snc + g->k,
                   g->skk, g->seta, g->sccol, g->scnz, g->sccap};
}

// The direct squared distance of row (q, q1) to centroid j (its row cj
// of d values): tkm_sp_dist2's bits, over the union of the two sets of
// columns where the centroid's non-zeros were listed.
static __device__ tkm_real sp_cdist2(const sp_rows &r, int64_t q, int64_t q1,
                                     const tkm_real *__restrict__ cj,
                                     size_t j, size_t d)
{
    const int m = r.ccap ? r.cnz[j] : -1;
    if (m < 0)
        return tkm_sp_dist2(r.v, r.col, q, q1, cj, d);
    const int32_t *cc = r.ccol + j * r.ccap;
    tkm_real s = 0;
    int p = 0;
    while (q < q1 || p < m) {
        const size_t a = q < q1 ? (size_t)r.col[q] : d;
        const size_t b = p < m ? (size_t)cc[p] : d;
        size_t col = b;
        tkm_real xj = 0;
        if (a <= b) {
            col = a;
            xj = r.v[q++];
        }
        p += b == col;
        const tkm_real t = xj - cj[col];
        s += t * t;
    }
    return s;
}

// ---- norms ------------------------------------------------------------------

// Sum of squares in double of m values, the lanes of a warp taking every
// 32nd and a butterfly adding their sums (every lane gets the same bits).
static __device__ double warp_norm2(const tkm_real *v, size_t m)
{
    double s = 0.0;
    for (size_t q = threadIdx.x & 31u; q < m; q += 32)
        s += (double)v[q] * (double)v[q];
    for (int o = 16; o > 0; o >>= 1)
        s += __shfl_xor_sync(FULL, s, o);
    return s;
}

// |x|^2 of every row, a warp a row.
static __global__ __launch_bounds__(256) void sp_xnorm_kernel(
    const tkm_real *__restrict__ v, const int64_t *__restrict__ ptr, size_t n,
    double *xn)
{
    const size_t w0 = TKM_GRID_START >> 5, nw = TKM_GRID_STEP >> 5;
    for (size_t i = w0; i < n; i += nw) {
        const double s = warp_norm2(v + ptr[i], (size_t)(ptr[i + 1] - ptr[i]));
        if ((threadIdx.x & 31u) == 0)
            xn[i] = s;
    }
}

// hi, lo and |c|^2 of every centroid (nc: 3k), a warp a centroid.
static __global__ __launch_bounds__(256) void sp_cnorm_kernel(
    const tkm_real *__restrict__ c, size_t k, size_t d, double kk,
    double *nc)
{
    const size_t w0 = TKM_GRID_START >> 5, nw = TKM_GRID_STEP >> 5;
    for (size_t j = w0; j < k; j += nw) {
        const double s = warp_norm2(c + j * d, d);
        if ((threadIdx.x & 31u) == 0) {
            nc[j] = s * (1.0 + kk);
            nc[k + j] = s * (1.0 - kk);
            nc[2 * k + j] = s;
        }
    }
}

// Each centroid's non-zero columns, in increasing order, where it has at
// most cap (cnz -1 where more), a warp a centroid.
static __global__ __launch_bounds__(256) void sp_csup_kernel(
    const tkm_real *__restrict__ c, size_t k, size_t d, size_t cap,
    int32_t *ccol, int32_t *cnz)
{
    const unsigned lane = threadIdx.x & 31u;
    const size_t w0 = TKM_GRID_START >> 5, nw = TKM_GRID_STEP >> 5;
    for (size_t j = w0; j < k; j += nw) {
        const tkm_real *cj = c + j * d;
        int32_t *out = ccol + j * cap;
        size_t m = 0;
        for (size_t q0 = 0; q0 < d && m <= cap; q0 += 32) {
            const size_t q = q0 + lane;
            const bool nz = q < d && cj[q] != 0;
            const unsigned mask = __ballot_sync(FULL, nz);
            const size_t at = m + (size_t)__popc(mask & ((1u << lane) - 1u));
            if (nz && at < cap)
                out[at] = (int32_t)q;
            m += (size_t)__popc(mask);
        }
        if (lane == 0)
            cnz[j] = m <= cap ? (int32_t)m : -1;
    }
}

static int warp_blocks(size_t items, const TKM_FN(tkmi_gpu) *g)
{
    const size_t per = TKM_SP_BLOCK / 32;
    const size_t cap = (size_t)g->sms * (size_t)(g->thr_sm / TKM_SP_BLOCK);
    size_t b = (items + per - 1) / per;
    b = b < cap ? b : cap;
    return b ? (int)b : 1;
}

extern "C" tkm_status TKM_FN(tkmi_cu_sp_norms)(TKM_FN(tkmi_gpu) *g, char *msg,
                                               size_t msglen)
{
    sp_xnorm_kernel<<<warp_blocks(g->n, g), TKM_SP_BLOCK, 0, g->st>>>(
        g->sv, g->sptr, g->n, g->sxn);
    TKM_CU_LAUNCHED(sp_xnorm_kernel);
    return TKM_OK;
}

// The centroids' norms' terms of the boxes, and their non-zero columns.
static tkm_status cnorms(TKM_FN(tkmi_gpu) *g, char *msg, size_t msglen)
{
    sp_cnorm_kernel<<<warp_blocks(g->k, g), TKM_SP_BLOCK, 0, g->st>>>(
        g->c, g->k, g->d, g->skk, g->snc);
    TKM_CU_LAUNCHED(sp_cnorm_kernel);
    if (g->sccap) {
        sp_csup_kernel<<<warp_blocks(g->k, g), TKM_SP_BLOCK, 0, g->st>>>(
            g->c, g->k, g->d, g->sccap, g->sccol, g->scnz);
        TKM_CU_LAUNCHED(sp_csup_kernel);
    }
    return TKM_OK;
}

// The centroids as the scans read them: column-major (ct), and cnorms.
static tkm_status prepare(TKM_FN(tkmi_gpu) *g, char *msg, size_t msglen)
{
    tkm_status rc = TKM_FN(tkmi_cu_sh_ctrans)(g, msg, msglen);
    return rc == TKM_OK ? cnorms(g, msg, msglen) : rc;
}

// ---- the screened scan ------------------------------------------------------

// The best (b1, lab) and the second smallest distance b2 of a set of
// direct distances, lowest index on ties (tkmi_nearest's order).
struct best3 {
    tkm_real b1, b2;
    int lab;
};

static __device__ __forceinline__ void best_add(best3 &a, tkm_real d2, int c)
{
    if (TKM_FN(tkmi_closer)(d2, (size_t)c, a.b1, (size_t)a.lab)) {
        a.b2 = a.b1;
        a.b1 = d2;
        a.lab = c;
    } else if (d2 < a.b2) {
        a.b2 = d2;
    }
}

// Merge the lanes' sets: every lane ends with the warp's.
static __device__ __forceinline__ void best_warp(best3 &a)
{
    for (int o = 16; o > 0; o >>= 1) {
        best3 b;
        b.b1 = __shfl_xor_sync(FULL, a.b1, o);
        b.b2 = __shfl_xor_sync(FULL, a.b2, o);
        b.lab = __shfl_xor_sync(FULL, a.lab, o);
        const tkm_real o2 = a.b2 < b.b2 ? a.b2 : b.b2;
        if (TKM_FN(tkmi_closer)(b.b1, (size_t)b.lab, a.b1, (size_t)a.lab)) {
            a.b2 = a.b1 < o2 ? a.b1 : o2;
            a.b1 = b.b1;
            a.lab = b.lab;
        } else {
            a.b2 = b.b1 < o2 ? b.b1 : o2;
        }
    }
}

// A lower (upper) bound in the run's precision on the distance of a row
// to a centroid from the box lo (hi) of its squared distance: as elkan.c's
// box_down and box_up.
static __device__ __forceinline__ tkm_real box_down(double lo, tkm_real dnf,
                                                    tkm_real ab)
{
    return TKM_FN(tkmi_bnd_down)(TKM_FN(tkmi_screen_root_down)(lo), dnf, ab);
}

static __device__ __forceinline__ tkm_real box_up(double hi, tkm_real upf,
                                                  tkm_real ab)
{
    return TKM_FN(tkmi_bnd_up)(TKM_FN(tkmi_screen_root_up)(hi), upf, ab);
}

// The screen's box [lo, hi] of the squared distance of row (q0, q1) with
// norm nx to centroid ca (index a), its product taken at the cost of the
// stored values; false where the proof's range is left (screen.c's
// tkmi_screen_pair_box).
static __device__ bool pair_box(const sp_rows &r, int64_t q0, int64_t q1,
                                double nx, const tkm_real *__restrict__ ca,
                                size_t a, double *lo, double *hi)
{
    tkm_real g = 0;
    for (int64_t q = q0; q < q1; q++)
        g += r.v[q] * ca[r.col[q]];
    const double g2 = 2.0 * (double)g;
    const double u = nx * (1.0 + r.kk) + r.eta + (r.hi[a] - g2);
    if (!(isfinite(g2) && isfinite(nx) && u < TKMI_SCREEN_TOP))
        return false;
    *hi = u;
    *lo = nx * (1.0 - r.kk) - r.eta + (r.lo[a] - g2);
    return true;
}

struct scan_out {
    int32_t *labels;
    tkm_real *u, *l; // HAM: u, l; ELK: u, l[c*n + i]
    tkm_real upf, dnf, ab;
};

// One row's direct distances to the centroids cand[0 .. m) (cand NULL:
// every centroid, m = k), a lane a candidate; ELK writes each as a lower
// bound.  Returns the warp's best.
static __device__ best3 direct(const sp_rows &r, int64_t q0, int64_t q1,
                               const tkm_real *__restrict__ c, size_t d,
                               const int32_t *cand, size_t m, int mode,
                               const scan_out &o, size_t i, size_t n)
{
    const unsigned lane = threadIdx.x & 31u;
    best3 b = {(tkm_real)INFINITY, (tkm_real)INFINITY, INT_MAX};
    for (size_t p = lane; p < m; p += 32) {
        const int j = cand ? cand[p] : (int)p;
        const tkm_real d2 =
            sp_cdist2(r, q0, q1, c + (size_t)j * d, (size_t)j, d);
        if (mode == TKMI_SP_ELK)
            o.l[(size_t)j * n + i] = TKM_FN(tkmi_bnd_down)(TKM_SQRT(d2), o.dnf,
                                                           o.ab);
        best_add(b, d2, j);
    }
    best_warp(b);
    return b;
}

// The scan of the rows list[0 .. *len) (list NULL: every row), T
// centroids a lane per pass over the row (k <= 32 T, or passes of 32 T).
template <int T>
static __global__ __launch_bounds__(TKM_SP_BLOCK) void sp_scan_kernel(
    sp_rows r, size_t n, size_t d, const tkm_real *__restrict__ c,
    const tkm_real *__restrict__ ct, size_t k, const size_t *list,
    const unsigned long long *len, int mode, scan_out o, tkm_real *sg,
    int32_t *scand, unsigned long long *ctr)
{
    const unsigned lane = threadIdx.x & 31u;
    const size_t w0 = TKM_GRID_START >> 5, nw = TKM_GRID_STEP >> 5;
    tkm_real *gw = sg + w0 * k;
    int32_t *cw = scand + w0 * k;
    const size_t m = list ? (size_t)*len : n;
    unsigned long long v[TKMI_NCTR] = {0ull};
    for (size_t t = w0; t < m; t += nw) {
        const size_t i = list ? list[t] : t;
        const int64_t q0 = r.ptr[i], q1 = r.ptr[i + 1];
        const double nx = r.xn[i];
        // the products and the smallest U (less the row's terms) (the
        // loops below are the same for every lane of the warp: the
        // shuffles need all 32)
        bool fin = k >= 2 && isfinite(nx), boxes = true;
        double m1 = INFINITY;
        for (size_t c0 = 0; k >= 2 && c0 < k; c0 += 32 * T) {
            tkm_real acc[T];
#pragma unroll
            for (int s = 0; s < T; s++)
                acc[s] = 0;
            for (int64_t qb = q0; qb < q1; qb += 32) {
                const int64_t q = qb + (int64_t)lane;
                tkm_real xv = 0;
                int32_t xc = 0;
                if (q < q1) {
                    xv = r.v[q];
                    xc = r.col[q];
                }
                const int cnt = q1 - qb < 32 ? (int)(q1 - qb) : 32;
                for (int e = 0; e < cnt; e++) {
                    const tkm_real vs = __shfl_sync(FULL, xv, e);
                    const size_t cs = (size_t)__shfl_sync(FULL, xc, e);
                    const tkm_real *cr = ct + cs * k + c0 + lane;
#pragma unroll
                    for (int s = 0; s < T; s++)
                        if (c0 + lane + 32 * (size_t)s < k)
                            acc[s] += vs * cr[32 * s];
                }
            }
#pragma unroll
            for (int s = 0; s < T; s++) {
                const size_t j = c0 + lane + 32 * (size_t)s;
                if (j >= k)
                    continue;
                gw[j] = acc[s];
                const double g2 = 2.0 * (double)acc[s];
                const double vj = r.hi[j] - g2;
                fin = fin && isfinite(g2);
                boxes = boxes && nx * (1.0 + r.kk) + r.eta + vj <
                                     TKMI_SCREEN_TOP;
                m1 = vj < m1 ? vj : m1;
            }
        }
        fin = __all_sync(FULL, fin);
        boxes = __all_sync(FULL, boxes);
        for (int o2 = 16; o2 > 0; o2 >>= 1) {
            const double a1 = __shfl_xor_sync(FULL, m1, o2);
            m1 = a1 < m1 ? a1 : m1;
        }
        const double top = nx * (1.0 + r.kk) + r.eta + m1;
        const double thr = top - (nx * (1.0 - r.kk) - r.eta);
        // (the bounds of Hamerly and Elkan come from the boxes: each in
        // range, or every distance direct)
        bool ok = fin && top < TKMI_SCREEN_TOP &&
                  (mode == TKMI_SP_LLOYD || boxes);
        best3 b;
        size_t taken = 0;
        if (ok) {
            // the candidates, in increasing index, into cw
            size_t nc = 0;
            for (size_t c0 = 0; c0 < k; c0 += 32) {
                const size_t j = c0 + lane;
                const bool cand =
                    j < k && r.lo[j] - 2.0 * (double)gw[j] <= thr;
                const unsigned mask = __ballot_sync(FULL, cand);
                if (cand)
                    cw[nc + __popc(mask & ((1u << lane) - 1u))] = (int32_t)j;
                nc += (size_t)__popc(mask);
            }
            __syncwarp();
            if (nc == 1) {
                b.lab = cw[0];
            } else {
                b = direct(r, q0, q1, c, d, cw, nc, TKMI_SP_LLOYD, o, i, n);
                taken = nc;
                ok = nc > 0 && isfinite(b.b1);
            }
        }
        if (!ok) { // every direct distance
            b = direct(r, q0, q1, c, d, NULL, k, mode, o, i, n);
            taken += k;
        }
        if (ok && mode != TKMI_SP_LLOYD) {
            // the bounds from the boxes: u from the label's U; Elkan's
            // k lower bounds from each L, Hamerly's one from the smallest
            // L of the others (no direct distance needed for them)
            double lmin = INFINITY;
            for (size_t j = lane; j < k; j += 32) {
                const double g2 = 2.0 * (double)gw[j];
                const double lo = nx * (1.0 - r.kk) - r.eta + (r.lo[j] - g2);
                if (mode == TKMI_SP_ELK)
                    o.l[j * n + i] = box_down(lo, o.dnf, o.ab);
                else if ((int)j != b.lab)
                    lmin = lo < lmin ? lo : lmin;
                if ((int)j == b.lab)
                    o.u[i] = box_up(nx * (1.0 + r.kk) + r.eta + (r.hi[j] - g2),
                                    o.upf, o.ab);
            }
            for (int o2 = 16; o2 > 0; o2 >>= 1) {
                const double a1 = __shfl_xor_sync(FULL, lmin, o2);
                lmin = a1 < lmin ? a1 : lmin;
            }
            if (mode == TKMI_SP_HAM && lane == 0)
                o.l[i] = box_down(lmin, o.dnf, o.ab);
        }
        __syncwarp(); // cw and gw are the next row's
        if (lane == 0) {
            if (!ok && mode != TKMI_SP_LLOYD)
                o.u[i] = TKM_FN(tkmi_bnd_up)(TKM_SQRT(b.b1), o.upf, o.ab);
            if (!ok && mode == TKMI_SP_HAM)
                o.l[i] = TKM_FN(tkmi_bnd_down)(TKM_SQRT(b.b2), o.dnf, o.ab);
            if (o.labels[i] != b.lab) {
                o.labels[i] = b.lab;
                v[TKMI_CTR_CHANGED]++;
            }
            v[TKMI_CTR_DIST_PC] += k;
            v[TKMI_CTR_SCREENED] += k >= 2 ? k : 0; // (the products taken)
            v[TKMI_CTR_RECHECKED] += taken;
        }
    }
    tkm_block_count<TKMI_NCTR>(v, ctr);
}

// The scan's launch: a lane keeps up to 8 products, the warps of the
// engine's scratch (g->swarps) take the rows.
static tkm_status scan(TKM_FN(tkmi_gpu) *g, int mode, const size_t *list,
                       const unsigned long long *len, tkm_real *u,
                       tkm_real *l, char *msg, size_t msglen)
{
    const scan_out o = {g->labels, u, l, g->upf, g->dnf, g->ab};
    const sp_rows r = rows_of(g);
    const int blocks = g->swarps / (TKM_SP_BLOCK / 32);
    const size_t k = g->k;
#define TKM_SP_LAUNCH(T)                                                     \
    do {                                                                     \
        sp_scan_kernel<T><<<blocks, TKM_SP_BLOCK, 0, g->st>>>(               \
            r, g->n, g->d, g->c, g->ct, k, list, len, mode, o, g->sg,        \
            g->scand, g->sc->ctr);                                           \
        TKM_CU_LAUNCHED(sp_scan_kernel<T>);                                  \
    } while (0)
    if (k <= 32)
        TKM_SP_LAUNCH(1);
    else if (k <= 64)
        TKM_SP_LAUNCH(2);
    else if (k <= 128)
        TKM_SP_LAUNCH(4);
    else
        TKM_SP_LAUNCH(8);
#undef TKM_SP_LAUNCH
    return TKM_OK;
}

extern "C" tkm_status TKM_FN(tkmi_cu_sp_scan)(TKM_FN(tkmi_gpu) *g, int mode,
                                              const size_t *list,
                                              const unsigned long long *len,
                                              tkm_real *u, tkm_real *l,
                                              char *msg, size_t msglen)
{
    tkm_status rc = prepare(g, msg, msglen);
    return rc == TKM_OK ? scan(g, mode, list, len, u, l, msg, msglen) : rc;
}

// ---- Hamerly ------------------------------------------------------------------

// The global test; u tightened by the screen's box of the own centroid
// (the direct distance where the box leaves the proof's range) and the
// test again; the points that still fail into the list (hamerly.c's
// tkmi_ham_filter).
static __global__ __launch_bounds__(1024) void sp_ham_filter_kernel(
    sp_rows r, size_t n, size_t d, const tkm_real *__restrict__ c,
    const tkm_real *__restrict__ s, tkm_real upf, tkm_real ab,
    const int32_t *__restrict__ labels, tkm_real *u,
    const tkm_real *__restrict__ l, size_t *list, unsigned long long *len,
    unsigned long long *ctr)
{
    unsigned long long v[TKMI_NCTR] = {0ull};
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
        const int a = labels[i];
        const tkm_real lb = l[i];
        if (TKM_FN(tkmi_hamerly_pruned)(u[i], s[a], lb)) {
            v[TKMI_CTR_PTS]++;
            continue;
        }
        v[TKMI_CTR_DIST_PC]++;
        const int64_t q0 = r.ptr[i], q1 = r.ptr[i + 1];
        const tkm_real *ca = c + (size_t)a * d;
        double lo, hi;
        tkm_real ub;
        if (pair_box(r, q0, q1, r.xn[i], ca, (size_t)a, &lo, &hi)) {
            ub = box_up(hi, upf, ab);
        } else {
            const tkm_real a2 = sp_cdist2(r, q0, q1, ca, (size_t)a, d);
            ub = TKM_FN(tkmi_bnd_up)(TKM_SQRT(a2), upf, ab);
        }
        if (TKM_FN(tkmi_hamerly_pruned)(ub, s[a], lb))
            u[i] = ub;
        else
            list[atomicAdd(len, 1ull)] = i;
    }
    tkm_block_count<TKMI_NCTR>(v, ctr);
}

extern "C" tkm_status TKM_FN(tkmi_cu_sp_hamerly)(
    TKM_FN(tkmi_gpu) *g, tkm_real *u, tkm_real *l, const tkm_real *s,
    size_t *list, unsigned long long *len, char *msg, size_t msglen)
{
    tkm_status rc = prepare(g, msg, msglen);
    if (rc != TKM_OK)
        return rc;
    TKM_CU_CHECK(cudaMemsetAsync(len, 0, sizeof *len, g->st));
    sp_ham_filter_kernel<<<g->grid, g->block, 0, g->st>>>(
        rows_of(g), g->n, g->d, g->c, s, g->upf, g->ab, g->labels, u, l, list,
        len, g->sc->ctr);
    TKM_CU_LAUNCHED(sp_ham_filter_kernel);
    return scan(g, TKMI_SP_HAM, list, len, u, l, msg, msglen);
}

// ---- Elkan ----------------------------------------------------------------------

// One point's pruned assignment (elkan.c's elkan_point_sparse): the
// global test, then each centroid's pair test, u tightened once by the
// own centroid's box; a centroid that survives gets its box, and the
// direct distances only where its box and the best's overlap.  Returns 1
// when the global test pruned the point.
static __device__ int sp_elkan_point(const sp_rows &r, size_t i, size_t n,
                                     size_t d, const tkm_real *__restrict__ c,
                                     size_t k, const tkm_real *__restrict__ h,
                                     const tkm_real *__restrict__ s,
                                     tkm_real upf, tkm_real dnf, tkm_real ab,
                                     int *label, tkm_real *u, tkm_real *l,
                                     uint64_t *ndist, uint64_t *npairs)
{
    const int a0 = *label;
    int a = a0, tight = 0, exact = 0;
    tkm_real ub = *u, a2 = 0;
    double la = 0, ua = 0; // the box of a's squared distance
    const int64_t q0 = r.ptr[i], q1 = r.ptr[i + 1];
    const double nx = r.xn[i];
    if (TKM_FN(tkmi_elkan_point_pruned)(ub, s[a0]))
        return 1;
    for (size_t cc = 0; cc < k; cc++) {
        if ((int)cc == a0)
            continue;
        tkm_real *lc_ = l + cc * n + i;
        if (TKM_FN(tkmi_elkan_pair_pruned)(ub, *lc_, h[(size_t)a * k + cc])) {
            (*npairs)++;
            continue;
        }
        if (!tight) { // u tightened, then the pair tested again
            tight = 1;
            (*ndist)++;
            tkm_real *la_ = l + (size_t)a0 * n + i;
            const tkm_real *ca = c + (size_t)a0 * d;
            if (pair_box(r, q0, q1, nx, ca, (size_t)a0, &la, &ua)) {
                ub = box_up(ua, upf, ab);
                *la_ = box_down(la, dnf, ab);
            } else {
                a2 = sp_cdist2(r, q0, q1, ca, (size_t)a0, d);
                la = ua = (double)a2;
                exact = 1;
                ub = TKM_FN(tkmi_bnd_up)(TKM_SQRT(a2), upf, ab);
                *la_ = TKM_FN(tkmi_bnd_down)(TKM_SQRT(a2), dnf, ab);
            }
            if (TKM_FN(tkmi_elkan_pair_pruned)(ub, *lc_,
                                               h[(size_t)a * k + cc])) {
                (*npairs)++;
                continue;
            }
        }
        (*ndist)++;
        double lc, uc;
        const tkm_real *cr = c + cc * d;
        const bool box = pair_box(r, q0, q1, nx, cr, cc, &lc, &uc);
        if (box && lc > ua) { // farther than a, whatever the index
            *lc_ = box_down(lc, dnf, ab);
            continue;
        }
        if (box && uc < la) { // strictly nearer than a
            *lc_ = box_down(lc, dnf, ab);
            a = (int)cc;
            la = lc;
            ua = uc;
            exact = 0;
            ub = box_up(uc, upf, ab);
            continue;
        }
        if (!exact) {
            a2 = sp_cdist2(r, q0, q1, c + (size_t)a * d, (size_t)a, d);
            la = ua = (double)a2;
            exact = 1;
        }
        const tkm_real c2 = sp_cdist2(r, q0, q1, cr, cc, d);
        *lc_ = TKM_FN(tkmi_bnd_down)(TKM_SQRT(c2), dnf, ab);
        if (TKM_FN(tkmi_closer)(c2, cc, a2, (size_t)a)) {
            a = (int)cc;
            a2 = c2;
            la = ua = (double)c2;
            ub = TKM_FN(tkmi_bnd_up)(TKM_SQRT(c2), upf, ab);
        }
    }
    *label = a;
    *u = ub;
    return 0;
}

static __global__ __launch_bounds__(1024) void sp_elkan_kernel(
    sp_rows r, size_t n, size_t d, const tkm_real *__restrict__ c, size_t k,
    const tkm_real *__restrict__ h, const tkm_real *__restrict__ s,
    tkm_real upf, tkm_real dnf, tkm_real ab, int32_t *labels, tkm_real *u,
    tkm_real *l, unsigned long long *ctr)
{
    unsigned long long v[TKMI_NCTR] = {0ull};
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
        const int a0 = labels[i];
        int a = a0;
        tkm_real ub = u[i];
        uint64_t nd = 0, np = 0;
        if (sp_elkan_point(r, i, n, d, c, k, h, s, upf, dnf, ab, &a, &ub, l,
                           &nd, &np)) {
            v[TKMI_CTR_PTS]++;
            continue;
        }
        tkm_point_done(i, a0, a, ub, nd, np, labels, u, v);
    }
    tkm_block_count<TKMI_NCTR>(v, ctr);
}

extern "C" tkm_status TKM_FN(tkmi_cu_sp_elkan)(TKM_FN(tkmi_gpu) *g,
                                               tkm_real *u, tkm_real *l,
                                               const tkm_real *h,
                                               const tkm_real *s, char *msg,
                                               size_t msglen)
{
    tkm_status rc = cnorms(g, msg, msglen); // (boxes only: no ct)
    if (rc != TKM_OK)
        return rc;
    sp_elkan_kernel<<<g->grid, g->block, 0, g->st>>>(
        rows_of(g), g->n, g->d, g->c, g->k, h, s, g->upf, g->dnf, g->ab,
        g->labels, u, l, g->sc->ctr);
    TKM_CU_LAUNCHED(sp_elkan_kernel);
    return TKM_OK;
}

// ---- Yinyang ------------------------------------------------------------------

// The walk's distances on sparse rows (yinyang.cuh's yy_walk, as
// sp_elkan_point decides a centroid): a member's box first; one wholly
// beyond the best's box is farther whatever the index, one wholly below it
// strictly nearer (the best then known by its box); else the direct
// distances of both, compared in tkmi_closer's order.  The bounds are
// the boxes' where no direct distance was taken: the labels are the
// dense walk's, the bounds and counters may differ.
struct yy_sparse {
    sp_rows r;
    size_t d;
    const tkm_real *__restrict__ c;
    tkm_real upf, dnf, ab;

    __device__ tkm_real direct(size_t i, int j, unsigned long long *v) const
    {
        v[TKMI_CTR_RECHECKED]++;
        return sp_cdist2(r, r.ptr[i], r.ptr[i + 1], c + (size_t)j * d,
                         (size_t)j, d);
    }

    // The box of row i to centroid j (false: out of the proof's range).
    __device__ bool box(size_t i, int j, double *lo, double *hi,
                        unsigned long long *v) const
    {
        v[TKMI_CTR_SCREENED]++;
        return pair_box(r, r.ptr[i], r.ptr[i + 1], r.xn[i],
                        c + (size_t)j * d, (size_t)j, lo, hi);
    }

    __device__ tkm_real tight(size_t i, int a0, yy_best &w,
                              unsigned long long *v) const
    {
        double lo, hi;
        v[TKMI_CTR_DIST_PC]++;
        if (box(i, a0, &lo, &hi, v)) {
            w = yy_best{a0, 0, box_up(hi, upf, ab), lo, hi, false};
            return box_down(lo, dnf, ab);
        }
        const tkm_real a2 = direct(i, a0, v);
        const tkm_real dc = TKM_SQRT(a2);
        w = yy_best{a0, a2, TKM_FN(tkmi_bnd_up)(dc, upf, ab), (double)a2,
                    (double)a2, true};
        return TKM_FN(tkmi_bnd_down)(dc, dnf, ab);
    }

    __device__ tkm_real visit(size_t i, int cc, yy_best &w,
                              unsigned long long *v) const
    {
        double lc, uc;
        v[TKMI_CTR_DIST_PC]++;
        const bool in = box(i, cc, &lc, &uc, v);
        if (in && lc > w.ua) // farther than the best, whatever the index
            return box_down(lc, dnf, ab);
        if (in && uc < w.la) { // strictly nearer than the best
            w = yy_best{cc, 0, box_up(uc, upf, ab), lc, uc, false};
            return box_down(lc, dnf, ab);
        }
        if (!w.exact) {
            w.b2 = direct(i, w.b, v);
            w.la = w.ua = (double)w.b2;
            w.exact = true;
        }
        const tkm_real c2 = direct(i, cc, v);
        const tkm_real dc = TKM_SQRT(c2);
        if (TKM_FN(tkmi_closer)(c2, (size_t)cc, w.b2, (size_t)w.b))
            w = yy_best{cc, c2, TKM_FN(tkmi_bnd_up)(dc, upf, ab), (double)c2,
                        (double)c2, true};
        return TKM_FN(tkmi_bnd_down)(dc, dnf, ab);
    }
};

static yy_sparse sparse_of(const TKM_FN(tkmi_gpu) *g)
{
    return yy_sparse{rows_of(g), g->d, g->c, g->upf, g->dnf, g->ab};
}

// Both take the boxes only (no products through ct): cnorms first.
extern "C" tkm_status TKM_FN(tkmi_cu_sp_yy_first)(TKM_FN(tkmi_gpu) *g,
                                                  const TKM_FN(tkmi_yy_dev) *y,
                                                  char *msg, size_t msglen)
{
    tkm_status rc = cnorms(g, msg, msglen);
    if (rc != TKM_OK)
        return rc;
    tkm_yy_first_kernel<<<g->grid, g->block, 0, g->st>>>(
        sparse_of(g), g->n, g->k, *y, g->labels, g->sc->ctr);
    TKM_CU_LAUNCHED(tkm_yy_first_kernel<yy_sparse>);
    return TKM_OK;
}

extern "C" tkm_status TKM_FN(tkmi_cu_sp_yy_assign)(
    TKM_FN(tkmi_gpu) *g, const TKM_FN(tkmi_yy_dev) *y, char *msg,
    size_t msglen)
{
    tkm_status rc = cnorms(g, msg, msglen);
    if (rc != TKM_OK)
        return rc;
    tkm_yy_assign_kernel<<<g->grid, g->block, 0, g->st>>>(
        sparse_of(g), g->n, g->k, g->t, *y, g->labels, g->sc->ctr);
    TKM_CU_LAUNCHED(tkm_yy_assign_kernel<yy_sparse>);
    return TKM_OK;
}
