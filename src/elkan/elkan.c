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
#include <string.h>

#include "arith.h"
#include "elkan_arith.h"
#include "kern.h"
#include "solver.h"

typedef TKM_FN(tkmi_cpu) cpu_t;

typedef struct {
    tkm_real *u;     /* n upper bounds                                  */
    tkmi_lb *l;      /* n*k lower bounds, point-major, stored (lb_put)  */
    tkm_real *h;     /* k*k lower bounds on half the centroid distances */
    tkm_real *s;     /* k: min over c' != c of h(c, c')                 */
    tkm_real *t;     /* k safe drifts of the last update                */
    /* Lazy lower bounds: a point's k bounds are moved only when it fails
     * the global test (below, catch_up).  S holds, for the assign steps
     * 0..now since the last rebase, each centroid's safe drifts summed
     * (rounded up); dl[j] the safe shrink from step j to now, stored as
     * the bounds are (lb_up); last[i] the step point i's bounds are
     * current at. */
    tkm_real *S;     /* (ELK_HIST + 1) x k                              */
    tkmi_lb *dl;     /* ELK_HIST x k                                    */
    unsigned char *last; /* n                                           */
    int now;
    tkm_real *gp;    /* sparse points: threads_max x k, a point's products
                        with every centroid (elkan_point_sparse)         */
    tkm_real *sq;    /* threads_max x ELK_ROWS x k: the first pass's
                        squared distances, before they are stored       */
    tkm_real sc;     /* a stored bound times sc is the bound (lb_put)   */
    tkm_real isc;    /* 1 / sc                                          */
    tkm_real upf;    /* 1 + rounding margin                             */
    tkm_real dnf;    /* 1 - rounding margin                             */
    tkm_real ab;     /* absolute term of the bounds                     */
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
    free(e->S);
    free(e->dl);
    free(e->last);
    free(e->gp);
    free(e->sq);
    free(e);
    s->alg = NULL;
}

/* Assign steps the lazy bounds look back over before a rebase moves
 * every point's bounds at once (one pass over the n x k bounds every
 * ELK_HIST steps; last[i] fits a byte). */
#define ELK_HIST 64

/* Points per scan call of the first assignment. */
#define ELK_CHUNK 64
/* Rows of squared distances a thread holds at once in the first pass. */
#define ELK_ROWS 8

/* The stored lower bounds (kern.h's tkmi_lb, tkmi_lb_of): a bound v >=
 * 0 is kept as the largest float f with f sc <= v, sc a power of two.  An
 * f32 run's sc is 1 and f is v.  A bound below sc 2^-149 is stored 0, one
 * above FLT_MAX sc as FLT_MAX: weaker, never wrong. */
static tkmi_lb lb_put(const elkan_t *e, tkm_real v)
{
    return TKM_FN(tkmi_lb_of)(v, e->sc, e->isc, -1);
}

/* The smallest stored value at least v (the drifts' sums). */
static tkmi_lb lb_up(const elkan_t *e, tkm_real v)
{
    return TKM_FN(tkmi_lb_of)(v, e->sc, e->isc, 1);
}

static tkm_real lb_get(const elkan_t *e, tkmi_lb f)
{
    return (tkm_real)f * e->sc;
}

/* sc for an f64 run from the start's centroids: sc = 2^(ilogb(m) - 40)
 * for their largest |value| m, so that m is stored near 2^40 and the
 * distances of points near the centroids stay far inside the floats'
 * normal range [2^-126, 2^128) (a distance 2^80 times m, or m 2^-80,
 * still keeps a float's precision); the exponent kept in [-870, 890],
 * where a float times sc is an exact double.  1 where m is 0, and in an
 * f32 run. */
static void lb_scale(const cpu_t *s, elkan_t *e)
{
    e->sc = e->isc = 1;
#if TKM_PREC == 64
    double m = 0;
    for (size_t j = 0; j < s->k * s->d; j++)
        if (fabs(s->c[j]) > m)
            m = fabs(s->c[j]);
    if (m > 0 && isfinite(m)) {
        int x = ilogb(m) - 40;
        x = x < -870 ? -870 : x > 890 ? 890 : x;
        e->sc = ldexp(1.0, x);
        e->isc = ldexp(1.0, -x);
    }
#else
    (void)s;
#endif
}

