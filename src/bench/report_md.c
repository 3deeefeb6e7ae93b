/*
 * report.md: the machine, an overview of every case, what was skipped or
 * failed, and per case (data set, k) a table of every solver
 * configuration with its plots; then scikit-learn beside trikmeans and
 * the initialisation study where the runs hold them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static int index_of(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(names[i], s))
            return i;
    return n;
}

/* An algorithm's place in the display order (unknown names last). */
static int algo_index(const char *s)
{
    for (int a = 0; a < TKM_NALGO; a++)
        if (!strcmp(rp_algo(a), s))
            return a;
    return TKM_NALGO;
}

static int cfg_order(const void *a, const void *b)
{
    const rp_cfg *x = *(const rp_cfg *const *)a;
    const rp_cfg *y = *(const rp_cfg *const *)b;
    int k[2][5] = {{index_of(rp_forms, 5, x->form),
                    algo_index(x->algo),
                    index_of(rp_precs, 2, x->prec), x->threads, x->block},
                   {index_of(rp_forms, 5, y->form),
                    algo_index(y->algo),
                    index_of(rp_precs, 2, y->prec), y->threads, y->block}};
    for (int i = 0; i < 5; i++)
        if (k[0][i] != k[1][i])
            return k[0][i] < k[1][i] ? -1 : 1;
    return 0;
}

/* "1.23e-05"-style numbers, "-" for NaN. */
static const char *g4(double v, char *buf, size_t len)
{
    if (!isfinite(v))
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%.4g", v);
    return buf;
}

/* A median with the least and greatest of its runs: "m [lo, hi]", "-"
 * for NaN. */
static const char *spread(double m, const double range[2], char *buf,
                          size_t len)
{
    if (!isfinite(m))
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%.4g [%.4g, %.4g]", m, range[0], range[1]);
    return buf;
}

/* A configuration's time as spread() writes it, marked "(busy)" when a
 * run of it met other work on the CPUs and "(unsteady)" when its slowest
 * run is far from its median (rp_unsteady): times not to compare. */
static const char *cfg_spread(const rp_cfg *g, char *buf, size_t len)
{
    spread(g->t_med, g->t_range, buf, len);
    if (isfinite(g->t_med)) {
        size_t l = strlen(buf);
        snprintf(buf + l, len - l, "%s%s", g->nbusy ? " (busy)" : "",
                 rp_unsteady(g) ? " (unsteady)" : "");
    }
    return buf;
}

/* Under the header: how many runs met other work on the CPUs and how
 * many configurations are unsteady, when any is. */
static void load_note(FILE *f, const rp_report *r)
{
    size_t busy = 0, unsteady = 0;
    for (size_t i = 0; i < r->runs_t.nrow; i++)
        busy += r->runs[i].ok && r->runs[i].busy > 0;
    for (size_t i = 0; i < r->ncases; i++)
        for (size_t j = 0; j < r->cases[i].ncfg; j++)
            unsteady += rp_unsteady(&r->cases[i].cfg[j]);
    if (!busy && !unsteady)
        return;
    fputs("> **Timings not to be trusted.**", f);
    if (busy)
        fprintf(f, " %zu run%s ran while other work kept CPUs of this "
                   "machine busy (`busy_cpus` in runs.csv; their solvers "
                   "are marked (busy)).", busy, busy == 1 ? "" : "s");
    if (unsteady)
        fprintf(f, " %zu solver configuration%s had %s slowest run over %g "
                   "times %s median (marked (unsteady)).", unsteady,
                unsteady == 1 ? "" : "s", unsteady == 1 ? "its" : "their",
                RP_UNSTEADY, unsteady == 1 ? "its" : "their");
    fputs(" Such times are not a quiet machine's: run the sweep again on "
          "one before comparing them.\n\n", f);
}

static void image(FILE *f, const rp_report *r, const char *kind,
                  const rp_case *c, const char *alt)
{
    char name[256];
    snprintf(name, sizeof name, "%s_%s", kind, c->slug);
    if (rp_plot_exists(r, name))
        fprintf(f, "![%s](plots/%s.png)\n([SVG](plots/%s.svg), data "
                   "plots/%s.dat)\n\n", alt, name, name, name);
}

