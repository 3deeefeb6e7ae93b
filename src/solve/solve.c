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

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "algs.h"
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
    res->update_err_max = res->update_err_mean = NAN;
}

/* Room for row it in res->iters, growing it by doubling: a large max_iter
 * costs nothing until the iterations happen.  Collective where it grows
 * (at the same iteration on every process): all go on, or all fail. */
static tkm_status ensure_row(const tkmi_part *pt, tkm_result *res, int it,
                             int *cap, char *msg, size_t msglen)
{
    if (it < *cap)
        return TKM_OK;
    int ncap = *cap ? 2 * *cap : 64;
    tkm_iter_stats *p = tkmi_alloc((size_t)ncap, 1, sizeof *p);
    tkm_status rc = tkmi_part_agree(
        pt, p ? TKM_OK : tkmi_fail_alloc(msg, msglen, (size_t)ncap, 1,
                                         sizeof *p, "%d statistics rows",
                                         ncap),
        msg, msglen);
    if (rc != TKM_OK) {
        free(p);
        return rc;
    }
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
    /* at tol 0, an update that moved no centroid: scikit-learn's
     * center_shift_tot <= tol */
    if ((p->tol > 0 && row->shift2 <= tol_shift2) ||
        (p->tol == 0 && row->max_drift == 0.0))
        return TKM_STOP_TOL;
    if (p->tol_abs > 0 && row->max_drift <= p->tol_abs)
        return TKM_STOP_TOL_ABS;
    if (p->tol_inertia > 0 && prev &&
        fabs(prev->inertia - row->inertia) <= p->tol_inertia * row->inertia)
        return TKM_STOP_TOL_INERTIA;
    return TKM_STOP_MAX_ITER; /* (not a stop before the last iteration) */
}

/* Collective: v (count < 8 values) summed over the processes, in the
 * same call as whether each one's step failed (rc): rc when none did,
 * else the first failing process's status and message on every one. */
static tkm_status sum_agree(const tkmi_part *pt, tkm_status rc, uint64_t *v,
                            size_t count, double *t_comm, char *msg,
                            size_t msglen)
{
    if (!pt->comm || pt->comm->size == 1)
        return rc;
    uint64_t w[8];
    memcpy(w, v, count * sizeof *w);
    w[count] = rc != TKM_OK;
    tkmi_part_sum_u64(pt, w, count + 1, t_comm);
    memcpy(v, w, count * sizeof *v);
    return w[count] ? tkmi_part_agree(pt, rc, msg, msglen) : rc;
}

/* The row's per-point counters summed over the processes (dist_cc is
 * the same on each: counted once), and the assign step's rc agreed. */
static tkm_status sum_counters(const tkmi_part *pt, tkm_status rc,
                               tkm_iter_stats *row, char *msg, size_t msglen)
{
    uint64_t v[6] = {row->changed, row->dist_pc, row->pruned_points,
                     row->pruned_pairs, row->screened, row->rechecked};
    rc = sum_agree(pt, rc, v, 6, &row->t_comm, msg, msglen);
    row->screened = v[4];
    row->rechecked = v[5];
    row->changed = v[0];
    row->dist_pc = v[1];
    row->pruned_points = v[2];
    row->pruned_pairs = v[3];
    return rc;
}

/* The progress callback's answer, *stop when any process's says so, and
 * the update step's rc agreed. */
static tkm_status callback_stop(const tkm_params *p, const tkmi_part *pt,
                                tkm_status rc, tkm_iter_stats *row,
                                int *stop, char *msg, size_t msglen)
{
    uint64_t v = rc == TKM_OK && p->progress &&
                 p->progress(row, p->progress_ctx);
    rc = sum_agree(pt, rc, &v, 1, &row->t_comm, msg, msglen);
    *stop = v != 0;
    return rc;
}

/* The run's update errors from its rows': the largest, and the mean of
 * the rows' means, over the rows that measured one (NaN: none did). */
