/*
 * The solver loop shared by every algorithm and form:
 *
 *     repeat: assign -> stop if no label changed -> update -> stop on tol
 *     after a stop that followed an update: assign once more (the labels
 *     and inertia of the returned centroids)
 *
 * (an engine may do assign and update in one step, dropping the update
 * when no label changed: the CUDA engine, to wait for the device once)
 *
 * and the per-precision entry behind tkm_fit (conversion of the data to the
 * run's precision).
 */
#include "real.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "solver.h"

static void result_init(tkm_result *res, const TKM_FN(tkmi_problem) *pb)
{
    memset(res, 0, sizeof *res);
    res->n = pb->n;
    res->d = pb->d;
    res->k = pb->k;
    res->algorithm = pb->p->algorithm;
    res->form = pb->p->form;
    res->precision = TKM_PREC_ENUM;
}

/* Room for row it in res->iters, growing it by doubling: a large max_iter
 * costs nothing until the iterations happen. */
static tkm_status ensure_row(tkm_result *res, int it, int *cap)
{
    if (it < *cap)
        return TKM_OK;
    int ncap = *cap ? 2 * *cap : 64;
    tkm_iter_stats *p = tkmi_alloc((size_t)ncap, 1, sizeof *p);
    if (!p)
        return TKM_ENOMEM;
    if (res->iters)
        memcpy(p, res->iters, (size_t)*cap * sizeof *p);
    free(res->iters);
    res->iters = p;
    *cap = ncap;
    return TKM_OK;
}

/* The stop rule after an iteration's row (tkm_stop in trikmeans.h); prev
 * is the row before (NULL for the first). */
static tkm_stop stop_of(const tkm_iter_stats *row, const tkm_iter_stats *prev,
                        const tkm_params *p, double tol_shift2)
{
    if (p->fixed_iter)
        return TKM_STOP_MAX_ITER;
    if (row->changed == 0)
        return TKM_STOP_LABELS;
    if (p->tol > 0 && row->shift2 <= tol_shift2)
        return TKM_STOP_TOL;
    if (p->tol_abs > 0 && row->max_drift <= p->tol_abs)
        return TKM_STOP_TOL_ABS;
    if (p->tol_inertia > 0 && prev &&
        fabs(prev->inertia - row->inertia) <= p->tol_inertia * row->inertia)
        return TKM_STOP_TOL_INERTIA;
    return TKM_STOP_MAX_ITER; /* (not a stop before the last iteration) */
}

/* The loop itself; one row per iteration goes into res->iters. */
static tkm_status run_loop(TKM_FN(tkmi_engine) *e, const tkm_params *p,
                           double tol_shift2, tkm_result *res, char *msg,
                           size_t msglen)
{
    tkm_status rc = TKM_OK;
    int cap = 0;
    /* the inertia stop needs the inertia of every assignment */
    const int want = p->inertia_each_iter || p->tol_inertia > 0;
    res->stop = TKM_STOP_MAX_ITER;
    for (int it = 0; it < p->max_iter; it++) {
        if (ensure_row(res, it, &cap) != TKM_OK)
            return tkmi_fail(TKM_ENOMEM, msg, msglen,
                             "out of memory for statistics rows");
        tkm_iter_stats *row = &res->iters[it];
        memset(row, 0, sizeof *row);
        row->iter = it + 1;
        row->inertia = NAN;
        if (e->step && !p->fixed_iter) {
            rc = e->step(e->st, row, want, msg, msglen);
            if (rc != TKM_OK)
                return rc;
        } else {
            /* fixed_iter: the update runs even when no label changed */
            if ((rc = e->assign(e->st, row, msg, msglen)) != TKM_OK)
                return rc;
            if ((row->changed != 0 || p->fixed_iter) &&
                (rc = e->update(e->st, row, want, msg, msglen)) != TKM_OK)
                return rc;
        }
        res->iterations = it + 1;
        res->stop = stop_of(row, it ? row - 1 : NULL, p, tol_shift2);
        if (p->progress && p->progress(row, p->progress_ctx)) {
            if (res->stop == TKM_STOP_MAX_ITER)
                res->stop = TKM_STOP_CALLBACK;
            break;
        }
        if (res->stop != TKM_STOP_MAX_ITER)
            break;
    }
    res->converged = res->stop == TKM_STOP_LABELS ||
                     res->stop == TKM_STOP_TOL ||
                     res->stop == TKM_STOP_TOL_ABS ||
                     res->stop == TKM_STOP_TOL_INERTIA;
    return TKM_OK;
}

