/*
 * The options every run-style subcommand (fit, check, init, predict)
 * shares: one table, one parser of a single option, one getopt loop, one
 * help text, so that a script written for one subcommand keeps working
 * with the others.
 */
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

enum {
    OPT_DATA = 256,
    OPT_ALGORITHM,
    OPT_FORM,
    OPT_PRECISION,
    OPT_INIT,
    OPT_CANDIDATES,
    OPT_SEED,
    OPT_THREADS,
    OPT_BLOCK_SIZE,
    OPT_MAX_ITER,
    OPT_TOL,
    OPT_TOL_ABS,
    OPT_TOL_INERTIA,
    OPT_FIXED_ITER,
    OPT_EMPTY,
    OPT_SCREEN,
    OPT_INERTIA,
    OPT_NO_CC,
    OPT_MAX_DRIFT,
    OPT_UPDATE,
    OPT_UPDATE_ERROR,
    OPT_RAW_D,
    OPT_RAW_N,
    OPT_RAW_BITS,
    OPT_FORMAT,
    OPT_HEADER,
    OPT_DELIMITER,
    OPT_USECOLS,
    OPT_SKIP_COLS,
    OPT_LABELS,
    OPT_CENTROIDS,
    OPT_STATS,
    OPT_FORCE
};

/* The shared options: long name (NULL for -k alone), argument, code, a
 * second name taken as the same option (fit's --algorithms is check's
 * word; check takes its own lists), section (0 input, 1 solver, 2
 * output) and help lines.  A subcommand takes the ones it names. */
typedef struct {
    const char *name;
    int has_arg;
    int code;
    const char *alias;
    int section;
    const char *help;
} shared_opt;