static void update_errors(tkm_result *res)
{
    double mx = NAN, sum = 0.0;
    int m = 0;
    for (int i = 0; i < res->iterations; i++) {
        const tkm_iter_stats *r = &res->iters[i];
        if (isnan(r->upd_err_max))
            continue;
        mx = m && mx >= r->upd_err_max ? mx : r->upd_err_max;
        sum += r->upd_err_mean;
        m++;
    }
    res->update_err_max = mx;
    res->update_err_mean = m ? sum / m : NAN;
}

/* The loop itself; one row per iteration goes into res->iters. */

static tkm_status run_loop(TKM_FN(tkmi_engine) *e, const tkm_params *p,
                           const tkmi_part *pt, double tol_shift2,
                           tkm_result *res, char *msg, size_t msglen)
{
    tkm_status rc = TKM_OK;
    int cap = 0;
    /* the inertia stop needs the inertia of every assignment */
    const int want = p->inertia_each_iter || p->tol_inertia > 0;
    res->stop = TKM_STOP_MAX_ITER;
    for (int it = 0; it < p->max_iter; it++) {
        if ((rc = ensure_row(pt, res, it, &cap, msg, msglen)) != TKM_OK)
            return rc;
        tkm_iter_stats *row = &res->iters[it];
        memset(row, 0, sizeof *row);
        row->iter = it + 1;
        row->inertia = NAN;
        row->upd_err_max = row->upd_err_mean = NAN;
        if (e->step && !p->fixed_iter) {
            rc = e->step(e->st, row, want, msg, msglen);
        } else {
            /* fixed_iter: the update runs even when no label changed;
             * it runs if any process's changed */
            rc = e->assign(e->st, row, msg, msglen);
            if ((rc = sum_counters(pt, rc, row, msg, msglen)) != TKM_OK)
                return rc;
            if (row->changed != 0 || p->fixed_iter)
                rc = e->update(e->st, row, want, msg, msglen);
        }
        int stop;
        if ((rc = callback_stop(p, pt, rc, row, &stop, msg, msglen)) !=
            TKM_OK)
            return rc;
        res->iterations = it + 1;
        res->stop = stop_of(row, it ? row - 1 : NULL, p, tol_shift2);
        if (stop) {
            if (res->stop == TKM_STOP_MAX_ITER)
                res->stop = TKM_STOP_CALLBACK;
            break;
        }
        if (res->stop != TKM_STOP_MAX_ITER)
            break;
    }
    update_errors(res);
    res->converged = res->stop == TKM_STOP_LABELS ||
                     res->stop == TKM_STOP_TOL ||
                     res->stop == TKM_STOP_TOL_ABS ||
                     res->stop == TKM_STOP_TOL_INERTIA;
    return TKM_OK;
}

/* After a stop that followed an update (tol, tol_abs, max_iter): one more
 * assignment, without an update, so that the labels (and the inertia the
 * engine's result computes) are those of the returned centroids. */
static tkm_status final_assign(TKM_FN(tkmi_engine) *e, const tkmi_part *pt,
                               tkm_result *res, char *msg, size_t msglen)
{
    if (res->stop == TKM_STOP_LABELS || res->stop == TKM_STOP_CALLBACK ||
        res->iterations == 0)
        return TKM_OK;
    tkm_iter_stats row;
    memset(&row, 0, sizeof row);
    tkm_status rc = e->assign(e->st, &row, msg, msglen);
    rc = sum_counters(pt, rc, &row, msg, msglen);
    res->final_changed = row.changed;
    return rc;
}

/* The features' mean variance (population, as numpy.var) in double: two
 * passes over fixed blocks of points, each block's sums added in block
 * order, so the value does not depend on the thread count or on the
 * split over the processes of pt.  Sparse points (sp; x NULL) are summed
 * over their stored values, a block's zeros of column j counted at once
 * (their m_j^2 each, less m_j^2 for each stored value, which adds
 * (v - m_j)^2 - m_j^2 = v (v - 2 m_j)): the value can differ from the
 * dense sum's in its last bits. */
