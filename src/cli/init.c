/*
 * trikmeans init: write the k starting centroids a run would begin from
 * (the same data, method and seed give the same start as fit, check and
 * bench), so that other programs (samples/sklearn_compare.py) can start
 * from exactly there.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *const CMD = "init";

/* The shared options init takes; the solver's are of no use here. */
static const char *const taken[] = {
    "data", "raw-d", "raw-n", "raw-bits", "format", "header", "delimiter",
    "usecols", "skip-cols",
    "k", "init", "candidates", "seed", "form", "precision", "force", "quiet",
    NULL};

enum { OPT_OUT = CLI_OPT_SUB, OPT_WEIGHTS };

void cli_init_help(FILE *f)
{
    fputs("Usage: trikmeans init [OPTIONS] -k N --out FILE [--data] FILE\n"
          "\n"
          "Choose k starting centroids from the data set, exactly as fit,\n"
          "check and bench do for the same --init and --seed, and write them\n"
          "(k rows of d columns, .csv, .tsv or .npy float64).  'trikmeans\n"
          "fit --init FILE' and scikit-learn's KMeans(init=array) can then\n"
          "start from them.\n"
          "\n"
          "  --data FILE          the data set (also taken as the positional\n"
          "                       argument; - reads text from standard\n"
          "                       input); raw binary with --raw-d N,\n"
          "                       --raw-n N, --raw-bits 32|64; text with\n"
          "                       --header yes|no|auto, --delimiter C;\n"
          "                       --format text|npy|raw|npz|mtx; the columns\n"
          "                       read with --usecols or --skip-cols LIST;\n"
          "                       sparse .npz (scipy.sparse.save_npz) or\n"
          "                       .mtx (MatrixMarket); as in fit\n"
          "  -k N                 number of centroids (required)\n"
          "  --init METHOD        kmeans++ | kmeans++-greedy | random |\n"
          "                       farthest (default kmeans++); k-means++\n"
          "                       is kmeans++-greedy (scikit-learn's)\n"
          "  --candidates N       kmeans++-greedy: candidates per step\n"
          "                       (default 2 + floor(ln k))\n"
          "  --seed N             seed (default 0)\n"
          "  --form NAME          where the passes over the data run: seq |\n"
          "                       omp (the CPU's threads either way) |\n"
          "                       cuda-global | cuda-shared (kmeans++,\n"
          "                       kmeans++-greedy and farthest on the GPU);\n"
          "                       the same centroids everywhere (default\n"
          "                       seq)\n"
          "  --precision f32|f64  reject data that do not fit this precision\n"
          "                       (default f64)\n"
          "  --weights FILE       sample weights, one a row of the data, as\n"
          "                       fit takes them: the draws weigh each row\n"
          "                       by its weight (no row of weight 0 is\n"
          "                       chosen; on the CPU whatever the form), the\n"
          "                       start fit --weights begins from\n"
          "  --out FILE           where the centroids go (required; - is\n"
          "                       standard output, as CSV)\n"
          "  --force              replace FILE if it exists (refused\n"
          "                       otherwise)\n"
          "  -q, --quiet          print nothing on success\n"
          "  -h, --help           print this help and exit\n"
          "\n"
          "Exit status: 0 success, 1 the file could not be written, 2 usage\n"
          "or input error.\n",
          f);
}

static const struct option init_extra[] = {
    {"out", required_argument, NULL, OPT_OUT},
    {"weights", required_argument, NULL, OPT_WEIGHTS},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0}};

/* init's own options. */
typedef struct {
    const char *out;     /* --out FILE                */
    const char *weights; /* --weights FILE, or NULL   */
} init_own;

static int parse_own(void *ctx, int code, const char *arg)
{
    init_own *o = ctx;
    if (code == OPT_OUT)
        o->out = arg;
    else if (code == OPT_WEIGHTS)
        o->weights = arg;
    else
        return 0;
    return 1;
}

static int parse_args(int argc, char **argv, cli_run *r, init_own *own,
                      int *help)
{
    const cli_args a = {CMD, taken, init_extra, "k:q", parse_own, own};
    return cli_run_args(&a, argc, argv, r, help);
}

int cli_init(int argc, char **argv)
{
    static const char *const exts[] = {".csv", ".tsv", ".npy", NULL};
    cli_run r;
    init_own own = {NULL, NULL};
    int help = 0;
    cli_run_default(&r);
    r.f32_in_place = 1;
    int rc = parse_args(argc, argv, &r, &own, &help);
    const char *out = own.out;
    if (rc != CLI_OK || help) {
        if (help)
            cli_init_help(stdout);
        return rc;
    }
    if (!out)
        return cli_usage(CMD, "--out FILE is required");
    if ((rc = cli_run_finish(&r, CMD)) != CLI_OK)
        return rc;
    if (r.init_file)
        return cli_usage(CMD, "--init takes a method here, not a file");
    const cli_output o = {"--out", out, exts};
    const cli_output in[] = {{"the data file", r.data, NULL},
                             {"--weights", own.weights, NULL}};
    if ((rc = cli_check_outputs(CMD, &o, 1, in, own.weights ? 2 : 1,
                                r.force)) != CLI_OK)
        return rc;
    tkm_dataset ds, w;
    double *init = NULL;
    if ((rc = cli_run_load_weighted(&r, CMD, own.weights, &ds, &w, &init,
                                    NULL)) != CLI_OK)
        return rc;
    char msg[512] = "";
    tkm_status st = tkm_write_matrix(out, init, r.k, ds.d, msg, sizeof msg);
    if (st != TKM_OK)
        rc = cli_status(CMD, CLI_FAIL, st, msg);
    else if (r.verbosity >= 0)
        fprintf(cli_say(1, &out),
                "wrote %s: %zu x %zu starting centroids (%s, seed %llu)\n",
                cli_out_name(out), r.k, ds.d, tkm_init_name(r.init),
                (unsigned long long)r.seed);
    free(init);
    tkm_dataset_free(&w);
    tkm_dataset_free(&ds);
    return rc;
}