static tkm_status elkan_setup(cpu_t *s, char *msg, size_t msglen)
{
    size_t n = s->n, k = s->k, plan = 0;
    /* u; l (n x k); h (k x k); s, t; S, dl; last */
    tkmi_plan_add(&plan, n, 1, sizeof(tkm_real));
    tkmi_plan_add(&plan, n, k, sizeof(tkmi_lb));
    tkmi_plan_add(&plan, k, k + 2, sizeof(tkm_real));
    tkmi_plan_add(&plan, ELK_HIST + 1, k, sizeof(tkm_real));
    tkmi_plan_add(&plan, ELK_HIST, k, sizeof(tkmi_lb));
    tkmi_plan_add(&plan, n, 1, 1);
    char what[160];
    snprintf(what, sizeof what, "elkan: the bounds of %zu points and %zu "
             "centroids (%zu x %zu lower bounds; hamerly keeps 2 a point)",
             n, k, n, k);
    tkm_status rc = tkmi_mem_check(plan, msg, msglen, "%s", what);
    if (rc != TKM_OK)
        return rc;
    elkan_t *e = tkmi_calloc(1, 1, sizeof *e);
    s->alg = e;
    if (!e)
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "elkan: out of memory");
    e->u = tkmi_alloc(n, 1, sizeof *e->u);
    e->l = tkmi_alloc(n, k, sizeof *e->l);
    e->h = tkmi_alloc(k, k, sizeof *e->h);
    e->s = tkmi_alloc(k, 1, sizeof *e->s);
    e->t = tkmi_alloc(k, 1, sizeof *e->t);
    e->S = tkmi_alloc(ELK_HIST + 1, k, sizeof *e->S);
    e->dl = tkmi_alloc(ELK_HIST, k, sizeof *e->dl);
    e->last = tkmi_alloc(n ? n : 1, 1, 1);
    /* (per-thread scratch, left out of the plan: see yinyang.c) */
    const size_t nt = (size_t)(s->threads > 1 ? s->threads : 1);
    if (s->sp)
        e->gp = tkmi_alloc(nt, k, sizeof *e->gp);
    e->sq = tkmi_alloc(nt * ELK_ROWS, k, sizeof *e->sq);
    if (!e->u || !e->l || !e->h || !e->s || !e->t || !e->S || !e->dl ||
        !e->last || (s->sp && !e->gp) || !e->sq) {
        elkan_release(s);
        return tkmi_fail_alloc(msg, msglen, plan, 1, 1, "%s", what);
    }
    e->upf = TKM_FN(tkmi_bnd_upf)(s->d);
    e->dnf = TKM_FN(tkmi_bnd_dnf)(s->d);
    e->ab = TKM_FN(tkmi_bnd_abs)(s->d);
    s->bound_bytes = plan;
    if (s->no_cc) {
        /* without the centroid-centroid tests: h = s = 0, which no upper
         * bound is below, so only u < l(x, c) prunes */
        for (size_t c = 0; c < k * k; c++)
            e->h[c] = 0;
        for (size_t c = 0; c < k; c++)
            e->s[c] = 0;
    }
    return TKM_OK;
}

/* The lazy bounds' sums from 0 at step 0, every point's bounds current
 * there (after the first assignment, and at each rebase). */
static void restart_sums(const cpu_t *s, elkan_t *e)
{
    for (size_t c = 0; c < s->k; c++)
        e->S[c] = 0;
    if (s->n)
        memset(e->last, 0, s->n);
    e->now = 0;
}

/* Candidates tested together in the later assignments. */
#define ELK_BLOCK 64

/* Sparse points, the step screening (screen.c): a lower bound from the
 * screen's L (the run's rounded distance is at least it), an upper bound
 * from its U; each at the cost of the stored values. */
static tkm_real box_down(const elkan_t *e, double lo)
{
    return TKM_FN(tkmi_bnd_down)(TKM_FN(tkmi_screen_root_down)(lo), e->dnf,
                                 e->ab);
}

