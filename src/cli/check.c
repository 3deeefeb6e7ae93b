/*
 * trikmeans check: every solver that is built and can run here, from the
 * same start, against sequential Lloyd of the same precision; then each
 * solver's float result against its double result.
 */
#include <ctype.h>
#include <math.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"

static const char *const CMD = "check";

/* Where the report goes: stdout, unless --out - puts the table there. */
static FILE *say;

typedef struct {
    cli_run run;
    cli_solver_set set;
    size_t gen[3];      /* --generate N,D,K; gen[0] == 0: read --data */
    double spread;
    const char *out;    /* --out FILE (.csv or .json)                 */
    int list_diffs;     /* differing points to name per solver        */
} check_opts;

typedef cli_solver_run check_row;

/* The shared options check reads (the solver lists are its own). */
static const char *const taken[] = {
    "data", "raw-d", "raw-n", "raw-bits", "format", "header", "delimiter",
    "usecols", "skip-cols",
    "k", "init", "candidates", "seed", "max-iter", "tol", "tol-abs",
    "tol-inertia", "fixed-iter", "empty", "no-cc", "max-drift-only", "force", "quiet", "verbose", NULL};

void cli_check_help(FILE *f)
{
    cli_fputs_algs(
        f, "Usage: trikmeans check [OPTIONS] -k N [--data FILE | --generate "
          "N,D,K]\n"
          "\n"
          "Run every solver that is built and available here (algorithm x\n"
          "form x precision, with the thread counts and block sizes asked)\n"
          "from the same start and compare each with sequential Lloyd of\n"
          "the same precision.  A solver passes when its centroids are\n"
          "within 1e-4 (f32) / 1e-12 (f64) of the baseline's (absolute\n"
          "below 1, relative above), it took the same number of iterations,\n"
          "and every label that differs is a tie: the point's two candidate\n"
          "centroids are equally far within the precision's rounding\n"
          "(|d_a - d_b| <= 1000 eps (|x| + |c_a| + |c_b|)).  Forms that\n"
          "cannot run here are listed as skipped with the reason.  Then each\n"
          "solver's f32 result is compared with its f64 result (reported,\n"
          "not judged).\n"
          "\n"
          "Solvers (each option also under fit's name, in brackets):\n"
          "  --algorithms LIST    comma-separated (default @algs,@)\n"
          "                       [--algorithm]\n"
          "  --forms LIST         default seq,omp,cuda-global,cuda-shared\n"
          "                       [--form]\n"
          "  --precisions LIST    default f32,f64 [--precision]\n"
          "  --threads-list LIST  OpenMP thread counts (default 1, 2, 4, ...\n"
          "                       up to OpenMP's default here, and that); ranges\n"
          "                       too: 1..8 (each), 1..max*2 (doubling, 'max'\n"
          "                       = this machine's processors), 64..1024+64\n"
          "                       [--threads]\n"
          "  --block-sizes LIST   CUDA block sizes (default 64,256,1024)\n"
          "                       [--block-size]\n"
          "  --updates LIST       the CUDA forms' centroid sums, each with\n"
          "                       every block size (default exact): an\n"
          "                       inexact one (atomic, shared, tree, dc) is\n"
          "                       compared and reported as inexact, not\n"
          "                       judged, with how far its centroids were\n"
          "                       from the exact means of the same labels in\n"
          "                       each update (docs/update.md) [--update]\n"
          "Data and output:\n"
          "  --generate N,D,K     use generated Gaussian blobs (N points, D\n"
          "                       dims, K centres uniform in [-10,10]^D)\n"
          "                       seeded by --seed, instead of --data\n"
          "  --spread X           blob standard deviation (default 1.0)\n"
          "  --out FILE           also write the table (.csv or .json; - is\n"
          "                       standard output, as CSV, and the report\n"
          "                       then goes to stderr)\n"
          "  --list-diffs N       name up to N differing points per solver\n"
          "                       (default 0)\n"
          "\n");
    cli_run_help(f, taken);
    fputs("  -h, --help           print this help and exit\n"
          "\n"
          "Exit status: 0 every solver passed; 1 a solver failed or could\n"
          "not run; 2 usage or input error.\n",
          f);
}

