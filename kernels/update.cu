// The inexact updates (tkm_params.update, docs/update.md): each cluster's
// sums made in the run's precision as the GPU k-means of the sources make
// them, beside the exact fixed-point sums of sums.cu, which stay the
// default.  Each strategy gives g->cn, the quotients of the sums by the
// counts, from g->labels; an empty cluster keeps its centroid (fit.c runs
// them with the keep policy only).
//
//   atomic  a thread per point adds its coordinates into global memory
//   shared  a block adds its points into shared memory, then into global
//           memory, both by atomics
//   tree    a fine pass (a warp adds the points of one label in lane
//           order, the warps' sums are added in warp order) writes each
//           block's sums; a coarse pass adds the blocks' sums
//   dc      Li, Zhao & Chu's divide and conquer: groups of M points to
//           partial sums (the fine pass), groups of M partial sums again
//           until at most M remain, which the host adds
//
// The atomics add in the order the device happens to run them, so atomic
// and shared can give other bits from run to run; tree and dc add in an
// order fixed by the block size and the device's multiprocessors.
#include "real.h"

#include <math.h>
#include <stdlib.h>

#include "cuda_engine.h"

#include "common.cuh"

#define FULL 0xffffffffu

// ---- tiles: clusters and columns of a block's sums in shared memory ------

// The shared strategy's sums in a block's shared memory: kt clusters x dt
// columns and the kt counts; ntk x ntd tiles cover k x d.
struct upd_tiles {
    size_t kt, dt, ntk, ntd;
    size_t wbytes; // kt counts, then kt*dt sums, 8-byte aligned
    size_t smem;
};

// At most half a multiprocessor's shared memory: two blocks fit.
static size_t smem_budget(const TKM_FN(tkmi_gpu) *g)
{
    size_t budget = (size_t)g->smem_optin;
    return (size_t)g->smem_sm / 2 < budget ? (size_t)g->smem_sm / 2 : budget;
}

static upd_tiles tiles_for(const TKM_FN(tkmi_gpu) *g)
{
    const size_t R = sizeof(tkm_real), d = g->d, k = g->k;
    const size_t per = smem_budget(g);
    upd_tiles t;
    if (8 + d * R <= per) {
        t.dt = d;
        t.kt = per / (8 + d * R);
        if (t.kt > k)
            t.kt = k;
    } else { // one cluster's row does not fit: its columns in slices
        t.kt = 1;
        t.dt = (per - 8) / R;
    }
    t.ntk = (k + t.kt - 1) / t.kt;
    t.ntd = (d + t.dt - 1) / t.dt;
    t.wbytes = (t.kt * (8 + t.dt * R) + 7) / 8 * 8;
    t.smem = t.wbytes;
    return t;
}

// Clusters a fine block holds at once: each of its warps keeps kt 8-byte
// accumulators in shared memory (at most half a multiprocessor's, two
// blocks fit), ntk tiles of them cover k.
static void fine_tiles(const TKM_FN(tkmi_gpu) *g, size_t *kt, size_t *ntk,
                       size_t *smem)
{
    const size_t nw = (size_t)g->block / 32;
    *kt = smem_budget(g) / (nw * 8);
    if (*kt > g->k)
        *kt = g->k;
    *ntk = (g->k + *kt - 1) / *kt;
    *smem = nw * *kt * 8;
}

// Blocks of g->block threads and smem bytes resident at once on the
// device (at least one per multiprocessor), no more than m points need.
static size_t resident(const TKM_FN(tkmi_gpu) *g, size_t smem, size_t m)
{
    size_t per = (size_t)(g->thr_sm / g->block);
    if (smem && (size_t)g->smem_sm / smem < per)
        per = (size_t)g->smem_sm / smem;
    size_t b = (size_t)g->sms * (per ? per : 1);
    size_t need = (m + (size_t)g->block - 1) / (size_t)g->block;
    return need < b ? (need ? need : 1) : b;
}

// The strategies' fixed shapes: blocks of tree's fine pass, dc's M and
// its groups of level 0.
static void plan(const TKM_FN(tkmi_gpu) *g, size_t *ublk, size_t *um)
{
    *um = 4 * (size_t)g->sms;
    size_t kt, ntk, smem;
    fine_tiles(g, &kt, &ntk, &smem);
    if (g->update == TKM_UPDATE_TREE)
        *ublk = resident(g, smem, g->n);
    else if (g->update == TKM_UPDATE_DC)
        *ublk = (g->n + *um - 1) / *um;
    else
        *ublk = 0;
}