static tkm_real box_up(const elkan_t *e, double hi)
{
    return TKM_FN(tkmi_bnd_up)(TKM_FN(tkmi_screen_root_up)(hi), e->upf,
                               e->ab);
}

/* A point's k squared distances sq, as the scan wrote them, made its
 * stored lower bounds li, and its upper bound *u from b1, its
 * nearest's. */
static void direct_bounds(const cpu_t *s, const elkan_t *e,
                          const tkm_real *sq, tkmi_lb *li, tkm_real b1,
                          tkm_real *u)
{
    s->kern->down(sq, li, s->k, e->dnf, e->ab, e->sc);
    *u = TKM_FN(tkmi_bnd_up)(TKM_SQRT(b1), e->upf, e->ab);
}

/* First call on sparse points, the step screening: each point's label
 * from the screened scan (exact), its k lower bounds and its upper bound
 * from the screen's L and U; a point whose box leaves the proof's range
 * takes the direct distances.  Adds the pairs screened and the direct
 * distances taken to the counters; returns the points labelled so. */
static uint64_t first_sparse(cpu_t *s, elkan_t *e, size_t lo, size_t m,
                             uint64_t *changed, uint64_t *screened,
                             uint64_t *rechecked)
{
    const size_t k = s->k;
    int32_t lab[ELK_CHUNK];
    TKM_FN(tkmi_scan_out) o = {.lab = lab};
    TKM_FN(tkmi_screen_scan)(s, lo, NULL, m, &o, screened, rechecked);
    tkm_real *sq = e->sq + tkmi_thread_id() * ELK_ROWS * k;
    for (size_t t = 0; t < m; t++) {
        const size_t i = lo + t;
        tkmi_lb *li = e->l + i * k;
        double l2, u2;
        int ok = 1;
        for (size_t c = 0; ok && c < k; c++) {
            ok = TKM_FN(tkmi_screen_pair_box)(s, i, c, &l2, &u2);
            li[c] = lb_put(e, box_down(e, l2));
            if ((int32_t)c == lab[t])
                e->u[i] = box_up(e, u2);
        }
        if (!ok) { /* every distance direct */
            tkm_real b1;
            TKM_FN(tkmi_scan_out) one = {.lab = lab + t, .b1 = &b1, .all = sq,
                                         .astride = k};
            TKM_FN(tkmi_rows_scan)(s, &s->kc, i, NULL, 1, &one);
            direct_bounds(s, e, sq, li, b1, e->u + i);
            *rechecked += k;
        }
        if (lab[t] != s->labels[i]) {
            s->labels[i] = lab[t];
            (*changed)++;
        }
    }
    return m;
}

/* First call: every distance through the scan kernel, ELK_ROWS points
 * at a time into the thread's rows sq, then turned into bounds and
 * stored. */
static void first_pass(cpu_t *s, tkm_iter_stats *row)
{
    elkan_t *e = s->alg;
    size_t n = s->n, k = s->k;
    lb_scale(s, e);
    const int scr = s->sp ? TKM_FN(tkmi_screen_begin)(s) : 0;
    long long nch = (long long)((n + ELK_CHUNK - 1) / ELK_CHUNK);
    uint64_t changed = 0, screened = 0, rechecked = 0;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static) reduction(+ : changed, screened, rechecked)
    for (long long ch = 0; ch < nch; ch++) {
        size_t lo = (size_t)ch * ELK_CHUNK;
        size_t m = n - lo < ELK_CHUNK ? n - lo : ELK_CHUNK;
        if (scr) {
            first_sparse(s, e, lo, m, &changed, &screened, &rechecked);
            continue;
        }
        int32_t lab[ELK_ROWS];
        tkm_real b1[ELK_ROWS];
        tkm_real *sq = e->sq + tkmi_thread_id() * ELK_ROWS * k;
        for (size_t r = 0; r < m; r += ELK_ROWS) {
            const size_t mr = m - r < ELK_ROWS ? m - r : ELK_ROWS;
            TKM_FN(tkmi_scan_out) o = {.lab = lab, .b1 = b1, .all = sq,
                                       .astride = k};
            TKM_FN(tkmi_rows_scan)(s, &s->kc, lo + r, NULL, mr, &o);
            for (size_t i = 0; i < mr; i++) {
                const size_t p = lo + r + i;
                direct_bounds(s, e, sq + i * k, e->l + p * k, b1[i],
                              e->u + p);
                if (lab[i] != s->labels[p]) {
                    s->labels[p] = lab[i];
                    changed++;
                }
            }
        }
    }
    if (scr)
        TKM_FN(tkmi_screen_end)(s);
    row->changed = changed;
    row->dist_pc = (uint64_t)n * k;
    row->screened = screened;
    row->rechecked = rechecked;
    restart_sums(s, e);
}

