// Yinyang's assign step, shared-memory form, from tune.h's
// TKM_YY_WARP_MIN_D dimensions on (below, cuda-global's one pass, a thread
// a point, measured faster than these lists).  Only the points whose
// bounds fail cost distance work, and they are gathered first so that
// whole warps do it:
//   1. test_kernel: u grows by its centroid's drift; the global filter
//      with the group bounds shrunk by their drifts; the points that fail
//      go to list la (block scan, one atomic per block) with their global
//      bound;
//   2. tighten_kernel: over la, the distance to the own centroid tightens
//      u; the points that still fail go to list lw with that distance;
//   3. walk_kernel: a warp per point of lw, its coordinates staged in
//      shared memory.  The lanes apply the group filter to 32 groups at a
//      time; then each group that passed has its members taken 32 at a
//      time (the copy cg holds the centroids column-major in the order of
//      gmem, so the lanes' reads of a coordinate are one coalesced load):
//      each lane applies its member's local filter or computes the
//      distance, the best of the 32 joins the point's best (shuffles,
//      Lloyd's order) and their bounds are reduced over the warp.
// A test may use the upper bound of the point's best centroid at the
// start of its 32, which is the bound of a centroid found: the argument of
// yinyang_arith.h holds for any such bound.  Counted as the CPU counts:
// pruned_points the points step 1 passes, one distance per point of la,
// and per point of lw each other centroid computed or pruned.
#include "real.h"

#include "arith.h"
#include "cuda_engine.h"
#include "yinyang_kernels.h"

#include "common.cuh"
#include "assign_shared.cuh"
#include "yinyang.cuh"

typedef TKM_FN(tkmi_yy_dev) yy_dev;
typedef TKM_FN(tkmi_yy_sh) yy_sh;

static __global__ __launch_bounds__(1024) void yy_gather_kernel(
    const tkm_real *__restrict__ c, size_t k, size_t d,
    const int32_t *__restrict__ gmem, tkm_real *__restrict__ cg)
{
    const size_t m = k * d;
    for (size_t e = TKM_GRID_START; e < m; e += TKM_GRID_STEP) {
        const size_t j = e / k, p = e - j * k;
        cg[e] = c[(size_t)gmem[p] * d + j];
    }
}

static __global__ __launch_bounds__(1024) void yy_test_kernel(
    size_t n, const int32_t *__restrict__ labels,
    const tkm_real *__restrict__ tc, const yy_dev y, tkm_real *glbs,
    size_t *la, unsigned long long *len, unsigned long long *ctr)
{
    unsigned long long v[TKMI_NCTR] = {0ull, 0ull, 0ull, 0ull, 0ull};
    for (size_t b0 = (size_t)blockIdx.x * blockDim.x; b0 < n;
         b0 += (size_t)gridDim.x * blockDim.x) {
        const size_t i = b0 + threadIdx.x;
        bool fail = false;
        if (i < n) {
            const tkm_real u = TKM_FN(tkmi_bnd_grow)(y.u[i], tc[labels[i]]);
            const tkm_real glb = tkm_yy_global(y.lb + i, n, y.tg, y.t);
            y.u[i] = u;
            fail = !TKM_FN(tkmi_yinyang_pruned)(u, glb);
            if (fail) {
                glbs[i] = glb;
            } else {
                v[TKMI_CTR_PTS]++;
                tkm_yy_shrink_all(y.lb + i, n, y.tg, y.t);
            }
        }
        const size_t at = tkm_sh_slot_in(fail, len);
        if (fail)
            la[at] = i;
    }
    tkm_block_count<TKMI_NCTR>(v, ctr);
}

