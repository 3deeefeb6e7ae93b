// Elkan's steps, shared-memory form, lower bounds point-major l[i*k + c].
//   first: the tile kernel of kernels/assign_shared.cuh over all points,
//          every (point, centroid) distance, every bound set;
//   move:  the bound phase: P[c], centroid c's safe drifts summed, grows
//          by this step's (k values).  The n*k lower bounds are stored
//          lazily, each against P[c] as it stood when the bound was made
//          (arith.h's tkmi_bnd_lift), and read back against P[c] as it
//          stands (tkmi_bnd_shrink): a bound is read or written only when
//          its point fails the global test, never by a pass over all of
//          them (at d = 2, k = 100 that pass moved n*k bounds each step,
//          most of the step's traffic);
//   assign: test_kernel grows each u by its centroid's drift and compacts
//          the points that fail the global test u < s(a) into a list, with
//          their labels and u (block scan, one atomic per block); then
//          pairs_kernel gives each listed point a
//          warp, whose 32 lanes take 32 centroids at a time: each lane
//          tests its pair against l(x, c) and h(a, c) (h of the current
//          best a; the next chunk's are loaded meanwhile), and only the
//          pairs that survive cost a distance.  Every distance is one
//          lane's chain of d additions in tkmi_dist2's order (the labels
//          must be the CPU's bit for bit), so at high d its cost is latency:
//          with room in shared memory the warp stages the point's
//          coordinates once its first distance is due (a point whose pairs
//          are all pruned reads nothing of x; from the row-major copy
//          g->xr where the engine keeps it, d >= 32: one coalesced read,
//          not d scattered ones) and, when few lanes of a chunk survive,
//          stages each surviving centroid's row in turn with all 32 lanes
//          (coalesced) for its lane to walk in shared memory; when many
//          survive, at d >= 256 it stages slabs of d/32 coordinates of the
//          chunk's 32 centroids, every lane walking its own, and at lower
//          d each lane reads its centroid from the column-major copy
//          (coalesced across the lanes).  Staging is by asynchronous
//          copies: all of a lane's loads in flight at once.
//
// The tests of a chunk of 32 centroids use the bound u as it stands at the
// start of the chunk; the CPU (src/elkan/elkan_arith.h) tightens u after
// every centroid that wins, so it may skip a centroid later in the same
// chunk that this form computes.  Both prune only pairs that provably
// cannot win, so the labels are the same; dist_pc may be a little larger
// here and pruned_pairs smaller by as much (their sum is the same per
// point).  pruned_points is exactly the CPU's.
#include "real.h"

#include "arith.h"
#include "cuda_engine.h"
#include "elkan_kernels.h"
#include "elkan_arith.h"

#include "common.cuh"
#include "assign_shared.cuh"

// Bound phase: P[c] grows by t[c] (rounded up: P[c] is at least its
// value before plus t[c]).  A centroid that did not move keeps its P.
static __global__ void sum_kernel(size_t k, const tkm_real *__restrict__ t,
                                  tkm_real *P)
{
    for (size_t c = TKM_GRID_START; c < k; c += TKM_GRID_STEP)
        P[c] = TKM_FN(tkmi_bnd_grow)(P[c], t[c]);
}

// A point's lower bound l(x, c) from its stored form li[c] and P[c], and
// the stored form of a new bound v (the top of the file).
static __device__ __forceinline__ tkm_real lb_get(const tkm_real *li,
                                                  const tkm_real *P, size_t c)
{
    return TKM_FN(tkmi_bnd_shrink)(li[c], P[c]);
}

static __device__ __forceinline__ void lb_put(tkm_real *li, const tkm_real *P,
                                              size_t c, tkm_real v)
{
    li[c] = TKM_FN(tkmi_bnd_lift)(v, P[c]);
}