static tkm_status mean_variance(const tkm_real *x, const TKM_FN(tkmi_sp) *sp,
                                const tkmi_part *pt, size_t d, int threads,
                                double *out)
{
    const size_t n = pt->n, nall = tkmi_part_blocks(pt->n_total);
    const size_t nblk = tkmi_part_blocks(n), b0 = pt->row0 / TKMI_SUM_BLOCK;
    double *part = tkmi_alloc(nall ? nall : 1, d, sizeof *part);
    double *mean = tkmi_alloc(d, 1, sizeof *mean);
    tkm_status rc = tkmi_part_agree(pt, part && mean ? TKM_OK : TKM_ENOMEM,
                                    NULL, 0);
    double var = 0.0;
    for (int pass = 0; rc == TKM_OK && pass < 2; pass++) {
#pragma omp parallel for num_threads(threads) if (threads > 1) \
    schedule(static)
        for (long long b = 0; b < (long long)nblk; b++) {
            double *acc = part + (b0 + (size_t)b) * d;
            size_t i1 = ((size_t)b + 1) * TKMI_SUM_BLOCK;
            const size_t i0 = (size_t)b * TKMI_SUM_BLOCK;
            memset(acc, 0, d * sizeof *acc);
            if (sp) {
                const size_t i2 = i1 < n ? i1 : n;
                for (size_t j = 0; pass && j < d; j++)
                    acc[j] = (double)(i2 - i0) * mean[j] * mean[j];
                for (int64_t q = sp->ptr[i0]; q < sp->ptr[i2]; q++) {
                    const size_t j = (size_t)sp->col[q];
                    const double v = (double)sp->v[q];
                    acc[j] += pass ? v * (v - 2.0 * mean[j]) : v;
                }
                continue;
            }
            for (size_t i = i0; i < i1 && i < n; i++)
                for (size_t j = 0; j < d; j++) {
                    double v = (double)x[i * d + j];
                    if (pass) {
                        v -= mean[j];
                        v *= v;
                    }
                    acc[j] += v;
                }
        }
        tkmi_part_gather(pt, part, d, NULL);
        for (size_t j = 0; j < d; j++) {
            double t = 0.0;
            for (size_t b = 0; b < nall; b++)
                t += part[b * d + j];
            if (pass)
                var += t / (double)pt->n_total;
            else
                mean[j] = t / (double)pt->n_total;
        }
    }
    free(part);
    free(mean);
    *out = var / (double)d;
    return rc;
}

/* The result's centroids and labels, their total checked first. */
static tkm_status result_alloc(const TKM_FN(tkmi_problem) *pb,
                               tkm_result *res, char *msg, size_t msglen)
{
    char what[128];
    size_t plan = 0;
    snprintf(what, sizeof what, "the result (%zu x %zu centroids, %zu "
             "labels)", pb->k, pb->d, pb->n);
    tkmi_plan_add(&plan, pb->k, pb->d, sizeof *res->centroids);
    tkmi_plan_add(&plan, pb->n, 1, sizeof *res->labels);
    tkm_status rc = tkmi_mem_check(plan, msg, msglen, "%s", what);
    if (rc != TKM_OK)
        return rc;
    res->centroids = tkmi_alloc(pb->k, pb->d, sizeof *res->centroids);
    res->labels = tkmi_alloc(pb->n, 1, sizeof *res->labels);
    if (!res->centroids || !res->labels)
        return tkmi_fail_alloc(msg, msglen, plan, 1, 1, "%s", what);
    return TKM_OK;
}

