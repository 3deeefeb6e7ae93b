/*
 * tkm_predict for one precision: every point's nearest centroid (Lloyd's
 * rule: smaller squared distance, then lower index), and optionally every
 * distance, through the CPU scan kernel (kern.h): the labels a fit's
 * assignment step gives against the same centroids, any n, any k.
 */
#include "real.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "kern.h"
#include "solver.h"

#define PREDICT_CHUNK 256 /* points per scan call */

/* kern->scan of the sparse rows lo .. lo + m - 1, each made dense in
 * row (d zeros, left so) first. */
static void scan_sparse(const TKM_FN(tkmi_kern) *kern,
                        const TKM_FN(tkmi_kc) *kc, const TKM_FN(tkmi_sp) *sp,
                        size_t lo, size_t m, tkm_real *row,
                        const TKM_FN(tkmi_scan_out) *o)
{
    for (size_t t = 0; t < m; t++) {
        const int64_t q0 = sp->ptr[lo + t], q1 = sp->ptr[lo + t + 1];
        for (int64_t q = q0; q < q1; q++)
            row[sp->col[q]] = sp->v[q];
        TKM_FN(tkmi_scan_out) one = {.lab = o->lab + t,
                                     .all = o->all ? o->all + t * kc->k
                                                   : NULL,
                                     .astride = kc->k};
        kern->scan(kc, row, NULL, 1, &one);
        for (int64_t q = q0; q < q1; q++)
            row[sp->col[q]] = 0;
    }
}

/* Labels (and, when dist is not NULL, distances) of the n points x (or
 * sp) against the packed centroids kc, on threads, each with a chunk's
 * distances (and a sparse row made dense) of its own; 1 when those could
 * not be had. */
static int scan_all(const TKM_FN(tkmi_kc) *kc, const tkm_real *x,
                    const TKM_FN(tkmi_sp) *sp, size_t n, int threads,
                    int32_t *labels, double *dist)
{
    const size_t k = kc->k, d = kc->d;
    const TKM_FN(tkmi_kern) *kern = TKM_FN(tkmi_kern_get)();
    const long long nch = (long long)((n + PREDICT_CHUNK - 1) / PREDICT_CHUNK);
    int oom = 0;
#pragma omp parallel num_threads(threads) if (threads > 1)
    {
        tkm_real *all =
            dist ? tkmi_alloc(PREDICT_CHUNK, k, sizeof *all) : NULL;
        tkm_real *row = sp ? tkmi_calloc(d, 1, sizeof *row) : NULL;
        if ((dist && !all) || (sp && !row)) {
#pragma omp atomic write
            oom = 1;
        }
#pragma omp for schedule(static)
        for (long long ch = 0; ch < nch; ch++) {
            if ((dist && !all) || (sp && !row))
                continue;
            size_t lo = (size_t)ch * PREDICT_CHUNK;
            size_t m = n - lo < PREDICT_CHUNK ? n - lo : PREDICT_CHUNK;
            TKM_FN(tkmi_scan_out) o = {.lab = labels + lo, .all = all,
                                       .astride = k};
            if (sp)
                scan_sparse(kern, kc, sp, lo, m, row, &o);
            else
                kern->scan(kc, x + lo * d, NULL, m, &o);
            if (dist)
                for (size_t i = 0; i < m * k; i++)
                    dist[lo * k + i] = sqrt((double)all[i]);
        }
        free(all);
        free(row);
    }
    return oom;
}

/* The labels of the sparse points sp through the screening (screen.c) on
 * a CPU state of their own: the scan's labels, at the cost of the stored
 * values where the direct scan costs d.  Returns 1, having done nothing,
 * when the screening cannot run (its memory, k < 2). */