static void verdicts(const rp_cfg *g, char *buf, size_t len)
{
    const size_t n[6] = {g->nbase, g->npass, g->nfail, g->nunchecked,
                         g->nskipped, g->nfailed};
    static const char *const w[6] = {"baseline", "pass", "**FAIL**",
                                     "unchecked", "skipped",
                                     "**failed to run**"};
    buf[0] = '\0';
    for (int i = 0; i < 6; i++)
        if (n[i]) {
            size_t l = strlen(buf);
            snprintf(buf + l, len - l, "%s%zu %s", l ? ", " : "", n[i],
                     w[i]);
        }
}

/* ---- the top of the report --------------------------------------------- */

static void header(FILE *f, const rp_report *r)
{
    size_t count[6] = {0};
    static const char *const v[6] = {"baseline", "pass", "fail",
                                     "unchecked", "skipped", "failed"};
    /* bench's own runs (runs.csv, counted as bench counted them); the
     * scikit-learn rows of sklearn.csv follow them in r->runs */
    const size_t own = r->runs_t.nrow;
    for (size_t i = 0; i < own; i++)
        for (int j = 0; j < 6; j++)
            count[j] += j < 4 ? !strcmp(r->runs[i].verdict, v[j])
                              : !strcmp(r->runs[i].status, v[j]);
    fprintf(f, "# Benchmark report%s%s\n\n", r->preset_name[0] ? ": " : "",
            r->preset_name);
    if (r->nmachine) {
        fputs("| machine | |\n|---|---|\n", f);
        for (int i = 0; i < r->nmachine; i++) {
            const char *colon = strchr(r->machine[i], ':');
            if (!colon || !strncmp(r->machine[i], "command", 7) ||
                !strncmp(r->machine[i], "name", 4))
                continue;
            fprintf(f, "| %.*s | %s |\n", (int)(colon - r->machine[i]),
                    r->machine[i], colon + 1 + (colon[1] == ' '));
        }
        fputc('\n', f);
    }
    fprintf(f, "%zu runs: %zu baseline, %zu pass, %zu fail, %zu unchecked, "
               "%zu skipped, %zu failed to run",
            own, count[0], count[1], count[2], count[3], count[4], count[5]);
    if (r->nruns > own)
        fprintf(f, "; and %zu scikit-learn runs", r->nruns - own);
    fprintf(f, ".  Data: [%s](%s), [%s](%s)%s, "
               "[machine.txt](machine.txt).  Verdicts hold each run to "
               "sequential Lloyd of its precision from the same start "
               "(centroids within 1e-4 for f32, 1e-12 for f64, the same "
               "iterations, differing labels only at ties).  Times are "
               "medians of the loop alone (the iterations: no set-up, "
               "allocation or copies to and from a device; the reference "
               "thesis's measure), or of the whole run where the loop was "
               "not recorded (scikit-learn: its fit); the solver tables "
               "give the whole run (t_total) beside it.\n\n",
            r->runs_name, r->runs_name, r->iters_name, r->iters_name,
            r->have_sklearn ? ", [sklearn.csv](sklearn.csv)" : "");
    if (r->partial)
        fprintf(f, "> **Partial**: the sweep has not ended (it is running, "
                   "or it stopped): these are the %zu runs that ended, from "
                   "runs.csv.part.  `trikmeans bench --resume %s` goes on "
                   "with one that stopped.\n\n",
                own, r->dir);
    load_note(f, r);
    if (r->gnuplot != 1)
        fprintf(f, "> **No plots**: %s.\n\n", r->gnuplot_msg);
}

/* The overview: for each case the fastest solver, and its speed-up over
 * sequential Lloyd of its own precision, the baseline shown beside it
 * with that precision; OpenMP's thread count (1 too) and CUDA's block
 * size name the configuration. */
