/*
 * The CPU engine: sequential and OpenMP forms of every algorithm share this
 * state; the algorithm supplies the assign step and its bounds.  The
 * sequential form is the same code with every parallel region switched off
 * (threads == 1: OpenMP's if clause makes no team).
 */
#include "real.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "solver.h"

#define TKMI_SCRATCH_MAX ((size_t)64 << 20) /* bytes of per-thread sums */

typedef TKM_FN(tkmi_cpu) cpu_t;

typedef struct {
    cpu_t s;
    const TKM_FN(tkmi_cpu_alg) *alg;
    int follow;     /* the team follows the load (tkmi_problem.follow)   */
    int busy_last;  /* the busy CPUs the last check saw                  */
    double t_check; /* when it ran (tkmi_now)                            */
} engine_t;

/* Seconds between two checks of the load by a run whose team follows it:
 * a check costs 50 us. */
#define TKMI_LOAD_EVERY 0.05

/* Between iterations, now and then: the team leaves out the CPUs other
 * work kept busy at this check and the last (load that stays, not a short
 * task that one sample caught), and takes back the CPUs it finds free, up
 * to threads_max.  Results never depend on the team. */
static void follow_load(engine_t *e)
{
    const double now = tkmi_now();
    if (!e->follow || now - e->t_check < TKMI_LOAD_EVERY)
        return;
    int allowed;
    const int busy = tkmi_cpus_busy_now(&allowed);
    const int both = busy < e->busy_last ? busy : e->busy_last;
    e->s.threads = tkmi_team_size(e->s.threads_max, allowed, both);
    e->busy_last = busy;
    e->t_check = now;
}

/* Threads that sum from scratch, each with its own k*d sums: as many as
 * the form has, but no more than the scratch allows. */
static int sum_threads(int threads, size_t k, size_t nv)
{
    size_t per = k * (nv * sizeof(tkmi_i128) + sizeof(int64_t));
    size_t cap = TKMI_SCRATCH_MAX / (per ? per : 1);
    return cap < 1 ? 1 : cap < (size_t)threads ? (int)cap : threads;
}

static tkm_status cpu_assign(void *st, tkm_iter_stats *row, char *msg,
                             size_t msglen)
{
    engine_t *e = st;
    e->s.t_comm = 0.0;
    (void)msg;
    (void)msglen;
    follow_load(e);
    double t0 = tkmi_now();
    row->t_bound = 0.0;
    if (e->s.first) {
        e->alg->first(&e->s, row);
        e->s.first = 0;
    } else {
        if (e->alg->bound) {
            e->alg->bound(&e->s);
            row->t_bound = tkmi_now() - t0;
        }
        e->alg->assign(&e->s, row);
    }
    row->t_assign = tkmi_now() - t0 - row->t_bound;
    return TKM_OK;
}

/* The inertia's failure (tkmi_inertia: NaN, on every process). */
static tkm_status inertia_failed(const cpu_t *s, char *msg, size_t msglen)
{
    return tkmi_fail_alloc(msg, msglen, tkmi_part_blocks(s->pt->n_total), 1,
                           sizeof(double), "the inertia's block sums (on "
                           "this process or another)");
}

static tkm_status cpu_update(void *st, tkm_iter_stats *row, int want_inertia,
                             char *msg, size_t msglen)
{
    engine_t *e = st;
    double t0 = tkmi_now(), inertia = NAN;
    e->s.t_comm = 0.0;
    row->max_drift = TKM_FN(tkmi_cpu_update)(
        &e->s, want_inertia ? &inertia : NULL, &row->shift2);
    row->inertia = inertia;
    row->t_comm += e->s.t_comm;
    row->t_update = tkmi_now() - t0 - e->s.t_comm;
    return want_inertia && isnan(inertia) ? inertia_failed(&e->s, msg, msglen)
                                          : TKM_OK;
}