// The global test; a point that fails it goes into the list with its
// label and u (ll and lu by list position: the pair kernel's first reads
// of a point are then one round trip, not two).  With the safe drifts t
// (NULL in the first iteration) u first grows by its centroid's.
static __global__ __launch_bounds__(1024) void test_kernel(
    size_t n, const int32_t *__restrict__ labels,
    const tkm_real *__restrict__ t, tkm_real *u,
    const tkm_real *__restrict__ s, size_t *list, int32_t *ll, tkm_real *lu,
    unsigned long long *len, unsigned long long *ctr)
{
    unsigned long long v[TKMI_NCTR] = {0ull, 0ull, 0ull, 0ull, 0ull};
    for (size_t b0 = (size_t)blockIdx.x * blockDim.x; b0 < n;
         b0 += (size_t)gridDim.x * blockDim.x) {
        const size_t i = b0 + threadIdx.x;
        bool fail = false;
        int32_t a = 0;
        tkm_real ui = 0;
        if (i < n) {
            a = labels[i];
            ui = u[i];
            if (t && t[a] > 0) {
                ui = TKM_FN(tkmi_bnd_grow)(ui, t[a]);
                u[i] = ui;
            }
            fail = !TKM_FN(tkmi_elkan_point_pruned)(ui, s[a]);
            v[TKMI_CTR_PTS] += !fail;
        }
        const size_t at = tkm_sh_slot_in(fail, len);
        if (fail) {
            list[at] = i;
            ll[at] = a;
            lu[at] = ui;
        }
    }
    tkm_block_count<TKMI_NCTR>(v, ctr);
}

// sum_j (x_j - c_j)^2 in order, x's and c's coordinates xs and cs apart:
// the operations of tkmi_dist2.
static __device__ __forceinline__ tkm_real dist2_strided(const tkm_real *x,
                                                         size_t xs,
                                                         const tkm_real *c,
                                                         size_t cs, size_t d)
{
    tkm_real s = 0;
    for (size_t j = 0; j < d; j++) {
        const tkm_real t = x[j * xs] - c[j * cs];
        s += t * t;
    }
    return s;
}

// Lexicographic minimum of (c2, cc) over the warp, cc == INT_MAX: none.
static __device__ __forceinline__ void warp_min(tkm_real &c2, int &cc)
{
    for (int o = 16; o > 0; o >>= 1) {
        const tkm_real oc2 = __shfl_xor_sync(0xffffffffu, c2, o);
        const int occ = __shfl_xor_sync(0xffffffffu, cc, o);
        if (occ != INT_MAX &&
            (cc == INT_MAX || oc2 < c2 || (oc2 == c2 && occ < cc))) {
            c2 = oc2;
            cc = occ;
        }
    }
}

// dst[j] = src[j * ss] for j < d by the 32 lanes of a warp, as
// asynchronous copies (cp.async from sm_80 on): all of a lane's loads in
// flight at once, no registers held.  Every lane calls it; on return the
// lane's own copies have landed, and the caller syncs the warp before
// reading the others'.
static __device__ __forceinline__ void warp_stage(tkm_real *dst,
                                                  const tkm_real *src,
                                                  size_t ss, size_t d,
                                                  unsigned lane)
{
    for (size_t j = lane; j < d; j += 32)
        __pipeline_memcpy_async(dst + j, src + j * ss, sizeof(tkm_real));
    __pipeline_commit();
    __pipeline_wait_prior(0);
}

// dist2_strided with TKM_ELK_BATCH coordinates' loads issued before their
// part of the same chain of additions (tune.h); dist2_rows: two contiguous
// rows in shared memory.
static __device__ __forceinline__ tkm_real dist2_batched(const tkm_real *x,
                                                         size_t xs,
                                                         const tkm_real *c,
                                                         size_t cs, size_t d)
{
    tkm_real s = 0;
    size_t j0 = 0;
    for (; j0 + TKM_ELK_BATCH <= d; j0 += TKM_ELK_BATCH) {
        tkm_real t[TKM_ELK_BATCH];
#pragma unroll
        for (int q = 0; q < TKM_ELK_BATCH; q++)
            t[q] = x[(j0 + q) * xs] - c[(j0 + q) * cs];
#pragma unroll
        for (int q = 0; q < TKM_ELK_BATCH; q++)
            s += t[q] * t[q];
    }
    for (; j0 < d; j0++) {
        const tkm_real t = x[j0 * xs] - c[j0 * cs];
        s += t * t;
    }
    return s;
}

static __device__ __forceinline__ tkm_real dist2_rows(const tkm_real *x,
                                                      const tkm_real *c,
                                                      size_t d)
{
    return dist2_batched(x, 1, c, 1, d);
}

