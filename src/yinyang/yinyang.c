/*
 * Yinyang's assign step on the CPU (Ding et al., ICML 2015: one upper
 * bound per point and one lower bound per group of centroids).
 * Sequential and OpenMP forms from this one source (threads == 1 runs
 * every loop without a team); yinyang_arith.h says why each step keeps
 * Lloyd's labels.
 *
 * Counters: pruned_points counts the points the global filter skipped
 * before any distance; a live point costs one distance (its own centroid,
 * tightening u) and, unless the global filter then passes, each of the
 * k - 1 other centroids is computed (dist_pc) or skipped by the group or
 * the local filter (pruned_pairs).  No centroid-centroid distance is
 * taken: dist_cc stays 0.
 */
#include "real.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "arith.h"
#include "kern.h"
#include "solver.h"
#include "yinyang.h"
#include "yinyang_arith.h"

typedef TKM_FN(tkmi_cpu) cpu_t;
typedef TKM_FN(tkmi_yy_min) yy_min;

/* A centroid and its safe drift, for sorting a group's members. */
typedef struct {
    tkm_real t;
    int32_t c;
} yy_drift;

typedef struct {
    tkm_real *u;     /* n upper bounds                                  */
    tkm_real *lb;    /* n*t lower bounds per group, point-major, for the
                        centroids of the last assign (shrunk on visit)   */
    int32_t *grp;    /* k: each centroid's group                        */
    size_t *gstart;  /* t + 1: group g's members are gmem[gstart[g] ..] */
    int32_t *gmem;   /* k: the members, by group, each group in the order
                        of the last drifts (smallest first, then index) */
    tkm_real *tc;    /* k safe drifts of the last update                */
    tkm_real *tg;    /* t: the largest safe drift in each group         */
    yy_drift *ds;    /* k: scratch of the sort by drift                 */
    yy_min *mins;    /* threads * t: a point's walk over the groups     */
    tkm_real *sh;    /* threads * ts: a point's bounds shrunk (yy_point) */
    tkm_real *buf;   /* threads * chunk * k: the first pass's distances */
    size_t t, ts, chunk, nt; /* ts: sh's stride, whole cache lines apart */
    uint64_t by_group, by_local; /* the last assign's pruned pairs      */
    tkm_real upf;    /* 1 + rounding margin                             */
    tkm_real dnf;    /* 1 - rounding margin                             */
    tkm_real ab;     /* absolute term of the bounds                     */
} yinyang_t;

/* Points per scan call of the first pass: at most 64, and no more than
 * keep a thread's k distances of a chunk near 256 KiB. */
#define YY_CHUNK 64
/* Candidates of a group filtered and computed together. */
#define YY_BLOCK 64

static void yinyang_release(cpu_t *s)
{
    yinyang_t *e = s->alg;
    if (!e)
        return;
    free(e->u);
    free(e->lb);
    free(e->grp);
    free(e->gstart);
    free(e->gmem);
    free(e->tc);
    free(e->tg);
    free(e->ds);
    free(e->mins);
    free(e->sh);
    free(e->buf);
    free(e);
    s->alg = NULL;
}

