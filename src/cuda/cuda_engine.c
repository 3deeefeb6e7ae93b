/*
 * The CUDA engine: the solver loop's hooks for forms cuda-global and
 * cuda-shared, whatever the algorithm (its bounds and assign kernels come
 * from src/<alg>/<alg>_cuda.c; the two forms differ only there, and in
 * the summation kernel of the update for large k*d).  Points, centroids,
 * labels, bounds and sums live on the device; the points and the start
 * cross the bus once in, centroids and labels once out, and each step
 * brings back only the scalars of its statistics row.  Device memory is sized up front against
 * cudaMemGetInfo, so a problem too large fails before any work starts.
 */
#include "real.h"

#include "solver.h"

#if TKM_HAVE_CUDA
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "algs.h"
#include "arith.h"
#include "cuda_check.h"
#include "cuda_engine.h"
#include "tune.h"

/* Room left for allocation granularity and the runtime's own buffers. */
#define HEADROOM ((size_t)64 << 20)

typedef TKM_FN(tkmi_gpu) gpu_t;

typedef struct {
    gpu_t g;
    const TKM_FN(tkmi_gpu_alg) *alg;
} engine_t;

static const char *form_name(const gpu_t *g)
{
    return g->shared ? "cuda-shared" : "cuda-global";
}

/* Every failure leaves the engine through here: its message, made below
 * without a form, gets "FORM: " in front (cut at msglen). */
static tkm_status named(const gpu_t *g, tkm_status rc, char *msg,
                        size_t msglen)
{
    const char *name = form_name(g);
    size_t p = strlen(name) + 2;
    if (rc == TKM_OK || !msg || msglen <= p)
        return rc;
    size_t len = strnlen(msg, msglen - 1);
    if (len > msglen - 1 - p)
        len = msglen - 1 - p;
    memmove(msg + p, msg, len);
    msg[p + len] = '\0';
    memcpy(msg, name, p - 2);
    memcpy(msg + p - 2, ": ", 2);
    return rc;
}

/* Copy the device scalars back (after the stream's work is done). */
static tkm_status fetch_scalars(gpu_t *g, char *msg, size_t msglen)
{
    tkm_status rc = TKM_OK;
    TKMI_CUDA(cudaMemcpyAsync(g->hpin, g->sc, sizeof g->hsc,
                              cudaMemcpyDeviceToHost, g->st));
    TKMI_CUDA(cudaStreamSynchronize(g->st));
    g->hsc = *g->hpin;
cleanup:
    return rc;
}

/* Seconds between two recorded (and completed) events of the stream. */
static tkm_status elapsed(cudaEvent_t a, cudaEvent_t b, double *sec,
                          char *msg, size_t msglen)
{
    tkm_status rc = TKM_OK;
    float ms = 0.0f;
    TKMI_CUDA(cudaEventElapsedTime(&ms, a, b));
    *sec = (double)ms * 1e-3;
cleanup:
    return rc;
}

/* Queue the assign step: its counters zeroed, the bound step (after the
 * first), the assign kernels, between events 0, 1 and 2. */
static tkm_status queue_assign(engine_t *e, char *msg, size_t msglen)
{
    gpu_t *g = &e->g;
    tkm_status rc = TKM_OK;
    TKMI_CUDA(cudaMemsetAsync(g->sc->ctr, 0, sizeof g->sc->ctr, g->st));
    TKMI_CUDA(cudaEventRecord(g->ev[0], g->st));
    if (!g->first && e->alg->bound &&
        (rc = e->alg->bound(g, msg, msglen)) != TKM_OK)
        goto cleanup;
    TKMI_CUDA(cudaEventRecord(g->ev[1], g->st));
    rc = g->first ? e->alg->first(g, msg, msglen)
                  : e->alg->assign(g, msg, msglen);
    if (rc != TKM_OK)
        goto cleanup;
    TKMI_CUDA(cudaEventRecord(g->ev[2], g->st));
cleanup:
    return rc;
}