static __global__ __launch_bounds__(1024) void yy_tighten_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t d,
    const tkm_real *__restrict__ c, const int32_t *__restrict__ labels,
    const yy_dev y, tkm_real upf, tkm_real ab, const tkm_real *glbs,
    const size_t *la, const unsigned long long *lalen, size_t *lw,
    tkm_real *a2w, unsigned long long *lwlen, unsigned long long *ctr)
{
    unsigned long long v[TKMI_NCTR] = {0ull, 0ull, 0ull, 0ull, 0ull};
    const size_t m = *lalen;
    for (size_t b0 = (size_t)blockIdx.x * blockDim.x; b0 < m;
         b0 += (size_t)gridDim.x * blockDim.x) {
        const size_t pos = b0 + threadIdx.x;
        bool fail = false;
        size_t i = 0;
        tkm_real a2 = 0;
        if (pos < m) {
            i = la[pos];
            a2 = TKM_FN(tkmi_dist2)(x + i, n, c + (size_t)labels[i] * d, d);
            v[TKMI_CTR_DIST_PC]++;
            const tkm_real u = TKM_FN(tkmi_bnd_up)(TKM_SQRT(a2), upf, ab);
            y.u[i] = u;
            fail = !TKM_FN(tkmi_yinyang_pruned)(u, glbs[i]);
            if (!fail)
                tkm_yy_shrink_all(y.lb + i, n, y.tg, y.t);
        }
        const size_t at = tkm_sh_slot_in(fail, lwlen);
        if (fail) {
            lw[at] = i;
            a2w[at] = a2;
        }
    }
    tkm_block_count<TKMI_NCTR>(v, ctr);
}

