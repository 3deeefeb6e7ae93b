/* tkm_fit: parameter checks and dispatch to the precision's solver. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "algs.h"
#include "internal.h"
#include "part.h"

tkm_status tkmi_fit_f32(const tkm_dataset *ds, const double *init,
                        const tkm_params *p, const tkmi_part *pt,
                        tkm_result *res, char *msg, size_t msglen);
tkm_status tkmi_fit_f64(const tkm_dataset *ds, const double *init,
                        const tkm_params *p, const tkmi_part *pt,
                        tkm_result *res, char *msg, size_t msglen);

tkm_status tkmi_predict_f32(const tkm_dataset *ds, const double *cent,
                            size_t k, int threads, int32_t *labels,
                            double *dist, char *msg, size_t msglen);
tkm_status tkmi_predict_f64(const tkm_dataset *ds, const double *cent,
                            size_t k, int threads, int32_t *labels,
                            double *dist, char *msg, size_t msglen);

tkm_status tkm_predict(const tkm_dataset *ds, const double *centroids,
                       size_t k, tkm_precision p, int threads,
                       int32_t *labels, double *dist, char *msg,
                       size_t msglen)
{
    if (!ds || (!ds->x && !ds->x32 && !ds->csr.indptr) || !centroids ||
        !labels)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "tkm_predict: data, "
                         "centroids and labels are required");
    if (ds->n == 0 || ds->d == 0)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "the data set is empty (n=%zu, d=%zu)", ds->n,
                         ds->d);
    if (k < 1 || k > INT32_MAX)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "k must be in 1..%d (got %zu)", INT32_MAX, k);
    if (p != TKM_F32 && p != TKM_F64)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "precision must be f32 or f64");
    tkm_status rc = tkmi_isa_check(msg, msglen);
    if (rc == TKM_OK)
        rc = tkm_memory_limit(NULL, NULL, msg, msglen);
    if (rc != TKM_OK)
        return rc;
    threads = tkmi_threads(threads);
    if (p == TKM_F32)
        return tkmi_predict_f32(ds, centroids, k, threads, labels, dist, msg,
                                msglen);
    return tkmi_predict_f64(ds, centroids, k, threads, labels, dist, msg,
                            msglen);
}

void tkm_params_default(tkm_params *p)
{
    memset(p, 0, sizeof *p);
    p->algorithm = TKM_LLOYD;
    p->form = TKM_SEQ;
    p->precision = TKM_F64;
    p->max_iter = 300;
    p->tol = 0.0;
    p->empty = TKM_EMPTY_KEEP;
}

/* What the algorithm's row (algs.c) allows of p: its form, the pruning
 * ablations and the screening. */
static tkm_status alg_check(const tkm_params *p, char *msg, size_t msglen)
{
    char names[128];
    const char *alg = tkm_algorithm_name(p->algorithm);
    if (!tkmi_alg_has_form(p->algorithm, p->form, names, sizeof names))
        return tkmi_fail(TKM_ENOTSUP, msg, msglen, "%s", names);
    if (p->no_cc && !tkmi_alg_has(p->algorithm, TKMI_CAP_NO_CC))
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "no_cc applies to %s (%s %s)",
                         tkmi_alg_names(TKMI_CAP_NO_CC, ", ", " and ", names,
                                        sizeof names),
                         alg, tkmi_alg_has(p->algorithm, TKMI_CAP_BOUNDS)
                                  ? "has no centroid-centroid tests"
                                  : "has no bounds");
    if (p->max_drift_only && !tkmi_alg_has(p->algorithm, TKMI_CAP_MAX_DRIFT))
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "max_drift_only applies to %s only",
                         tkmi_alg_names(TKMI_CAP_MAX_DRIFT, ", ", " and ",
                                        names, sizeof names));
    if (p->screen == TKM_SCREEN_ON &&
        (!tkmi_alg_has(p->algorithm, TKMI_CAP_SCREEN) ||
         !tkmi_form_cpu(p->form)))
        return tkmi_fail(TKM_ENOTSUP, msg, msglen,
                         "the screening runs the full scans of %s in the seq "
                         "and omp forms (not %s %s)",
                         tkmi_alg_titles(TKMI_CAP_SCREEN, ", ", " and ",
                                         names, sizeof names),
                         alg, tkm_form_name(p->form));
    if (p->screen == TKM_SCREEN_ON && !TKM_HAVE_BLAS)
        return tkmi_fail(TKM_ENOTSUP, msg, msglen,
                         "the screening needs OpenBLAS, which this build "
                         "lacks (make deps installs libopenblas-dev)");
    return TKM_OK;
}

