/*
 * trikmeans gen: reproducible synthetic data (Gaussian blobs or uniform
 * points) as .csv or .npy, with the blobs' ground-truth labels if asked.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *const CMD = "gen";

enum { KIND_BLOBS, KIND_UNIFORM };

typedef struct {
    int kind;
    size_t n, d, k;
    double spread, box, step, offset;
    uint64_t seed;
    const char *out, *labels;
    int k_set, spread_set, quiet, help, force;
} gen_opts;

enum {
    OPT_KIND = CLI_OPT_SUB,
    OPT_SPREAD,
    OPT_BOX,
    OPT_STEP,
    OPT_OFFSET,
    OPT_SEED,
    OPT_OUT,
    OPT_LABELS,
    OPT_FORCE
};

static const struct option gen_longopts[] = {
    {"kind", required_argument, NULL, OPT_KIND},
    {"spread", required_argument, NULL, OPT_SPREAD},
    {"box", required_argument, NULL, OPT_BOX},
    {"step", required_argument, NULL, OPT_STEP},
    {"offset", required_argument, NULL, OPT_OFFSET},
    {"seed", required_argument, NULL, OPT_SEED},
    {"out", required_argument, NULL, OPT_OUT},
    {"labels", required_argument, NULL, OPT_LABELS},
    {"force", no_argument, NULL, OPT_FORCE},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0}};

static const char *const table_exts[] = {".csv", ".tsv", ".npy", NULL};

void cli_gen_help(FILE *f)
{
    fputs(
        "Usage: trikmeans gen [OPTIONS] --out FILE\n"
        "\n"
        "Write a reproducible synthetic data set: the same options and seed\n"
        "give the same points on every machine.\n"
        "\n"
        "  --kind blobs|uniform  k Gaussian blobs, or points uniform in\n"
        "                        [-box, box]^d (default blobs)\n"
        "  -n N                  points (default 1000)\n"
        "  -d D                  columns (default 2)\n"
        "  -k K                  blobs: number of blobs (default 3)\n"
        "  --spread X            blobs: standard deviation of each blob\n"
        "                        (default 1.0)\n"
        "  --box X               centres (blobs) or points (uniform) are\n"
        "                        uniform in [-X, X]^d (default 10)\n"
        "  --step X              every value rounded to the nearest\n"
        "                        multiple of X (X > 0; exact ties between\n"
        "                        points and centroids; default none)\n"
        "  --offset X            X added to every value, after --step\n"
        "                        (data far from the origin; default 0)\n"
        "  --seed N              seed (default 0)\n"
        "  --out FILE            the data set, .csv, .tsv or .npy (float64)\n"
        "                        (required; - is standard output, as CSV)\n"
        "  --labels FILE         blobs: ground-truth blob of each point,\n"
        "                        .csv, .tsv or .npy (int32)\n"
        "  --force               replace output files that exist (refused\n"
        "                        otherwise)\n"
        "  -q, --quiet           print nothing on success\n"
        "  -h, --help            print this help and exit\n"
        "\n"
        "Nothing is made or written when an output would not fit in the\n"
        "free space of its file system (text counts at least 2 bytes a\n"
        "value), or the points would not fit in the memory limit (the\n"
        "machine's memory, or less with TKM_MEMORY_LIMIT=SIZE, as 512M).\n"
        "\n"
        "Exit status: 0 success, 1 a file could not be written or did not\n"
        "fit (none is left behind), or out of memory, 2 usage error.\n"
        "\n"
        "Example:\n"
        "  trikmeans gen -n 1000000 -d 8 -k 100 --seed 1 --out blobs.npy\n",
        f);
}

static int parse_kind(gen_opts *g, const char *arg)
{
    if (strcmp(arg, "blobs") == 0)
        g->kind = KIND_BLOBS;
    else if (strcmp(arg, "uniform") == 0)
        g->kind = KIND_UNIFORM;
    else
        return cli_usage(CMD, "unknown kind '%s'; valid names: blobs, "
                         "uniform", arg);
    return CLI_OK;
}

/* One option; CLI_OK or CLI_USAGE (message printed). */
static int parse_one(gen_opts *g, int c, const char *arg)
{
    int bad = 0;
    switch (c) {
    case 'n': bad = cli_parse_size(CMD, "-n", arg, 1, SIZE_MAX, &g->n); break;
    case 'd': bad = cli_parse_size(CMD, "-d", arg, 1, SIZE_MAX, &g->d); break;
    case 'k':
        bad = cli_parse_size(CMD, "-k", arg, 1, INT32_MAX, &g->k);
        g->k_set = 1;
        break;
    case OPT_KIND: return parse_kind(g, arg);
    case OPT_SPREAD:
        bad = cli_parse_double(CMD, "--spread", arg, 0.0, 0, HUGE_VAL,
                               &g->spread);
        g->spread_set = 1;
        break;
    case OPT_BOX:
        bad = cli_parse_double(CMD, "--box", arg, 0.0, 0, HUGE_VAL, &g->box);
        break;
    case OPT_STEP:
        bad = cli_parse_double(CMD, "--step", arg, 0.0, 1, HUGE_VAL,
                               &g->step);
        break;
    case OPT_OFFSET:
        bad = cli_parse_double(CMD, "--offset", arg, -HUGE_VAL, 0, HUGE_VAL,
                               &g->offset);
        break;
    case OPT_SEED: bad = cli_parse_u64(CMD, "--seed", arg, &g->seed); break;
    case OPT_OUT: g->out = arg; break;
    case OPT_LABELS: g->labels = arg; break;
    case OPT_FORCE: g->force = 1; break;
    case 'q': g->quiet = 1; break;
    default: return cli_usage(CMD, "option code %d is not handled", c);
    }
    return bad ? CLI_USAGE : CLI_OK;
}