// The walk of the points of lw, a warp each.  STAGED: the point's
// coordinates in shared memory (d per warp) and the centroids from cg;
// else (d too large for shared memory) both from global memory, each lane
// reading its centroid's row.  Both give tkmi_dist2's value: the same
// differences (up to sign, which rounding keeps) added in the same order.
//
// The groups are taken 32 at a time, a lane each: the group filter with
// the point's bound u at that time; a pruned group's new bound is written
// at once.  Then the groups that passed, one after the other: the filter
// again with the u of now, else the group's members 32 at a time, a lane
// each (the local filter, else the distance), the best of the 32 joining
// the point's, the members' bounds reduced over the warp.
template <bool STAGED>
static __global__ __launch_bounds__(1024) void yy_walk_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t d,
    const tkm_real *__restrict__ c, const tkm_real *__restrict__ cg, size_t k,
    const tkm_real *__restrict__ tc, const yy_dev y, tkm_real upf,
    tkm_real dnf, tkm_real ab, const size_t *lw,
    const tkm_real *__restrict__ a2w, const unsigned long long *lwlen,
    int32_t *labels, unsigned long long *ctr)
{
    extern __shared__ __align__(16) unsigned char tkm_yy_raw[];
    unsigned long long v[TKMI_NCTR] = {0ull, 0ull, 0ull, 0ull, 0ull};
    const unsigned lane = threadIdx.x & 31u, full = 0xffffffffu;
    const size_t wpb = blockDim.x >> 5, t = y.t;
    const tkm_real inf = (tkm_real)INFINITY;
    tkm_real *xw = reinterpret_cast<tkm_real *>(tkm_yy_raw) +
                   (STAGED ? (threadIdx.x >> 5) * d : 0);
    const size_t m = *lwlen;
    for (size_t pos = (size_t)blockIdx.x * wpb + (threadIdx.x >> 5); pos < m;
         pos += (size_t)gridDim.x * wpb) {
        const size_t i = lw[pos];
        const int a0 = labels[i], ga0 = y.grp[a0];
        tkm_real *lbi = y.lb + i;
        if (STAGED) {
            for (size_t j = lane; j < d; j += 32)
                xw[j] = x[j * n + i];
            __syncwarp();
        }
        int b = a0;
        tkm_real b2 = a2w[pos];
        const tkm_real dc0 = TKM_SQRT(b2);
        const tkm_real da0 = TKM_FN(tkmi_bnd_down)(dc0, dnf, ab);
        tkm_real u = TKM_FN(tkmi_bnd_up)(dc0, upf, ab);
        int fg = -1, fi1 = -1; // the best's group, as in yinyang_global.cu
        tkm_real fm2 = 0;
        for (size_t gb0 = 0; gb0 < t; gb0 += 32) {
            const size_t g = gb0 + lane;
            tkm_real lold = 0, m1 = inf, m2 = inf;
            int i1 = -1;
            bool live = false;
            if (g < t) {
                lold = lbi[g * n];
                const tkm_real lg = TKM_FN(tkmi_bnd_shrink)(lold, y.tg[g]);
                live = !TKM_FN(tkmi_yinyang_pruned)(u, lg);
                if (!live) {
                    m1 = lg;
                    if ((int)g == ga0)
                        tkm_yy_merge(m1, m2, i1, da0, inf, a0);
                    lbi[g * n] = m1;
                    v[TKMI_CTR_PAIRS] +=
                        (unsigned long long)(y.gstart[g + 1] - y.gstart[g]) -
                        ((int)g == ga0 ? 1ull : 0ull);
                }
            }
            // only a0's group can hold the best here (its members were
            // never walked)
            const unsigned rec =
                __ballot_sync(full, g < t && !live && (int)g == y.grp[b]);
            if (rec) {
                const int src = __ffs(rec) - 1;
                fg = (int)gb0 + src;
                fm2 = __shfl_sync(full, m2, src);
                fi1 = __shfl_sync(full, i1, src);
            }
            unsigned pass = __ballot_sync(full, live);
            while (pass) {
                const int src = __ffs(pass) - 1;
                pass &= pass - 1;
                const int gg = (int)gb0 + src;
                const tkm_real lo = __shfl_sync(full, lold, src);
                const tkm_real lg = TKM_FN(tkmi_bnd_shrink)(lo, y.tg[gg]);
                const int q0 = y.gstart[gg], q1 = y.gstart[gg + 1];
                tkm_real g1 = inf, g2 = inf;
                int gi1 = -1;
                if (gg == ga0)
                    tkm_yy_merge(g1, g2, gi1, da0, inf, a0);
                if (TKM_FN(tkmi_yinyang_pruned)(u, lg)) {
                    tkm_yy_merge(g1, g2, gi1, lg, inf, -1);
                    if (lane == 0)
                        v[TKMI_CTR_PAIRS] += (unsigned long long)(q1 - q0) -
                                             (gg == ga0 ? 1ull : 0ull);
                } else {
                    for (int q = q0; q < q1; q += 32) {
                        const int p = q + (int)lane;
                        int cand = (int)k;
                        tkm_real e1 = inf, d2c = inf;
                        int ei = -1;
                        if (p < q1) {
                            const int cc = y.gmem[p];
                            const tkm_real lc =
                                TKM_FN(tkmi_bnd_shrink)(lo, tc[cc]);
                            if (cc == a0) {
                                // its bound is da0, merged above
                            } else if (TKM_FN(tkmi_yinyang_pruned)(u, lc)) {
                                e1 = lc;
                                ei = cc;
                                v[TKMI_CTR_PAIRS]++;
                            } else {
                                d2c = STAGED
                                          ? TKM_FN(tkmi_dist2)(cg + p, k, xw, d)
                                          : TKM_FN(tkmi_dist2)(
                                                x + i, n, c + (size_t)cc * d,
                                                d);
                                v[TKMI_CTR_DIST_PC]++;
                                e1 = TKM_FN(tkmi_bnd_down)(TKM_SQRT(d2c), dnf,
                                                           ab);
                                ei = cc;
                                cand = cc;
                            }
                        }
                        tkm_real e2 = inf;
                        for (int o = 16; o > 0; o >>= 1) {
                            const tkm_real od = __shfl_xor_sync(full, d2c, o);
                            const int oc = __shfl_xor_sync(full, cand, o);
                            const tkm_real o1 = __shfl_xor_sync(full, e1, o);
                            const tkm_real o2 = __shfl_xor_sync(full, e2, o);
                            const int oi = __shfl_xor_sync(full, ei, o);
                            if (TKM_FN(tkmi_closer)(od, (size_t)oc, d2c,
                                                    (size_t)cand)) {
                                d2c = od;
                                cand = oc;
                            }
                            tkm_yy_merge(e1, e2, ei, o1, o2, oi);
                        }
                        tkm_yy_merge(g1, g2, gi1, e1, e2, ei);
                        if (cand < (int)k &&
                            TKM_FN(tkmi_closer)(d2c, (size_t)cand, b2,
                                                (size_t)b)) {
                            b = cand;
                            b2 = d2c;
                            u = TKM_FN(tkmi_bnd_up)(TKM_SQRT(b2), upf, ab);
                        }
                    }
                }
                if (lane == 0)
                    lbi[(size_t)gg * n] = g1;
                if (y.grp[b] == gg) {
                    fg = gg;
                    fm2 = g2;
                    fi1 = gi1;
                }
            }
        }
        if (lane == 0) {
            if (fg >= 0 && fi1 == b)
                lbi[(size_t)fg * n] = fm2;
            y.u[i] = u;
            if (b != a0) {
                labels[i] = b;
                v[TKMI_CTR_CHANGED]++;
            }
        }
        __syncwarp(); // xw is refilled for the next point
    }
    tkm_block_count<TKMI_NCTR>(v, ctr);
}

