/*
 * trikmeans predict: label new points with saved centroids (the nearest,
 * lower index on ties, as fit's assignment step) and, with --transform,
 * write every point's distance to every centroid.  Any n, any k.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *const CMD = "predict";

/* The shared options predict reads: the data file's, precision, threads. */
static const char *const taken[] = {
    "data", "raw-d", "raw-n", "raw-bits", "format", "header", "delimiter",
    "usecols", "skip-cols",
    "precision", "threads", "force", "quiet", NULL};

void cli_predict_help(FILE *f)
{
    fputs("Usage: trikmeans predict [OPTIONS] --centroids C [--data] FILE\n"
          "\n"
          "Assign every point of FILE to its nearest centroid of C (k rows\n"
          "of d columns, as 'trikmeans fit --centroids' writes them): the\n"
          "labels fit's last assignment gives against those centroids.\n"
          "\n"
          "Centroids and results:\n"
          "  --centroids C        the centroids, k x d, text or .npy\n"
          "                       (required)\n"
          "  --labels OUT         the labels, .csv, .tsv or .npy (int32)\n"
          "  --transform OUT      the n x k distances, .csv, .tsv or .npy\n"
          "                       (float64)\n"
          "                       (- for either: standard output, as CSV)\n"
          "\n",
          f);
    cli_run_help(f, taken);
    fputs("  -h, --help           print this help and exit\n"
          "\n"
          "Distances are computed in --precision on --threads threads (0 =\n"
          "OpenMP's default less the CPUs other work keeps busy; the results\n"
          "do not depend on it).  At least one\n"
          "of --labels and --transform.  Exit status: 0 success, 1 an output\n"
          "could not be written (none is left behind), 2 usage or input\n"
          "error.\n",
          f);
}

typedef struct {
    cli_run run; /* the data file's options, precision, threads, force  */
    const char *centroids, *labels, *transform;
    int help;
} predict_opts;

enum { OPT_CENTROIDS = CLI_OPT_SUB, OPT_LABELS, OPT_TRANSFORM };

/* predict's own options into the predict_opts ctx. */
static int parse_own(void *ctx, int code, const char *arg)
{
    predict_opts *o = ctx;
    switch (code) {
    case OPT_CENTROIDS: o->centroids = arg; return 1;
    case OPT_LABELS: o->labels = arg; return 1;
    case OPT_TRANSFORM: o->transform = arg; return 1;
    default: return 0;
    }
}

