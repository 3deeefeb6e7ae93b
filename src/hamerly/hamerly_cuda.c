/*
 * Hamerly's CUDA part: the bounds on the device and the order of the steps
 * (kernels/hamerly_global.cu or kernels/hamerly_shared.cu, and
 * kernels/centroids.cu).  One upper and one lower bound per point, each an
 * array of n (coalesced by construction).  cuda-shared adds two lists of
 * point indices and the squared distances of the second list's points.
 */
#include "real.h"

#include "solver.h"

#if TKM_HAVE_CUDA
#include <stdlib.h>

#include <cuda_runtime_api.h>

#include "cuda_check.h"
#include "cuda_engine.h"
#include "hamerly_kernels.h"

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

/* The bounds of both forms: u, l, s on the device; bound_bytes is the CPU
 * form's figure (u, l, s and the drifts t; cuda-shared's lists are
 * scratch, not bounds). */
static tkm_status bounds_alloc(hamerly_t *b, TKM_FN(tkmi_gpu) *g, char *msg,
                               size_t msglen)
{
    tkm_status rc = TKM_OK;
    size_t n = g->n, k = g->k, R = sizeof(tkm_real);
    TKMI_CUDA(cudaMalloc((void **)&b->u, n * R));
    TKMI_CUDA(cudaMalloc((void **)&b->l, n * R));
    TKMI_CUDA(cudaMalloc((void **)&b->s, k * R));
    g->bound_bytes = (2 * n + 2 * k) * R;
cleanup:
    return rc;
}

static void bounds_free(hamerly_t *b)
{
    cudaFree(b->u);
    cudaFree(b->l);
    cudaFree(b->s);
}

static void hamerly_release(TKM_FN(tkmi_gpu) *g)
{
    hamerly_t *e = g->alg;
    if (!e)
        return;
    bounds_free(e);
    free(e);
    g->alg = NULL;
}

static tkm_status hamerly_setup(TKM_FN(tkmi_gpu) *g, char *msg,
                                size_t msglen)
{
    hamerly_t *e = tkmi_calloc(1, 1, sizeof *e);
    g->alg = e;
    if (!e)
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "hamerly: out of memory");
    return bounds_alloc(e, g, msg, msglen);
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

/* Sparse points, both forms (below). */
static const TKM_FN(tkmi_gpu_alg) hamerly_sp;

const TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_hamerly_gpu) = {
    .bytes = hamerly_bytes,
    .setup = hamerly_setup,
    .first = hamerly_first,
    .bound = hamerly_bound,
    .assign = hamerly_assign,
    .release = hamerly_release,
    .sparse = &hamerly_sp,
};

/* ---- cuda-shared ------------------------------------------------------ */

typedef struct {
    hamerly_t b;             /* the bounds, as cuda-global keeps them       */
    size_t *la, *lb;         /* n: points failing the first, second test   */
    tkm_real *a2;            /* n: squared distance of lb's points to a(x)  */
    unsigned long long *cnt; /* 2: lengths of la and lb                     */
} hamerly_sh_t;

/* The bounds and s, plus the lists, their distances and lengths. */
static size_t hamerly_sh_bytes(size_t n, size_t d, size_t k)
{
    size_t b = hamerly_bytes(n, d, k), lists;
    if (b == 0 || tkmi_mul_size(n, 2 * sizeof(size_t) + sizeof(tkm_real), 1,
                                &lists) ||
        b + lists < b)
        return 0;
    return b + lists + 2 * sizeof(unsigned long long);
}

static void hamerly_sh_release(TKM_FN(tkmi_gpu) *g)
{
    hamerly_sh_t *e = g->alg;
    if (!e)
        return;
    bounds_free(&e->b);
    cudaFree(e->la);
    cudaFree(e->lb);
    cudaFree(e->a2);
    cudaFree(e->cnt);
    free(e);
    g->alg = NULL;
}