enum {
    OPT_ALGOS = CLI_OPT_SUB + 50,
    OPT_FORMS,
    OPT_PRECS,
    OPT_TLIST,
    OPT_BLIST,
    OPT_ULIST,
    OPT_GEN,
    OPT_SPREAD,
    OPT_OUT,
    OPT_LIST_DIFFS
};

static const struct option check_extra[] = {
    {"algorithms", required_argument, NULL, OPT_ALGOS},
    {"algorithm", required_argument, NULL, OPT_ALGOS},
    {"forms", required_argument, NULL, OPT_FORMS},
    {"form", required_argument, NULL, OPT_FORMS},
    {"precisions", required_argument, NULL, OPT_PRECS},
    {"precision", required_argument, NULL, OPT_PRECS},
    {"threads-list", required_argument, NULL, OPT_TLIST},
    {"threads", required_argument, NULL, OPT_TLIST},
    {"block-sizes", required_argument, NULL, OPT_BLIST},
    {"block-size", required_argument, NULL, OPT_BLIST},
    {"updates", required_argument, NULL, OPT_ULIST},
    {"update", required_argument, NULL, OPT_ULIST},
    {"generate", required_argument, NULL, OPT_GEN},
    {"spread", required_argument, NULL, OPT_SPREAD},
    {"out", required_argument, NULL, OPT_OUT},
    {"list-diffs", required_argument, NULL, OPT_LIST_DIFFS},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0}};

/* A comma list of names of one kind; -1 after a usage error. */
static int name_list(const char *opt, const char *arg, cli_list_kind kind,
                     int *vals, int max, int *n)
{
    char err[256];
    if (cli_list_names(kind, arg, vals, max, n, err, sizeof err) == 0)
        return 0;
    cli_usage(CMD, "%s: %s", opt, err);
    return -1;
}

/* A comma list of counts 1..4096 (ranges allowed); -1 after a usage
 * error. */
static int count_list(const char *opt, const char *arg, int *vals, int *n)
{
    char err[256];
    long long v[CLI_MAX_LIST];
    if (cli_list_numbers(arg, 1, 4096, v, CLI_MAX_LIST, n, err,
                         sizeof err)) {
        cli_usage(CMD, "%s: %s", opt, err);
        return -1;
    }
    for (int i = 0; i < *n; i++)
        vals[i] = (int)v[i];
    return 0;
}

static int parse_generate(const char *arg, size_t *g)
{
    char *end;
    const char *s = arg;
    for (int i = 0; i < 3; i++) {
        /* digits only: strtoull would take "-1" as 2^64 - 1 */
        errno = 0;
        unsigned long long v = isdigit((unsigned char)*s)
                                   ? strtoull(s, &end, 10)
                                   : (end = (char *)s, 0);
        if (end == s || v == 0 || errno == ERANGE || v > SIZE_MAX ||
            (i < 2 && *end != ',') || (i == 2 && *end)) {
            cli_usage(CMD, "--generate wants N,D,K (three positive "
                      "integers), got '%s'", arg);
            return -1;
        }
        g[i] = (size_t)v;
        s = end + 1;
    }
    return 0;
}

static void defaults(check_opts *o)
{
    cli_solver_set *s = &o->set;
    memset(o, 0, sizeof *o);
    cli_run_default(&o->run);
    for (int a = 0; a < TKM_NALGO; a++)
        s->algos[s->nalgo++] = a;
    for (int f = 0; f < TKM_NFORM; f++)
        s->forms[s->nform++] = f;
    s->precs[0] = TKM_F32;
    s->precs[1] = TKM_F64;
    s->nprec = 2;
    /* threads: 1, 2, 4, ... up to what OpenMP uses here, and that count
     * itself (a 2-core machine runs 1 and 2, not 4 on 2 cores) */
    const int most = tkmi_threads_most();
    for (int t = 1; t < most && s->nthreads < CLI_MAX_LIST - 1; t *= 2)
        s->threads[s->nthreads++] = t;
    s->threads[s->nthreads++] = most;
    const int b[] = {64, 256, 1024};
    for (int i = 0; i < 3; i++) {
        s->blocks[s->nblocks++] = b[i];
    }
    s->updates[s->nupdate++] = TKM_UPDATE_EXACT;
    o->spread = 1.0;
}