static int screened_labels(const TKM_FN(tkmi_kc) *kc, const tkm_real *c,
                           const TKM_FN(tkmi_sp) *sp, size_t n, int threads,
                           int32_t *labels)
{
    TKM_FN(tkmi_cpu) s = {.sp = sp, .n = n, .d = kc->d, .k = kc->k,
                          .threads = threads, .threads_max = threads,
                          .c = (tkm_real *)(uintptr_t)c, .kc = *kc,
                          .kern = TKM_FN(tkmi_kern_get)(), .screen = 1};
    int ok = TKM_FN(tkmi_rows_init)(&s, NULL, 0) == TKM_OK &&
             TKM_FN(tkmi_screen_begin)(&s);
    if (ok) {
        TKM_FN(tkmi_rows_csup)(&s);
        const size_t rows = TKM_FN(tkmi_screen_rows)(&s);
        const long long nch = (long long)((n + rows - 1) / rows);
#pragma omp parallel for num_threads(threads) if (threads > 1) \
    schedule(static)
        for (long long ch = 0; ch < nch; ch++) {
            const size_t lo = (size_t)ch * rows;
            uint64_t screened = 0, rechecked = 0;
            TKM_FN(tkmi_scan_out) o = {.lab = labels + lo};
            TKM_FN(tkmi_screen_scan)(&s, lo, NULL,
                                     n - lo < rows ? n - lo : rows, &o,
                                     &screened, &rechecked);
        }
        TKM_FN(tkmi_screen_end)(&s);
    }
    TKM_FN(tkmi_screen_release)(&s);
    TKM_FN(tkmi_rows_free)(&s);
    return !ok;
}

/* Contract in solver.h. */
tkm_status TKM_FN(tkmi_predict)(const tkm_dataset *ds, const double *cent,
                                size_t k, int threads, int32_t *labels,
                                double *dist, char *msg, size_t msglen)
{
    const size_t n = ds->n, d = ds->d;
    const tkm_real *x = NULL;
    tkm_real *own = NULL;
    TKM_FN(tkmi_sp) sp;
    void *sp_own = NULL;
    const int sparse = TKM_DATASET_SPARSE(ds);
    TKM_FN(tkmi_kc) kc = {0};
    tkm_dataset cds = {.n = k, .d = d, .x = (double *)cent};
    const tkm_real *c = NULL;
    tkm_real *cown = NULL;
    char why[256] = "";
    tkm_status rc = TKM_FN(tkmi_points)(&cds, 1, &c, &cown, why, sizeof why);
    if (rc != TKM_OK) { /* its "point" is a row of the centroids */
        tkmi_fail(rc, msg, msglen, "the centroids: %s", why);
        goto cleanup;
    }
    if ((rc = sparse ? TKM_FN(tkmi_sparse_at)(ds, threads, 0, &sp, &sp_own,
                                              NULL, NULL, msg, msglen)
                     : TKM_FN(tkmi_points)(ds, threads, &x, &own, msg,
                                           msglen)) != TKM_OK)
        goto cleanup;
    if (TKM_FN(tkmi_kc_init)(&kc, k, d) != TKM_OK) {
        rc = tkmi_fail_alloc(msg, msglen, k, d, sizeof *c,
                             "%zu x %zu centroids", k, d);
        goto cleanup;
    }
    /* each thread's distances of one chunk of points */
    size_t plan = 0;
    if (dist)
        tkmi_plan_add(&plan, (size_t)threads * PREDICT_CHUNK, k, sizeof *c);
    if (sparse)
        tkmi_plan_add(&plan, (size_t)threads, d, sizeof *c);
    snprintf(why, sizeof why, "the distances of %d threads' chunks of %d "
             "points to %zu centroids%s", threads, PREDICT_CHUNK, k,
             sparse ? " and their rows made dense" : "");
    if ((rc = tkmi_mem_check(plan, msg, msglen, "%s", why)) != TKM_OK)
        goto cleanup;
    TKM_FN(tkmi_kc_pack)(&kc, c);
    if (sparse && !dist &&
        !screened_labels(&kc, c, &sp, n, threads, labels))
        goto cleanup;
    if (scan_all(&kc, x, sparse ? &sp : NULL, n, threads, labels, dist))
        rc = tkmi_fail_alloc(msg, msglen, plan, 1, 1, "%s", why);
cleanup:
    TKM_FN(tkmi_kc_free)(&kc);
    free(own);
    free(sp_own);
    free(cown);
    return rc;
}
