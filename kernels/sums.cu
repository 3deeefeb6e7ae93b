// The centroid update's sums and means on the device, with the CPU's
// semantics (src/common/update.c); the rest of the update is in
// farthest.cu (empty clusters), drift.cu, and inertia.cu.
//
// Determinism without floating-point atomics: the sums are exact 128-bit
// fixed-point integers (see cuda_engine.h), so the order the threads add
// in cannot change them; maxima and minima go through integer atomics on
// bit patterns; the inertia and the drift summary are reduced in a fixed
// shape (TKM_RED_THREADS threads, fixed chunks) independent of the user's
// block size.
#include "real.h"

#include "arith.h"
#include "cuda_engine.h"

#include "common.cuh"

// ---- exact sums ----------------------------------------------------------

// A digit of a value (|digit| < 2^62, fixsum.h) added to the 128-bit
// accumulator p[0] (low word), p[1] (high).
// The carry out of the low word is read off the value it held before the
// addition, so the total is exact whatever the order of the additions.
// The high word's addend once the low word held old before adding lo.
static __device__ __forceinline__ unsigned long long
carry_hi(unsigned long long old, unsigned long long lo, unsigned long long hi)
{
    return hi + (old + lo < old ? 1ull : 0ull);
}

static __device__ __forceinline__ void add128(unsigned long long *p,
                                              unsigned long long lo,
                                              unsigned long long hi)
{
    const unsigned long long h = carry_hi(atomicAdd(p, lo), lo, hi);
    if (h)
        atomicAdd(p + 1, h);
}

// Virtual column v's digit of point i's value (fixsum.h): column vc.col,
// its coordinate at x[i*ps + col*ds].
static __device__ __forceinline__ long long digit_of(tkm_real v,
                                                    const tkmi_fx_vc &vc)
{
    return (long long)tkmi_fx_digit((double)v, vc.f1, vc.f2);
}

// Virtual column vc's digit of a point's coordinate v: with sample
// weights (WT), of the exact product of the point's weight wi and v, or of
// wi itself in the weights' column (v then 0; fixsum.h's tkmi_fx_wdigit,
// as update.c's fx_add makes them).
template <bool WT>
static __device__ __forceinline__ long long vdigit(tkm_real v,
                                                  const tkmi_fx_vc &vc,
                                                  double wi)
{
    return WT ? (long long)tkmi_fx_wdigit(wi, (double)v, &vc)
              : digit_of(v, vc);
}

// vdigit of a point whose coordinate j is xi[j*ds].
template <bool WT>
static __device__ __forceinline__ long long
pdigit(const tkm_real *xi, size_t ds, const tkmi_fx_vc &vc, double wi)
{
    const bool wcol = WT && vc.f1 != 0.0; // the weights' column
    return vdigit<WT>(wcol ? (tkm_real)0 : xi[(size_t)vc.col * ds], vc, wi);
}

// Point i's weight where the run has them (WT), else unused.
template <bool WT>
static __device__ __forceinline__ double weight_of(const double *w, size_t i)
{
    return WT ? w[i] : 0.0;
}

static __device__ __forceinline__ void add_digit(unsigned long long *p,
                                                 long long q)
{
    if (q)
        add128(p, (unsigned long long)q, q < 0 ? ~0ull : 0ull);
}

// Sums straight into global memory (any k and d).  WT: sample weights w.
template <bool WT>
static __global__ __launch_bounds__(1024) void sums_global_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t nv,
    const int32_t *__restrict__ labels, const tkmi_fx_vc *__restrict__ vc,
    const double *__restrict__ w, unsigned long long *acc,
    unsigned long long *cnt)
{
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
        const size_t a = (size_t)labels[i];
        const double wi = weight_of<WT>(w, i);
        atomicAdd(cnt + a, 1ull);
        for (size_t v = 0; v < nv; v++)
            add_digit(acc + 2 * (a * nv + v), pdigit<WT>(x + i, n, vc[v], wi));
    }
}

// Sums of the block's points in shared memory first, then one 128-bit
// addition per cluster coordinate and block (small k*d).  Cluster a's
// words start at a*(2d+1): d (lo, hi) pairs, then its count.  The odd
// stride spreads the clusters of a warp's points over the banks (with a
// stride of 2d words every cluster would start in the same bank).
template <bool WT>
static __global__ __launch_bounds__(1024) void sums_shared_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t d, size_t k,
    const int32_t *__restrict__ labels, const tkmi_fx_vc *__restrict__ vc,
    const double *__restrict__ w, unsigned long long *acc,
    unsigned long long *cnt)
{
    extern __shared__ unsigned long long sh[];
    const size_t stride = 2 * d + 1, words = k * stride;
    for (size_t e = threadIdx.x; e < words; e += blockDim.x)
        sh[e] = 0ull;
    __syncthreads();
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
        unsigned long long *sa = sh + (size_t)labels[i] * stride;
        const double wi = weight_of<WT>(w, i);
        atomicAdd(sa + 2 * d, 1ull);
        for (size_t j = 0; j < d; j++)
            add_digit(sa + 2 * j, pdigit<WT>(x + i, n, vc[j], wi));
    }
    __syncthreads();
    for (size_t e = threadIdx.x; e < k * d; e += blockDim.x) {
        const size_t a = e / d, j = e - a * d;
        const unsigned long long *sa = sh + a * stride + 2 * j;
        if (sa[0] | sa[1])
            add128(acc + 2 * e, sa[0], sa[1]);
    }
    for (size_t a = threadIdx.x; a < k; a += blockDim.x)
        if (sh[a * stride + 2 * d])
            atomicAdd(cnt + a, sh[a * stride + 2 * d]);
}

