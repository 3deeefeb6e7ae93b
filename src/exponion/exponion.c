/*
 * The Exponion algorithm on the CPU (Newling and Fleuret, "Fast k-means
 * with accurate bounds", ICML 2016): Hamerly's two bounds per point and
 * his global test (hamerly_cpu.h); a point that fails it searches only the
 * centroids in a ball around its own centroid, through each centroid's
 * other centroids ordered by distance in levels of doubling size.
 * Sequential and OpenMP forms from this one source.
 *
 * The search of a point x whose own centroid a failed the tightened test,
 * U = U(x, a) the upper bound from the computed distance (arith.h: it
 * carries the margin of Lloyd's comparison).  For any centroid c,
 * D(x, c) >= D(a, c) - D(x, a) >= L(a, c) - U, L(a, c) a lower bound on
 * D(a, c) (tkmi_bnd_down of the computed distance).  Where L(a, c) >
 * tkmi_bnd_grow(U, U) >= 2 U (rounded up), D(x, c) > U and, as for any
 * passed test of arith.h, Lloyd's computed comparison prefers a to c: c
 * is neither the nearest nor tied with it.  Every other centroid
 * gets its direct distance; the nearest among them in Lloyd's order
 * (tkmi_closer, whatever order they are visited in) is Lloyd's label, and
 * the new lower bound is the smaller of the second nearest measured and
 * the bound of the nearest excluded.
 *
 * The levels.  Each iteration, centroid c's others are ordered by their
 * computed squared distance (then index) only partly: a selection puts
 * the first 2^j of them in front of the rest for j = 0, 1, ..., so that
 * edge_j, the L of the item at position 2^j, is no larger than the L of
 * any item behind it (L = tkmi_bnd_down of the square root is monotone).  A
 * point's search takes the shortest prefix whose edge the test excludes
 * (the test is a threshold on L, so the whole rest is excluded with it) and
 * tests the prefix's items one by one.  The order of the items within a
 * level does not matter: the prefix is the same set for any thread count.
 * A list keeps the EXP_LIST nearest items (selected first, in linear
 * time): a point whose ball reaches past its own centroid's list takes
 * the full scan of Hamerly instead.
 *
 * Counters: pruned_points counts the points the global test skipped with
 * the loose u; a live point costs one distance (tightened, then pruned)
 * or one and each of the k - 1 others measured (dist_pc) or excluded by
 * the ball (pruned_pairs).  dist_cc counts the k (k - 1) centroid pairs
 * measured for the lists (each row whole: both orders).
 */
#include "real.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "arith.h"
#include "exponion.h"
#include "hamerly_arith.h"
#include "hamerly_cpu.h"
#include "kern.h"
#include "solver.h"

typedef TKM_FN(tkmi_cpu) cpu_t;
typedef TKM_FN(tkmi_ham) ham_t;

/* Items a list keeps: the nearest others.  Balls that hold more are rare
 * (none beyond 64 at d = 2 and 8, k = 1000, on blobs), and levels over
 * every row whole made the run 1.4x to 1.5x as long there. */
#define EXP_LIST ((size_t)128)
/* Centroids scanned together when the lists are made. */
#define EXP_ROWS 8

/* Another centroid and its computed squared distance. */
typedef struct {
    tkm_real v;
    int32_t c;
} item;

typedef struct {
    ham_t h;          /* Hamerly's bounds (first: hamerly_cpu.h)        */
    size_t m;         /* items per list: min(k - 1, cap)                */
    size_t nlev;      /* levels per list                                */
    size_t *lev;      /* nlev prefix lengths 1, 2, 4, .., m             */
    item *list;       /* k*m: each centroid's others, in levels         */
    tkm_real *edge;   /* k*nlev: L of the nearest item behind prefix j
                         (+inf where nothing is behind)                 */
    tkm_real *row;    /* threads * EXP_ROWS * k: scanned distances      */
    item *tmp;        /* threads * k: one row's items                   */
} exponion_t;

static void exponion_release(cpu_t *s)
{
    exponion_t *e = s->alg;
    if (!e)
        return;
    TKM_FN(tkmi_ham_free)(&e->h);
    free(e->lev);
    free(e->list);
    free(e->edge);
    free(e->row);
    free(e->tmp);
    free(e);
    s->alg = NULL;
}

