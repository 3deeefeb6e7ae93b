/*
 * The sweep of trikmeans bench: for each data set, k, initialisation and
 * seed, the same start for every solver; each planned solver repeated;
 * each run judged against sequential Lloyd of its precision (run first,
 * double before float so that float runs can also be held against the
 * double baseline), and written as one row of runs.csv plus one row per
 * iteration in iterations.csv.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench.h"

const char cli_bench_runs_header[] =
    "run,dataset,n,d,k,init,seed,algorithm,form,precision,threads,"
    "block_size,blocks,repetition,status,verdict,reason,iterations,"
    "converged,max_iter,t_total,t_assign,t_update,t_bound,dist_pc,dist_cc,"
    "pruned_points,pruned_pairs,frac_pruned,inertia,bound_bytes,label_diff,"
    "ties,max_abs_diff,inertia_rel,f64_label_diff,f64_max_abs_diff,"
    "f64_inertia_rel,silhouette,calinski_harabasz,davies_bouldin,"
    "t_convert,t_setup,t_upload,t_loop,t_result,t_download,gflops,gbytes_s,"
    "share_transfer,"
    "share_assign,share_update,busy_cpus,no_cc,max_drift_only,update\n";

const char cli_bench_iters_header[] =
    "run,iter,changed,dist_pc,dist_cc,pruned_points,pruned_pairs,"
    "frac_pruned,max_drift,t_assign,t_update,t_bound\n";

/* One start: the data set, k and the initialisation every solver of the
 * case shares. */
typedef struct {
    const cli_bench_data *d;
    const tkm_dataset *ds;
    size_t n, dim, k;
    int init;
    uint64_t seed;
    const double *start;    /* NULL when the case cannot run            */
    const char *why;        /* then: the reason                          */
    const char *why_data;   /* why the data set could not be loaded      */
    const cli_solver_run *base[2]; /* kept baselines: [0] f32, [1] f64  */
} bench_case;

typedef struct {
    tkm_comparison vs64; /* a float run against the double baseline     */
    int have64;
    double score[3];     /* silhouette, CH, DB; NaN when not computed    */
} run_extra;

/* ---- counting ---------------------------------------------------------- */

/* The solver set with double first, so that the double baseline exists
 * when the float runs are judged. */
static cli_solver_set ordered(const cli_solver_set *s)
{
    cli_solver_set o = *s;
    if (o.nprec == 2 && o.precs[0] == TKM_F32) {
        o.precs[0] = TKM_F64;
        o.precs[1] = TKM_F32;
    }
    return o;
}

/* Runs of plan row r: the repetitions, or one for a baseline that the
 * preset's forms or algorithms leave out (sequential Lloyd only judges
 * the others there: its result does not change from run to run, and its
 * time is not asked for). */
static int reps_of(const cli_solver_set *s, const cli_solver_run *r,
                   int repetitions)
{
    if (!r->baseline)
        return repetitions;
    int seq = 0, lloyd = 0;
    for (int i = 0; i < s->nform; i++)
        seq |= s->forms[i] == TKM_SEQ;
    for (int i = 0; i < s->nalgo; i++)
        lloyd |= s->algos[i] == TKM_LLOYD;
    return seq && lloyd ? repetitions : 1;
}

/* Estimated values in a data file (n d) from its size. */
static double file_values(const cli_bench_data *d)
{
    struct stat st;
    if (stat(d->path, &st) != 0)
        return 0;
    const char *e = cli_ext(d->path);
    return (double)st.st_size / (!strcmp(e, ".npy") || d->raw_d ? 8 : 12);
}

size_t cli_bench_count(const cli_bench_data *d, double *work)
{
    const cli_bench_runs *r = &d->runs;
    cli_solver_set s = ordered(&r->set);
    size_t n, rows = 0;
    double values = d->source == CLI_DATA_FILE ? file_values(d)
                                               : (double)d->n * d->d;
    cli_solver_run *plan = cli_solver_plan(&s, r->baseline, &n);
    *work = 0;
    for (size_t i = 0; plan && i < n; i++) {
        /* a pair the machine or the algorithm lacks: one skipped row */
        int avail = tkm_form_available(plan[i].form, NULL, 0) == TKM_OK &&
                    tkmi_alg_has_form(plan[i].algo, plan[i].form, NULL, 0);
        size_t reps = avail ? (size_t)reps_of(&s, &plan[i], r->repetitions)
                            : 1;
        rows += reps;
        for (int j = 0; avail && j < r->nk; j++)
            *work += (double)reps * values * (double)r->ks[j];
    }
    free(plan);
    size_t starts = (size_t)r->nk * (size_t)r->ninit * (size_t)r->nseed;
    *work *= (double)r->ninit * r->nseed;
    return rows * starts;
}