// cuda-shared, when k*(2d+1) words do not fit at once: the block's sums
// over a chunk of dj dimensions (blockIdx.y picks it) for every cluster in
// shared memory, then one 128-bit addition per cluster coordinate and
// block.  Cluster a's words start at a*(2dj+1) (odd, as above); chunk 0
// also counts the points.  The same integers as the other two kernels.
template <bool WT>
static __global__ __launch_bounds__(1024) void sums_chunked_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t d, size_t k, size_t dj,
    const int32_t *__restrict__ labels, const tkmi_fx_vc *__restrict__ vc,
    const double *__restrict__ w, unsigned long long *acc,
    unsigned long long *cnt)
{
    extern __shared__ unsigned long long sh[];
    const size_t j0 = (size_t)blockIdx.y * dj;
    const size_t wd = d - j0 < dj ? d - j0 : dj;
    const size_t stride = 2 * dj + 1, words = k * stride;
    const bool counts = blockIdx.y == 0;
    for (size_t e = threadIdx.x; e < words; e += blockDim.x)
        sh[e] = 0ull;
    __syncthreads();
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        unsigned long long *sa = sh + (size_t)labels[i] * stride;
        const double wi = weight_of<WT>(w, i);
        if (counts)
            atomicAdd(sa + 2 * dj, 1ull);
        for (size_t jj = 0; jj < wd; jj++)
            add_digit(sa + 2 * jj, pdigit<WT>(x + i, n, vc[j0 + jj], wi));
    }
    __syncthreads();
    for (size_t e = threadIdx.x; e < k * wd; e += blockDim.x) {
        const size_t a = e / wd, jj = e - a * wd;
        const unsigned long long *sa = sh + a * stride + 2 * jj;
        if (sa[0] | sa[1])
            add128(acc + 2 * (a * d + j0 + jj), sa[0], sa[1]);
    }
    if (counts)
        for (size_t a = threadIdx.x; a < k; a += blockDim.x)
            if (sh[a * stride + 2 * dj])
                atomicAdd(cnt + a, sh[a * stride + 2 * dj]);
}