// Surviving pairs of a chunk at or below one per TKM_ELK_ROW_D
// coordinates go one row at a time through shared memory: a staged row
// costs about one memory latency plus a chain of d additions, a lane
// reading the column-major copy about d/4 latencies, all lanes at once.
// ... except that from TKM_ELK_SLAB_J * 32 coordinates on, more than
// TKM_ELK_SLAB_ROWS survivors go through slabs instead: d/32 coordinates of
// all 32 centroids of the chunk at a time (the room of one row), every
// lane walking its own centroid's chain, about 32 latencies in all.
// (The three constants: tune.h.)

// Squared distance of the staged point xw to centroid c0 + lane (when
// need; the lanes of c >= k stage zeros), in tkmi_dist2's order, through
// slabs of J coordinates x 32 centroids in cw (J*32 <= d reals): the
// column-major centroids ct[j*k + c] give each slab row in one coalesced
// read.  Every lane calls it.
static __device__ __forceinline__ tkm_real dist2_slabs(
    const tkm_real *xw, tkm_real *cw, const tkm_real *__restrict__ ct,
    size_t k, size_t d, size_t J, size_t c, bool need, unsigned lane)
{
    tkm_real s = 0;
    for (size_t j0 = 0; j0 < d; j0 += J) {
        const size_t jn = d - j0 < J ? d - j0 : J;
        for (size_t jj = 0; jj < jn; jj++) {
            if (c < k)
                __pipeline_memcpy_async(cw + jj * 32 + lane,
                                        ct + (j0 + jj) * k + c,
                                        sizeof(tkm_real));
            else
                cw[jj * 32 + lane] = (tkm_real)0;
        }
        __pipeline_commit();
        __pipeline_wait_prior(0);
        __syncwarp();
        if (need)
            for (size_t jj = 0; jj < jn; jj++) {
                const tkm_real t = xw[j0 + jj] - cw[jj * 32 + lane];
                s += t * t;
            }
        __syncwarp(); // the next slab overwrites cw
    }
    return s;
}

// The warp's next list position w: the next of its batch [w, w1), else
// the first of a new batch of per from the counter *next (lane 0 takes
// it, every lane gets it).  False past the list's end m.  Start with w =
// w1 = 0.
static __device__ __forceinline__ bool next_item(unsigned long long *next,
                                                 unsigned per, unsigned lane,
                                                 size_t m,
                                                 unsigned long long &w,
                                                 unsigned long long &w1)
{
    if (w + 1 < w1) {
        w++;
        return true;
    }
    unsigned long long b = 0;
    if (lane == 0)
        b = atomicAdd(next, (unsigned long long)per);
    w = __shfl_sync(0xffffffffu, b, 0);
    w1 = w + per < m ? w + per : m;
    return w < m;
}