static int parse(int argc, char **argv, predict_opts *o)
{
    static const struct option extra[] = {
        {"centroids", required_argument, NULL, OPT_CENTROIDS},
        {"labels", required_argument, NULL, OPT_LABELS},
        {"transform", required_argument, NULL, OPT_TRANSFORM},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    static const char *const exts[] = {".csv", ".tsv", ".npy", NULL};
    const cli_args a = {CMD, taken, extra, "q", parse_own, o};
    int rc = cli_run_args(&a, argc, argv, &o->run, &o->help);
    if (rc != CLI_OK || o->help)
        return rc;
    const char *data = o->run.data;
    if (!data)
        return cli_usage(CMD, "no data file: give --data FILE or FILE");
    if (cli_run_check_raw(&o->run, CMD) != CLI_OK)
        return CLI_USAGE;
    if (!o->centroids)
        return cli_usage(CMD, "--centroids C is required");
    if (!o->labels && !o->transform)
        return cli_usage(CMD, "nothing to write: give --labels or "
                         "--transform");
    const cli_output out[2] = {{"--labels", o->labels, exts},
                               {"--transform", o->transform, exts}};
    const cli_output in[2] = {{"the data file", data, NULL},
                              {"the centroids", o->centroids, NULL}};
    return cli_check_outputs(CMD, out, 2, in, 2, o->run.force);
}

/* Before the work: the outputs fit their file systems, and the labels
 * (and distances) fit the memory limit and are made.  CLI_OK, or
 * CLI_FAIL with the sizes said (the caller frees what was made). */
static int predict_alloc(const predict_opts *o, const tkm_dataset *ds,
                         const tkm_dataset *cen, int32_t **labels,
                         double **dist)
{
    char what[96];
    size_t plan = 0;
    int rc = cli_space_check(CMD, o->labels, ds->n, 1, 1);
    if (rc == CLI_OK)
        rc = cli_space_check(CMD, o->transform, ds->n, cen->n, 0);
    snprintf(what, sizeof what, "the labels of %zu points%s", ds->n,
             o->transform ? " and their distances" : "");
    tkmi_plan_add(&plan, ds->n, 1, sizeof **labels);
    if (o->transform)
        tkmi_plan_add(&plan, ds->n, cen->n, sizeof **dist);
    if (rc != CLI_OK || (rc = cli_mem_check(CMD, plan, "%s", what)) != CLI_OK)
        return rc;
    *labels = tkmi_alloc(ds->n, 1, sizeof **labels);
    *dist = o->transform ? tkmi_alloc(ds->n, cen->n, sizeof **dist) : NULL;
    if (!*labels || (o->transform && !*dist))
        return cli_fail_alloc(CMD, plan, "%s", what);
    return CLI_OK;
}

int cli_predict(int argc, char **argv)
{
    predict_opts o = {0};
    cli_run_default(&o.run);
    o.run.f32_in_place = 1;
    int rc = parse(argc, argv, &o);
    if (rc != CLI_OK || o.help) {
        if (o.help)
            cli_predict_help(stdout);
        return rc;
    }
    tkm_dataset ds = {0}, cen = {0};
    int32_t *labels = NULL;
    double *dist = NULL;
    char msg[512] = "";
    if ((rc = cli_run_read(&o.run, CMD, &ds)) != CLI_OK ||
        (rc = cli_read_dense(CMD, o.centroids, NULL, &cen)) != CLI_OK)
        goto cleanup;
    if (cen.d != ds.d) {
        rc = cli_usage(CMD, "the centroids %s have %zu columns, the data %s "
                       "%zu", o.centroids, cen.d, o.run.data, ds.d);
        goto cleanup;
    }
    if ((rc = predict_alloc(&o, &ds, &cen, &labels, &dist)) != CLI_OK)
        goto cleanup;
    tkm_status st = tkm_predict(&ds, cen.x, cen.n, o.run.precision, o.run.threads, labels,
                                dist, msg, sizeof msg);
    if (st != TKM_OK) {
        rc = cli_status(CMD, cli_code_for(st), st, msg);
        goto cleanup;
    }
    cli_written w = {0};
    if (o.labels) {
        st = tkm_write_labels(o.labels, labels, ds.n, msg, sizeof msg);
        if (st == TKM_OK)
            cli_written_add(&w, o.labels);
    }
    if (st == TKM_OK && o.transform)
        st = tkm_write_matrix(o.transform, dist, ds.n, cen.n, msg,
                              sizeof msg);
    if (st != TKM_OK) {
        cli_written_undo(&w);
        rc = cli_status(CMD, CLI_FAIL, st, msg);
        goto cleanup;
    }
    const char *outs[2] = {o.labels, o.transform};
    if (o.run.verbosity >= 0)
        fprintf(cli_say(2, outs),
               "n, d, k:    %zu, %zu, %zu (%s)\nwrote:      %s%s%s%s%s\n",
               ds.n, ds.d, cen.n, tkm_precision_name(o.run.precision),
               o.labels ? "labels " : "", o.labels ? o.labels : "",
               o.labels && o.transform ? ", " : "",
               o.transform ? "distances " : "",
               o.transform ? o.transform : "");
cleanup:
    free(labels);
    free(dist);
    tkm_dataset_free(&cen);
    tkm_dataset_free(&ds);
    return rc;
}
