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
#include "hamerly_cpu.h"
#include "kern.h"
#include "solver.h"

typedef TKM_FN(tkmi_cpu) cpu_t;
typedef TKM_FN(tkmi_ham) ham_t;

void TKM_FN(tkmi_ham_plan)(const cpu_t *s, size_t *plan)
{
    const size_t nt = (size_t)(s->threads > 1 ? s->threads : 1);
    tkmi_plan_add(plan, s->n, 2, sizeof(tkm_real));      /* u, l    */
    tkmi_plan_add(plan, nt + 3, s->k, sizeof(tkm_real)); /* s, t x 2, part */
}

void TKM_FN(tkmi_ham_free)(ham_t *e)
{
    free(e->u);
    free(e->l);
    free(e->s);
    free(e->t);
    free(e->part);
    e->u = e->l = e->s = e->t = e->part = NULL;
}

int TKM_FN(tkmi_ham_alloc)(cpu_t *s, ham_t *e)
{
    size_t n = s->n, k = s->k;
    const size_t nt = (size_t)(s->threads > 1 ? s->threads : 1);
    e->u = tkmi_alloc(n, 1, sizeof *e->u);
    e->l = tkmi_alloc(n, 1, sizeof *e->l);
    e->s = tkmi_alloc(k, 1, sizeof *e->s);
    e->t = tkmi_alloc(k, 2, sizeof *e->t); /* t, then each l's drift */
    e->part = tkmi_alloc(nt, k, sizeof *e->part);
    if (!e->u || !e->l || !e->s || !e->t || !e->part)
        return 0;
    e->upf = TKM_FN(tkmi_bnd_upf)(s->d);
    e->dnf = TKM_FN(tkmi_bnd_dnf)(s->d);
    e->ab = TKM_FN(tkmi_bnd_abs)(s->d);
    /* per-point and per-centroid bounds; the per-thread scratch for s is
     * left out so that the figure does not depend on the thread count */
    s->bound_bytes += (2 * n + 2 * k) * sizeof(tkm_real);
    if (s->no_cc) /* s = 0: only u < l prunes */
        for (size_t c = 0; c < k; c++)
            e->s[c] = 0;
    return 1;
}

static void hamerly_release(cpu_t *s)
{
    ham_t *e = s->alg;
    if (!e)
        return;
    TKM_FN(tkmi_ham_free)(e);
    free(e);
    s->alg = NULL;
}

static tkm_status hamerly_setup(cpu_t *s, char *msg, size_t msglen)
{
    size_t plan = 0;
    TKM_FN(tkmi_ham_plan)(s, &plan);
    tkm_status rc = tkmi_mem_check(plan, msg, msglen,
                                   "hamerly: the bounds of %zu points", s->n);
    if (rc != TKM_OK)
        return rc;
    ham_t *e = tkmi_calloc(1, 1, sizeof *e);
    s->alg = e;
    if (!e)
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "hamerly: out of memory");
    s->bound_bytes = 0;
    if (!TKM_FN(tkmi_ham_alloc)(s, e)) {
        hamerly_release(s);
        return tkmi_fail_alloc(msg, msglen, plan, 1, 1,
                               "hamerly: the bounds of %zu points", s->n);
    }
    return TKM_OK;
}

/* Points per scan call and per pass of the later assignments. */
#define HAM_CHUNK TKMI_HAM_CHUNK
/* Fewest failing points of a chunk that a product screens (on one
 * point the direct scan is as fast; from 4 on, the product measured
 * faster at d = 784, k = 100 in both precisions). */
#define HAM_SCREEN_MIN 4

/* Points in one chunk's local buffers: the larger of the two chunks. */
#define HAM_BUF (TKMI_SCREEN_ROWS > HAM_CHUNK ? TKMI_SCREEN_ROWS : HAM_CHUNK)

/* A list's full scan of m points: screened (screen.c) when scr says the
 * step screens and the list is long enough to pay for a product, else
 * the direct kernel; the same bits either way. */
