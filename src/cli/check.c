/*
 * trikmeans check: every solver that is built and can run here, from the
 * same start, against sequential Lloyd of the same precision; then each
 * solver's float result against its double result.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

static const char *const CMD = "check";

#define MAX_LIST 16

typedef struct {
    cli_run run;
    int algos[TKM_NALGO], nalgo;
    int forms[TKM_NFORM], nform;
    int precs[2], nprec;
    int threads[MAX_LIST], nthreads;
    int blocks[MAX_LIST], nblocks;
    size_t gen[3];      /* --generate N,D,K; gen[0] == 0: read --data */
    double spread;
    const char *out;    /* --out FILE (.csv or .json)                 */
    int list_diffs;     /* differing points to name per solver        */
} check_opts;

/* One solver run and its verdict. */
typedef struct {
    tkm_algorithm algo;
    tkm_form form;
    tkm_precision prec;
    int threads, block;  /* as asked (0 = the form's default) */
    int ran;             /* 0: did not run, reason in why      */
    int skipped;         /* the form cannot run here           */
    char why[160];
    tkm_result res;
    tkm_comparison cmp;
    uint64_t dist_pc, pruned_points, pruned_pairs;
} check_row;

void cli_check_help(FILE *f)
{
    fputs("Usage: trikmeans check [OPTIONS] -k N [--data FILE | --generate "
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
          "Check options:\n"
          "  --algorithms LIST    comma-separated (default lloyd,elkan,hamerly)\n"
          "  --forms LIST         default seq,omp,cuda-global,cuda-shared\n"
          "  --precisions LIST    default f32,f64\n"
          "  --threads-list LIST  OpenMP thread counts (default 1,2,4)\n"
          "  --block-sizes LIST   CUDA block sizes (default 64,256,1024)\n"
          "  --generate N,D,K     use generated Gaussian blobs (N points, D\n"
          "                       dims, K centres uniform in [-10,10]^D)\n"
          "                       seeded by --seed, instead of --data\n"
          "  --spread X           blob standard deviation (default 1.0)\n"
          "  --out FILE           also write the table (.csv or .json)\n"
          "  --list-diffs N       name up to N differing points per solver\n"
          "                       (default 0)\n"
          "\n",
          f);
    cli_run_help(f);
    fputs("  -h, --help           print this help and exit\n"
          "\n"
          "--algorithm, --form, --precision, --threads and --block-size, if\n"
          "given, restrict the check to that one value.  Output options\n"
          "(--labels, --centroids, --stats) are not used by check.\n"
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
    OPT_GEN,
    OPT_SPREAD,
    OPT_OUT,
    OPT_LIST_DIFFS
};

static const struct option check_extra[] = {
    {"algorithms", required_argument, NULL, OPT_ALGOS},
    {"forms", required_argument, NULL, OPT_FORMS},
    {"precisions", required_argument, NULL, OPT_PRECS},
    {"threads-list", required_argument, NULL, OPT_TLIST},
    {"block-sizes", required_argument, NULL, OPT_BLIST},
    {"generate", required_argument, NULL, OPT_GEN},
    {"spread", required_argument, NULL, OPT_SPREAD},
    {"out", required_argument, NULL, OPT_OUT},
    {"list-diffs", required_argument, NULL, OPT_LIST_DIFFS},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0}};

/* Split a comma list; each item goes through take(); -1 on error. */
static int each_item(const char *opt, const char *arg, int max,
                     int (*take)(const char *item, int *out), int *vals,
                     int *n)
{
    char buf[512];
    if (strlen(arg) >= sizeof buf)
        return cli_usage(CMD, "%s: list too long", opt) ? -1 : -1;
    strcpy(buf, arg);
    *n = 0;
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t;
         t = strtok_r(NULL, ",", &save)) {
        if (*n >= max) {
            cli_usage(CMD, "%s: at most %d items", opt, max);
            return -1;
        }
        if (take(t, &vals[*n]) != 0) {
            cli_usage(CMD, "%s: '%s' is not valid", opt, t);
            return -1;
        }
        (*n)++;
    }
    if (*n == 0) {
        cli_usage(CMD, "%s: empty list", opt);
        return -1;
    }
    return 0;
}

