/*
 * tkm_predict for one precision: every point's nearest centroid (Lloyd's
 * rule: smaller squared distance, then lower index), and optionally every
 * distance, through the CPU scan kernel (kern.h): the labels a fit's
 * assignment step gives against the same centroids, any n, any k.
 */
#include "real.h"

#include <math.h>
#include <stdlib.h>

#include "kern.h"
#include "solver.h"

#define PREDICT_CHUNK 256 /* points per scan call */

/* Contract in solver.h. */
tkm_status TKM_FN(tkmi_predict)(const tkm_dataset *ds, const double *cent,
                                size_t k, int threads, int32_t *labels,
                                double *dist, char *msg, size_t msglen)
{
    const size_t n = ds->n, d = ds->d;
    const tkm_real *x = NULL;
    tkm_real *own = NULL;
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
    if ((rc = TKM_FN(tkmi_points)(ds, threads, &x, &own, msg, msglen)) !=
        TKM_OK)
        goto cleanup;
    if (TKM_FN(tkmi_kc_init)(&kc, k, d) != TKM_OK) {
        rc = tkmi_fail(TKM_ENOMEM, msg, msglen,
                       "out of memory for %zu x %zu centroids", k, d);
        goto cleanup;
    }
    TKM_FN(tkmi_kc_pack)(&kc, c);
    const TKM_FN(tkmi_kern) *kern = TKM_FN(tkmi_kern_get)();
    const long long nch = (long long)((n + PREDICT_CHUNK - 1) / PREDICT_CHUNK);
    int oom = 0;
#pragma omp parallel num_threads(threads) if (threads > 1)
    {
        tkm_real *all = dist ? malloc(PREDICT_CHUNK * k * sizeof *all) : NULL;
        if (dist && !all) {
#pragma omp atomic write
            oom = 1;
        }
#pragma omp for schedule(static)
        for (long long ch = 0; ch < nch; ch++) {
            if (dist && !all)
                continue;
            size_t lo = (size_t)ch * PREDICT_CHUNK;
            size_t m = n - lo < PREDICT_CHUNK ? n - lo : PREDICT_CHUNK;
            TKM_FN(tkmi_scan_out) o = {.lab = labels + lo, .all = all,
                                       .astride = k};
            kern->scan(&kc, x + lo * d, NULL, m, &o);
            if (dist)
                for (size_t i = 0; i < m * k; i++)
                    dist[lo * k + i] = sqrt((double)all[i]);
        }
        free(all);
    }
    if (oom)
        rc = tkmi_fail(TKM_ENOMEM, msg, msglen,
                       "out of memory for the distances");
cleanup:
    TKM_FN(tkmi_kc_free)(&kc);
    free(own);
    free(cown);
    return rc;
}