void TKM_FN(tkmi_ham_full_scan)(cpu_t *s, int scr, size_t lo,
                                const size_t *idx, size_t m,
                                const TKM_FN(tkmi_scan_out) *o,
                                uint64_t *screened, uint64_t *rechecked)
{
    if (scr && m >= HAM_SCREEN_MIN)
        TKM_FN(tkmi_screen_scan)(s, lo, idx, m, o, screened, rechecked);
    else
        TKM_FN(tkmi_rows_scan)(s, &s->kc, lo, idx, m, o);
}

/* First call: all k distances for every point, through the scan kernel
 * or its screening. */
void TKM_FN(tkmi_ham_first)(cpu_t *s, ham_t *e, tkm_iter_stats *row)
{
    size_t n = s->n;
    const int scr = TKM_FN(tkmi_screen_begin)(s);
    const size_t chunk = scr ? TKM_FN(tkmi_screen_rows)(s) : HAM_CHUNK;
    long long nch = (long long)((n + chunk - 1) / chunk);
    uint64_t changed = 0, screened = 0, rechecked = 0;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static) reduction(+ : changed, screened, rechecked)
    for (long long ch = 0; ch < nch; ch++) {
        size_t lo = (size_t)ch * chunk;
        size_t m = n - lo < chunk ? n - lo : chunk;
        int32_t lab[HAM_BUF];
        tkm_real b1[HAM_BUF], b2[HAM_BUF];
        TKM_FN(tkmi_scan_out) o = {.lab = lab, .b1 = b1, .b2 = b2};
        TKM_FN(tkmi_ham_full_scan)(s, scr, lo, NULL, m, &o, &screened, &rechecked);
        for (size_t i = 0; i < m; i++) {
            e->u[lo + i] = TKM_FN(tkmi_bnd_up)(TKM_SQRT(b1[i]), e->upf, e->ab);
            e->l[lo + i] =
                TKM_FN(tkmi_bnd_down)(TKM_SQRT(b2[i]), e->dnf, e->ab);
            if (lab[i] != s->labels[lo + i]) {
                s->labels[lo + i] = lab[i];
                changed++;
            }
        }
    }
    if (scr)
        TKM_FN(tkmi_screen_end)(s);
    row->changed = changed;
    row->dist_pc = (uint64_t)n * s->k;
    row->screened = screened;
    row->rechecked = rechecked;
}

/* Bound phase: u grows by the own centroid's drift, l shrinks by the
 * largest drift among the other centroids. */
void TKM_FN(tkmi_ham_move)(cpu_t *s, ham_t *e)
{
    size_t k = s->k;
    for (size_t c = 0; c < k; c++)
        e->t[c] = TKM_FN(tkmi_bnd_drift)(s->drift[c], e->upf, e->ab);
    int imax;
    tkm_real t1, t2;
    TKM_FN(tkmi_hamerly_top2)(e->t, k, &imax, &t1, &t2);
    if (s->max_drift_only)
        t2 = t1; /* the largest of all, whichever centroid is a point's */
    /* tkmi_hamerly_move's drifts by centroid, for the kernel */
    tkm_real *tl = e->t + k;
    for (size_t c = 0; c < k; c++)
        tl[c] = (int)c == imax ? t2 : t1;
    const size_t n = s->n;
    const long long nch = (long long)((n + TKMI_HAM_CHUNK - 1) /
                                      TKMI_HAM_CHUNK);
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static)
    for (long long ch = 0; ch < nch; ch++) {
        const size_t lo = (size_t)ch * TKMI_HAM_CHUNK;
        s->kern->move(e->u + lo, e->l + lo, s->labels + lo,
                      n - lo < TKMI_HAM_CHUNK ? n - lo : TKMI_HAM_CHUNK, e->t,
                      tl);
    }
}

/* s(c) for every centroid, each pair's distance computed once.  Each
 * thread keeps its own minima, combined afterwards; a minimum does not
 * depend on the order it is taken in, so the result is the same for any
 * thread count.  With the screening (scr), each centroid's nearest other
 * through a product instead: the same smallest distance, and as
 * tkmi_bnd_half and the square root are monotone, the same s.  Returns
 * the number of distances the algorithm needs (k (k - 1) / 2). */