static tkm_status allow_smem(const void *kernel, size_t smem, char *msg,
                             size_t msglen)
{
    if (smem > 48 * 1024)
        TKM_CU_CHECK(cudaFuncSetAttribute(
            kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    return TKM_OK;
}

// ---- atomic ----------------------------------------------------------------

static __global__ __launch_bounds__(1024) void upd_atomic_kernel(
    tkm_pts pt, size_t n, size_t d, const int32_t *__restrict__ labels,
    tkm_real *sum, unsigned long long *cnt)
{
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
        const size_t l = (size_t)labels[i];
        atomicAdd(cnt + l, 1ull);
        for (size_t j = 0; j < d; j++)
            atomicAdd(sum + l * d + j, pt.x[i * pt.ps + j * pt.ds]);
    }
}

// ---- shared ----------------------------------------------------------------

// Each block's points (a grid-stride loop) into shared sums of one tile of
// clusters and columns at a time, then those into global memory.
static __global__ __launch_bounds__(1024) void upd_shared_kernel(
    tkm_pts pt, size_t n, size_t d, size_t k, const int32_t *__restrict__ labels,
    upd_tiles t, tkm_real *sum, unsigned long long *cnt)
{
    extern __shared__ unsigned long long smem[];
    unsigned long long *sc = smem;
    tkm_real *ss = reinterpret_cast<tkm_real *>(smem + t.kt);
    for (size_t y = blockIdx.y; y < t.ntk * t.ntd; y += gridDim.y) {
        const size_t k0 = (y / t.ntd) * t.kt, j0 = (y % t.ntd) * t.dt;
        const size_t kn = t.kt < k - k0 ? t.kt : k - k0;
        const size_t dn = t.dt < d - j0 ? t.dt : d - j0;
        for (size_t e = threadIdx.x; e < t.wbytes / 8; e += blockDim.x)
            smem[e] = 0ull; // (0 bits: 0.0 too)
        __syncthreads();
        for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
            const size_t l = (size_t)labels[i] - k0; // wraps below k0
            if (l >= kn)
                continue;
            if (j0 == 0)
                atomicAdd(sc + l, 1ull);
            for (size_t j = 0; j < dn; j++)
                atomicAdd(ss + l * t.dt + j,
                          pt.x[i * pt.ps + (j0 + j) * pt.ds]);
        }
        __syncthreads();
        for (size_t e = threadIdx.x; e < kn * dn; e += blockDim.x) {
            const size_t c = e / dn, j = e - c * dn;
            if (ss[c * t.dt + j] != (tkm_real)0)
                atomicAdd(sum + (k0 + c) * d + j0 + j, ss[c * t.dt + j]);
        }
        if (j0 == 0)
            for (size_t c = threadIdx.x; c < kn; c += blockDim.x)
                if (sc[c])
                    atomicAdd(cnt + k0 + c, sc[c]);
        __syncthreads();
    }
}

// ---- the fine pass (tree, dc) ------------------------------------------------