tkm_status tkm_params_check(const tkm_params *p, size_t n, size_t d,
                            char *msg, size_t msglen)
{
    if (n == 0 || d == 0)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "the data set is empty (n=%zu, d=%zu)", n, d);
    tkm_status rc = tkmi_check_k(p->k, n, msg, msglen);
    if (rc != TKM_OK)
        return rc;
    if ((unsigned)p->algorithm >= TKM_NALGO)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "unknown algorithm");
    if ((unsigned)p->form >= TKM_NFORM)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "unknown form");
    if (p->precision != TKM_F32 && p->precision != TKM_F64)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "precision must be f32 or f64");
    if (p->max_iter < 1)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "max_iter must be at least 1 (got %d)", p->max_iter);
    if (!(p->tol >= 0.0) || isinf(p->tol))
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "tol must be a finite number >= 0");
    if (!(p->tol_inertia >= 0.0) || isinf(p->tol_inertia))
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "tol_inertia must be a finite number >= 0");
    if (p->fixed_iter && (p->tol > 0 || p->tol_abs > 0 ||
                          p->tol_inertia > 0))
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "fixed_iter runs max_iter iterations: no tol, "
                         "tol_abs or tol_inertia with it");
    if (!(p->tol_abs >= 0.0) || isinf(p->tol_abs))
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "tol_abs must be a finite number >= 0");
    if (p->threads < 0)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "threads must be >= 0 (0 = OpenMP's default)");
    if (p->block_size < 0 || p->block_size > 1024 || p->block_size % 32)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "block size must be a multiple of 32 in 32..1024 "
                         "(or 0 for the default), got %d",
                         p->block_size);
    if ((unsigned)p->screen > TKM_SCREEN_ON)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "unknown screen setting");
    if ((unsigned)p->empty > TKM_EMPTY_FARTHEST)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "unknown empty-cluster policy");
    if ((unsigned)p->update >= TKM_NUPDATE)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "unknown update");
    if (p->update != TKM_UPDATE_EXACT && !tkmi_form_cuda(p->form))
        return tkmi_fail(TKM_ENOTSUP, msg, msglen,
                         "update %s runs in the CUDA forms (cuda-global, "
                         "cuda-shared); %s sums exactly",
                         tkm_update_name(p->update), tkm_form_name(p->form));
    if (p->update != TKM_UPDATE_EXACT && p->empty != TKM_EMPTY_KEEP)
        return tkmi_fail(TKM_ENOTSUP, msg, msglen,
                         "update %s keeps an empty cluster's centroid: "
                         "empty %s needs the exact update",
                         tkm_update_name(p->update), tkm_empty_name(p->empty));
    return alg_check(p, msg, msglen);
}

/* Sample weights: each finite and >= 0, some weight above 0 on some
 * process, and every process with rows weighted when one is (part.h). */
tkm_status tkmi_weights_check(const tkm_dataset *ds, const double *w,
                              const tkmi_part *pt, char *msg, size_t msglen)
{
    double any = 0.0; /* on every process: 1 if some weight is above 0 */
    tkm_status rc = TKM_OK;
    for (size_t i = 0; w && rc == TKM_OK && i < ds->n; i++) {
        if (!(w[i] >= 0.0 && w[i] <= DBL_MAX))
            rc = tkmi_fail(TKM_EINVAL, msg, msglen,
                           "sample weight of point %zu is %g: weights must "
                           "be finite and >= 0",
                           pt->row0 + i, w[i]);
        else if (w[i] > 0.0)
            any = 1.0;
    }
    if ((rc = tkmi_part_agree(pt, rc, msg, msglen)) != TKM_OK)
        return rc;
    /* any weight > 0; any process weighted; -1 where weighted or empty */
    double v[3] = {any, w ? 1.0 : 0.0, w || !ds->n ? -1.0 : 0.0};
    tkmi_part_max(pt, v, 3, NULL);
    if (v[1] > 0.0 && v[2] == 0.0)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "some processes have sample weights and others "
                         "not");
    return v[1] > 0.0 && !(v[0] > 0.0)
               ? tkmi_fail(TKM_EINVAL, msg, msglen,
                           "every sample weight is zero")
               : TKM_OK;
}