static int parse_args(int argc, char **argv, gen_opts *g)
{
    optind = 1;
    opterr = 0;
    int c, rc;
    while ((c = getopt_long(argc, argv, ":n:d:k:qh", gen_longopts, NULL)) !=
           -1) {
        if (c == 'h') {
            g->help = 1;
            return CLI_OK;
        }
        if (c == '?' || c == ':')
            return cli_getopt_error(CMD, c, argv);
        if ((rc = parse_one(g, c, optarg)) != CLI_OK)
            return rc;
    }
    if (optind < argc)
        return cli_usage(CMD, "unexpected argument '%s' (the output is "
                         "named with --out FILE)", argv[optind]);
    return CLI_OK;
}

/* Checks once every option is in. */
static int finish(const gen_opts *g)
{
    if (!g->out)
        return cli_usage(CMD, "--out FILE is required");
    if (g->kind == KIND_UNIFORM && (g->k_set || g->spread_set || g->labels))
        return cli_usage(CMD, "-k, --spread and --labels apply only to "
                         "--kind blobs");
    const cli_output out[2] = {{"--out", g->out, table_exts},
                               {"--labels", g->labels, table_exts}};
    return cli_check_outputs(CMD, out, 2, NULL, 0, g->force);
}

/* Write the data, then the labels; a failure removes what was written. */
static int write_all(const gen_opts *g, const tkm_dataset *ds,
                     const int32_t *truth)
{
    char msg[512] = "";
    cli_written w = {0};
    tkm_status st = tkm_write_matrix(g->out, ds->x, ds->n, ds->d, msg,
                                     sizeof msg);
    if (st == TKM_OK && truth) {
        cli_written_add(&w, g->out);
        st = tkm_write_labels(g->labels, truth, ds->n, msg, sizeof msg);
    }
    if (st == TKM_OK)
        return CLI_OK;
    cli_written_undo(&w);
    return cli_status(CMD, CLI_FAIL, st, msg);
}

/* Before anything is made or written: each output fits the free space
 * of its file system, and the points (with the blobs' labels) fit the
 * memory limit.  CLI_OK, else CLI_FAIL with the sizes said. */