static void overview(FILE *f, const rp_report *r)
{
    char a[32], b[64], s[32];
    fputs("## Overview\n\n| data set | n | d | k | sequential Lloyd, the "
          "fastest's precision (s) | fastest solver | its time, median "
          "[min, max] (s) | "
          "speed-up |\n|---|---:|---:|---:|---:|---|---:|---:|\n", f);
    for (size_t i = 0; i < r->ncases; i++) {
        const rp_case *c = &r->cases[i];
        const rp_cfg *best = NULL;
        for (size_t j = 0; j < c->ncfg; j++)
            if (c->cfg[j].nok && strcmp(c->cfg[j].form, "sklearn") &&
                (!best || c->cfg[j].t_med < best->t_med))
                best = &c->cfg[j];
        const char *prec = best ? best->prec : "f64";
        const double base = rp_lloyd_seq(c, prec);
        fprintf(f, "| [%s](#%s) | %zu | %zu | %zu | %s (%s) | ", c->dataset,
                c->slug, c->n, c->d, c->k, g4(base, a, sizeof a), prec);
        if (!best) {
            fputs("- | - | - |\n", f);
            continue;
        }
        const int omp = !strcmp(best->form, "omp");
        fprintf(f, "%s %s %s%s%.0d | %s | %s |\n", best->algo, best->form,
                best->prec, omp ? " t=" : best->block ? " bs=" : "",
                omp ? best->threads : best->block,
                cfg_spread(best, b, sizeof b),
                g4(base / best->t_med, s, sizeof s));
    }
    fputc('\n', f);
}

/* Whether run j has the (status, form, reason) of run u. */
static int same_gap(const rp_run *u, const rp_run *j)
{
    return !j->ok && !strcmp(j->status, u->status) &&
           !strcmp(j->form, u->form) && !strcmp(j->reason, u->reason);
}

/* The plots across cases: time against n (same d and k) and against k
 * (one data set), where a family has them. */
static void scaling_section(FILE *f, const rp_report *r)
{
    int shown = 0;
    for (int by_n = 1; by_n >= 0; by_n--)
        for (size_t i = 0; i < r->ncases; i++) {
            char name[256];
            if (rp_scaling_name(r, i, by_n, name, sizeof name) ||
                !rp_plot_exists(r, name))
                continue;
            if (!shown++)
                fputs("## Scaling\n\nMedian time of each solver (OpenMP at "
                      "its most threads, CUDA at its fastest block size) "
                      "against the number of points, for the data sets of "
                      "one d and k, and against k, for one data set.\n\n",
                      f);
            fprintf(f, "![%s](plots/%s.png)\n([SVG](plots/%s.svg), data "
                       "plots/%s.dat)\n\n",
                    by_n ? "time against n" : "time against k", name, name,
                    name);
        }
}

/* Runs that did not run: one row per (status, form, reason), with the
 * count and the algorithms it covers. */
static void not_run(FILE *f, const rp_report *r)
{
    int shown = 0;
    for (size_t i = 0; i < r->nruns; i++) {
        const rp_run *u = &r->runs[i];
        int dup = 0;
        if (u->ok)
            continue;
        for (size_t j = 0; j < i && !dup; j++)
            dup = same_gap(u, &r->runs[j]);
        if (dup)
            continue;
        if (!shown++)
            fputs("## Not run\n\n| form | status | runs | algorithms | "
                  "reason |\n|---|---|---:|---|---|\n", f);
        size_t count = 0;
        for (size_t j = i; j < r->nruns; j++)
            count += same_gap(u, &r->runs[j]);
        fprintf(f, "| %s | %s | %zu | ", u->form, u->status, count);
        /* each algorithm once, in order of appearance */
        int named = 0;
        for (size_t j = i; j < r->nruns; j++) {
            int seen = !same_gap(u, &r->runs[j]);
            for (size_t q = i; q < j && !seen; q++)
                seen = same_gap(u, &r->runs[q]) &&
                       !strcmp(r->runs[q].algo, r->runs[j].algo);
            if (!seen)
                fprintf(f, "%s%s", named++ ? ", " : "", r->runs[j].algo);
        }
        fprintf(f, " | %s |\n", u->reason);
    }
    if (shown)
        fputc('\n', f);
}

/* ---- one case ---------------------------------------------------------- */