/* The checks of tkm_fit that need only this process's arguments. */
static tkm_status fit_check(const tkm_dataset *ds, const double *init,
                            const tkm_params *p, const tkmi_part *pt,
                            char *msg, size_t msglen)
{
    tkm_status rc = tkm_params_check(p, pt->n_total, ds->d, msg, msglen);
    if (rc == TKM_OK)
        rc = tkm_memory_limit(NULL, NULL, msg, msglen);
    if (rc != TKM_OK)
        return rc;
    char why[256];
    if ((rc = tkm_form_available(p->form, why, sizeof why)) != TKM_OK)
        return tkmi_fail(rc, msg, msglen, "form %s is not available: %s",
                         tkm_form_name(p->form), why);
    if (TKM_DATASET_SPARSE(ds) && !tkmi_form_cpu(p->form) &&
        !tkmi_alg_has(p->algorithm, TKMI_CAP_CUDA_SPARSE)) {
        char names[128];
        return tkmi_fail(TKM_ENOTSUP, msg, msglen,
                         "sparse points run in the CUDA forms with %s (and "
                         "in seq and omp with every algorithm), not with %s",
                         tkmi_alg_names(TKMI_CAP_CUDA_SPARSE, ", ", " and ",
                                        names, sizeof names),
                         tkm_algorithm_name(p->algorithm));
    }
    if (p->update != TKM_UPDATE_EXACT && (p->weights || TKM_DATASET_SPARSE(ds)))
        return tkmi_fail(TKM_ENOTSUP, msg, msglen,
                         "update %s takes dense points without sample "
                         "weights; the exact update takes both",
                         tkm_update_name(p->update));
    if (p->comm && p->comm->size > 1 && !tkmi_form_cpu(p->form))
        return tkmi_fail(TKM_ENOTSUP, msg, msglen,
                         "form %s does not run over several processes yet "
                         "(seq and omp do)", tkm_form_name(p->form));
    for (size_t i = 0; i < p->k * ds->d; i++)
        if (!isfinite(init[i]))
            return tkmi_fail(TKM_EINVAL, msg, msglen,
                             "initial centroid %zu, column %zu is not finite",
                             i / ds->d, i % ds->d);
    return TKM_OK;
}

tkm_status tkm_fit(const tkm_dataset *ds, const double *init,
                   const tkm_params *p, tkm_result *res, char *msg,
                   size_t msglen)
{
    memset(res, 0, sizeof *res);
    const tkm_comm *comm = p ? p->comm : NULL;
    tkm_status rc = TKM_OK;
    /* with several processes one may hold no rows (and no array) */
    if (!ds ||
        (!ds->x && !ds->x32 && !ds->csr.indptr && !(comm && ds->n == 0)) ||
        !init || !p)
        rc = tkmi_fail(TKM_EINVAL, msg, msglen,
                       "tkm_fit: data, start and params are required");
    if (comm && (rc = tkmi_part_agree(&(tkmi_part){.comm = comm}, rc, msg,
                                      msglen)) != TKM_OK)
        return rc;
    if (rc != TKM_OK)
        return rc;
    tkmi_part pt;
    if ((rc = tkmi_part_init(&pt, comm, ds->n, msg, msglen)) != TKM_OK)
        return rc;
    if (comm && comm->size > 1) {
        double dd[2] = {(double)ds->d, -(double)ds->d};
        comm->max_f64(comm->ctx, dd, 2);
        if (dd[0] != -dd[1])
            rc = tkmi_fail(TKM_EINVAL, msg, msglen,
                           "the processes hold rows of different widths "
                           "(%g to %g columns)", -dd[1], dd[0]);
    }
    if (rc == TKM_OK)
        rc = fit_check(ds, init, p, &pt, msg, msglen);
    if ((rc = tkmi_part_agree(&pt, rc, msg, msglen)) == TKM_OK)
        rc = tkmi_weights_check(ds, p->weights, &pt, msg, msglen);
    if (rc == TKM_OK)
        rc = p->precision == TKM_F32
                 ? tkmi_fit_f32(ds, init, p, &pt, res, msg, msglen)
                 : tkmi_fit_f64(ds, init, p, &pt, res, msg, msglen);
    tkmi_part_free(&pt);
    return rc;
}

void tkm_result_free(tkm_result *res)
{
    if (!res)
        return;
    free(res->centroids);
    free(res->labels);
    free(res->iters);
    res->centroids = NULL;
    res->labels = NULL;
    res->iters = NULL;
}