static const shared_opt shared[] = {
    {"data", required_argument, OPT_DATA, NULL, 0,
     "  --data FILE          data set, n x d: text (.csv, .tsv, whitespace;\n"
     "                       optional header, # comments), .npy, raw\n"
     "                       binary (.bin, .raw, .f32, .f64), or sparse:\n"
     "                       .npz (scipy.sparse.save_npz: csr, csc, coo)\n"
     "                       or .mtx (MatrixMarket coordinate), which every\n"
     "                       command but bench takes; FILE alone works\n"
     "                       too; - reads standard input (text unless\n"
     "                       --format says otherwise)\n"},
    {"format", required_argument, OPT_FORMAT, NULL, 0,
     "  --format NAME        text | npy | raw | npz | mtx: how to read\n"
     "                       the data (default: by its name: .npy, .npz,\n"
     "                       .mtx, .bin/.raw/.f32/.f64 raw, anything else\n"
     "                       text)\n"},
    {"raw-d", required_argument, OPT_RAW_D, NULL, 0,
     "  --raw-d N            raw binary input: columns (required for raw)\n"},
    {"raw-n", required_argument, OPT_RAW_N, NULL, 0,
     "  --raw-n N            raw binary input: rows (default: file size /\n"
     "                       (d * width))\n"},
    {"raw-bits", required_argument, OPT_RAW_BITS, NULL, 0,
     "  --raw-bits 32|64     raw binary input: float32 or float64\n"
     "                       (default: 32 for .f32 files, else 64)\n"},
    {"header", required_argument, OPT_HEADER, NULL, 0,
     "  --header yes|no|auto text input: the first line (after #\n"
     "                       comments) is a header, is data, or is a\n"
     "                       header when none of its fields is a number\n"
     "                       (default auto); a header must name as many\n"
     "                       columns as the data has\n"},
    {"delimiter", required_argument, OPT_DELIMITER, NULL, 0,
     "  --delimiter C        text input: the field separator, one\n"
     "                       character (';', '|', ...), 'tab' or 'space'\n"
     "                       (runs of blanks); default: ',' if the line\n"
     "                       has one, else tab, else blanks\n"},
    {"usecols", required_argument, OPT_USECOLS, NULL, 0,
     "  --usecols LIST       read only these columns: 0-based indices or,\n"
     "                       in a text file with a header, names (\"0,2\"\n"
     "                       or \"x,z\"; an item of digits is an index);\n"
     "                       they keep the file's order\n"},
    {"skip-cols", required_argument, OPT_SKIP_COLS, NULL, 0,
     "  --skip-cols LIST     read every column but these (same list), e.g.\n"
     "                       --skip-cols 0 for pandas' index column; a\n"
     "                       column left out is not parsed\n"},
    {NULL, required_argument, 'k', NULL, 1,
     "  -k N                 number of clusters, 1 <= k <= n (required)\n"},
    {"algorithm", required_argument, OPT_ALGORITHM, "algorithms", 1,
     "  --algorithm NAME     @algs|@ (default @default@)\n"},
    {"form", required_argument, OPT_FORM, "forms", 1,
     "  --form NAME          seq | omp | cuda-global | cuda-shared\n"
     "                       (default seq; see 'trikmeans info')\n"},
    {"precision", required_argument, OPT_PRECISION, "precisions", 1,
     "  --precision NAME     f32 | f64 (default f64); also float32,\n"
     "                       float and float64, double\n"},
    {"init", required_argument, OPT_INIT, NULL, 1,
     "  --init METHOD|FILE   kmeans++ | kmeans++-greedy | random | farthest\n"
     "                       (farthest-first traversal, the reference\n"
     "                       thesis's \"K-means++\"), or a file of k x d\n"
     "                       starting centroids (default kmeans++);\n"
     "                       k-means++ is kmeans++-greedy (scikit-learn's)\n"},
    {"candidates", required_argument, OPT_CANDIDATES, NULL, 1,
     "  --candidates N       kmeans++-greedy: candidates per step\n"
     "                       (default 2 + floor(ln k))\n"},
    {"seed", required_argument, OPT_SEED, NULL, 1,
     "  --seed N             seed of the initialisation (default 0)\n"},
    {"threads", required_argument, OPT_THREADS, "threads-list", 1,
     "  --threads N          OpenMP threads: fit's omp form, predict's\n"
     "                       distances (default 0 = OpenMP's default, less\n"
     "                       the CPUs other work keeps busy, in fit at\n"
     "                       most one per 256 points, unless\n"
     "                       OMP_NUM_THREADS is set; in trikmeans-mpi fit,\n"
     "                       unless OMP_NUM_THREADS is set, each rank's\n"
     "                       share of the CPUs it may use); the results do\n"
     "                       not depend on it\n"},
    {"block-size", required_argument, OPT_BLOCK_SIZE, "block-sizes", 1,
     "  --block-size N       cuda forms: threads per block, a multiple of\n"
     "                       32 up to 1024 (default 0 = the form's default)\n"},
    {"max-iter", required_argument, OPT_MAX_ITER, NULL, 1,
     "  --max-iter N         most iterations (default 300)\n"},
    {"tol", required_argument, OPT_TOL, NULL, 1,
     "  --tol X              scikit-learn's tol: also stop once the sum of\n"
     "                       squared centroid moves is at most X times\n"
     "                       the mean variance of the columns (its\n"
     "                       default is 1e-4; ours 0: stop when no label\n"
     "                       changes)\n"},
    {"tol-abs", required_argument, OPT_TOL_ABS, NULL, 1,
     "  --tol-abs X          also stop once no centroid moves more than X\n"
     "                       (default 0: off)\n"
     "                       After a stop on a tol, or on --max-iter, one\n"
     "                       more assignment gives the labels of the\n"
     "                       final centroids, as scikit-learn does\n"},
    {"tol-inertia", required_argument, OPT_TOL_INERTIA, NULL, 1,
     "  --tol-inertia X      also stop once the inertia changed by at most\n"
     "                       X of itself from one assignment to the next\n"
     "                       (computes it every iteration; default 0: off)\n"},
    {"fixed-iter", no_argument, OPT_FIXED_ITER, NULL, 1,
     "  --fixed-iter         run exactly --max-iter iterations, update\n"
     "                       included, whatever converges (for timing)\n"},
    {"empty", required_argument, OPT_EMPTY, NULL, 1,
     "  --empty POLICY       keep | farthest: an empty cluster keeps its\n"
     "                       centroid or moves to the farthest point\n"
     "                       (default keep)\n"},
    {"screen", required_argument, OPT_SCREEN, NULL, 1,
     "  --screen auto|on|off @screen@, seq and omp: screen the\n"
     "                       distances of the full scans through a matrix\n"
     "                       product (OpenBLAS) and take the direct\n"
     "                       distance only where its rounding bound cannot\n"
     "                       decide: the same labels, centroids and pruning\n"
     "                       counts, bit for bit (default auto: on from\n"
     "                       d >= 256 and k >= 64; with k >= 1000 from\n"
     "                       d >= 32 in f32, 16 in f64 (lloyd, hamerly);\n"
     "                       lloyd in f64 from d >= 32 (k >= 64) and 8\n"
     "                       (k >= 100), in f32 from d >= 64 (k >= 64),\n"
     "                       32 (k >= 100) and 8 (k >= 400): where it\n"
     "                       measured faster)\n"},
    {"inertia-each-iter", no_argument, OPT_INERTIA, NULL, 1,
     "  --inertia-each-iter  record the inertia in every iteration's stats\n"},
    {"no-cc", no_argument, OPT_NO_CC, NULL, 1,
     "  --no-cc              @no_cc@: without the centroid-centroid\n"
     "                       tests, as the reference thesis (an ablation:\n"
     "                       still exact; every form)\n"},
    {"max-drift-only", no_argument, OPT_MAX_DRIFT, NULL, 1,
     "  --max-drift-only     @drift@: the lower bound shrinks by the largest\n"
     "                       drift of all centroids, as the thesis (an\n"
     "                       ablation: still exact; every form)\n"},
    {"update", required_argument, OPT_UPDATE, NULL, 1,
     "  --update NAME        the CUDA forms' centroid sums: exact (default,\n"
     "                       every form: exact sums, the same bits\n"
     "                       everywhere), or the sources' inexact ones in\n"
     "                       the run's precision: atomic, shared, tree, dc\n"
     "                       (docs/update.md; dense points, no weights,\n"
     "                       --empty keep)\n"},
    {"update-error", no_argument, OPT_UPDATE_ERROR, NULL, 1,
     "  --update-error       with an inexact --update: make the exact sums\n"
     "                       too and record how far each update's\n"
     "                       centroids are from them (stats: upd_err_max,\n"
     "                       upd_err_mean; the update's time includes them)\n"},
    {"labels", required_argument, OPT_LABELS, NULL, 2,
     "  --labels FILE        labels, .csv, .tsv or .npy (int32)\n"},
    {"centroids", required_argument, OPT_CENTROIDS, NULL, 2,
     "  --centroids FILE     centroids, .csv, .tsv or .npy (float64)\n"},
    {"stats", required_argument, OPT_STATS, NULL, 2,
     "  --stats FILE         per-iteration statistics and the run's\n"
     "                       phase times (read, context, start, convert,\n"
     "                       setup, upload, loop, result, download,\n"
     "                       write, wall), .csv or .json\n"},
    {"force", no_argument, OPT_FORCE, NULL, 2,
     "  --force              replace output files that exist (refused\n"
     "                       otherwise)\n"},
    {"quiet", no_argument, 'q', NULL, 2,
     "  -q, --quiet          print nothing on success, no progress\n"},
    {"verbose", no_argument, 'v', NULL, 2,
     "  -v, --verbose        progress on stderr even when it is not a\n"
     "                       terminal (a line per iteration, or per run\n"
     "                       in check), and fit's phase times at the end\n"},
};
enum { NSHARED = (int)(sizeof shared / sizeof shared[0]) };

