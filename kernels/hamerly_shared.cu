// Hamerly's assign step, shared-memory form.  Only the points whose bounds
// fail cost distance work, and they are gathered first so that whole warps
// do it:
//   1. test_kernel: the global test u < max(s(a), l) with the moved bounds;
//      the points that fail go to list la (block scan, one atomic per
//      block);
//   2. tighten_kernel: over la, the distance to the own centroid tightens
//      u; the points that still fail go to list lb with that distance;
//   3. the distance kernels of kernels/assign_shared.cuh over lb: nearest
//      and second nearest, the own centroid's distance taken from step 2.
// Counted as the CPU counts (src/hamerly/hamerly.c): pruned_points are
// the points step 1 skips; step 2 computes one distance per point of la,
// step 3 k - 1 per point of lb.
#include "real.h"

#include "arith.h"
#include "cuda_engine.h"
#include "hamerly_kernels.h"
#include "hamerly_arith.h"

#include "common.cuh"
#include "assign_shared.cuh"

static __global__ __launch_bounds__(1024) void test_kernel(
    size_t n, const int32_t *__restrict__ labels,
    const tkm_real *__restrict__ u, const tkm_real *__restrict__ l,
    const tkm_real *__restrict__ s, size_t *la, unsigned long long *len,
    unsigned long long *ctr)
{
    unsigned long long v[TKMI_NCTR] = {0ull, 0ull, 0ull, 0ull, 0ull};
    for (size_t b0 = (size_t)blockIdx.x * blockDim.x; b0 < n;
         b0 += (size_t)gridDim.x * blockDim.x) {
        const size_t i = b0 + threadIdx.x;
        bool fail = false;
        if (i < n) {
            fail = !TKM_FN(tkmi_hamerly_pruned)(u[i], s[labels[i]], l[i]);
            v[TKMI_CTR_PTS] += !fail;
        }
        const size_t at = tkm_sh_slot_in(fail, len);
        if (fail)
            la[at] = i;
    }
    tkm_block_count<TKMI_NCTR>(v, ctr);
}

static __global__ __launch_bounds__(1024) void tighten_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t d,
    const tkm_real *__restrict__ c, const int32_t *__restrict__ labels,
    const tkm_real *__restrict__ s, tkm_real upf, tkm_real ab, const size_t *la,
    const unsigned long long *lalen, tkm_real *u,
    const tkm_real *__restrict__ l, size_t *lb, tkm_real *a2b,
    unsigned long long *lblen, unsigned long long *ctr)
{
    unsigned long long v[TKMI_NCTR] = {0ull, 0ull, 0ull, 0ull, 0ull};
    const size_t m = *lalen;
    for (size_t b0 = (size_t)blockIdx.x * blockDim.x; b0 < m;
         b0 += (size_t)gridDim.x * blockDim.x) {
        const size_t pos = b0 + threadIdx.x;
        bool fail = false;
        size_t i = 0;
        tkm_real a2 = 0;
        if (pos < m) {
            i = la[pos];
            const int a = labels[i];
            a2 = TKM_FN(tkmi_dist2)(x + i, n, c + (size_t)a * d, d);
            v[TKMI_CTR_DIST_PC]++;
            const tkm_real ub = TKM_FN(tkmi_bnd_up)(TKM_SQRT(a2), upf, ab);
            fail = !TKM_FN(tkmi_hamerly_pruned)(ub, s[a], l[i]);
            if (!fail)
                u[i] = ub;
        }
        const size_t at = tkm_sh_slot_in(fail, lblen);
        if (fail) {
            lb[at] = i;
            a2b[at] = a2;
        }
    }
    tkm_block_count<TKMI_NCTR>(v, ctr);
}

extern "C" tkm_status TKM_FN(tkmi_cu_sh_hamerly_first)(TKM_FN(tkmi_gpu) *g,
                                                       tkm_real *u,
                                                       tkm_real *l, char *msg,
                                                       size_t msglen)
{
    tkm_sh_args a = tkm_sh_base(g);
    a.u = u;
    a.l = l;
    return tkm_sh_assign<TKM_SH_HAM>(g, a, TKMI_PLAN_FIRST, msg, msglen);
}

extern "C" tkm_status TKM_FN(tkmi_cu_sh_hamerly_assign)(
    TKM_FN(tkmi_gpu) *g, tkm_real *u, tkm_real *l, const tkm_real *s,
    size_t *la, size_t *lb, tkm_real *a2, unsigned long long *cnt,
    char *msg, size_t msglen)
{
    TKM_CU_CHECK(cudaMemsetAsync(cnt, 0, 2 * sizeof *cnt, g->st));
    test_kernel<<<g->grid, g->block, 0, g->st>>>(g->n, g->labels, u, l, s, la,
                                                 cnt, g->sc->ctr);
    TKM_CU_LAUNCHED(test_kernel);
    tighten_kernel<<<g->grid, g->block, 0, g->st>>>(
        g->x, g->n, g->d, g->c, g->labels, s, g->upf, g->ab, la, cnt, u, l, lb,
        a2, cnt + 1, g->sc->ctr);
    TKM_CU_LAUNCHED(tighten_kernel);
    tkm_sh_args a = tkm_sh_base(g);
    a.list = lb;
    a.m = cnt + 1;
    a.known2 = a2;
    a.u = u;
    a.l = l;
    return tkm_sh_assign<TKM_SH_HAM>(g, a, TKMI_PLAN_LIST, msg, msglen);
}
