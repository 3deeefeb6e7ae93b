// Centroid-centroid half distances for Elkan and Hamerly: every pair once,
// the per-centroid minimum s(c) through an order-free atomic minimum.
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

// Each (c, o) with c < o: h(c, o) = h(o, c) = a lower bound on half their
// distance (tkmi_bnd_half, as the CPU forms), s(c) and s(o) lowered to it;
// the diagonal of h is 0.  A thread per pair (tkmi_dist, the CPU's order),
// or where tkm_warp_rows says so a warp per pair, its lanes over the
// coordinates (tkm_warp_dist2): coalesced reads of both rows and no chain
// of d dependent additions.
template <bool WARP>
static __global__ __launch_bounds__(1024) void halves_kernel(
    const tkm_real *__restrict__ cen, size_t k, size_t d, tkm_real dnf,
    tkm_real ab, tkm_real *h, tkm_real *s, unsigned long long *ctr)
{
    unsigned long long v[1] = {0ull};
    const unsigned sh = WARP ? 5u : 0u; // threads per pair: 2^sh
    const bool lead = !WARP || (threadIdx.x & 31u) == 0;
    for (size_t p = TKM_GRID_START >> sh; p < k * k;
         p += TKM_GRID_STEP >> sh) {
        const size_t c = p / k, o = p - c * k;
        if (o == c && h && lead)
            h[p] = 0;
        if (o <= c) // the same for the whole warp
            continue;
        const tkm_real dist =
            WARP ? TKM_SQRT(tkm_warp_dist2(cen + c * d, cen + o * d, d))
                 : TKM_FN(tkmi_dist)(cen + c * d, 1, cen + o * d, d);
        const tkm_real hv = TKM_FN(tkmi_bnd_half)(dist, dnf, ab);
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
    if (g->no_cc) {
        // the ablation (the CPU forms' elkan.c and hamerly.c): h = s = 0,
        // which no upper bound is below, so only u < l prunes; no pair
        // computed, none counted
        TKM_CU_CHECK(cudaMemsetAsync(s, 0, k * sizeof *s, g->st));
        if (h)
            TKM_CU_CHECK(cudaMemsetAsync(h, 0, k * k * sizeof *h, g->st));
        return TKM_OK;
    }
    fill_kernel<<<tkm_blocks_for(k, g->block, g->grid), g->block, 0,
                  g->st>>>(s, k, (tkm_real)INFINITY);
    TKM_CU_LAUNCHED(fill_kernel);
    const int wave = tkm_wave(g); // k*k pairs (or warps of them)
    if (tkm_warp_rows(g->d, k * (k - 1) / 2, g->grid, g->block))
        halves_kernel<true>
            <<<tkm_blocks_for(k * k * 32, g->block, wave), g->block, 0,
               g->st>>>(g->c, k, g->d, g->dnf, g->ab, h, s, g->sc->ctr);
    else
        halves_kernel<false>
            <<<tkm_blocks_for(k * k, g->block, wave), g->block, 0, g->st>>>(
                g->c, k, g->d, g->dnf, g->ab, h, s, g->sc->ctr);
    TKM_CU_LAUNCHED(halves_kernel);
    return TKM_OK;
}
