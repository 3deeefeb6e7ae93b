// How far every centroid moved in the update, its rounding-safe bound, and
// the two largest (the bounds' moves), reduced in a fixed shape
// (TKM_RED_THREADS threads) whatever the user's block size.
#include "real.h"

#include "arith.h"
#include "cuda_engine.h"

#include "common.cuh"

// ---- drift -----------------------------------------------------------------

// The drift of every centroid: a thread per centroid (tkmi_dist, the CPU's
// order), or where tkm_warp_rows says so a warp per centroid
// (tkm_warp_dist2).
template <bool WARP>
static __global__ __launch_bounds__(1024) void drift_kernel(
    const tkm_real *__restrict__ c, const tkm_real *__restrict__ cn, size_t k,
    size_t d, tkm_real upf, tkm_real ab, tkm_real *drift, tkm_real *t)
{
    const unsigned sh = WARP ? 5u : 0u; // threads per centroid: 2^sh
    const bool lead = !WARP || (threadIdx.x & 31u) == 0;
    for (size_t q = TKM_GRID_START >> sh; q < k; q += TKM_GRID_STEP >> sh) {
        const tkm_real v =
            WARP ? TKM_SQRT(tkm_warp_dist2(c + q * d, cn + q * d, d))
                 : TKM_FN(tkmi_dist)(c + q * d, 1, cn + q * d, d);
        if (lead) {
            const tkm_real dq =
                TKM_FN(tkmi_drift_of)(c + q * d, cn + q * d, d, v);
            drift[q] = dq;
            t[q] = TKM_FN(tkmi_bnd_drift)(dq, upf, ab);
        }
    }
}

// Largest value m1 of t, its first index im, and the largest m2 among the
// other indices: the sequential scan of tkmi_hamerly_top2, and a merge
// that keeps its meaning (the result depends on the values only); beside
// them the largest drift and the sum of squared drifts (a fixed tree: the
// same for any block size, though not the CPU's centroid order).
struct top2 {
    tkm_real m1, m2;
    size_t im;
    double dmax, s2;
};

static __device__ void top2_merge(top2 &a, const top2 &b)
{
    if (b.m1 > a.m1 || (b.m1 == a.m1 && b.im < a.im)) {
        a.m2 = a.m1 > b.m2 ? a.m1 : b.m2;
        a.m1 = b.m1;
        a.im = b.im;
    } else {
        a.m2 = b.m1 > a.m2 ? b.m1 : a.m2;
    }
    a.dmax = b.dmax > a.dmax ? b.dmax : a.dmax;
    a.s2 += b.s2;
}

static __global__ __launch_bounds__(TKM_RED_THREADS) void drift_summary_kernel(
    const tkm_real *__restrict__ drift, const tkm_real *__restrict__ t,
    size_t k, TKM_FN(tkmi_gsc) *sc)
{
    __shared__ top2 sh[TKM_RED_THREADS];
    top2 me = {(tkm_real)-1, (tkm_real)0, ~(size_t)0, 0.0, 0.0};
    for (size_t q = threadIdx.x; q < k; q += TKM_RED_THREADS) {
        const double dq = (double)drift[q];
        const top2 one = {t[q], (tkm_real)0, q, dq, dq * dq};
        top2_merge(me, one);
    }
    sh[threadIdx.x] = me;
    __syncthreads();
    for (unsigned s = TKM_RED_THREADS / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            top2_merge(sh[threadIdx.x], sh[threadIdx.x + s]);
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        sc->max_drift = sh[0].dmax;
        sc->shift2 = sh[0].s2;
        sc->t1 = sh[0].m1;
        sc->t2 = sh[0].m2 > 0 ? sh[0].m2 : (tkm_real)0;
        sc->imax = (int)sh[0].im;
    }
}

extern "C" tkm_status TKM_FN(tkmi_cu_drift)(TKM_FN(tkmi_gpu) *g, char *msg,
                                            size_t msglen)
{
    if (tkm_warp_rows(g->d, g->k, g->grid, g->block)) {
        drift_kernel<true>
            <<<tkm_blocks_for(g->k * 32, g->block, g->grid), g->block, 0,
               g->st>>>(g->c, g->cn, g->k, g->d, g->upf, g->ab, g->drift, g->t);
    } else {
        drift_kernel<false>
            <<<tkm_blocks_for(g->k, g->block, g->grid), g->block, 0, g->st>>>(
                g->c, g->cn, g->k, g->d, g->upf, g->ab, g->drift, g->t);
    }
    TKM_CU_LAUNCHED(drift_kernel);
    drift_summary_kernel<<<1, TKM_RED_THREADS, 0, g->st>>>(g->drift, g->t,
                                                           g->k, g->sc);
    TKM_CU_LAUNCHED(drift_summary_kernel);
    return TKM_OK;
}