static int take_algo(const char *s, int *out)
{
    tkm_algorithm a;
    if (tkm_algorithm_parse(s, &a))
        return -1;
    *out = a;
    return 0;
}

static int take_form(const char *s, int *out)
{
    tkm_form f;
    if (tkm_form_parse(s, &f))
        return -1;
    *out = f;
    return 0;
}

static int take_prec(const char *s, int *out)
{
    tkm_precision p;
    if (tkm_precision_parse(s, &p))
        return -1;
    *out = p;
    return 0;
}

static int take_posint(const char *s, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == 0 || *end || v < 1 || v > 4096)
        return -1;
    *out = (int)v;
    return 0;
}

static int parse_generate(const char *arg, size_t *g)
{
    char *end;
    const char *s = arg;
    for (int i = 0; i < 3; i++) {
        unsigned long long v = strtoull(s, &end, 10);
        if (end == s || v == 0 || (i < 2 && *end != ',') ||
            (i == 2 && *end))
            return cli_usage(CMD, "--generate wants N,D,K (three positive "
                             "integers), got '%s'", arg) ? -1 : -1;
        g[i] = (size_t)v;
        s = end + 1;
    }
    return 0;
}

static void defaults(check_opts *o)
{
    memset(o, 0, sizeof *o);
    cli_run_default(&o->run);
    for (int a = 0; a < TKM_NALGO; a++)
        o->algos[o->nalgo++] = a;
    for (int f = 0; f < TKM_NFORM; f++)
        o->forms[o->nform++] = f;
    o->precs[0] = TKM_F32;
    o->precs[1] = TKM_F64;
    o->nprec = 2;
    const int t[] = {1, 2, 4}, b[] = {64, 256, 1024};
    for (int i = 0; i < 3; i++) {
        o->threads[o->nthreads++] = t[i];
        o->blocks[o->nblocks++] = b[i];
    }
    o->spread = 1.0;
}