/* A check-only option into the check_opts ctx; 1 taken, 0 not ours, -1
 * error. */
static int parse_own(void *ctx, int c, const char *arg)
{
    check_opts *o = ctx;
    cli_solver_set *s = &o->set;
    switch (c) {
    case OPT_ALGOS:
        return name_list("--algorithms", arg, CLI_LIST_ALGO, s->algos,
                         TKM_NALGO, &s->nalgo) ? -1 : 1;
    case OPT_FORMS:
        return name_list("--forms", arg, CLI_LIST_FORM, s->forms, TKM_NFORM,
                         &s->nform) ? -1 : 1;
    case OPT_PRECS:
        return name_list("--precisions", arg, CLI_LIST_PREC, s->precs, 2,
                         &s->nprec) ? -1 : 1;
    case OPT_TLIST:
        return count_list("--threads-list", arg, s->threads, &s->nthreads)
                   ? -1 : 1;
    case OPT_BLIST:
        return count_list("--block-sizes", arg, s->blocks, &s->nblocks)
                   ? -1 : 1;
    case OPT_ULIST:
        return name_list("--updates", arg, CLI_LIST_UPDATE, s->updates,
                         TKM_NUPDATE, &s->nupdate) ? -1 : 1;
    case OPT_GEN:
        return parse_generate(arg, o->gen) ? -1 : 1;
    case OPT_SPREAD:
        return cli_parse_double(CMD, "--spread", arg, 0, 0, 1e300,
                                &o->spread) ? -1 : 1;
    case OPT_OUT:
        o->out = arg;
        return 1;
    case OPT_LIST_DIFFS:
        return cli_parse_int(CMD, "--list-diffs", arg, 0, 1000000,
                             &o->list_diffs) ? -1 : 1;
    default:
        return 0;
    }
}

static int parse_args(int argc, char **argv, check_opts *o, int *help)
{
    const cli_args a = {CMD, taken, check_extra, CLI_RUN_SHORTOPTS,
                        parse_own, o};
    return cli_run_args(&a, argc, argv, &o->run, help);
}

/* ---- running ----------------------------------------------------------- */

static int load(check_opts *o, tkm_dataset *ds, double **init)
{
    cli_run *r = &o->run;
    int want_f32 = 0;
    for (int i = 0; i < o->set.nprec; i++)
        want_f32 |= o->set.precs[i] == TKM_F32;
    r->precision = want_f32 ? TKM_F32 : TKM_F64; /* reader's range check */
    if (!o->gen[0])
        return cli_run_load(r, CMD, ds, init, NULL);
    char msg[512] = "";
    tkm_status st = tkm_generate_blobs(o->gen[0], o->gen[1], o->gen[2],
                                       o->spread, 10.0, r->seed, ds, NULL,
                                       msg, sizeof msg);
    if (st != TKM_OK)
        return cli_status(CMD, cli_code_for(st), st, msg);
    int rc = cli_run_start(r, CMD, ds, init);
    if (rc != CLI_OK)
        tkm_dataset_free(ds);
    return rc;
}

