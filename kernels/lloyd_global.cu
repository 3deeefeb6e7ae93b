// Lloyd's assign step, global-memory form: one thread per point (grid-
// stride), every centroid read from global memory through the cache, the
// nearest found by the CPU's own tkmi_nearest on the point's column.
#include "real.h"

#include "arith.h"
#include "cuda_engine.h"
#include "lloyd_kernels.h"

#include "common.cuh"

static __global__ __launch_bounds__(1024) void lloyd_assign_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t d,
    const tkm_real *__restrict__ c, size_t k, int32_t *labels,
    unsigned long long *ctr)
{
    unsigned long long v[2] = {0ull, 0ull}; // changed, distances
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
        tkm_real b2;
        const int a = TKM_FN(tkmi_nearest)(x + i, n, c, k, d, &b2);
        if (a != labels[i]) {
            labels[i] = a;
            v[0]++;
        }
        v[1] += k;
    }
    tkm_block_count<2>(v, ctr + TKMI_CTR_CHANGED);
}

extern "C" tkm_status TKM_FN(tkmi_cu_lloyd_assign)(TKM_FN(tkmi_gpu) *g,
                                                   char *msg, size_t msglen)
{
    lloyd_assign_kernel<<<g->grid, g->block, 0, g->st>>>(
        g->x, g->n, g->d, g->c, g->k, g->labels, g->sc->ctr);
    TKM_CU_LAUNCHED(lloyd_assign_kernel);
    return TKM_OK;
}