/* The assign step's row, once its scalars are on the host. */
static tkm_status collect_assign(engine_t *e, tkm_iter_stats *row, char *msg,
                                 size_t msglen)
{
    gpu_t *g = &e->g;
    tkm_status rc = TKM_OK;
    int moved = !g->first && e->alg->bound;
    g->first = 0;
    row->changed = g->hsc.ctr[TKMI_CTR_CHANGED];
    g->changed = row->changed;
    row->dist_pc = g->hsc.ctr[TKMI_CTR_DIST_PC];
    row->dist_cc = g->hsc.ctr[TKMI_CTR_DIST_CC];
    row->pruned_points = g->hsc.ctr[TKMI_CTR_PTS];
    row->pruned_pairs = g->hsc.ctr[TKMI_CTR_PAIRS];
    row->screened = g->hsc.ctr[TKMI_CTR_SCREENED];
    row->rechecked = g->hsc.ctr[TKMI_CTR_RECHECKED];
    row->t_bound = 0.0;
    if (moved &&
        (rc = elapsed(g->ev[0], g->ev[1], &row->t_bound, msg, msglen)) !=
            TKM_OK)
        return rc;
    return elapsed(g->ev[1], g->ev[2], &row->t_assign, msg, msglen);
}

/* The exact means into g->cn: the sums, then (farthest policy) the
 * search for farthest points, which first waits for the count of empty
 * clusters, then the quotients. */
static tkm_status exact_means(gpu_t *g, char *msg, size_t msglen)
{
    tkm_status rc = TKM_OK;
    if ((rc = TKM_FN(tkmi_cu_sums)(g, msg, msglen)) != TKM_OK)
        goto cleanup;
    int moved = 0;
    if (g->empty == TKM_EMPTY_FARTHEST) {
        /* the number of empty clusters decides how many searches run */
        if ((rc = TKM_FN(tkmi_cu_empties)(g, msg, msglen)) != TKM_OK ||
            (rc = fetch_scalars(g, msg, msglen)) != TKM_OK)
            goto cleanup;
        if (g->hsc.nempty) {
            rc =
                TKM_FN(tkmi_cu_farthest)(g, (size_t)g->hsc.nempty, msg, msglen);
            if (rc != TKM_OK)
                goto cleanup;
            g->sums_ok = 0; /* points moved between clusters' sums */
            moved = 1;
        }
    }
    rc = TKM_FN(tkmi_cu_means)(g, moved, msg, msglen);
cleanup:
    return rc;
}

/* Queue the update step between events 3 and 4: the inertia of the
 * current centroids (want_inertia), the new centroids into g->cn, their
 * drifts.  An inexact update (g->update) makes g->cn its own way; with
 * update_error the exact means are made first and kept in g->cex to
 * measure it against. */
static tkm_status queue_update(engine_t *e, int want_inertia, char *msg,
                               size_t msglen)
{
    gpu_t *g = &e->g;
    tkm_status rc = TKM_OK;
    const int inexact = g->update != TKM_UPDATE_EXACT;
    TKMI_CUDA(cudaEventRecord(g->ev[3], g->st));
    if (want_inertia &&
        (rc = TKM_FN(tkmi_cu_inertia)(g, g->c, msg, msglen)) != TKM_OK)
        goto cleanup;
    if ((!inexact || g->update_error) &&
        (rc = exact_means(g, msg, msglen)) != TKM_OK)
        goto cleanup;
    if (inexact && g->update_error)
        TKMI_CUDA(cudaMemcpyAsync(g->cex, g->cn, g->k * g->d * sizeof *g->cn,
                                  cudaMemcpyDeviceToDevice, g->st));
    if (inexact && (rc = TKM_FN(tkmi_cu_update)(g, msg, msglen)) != TKM_OK)
        goto cleanup;
    if (inexact && g->update_error &&
        (rc = TKM_FN(tkmi_cu_update_error)(g, msg, msglen)) != TKM_OK)
        goto cleanup;
    if ((rc = TKM_FN(tkmi_cu_drift)(g, msg, msglen)) != TKM_OK)
        goto cleanup;
    TKMI_CUDA(cudaEventRecord(g->ev[4], g->st));
cleanup:
    return rc;
}

/* The update step's row, once its scalars are on the host; the new
 * centroids become the current ones. */
static tkm_status collect_update(engine_t *e, tkm_iter_stats *row,
                                 int want_inertia, char *msg, size_t msglen)
{
    gpu_t *g = &e->g;
    tkm_real *old = g->c;
    g->c = g->cn;
    g->cn = old;
    row->max_drift = g->hsc.max_drift;
    row->shift2 = g->hsc.shift2;
    row->inertia = want_inertia ? g->hsc.inertia : NAN;
    if (g->update != TKM_UPDATE_EXACT && g->update_error) {
        row->upd_err_max = g->hsc.uerr_max;
        row->upd_err_mean = g->hsc.uerr_mean;
    }
    return elapsed(g->ev[3], g->ev[4], &row->t_update, msg, msglen);
}