/* The bound phase of point i, fused into the assign pass: its upper
 * bound grown by its centroid's safe drift e->t of the last update.  Its
 * k lower bounds wait (catch_up) until it fails the global test: a point
 * the test prunes, most of them once the centroids settle, costs no pass
 * over its bounds. */
static void move_point(const cpu_t *s, const elkan_t *e, size_t i)
{
    e->u[i] = TKM_FN(tkmi_bnd_grow)(e->u[i], e->t[s->labels[i]]);
}

/* Point i's k lower bounds moved from the step they are current at to
 * this one, by dl[last[i]] (>= the safe drifts of the steps between,
 * summed: every bound stays a lower bound), with the vector shrink. */
static void catch_up(const cpu_t *s, elkan_t *e, size_t i)
{
    const int j = e->last[i];
    if (j == e->now)
        return;
    s->kern->shrink(e->l + i * s->k, e->dl + (size_t)j * s->k, s->k);
    e->last[i] = (unsigned char)e->now;
}

/* A new assign step: its safe drifts e->t added to the sums S (rounded
 * up: S[now] >= S[now - 1] + t), and dl[j] = (S[now] - S[j]) rounded up
 * for every earlier step j (0 where no drift since: the bound stays).
 * Every ELK_HIST steps first every point's bounds are brought to the
 * present and the sums restart from 0. */
static void next_step(cpu_t *s, elkan_t *e)
{
    const size_t k = s->k;
    if (e->now == ELK_HIST) {
        long long n = (long long)s->n;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static)
        for (long long i = 0; i < n; i++)
            catch_up(s, e, (size_t)i);
        restart_sums(s, e);
    }
    const tkm_real *prev = e->S + (size_t)e->now * k;
    tkm_real *cur = e->S + (size_t)(e->now + 1) * k;
    for (size_t c = 0; c < k; c++)
        cur[c] = TKM_FN(tkmi_bnd_grow)(prev[c], e->t[c]);
    e->now++;
    for (int j = 0; j < e->now; j++) {
        const tkm_real *sj = e->S + (size_t)j * k;
        tkmi_lb *dj = e->dl + (size_t)j * k;
        for (size_t c = 0; c < k; c++)
            dj[c] = lb_up(e, cur[c] > sj[c] ? (cur[c] - sj[c]) *
                                                  ((tkm_real)1 + 2 * TKM_EPS)
                                            : (tkm_real)0);
    }
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
                TKM_SQRT(s->kern->dist2(cen + (size_t)c * d, cen + o * d, d)),
                e->dnf, e->ab);
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

/* The state of one point's walk over the candidates: its centroid a at
 * computed squared distance a2 (once tight), the upper bound ub. */
typedef struct {
    const tkm_real *x;
    tkmi_lb *l;
    int a0, a, tight;
    tkm_real ub, a2;
    uint64_t ndist, npairs;
} walk_t;

/* The candidates of [c0, c1) that the per-centroid test keeps with the
 * walk's present state (a0 is never a candidate). */
static size_t survivors(const cpu_t *s, const elkan_t *e, const walk_t *w,
                        size_t c0, size_t c1, size_t *out)
{
    return s->kern->survivors(w->l, e->sc, e->h + (size_t)w->a * s->k,
                              w->ub, (size_t)w->a0, c0, c1, out);
}

