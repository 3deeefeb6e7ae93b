/*
 * Hamerly's CUDA part: the bounds on the device and the order of the steps
 * (kernels/hamerly_global.cu, kernels/centroids.cu).  One upper and one
 * lower bound per point, each an array of n (coalesced by construction).
 */
#include "real.h"

#include "solver.h"

#if TKM_HAVE_CUDA
#include <stdlib.h>

#include <cuda_runtime_api.h>

#include "cuda_check.h"
#include "cuda_engine.h"

typedef struct {
    tkm_real *u; /* n upper bounds                                       */
    tkm_real *l; /* n lower bounds (second-nearest centroid)             */
    tkm_real *s; /* k: half the distance to the nearest other centroid   */
} hamerly_t;

/* u, l and s (the safe drifts t are the engine's). */
static size_t hamerly_bytes(size_t n, size_t d, size_t k)
{
    size_t b;
    (void)d;
    if (n > ((size_t)-1 - k) / 2 || tkmi_mul_size(2 * n + k, 1,
                                                   sizeof(tkm_real), &b))
        return 0;
    return b;
}

static void hamerly_release(TKM_FN(tkmi_gpu) *g)
{
    hamerly_t *e = g->alg;
    if (!e)
        return;
    cudaFree(e->u);
    cudaFree(e->l);
    cudaFree(e->s);
    free(e);
    g->alg = NULL;
}

static tkm_status hamerly_setup(TKM_FN(tkmi_gpu) *g, char *msg,
                                size_t msglen)
{
    tkm_status rc = TKM_OK;
    size_t n = g->n, k = g->k, R = sizeof(tkm_real);
    hamerly_t *e = calloc(1, sizeof *e);
    g->alg = e;
    if (!e) {
        rc = tkmi_fail(TKM_ENOMEM, msg, msglen, "hamerly: out of memory");
        goto cleanup;
    }
    TKMI_CUDA(cudaMalloc((void **)&e->u, n * R));
    TKMI_CUDA(cudaMalloc((void **)&e->l, n * R));
    TKMI_CUDA(cudaMalloc((void **)&e->s, k * R));
    /* the CPU form's figure: u, l, s and the drifts t */
    g->bound_bytes = (2 * n + 2 * k) * R;
cleanup:
    return rc;
}

static tkm_status hamerly_first(TKM_FN(tkmi_gpu) *g, char *msg,
                                size_t msglen)
{
    hamerly_t *e = g->alg;
    return TKM_FN(tkmi_cu_hamerly_first)(g, e->u, e->l, msg, msglen);
}

static tkm_status hamerly_bound(TKM_FN(tkmi_gpu) *g, char *msg,
                                size_t msglen)
{
    hamerly_t *e = g->alg;
    return TKM_FN(tkmi_cu_hamerly_move)(g, e->u, e->l, msg, msglen);
}

/* s of every centroid, then the pruned pass. */
static tkm_status hamerly_assign(TKM_FN(tkmi_gpu) *g, char *msg,
                                 size_t msglen)
{
    hamerly_t *e = g->alg;
    tkm_status rc = TKM_FN(tkmi_cu_halves)(g, NULL, e->s, msg, msglen);
    if (rc != TKM_OK)
        return rc;
    return TKM_FN(tkmi_cu_hamerly_assign)(g, e->u, e->l, e->s, msg, msglen);
}

const TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_hamerly_gpu) = {
    .bytes = hamerly_bytes,
    .setup = hamerly_setup,
    .first = hamerly_first,
    .bound = hamerly_bound,
    .assign = hamerly_assign,
    .release = hamerly_release,
};
#endif