// Block b's points [b*per, min(n, (b+1)*per)) into its counts pcnt[b][k]
// and sums part[b][d][k] (column-major: the writes of one column are
// coalesced), one pass for the counts and one per column, each over the
// clusters of one tile.  The warps take chunks of 32 points in turn; in a
// chunk the lanes of one label (__match_any_sync) add their values in lane
// order (each lane reads every lane's value through a shuffle and keeps
// those of its label), and the label's lowest lane adds that into its
// warp's accumulator.  The block's sum is the warps' added in warp order.
// No atomic: the bits depend on the block size and per only.
static __global__ __launch_bounds__(1024) void upd_fine_kernel(
    tkm_pts pt, size_t n, size_t d, size_t k, const int32_t *__restrict__ labels,
    size_t per, size_t kt, size_t ntk, tkm_real *__restrict__ part,
    unsigned long long *__restrict__ pcnt)
{
    extern __shared__ unsigned long long smem[];
    tkm_real *sr = reinterpret_cast<tkm_real *>(smem);
    const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
    const unsigned nw = blockDim.x >> 5;
    unsigned long long *wc = smem + (size_t)warp * kt;
    tkm_real *ws = sr + (size_t)warp * kt;
    const size_t b = blockIdx.x, i0 = b * per;
    const size_t i1 = i0 + per < n ? i0 + per : n;
    for (size_t y = blockIdx.y; y < ntk; y += gridDim.y) {
        const size_t k0 = y * kt, kn = kt < k - k0 ? kt : k - k0;
        for (size_t jj = 0; jj <= d; jj++) { // 0: counts, then column jj - 1
            for (size_t e = threadIdx.x; e < (size_t)nw * kt; e += blockDim.x)
                smem[e] = 0ull; // (0 bits: 0.0 too)
            __syncthreads();
            for (size_t c0 = i0 + (size_t)warp * 32; c0 < i1; c0 += nw * 32) {
                // the last chunk's adds into this warp's accumulators seen
                // by every lane (another lane may lead that label now)
                __syncwarp();
                const size_t i = c0 + lane;
                long long l = -1;
                if (i < i1) {
                    const size_t li = (size_t)labels[i] - k0;
                    if (li < kn)
                        l = (long long)li;
                }
                if (!__ballot_sync(FULL, l >= 0))
                    continue; // (the same for the whole warp)
                const unsigned m = __match_any_sync(FULL, l);
                const bool lead = l >= 0 && (unsigned)(__ffs(m) - 1) == lane;
                if (jj == 0) {
                    if (lead)
                        wc[l] += (unsigned long long)__popc(m);
                    continue;
                }
                const tkm_real v =
                    l >= 0 ? pt.x[i * pt.ps + (jj - 1) * pt.ds] : (tkm_real)0;
                tkm_real acc = 0;
                for (int src = 0; src < 32; src++) {
                    const tkm_real o = __shfl_sync(FULL, v, src);
                    if ((m >> src) & 1u)
                        acc += o;
                }
                if (lead)
                    ws[l] += acc;
            }
            __syncthreads();
            for (size_t c = threadIdx.x; c < kn; c += blockDim.x) {
                if (jj == 0) {
                    unsigned long long s = 0;
                    for (unsigned w = 0; w < nw; w++)
                        s += smem[(size_t)w * kt + c];
                    pcnt[b * k + k0 + c] = s;
                } else {
                    tkm_real s = 0;
                    for (unsigned w = 0; w < nw; w++)
                        s += sr[(size_t)w * kt + c];
                    part[(b * d + jj - 1) * k + k0 + c] = s;
                }
            }
            __syncthreads();
        }
    }
}

// ---- tree's coarse pass ------------------------------------------------------

// cnt[c] = the blocks' counts of cluster c: a warp per cluster, its lanes
// over the blocks (integers: any order).
static __global__ __launch_bounds__(256) void upd_coarse_count_kernel(
    const unsigned long long *__restrict__ pcnt, size_t nb, size_t k,
    unsigned long long *cnt)
{
    const unsigned lane = threadIdx.x & 31u;
    for (size_t c = TKM_GRID_START >> 5; c < k; c += TKM_GRID_STEP >> 5) {
        unsigned long long s = 0;
        for (size_t b = lane; b < nb; b += 32)
            s += pcnt[b * k + c];
        for (int o = 16; o > 0; o >>= 1)
            s += __shfl_xor_sync(FULL, s, o);
        if (lane == 0)
            cnt[c] = s;
    }
}

// The blocks' sums of entry e = j*k + c (column j of cluster c), lane b
// taking blocks b, b + 32, ... in order and a butterfly adding the lanes
// (a fixed tree), divided by the count into cn[c*d + j]; an empty cluster
// keeps its centroid.
static __global__ __launch_bounds__(256) void upd_coarse_sum_kernel(
    const tkm_real *__restrict__ part, size_t nb, size_t k, size_t d,
    const unsigned long long *__restrict__ cnt, const tkm_real *__restrict__ c,
    tkm_real *__restrict__ cn)
{
    const unsigned lane = threadIdx.x & 31u;
    const size_t kd = k * d;
    for (size_t e = TKM_GRID_START >> 5; e < kd; e += TKM_GRID_STEP >> 5) {
        tkm_real s = 0;
        for (size_t b = lane; b < nb; b += 32)
            s += part[b * kd + e];
        for (int o = 16; o > 0; o >>= 1)
            s += __shfl_xor_sync(FULL, s, o);
        const size_t j = e / k, q = e - j * k;
        if (lane == 0) {
            const unsigned long long m = cnt[q];
            cn[q * d + j] = m ? s / (tkm_real)m : c[q * d + j];
        }
    }
}