// The sums kept from the last update, moved by the points whose label
// changed since (labels[i] != held[i]): each leaves held[i]'s sums (unless
// held[i] < 0: counted nowhere yet) and joins labels[i]'s.  A warp takes 32
// consecutive points, finds the changed ones with a ballot and moves them
// one after another, its lanes over the coordinates (point i's coordinate
// j is x[i*ps + j*ds], column- or row-major).  Integer additions modulo
// 2^128 (a subtraction adds the two's complement), so the result is the
// sum from scratch, bit for bit.
template <bool WT>
static __global__ __launch_bounds__(1024) void sums_delta_kernel(
    const tkm_real *__restrict__ x, size_t ps, size_t ds, size_t n, size_t d,
    const int32_t *__restrict__ labels, int32_t *__restrict__ held,
    const tkmi_fx_vc *__restrict__ vc, const double *__restrict__ w,
    unsigned long long *acc, unsigned long long *cnt)
{
    const unsigned lane = threadIdx.x & 31u;
    const size_t warp = ((size_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    const size_t warps = ((size_t)gridDim.x * blockDim.x) >> 5;
    for (size_t base = warp * 32; base < n; base += warps * 32) {
        const size_t i = base + lane;
        int32_t now = -1, was = -1;
        if (i < n) {
            now = labels[i];
            was = held[i];
        }
        const bool moved = now != was;
        unsigned todo = __ballot_sync(0xffffffffu, moved);
        if (moved) {
            held[i] = now;
            atomicAdd(cnt + now, 1ull);
            if (was >= 0)
                atomicAdd(cnt + was, ~0ull); // minus one, modulo 2^64
        }
        while (todo) {
            const int src = __ffs(todo) - 1;
            todo &= todo - 1u;
            const size_t ip = base + (size_t)src;
            const size_t to = (size_t)__shfl_sync(0xffffffffu, now, src);
            const int32_t from = __shfl_sync(0xffffffffu, was, src);
            const double wp = weight_of<WT>(w, ip);
            // TKM_DELTA_U coordinates a lane: their loads, then their
            // low-word atomics, all in flight together, then the carries
            for (size_t j0 = lane; j0 < d; j0 += 32 * TKM_DELTA_U) {
                long long q[TKM_DELTA_U];
                unsigned long long ot[TKM_DELTA_U], of[TKM_DELTA_U];
#pragma unroll
                for (int u = 0; u < TKM_DELTA_U; u++) {
                    const size_t j = j0 + 32 * (size_t)u;
                    q[u] = j < d ? pdigit<WT>(x + ip * ps, ds, vc[j], wp) : 0;
                }
#pragma unroll
                for (int u = 0; u < TKM_DELTA_U; u++) {
                    const size_t j = j0 + 32 * (size_t)u;
                    const unsigned long long lo = (unsigned long long)q[u];
                    ot[u] = of[u] = 0;
                    if (q[u])
                        ot[u] = atomicAdd(acc + 2 * (to * d + j), lo);
                    if (q[u] && from >= 0) // |q| < 2^62: -q is exact
                        of[u] = atomicAdd(acc + 2 * ((size_t)from * d + j),
                                          (unsigned long long)-q[u]);
                }
#pragma unroll
                for (int u = 0; u < TKM_DELTA_U; u++) {
                    const size_t j = j0 + 32 * (size_t)u;
                    if (!q[u])
                        continue;
                    const unsigned long long lo = (unsigned long long)q[u];
                    const unsigned long long ht =
                        carry_hi(ot[u], lo, q[u] < 0 ? ~0ull : 0ull);
                    if (ht)
                        atomicAdd(acc + 2 * (to * d + j) + 1, ht);
                    if (from < 0)
                        continue;
                    const unsigned long long hf = carry_hi(
                        of[u], (unsigned long long)-q[u],
                        q[u] > 0 ? ~0ull : 0ull);
                    if (hf)
                        atomicAdd(acc + 2 * ((size_t)from * d + j) + 1, hf);
                }
            }
        }
    }
}

// Sparse points (kernels/sparse.cu): a warp a point, its lanes over the
// row's stored values (a left-out value is 0, whose digits are 0), each
// value's digits (its column's limbs, fcol) added to the point's cluster
// and, moving a point that changed cluster (scratch 0: only those), taken
// from the one it was counted under.  The same integers as the dense
// kernels' for the row made dense.
// With sample weights (WT) the products' digits, and lane 0 adds the
// weight's digits to the weights' column fw.
template <bool WT>
static __global__ __launch_bounds__(1024) void sums_sparse_kernel(
    const tkm_real *__restrict__ v, const int32_t *__restrict__ col,
    const int64_t *__restrict__ ptr, size_t n, size_t nv, int scratch,
    const int32_t *__restrict__ labels, int32_t *__restrict__ held,
    const tkmi_fx_col *__restrict__ fcol, const tkmi_fx_vc *__restrict__ vc,
    const double *__restrict__ w, tkmi_fx_col fw, unsigned long long *acc,
    unsigned long long *cnt)
{
    const unsigned lane = threadIdx.x & 31u;
    const size_t w0 = TKM_GRID_START >> 5, nw = TKM_GRID_STEP >> 5;
    for (size_t i = w0; i < n; i += nw) {
        const int32_t now = labels[i], was = scratch ? -1 : held[i];
        if (now == was)
            continue;
        const double wi = weight_of<WT>(w, i);
        if (lane == 0) {
            atomicAdd(cnt + now, 1ull);
            if (was >= 0)
                atomicAdd(cnt + was, ~0ull); // minus one, modulo 2^64
            if (!scratch)
                held[i] = now;
            for (int l = 0; WT && l < fw.W; l++) {
                const size_t e = (size_t)fw.v0 + (size_t)l;
                const long long dq = vdigit<WT>((tkm_real)0, vc[e], wi);
                add_digit(acc + 2 * ((size_t)now * nv + e), dq);
                if (was >= 0)
                    add_digit(acc + 2 * ((size_t)was * nv + e), -dq);
            }
        }
        for (int64_t q = ptr[i] + (int64_t)lane; q < ptr[i + 1]; q += 32) {
            const tkmi_fx_col fc = fcol[col[q]];
            for (int l = 0; l < fc.W; l++) {
                const size_t e = (size_t)fc.v0 + (size_t)l;
                const long long dq = vdigit<WT>(v[q], vc[e], wi);
                if (!dq)
                    continue;
                add_digit(acc + 2 * ((size_t)now * nv + e), dq);
                if (was >= 0) // |dq| < 2^62: -dq is exact
                    add_digit(acc + 2 * ((size_t)was * nv + e), -dq);
            }
        }
    }
}

// q added to the 128-bit value hi * 2^64 + lo (hi: a block's int).
static __device__ __forceinline__ void add_column(unsigned long long *lo,
                                                  int *hi, long long q)
{
    const unsigned long long o = *lo, u = o + (unsigned long long)q;
    *lo = u;
    *hi += (q < 0 ? -1 : 0) + (u < o ? 1 : 0);
}

// cuda-shared, d >= 64: one thread per dimension, so no atomics at all.
// Block (x, y, z) takes the points of its share of the grid's x, the
// dimensions y*B .. y*B + B - 1 (B = blockDim.x), one per thread, and the
// clusters z*kc .. z*kc + kc - 1; each thread keeps its own column of kc
// 128-bit sums in shared memory (the low words as unsigned, the high words
// as int: a block adds fewer than 2^31 values), adds its points of those
// clusters in order and flushes the column once.  The split over clusters
// is for occupancy: a column costs 12 bytes of shared memory a cluster, so
// that at k = 100 a whole column allows only 4 warps a multiprocessor, too
// few to hide the latency of each point's chain of dependent steps.
// Point i's coordinate j is x[i*ps + j*ds] (column- or row-major).
// Thread 0 of the blocks with y == 0 counts the points.  No thread reads
// another thread's words: no barrier is needed.
static __global__ __launch_bounds__(64) void sums_bydim_kernel(
    const tkm_real *__restrict__ x, size_t ps, size_t ds, size_t n, size_t d,
    size_t k, size_t kc, const int32_t *__restrict__ labels,
    const tkmi_fx_vc *__restrict__ vc, unsigned long long *acc,
    unsigned long long *cnt)
{
    extern __shared__ unsigned long long sh[];
    const unsigned B = blockDim.x, t = threadIdx.x;
    const size_t j = (size_t)blockIdx.y * B + t;
    const size_t a0 = (size_t)blockIdx.z * kc;
    const size_t kz = k - a0 < kc ? k - a0 : kc;
    unsigned long long *lo = sh;                     // [kc][B]
    int *hi = reinterpret_cast<int *>(sh + kc * B);   // [kc][B]
    unsigned *num = reinterpret_cast<unsigned *>(hi + kc * B); // [kc]
    const bool counts = blockIdx.y == 0 && t == 0;
    const size_t per = (n + gridDim.x - 1) / gridDim.x;
    const size_t i0 = (size_t)blockIdx.x * per;
    const size_t i1 = i0 + per < n ? i0 + per : n;
    if (j >= d)
        return;
    const tkmi_fx_vc vj = vc[j];
    const size_t xj = (size_t)vj.col * ds;
    for (size_t a = 0; a < kz; a++) {
        lo[a * B + t] = 0ull;
        hi[a * B + t] = 0;
        if (counts)
            num[a] = 0u;
    }
    size_t i = i0;
    // four points' loads in flight before their (ordered) additions; a
    // label below the block's clusters wraps to a large a
    for (; i + 4 <= i1; i += 4) {
        size_t a[4];
        long long q[4];
#pragma unroll
        for (int u = 0; u < 4; u++) {
            a[u] = (size_t)labels[i + u] - a0;
            q[u] = a[u] < kz ? digit_of(x[(i + u) * ps + xj], vj) : 0;
        }
#pragma unroll
        for (int u = 0; u < 4; u++)
            if (a[u] < kz) {
                add_column(lo + a[u] * B + t, hi + a[u] * B + t, q[u]);
                if (counts)
                    num[a[u]]++;
            }
    }
    for (; i < i1; i++) {
        const size_t a = (size_t)labels[i] - a0;
        if (a >= kz)
            continue;
        add_column(lo + a * B + t, hi + a * B + t,
                   digit_of(x[i * ps + xj], vj));
        if (counts)
            num[a]++;
    }
    for (size_t a = 0; a < kz; a++) {
        const unsigned long long l = lo[a * B + t];
        const long long h = hi[a * B + t];
        if (l | (unsigned long long)h)
            add128(acc + 2 * ((a0 + a) * d + j), l, (unsigned long long)h);
        if (counts && num[a])
            atomicAdd(cnt + a0 + a, (unsigned long long)num[a]);
    }
}

// Launch sums_bydim_kernel (64 or 32 threads a block, as k allows) when
// d >= TKM_BYDIM_MIN_D; *done = 0 when k is too large for a whole column
// per thread in half a multiprocessor's shared memory.  (At lower d its
// few, latency-bound threads lose to sums_chunked_kernel: on an H200 the
// whole update took 0.32 against 0.17 ms at 494,080 x 34, k = 100.)  The
// clusters are split into zs slices of kc so that a block takes at most an
// eighth of a multiprocessor's shared memory (16 warps of 64-thread
// blocks), at most TKM_BYDIM_ZMAX slices: every slice reads all the
// labels.
static tkm_status sums_bydim(TKM_FN(tkmi_gpu) *g, int *done, char *msg,
                             size_t msglen)
{
    const size_t k = g->k, d = g->nv;
    size_t room = (size_t)(g->smem_sm / 2 - 2048);
    room = room < (size_t)g->smem_optin ? room : (size_t)g->smem_optin;
    *done = 0;
    if (d < TKM_BYDIM_MIN_D)
        return TKM_OK;
    const unsigned B = k * 64 * 12 + 4 * k <= room ? 64u : 32u;
    if (k * B * 12 + 4 * k > room)
        return TKM_OK;
    const long long eighth = (long long)g->smem_sm / 8 - 2048;
    const size_t slot = eighth > 0 ? (size_t)eighth / (B * 12 + 4) : 0;
    size_t zs = slot ? (k + slot - 1) / slot : TKM_BYDIM_ZMAX;
    zs = zs < TKM_BYDIM_ZMAX ? zs : TKM_BYDIM_ZMAX;
    const size_t kc = (k + zs - 1) / zs;
    zs = (k + kc - 1) / kc; // no empty slice
    const size_t smem = kc * B * 12 + 4 * kc;
    if (smem > (48u << 10))
        TKM_CU_CHECK(cudaFuncSetAttribute(
            sums_bydim_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
            (int)room));
    int per = 0;
    TKM_CU_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &per, sums_bydim_kernel, (int)B, smem));
    if (per < 1)
        return TKM_OK;
    const size_t chunks = (d + B - 1) / B;
    size_t gx = (size_t)per * (size_t)g->sms / (chunks * zs);
    gx = gx ? gx : 1;
    gx = gx < g->n ? gx : g->n;
    if ((g->n + gx - 1) / gx > (size_t)INT32_MAX) // a block's high words
        return TKM_OK;
    const dim3 grid((unsigned)gx, (unsigned)chunks, (unsigned)zs);
    // a warp's dimensions of one point: 32 cache lines apart column-major,
    // one line row-major (where the engine keeps the row-major points)
    const tkm_pts pt = tkm_points(g);
    sums_bydim_kernel<<<grid, B, smem, g->st>>>(pt.x, pt.ps, pt.ds, g->n, d,
                                                k, kc, g->labels,
                                                g->fvc, g->acc, g->cnt);
    TKM_CU_LAUNCHED(sums_bydim_kernel);
    *done = 1;
    return TKM_OK;
}

