// The inertia of the labels against the centroids, summed in double over
// fixed chunks of points and slices of dimensions, then in chunk order:
// the same bits for any launch shape or device.
#include "real.h"

#include "arith.h"
#include "cuda_engine.h"

#include "common.cuh"

// ---- inertia --------------------------------------------------------------

// Sum over the points of a chunk and the dimensions of a slice (block b:
// chunk b / S, slice b % S) of the squared differences to the points'
// centroids, in double (as update.c's tkmi_inertia), reduced in a fixed
// tree.
static __global__ __launch_bounds__(TKM_RED_THREADS) void inertia_part_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t d, size_t S,
    const tkm_real *__restrict__ c, const int32_t *__restrict__ labels,
    double *part)
{
    __shared__ double sh[TKM_RED_THREADS];
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
        for (size_t j = j0; j < j1; j++) {
            const double v = (double)x[j * n + i] - (double)ci[j];
            acc += v * v;
        }
    }
    sh[threadIdx.x] = acc;
    __syncthreads();
    for (unsigned s = TKM_RED_THREADS / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            sh[threadIdx.x] += sh[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        part[blockIdx.x] = sh[0];
}

static __global__ __launch_bounds__(TKM_RED_THREADS) void inertia_sum_kernel(
    const double *__restrict__ part, size_t m, TKM_FN(tkmi_gsc) *sc)
{
    __shared__ double sh[TKM_RED_THREADS];
    double acc = 0.0;
    for (size_t q = threadIdx.x; q < m; q += TKM_RED_THREADS)
        acc += part[q];
    sh[threadIdx.x] = acc;
    __syncthreads();
    for (unsigned s = TKM_RED_THREADS / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            sh[threadIdx.x] += sh[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        sc->inertia = sh[0];
}

extern "C" tkm_status TKM_FN(tkmi_cu_inertia)(TKM_FN(tkmi_gpu) *g,
                                              const tkm_real *c, char *msg,
                                              size_t msglen)
{
    const size_t parts = tkmi_inertia_parts(g->n, g->d);
    const size_t S = tkmi_inertia_slices(g->d);
    // parts <= n d / 2^17 + n / 2^11 + d / 2^6 + 1: far below the grid's
    // 2^31 - 1 for any n d reals that fit in device memory
    inertia_part_kernel<<<(unsigned)parts, TKM_RED_THREADS, 0, g->st>>>(
        g->x, g->n, g->d, S, c, g->labels, g->part);
    TKM_CU_LAUNCHED(inertia_part_kernel);
    inertia_sum_kernel<<<1, TKM_RED_THREADS, 0, g->st>>>(g->part, parts,
                                                         g->sc);
    TKM_CU_LAUNCHED(inertia_sum_kernel);
    return TKM_OK;
}