/* Whether the subcommand's list (NULL: all) names option me. */
static int takes_name(const char *const *names, const char *me)
{
    if (!names)
        return 1;
    for (int j = 0; names[j]; j++)
        if (!strcmp(names[j], me))
            return 1;
    return 0;
}

static int takes(const char *const *names, int i)
{
    return takes_name(names, shared[i].name ? shared[i].name : "k");
}

static const char *const table_exts[] = {".csv", ".tsv", ".npy", NULL};
static const char *const stats_exts[] = {".csv", ".json", NULL};

void cli_run_default(cli_run *r)
{
    tkm_params p;
    tkm_params_default(&p);
    memset(r, 0, sizeof *r);
    r->algorithm = p.algorithm;
    r->form = p.form;
    r->precision = p.precision;
    r->init = TKM_INIT_KMEANSPP;
    r->seed = 0;
    r->threads = p.threads;
    r->block_size = p.block_size;
    r->max_iter = p.max_iter;
    r->tol = p.tol;
    r->tol_abs = p.tol_abs;
    r->empty = p.empty;
    r->screen = p.screen;
    r->update = p.update;
}

/* Named choices: algorithm, form, precision, init, empty policy. */
static int parse_name_opt(cli_run *r, int code, const char *arg,
                          const char *cmd)
{
    char names[128];
    switch (code) {
    case OPT_ALGORITHM:
        if (tkm_algorithm_parse(arg, &r->algorithm) == 0)
            return 1;
        cli_usage(cmd, "unknown algorithm '%s'; valid names: %s", arg,
                  cli_valid_names(CLI_LIST_ALGO, names, sizeof names));
        return -1;
    case OPT_FORM:
        if (tkm_form_parse(arg, &r->form) == 0)
            return 1;
        cli_usage(cmd, "unknown form '%s'; valid names: %s", arg,
                  cli_valid_names(CLI_LIST_FORM, names, sizeof names));
        return -1;
    case OPT_PRECISION:
        if (tkm_precision_parse(arg, &r->precision) == 0)
            return 1;
        cli_usage(cmd, "unknown precision '%s'; valid names: f32 (or "
                  "float32, float), f64 (or float64, double)", arg);
        return -1;
    case OPT_DELIMITER:
        if (!strcmp(arg, "tab") || !strcmp(arg, "\\t"))
            r->delimiter = '\t';
        else if (!strcmp(arg, "space") || !strcmp(arg, " "))
            r->delimiter = ' ';
        else if (strlen(arg) == 1 && isprint((unsigned char)arg[0]) &&
                 !strchr("0123456789.+-eE#\"'", arg[0]))
            r->delimiter = arg[0];
        else {
            cli_usage(cmd, "--delimiter takes one character that cannot "
                      "be part of a number (',', ';', '|', ...), 'tab' or "
                      "'space', not '%s'", arg);
            return -1;
        }
        return 1;
    case OPT_FORMAT:
        if (!strcmp(arg, "text") || !strcmp(arg, "npy") ||
            !strcmp(arg, "raw") || !strcmp(arg, "npz") ||
            !strcmp(arg, "mtx")) {
            r->format = !strcmp(arg, "text") ? TKM_FMT_TEXT
                        : !strcmp(arg, "npy") ? TKM_FMT_NPY
                        : !strcmp(arg, "npz") ? TKM_FMT_NPZ
                        : !strcmp(arg, "mtx") ? TKM_FMT_MTX
                                              : TKM_FMT_RAW;
            return 1;
        }
        cli_usage(cmd, "--format takes text, npy, raw, npz or mtx, not "
                  "'%s'", arg);
        return -1;
    case OPT_HEADER:
        if (!strcmp(arg, "auto") || !strcmp(arg, "no") ||
            !strcmp(arg, "yes")) {
            r->header = !strcmp(arg, "auto") ? TKM_HEADER_AUTO
                        : !strcmp(arg, "no") ? TKM_HEADER_NO
                                              : TKM_HEADER_YES;
            return 1;
        }
        cli_usage(cmd, "--header takes yes, no or auto, not '%s'", arg);
        return -1;
    case OPT_SCREEN:
        if (tkm_screen_parse(arg, &r->screen) == 0)
            return 1;
        cli_usage(cmd, "--screen takes auto, on or off, not '%s'", arg);
        return -1;
    case OPT_UPDATE:
        if (tkm_update_parse(arg, &r->update) == 0)
            return 1;
        cli_usage(cmd, "unknown update '%s'; valid names: %s", arg,
                  cli_valid_names(CLI_LIST_UPDATE, names, sizeof names));
        return -1;
    case OPT_EMPTY:
        if (tkm_empty_parse(arg, &r->empty) == 0)
            return 1;
        cli_usage(cmd, "unknown empty-cluster policy '%s'; valid names: %s",
                  arg, cli_valid_names(CLI_LIST_EMPTY, names, sizeof names));
        return -1;
    default: /* OPT_INIT: a method name, else an existing file */
        r->init_file = NULL;
        if (tkm_init_parse(arg, &r->init) == 0)
            return 1;
        if (access(arg, F_OK) == 0) {
            r->init_file = arg;
            return 1;
        }
        cli_usage(cmd,
                  "--init '%s' is neither a method nor an existing file; "
                  "valid names: %s (or a file of k x d centroids)",
                  arg, cli_valid_names(CLI_LIST_INIT, names, sizeof names));
        return -1;
    }
}