static int precheck(const gen_opts *g)
{
    size_t plan = 0;
    int rc = cli_space_check(CMD, g->out, g->n, g->d, 0);
    if (rc == CLI_OK)
        rc = cli_space_check(CMD, g->labels, g->n, 1, 1);
    if (rc != CLI_OK)
        return rc;
    tkmi_plan_add(&plan, g->n, g->d, sizeof(double));
    if (g->labels)
        tkmi_plan_add(&plan, g->n, 1, sizeof(int32_t));
    return cli_mem_check(CMD, plan, "%zu x %zu points%s", g->n, g->d,
                         g->labels ? " and their labels" : "");
}

/* --step and --offset on the generated values: each rounded to the
 * nearest multiple of step (halves to even), then offset added.
 * CLI_FAIL where a value leaves double's range. */
static int shape_values(const gen_opts *g, tkm_dataset *ds)
{
    if (g->step == 0.0 && g->offset == 0.0)
        return CLI_OK;
    const size_t nd = ds->n * ds->d;
    for (size_t e = 0; e < nd; e++) {
        double v = ds->x[e];
        if (g->step > 0.0)
            v = nearbyint(v / g->step) * g->step;
        v += g->offset;
        if (!isfinite(v)) {
            char msg[256];
            snprintf(msg, sizeof msg,
                     "point %zu, column %zu: --step %g and --offset %g take "
                     "it beyond double's range",
                     e / ds->d, e % ds->d, g->step, g->offset);
            return cli_status(CMD, CLI_FAIL, TKM_ERANGE, msg);
        }
        ds->x[e] = v;
    }
    return CLI_OK;
}

static int generate(const gen_opts *g)
{
    tkm_dataset ds = {0};
    int32_t *truth = NULL;
    char msg[512] = "";
    tkm_status st;
    int rc = precheck(g);
    if (rc != CLI_OK)
        return rc;
    if (g->labels && !(truth = tkmi_alloc(g->n, 1, sizeof *truth)))
        return cli_fail_alloc(CMD, g->n * sizeof *truth, "%zu labels", g->n);
    if (g->kind == KIND_BLOBS)
        st = tkm_generate_blobs(g->n, g->d, g->k, g->spread, g->box, g->seed,
                                &ds, truth, msg, sizeof msg);
    else
        st = tkm_generate_uniform(g->n, g->d, g->box, g->seed, &ds, msg,
                                  sizeof msg);
    if (st != TKM_OK) {
        rc = cli_status(CMD, cli_code_for(st), st, msg);
        goto cleanup;
    }
    if ((rc = shape_values(g, &ds)) != CLI_OK ||
        (rc = write_all(g, &ds, truth)) != CLI_OK)
        goto cleanup;
    if (!g->quiet) {
        const char *outs[2] = {g->out, g->labels};
        FILE *say = cli_say(2, outs);
        const char *name = cli_out_name(g->out);
        if (g->kind == KIND_BLOBS)
            fprintf(say, "wrote %s: %zu x %zu, %zu blobs (spread %g, box %g",
                    name, ds.n, ds.d, g->k, g->spread, g->box);
        else
            fprintf(say, "wrote %s: %zu x %zu, uniform (box %g", name, ds.n,
                    ds.d, g->box);
        if (g->step > 0.0)
            fprintf(say, ", step %g", g->step);
        if (g->offset != 0.0)
            fprintf(say, ", offset %g", g->offset);
        fprintf(say, ", seed %llu)\n", (unsigned long long)g->seed);
    }
cleanup:
    free(truth);
    tkm_dataset_free(&ds);
    return rc;
}

int cli_gen(int argc, char **argv)
{
    gen_opts g = {.kind = KIND_BLOBS, .n = 1000, .d = 2, .k = 3,
                  .spread = 1.0, .box = 10.0, .seed = 0};
    int rc = parse_args(argc, argv, &g);
    if (rc != CLI_OK)
        return rc;
    if (g.help) {
        cli_gen_help(stdout);
        return CLI_OK;
    }
    if ((rc = finish(&g)) != CLI_OK)
        return rc;
    return generate(&g);
}