// Launch sums_chunked_kernel with the widest chunk whose words fit in the
// shared memory of two blocks per multiprocessor; *done = 0 when not even
// one dimension fits (huge k: the sums go straight to global memory).
static tkm_status sums_chunked(TKM_FN(tkmi_gpu) *g, int *done, char *msg,
                               size_t msglen)
{
    const size_t k = g->k, d = g->nv;
    const auto kern = g->w ? sums_chunked_kernel<true>
                           : sums_chunked_kernel<false>;
    size_t room = (size_t)(g->smem_sm / 2 - 1024);
    room = room < (size_t)g->smem_optin ? room : (size_t)g->smem_optin;
    const size_t words = room / sizeof(unsigned long long) / k;
    *done = 0;
    if (words < 3)
        return TKM_OK;
    size_t dj = (words - 1) / 2;
    dj = dj < d ? dj : d;
    const size_t chunks = (d + dj - 1) / dj;
    const size_t smem = k * (2 * dj + 1) * sizeof(unsigned long long);
    int per = 0;
    cudaFuncAttributes fa;
    TKM_CU_CHECK(cudaFuncGetAttributes(&fa, kern));
    if (smem > (size_t)g->smem_optin - fa.sharedSizeBytes)
        return TKM_OK;
    if (smem > (48u << 10))
        TKM_CU_CHECK(cudaFuncSetAttribute(
            kern, cudaFuncAttributeMaxDynamicSharedMemorySize,
            g->smem_optin - (int)fa.sharedSizeBytes));
    TKM_CU_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &per, kern, g->block, smem));
    if (per < 1)
        return TKM_OK;
    size_t gx = (size_t)per * (size_t)g->sms / chunks;
    const size_t need = (g->n + (size_t)g->block - 1) / (size_t)g->block;
    gx = gx < need ? gx : need;
    const dim3 grid((unsigned)(gx ? gx : 1), (unsigned)chunks);
    kern<<<grid, g->block, smem, g->st>>>(g->x, g->n, d, k, dj, g->labels,
                                          g->fvc, g->w, g->acc, g->cnt);
    TKM_CU_LAUNCHED(sums_chunked_kernel);
    *done = 1;
    return TKM_OK;
}

// The sums' cluster weights: each cluster's count, or with sample
// weights (fw.W > 0, the weights' column) its weights' exact sum.
struct cl_weights {
    const unsigned long long *acc, *cnt;
    size_t nv;
    tkmi_fx_col fw;

