// The inertia of the labels against the centroids, summed in double over
// fixed chunks of points and slices of dimensions, then in chunk order:
// the same bits for any launch shape or device.
#include "real.h"

#include "arith.h"
#include "cuda_engine.h"

#include "common.cuh"

// ---- inertia --------------------------------------------------------------

// The block's acc added in a fixed tree (TKM_RED_THREADS threads), the
// total into *out by thread 0.
static __device__ void block_sum(double acc, double *out)
{
    __shared__ double sh[TKM_RED_THREADS];
    sh[threadIdx.x] = acc;
    __syncthreads();
    for (unsigned s = TKM_RED_THREADS / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            sh[threadIdx.x] += sh[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        *out = sh[0];
}

// Sum over the points of a chunk and the dimensions of a slice (block b:
// chunk b / S, slice b % S) of the squared differences to the points'
// centroids, in double (as update.c's tkmi_inertia), reduced in a fixed
// tree; with sample weights w each point's sum over the slice times its
// weight.
static __global__ __launch_bounds__(TKM_RED_THREADS) void inertia_part_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t d, size_t S,
    const tkm_real *__restrict__ c, const int32_t *__restrict__ labels,
    const double *__restrict__ w, double *part)
{
    const size_t q = blockIdx.x / S, sl = blockIdx.x - q * S;
    const size_t base = q * TKMI_INERTIA_CHUNK, j0 = sl * TKMI_INERTIA_DIMS;
    const size_t j1 = d - j0 < TKMI_INERTIA_DIMS ? d : j0 + TKMI_INERTIA_DIMS;
    double acc = 0.0;
    for (size_t r = threadIdx.x; r < TKMI_INERTIA_CHUNK;
         r += TKM_RED_THREADS) {
        const size_t i = base + r;
        if (i >= n)
            break;
        const tkm_real *ci = c + (size_t)labels[i] * d;
        if (w) {
            double s = 0.0;
            for (size_t j = j0; j < j1; j++) {
                const double v = (double)x[j * n + i] - (double)ci[j];
                s += v * v;
            }
            acc += w[i] * s;
            continue;
        }
        for (size_t j = j0; j < j1; j++) {
            const double v = (double)x[j * n + i] - (double)ci[j];
            acc += v * v;
        }
    }
    block_sum(acc, part + blockIdx.x);
}

// Sparse points: |c|^2 of each centroid in double (nc, k), a thread a
// centroid.
static __global__ __launch_bounds__(TKM_RED_THREADS) void inertia_cn_kernel(
    const tkm_real *__restrict__ c, size_t k, size_t d, double *nc)
{
    for (size_t j = TKM_GRID_START; j < k; j += TKM_GRID_STEP) {
        double s = 0.0;
        for (size_t q = 0; q < d; q++)
            s += (double)c[j * d + q] * (double)c[j * d + q];
        nc[j] = s;
    }
}

// Sparse points, a chunk of points a block: each point's squared
// distance summed over its stored values as rows.c's tkmi_row_dist2_d
// (|c|^2 plus, per stored value, (x_j - c_j)^2 - c_j^2; at least 0),
// reduced in a fixed tree; with sample weights w, each distance times its
// point's weight.
static __global__ __launch_bounds__(TKM_RED_THREADS) void inertia_sparse_kernel(
    const tkm_real *__restrict__ v, const int32_t *__restrict__ col,
    const int64_t *__restrict__ ptr, size_t n, size_t d,
    const tkm_real *__restrict__ c, const double *__restrict__ nc,
    const int32_t *__restrict__ labels, const double *__restrict__ w,
    double *part)
{
    const size_t base = (size_t)blockIdx.x * TKMI_INERTIA_CHUNK;
    double acc = 0.0;
    for (size_t r = threadIdx.x; r < TKMI_INERTIA_CHUNK;
         r += TKM_RED_THREADS) {
        const size_t i = base + r;
        if (i >= n)
            break;
        const size_t a = (size_t)labels[i];
        const tkm_real *ci = c + a * d;
        double s = 0.0;
        for (int64_t q = ptr[i]; q < ptr[i + 1]; q++) {
            const double cj = (double)ci[col[q]], t = (double)v[q] - cj;
            s += t * t - cj * cj;
        }
        s += nc[a];
        s = s > 0.0 ? s : 0.0;
        acc += w ? w[i] * s : s;
    }
    block_sum(acc, part + blockIdx.x);
}

static __global__ __launch_bounds__(TKM_RED_THREADS) void inertia_sum_kernel(
    const double *__restrict__ part, size_t m, TKM_FN(tkmi_gsc) *sc)
{
    double acc = 0.0;
    for (size_t q = threadIdx.x; q < m; q += TKM_RED_THREADS)
        acc += part[q];
    block_sum(acc, &sc->inertia);
}

extern "C" tkm_status TKM_FN(tkmi_cu_inertia)(TKM_FN(tkmi_gpu) *g,
                                              const tkm_real *c, char *msg,
                                              size_t msglen)
{
    if (g->sv) { // part: the chunks' sums, then the k norms
        const size_t chunks = tkmi_inertia_parts(g->n, 1);
        double *nc = g->part + chunks;
        inertia_cn_kernel<<<tkm_blocks_for(g->k, TKM_RED_THREADS, g->grid),
                            TKM_RED_THREADS, 0, g->st>>>(c, g->k, g->d, nc);
        TKM_CU_LAUNCHED(inertia_cn_kernel);
        inertia_sparse_kernel<<<(unsigned)chunks, TKM_RED_THREADS, 0,
                                g->st>>>(g->sv, g->scol, g->sptr, g->n, g->d,
                                         c, nc, g->labels, g->w, g->part);
        TKM_CU_LAUNCHED(inertia_sparse_kernel);
        inertia_sum_kernel<<<1, TKM_RED_THREADS, 0, g->st>>>(g->part, chunks,
                                                             g->sc);
        TKM_CU_LAUNCHED(inertia_sum_kernel);
        return TKM_OK;
    }
    const size_t parts = tkmi_inertia_parts(g->n, g->d);
    const size_t S = tkmi_inertia_slices(g->d);
    // parts <= n d / 2^17 + n / 2^11 + d / 2^6 + 1: far below the grid's
    // 2^31 - 1 for any n d reals that fit in device memory
    inertia_part_kernel<<<(unsigned)parts, TKM_RED_THREADS, 0, g->st>>>(
        g->x, g->n, g->d, S, c, g->labels, g->w, g->part);
    TKM_CU_LAUNCHED(inertia_part_kernel);
    inertia_sum_kernel<<<1, TKM_RED_THREADS, 0, g->st>>>(g->part, parts,
                                                         g->sc);
    TKM_CU_LAUNCHED(inertia_sum_kernel);
    return TKM_OK;
}