// ---- dc's levels -------------------------------------------------------------

// Groups of M of the m partial sums (and counts) in, each group's total
// out, in the groups' order.
static __global__ __launch_bounds__(256) void upd_level_kernel(
    const tkm_real *__restrict__ in, const unsigned long long *__restrict__ inc,
    size_t m, size_t M, size_t kd, size_t k, tkm_real *__restrict__ out,
    unsigned long long *__restrict__ outc)
{
    const size_t mo = (m + M - 1) / M;
    for (size_t t = TKM_GRID_START; t < mo * kd; t += TKM_GRID_STEP) {
        const size_t q = t / kd, e = t - q * kd;
        const size_t r1 = (q + 1) * M < m ? (q + 1) * M : m;
        tkm_real s = 0;
        for (size_t r = q * M; r < r1; r++)
            s += in[r * kd + e];
        out[t] = s;
    }
    for (size_t t = TKM_GRID_START; t < mo * k; t += TKM_GRID_STEP) {
        const size_t q = t / k, c = t - q * k;
        const size_t r1 = (q + 1) * M < m ? (q + 1) * M : m;
        unsigned long long s = 0;
        for (size_t r = q * M; r < r1; r++)
            s += inc[r * k + c];
        outc[t] = s;
    }
}

// ---- means and their error ---------------------------------------------------

static __global__ __launch_bounds__(256) void upd_means_kernel(
    const tkm_real *__restrict__ sum, const unsigned long long *__restrict__ cnt,
    size_t kd, size_t d, const tkm_real *__restrict__ c,
    tkm_real *__restrict__ cn)
{
    for (size_t e = TKM_GRID_START; e < kd; e += TKM_GRID_STEP) {
        const unsigned long long q = cnt[e / d];
        cn[e] = q ? sum[e] / (tkm_real)q : c[e];
    }
}

// sc->uerr_max and uerr_mean: over the centroids, |cn - cex| / |cex| in
// double (|cn - cex| where cex is 0).  One block of TKM_RED_THREADS, a
// fixed tree.
static __global__ __launch_bounds__(TKM_RED_THREADS) void upd_error_kernel(
    const tkm_real *__restrict__ cn, const tkm_real *__restrict__ cex,
    size_t k, size_t d, TKM_FN(tkmi_gsc) *sc)
{
    __shared__ double smax[TKM_RED_THREADS], ssum[TKM_RED_THREADS];
    double mx = 0.0, sm = 0.0;
    for (size_t q = threadIdx.x; q < k; q += TKM_RED_THREADS) {
        double num = 0.0, den = 0.0;
        for (size_t j = 0; j < d; j++) {
            const double a = (double)cn[q * d + j], b = (double)cex[q * d + j];
            num += (a - b) * (a - b);
            den += b * b;
        }
        const double e = num == 0.0 ? 0.0
                         : den > 0.0 ? sqrt(num / den)
                                     : sqrt(num);
        mx = e > mx ? e : mx;
        sm += e;
    }
    smax[threadIdx.x] = mx;
    ssum[threadIdx.x] = sm;
    __syncthreads();
    for (unsigned s = TKM_RED_THREADS / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
            const double o = smax[threadIdx.x + s];
            smax[threadIdx.x] = o > smax[threadIdx.x] ? o : smax[threadIdx.x];
            ssum[threadIdx.x] += ssum[threadIdx.x + s];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        sc->uerr_max = smax[0];
        sc->uerr_mean = ssum[0] / (double)k;
    }
}

// ---- launchers -------------------------------------------------------------

extern "C" size_t TKM_FN(tkmi_cu_update_bytes)(const TKM_FN(tkmi_gpu) *g,
                                               size_t *pinned)
{
    const size_t k = g->k, d = g->d, R = sizeof(tkm_real);
    size_t ublk, um, row, kd, b = 0;
    *pinned = 0;
    if (g->update == TKM_UPDATE_EXACT)
        return 0;
    plan(g, &ublk, &um);
    if (tkmi_mul_size(k, d, R, &kd) || tkmi_mul_size(k, d * R + 8, 1, &row))
        return 0;
    b = kd + 8 * k;
    size_t parts = ublk;
    if (g->update == TKM_UPDATE_DC) {
        parts += (ublk + um - 1) / um;
        size_t mc = (ublk < um ? ublk : um) + 1, h;
        if (tkmi_mul_size(mc, row, 1, &h))
            return 0;
        *pinned = h;
    }
    size_t p;
    if (tkmi_mul_size(parts, row, 1, &p) || b + p < b)
        return 0;
    return b + p;
}