// One warp per listed point (see the top of the file), taken from the
// counter *next (zero at launch) as each warp finishes its last (taken
// earlier, a point could wait behind a long one while other warps sat
// idle at the end of the list: at 100,000 x 784 Elkan took 4.34 against
// 4.10 ms): the points' costs differ widely, and a fixed share per warp
// left most of a block waiting for its slowest warp.  Where k d is small
// a warp takes per points at once (TKM_ELK_CLAIM): there a point's walk
// is short and one atomic each would cost more than it.  stage: 0,
// nothing staged; 1, the point's coordinates (d reals per warp); 2, those
// and one centroid row (2d reals per warp).
static __global__ __launch_bounds__(1024) void pairs_kernel(
    const tkm_real *__restrict__ x, size_t ps, size_t ds, size_t d,
    const tkm_real *__restrict__ cr, const tkm_real *__restrict__ ct, size_t k,
    const size_t *__restrict__ list, const int32_t *__restrict__ ll,
    const tkm_real *__restrict__ lu, const unsigned long long *len,
    unsigned long long *next, const tkm_real *__restrict__ P,
    const tkm_real *__restrict__ h, tkm_real upf,
    tkm_real dnf, tkm_real ab, int stage, unsigned per, int32_t *labels,
    tkm_real *u, tkm_real *l, unsigned long long *ctr)
{
    extern __shared__ __align__(16) unsigned char tkm_sh_raw[];
    const unsigned lane = threadIdx.x & 31u, wib = threadIdx.x >> 5;
    tkm_real *xw = reinterpret_cast<tkm_real *>(tkm_sh_raw) +
                   wib * d * (size_t)stage;
    tkm_real *cw = xw + d; // stage == 2 only
    const size_t m = *len;
    unsigned long long v[TKMI_NCTR] = {0ull, 0ull, 0ull, 0ull, 0ull};
    const size_t J = d / 32; // slab depth
    for (unsigned long long w = 0, w1 = 0;
         next_item(next, per, lane, m, w, w1);) {
        const size_t i = list[w];
        const int a0 = ll[w];
        tkm_real ub = lu[w], a2 = 0;
        const tkm_real *xp = x + i * ps; // the point's first coordinate
        size_t xs = ds;
        bool staged = false; // the point is staged once it needs a distance
        tkm_real *li = l + i * k;
        int a = a0;
        bool tight = false;
        // a chunk's l and h(a, .) are loaded while the chunk before it is
        // tested (h again if a changed meanwhile; l(x, a0) is never read)
        int ah = a0;
        tkm_real lcn =
            lane < k && (int)lane != a0 ? lb_get(li, P, lane) : (tkm_real)0;
        tkm_real hacn = lane < k ? h[(size_t)a0 * k + lane] : (tkm_real)0;
        for (size_t c0 = 0; c0 < k; c0 += 32) {
            const size_t c = c0 + lane;
            const bool valid = c < k && (int)c != a0;
            const tkm_real lc = valid ? lcn : (tkm_real)0;
            tkm_real hac = hacn;
            if (ah != a)
                hac = c < k ? h[(size_t)a * k + c] : (tkm_real)0;
            hac = valid ? hac : (tkm_real)0;
            if (c0 + 32 < k) {
                const size_t cn = c + 32;
                lcn = cn < k && (int)cn != a0 ? lb_get(li, P, cn)
                                              : (tkm_real)0;
                hacn = cn < k ? h[(size_t)a * k + cn] : (tkm_real)0;
                ah = a;
            }
            bool need = valid && !TKM_FN(tkmi_elkan_pair_pruned)(ub, lc, hac);
            unsigned mask = __ballot_sync(0xffffffffu, need);
            if (mask && stage && !staged) {
                warp_stage(xw, xp, xs, d, lane);
                __syncwarp();
                xp = xw;
                xs = 1;
                staged = true;
            }
            if (!tight && mask) {
                // u becomes the distance to a(x), computed by every lane
                if (stage == 2) {
                    warp_stage(cw, cr + (size_t)a0 * d, 1, d, lane);
                    __syncwarp();
                    a2 = dist2_rows(xw, cw, d);
                    __syncwarp(); // cw is rewritten below
                } else {
                    a2 = dist2_strided(xp, xs, ct + a0, k, d);
                }
                const tkm_real da = TKM_SQRT(a2);
                ub = TKM_FN(tkmi_bnd_up)(da, upf, ab);
                if (lane == 0) {
                    lb_put(li, P, (size_t)a0,
                           TKM_FN(tkmi_bnd_down)(da, dnf, ab));
                    v[TKMI_CTR_DIST_PC]++;
                }
                tight = true;
                need = valid && !TKM_FN(tkmi_elkan_pair_pruned)(ub, lc, hac);
                mask = __ballot_sync(0xffffffffu, need);
            }
            v[TKMI_CTR_PAIRS] += valid && !need;
            tkm_real c2 = (tkm_real)INFINITY;
            int cc = INT_MAX;
            const size_t np = (size_t)__popc(mask);
            if (stage == 2 && J >= TKM_ELK_SLAB_J &&
                np > TKM_ELK_SLAB_ROWS) {
                const tkm_real s2 =
                    dist2_slabs(xw, cw, ct, k, d, J, c, need, lane);
                if (need)
                    c2 = s2;
            } else if (stage == 2 && np * TKM_ELK_ROW_D <= d) {
                for (unsigned rest = mask; rest; rest &= rest - 1) {
                    const unsigned b = (unsigned)__ffs(rest) - 1u;
                    warp_stage(cw, cr + (c0 + b) * d, 1, d, lane);
                    __syncwarp();
                    if (lane == b)
                        c2 = dist2_rows(xw, cw, d);
                    __syncwarp(); // the next row overwrites cw
                }
            } else if (need) {
                c2 = dist2_strided(xp, xs, ct + c, k, d);
            }
            if (!mask)
                continue;
            if (need) {
                v[TKMI_CTR_DIST_PC]++;
                lb_put(li, P, c, TKM_FN(tkmi_bnd_down)(TKM_SQRT(c2), dnf, ab));
                cc = (int)c;
            }
            warp_min(c2, cc);
            if (cc != INT_MAX && TKM_FN(tkmi_closer)(c2, (size_t)cc, a2,
                                                     (size_t)a)) {
                a = cc;
                a2 = c2;
                ub = TKM_FN(tkmi_bnd_up)(TKM_SQRT(c2), upf, ab);
            }
        }
        if (lane == 0) {
            u[i] = ub;
            if (a != a0) {
                labels[i] = a;
                v[TKMI_CTR_CHANGED]++;
            }
        }
        __syncwarp(); // xw is rewritten for the next point
    }
    tkm_block_count<TKMI_NCTR>(v, ctr);
}