static tkm_status yinyang_setup(cpu_t *s, char *msg, size_t msglen)
{
    const size_t n = s->n, k = s->k, d = s->d;
    const size_t t = tkmi_yinyang_ngroups(k);
    const size_t nt = (size_t)(s->threads > 1 ? s->threads : 1);
    size_t chunk = (256u << 10) / (k * sizeof(tkm_real));
    chunk = chunk < 1 ? 1 : chunk > YY_CHUNK ? YY_CHUNK : chunk;
    size_t plan = 0, scratch = 0;
    tkmi_plan_add(&plan, n, t + 1, sizeof(tkm_real));     /* u, lb     */
    tkmi_plan_add(&plan, k + t, 1, sizeof(tkm_real));     /* tc, tg    */
    tkmi_plan_add(&plan, k, 2, sizeof(int32_t));          /* grp, gmem */
    tkmi_plan_add(&plan, t + 1, 1, sizeof(size_t));       /* gstart    */
    tkmi_plan_add(&scratch, nt * t, 1, sizeof(yy_min));   /* mins      */
    /* sh: a thread's t values on cache lines of their own */
    const size_t ts = (t + 2 * TKMI_KW - 1) / TKMI_KW * TKMI_KW;
    tkmi_plan_add(&scratch, nt * ts, 1, sizeof(tkm_real)); /* sh       */
    tkmi_plan_add(&scratch, k, 1, sizeof(yy_drift));      /* ds        */
    tkmi_plan_add(&scratch, nt * chunk, k, sizeof(tkm_real)); /* buf   */
    tkmi_plan_add(&scratch, t, d, sizeof(tkm_real));      /* centres   */
    tkmi_plan_add(&scratch, t, d + 1, sizeof(double));    /* their sums */
    char what[128];
    snprintf(what, sizeof what, "yinyang: the bounds of %zu points in %zu "
             "groups of centroids", n, t);
    tkm_status rc = tkmi_mem_check(plan + scratch, msg, msglen, "%s", what);
    if (rc != TKM_OK)
        return rc;
    yinyang_t *e = tkmi_calloc(1, 1, sizeof *e);
    s->alg = e;
    if (!e)
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "yinyang: out of memory");
    e->t = t;
    e->nt = nt;
    e->chunk = chunk;
    e->u = tkmi_alloc(n, 1, sizeof *e->u);
    e->lb = tkmi_alloc(n, t, sizeof *e->lb);
    e->grp = tkmi_alloc(k, 1, sizeof *e->grp);
    e->gstart = tkmi_alloc(t + 1, 1, sizeof *e->gstart);
    e->gmem = tkmi_alloc(k, 1, sizeof *e->gmem);
    e->tc = tkmi_alloc(k, 1, sizeof *e->tc);
    e->tg = tkmi_alloc(t, 1, sizeof *e->tg);
    e->ds = tkmi_alloc(k, 1, sizeof *e->ds);
    e->mins = tkmi_alloc(nt, t, sizeof *e->mins);
    e->ts = ts;
    e->sh = tkmi_alloc(nt, ts, sizeof *e->sh);
    e->buf = tkmi_alloc(nt * chunk, k, sizeof *e->buf);
    tkm_real *cen = tkmi_alloc(t, d, sizeof *cen);
    double *acc = tkmi_alloc(t, d + 1, sizeof *acc);
    if (!e->u || !e->lb || !e->grp || !e->gstart || !e->gmem || !e->tc ||
        !e->tg || !e->ds || !e->mins || !e->sh || !e->buf || !cen || !acc) {
        free(cen);
        free(acc);
        yinyang_release(s);
        return tkmi_fail_alloc(msg, msglen, plan + scratch, 1, 1, "%s",
                               what);
    }
    TKM_FN(tkmi_yinyang_groups)(s->c, k, d, s->kern, s->threads, e->grp, cen,
                                acc);
    free(cen);
    free(acc);
    tkmi_yinyang_lists(e->grp, k, e->t, e->gstart, e->gmem);
    e->upf = TKM_FN(tkmi_bnd_upf)(d);
    e->dnf = TKM_FN(tkmi_bnd_dnf)(d);
    e->ab = TKM_FN(tkmi_bnd_abs)(d);
    /* the bounds and the groups; the per-thread scratch is left out so
     * that the figure does not depend on the thread count */
    s->bound_bytes = plan;
    return TKM_OK;
}

/* First call: all k distances of a chunk of points through the scan
 * kernel; u from the nearest, each group's lower bound from the nearest
 * of its members other than the label. */
