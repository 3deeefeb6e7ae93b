// The start's passes over the data (src/common/seed.h; the host's side in
// src/cuda/seed.c): distances to the candidates and their running minimum,
// the potential's block sums, a D^2 draw's row and the farthest row, each
// with the arithmetic of src/common/init.c, so that the device picks the
// rows the CPU picks.  Every operation is an explicitly rounded intrinsic
// (__dsub_rn, __dmul_rn, __dadd_rn): no contraction into a fused
// multiply-add, whatever the build's FMA setting.  The start is chosen in
// double from the data as read, for either precision of the run: the
// f64 object alone holds these kernels.
#include "real.h"

#if TKM_PREC == 64
#include <cuda_runtime.h>

#include "seed.h"

#include "cuda_check.h"

#define SEED_THREADS 256
#define SEED_WARP 32

// Launch check: the launch's error with its kernel's name.
#define SEED_LAUNCHED(kernel)                                                \
    do {                                                                     \
        cudaError_t e_ = cudaGetLastError();                                 \
        if (e_ != cudaSuccess)                                               \
            return tkmi_cuda_fail((int)e_, "launch of " #kernel, __FILE__,   \
                                  __LINE__, msg, msglen);                    \
    } while (0)

// ---- distances to G candidates at once --------------------------------

// Rows t0 .. t0+G-1 of the candidates; each distance summed over the
// columns left to right from +0, as tkmi_dist2_d sums (a float row
// widened first, as init.c's row_dist2).  dmin and cmin may be the same
// array (farthest-first lowers dmin in place): each row is read before it
// is written, by the same thread.  One thread a row, walking it in order;
// the block's rows come through shared memory a cache line of columns at
// a time, read by the warps line by line (coalesced) rather than each
// thread its own row (32 lines a load), the padding of one value a row
// keeping the threads' reads of their rows off each other's banks.
template <typename T, int G>
static __global__ __launch_bounds__(SEED_THREADS) void seed_dist_kernel(
    const T *__restrict__ x, size_t n, size_t d,
    const uint64_t *__restrict__ didx, int t0, const double *dmin,
    double *cmin)
{
    constexpr int C = 128 / (int)sizeof(T); /* columns a line           */
    constexpr int R = SEED_THREADS / C;     /* rows a pass of the block */
    __shared__ T tile[SEED_THREADS * (C + 1)];
    const T *c[G];
#pragma unroll
    for (int t = 0; t < G; t++)
        c[t] = x + didx[t0 + t] * d;
    const size_t r0 = (size_t)blockIdx.x * SEED_THREADS;
    const int tid = (int)threadIdx.x;
    const size_t i = r0 + (size_t)tid;
    const int rows = n - r0 < SEED_THREADS ? (int)(n - r0) : SEED_THREADS;
    const int lr = tid / C, lq = tid % C; /* this thread's load slot */
    double s[G];
#pragma unroll
    for (int t = 0; t < G; t++)
        s[t] = 0.0;
    for (size_t j0 = 0; j0 < d; j0 += C) {
        const int w = d - j0 < (size_t)C ? (int)(d - j0) : C;
        __syncthreads(); /* the last columns' reads done */
        if (lq < w)
            for (int r = lr; r < rows; r += R)
                tile[r * (C + 1) + lq] = x[(r0 + (size_t)r) * d + j0 +
                                           (size_t)lq];
        __syncthreads();
        if (tid < rows) {
            const T *row = tile + tid * (C + 1);
            for (int q = 0; q < w; q++) {
                const double xj = (double)row[q];
#pragma unroll
                for (int t = 0; t < G; t++) {
                    const double df =
                        __dsub_rn(xj, (double)c[t][j0 + (size_t)q]);
                    s[t] = __dadd_rn(s[t], __dmul_rn(df, df));
                }
            }
        }
    }
    if (tid >= rows)
        return;
    const double dm = dmin ? dmin[i] : INFINITY;
#pragma unroll
    for (int t = 0; t < G; t++)
        cmin[(size_t)(t0 + t) * n + i] = s[t] < dm ? s[t] : dm;
}