// list = s0 .. s0 + m - 1, *len = m.
static __global__ __launch_bounds__(1024) void yy_iota_kernel(
    size_t s0, size_t m, size_t *list, unsigned long long *len)
{
    for (size_t q = TKM_GRID_START; q < m; q += TKM_GRID_STEP)
        list[q] = s0 + q;
    if (TKM_GRID_START == 0)
        *len = m;
}

// Each group's bound of the slice's points s0 .. s0 + m - 1, a warp per
// point: the smallest of its members' bounds in L (row i - s0) other than
// the label, taken in shared memory (t a warp) through the bits of
// non-negative reals (common.cuh), +inf for a group of the label alone.
static __global__ __launch_bounds__(TKM_RED_THREADS) void yy_minima_kernel(
    const tkm_real *__restrict__ L, size_t s0, size_t m, size_t n, size_t k,
    const int32_t *__restrict__ labels, const yy_dev y)
{
    extern __shared__ __align__(16) unsigned char tkm_yy_raw[];
    const unsigned lane = threadIdx.x & 31u;
    const size_t wpb = blockDim.x >> 5, t = y.t;
    tkm_real *sh = reinterpret_cast<tkm_real *>(tkm_yy_raw) +
                   (threadIdx.x >> 5) * t;
    for (size_t pos = (size_t)blockIdx.x * wpb + (threadIdx.x >> 5); pos < m;
         pos += (size_t)gridDim.x * wpb) {
        const size_t i = s0 + pos;
        const int a = labels[i];
        const tkm_real *row = L + pos * k;
        for (size_t g = lane; g < t; g += 32)
            sh[g] = (tkm_real)INFINITY;
        __syncwarp();
        for (size_t c = lane; c < k; c += 32)
            if ((int)c != a)
                tkm_atomic_min_nonneg(sh + y.grp[c], row[c]);
        __syncwarp();
        for (size_t g = lane; g < t; g += 32)
            y.lb[g * n + i] = sh[g];
        __syncwarp();
    }
}

extern "C" tkm_status TKM_FN(tkmi_cu_sh_yy_first)(TKM_FN(tkmi_gpu) *g,
                                                  const yy_dev *y,
                                                  const yy_sh *s, char *msg,
                                                  size_t msglen)
{
    if (!s->slice)
        return TKM_FN(tkmi_cu_yy_first)(g, y, msg, msglen);
    tkm_status rc = TKM_FN(tkmi_cu_sh_ctrans)(g, msg, msglen);
    const int wpb = TKM_RED_THREADS / 32;
    const size_t smem = (size_t)wpb * y->t * sizeof(tkm_real);
    for (size_t s0 = 0; rc == TKM_OK && s0 < g->n; s0 += s->slice) {
        const size_t m = g->n - s0 < s->slice ? g->n - s0 : s->slice;
        yy_iota_kernel<<<tkm_blocks_for(m, g->block, tkm_wave(g)), g->block,
                         0, g->st>>>(s0, m, s->sl, s->sm);
        TKM_CU_LAUNCHED(yy_iota_kernel);
        tkm_sh_args a = tkm_sh_base(g);
        a.u = y->u;
        a.l = s->L;
        a.l0 = s0;
        a.list = s->sl;
        a.m = s->sm;
        rc = tkm_sh_tile_assign<TKM_SH_ELK_FIRST>(
            g, a, &g->plan[TKMI_PLAN_FIRST], msg, msglen);
        if (rc != TKM_OK)
            break;
        const size_t cap = (size_t)g->sms * (size_t)(g->thr_sm / TKM_RED_THREADS);
        const size_t want = (m + wpb - 1) / wpb;
        yy_minima_kernel<<<(int)(want < cap ? want : cap), TKM_RED_THREADS,
                           smem, g->st>>>(s->L, s0, m, g->n, g->k, g->labels,
                                          *y);
        TKM_CU_LAUNCHED(yy_minima_kernel);
    }
    return rc;
}

