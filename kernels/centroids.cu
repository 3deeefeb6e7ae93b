// Centroid-centroid half distances for Elkan and Hamerly: every pair once,
// the per-centroid minimum s(c) through an order-free atomic minimum.  A
// thread per pair for d <= TKM_WARP_DIST_MIN_D, a warp per pair above.
#include "real.h"

#include <math.h>

#include "arith.h"
#include "cuda_engine.h"

#include "common.cuh"

static __global__ __launch_bounds__(1024) void fill_kernel(tkm_real *p,
                                                           size_t m,
                                                           tkm_real v)
{
    for (size_t e = TKM_GRID_START; e < m; e += TKM_GRID_STEP)
        p[e] = v;
}

// One thread per (c, o) with c < o: h(c, o) = h(o, c) = a lower bound on
// half their distance (tkmi_bnd_half, as the CPU forms), s(c) and s(o)
// lowered to it; the diagonal of h is 0.
static __global__ __launch_bounds__(1024) void halves_kernel(
    const tkm_real *__restrict__ cen, size_t k, size_t d, tkm_real dnf,
    tkm_real *h, tkm_real *s, unsigned long long *ctr)
{
    unsigned long long v[1] = {0ull};
    for (size_t p = TKM_GRID_START; p < k * k; p += TKM_GRID_STEP) {
        const size_t c = p / k, o = p - c * k;
        if (o == c && h)
            h[p] = 0;
        if (o <= c)
            continue;
        const tkm_real hv = TKM_FN(tkmi_bnd_half)(
            TKM_FN(tkmi_dist)(cen + c * d, 1, cen + o * d, d), dnf);
        if (h) {
            h[p] = hv;
            h[o * k + c] = hv;
        }
        tkm_atomic_min_nonneg(s + c, hv);
        tkm_atomic_min_nonneg(s + o, hv);
        v[0]++;
    }
    tkm_block_count<1>(v, ctr + TKMI_CTR_DIST_CC);
}

// The same with a warp per (c, o), its lanes over the coordinates
// (tkm_warp_dist2), for d > TKM_WARP_DIST_MIN_D: coalesced reads of both
// rows and no chain of d dependent additions.
static __global__ __launch_bounds__(1024) void halves_warp_kernel(
    const tkm_real *__restrict__ cen, size_t k, size_t d, tkm_real dnf,
    tkm_real *h, tkm_real *s, unsigned long long *ctr)
{
    unsigned long long v[1] = {0ull};
    const bool lead = (threadIdx.x & 31u) == 0;
    for (size_t p = TKM_GRID_START >> 5; p < k * k; p += TKM_GRID_STEP >> 5) {
        const size_t c = p / k, o = p - c * k;
        if (o == c && h && lead)
            h[p] = 0;
        if (o <= c) // the same for the whole warp
            continue;
        const tkm_real hv = TKM_FN(tkmi_bnd_half)(
            TKM_SQRT(tkm_warp_dist2(cen + c * d, cen + o * d, d)), dnf);
        if (lead) {
            if (h) {
                h[p] = hv;
                h[o * k + c] = hv;
            }
            tkm_atomic_min_nonneg(s + c, hv);
            tkm_atomic_min_nonneg(s + o, hv);
            v[0]++;
        }
    }
    tkm_block_count<1>(v, ctr + TKMI_CTR_DIST_CC);
}

extern "C" tkm_status TKM_FN(tkmi_cu_halves)(TKM_FN(tkmi_gpu) *g,
                                             tkm_real *h, tkm_real *s,
                                             char *msg, size_t msglen)
{
    const size_t k = g->k;
    fill_kernel<<<tkm_blocks_for(k, g->block, g->grid), g->block, 0,
                  g->st>>>(s, k, (tkm_real)INFINITY);
    TKM_CU_LAUNCHED(fill_kernel);
    if (g->d > TKM_WARP_DIST_MIN_D) {
        halves_warp_kernel<<<tkm_blocks_for(k * k * 32, g->block, g->grid),
                             g->block, 0, g->st>>>(g->c, k, g->d, g->dnf, h,
                                                   s, g->sc->ctr);
        TKM_CU_LAUNCHED(halves_warp_kernel);
        return TKM_OK;
    }
    halves_kernel<<<tkm_blocks_for(k * k, g->block, g->grid), g->block, 0,
                    g->st>>>(g->c, k, g->d, g->dnf, h, s, g->sc->ctr);
    TKM_CU_LAUNCHED(halves_kernel);
    return TKM_OK;
}
