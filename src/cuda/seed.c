/*
 * The start on the GPU (src/common/seed.h): the host's side of k-means++
 * and farthest-first.  The data go to the device as read (rows of doubles
 * or of floats); each step the host makes the draws from the generator
 * (tkmi_d2_locate, as the CPU's start), the device finds their rows, the
 * distances to them and the potential's block sums, and the host, holding
 * the block sums, picks the candidate and the next draws.  A step costs
 * one round trip.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "part.h"
#include "seed.h"

#if !TKM_HAVE_CUDA
tkm_status tkmi_seed_cuda(const tkm_dataset *ds, size_t k, int cand,
                          int farthest, tkmi_rng *r, uint64_t *idx,
                          char *msg, size_t msglen)
{
    (void)ds;
    (void)k;
    (void)cand;
    (void)farthest;
    (void)r;
    (void)idx;
    return tkmi_fail(TKM_ENOTSUP, msg, msglen,
                     "built without CUDA (nvcc was not found at build time)");
}
#else
#include <cuda_runtime_api.h>

#include "cuda_check.h"

/* Everything one start holds on the device and in pinned host memory. */
typedef struct {
    cudaStream_t st;
    void *x;                /* the rows as read                          */
    double *dmin;           /* n: distance to the nearest chosen row     */
    double *cmin;           /* cand x n: the same with each candidate    */
    double *dout;           /* cand x nb block sums, then cand rows      */
    tkmi_d2_draw *ddraws;   /* cand draws                                */
    double *hout;           /* pinned: dout's copy                       */
    tkmi_d2_draw *hdraws;   /* pinned: the draws                         */
} seed_dev;

static void seed_free(seed_dev *s)
{
    cudaFree(s->x);
    cudaFree(s->dmin);
    cudaFree(s->cmin);
    cudaFree(s->dout);
    cudaFree(s->ddraws);
    cudaFreeHost(s->hout);
    cudaFreeHost(s->hdraws);
    if (s->st)
        cudaStreamDestroy(s->st);
    cudaGetLastError();
}