/* Compare every row with its precision's baseline; returns failures. */
static int judge(const check_opts *o, const tkm_dataset *ds,
                 check_row *rows, size_t n)
{
    int failed = 0;
    size_t nl = (size_t)o->list_diffs;
    size_t *idx = nl ? tkmi_calloc(nl, 1, sizeof *idx) : NULL;
    double *gap = nl ? tkmi_calloc(nl, 1, sizeof *gap) : NULL;
    if (nl && (!idx || !gap)) { /* said, and the points left unnamed */
        cli_fail_alloc(CMD, nl * (sizeof *idx + sizeof *gap), "the list of "
                       "%zu differing points (--list-diffs)", nl);
        nl = 0;
    }
    for (size_t i = 0; i < n; i++) {
        check_row *r = &rows[i];
        const check_row *b = cli_solver_baseline(rows, n, r->prec);
        failed += cli_solver_judge(ds, b, r, idx, gap, nl);
        if (!r->judged)
            continue;
        size_t shown = r->cmp.label_diff < nl ? r->cmp.label_diff : nl;
        for (size_t j = 0; j < shown; j++)
            fprintf(say, "  %s %s %s: point %zu labelled %d (baseline %d), "
                   "distance gap %.3g\n",
                   tkm_algorithm_name(r->algo), tkm_form_name(r->form),
                   tkm_precision_name(r->prec), idx[j],
                   r->res.labels[idx[j]], b->res.labels[idx[j]], gap[j]);
    }
    free(idx);
    free(gap);
    return failed;
}

static void shape_str(const check_row *r, char *buf, size_t len)
{
    if (r->form == TKM_OMP)
        snprintf(buf, len, "t=%d", r->ran ? r->res.threads : r->threads);
    else if (r->form >= TKM_CUDA_GLOBAL && r->update != TKM_UPDATE_EXACT)
        snprintf(buf, len, "bs=%d,%s", r->block, tkm_update_name(r->update));
    else if (r->form >= TKM_CUDA_GLOBAL)
        snprintf(buf, len, "bs=%d", r->block);
    else
        snprintf(buf, len, "-");
}

static void print_table(const check_row *rows, size_t n)
{
    fprintf(say, "%-8s %-12s %-4s %-7s %5s %5s %9s %6s %10s %10s %8s %9s  %s\n",
           "algo", "form", "prec", "shape", "iter", "base", "labeldiff",
           "ties", "max|dc|", "d_inertia", "saved", "time_s", "verdict");
    for (size_t i = 0; i < n; i++) {
        const check_row *r = &rows[i];
        char sh[32];
        shape_str(r, sh, sizeof sh);
        if (r->skipped)
            continue; /* one line per form, below the table */
        if (!r->ran) {
            fprintf(say, "%-8s %-12s %-4s %-7s  FAILED: %s\n",
                    tkm_algorithm_name(r->algo), tkm_form_name(r->form),
                    tkm_precision_name(r->prec), sh, r->why);
            continue;
        }
        int base = r->baseline;
        fprintf(say, "%-8s %-12s %-4s %-7s %5d %5d %9zu %6zu %10.3g %10.3g "
               "%7.1f%% %9.3f  %s\n",
               tkm_algorithm_name(r->algo), tkm_form_name(r->form),
               tkm_precision_name(r->prec), sh, r->res.iterations,
               base ? r->res.iterations : r->cmp.iterations_base,
               r->cmp.label_diff, r->cmp.ties, r->cmp.max_abs_diff,
               r->cmp.inertia_rel, 100.0 * cli_solver_pruned(r), r->res.t_total,
               base                               ? "baseline"
               : r->update != TKM_UPDATE_EXACT    ? "inexact"
               : r->cmp.pass                      ? "pass"
                                                  : "FAIL");
    }
}

/* The solvers that could not run here: one line per form and reason. */
static void print_skipped(const check_row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const check_row *r = &rows[i];
        int first = r->skipped;
        for (size_t j = 0; first && j < i; j++)
            first = !(rows[j].skipped && rows[j].form == r->form &&
                      !strcmp(rows[j].why, r->why));
        if (!first)
            continue;
        size_t count = 0;
        for (size_t j = i; j < n; j++)
            count += rows[j].skipped && rows[j].form == r->form &&
                     !strcmp(rows[j].why, r->why);
        fprintf(say, "skipped %s (%zu solver run%s): %s\n",
                tkm_form_name(r->form), count, count == 1 ? "" : "s",
                r->why);
    }
}

