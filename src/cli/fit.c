/*
 * trikmeans fit: one solver on one data set; labels, centroids and
 * statistics written only once the run has succeeded, all or none.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sys/resource.h>

#include "cli.h"

static const char *const CMD = "fit";

void cli_fit_help(FILE *f)
{
    fputs("Usage: trikmeans fit [OPTIONS] -k N [--data] FILE\n"
          "\n"
          "Cluster the n x d points of FILE into k clusters with one exact\n"
          "k-means solver (algorithm x form x precision), starting from the\n"
          "same centroids for every solver given the same seed.  Stops when\n"
          "no label changes (or --tol, --max-iter).\n"
          "\n",
          f);
    cli_run_help(f, NULL);
    fputs("Starts and weights:\n"
          "  --n-init N           run from N starts (--seed, --seed + 1, ...)\n"
          "                       and keep the lowest inertia; every start's\n"
          "                       inertia goes to the JSON statistics\n"
          "                       (default 1)\n"
          "  --weights FILE       sample weights, one a row of the data (a\n"
          "                       column: text, .npy, raw float64, or a\n"
          "                       sparse .npz or .mtx made dense), each\n"
          "                       finite and >= 0: a point counts its weight\n"
          "                       in the centroids and the inertia, as\n"
          "                       scikit-learn's sample_weight (every form,\n"
          "                       the same centroids), and in the start's\n"
          "                       draws: a point of weight 0 is not chosen\n"
          "                       (the library's tkm_init_centroids_weighted)\n"
          "  (with a CUDA form, one process chooses a kmeans++,\n"
          "  kmeans++-greedy or farthest start on the GPU, unless\n"
          "  weighted: the same centroids as on the CPU, bit for bit)\n"
          "  -h, --help           print this help and exit\n"
          "\n"
          "Progress (iteration, labels changed, elapsed seconds) goes to\n"
          "stderr when it is a terminal, or with --verbose.  On success a\n"
          "summary goes to stdout unless --quiet.\n"
          "\n"
          "Exit status: 0 success; 1 the run failed (solver or CUDA error,\n"
          "form not available, an output could not be written); 2 usage or\n"
          "input error (bad option or value, unreadable or malformed data,\n"
          "k > n).  A failed run leaves none of its output files behind.\n"
          "\n"
          "Over MPI ranks (seq and omp forms; the result of one process, bit\n"
          "for bit): mpirun -np P build/trikmeans-mpi fit ... (docs/mpi.md).\n"
          "\n"
          "Example:\n"
          "  trikmeans fit data.csv -k 10 --algorithm hamerly --form omp \\\n"
          "      --labels labels.npy --stats stats.json\n",
          f);
}

enum { OPT_N_INIT = 1000, OPT_WEIGHTS };
static const struct option fit_extra[] = {
    {"n-init", required_argument, NULL, OPT_N_INIT},
    {"weights", required_argument, NULL, OPT_WEIGHTS},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0}};

/* fit's own options. */
typedef struct {
    int n_init;          /* --n-init */
    const char *weights; /* --weights FILE, or NULL */
} fit_own;

/* fit's own options into *(fit_own *)ctx. */
static int parse_own(void *ctx, int code, const char *arg)
{
    fit_own *o = ctx;
    if (code == OPT_WEIGHTS) {
        o->weights = arg;
        return 1;
    }
    if (code != OPT_N_INIT)
        return 0;
    return cli_parse_int(CMD, "--n-init", arg, 1, 100000, &o->n_init) ? -1
                                                                       : 1;
}

/* Options into r and *own; *help set when --help was asked. */
static int parse_args(int argc, char **argv, cli_run *r, fit_own *own,
                      int *help)
{
    const cli_args a = {CMD, NULL, fit_extra, CLI_RUN_SHORTOPTS, parse_own,
                        own};
    return cli_run_args(&a, argc, argv, r, help);
}

/* ---- progress on stderr ------------------------------------------------ */

typedef struct {
    double t0;   /* when the fit began                           */
    double last; /* when the line was last drawn (terminal only) */
    int tty;     /* overwrite one line with '\r'                 */
    int shown;   /* something was drawn                          */
} progress;

