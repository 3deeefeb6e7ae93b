// cuda-shared helpers used by every algorithm: the column-major copy of
// the centroids that the tile kernels stage chunk by chunk.
#include "real.h"

#include "cuda_engine.h"

#include "common.cuh"

// ct[j*k + c] = c[c*d + j]: the writes are coalesced; k*d is small next
// to the points, and the reads hit the cache.
static __global__ __launch_bounds__(1024) void ctrans_kernel(
    const tkm_real *__restrict__ c, size_t k, size_t d,
    tkm_real *__restrict__ ct)
{
    const size_t m = k * d;
    for (size_t e = TKM_GRID_START; e < m; e += TKM_GRID_STEP) {
        const size_t j = e / k, q = e - j * k;
        ct[e] = c[q * d + j];
    }
}

extern "C" tkm_status TKM_FN(tkmi_cu_sh_ctrans)(TKM_FN(tkmi_gpu) *g,
                                                char *msg, size_t msglen)
{
    const int blocks = tkm_blocks_for(g->k * g->d, g->block, g->grid);
    ctrans_kernel<<<blocks, g->block, 0, g->st>>>(g->c, g->k, g->d, g->ct);
    TKM_CU_LAUNCHED(ctrans_kernel);
    return TKM_OK;
}