/* Float against double of the same solver: how far apart (no verdict). */
static void print_precision_gap(const tkm_dataset *ds, const check_row *rows,
                                size_t n)
{
    int header = 0;
    for (size_t i = 0; i < n; i++) {
        const check_row *a = &rows[i];
        if (a->prec != TKM_F32 || !a->ran)
            continue;
        for (size_t j = 0; j < n; j++) {
            const check_row *b = &rows[j];
            if (b->prec != TKM_F64 || !b->ran || b->algo != a->algo ||
                b->form != a->form || b->threads != a->threads ||
                b->block != a->block || b->update != a->update)
                continue;
            tkm_comparison c;
            char msg[256], sh[32];
            if (tkm_compare_results(ds, &b->res, &a->res, 0, &c, NULL, NULL,
                                    0, msg, sizeof msg) != TKM_OK)
                continue;
            if (!header++)
                fprintf(say, "\nf32 against f64 of the same solver:\n"
                       "%-8s %-12s %-7s %9s %9s %10s %10s\n", "algo", "form",
                       "shape", "iter32/64", "labeldiff", "max|dc|",
                       "d_inertia");
            shape_str(a, sh, sizeof sh);
            fprintf(say, "%-8s %-12s %-7s %4d/%-4d %9zu %10.3g %10.3g\n",
                   tkm_algorithm_name(a->algo), tkm_form_name(a->form), sh,
                   a->res.iterations, b->res.iterations, c.label_diff,
                   c.max_abs_diff, c.inertia_rel);
        }
    }
}

/* The inexact updates: against the baseline (not judged), and how far
 * their centroids were from the exact means of the same labels. */
static void print_update_study(const check_row *rows, size_t n)
{
    int header = 0;
    for (size_t i = 0; i < n; i++) {
        const check_row *r = &rows[i];
        if (!r->judged || r->update == TKM_UPDATE_EXACT)
            continue;
        if (!header++)
            fprintf(say, "\ninexact updates (not judged): against the "
                    "baseline, and |c - m| / |m| of each update's centroids "
                    "c\nfrom the exact means m of the same labels (the "
                    "largest, the mean over updates of the mean\nover "
                    "centroids):\n%-8s %-12s %-4s %-14s %5s %5s %9s %10s "
                    "%10s %10s\n", "algo", "form", "prec", "shape", "iter",
                    "base", "labeldiff", "max|dc|", "err_max", "err_mean");
        char sh[48];
        shape_str(r, sh, sizeof sh);
        fprintf(say, "%-8s %-12s %-4s %-14s %5d %5d %9zu %10.3g %10.3g "
                "%10.3g\n", tkm_algorithm_name(r->algo),
                tkm_form_name(r->form), tkm_precision_name(r->prec), sh,
                r->res.iterations, r->cmp.iterations_base, r->cmp.label_diff,
                r->cmp.max_abs_diff, r->res.update_err_max,
                r->res.update_err_mean);
    }
}