static tkm_status gpu_assign(void *st, tkm_iter_stats *row, char *msg,
                             size_t msglen)
{
    engine_t *e = st;
    tkm_status rc = queue_assign(e, msg, msglen);
    if (rc == TKM_OK && (rc = fetch_scalars(&e->g, msg, msglen)) == TKM_OK)
        rc = collect_assign(e, row, msg, msglen);
    return named(&e->g, rc, msg, msglen);
}

static tkm_status gpu_update(void *st, tkm_iter_stats *row, int want_inertia,
                             char *msg, size_t msglen)
{
    engine_t *e = st;
    tkm_status rc = queue_update(e, want_inertia, msg, msglen);
    if (rc == TKM_OK && (rc = fetch_scalars(&e->g, msg, msglen)) == TKM_OK)
        rc = collect_update(e, row, want_inertia, msg, msglen);
    return named(&e->g, rc, msg, msglen);
}

/* Assign and update with one wait for the device instead of two: the
 * update is queued behind the assign step before its changed count is
 * known, and dropped when nothing changed (then the centroids stay and
 * the row is the assign step's alone, as the solver loop would have left
 * it).  The update's one choice that depends on the count, moved sums or
 * sums from scratch, then takes the previous step's count; so the steps
 * are queued together only while that count chooses moved sums.  While
 * many labels change the steps run apart and the update takes the current
 * count: a stale one would sum from scratch after the count fell (the
 * first count is n; at 100,000 x 784, k = 100 the second was 533: 0.95
 * against 0.06 ms of update in double).  Both paths give the same exact
 * sums.  The farthest-point policy waits in the middle of the update
 * anyway: there the two steps always run apart. */
static tkm_status gpu_step(void *st, tkm_iter_stats *row, int want_inertia,
                           char *msg, size_t msglen)
{
    engine_t *e = st;
    gpu_t *g = &e->g;
    tkm_status rc;
    /* (an inexact update makes no choice by the count) */
    const int plain = g->update != TKM_UPDATE_EXACT && !g->update_error;
    if (g->empty == TKM_EMPTY_FARTHEST ||
        (!plain && !TKM_FN(tkmi_sums_move)(g))) {
        rc = gpu_assign(st, row, msg, msglen);
        if (rc == TKM_OK && row->changed)
            rc = gpu_update(st, row, want_inertia, msg, msglen);
        return rc;
    }
    if ((rc = queue_assign(e, msg, msglen)) == TKM_OK &&
        (rc = queue_update(e, want_inertia, msg, msglen)) == TKM_OK &&
        (rc = fetch_scalars(g, msg, msglen)) == TKM_OK &&
        (rc = collect_assign(e, row, msg, msglen)) == TKM_OK &&
        row->changed)
        rc = collect_update(e, row, want_inertia, msg, msglen);
    return named(g, rc, msg, msglen);
}

static tkm_status gpu_result(void *st, double *centroids, int32_t *labels,
                             double *inertia, double *t_download, char *msg,
                             size_t msglen)
{
    engine_t *e = st;
    gpu_t *g = &e->g;
    tkm_status rc = TKM_OK;
    size_t kd = g->k * g->d;
    tkm_real *c = tkmi_alloc(kd, 1, sizeof *c);
    if (!c) {
        rc = tkmi_fail(TKM_ENOMEM, msg, msglen, "out of memory for results");
        goto cleanup;
    }
    if ((rc = TKM_FN(tkmi_cu_inertia)(g, g->c, msg, msglen)) != TKM_OK)
        goto cleanup;
    /* the inertia's pass done first, so that the download is timed alone */
    TKMI_CUDA(cudaStreamSynchronize(g->st));
    const double t0 = tkmi_now();
    TKMI_CUDA(cudaMemcpyAsync(c, g->c, kd * sizeof *c,
                              cudaMemcpyDeviceToHost, g->st));
    TKMI_CUDA(cudaMemcpyAsync(labels, g->labels, g->n * sizeof *labels,
                              cudaMemcpyDeviceToHost, g->st));
    if ((rc = fetch_scalars(g, msg, msglen)) != TKM_OK)
        goto cleanup;
    *t_download = tkmi_now() - t0;
    for (size_t i = 0; i < kd; i++)
        centroids[i] = (double)c[i];
    *inertia = g->hsc.inertia;
cleanup:
    free(c);
    return named(g, rc, msg, msglen);
}