uint64_t TKM_FN(tkmi_ham_gaps)(cpu_t *s, ham_t *e, int scr,
                               uint64_t *screened, uint64_t *rechecked)
{
    size_t k = s->k, d = s->d;
    long long kk = (long long)k;
    const tkm_real *cen = s->c;
    if (scr) {
        const size_t rows = TKM_FN(tkmi_screen_rows)(s);
        long long nch = (long long)((k + rows - 1) / rows);
        uint64_t sc = 0, re = 0;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(dynamic, 1) reduction(+ : sc, re)
        for (long long ch = 0; ch < nch; ch++) {
            size_t c0 = (size_t)ch * rows;
            size_t m = k - c0 < rows ? k - c0 : rows;
            TKM_FN(tkmi_screen_gaps)(s, c0, m, e->part + c0, &sc, &re);
            for (size_t c = c0; c < c0 + m; c++)
                e->s[c] =
                    TKM_FN(tkmi_bnd_half)(TKM_SQRT(e->part[c]), e->dnf, e->ab);
        }
        *screened += sc;
        *rechecked += re;
        return (uint64_t)k * (k - 1) / 2;
    }
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
                    TKM_SQRT(
                        s->kern->dist2(cen + (size_t)c * d, cen + o * d, d)),
                    e->dnf, e->ab);
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

/* u of point i (label a) from the screen's upper bound V on its squared
 * distance: sqrt(V) widened by 4 TKM_EPS (the roundings of the square
 * root and of the cast) is at least the direct distance's square root
 * as the run rounds it, so the bound is at least the one the direct
 * distance gives; 0 when V is beyond the proof's range. */
static tkm_real up_of(cpu_t *s, ham_t *e, size_t i, int a)
{
    const double v = TKM_FN(tkmi_screen_pair_up)(s, i, (size_t)a);
    if (!(v < INFINITY))
        return 0;
    return TKM_FN(tkmi_bnd_up)(TKM_FN(tkmi_screen_root_up)(v), e->upf,
                               e->ab);
}

size_t TKM_FN(tkmi_ham_filter)(cpu_t *s, ham_t *e, size_t lo, size_t m,
                               size_t *fi, tkm_real *a2, uint64_t *npts,
                               uint64_t *ndist, int up)
{
    size_t nt = 0, nf = 0;
    size_t ti[HAM_CHUNK];
    size_t cs[HAM_CHUNK];
    tkm_real t2[HAM_CHUNK];
    uint32_t fail[HAM_CHUNK];
    /* the test with the loose u, a vector of points at a time */
    const size_t nfail = s->kern->pass(e->u + lo, e->l + lo, s->labels + lo,
                                       e->s, m, fail);
    *npts += m - nfail;
    for (size_t q = 0; q < nfail; q++) {
        const size_t i = lo + fail[q];
        int a = s->labels[i];
        tkm_real ub = up ? up_of(s, e, i, a) : 0;
        if (ub > 0) {
            (*ndist)++;
            if (TKM_FN(tkmi_hamerly_pruned)(ub, e->s[a], e->l[i]))
                e->u[i] = ub;
            else
                fi[nf++] = i; /* (the full scan sets u anew) */
            continue;
        }
        ti[nt] = i;
        cs[nt++] = (size_t)a;
    }
    if (!nt)
        return nf;
    TKM_FN(tkmi_rows_pairs)(s, ti, cs, nt, t2);
    *ndist += nt;
    for (size_t t = 0; t < nt; t++) {
        size_t i = ti[t];
        tkm_real ub = TKM_FN(tkmi_bnd_up)(TKM_SQRT(t2[t]), e->upf, e->ab);
        if (TKM_FN(tkmi_hamerly_pruned)(ub, e->s[s->labels[i]], e->l[i])) {
            e->u[i] = ub;
        } else {
            a2[nf] = t2[t];
            fi[nf++] = i;
        }
    }
    return nf;
}