// The listed points a thread each, at low d and k (TKM_ELK_THREAD_MAX_D
// and _K): tkmi_elkan_point's loop (the CPU's per-point order: u
// tightened after every centroid that wins) over the point's row of
// lazily stored bounds.
static __global__ __launch_bounds__(1024) void list_kernel(
    const tkm_real *__restrict__ x, size_t ps, size_t ds, size_t d,
    const tkm_real *__restrict__ cr, size_t k,
    const size_t *__restrict__ list, const int32_t *__restrict__ ll,
    const tkm_real *__restrict__ lu, const unsigned long long *len,
    const tkm_real *__restrict__ P, const tkm_real *__restrict__ h,
    const tkm_real *__restrict__ s, tkm_real upf, tkm_real dnf, tkm_real ab,
    int32_t *labels, tkm_real *u, tkm_real *l, unsigned long long *ctr)
{
    unsigned long long v[TKMI_NCTR] = {0ull, 0ull, 0ull, 0ull, 0ull};
    const size_t m = *len;
    for (size_t w = TKM_GRID_START; w < m; w += TKM_GRID_STEP) {
        const size_t i = list[w];
        const int a0 = ll[w];
        int a = a0;
        tkm_real ub = lu[w];
        uint64_t nd = 0, np = 0;
        TKM_FN(tkmi_elkan_point)(x + i * ps, ds, cr, k, d, l + i * k, 1, P,
                                 h, s, upf, dnf, ab, &a, &ub, &nd, &np);
        tkm_point_done(i, a0, a, ub, nd, np, labels, u, v);
    }
    tkm_block_count<TKMI_NCTR>(v, ctr);
}

extern "C" tkm_status TKM_FN(tkmi_cu_sh_elkan_move)(TKM_FN(tkmi_gpu) *g,
                                                    tkm_real *P, char *msg,
                                                    size_t msglen)
{
    sum_kernel<<<tkm_blocks_for(g->k, g->block, g->grid), g->block, 0,
                 g->st>>>(g->k, g->t, P);
    TKM_CU_LAUNCHED(sum_kernel);
    return TKM_OK;
}

// Plan of pairs_kernel: stage the points and a centroid row (else the
// points alone) in shared memory when a block's warps' rows fit in the
// budget of two blocks per multiprocessor.
static tkm_status pairs_plan(TKM_FN(tkmi_gpu) *g, tkmi_shplan *pl, char *msg,
                             size_t msglen)
{
    const size_t wpb = (size_t)g->block / 32;
    const size_t row = wpb * g->d * sizeof(tkm_real);
    const size_t budget = (size_t)tkm_sh_budget(g, TKM_ELK_PAIR_BLOCKS);
    pl->chunk = 2 * row <= budget ? 2 : row <= budget ? 1 : 0;
    pl->smem = (int)(row * (size_t)pl->chunk);
    tkm_status rc = tkm_sh_grid(g, pairs_kernel, pl->smem,
                                (g->n + wpb - 1) / wpb, &pl->grid,
                                "the Elkan pair kernel", msg, msglen);
    if (rc != TKM_OK)
        pl->grid = 0;
    return rc;
}