static void progress_draw(progress *pg, int iter, uint64_t changed,
                          double now)
{
    double el = now - pg->t0;
    if (pg->tty)
        fprintf(stderr, "\riteration %6d   changed %12llu   elapsed %9.3f s ",
                iter, (unsigned long long)changed, el);
    else
        fprintf(stderr, "iteration %d: changed %llu, elapsed %.3f s\n", iter,
                (unsigned long long)changed, el);
    pg->last = now;
    pg->shown = 1;
}

/* The tkm_params progress callback; never stops the run. */
static int on_progress(const tkm_iter_stats *it, void *ctx)
{
    progress *pg = ctx;
    double now = tkmi_now();
    /* a terminal is redrawn at most ten times a second */
    if (!pg->tty || !pg->shown || now - pg->last >= 0.1)
        progress_draw(pg, it->iter, it->changed, now);
    return 0;
}

/* On a terminal: draw the final state and end the line. */
static void progress_end(progress *pg, const tkm_result *res)
{
    if (!pg->tty || !pg->shown)
        return;
    if (res && res->iterations > 0)
        progress_draw(pg, res->iterations,
                      res->iters[res->iterations - 1].changed, tkmi_now());
    fputc('\n', stderr);
}

/* ---- outputs ----------------------------------------------------------- */

/* Labels over several ranks: every rank's own rows at their place in one
 * file (rank 0's bytes carry the .npy header). */
static tkm_status par_labels(const char *path, const tkm_result *res,
                             size_t n_total, char *msg, size_t msglen)
{
    char *bytes = NULL;
    size_t len = 0;
    tkm_status st = tkm_labels_bytes(path, res->labels, res->n, n_total,
                                     cli_par_rank() == 0, &bytes, &len, msg,
                                     msglen);
    int rc = cli_par_agree(st == TKM_OK ? CLI_OK
                                        : cli_status(CMD, CLI_FAIL, st, msg));
    if (rc == CLI_OK && cli_par_write(path, bytes, len, msg, msglen) != 0)
        st = TKM_EIO;
    else if (rc != CLI_OK)
        st = TKM_ENOMEM;
    free(bytes);
    return st;
}

/* Write the requested outputs (the statistics last, with the phase
 * times, the writing's and the command's so far in *tm); if one fails,
 * remove those written.  Over several ranks the labels are written by
 * all, the rest by rank 0 (shown: the result with every rank's rows). */
static int write_outputs(const cli_run *r, const tkm_result *res,
                         const tkm_result *shown, cli_times *tm, double t_cmd)
{
    cli_written w = {0};
    char msg[512] = "";
    tkm_status st = TKM_OK;
    const int many = cli_par_size() > 1, lead = cli_par_rank() == 0;
    double t0 = tkmi_now();
    if (r->labels) {
        st = many ? par_labels(r->labels, res, shown->n, msg, sizeof msg)
                  : tkm_write_labels(r->labels, res->labels, res->n, msg,
                                     sizeof msg);
        if (st == TKM_OK && lead)
            cli_written_add(&w, r->labels);
    }
    if (st == TKM_OK && r->centroids && lead) {
        st = tkm_write_matrix(r->centroids, res->centroids, res->k, res->d,
                              msg, sizeof msg);
        if (st == TKM_OK)
            cli_written_add(&w, r->centroids);
    }
    tm->write = tkmi_now() - t0;
    tm->wall = tkmi_now() - t_cmd;
    struct rusage ru;
    tm->peak_rss = getrusage(RUSAGE_SELF, &ru) == 0
                       ? (long long)ru.ru_maxrss * 1024 /* KiB on Linux */
                       : -1;
    if (st == TKM_OK && r->stats && lead)
        st = cli_write_stats(r->stats, r, shown, tm, msg, sizeof msg);
    int rc = cli_par_agree(st == TKM_OK ? CLI_OK
                                        : cli_status(CMD, CLI_FAIL, st, msg));
    if (rc != CLI_OK)
        cli_written_undo(&w);
    return rc;
}

/* Over MPI ranks: each rank's rows, threads and seconds to rank 0, for
 * the statistics (tm->ranks, freed by the caller).  Collective: every
 * rank's status. */