    // Has cluster a no weight (no point, or points of weight 0 only: the
    // weights' digits are all >= 0, so their sum is 0 only when every
    // limb is; update.c's fx_empty)?
    __device__ bool empty(size_t a) const
    {
        if (!fw.W)
            return cnt[a] == 0;
        const unsigned long long *p = at(a, fw);
        for (int l = 0; l < 2 * fw.W; l++)
            if (p[l])
                return false;
        return true;
    }

    // Cluster a's limbs of column f.
    __device__ const unsigned long long *at(size_t a, tkmi_fx_col f) const
    {
        return acc + 2 * (a * nv + (size_t)f.v0);
    }

    // Cluster a's weight rounded to double (update.c's fx_weight).
    __device__ double weight(size_t a) const
    {
        if (!fw.W)
            return (double)cnt[a];
        uint64_t num[2 * TKMI_FX_MAXW], one[2] = {1, 0};
        const unsigned long long *p = at(a, fw);
        for (int l = 0; l < 2 * fw.W; l++)
            num[l] = p[l];
        return tkmi_fx_quot(num, fw.W, fw.S, one, 1, 0, 53, -1074);
    }
};

static cl_weights weights_of(const TKM_FN(tkmi_gpu) *g)
{
    return cl_weights{g->acc, g->cnt, g->nv, g->fw};
}

// cn = the means, each the correctly rounded quotient of a column's exact
// sum by the cluster's count or weight (fixsum.h, as update.c); a cluster
// of no weight keeps its centroid (the farthest policy then moves it,
// heaviest_kernel).  A thread per (cluster, column).
static __global__ __launch_bounds__(256) void means_kernel(
    cl_weights cw, size_t k, size_t d, const tkmi_fx_col *__restrict__ fcol,
    const tkm_real *__restrict__ c, tkm_real *__restrict__ cn)
{
    for (size_t e = TKM_GRID_START; e < k * d; e += TKM_GRID_STEP) {
        const size_t cl = e / d, j = e - cl * d;
        if (cw.empty(cl)) {
            cn[e] = c[e];
            continue;
        }
        const tkmi_fx_col f = fcol[j];
        uint64_t num[2 * TKMI_FX_MAXW], den[2 * TKMI_FX_MAXW], any = 0;
        const unsigned long long *a = cw.at(cl, f);
        for (int w = 0; w < 2 * f.W; w++)
            any |= num[w] = a[w];
        if (!any) {
            // a sum of 0 (sparse points: many columns of a cluster) has
            // the quotient +0, as tkmi_fx_quot finds (update.c's fx_quot)
            cn[e] = (tkm_real)0;
            continue;
        }
        int Wd = 1, Sd = 0;
        if (cw.fw.W) { // the weights' exact sum
            const unsigned long long *b = cw.at(cl, cw.fw);
            for (int w = 0; w < 2 * cw.fw.W; w++)
                den[w] = b[w];
            Wd = cw.fw.W;
            Sd = cw.fw.S;
        } else {
            den[0] = cw.cnt[cl];
            den[1] = 0;
        }
        cn[e] = (tkm_real)tkmi_fx_quot(num, f.W, f.S, den, Wd, Sd, TKMI_FX_P,
                                       TKMI_FX_QMIN);
    }
}

// Clusters of no weight take the mean of the heaviest (the first of the
// largest count or weight), as scikit-learn places them (update.c's
// to_heaviest).  One block.
static __global__ __launch_bounds__(TKM_RED_THREADS) void heaviest_kernel(
    cl_weights cw, size_t k, size_t d, tkm_real *cn)
{
    __shared__ double bc[TKM_RED_THREADS];
    __shared__ unsigned long long bi[TKM_RED_THREADS];
    double best = -1.0;
    unsigned long long bidx = ~0ull;
    for (size_t a = threadIdx.x; a < k; a += blockDim.x) {
        const double wa = cw.empty(a) ? 0.0 : cw.weight(a);
        if (wa > best) { // (a thread's clusters come in index order)
            best = wa;
            bidx = a;
        }
    }
    bc[threadIdx.x] = best;
    bi[threadIdx.x] = bidx;
    __syncthreads();
    if (threadIdx.x == 0)
        for (unsigned t = 1; t < blockDim.x; t++)
            if (bc[t] > best || (bc[t] == best && bi[t] < bidx)) {
                best = bc[t];
                bidx = bi[t];
            }
    if (threadIdx.x == 0)
        bi[0] = bidx;
    __syncthreads();
    const size_t h = (size_t)bi[0];
    for (size_t e = threadIdx.x; e < k * d; e += blockDim.x) {
        const size_t a = e / d;
        if (a != h && cw.empty(a))
            cn[e] = cn[h * d + (e - a * d)];
    }
}

extern "C" tkm_status TKM_FN(tkmi_cu_means)(TKM_FN(tkmi_gpu) *g, int moved,
                                            char *msg, size_t msglen)
{
    const size_t k = g->k, d = g->d;
    means_kernel<<<tkm_blocks_for(k * d, 256, g->grid), 256, 0, g->st>>>(
        weights_of(g), k, d, g->fcol, g->c, g->cn);
    TKM_CU_LAUNCHED(means_kernel);
    if (moved) {
        heaviest_kernel<<<1, TKM_RED_THREADS, 0, g->st>>>(weights_of(g), k,
                                                          d, g->cn);
        TKM_CU_LAUNCHED(heaviest_kernel);
    }
    return TKM_OK;
}

// Count the clusters of no weight (sc->nempty, zero at launch) and mark
// them (wempty), before the farthest policy moves any point.
static __global__ __launch_bounds__(1024) void empty_kernel(
    cl_weights cw, size_t k, unsigned char *wempty, TKM_FN(tkmi_gsc) * sc)
{
    for (size_t a = TKM_GRID_START; a < k; a += TKM_GRID_STEP) {
        const bool e = cw.empty(a);
        wempty[a] = e;
        if (e)
            atomicAdd(&sc->nempty, 1ull);
    }
}