static tkm_status exponion_setup(cpu_t *s, char *msg, size_t msglen)
{
    size_t k = s->k, plan = 0;
    const size_t nt = (size_t)(s->threads > 1 ? s->threads : 1);
    size_t m = k > 1 ? k - 1 : 0, cap = EXP_LIST;
    if (tkmi_exponion_list_max)
        cap = tkmi_exponion_list_max;
    if (m > cap)
        m = cap;
    size_t nlev = 0;
    for (size_t p = 1; p < m; p *= 2)
        nlev++;
    nlev++; /* m itself (a list of one or none has one level) */
    TKM_FN(tkmi_ham_plan)(s, &plan);
    tkmi_plan_add(&plan, k, m, sizeof(item));
    tkmi_plan_add(&plan, k + 1, nlev, sizeof(tkm_real) + sizeof(size_t));
    tkmi_plan_add(&plan, nt * EXP_ROWS, k, sizeof(tkm_real));
    tkmi_plan_add(&plan, nt, k, sizeof(item));
    tkm_status rc = tkmi_mem_check(plan, msg, msglen,
                                   "exponion: the bounds of %zu points and "
                                   "the lists of %zu centroids",
                                   s->n, k);
    if (rc != TKM_OK)
        return rc;
    exponion_t *e = tkmi_calloc(1, 1, sizeof *e);
    s->alg = e;
    if (!e)
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "exponion: out of memory");
    s->bound_bytes = 0;
    int ok = TKM_FN(tkmi_ham_alloc)(s, &e->h);
    e->m = m;
    e->nlev = nlev;
    e->lev = tkmi_alloc(nlev, 1, sizeof *e->lev);
    e->list = tkmi_alloc(k, m ? m : 1, sizeof *e->list);
    e->edge = tkmi_alloc(k, nlev, sizeof *e->edge);
    e->row = tkmi_alloc(nt * EXP_ROWS, k, sizeof *e->row);
    e->tmp = tkmi_alloc(nt, k, sizeof *e->tmp);
    if (!ok || !e->lev || !e->list || !e->edge || !e->row || !e->tmp) {
        exponion_release(s);
        return tkmi_fail_alloc(msg, msglen, plan, 1, 1,
                               "exponion: the bounds of %zu points and the "
                               "lists of %zu centroids",
                               s->n, k);
    }
    size_t j = 0;
    for (size_t p = 1; p < m; p *= 2)
        e->lev[j++] = p;
    e->lev[j] = m;
    /* the lists and their edges; the scratch rows are left out so that
     * the figure does not depend on the thread count */
    s->bound_bytes += k * m * sizeof(item) + k * nlev * sizeof(tkm_real);
    return TKM_OK;
}

static void first_pass(cpu_t *s, tkm_iter_stats *row)
{
    exponion_t *e = s->alg;
    TKM_FN(tkmi_ham_first)(s, &e->h, row);
}

static void move_bounds(cpu_t *s)
{
    exponion_t *e = s->alg;
    TKM_FN(tkmi_ham_move)(s, &e->h);
}

/* The order of the lists: computed squared distance (L is monotone in
 * it).  Items at equal distances fall in the order the selection leaves
 * them in, the same on every run and thread count (a row is one
 * thread's). */
static int before(const item *a, const item *b)
{
    return a->v < b->v;
}

static void swap_items(item *v, long long i, long long j)
{
    item t = v[i];
    v[i] = v[j];
    v[j] = t;
}

/* Reorder v[0 .. n) so that v[p] (p < n) is an item of rank p in the
 * order of before(), no item in front of it after it and no item behind
 * it before it (quickselect, Hoare's partition, the median of three as
 * pivot). */
static void select_rank(item *v, size_t n, size_t p)
{
    long long lo = 0, hi = (long long)n - 1, pp = (long long)p;
    while (hi > lo) {
        long long mid = lo + (hi - lo) / 2;
        if (before(&v[mid], &v[lo]))
            swap_items(v, lo, mid);
        if (before(&v[hi], &v[lo]))
            swap_items(v, lo, hi);
        if (before(&v[hi], &v[mid]))
            swap_items(v, mid, hi);
        item piv = v[mid];
        long long i = lo, j = hi;
        while (i <= j) {
            while (before(&v[i], &piv))
                i++;
            while (before(&piv, &v[j]))
                j--;
            if (i <= j)
                swap_items(v, i++, j--);
        }
        /* v[lo .. j] not after piv, v[i .. hi] not before it, and any
         * between equal to it */
        if (pp <= j)
            hi = j;
        else if (pp >= i)
            lo = i;
        else
            return;
    }
}

