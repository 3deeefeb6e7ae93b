/*
 * Sweeps over solvers, shared by `check` and `bench`: the plan (algorithm
 * x form x precision x thread count / block size, the sequential Lloyd
 * baseline of each precision first), one run that records rather than
 * stops when a form cannot run here, and the verdict against the baseline.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* How many variants an algorithm's form takes: thread counts (omp), block
 * sizes (cuda), one otherwise, and one for a form that the algorithm lacks
 * or that cannot run here (it is listed once, as skipped). */
static int variants(const cli_solver_set *s, tkm_algorithm a, tkm_form f)
{
    if (!tkmi_alg_has_form(a, f, NULL, 0) ||
        tkm_form_available(f, NULL, 0) != TKM_OK)
        return 1;
    return f == TKM_OMP   ? s->nthreads
         : f == TKM_SEQ   ? 1
                          : s->nblocks * (s->nupdate ? s->nupdate : 1);
}

static size_t plan_precision(const cli_solver_set *s, tkm_precision prec,
                             int baseline, cli_solver_run *rows)
{
    size_t n = 0;
    if (baseline) {
        if (rows)
            rows[n] = (cli_solver_run){.algo = TKM_LLOYD, .form = TKM_SEQ,
                                       .prec = prec, .threads = 1,
                                       .baseline = 1};
        n++;
    }
    for (int ai = 0; ai < s->nalgo; ai++)
        for (int fi = 0; fi < s->nform; fi++) {
            tkm_form f = (tkm_form)s->forms[fi];
            int omp = f == TKM_OMP, seq = f == TKM_SEQ;
            if (baseline && seq && s->algos[ai] == TKM_LLOYD)
                continue; /* that is the baseline */
            const tkm_algorithm a = (tkm_algorithm)s->algos[ai];
            for (int v = 0; v < variants(s, a, f); v++) {
                cli_solver_run r = {.algo = a,
                                    .form = f, .prec = prec};
                r.threads = omp ? s->threads[v] : seq ? 1 : 0;
                r.block = (!omp && !seq) ? s->blocks[v % s->nblocks] : 0;
                /* the CUDA forms: each update with every block size */
                if (!omp && !seq && s->nupdate)
                    r.update = (tkm_update)s->updates[v / s->nblocks];
                if (rows)
                    rows[n] = r;
                n++;
            }
        }
    return n;
}

cli_solver_run *cli_solver_plan(const cli_solver_set *s, int baseline,
                                size_t *nrows)
{
    size_t n = 0;
    for (int pi = 0; pi < s->nprec; pi++)
        n += plan_precision(s, (tkm_precision)s->precs[pi], baseline, NULL);
    cli_solver_run *rows = calloc(n ? n : 1, sizeof *rows);
    *nrows = 0;
    if (!rows)
        return NULL;
    for (int pi = 0; pi < s->nprec; pi++)
        *nrows += plan_precision(s, (tkm_precision)s->precs[pi], baseline,
                                 rows + *nrows);
    return rows;
}

static void sum_counters(cli_solver_run *row)
{
    for (int i = 0; i < row->res.iterations; i++) {
        const tkm_iter_stats *it = &row->res.iters[i];
        row->dist_pc += it->dist_pc;
        row->dist_cc += it->dist_cc;
        row->pruned_points += it->pruned_points;
        row->pruned_pairs += it->pruned_pairs;
        row->t_assign += it->t_assign;
        row->t_update += it->t_update;
        row->t_bound += it->t_bound;
    }
}

void cli_solver_run_one(const tkm_params *tmpl, const tkm_dataset *ds,
                        const double *init, cli_solver_run *row)
{
    tkm_params p = *tmpl;
    p.algorithm = row->algo;
    p.form = row->form;
    p.precision = row->prec;
    p.threads = row->threads;
    p.block_size = row->block;
    p.update = row->update;
    /* the pruning ablations, where they apply (the baseline keeps none) */
    cli_solver_ablations(tmpl, row->algo, &p.no_cc, &p.max_drift_only);
    char why[sizeof row->why] = "";
    tkm_status st = tkmi_alg_has_form(row->algo, row->form, why, sizeof why)
                        ? tkm_form_available(row->form, why, sizeof why)
                        : TKM_ENOTSUP;
    /* a combination the form does not have (the library's rule) is
     * skipped like an absent form */
    if (st == TKM_OK &&
        tkm_params_check(&p, ds->n, ds->d, why, sizeof why) == TKM_ENOTSUP)
        st = TKM_ENOTSUP;
    row->skipped = st != TKM_OK;
    if (st == TKM_OK &&
        (st = tkm_fit(ds, init, &p, &row->res, why, sizeof why)) ==
            TKM_ENOTSUP)
        row->skipped = 1; /* what the data asks the form lacks (a CUDA
                             form of Yinyang on sparse points) */
    row->ran = st == TKM_OK;
    if (!row->ran)
        snprintf(row->why, sizeof row->why, "%s",
                 why[0] ? why : tkm_strerror(st));
    else
        sum_counters(row);
}

const cli_solver_run *cli_solver_baseline(const cli_solver_run *rows,
                                          size_t n, tkm_precision p)
{
    for (size_t i = 0; i < n; i++)
        if (rows[i].prec == p && rows[i].baseline)
            return &rows[i];
    return NULL;
}

int cli_solver_judge(const tkm_dataset *ds, const cli_solver_run *base,
                     cli_solver_run *r, size_t *idx, double *gap,
                     size_t max_list)
{
    if (!r->ran || !base || !base->ran)
        /* a form absent from this build or machine is skipped; any other
         * run that did not happen is a failure */
        return !r->skipped || !base || !base->ran;
    char msg[sizeof r->why];
    if (tkm_compare_results(ds, &base->res, &r->res,
                            tkm_check_tolerance(r->prec), &r->cmp, idx, gap,
                            max_list, msg, sizeof msg) != TKM_OK) {
        snprintf(r->why, sizeof r->why, "%s", msg);
        return 1;
    }
    r->judged = 1;
    /* an inexact update asked for is reported, not held to the baseline */
    return r->update == TKM_UPDATE_EXACT && !r->cmp.pass;
}

double cli_solver_pruned(const cli_solver_run *r)
{
    double full = (double)r->res.n * (double)r->res.k *
                  (double)r->res.iterations;
    return full > 0 ? 1.0 - (double)r->dist_pc / full : 0.0;
}

void cli_solver_ablations(const tkm_params *tmpl, tkm_algorithm a,
                          int *no_cc, int *max_drift_only)
{
    *no_cc = tmpl->no_cc && tkmi_alg_has(a, TKMI_CAP_NO_CC);
    *max_drift_only = tmpl->max_drift_only && tkmi_alg_has(a,
                                                           TKMI_CAP_MAX_DRIFT);
}

int cli_solver_threads(const cli_solver_run *r)
{
    return r->form == TKM_SEQ   ? 1
         : r->form == TKM_OMP   ? (r->ran ? r->res.threads : r->threads)
                                : 0;
}

const char *cli_solver_verdict(const cli_solver_run *r)
{
    if (!r->ran)
        return r->skipped ? "skipped" : "failed";
    if (r->baseline)
        return "baseline";
    if (!r->judged)
        return "unchecked";
    if (r->update != TKM_UPDATE_EXACT)
        return "inexact";
    return r->cmp.pass ? "pass" : "fail";
}