tkm_status TKM_FN(tkmi_solve)(const TKM_FN(tkmi_problem) *pb, tkm_result *res,
                              char *msg, size_t msglen)
{
    TKM_FN(tkmi_engine) e = {0};
    result_init(res, pb);
    double t0 = tkmi_now();
    tkm_status rc = result_alloc(pb, res, msg, msglen);
    if (rc == TKM_OK)
        rc = TKM_FN(tkmi_engine_make)(pb, &e, msg, msglen);
    /* a process that failed stops the others before their first call in
     * comm, which it would never make */
    if ((rc = tkmi_part_agree(pb->pt, rc, msg, msglen)) != TKM_OK)
        goto cleanup;
    double t1 = tkmi_now();
    res->bound_bytes = e.bound_bytes;
    res->threads = e.threads;
    res->blocks = e.blocks;
    if ((rc = run_loop(&e, pb->p, pb->pt, pb->tol_shift2, res, msg,
                       msglen)) != TKM_OK)
        goto cleanup;
    double t2 = tkmi_now();
    res->tol_shift2 = pb->tol_shift2;
    if ((rc = final_assign(&e, pb->pt, res, msg, msglen)) != TKM_OK)
        goto cleanup;
    rc = e.result(e.st, res->centroids, res->labels, &res->inertia,
                  &res->t_download, msg, msglen);
    /* the squared distances are finite (tkmi_value_limit); weights
     * times them can still leave double's range */
    if (rc == TKM_OK && !(res->inertia <= DBL_MAX))
        rc = tkmi_fail(TKM_ERANGE, msg, msglen,
                       "the inertia overflows: sample weights times squared "
                       "distances sum above %g, the largest double; scale "
                       "the weights or the data",
                       DBL_MAX);
    double t3 = tkmi_now();
    /* the upload and the download are parts of the make and the result,
     * timed apart: the five phases add up to t_total */
    res->t_upload = e.t_upload;
    res->t_setup = t1 - t0 - e.t_upload;
    res->t_loop = t2 - t1;
    res->t_result = t3 - t2 - res->t_download;
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
    return TKM_FN(tkmi_points_at)(ds, threads, 0, x, own, NULL, NULL, msg,
                                  msglen);
}

/* The largest |value| whose squared distances, summed over d columns in
 * the run's precision, stay finite with a margin for their rounding:
 * (2 M)^2 d <= REAL_MAX / 2. */
double TKM_FN(tkmi_value_limit)(size_t d)
{
    return sqrt((double)TKM_REAL_MAX / (8.0 * (double)(d ? d : 1)));
}

/* Rows a thread takes at a time in tkmi_points_at. */
#define VALUE_ROWS 64