void TKM_FN(tkmi_ham_rescan)(cpu_t *s, ham_t *e, int scr, const size_t *fi,
                             size_t nf, uint64_t *changed, uint64_t *ndist,
                             uint64_t *screened, uint64_t *rechecked)
{
    /* the own centroid's distance is counted once: the scan's lane for it
     * gives the same bits as the tightening did */
    *ndist += nf * (s->k - 1);
    if (!nf)
        return;
    int32_t lab[HAM_CHUNK];
    tkm_real b1[HAM_CHUNK], b2[HAM_CHUNK];
    TKM_FN(tkmi_scan_out) o = {.lab = lab, .b1 = b1, .b2 = b2};
    TKM_FN(tkmi_ham_full_scan)(s, scr, 0, fi, nf, &o, screened, rechecked);
    for (size_t t = 0; t < nf; t++) {
        size_t i = fi[t];
        e->u[i] = TKM_FN(tkmi_bnd_up)(TKM_SQRT(b1[t]), e->upf, e->ab);
        e->l[i] = TKM_FN(tkmi_bnd_down)(TKM_SQRT(b2[t]), e->dnf, e->ab);
        if (lab[t] != s->labels[i]) {
            s->labels[i] = lab[t];
            (*changed)++;
        }
    }
}

/* One chunk of the later assignments in three passes, each over the
 * points the previous one left: the global test with the loose u; u
 * tightened (the distances to the own centroids, several pairs at a time)
 * and the test again (tkmi_ham_filter); the scan kernel over all k for
 * the rest.  Labels, bounds and counters are those of tkmi_hamerly_point,
 * point by point. */
static void chunk_pass(cpu_t *s, ham_t *e, int scr, size_t lo, size_t m,
                       uint64_t *changed, uint64_t *ndist, uint64_t *npts,
                       uint64_t *screened, uint64_t *rechecked)
{
    size_t fi[HAM_CHUNK];
    tkm_real a2[HAM_CHUNK];
    size_t nf = TKM_FN(tkmi_ham_filter)(s, e, lo, m, fi, a2, npts, ndist,
                                        scr && s->sp);
    TKM_FN(tkmi_ham_rescan)(s, e, scr, fi, nf, changed, ndist, screened,
                            rechecked);
}

/* The centroid-centroid quantities, then the pruned assignment of every
 * point. */
static void pruned_pass(cpu_t *s, tkm_iter_stats *row)
{
    ham_t *e = s->alg;
    const int scr = TKM_FN(tkmi_screen_begin)(s);
    uint64_t changed = 0, ndist = 0, npts = 0, screened = 0, rechecked = 0;
    row->dist_cc = s->no_cc ? 0
                            : TKM_FN(tkmi_ham_gaps)(s, e, scr, &screened,
                                                    &rechecked);
    size_t n = s->n;
    long long nch = (long long)((n + HAM_CHUNK - 1) / HAM_CHUNK);
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(dynamic, 4) reduction(+ : changed, ndist, npts, screened, \
                                       rechecked)
    for (long long ch = 0; ch < nch; ch++) {
        size_t lo = (size_t)ch * HAM_CHUNK;
        chunk_pass(s, e, scr, lo, n - lo < HAM_CHUNK ? n - lo : HAM_CHUNK,
                   &changed, &ndist, &npts, &screened, &rechecked);
    }
    if (scr)
        TKM_FN(tkmi_screen_end)(s);
    row->changed = changed;
    row->dist_pc = ndist;
    row->pruned_points = npts;
    row->screened = screened;
    row->rechecked = rechecked;
}

static void first_pass(cpu_t *s, tkm_iter_stats *row)
{
    TKM_FN(tkmi_ham_first)(s, s->alg, row);
}

static void move_bounds(cpu_t *s)
{
    TKM_FN(tkmi_ham_move)(s, s->alg);
}

const TKM_FN(tkmi_cpu_alg) TKM_FN(tkmi_hamerly_cpu) = {
    .setup = hamerly_setup,
    .first = first_pass,
    .bound = move_bounds,
    .assign = pruned_pass,
    .release = hamerly_release,
};