// The global test of the assign step (u grown by the drifts t first,
// unless t is NULL): the failing points into list, its length into
// cnt[0].
static tkm_status queue_test(TKM_FN(tkmi_gpu) *g, const tkm_real *t,
                             tkm_real *u, const tkm_real *s, size_t *list,
                             int32_t *ll, tkm_real *lu,
                             unsigned long long *cnt, char *msg, size_t msglen)
{
    TKM_CU_CHECK(cudaMemsetAsync(cnt, 0, 2 * sizeof *cnt, g->st));
    test_kernel<<<g->grid, g->block, 0, g->st>>>(g->n, g->labels, t, u, s,
                                                 list, ll, lu, cnt,
                                                 g->sc->ctr);
    TKM_CU_LAUNCHED(test_kernel);
    return TKM_OK;
}

// The pair kernel over the list of queue_test.
static tkm_status queue_pairs(TKM_FN(tkmi_gpu) *g, tkm_real *u, tkm_real *l,
                              const tkm_real *P, const tkm_real *h,
                              const tkm_real *s, const size_t *list,
                              const int32_t *ll, const tkm_real *lu,
                              unsigned long long *cnt, char *msg,
                              size_t msglen)
{
    const tkm_pts pt = tkm_points(g);
    if (g->d <= TKM_ELK_THREAD_MAX_D && g->k <= TKM_ELK_THREAD_MAX_K) {
        list_kernel<<<g->grid, g->block, 0, g->st>>>(
            pt.x, pt.ps, pt.ds, g->d, g->c, g->k, list, ll, lu, cnt, P, h, s,
            g->upf, g->dnf, g->ab, g->labels, u, l, g->sc->ctr);
        TKM_CU_LAUNCHED(list_kernel);
        return TKM_OK;
    }
    tkmi_shplan *pl = &g->plan[TKMI_PLAN_PAIRS];
    tkm_status rc = TKM_OK;
    if (!pl->grid && (rc = pairs_plan(g, pl, msg, msglen)) != TKM_OK)
        return rc;
    const unsigned per =
        (double)g->k * (double)g->d < TKM_ELK_CLAIM_MAX_KD ? TKM_ELK_CLAIM : 1;
    pairs_kernel<<<pl->grid, g->block, pl->smem, g->st>>>(
        pt.x, pt.ps, pt.ds, g->d, g->c, g->ct, g->k, list, ll, lu, cnt, cnt + 1,
        P, h, g->upf, g->dnf, g->ab, pl->chunk, per, g->labels, u, l,
        g->sc->ctr);
    TKM_CU_LAUNCHED(pairs_kernel);
    return TKM_OK;
}

extern "C" tkm_status TKM_FN(tkmi_cu_sh_elkan_assign)(
    TKM_FN(tkmi_gpu) *g, tkm_real *u, tkm_real *l, const tkm_real *P,
    const tkm_real *h, const tkm_real *s, size_t *list, int32_t *ll,
    tkm_real *lu, unsigned long long *cnt, char *msg, size_t msglen)
{
    tkm_status rc = TKM_FN(tkmi_cu_sh_ctrans)(g, msg, msglen);
    if (rc == TKM_OK)
        rc = queue_test(g, g->t, u, s, list, ll, lu, cnt, msg, msglen);
    if (rc == TKM_OK)
        rc = queue_pairs(g, u, l, P, h, s, list, ll, lu, cnt, msg, msglen);
    return rc;
}