static tkm_status cpu_result(void *st, double *centroids, int32_t *labels,
                             double *inertia, double *t_download, char *msg,
                             size_t msglen)
{
    engine_t *e = st;
    cpu_t *s = &e->s;
    *t_download = 0.0;
    for (size_t i = 0; i < s->k * s->d; i++)
        centroids[i] = (double)s->c[i];
    memcpy(labels, s->labels, s->n * sizeof *labels);
    *inertia = TKM_FN(tkmi_inertia)(s->x, s->sp, s->n, s->d, s->k, s->c,
                                    s->labels,
                                    s->w,
                                    s->threads, s->pt, NULL);
    return isnan(*inertia) ? inertia_failed(s, msg, msglen) : TKM_OK;
}

static void cpu_destroy(void *st)
{
    engine_t *e = st;
    if (!e)
        return;
    if (e->alg && e->alg->release)
        e->alg->release(&e->s);
    TKM_FN(tkmi_kc_free)(&e->s.kc);
    free(e->s.c);
    free(e->s.drift);
    free(e->s.labels);
    free(e->s.fx);
    free(e->s.cnt);
    free(e->s.held);
    free(e->s.fxt);
    free(e->s.cntt);
    free(e->s.fx_sc);
    free(e->s.fx_acc);
    free(e->s.newc);
    if (e->s.gfx != e->s.fx)
        free(e->s.gfx);
    if (e->s.gcnt != e->s.cnt)
        free(e->s.gcnt);
    free(e->s.dist2);
    free(e->s.fcol);
    free(e->s.fvc);
    free(e->s.was_empty);
    TKM_FN(tkmi_screen_release)(&e->s);
    TKM_FN(tkmi_rows_free)(&e->s);
    free(e);
}

/* Whether the sums from scratch may take each value's digit as v 2^S in
 * a double (update.c: fast_sums): no weights, dense points, and in
 * every column one limb whose values times 2^S stay below 2^51 (top + S
 * <= 51; then v 2^S is an integer that a double holds, and 2^S itself a
 * normal double).  s->fx_sc gets each column's 2^S. */
static void fast_sums_ok(cpu_t *s, const double *prof, int weighted)
{
    s->fx_fast = !weighted && !s->sp;
    for (size_t j = 0; j < s->d; j++) {
        const double top = prof[TKMI_FX_PROF * j];
        const int S = s->fcol[j].S;
        if (top > TKMI_FX_NONE / 2 &&
            (s->fcol[j].W != 1 || top + S > 51 || S > 1023 || S < -1022))
            s->fx_fast = 0;
        s->fx_sc[j] = S > 1023 || S < -1022 ? 0.0 : ldexp(1.0, S);
    }
}

/* Bytes of the shared state cpu_alloc makes for s (its sizes set),
 * the kernels' packed centroids included. */
static size_t cpu_bytes(const cpu_t *s, int many)
{
    const size_t n = s->n, d = s->d, k = s->k, nv = s->nv, dw = s->dw;
    const size_t kw = (k + TKMI_KW - 1) / TKMI_KW * TKMI_KW;
    const size_t sums = (size_t)s->fx_threads + 1 + (many ? 1 : 0);
    size_t plan = 0;
    tkmi_plan_add(&plan, k, d, 2 * sizeof(tkm_real)); /* c, newc */
    tkmi_plan_add(&plan, kw, d, sizeof(tkm_real));    /* kc */
    tkmi_plan_add(&plan, k, 1, sizeof(tkm_real));     /* drift */
    tkmi_plan_add(&plan, n, 2, sizeof(int32_t));      /* labels, held */
    tkmi_plan_add(&plan, sums * k, nv, sizeof(tkmi_i128)); /* fx, fxt, gfx */
    tkmi_plan_add(&plan, sums, k, sizeof(int64_t)); /* cnt, cntt, gcnt */
    tkmi_plan_add(&plan, d, 1, sizeof(double)); /* fx_sc */
    if (dw == d && !s->sp) /* fx_acc, if the columns allow the fast sums */
        tkmi_plan_add(&plan, (size_t)s->fx_threads * k, d + 1,
                      sizeof(int64_t));
    tkmi_plan_add(&plan, dw, 1, sizeof(tkmi_fx_col)); /* fcol */
    tkmi_plan_add(&plan, nv, 1, sizeof(tkmi_fx_vc));  /* fvc */
    if (s->empty == TKM_EMPTY_FARTHEST) {
        tkmi_plan_add(&plan, n, 1, sizeof *s->dist2);
        tkmi_plan_add(&plan, k, 1, 1); /* was_empty */
    }
    return plan;
}