// A digit q (|q| < 2^62, so -q is exact) out of the 128-bit sum pa and
// into pc, modulo 2^128, by one thread (no other touches either word).
static __device__ __forceinline__ void take_digit(unsigned long long *pa,
                                                  unsigned long long *pc,
                                                  long long q)
{
    const unsigned long long lo = pa[0];
    const unsigned long long nl = lo + (unsigned long long)-q;
    pa[1] += (q > 0 ? ~0ull : 0ull) + (nl < lo ? 1ull : 0ull);
    pa[0] = nl;
    const unsigned long long lc = pc[0];
    const unsigned long long ml = lc + (unsigned long long)q;
    pc[1] += (q < 0 ? ~0ull : 0ull) + (ml < lc ? 1ull : 0ull);
    pc[0] = ml;
}

// The farthest search's point i (sc->far_idx, for empty cluster sc->next;
// none when sc->far_key is 0 or sc->next is k) out of its cluster a's sums
// and count and into cluster sc->next's (whose sums are 0), as update.c's
// move_to_farthest and scikit-learn's relocation: -q added modulo 2^128
// (|q| < 2^62, so -q is exact), even where a is left with no point.  One
// block; a thread per virtual column (WT: sample weights w).
template <bool WT>
static __global__ __launch_bounds__(TKM_RED_THREADS) void take_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t nv, size_t k,
    const int32_t *__restrict__ labels, const tkmi_fx_vc *__restrict__ vc,
    const double *__restrict__ w, unsigned long long *acc,
    unsigned long long *cnt, const TKM_FN(tkmi_gsc) * sc)
{
    const unsigned long long key = sc->far_key, i = sc->far_idx;
    const size_t c = sc->next;
    if (c >= k || key == 0)
        return;
    const size_t a = (size_t)labels[i];
    const double wi = weight_of<WT>(w, i);
    for (size_t v = threadIdx.x; v < nv; v += blockDim.x)
        take_digit(acc + 2 * (a * nv + v), acc + 2 * (c * nv + v),
                   pdigit<WT>(x + i, n, vc[v], wi));
    if (threadIdx.x == 0) {
        cnt[a]--;
        cnt[c]++;
    }
}

// take_kernel for sparse points: a thread a stored value of the point,
// each its column's limbs (a row's columns differ: no two threads share
// a word); with sample weights (WT) thread 0 moves the weight's digits
// too (the weights' column fw, no data column's words).
template <bool WT>
static __global__ __launch_bounds__(TKM_RED_THREADS) void take_sparse_kernel(
    const tkm_real *__restrict__ v, const int32_t *__restrict__ col,
    const int64_t *__restrict__ ptr, size_t nv, size_t k,
    const int32_t *__restrict__ labels, const tkmi_fx_col *__restrict__ fcol,
    const tkmi_fx_vc *__restrict__ vc, const double *__restrict__ w,
    tkmi_fx_col fw, unsigned long long *acc, unsigned long long *cnt,
    const TKM_FN(tkmi_gsc) * sc)
{
    const unsigned long long key = sc->far_key, i = sc->far_idx;
    const size_t c = sc->next;
    if (c >= k || key == 0)
        return;
    const size_t a = (size_t)labels[i];
    const double wi = weight_of<WT>(w, i);
    for (int64_t q = ptr[i] + (int64_t)threadIdx.x; q < ptr[i + 1];
         q += blockDim.x) {
        const tkmi_fx_col fc = fcol[col[q]];
        for (int l = 0; l < fc.W; l++) {
            const size_t e = (size_t)fc.v0 + (size_t)l;
            take_digit(acc + 2 * (a * nv + e), acc + 2 * (c * nv + e),
                       vdigit<WT>(v[q], vc[e], wi));
        }
    }
    for (int l = 0; WT && threadIdx.x == 0 && l < fw.W; l++) {
        const size_t e = (size_t)fw.v0 + (size_t)l;
        take_digit(acc + 2 * (a * nv + e), acc + 2 * (c * nv + e),
                   vdigit<WT>((tkm_real)0, vc[e], wi));
    }
    if (threadIdx.x == 0) {
        cnt[a]--;
        cnt[c]++;
    }
}

extern "C" tkm_status TKM_FN(tkmi_cu_take)(TKM_FN(tkmi_gpu) * g, char *msg,
                                           size_t msglen)
{
    if (g->sv) {
        (g->w ? take_sparse_kernel<true> : take_sparse_kernel<false>)
            <<<1, TKM_RED_THREADS, 0, g->st>>>(
                g->sv, g->scol, g->sptr, g->nv, g->k, g->labels, g->fcol,
                g->fvc, g->w, g->fw, g->acc, g->cnt, g->sc);
        TKM_CU_LAUNCHED(take_sparse_kernel);
        return TKM_OK;
    }
    (g->w ? take_kernel<true> : take_kernel<false>)
        <<<1, TKM_RED_THREADS, 0, g->st>>>(g->x, g->n, g->nv, g->k,
                                           g->labels, g->fvc, g->w, g->acc,
                                           g->cnt, g->sc);
    TKM_CU_LAUNCHED(take_kernel);
    return TKM_OK;
}

extern "C" tkm_status TKM_FN(tkmi_cu_empties)(TKM_FN(tkmi_gpu) * g,
                                              char *msg, size_t msglen)
{
    TKM_CU_CHECK(cudaMemsetAsync(&g->sc->nempty, 0, sizeof g->sc->nempty,
                                 g->st));
    empty_kernel<<<tkm_blocks_for(g->k, g->block, g->grid), g->block, 0,
                   g->st>>>(weights_of(g), g->k, g->wempty, g->sc);
    TKM_CU_LAUNCHED(empty_kernel);
    return TKM_OK;
}

// ---- sums from scratch in label order (row-major points kept) -------------
//
// Where the engine keeps the row-major points (g->xr), the sums from
// scratch need no per-cluster words in shared memory: the points are put
// in label order (a counting sort: counts, offsets, a scatter; the order
// within a cluster does not matter, the sums being exact integers), then a
// warp takes a segment of TKM_SORTED_SEG sorted points and 32 dimensions,
// its lanes reading one cache line of a point at a time and keeping a
// 128-bit sum in registers, flushed once per cluster the segment meets.