tkm_status TKM_FN(tkmi_points_at)(const tkm_dataset *ds, int threads,
                                  size_t row0, const tkm_real **x,
                                  tkm_real **own, const double *weights,
                                  double *prof, char *msg, size_t msglen)
{
    const size_t n = ds->n, d = ds->d;
    const long long nd = (long long)(n * d);
    const double *xd = ds->x;
    const float *xf = xd ? NULL : ds->x32;
    /* the data's own array when it already holds the run's type */
    const int same = xd ? sizeof(tkm_real) == sizeof(double)
                        : sizeof(tkm_real) == sizeof(float);
    const double lim = TKM_FN(tkmi_value_limit)(d);
    const size_t np = TKMI_FX_PROF * (d + 1);
    tkm_real *c = NULL;
    *own = NULL;
    if (!same && !(c = tkmi_alloc(n, d, sizeof *c)))
        return tkmi_fail_alloc(msg, msglen, n, d, sizeof *c,
                               "%zu x %zu points converted to %s", n, d,
                               TKM_PREC_NAME);
    long long bad = nd;
    int nomem = 0;
    const double *w = weights;
    for (size_t j = 0; prof && j < np; j++)
        prof[j] = j % TKMI_FX_PROF == 2 ? 0.0 : TKMI_FX_NONE;
    const TKM_FN(tkmi_kern) *kern = TKM_FN(tkmi_kern_get)();
    /* lim in the run's type, rounded down: |vr| <= limr as |vr| <= lim */
    tkm_real limr = (tkm_real)lim;
    if ((double)limr > lim)
#if TKM_PREC == 32
        limr = nextafterf(limr, 0.0f);
#else
        limr = nextafter(limr, 0.0);
#endif
    const long long blocks = (long long)((n + VALUE_ROWS - 1) / VALUE_ROWS);
#pragma omp parallel num_threads(threads) if (threads > 1)
    {
        double *m = tkmi_prof_own(prof, np);
        /* each column's largest |value| and smallest lowest set bit */
        tkm_real *amax = tkmi_alloc(2, d, sizeof *amax);
        tkm_real *lowb = amax ? amax + d : NULL;
        for (size_t j = 0; amax && j < d; j++) {
            amax[j] = 0;
            lowb[j] = (tkm_real)INFINITY;
        }
        if (!amax) {
#pragma omp atomic write
            nomem = 1;
        }
#pragma omp for schedule(static) reduction(min : bad)
        for (long long b = 0; b < blocks; b++) {
            const size_t r0 = (size_t)b * VALUE_ROWS;
            const size_t rows = n - r0 < VALUE_ROWS ? n - r0 : VALUE_ROWS;
            const size_t i0 = r0 * d;
            if (!amax)
                continue;
            if (kern->values(xd ? xd + i0 : NULL, xd ? NULL : xf + i0, rows,
                             d, limr, c ? c + i0 : NULL, amax,
                             lowb)) { /* the first bad value of the block */
                for (size_t i = i0; (long long)i < bad && i < i0 + rows * d;
                     i++) {
                    const tkm_real vr = xd ? (tkm_real)xd[i] : (tkm_real)xf[i];
                    if (!(fabs((double)vr) <= lim))
                        bad = (long long)i;
                }
            }
            for (size_t r = r0; m && w && r < r0 + rows; r++)
                tkmi_fx_profile(w[r], m + TKMI_FX_PROF * d);
        }
        for (size_t j = 0; m && amax && j < d; j++)
            tkmi_fx_profile_fold((double)amax[j], (double)lowb[j],
                                 m + TKMI_FX_PROF * j);
        free(amax);
        tkmi_prof_fold(prof, m, np, &nomem);
    }
    if (nomem) {
        free(c);
        return tkmi_fail_alloc(msg, msglen, (size_t)threads, np + 2 * d,
                               sizeof(double), "each column's exponents");
    }
    if (bad < nd) {
        const double v = xd ? xd[bad] : (double)xf[bad];
        free(c);
        if (!(fabs(v) <= (double)TKM_REAL_MAX))
            return tkmi_fail(TKM_ERANGE, msg, msglen,
                             "point %zu, column %zu: %g is not finite in %s",
                             row0 + (size_t)bad / d, (size_t)bad % d, v,
                             TKM_PREC_NAME);
        return tkmi_fail(TKM_ERANGE, msg, msglen,
                         "point %zu, column %zu: |%g| is above %.6g, the "
                         "largest magnitude whose squared distances over "
                         "%zu columns stay finite in %s; scale the data",
                         row0 + (size_t)bad / d, (size_t)bad % d, v, lim, d,
                         TKM_PREC_NAME);
    }
    *x = c ? c : xd ? (const tkm_real *)(const void *)xd
                    : (const tkm_real *)(const void *)xf;
    *own = c;
    return TKM_OK;
}

/* threads, at most one for each TKMI_TEAM_ROWS of n rows (at least 1). */
static int team_cap(int threads, size_t n)
{
    const size_t chunks = n / TKMI_TEAM_ROWS + (n % TKMI_TEAM_ROWS != 0);
    return (size_t)threads <= chunks ? threads : chunks ? (int)chunks : 1;
}

/* tkm_fit for this precision: the points and the start in the run's
 * precision, then solve. */