/* Centroid c's list and edges from its squared distances d2 to all k
 * (tmp: room for k items); returns the smallest squared distance to
 * another centroid (+inf for none). */
static tkm_real make_list(const cpu_t *s, exponion_t *e, size_t c,
                          const tkm_real *d2, item *tmp)
{
    const ham_t *h = &e->h;
    size_t k = s->k, m = e->m, nlev = e->nlev, q = 0;
    tkm_real best = (tkm_real)INFINITY;
    for (size_t o = 0; o < k; o++) {
        if (o == c)
            continue;
        if (d2[o] < best)
            best = d2[o];
        tmp[q].v = d2[o];
        tmp[q++].c = (int32_t)o;
    }
    tkm_real *edge = e->edge + c * nlev;
    edge[nlev - 1] = (tkm_real)INFINITY;
    if (m < q) {
        select_rank(tmp, q, m);
        edge[nlev - 1] =
            TKM_FN(tkmi_bnd_down)(TKM_SQRT(tmp[m].v), h->dnf, h->ab);
    }
    for (size_t j = nlev - 1; j-- > 0;) {
        select_rank(tmp, e->lev[j + 1], e->lev[j]);
        edge[j] = TKM_FN(tkmi_bnd_down)(TKM_SQRT(tmp[e->lev[j]].v), h->dnf,
                                        h->ab);
    }
    memcpy(e->list + c * m, tmp, m * sizeof *tmp);
    return best;
}

/* Every centroid's list, and s(c) from its nearest other (the same s as
 * Hamerly's: tkmi_bnd_half is monotone).  EXP_ROWS centroids are scanned
 * against all k at a time; a thread's rows are its own. */
static void make_lists(cpu_t *s, exponion_t *e)
{
    size_t k = s->k, d = s->d;
    long long nch = (long long)((k + EXP_ROWS - 1) / EXP_ROWS);
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(dynamic, 1)
    for (long long ch = 0; ch < nch; ch++) {
        int tid = 0;
#ifdef _OPENMP
        tid = omp_get_thread_num();
#endif
        size_t c0 = (size_t)ch * EXP_ROWS;
        size_t m = k - c0 < EXP_ROWS ? k - c0 : EXP_ROWS;
        tkm_real *rows = e->row + (size_t)tid * EXP_ROWS * k;
        TKM_FN(tkmi_scan_out) o = {.all = rows, .astride = k};
        s->kern->scan(&s->kc, s->c + c0 * d, NULL, m, &o);
        for (size_t i = 0; i < m; i++) {
            tkm_real g = make_list(s, e, c0 + i, rows + i * k,
                                   e->tmp + (size_t)tid * k);
            e->h.s[c0 + i] = TKM_FN(tkmi_bnd_half)(TKM_SQRT(g), e->h.dnf,
                                                   e->h.ab);
        }
    }
}

/* Candidates measured together. */
#define EXP_BATCH 64

/* The search of point i, which failed the tightened test with squared
 * distance a2 to its centroid (see the top of the file).  Returns 0 when
 * the ball reaches past the centroid's list: the point needs the full
 * scan, and nothing was done. */
