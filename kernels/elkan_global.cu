// Elkan's steps, global-memory form: one thread per point (grid-stride),
// the per-point arithmetic of src/elkan/elkan_arith.h (the CPU's own) on
// the point's column of x and of the centroid-major lower bounds
// l[c*n + i], so that a warp's 32 points read 32 consecutive words of
// each.
#include "real.h"

#include "arith.h"
#include "cuda_engine.h"
#include "elkan_kernels.h"
#include "elkan_arith.h"

#include "common.cuh"

// First assignment: all k distances, every bound set.
static __global__ __launch_bounds__(1024) void elkan_first_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t d,
    const tkm_real *__restrict__ c, size_t k, tkm_real upf, tkm_real dnf,
    tkm_real ab, int32_t *labels, tkm_real *u, tkm_real *l,
    unsigned long long *ctr)
{
    unsigned long long v[2] = {0ull, 0ull}; // changed, distances
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
        tkm_real ub;
        const int a = TKM_FN(tkmi_elkan_first)(x + i, n, c, k, d, l + i, n, upf,
                                               dnf, ab, &ub);
        u[i] = ub;
        if (a != labels[i]) {
            labels[i] = a;
            v[0]++;
        }
        v[1] += k;
    }
    tkm_block_count<2>(v, ctr + TKMI_CTR_CHANGED);
}

// Bound phase: every bound loosened by the safe drifts t of the update.
static __global__ __launch_bounds__(1024) void elkan_move_kernel(
    size_t n, size_t k, const int32_t *__restrict__ labels,
    const tkm_real *__restrict__ t, tkm_real *u, tkm_real *l)
{
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
        tkm_real ub = u[i];
        TKM_FN(tkmi_elkan_move)(&ub, l + i, n, t, k, labels[i]);
        u[i] = ub;
    }
}

// Pruned assignment, after the bound phase and the half distances.
static __global__ __launch_bounds__(1024) void elkan_assign_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t d,
    const tkm_real *__restrict__ c, size_t k, const tkm_real *__restrict__ h,
    const tkm_real *__restrict__ s, tkm_real upf, tkm_real dnf, tkm_real ab,
    int32_t *labels, tkm_real *u, tkm_real *l, unsigned long long *ctr)
{
    // changed, distances, (centroid pairs: not here), points, pairs
    unsigned long long v[TKMI_NCTR] = {0ull, 0ull, 0ull, 0ull, 0ull};
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
        const int a0 = labels[i];
        int a = a0;
        tkm_real ub = u[i];
        uint64_t nd = 0, np = 0;
        if (TKM_FN(tkmi_elkan_point)(x + i, n, c, k, d, l + i, n, NULL, h, s,
                                     upf, dnf, ab, &a, &ub, &nd, &np)) {
            v[TKMI_CTR_PTS]++;
            continue;
        }
        tkm_point_done(i, a0, a, ub, nd, np, labels, u, v);
    }
    tkm_block_count<TKMI_NCTR>(v, ctr);
}

extern "C" tkm_status TKM_FN(tkmi_cu_elkan_first)(TKM_FN(tkmi_gpu) *g,
                                                  tkm_real *u, tkm_real *l,
                                                  char *msg, size_t msglen)
{
    elkan_first_kernel<<<g->grid, g->block, 0, g->st>>>(
        g->x, g->n, g->d, g->c, g->k, g->upf, g->dnf, g->ab, g->labels, u, l,
        g->sc->ctr);
    TKM_CU_LAUNCHED(elkan_first_kernel);
    return TKM_OK;
}

extern "C" tkm_status TKM_FN(tkmi_cu_elkan_move)(TKM_FN(tkmi_gpu) *g,
                                                 tkm_real *u, tkm_real *l,
                                                 char *msg, size_t msglen)
{
    elkan_move_kernel<<<g->grid, g->block, 0, g->st>>>(g->n, g->k,
                                                       g->labels, g->t, u, l);
    TKM_CU_LAUNCHED(elkan_move_kernel);
    return TKM_OK;
}

extern "C" tkm_status TKM_FN(tkmi_cu_elkan_assign)(
    TKM_FN(tkmi_gpu) *g, tkm_real *u, tkm_real *l, const tkm_real *h,
    const tkm_real *s, char *msg, size_t msglen)
{
    elkan_assign_kernel<<<g->grid, g->block, 0, g->st>>>(
        g->x, g->n, g->d, g->c, g->k, h, s, g->upf, g->dnf, g->ab, g->labels, u,
        l, g->sc->ctr);
    TKM_CU_LAUNCHED(elkan_assign_kernel);
    return TKM_OK;
}
