// The farthest-point policy for empty clusters on the device, as
// src/common/update.c does it on the CPU: unless every point sits on its
// centroid, each cluster empty before the search (wempty), in index
// order, takes the point farthest from its own centroid, lowest index on
// ties, each point taken once: the point leaves its cluster's sums and
// makes the empty one's (tkmi_cu_take, sums.cu), as scikit-learn's
// relocation does; the means follow from the sums.
#include "real.h"

#include "arith.h"
#include "cuda_engine.h"

#include "common.cuh"

// ---- farthest point for empty clusters -------------------------------------

// Squared distance of every point to its own (old) centroid, in the
// precision, kept as double as update.c keeps it.
static __global__ __launch_bounds__(1024) void own_dist2_kernel(
    const tkm_real *__restrict__ x, size_t n, size_t d,
    const tkm_real *__restrict__ c, const int32_t *__restrict__ labels,
    double *pd2)
{
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP)
        pd2[i] = (double)TKM_FN(tkmi_dist2)(x + i, n,
                                            c + (size_t)labels[i] * d, d);
}

// The same for sparse points, each row made dense on the fly (the bits of
// the dense kernel).
static __global__ __launch_bounds__(1024) void own_dist2_sparse_kernel(
    const tkm_real *__restrict__ v, const int32_t *__restrict__ col,
    const int64_t *__restrict__ ptr, size_t n, size_t d,
    const tkm_real *__restrict__ c, const int32_t *__restrict__ labels,
    double *pd2)
{
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP)
        pd2[i] = (double)tkm_sp_dist2(v, col, ptr[i], ptr[i + 1],
                                      c + (size_t)labels[i] * d, d);
}

// Start of the search: no cluster visited, nothing found.
static __global__ void far_reset_kernel(TKM_FN(tkmi_gsc) *sc, size_t k)
{
    sc->from = 0;
    sc->next = k;
    sc->far_key = 0;
    sc->far_idx = ~0ull;
}

// The lowest-index empty cluster not yet visited.
static __global__ __launch_bounds__(1024) void far_next_kernel(
    const unsigned char *__restrict__ wempty, size_t k,
    TKM_FN(tkmi_gsc) *sc)
{
    const size_t from = sc->from;
    for (size_t c = from + TKM_GRID_START; c < k; c += TKM_GRID_STEP)
        if (wempty[c])
            atomicMin(&sc->next, (unsigned long long)c);
}

// After the first search: when the farthest point lies on its centroid,
// every point does (more clusters than distinct points), and no cluster
// moves (scikit-learn's rule).
static __global__ void far_none_kernel(size_t k, TKM_FN(tkmi_gsc) *sc)
{
    if (sc->far_key == tkm_key(0.0) + 1ull) {
        sc->next = k;
        sc->far_key = 0;
    }
}

// Largest distance among the points not taken yet (taken: -1).
static __global__ __launch_bounds__(1024) void far_max_kernel(
    const double *__restrict__ pd2, size_t n, TKM_FN(tkmi_gsc) *sc)
{
    unsigned long long best = 0;
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP)
        if (pd2[i] >= 0.0) {
            const unsigned long long key = tkm_key(pd2[i]) + 1ull;
            best = key > best ? key : best;
        }
    for (int o = 16; o > 0; o >>= 1) {
        const unsigned long long v = __shfl_down_sync(0xffffffffu, best, o);
        best = v > best ? v : best;
    }
    if ((threadIdx.x & 31u) == 0 && best)
        atomicMax(&sc->far_key, best);
}

// Lowest index at that distance (update.c keeps the first maximum).
static __global__ __launch_bounds__(1024) void far_index_kernel(
    const double *__restrict__ pd2, size_t n, TKM_FN(tkmi_gsc) *sc)
{
    const unsigned long long key = sc->far_key;
    if (key == 0)
        return;
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP)
        if (pd2[i] >= 0.0 && tkm_key(pd2[i]) + 1ull == key) {
            atomicMin(&sc->far_idx, (unsigned long long)i);
            return; // later points of this thread have higher indices
        }
}

// Mark the point taken (tkmi_cu_take moved it), then set up the search
// for the next empty cluster.
static __global__ void far_move_kernel(size_t k, double *pd2,
                                       TKM_FN(tkmi_gsc) *sc)
{
    const size_t c = sc->next;
    const unsigned long long key = sc->far_key, i = sc->far_idx;
    if (c < k && key != 0)
        pd2[i] = -1.0;
    sc->from = c < k ? c + 1 : k;
    sc->next = k;
    sc->far_key = 0;
    sc->far_idx = ~0ull;
}

extern "C" tkm_status TKM_FN(tkmi_cu_farthest)(TKM_FN(tkmi_gpu) *g,
                                               size_t nempty, char *msg,
                                               size_t msglen)
{
    const size_t n = g->n, d = g->d, k = g->k;
    const int bn = tkm_blocks_for(n, g->block, g->grid);
    const int bk = tkm_blocks_for(k, g->block, g->grid);
    if (g->sv) {
        own_dist2_sparse_kernel<<<bn, g->block, 0, g->st>>>(
            g->sv, g->scol, g->sptr, n, d, g->c, g->labels, g->pd2);
        TKM_CU_LAUNCHED(own_dist2_sparse_kernel);
    } else {
        own_dist2_kernel<<<bn, g->block, 0, g->st>>>(g->x, n, d, g->c,
                                                     g->labels, g->pd2);
        TKM_CU_LAUNCHED(own_dist2_kernel);
    }
    far_reset_kernel<<<1, 1, 0, g->st>>>(g->sc, k);
    TKM_CU_LAUNCHED(far_reset_kernel);
    for (size_t e = 0; e < nempty; e++) {
        far_next_kernel<<<bk, g->block, 0, g->st>>>(g->wempty, k, g->sc);
        TKM_CU_LAUNCHED(far_next_kernel);
        far_max_kernel<<<bn, g->block, 0, g->st>>>(g->pd2, n, g->sc);
        TKM_CU_LAUNCHED(far_max_kernel);
        if (e == 0) {
            far_none_kernel<<<1, 1, 0, g->st>>>(k, g->sc);
            TKM_CU_LAUNCHED(far_none_kernel);
        }
        far_index_kernel<<<bn, g->block, 0, g->st>>>(g->pd2, n, g->sc);
        TKM_CU_LAUNCHED(far_index_kernel);
        tkm_status rc = TKM_FN(tkmi_cu_take)(g, msg, msglen);
        if (rc != TKM_OK)
            return rc;
        far_move_kernel<<<1, 1, 0, g->st>>>(k, g->pd2, g->sc);
        TKM_CU_LAUNCHED(far_move_kernel);
    }
    return TKM_OK;
}