/* k-means++: the steps of init.c's kmeanspp, the distances on the device. */
static tkm_status seed_pp(const tkm_dataset *ds, size_t k, int cand,
                          tkmi_rng *r, uint64_t *idx, seed_dev *s, char *msg,
                          size_t msglen)
{
    tkm_status rc = TKM_OK;
    const size_t n = ds->n, d = ds->d, nb = tkmi_part_blocks(n);
    const int x32 = !ds->x;
    const double *dmin = NULL; /* +inf until the first row is chosen */
    double *part = tkmi_alloc(nb, 1, sizeof *part);
    uint64_t *hidx = (uint64_t *)(s->hout + (size_t)cand * nb);
    uint64_t *didx = (uint64_t *)(s->dout + (size_t)cand * nb);
    double total = 0.0;
    if (!part)
        return tkmi_fail_alloc(msg, msglen, nb, sizeof *part, 1,
                               "init: %zu block sums", nb);
    for (size_t c = 0; c < k; c++) {
        const int steps = c == 0 ? 1 : cand;
        for (int t = 0; t < steps; t++) {
            if (c == 0) { /* the first row: uniform */
                memset(&s->hdraws[0], 0, sizeof s->hdraws[0]);
                s->hdraws[0].direct = 1;
                s->hdraws[0].pick = tkmi_rng_below(r, n);
            } else {
                tkmi_d2_locate(part, nb, total, n, r, &s->hdraws[t]);
            }
        }
        TKMI_CUDA(cudaMemcpyAsync(s->ddraws, s->hdraws,
                                  (size_t)steps * sizeof *s->hdraws,
                                  cudaMemcpyHostToDevice, s->st));
        if ((rc = tkmi_cu_seed_pick(s->dmin, n, s->ddraws, steps, didx,
                                    s->st, msg, msglen)) != TKM_OK ||
            (rc = tkmi_cu_seed_dist(s->x, x32, n, d, didx, steps, dmin,
                                    s->cmin, s->st, msg, msglen)) != TKM_OK ||
            (rc = tkmi_cu_seed_blocks(s->cmin, n, steps, s->dout, s->st, msg,
                                      msglen)) != TKM_OK)
            goto cleanup;
        /* the block sums and the rows (at once where every candidate's
         * slot is filled) */
        if (steps == cand) {
            TKMI_CUDA(cudaMemcpyAsync(s->hout, s->dout,
                                      (size_t)cand * (nb + 1) *
                                          sizeof(double),
                                      cudaMemcpyDeviceToHost, s->st));
        } else {
            TKMI_CUDA(cudaMemcpyAsync(s->hout, s->dout,
                                      (size_t)steps * nb * sizeof(double),
                                      cudaMemcpyDeviceToHost, s->st));
            TKMI_CUDA(cudaMemcpyAsync(hidx, didx,
                                      (size_t)steps * sizeof *hidx,
                                      cudaMemcpyDeviceToHost, s->st));
        }
        TKMI_CUDA(cudaStreamSynchronize(s->st));
        /* the candidate that lowers the potential most, the first where
         * every potential is +inf (init.c's rule); one candidate: its
         * potential is the new total */
        int best = 0;
        double bestpot = INFINITY;
        for (int t = 0; t < steps; t++) {
            const double *cp = s->hout + (size_t)t * nb;
            double pot = 0.0;
            for (size_t b = 0; b < nb; b++)
                pot += cp[b];
            if (t == 0 || pot < bestpot) {
                bestpot = pot;
                best = t;
            }
        }
        idx[c] = hidx[best];
        total = bestpot;
        memcpy(part, s->hout + (size_t)best * nb, nb * sizeof *part);
        TKMI_CUDA(cudaMemcpyAsync(s->dmin, s->cmin + (size_t)best * n,
                                  n * sizeof *s->dmin,
                                  cudaMemcpyDeviceToDevice, s->st));
        dmin = s->dmin;
    }
cleanup:
    free(part);
    return rc;
}

/* Farthest-first: init.c's farthest_first, dmin lowered in place. */
static tkm_status seed_far(const tkm_dataset *ds, size_t k, tkmi_rng *r,
                           uint64_t *idx, seed_dev *s, char *msg,
                           size_t msglen)
{
    tkm_status rc = TKM_OK;
    const size_t n = ds->n, d = ds->d;
    const size_t ng = tkmi_cu_seed_argmax_groups(n);
    double *bval = s->dout;
    uint64_t *bidx = (uint64_t *)(s->dout + ng);
    uint64_t *didx = (uint64_t *)(s->dout + 2 * ng);
    uint64_t pick = tkmi_rng_below(r, n);
    for (size_t c = 0; c < k; c++) {
        if (c > 0) {
            if ((rc = tkmi_cu_seed_argmax(s->dmin, n, bval, bidx, s->st, msg,
                                          msglen)) != TKM_OK)
                goto cleanup;
            TKMI_CUDA(cudaMemcpyAsync(s->hout, s->dout,
                                      2 * ng * sizeof(double),
                                      cudaMemcpyDeviceToHost, s->st));
            TKMI_CUDA(cudaStreamSynchronize(s->st));
            const uint64_t *hb = (const uint64_t *)(s->hout + ng);
            double bv = s->hout[0];
            pick = hb[0];
            for (size_t g = 1; g < ng; g++)
                if (s->hout[g] > bv || (s->hout[g] == bv && hb[g] < pick)) {
                    bv = s->hout[g];
                    pick = hb[g];
                }
        }
        idx[c] = pick;
        TKMI_CUDA(cudaMemcpyAsync(didx, &idx[c], sizeof *didx,
                                  cudaMemcpyHostToDevice, s->st));
        if ((rc = tkmi_cu_seed_dist(s->x, !ds->x, n, d, didx, 1,
                                    c ? s->dmin : NULL, s->dmin, s->st, msg,
                                    msglen)) != TKM_OK)
            goto cleanup;
    }
    TKMI_CUDA(cudaStreamSynchronize(s->st));
cleanup:
    return rc;
}