/* After a stop that followed an update (tol, tol_abs, max_iter): one more
 * assignment, without an update, so that the labels (and the inertia the
 * engine's result computes) are those of the returned centroids. */
static tkm_status final_assign(TKM_FN(tkmi_engine) *e, tkm_result *res,
                               char *msg, size_t msglen)
{
    if (res->stop == TKM_STOP_LABELS || res->stop == TKM_STOP_CALLBACK ||
        res->iterations == 0)
        return TKM_OK;
    tkm_iter_stats row;
    memset(&row, 0, sizeof row);
    tkm_status rc = e->assign(e->st, &row, msg, msglen);
    res->final_changed = row.changed;
    return rc;
}

/* The features' mean variance (population, as numpy.var) in double: two
 * passes over fixed blocks of points, each block's sums added in block
 * order, so the value does not depend on the thread count. */
static tkm_status mean_variance(const tkm_real *x, size_t n, size_t d,
                                int threads, double *out)
{
    const size_t nblk = (n + TKMI_SUM_BLOCK - 1) / TKMI_SUM_BLOCK;
    double *part = tkmi_alloc(nblk, d, sizeof *part);
    double *mean = tkmi_alloc(d, 1, sizeof *mean);
    if (!part || !mean) {
        free(part);
        free(mean);
        return TKM_ENOMEM;
    }
    double var = 0.0;
    for (int pass = 0; pass < 2; pass++) {
#pragma omp parallel for num_threads(threads) if (threads > 1) \
    schedule(static)
        for (long long b = 0; b < (long long)nblk; b++) {
            double *acc = part + (size_t)b * d;
            size_t i1 = ((size_t)b + 1) * TKMI_SUM_BLOCK;
            memset(acc, 0, d * sizeof *acc);
            for (size_t i = (size_t)b * TKMI_SUM_BLOCK; i < i1 && i < n; i++)
                for (size_t j = 0; j < d; j++) {
                    double v = (double)x[i * d + j];
                    if (pass) {
                        v -= mean[j];
                        v *= v;
                    }
                    acc[j] += v;
                }
        }
        for (size_t j = 0; j < d; j++) {
            double t = 0.0;
            for (size_t b = 0; b < nblk; b++)
                t += part[b * d + j];
            if (pass)
                var += t / (double)n;
            else
                mean[j] = t / (double)n;
        }
    }
    free(part);
    free(mean);
    *out = var / (double)d;
    return TKM_OK;
}

tkm_status TKM_FN(tkmi_solve)(const TKM_FN(tkmi_problem) *pb, tkm_result *res,
                              char *msg, size_t msglen)
{
    TKM_FN(tkmi_engine) e = {0};
    result_init(res, pb);
    tkm_status rc;
    res->centroids = tkmi_alloc(pb->k, pb->d, sizeof *res->centroids);
    res->labels = tkmi_alloc(pb->n, 1, sizeof *res->labels);
    if (!res->centroids || !res->labels) {
        rc = tkmi_fail(TKM_ENOMEM, msg, msglen, "out of memory for results");
        goto cleanup;
    }
    double t0 = tkmi_now();
    if ((rc = TKM_FN(tkmi_engine_make)(pb, &e, msg, msglen)) != TKM_OK)
        goto cleanup;
    double t1 = tkmi_now();
    res->bound_bytes = e.bound_bytes;
    res->threads = e.threads;
    res->blocks = e.blocks;
    if ((rc = run_loop(&e, pb->p, pb->tol_shift2, res, msg, msglen)) !=
        TKM_OK)
        goto cleanup;
    double t2 = tkmi_now();
    res->tol_shift2 = pb->tol_shift2;
    if ((rc = final_assign(&e, res, msg, msglen)) != TKM_OK)
        goto cleanup;
    rc = e.result(e.st, res->centroids, res->labels, &res->inertia, msg,
                  msglen);
    double t3 = tkmi_now();
    res->t_setup = t1 - t0;
    res->t_loop = t2 - t1;
    res->t_result = t3 - t2;
    res->t_total = t3 - t0;
    /* a run that stopped because no label changed ended on an assignment
     * of the final centroids: its inertia is the final one, known without
     * --inertia-each-iter */
    if (rc == TKM_OK && res->stop == TKM_STOP_LABELS && res->iterations > 0)
        res->iters[res->iterations - 1].inertia = res->inertia;
cleanup:
    if (e.destroy)
        e.destroy(e.st);
    if (rc != TKM_OK) {
        tkm_result_free(res);
        result_init(res, pb);
    }
    return rc;
}

