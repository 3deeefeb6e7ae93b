/*
 * Yinyang's CUDA part: the groups and bounds on the device and the order
 * of the steps (kernels/yinyang_global.cu, kernels/yinyang_shared.cu).
 * The groups are the CPU form's (tkmi_yinyang_groups on the initial
 * centroids, on the host), so both forms prune with the same groups.
 * One upper bound per point and one lower bound per point and group
 * (group-major, coalesced by construction).  cuda-shared adds two lists
 * of point indices, their distances and global bounds, and a copy of the
 * centroids in the order of the groups.  Sparse points take cuda-global's
 * groups and bounds in both forms.
 */
#include "real.h"

#include "solver.h"

#if TKM_HAVE_CUDA
#include <stdlib.h>

#include <cuda_runtime_api.h>

#include "cuda_check.h"
#include "cuda_engine.h"
#include "kern.h"
#include "yinyang.h"
#include "yinyang_kernels.h"

typedef TKM_FN(tkmi_yy_dev) yy_dev;
typedef TKM_FN(tkmi_yy_sh) yy_sh;

typedef struct {
    yy_dev y;           /* what the kernels see                          */
    int32_t *grp, *gstart, *gmem; /* the same arrays, owned            */
    yy_sh s;            /* cuda-shared's scratch (NULL in cuda-global)  */
} yinyang_t;

/* Device bytes of the groups and bounds: u and tg, lb (n*t), grp,
 * gstart, gmem; 0 on overflow. */
static size_t yinyang_bytes(size_t n, size_t d, size_t k)
{
    const size_t t = tkmi_yinyang_ngroups(k);
    size_t b = 0;
    (void)d;
    tkmi_plan_add(&b, n, t + 1, sizeof(tkm_real));
    tkmi_plan_add(&b, t, 1, sizeof(tkm_real));
    tkmi_plan_add(&b, 2 * k + t + 1, 1, sizeof(int32_t));
    return b == SIZE_MAX ? 0 : b;
}

/* Also the lists la, lw, their distances and global bounds, the lengths
 * and the centroids in the groups' order. */
static size_t yinyang_sh_bytes(size_t n, size_t d, size_t k)
{
    size_t b = yinyang_bytes(n, d, k);
    if (b == 0)
        return 0;
    tkmi_plan_add(&b, n, 2, sizeof(size_t) + sizeof(tkm_real));
    tkmi_plan_add(&b, k, d, sizeof(tkm_real));
    tkmi_plan_add(&b, 3, 1, sizeof(unsigned long long));
    const size_t S = tkmi_yy_slice(n, k, tkmi_yinyang_ngroups(k),
                                   sizeof(tkm_real));
    tkmi_plan_add(&b, S, k, sizeof(tkm_real));
    tkmi_plan_add(&b, S, 1, sizeof(size_t));
    return b == SIZE_MAX ? 0 : b;
}

static void yinyang_release(TKM_FN(tkmi_gpu) *g)
{
    yinyang_t *e = g->alg;
    if (!e)
        return;
    cudaFree(e->y.u);
    cudaFree(e->y.lb);
    cudaFree(e->y.tg);
    cudaFree(e->grp);
    cudaFree(e->gstart);
    cudaFree(e->gmem);
    cudaFree(e->s.la);
    cudaFree(e->s.lw);
    cudaFree(e->s.a2);
    cudaFree(e->s.glb);
    cudaFree(e->s.cg);
    cudaFree(e->s.cnt);
    cudaFree(e->s.L);
    cudaFree(e->s.sl);
    cudaFree(e->s.sm);
    free(e);
    g->alg = NULL;
}

/* The groups of the initial centroids (g->c), made on the host as the CPU
 * form makes them, and their member lists, into grp, gstart, gmem (host
 * arrays of k, t + 1 and k). */
