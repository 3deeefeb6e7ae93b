/*
 * Elkan's CUDA part: the bounds on the device and the order of the steps
 * (kernels/elkan_global.cu or kernels/elkan_shared.cu, and
 * kernels/centroids.cu).  cuda-global stores the k lower bounds of every
 * point centroid-major, l[c*n + i], so that a warp's 32 consecutive points
 * (one per thread) read 32 consecutive words for each centroid; see
 * elkan.c for the CPU's point-major layout and why they differ.
 * cuda-shared stores them point-major, l[i*k + c], because there a warp
 * tests 32 centroids of one point at once; it adds the list of points
 * that fail the global test.
 */
#include "real.h"

#include "solver.h"

#if TKM_HAVE_CUDA
#include <stdlib.h>

#include <cuda_runtime_api.h>

#include "cuda_check.h"
#include "cuda_engine.h"
#include "elkan_kernels.h"
#include "tune.h"

typedef struct {
    tkm_real *u; /* n upper bounds                                       */
    tkm_real *l; /* k*n lower bounds, centroid-major                     */
    tkm_real *h; /* k*k lower bounds on half the centroid distances      */
    tkm_real *s; /* k: min over c' != c of h(c, c')                      */
} elkan_t;

/* u, l, h and s (the safe drifts t are the engine's). */
static size_t elkan_bytes(size_t n, size_t d, size_t k)
{
    size_t nk, kk;
    (void)d;
    if (tkmi_mul_size(n, k, sizeof(tkm_real), &nk) ||
        tkmi_mul_size(k, k, sizeof(tkm_real), &kk))
        return 0;
    size_t rest = (n + k) * sizeof(tkm_real);
    if (nk + kk < nk || nk + kk + rest < rest)
        return 0;
    return nk + kk + rest;
}

/* The bounds of both forms (the layout of l is the kernels' business):
 * u, l, h, s on the device; bound_bytes is the CPU form's figure (u, l, h,
 * s and the drifts t; cuda-shared's list is scratch, not bounds). */
static tkm_status bounds_alloc(elkan_t *b, TKM_FN(tkmi_gpu) *g, char *msg,
                               size_t msglen)
{
    tkm_status rc = TKM_OK;
    size_t n = g->n, k = g->k, R = sizeof(tkm_real);
    TKMI_CUDA(cudaMalloc((void **)&b->u, n * R));
    TKMI_CUDA(cudaMalloc((void **)&b->l, n * k * R));
    TKMI_CUDA(cudaMalloc((void **)&b->h, k * k * R));
    TKMI_CUDA(cudaMalloc((void **)&b->s, k * R));
    g->bound_bytes = (n * k + n + k * k + 2 * k) * R;
cleanup:
    return rc;
}

static void bounds_free(elkan_t *b)
{
    cudaFree(b->u);
    cudaFree(b->l);
    cudaFree(b->h);
    cudaFree(b->s);
}

static void elkan_release(TKM_FN(tkmi_gpu) *g)
{
    elkan_t *e = g->alg;
    if (!e)
        return;
    bounds_free(e);
    free(e);
    g->alg = NULL;
}

static tkm_status elkan_setup(TKM_FN(tkmi_gpu) *g, char *msg, size_t msglen)
{
    elkan_t *e = tkmi_calloc(1, 1, sizeof *e);
    g->alg = e;
    if (!e)
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "elkan: out of memory");
    return bounds_alloc(e, g, msg, msglen);
}

static tkm_status elkan_first(TKM_FN(tkmi_gpu) *g, char *msg, size_t msglen)
{
    elkan_t *e = g->alg;
    return TKM_FN(tkmi_cu_elkan_first)(g, e->u, e->l, msg, msglen);
}

static tkm_status elkan_bound(TKM_FN(tkmi_gpu) *g, char *msg, size_t msglen)
{
    elkan_t *e = g->alg;
    return TKM_FN(tkmi_cu_elkan_move)(g, e->u, e->l, msg, msglen);
}