extern "C" tkm_status TKM_FN(tkmi_cu_sh_yy_gather)(TKM_FN(tkmi_gpu) *g,
                                                   const yy_dev *y,
                                                   const yy_sh *s, char *msg,
                                                   size_t msglen)
{
    const int blocks = tkm_blocks_for(g->k * g->d, g->block, tkm_wave(g));
    yy_gather_kernel<<<blocks, g->block, 0, g->st>>>(g->c, g->k, g->d,
                                                     y->gmem, s->cg);
    TKM_CU_LAUNCHED(yy_gather_kernel);
    return TKM_OK;
}

// The walk, a warp a point, planned in slot TKMI_PLAN_LIST: the point
// staged in shared memory
// when a block's warps' points leave room for two blocks a
// multiprocessor, else read from global memory (smem 0).
static tkm_status walk_launch(TKM_FN(tkmi_gpu) *g, const yy_dev *y,
                              const yy_sh *s, char *msg, size_t msglen)
{
    tkmi_shplan *pl = &g->plan[TKMI_PLAN_LIST];
    const size_t warps = (size_t)g->block / 32;
    const size_t need = (g->n + warps - 1) / warps;
    if (!pl->grid) {
        const size_t bytes = warps * g->d * sizeof(tkm_real);
        const int budget = tkm_sh_budget(g, 2);
        pl->smem = budget > 0 && bytes <= (size_t)budget ? (int)bytes : 0;
        tkm_status rc =
            pl->smem ? tkm_sh_grid(g, yy_walk_kernel<true>, pl->smem, need,
                                   &pl->grid, "the Yinyang walk", msg, msglen)
                     : tkm_sh_grid(g, yy_walk_kernel<false>, 0, need,
                                   &pl->grid, "the Yinyang walk", msg,
                                   msglen);
        if (rc != TKM_OK) {
            pl->grid = 0;
            return rc;
        }
    }
    if (pl->smem) {
        yy_walk_kernel<true><<<pl->grid, g->block, pl->smem, g->st>>>(
            g->x, g->n, g->d, g->c, s->cg, g->k, g->t, *y, g->upf, g->dnf,
            g->ab, s->lw, s->a2, s->cnt + 1, g->labels, g->sc->ctr);
        TKM_CU_LAUNCHED(yy_walk_kernel<true>);
    } else {
        yy_walk_kernel<false><<<pl->grid, g->block, 0, g->st>>>(
            g->x, g->n, g->d, g->c, s->cg, g->k, g->t, *y, g->upf, g->dnf,
            g->ab, s->lw, s->a2, s->cnt + 1, g->labels, g->sc->ctr);
        TKM_CU_LAUNCHED(yy_walk_kernel<false>);
    }
    return TKM_OK;
}

extern "C" tkm_status TKM_FN(tkmi_cu_sh_yy_assign)(TKM_FN(tkmi_gpu) *g,
                                                   const yy_dev *y,
                                                   const yy_sh *s, char *msg,
                                                   size_t msglen)
{
    if (g->d < TKM_YY_WARP_MIN_D)
        return TKM_FN(tkmi_cu_yy_assign)(g, y, msg, msglen);
    TKM_CU_CHECK(cudaMemsetAsync(s->cnt, 0, 2 * sizeof *s->cnt, g->st));
    yy_test_kernel<<<g->grid, g->block, 0, g->st>>>(
        g->n, g->labels, g->t, *y, s->glb, s->la, s->cnt, g->sc->ctr);
    TKM_CU_LAUNCHED(yy_test_kernel);
    yy_tighten_kernel<<<g->grid, g->block, 0, g->st>>>(
        g->x, g->n, g->d, g->c, g->labels, *y, g->upf, g->ab, s->glb, s->la,
        s->cnt, s->lw, s->a2, s->cnt + 1, g->sc->ctr);
    TKM_CU_LAUNCHED(yy_tighten_kernel);
    return walk_launch(g, y, s, msg, msglen);
}