static tkm_status hamerly_sh_setup(TKM_FN(tkmi_gpu) *g, char *msg,
                                   size_t msglen)
{
    tkm_status rc = TKM_OK;
    size_t n = g->n, R = sizeof(tkm_real);
    hamerly_sh_t *e = tkmi_calloc(1, 1, sizeof *e);
    g->alg = e;
    if (!e)
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "hamerly: out of memory");
    if ((rc = bounds_alloc(&e->b, g, msg, msglen)) != TKM_OK)
        goto cleanup;
    TKMI_CUDA(cudaMalloc((void **)&e->la, n * sizeof *e->la));
    TKMI_CUDA(cudaMalloc((void **)&e->lb, n * sizeof *e->lb));
    TKMI_CUDA(cudaMalloc((void **)&e->a2, n * R));
    TKMI_CUDA(cudaMalloc((void **)&e->cnt, 2 * sizeof *e->cnt));
cleanup:
    return rc;
}

static tkm_status hamerly_sh_first(TKM_FN(tkmi_gpu) *g, char *msg,
                                   size_t msglen)
{
    hamerly_sh_t *e = g->alg;
    return TKM_FN(tkmi_cu_sh_hamerly_first)(g, e->b.u, e->b.l, msg, msglen);
}

/* The bound phase is elementwise: the cuda-global kernel serves. */
static tkm_status hamerly_sh_bound(TKM_FN(tkmi_gpu) *g, char *msg,
                                   size_t msglen)
{
    hamerly_sh_t *e = g->alg;
    return TKM_FN(tkmi_cu_hamerly_move)(g, e->b.u, e->b.l, msg, msglen);
}

/* s of every centroid, then the tests, the compactions and the distances
 * of the points that fail. */
static tkm_status hamerly_sh_assign(TKM_FN(tkmi_gpu) *g, char *msg,
                                    size_t msglen)
{
    hamerly_sh_t *e = g->alg;
    tkm_status rc = TKM_FN(tkmi_cu_halves)(g, NULL, e->b.s, msg, msglen);
    if (rc != TKM_OK)
        return rc;
    return TKM_FN(tkmi_cu_sh_hamerly_assign)(g, e->b.u, e->b.l, e->b.s,
                                             e->la, e->lb, e->a2, e->cnt,
                                             msg, msglen);
}

const TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_hamerly_gpu_sh) = {
    .bytes = hamerly_sh_bytes,
    .setup = hamerly_sh_setup,
    .first = hamerly_sh_first,
    .bound = hamerly_sh_bound,
    .assign = hamerly_sh_assign,
    .release = hamerly_sh_release,
    .sparse = &hamerly_sp,
};

/* ---- sparse points (kernels/sparse.cu), both forms ---------------------
 * cuda-shared's bounds and lists: the first assignment and the points
 * that fail both tests go through the screened scan. */

static tkm_status hamerly_sp_first(TKM_FN(tkmi_gpu) *g, char *msg,
                                   size_t msglen)
{
    hamerly_sh_t *e = g->alg;
    return TKM_FN(tkmi_cu_sp_scan)(g, TKMI_SP_HAM, NULL, NULL, e->b.u, e->b.l,
                                   msg, msglen);
}

static tkm_status hamerly_sp_assign(TKM_FN(tkmi_gpu) *g, char *msg,
                                    size_t msglen)
{
    hamerly_sh_t *e = g->alg;
    tkm_status rc = TKM_FN(tkmi_cu_halves)(g, NULL, e->b.s, msg, msglen);
    if (rc != TKM_OK)
        return rc;
    return TKM_FN(tkmi_cu_sp_hamerly)(g, e->b.u, e->b.l, e->b.s, e->la,
                                      e->cnt, msg, msglen);
}

static const TKM_FN(tkmi_gpu_alg) hamerly_sp = {
    .bytes = hamerly_sh_bytes,
    .setup = hamerly_sh_setup,
    .first = hamerly_sp_first,
    .bound = hamerly_sh_bound,
    .assign = hamerly_sp_assign,
    .release = hamerly_sh_release,
};
#endif
