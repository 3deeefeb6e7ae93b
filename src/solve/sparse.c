/*
 * Sparse points (tkm_csr) as a run's precision reads them: the row
 * starts, columns and values checked, each column's exponent profile of
 * the stored values taken (the zeros add nothing to the exact sums), and
 * converted copies made only of the arrays whose types the run does not
 * read: the values (double or float), the columns (int32_t) and the row
 * starts (int64_t).  Contract in solver.h.
 */
#include "real.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "csr.h"
#include "fixsum.h"
#include "solver.h"

tkm_status TKM_FN(tkmi_sparse_at)(const tkm_dataset *ds, int threads,
                                  size_t row0, TKM_FN(tkmi_sp) *sp,
                                  void **own, const double *weights,
                                  double *prof, char *msg, size_t msglen)
{
    const tkm_csr *c = &ds->csr;
    const size_t n = ds->n, d = ds->d;
    const double lim = TKM_FN(tkmi_value_limit)(d);
    const size_t np = TKMI_FX_PROF * (d + 1);
    *own = NULL;
    memset(sp, 0, sizeof *sp);
    if (d > INT32_MAX)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "sparse points of %zu columns: at most %d are "
                         "taken",
                         d, INT32_MAX);
    tkm_status st = tkmi_csr_frame(ds, row0, "", msg, msglen);
    if (st != TKM_OK)
        return st;
    const int64_t nnz = n ? tkmi_csr_start(c, n) : 0;
    /* the copies: values, columns, row starts, as the run needs them */
    const int conv_v = c->f32 != (sizeof(tkm_real) == sizeof(float));
    const int conv_c = c->idx64, conv_p = !c->idx64;
    size_t bv = conv_v ? (size_t)nnz * sizeof(tkm_real) : 0;
    size_t bc = conv_c ? (size_t)nnz * sizeof(int32_t) : 0;
    size_t bp = conv_p ? (n + 1) * sizeof(int64_t) : 0;
    bv = (bv + 7) / 8 * 8;
    bc = (bc + 7) / 8 * 8;
    char *blk = NULL;
    if (bv + bc + bp && !(blk = tkmi_alloc(bv + bc + bp, 1, 1)))
        return tkmi_fail_alloc(msg, msglen, bv + bc + bp, 1, 1,
                               "%lld sparse values and %zu rows converted "
                               "to %s",
                               (long long)nnz, n, TKM_PREC_NAME);
    tkm_real *v = conv_v ? (tkm_real *)(void *)blk : NULL;
    int32_t *col = conv_c ? (int32_t *)(void *)(blk + bv) : NULL;
    int64_t *ptr = conv_p ? (int64_t *)(void *)(blk + bv + bc) : NULL;
    for (size_t i = 0; ptr && i <= n; i++)
        ptr[i] = tkmi_csr_start(c, i);
    /* first bad stored value by place: a column out of range or order
     * (kind 1), a value that is not finite or too large (kind 2) */
    long long first = nnz;
    int nomem = 0;
    for (size_t j = 0; prof && j < np; j++)
        prof[j] = j % TKMI_FX_PROF == 2 ? 0.0 : TKMI_FX_NONE;
    const long long rows = (long long)n;
#pragma omp parallel num_threads(threads) if (threads > 1)
    {
        double *m = tkmi_prof_own(prof, np);
#pragma omp for schedule(static) reduction(min : first)
        for (long long r = 0; r < rows; r++) {
            if (m && weights)
                tkmi_fx_profile(weights[r], m + TKMI_FX_PROF * d);
            const int64_t q1 = tkmi_csr_start(c, (size_t)r + 1);
            int64_t prev = -1;
            for (int64_t q = tkmi_csr_start(c, (size_t)r); q < q1; q++) {
                const int64_t j = tkmi_csr_col(c, q);
                const double x = tkmi_csr_val(c, q);
                const double xr = (double)(tkm_real)x;
                if (j <= prev || j >= (int64_t)d || !(fabs(x) <= (double)TKM_REAL_MAX) ||
                    !(fabs(xr) <= lim)) {
                    if (q < first)
                        first = q;
                    break;
                }
                prev = j;
                if (m)
                    tkmi_fx_profile(xr, m + TKMI_FX_PROF * (size_t)j);
                if (v)
                    v[q] = (tkm_real)x;
                if (col)
                    col[q] = (int32_t)j;
            }
        }
        tkmi_prof_fold(prof, m, np, &nomem);
    }
    if (nomem) {
        free(blk);
        return tkmi_fail_alloc(msg, msglen, (size_t)threads, np,
                               sizeof(double), "each column's exponents");
    }
    if (first < nnz) {
        /* its row: the last whose start is at most first */
        size_t lo = 0, hi = n;
        while (hi - lo > 1) {
            size_t mid = lo + (hi - lo) / 2;
            if (tkmi_csr_start(c, mid) <= first)
                lo = mid;
            else
                hi = mid;
        }
        while (lo + 1 < n && tkmi_csr_start(c, lo + 1) <= first)
            lo++;
        const int64_t j = tkmi_csr_col(c, first);
        const double x = tkmi_csr_val(c, first);
        free(blk);
        if ((st = tkmi_csr_fault(ds, lo, first, row0, "", msg, msglen)) !=
            TKM_OK)
            return st;
        if (!(fabs(x) <= (double)TKM_REAL_MAX))
            return tkmi_fail(TKM_ERANGE, msg, msglen,
                             "point %zu, column %lld: %g is not finite in %s",
                             row0 + lo, (long long)j, x, TKM_PREC_NAME);
        return tkmi_fail(TKM_ERANGE, msg, msglen,
                         "point %zu, column %lld: |%g| is above %.6g, the "
                         "largest magnitude whose squared distances over "
                         "%zu columns stay finite in %s; scale the data",
                         row0 + lo, (long long)j, x, lim, d, TKM_PREC_NAME);
    }
    sp->v = v ? v : (const tkm_real *)c->data;
    sp->col = col ? col : (const int32_t *)c->indices;
    sp->ptr = ptr ? ptr : (const int64_t *)c->indptr;
    *own = blk;
    return TKM_OK;
}