/* Numeric options. */
static int parse_number_opt(cli_run *r, int code, const char *arg,
                            const char *cmd)
{
    int bad;
    switch (code) {
    case 'k':
        bad = cli_parse_size(cmd, "-k", arg, 1, INT32_MAX, &r->k);
        break;
    case OPT_CANDIDATES:
        bad = cli_parse_int(cmd, "--candidates", arg, 1, 1 << 20,
                            &r->candidates);
        r->candidates_set = 1;
        break;
    case OPT_SEED: bad = cli_parse_u64(cmd, "--seed", arg, &r->seed); break;
    case OPT_THREADS:
        bad = cli_parse_int(cmd, "--threads", arg, 0, 4096, &r->threads);
        break;
    case OPT_BLOCK_SIZE:
        bad = cli_parse_int(cmd, "--block-size", arg, 0, 1024,
                            &r->block_size);
        break;
    case OPT_MAX_ITER:
        bad = cli_parse_int(cmd, "--max-iter", arg, 1, INT_MAX, &r->max_iter);
        break;
    case OPT_TOL:
        bad = cli_parse_double(cmd, "--tol", arg, 0.0, 0, HUGE_VAL, &r->tol);
        break;
    case OPT_TOL_ABS:
        bad = cli_parse_double(cmd, "--tol-abs", arg, 0.0, 0, HUGE_VAL,
                               &r->tol_abs);
        break;
    case OPT_TOL_INERTIA:
        bad = cli_parse_double(cmd, "--tol-inertia", arg, 0.0, 0, HUGE_VAL,
                               &r->tol_inertia);
        break;
    case OPT_RAW_D:
        bad = cli_parse_size(cmd, "--raw-d", arg, 1, SIZE_MAX, &r->raw_d);
        r->raw_set = 1;
        break;
    case OPT_RAW_N:
        bad = cli_parse_size(cmd, "--raw-n", arg, 1, SIZE_MAX, &r->raw_n);
        r->raw_set = 1;
        break;
    default: /* OPT_RAW_BITS */
        bad = cli_parse_int(cmd, "--raw-bits", arg, 32, 64, &r->raw_bits);
        if (!bad && r->raw_bits != 32 && r->raw_bits != 64)
            bad = cli_usage(cmd, "--raw-bits must be 32 or 64, not %s", arg);
        r->raw_set = 1;
        break;
    }
    return bad ? -1 : 1;
}