static int gather_ranks(const tkm_result *res, cli_times *tm, double **all)
{
    double v[CLI_RANK_FIELDS] = {(double)cli_par_rank(), (double)res->n,
                                 (double)res->threads, res->t_convert,
                                 res->t_setup, res->t_upload, res->t_loop,
                                 res->t_result, res->t_download,
                                 0, 0, 0, 0};
    for (int i = 0; i < res->iterations; i++) {
        v[9] += res->iters[i].t_assign;
        v[10] += res->iters[i].t_update;
        v[11] += res->iters[i].t_bound;
        v[12] += res->iters[i].t_comm;
    }
    *all = NULL;
    int rc = cli_par_rank() != 0 ||
                     (*all = tkmi_calloc((size_t)cli_par_size(),
                                         CLI_RANK_FIELDS, sizeof **all))
                 ? CLI_OK
                 : cli_fail(CMD, "out of memory for the ranks' statistics");
    if ((rc = cli_par_agree(rc)) != CLI_OK)
        return rc;
    cli_par_gather(v, CLI_RANK_FIELDS, *all);
    static char mpi[CLI_PAR_CPUS + 1024];
    cli_par_describe(mpi, sizeof mpi);
    tm->nranks = *all ? cli_par_size() : 0;
    tm->ranks = *all;
    tm->mpi = mpi;
    return CLI_OK;
}

static void print_summary(FILE *f, const cli_run *r, const tkm_result *res,
                          const cli_load *load)
{
    fprintf(f, "solver:     %s %s %s\n", tkm_algorithm_name(res->algorithm),
           tkm_form_name(res->form), tkm_precision_name(res->precision));
    fprintf(f, "n, d, k:    %zu, %zu, %zu\n", res->n, res->d, res->k);
    static const char *const why[] = {
        "not converged: --max-iter reached", "converged: no label changed",
        "converged: --tol", "converged: --tol-abs",
        "stopped by the progress callback", "converged: --tol-inertia"};
    fprintf(f, "iterations: %d (%s", res->iterations,
            r->fixed_iter ? "--fixed-iter"
            : (unsigned)res->stop < sizeof why / sizeof why[0]
                ? why[res->stop]
                : "?");
    if (res->stop != TKM_STOP_LABELS && res->stop != TKM_STOP_CALLBACK)
        fprintf(f, "; the final assignment moved %llu labels",
               (unsigned long long)res->final_changed);
    fprintf(f, ")\n");
    fprintf(f, "inertia:    %.10g\n", res->inertia);
    fprintf(f, "time:       %.6f s\n", res->t_total);
    if (cli_load_busy(load) > 0) {
        char say[160];
        cli_load_say(load, say, sizeof say);
        fprintf(f, "load:       %s: not a quiet machine's time", say);
        if (res->form == TKM_OMP && res->threads < tkmi_threads_most())
            fprintf(f, "; the omp form ran %d of %d threads", res->threads,
                    tkmi_threads_most());
        fputc('\n', f);
    }
}

/* Say what makes the result less than k clusters (stderr, unless -q). */
static void warn_degenerate(const cli_run *r, const tkm_result *res,
                            const cli_degenerate *g)
{
    if (r->verbosity < 0)
        return;
    if (g->distinct)
        fprintf(stderr, "trikmeans %s: warning: the data have %zu distinct "
                "points, fewer than k = %zu: at most %zu clusters can hold "
                "points\n", CMD, g->distinct, res->k, g->distinct);
    if (g->empty)
        fprintf(stderr, "trikmeans %s: warning: %zu of the %zu clusters "
                "ended empty (%s; --empty farthest moves them)\n", CMD,
                g->empty, res->k,
                g->distinct ? "too few distinct points"
                            : "a poor start, or clusters the data do not "
                              "have");
    if (g->duplicates)
        fprintf(stderr, "trikmeans %s: warning: %zu centroids equal another "
                "(duplicate points in the start?)\n", CMD, g->duplicates);
}

/* Over MPI: say (rank 0, unless -q) which ranks the launcher bound to one
 * core while CPUs of their node idle, where the omp form's threads would
 * share that core. */
static void warn_confined(const cli_run *r)
{
    char text[1024];
    if (r->form == TKM_OMP && r->verbosity >= 0 &&
        cli_par_confined(text, sizeof text))
        fprintf(stderr, "trikmeans %s: warning: %s\n", CMD, text);
}

