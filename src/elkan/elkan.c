/*
 * Elkan's assign step on the CPU (ICML 2003, the full form: one upper and
 * k lower bounds per point).  Sequential and OpenMP forms from this one
 * source (threads == 1 runs every loop without a team).  The per-point
 * arithmetic lives in elkan_arith.h and is shared with the CUDA forms.
 *
 * Layout of the k lower bounds per point.  Here they are point-major,
 * l[i * k + c]: a thread owns a run of points and walks each point's k
 * bounds in order, next to the matching row of the centroid half-distance
 * table, so the bound phase and the assign loop both stream memory.  The
 * CUDA forms store them centroid-major, l[c * n + i]: a warp holds 32
 * consecutive points and, for one centroid, reads 32 consecutive words (one
 * coalesced transaction) where the point-major layout would touch 32
 * different cache lines.  The reference thesis kept the point-major layout
 * on the GPU and paid for it; the helpers take the stride (1 here, n
 * there) so that both layouts run the same arithmetic.
 */
#include "real.h"

#include <math.h>
#include <stdlib.h>

#include "arith.h"
#include "elkan_arith.h"
#include "solver.h"

typedef TKM_FN(tkmi_cpu) cpu_t;

typedef struct {
    tkm_real *u;     /* n upper bounds                                  */
    tkm_real *l;     /* n*k lower bounds, point-major                   */
    tkm_real *h;     /* k*k lower bounds on half the centroid distances */
    tkm_real *s;     /* k: min over c' != c of h(c, c')                 */
    tkm_real *t;     /* k safe drifts of the last update                */
    tkm_real upf;    /* 1 + rounding margin                             */
    tkm_real dnf;    /* 1 - rounding margin                             */
} elkan_t;

static void elkan_release(cpu_t *s)
{
    elkan_t *e = s->alg;
    if (!e)
        return;
    free(e->u);
    free(e->l);
    free(e->h);
    free(e->s);
    free(e->t);
    free(e);
    s->alg = NULL;
}

static tkm_status elkan_setup(cpu_t *s, char *msg, size_t msglen)
{
    size_t n = s->n, k = s->k;
    elkan_t *e = calloc(1, sizeof *e);
    s->alg = e;
    if (!e)
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "elkan: out of memory");
    e->u = tkmi_alloc(n, 1, sizeof *e->u);
    e->l = tkmi_alloc(n, k, sizeof *e->l);
    e->h = tkmi_alloc(k, k, sizeof *e->h);
    e->s = tkmi_alloc(k, 1, sizeof *e->s);
    e->t = tkmi_alloc(k, 1, sizeof *e->t);
    if (!e->u || !e->l || !e->h || !e->s || !e->t) {
        elkan_release(s);
        return tkmi_fail(TKM_ENOMEM, msg, msglen,
                         "elkan: out of memory for %zu x %zu lower bounds "
                         "(%zu-byte elements); try hamerly",
                         n, k, sizeof(tkm_real));
    }
    e->upf = TKM_FN(tkmi_bnd_upf)(s->d);
    e->dnf = TKM_FN(tkmi_bnd_dnf)(s->d);
    s->bound_bytes = (n * k + n + k * k + 2 * k) * sizeof(tkm_real);
    return TKM_OK;
}

/* First call: every distance, every bound. */
static void first_pass(cpu_t *s, tkm_iter_stats *row)
{
    elkan_t *e = s->alg;
    size_t d = s->d, k = s->k;
    long long n = (long long)s->n;
    uint64_t changed = 0;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static) reduction(+ : changed)
    for (long long i = 0; i < n; i++) {
        int a = TKM_FN(tkmi_elkan_first)(s->x + (size_t)i * d, 1, s->c, k, d,
                                         e->l + (size_t)i * k, 1, e->upf,
                                         e->dnf, e->u + i);
        if (a != s->labels[i]) {
            s->labels[i] = a;
            changed++;
        }
    }
    row->changed = changed;
    row->dist_pc = (uint64_t)s->n * k;
}

/* Bound phase: loosen every bound by the drifts of the last update. */
static void move_bounds(cpu_t *s)
{
    elkan_t *e = s->alg;
    size_t k = s->k;
    for (size_t c = 0; c < k; c++)
        e->t[c] = TKM_FN(tkmi_bnd_up)(s->drift[c], e->upf);
    long long n = (long long)s->n;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static)
    for (long long i = 0; i < n; i++)
        TKM_FN(tkmi_elkan_move)(e->u + i, e->l + (size_t)i * k, 1, e->t, k,
                                s->labels[i]);
}

/* Half-distances between all centroid pairs (each computed once) and
 * their row minima s(c).  Returns the number of distances computed. */
static uint64_t centroid_halves(cpu_t *s, elkan_t *e)
{
    size_t k = s->k, d = s->d;
    long long kk = (long long)k;
    const tkm_real *cen = s->c;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(dynamic, 4)
    for (long long c = 0; c < kk; c++) {
        e->h[(size_t)c * k + (size_t)c] = 0;
        for (size_t o = (size_t)c + 1; o < k; o++) {
            tkm_real v = TKM_FN(tkmi_bnd_half)(
                TKM_FN(tkmi_dist)(cen + (size_t)c * d, 1, cen + o * d, d),
                e->dnf);
            e->h[(size_t)c * k + o] = v;
            e->h[o * k + (size_t)c] = v;
        }
    }
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static)
    for (long long c = 0; c < kk; c++) {
        tkm_real m = INFINITY;
        const tkm_real *hc = e->h + (size_t)c * k;
        for (size_t o = 0; o < k; o++)
            if (o != (size_t)c && hc[o] < m)
                m = hc[o];
        e->s[c] = m;
    }
    return (uint64_t)k * (k - 1) / 2;
}

/* The centroid-centroid quantities, then the pruned assignment of every
 * point. */
static void pruned_pass(cpu_t *s, tkm_iter_stats *row)
{
    elkan_t *e = s->alg;
    row->dist_cc = centroid_halves(s, e);
    size_t d = s->d, k = s->k;
    long long n = (long long)s->n;
    uint64_t changed = 0, ndist = 0, npairs = 0, npts = 0;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(dynamic, 256) reduction(+ : changed, ndist, npairs, npts)
    for (long long i = 0; i < n; i++) {
        int a = s->labels[i];
        npts += (uint64_t)TKM_FN(tkmi_elkan_point)(
            s->x + (size_t)i * d, 1, s->c, k, d, e->l + (size_t)i * k, 1,
            e->h, e->s, e->upf, e->dnf, &a, e->u + i, &ndist, &npairs);
        if (a != s->labels[i]) {
            s->labels[i] = a;
            changed++;
        }
    }
    row->changed = changed;
    row->dist_pc = ndist;
    row->pruned_points = npts;
    row->pruned_pairs = npairs;
}

const TKM_FN(tkmi_cpu_alg) TKM_FN(tkmi_elkan_cpu) = {
    .setup = elkan_setup,
    .first = first_pass,
    .bound = move_bounds,
    .assign = pruned_pass,
    .release = elkan_release,
};