/* --usecols or --skip-cols: the list goes to the reader, which checks it
 * against the file; one of the two. */
static int parse_cols(cli_run *r, int code, const char *arg, const char *cmd)
{
    const char **mine = code == OPT_USECOLS ? &r->usecols : &r->skip_cols;
    const char *other = code == OPT_USECOLS ? r->skip_cols : r->usecols;
    if (other) {
        cli_usage(cmd, "--usecols and --skip-cols cannot both be given (one "
                  "names the columns to read, the other those to leave "
                  "out)");
        return -1;
    }
    *mine = arg;
    return 1;
}

int cli_run_parse(cli_run *r, int code, const char *arg, const char *cmd)
{
    switch (code) {
    case OPT_DATA:
        return cli_run_positional(r, arg, cmd) ? -1 : 1;
    case OPT_ALGORITHM:
    case OPT_FORM:
    case OPT_PRECISION:
    case OPT_INIT:
    case OPT_FORMAT:
    case OPT_HEADER:
    case OPT_DELIMITER:
    case OPT_SCREEN:
    case OPT_UPDATE:
    case OPT_EMPTY: return parse_name_opt(r, code, arg, cmd);
    case OPT_USECOLS:
    case OPT_SKIP_COLS: return parse_cols(r, code, arg, cmd);
    case 'k':
    case OPT_CANDIDATES:
    case OPT_SEED:
    case OPT_THREADS:
    case OPT_BLOCK_SIZE:
    case OPT_MAX_ITER:
    case OPT_TOL:
    case OPT_TOL_ABS:
    case OPT_TOL_INERTIA:
    case OPT_RAW_D:
    case OPT_RAW_N:
    case OPT_RAW_BITS: return parse_number_opt(r, code, arg, cmd);
    case OPT_INERTIA: r->inertia_each_iter = 1; return 1;
    case OPT_NO_CC: r->no_cc = 1; return 1;
    case OPT_FIXED_ITER: r->fixed_iter = 1; return 1;
    case OPT_MAX_DRIFT: r->max_drift_only = 1; return 1;
    case OPT_UPDATE_ERROR: r->update_error = 1; return 1;
    case OPT_LABELS: r->labels = arg; return 1;
    case OPT_CENTROIDS: r->centroids = arg; return 1;
    case OPT_STATS: r->stats = arg; return 1;
    case OPT_FORCE: r->force = 1; return 1;
    case 'q': r->verbosity = -1; return 1;
    case 'v': r->verbosity = 1; return 1;
    default: return 0;
    }
}

