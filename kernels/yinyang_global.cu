// Yinyang's steps, global-memory form: one thread per point
// (grid-stride), yinyang.cuh's kernels: the CPU's walk of
// src/yinyang/yinyang.c member by member on the point's column of x.  The
// first assignment (every distance) walks every group with nothing
// pruned: every thread walks the centroids in the same order, so a warp
// reads each centroid once, through a broadcast.  cuda-shared takes it
// where its own first pass cannot (tkmi_yy_slice), and both forms take
// this file's bound step.

#include "real.h"

#include "arith.h"
#include "cuda_engine.h"
#include "yinyang_kernels.h"

#include "common.cuh"
#include "yinyang.cuh"

typedef TKM_FN(tkmi_yy_dev) yy_dev;

// tg[g] = the largest safe drift of g's members (0 when none moved).
static __global__ __launch_bounds__(1024) void yy_groups_kernel(
    const tkm_real *__restrict__ t, const yy_dev y)
{
    for (size_t g = TKM_GRID_START; g < y.t; g += TKM_GRID_STEP) {
        tkm_real m = 0;
        for (int q = y.gstart[g]; q < y.gstart[g + 1]; q++) {
            const tkm_real tq = t[y.gmem[q]];
            m = tq > m ? tq : m;
        }
        y.tg[g] = m;
    }
}

// The walk's distances on the points' columns.
static yy_dense dense_of(const TKM_FN(tkmi_gpu) *g)
{
    return yy_dense{g->x, g->n, g->d, g->c, g->upf, g->dnf, g->ab};
}

extern "C" tkm_status TKM_FN(tkmi_cu_yy_first)(TKM_FN(tkmi_gpu) *g,
                                               const yy_dev *y, char *msg,
                                               size_t msglen)
{
    tkm_yy_first_kernel<<<g->grid, g->block, 0, g->st>>>(
        dense_of(g), g->n, g->k, *y, g->labels, g->sc->ctr);
    TKM_CU_LAUNCHED(tkm_yy_first_kernel<yy_dense>);
    return TKM_OK;
}

extern "C" tkm_status TKM_FN(tkmi_cu_yy_groups)(TKM_FN(tkmi_gpu) *g,
                                                const yy_dev *y, char *msg,
                                                size_t msglen)
{
    const int blocks = tkm_blocks_for(y->t, g->block, tkm_wave(g));
    yy_groups_kernel<<<blocks, g->block, 0, g->st>>>(g->t, *y);
    TKM_CU_LAUNCHED(yy_groups_kernel);
    return TKM_OK;
}

extern "C" tkm_status TKM_FN(tkmi_cu_yy_assign)(TKM_FN(tkmi_gpu) *g,
                                                const yy_dev *y, char *msg,
                                                size_t msglen)
{
    tkm_yy_assign_kernel<<<g->grid, g->block, 0, g->st>>>(
        dense_of(g), g->n, g->k, g->t, *y, g->labels, g->sc->ctr);
    TKM_CU_LAUNCHED(tkm_yy_assign_kernel<yy_dense>);
    return TKM_OK;
}