/* Whether TKM_SCREEN_AUTO screens dense points of d columns against k
 * centroids (solver.h's thresholds, from the measurements they cite). */
int TKM_FN(tkmi_screen_wins)(tkm_algorithm a, size_t d, size_t k)
{
    if (d >= TKMI_SCREEN_MIN_D && k >= TKMI_SCREEN_MIN_K)
        return 1;
    if ((a == TKM_LLOYD || a == TKM_HAMERLY) && d >= TKMI_SCREEN_WIDE_D &&
        k >= TKMI_SCREEN_WIDE_K)
        return 1;
    if (a != TKM_LLOYD)
        return 0;
    static const size_t lloyd[][2] = TKMI_SCREEN_LLOYD;
    for (size_t r = 0; r < sizeof lloyd / sizeof lloyd[0]; r++)
        if (d >= lloyd[r][0] && k >= lloyd[r][1])
            return 1;
    return 0;
}

/* Allocate the shared state, its total checked first; the algorithm's
 * setup adds its bounds. */
static tkm_status cpu_alloc(engine_t *e, const TKM_FN(tkmi_problem) *pb,
                            char *msg, size_t msglen)
{
    cpu_t *s = &e->s;
    size_t n = pb->n, d = pb->d, k = pb->k;
    char what[128];
    s->x = pb->x;
    s->sp = pb->sp;
    s->n = n;
    s->d = d;
    s->k = k;
    s->dw = pb->weighted ? d + 1 : d;
    s->w = pb->w;
    s->fcol = tkmi_alloc(s->dw, 1, sizeof *s->fcol);
    if (!s->fcol)
        return tkmi_fail_alloc(msg, msglen, s->dw, 1, sizeof *s->fcol,
                               "the columns of the centroid sums");
    s->nv = tkmi_fx_layout(pb->prof, d, pb->weighted, s->fcol, NULL);
    s->empty = pb->p->empty;
    s->no_cc = pb->p->no_cc;
    s->max_drift_only = pb->p->max_drift_only;
    s->threads = s->threads_max = pb->threads_max;
    s->first = 1;
    s->fx_threads = sum_threads(s->threads_max, k, s->nv);
    /* sparse points, every algorithm: the screening's products cost their
     * stored values where the direct scan costs d, and need no BLAS */
    s->screen = (pb->can_screen || s->sp) &&
                (pb->p->screen == TKM_SCREEN_ON ||
                 (pb->p->screen == TKM_SCREEN_AUTO &&
                  (s->sp || (TKM_FN(tkmi_screen_available)() &&
                             !tkmi_blas_narrow() &&
                             TKM_FN(tkmi_screen_wins)(pb->p->algorithm, d,
                                                      k)))));
    int many = pb->pt->comm && pb->pt->comm->size > 1;
    const size_t plan = cpu_bytes(s, many);
    snprintf(what, sizeof what, "the solver's state for n=%zu, d=%zu, "
             "k=%zu", n, d, k);
    tkm_status rc = tkmi_mem_check(plan, msg, msglen, "%s", what);
    if (rc != TKM_OK)
        return rc;
    s->c = tkmi_alloc(k, d, sizeof *s->c);
    s->drift = tkmi_calloc(k, 1, sizeof *s->drift);
    s->labels = tkmi_alloc(n, 1, sizeof *s->labels);
    s->fx = tkmi_alloc(k, s->nv, sizeof *s->fx);
    s->cnt = tkmi_alloc(k, 1, sizeof *s->cnt);
    s->held = tkmi_alloc(n, 1, sizeof *s->held);
    s->fxt = tkmi_alloc((size_t)s->fx_threads * k, s->nv, sizeof *s->fxt);
    s->cntt = tkmi_alloc((size_t)s->fx_threads, k, sizeof *s->cntt);
    s->fx_sc = tkmi_alloc(d, 1, sizeof *s->fx_sc);
    s->newc = tkmi_alloc(k, d, sizeof *s->newc);
    s->pt = pb->pt;
    s->gfx = many ? tkmi_alloc(k, s->nv, sizeof *s->gfx) : s->fx;
    s->gcnt = many ? tkmi_alloc(k, 1, sizeof *s->gcnt) : s->cnt;
    s->fvc = tkmi_alloc(s->nv, 1, sizeof *s->fvc);
    if (s->empty == TKM_EMPTY_FARTHEST) {
        s->dist2 = tkmi_alloc(n, 1, sizeof *s->dist2);
        s->was_empty = tkmi_alloc(k, 1, 1);
    }
    if (!s->c || !s->drift || !s->labels || !s->fx || !s->cnt || !s->held ||
        !s->fxt || !s->cntt || !s->fx_sc || !s->newc || !s->gfx ||
        !s->gcnt || !s->fvc ||
        (s->empty == TKM_EMPTY_FARTHEST && (!s->dist2 || !s->was_empty)) ||
        TKM_FN(tkmi_kc_init)(&s->kc, k, d) != TKM_OK)
        return tkmi_fail_alloc(msg, msglen, plan, 1, 1, "%s", what);
    if ((rc = TKM_FN(tkmi_rows_init)(s, msg, msglen)) != TKM_OK)
        return rc;
    (void)tkmi_fx_layout(pb->prof, d, pb->weighted, s->fcol, s->fvc);
    fast_sums_ok(s, pb->prof, pb->weighted);
    if (s->fx_fast &&
        !(s->fx_acc = tkmi_alloc((size_t)s->fx_threads * k, d + 1,
                                 sizeof *s->fx_acc)))
        return tkmi_fail_alloc(msg, msglen, (size_t)s->fx_threads * k, d + 1,
                               sizeof *s->fx_acc, "the int64 runs of the "
                               "centroid sums (%d threads, k = %zu, d = %zu)",
                               s->fx_threads, k, d);
    memcpy(s->c, pb->init, k * d * sizeof *s->c);
    s->kern = TKM_FN(tkmi_kern_get)();
    TKM_FN(tkmi_rows_moved)(s);
    /* first touch by the threads that later read each run of labels */
    long long nn = (long long)n;
#pragma omp parallel for num_threads(pb->threads) if (pb->threads > 1) \
    schedule(static)
    for (long long i = 0; i < nn; i++)
        s->labels[i] = s->held[i] = -1;
    return TKM_OK;
}

