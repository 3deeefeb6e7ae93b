// Hamerly's steps, global-memory form: one thread per point (grid-stride),
// the per-point arithmetic of src/hamerly/hamerly_arith.h (the CPU's own)
// on the point's column of x; one upper and one lower bound per point.
#include "real.h"

#include "arith.h"
#include "cuda_engine.h"
#include "hamerly_kernels.h"
#include "hamerly_arith.h"

#include "common.cuh"

// First assignment: all k distances, nearest and second nearest.
static __global__ __launch_bounds__(1024) void hamerly_first_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t d,
    const tkm_real *__restrict__ c, size_t k, tkm_real upf, tkm_real dnf,
    tkm_real ab, int32_t *labels, tkm_real *u, tkm_real *l,
    unsigned long long *ctr)
{
    unsigned long long v[2] = {0ull, 0ull}; // changed, distances
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
        tkm_real ub, lb;
        uint64_t nd = 0;
        const int a = TKM_FN(tkmi_hamerly_full)(x + i, n, c, k, d, -1, 0, upf,
                                                dnf, ab, &ub, &lb, &nd);
        u[i] = ub;
        l[i] = lb;
        if (a != labels[i]) {
            labels[i] = a;
            v[0]++;
        }
        v[1] += nd;
    }
    tkm_block_count<2>(v, ctr + TKMI_CTR_CHANGED);
}

// Bound phase: u grows by the own centroid's safe drift, l shrinks by the
// largest safe drift among the other centroids (t1 or t2 of the update);
// with max_only (the max_drift_only ablation) by the largest of all, t1.
static __global__ __launch_bounds__(1024) void hamerly_move_kernel(
    size_t n, const int32_t *__restrict__ labels,
    const tkm_real *__restrict__ t, const TKM_FN(tkmi_gsc) *sc, int max_only,
    tkm_real *u, tkm_real *l)
{
    const int imax = sc->imax;
    const tkm_real t1 = sc->t1, t2 = max_only ? sc->t1 : sc->t2;
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
        tkm_real ub = u[i], lb = l[i];
        TKM_FN(tkmi_hamerly_move)(&ub, &lb, labels[i], t, imax, t1, t2);
        u[i] = ub;
        l[i] = lb;
    }
}

// Pruned assignment, after the bound phase and s.
static __global__ __launch_bounds__(1024) void hamerly_assign_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t d,
    const tkm_real *__restrict__ c, size_t k, const tkm_real *__restrict__ s,
    tkm_real upf, tkm_real dnf, tkm_real ab, int32_t *labels, tkm_real *u,
    tkm_real *l, unsigned long long *ctr)
{
    // changed, distances, (centroid pairs: not here), points, (pairs: none)
    unsigned long long v[TKMI_NCTR] = {0ull, 0ull, 0ull, 0ull, 0ull};
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
        const int a0 = labels[i];
        int a = a0;
        tkm_real ub = u[i], lb = l[i];
        uint64_t nd = 0;
        if (TKM_FN(tkmi_hamerly_point)(x + i, n, c, k, d, s[a0], upf, dnf, ab,
                                       &a, &ub, &lb, &nd)) {
            v[TKMI_CTR_PTS]++;
            continue;
        }
        u[i] = ub;
        l[i] = lb;
        if (a != a0) {
            labels[i] = a;
            v[TKMI_CTR_CHANGED]++;
        }
        v[TKMI_CTR_DIST_PC] += nd;
    }
    tkm_block_count<TKMI_NCTR>(v, ctr);
}

extern "C" tkm_status TKM_FN(tkmi_cu_hamerly_first)(TKM_FN(tkmi_gpu) *g,
                                                    tkm_real *u, tkm_real *l,
                                                    char *msg, size_t msglen)
{
    hamerly_first_kernel<<<g->grid, g->block, 0, g->st>>>(
        g->x, g->n, g->d, g->c, g->k, g->upf, g->dnf, g->ab, g->labels, u, l,
        g->sc->ctr);
    TKM_CU_LAUNCHED(hamerly_first_kernel);
    return TKM_OK;
}

extern "C" tkm_status TKM_FN(tkmi_cu_hamerly_move)(TKM_FN(tkmi_gpu) *g,
                                                   tkm_real *u, tkm_real *l,
                                                   char *msg, size_t msglen)
{
    hamerly_move_kernel<<<g->grid, g->block, 0, g->st>>>(
        g->n, g->labels, g->t, g->sc, g->max_drift_only, u, l);
    TKM_CU_LAUNCHED(hamerly_move_kernel);
    return TKM_OK;
}

extern "C" tkm_status TKM_FN(tkmi_cu_hamerly_assign)(TKM_FN(tkmi_gpu) *g,
                                                     tkm_real *u, tkm_real *l,
                                                     const tkm_real *s,
                                                     char *msg, size_t msglen)
{
    hamerly_assign_kernel<<<g->grid, g->block, 0, g->st>>>(
        g->x, g->n, g->d, g->c, g->k, s, g->upf, g->dnf, g->ab, g->labels, u, l,
        g->sc->ctr);
    TKM_CU_LAUNCHED(hamerly_assign_kernel);
    return TKM_OK;
}