/* Half distances of the centroids, then the pruned pass. */
static tkm_status elkan_assign(TKM_FN(tkmi_gpu) *g, char *msg, size_t msglen)
{
    elkan_t *e = g->alg;
    tkm_status rc = TKM_FN(tkmi_cu_halves)(g, e->h, e->s, msg, msglen);
    if (rc != TKM_OK)
        return rc;
    return TKM_FN(tkmi_cu_elkan_assign)(g, e->u, e->l, e->h, e->s, msg,
                                        msglen);
}

/* ---- sparse points (kernels/sparse.cu), both forms ---------------------
 * cuda-global's bounds (l centroid-major): the first assignment through
 * the screened scan, the later ones a thread a point. */

static tkm_status elkan_sp_first(TKM_FN(tkmi_gpu) *g, char *msg,
                                 size_t msglen)
{
    elkan_t *e = g->alg;
    return TKM_FN(tkmi_cu_sp_scan)(g, TKMI_SP_ELK, NULL, NULL, e->u, e->l,
                                   msg, msglen);
}

static tkm_status elkan_sp_assign(TKM_FN(tkmi_gpu) *g, char *msg,
                                  size_t msglen)
{
    elkan_t *e = g->alg;
    tkm_status rc = TKM_FN(tkmi_cu_halves)(g, e->h, e->s, msg, msglen);
    if (rc != TKM_OK)
        return rc;
    return TKM_FN(tkmi_cu_sp_elkan)(g, e->u, e->l, e->h, e->s, msg, msglen);
}

static const TKM_FN(tkmi_gpu_alg) elkan_sp = {
    .bytes = elkan_bytes,
    .setup = elkan_setup,
    .first = elkan_sp_first,
    .bound = elkan_bound,
    .assign = elkan_sp_assign,
    .release = elkan_release,
};

const TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_elkan_gpu) = {
    .bytes = elkan_bytes,
    .setup = elkan_setup,
    .first = elkan_first,
    .bound = elkan_bound,
    .assign = elkan_assign,
    .release = elkan_release,
    .sparse = &elkan_sp,
};

/* ---- cuda-shared ------------------------------------------------------ */

typedef struct {
    elkan_t b;               /* the bounds (l point-major here)            */
    tkm_real *P;             /* k: the safe drifts summed (l is lazy)      */
    size_t *list;            /* n: points failing the global test          */
    int32_t *ll;             /* n: their labels, by list position          */
    tkm_real *lu;            /* n: their u, by list position               */
    unsigned long long *cnt; /* 2: its length, the pair kernel's next item  */
} elkan_sh_t;

static size_t elkan_sh_bytes(size_t n, size_t d, size_t k)
{
    size_t b = elkan_bytes(n, d, k), list;
    if (b == 0 ||
        tkmi_mul_size(n, sizeof(size_t) + sizeof(int32_t) + sizeof(tkm_real),
                      1, &list) ||
        b + list < b)
        return 0;
    return b + list + 2 * sizeof(unsigned long long) + k * sizeof(tkm_real);
}

static void elkan_sh_release(TKM_FN(tkmi_gpu) *g)
{
    elkan_sh_t *e = g->alg;
    if (!e)
        return;
    bounds_free(&e->b);
    cudaFree(e->P);
    cudaFree(e->list);
    cudaFree(e->ll);
    cudaFree(e->lu);
    cudaFree(e->cnt);
    free(e);
    g->alg = NULL;
}

static tkm_status elkan_sh_setup(TKM_FN(tkmi_gpu) *g, char *msg,
                                 size_t msglen)
{
    tkm_status rc = TKM_OK;
    elkan_sh_t *e = tkmi_calloc(1, 1, sizeof *e);
    g->alg = e;
    if (!e)
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "elkan: out of memory");
    if ((rc = bounds_alloc(&e->b, g, msg, msglen)) != TKM_OK)
        goto cleanup;
    TKMI_CUDA(cudaMalloc((void **)&e->list, g->n * sizeof *e->list));
    TKMI_CUDA(cudaMalloc((void **)&e->ll, g->n * sizeof *e->ll));
    TKMI_CUDA(cudaMalloc((void **)&e->lu, g->n * sizeof *e->lu));
    TKMI_CUDA(cudaMalloc((void **)&e->cnt, 2 * sizeof *e->cnt));
    TKMI_CUDA(cudaMalloc((void **)&e->P, g->k * sizeof *e->P));
    /* (0 through the first iteration, whose bounds are stored as they
     * are) */
    TKMI_CUDA(cudaMemsetAsync(e->P, 0, g->k * sizeof *e->P, g->st));