// Short rows (less than a cache line): each thread reads its row in
// place, the warp's reads a few lines (each line it reads serves the
// next columns from the L1 cache); the arithmetic of seed_dist_kernel.
template <typename T, int G>
static __global__ __launch_bounds__(SEED_THREADS) void seed_dist_rows(
    const T *__restrict__ x, size_t n, size_t d,
    const uint64_t *__restrict__ didx, int t0, const double *dmin,
    double *cmin)
{
    const T *c[G];
#pragma unroll
    for (int t = 0; t < G; t++)
        c[t] = x + didx[t0 + t] * d;
    const size_t i = (size_t)blockIdx.x * SEED_THREADS + threadIdx.x;
    if (i >= n)
        return;
    const T *xi = x + i * d;
    double s[G];
#pragma unroll
    for (int t = 0; t < G; t++)
        s[t] = 0.0;
    for (size_t j = 0; j < d; j++) {
        const double xj = (double)xi[j];
#pragma unroll
        for (int t = 0; t < G; t++) {
            const double df = __dsub_rn(xj, (double)c[t][j]);
            s[t] = __dadd_rn(s[t], __dmul_rn(df, df));
        }
    }
    const double dm = dmin ? dmin[i] : INFINITY;
#pragma unroll
    for (int t = 0; t < G; t++)
        cmin[(size_t)(t0 + t) * n + i] = s[t] < dm ? s[t] : dm;
}

// One pass over the rows for G candidates: rows of a line or more
// through shared memory, shorter ones in place (gpu-seed.md: the tile
// costs short rows more than it saves).
template <typename T, int G>
static void seed_dist_pass(const T *x, size_t n, size_t d,
                           const uint64_t *didx, int t0, const double *dmin,
                           double *cmin, unsigned blocks, cudaStream_t st)
{
    if (d * sizeof(T) >= 128)
        seed_dist_kernel<T, G><<<blocks, SEED_THREADS, 0, st>>>(
            x, n, d, didx, t0, dmin, cmin);
    else
        seed_dist_rows<T, G><<<blocks, SEED_THREADS, 0, st>>>(
            x, n, d, didx, t0, dmin, cmin);
}

// Every candidate's distances, up to 8 in each pass over the rows (the
// greedy start's 2 + ln k candidates in one pass for k up to 1,096).
template <typename T>
static tkm_status seed_dist(const T *x, size_t n, size_t d,
                            const uint64_t *didx, int cand,
                            const double *dmin, double *cmin,
                            cudaStream_t st, char *msg, size_t msglen)
{
    const size_t nblk = (n + SEED_THREADS - 1) / SEED_THREADS;
    if (nblk > 0x7fffffffu)
        return tkmi_fail(TKM_ENOTSUP, msg, msglen,
                         "init: %zu rows are more than one grid's blocks",
                         n);
    const unsigned blocks = (unsigned)nblk;
    for (int t0 = 0; t0 < cand;) {
        const int g = cand - t0 < 8 ? cand - t0 : 8;
        switch (g) {
        case 8:
            seed_dist_pass<T, 8>(x, n, d, didx, t0, dmin, cmin, blocks, st);
            break;
        case 7:
            seed_dist_pass<T, 7>(x, n, d, didx, t0, dmin, cmin, blocks, st);
            break;
        case 6:
            seed_dist_pass<T, 6>(x, n, d, didx, t0, dmin, cmin, blocks, st);
            break;
        case 5:
            seed_dist_pass<T, 5>(x, n, d, didx, t0, dmin, cmin, blocks, st);
            break;
        case 4:
            seed_dist_pass<T, 4>(x, n, d, didx, t0, dmin, cmin, blocks, st);
            break;
        case 3:
            seed_dist_pass<T, 3>(x, n, d, didx, t0, dmin, cmin, blocks, st);
            break;
        case 2:
            seed_dist_pass<T, 2>(x, n, d, didx, t0, dmin, cmin, blocks, st);
            break;
        default:
            seed_dist_pass<T, 1>(x, n, d, didx, t0, dmin, cmin, blocks, st);
            break;
        }
        SEED_LAUNCHED(seed_dist_kernel);
        t0 += g;
    }
    return TKM_OK;
}

