/*
 * Shared by the solver tests (include after cmocka.h and real.h): one
 * solver run through the public API in the build's precision, failing the
 * test with the library's message when the run does not succeed, and
 * blobs with a start to run it on.
 */
#ifndef TKM_FIT_HARNESS_H
#define TKM_FIT_HARNESS_H

#include <stdint.h>
#include <stdlib.h>

#include "trikmeans.h"

/* Parameters for one solver in the build's precision, the rest default. */
static inline tkm_params fit_params(size_t k, tkm_algorithm alg, tkm_form form,
                             tkm_empty_policy empty)
{
    tkm_params p;
    tkm_params_default(&p);
    p.k = k;
    p.algorithm = alg;
    p.form = form;
    p.empty = empty;
    p.precision = TKM_PREC_ENUM;
    return p;
}

/* Run p; the failure names the solver, its threads and block size. */
static inline tkm_result fit_with(const tkm_dataset *ds, const double *init,
                           const tkm_params *p)
{
    tkm_result r;
    char msg[512] = "";
    if (tkm_fit(ds, init, p, &r, msg, sizeof msg) != TKM_OK)
        fail_msg("tkm_fit %s/%s threads %d block %d (%s): %s",
                 tkm_algorithm_name(p->algorithm), tkm_form_name(p->form),
                 p->threads, p->block_size, TKM_PREC_NAME, msg);
    return r;
}

static inline tkm_result fit_or_die(const tkm_dataset *ds, const double *init,
                             size_t k, tkm_algorithm alg, tkm_form form,
                             int threads, tkm_empty_policy empty)
{
    tkm_params p = fit_params(k, alg, form, empty);
    p.threads = threads;
    return fit_with(ds, init, &p);
}

/* Blobs (n x d, k of them, spread 2, from seed) into *ds and a start of k
 * centroids by method from init_seed (the caller frees both). */
static inline double *blobs_with_start(size_t n, size_t d, size_t k,
                                       uint64_t seed, tkm_init_method method,
                                       uint64_t init_seed, tkm_dataset *ds)
{
    char msg[256];
    assert_int_equal(tkm_generate_blobs(n, d, k, 2.0, 10, seed, ds, NULL, msg,
                                        sizeof msg),
                     TKM_OK);
    double *init = malloc(k * d * sizeof *init);
    assert_non_null(init);
    assert_int_equal(tkm_init_centroids(ds, k, method, 0, init_seed, init,
                                        msg, sizeof msg),
                     TKM_OK);
    return init;
}

#endif /* TKM_FIT_HARNESS_H */