cleanup:
    return rc;
}

/* The first assignment: one full pass, or from the candidates on
 * (elkan_kernels.h). */
static tkm_status elkan_sh_first(TKM_FN(tkmi_gpu) *g, char *msg,
                                 size_t msglen)
{
    elkan_sh_t *e = g->alg;
    tkm_real *u = e->b.u, *l = e->b.l, *h = e->b.h, *s = e->b.s;
    tkm_status rc;
    if (!TKM_FN(tkmi_cu_sh_elkan_cand_first)(g))
        return TKM_FN(tkmi_cu_sh_elkan_full)(g, u, l, msg, msglen);
    if ((rc = TKM_FN(tkmi_cu_sh_ctrans)(g, msg, msglen)) != TKM_OK ||
        (rc = TKM_FN(tkmi_cu_sh_elkan_cand)(g, u, l, e->cnt, msg, msglen)) !=
            TKM_OK ||
        (rc = TKM_FN(tkmi_cu_halves)(g, h, s, msg, msglen)) != TKM_OK ||
        (rc = TKM_FN(tkmi_cu_sh_elkan_test)(g, u, s, e->list, e->ll, e->lu,
                                            e->cnt, msg, msglen)) != TKM_OK ||
        (rc = TKM_FN(tkmi_cu_sh_elkan_lemma)(g, u, h, l, msg, msglen)) !=
            TKM_OK ||
        (rc = TKM_FN(tkmi_cu_sh_elkan_listed)(g, u, l, e->list, e->cnt, msg,
                                              msglen)) != TKM_OK)
        return rc;
    return TKM_FN(tkmi_cu_sh_elkan_cand_counts)(g, msg, msglen);
}

static tkm_status elkan_sh_bound(TKM_FN(tkmi_gpu) *g, char *msg,
                                 size_t msglen)
{
    elkan_sh_t *e = g->alg;
    return TKM_FN(tkmi_cu_sh_elkan_move)(g, e->P, msg, msglen);
}

/* Half distances of the centroids, then the global test, the compaction
 * and the per-centroid tests of the points that fail it. */
static tkm_status elkan_sh_assign(TKM_FN(tkmi_gpu) *g, char *msg,
                                  size_t msglen)
{
    elkan_sh_t *e = g->alg;
    tkm_status rc = TKM_FN(tkmi_cu_halves)(g, e->b.h, e->b.s, msg, msglen);
    if (rc != TKM_OK)
        return rc;
    return TKM_FN(tkmi_cu_sh_elkan_assign)(g, e->b.u, e->b.l, e->P, e->b.h,
                                           e->b.s, e->list, e->ll, e->lu,
                                           e->cnt, msg, msglen);
}

/* The pair kernel stages a point's coordinates in one coalesced read of
 * its row where the row-major points are kept (n*d reals more), instead of
 * d scattered reads of the column-major ones: kept from
 * TKMI_ELK_ROWS_MIN_D (tune.h) on. */
static int elkan_sh_rows(size_t d)
{
    return d >= TKMI_ELK_ROWS_MIN_D;
}

const TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_elkan_gpu_sh) = {
    .rows = elkan_sh_rows,
    .bytes = elkan_sh_bytes,
    .setup = elkan_sh_setup,
    .first = elkan_sh_first,
    .bound = elkan_sh_bound,
    .assign = elkan_sh_assign,
    .release = elkan_sh_release,
    .sparse = &elkan_sp,
};
#endif