extern "C" tkm_status tkmi_cu_seed_dist(const void *x, int x32, size_t n,
                                        size_t d, const uint64_t *didx,
                                        int cand, const double *dmin,
                                        double *cmin, void *st, char *msg,
                                        size_t msglen)
{
    if (x32)
        return seed_dist((const float *)x, n, d, didx, cand, dmin, cmin,
                         (cudaStream_t)st, msg, msglen);
    return seed_dist((const double *)x, n, d, didx, cand, dmin, cmin,
                     (cudaStream_t)st, msg, msglen);
}

// ---- the potential's block sums ------------------------------------------

// Block lo..hi-1 of v into shared memory by one warp, every load issued
// before any is used (the chains below would otherwise wait on each).
static __device__ __forceinline__ void seed_stage(const double *v,
                                                  size_t lo, size_t hi,
                                                  int lane, double *sh)
{
    for (size_t i = lo + (size_t)lane; i < hi; i += SEED_WARP)
        sh[i - lo] = v[i];
    __syncwarp();
}

// One warp (a CUDA block) a candidate and block of TKM_PART_BLOCK rows:
// the rows are staged in shared memory, then every lane adds them in
// order, left to right from +0, as init.c's potential sums a block (the
// same sum in each lane), 32 rows read ahead of their additions.
static __global__ __launch_bounds__(SEED_WARP) void seed_blocks_kernel(
    const double *__restrict__ cmin, size_t n, size_t nb,
    double *__restrict__ cpart)
{
    __shared__ double sh[TKM_PART_BLOCK];
    const size_t e = blockIdx.x;
    const int lane = (int)threadIdx.x;
    const size_t t = e / nb, b = e - t * nb;
    const size_t lo = b * TKM_PART_BLOCK;
    const size_t hi = lo + TKM_PART_BLOCK < n ? lo + TKM_PART_BLOCK : n;
    seed_stage(cmin + t * n, lo, hi, lane, sh);
    const size_t m = hi - lo;
    double acc = 0.0;
    size_t q = 0;
    for (; q + SEED_WARP <= m; q += SEED_WARP) {
        double r[SEED_WARP];
#pragma unroll
        for (int j = 0; j < SEED_WARP; j++)
            r[j] = sh[q + (size_t)j];
#pragma unroll
        for (int j = 0; j < SEED_WARP; j++)
            acc = __dadd_rn(acc, r[j]);
    }
    for (; q < m; q++)
        acc = __dadd_rn(acc, sh[q]);
    if (lane == 0)
        cpart[e] = acc;
}

extern "C" tkm_status tkmi_cu_seed_blocks(const double *cmin, size_t n,
                                          int cand, double *cpart, void *st,
                                          char *msg, size_t msglen)
{
    const size_t nb = (n + TKM_PART_BLOCK - 1) / TKM_PART_BLOCK;
    const size_t m = nb * (size_t)cand;
    if (m > 0x7fffffffu)
        return tkmi_fail(TKM_ENOTSUP, msg, msglen,
                         "init: %zu block sums are more than one grid's "
                         "blocks", m);
    seed_blocks_kernel<<<(unsigned)m, SEED_WARP, 0, (cudaStream_t)st>>>(
        cmin, n, nb, cpart);
    SEED_LAUNCHED(seed_blocks_kernel);
    return TKM_OK;
}

// ---- a D^2 draw's row ------------------------------------------------------