/* ---- rows -------------------------------------------------------------- */

static void num(FILE *f, double v)
{
    if (isfinite(v))
        tkmi_put_double(f, v);
    fputc(',', f);
}

static void count(FILE *f, uint64_t v)
{
    fprintf(f, "%llu,", (unsigned long long)v);
}

static void shape(const cli_solver_run *r, int *threads, int *block,
                  int *blocks)
{
    int cuda = r->form >= TKM_CUDA_GLOBAL;
    *threads = cli_solver_threads(r);
    *block = cuda ? (r->ran ? r->res.threads : r->block) : 0;
    *blocks = cuda && r->ran ? r->res.blocks : 0;
}

/* The comparison columns: empty unless the run was judged. */
static void comparison(FILE *f, const tkm_comparison *c, int have)
{
    if (!have) {
        fputs(",,,,", f);
        return;
    }
    count(f, c->label_diff);
    count(f, c->ties);
    num(f, c->max_abs_diff);
    num(f, c->inertia_rel);
}

/* Zechner & Granitzer's measures of a run's loop (docs/evaluation.md):
 * GFLOP/s of the distances computed, 3 d + 2 operations each (their
 * equation 2: difference, square and sum per dimension, then the
 * comparison and the index update), and of the update, d (n + k) an
 * iteration (their equation 3: the points added into the sums, the sums
 * divided); GB/s of the points read and the labels written once per
 * assignment; and the shares of the whole run (t_total) spent moving
 * data (set-up, upload, result and download),
 * assigning (assign and bound phases) and updating. */
static void throughput(FILE *f, const tkm_result *res,
                       const cli_solver_run *r)
{
    double w = res->precision == TKM_F32 ? 4.0 : 8.0, d = (double)res->d;
    double flops = (3.0 * d + 2.0) * (double)(r->dist_pc + r->dist_cc) +
                   (double)res->iterations * d *
                       ((double)res->n + (double)res->k);
    double bytes = (double)res->iterations * (double)res->n * (d * w + 4.0);
    double t = res->t_loop, tt = res->t_total;
    num(f, t > 0 ? flops / t / 1e9 : NAN);
    num(f, t > 0 ? bytes / t / 1e9 : NAN);
    num(f, tt > 0 ? (res->t_setup + res->t_upload + res->t_result +
                     res->t_download) / tt
                  : NAN);
    num(f, tt > 0 ? (r->t_assign + r->t_bound) / tt : NAN);
    num(f, tt > 0 ? r->t_update / tt : NAN);
}

static void write_run(bench_state *b, const bench_case *c, long id,
                      int rep, const cli_solver_run *r, const run_extra *x,
                      const cli_load *load, const tkm_params *tmpl)
{
    FILE *f = b->runs;
    int threads, block, blocks, no_cc, max_drift;
    shape(r, &threads, &block, &blocks);
    cli_solver_ablations(tmpl, r->algo, &no_cc, &max_drift);
    fprintf(f, "%ld,", id);
    cli_csv_field(f, c->d->name, ",");
    fprintf(f, "%zu,%zu,%zu,%s,%llu,%s,%s,%s,%d,%d,%d,%d,%s,%s,", c->n,
            c->dim, c->k, tkm_init_name((tkm_init_method)c->init),
            (unsigned long long)c->seed, tkm_algorithm_name(r->algo),
            tkm_form_name(r->form), tkm_precision_name(r->prec), threads,
            block, blocks, rep,
            r->ran ? "ok" : r->skipped ? "skipped" : "failed",
            cli_solver_verdict(r));
    cli_csv_field(f, r->ran ? "" : r->why, ",");
    if (!r->ran) {
        /* the 33 columns after max_iter: nothing measured */
        fprintf(f, ",,%d", c->d->runs.max_iter);
        for (int i = 0; i < 33; i++)
            fputc(',', f);
        fprintf(f, ",%d,%d,%s\n", no_cc, max_drift,
                tkm_update_name(r->update));
        return;
    }
    const tkm_result *res = &r->res;
    fprintf(f, "%d,%d,%d,", res->iterations, res->converged,
            c->d->runs.max_iter);
    num(f, res->t_total);
    num(f, r->t_assign);
    num(f, r->t_update);
    num(f, r->t_bound);
    count(f, r->dist_pc);
    count(f, r->dist_cc);
    count(f, r->pruned_points);
    count(f, r->pruned_pairs);
    num(f, cli_solver_pruned(r));
    num(f, res->inertia);
    count(f, res->bound_bytes);
    comparison(f, &r->cmp, r->judged);
    if (x->have64) {
        count(f, x->vs64.label_diff);
        num(f, x->vs64.max_abs_diff);
        num(f, x->vs64.inertia_rel);
    } else {
        fputs(",,,", f);
    }
    num(f, x->score[0]);
    num(f, x->score[1]);
    num(f, x->score[2]);
    num(f, res->t_convert);
    num(f, res->t_setup);
    num(f, res->t_upload);
    num(f, res->t_loop);
    num(f, res->t_result);
    num(f, res->t_download);
    throughput(f, res, r);
    if (cli_load_busy(load) >= 0)
        fprintf(f, "%d", cli_load_busy(load));
    fprintf(f, ",%d,%d,%s\n", no_cc, max_drift, tkm_update_name(r->update));
}