extern "C" tkm_status TKM_FN(tkmi_cu_update_alloc)(TKM_FN(tkmi_gpu) *g,
                                                   char *msg, size_t msglen)
{
    const size_t k = g->k, kd = g->k * g->d, R = sizeof(tkm_real);
    if (g->update == TKM_UPDATE_EXACT)
        return TKM_OK;
    plan(g, &g->ublk, &g->um);
    TKM_CU_CHECK(cudaMalloc((void **)&g->usum, kd * R));
    TKM_CU_CHECK(cudaMalloc((void **)&g->ucnt, k * 8));
    if (g->ublk) {
        TKM_CU_CHECK(cudaMalloc((void **)&g->upart, g->ublk * kd * R));
        TKM_CU_CHECK(cudaMalloc((void **)&g->upcnt, g->ublk * k * 8));
    }
    if (g->update == TKM_UPDATE_DC) {
        const size_t m1 = (g->ublk + g->um - 1) / g->um;
        const size_t mc = (g->ublk < g->um ? g->ublk : g->um) + 1;
        TKM_CU_CHECK(cudaMalloc((void **)&g->upart2, m1 * kd * R));
        TKM_CU_CHECK(cudaMalloc((void **)&g->upcnt2, m1 * k * 8));
        TKM_CU_CHECK(cudaMallocHost((void **)&g->uhost, mc * kd * R));
        TKM_CU_CHECK(cudaMallocHost((void **)&g->uhcnt, mc * k * 8));
    }
    return TKM_OK;
}

extern "C" void TKM_FN(tkmi_cu_update_free)(TKM_FN(tkmi_gpu) *g)
{
    cudaFree(g->usum);
    cudaFree(g->ucnt);
    cudaFree(g->upart);
    cudaFree(g->upcnt);
    cudaFree(g->upart2);
    cudaFree(g->upcnt2);
    cudaFreeHost(g->uhost);
    cudaFreeHost(g->uhcnt);
}

// dc after the fine pass: the levels on the device, the last at most M
// partial sums added on the host in group order, their totals into
// g->usum and g->ucnt.
static tkm_status dc_levels(TKM_FN(tkmi_gpu) *g, char *msg, size_t msglen)
{
    const size_t k = g->k, kd = g->k * g->d, M = g->um;
    tkm_real *in = g->upart, *out = g->upart2;
    unsigned long long *inc = g->upcnt, *outc = g->upcnt2;
    size_t m = g->ublk;
    while (m > M) {
        const size_t mo = (m + M - 1) / M;
        upd_level_kernel<<<tkm_blocks_for(mo * kd, 256, tkm_wave(g)), 256, 0,
                           g->st>>>(in, inc, m, M, kd, k, out, outc);
        TKM_CU_LAUNCHED(upd_level_kernel);
        tkm_real *t = in;
        in = out;
        out = t;
        unsigned long long *tc = inc;
        inc = outc;
        outc = tc;
        m = mo;
    }
    TKM_CU_CHECK(cudaMemcpyAsync(g->uhost, in, m * kd * sizeof *in,
                                 cudaMemcpyDeviceToHost, g->st));
    TKM_CU_CHECK(cudaMemcpyAsync(g->uhcnt, inc, m * k * sizeof *inc,
                                 cudaMemcpyDeviceToHost, g->st));
    TKM_CU_CHECK(cudaStreamSynchronize(g->st));
    tkm_real *s = g->uhost + m * kd;
    unsigned long long *sc = g->uhcnt + m * k;
    for (size_t e = 0; e < kd; e++) { // e = j*k + c: column j, cluster c
        tkm_real v = 0;
        for (size_t q = 0; q < m; q++)
            v += g->uhost[q * kd + e];
        s[(e % k) * g->d + e / k] = v;
    }
    for (size_t c = 0; c < k; c++) {
        unsigned long long v = 0;
        for (size_t q = 0; q < m; q++)
            v += g->uhcnt[q * k + c];
        sc[c] = v;
    }
    TKM_CU_CHECK(cudaMemcpyAsync(g->usum, s, kd * sizeof *s,
                                 cudaMemcpyHostToDevice, g->st));
    TKM_CU_CHECK(cudaMemcpyAsync(g->ucnt, sc, k * sizeof *sc,
                                 cudaMemcpyHostToDevice, g->st));
    return TKM_OK;
}

