/*
 * The Annulus algorithm on the CPU (Hamerly and Drake, "Accelerating
 * Lloyd's algorithm for k-means clustering", 2015): Hamerly's two bounds
 * per point and his global test (hamerly_cpu.h); a point that fails it
 * searches only the centroids whose norm lies in an annulus around its
 * own norm, as the triangle inequality allows, |‖x‖ - ‖c‖| <= D(x, c).
 * Sequential and OpenMP forms from this one source.
 *
 * The search of a point x whose own centroid a failed the tightened
 * test.  Let r >= U(x, a) (the upper bound from the computed distance,
 * arith.h: it carries the margin of Lloyd's comparison), and r >= U(x, b)
 * for b the second nearest centroid the point's last search found, so
 * that the annulus holds two centroids and the new lower bound is the
 * second nearest distance as Hamerly's full scan gives it.  A centroid c
 * with ‖c‖ > ‖x‖ + r or ‖c‖ < ‖x‖ - r is farther from x than r exactly:
 * D(x, c) > r >= U(x, a), so (as for any passed test of arith.h) Lloyd's
 * computed comparison prefers a to c; such a c is neither the nearest nor
 * tied with it.  Every other centroid gets its direct distance, and the
 * nearest among them in Lloyd's order (tkmi_closer: smaller computed
 * squared distance, then lower index, whatever order they are visited
 * in) is Lloyd's label.  The new lower bound is the smaller of the second
 * nearest searched (tkmi_bnd_down) and r, below every excluded distance.
 *
 * Under rounding.  Norms are computed as distances to the origin (the
 * same kernel, so the same error model): for a computed norm v the exact
 * one lies in [tkmi_bnd_down(v), tkmi_bnd_up(v)].  The centroids are
 * sorted by computed norm (then index); both bounds are monotone in v, so
 * nlo and nhi are sorted too and the annulus is one range, found by two
 * binary searches: c is excluded when nlo(c) > hi or nhi(c) < lo, with
 * hi = tkmi_bnd_grow(xhi, r) >= ‖x‖ + r and lo = tkmi_bnd_shrink(xlo, r)
 * <= ‖x‖ - r (each rounded outwards, arith.h).  Then ‖c‖ >= nlo(c) > hi
 * >= ‖x‖ + r, or ‖c‖ <= nhi(c) < lo <= ‖x‖ - r: D(x, c) > r, exactly.
 *
 * Counters: pruned_points counts the points the global test skipped with
 * the loose u; a live point costs one distance (tightened, then pruned)
 * or one and each of the k - 1 others measured (dist_pc; the second
 * nearest's once) or excluded (pruned_pairs).  The failing points of a
 * chunk are ordered by where their annuli start and scanned ANN_GROUP at
 * a time over the kernel's whole blocks of W centroids that hold the
 * group's annuli: every centroid of those blocks is measured (and
 * counted), the rest excluded.
 */
#include "real.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "arith.h"
#include "hamerly_arith.h"
#include "hamerly_cpu.h"
#include "kern.h"
#include "solver.h"

typedef TKM_FN(tkmi_cpu) cpu_t;
typedef TKM_FN(tkmi_ham) ham_t;

/* Points whose annuli are scanned together (the kernel measures several
 * points against each block it loads). */
#define ANN_GROUP 4

/* A centroid and its computed norm. */
typedef struct {
    tkm_real v;
    int32_t c;
} normed;

typedef struct {
    ham_t h;          /* Hamerly's bounds (first: hamerly_cpu.h)        */
    int32_t *b;       /* n: second nearest of the last search (-1: none) */
    tkm_real *xn;     /* n: computed norm of each point                 */
    tkm_real *zero;   /* d zeros: the origin                            */
    normed *ord;      /* k: centroids by computed norm, then index      */
    tkm_real *nlo;    /* k: lower bound on the exact norm of ord[p]     */
    tkm_real *nhi;    /* k: upper bound                                 */
    tkm_real *cs;     /* k*d: the centroids in ord's order              */
    TKM_FN(tkmi_kc) kcs; /* cs packed for the scan kernel               */
    tkm_real *all;    /* threads * k: one search's distances            */
    int32_t *rank;    /* k: the position of each centroid in ord        */
} annulus_t;