static void write_iters(bench_state *b, long id, const cli_solver_run *r)
{
    const tkm_result *res = &r->res;
    double full = (double)res->n * (double)res->k;
    for (int i = 0; r->ran && i < res->iterations; i++) {
        const tkm_iter_stats *s = &res->iters[i];
        /* the measures of an iteration, to a float's digits */
        const double v[5] = {full > 0 ? 1.0 - (double)s->dist_pc / full
                                      : 0.0,
                             s->max_drift, s->t_assign, s->t_update,
                             s->t_bound};
        fprintf(b->iters, "%ld,%d,%llu,%llu,%llu,%llu,%llu", id, s->iter,
                (unsigned long long)s->changed,
                (unsigned long long)s->dist_pc,
                (unsigned long long)s->dist_cc,
                (unsigned long long)s->pruned_points,
                (unsigned long long)s->pruned_pairs);
        for (int q = 0; q < 5; q++) {
            fputc(',', b->iters);
            tkmi_put_float(b->iters, (float)v[q]);
        }
        fputc('\n', b->iters);
    }
}

/* ---- one run ----------------------------------------------------------- */

static int on_iter(const tkm_iter_stats *it, void *ctx)
{
    (void)it;
    cli_progress_draw(&((bench_state *)ctx)->pg, 0);
    return 0;
}

static void scores(const bench_case *c, const cli_solver_run *r,
                   run_extra *x)
{
    const cli_bench_runs *rk = &c->d->runs;
    x->score[0] = x->score[1] = x->score[2] = NAN;
    if (!rk->scores || !r->ran)
        return;
    size_t sample = rk->score_sample < c->n ? rk->score_sample : 0;
    double v;
    if (tkm_silhouette(c->ds, r->res.labels, c->k, sample, c->seed, 0, &v,
                       NULL, 0) == TKM_OK)
        x->score[0] = v;
    if (tkm_calinski_harabasz(c->ds, r->res.labels, c->k, &v, NULL, 0) ==
        TKM_OK)
        x->score[1] = v;
    if (tkm_davies_bouldin(c->ds, r->res.labels, c->k, &v, NULL, 0) ==
        TKM_OK)
        x->score[2] = v;
}

void cli_bench_tally(bench_state *b, const char *v)
{
    size_t *slot = !strcmp(v, "baseline")  ? &b->n_baseline
                 : !strcmp(v, "pass")      ? &b->n_pass
                 : !strcmp(v, "fail")      ? &b->n_fail
                 : !strcmp(v, "unchecked") ? &b->n_unchecked
                 : !strcmp(v, "skipped")   ? &b->n_skipped
                                           : &b->n_failed;
    (*slot)++;
}

/* Run (or record as not run) one planned solver once and write its rows;
 * r->res stays owned by the caller, who keeps it (a baseline) or frees
 * it. */
