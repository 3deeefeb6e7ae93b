// Yinyang's steps, global-memory form: one thread per point
// (grid-stride), the CPU's walk of src/yinyang/yinyang.c member by member
// on the point's column of x.  The first assignment (every distance)
// walks every group with nothing pruned: every thread walks the centroids
// in the same order, so a warp reads each centroid once, through a
// broadcast.  cuda-shared takes it where its own first pass cannot
// (tkmi_yy_slice), and both forms take this file's bound step.

#include "real.h"

#include "arith.h"
#include "cuda_engine.h"
#include "yinyang_kernels.h"

#include "common.cuh"
#include "yinyang.cuh"

typedef TKM_FN(tkmi_yy_dev) yy_dev;

static __global__ __launch_bounds__(1024) void yy_first_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t d,
    const tkm_real *__restrict__ c, size_t k, const yy_dev y, tkm_real upf,
    tkm_real dnf, tkm_real ab, int32_t *labels, unsigned long long *ctr)
{
    unsigned long long v[TKMI_NCTR] = {0ull, 0ull, 0ull, 0ull, 0ull};
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
        yy_best w = {(int)k, (tkm_real)INFINITY, (tkm_real)INFINITY};
        yy_walk<true>(x, n, d, c, k, y, NULL, i, -1, 0, upf, dnf, ab, w, v);
        y.u[i] = w.u;
        if (w.b != labels[i]) {
            labels[i] = w.b;
            v[TKMI_CTR_CHANGED]++;
        }
    }
    tkm_block_count<TKMI_NCTR>(v, ctr);
}

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

// Later assignment: u grows by its centroid's drift (the CPU's bound
// phase), the global filter, again with u tight, else the walk.
static __global__ __launch_bounds__(1024) void yy_assign_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t d,
    const tkm_real *__restrict__ c, size_t k, const tkm_real *__restrict__ tc,
    const yy_dev y, tkm_real upf, tkm_real dnf, tkm_real ab, int32_t *labels,
    unsigned long long *ctr)
{
    unsigned long long v[TKMI_NCTR] = {0ull, 0ull, 0ull, 0ull, 0ull};
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
        const int a0 = labels[i];
        tkm_real *lbi = y.lb + i;
        tkm_real u = TKM_FN(tkmi_bnd_grow)(y.u[i], tc[a0]);
        const tkm_real glb = tkm_yy_global(lbi, n, y.tg, y.t);
        const bool loose = TKM_FN(tkmi_yinyang_pruned)(u, glb);
        tkm_real a2 = 0;
        if (loose) {
            v[TKMI_CTR_PTS]++;
        } else {
            a2 = TKM_FN(tkmi_dist2)(x + i, n, c + (size_t)a0 * d, d);
            v[TKMI_CTR_DIST_PC]++;
            u = TKM_FN(tkmi_bnd_up)(TKM_SQRT(a2), upf, ab);
        }
        if (loose || TKM_FN(tkmi_yinyang_pruned)(u, glb)) {
            y.u[i] = u;
            tkm_yy_shrink_all(lbi, n, y.tg, y.t);
        } else {
            yy_walk_rest(x, n, d, c, k, y, tc, i, a0, a2, upf, dnf, ab,
                         labels, v);
        }
    }
    tkm_block_count<TKMI_NCTR>(v, ctr);
}

extern "C" tkm_status TKM_FN(tkmi_cu_yy_first)(TKM_FN(tkmi_gpu) *g,
                                               const yy_dev *y, char *msg,
                                               size_t msglen)
{
    yy_first_kernel<<<g->grid, g->block, 0, g->st>>>(
        g->x, g->n, g->d, g->c, g->k, *y, g->upf, g->dnf, g->ab, g->labels,
        g->sc->ctr);
    TKM_CU_LAUNCHED(yy_first_kernel);
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
    yy_assign_kernel<<<g->grid, g->block, 0, g->st>>>(
        g->x, g->n, g->d, g->c, g->k, g->t, *y, g->upf, g->dnf, g->ab,
        g->labels, g->sc->ctr);
    TKM_CU_LAUNCHED(yy_assign_kernel);
    return TKM_OK;
}
