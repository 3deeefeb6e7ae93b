/*
 * Shared by the solver tests (include after cmocka.h and real.h): one
 * solver run through the public API in the build's precision, failing the
 * test with the library's message when the run does not succeed.
 */
#ifndef TKM_FIT_HARNESS_H
#define TKM_FIT_HARNESS_H

#include "trikmeans.h"

static tkm_result fit_or_die(const tkm_dataset *ds, const double *init,
                             size_t k, tkm_algorithm alg, tkm_form form,
                             int threads, tkm_empty_policy empty)
{
    tkm_params p;
    tkm_params_default(&p);
    p.k = k;
    p.algorithm = alg;
    p.form = form;
    p.threads = threads;
    p.empty = empty;
    p.precision = TKM_PREC_ENUM;
    tkm_result r;
    char msg[256] = "";
    tkm_status st = tkm_fit(ds, init, &p, &r, msg, sizeof msg);
    if (st != TKM_OK)
        fail_msg("tkm_fit %s/%s (%s): %s", tkm_algorithm_name(alg),
                 tkm_form_name(form), TKM_PREC_NAME, msg);
    return r;
}

#endif /* TKM_FIT_HARNESS_H */
