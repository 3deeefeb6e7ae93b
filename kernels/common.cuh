// Helpers shared by every kernel file: launch checks, launch shapes,
// block reductions of counters, order-free atomics.  Include after
// real.h and cuda_engine.h.
#ifndef TKM_KERNELS_COMMON_CUH
#define TKM_KERNELS_COMMON_CUH

#include "cuda_check.h"

// Return TKM_ECUDA from a launcher when a runtime call fails.
#define TKM_CU_CHECK(call)                                                   \
    do {                                                                     \
        cudaError_t tkm_e_ = (call);                                         \
        if (tkm_e_ != cudaSuccess)                                           \
            return tkmi_cuda_fail((int)tkm_e_, #call, __FILE__, __LINE__,    \
                                  msg, msglen);                              \
    } while (0)

// After every launch: a bad launch shape or a missing kernel image shows
// here; faults inside a kernel show at the next synchronising call.
#define TKM_CU_LAUNCHED(kernel)                                              \
    do {                                                                     \
        cudaError_t tkm_e_ = cudaGetLastError();                             \
        if (tkm_e_ != cudaSuccess)                                           \
            return tkmi_cuda_fail((int)tkm_e_, "launch of " #kernel,         \
                                  __FILE__, __LINE__, msg, msglen);          \
    } while (0)

// Threads per block of the fixed-shape reductions (their result must not
// depend on the user's block size).
#define TKM_RED_THREADS 256

// First index and step of a grid-stride loop.
#define TKM_GRID_START ((size_t)blockIdx.x * blockDim.x + threadIdx.x)
#define TKM_GRID_STEP ((size_t)gridDim.x * blockDim.x)

// Blocks for m work items: enough to cover them, at most the engine's
// per-point grid (one full wave), at least 1.
static inline int tkm_blocks_for(size_t m, int block, int cap)
{
    size_t b = (m + (size_t)block - 1) / (size_t)block;
    if (b > (size_t)cap)
        b = (size_t)cap;
    return b ? (int)b : 1;
}

// Blocks of the engine's block size in one full wave of the device: the
// cap for loops over other items than the n points (the engine's grid is
// sized for those).
static inline int tkm_wave(const TKM_FN(tkmi_gpu) *g)
{
    return g->sms * (g->thr_sm / g->block);
}

// The points as the kernels read them: the row-major copy where the engine
// keeps one (a point's coordinates in consecutive words), else the
// column-major points; point i's coordinate j is x[i*ps + j*ds].
struct tkm_pts {
    const tkm_real *x;
    size_t ps, ds;
};

static inline tkm_pts tkm_points(const TKM_FN(tkmi_gpu) *g)
{
    return g->xr ? tkm_pts{g->xr, g->d, 1} : tkm_pts{g->x, 1, g->n};
}

// Sum N counters over the block and add them to out with one integer
// atomic each (integer sums do not depend on the order).  Every thread of
// the block must call it once, after its grid-stride loop; blockDim.x is
// a multiple of 32.
template <int N>
static __device__ void tkm_block_count(unsigned long long (&v)[N],
                                       unsigned long long *out)
{
    __shared__ unsigned long long sh[32][N];
    const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
    for (int o = 16; o > 0; o >>= 1)
        for (int q = 0; q < N; q++)
            v[q] += __shfl_down_sync(0xffffffffu, v[q], o);
    if (lane == 0)
        for (int q = 0; q < N; q++)
            sh[warp][q] = v[q];
    __syncthreads();
    if (warp == 0) {
        const unsigned nw = blockDim.x >> 5;
        for (int q = 0; q < N; q++)
            v[q] = lane < nw ? sh[lane][q] : 0ull;
        for (int o = 16; o > 0; o >>= 1)
            for (int q = 0; q < N; q++)
                v[q] += __shfl_down_sync(0xffffffffu, v[q], o);
        if (lane == 0)
            for (int q = 0; q < N; q++)
                if (v[q])
                    atomicAdd(out + q, v[q]);
    }
}