extern "C" tkm_status TKM_FN(tkmi_cu_update)(TKM_FN(tkmi_gpu) *g, char *msg,
                                             size_t msglen)
{
    const size_t n = g->n, d = g->d, k = g->k, kd = k * d;
    const tkm_pts pt = tkm_points(g);
    const int fine = g->update == TKM_UPDATE_TREE ||
                     g->update == TKM_UPDATE_DC;
    tkm_status rc;
    if (!fine) {
        TKM_CU_CHECK(cudaMemsetAsync(g->usum, 0, kd * sizeof *g->usum,
                                     g->st));
        TKM_CU_CHECK(cudaMemsetAsync(g->ucnt, 0, k * sizeof *g->ucnt,
                                     g->st));
    }
    if (g->update == TKM_UPDATE_ATOMIC) {
        upd_atomic_kernel<<<g->grid, g->block, 0, g->st>>>(pt, n, d, g->labels,
                                                           g->usum, g->ucnt);
        TKM_CU_LAUNCHED(upd_atomic_kernel);
    } else if (g->update == TKM_UPDATE_SHARED) {
        const upd_tiles t = tiles_for(g);
        const size_t gy = t.ntk * t.ntd < 65535 ? t.ntk * t.ntd : 65535;
        if ((rc = allow_smem((const void *)upd_shared_kernel, t.smem, msg,
                             msglen)) != TKM_OK)
            return rc;
        upd_shared_kernel<<<dim3((unsigned)resident(g, t.smem, n),
                                 (unsigned)gy),
                            g->block, t.smem, g->st>>>(pt, n, d, k, g->labels,
                                                       t, g->usum, g->ucnt);
        TKM_CU_LAUNCHED(upd_shared_kernel);
    } else if (fine) {
        size_t kt, ntk, smem;
        fine_tiles(g, &kt, &ntk, &smem);
        const size_t gy = ntk < 65535 ? ntk : 65535;
        const size_t per = g->update == TKM_UPDATE_DC
                               ? g->um
                               : (n + g->ublk - 1) / g->ublk;
        if ((rc = allow_smem((const void *)upd_fine_kernel, smem, msg,
                             msglen)) != TKM_OK)
            return rc;
        upd_fine_kernel<<<dim3((unsigned)g->ublk, (unsigned)gy), g->block,
                          smem, g->st>>>(pt, n, d, k, g->labels, per, kt, ntk,
                                         g->upart, g->upcnt);
        TKM_CU_LAUNCHED(upd_fine_kernel);
        if (g->update == TKM_UPDATE_TREE) {
            upd_coarse_count_kernel<<<tkm_blocks_for(k * 32, 256,
                                                     tkm_wave(g)),
                                      256, 0, g->st>>>(g->upcnt, g->ublk, k,
                                                       g->ucnt);
            TKM_CU_LAUNCHED(upd_coarse_count_kernel);
            upd_coarse_sum_kernel<<<tkm_blocks_for(kd * 32, 256, tkm_wave(g)),
                                    256, 0, g->st>>>(g->upart, g->ublk, k, d,
                                                     g->ucnt, g->c, g->cn);
            TKM_CU_LAUNCHED(upd_coarse_sum_kernel);
            return TKM_OK;
        }
        if ((rc = dc_levels(g, msg, msglen)) != TKM_OK)
            return rc;
    }
    upd_means_kernel<<<tkm_blocks_for(kd, 256, tkm_wave(g)), 256, 0,
                       g->st>>>(g->usum, g->ucnt, kd, d, g->c, g->cn);
    TKM_CU_LAUNCHED(upd_means_kernel);
    return TKM_OK;
}

extern "C" tkm_status TKM_FN(tkmi_cu_update_error)(TKM_FN(tkmi_gpu) *g,
                                                   char *msg, size_t msglen)
{
    upd_error_kernel<<<1, TKM_RED_THREADS, 0, g->st>>>(g->cn, g->cex, g->k,
                                                      g->d, g->sc);
    TKM_CU_LAUNCHED(upd_error_kernel);
    return TKM_OK;
}