int cli_run_positional(cli_run *r, const char *arg, const char *cmd)
{
    if (r->data) {
        cli_usage(cmd, "one data file only: '%s' and '%s' were both given",
                  r->data, arg);
        return -1;
    }
    r->data = arg;
    return 0;
}

/* Outputs: known extensions, none named twice or over an input, none
 * existing unless --force, folders writable. */
static int check_outputs(const cli_run *r, const char *cmd)
{
    const cli_output out[3] = {{"--labels", r->labels, table_exts},
                               {"--centroids", r->centroids, table_exts},
                               {"--stats", r->stats, stats_exts}};
    const cli_output in[2] = {{"the data file", r->data, NULL},
                              {"the starting centroids", r->init_file, NULL}};
    return cli_check_outputs(cmd, out, 3, in, 2, r->force);
}

int cli_run_check_raw(const cli_run *r, const char *cmd)
{
    if ((r->raw_set || r->format == TKM_FMT_RAW ||
         (r->format == TKM_FMT_AUTO && cli_is_raw(r->data))) &&
        !r->raw_d)
        return cli_usage(cmd, "raw binary input %s needs --raw-d N (its "
                         "number of columns)", r->data);
    return CLI_OK;
}

int cli_run_finish(cli_run *r, const char *cmd)
{
    if (!r->data)
        return cli_usage(cmd, "no data file: give --data FILE or FILE");
    if (!r->k)
        return cli_usage(cmd, "the number of clusters -k N is required");
    if (r->candidates_set &&
        (r->init_file || r->init != TKM_INIT_KMEANSPP_GREEDY))
        return cli_usage(cmd, "--candidates applies only to --init "
                         "kmeans++-greedy");
    if (r->fixed_iter && (r->tol > 0 || r->tol_abs > 0 ||
                          r->tol_inertia > 0))
        return cli_usage(cmd, "--fixed-iter runs exactly --max-iter "
                         "iterations, so %s (a stop before them) cannot "
                         "go with it",
                         r->tol > 0       ? "--tol"
                         : r->tol_abs > 0 ? "--tol-abs"
                                          : "--tol-inertia");
    if (cli_run_check_raw(r, cmd) != CLI_OK)
        return CLI_USAGE;
    return check_outputs(r, cmd);
}

int cli_options_build(struct option *out, size_t cap,
                      const char *const *names, const struct option *extra)
{
    size_t n = 0;
    for (int i = 0; i < NSHARED; i++) {
        if (!shared[i].name || !takes(names, i))
            continue;
        for (int two = 0; two < 2; two++) {
            const char *nm = two ? shared[i].alias : shared[i].name;
            if (!nm)
                continue;
            if (n + 1 >= cap)
                return -1;
            out[n++] = (struct option){nm, shared[i].has_arg, NULL,
                                       shared[i].code};
        }
    }
    for (size_t i = 0; extra && extra[i].name; i++) {
        if (n + 1 >= cap)
            return -1;
        out[n++] = extra[i];
    }
    memset(&out[n], 0, sizeof out[n]);
    return 0;
}