static void one_run(bench_state *b, bench_case *c, const tkm_params *tmpl,
                    cli_solver_run *r, int rep)
{
    run_extra x = {0};
    cli_load load = {0, -1, -1};
    long id = b->next_id++;
    snprintf(b->pg.current, sizeof b->pg.current,
             "%s k=%zu %s %s %s rep %d", c->d->name, c->k,
             tkm_algorithm_name(r->algo), tkm_form_name(r->form),
             tkm_precision_name(r->prec), rep);
    cli_progress_draw(&b->pg, 1);
    if (c->start) {
        cli_load_begin(&load);
        cli_solver_run_one(tmpl, c->ds, c->start, r);
        cli_load_end(&load);
    } else {
        r->ran = r->skipped = 0;
        snprintf(r->why, sizeof r->why, "%s", c->why);
    }
    const cli_solver_run *base = c->base[r->prec == TKM_F64];
    if (!r->baseline && base)
        cli_solver_judge(c->ds, base, r, NULL, NULL, 0);
    if (r->ran && r->prec == TKM_F32 && c->base[1])
        x.have64 = tkm_compare_results(c->ds, &c->base[1]->res, &r->res, 0,
                                       &x.vs64, NULL, NULL, 0, NULL,
                                       0) == TKM_OK;
    scores(c, r, &x);
    write_run(b, c, id, rep, r, &x, &load, tmpl);
    write_iters(b, id, r);
    fflush(b->runs);
    fflush(b->iters);
    cli_bench_tally(b, cli_solver_verdict(r));
    b->pg.runs_done++;
    if (r->ran)
        b->pg.work_done += (double)c->n * (double)c->dim * (double)c->k;
}

static void run_case(bench_state *b, bench_case *c)
{
    const cli_bench_runs *rk = &c->d->runs;
    cli_solver_set set = ordered(&rk->set);
    size_t n;
    cli_solver_run *plan = cli_solver_plan(&set, rk->baseline, &n);
    cli_solver_run *kept[2] = {NULL, NULL};
    tkm_params tmpl;
    tkm_params_default(&tmpl);
    tmpl.k = c->k;
    tmpl.max_iter = rk->max_iter;
    tmpl.empty = rk->empty;
    tmpl.fixed_iter = rk->fixed_iter;
    tmpl.no_cc = rk->no_cc;
    tmpl.max_drift_only = rk->max_drift_only;
    tmpl.progress = on_iter;
    tmpl.progress_ctx = b;
    for (size_t i = 0; plan && i < n; i++)
        for (int rep = 1, reps = reps_of(&set, &plan[i], rk->repetitions);
             rep <= reps; rep++) {
            cli_solver_run r = plan[i];
            r.baseline = plan[i].baseline && rep == 1;
            one_run(b, c, &tmpl, &r, rep);
            int p = r.prec == TKM_F64;
            if (r.baseline && r.ran && (kept[p] = malloc(sizeof r))) {
                *kept[p] = r;
                c->base[p] = kept[p];
            } else {
                tkm_result_free(&r.res);
            }
            if (!r.ran)
                break; /* a form that cannot run is recorded once */
        }
    for (int p = 0; p < 2; p++) {
        if (kept[p])
            tkm_result_free(&kept[p]->res);
        free(kept[p]);
        c->base[p] = NULL;
    }
    free(plan);
}

/* ---- one data set ------------------------------------------------------ */

static tkm_status load(const cli_bench_data *d, tkm_dataset *ds, char *why,
                       size_t len)
{
    const cli_solver_set *s = &d->runs.set;
    if (d->source == CLI_DATA_BLOBS)
        return tkm_generate_blobs(d->n, d->d, d->centres, d->spread, d->box,
                                  d->seed, ds, NULL, why, len);
    if (d->source == CLI_DATA_UNIFORM)
        return tkm_generate_uniform(d->n, d->d, d->box, d->seed, ds, why,
                                    len);
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    o.target = TKM_F64;
    for (int i = 0; i < s->nprec; i++)
        if (s->precs[i] == TKM_F32)
            o.target = TKM_F32;
    if (d->raw_d || cli_is_raw(d->path)) {
        o.format = TKM_FMT_RAW;
        o.raw_d = d->raw_d;
        o.raw_bits = d->raw_bits;
    }
    o.usecols = d->usecols[0] ? d->usecols : NULL;
    o.skip_cols = d->skip_cols[0] ? d->skip_cols : NULL;
    tkm_status st = tkm_dataset_read(d->path, &o, ds, why, len);
    if (st == TKM_OK && TKM_DATASET_SPARSE(ds)) {
        /* the harness's checker and measures read the points themselves */
        tkm_dataset_free(ds);
        st = tkmi_fail(TKM_ENOTSUP, why, len, "%s holds sparse points (.npz "
                       "or .mtx), which bench does not take; convert the "
                       "data to dense (.npy, CSV) for it", d->path);
    }
    return st;
}

