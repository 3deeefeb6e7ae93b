/*
 * tkm_predict for one precision: every point's nearest centroid (Lloyd's
 * rule: smaller squared distance, then lower index), and optionally every
 * distance, through the CPU scan kernel (kern.h): the labels a fit's last
 * assignment gives against the same centroids, any n, any k.
 */
#include "real.h"

#include <math.h>
#include <stdlib.h>

#include "kern.h"
#include "solver.h"

#define PREDICT_CHUNK 256 /* points per scan call */

tkm_status TKM_FN(tkmi_predict)(const tkm_dataset *ds, const double *cent,
                                size_t k, int threads, int32_t *labels,
                                double *dist, char *msg, size_t msglen)
{
    const size_t n = ds->n, d = ds->d;
    tkm_status rc = TKM_OK;
    TKM_FN(tkmi_kc) kc = {0};
    tkm_real *c = tkmi_alloc(k, d, sizeof *c);
    if (!c || TKM_FN(tkmi_kc_init)(&kc, k, d) != TKM_OK) {
        rc = tkmi_fail(TKM_ENOMEM, msg, msglen,
                       "out of memory for %zu x %zu centroids", k, d);
        goto cleanup;
    }
    for (size_t i = 0; i < k * d; i++) {
        if (!(fabs(cent[i]) <= (double)TKM_REAL_MAX)) {
            rc = tkmi_fail(TKM_ERANGE, msg, msglen,
                           "centroid %zu, column %zu: %g is not finite in %s",
                           i / d + 1, i % d + 1, cent[i], TKM_PREC_NAME);
            goto cleanup;
        }
        c[i] = (tkm_real)cent[i];
    }
    TKM_FN(tkmi_kc_pack)(&kc, c);
    const TKM_FN(tkmi_kern) *kern = TKM_FN(tkmi_kern_get)();
    const long long nch = (long long)((n + PREDICT_CHUNK - 1) / PREDICT_CHUNK);
    long long bad = nch; /* first chunk with a value the run cannot hold */
    int oom = 0;
#pragma omp parallel num_threads(threads) if (threads > 1)
    {
        tkm_real *x = malloc(PREDICT_CHUNK * d * sizeof *x);
        tkm_real *all = dist ? malloc(PREDICT_CHUNK * k * sizeof *all) : NULL;
        if (!x || (dist && !all)) {
#pragma omp atomic write
            oom = 1;
        }
#pragma omp for schedule(static) reduction(min : bad)
        for (long long ch = 0; ch < nch; ch++) {
            if (!x || (dist && !all))
                continue;
            size_t lo = (size_t)ch * PREDICT_CHUNK;
            size_t m = n - lo < PREDICT_CHUNK ? n - lo : PREDICT_CHUNK;
            int ok = 1;
            for (size_t i = 0; i < m * d; i++) {
                double v = ds->x[lo * d + i];
                ok &= fabs(v) <= (double)TKM_REAL_MAX;
                x[i] = (tkm_real)v;
            }
            if (!ok) {
                bad = ch < bad ? ch : bad;
                continue;
            }
            TKM_FN(tkmi_scan_out) o = {.lab = labels + lo, .all = all,
                                       .astride = k};
            kern->scan(&kc, x, NULL, m, &o);
            if (dist)
                for (size_t i = 0; i < m * k; i++)
                    dist[lo * k + i] = sqrt((double)all[i]);
        }
        free(x);
        free(all);
    }
    if (oom) {
        rc = tkmi_fail(TKM_ENOMEM, msg, msglen, "out of memory");
        goto cleanup;
    }
    if (bad < nch) {
        size_t lo = (size_t)bad * PREDICT_CHUNK;
        for (size_t i = lo * d; i < n * d; i++)
            if (!(fabs(ds->x[i]) <= (double)TKM_REAL_MAX)) {
                rc = tkmi_fail(TKM_ERANGE, msg, msglen,
                               "point %zu, column %zu: %g is not finite in "
                               "%s", i / d + 1, i % d + 1, ds->x[i],
                               TKM_PREC_NAME);
                break;
            }
    }
cleanup:
    TKM_FN(tkmi_kc_free)(&kc);
    free(c);
    return rc;
}