static void solver_table(FILE *f, const rp_case *c, const rp_cfg **order)
{
    char t[8][64], v[128], nm[96];
    fputs("| algorithm | form | precision | threads | block | runs | "
          "iterations | time, median [min, max] (s) | whole run, median "
          "[min, max] (s) | "
          "assign / update / bound (s) | speed-up | pruned | "
          "GFLOP/s / GB/s | verdicts |\n"
          "|---|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---|---|"
          "\n",
          f);
    for (size_t i = 0; i < c->ncfg; i++) {
        const rp_cfg *g = order[i];
        verdicts(g, v, sizeof v);
        if (g->nskipped == g->nrun)
            continue; /* under "Not run", once per form */
        if (!g->nok) {
            fprintf(f, "| %s | %s | %s | %d | %d | %zu | - | - | - | - | - "
                       "| - | - | %s: %s |\n",
                    rp_cfg_name(g, nm, sizeof nm), g->form, g->prec, g->threads, g->block, g->nrun,
                    v, g->reason ? g->reason : "");
            continue;
        }
        fprintf(f, "| %s | %s | %s | %d | %d | %zu | %.4g | %s | %s | %s / ",
                rp_cfg_name(g, nm, sizeof nm), g->form, g->prec, g->threads, g->block, g->nrun,
                g->iterations, cfg_spread(g, t[0], sizeof t[0]),
                spread(g->t_whole, g->whole_range, t[5], sizeof t[5]),
                g4(g->t_assign, t[1], sizeof t[1]));
        fprintf(f, "%s / %s | %s | %s | %s / %s | %s |\n",
                g4(g->t_update, t[2], sizeof t[2]),
                g4(g->t_bound, t[3], sizeof t[3]),
                g4(rp_lloyd_seq(c, g->prec) / g->t_med, t[4], sizeof t[4]),
                isfinite(g->frac) ? (snprintf(t[0], sizeof t[0], "%.1f%%",
                                              100 * g->frac), t[0])
                                  : "-",
                g4(g->gflops, t[6], sizeof t[6]),
                g4(g->gbs, t[7], sizeof t[7]), v);
    }
    fputc('\n', f);
}

static void precision_table(FILE *f, const rp_case *c)
{
    int shown = 0;
    char a[64], b[64], d[32], e[32];
    for (int fi = 0; fi < 5; fi++)
        for (int ai = 0; ai < TKM_NALGO; ai++) {
            const rp_cfg *s = rp_pick(c, rp_algo(ai), rp_forms[fi], "f32");
            const rp_cfg *l = rp_pick(c, rp_algo(ai), rp_forms[fi], "f64");
            if (!s || !l)
                continue;
            if (!shown++)
                fputs("Float against double (the f32 run against the f64 "
                      "baseline from the same start):\n\n"
                      "| solver | f32 time, median [min, max] (s) | f64 "
                      "time, median [min, max] (s) | f64/f32 | "
                      "labels unlike f64 | relative inertia gap |\n"
                      "|---|---:|---:|---:|---:|---:|\n", f);
            fprintf(f, "| %s %s | %s | %s | %.3g | %s | %s |\n", s->algo,
                    s->form, cfg_spread(s, a, sizeof a),
                    cfg_spread(l, b, sizeof b),
                    l->t_med / s->t_med,
                    g4(s->f64_diff, d, sizeof d),
                    g4(s->f64_inertia, e, sizeof e));
        }
    if (shown)
        fputc('\n', f);
}

/* The configuration of a case with all its tests on (no ablation) of
 * algo in form and prec at exactly threads threads and block block;
 * NULL where the case has none that ran. */
static const rp_cfg *full_cfg(const rp_case *c, const char *algo,
                              const char *form, const char *prec,
                              int threads, int block)
{
    for (size_t i = 0; i < c->ncfg; i++) {
        const rp_cfg *g = &c->cfg[i];
        if (g->nok && !g->no_cc && !g->max_drift && !strcmp(g->algo, algo) &&
            !strcmp(g->form, form) && !strcmp(g->prec, prec) &&
            g->threads == threads && g->block == block)
            return g;
    }
    return NULL;
}

