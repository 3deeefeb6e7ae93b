/*
 * The CPU forms' points, dense or sparse (solver.h).  Every distance the
 * solvers take is the direct kernel's (kern.h) over all d coordinates, so
 * that a sparse run computes the bits the same points dense would give:
 * a sparse row is made dense in a buffer of the calling thread (its
 * stored values scattered, those of the row it held before cleared:
 * O(stored values), against the kernel's O(d)), and the kernels read it
 * as they read a dense row.  Where a run need not take every distance,
 * the sparse products screen them (screen.c); the labels are the direct
 * kernel's either way.
 *
 * A centroid of few non-zeros (a start drawn from sparse rows, the mean
 * of a few rows of a text's words) needs no O(d) distance either: every
 * column where the row and the centroid are both 0 adds an exact 0 to its
 * partial sum (kern.h's order), which leaves it as it was, so the
 * distance over the union of their columns, each term in its partial in
 * increasing column, is the kernel's, bit for bit.
 */
#include "real.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kern.h"
#include "solver.h"

tkm_status TKM_FN(tkmi_rows_init)(TKM_FN(tkmi_cpu) *s, char *msg,
                                  size_t msglen)
{
    if (!s->sp)
        return TKM_OK;
    const size_t nt = (size_t)(s->threads_max > 1 ? s->threads_max : 1);
    s->rowbuf = tkmi_calloc(nt, s->d ? s->d : 1, sizeof *s->rowbuf);
    s->rowat = tkmi_alloc(nt, 1, sizeof *s->rowat);
    if (!s->rowbuf || !s->rowat)
        return tkmi_fail_alloc(msg, msglen, nt, s->d + 1, sizeof(tkm_real),
                               "%zu threads' rows of %zu sparse columns "
                               "made dense",
                               nt, s->d);
    for (size_t t = 0; t < nt; t++)
        s->rowat[t] = SIZE_MAX;
    /* a union walk costs a few times a kernel's column (a branch, a
     * modulo): worth it up to d / 32 non-zeros */
    s->ccap = s->d >= 64 ? s->d / 32 : 0;
    if (s->ccap) {
        s->ccol = tkmi_alloc(s->k, s->ccap, sizeof *s->ccol);
        s->cnz = tkmi_alloc(s->k, 1, sizeof *s->cnz);
        if (!s->ccol || !s->cnz)
            return tkmi_fail_alloc(msg, msglen, s->k, s->ccap,
                                   sizeof *s->ccol,
                                   "the non-zero columns of %zu centroids",
                                   s->k);
        for (size_t j = 0; j < s->k; j++)
            s->cnz[j] = SIZE_MAX; /* (read dense until listed) */
    }
    return TKM_OK;
}

void TKM_FN(tkmi_rows_free)(TKM_FN(tkmi_cpu) *s)
{
    free(s->rowbuf);
    free(s->rowat);
    free(s->ccol);
    free(s->cnz);
    s->rowbuf = NULL;
    s->rowat = NULL;
    s->ccol = NULL;
    s->cnz = NULL;
}

void TKM_FN(tkmi_rows_moved)(TKM_FN(tkmi_cpu) *s)
{
    TKM_FN(tkmi_kc_pack)(&s->kc, s->c);
    TKM_FN(tkmi_rows_csup)(s);
}

void TKM_FN(tkmi_rows_csup)(TKM_FN(tkmi_cpu) *s)
{
    if (!s->sp || !s->ccap)
        return;
    const size_t d = s->d, cap = s->ccap;
    const long long k = (long long)s->k;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static)
    for (long long j = 0; j < k; j++) {
        const tkm_real *c = s->c + (size_t)j * d;
        int32_t *col = s->ccol + (size_t)j * cap;
        size_t m = 0;
        for (size_t q = 0; q < d && m <= cap; q++)
            if (c[q] != 0) {
                if (m < cap)
                    col[m] = (int32_t)q;
                m++;
            }
        s->cnz[j] = m <= cap ? m : SIZE_MAX;
    }
}

