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
    return TKM_OK;
}

void TKM_FN(tkmi_rows_free)(TKM_FN(tkmi_cpu) *s)
{
    free(s->rowbuf);
    free(s->rowat);
    s->rowbuf = NULL;
    s->rowat = NULL;
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
                             const tkm_real *const *cs, size_t m,
                             tkm_real *out)
{
    enum { GROUP = 64 };
    const size_t d = s->d;
    if (s->sp) {
        for (size_t t = 0; t < m; t++)
            out[t] = s->kern->dist2(TKM_FN(tkmi_row)(s, rows[t]), cs[t], d);
        return;
    }
    for (size_t g = 0; g < m; g += GROUP) {
        const size_t mg = m - g < GROUP ? m - g : GROUP;
        const tkm_real *xs[GROUP];
        for (size_t t = 0; t < mg; t++)
            xs[t] = s->x + rows[g + t] * d;
        s->kern->dist2_pairs(xs, cs + g, mg, d, out + g);
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