// ---- the first assign ------------------------------------------------------
//
// All n k distances of the first pass cost at high d as much as a Lloyd
// iteration (1.8 ms in double at 100,000 x 784, k = 100, on an H100), while
// most of them are far larger than the point's nearest.  Elkan's own first
// iteration skips them with Lemma 1: once a centroid b is known at distance
// u(x), no c with d(b, c) >= 2 u(x) can be nearer, and d(b, c) - u(x) is a
// lower bound on d(x, c).  His points visit the centroids in index order;
// here every point first finds a candidate b, the nearest centroid over
// its first TKM_ELK_CAND_D coordinates (the Lloyd tile kernel with d cut
// short: any b is sound, a good one prunes most), then:
//   own:    u(x) = d(x, b) rounded up, l(x, b) its lower bound;
//   halves: h and s of the centroids, as the assign step computes them;
//   test:   the global test u(x) < s(b), which lists the failing points;
//   lemma:  l(x, c) = 2 h(b, c) - u(x), rounded down, for c != b: the
//           lemma's bound, valid whichever centroid wins;
//   list:   the listed points through the tile kernel's full pass (all k
//           distances, every bound, Lloyd's label), as if alone.
// A point that keeps b costs one distance and a look at s; the labels are
// Lloyd's (the listed points' from every distance, the others' proven by
// the rounding-safe global test).  Where the candidates are poor or the
// clusters crowd, most points are listed and the pass costs the full
// pass plus about an eighth (at d = 256 the candidates' 32 coordinates
// of every pair; u's distances and the lemma's bounds besides).  The
// listed points are not sent to the pair kernel: at 100,000 x 784 in
// double, 8,169 points were listed (blobs with two centroids or none),
// with some 50 survivors each, and the first assign took 1.28 ms that
// way, against about 1.03 through the tile kernel.
// The counts of the first iteration are those of the work done: dist_pc
// holds the candidates' partial sums as ceil(n k TKM_ELK_CAND_D / d)
// distances, u's n distances and the listed points' k each; dist_cc the
// halves; pruned_points the global test's; changed is n, every label new.
// From TKM_ELK_CAND_MIN_D coordinates on (tune.h; src/elkan/elkan_cuda.c
// orders the steps).

// u(x) and l(x, b) from the distance to the candidate b = labels[i], a
// thread per point: the column-major points (coalesced) and centroids
// (ct[j*k + b]: for one j the warp's lanes read one row of k, which the
// other warps of the multiprocessor read too; the centroids' own rows,
// one per lane, took 314 us at 100,000 x 784 in double, for 190 of the
// points' bytes at the H100's memory bandwidth), loads batched.  Only
// bounds come of it, so the order of the additions is free; it is
// tkmi_dist2's.
static __global__ __launch_bounds__(1024) void own_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t d,
    const tkm_real *__restrict__ ct, size_t k,
    const int32_t *__restrict__ labels, tkm_real upf, tkm_real dnf, tkm_real ab,
    tkm_real *u, tkm_real *l, unsigned long long *ctr)
{
    unsigned long long v[1] = {0ull};
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
        const size_t b = (size_t)labels[i];
        const tkm_real s2 = dist2_batched(x + i, n, ct + b, k, d);
        const tkm_real da = TKM_SQRT(s2);
        u[i] = TKM_FN(tkmi_bnd_up)(da, upf, ab);
        l[i * k + b] = TKM_FN(tkmi_bnd_down)(da, dnf, ab);
        v[0]++;
    }
    tkm_block_count<1>(v, ctr + TKMI_CTR_DIST_PC);
}

// l(x, c) = 2 h(b, c) - u(x) rounded down, kept >= 0 (tkmi_bnd_shrink),
// for every c != b = labels[i]: d(x, c) >= d(b, c) - d(x, b).
static __global__ __launch_bounds__(1024) void lemma_kernel(
    size_t n, size_t k, const int32_t *__restrict__ labels,
    const tkm_real *__restrict__ u, const tkm_real *__restrict__ h,
    tkm_real *l)
{
    const size_t m = n * k;
    for (size_t e = TKM_GRID_START; e < m; e += TKM_GRID_STEP) {
        const size_t i = e / k, c = e - i * k;
        const size_t b = (size_t)labels[i];
        if (c != b)
            l[e] = TKM_FN(tkmi_bnd_shrink)(2 * h[b * k + c], u[i]);
    }
}

// The first iteration's counts that its kernels do not make (see above).
static __global__ void first_counts_kernel(unsigned long long *ctr,
                                           unsigned long long n,
                                           unsigned long long partial)
{
    ctr[TKMI_CTR_CHANGED] = n;
    ctr[TKMI_CTR_DIST_PC] += partial;
}

extern "C" int TKM_FN(tkmi_cu_sh_elkan_cand_first)(const TKM_FN(tkmi_gpu) *g)
{
    return g->d >= TKM_ELK_CAND_MIN_D && g->d > TKM_ELK_CAND_D;
}