static void gpu_destroy(void *st)
{
    engine_t *e = st;
    if (!e)
        return;
    gpu_t *g = &e->g;
    if (e->alg && e->alg->release)
        e->alg->release(g);
    cudaFree(g->x);
    cudaFree(g->xr);
    cudaFree(g->perm);
    cudaFree(g->off);
    cudaFree(g->c);
    cudaFree(g->cn);
    cudaFree(g->ct);
    cudaFree(g->labels);
    cudaFree(g->drift);
    cudaFree(g->t);
    cudaFree(g->acc);
    cudaFree(g->held);
    cudaFree(g->cnt);
    cudaFree(g->pd2);
    cudaFree(g->part);
    cudaFree(g->sc);
    cudaFree(g->fvc);
    cudaFree(g->fcol);
    cudaFree(g->w);
    cudaFree(g->wempty);
    cudaFree(g->sv);
    cudaFree(g->scol);
    cudaFree(g->sptr);
    cudaFree(g->sxn);
    cudaFree(g->snc);
    cudaFree(g->sccol);
    cudaFree(g->scnz);
    cudaFree(g->sg);
    cudaFree(g->scand);
    cudaFree(g->cex);
    TKM_FN(tkmi_cu_update_free)(g);
    cudaFreeHost(g->hpin);
    for (int i = 0; i < TKMI_NEV; i++)
        if (g->ev[i])
            cudaEventDestroy(g->ev[i]);
    if (g->st)
        cudaStreamDestroy(g->st);
    cudaGetLastError(); /* leave no error behind for the next caller */
    free(e);
}

/* Whether the run keeps the row-major points beside the column-major. */
static int keep_rows(const gpu_t *g, const TKM_FN(tkmi_gpu_alg) *alg)
{
    return !g->sparse && alg->rows && alg->rows(g->d);
}

/* Sparse points: the warps of the screened scan (kernels/sparse.cu), one
 * wave of the device, no more than the rows need, and fewer where their
 * scratch (k products and candidates each) would pass TKM_SP_SCRATCH. */
static int scan_warps(const gpu_t *g)
{
    const size_t per = TKM_SP_BLOCK / 32;
    const size_t each = g->k * (sizeof(tkm_real) + sizeof(int32_t));
    size_t w = (size_t)g->sms * (size_t)(g->thr_sm / TKM_SP_BLOCK) * per;
    size_t need = (g->n + per - 1) / per * per, most = TKM_SP_SCRATCH / each;
    w = w < need ? w : need;
    w = w < most ? w : most;
    w = w / per * per;
    return (int)(w ? w : per);
}

/* Sparse points: device bytes of the rows (values, columns, starts,
 * norms); 0 on overflow. */
static size_t sparse_bytes(const gpu_t *g, size_t nnz)
{
    size_t v, rows;
    if (tkmi_mul_size(nnz, sizeof(tkm_real) + sizeof(int32_t), 1, &v) ||
        tkmi_mul_size(g->n + 1, 16, 1, &rows) || v + rows < v)
        return 0;
    return v + rows;
}

/* Device bytes the engine needs besides the points: centroids (a third
 * copy, column-major, for cuda-shared), labels, drifts, sums, scratch,
 * the sample weights (weighted), the row-major points where kept and the
 * algorithm's bounds; 0 on overflow. */