/* Device memory, TKM_ENOMEM (the caller's cue to start on the CPU) when
 * the device refuses. */
static tkm_status seed_malloc(void **p, size_t bytes, char *msg,
                              size_t msglen)
{
    cudaError_t e = cudaMalloc(p, bytes ? bytes : 1);
    if (e == cudaErrorMemoryAllocation) {
        cudaGetLastError();
        return tkmi_fail_alloc(msg, msglen, bytes, 1, 1,
                               "init: the start's %zu bytes on the device",
                               bytes);
    }
    if (e != cudaSuccess)
        return tkmi_cuda_fail((int)e, "cudaMalloc", __FILE__, __LINE__, msg,
                              msglen);
    return TKM_OK;
}

tkm_status tkmi_seed_cuda(const tkm_dataset *ds, size_t k, int cand,
                          int farthest, tkmi_rng *r, uint64_t *idx,
                          char *msg, size_t msglen)
{
    tkm_status rc = tkm_form_available(TKM_CUDA_SHARED, msg, msglen);
    if (rc != TKM_OK)
        return rc;
    const size_t n = ds->n, d = ds->d, nb = tkmi_part_blocks(n);
    const size_t esz = ds->x ? sizeof(double) : sizeof(float);
    const size_t ng = tkmi_cu_seed_argmax_groups(n);
    const int ncmin = farthest ? 0 : cand;
    /* cand x (nb + 1) words, or 2 ng + 1 for farthest-first */
    const size_t nout = farthest ? 2 * ng + 1 : (size_t)cand * (nb + 1);
    seed_dev s;
    memset(&s, 0, sizeof s);
    if (cand < 1 || n > SIZE_MAX / d / esz ||
        (size_t)ncmin > SIZE_MAX / sizeof(double) / n)
        return tkmi_fail(TKM_ENOMEM, msg, msglen,
                         "init: the start does not fit this machine's "
                         "addresses");
    TKMI_CUDA(cudaStreamCreateWithFlags(&s.st, cudaStreamNonBlocking));
    if ((rc = seed_malloc(&s.x, n * d * esz, msg, msglen)) != TKM_OK ||
        (rc = seed_malloc((void **)&s.dmin, n * sizeof(double), msg,
                          msglen)) != TKM_OK ||
        (rc = seed_malloc((void **)&s.cmin,
                          (size_t)ncmin * n * sizeof(double), msg,
                          msglen)) != TKM_OK ||
        (rc = seed_malloc((void **)&s.dout, nout * sizeof(double), msg,
                          msglen)) != TKM_OK ||
        (rc = seed_malloc((void **)&s.ddraws,
                          (size_t)cand * sizeof *s.ddraws, msg, msglen)) !=
            TKM_OK)
        goto cleanup;
    TKMI_CUDA(cudaMallocHost((void **)&s.hout, nout * sizeof(double)));
    TKMI_CUDA(cudaMallocHost((void **)&s.hdraws,
                             (size_t)cand * sizeof *s.hdraws));
    if ((rc = tkmi_cuda_upload(s.x,
                               ds->x ? (const void *)ds->x
                                     : (const void *)ds->x32,
                               n * d * esz, s.st, msg, msglen)) != TKM_OK)
        goto cleanup;
    rc = farthest ? seed_far(ds, k, r, idx, &s, msg, msglen)
                  : seed_pp(ds, k, cand, r, idx, &s, msg, msglen);
    /* the rows stay on the device for the fit, where the caller allows */
    if (rc == TKM_OK &&
        tkmi_cuda_rows_hold(ds->x ? (const void *)ds->x
                                  : (const void *)ds->x32,
                            n * d * esz, s.x))
        s.x = NULL;
cleanup:
    seed_free(&s);
    return rc;
}
#endif