static int search(cpu_t *s, exponion_t *e, size_t i, tkm_real a2,
                  uint64_t *changed, uint64_t *ndist, uint64_t *npairs)
{
    const ham_t *h = &e->h;
    size_t d = s->d, k = s->k, nlev = e->nlev;
    int a = s->labels[i];
    tkm_real ua = TKM_FN(tkmi_bnd_up)(TKM_SQRT(a2), h->upf, h->ab);
    /* v > t >= 2 ua, so L(a, c) - U > U: c is excluded */
    tkm_real t = TKM_FN(tkmi_bnd_grow)(ua, ua);
    const tkm_real *edge = e->edge + (size_t)a * nlev;
    size_t j = 0;
    while (j < nlev && !(edge[j] > t))
        j++;
    if (j == nlev)
        return 0;
    const item *list = e->list + (size_t)a * e->m;
    size_t np = e->lev[j];
    tkm_real minex = edge[j]; /* +inf: nothing behind the prefix */
    const tkm_real *x = TKM_FN(tkmi_row)(s, i);
    size_t best = (size_t)a, sec = k;
    tkm_real best2 = a2, sec2 = (tkm_real)INFINITY;
    const tkm_real *xs[EXP_BATCH], *cs[EXP_BATCH];
    size_t cid[EXP_BATCH];
    tkm_real out[EXP_BATCH];
    uint64_t measured = 0;
    for (size_t q = 0; q < np;) {
        size_t m = 0;
        for (; q < np && m < EXP_BATCH; q++) {
            tkm_real lq =
                TKM_FN(tkmi_bnd_down)(TKM_SQRT(list[q].v), h->dnf, h->ab);
            if (lq > t) {
                if (lq < minex)
                    minex = lq;
                continue;
            }
            xs[m] = x;
            cs[m] = s->c + (size_t)list[q].c * d;
            cid[m++] = (size_t)list[q].c;
        }
        if (m)
            s->kern->dist2_pairs(xs, cs, m, d, out);
        for (size_t r = 0; r < m; r++) {
            if (TKM_FN(tkmi_closer)(out[r], cid[r], best2, best)) {
                sec = best;
                sec2 = best2;
                best = cid[r];
                best2 = out[r];
            } else if (out[r] < sec2) {
                sec = cid[r];
                sec2 = out[r];
            }
        }
        measured += m;
    }
    *ndist += measured;
    *npairs += (uint64_t)(k - 1) - measured;
    tkm_real l = TKM_FN(tkmi_bnd_down)(TKM_SQRT(sec2), h->dnf, h->ab);
    tkm_real lx = TKM_FN(tkmi_bnd_shrink)(minex, ua);
    if (lx < l)
        l = lx; /* below every excluded distance */
    h->u[i] = TKM_FN(tkmi_bnd_up)(TKM_SQRT(best2), h->upf, h->ab);
    h->l[i] = l;
    (void)sec;
    if ((int)best != a) {
        s->labels[i] = (int32_t)best;
        (*changed)++;
    }
    return 1;
}

/* The lists, then the pruned assignment of every point. */
static void exponion_pass(cpu_t *s, tkm_iter_stats *row)
{
    exponion_t *e = s->alg;
    size_t n = s->n, k = s->k;
    uint64_t changed = 0, ndist = 0, npts = 0, npairs = 0, screened = 0,
             rechecked = 0;
    make_lists(s, e);
    row->dist_cc = (uint64_t)k * (k - 1);
    const int scr = TKM_FN(tkmi_screen_begin)(s);
    long long nch = (long long)((n + TKMI_HAM_CHUNK - 1) / TKMI_HAM_CHUNK);
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(dynamic, 4) reduction(+ : changed, ndist, npts, npairs, \
                                       screened, rechecked)
    for (long long ch = 0; ch < nch; ch++) {
        size_t lo = (size_t)ch * TKMI_HAM_CHUNK;
        size_t m = n - lo < TKMI_HAM_CHUNK ? n - lo : TKMI_HAM_CHUNK;
        size_t fi[TKMI_HAM_CHUNK];
        tkm_real a2[TKMI_HAM_CHUNK];
        size_t nf = TKM_FN(tkmi_ham_filter)(s, &e->h, lo, m, fi, a2, &npts,
                                            &ndist, 0);
        size_t nfull = 0;
        for (size_t t = 0; t < nf; t++)
            if (!search(s, e, fi[t], a2[t], &changed, &ndist, &npairs))
                fi[nfull++] = fi[t];
        TKM_FN(tkmi_ham_rescan)(s, &e->h, scr, fi, nfull, &changed,
                                &ndist, &screened, &rechecked);
    }
    if (scr)
        TKM_FN(tkmi_screen_end)(s);
    row->changed = changed;
    row->dist_pc = ndist;
    row->pruned_points = npts;
    row->pruned_pairs = npairs;
    row->screened = screened;
    row->rechecked = rechecked;
}

const TKM_FN(tkmi_cpu_alg) TKM_FN(tkmi_exponion_cpu) = {
    .setup = exponion_setup,
    .first = first_pass,
    .bound = move_bounds,
    .assign = exponion_pass,
    .release = exponion_release,
};