tkm_status TKM_FN(tkmi_fit)(const tkm_dataset *ds, const double *init,
                            const tkm_params *p, const tkmi_part *pt,
                            tkm_result *res, char *msg, size_t msglen)
{
    size_t d = ds->d, k = p->k;
    const tkm_real *x = NULL;
    tkm_real *own = NULL;
    const int sparse = TKM_DATASET_SPARSE(ds);
    TKM_FN(tkmi_sp) sp;
    void *sp_own = NULL;
    int threads = p->form == TKM_SEQ ? 1 : tkmi_threads(p->threads);
    /* the default team: at most a thread for each TKMI_TEAM_ROWS rows (a
     * chunk of Lloyd's and Hamerly's scans); a thread past the chunks gets
     * none and only waits at each phase's barrier.  A team asked for by
     * number (--threads, OMP_NUM_THREADS) is kept. */
    if (p->form == TKM_OMP && !tkmi_threads_asked(p->threads))
        threads = team_cap(threads, ds->n);
    double t0 = tkmi_now(), var = 0.0;
    tkm_real *c0 = tkmi_alloc(k, d, sizeof *c0);
    double *prof = tkmi_alloc(d + 1, TKMI_FX_PROF, sizeof *prof);
    tkm_status rc = c0 && prof
                        ? TKM_OK
                        : tkmi_fail_alloc(msg, msglen, k + 1, d, sizeof(double),
                                          "%zu x %zu starting centroids "
                                          "and each column's scale",
                                          k, d);
    if (rc == TKM_OK && sparse)
        rc = TKM_FN(tkmi_sparse_at)(ds, threads, pt->row0, &sp, &sp_own,
                                    p->weights, prof, msg, msglen);
    else if (rc == TKM_OK)
        rc = TKM_FN(tkmi_points_at)(ds, threads, pt->row0, &x, &own, p->weights,
                                    prof, msg, msglen);
    if ((rc = tkmi_part_agree(pt, rc, msg, msglen)) != TKM_OK)
        goto cleanup;
    tkmi_part_max(pt, prof, TKMI_FX_PROF * (d + 1), NULL);
    const double lim = TKM_FN(tkmi_value_limit)(d);
    for (size_t i = 0; i < k * d; i++) {
        c0[i] = (tkm_real)init[i];
        if (!(fabs((double)c0[i]) <= lim)) {
            rc = tkmi_fail(TKM_ERANGE, msg, msglen,
                           "init: centroid %zu, column %zu: |%g| is above "
                           "%.6g, the largest magnitude whose squared "
                           "distances over %zu columns stay finite in %s",
                           i / d, i % d, init[i], lim, d, TKM_PREC_NAME);
            goto cleanup;
        }
    }
    if (p->tol > 0 &&
        (rc = mean_variance(x, sparse ? &sp : NULL, pt, d, threads, &var)) !=
            TKM_OK) {
        rc = tkmi_fail_alloc(msg, msglen, tkmi_part_blocks(pt->n_total) + 1,
                             d, sizeof(double),
                             "the sums of the data's variance (tol)");
        goto cleanup;
    }
    double t_convert = tkmi_now() - t0;
    TKM_FN(tkmi_problem)
    pb = {.x = x,
          .sp = sparse ? &sp : NULL,
          .n = ds->n,
          .d = d,
          .k = k,
          .init = c0,
          .p = p,
          .tol_shift2 = p->tol * var,
          .pt = pt,
          .prof = prof,
          .w = p->weights,
          /* (some process's weight is above 0) */
          .weighted = prof[TKMI_FX_PROF * d] > TKMI_FX_NONE / 2,
          .can_screen = tkmi_alg_has(p->algorithm, TKMI_CAP_SCREEN),
          .threads = p->form == TKM_OMP ? threads : 1,
          .threads_max = p->form == TKM_OMP ? threads : 1};
    if (p->form == TKM_OMP && p->threads == 0 && tkmi_threads_follow()) {
        /* the measurement tkmi_threads just made (reused) */
        pb.follow = 1;
        pb.busy = tkmi_cpus_busy(NULL);
        const int most = team_cap(tkmi_threads_most(), ds->n);
        if (most > threads)
            pb.threads_max = most;
    }
    rc = TKM_FN(tkmi_solve)(&pb, res, msg, msglen);
    if (rc == TKM_OK)
        res->t_convert = t_convert;
cleanup:
    free(own);
    free(sp_own);
    free(c0);
    free(prof);
    return rc;
}