/* Tighten u: the distance to the original centroid. */
static void tighten(cpu_t *s, elkan_t *e, walk_t *w)
{
    w->a2 = s->kern->dist2(w->x, s->c + (size_t)w->a0 * s->d, s->d);
    w->ndist++;
    tkm_real da = TKM_SQRT(w->a2);
    w->ub = TKM_FN(tkmi_bnd_up)(da, e->upf, e->ab);
    w->l[w->a0] = lb_put(e, TKM_FN(tkmi_bnd_down)(da, e->dnf, e->ab));
    w->tight = 1;
}

/* Candidate c computed at squared distance c2: its lower bound set, and
 * the walk moved to it when it is closer in Lloyd's order (returns 1). */
static int take(const elkan_t *e, walk_t *w, size_t c, tkm_real c2)
{
    w->ndist++;
    tkm_real dc = TKM_SQRT(c2);
    w->l[c] = lb_put(e, TKM_FN(tkmi_bnd_down)(dc, e->dnf, e->ab));
    if (!TKM_FN(tkmi_closer)(c2, c, w->a2, (size_t)w->a))
        return 0;
    w->a = (int)c;
    w->a2 = c2;
    w->ub = TKM_FN(tkmi_bnd_up)(dc, e->upf, e->ab);
    return 1;
}

/* Candidates [c0, c1) of one point, with the outcome of
 * tkmi_elkan_point's loop over them, pair by pair: the survivors of the
 * test are found together and their distances computed together; once the
 * walk switches to a closer centroid (a new a and ub), each later
 * candidate is tested again with the new state, as the sequential loop
 * would, and computed alone if it now survives. */
static void walk_block(cpu_t *s, elkan_t *e, walk_t *w, size_t c0,
                       size_t c1)
{
    size_t k = s->k, d = s->d;
    size_t sv[ELK_BLOCK];
    size_t ns = survivors(s, e, w, c0, c1, sv);
    if (ns && !w->tight) {
        /* the loop tightens at the first survivor, then tests it again */
        w->npairs += sv[0] - c0 - ((size_t)w->a0 >= c0 &&
                                   (size_t)w->a0 < sv[0]);
        c0 = sv[0];
        tighten(s, e, w);
        ns = survivors(s, e, w, c0, c1, sv);
    }
    const tkm_real *cs[ELK_BLOCK], *xs[ELK_BLOCK];
    tkm_real dist[ELK_BLOCK];
    for (size_t q = 0; q < ns; q++) {
        xs[q] = w->x;
        cs[q] = s->c + sv[q] * d;
    }
    if (ns)
        s->kern->dist2_pairs(xs, cs, ns, d, dist);
    /* until the walk switches, the survivors are exactly the pairs the
     * sequential loop computes; the others it prunes */
    size_t q = 0, c = c1;
    while (q < ns) {
        size_t cq = sv[q];
        if (take(e, w, cq, dist[q++])) {
            c = cq + 1;
            break;
        }
    }
    /* pairs pruned in [c0, c): all but a0 and the q survivors */
    w->npairs += c - c0 - q - ((size_t)w->a0 >= c0 && (size_t)w->a0 < c);
    /* after a switch: every later candidate tested with the new state */
    for (; c < c1; c++) {
        if ((int)c == w->a0)
            continue;
        int have = q < ns && sv[q] == c;
        tkm_real c2 = have ? dist[q++] : 0;
        if (TKM_FN(tkmi_elkan_pair_pruned)(w->ub, lb_get(e, w->l[c]),
                                           e->h[(size_t)w->a * k + c])) {
            w->npairs++;
            continue;
        }
        if (!have)
            c2 = s->kern->dist2(w->x, s->c + c * d, d);
        take(e, w, c, c2);
    }
}

/* Later assignment of point i: tkmi_elkan_point's labels, bounds and
 * counters, its candidates taken ELK_BLOCK at a time.  Returns 1 when the
 * global test pruned the point. */