static void sklearn_table(FILE *f, const rp_case *c)
{
    int shown = 0;
    char a[32], b[64], d[32], e[32], v[128], o[64], q[32];
    for (size_t i = 0; i < c->ncfg; i++) {
        const rp_cfg *g = &c->cfg[i];
        if (strcmp(g->form, "sklearn"))
            continue;
        const rp_cfg *base = rp_pick(c, "lloyd", "seq", g->prec);
        /* trikmeans's OpenMP form at the same threads */
        const rp_cfg *omp =
            full_cfg(c, g->algo, "omp", g->prec, g->threads, 0);
        if (!shown++)
            fputs("scikit-learn beside trikmeans (labels and inertia "
                  "against trikmeans's sequential Lloyd of the same "
                  "precision, same start; scikit-learn's time is its "
                  "whole fit, set beside the whole run of trikmeans's "
                  "OpenMP form of the same algorithm at the same "
                  "threads):\n\n"
                  "| scikit-learn | precision | threads | "
                  "iterations (trikmeans) | time, median [min, max] (s) | "
                  "speed-up over trikmeans seq Lloyd | trikmeans omp, "
                  "whole run (s) | trikmeans omp's speed-up | "
                  "labels unlike | verdicts |\n"
                  "|---|---|---:|---|---:|---:|---:|---:|---:|---|\n", f);
        verdicts(g, v, sizeof v);
        fprintf(f, "| %s | %s | %d | %.4g (%s) | %s | %s | %s | %s | %s | "
                "%s |\n", g->algo, g->prec, g->threads, g->iterations,
                base ? g4(base->iterations, a, sizeof a) : "-",
                cfg_spread(g, b, sizeof b),
                g4(rp_lloyd_seq(c, g->prec) / g->t_med, d, sizeof d),
                omp ? g4(omp->t_whole, o, sizeof o) : "-",
                omp ? g4(g->t_med / omp->t_whole, q, sizeof q) : "-",
                isfinite(g->label_diff)
                    ? (snprintf(e, sizeof e, "%.0f", g->label_diff), e)
                    : "-",
                v);
    }
    if (shown)
        fputc('\n', f);
}

static void one_case(FILE *f, const rp_report *r, const rp_case *c)
{
    const rp_cfg **order = malloc((c->ncfg + 1) * sizeof *order);
    if (!order)
        return;
    for (size_t i = 0; i < c->ncfg; i++)
        order[i] = &c->cfg[i];
    qsort(order, c->ncfg, sizeof *order, cfg_order);
    fprintf(f, "<a id=\"%s\"></a>\n## %s, k = %zu (n = %zu, d = %zu)\n\n",
            c->slug, c->dataset, c->k, c->n, c->d);
    fputs("Times are medians over repetitions (and seeds), the fastest "
          "and the slowest run in brackets; speed-up is "
          "over sequential Lloyd of the same precision; pruned is the "
          "share of Lloyd's n k distances per iteration not computed.  "
          "Bar charts show OpenMP at its most threads and CUDA at its "
          "fastest block size.\n\n", f);
    image(f, r, "time", c, "median time per solver");
    image(f, r, "speedup", c, "speed-up over sequential Lloyd");
    solver_table(f, c, order);
    image(f, r, "omp", c, "OpenMP scaling");
    image(f, r, "block", c, "CUDA block size");
    image(f, r, "prune", c, "distances and pruning per iteration");
    precision_table(f, c);
    image(f, r, "prec", c, "float against double");
    image(f, r, "stages", c, "where the whole run goes");
    sklearn_table(f, c);
    free(order);
}

/* ---- pruning ablations -------------------------------------------------- */

/* The full configuration of a's solver (algorithm, form, precision,
 * threads, block) at c's k on the same data, in c or in a data set
 * datasets.csv says is the same data; *fc its case. */
static const rp_cfg *full_of(const rp_report *r, const rp_case *c,
                             const rp_cfg *a, const rp_case **fc)
{
    for (size_t i = 0; i < r->ncases; i++) {
        const rp_case *c2 = &r->cases[i];
        if (c2->k != c->k ||
            (c2 != c && !rp_same_data(r, c->dataset, c2->dataset)))
            continue;
        const rp_cfg *g =
            full_cfg(c2, a->algo, a->form, a->prec, a->threads, a->block);
        if (g) {
            *fc = c2;
            return g;
        }
    }
    return NULL;
}