/* A list given to one of the shared options that take one value where
 * check's list option has its name (--threads-list 1,2 to fit, whose
 * --threads-list is --threads): -1 after a usage error naming the option
 * as typed (typed: its long name), the option that takes the one value
 * and where lists belong; 0 otherwise. */
static int list_refused(const char *cmd, const char *typed, int code,
                        const char *arg)
{
    int i = 0;
    while (i < NSHARED && shared[i].code != code)
        i++;
    if (i == NSHARED || !shared[i].alias || !typed ||
        (!strchr(arg, ',') && !strstr(arg, "..")))
        return 0;
    /* the value's word of the help line: "  --threads N   ..." */
    const char *h = shared[i].help + strlen("  --") + strlen(shared[i].name);
    int len = (int)strcspn(h + 1, " ");
    cli_usage(cmd, "--%s %s: %s takes one value, as --%s %.*s (lists are "
              "for 'trikmeans check' and bench presets)",
              typed, arg, cmd, shared[i].name, len, h + 1);
    return -1;
}

/* Contract in cli.h. */
int cli_run_args(const cli_args *a, int argc, char **argv, cli_run *r,
                 int *help)
{
    struct option opts[96];
    char shortopts[32];
    if (cli_options_build(opts, sizeof opts / sizeof opts[0], a->names,
                          a->extra))
        return cli_fail(a->cmd, "internal error: option table too small");
    snprintf(shortopts, sizeof shortopts, ":%sh", a->shortopts);
    optind = 1;
    opterr = 0;
    int c, li = -1;
    while ((c = getopt_long(argc, argv, shortopts, opts, &li)) != -1) {
        if (c == 'h') {
            *help = 1;
            return CLI_OK;
        }
        if (c == '?' || c == ':')
            return cli_getopt_error(a->cmd, c, argv);
        int taken = a->own ? a->own(a->ctx, c, optarg) : 0;
        if (taken == 0)
            taken = list_refused(a->cmd, li >= 0 ? opts[li].name : NULL, c,
                                 optarg);
        if (taken == 0)
            taken = cli_run_parse(r, c, optarg, a->cmd);
        li = -1;
        if (taken < 0)
            return CLI_USAGE;
        if (taken == 0)
            return cli_usage(a->cmd, "option '%s' is not handled",
                             argv[optind - 1]);
    }
    for (; optind < argc; optind++)
        if (cli_run_positional(r, argv[optind], a->cmd))
            return CLI_USAGE;
    return CLI_OK;
}

void cli_run_help(FILE *f, const char *const *names)
{
    static const char *const head[3] = {
        "Input:\n", "Solver:\n",
        ("Output (written only when the run succeeds; - is standard output,\n"
         "as CSV, and the summary then goes to stderr):\n")};
    for (int sec = 0; sec < 3; sec++) {
        int shown = 0;
        for (int i = 0; i < NSHARED; i++) {
            if (shared[i].section != sec || !takes(names, i))
                continue;
            if (!shown++)
                fputs(sec == 2 && names ? "Output:\n" : head[sec], f);
            cli_fputs_algs(f, shared[i].help);
            if (shared[i].alias)
                fprintf(f, "                       (also --%s)\n",
                        shared[i].alias);
        }
        if (sec == 1 && shown && takes_name(names, "form"))
            fputs("Environment:\n"
                  "  TKM_CPU_ISA=NAME     seq and omp forms: the vector unit "
                  "of the\n"
                  "                       distance kernels, avx512 | avx2 | "
                  "sse2 on\n"
                  "                       x86-64 (default: the widest "
                  "present); every\n"
                  "                       one gives the same bits\n"
                  "  TKM_CPUS_BUSY=N      take N CPUs as kept busy by other "
                  "work\n"
                  "                       instead of measuring them (0: "
                  "the\n"
                  "                       machine is quiet; --threads 0 "
                  "then\n"
                  "                       uses OpenMP's default)\n"
                  "  TKM_MEMORY_LIMIT=SIZE\n"
                  "                       refuse (exit 1, the bytes said) "
                  "any one\n"
                  "                       memory request above SIZE (as "
                  "512M); the\n"
                  "                       machine's memory is the limit "
                  "above it\n",
                  f);
    }
}