static void annulus_release(cpu_t *s)
{
    annulus_t *e = s->alg;
    if (!e)
        return;
    TKM_FN(tkmi_ham_free)(&e->h);
    free(e->b);
    free(e->xn);
    free(e->zero);
    free(e->ord);
    free(e->nlo);
    free(e->nhi);
    free(e->cs);
    TKM_FN(tkmi_kc_free)(&e->kcs);
    free(e->all);
    free(e->rank);
    free(e);
    s->alg = NULL;
}

static tkm_status annulus_setup(cpu_t *s, char *msg, size_t msglen)
{
    size_t n = s->n, d = s->d, k = s->k, plan = 0;
    const size_t nt = (size_t)(s->threads > 1 ? s->threads : 1);
    const size_t kp = (k + TKMI_KW - 1) / TKMI_KW * TKMI_KW;
    TKM_FN(tkmi_ham_plan)(s, &plan);
    tkmi_plan_add(&plan, kp, d, sizeof(tkm_real));             /* kcs */
    tkmi_plan_add(&plan, nt, kp, sizeof(tkm_real)); /* all */
    tkmi_plan_add(&plan, k, 1, sizeof(int32_t));     /* rank */
    tkmi_plan_add(&plan, n, 1, sizeof(int32_t) + sizeof(tkm_real));
    tkmi_plan_add(&plan, k + 1, d, sizeof(tkm_real));
    tkmi_plan_add(&plan, k, 1, sizeof(normed) + 2 * sizeof(tkm_real));
    tkm_status rc = tkmi_mem_check(plan, msg, msglen,
                                   "annulus: the bounds of %zu points", n);
    if (rc != TKM_OK)
        return rc;
    annulus_t *e = tkmi_calloc(1, 1, sizeof *e);
    s->alg = e;
    if (!e)
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "annulus: out of memory");
    s->bound_bytes = 0;
    int ok = TKM_FN(tkmi_ham_alloc)(s, &e->h);
    e->b = tkmi_alloc(n, 1, sizeof *e->b);
    e->xn = tkmi_alloc(n, 1, sizeof *e->xn);
    e->zero = tkmi_calloc(d, 1, sizeof *e->zero);
    e->ord = tkmi_alloc(k, 1, sizeof *e->ord);
    e->nlo = tkmi_alloc(k, 1, sizeof *e->nlo);
    e->nhi = tkmi_alloc(k, 1, sizeof *e->nhi);
    e->cs = tkmi_alloc(k, d, sizeof *e->cs);
    e->all = tkmi_alloc(nt, kp, sizeof *e->all);
    e->rank = tkmi_alloc(k, 1, sizeof *e->rank);
    if (ok && e->cs && e->all &&
        TKM_FN(tkmi_kc_init)(&e->kcs, k, d) != TKM_OK)
        ok = 0;
    if (!ok || !e->b || !e->xn || !e->zero || !e->ord || !e->nlo ||
        !e->nhi || !e->cs || !e->all || !e->rank) {
        annulus_release(s);
        return tkmi_fail_alloc(msg, msglen, plan, 1, 1,
                               "annulus: the bounds of %zu points", n);
    }
    /* the norms and second nearest of the points, the sorted norms */
    s->bound_bytes += n * (sizeof(int32_t) + sizeof(tkm_real)) +
                      k * (sizeof(normed) + 2 * sizeof(tkm_real));
    long long nn = (long long)n;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static)
    for (long long i = 0; i < nn; i++)
        e->xn[i] = TKM_SQRT(
            s->kern->dist2(TKM_FN(tkmi_row)(s, (size_t)i), e->zero, d));
    return TKM_OK;
}

static void first_pass(cpu_t *s, tkm_iter_stats *row)
{
    annulus_t *e = s->alg;
    TKM_FN(tkmi_ham_first)(s, &e->h, row);
    for (size_t i = 0; i < s->n; i++)
        e->b[i] = -1;
}

