/* Reproducible synthetic data: Gaussian blobs and uniform points. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The n x d points of *out (emptied first) and, when centres is not NULL,
 * k x d centres: their total checked against the memory limit before
 * either is made. */
static tkm_status gen_alloc(size_t n, size_t d, size_t k, double **centres,
                            tkm_dataset *out, char *msg, size_t msglen)
{
    size_t plan = 0;
    memset(out, 0, sizeof *out);
    if (n == 0 || d == 0)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "n and d must be at least 1 (n=%zu, d=%zu)", n,
                         d);
    tkmi_plan_add(&plan, n, d, sizeof *out->x);
    if (centres)
        tkmi_plan_add(&plan, k, d, sizeof **centres);
    tkm_status rc = tkm_memory_limit(NULL, NULL, msg, msglen);
    if (rc == TKM_OK)
        rc = tkmi_mem_check(plan, msg, msglen, "%zu x %zu points%s", n, d,
                            centres ? " and their centres" : "");
    if (rc != TKM_OK)
        return rc;
    if (centres && !(*centres = tkmi_alloc(k, d, sizeof **centres)))
        return tkmi_fail_alloc(msg, msglen, k, d, sizeof **centres,
                               "%zu x %zu centres", k, d);
    if (!(out->x = tkmi_alloc(n, d, sizeof *out->x)))
        return tkmi_fail_alloc(msg, msglen, n, d, sizeof *out->x,
                               "%zu x %zu points", n, d);
    out->n = n;
    out->d = d;
    return TKM_OK;
}

tkm_status tkm_generate_blobs(size_t n, size_t d, size_t k, double spread,
                              double box, uint64_t seed, tkm_dataset *out,
                              int32_t *truth, char *msg, size_t msglen)
{
    if (k < 1 || k > INT32_MAX)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "k must be in 1..%d (got %zu)", INT32_MAX, k);
    if (!(spread >= 0.0) || !isfinite(spread) || !(box >= 0.0) ||
        !isfinite(box))
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "spread and box must be finite and >= 0");
    double *centres = NULL;
    tkm_status rc = gen_alloc(n, d, k, &centres, out, msg, msglen);
    if (rc != TKM_OK)
        goto cleanup;
    tkmi_rng r;
    tkmi_rng_seed(&r, seed);
    for (size_t i = 0; i < k * d; i++)
        centres[i] = box * (2.0 * tkmi_rng_uniform(&r) - 1.0);
    int spare_ok = 0;
    double spare = 0.0;
    for (size_t i = 0; i < n; i++) {
        size_t c = (size_t)tkmi_rng_below(&r, k);
        if (truth)
            truth[i] = (int32_t)c;
        for (size_t j = 0; j < d; j++)
            out->x[i * d + j] =
                centres[c * d + j] +
                spread * tkmi_rng_normal(&r, &spare_ok, &spare);
    }
cleanup:
    free(centres);
    return rc;
}

tkm_status tkm_generate_uniform(size_t n, size_t d, double box,
                                uint64_t seed, tkm_dataset *out, char *msg,
                                size_t msglen)
{
    if (!(box >= 0.0) || !isfinite(box))
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "box must be finite and >= 0");
    tkm_status rc = gen_alloc(n, d, 0, NULL, out, msg, msglen);
    if (rc != TKM_OK)
        return rc;
    tkmi_rng r;
    tkmi_rng_seed(&r, seed);
    for (size_t i = 0; i < n * d; i++)
        out->x[i] = box * (2.0 * tkmi_rng_uniform(&r) - 1.0);
    return TKM_OK;
}