/* Contract in solver.h. */
tkm_status TKM_FN(tkmi_points)(const tkm_dataset *ds, int threads,
                               const tkm_real **x, tkm_real **own, char *msg,
                               size_t msglen)
{
    const size_t n = ds->n, d = ds->d;
    const long long nd = (long long)(n * d);
    const double *xd = ds->x;
    const float *xf = xd ? NULL : ds->x32;
    /* the data's own array when it already holds the run's type */
    const int same = xd ? sizeof(tkm_real) == sizeof(double)
                        : sizeof(tkm_real) == sizeof(float);
    tkm_real *c = NULL;
    *own = NULL;
    if (!same && !(c = tkmi_alloc(n, d, sizeof *c)))
        return tkmi_fail(TKM_ENOMEM, msg, msglen,
                         "out of memory converting %zu x %zu points to %s",
                         n, d, TKM_PREC_NAME);
    long long bad = nd;
#pragma omp parallel for num_threads(threads) if (threads > 1) \
    schedule(static) reduction(min : bad)
    for (long long i = 0; i < nd; i++) {
        const double v = xd ? xd[i] : (double)xf[i];
        if (!(fabs(v) <= (double)TKM_REAL_MAX) && i < bad)
            bad = i;
        if (c)
            c[i] = (tkm_real)v;
    }
    if (bad < nd) {
        free(c);
        return tkmi_fail(TKM_ERANGE, msg, msglen,
                         "point %zu, column %zu: %g is not finite in %s",
                         (size_t)bad / d + 1, (size_t)bad % d + 1,
                         xd ? xd[bad] : (double)xf[bad], TKM_PREC_NAME);
    }
    *x = c ? c : xd ? (const tkm_real *)(const void *)xd
                    : (const tkm_real *)(const void *)xf;
    *own = c;
    return TKM_OK;
}

/* tkm_fit for this precision: the points and the start in the run's
 * precision, then solve. */
tkm_status TKM_FN(tkmi_fit)(const tkm_dataset *ds, const double *init,
                            const tkm_params *p, tkm_result *res, char *msg,
                            size_t msglen)
{
    size_t d = ds->d, k = p->k;
    const tkm_real *x = NULL;
    tkm_real *own = NULL;
    tkm_real *c0 = tkmi_alloc(k, d, sizeof *c0);
    if (!c0)
        return tkmi_fail(TKM_ENOMEM, msg, msglen,
                         "out of memory for %zu x %zu centroids", k, d);
    double t0 = tkmi_now();
    tkm_status rc = TKM_FN(tkmi_points)(
        ds, p->form == TKM_SEQ ? 1 : tkmi_threads(p->threads), &x, &own,
        msg, msglen);
    if (rc != TKM_OK)
        goto cleanup;
    for (size_t i = 0; i < k * d; i++)
        c0[i] = (tkm_real)init[i];
    double var = 0.0;
    if (p->tol > 0 &&
        mean_variance(x, ds->n, d,
                      p->form == TKM_SEQ ? 1 : tkmi_threads(p->threads),
                      &var) != TKM_OK) {
        rc = tkmi_fail(TKM_ENOMEM, msg, msglen,
                       "out of memory for the data's variance (tol)");
        goto cleanup;
    }
    double t_convert = tkmi_now() - t0;
    TKM_FN(tkmi_problem) pb = {.x = x, .n = ds->n, .d = d, .k = k,
                               .init = c0, .p = p,
                               .tol_shift2 = p->tol * var};
    rc = TKM_FN(tkmi_solve)(&pb, res, msg, msglen);
    if (rc == TKM_OK)
        res->t_convert = t_convert;
cleanup:
    free(own);
    free(c0);
    return rc;
}