/* -v: where the time went. */
static void print_phases(const tkm_result *res, const cli_times *tm)
{
    fprintf(stderr,
            "trikmeans %s: seconds: read %.3f, context %.3f, start %.3f, "
            "convert %.3f, setup %.3f, upload %.3f, loop %.3f, result %.3f, "
            "download %.3f, write %.3f; wall %.3f; peak memory %.1f MiB "
            "(bounds %.1f MiB)\n",
            CMD, tm->read, tm->context, tm->start, res->t_convert, res->t_setup,
            res->t_upload, res->t_loop, res->t_result, res->t_download,
            tm->write, tm->wall,
            (double)tm->peak_rss / (1 << 20),
            (double)res->bound_bytes / (1 << 20));
}

/* The summary's last line: the files written, if any. */
static void print_written(FILE *out, const cli_run *r)
{
    const char *f[3] = {r->labels, r->centroids, r->stats};
    const char *what[3] = {"labels", "centroids", "statistics"};
    int any = 0;
    for (int i = 0; i < 3; i++)
        if (f[i])
            fprintf(out, "%s%s %s", any++ ? ", " : "wrote:      ", what[i],
                    cli_out_name(f[i]));
    if (any)
        fputc('\n', out);
}

/* One run of the solver from init, with progress as asked. */
static int fit_once(const cli_run *r, const tkm_dataset *ds,
                    const double *init, tkm_result *res)
{
    tkm_params p;
    char msg[512] = "";
    progress pg = {0};
    cli_run_params(r, &p);
    p.comm = cli_par_comm();
    pg.tty = isatty(STDERR_FILENO) && r->verbosity >= 0;
    if (cli_par_rank() == 0 && (pg.tty || r->verbosity > 0)) {
        p.progress = on_progress;
        p.progress_ctx = &pg;
    }
    pg.t0 = tkmi_now();
    tkm_status st = tkm_fit(ds, init, &p, res, msg, sizeof msg);
    progress_end(&pg, st == TKM_OK ? res : NULL);
    int rc = st != TKM_OK ? cli_status(CMD, cli_code_for(st), st, msg)
                          : CLI_OK;
    return cli_par_agree(rc);
}

/* --n-init N: the runs from starts seed, seed + 1, ... (the first is
 * init, already chosen); *best the one of lowest inertia, the first on
 * ties.  inertias[i] each run's. */
static int fit_best(const cli_run *r, const tkm_dataset *ds,
                    const double *init, int n_init, double *inertias,
                    int *kept, tkm_result *best)
{
    int rc = fit_once(r, ds, init, best);
    if (rc != CLI_OK)
        return rc;
    inertias[0] = best->inertia;
    *kept = 0;
    for (int i = 1; i < n_init; i++) {
        cli_run ri = *r;
        double *start = NULL;
        tkm_result res;
        ri.seed = r->seed + (uint64_t)i;
        if ((rc = cli_run_start(&ri, CMD, ds, &start)) != CLI_OK ||
            (rc = fit_once(&ri, ds, start, &res)) != CLI_OK) {
            free(start);
            tkm_result_free(best);
            return rc;
        }
        free(start);
        inertias[i] = res.inertia;
        if (res.inertia < best->inertia) {
            tkm_result_free(best);
            *best = res;
            *kept = i;
        } else {
            tkm_result_free(&res);
        }
    }
    return CLI_OK;
}