static size_t state_bytes(const gpu_t *g, const TKM_FN(tkmi_gpu_alg) *alg,
                          int weighted)
{
    size_t n = g->n, d = g->d, k = g->k, R = sizeof(tkm_real);
    /* sparse points: the chunks' inertia and the centroids' norms */
    size_t parts_n = g->sparse ? tkmi_inertia_parts(n, 1) + k
                               : tkmi_inertia_parts(n, d);
    size_t cen, acc, rows = 0, b = alg->bytes ? alg->bytes(n, d, k) : 0;
    size_t scan = 0, sup = 0;
    int keep = keep_rows(g, alg);
    if (g->sparse && (tkmi_mul_size((size_t)g->swarps * k + 3 * k,
                                    R + sizeof(int32_t) + 8, 1, &scan) ||
                      tkmi_mul_size(k, TKMI_SP_CCAP(d) + 1, sizeof(int32_t),
                                    &sup) ||
                      scan + sup < scan))
        return 0;
    scan += sup;
    if (tkmi_mul_size(k, d, (g->shared || g->sparse ? 3 : 2) * R, &cen) ||
        tkmi_mul_size(k, g->nv, 16, &acc) || (alg->bytes && b == 0) ||
        (keep && tkmi_mul_size(n, d, R, &rows)))
        return 0;
    size_t pinned, upd = TKM_FN(tkmi_cu_update_bytes)(g, &pinned);
    if (g->update != TKM_UPDATE_EXACT && upd == 0)
        return 0;
    size_t parts[] = {cen, acc, 2 * n * 4, 2 * k * R, k * 9, upd,
                      g->update_error ? k * d * R : 0,
                      g->empty == TKM_EMPTY_FARTHEST ? n * 8 : 0,
                      parts_n * 8, sizeof(TKM_FN(tkmi_gsc)), rows,
                      keep ? n * sizeof(size_t) : 0,
                      keep ? (2 * k + 1) * 8 : 0, b, scan,
                      weighted ? n * sizeof(double) : 0};
    size_t sum = 0;
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        if (sum + parts[i] < sum)
            return 0;
        sum += parts[i];
    }
    return sum;
}

/* Compare what the run needs with the device's free memory: TKM_ENOMEM
 * (device memory) with both figures when it does not fit.  kept: the
 * row-major copy is on the device already (the start's), out of the free
 * memory. */
static tkm_status check_memory(const gpu_t *g, size_t xbytes, size_t state,
                               int kept, char *msg, size_t msglen)
{
    tkm_status rc = TKM_OK;
    size_t freeb = 0, total = 0;
    /* upload: dense points twice (row-major copy, column-major result) */
    size_t peak = !g->sparse && 2 * xbytes > xbytes + state ? 2 * xbytes
                                                            : xbytes + state;
    if (kept)
        peak -= xbytes;
    if (state == 0 || 2 * xbytes < xbytes || xbytes + state < xbytes) {
        rc = tkmi_fail(TKM_ENOMEM, msg, msglen,
                       "n=%zu, d=%zu, k=%zu needs more device "
                       "memory than a size_t can count",
                       g->n, g->d, g->k);
        goto cleanup;
    }
    TKMI_CUDA(cudaMemGetInfo(&freeb, &total));
    if (peak > freeb || freeb - peak < HEADROOM)
        rc = tkmi_fail(TKM_ENOMEM, msg, msglen,
                       "n=%zu, d=%zu, k=%zu needs %zu bytes of "
                       "device memory (%.2f GiB, plus %zu MiB headroom) but "
                       "only %zu bytes (%.2f GiB) of %.2f GiB are free",
                       g->n, g->d, g->k, peak,
                       (double)peak / (1 << 30),
                       HEADROOM >> 20, freeb, (double)freeb / (1 << 30),
                       (double)total / (1 << 30));
cleanup:
    return rc;
}

/* Launch shape: block from the params, grid = one full wave of the
 * device (more points are taken by the grid-stride loops); the device's
 * figures that the cuda-shared kernels plan their launches with. */