tkm_status TKM_FN(tkmi_cpu_engine)(const TKM_FN(tkmi_problem) *pb,
                                   const TKM_FN(tkmi_cpu_alg) *alg,
                                   TKM_FN(tkmi_engine) *eng, char *msg,
                                   size_t msglen)
{
    tkm_status rc = TKM_OK;
    engine_t *e = tkmi_calloc(1, 1, sizeof *e);
    if (!e)
        rc = tkmi_fail(TKM_ENOMEM, msg, msglen, "out of memory");
    else if ((rc = tkmi_isa_check(msg, msglen)) == TKM_OK) {
        e->alg = alg;
        rc = cpu_alloc(e, pb, msg, msglen);
        if (rc == TKM_OK && e->alg->setup)
            rc = e->alg->setup(&e->s, msg, msglen);
    }
    if (rc != TKM_OK)
        goto cleanup;
    /* the per-thread buffers are made for threads_max; the team begins
     * as the run chose it */
    e->s.threads = pb->threads;
    e->follow = pb->follow;
    e->busy_last = pb->busy;
    e->t_check = tkmi_now();
    eng->st = e;
    eng->assign = cpu_assign;
    eng->update = cpu_update;
    eng->result = cpu_result;
    eng->destroy = cpu_destroy;
    eng->bound_bytes = e->s.bound_bytes;
    eng->threads = e->s.threads;
    eng->blocks = 0;
    return TKM_OK;
cleanup:
    cpu_destroy(e);
    return rc;
}