static int elkan_point(cpu_t *s, elkan_t *e, size_t i, uint64_t *ndist,
                       uint64_t *npairs)
{
    size_t k = s->k;
    walk_t w = {.l = e->l + i * k, .a0 = s->labels[i], .ub = e->u[i]};
    w.a = w.a0;
    if (TKM_FN(tkmi_elkan_point_pruned)(w.ub, e->s[w.a0]))
        return 1;
    catch_up(s, e, i);
    w.x = TKM_FN(tkmi_row)(s, i); /* (a sparse row made dense) */
    for (size_t c0 = 0; c0 < k; c0 += ELK_BLOCK)
        walk_block(s, e, &w, c0, k - c0 < ELK_BLOCK ? k : c0 + ELK_BLOCK);
    s->labels[i] = w.a;
    e->u[i] = w.ub;
    *ndist += w.ndist;
    *npairs += w.npairs;
    return 0;
}

/* The screen's box of point i to centroid c (tkmi_screen_pair_box's):
 * the first k / 128 a point takes each from its own product (a gather of
 * the row's columns from one centroid row); from the next on, every
 * product of the point at once (*nbox counts, gp holds them), as the
 * scans take them from the column-major centroids, with the same bits.
 * Elkan on 200,000 x 30,000 power-law rows (68 values a row), k = 100,
 * 10 iterations, 2 threads: 8.1 s switching at the first box, 9.8 at the
 * second, 9.2 at the third, 11.4 never (medians of 3). */
static int box_of(const cpu_t *s, tkm_real *gp, int *nbox, size_t i,
                  size_t c, double *lo, double *hi)
{
    const int single = (int)(s->k / 128);
    if (*nbox < single) {
        (*nbox)++;
        return TKM_FN(tkmi_screen_pair_box)(s, i, c, lo, hi);
    }
    if (*nbox == single) {
        (*nbox)++;
        TKM_FN(tkmi_screen_products)(s, i, gp);
    }
    return TKM_FN(tkmi_screen_box_of)(s, i, c, gp[c], lo, hi);
}

/* Later assignment of point i on sparse points, the step screening:
 * tkmi_elkan_point's loop, candidate by candidate, each distance boxed
 * by the screen (screen.c: L <= the direct squared distance <= U, at the
 * cost of the stored values) and taken directly only where the boxes of
 * a candidate and of the present centroid overlap.  A box below the
 * other's orders the two strictly, so the label is Lloyd's; a bound made
 * from a box is looser than the direct one's, so every test stays
 * exact.  Returns 1 when the global test pruned the point. */
static int elkan_point_sparse(cpu_t *s, elkan_t *e, size_t i,
                              uint64_t *ndist, uint64_t *npairs)
{
    const size_t k = s->k;
    tkmi_lb *l = e->l + i * k;
    const int a0 = s->labels[i];
    int a = a0, tight = 0, exact = 0;
    tkm_real ub = e->u[i], a2 = 0;
    double la = 0, ua = 0; /* the box of a's squared distance */
    tkm_real *gp = e->gp + tkmi_thread_id() * k;
    int nbox = 0;
    if (TKM_FN(tkmi_elkan_point_pruned)(ub, e->s[a0]))
        return 1;
    catch_up(s, e, i);
    for (size_t c = 0; c < k; c++) {
        if ((int)c == a0)
            continue;
        if (TKM_FN(tkmi_elkan_pair_pruned)(ub, lb_get(e, l[c]),
                                           e->h[(size_t)a * k + c])) {
            (*npairs)++;
            continue;
        }
        if (!tight) { /* u tightened, then the pair tested again */
            tight = 1;
            (*ndist)++;
            if (box_of(s, gp, &nbox, i, (size_t)a0, &la, &ua)) {
                ub = box_up(e, ua);
                l[a0] = lb_put(e, box_down(e, la));
            } else {
                a2 = TKM_FN(tkmi_row_cdist2)(s, i, (size_t)a0);
                la = ua = (double)a2;
                exact = 1;
                ub = TKM_FN(tkmi_bnd_up)(TKM_SQRT(a2), e->upf, e->ab);
                l[a0] = lb_put(e, TKM_FN(tkmi_bnd_down)(TKM_SQRT(a2), e->dnf,
                                                        e->ab));
            }
            if (TKM_FN(tkmi_elkan_pair_pruned)(ub, lb_get(e, l[c]),
                                               e->h[(size_t)a * k + c])) {
                (*npairs)++;
                continue;
            }
        }
        (*ndist)++;
        double lc, uc;
        const int box = box_of(s, gp, &nbox, i, c, &lc, &uc);
        if (box && lc > ua) { /* farther than a, whatever the index */
            l[c] = lb_put(e, box_down(e, lc));
            continue;
        }
        if (box && uc < la) { /* strictly nearer than a */
            l[c] = lb_put(e, box_down(e, lc));
            a = (int)c;
            la = lc;
            ua = uc;
            exact = 0;
            ub = box_up(e, uc);
            continue;
        }
        if (!exact) {
            a2 = TKM_FN(tkmi_row_cdist2)(s, i, (size_t)a);
            la = ua = (double)a2;
            exact = 1;
        }
        const tkm_real c2 = TKM_FN(tkmi_row_cdist2)(s, i, c);
        l[c] = lb_put(e, TKM_FN(tkmi_bnd_down)(TKM_SQRT(c2), e->dnf, e->ab));
        if (TKM_FN(tkmi_closer)(c2, c, a2, (size_t)a)) {
            a = (int)c;
            a2 = c2;
            la = ua = (double)c2;
            ub = TKM_FN(tkmi_bnd_up)(TKM_SQRT(c2), e->upf, e->ab);
        }
    }
    s->labels[i] = a;
    e->u[i] = ub;
    return 0;
}