extern "C" tkm_status TKM_FN(tkmi_cu_sh_elkan_full)(TKM_FN(tkmi_gpu) *g,
                                                   tkm_real *u, tkm_real *l,
                                                   char *msg, size_t msglen)
{
    tkm_sh_args a = tkm_sh_base(g);
    a.u = u;
    a.l = l;
    return tkm_sh_assign<TKM_SH_ELK_FIRST>(g, a, TKMI_PLAN_FIRST, msg,
                                           msglen);
}

extern "C" tkm_status TKM_FN(tkmi_cu_sh_elkan_cand)(TKM_FN(tkmi_gpu) *g,
                                                   tkm_real *u, tkm_real *l,
                                                   unsigned long long *cnt,
                                                   char *msg, size_t msglen)
{
    // column j of the points and of ct is the same for a prefix of the
    // coordinates; the kernel's counts go to cnt, which the global test
    // clears again (they are not distances)
    TKM_CU_CHECK(cudaMemsetAsync(cnt, 0, 2 * sizeof *cnt, g->st));
    TKM_FN(tkmi_gpu) cut = *g;
    cut.d = TKM_ELK_CAND_D;
    tkm_sh_args ca = tkm_sh_base(&cut);
    ca.ctr = cnt;
    tkm_status rc = tkm_sh_tile_assign<TKM_SH_LLOYD>(
        &cut, ca, &g->plan[TKMI_PLAN_CAND], msg, msglen);
    if (rc != TKM_OK)
        return rc;
    const size_t n = g->n;
    own_kernel<<<tkm_blocks_for(n, g->block, g->grid), g->block, 0, g->st>>>(
        g->x, n, g->d, g->ct, g->k, g->labels, g->upf, g->dnf, g->ab, u, l,
        g->sc->ctr);
    TKM_CU_LAUNCHED(own_kernel);
    return TKM_OK;
}

extern "C" tkm_status TKM_FN(tkmi_cu_sh_elkan_test)(
    TKM_FN(tkmi_gpu) *g, tkm_real *u, const tkm_real *s, size_t *list,
    int32_t *ll, tkm_real *lu, unsigned long long *cnt, char *msg,
    size_t msglen)
{
    return queue_test(g, NULL, u, s, list, ll, lu, cnt, msg, msglen);
}

extern "C" tkm_status TKM_FN(tkmi_cu_sh_elkan_lemma)(TKM_FN(tkmi_gpu) *g,
                                                    const tkm_real *u,
                                                    const tkm_real *h,
                                                    tkm_real *l, char *msg,
                                                    size_t msglen)
{
    const size_t n = g->n, k = g->k;
    lemma_kernel<<<tkm_blocks_for(n * k, g->block, tkm_wave(g)), g->block,
                   0, g->st>>>(n, k, g->labels, u, h, l);
    TKM_CU_LAUNCHED(lemma_kernel);
    return TKM_OK;
}

extern "C" tkm_status TKM_FN(tkmi_cu_sh_elkan_listed)(
    TKM_FN(tkmi_gpu) *g, tkm_real *u, tkm_real *l, const size_t *list,
    unsigned long long *cnt, char *msg, size_t msglen)
{
    tkm_sh_args a = tkm_sh_base(g);
    a.u = u;
    a.l = l;
    a.list = list;
    a.m = cnt;
    return tkm_sh_tile_assign<TKM_SH_ELK_FIRST>(
        g, a, &g->plan[TKMI_PLAN_FIRST], msg, msglen);
}

extern "C" tkm_status TKM_FN(tkmi_cu_sh_elkan_cand_counts)(
    TKM_FN(tkmi_gpu) *g, char *msg, size_t msglen)
{
    // n k cut / d, rounded up, without overflow for any n k that fits
    const size_t n = g->n, nk = n * g->k, cd = TKM_ELK_CAND_D, d = g->d;
    const unsigned long long partial =
        (unsigned long long)(nk / d * cd + (nk % d * cd + d - 1) / d);
    first_counts_kernel<<<1, 1, 0, g->st>>>(g->sc->ctr, n, partial);
    TKM_CU_LAUNCHED(first_counts_kernel);
    return TKM_OK;
}