// The counting sort's two passes over the labels, a block's points
// blockDim.x at a time: with k <= blockDim.x clusters their counts go
// through shared memory first (one global atomic per cluster and chunk,
// not one per point on a few hot words); with more, straight to global
// memory.  off[k + 1 + a]: points of cluster a (count pass, zero at
// launch), then its cursor (scatter pass: perm[cursor++] = i).
template <bool SCATTER>
static __global__ __launch_bounds__(1024) void label_pass_kernel(
    const int32_t *__restrict__ labels, size_t n, size_t k,
    unsigned long long *off, size_t *perm)
{
    extern __shared__ unsigned long long lsh[]; // [k] counts, [k] bases
    unsigned long long *num = off + k + 1;
    const size_t B = blockDim.x, t = threadIdx.x;
    const bool local = k <= B;
    for (size_t i0 = (size_t)blockIdx.x * B; i0 < n;
         i0 += (size_t)gridDim.x * B) {
        const size_t i = i0 + t;
        const int a = i < n ? labels[i] : -1;
        if (!local) {
            if (a >= 0) {
                const unsigned long long p = atomicAdd(num + a, 1ull);
                if (SCATTER)
                    perm[p] = i;
            }
            continue;
        }
        if (t < k)
            lsh[t] = 0;
        __syncthreads();
        const unsigned long long r = a >= 0 ? atomicAdd(lsh + a, 1ull) : 0;
        __syncthreads();
        if (t < k && lsh[t])
            lsh[k + t] = atomicAdd(num + t, lsh[t]);
        __syncthreads();
        if (SCATTER && a >= 0)
            perm[lsh[k + a] + r] = i;
        __syncthreads(); // the counts are zeroed for the next chunk
    }
}

// One block: off[0..k] = exclusive prefix sums of the counts (off[k] = n),
// the counts copied to cnt, and the cursors off[k + 1 + a] = off[a].  Each
// thread scans its own run of clusters; thread 0 chains the runs.
static __global__ __launch_bounds__(TKM_RED_THREADS) void label_offsets_kernel(
    size_t k, unsigned long long *off, unsigned long long *cnt)
{
    __shared__ unsigned long long run[TKM_RED_THREADS];
    const size_t T = blockDim.x, t = threadIdx.x;
    const size_t per = (k + T - 1) / T, a0 = t * per;
    const size_t a1 = a0 + per < k ? a0 + per : k;
    unsigned long long *num = off + k + 1, sum = 0;
    for (size_t a = a0; a < a1; a++)
        sum += num[a];
    run[t] = sum;
    __syncthreads();
    if (t == 0) {
        unsigned long long base = 0;
        for (size_t q = 0; q < T; q++) {
            const unsigned long long r = run[q];
            run[q] = base;
            base += r;
        }
        off[k] = base;
    }
    __syncthreads();
    unsigned long long base = run[t];
    for (size_t a = a0; a < a1; a++) {
        const unsigned long long c = num[a];
        off[a] = base;
        num[a] = base;
        cnt[a] = c;
        base += c;
    }
}

