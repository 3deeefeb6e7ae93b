/*
 * The solver loop shared by every algorithm and form:
 *
 *     repeat: assign -> stop if no label changed -> update -> stop on tol
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

/* The loop itself; one row per iteration goes into res->iters. */
static tkm_status run_loop(TKM_FN(tkmi_engine) *e, const tkm_params *p,
                           tkm_result *res, char *msg, size_t msglen)
{
    tkm_status rc = TKM_OK;
    int cap = 0;
    for (int it = 0; it < p->max_iter; it++) {
        if (ensure_row(res, it, &cap) != TKM_OK)
            return tkmi_fail(TKM_ENOMEM, msg, msglen,
                             "out of memory for statistics rows");
        tkm_iter_stats *row = &res->iters[it];
        memset(row, 0, sizeof *row);
        row->iter = it + 1;
        row->inertia = NAN;
        if (e->step) {
            rc = e->step(e->st, row, p->inertia_each_iter, msg, msglen);
            if (rc != TKM_OK)
                return rc;
        } else {
            if ((rc = e->assign(e->st, row, msg, msglen)) != TKM_OK)
                return rc;
            if (row->changed != 0 &&
                (rc = e->update(e->st, row, p->inertia_each_iter, msg,
                                msglen)) != TKM_OK)
                return rc;
        }
        res->iterations = it + 1;
        int done = row->changed == 0 ||
                   (p->tol > 0 && row->max_drift <= p->tol);
        res->converged = done;
        if (p->progress && p->progress(row, p->progress_ctx))
            break;
        if (done)
            break;
    }
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
    if ((rc = run_loop(&e, pb->p, res, msg, msglen)) != TKM_OK)
        goto cleanup;
    double t2 = tkmi_now();
    rc = e.result(e.st, res->centroids, res->labels, &res->inertia, msg,
                  msglen);
    double t3 = tkmi_now();
    res->t_setup = t1 - t0;
    res->t_loop = t2 - t1;
    res->t_result = t3 - t2;
    res->t_total = t3 - t0;
    /* the last assignment had no update step: its inertia is the final */
    if (rc == TKM_OK && pb->p->inertia_each_iter && res->iterations > 0 &&
        isnan(res->iters[res->iterations - 1].inertia))
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
    const int same = sizeof(tkm_real) == sizeof(double);
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
        if (!(fabs(ds->x[i]) <= (double)TKM_REAL_MAX) && i < bad)
            bad = i;
        if (c)
            c[i] = (tkm_real)ds->x[i];
    }
    if (bad < nd) {
        free(c);
        return tkmi_fail(TKM_ERANGE, msg, msglen,
                         "point %zu, column %zu: %g is not finite in %s",
                         (size_t)bad / d + 1, (size_t)bad % d + 1,
                         ds->x[bad], TKM_PREC_NAME);
    }
    *x = c ? c : (const tkm_real *)(const void *)ds->x;
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
    double t_convert = tkmi_now() - t0;
    TKM_FN(tkmi_problem) pb = {.x = x, .n = ds->n, .d = d, .k = k,
                               .init = c0, .p = p};
    rc = TKM_FN(tkmi_solve)(&pb, res, msg, msglen);
    if (rc == TKM_OK)
        res->t_convert = t_convert;
cleanup:
    free(own);
    free(c0);
    return rc;
}