static void first_chunk(cpu_t *s, yinyang_t *e, tkm_real *all, size_t lo,
                        size_t m, uint64_t *changed)
{
    const size_t k = s->k, t = e->t;
    int32_t lab[YY_CHUNK];
    tkm_real b1[YY_CHUNK];
    TKM_FN(tkmi_scan_out) o = {.lab = lab, .b1 = b1, .all = all,
                               .astride = k};
    TKM_FN(tkmi_rows_scan)(s, &s->kc, lo, NULL, m, &o);
    for (size_t i = 0; i < m; i++) {
        tkm_real *lb = e->lb + (lo + i) * t;
        tkm_real *ai = all + i * k;
        /* each group's smallest squared distance but the label's, its
         * members read in turn (gmem) with a branch-free minimum: the
         * label's entry of this scratch row is set +inf first */
        ai[lab[i]] = (tkm_real)INFINITY;
        for (size_t g = 0; g < t; g++) {
            tkm_real v = (tkm_real)INFINITY;
            for (size_t q = e->gstart[g]; q < e->gstart[g + 1]; q++) {
                const tkm_real a = ai[e->gmem[q]];
                v = a < v ? a : v;
            }
            /* the bound of the smallest squared distance: tkmi_bnd_down
             * and the square root are monotone */
            lb[g] = v < (tkm_real)INFINITY
                        ? TKM_FN(tkmi_bnd_down)(TKM_SQRT(v), e->dnf, e->ab)
                        : v;
        }
        e->u[lo + i] = TKM_FN(tkmi_bnd_up)(TKM_SQRT(b1[i]), e->upf, e->ab);
        if (lab[i] != s->labels[lo + i]) {
            s->labels[lo + i] = lab[i];
            (*changed)++;
        }
    }
}

static void first_pass(cpu_t *s, tkm_iter_stats *row)
{
    yinyang_t *e = s->alg;
    const size_t n = s->n, chunk = e->chunk;
    long long nch = (long long)((n + chunk - 1) / chunk);
    uint64_t changed = 0;
#pragma omp parallel num_threads(s->threads) if (s->threads > 1)
    {
        tkm_real *all = e->buf + tkmi_thread_id() * chunk * s->k;
#pragma omp for schedule(static) reduction(+ : changed)
        for (long long ch = 0; ch < nch; ch++) {
            size_t lo = (size_t)ch * chunk;
            first_chunk(s, e, all, lo, n - lo < chunk ? n - lo : chunk,
                        &changed);
        }
    }
    row->changed = changed;
    row->dist_pc = (uint64_t)n * s->k;
}

/* Smaller drift first, then lower index: a total order, so the sort's
 * result does not depend on qsort's algorithm. */
static int by_drift(const void *pa, const void *pb)
{
    const yy_drift *a = pa, *b = pb;
    if (a->t != b->t)
        return a->t < b->t ? -1 : 1;
    return (a->c > b->c) - (a->c < b->c);
}

/* Bound phase: the safe drifts of the centroids, the largest of each
 * group and each group's members in the order of their drifts (the local
 * filter's, walk_group); u grows by its centroid's.  The lower bounds
 * shrink as each point is visited (yinyang_arith.h). */
static void move_bounds(cpu_t *s)
{
    yinyang_t *e = s->alg;
    for (size_t g = 0; g < e->t; g++)
        e->tg[g] = 0;
    for (size_t c = 0; c < s->k; c++) {
        e->tc[c] = TKM_FN(tkmi_bnd_drift)(s->drift[c], e->upf, e->ab);
        if (e->tc[c] > e->tg[e->grp[c]])
            e->tg[e->grp[c]] = e->tc[c];
    }
    for (size_t g = 0; g < e->t; g++) {
        const size_t g0 = e->gstart[g], m = e->gstart[g + 1] - g0;
        for (size_t q = 0; q < m; q++)
            e->ds[q] = (yy_drift){e->tc[e->gmem[g0 + q]], e->gmem[g0 + q]};
        qsort(e->ds, m, sizeof *e->ds, by_drift);
        for (size_t q = 0; q < m; q++)
            e->gmem[g0 + q] = e->ds[q].c;
    }
    long long n = (long long)s->n;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static)
    for (long long i = 0; i < n; i++)
        e->u[i] = TKM_FN(tkmi_bnd_grow)(e->u[i], e->tc[s->labels[i]]);
}

/* The counters of one thread's points. */
typedef struct {
    uint64_t changed, ndist, npts, by_group, by_local;
} yy_count;

/* One point's walk, once u is tight: its best centroid so far b at
 * computed squared distance b2, with upper bound u. */
