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

void cli_predict_help(FILE *f)
{
    fputs("Usage: trikmeans predict [OPTIONS] --centroids C [--data] FILE\n"
          "\n"
          "Assign every point of FILE to its nearest centroid of C (k rows\n"
          "of d columns, as 'trikmeans fit --centroids' writes them): the\n"
          "labels fit's last assignment gives against those centroids.\n"
          "\n"
          "  --data FILE          the points (text, .npy, raw as in fit; - for\n"
          "                       text on standard input); FILE alone works\n"
          "  --centroids C        the centroids, k x d (required)\n"
          "  --labels OUT         the labels, .csv, .tsv or .npy (int32)\n"
          "  --transform OUT      the n x k distances, .csv, .tsv or .npy\n"
          "                       (float64)\n"
          "                       (- for either: standard output, as CSV)\n"
          "  --force              replace output files that exist (refused\n"
          "                       otherwise)\n"
          "  --precision NAME     f32 | f64 (default f64), as in fit\n"
          "  --threads N          threads (default 0 = OpenMP's default)\n"
          "  -q, --quiet          print nothing on success\n"
          "  -h, --help           print this help and exit\n"
          "\n"
          "At least one of --labels and --transform.  Exit status: 0\n"
          "success, 1 an output could not be written (none is left behind),\n"
          "2 usage or input error.\n",
          f);
}

typedef struct {
    const char *data, *centroids, *labels, *transform;
    tkm_precision prec;
    int threads, quiet, help, force;
} predict_opts;

static int parse(int argc, char **argv, predict_opts *o)
{
    static const struct option longopts[] = {
        {"data", required_argument, NULL, 'D'},
        {"centroids", required_argument, NULL, 'C'},
        {"labels", required_argument, NULL, 'L'},
        {"transform", required_argument, NULL, 'T'},
        {"force", no_argument, NULL, 'F'},
        {"precision", required_argument, NULL, 'P'},
        {"threads", required_argument, NULL, 'j'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    static const char *const exts[] = {".csv", ".tsv", ".npy", NULL};
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":qh", longopts, NULL)) != -1) {
        switch (c) {
        case 'D': o->data = optarg; break;
        case 'C': o->centroids = optarg; break;
        case 'L': o->labels = optarg; break;
        case 'T': o->transform = optarg; break;
        case 'F': o->force = 1; break;
        case 'P':
            if (tkm_precision_parse(optarg, &o->prec))
                return cli_usage(CMD, "unknown precision '%s'; valid names: "
                                 "f32 (or float32, float), f64 (or float64, "
                                 "double)", optarg);
            break;
        case 'j':
            if (cli_parse_int(CMD, "--threads", optarg, 0, 4096,
                              &o->threads))
                return CLI_USAGE;
            break;
        case 'q': o->quiet = 1; break;
        case 'h': o->help = 1; return CLI_OK;
        default: return cli_getopt_error(CMD, c, argv);
        }
    }
    if (optind < argc && !o->data)
        o->data = argv[optind++];
    if (optind < argc)
        return cli_usage(CMD, "one data file only ('%s' is extra)",
                         argv[optind]);
    if (!o->data)
        return cli_usage(CMD, "no data file: give --data FILE or FILE");
    if (!o->centroids)
        return cli_usage(CMD, "--centroids C is required");
    if (!o->labels && !o->transform)
        return cli_usage(CMD, "nothing to write: give --labels or "
                         "--transform");
    const cli_output out[2] = {{"--labels", o->labels, exts},
                               {"--transform", o->transform, exts}};
    const cli_output in[2] = {{"the data file", o->data, NULL},
                              {"the centroids", o->centroids, NULL}};
    return cli_check_outputs(CMD, out, 2, in, 2, o->force);
}

int cli_predict(int argc, char **argv)
{
    predict_opts o = {.prec = TKM_F64};
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
    if ((rc = cli_read_file(CMD, o.data, NULL, &ds)) != CLI_OK ||
        (rc = cli_read_file(CMD, o.centroids, NULL, &cen)) != CLI_OK)
        goto cleanup;
    if (cen.d != ds.d) {
        rc = cli_usage(CMD, "the centroids %s have %zu columns, the data %s "
                       "%zu", o.centroids, cen.d, o.data, ds.d);
        goto cleanup;
    }
    labels = tkmi_alloc(ds.n, 1, sizeof *labels);
    dist = o.transform ? tkmi_alloc(ds.n, cen.n, sizeof *dist) : NULL;
    if (!labels || (o.transform && !dist)) {
        rc = cli_fail(CMD, "out of memory for %zu points x %zu centroids",
                      ds.n, cen.n);
        goto cleanup;
    }
    tkm_status st = tkm_predict(&ds, cen.x, cen.n, o.prec, o.threads, labels,
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
    if (!o.quiet)
        /* stdout may carry an output ("-"): then the summary is stderr's */
        fprintf((o.labels && !strcmp(o.labels, "-")) ||
                        (o.transform && !strcmp(o.transform, "-"))
                    ? stderr
                    : stdout,
               "n, d, k:    %zu, %zu, %zu (%s)\nwrote:      %s%s%s%s%s\n",
               ds.n, ds.d, cen.n, tkm_precision_name(o.prec),
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