// A point's pruned assignment made (not pruned by the global test): its
// upper bound ub and, where it changed from a0, its label a stored; the
// counters v (TKMI_NCTR, tkm_block_count's) take the change, the nd
// distances and the np pairs pruned.
static __device__ __forceinline__ void
tkm_point_done(size_t i, int a0, int a, tkm_real ub, uint64_t nd, uint64_t np,
               int32_t *labels, tkm_real *u, unsigned long long *v)
{
    u[i] = ub;
    if (a != a0) {
        labels[i] = a;
        v[TKMI_CTR_CHANGED]++;
    }
    v[TKMI_CTR_DIST_PC] += nd;
    v[TKMI_CTR_PAIRS] += np;
}

// sum_j (a_j - b_j)^2 over d coordinates of two rows, the lanes of a warp
// taking j = lane, lane + 32, ... and a butterfly of shuffles adding their
// partial sums: every lane gets the same bits (each step adds the same two
// values in either order).  The order differs from tkmi_dist2's, which is
// safe where the result feeds a bound: the rounding-safe margins of arith.h
// hold for any order of the additions.  Every lane of the warp calls it.
static __device__ __forceinline__ tkm_real tkm_warp_dist2(const tkm_real *a,
                                                          const tkm_real *b,
                                                          size_t d)
{
    tkm_real s = 0;
    for (size_t j = threadIdx.x & 31u; j < d; j += 32) {
        const tkm_real t = a[j] - b[j];
        s += t * t;
    }
    for (int o = 16; o > 0; o >>= 1)
        s += __shfl_xor_sync(0xffffffffu, s, o);
    return s;
}

// tkmi_dist2 (arith.h) of a sparse row, its values v[q .. q1) at the
// increasing columns col[..], made dense on the fly: the same operations
// in the same order (a left-out value is 0, and 0 - c_j is -c_j exactly,
// as the dense kernels compute it), so the same bits as the dense kernels
// give the row made dense.  Costs d, whatever the row holds.
static __device__ tkm_real tkm_sp_dist2(const tkm_real *__restrict__ v,
                                        const int32_t *__restrict__ col,
                                        int64_t q, int64_t q1,
                                        const tkm_real *__restrict__ c,
                                        size_t d)
{
    tkm_real s = 0;
    size_t next = q < q1 ? (size_t)col[q] : d;
    for (size_t j = 0; j < d; j++) {
        tkm_real xj = 0;
        if (j == next) {
            xj = v[q++];
            next = q < q1 ? (size_t)col[q] : d;
        }
        const tkm_real t = xj - c[j];
        s += t * t;
    }
    return s;
}

// Rows of more coordinates than this are summed by a warp
// (tkm_warp_dist2) where only a bound needs their distance ...

// ... when there are fewer rows (or pairs of rows) than one wave of the
// engine's grid has threads: then a thread per row would leave most of the
// device idle, each thread walking d coordinates in a chain of dependent
// loads and additions.  With more, a thread per row keeps every lane busy
// (on an H100 the k(k-1)/2 = 499,500 half-distances at k = 1000, d = 32
// took 144 us with a thread per pair, 193 with a warp per pair; at k =
// 100, d = 784, 70 against 27).
static inline bool tkm_warp_rows(size_t d, size_t rows, int grid, int block)
{
    return d > TKM_WARP_DIST_MIN_D && rows < (size_t)grid * (size_t)block;
}

// Minimum of non-negative values through their bit patterns, which order
// like the values (+0 lowest, +inf highest): exact and order-free.
static __device__ __forceinline__ void tkm_atomic_min_nonneg(float *p,
                                                             float v)
{
    atomicMin(reinterpret_cast<unsigned int *>(p), __float_as_uint(v));
}

static __device__ __forceinline__ void tkm_atomic_min_nonneg(double *p,
                                                             double v)
{
    atomicMin(reinterpret_cast<unsigned long long *>(p),
              static_cast<unsigned long long>(__double_as_longlong(v)));
}

// Bits of a non-negative double as an unsigned key that orders like it.
static __device__ __forceinline__ unsigned long long tkm_key(double v)
{
    return static_cast<unsigned long long>(__double_as_longlong(v));
}

#endif // TKM_KERNELS_COMMON_CUH