typedef struct {
    const tkm_real *x;
    const tkm_real *lb; /* the old lower bounds (before the shrink) */
    const tkm_real *sh; /* the group bounds shrunk by their groups' drift
                           (NULL: shrink lb as the walk goes) */
    int a0, b;
    tkm_real b2, u;
} yy_walk;

/* Group g's members other than a0, in the order of their drifts: the
 * local filter with the walk's u.  tkmi_bnd_shrink is non-increasing in
 * the drift, so once the test fails it fails for every later member with
 * the same u: the next ones, up to a block, are computed together
 * without a test, and the test resumes after each block with the walk's
 * new u.  The outcome is the member-by-member test's with u held over a
 * block. */
static void walk_group(const cpu_t *s, const yinyang_t *e, yy_walk *w,
                       size_t g, yy_min *m, yy_count *cnt)
{
    const size_t d = s->d, g1 = e->gstart[g + 1];
    const tkm_real *cs[YY_BLOCK], *xs[YY_BLOCK];
    tkm_real dist[YY_BLOCK];
    int32_t sv[YY_BLOCK];
    size_t q = e->gstart[g];
    while (q < g1) {
        size_t ns = 0;
        for (; q < g1 && ns < YY_BLOCK; q++) {
            const int32_t c = e->gmem[q];
            if (c == w->a0)
                continue;
            if (!ns) {
                tkm_real lc = TKM_FN(tkmi_bnd_shrink)(w->lb[g], e->tc[c]);
                if (TKM_FN(tkmi_yinyang_pruned)(w->u, lc)) {
                    TKM_FN(tkmi_yy_min_add)(m, lc, c);
                    cnt->by_local++;
                    continue;
                }
            }
            xs[ns] = w->x;
            cs[ns] = s->c + (size_t)c * d;
            sv[ns++] = c;
        }
        if (!ns)
            return;
        s->kern->dist2_pairs(xs, cs, ns, d, dist);
        cnt->ndist += ns;
        for (size_t i = 0; i < ns; i++) {
            tkm_real dc = TKM_SQRT(dist[i]);
            TKM_FN(tkmi_yy_min_add)(
                m, TKM_FN(tkmi_bnd_down)(dc, e->dnf, e->ab), sv[i]);
            if (TKM_FN(tkmi_closer)(dist[i], (size_t)sv[i], w->b2,
                                    (size_t)w->b)) {
                w->b = sv[i];
                w->b2 = dist[i];
                w->u = TKM_FN(tkmi_bnd_up)(dc, e->upf, e->ab);
            }
        }
    }
}

/* Every group of a point that the global filter left, in order: the
 * group filter with the walk's u, else its members a block at a time.
 * m[g] gathers the bounds of g's members (a0's from its tight distance). */
static void walk_groups(const cpu_t *s, const yinyang_t *e, yy_walk *w,
                        yy_min *m, yy_count *cnt)
{
    const int ga0 = e->grp[w->a0];
    const tkm_real da0 =
        TKM_FN(tkmi_bnd_down)(TKM_SQRT(w->b2), e->dnf, e->ab);
    for (size_t g = 0; g < e->t; g++) {
        const size_t g0 = e->gstart[g], g1 = e->gstart[g + 1];
        const int in_a0 = (int)g == ga0;
        TKM_FN(tkmi_yy_min_init)(&m[g]);
        if (in_a0)
            TKM_FN(tkmi_yy_min_add)(&m[g], da0, w->a0);
        const tkm_real lg =
            w->sh ? w->sh[g] : TKM_FN(tkmi_bnd_shrink)(w->lb[g], e->tg[g]);
        if (TKM_FN(tkmi_yinyang_pruned)(w->u, lg)) {
            TKM_FN(tkmi_yy_min_add)(&m[g], lg, -1);
            cnt->by_group += g1 - g0 - (size_t)in_a0;
            continue;
        }
        walk_group(s, e, w, g, &m[g], cnt);
    }
}