static void move_bounds(cpu_t *s)
{
    annulus_t *e = s->alg;
    TKM_FN(tkmi_ham_move)(s, &e->h);
}

static int by_norm(const void *pa, const void *pb)
{
    const normed *a = pa, *b = pb;
    if (a->v != b->v)
        return a->v < b->v ? -1 : 1;
    return (a->c > b->c) - (a->c < b->c);
}

/* The centroids sorted by computed norm, the bounds on their norms and
 * their copy in that order. */
static void sort_norms(cpu_t *s, annulus_t *e)
{
    size_t k = s->k, d = s->d;
    const ham_t *h = &e->h;
    for (size_t c = 0; c < k; c++) {
        e->ord[c].v = TKM_SQRT(s->kern->dist2(s->c + c * d, e->zero, d));
        e->ord[c].c = (int32_t)c;
    }
    qsort(e->ord, k, sizeof *e->ord, by_norm);
    for (size_t p = 0; p < k; p++) {
        e->nlo[p] = TKM_FN(tkmi_bnd_down)(e->ord[p].v, h->dnf, h->ab);
        e->nhi[p] = TKM_FN(tkmi_bnd_up)(e->ord[p].v, h->upf, h->ab);
        e->rank[e->ord[p].c] = (int32_t)p;
        memcpy(e->cs + p * d, s->c + (size_t)e->ord[p].c * d,
               d * sizeof *e->cs);
    }
    TKM_FN(tkmi_kc_pack)(&e->kcs, e->cs);
}

/* The first p in [0, k) with v[p] > x (ge: >= x) in the sorted v; k if
 * none. */
static size_t first_above(const tkm_real *v, size_t k, tkm_real x, int ge)
{
    size_t lo = 0, hi = k;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ge ? v[mid] >= x : v[mid] > x)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* One failing point's search under way. */
typedef struct {
    size_t i;         /* the point                                      */
    size_t p0, p1;    /* its annulus: positions p0 .. p1 - 1 of ord     */
    int b;            /* the second nearest measured first, or -1       */
    tkm_real r;       /* the radius                                     */
    size_t best, sec; /* nearest and second nearest so far (k: none)    */
    tkm_real best2, sec2;
} hunt;

/* The start of the search of point i, which failed the tightened test
 * with squared distance a2 to its centroid a (see the top of the file):
 * the last second nearest b measured, the radius and the annulus. */
static void hunt_start(cpu_t *s, annulus_t *e, size_t i, tkm_real a2,
                       hunt *w)
{
    const ham_t *h = &e->h;
    size_t d = s->d, k = s->k;
    const tkm_real *x = TKM_FN(tkmi_row)(s, i);
    int a = s->labels[i], b = e->b[i];
    w->i = i;
    w->r = TKM_FN(tkmi_bnd_up)(TKM_SQRT(a2), h->upf, h->ab);
    w->best = (size_t)a;
    w->best2 = a2;
    w->sec = k;
    w->sec2 = (tkm_real)INFINITY;
    w->b = -1;
    if (b >= 0 && b != a && (size_t)b < k) {
        tkm_real b2 = s->kern->dist2(x, s->c + (size_t)b * d, d);
        tkm_real rb = TKM_FN(tkmi_bnd_up)(TKM_SQRT(b2), h->upf, h->ab);
        w->b = b;
        if (rb > w->r)
            w->r = rb;
        if (TKM_FN(tkmi_closer)(b2, (size_t)b, a2, (size_t)a)) {
            w->sec = (size_t)a;
            w->sec2 = a2;
            w->best = (size_t)b;
            w->best2 = b2;
        } else {
            w->sec = (size_t)b;
            w->sec2 = b2;
        }
    }
    tkm_real xn = e->xn[i];
    tkm_real hi = TKM_FN(tkmi_bnd_grow)(
        TKM_FN(tkmi_bnd_up)(xn, h->upf, h->ab), w->r);
    tkm_real lo = TKM_FN(tkmi_bnd_shrink)(
        TKM_FN(tkmi_bnd_down)(xn, h->dnf, h->ab), w->r);
    w->p0 = first_above(e->nhi, k, lo, 1);
    w->p1 = first_above(e->nlo, k, hi, 0);
    if (w->p0 >= w->p1) { /* a is always inside; never taken */
        w->p0 = 0;
        w->p1 = k;
    }
}