/* Each ablated solver beside its full form on the same data and k. */
static void ablations(FILE *f, const rp_report *r)
{
    char nm[96], t[3][32];
    int any = 0;
    for (size_t i = 0; i < r->ncases; i++) {
        const rp_case *c = &r->cases[i], *fc = NULL;
        for (size_t j = 0; j < c->ncfg; j++) {
            const rp_cfg *a = &c->cfg[j], *g;
            if (!a->nok || (!a->no_cc && !a->max_drift) ||
                !(g = full_of(r, c, a, &fc)))
                continue;
            if (!any++)
                fputs("## Pruning ablations\n\n"
                      "Each solver run without a test of its bounds (no cc: "
                      "no centroid-centroid tests; max drift: the lower "
                      "bound shrunk by the largest drift of all) beside its "
                      "full form on the same data (datasets.csv), k and "
                      "starts: the share of Lloyd's distances each prunes, "
                      "and the median times.\n\n"
                      "| data: full / ablated | k | solver | form | "
                      "precision | threads or block | pruned, full | "
                      "pruned, ablated | time, full (s) | time, ablated "
                      "(s) | ablated / full |\n"
                      "|---|---:|---|---|---|---:|---:|---:|---:|---:|---:|"
                      "\n",
                      f);
            fprintf(f, "| %s / %s | %zu | %s | %s | %s | %d | %.1f%% | "
                       "%.1f%% | %s | %s | %s |\n",
                    fc->dataset, c->dataset, c->k,
                    rp_cfg_name(a, nm, sizeof nm), a->form, a->prec,
                    strncmp(a->form, "cuda", 4) ? a->threads : a->block,
                    100 * g->frac, 100 * a->frac,
                    g4(g->t_med, t[0], sizeof t[0]),
                    g4(a->t_med, t[1], sizeof t[1]),
                    g4(a->t_med / g->t_med, t[2], sizeof t[2]));
        }
    }
    if (any)
        fputc('\n', f);
}

/* ---- initialisation study ---------------------------------------------- */

static void mean_sd(const rp_case *c, const char *init, int s, double *m,
                    double *sd, size_t *n)
{
    double sum = 0, sq = 0;
    *n = 0;
    for (size_t i = 0; i < c->nruns; i++) {
        const rp_run *u = c->runs[i];
        if (u->ok && isfinite(u->score[s]) && !strcmp(u->init, init)) {
            sum += u->score[s];
            sq += u->score[s] * u->score[s];
            (*n)++;
        }
    }
    *m = *n ? sum / (double)*n : NAN;
    *sd = *n > 1 ? sqrt(fmax(0, (sq - sum * *m) / (double)(*n - 1))) : NAN;
}

static void init_study(FILE *f, const rp_report *r)
{

    int shown = 0;
    for (size_t i = 0; i < r->ncases; i++) {
        const rp_case *c = &r->cases[i];
        if (!rp_has_scores(c))
            continue;
        if (!shown++)
            fputs("## Initialisation study\n\nQuality of the converged "
                  "clustering over the seeds, by initialisation (mean ± "
                  "standard deviation).\n\n"
                  "| data set | n | k | init | runs | silhouette | "
                  "Calinski-Harabasz | Davies-Bouldin |\n"
                  "|---|---:|---:|---|---:|---|---|---|\n", f);
        for (int j = 0; j < TKM_NINIT; j++) {
            const char *init = tkm_init_name((tkm_init_method)j);
            double m[3], sd[3];
            size_t n = 0;
            for (int s = 0; s < 3; s++)
                mean_sd(c, init, s, &m[s], &sd[s], &n);
            if (!n)
                continue;
            fprintf(f, "| %s | %zu | %zu | %s | %zu | %.4f ± %.4f | %.1f ± "
                       "%.1f | %.4f ± %.4f |\n",
                    c->dataset, c->n, c->k, init, n, m[0], sd[0], m[1],
                    sd[1], m[2], sd[2]);
        }
    }
    if (!shown)
        return;
    fputc('\n', f);
    for (size_t i = 0; i < r->ncases; i++)
        if (rp_has_scores(&r->cases[i]))
            image(f, r, "hist", &r->cases[i], "quality histograms");
}

static void fill(FILE *f, void *ctx)
{
    const rp_report *r = ctx;
    header(f, r);
    overview(f, r);
    scaling_section(f, r);
    not_run(f, r);
    init_study(f, r);
    ablations(f, r);
    for (size_t i = 0; i < r->ncases; i++)
        one_case(f, r, &r->cases[i]);
}

int rp_write_markdown(rp_report *r)
{
    char path[4200], msg[512] = "";
    snprintf(path, sizeof path, "%s/report.md", r->dir);
    tkm_status st = cli_write_atomic(path, fill, r, msg, sizeof msg);
    return st == TKM_OK ? CLI_OK : cli_status("report", CLI_FAIL, st, msg);
}