/* Later assignment of point i after the bound phase: the global filter
 * with the loose u, again with u tight, else the walk over the groups.
 * The point's lower bounds leave shrunk by this update's drifts, or
 * rebuilt by the walk; m and sh are the thread's scratch of t.  From
 * 2 W groups on, the shrunk bounds and their minimum come from one
 * vector pass into sh (kern.h's shrink_min), which the walk's group
 * filter reuses; below, in place (at k = 100 the pass into sh measured
 * 1.15x slower on two threads; docs/results/yinyang-filter-2core.md). */
static void yy_point(cpu_t *s, yinyang_t *e, size_t i, yy_min *m,
                     tkm_real *sh, yy_count *cnt)
{
    const size_t t = e->t, d = s->d;
    tkm_real *lb = e->lb + i * t;
    const int vec = t >= 2 * TKMI_KW;
    yy_walk w = {.lb = lb, .sh = vec ? sh : NULL, .a0 = s->labels[i]};
    tkm_real glb = (tkm_real)INFINITY;
    if (vec) {
        glb = s->kern->shrink_min(lb, e->tg, t, sh);
    } else {
        for (size_t g = 0; g < t; g++) {
            tkm_real v = TKM_FN(tkmi_bnd_shrink)(lb[g], e->tg[g]);
            glb = v < glb ? v : glb;
        }
    }
    int pruned = TKM_FN(tkmi_yinyang_pruned)(e->u[i], glb);
    if (!pruned) {
        w.x = TKM_FN(tkmi_row)(s, i); /* (a sparse row made dense) */
        w.b = w.a0;
        w.b2 = s->kern->dist2(w.x, s->c + (size_t)w.a0 * d, d);
        w.u = TKM_FN(tkmi_bnd_up)(TKM_SQRT(w.b2), e->upf, e->ab);
        cnt->ndist++;
        e->u[i] = w.u;
    } else {
        cnt->npts++;
    }
    if (pruned || TKM_FN(tkmi_yinyang_pruned)(w.u, glb)) {
        for (size_t g = 0; g < t; g++)
            lb[g] = vec ? sh[g] : TKM_FN(tkmi_bnd_shrink)(lb[g], e->tg[g]);
        return;
    }
    walk_groups(s, e, &w, m, cnt);
    for (size_t g = 0; g < t; g++)
        lb[g] = TKM_FN(tkmi_yy_min_get)(&m[g], w.b);
    e->u[i] = w.u;
    if (w.b != w.a0) {
        s->labels[i] = w.b;
        cnt->changed++;
    }
}

static void pruned_pass(cpu_t *s, tkm_iter_stats *row)
{
    yinyang_t *e = s->alg;
    long long n = (long long)s->n;
    uint64_t changed = 0, ndist = 0, npts = 0, by_group = 0, by_local = 0;
#pragma omp parallel num_threads(s->threads) if (s->threads > 1)
    {
        yy_min *m = e->mins + tkmi_thread_id() * e->t;
        tkm_real *sh = e->sh + tkmi_thread_id() * e->ts;
#pragma omp for schedule(dynamic, 256) \
    reduction(+ : changed, ndist, npts, by_group, by_local)
        for (long long i = 0; i < n; i++) {
            yy_count c = {0, 0, 0, 0, 0};
            yy_point(s, e, (size_t)i, m, sh, &c);
            changed += c.changed;
            ndist += c.ndist;
            npts += c.npts;
            by_group += c.by_group;
            by_local += c.by_local;
        }
    }
    e->by_group = by_group;
    e->by_local = by_local;
    row->changed = changed;
    row->dist_pc = ndist;
    row->pruned_points = npts;
    row->pruned_pairs = by_group + by_local;
}

void TKM_FN(tkmi_yinyang_split)(const cpu_t *s, uint64_t *by_group,
                                uint64_t *by_local, size_t *t)
{
    const yinyang_t *e = s->alg;
    *by_group = e->by_group;
    *by_local = e->by_local;
    *t = e->t;
}

const TKM_FN(tkmi_cpu_alg) TKM_FN(tkmi_yinyang_cpu) = {
    .setup = yinyang_setup,
    .first = first_pass,
    .bound = move_bounds,
    .assign = pruned_pass,
    .release = yinyang_release,
};