static void write_row_json(FILE *f, const check_row *r)
{
    const tkm_comparison *c = &r->cmp;
    fputc('{', f);
    cli_json_str(f, "algorithm", tkm_algorithm_name(r->algo), ", ");
    cli_json_str(f, "form", tkm_form_name(r->form), ", ");
    cli_json_str(f, "precision", tkm_precision_name(r->prec), ", ");
    cli_json_num(f, "threads", cli_solver_threads(r), ", ");
    cli_json_num(f, "block_size", r->form >= TKM_CUDA_GLOBAL ? r->block : 0,
                 ", ");
    cli_json_str(f, "verdict", cli_solver_verdict(r), ", ");
    cli_json_str(f, "reason", r->ran ? "" : r->why, ", ");
    cli_json_num(f, "iterations", r->res.iterations, ", ");
    cli_json_num(f, "label_diff", (double)c->label_diff, ", ");
    cli_json_num(f, "ties", (double)c->ties, ", ");
    cli_json_num(f, "max_abs_diff", c->max_abs_diff, ", ");
    cli_json_num(f, "max_rel_diff", c->max_rel_diff, ", ");
    cli_json_num(f, "inertia", r->res.inertia, ", ");
    cli_json_num(f, "inertia_rel", c->inertia_rel, ", ");
    cli_json_num(f, "dist_pc", (double)r->dist_pc, ", ");
    cli_json_num(f, "pruned_points", (double)r->pruned_points, ", ");
    cli_json_num(f, "pruned_pairs", (double)r->pruned_pairs, ", ");
    cli_json_str(f, "update", tkm_update_name(r->update), ", ");
    cli_json_num(f, "update_err_max", r->res.update_err_max, ", ");
    cli_json_num(f, "update_err_mean", r->res.update_err_mean, ", ");
    cli_json_num(f, "time_s", r->res.t_total, "}");
}

static void write_row_csv(FILE *f, const check_row *r)
{
    const tkm_comparison *c = &r->cmp;
    const double v[4] = {c->max_abs_diff, c->max_rel_diff, r->res.inertia,
                         c->inertia_rel};
    fprintf(f, "%s,%s,%s,%d,%d,%s,%d,%zu,%zu,", tkm_algorithm_name(r->algo),
            tkm_form_name(r->form), tkm_precision_name(r->prec),
            cli_solver_threads(r),
            r->form >= TKM_CUDA_GLOBAL ? r->block : 0, cli_solver_verdict(r),
            r->res.iterations, c->label_diff, c->ties);
    for (int i = 0; i < 4; i++) {
        tkmi_put_double(f, v[i]);
        fputc(',', f);
    }
    fprintf(f, "%llu,%llu,%llu,%s,", (unsigned long long)r->dist_pc,
            (unsigned long long)r->pruned_points,
            (unsigned long long)r->pruned_pairs, tkm_update_name(r->update));
    /* (an exact update's errors: empty, not measured) */
    if (!isnan(r->res.update_err_max))
        tkmi_put_double(f, r->res.update_err_max);
    fputc(',', f);
    if (!isnan(r->res.update_err_mean))
        tkmi_put_double(f, r->res.update_err_mean);
    fputc(',', f);
    tkmi_put_float(f, (float)r->res.t_total); /* seconds: float's digits */
    fputc('\n', f);
}

typedef struct {
    const check_row *rows;
    size_t n;
    int json;
} out_ctx;

static void fill_out(FILE *f, void *ctx)
{
    const out_ctx *o = ctx;
    if (o->json)
        fputs("[\n", f);
    else
        fputs("algorithm,form,precision,threads,block_size,verdict,"
              "iterations,label_diff,ties,max_abs_diff,max_rel_diff,"
              "inertia,inertia_rel,dist_pc,pruned_points,pruned_pairs,"
              "update,update_err_max,update_err_mean,time_s\n", f);
    for (size_t i = 0; i < o->n; i++) {
        if (o->json) {
            write_row_json(f, &o->rows[i]);
            fputs(i + 1 < o->n ? ",\n" : "\n", f);
        } else {
            write_row_csv(f, &o->rows[i]);
        }
    }
    if (o->json)
        fputs("]\n", f);
}

static int write_out(const char *path, const check_row *rows, size_t n)
{
    out_ctx c = {rows, n, !strcasecmp(cli_ext(path), ".json")};
    char msg[512] = "";
    tkm_status st = cli_write_atomic(path, fill_out, &c, msg, sizeof msg);
    return st == TKM_OK ? CLI_OK : cli_status(CMD, CLI_FAIL, st, msg);
}

