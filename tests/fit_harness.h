/*
 * Shared by the solver tests (include after cmocka.h and real.h): one
 * solver run through the public API in the build's precision, failing the
 * test with the library's message when the run does not succeed.
 */
#ifndef TKM_FIT_HARNESS_H
#define TKM_FIT_HARNESS_H

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

#endif /* TKM_FIT_HARNESS_H */