/* Take centroid c at squared distance v into w's nearest two, in
 * Lloyd's order; the two already held are not taken again. */
static void consider(hunt *w, size_t c, tkm_real v)
{
    if (c == w->best || c == w->sec)
        return;
    if (TKM_FN(tkmi_closer)(v, c, w->best2, w->best)) {
        w->sec = w->best;
        w->sec2 = w->best2;
        w->best = c;
        w->best2 = v;
    } else if (v < w->sec2 || (v == w->sec2 && c < w->sec)) {
        w->sec = c;
        w->sec2 = v;
    }
}

/* The end of w's search from the scan of the centroids ord[q0 + q],
 * q < m (a range that holds w's annulus): the nearest v1 at position
 * vlab, the second smallest v2 at position vlab2 (-1: none).  Where the
 * two tie, the kernel's lowest position need not be the lowest index: the
 * range is scanned again with every distance (all: room for m).  Then
 * the bounds and the counters. */
static void hunt_end(cpu_t *s, annulus_t *e, hunt *w, size_t q0, size_t m,
                     int32_t vlab, tkm_real v1, int32_t vlab2, tkm_real v2,
                     const TKM_FN(tkmi_kc) *view, tkm_real *all,
                     uint64_t *changed, uint64_t *ndist, uint64_t *npairs)
{
    ham_t *h = &e->h;
    size_t k = s->k, i = w->i;
    int a = s->labels[i];
#define IN_VIEW(c) ((size_t)e->rank[c] >= q0 && (size_t)e->rank[c] < q0 + m)
    /* others than a measured: the range's, and b before it */
    uint64_t measured = (uint64_t)m - IN_VIEW(a);
    if (w->b >= 0 && !IN_VIEW(w->b))
        measured++;
#undef IN_VIEW
    if (vlab2 >= 0 && v2 == v1) {
        TKM_FN(tkmi_scan_out) o = {.all = all, .astride = m};
        TKM_FN(tkmi_rows_scan)(s, view, i, NULL, 1, &o);
        for (size_t q = 0; q < m; q++)
            consider(w, (size_t)e->ord[q0 + q].c, all[q]);
    } else {
        consider(w, (size_t)e->ord[q0 + (size_t)vlab].c, v1);
        if (vlab2 >= 0)
            consider(w, (size_t)e->ord[q0 + (size_t)vlab2].c, v2);
    }
    *ndist += measured;
    *npairs += (uint64_t)(k - 1) - measured;
    tkm_real l = TKM_FN(tkmi_bnd_down)(TKM_SQRT(w->sec2), h->dnf, h->ab);
    if (measured < k - 1 && w->r < l)
        l = w->r; /* below every excluded distance */
    h->u[i] = TKM_FN(tkmi_bnd_up)(TKM_SQRT(w->best2), h->upf, h->ab);
    h->l[i] = l;
    e->b[i] = w->sec < k ? (int32_t)w->sec : -1;
    if ((int)w->best != a) {
        s->labels[i] = (int32_t)w->best;
        (*changed)++;
    }
}

static int by_start(const void *pa, const void *pb)
{
    const hunt *a = pa, *b = pb;
    if (a->p0 != b->p0)
        return a->p0 < b->p0 ? -1 : 1;
    return (a->i > b->i) - (a->i < b->i);
}

/* The searches of the nf points fi[] of one chunk (their squared
 * distances to their centroids in a2[]): ordered by where their annuli
 * start, ANN_GROUP at a time through the scan kernel over the whole
 * blocks that hold the group's annuli (every centroid of those blocks is
 * measured: the same bits as alone); all has room for k. */