/* A check-only option; 1 taken, 0 not ours, -1 error. */
static int parse_own(check_opts *o, int c, const char *arg)
{
    switch (c) {
    case OPT_ALGOS:
        return each_item("--algorithms", arg, TKM_NALGO, take_algo, o->algos,
                         &o->nalgo) ? -1 : 1;
    case OPT_FORMS:
        return each_item("--forms", arg, TKM_NFORM, take_form, o->forms,
                         &o->nform) ? -1 : 1;
    case OPT_PRECS:
        return each_item("--precisions", arg, 2, take_prec, o->precs,
                         &o->nprec) ? -1 : 1;
    case OPT_TLIST:
        return each_item("--threads-list", arg, MAX_LIST, take_posint,
                         o->threads, &o->nthreads) ? -1 : 1;
    case OPT_BLIST:
        return each_item("--block-sizes", arg, MAX_LIST, take_posint,
                         o->blocks, &o->nblocks) ? -1 : 1;
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

/* Singular shared options narrow the lists. */
static void narrow(check_opts *o, const char *const *seen)
{
    const cli_run *r = &o->run;
    if (seen[0])
        o->algos[0] = r->algorithm, o->nalgo = 1;
    if (seen[1])
        o->forms[0] = r->form, o->nform = 1;
    if (seen[2])
        o->precs[0] = r->precision, o->nprec = 1;
    if (seen[3])
        o->threads[0] = r->threads, o->nthreads = 1;
    if (seen[4])
        o->blocks[0] = r->block_size, o->nblocks = 1;
}

static int parse_args(int argc, char **argv, check_opts *o, int *help)
{
    struct option opts[80];
    const char *seen[5] = {0};
    const char *const singular[5] = {"algorithm", "form", "precision",
                                     "threads", "block-size"};
    if (cli_options_join(opts, sizeof opts / sizeof opts[0], check_extra))
        return cli_fail(CMD, "internal error: option table too small");
    optind = 1;
    opterr = 0;
    int c, li;
    while ((c = getopt_long(argc, argv, ":" CLI_RUN_SHORTOPTS "h", opts,
                            &li)) != -1) {
        if (c == 'h') {
            *help = 1;
            return CLI_OK;
        }
        if (c == '?' || c == ':')
            return cli_getopt_error(CMD, c, argv);
        int taken = parse_own(o, c, optarg);
        if (taken == 0)
            taken = cli_run_parse(&o->run, c, optarg, CMD);
        if (taken < 0)
            return CLI_USAGE;
        if (taken == 0)
            return cli_usage(CMD, "option '%s' is not handled",
                             argv[optind - 1]);
        for (int i = 0; i < 5 && c >= 256 && c < CLI_OPT_SUB; i++)
            if (!strcmp(opts[li].name, singular[i]))
                seen[i] = optarg;
    }
    for (; optind < argc; optind++)
        if (cli_run_positional(&o->run, argv[optind], CMD))
            return CLI_USAGE;
    narrow(o, seen);
    return CLI_OK;
}

/* ---- running ----------------------------------------------------------- */

static int load(check_opts *o, tkm_dataset *ds, double **init)
{
    cli_run *r = &o->run;
    int want_f32 = 0;
    for (int i = 0; i < o->nprec; i++)
        want_f32 |= o->precs[i] == TKM_F32;
    r->precision = want_f32 ? TKM_F32 : TKM_F64; /* reader's range check */
    if (!o->gen[0])
        return cli_run_load(r, CMD, ds, init);
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

static void sum_counters(check_row *row)
{
    for (int i = 0; i < row->res.iterations; i++) {
        row->dist_pc += row->res.iters[i].dist_pc;
        row->pruned_points += row->res.iters[i].pruned_points;
        row->pruned_pairs += row->res.iters[i].pruned_pairs;
    }
}

/* Run one solver; a run that cannot start is recorded, not fatal. */
static void run_one(const check_opts *o, const tkm_dataset *ds,
                    const double *init, check_row *row)
{
    tkm_params p;
    cli_run_params(&o->run, &p);
    p.algorithm = row->algo;
    p.form = row->form;
    p.precision = row->prec;
    p.threads = row->threads;
    p.block_size = row->block;
    char why[160] = "";
    tkm_status st = tkm_form_available(row->form, why, sizeof why);
    row->skipped = st != TKM_OK;
    if (st == TKM_OK)
        st = tkm_fit(ds, init, &p, &row->res, why, sizeof why);
    row->ran = st == TKM_OK;
    if (!row->ran)
        snprintf(row->why, sizeof row->why, "%s", why[0] ? why
                                                         : tkm_strerror(st));
    else
        sum_counters(row);
}

/* All rows, in the order algorithm x form x precision x threads/blocks;
 * the baseline (lloyd seq) of each precision comes first. */
static check_row *plan(const check_opts *o, size_t *nrows)
{
    size_t cap = (size_t)(o->nalgo * o->nform * o->nprec + 2) *
                 (size_t)(o->nthreads > o->nblocks ? o->nthreads
                                                   : o->nblocks);
    check_row *rows = calloc(cap, sizeof *rows);
    size_t n = 0;
    for (int pi = 0; rows && pi < o->nprec; pi++) {
        check_row base = {.algo = TKM_LLOYD, .form = TKM_SEQ,
                          .prec = o->precs[pi], .threads = 1};
        rows[n++] = base;
        for (int ai = 0; ai < o->nalgo; ai++)
            for (int fi = 0; fi < o->nform; fi++) {
                tkm_form f = o->forms[fi];
                int omp = f == TKM_OMP, seq = f == TKM_SEQ;
                int nv = omp ? o->nthreads : seq ? 1 : o->nblocks;
                if (tkm_form_available(f, NULL, 0) != TKM_OK)
                    nv = 1; /* listed once, as skipped */
                if (seq && o->algos[ai] == TKM_LLOYD)
                    continue; /* that is the baseline */
                for (int v = 0; v < nv; v++) {
                    check_row r = {.algo = o->algos[ai], .form = f,
                                   .prec = o->precs[pi]};
                    r.threads = omp ? o->threads[v] : seq ? 1 : 0;
                    r.block = (!omp && !seq) ? o->blocks[v] : 0;
                    rows[n++] = r;
                }
            }
    }
    *nrows = n;
    return rows;
}

static const check_row *baseline(const check_row *rows, size_t n,
                                 tkm_precision p)
{
    for (size_t i = 0; i < n; i++)
        if (rows[i].prec == p && rows[i].algo == TKM_LLOYD &&
            rows[i].form == TKM_SEQ)
            return &rows[i];
    return NULL;
}

/* Compare every row with its precision's baseline; returns failures. */
static int judge(const check_opts *o, const tkm_dataset *ds,
                 check_row *rows, size_t n)
{
    int failed = 0;
    size_t nl = (size_t)o->list_diffs;
    size_t *idx = nl ? calloc(nl, sizeof *idx) : NULL;
    double *gap = nl ? calloc(nl, sizeof *gap) : NULL;
    for (size_t i = 0; i < n; i++) {
        check_row *r = &rows[i];
        const check_row *b = baseline(rows, n, r->prec);
        if (!r->ran || !b || !b->ran) {
            /* a form absent from this build or machine is skipped; any
             * other run that did not happen is a failure */
            failed += !r->skipped || !b || !b->ran;
            continue;
        }
        char msg[256];
        tkm_compare_results(ds, &b->res, &r->res,
                            tkm_check_tolerance(r->prec), &r->cmp, idx, gap,
                            nl, msg, sizeof msg);
        failed += !r->cmp.pass;
        size_t shown = r->cmp.label_diff < nl ? r->cmp.label_diff : nl;
        for (size_t j = 0; j < shown; j++)
            printf("  %s %s %s: point %zu labelled %d (baseline %d), "
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
    else if (r->form >= TKM_CUDA_GLOBAL)
        snprintf(buf, len, "bs=%d", r->block);
    else
        snprintf(buf, len, "-");
}

static double pruned_frac(const check_row *r)
{
    double full = (double)r->res.n * (double)r->res.k *
                  (double)r->res.iterations;
    return full > 0 ? 1.0 - (double)r->dist_pc / full : 0.0;
}

static void print_table(const check_row *rows, size_t n)
{
    printf("%-8s %-12s %-4s %-7s %5s %5s %9s %6s %10s %10s %8s %9s  %s\n",
           "algo", "form", "prec", "shape", "iter", "base", "labeldiff",
           "ties", "max|dc|", "d_inertia", "saved", "time_s", "verdict");
    for (size_t i = 0; i < n; i++) {
        const check_row *r = &rows[i];
        char sh[32];
        shape_str(r, sh, sizeof sh);
        if (!r->ran) {
            printf("%-8s %-12s %-4s %-7s  %s: %s\n",
                   tkm_algorithm_name(r->algo), tkm_form_name(r->form),
                   tkm_precision_name(r->prec), sh,
                   r->skipped ? "SKIPPED" : "FAILED",
                   r->why);
            continue;
        }
        int base = r->algo == TKM_LLOYD && r->form == TKM_SEQ;
        printf("%-8s %-12s %-4s %-7s %5d %5d %9zu %6zu %10.3g %10.3g "
               "%7.1f%% %9.3f  %s\n",
               tkm_algorithm_name(r->algo), tkm_form_name(r->form),
               tkm_precision_name(r->prec), sh, r->res.iterations,
               base ? r->res.iterations : r->cmp.iterations_base,
               r->cmp.label_diff, r->cmp.ties, r->cmp.max_abs_diff,
               r->cmp.inertia_rel, 100.0 * pruned_frac(r), r->res.t_total,
               base ? "baseline" : r->cmp.pass ? "pass" : "FAIL");
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
                b->block != a->block)
                continue;
            tkm_comparison c;
            char msg[256], sh[32];
            if (tkm_compare_results(ds, &b->res, &a->res, 0, &c, NULL, NULL,
                                    0, msg, sizeof msg) != TKM_OK)
                continue;
            if (!header++)
                printf("\nf32 against f64 of the same solver:\n"
                       "%-8s %-12s %-7s %9s %9s %10s %10s\n", "algo", "form",
                       "shape", "iter32/64", "labeldiff", "max|dc|",
                       "d_inertia");
            shape_str(a, sh, sizeof sh);
            printf("%-8s %-12s %-7s %4d/%-4d %9zu %10.3g %10.3g\n",
                   tkm_algorithm_name(a->algo), tkm_form_name(a->form), sh,
                   a->res.iterations, b->res.iterations, c.label_diff,
                   c.max_abs_diff, c.inertia_rel);
        }
    }
}

static const char *verdict(const check_row *r)
{
    if (!r->ran)
        return r->skipped ? "skipped" : "failed";
    if (r->algo == TKM_LLOYD && r->form == TKM_SEQ)
        return "baseline";
    return r->cmp.pass ? "pass" : "fail";
}

static void write_row_json(FILE *f, const check_row *r)
{
    const tkm_comparison *c = &r->cmp;
    fputc('{', f);
    cli_json_str(f, "algorithm", tkm_algorithm_name(r->algo), ", ");
    cli_json_str(f, "form", tkm_form_name(r->form), ", ");
    cli_json_str(f, "precision", tkm_precision_name(r->prec), ", ");
    cli_json_num(f, "threads", r->form == TKM_OMP && r->ran ? r->res.threads
                                                            : 0, ", ");
    cli_json_num(f, "block_size", r->form >= TKM_CUDA_GLOBAL ? r->block : 0,
                 ", ");
    cli_json_str(f, "verdict", verdict(r), ", ");
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
    cli_json_num(f, "time_s", r->res.t_total, "}");
}

static void write_row_csv(FILE *f, const check_row *r)
{
    const tkm_comparison *c = &r->cmp;
    fprintf(f, "%s,%s,%s,%d,%d,%s,%d,%zu,%zu,%.17g,%.17g,%.17g,%.17g,"
            "%llu,%llu,%llu,%.9g\n",
            tkm_algorithm_name(r->algo), tkm_form_name(r->form),
            tkm_precision_name(r->prec),
            r->form == TKM_OMP && r->ran ? r->res.threads : 0,
            r->form >= TKM_CUDA_GLOBAL ? r->block : 0, verdict(r),
            r->res.iterations, c->label_diff, c->ties, c->max_abs_diff,
            c->max_rel_diff, r->res.inertia, c->inertia_rel,
            (unsigned long long)r->dist_pc,
            (unsigned long long)r->pruned_points,
            (unsigned long long)r->pruned_pairs, r->res.t_total);
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
              "time_s\n", f);
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
    if (o->gen[0] && o->run.data)
        return cli_usage(CMD, "give either --data or --generate, not both");
    if (o->gen[0] && !o->run.data)
        o->run.data = "(generated)";
    if (!o->gen[0] && !o->run.data)
        return cli_usage(CMD, "no data: give --data FILE, FILE or "
                         "--generate N,D,K");
    if (o->out && cli_check_ext(CMD, "--out", o->out, exts))
        return CLI_USAGE;
    o->run.labels = o->run.centroids = o->run.stats = NULL;
    return cli_run_finish(&o->run, CMD);
}

static int check_run(check_opts *o, const tkm_dataset *ds, const double *init)
{
    size_t n;
    check_row *rows = plan(o, &n);
    if (!rows)
        return cli_fail(CMD, "out of memory");
    for (size_t i = 0; i < n; i++) {
        if (o->run.verbosity > 0)
            fprintf(stderr, "check: %s %s %s ...\n",
                    tkm_algorithm_name(rows[i].algo),
                    tkm_form_name(rows[i].form),
                    tkm_precision_name(rows[i].prec));
        run_one(o, ds, init, &rows[i]);
    }
    printf("data: %s, n=%zu, d=%zu, k=%zu\n", o->run.data, ds->n, ds->d,
           o->run.k);
    int failed = judge(o, ds, rows, n);
    print_table(rows, n);
    print_precision_gap(ds, rows, n);
    int rc = o->out ? write_out(o->out, rows, n) : CLI_OK;
    printf("\n%d solver run(s) failed\n", failed);
    for (size_t i = 0; i < n; i++)
        tkm_result_free(&rows[i].res);
    free(rows);
    return failed ? CLI_FAIL : rc;
}

int cli_check(int argc, char **argv)
{
    check_opts o;
    int help = 0;
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