/* Run the solver (n_init times), then write and report. */
static int fit_and_write(const cli_run *r, const tkm_dataset *ds,
                         const double *init, int n_init, cli_times *tm,
                         double t_cmd)
{
    tkm_result res;
    double *inertias = tkmi_calloc((size_t)n_init, 1, sizeof *inertias);
    int arc = cli_par_agree(inertias ? CLI_OK : cli_fail(CMD, "out of memory"));
    if (arc != CLI_OK) {
        free(inertias);
        return arc;
    }
    cli_load_begin(&tm->load);
    int frc = fit_best(r, ds, init, n_init, inertias, &tm->kept, &res);
    cli_load_end(&tm->load);
    if (frc != CLI_OK) {
        free(inertias);
        return frc;
    }
    tm->n_init = n_init;
    tm->inertias = n_init > 1 ? inertias : NULL;
    if (!isfinite(res.inertia)) {
        /* the labels of overflowing distances are no clustering */
        tkm_result_free(&res);
        free(inertias);
        return cli_fail(CMD, "the inertia is not finite (the squared "
                        "distances of these values overflow double); "
                        "scale the data; nothing was written");
    }
    tkm_result shown = res; /* with every rank's rows */
    shown.n = (size_t)cli_par_sum(res.n);
    double *ranks = NULL;
    int rc = cli_degenerate_of(CMD, ds, &res, &tm->deg);
    if (rc == CLI_OK && cli_par_built())
        rc = gather_ranks(&res, tm, &ranks);
    if (rc == CLI_OK)
        rc = write_outputs(r, &res, &shown, tm, t_cmd);
    const int lead = cli_par_rank() == 0;
    if (rc == CLI_OK && lead)
        warn_degenerate(r, &res, &tm->deg);
    if (rc == CLI_OK && r->verbosity > 0 && lead)
        print_phases(&res, tm);
    if (rc == CLI_OK && r->verbosity >= 0 && lead) {
        const char *outs[3] = {r->labels, r->centroids, r->stats};
        FILE *say = cli_say(3, outs);
        print_summary(say, r, &shown, &tm->load);
        if (cli_par_size() > 1)
            fprintf(say, "processes:  %d MPI ranks\n", cli_par_size());
        if (n_init > 1)
            fprintf(say, "starts:     %d (kept seed %llu)\n", n_init,
                    (unsigned long long)(r->seed + (uint64_t)tm->kept));
        print_written(say, r);
    }
    tkm_result_free(&res);
    free(inertias);
    free(ranks);
    return rc;
}

/* The checks before the data are read (the same on every rank, but a
 * rank that saw otherwise, an output file on a disk the others do not
 * see, say, must not leave them waiting). */
static int fit_checks(cli_run *r, int n_init)
{
    int rc;
    if ((rc = cli_run_finish(r, CMD)) != CLI_OK ||
        (rc = cli_run_precheck(r, CMD)) != CLI_OK)
        return rc;
    if (cli_par_size() > 1 &&
        ((r->labels && cli_is_stdout(r->labels)) ||
         (r->centroids && cli_is_stdout(r->centroids)) ||
         (r->stats && cli_is_stdout(r->stats))))
        return cli_usage(CMD, "over %d MPI ranks the outputs are files "
                         "('-', standard output, needs one process)",
                         cli_par_size());
    if (n_init > 1 && r->init_file)
        return cli_usage(CMD, "--n-init needs a start method (--init "
                         "kmeans++, random, ...): from a file every start "
                         "is the same");
    return CLI_OK;
}

/* The labels and centroids fit the free space of their file systems:
 * checked before the run, which may be long (the writes check again;
 * the statistics' size is not known before).  Collective. */
static int fit_room(const cli_run *r, const tkm_dataset *ds)
{
    size_t n = (size_t)cli_par_sum(ds->n);
    int rc = cli_space_check(CMD, r->labels, n, 1, 1);
    if (rc == CLI_OK)
        rc = cli_space_check(CMD, r->centroids, r->k, ds->d, 0);
    return cli_par_agree(rc);
}

int cli_fit(int argc, char **argv)
{
    double t_cmd = tkmi_now();
    cli_times tm = {0};
    cli_run r;
    int help = 0;
    fit_own own = {1, NULL};
    cli_run_default(&r);
    r.f32_in_place = 1;
    r.open_late = cli_par_size() == 1; /* (the CUDA forms: one process) */
    int rc = cli_par_agree(parse_args(argc, argv, &r, &own, &help));
    const int n_init = own.n_init;
    if (rc != CLI_OK)
        return rc;
    if (help) {
        cli_fit_help(stdout);
        return CLI_OK;
    }
    if ((rc = cli_par_agree(fit_checks(&r, n_init))) != CLI_OK)
        return rc;
    warn_confined(&r);
    tkm_dataset ds, w;
    double *init = NULL;
    /* a start chosen on the device leaves its copy of the rows to the fit
     * (nothing writes them in between): one upload, not two */
    tkmi_cuda_rows_keep(1);
    if ((rc = cli_run_load_weighted(&r, CMD, own.weights, &ds, &w, &init,
                                    &tm)) == CLI_OK) {
        if ((rc = fit_room(&r, &ds)) == CLI_OK)
            rc = fit_and_write(&r, &ds, init, n_init, &tm, t_cmd);
        free(init);
        tkm_dataset_free(&w);
        tkm_dataset_free(&ds);
    }
    tkmi_cuda_rows_keep(0); /* (a copy no fit took freed) */
    return rc;
}