static tkm_status host_groups(TKM_FN(tkmi_gpu) *g, size_t t, int32_t *grp,
                              int32_t *gstart, int32_t *gmem, char *msg,
                              size_t msglen)
{
    tkm_status rc = TKM_OK;
    const size_t k = g->k, d = g->d;
    tkm_real *c = tkmi_alloc(k, d, sizeof *c);
    tkm_real *cen = tkmi_alloc(t, d, sizeof *cen);
    double *acc = tkmi_alloc(t, d + 1, sizeof *acc);
    size_t *gs = tkmi_alloc(t + 1, 1, sizeof *gs);
    if (!c || !cen || !acc || !gs) {
        rc = tkmi_fail(TKM_ENOMEM, msg, msglen,
                       "yinyang: out of memory for the groups of %zu "
                       "centroids", k);
        goto cleanup;
    }
    TKMI_CUDA(cudaMemcpyAsync(c, g->c, k * d * sizeof *c,
                              cudaMemcpyDeviceToHost, g->st));
    TKMI_CUDA(cudaStreamSynchronize(g->st));
    TKM_FN(tkmi_yinyang_groups)(c, k, d, TKM_FN(tkmi_kern_get)(), 1, grp, cen,
                                acc);
    tkmi_yinyang_lists(grp, k, t, gs, gmem);
    for (size_t q = 0; q <= t; q++)
        gstart[q] = (int32_t)gs[q];
cleanup:
    free(c);
    free(cen);
    free(acc);
    free(gs);
    return rc;
}

/* The groups and bounds of both forms; bound_bytes is the CPU form's
 * figure (u, lb, the drifts of the centroids and groups, grp, gmem,
 * gstart: cuda-shared's lists are scratch, not bounds). */
static tkm_status groups_alloc(yinyang_t *e, TKM_FN(tkmi_gpu) *g, char *msg,
                               size_t msglen)
{
    tkm_status rc = TKM_OK;
    const size_t n = g->n, k = g->k, t = tkmi_yinyang_ngroups(k);
    const size_t R = sizeof(tkm_real);
    int32_t *h = tkmi_alloc(2 * k + t + 1, 1, sizeof *h);
    if (!h)
        return tkmi_fail(TKM_ENOMEM, msg, msglen,
                         "yinyang: out of memory for the groups of %zu "
                         "centroids", k);
    if ((rc = host_groups(g, t, h, h + k, h + k + t + 1, msg, msglen)) !=
        TKM_OK)
        goto cleanup;
    TKMI_CUDA(cudaMalloc((void **)&e->y.u, n * R));
    TKMI_CUDA(cudaMalloc((void **)&e->y.lb, n * t * R));
    TKMI_CUDA(cudaMalloc((void **)&e->y.tg, t * R));
    TKMI_CUDA(cudaMalloc((void **)&e->grp, k * sizeof *e->grp));
    TKMI_CUDA(cudaMalloc((void **)&e->gstart, (t + 1) * sizeof *e->gstart));
    TKMI_CUDA(cudaMalloc((void **)&e->gmem, k * sizeof *e->gmem));
    TKMI_CUDA(cudaMemcpy(e->grp, h, k * sizeof *h, cudaMemcpyHostToDevice));
    TKMI_CUDA(cudaMemcpy(e->gstart, h + k, (t + 1) * sizeof *h,
                         cudaMemcpyHostToDevice));
    TKMI_CUDA(cudaMemcpy(e->gmem, h + k + t + 1, k * sizeof *h,
                         cudaMemcpyHostToDevice));
    e->y.t = t;
    e->y.grp = e->grp;
    e->y.gstart = e->gstart;
    e->y.gmem = e->gmem;
    g->bound_bytes = (n * (t + 1) + k + t) * R + 2 * k * sizeof(int32_t) +
                     (t + 1) * sizeof(size_t);
cleanup:
    free(h);
    return rc;
}

static tkm_status yinyang_setup(TKM_FN(tkmi_gpu) *g, char *msg,
                                size_t msglen)
{
    yinyang_t *e = tkmi_calloc(1, 1, sizeof *e);
    g->alg = e;
    if (!e)
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "yinyang: out of memory");
    return groups_alloc(e, g, msg, msglen);
}

static tkm_status yinyang_first(TKM_FN(tkmi_gpu) *g, char *msg,
                                size_t msglen)
{
    yinyang_t *e = g->alg;
    return TKM_FN(tkmi_cu_yy_first)(g, &e->y, msg, msglen);
}

/* The groups' drifts (each centroid's is the engine's g->t). */
static tkm_status yinyang_bound(TKM_FN(tkmi_gpu) *g, char *msg,
                                size_t msglen)
{
    yinyang_t *e = g->alg;
    return TKM_FN(tkmi_cu_yy_groups)(g, &e->y, msg, msglen);
}

static tkm_status yinyang_assign(TKM_FN(tkmi_gpu) *g, char *msg,
                                 size_t msglen)
{
    yinyang_t *e = g->alg;
    return TKM_FN(tkmi_cu_yy_assign)(g, &e->y, msg, msglen);
}

/* Sparse points, both forms (below). */
static const TKM_FN(tkmi_gpu_alg) yinyang_sp;

const TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_yinyang_gpu) = {
    .bytes = yinyang_bytes,
    .setup = yinyang_setup,
    .first = yinyang_first,
    .bound = yinyang_bound,
    .assign = yinyang_assign,
    .release = yinyang_release,
    .sparse = &yinyang_sp,
};

/* ---- cuda-shared ------------------------------------------------------ */

static tkm_status yinyang_sh_setup(TKM_FN(tkmi_gpu) *g, char *msg,
                                   size_t msglen)
{
    tkm_status rc = yinyang_setup(g, msg, msglen);
    yinyang_t *e = g->alg;
    const size_t n = g->n, R = sizeof(tkm_real);
    if (rc != TKM_OK)
        return rc;
    TKMI_CUDA(cudaMalloc((void **)&e->s.la, n * sizeof *e->s.la));
    TKMI_CUDA(cudaMalloc((void **)&e->s.lw, n * sizeof *e->s.lw));
    TKMI_CUDA(cudaMalloc((void **)&e->s.a2, n * R));
    TKMI_CUDA(cudaMalloc((void **)&e->s.glb, n * R));
    TKMI_CUDA(cudaMalloc((void **)&e->s.cg, g->k * g->d * R));
    TKMI_CUDA(cudaMalloc((void **)&e->s.cnt, 2 * sizeof *e->s.cnt));
    e->s.slice = tkmi_yy_slice(n, g->k, e->y.t, R);
    if (e->s.slice) {
        TKMI_CUDA(cudaMalloc((void **)&e->s.L, e->s.slice * g->k * R));
        TKMI_CUDA(cudaMalloc((void **)&e->s.sl,
                             e->s.slice * sizeof *e->s.sl));
        TKMI_CUDA(cudaMalloc((void **)&e->s.sm, sizeof *e->s.sm));
    }
cleanup:
    return rc;
}

/* The tile kernel over slices of the points, then the groups' minima. */
static tkm_status yinyang_sh_first(TKM_FN(tkmi_gpu) *g, char *msg,
                                   size_t msglen)
{
    yinyang_t *e = g->alg;
    return TKM_FN(tkmi_cu_sh_yy_first)(g, &e->y, &e->s, msg, msglen);
}

/* The groups' drifts, then (for the warp walk) the centroids in the
 * groups' order. */
static tkm_status yinyang_sh_bound(TKM_FN(tkmi_gpu) *g, char *msg,
                                   size_t msglen)
{
    yinyang_t *e = g->alg;
    tkm_status rc = TKM_FN(tkmi_cu_yy_groups)(g, &e->y, msg, msglen);
    if (rc != TKM_OK || g->d < TKM_YY_WARP_MIN_D)
        return rc;
    return TKM_FN(tkmi_cu_sh_yy_gather)(g, &e->y, &e->s, msg, msglen);
}

static tkm_status yinyang_sh_assign(TKM_FN(tkmi_gpu) *g, char *msg,
                                    size_t msglen)
{
    yinyang_t *e = g->alg;
    return TKM_FN(tkmi_cu_sh_yy_assign)(g, &e->y, &e->s, msg, msglen);
}

const TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_yinyang_gpu_sh) = {
    .bytes = yinyang_sh_bytes,
    .setup = yinyang_sh_setup,
    .first = yinyang_sh_first,
    .bound = yinyang_sh_bound,
    .assign = yinyang_sh_assign,
    .release = yinyang_release,
    .sparse = &yinyang_sp,
};

/* ---- sparse points (kernels/sparse.cu), both forms ---------------------
 * cuda-global's groups and bounds; the walks take each member's screen
 * box before its direct distance. */

static tkm_status yinyang_sp_first(TKM_FN(tkmi_gpu) *g, char *msg,
                                   size_t msglen)
{
    yinyang_t *e = g->alg;
    return TKM_FN(tkmi_cu_sp_yy_first)(g, &e->y, msg, msglen);
}

static tkm_status yinyang_sp_assign(TKM_FN(tkmi_gpu) *g, char *msg,
                                    size_t msglen)
{
    yinyang_t *e = g->alg;
    return TKM_FN(tkmi_cu_sp_yy_assign)(g, &e->y, msg, msglen);
}

static const TKM_FN(tkmi_gpu_alg) yinyang_sp = {
    .bytes = yinyang_bytes,
    .setup = yinyang_setup,
    .first = yinyang_sp_first,
    .bound = yinyang_bound,
    .assign = yinyang_sp_assign,
    .release = yinyang_release,
};
#endif