tkm_real TKM_FN(tkmi_row_cdist2)(const TKM_FN(tkmi_cpu) *s, size_t i,
                                 size_t j)
{
    const size_t d = s->d;
    const tkm_real *c = s->c + j * d;
    if (!s->sp || !s->ccap || s->cnz[j] == SIZE_MAX)
        return s->kern->dist2(TKM_FN(tkmi_row)(s, i), c, d);
    const TKM_FN(tkmi_sp) *sp = s->sp;
    const int32_t *cc = s->ccol + j * s->ccap;
    const size_t rn = s->cnz[j];
    int64_t q = sp->ptr[i];
    const int64_t q1 = sp->ptr[i + 1];
    size_t r = 0;
    tkm_real part[TKMI_KW] = {0};
    while (q < q1 || r < rn) {
        const size_t a = q < q1 ? (size_t)sp->col[q] : SIZE_MAX;
        const size_t b = r < rn ? (size_t)cc[r] : SIZE_MAX;
        size_t col = b;
        tkm_real xj = 0;
        if (a <= b) {
            col = a;
            xj = sp->v[q++];
        }
        r += b == col;
        const tkm_real t = xj - c[col];
        part[col % TKMI_KW] += t * t;
    }
    const size_t pw = d < TKMI_KW ? d : TKMI_KW;
    tkm_real sum = part[0];
    for (size_t p = 1; p < pw; p++)
        sum += part[p];
    return sum;
}

const tkm_real *TKM_FN(tkmi_row)(const TKM_FN(tkmi_cpu) *s, size_t i)
{
    if (!s->sp)
        return s->x + i * s->d;
    const TKM_FN(tkmi_sp) *sp = s->sp;
    const size_t t = tkmi_thread_id();
    tkm_real *b = s->rowbuf + t * s->d;
    const size_t was = s->rowat[t];
    if (was == i)
        return b;
    if (was != SIZE_MAX)
        for (int64_t q = sp->ptr[was]; q < sp->ptr[was + 1]; q++)
            b[sp->col[q]] = 0;
    for (int64_t q = sp->ptr[i]; q < sp->ptr[i + 1]; q++)
        b[sp->col[q]] = sp->v[q];
    s->rowat[t] = i;
    return b;
}

void TKM_FN(tkmi_rows_scan)(const TKM_FN(tkmi_cpu) *s,
                            const TKM_FN(tkmi_kc) *kc, size_t lo,
                            const size_t *idx, size_t m,
                            const TKM_FN(tkmi_scan_out) *o)
{
    if (!s->sp) {
        s->kern->scan(kc, s->x + (idx ? 0 : lo * s->d), idx, m, o);
        return;
    }
    for (size_t t = 0; t < m; t++) {
        TKM_FN(tkmi_scan_out)
        one = {.lab = o->lab ? o->lab + t : NULL,
               .b1 = o->b1 ? o->b1 + t : NULL,
               .b2 = o->b2 ? o->b2 + t : NULL,
               .lab2 = o->lab2 ? o->lab2 + t : NULL,
               .all = o->all ? o->all + t * o->astride : NULL,
               .astride = o->astride};
        s->kern->scan(kc, TKM_FN(tkmi_row)(s, idx ? idx[t] : lo + t), NULL, 1,
                      &one);
    }
}

void TKM_FN(tkmi_rows_pairs)(const TKM_FN(tkmi_cpu) *s, const size_t *rows,
                             const size_t *cents, size_t m, tkm_real *out)
{
    enum { GROUP = 64 };
    const size_t d = s->d;
    if (s->sp) {
        for (size_t t = 0; t < m; t++)
            out[t] = TKM_FN(tkmi_row_cdist2)(s, rows[t], cents[t]);
        return;
    }
    for (size_t g = 0; g < m; g += GROUP) {
        const size_t mg = m - g < GROUP ? m - g : GROUP;
        const tkm_real *xs[GROUP], *cs[GROUP];
        for (size_t t = 0; t < mg; t++) {
            xs[t] = s->x + rows[g + t] * d;
            cs[t] = s->c + cents[g + t] * d;
        }
        s->kern->dist2_pairs(xs, cs, mg, d, out + g);
    }
}

double TKM_FN(tkmi_row_dist2_d)(const tkm_real *x,
                                const TKM_FN(tkmi_sp) *sp, size_t i,
                                size_t d, const tkm_real *c, double cn)
{
    double s = 0.0;
    if (!sp) {
        const tkm_real *xi = x + i * d;
        for (size_t j = 0; j < d; j++) {
            double t = (double)xi[j] - (double)c[j];
            s += t * t;
        }
        return s;
    }
    for (int64_t q = sp->ptr[i]; q < sp->ptr[i + 1]; q++) {
        const double cj = (double)c[sp->col[q]], t = (double)sp->v[q] - cj;
        s += t * t - cj * cj;
    }
    s += cn;
    return s > 0.0 ? s : 0.0;
}
