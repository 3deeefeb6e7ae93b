// The points on the device: transpose to column-major, largest magnitude.
#include "real.h"

#include "cuda_engine.h"

#include "common.cuh"

// out[j*n + i] = in[i*d + j]; the writes are coalesced, the reads walk
// rows (a one-time cost at upload).
static __global__ void transpose_kernel(const tkm_real *__restrict__ in,
                                        size_t n, size_t d,
                                        tkm_real *__restrict__ out)
{
    const size_t m = n * d;
    for (size_t e = TKM_GRID_START; e < m; e += TKM_GRID_STEP) {
        const size_t j = e / n, i = e - j * n;
        out[e] = in[i * d + j];
    }
}

// Largest |x| as the bits of a double (non-negative: the bits order like
// the values), one atomic per warp.
static __global__ void maxabs_kernel(const tkm_real *__restrict__ x,
                                     size_t m, unsigned long long *out)
{
    unsigned long long best = 0;
    for (size_t e = TKM_GRID_START; e < m; e += TKM_GRID_STEP) {
        const unsigned long long b = tkm_key(fabs((double)x[e]));
        best = b > best ? b : best;
    }
    for (int o = 16; o > 0; o >>= 1) {
        const unsigned long long v = __shfl_down_sync(0xffffffffu, best, o);
        best = v > best ? v : best;
    }
    if ((threadIdx.x & 31u) == 0 && best)
        atomicMax(out, best);
}

extern "C" tkm_status TKM_FN(tkmi_cu_transpose)(TKM_FN(tkmi_gpu) *g,
                                                const tkm_real *xr,
                                                char *msg, size_t msglen)
{
    const int blocks = tkm_blocks_for(g->n * g->d, g->block, g->grid);
    transpose_kernel<<<blocks, g->block, 0, g->st>>>(xr, g->n, g->d, g->x);
    TKM_CU_LAUNCHED(transpose_kernel);
    return TKM_OK;
}

extern "C" tkm_status TKM_FN(tkmi_cu_maxabs)(TKM_FN(tkmi_gpu) *g, char *msg,
                                             size_t msglen)
{
    const int blocks = tkm_blocks_for(g->n * g->d, g->block, g->grid);
    maxabs_kernel<<<blocks, g->block, 0, g->st>>>(g->x, g->n * g->d,
                                                  &g->sc->maxabs);
    TKM_CU_LAUNCHED(maxabs_kernel);
    return TKM_OK;
}