static void each_start(bench_state *b, bench_case *c)
{
    const cli_bench_runs *rk = &c->d->runs;
    for (int ki = 0; ki < rk->nk; ki++)
        for (int ii = 0; ii < rk->ninit; ii++)
            for (int si = 0; si < rk->nseed; si++) {
                if (cli_bench_resume_skip(b))
                    continue; /* ended before --resume */
                char why[512] = "";
                double *start = NULL;
                c->k = (size_t)rk->ks[ki];
                c->init = rk->inits[ii];
                c->seed = (uint64_t)rk->seeds[si];
                c->why = why;
                if (c->ds && c->k > c->n)
                    snprintf(why, sizeof why, "k = %zu is more than n = %zu",
                             c->k, c->n);
                else if (c->ds && !(start = tkmi_alloc(c->k, c->dim,
                                                       sizeof *start)))
                    snprintf(why, sizeof why, "out of memory for the start");
                else if (c->ds &&
                         tkm_init_centroids(c->ds, c->k,
                                            (tkm_init_method)c->init, 0,
                                            c->seed, start, why,
                                            sizeof why) != TKM_OK) {
                    free(start);
                    start = NULL;
                }
                if (!c->ds)
                    snprintf(why, sizeof why, "%s", c->why_data);
                c->start = start;
                run_case(b, c);
                free(start);
                c->start = NULL;
            }
}

void cli_bench_data_set(bench_state *b, const cli_bench_data *d)
{
    const cli_bench_runs *rk = &d->runs;
    const size_t cases = (size_t)rk->nk * (size_t)rk->ninit *
                         (size_t)rk->nseed;
    if (b->rs && b->rs->next + cases <= b->rs->ncases) {
        b->rs->next += cases; /* every case ended before --resume */
        return;
    }
    tkm_dataset ds = {0};
    char why[512] = "";
    bench_case c = {.d = d};
    tkm_status st = load(d, &ds, why, sizeof why);
    if (st == TKM_OK) {
        c.ds = &ds;
        c.n = ds.n;
        c.dim = ds.d;
    } else if (!why[0]) {
        snprintf(why, sizeof why, "%s", tkm_strerror(st));
    }
    c.why_data = why;
    if (!b->quiet && !b->pg.tty && st == TKM_OK)
        fprintf(stderr, "bench: [data %s] %zu x %zu\n", d->name, ds.n, ds.d);
    else if (!b->quiet && st != TKM_OK)
        fprintf(stderr, "bench: [data %s] cannot be loaded: %s\n", d->name,
                why);
    each_start(b, &c);
    tkm_dataset_free(&ds);
}

int cli_bench_probe(const cli_bench_data *d, size_t *k, int *iterations,
                    double *secs, char *why, size_t len)
{
    const cli_bench_runs *rk = &d->runs;
    tkm_dataset ds = {0};
    double *start = NULL;
    int rc = -1;
    if (load(d, &ds, why, len) != TKM_OK)
        return -1;
    *k = 0;
    for (int j = 0; j < rk->nk; j++)
        if ((size_t)rk->ks[j] <= ds.n && (!*k || (size_t)rk->ks[j] < *k))
            *k = (size_t)rk->ks[j];
    if (!*k) {
        snprintf(why, len, "every k is more than its %zu points", ds.n);
        goto done;
    }
    tkm_params p;
    tkm_params_default(&p);
    p.k = *k;
    p.max_iter = rk->max_iter;
    p.fixed_iter = rk->fixed_iter;
    tkm_result res;
    if (!(start = tkmi_alloc(*k, ds.d, sizeof *start)))
        snprintf(why, len, "out of memory for the start");
    else if (tkm_init_centroids(&ds, *k, (tkm_init_method)rk->inits[0], 0,
                                (uint64_t)rk->seeds[0], start, why,
                                len) == TKM_OK &&
             tkm_fit(&ds, start, &p, &res, why, len) == TKM_OK) {
        *iterations = res.iterations;
        *secs = res.t_total;
        tkm_result_free(&res);
        rc = 0;
    }
done:
    free(start);
    tkm_dataset_free(&ds);
    return rc;
}
