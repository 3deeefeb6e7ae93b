// The points on the device: transpose to column-major.
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

extern "C" tkm_status TKM_FN(tkmi_cu_transpose)(TKM_FN(tkmi_gpu) *g,
                                                const tkm_real *xr,
                                                char *msg, size_t msglen)
{
    const int blocks = tkm_blocks_for(g->n * g->d, g->block, g->grid);
    transpose_kernel<<<blocks, g->block, 0, g->st>>>(xr, g->n, g->d, g->x);
    TKM_CU_LAUNCHED(transpose_kernel);
    return TKM_OK;
}