static int check_finish(check_opts *o)
{
    static const char *const exts[] = {".csv", ".json", NULL};
    const cli_output out = {"--out", o->out, exts};
    const cli_output in = {"the data file", o->run.data, NULL};
    if (o->gen[0] && o->run.data)
        return cli_usage(CMD, "give either --data or --generate, not both");
    if (o->gen[0] && !o->run.data)
        o->run.data = "(generated)";
    if (!o->gen[0] && !o->run.data)
        return cli_usage(CMD, "no data: give --data FILE, FILE or "
                         "--generate N,D,K");
    int rc = cli_check_outputs(CMD, &out, 1, &in, 1, o->run.force);
    if (rc != CLI_OK)
        return rc;
    say = cli_say(1, &o->out);
    o->run.labels = o->run.centroids = o->run.stats = NULL;
    return cli_run_finish(&o->run, CMD);
}

/* The solver loop's callback: keep the progress line moving. */
static int on_iter(const tkm_iter_stats *it, void *ctx)
{
    (void)it;
    cli_progress_draw(ctx, 0);
    return 0;
}

static int check_run(check_opts *o, const tkm_dataset *ds, const double *init)
{
    tkm_params p;
    cli_run_params(&o->run, &p);
    p.update_error = 1; /* (each inexact update measured) */
    size_t n;
    check_row *rows = cli_solver_plan(&o->set, 1, &n);
    if (!rows)
        return cli_fail(CMD, "out of memory");
    /* on a terminal a progress line (runs done, elapsed, time left); -v
     * a line per run wherever stderr goes */
    cli_progress pg = {.tty = o->run.verbosity >= 0 &&
                              isatty(STDERR_FILENO),
                       .t0 = tkmi_now(), .runs_total = n};
    p.progress = on_iter;
    p.progress_ctx = &pg;
    cli_load load;
    cli_load_begin(&load);
    for (size_t i = 0; i < n; i++) {
        char sh[32];
        shape_str(&rows[i], sh, sizeof sh);
        snprintf(pg.current, sizeof pg.current, "%s %s %s %s",
                 tkm_algorithm_name(rows[i].algo), tkm_form_name(rows[i].form),
                 tkm_precision_name(rows[i].prec), sh);
        if (o->run.verbosity > 0 && !pg.tty)
            fprintf(stderr, "check: %zu/%zu %s\n", i + 1, n, pg.current);
        cli_progress_draw(&pg, 1);
        cli_solver_run_one(&p, ds, init, &rows[i]);
        pg.runs_done++;
    }
    cli_progress_end(&pg);
    cli_load_end(&load);
    fprintf(say, "data: %s, n=%zu, d=%zu, k=%zu\n", o->run.data, ds->n, ds->d,
           o->run.k);
    int failed = judge(o, ds, rows, n);
    print_table(rows, n);
    print_skipped(rows, n);
    print_precision_gap(ds, rows, n);
    print_update_study(rows, n);
    int rc = o->out ? write_out(o->out, rows, n) : CLI_OK;
    fprintf(say, "\n%d solver run(s) failed\n", failed);
    if (cli_load_busy(&load) > 0) {
        char text[160];
        cli_load_say(&load, text, sizeof text);
        fprintf(say, "load: %s: the times are not a quiet machine's\n",
                text);
    }
    for (size_t i = 0; i < n; i++)
        tkm_result_free(&rows[i].res);
    free(rows);
    return failed ? CLI_FAIL : rc;
}

int cli_check(int argc, char **argv)
{
    check_opts o;
    int help = 0;
    say = stdout;
    defaults(&o);
    int rc = parse_args(argc, argv, &o, &help);
    if (rc != CLI_OK)
        return rc;
    if (help) {
        cli_check_help(stdout);
        return CLI_OK;
    }
    if ((rc = check_finish(&o)) != CLI_OK)
        return rc;
    tkm_dataset ds;
    double *init = NULL;
    if ((rc = load(&o, &ds, &init)) != CLI_OK)
        return rc;
    rc = check_run(&o, &ds, init);
    free(init);
    tkm_dataset_free(&ds);
    return rc;
}
