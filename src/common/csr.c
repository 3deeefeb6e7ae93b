/*
 * Sparse points in the library's double-precision code (the starts, the
 * checks): contracts in csr.h.
 */
#include <math.h>
#include <string.h>

#include "csr.h"
#include "internal.h"

size_t tkmi_csr_bad_starts(const tkm_csr *c, size_t n)
{
    if (tkmi_csr_start(c, 0) != 0)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (tkmi_csr_start(c, i + 1) < tkmi_csr_start(c, i))
            return i;
    return n;
}

tkm_status tkmi_csr_frame(const tkm_dataset *ds, size_t row0,
                          const char *what, char *msg, size_t msglen)
{
    const tkm_csr *c = &ds->csr;
    const size_t n = ds->n;
    if (!n)
        return TKM_OK;
    if (!c->indptr)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "%ssparse points: indptr is NULL", what);
    size_t bad = tkmi_csr_bad_starts(c, n);
    if (bad < n)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "%ssparse points: row %zu's start %lld and end "
                         "%lld are out of order (indptr must start at 0 and "
                         "never decrease)",
                         what, row0 + bad, (long long)tkmi_csr_start(c, bad),
                         (long long)tkmi_csr_start(c, bad + 1));
    if (tkmi_csr_start(c, n) && (!c->indices || !c->data))
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "%ssparse points: indices or data is NULL", what);
    return TKM_OK;
}

tkm_status tkmi_csr_fault(const tkm_dataset *ds, size_t i, int64_t q,
                          size_t row0, const char *what, char *msg,
                          size_t msglen)
{
    const tkm_csr *c = &ds->csr;
    const int64_t j = tkmi_csr_col(c, q);
    const double v = tkmi_csr_val(c, q);
    if (j < 0 || (uint64_t)j >= ds->d)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "%ssparse points: point %zu has a value at column "
                         "%lld, outside the %zu columns",
                         what, row0 + i, (long long)j, ds->d);
    if (q > tkmi_csr_start(c, i) && j <= tkmi_csr_col(c, q - 1))
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "%ssparse points: point %zu's columns are not "
                         "increasing (%lld after %lld): sort them and add "
                         "up repeated columns first (scipy: "
                         "sum_duplicates())",
                         what, row0 + i, (long long)j,
                         (long long)tkmi_csr_col(c, q - 1));
    if (!isfinite(v))
        return tkmi_fail(TKM_ERANGE, msg, msglen,
                         "%spoint %zu, column %lld: %g is not finite", what,
                         row0 + i, (long long)j, v);
    return TKM_OK;
}

tkm_status tkmi_csr_check(const tkm_dataset *ds, size_t row0,
                          const char *what, char *msg, size_t msglen)
{
    const tkm_csr *c = &ds->csr;
    tkm_status st = tkmi_csr_frame(ds, row0, what, msg, msglen);
    for (size_t i = 0; st == TKM_OK && i < ds->n; i++) {
        const int64_t q1 = tkmi_csr_start(c, i + 1);
        for (int64_t q = tkmi_csr_start(c, i); st == TKM_OK && q < q1; q++)
            st = tkmi_csr_fault(ds, i, q, row0, what, msg, msglen);
    }
    return st;
}

void tkmi_csr_row(const tkm_dataset *ds, size_t i, double *out)
{
    const tkm_csr *c = &ds->csr;
    memset(out, 0, ds->d * sizeof *out);
    for (int64_t q = tkmi_csr_start(c, i); q < tkmi_csr_start(c, i + 1); q++)
        out[tkmi_csr_col(c, q)] = tkmi_csr_val(c, q);
}