/* The pass asks the memory for the bounds of the point ELK_AHEAD ahead
 * (its catch_up reads them if the point fails the global test, half the
 * points at 100,000 x 8, k = 100, scattered: the shrink waited on them)
 * where k is at most ELK_AHEAD_K; at k = 100 and 200 the pass then took
 * 0.66x to 0.75x its time on one core, at k = 400 and 1000 1.05x to 1.07x
 * (the points' own work hides the loads there; 2-core AMD EPYC,
 * docs/results/elkan-prefetch-2core.md). */
#define ELK_AHEAD 4
#define ELK_AHEAD_K 256

/* Each cache line of a point's k bounds, asked for ahead. */
static inline void prefetch_bounds(const tkmi_lb *l, size_t k)
{
    for (size_t b = 0; b < k * sizeof *l; b += 64)
        __builtin_prefetch((const char *)l + b, 1, 3);
}

/* The centroid-centroid quantities, then, point by point, the bounds
 * moved by the last update and the pruned assignment. */
static void pruned_pass(cpu_t *s, tkm_iter_stats *row)
{
    elkan_t *e = s->alg;
    for (size_t c = 0; c < s->k; c++)
        e->t[c] = TKM_FN(tkmi_bnd_drift)(s->drift[c], e->upf, e->ab);
    next_step(s, e);
    const int scr = s->sp ? TKM_FN(tkmi_screen_begin)(s) : 0;
    row->dist_cc = s->no_cc ? 0 : centroid_halves(s, e);
    long long n = (long long)s->n;
    uint64_t changed = 0, ndist = 0, npairs = 0, npts = 0;
    const long long ahead = s->k <= ELK_AHEAD_K ? ELK_AHEAD : 0;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(dynamic, 256) reduction(+ : changed, ndist, npairs, npts)
    for (long long i = 0; i < n; i++) {
        int a = s->labels[i];
        if (ahead && i + ahead < n) /* (the bounds of a later point, which
                                       its catch_up may read) */
            prefetch_bounds(e->l + (size_t)(i + ahead) * s->k, s->k);
        move_point(s, e, (size_t)i);
        npts += (uint64_t)(scr ? elkan_point_sparse(s, e, (size_t)i, &ndist,
                                                    &npairs)
                               : elkan_point(s, e, (size_t)i, &ndist,
                                             &npairs));
        changed += s->labels[i] != a;
    }
    if (scr)
        TKM_FN(tkmi_screen_end)(s);
    row->changed = changed;
    row->dist_pc = ndist;
    row->pruned_points = npts;
    row->pruned_pairs = npairs;
}

const TKM_FN(tkmi_cpu_alg) TKM_FN(tkmi_elkan_cpu) = {
    .setup = elkan_setup,
    .first = first_pass,
    .bound = NULL, /* fused into pruned_pass (move_point) */
    .assign = pruned_pass,
    .release = elkan_release,
};