static tkm_status launch_shape(gpu_t *g, int block, char *msg, size_t msglen)
{
    tkm_status rc = TKM_OK;
    int dev = 0, sms = 0, per_sm = 0;
    TKMI_CUDA(cudaGetDevice(&dev));
    TKMI_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount,
                                     dev));
    TKMI_CUDA(cudaDeviceGetAttribute(
        &per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, dev));
    TKMI_CUDA(cudaDeviceGetAttribute(
        &g->smem_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, dev));
    TKMI_CUDA(cudaDeviceGetAttribute(
        &g->smem_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
    g->sms = sms;
    g->thr_sm = per_sm;
    g->block = block > 0 ? block : TKM_CUDA_BLOCK;
    size_t wave = (size_t)sms * (size_t)(per_sm / g->block);
    size_t need = (g->n + (size_t)g->block - 1) / (size_t)g->block;
    if (wave == 0)
        wave = 1;
    g->grid = (int)(need < wave ? need : wave);
cleanup:
    return rc;
}

/* Points in: row-major copy (the start's, kept, where not NULL),
 * transposed on the device, copy freed unless keep (then g->xr). */
static tkm_status upload_points(gpu_t *g, const tkm_real *x, void *kept,
                                int keep, char *msg, size_t msglen)
{
    tkm_status rc = TKM_OK;
    tkm_real *xr = kept;
    size_t bytes = g->n * g->d * sizeof *x;
    TKMI_CUDA(cudaMalloc((void **)&g->x, bytes));
    if (!xr) {
        TKMI_CUDA(cudaMalloc((void **)&xr, bytes));
        if ((rc = tkmi_cuda_upload(xr, x, bytes, g->st, msg, msglen)) !=
            TKM_OK)
            goto cleanup;
    }
    if ((rc = TKM_FN(tkmi_cu_transpose)(g, xr, msg, msglen)) != TKM_OK)
        goto cleanup;
    TKMI_CUDA(cudaStreamSynchronize(g->st));
    if (keep) {
        g->xr = xr;
        xr = NULL;
    }
cleanup:
    cudaFree(xr);
    return rc;
}

/* Sparse points in: the rows as they are, their norms, the screen's
 * constants and scratch (kernels/sparse.cu). */
static tkm_status upload_sparse(gpu_t *g, const TKM_FN(tkmi_sp) *sp,
                                char *msg, size_t msglen)
{
    tkm_status rc = TKM_OK;
    const size_t n = g->n, k = g->k, nnz = (size_t)sp->ptr[n];
    const size_t R = sizeof(tkm_real), sw = (size_t)g->swarps;
    /* (cudaMalloc of 0 bytes gives NULL: a row set with no value) */
    TKMI_CUDA(cudaMalloc((void **)&g->sv, (nnz ? nnz : 1) * R));
    TKMI_CUDA(cudaMalloc((void **)&g->scol, (nnz ? nnz : 1) * sizeof(int32_t)));
    TKMI_CUDA(cudaMalloc((void **)&g->sptr, (n + 1) * sizeof(int64_t)));
    TKMI_CUDA(cudaMalloc((void **)&g->sxn, n * sizeof(double)));
    TKMI_CUDA(cudaMalloc((void **)&g->snc, 3 * k * sizeof(double)));
    TKMI_CUDA(cudaMalloc((void **)&g->sg, sw * k * R));
    TKMI_CUDA(cudaMalloc((void **)&g->scand, sw * k * sizeof(int32_t)));
    g->sccap = TKMI_SP_CCAP(g->d);
    if (g->sccap) {
        TKMI_CUDA(cudaMalloc((void **)&g->sccol,
                             k * g->sccap * sizeof(int32_t)));
        TKMI_CUDA(cudaMalloc((void **)&g->scnz, k * sizeof(int32_t)));
    }
    if ((rc = tkmi_cuda_upload(g->sv, sp->v, nnz * R, g->st, msg,
                               msglen)) != TKM_OK ||
        (rc = tkmi_cuda_upload(g->scol, sp->col, nnz * sizeof(int32_t),
                               g->st, msg, msglen)) != TKM_OK ||
        (rc = tkmi_cuda_upload(g->sptr, sp->ptr, (n + 1) * sizeof(int64_t),
                               g->st, msg, msglen)) != TKM_OK)
        goto cleanup;
    TKM_FN(tkmi_screen_consts)(g->d, &g->skk, &g->seta);
    rc = TKM_FN(tkmi_cu_sp_norms)(g, msg, msglen);
cleanup:
    return rc;
}

/* The engine's own buffers (the algorithm adds its bounds). */
static tkm_status alloc_state(gpu_t *g, const tkm_real *init, char *msg,
                              size_t msglen)
{
    tkm_status rc = TKM_OK;
    size_t n = g->n, d = g->d, k = g->k, R = sizeof(tkm_real);
    TKMI_CUDA(cudaMallocHost((void **)&g->hpin, sizeof *g->hpin));
    if (g->xr) {
        TKMI_CUDA(cudaMalloc((void **)&g->perm, n * sizeof *g->perm));
        TKMI_CUDA(cudaMalloc((void **)&g->off, (2 * k + 1) * sizeof *g->off));
    }
    TKMI_CUDA(cudaMalloc((void **)&g->c, k * d * R));
    TKMI_CUDA(cudaMalloc((void **)&g->cn, k * d * R));
    if (g->shared || g->sparse)
        TKMI_CUDA(cudaMalloc((void **)&g->ct, k * d * R));
    TKMI_CUDA(cudaMalloc((void **)&g->labels, n * sizeof *g->labels));
    TKMI_CUDA(cudaMalloc((void **)&g->held, n * sizeof *g->held));
    TKMI_CUDA(cudaMalloc((void **)&g->drift, k * R));
    TKMI_CUDA(cudaMalloc((void **)&g->t, k * R));
    TKMI_CUDA(cudaMalloc((void **)&g->cnt, k * sizeof *g->cnt));
    TKMI_CUDA(cudaMalloc((void **)&g->part,
                         (g->sparse ? tkmi_inertia_parts(n, 1) + k
                                    : tkmi_inertia_parts(n, d)) *
                             sizeof *g->part));
    TKMI_CUDA(cudaMalloc((void **)&g->sc, sizeof *g->sc));
    if (g->empty == TKM_EMPTY_FARTHEST)
        TKMI_CUDA(cudaMalloc((void **)&g->pd2, n * sizeof *g->pd2));
    if (g->update_error)
        TKMI_CUDA(cudaMalloc((void **)&g->cex, k * d * R));
    if ((rc = TKM_FN(tkmi_cu_update_alloc)(g, msg, msglen)) != TKM_OK)
        goto cleanup;
    TKMI_CUDA(cudaMemcpyAsync(g->c, init, k * d * R, cudaMemcpyHostToDevice,
                              g->st));
    TKMI_CUDA(cudaMemsetAsync(g->labels, 0xff, n * sizeof *g->labels,
                              g->st));
    TKMI_CUDA(cudaMemsetAsync(g->sc, 0, sizeof *g->sc, g->st));
cleanup:
    return rc;
}

/* The limbs of the exact sums from the columns' exponent profiles
 * (fixsum.h; the CPU's layout), on the device; with sample weights w
 * (n, or NULL) the weights too, and a column of their own. */
static tkm_status sum_layout(gpu_t *g, const double *prof, const double *w,
                             char *msg, size_t msglen)
{
    tkm_status rc = TKM_OK;
    const size_t d = g->d, dw = w ? d + 1 : d;
    tkmi_fx_col *col = tkmi_alloc(dw, 1, sizeof *col);
    tkmi_fx_vc *vc = NULL;
    if (col)
        vc = tkmi_alloc(g->nv, 1, sizeof *vc);
    if (!col || !vc) {
        rc = tkmi_fail_alloc(msg, msglen, d, TKMI_FX_MAXW, sizeof *vc,
                             "the limbs of the centroid sums");
        goto cleanup;
    }
    (void)tkmi_fx_layout(prof, d, w != NULL, col, vc);
    TKMI_CUDA(cudaMalloc((void **)&g->fcol, dw * sizeof *col));
    TKMI_CUDA(cudaMalloc((void **)&g->fvc, g->nv * sizeof *vc));
    TKMI_CUDA(cudaMalloc((void **)&g->acc, 2 * g->k * g->nv * sizeof *g->acc));
    TKMI_CUDA(cudaMalloc((void **)&g->wempty, g->k));
    TKMI_CUDA(
        cudaMemcpy(g->fcol, col, dw * sizeof *col, cudaMemcpyHostToDevice));
    if (w) {
        g->fw = col[d];
        TKMI_CUDA(cudaMalloc((void **)&g->w, g->n * sizeof *w));
        TKMI_CUDA(cudaMemcpy(g->w, w, g->n * sizeof *w,
                             cudaMemcpyHostToDevice));
    }
    TKMI_CUDA(
        cudaMemcpy(g->fvc, vc, g->nv * sizeof *vc, cudaMemcpyHostToDevice));
cleanup:
    free(col);
    free(vc);
    return rc;
}

static tkm_status build(engine_t *e, const TKM_FN(tkmi_problem) *pb,
                        char *msg, size_t msglen)
{
    gpu_t *g = &e->g;
    tkm_status rc = TKM_OK;
    size_t xbytes = 0;
    void *kept = NULL; /* the start's copy of the rows, until upload_points */
    if (g->sparse) {
        if (!(xbytes = sparse_bytes(g, (size_t)pb->sp->ptr[pb->n]))) {
            rc = tkmi_fail(TKM_ENOMEM, msg, msglen,
                           "%zu sparse rows do not fit in memory", pb->n);
            goto cleanup;
        }
    } else if (tkmi_mul_size(pb->n, pb->d, sizeof(tkm_real), &xbytes)) {
        rc = tkmi_fail(TKM_ENOMEM, msg, msglen,
                       "%zu x %zu points do not fit in memory",
                       pb->n, pb->d);
        goto cleanup;
    }
    /* (a run with weights has some weight above 0: fit.c) */
    const double *w = pb->weighted ? pb->w : NULL;
    g->nv = tkmi_fx_layout(pb->prof, pb->d, w != NULL, NULL, NULL);
    if ((rc = launch_shape(g, pb->p->block_size, msg, msglen)) != TKM_OK)
        goto cleanup;
    if (g->sparse)
        g->swarps = scan_warps(g);
    /* the start's copy of these very rows, if it kept one (any other
     * copy it kept is freed now) */
    if (g->sparse)
        tkmi_cuda_rows_drop();
    else
        kept = tkmi_cuda_rows_take(pb->x, xbytes);
    if ((rc = check_memory(g, xbytes, state_bytes(g, e->alg, w != NULL),
                           kept != NULL, msg, msglen)) != TKM_OK)
        goto cleanup;
    TKMI_CUDA(cudaStreamCreate(&g->st));
    for (int i = 0; i < TKMI_NEV; i++)
        TKMI_CUDA(cudaEventCreate(&g->ev[i]));
    const double t0 = tkmi_now();
    if (g->sparse)
        rc = upload_sparse(g, pb->sp, msg, msglen);
    else { /* (upload_points owns kept now) */
        rc = upload_points(g, pb->x, kept, keep_rows(g, e->alg), msg, msglen);
        kept = NULL;
    }
    if (rc != TKM_OK)
        goto cleanup;
    TKMI_CUDA(cudaStreamSynchronize(g->st));
    g->t_upload = tkmi_now() - t0;
    if ((rc = alloc_state(g, pb->init, msg, msglen)) != TKM_OK ||
        (rc = sum_layout(g, pb->prof, w, msg, msglen)) != TKM_OK)
        goto cleanup;
    if (e->alg->setup && (rc = e->alg->setup(g, msg, msglen)) != TKM_OK)
        goto cleanup;
    TKMI_CUDA(cudaStreamSynchronize(g->st));
cleanup:
    cudaFree(kept); /* (NULL once handed on) */
    return rc;
}

tkm_status TKM_FN(tkmi_cuda_engine)(const TKM_FN(tkmi_problem) *pb,
                                    const TKM_FN(tkmi_gpu_alg) *alg,
                                    TKM_FN(tkmi_engine) *eng, char *msg,
                                    size_t msglen)
{
    if (!tkmi_form_cuda(pb->p->form))
        return tkmi_fail(TKM_EINVAL, msg, msglen, "not a CUDA form");
    tkm_status rc = TKM_OK;
    engine_t *e = tkmi_calloc(1, 1, sizeof *e);
    if (!e)
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "out of memory");
    gpu_t *g = &e->g;
    g->shared = pb->p->form == TKM_CUDA_SHARED;
    g->sparse = pb->sp != NULL;
    e->alg = g->sparse ? alg->sparse : alg;
    g->n = pb->n;
    g->d = pb->d;
    g->k = pb->k;
    g->empty = pb->p->empty;
    g->no_cc = pb->p->no_cc;
    g->max_drift_only = pb->p->max_drift_only;
    g->update = (int)pb->p->update;
    /* (the exact update has nothing to measure) */
    g->update_error = g->update != TKM_UPDATE_EXACT && pb->p->update_error;
    g->first = 1;
    g->upf = TKM_FN(tkmi_bnd_upf)(pb->d);
    g->dnf = TKM_FN(tkmi_bnd_dnf)(pb->d);
    g->ab = TKM_FN(tkmi_bnd_abs)(pb->d);
    if (!e->alg) {
        rc = named(g, tkmi_fail(TKM_ENOTSUP, msg, msglen,
                                "this algorithm takes no sparse points"),
                   msg, msglen);
        goto cleanup;
    }
    if ((rc = named(g, build(e, pb, msg, msglen), msg, msglen)) != TKM_OK)
        goto cleanup;
    eng->st = e;
    eng->assign = gpu_assign;
    eng->update = gpu_update;
    eng->step = gpu_step;
    eng->result = gpu_result;
    eng->destroy = gpu_destroy;
    eng->bound_bytes = g->bound_bytes;
    eng->t_upload = g->t_upload;
    eng->threads = g->block;
    eng->blocks = g->grid;
    return TKM_OK;
cleanup:
    gpu_destroy(e);
    return rc;
}
#endif /* TKM_HAVE_CUDA */