// One warp (a CUDA block) a draw.  The running sum must be init.c's
// sample_d2 sum, one row at a time in order: the block's rows are staged
// in shared memory and every lane adds them in order (the same sum in
// each lane, so that the warp leaves the loop together).  The weights are
// >= 0, so the sum never falls: it passes u within 32 rows exactly when
// it has passed u after them, and only that stretch is walked again row
// by row to find where.  The block's last row of non-zero weight comes
// from each stretch's ballot.
static __global__ __launch_bounds__(SEED_WARP) void seed_pick_kernel(
    const double *__restrict__ dmin, size_t n,
    const tkmi_d2_draw *__restrict__ draws, uint64_t *__restrict__ didx)
{
    __shared__ double sh[TKM_PART_BLOCK];
    const size_t w = blockIdx.x;
    const int lane = (int)threadIdx.x;
    const tkmi_d2_draw dw = draws[w];
    if (dw.direct) {
        if (lane == 0)
            didx[w] = dw.pick;
        return;
    }
    const size_t lo = (size_t)dw.b * TKM_PART_BLOCK;
    const size_t hi = lo + TKM_PART_BLOCK < n ? lo + TKM_PART_BLOCK : n;
    seed_stage(dmin, lo, hi, lane, sh);
    const size_t m = hi - lo;
    const double u = dw.u;
    double acc = dw.acc;
    size_t last = lo;
    for (size_t q = 0; q < m; q += SEED_WARP) {
        const int mq = m - q < (size_t)SEED_WARP ? (int)(m - q) : SEED_WARP;
        const unsigned pos =
            __ballot_sync(0xffffffffu, lane < mq && sh[q + lane] > 0.0);
        double r[SEED_WARP], a = acc; /* the 32 rows first, then the chain */
#pragma unroll
        for (int j = 0; j < SEED_WARP; j++)
            r[j] = j < mq ? sh[q + (size_t)j] : 0.0;
#pragma unroll
        for (int j = 0; j < SEED_WARP; j++)
            if (j < mq)
                a = __dadd_rn(a, r[j]);
        if (u < a) { /* the sum passes u in this stretch: where */
            for (int j = 0; j < mq; j++) {
                acc = __dadd_rn(acc, r[j]);
                if (u < acc) {
                    if (lane == 0)
                        didx[w] = lo + q + (size_t)j;
                    return;
                }
            }
        }
        acc = a;
        if (pos)
            last = lo + q + (size_t)(31 - __clz((int)pos));
    }
    if (lane == 0)
        didx[w] = last;
}

extern "C" tkm_status tkmi_cu_seed_pick(const double *dmin, size_t n,
                                        const tkmi_d2_draw *draws, int cand,
                                        uint64_t *didx, void *st, char *msg,
                                        size_t msglen)
{
    seed_pick_kernel<<<(unsigned)cand, SEED_WARP, 0, (cudaStream_t)st>>>(
        dmin, n, draws, didx);
    SEED_LAUNCHED(seed_pick_kernel);
    return TKM_OK;
}

// ---- the farthest row ------------------------------------------------------

// (v, i) beats (bv, bi): larger, or as large and an earlier row.
static __device__ __forceinline__ bool seed_beats(double v, uint64_t i,
                                                  double bv, uint64_t bi)
{
    return v > bv || (v == bv && i < bi);
}

// Each block's largest dmin and its lowest row: each thread over its rows
// in increasing order, then the block's threads pairwise.  The winner is
// the one row of largest value and lowest index, whatever the shape.
static __global__ __launch_bounds__(SEED_THREADS) void seed_argmax_kernel(
    const double *__restrict__ dmin, size_t n, double *__restrict__ bval,
    uint64_t *__restrict__ bidx)
{
    __shared__ double sv[SEED_THREADS];
    __shared__ uint64_t si[SEED_THREADS];
    double bv = -INFINITY;
    uint64_t bi = UINT64_MAX;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        if (seed_beats(dmin[i], i, bv, bi)) {
            bv = dmin[i];
            bi = i;
        }
    sv[threadIdx.x] = bv;
    si[threadIdx.x] = bi;
    __syncthreads();
    for (unsigned h = SEED_THREADS / 2; h > 0; h /= 2) {
        if (threadIdx.x < h &&
            seed_beats(sv[threadIdx.x + h], si[threadIdx.x + h],
                       sv[threadIdx.x], si[threadIdx.x])) {
            sv[threadIdx.x] = sv[threadIdx.x + h];
            si[threadIdx.x] = si[threadIdx.x + h];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        bval[blockIdx.x] = sv[0];
        bidx[blockIdx.x] = si[0];
    }
}

extern "C" size_t tkmi_cu_seed_argmax_groups(size_t n)
{
    const size_t b = (n + SEED_THREADS - 1) / SEED_THREADS;
    return b < 1 ? 1 : b > 1024 ? 1024 : b;
}

extern "C" tkm_status tkmi_cu_seed_argmax(const double *dmin, size_t n,
                                          double *bval, uint64_t *bidx,
                                          void *st, char *msg, size_t msglen)
{
    seed_argmax_kernel<<<(unsigned)tkmi_cu_seed_argmax_groups(n),
                         SEED_THREADS, 0, (cudaStream_t)st>>>(dmin, n, bval,
                                                             bidx);
    SEED_LAUNCHED(seed_argmax_kernel);
    return TKM_OK;
}
#endif
