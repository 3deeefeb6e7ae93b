/*
 * Hamerly's assign step on the CPU (SDM 2010: one upper and one lower bound
 * per point).  Sequential and OpenMP forms from this one source (threads ==
 * 1 runs every loop without a team).  The per-point arithmetic lives in
 * hamerly_arith.h and is shared with the CUDA forms.
 *
 * Counters: pruned_points counts the points the global test skipped before
 * any distance was computed; a point that passes it only after u was
 * tightened costs one distance (in dist_pc), and a point that fails both
 * costs k.  Hamerly has no per-centroid test: pruned_pairs stays 0.
 */
#include "real.h"

#include <math.h>
#include <stdlib.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "arith.h"
#include "hamerly_arith.h"
#include "solver.h"

typedef TKM_FN(tkmi_cpu) cpu_t;

typedef struct {
    tkm_real *u;     /* n upper bounds                                  */
    tkm_real *l;     /* n lower bounds (second-nearest centroid)        */
    tkm_real *s;     /* k: half the distance to the nearest other       */
    tkm_real *t;     /* k safe drifts of the last update                */
    tkm_real *part;  /* threads * k: per-thread minima for s            */
    tkm_real upf;    /* 1 + rounding margin                             */
    tkm_real dnf;    /* 1 - rounding margin                             */
} hamerly_t;

static void hamerly_release(cpu_t *s)
{
    hamerly_t *e = s->alg;
    if (!e)
        return;
    free(e->u);
    free(e->l);
    free(e->s);
    free(e->t);
    free(e->part);
    free(e);
    s->alg = NULL;
}

static tkm_status hamerly_setup(cpu_t *s, char *msg, size_t msglen)
{
    size_t n = s->n, k = s->k;
    hamerly_t *e = calloc(1, sizeof *e);
    s->alg = e;
    if (!e)
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "hamerly: out of memory");
    e->u = tkmi_alloc(n, 1, sizeof *e->u);
    e->l = tkmi_alloc(n, 1, sizeof *e->l);
    e->s = tkmi_alloc(k, 1, sizeof *e->s);
    e->t = tkmi_alloc(k, 1, sizeof *e->t);
    e->part = tkmi_alloc((size_t)(s->threads > 1 ? s->threads : 1), k,
                         sizeof *e->part);
    if (!e->u || !e->l || !e->s || !e->t || !e->part) {
        hamerly_release(s);
        return tkmi_fail(TKM_ENOMEM, msg, msglen,
                         "hamerly: out of memory for the bounds of %zu "
                         "points",
                         n);
    }
    e->upf = TKM_FN(tkmi_bnd_upf)(s->d);
    e->dnf = TKM_FN(tkmi_bnd_dnf)(s->d);
    /* per-point and per-centroid bounds; the per-thread scratch for s is
     * left out so that the figure does not depend on the thread count */
    s->bound_bytes = (2 * n + 2 * k) * sizeof(tkm_real);
    return TKM_OK;
}

/* First call: all k distances for every point. */
static void first_pass(cpu_t *s, tkm_iter_stats *row)
{
    hamerly_t *e = s->alg;
    size_t d = s->d, k = s->k;
    long long n = (long long)s->n;
    uint64_t changed = 0, ndist = 0;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static) reduction(+ : changed, ndist)
    for (long long i = 0; i < n; i++) {
        int a = TKM_FN(tkmi_hamerly_full)(s->x + (size_t)i * d, 1, s->c, k,
                                          d, -1, 0, e->upf, e->dnf,
                                          e->u + i, e->l + i, &ndist);
        if (a != s->labels[i]) {
            s->labels[i] = a;
            changed++;
        }
    }
    row->changed = changed;
    row->dist_pc = ndist;
}

/* Bound phase: u grows by the own centroid's drift, l shrinks by the
 * largest drift among the other centroids. */
static void move_bounds(cpu_t *s)
{
    hamerly_t *e = s->alg;
    size_t k = s->k;
    for (size_t c = 0; c < k; c++)
        e->t[c] = TKM_FN(tkmi_bnd_up)(s->drift[c], e->upf);
    int imax;
    tkm_real t1, t2;
    TKM_FN(tkmi_hamerly_top2)(e->t, k, &imax, &t1, &t2);
    long long n = (long long)s->n;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static)
    for (long long i = 0; i < n; i++)
        TKM_FN(tkmi_hamerly_move)(e->u + i, e->l + i, s->labels[i], e->t,
                                  imax, t1, t2);
}

/* s(c) for every centroid, each pair's distance computed once.  Each
 * thread keeps its own minima, combined afterwards; a minimum does not
 * depend on the order it is taken in, so the result is the same for any
 * thread count.  Returns the number of distances computed. */
static uint64_t centroid_gaps(cpu_t *s, hamerly_t *e)
{
    size_t k = s->k, d = s->d;
    long long kk = (long long)k;
    const tkm_real *cen = s->c;
#pragma omp parallel num_threads(s->threads) if (s->threads > 1)
    {
        int tid = 0, nth = 1;
#ifdef _OPENMP
        tid = omp_get_thread_num();
        nth = omp_get_num_threads();
#endif
        tkm_real *mine = e->part + (size_t)tid * k;
        for (size_t c = 0; c < k; c++)
            mine[c] = (tkm_real)INFINITY;
#pragma omp for schedule(dynamic, 4)
        for (long long c = 0; c < kk; c++)
            for (size_t o = (size_t)c + 1; o < k; o++) {
                tkm_real v = TKM_FN(tkmi_bnd_half)(
                    TKM_FN(tkmi_dist)(cen + (size_t)c * d, 1, cen + o * d, d),
                    e->dnf);
                if (v < mine[c])
                    mine[c] = v;
                if (v < mine[o])
                    mine[o] = v;
            }
#pragma omp for schedule(static)
        for (long long c = 0; c < kk; c++) {
            tkm_real m = e->part[c];
            for (int t = 1; t < nth; t++)
                if (e->part[(size_t)t * k + (size_t)c] < m)
                    m = e->part[(size_t)t * k + (size_t)c];
            e->s[c] = m;
        }
    }
    return (uint64_t)k * (k - 1) / 2;
}

/* The centroid-centroid quantities, then the pruned assignment of every
 * point. */
static void pruned_pass(cpu_t *s, tkm_iter_stats *row)
{
    hamerly_t *e = s->alg;
    row->dist_cc = centroid_gaps(s, e);
    size_t d = s->d, k = s->k;
    long long n = (long long)s->n;
    uint64_t changed = 0, ndist = 0, npts = 0;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(dynamic, 256) reduction(+ : changed, ndist, npts)
    for (long long i = 0; i < n; i++) {
        int a = s->labels[i];
        npts += (uint64_t)TKM_FN(tkmi_hamerly_point)(
            s->x + (size_t)i * d, 1, s->c, k, d, e->s[a], e->upf, e->dnf, &a,
            e->u + i, e->l + i, &ndist);
        if (a != s->labels[i]) {
            s->labels[i] = a;
            changed++;
        }
    }
    row->changed = changed;
    row->dist_pc = ndist;
    row->pruned_points = npts;
}

const TKM_FN(tkmi_cpu_alg) TKM_FN(tkmi_hamerly_cpu) = {
    .setup = hamerly_setup,
    .first = first_pass,
    .bound = move_bounds,
    .assign = pruned_pass,
    .release = hamerly_release,
};