// A warp per (segment, 32 dimensions) item, items taken grid-stride.
static __global__ __launch_bounds__(1024) void sums_sorted_kernel(
    const tkm_real *__restrict__ xr, size_t n, size_t d,
    const int32_t *__restrict__ labels, const size_t *__restrict__ perm,
    const tkmi_fx_vc *__restrict__ vc, size_t dx, unsigned long long *acc)
{
    const unsigned lane = threadIdx.x & 31u;
    const size_t warp = ((size_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    const size_t warps = ((size_t)gridDim.x * blockDim.x) >> 5;
    const size_t nch = (d + 31) / 32;
    const size_t items = (n + TKM_SORTED_SEG - 1) / TKM_SORTED_SEG * nch;
    for (size_t it = warp; it < items; it += warps) {
        const size_t p0 = it / nch * TKM_SORTED_SEG;
        const size_t p1 = p0 + TKM_SORTED_SEG < n ? p0 + TKM_SORTED_SEG : n;
        const size_t j = it % nch * 32 + lane;
        const bool ok = j < d;
        const tkmi_fx_vc vj = vc[ok ? j : 0];
        int cur = -1;
        unsigned long long lo = 0, hi = 0;
        for (size_t pb = p0; pb < p1; pb += 32) {
            // 32 sorted points and their labels, a lane each
            const size_t pl = pb + lane;
            const size_t mine = pl < p1 ? perm[pl] : 0;
            const int lab = pl < p1 ? labels[mine] : -1;
            for (int u0 = 0; u0 < 32 && pb + u0 < p1; u0 += TKM_SORTED_U) {
                tkm_real xv[TKM_SORTED_U];
                int av[TKM_SORTED_U];
#pragma unroll
                for (int u = 0; u < TKM_SORTED_U; u++) {
                    const size_t i = __shfl_sync(0xffffffffu, mine, u0 + u);
                    av[u] = __shfl_sync(0xffffffffu, lab, u0 + u);
                    xv[u] = ok && av[u] >= 0 ? xr[i * dx + (size_t)vj.col]
                                             : (tkm_real)0;
                }
#pragma unroll
                for (int u = 0; u < TKM_SORTED_U; u++) {
                    if (av[u] < 0)
                        break;
                    if (av[u] != cur) {
                        if (ok && cur >= 0 && (lo | hi))
                            add128(acc + 2 * ((size_t)cur * d + j), lo, hi);
                        cur = av[u];
                        lo = hi = 0;
                    }
                    const long long q = digit_of(xv[u], vj);
                    const unsigned long long nl = lo + (unsigned long long)q;
                    hi += (q < 0 ? ~0ull : 0ull) + (nl < lo ? 1ull : 0ull);
                    lo = nl;
                }
            }
        }
        if (ok && cur >= 0 && (lo | hi))
            add128(acc + 2 * ((size_t)cur * d + j), lo, hi);
    }
}

// The four launches; acc is zero, the counts go straight to g->cnt.
static tkm_status sums_sorted(TKM_FN(tkmi_gpu) *g, char *msg, size_t msglen)
{
    const size_t n = g->n, d = g->nv, k = g->k;
    const int pts = tkm_blocks_for(n, g->block, g->grid);
    TKM_CU_CHECK(cudaMemsetAsync(g->off + k + 1, 0, k * sizeof *g->off,
                                 g->st));
    const size_t lsm = k <= (size_t)g->block ? 2 * k * sizeof *g->off : 0;
    label_pass_kernel<false><<<pts, g->block, lsm, g->st>>>(g->labels, n, k,
                                                            g->off, g->perm);
    TKM_CU_LAUNCHED(label_pass_kernel);
    label_offsets_kernel<<<1, TKM_RED_THREADS, 0, g->st>>>(k, g->off,
                                                           g->cnt);
    TKM_CU_LAUNCHED(label_offsets_kernel);
    label_pass_kernel<true><<<pts, g->block, lsm, g->st>>>(g->labels, n, k,
                                                           g->off, g->perm);
    TKM_CU_LAUNCHED(label_pass_kernel);
    const size_t items =
        (n + TKM_SORTED_SEG - 1) / TKM_SORTED_SEG * ((d + 31) / 32);
    sums_sorted_kernel<<<tkm_blocks_for(items * 32, g->block, tkm_wave(g)),
                         g->block, 0, g->st>>>(g->xr, n, d, g->labels,
                                               g->perm, g->fvc, g->d, g->acc);
    TKM_CU_LAUNCHED(sums_sorted_kernel);
    return TKM_OK;
}

// Shared-memory bytes per block above which the sums go straight to
// global memory: TKM_SUMS_SHARED_MAX (tune.h).

// The sums are moved rather than made afresh when at most 1 in
// TKMI_SUMS_DELTA_FRAC labels changed (tkmi_sums_move: g->changed, the
// last count on the host; the current iteration's when the assign step
// waited for the device, the previous one's when the update was queued
// behind it, which cuda_engine.c does only while that count chose moved
// sums): a changed point costs 2d scattered 128-bit atomic additions, an
// unchanged one nothing; a sum from scratch costs every point its d
// additions (most in shared memory).

extern "C" tkm_status TKM_FN(tkmi_cu_sums)(TKM_FN(tkmi_gpu) *g, char *msg,
                                           size_t msglen)
{
    const size_t n = g->n, d = g->nv, k = g->k;
    const int move = TKM_FN(tkmi_sums_move)(g);
    if (g->sv) {
        if (!move) {
            TKM_CU_CHECK(cudaMemsetAsync(g->acc, 0, 2 * k * d * sizeof *g->acc,
                                         g->st));
            TKM_CU_CHECK(cudaMemsetAsync(g->cnt, 0, k * sizeof *g->cnt,
                                         g->st));
            TKM_CU_CHECK(cudaMemcpyAsync(g->held, g->labels,
                                         n * sizeof *g->held,
                                         cudaMemcpyDeviceToDevice, g->st));
            g->sums_ok = 1;
        }
        (g->w ? sums_sparse_kernel<true> : sums_sparse_kernel<false>)
            <<<g->grid, g->block, 0, g->st>>>(
                g->sv, g->scol, g->sptr, n, d, !move, g->labels, g->held,
                g->fcol, g->fvc, g->w, g->fw, g->acc, g->cnt);
        TKM_CU_LAUNCHED(sums_sparse_kernel);
        return TKM_OK;
    }
    if (move) {
        const tkm_pts pt = tkm_points(g);
        (g->w ? sums_delta_kernel<true> : sums_delta_kernel<false>)
            <<<g->grid, g->block, 0, g->st>>>(pt.x, pt.ps, pt.ds, n, d,
                                              g->labels, g->held, g->fvc,
                                              g->w, g->acc, g->cnt);
        TKM_CU_LAUNCHED(sums_delta_kernel);
        return TKM_OK;
    }
    TKM_CU_CHECK(cudaMemsetAsync(g->acc, 0, 2 * k * d * sizeof *g->acc,
                                 g->st));
    TKM_CU_CHECK(cudaMemsetAsync(g->cnt, 0, k * sizeof *g->cnt, g->st));
    TKM_CU_CHECK(cudaMemcpyAsync(g->held, g->labels, n * sizeof *g->held,
                                 cudaMemcpyDeviceToDevice, g->st));
    g->sums_ok = 1;
    const size_t smem = k * (2 * d + 1) * sizeof(unsigned long long);
    int done = 0;
    // (with sample weights the label-sorted and by-dimension sums, whose
    // digits are the data's alone, give way to the kernels below)
    if (g->xr && !g->w && smem > TKM_SUMS_SHARED_MAX) {
        tkm_status rc = sums_sorted(g, msg, msglen);
        if (rc != TKM_OK)
            return rc;
        done = 1;
    } else if (smem <= TKM_SUMS_SHARED_MAX) {
        (g->w ? sums_shared_kernel<true> : sums_shared_kernel<false>)
            <<<g->grid, g->block, smem, g->st>>>(g->x, n, d, k, g->labels,
                                                 g->fvc, g->w, g->acc, g->cnt);
        TKM_CU_LAUNCHED(sums_shared_kernel);
    } else if (g->shared) {
        tkm_status rc = g->w ? TKM_OK : sums_bydim(g, &done, msg, msglen);
        if (rc == TKM_OK && !done)
            rc = sums_chunked(g, &done, msg, msglen);
        if (rc != TKM_OK)
            return rc;
    }
    if (smem > TKM_SUMS_SHARED_MAX && !done) {
        (g->w ? sums_global_kernel<true> : sums_global_kernel<false>)
            <<<g->grid, g->block, 0, g->st>>>(g->x, n, d, g->labels, g->fvc,
                                              g->w, g->acc, g->cnt);
        TKM_CU_LAUNCHED(sums_global_kernel);
    }
    return TKM_OK;
}