static void search_chunk(cpu_t *s, annulus_t *e, const size_t *fi,
                         const tkm_real *a2, size_t nf, tkm_real *all,
                         uint64_t *changed, uint64_t *ndist,
                         uint64_t *npairs)
{
    hunt w[TKMI_HAM_CHUNK];
    for (size_t t = 0; t < nf; t++)
        hunt_start(s, e, fi[t], a2[t], &w[t]);
    qsort(w, nf, sizeof *w, by_start);
    for (size_t g = 0; g < nf; g += ANN_GROUP) {
        size_t m = nf - g < ANN_GROUP ? nf - g : ANN_GROUP;
        size_t p0 = w[g].p0, p1 = w[g].p1, idx[ANN_GROUP];
        for (size_t t = 0; t < m; t++) {
            if (w[g + t].p1 > p1)
                p1 = w[g + t].p1;
            idx[t] = w[g + t].i;
        }
        size_t b0 = p0 / TKMI_KW, b1 = (p1 + TKMI_KW - 1) / TKMI_KW;
        TKM_FN(tkmi_kc) view = TKM_FN(tkmi_kc_view)(&e->kcs, b0, b1);
        int32_t lab[ANN_GROUP], lab2[ANN_GROUP];
        tkm_real v1[ANN_GROUP], v2[ANN_GROUP];
        TKM_FN(tkmi_scan_out) o = {.lab = lab, .b1 = v1, .b2 = v2,
                                   .lab2 = lab2};
        TKM_FN(tkmi_rows_scan)(s, &view, 0, idx, m, &o);
        for (size_t t = 0; t < m; t++)
            hunt_end(s, e, &w[g + t], b0 * TKMI_KW, view.k, lab[t], v1[t],
                     lab2[t], v2[t], &view, all, changed, ndist, npairs);
    }
}

/* The centroid gaps and norms, then the pruned assignment of every
 * point. */
static void annulus_pass(cpu_t *s, tkm_iter_stats *row)
{
    annulus_t *e = s->alg;
    uint64_t changed = 0, ndist = 0, npts = 0, npairs = 0, screened = 0,
             rechecked = 0;
    if (!s->no_cc) {
        const int scr = TKM_FN(tkmi_screen_begin)(s);
        row->dist_cc = TKM_FN(tkmi_ham_gaps)(s, &e->h, scr, &screened,
                                             &rechecked);
        if (scr)
            TKM_FN(tkmi_screen_end)(s);
    } else {
        row->dist_cc = 0;
    }
    sort_norms(s, e);
    size_t n = s->n;
    long long nch = (long long)((n + TKMI_HAM_CHUNK - 1) / TKMI_HAM_CHUNK);
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(dynamic, 4) reduction(+ : changed, ndist, npts, npairs)
    for (long long ch = 0; ch < nch; ch++) {
        size_t lo = (size_t)ch * TKMI_HAM_CHUNK;
        size_t m = n - lo < TKMI_HAM_CHUNK ? n - lo : TKMI_HAM_CHUNK;
        size_t fi[TKMI_HAM_CHUNK];
        tkm_real a2[TKMI_HAM_CHUNK];
        size_t nf = TKM_FN(tkmi_ham_filter)(s, &e->h, lo, m, fi, a2, &npts,
                                            &ndist, 0);
        int tid = 0;
#ifdef _OPENMP
        tid = omp_get_thread_num();
#endif
        tkm_real *all = e->all + (size_t)tid * e->kcs.nb * TKMI_KW;
        search_chunk(s, e, fi, a2, nf, all, &changed, &ndist, &npairs);
    }
    row->changed = changed;
    row->dist_pc = ndist;
    row->pruned_points = npts;
    row->pruned_pairs = npairs;
    row->screened = screened;
    row->rechecked = rechecked;
}

const TKM_FN(tkmi_cpu_alg) TKM_FN(tkmi_annulus_cpu) = {
    .setup = annulus_setup,
    .first = first_pass,
    .bound = move_bounds,
    .assign = annulus_pass,
    .release = annulus_release,
};
