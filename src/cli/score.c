/*
 * trikmeans score: the cluster quality of a labelling (silhouette,
 * Calinski-Harabasz, Davies-Bouldin), as scikit-learn defines them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static const char *const CMD = "score";

enum { M_SIL = 1, M_CH = 2, M_DB = 4, M_ALL = 7 };

typedef struct {
    const char *data, *labels;
    const char *usecols, *skip_cols; /* the data's columns, as in fit  */
    int metrics;           /* M_* bits                                  */
    size_t sample_size;    /* silhouette: 0 = every point               */
    int sample_set;
    uint64_t seed;
    int threads;
    int json, help;
} score_opts;

enum {
    OPT_DATA = CLI_OPT_SUB,
    OPT_LABELS,
    OPT_METRICS,
    OPT_SAMPLE,
    OPT_SEED,
    OPT_THREADS,
    OPT_JSON,
    OPT_USECOLS,
    OPT_SKIP_COLS
};

static const struct option score_longopts[] = {
    {"data", required_argument, NULL, OPT_DATA},
    {"labels", required_argument, NULL, OPT_LABELS},
    {"metrics", required_argument, NULL, OPT_METRICS},
    {"sample-size", required_argument, NULL, OPT_SAMPLE},
    {"seed", required_argument, NULL, OPT_SEED},
    {"threads", required_argument, NULL, OPT_THREADS},
    {"json", no_argument, NULL, OPT_JSON},
    {"usecols", required_argument, NULL, OPT_USECOLS},
    {"skip-cols", required_argument, NULL, OPT_SKIP_COLS},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0}};

void cli_score_help(FILE *f)
{
    fputs(
        "Usage: trikmeans score [OPTIONS] --labels FILE [--data] FILE\n"
        "\n"
        "Score a labelling of a data set with scikit-learn's definitions:\n"
        "the mean silhouette coefficient (higher is better, -1..1), the\n"
        "Calinski-Harabasz index (higher is better) and the Davies-Bouldin\n"
        "index (lower is better).  Only labels that occur count as clusters;\n"
        "there must be 2 to n-1 of them.\n"
        "\n"
        "  --data FILE          the data set (.csv, .tsv, .npy); also taken\n"
        "                       as the positional argument\n"
        "  --usecols LIST       the data's columns to read: 0-based indices\n"
        "                       or, with a header, names (as in fit)\n"
        "  --skip-cols LIST     the data's columns to leave out (as in fit)\n"
        "  --labels FILE        one label per point, a whole number >= 0, in\n"
        "                       one column (.csv, .tsv, .npy), as written by\n"
        "                       'trikmeans fit --labels' (required)\n"
        "  --metrics LIST       comma-separated: silhouette, ch\n"
        "                       (calinski-harabasz), db (davies-bouldin), all\n"
        "                       (default all)\n"
        "  --sample-size N      silhouette on a random sample of N points\n"
        "                       (default 0 = every point; the exact score\n"
        "                       takes time n^2 d)\n"
        "  --seed N             seed of the sample (default 0)\n"
        "  --threads N          silhouette: OpenMP threads (default 0 =\n"
        "                       OpenMP's default, less the CPUs other work\n"
        "                       keeps busy); every count gives the same\n"
        "                       result\n"
        "  --json               print one JSON object instead of lines\n"
        "  -h, --help           print this help and exit\n"
        "\n"
        "The silhouette's progress (points scored, time left) goes to\n"
        "stderr when it is a terminal.\n"
        "\n"
        "Exit status: 0 success, 1 the run failed (out of memory), 2 usage\n"
        "or input error (options, unreadable or malformed files, labels\n"
        "that do not match the data, fewer than 2 clusters).\n"
        "\n"
        "Example:\n"
        "  trikmeans fit data.npy -k 8 --labels labels.csv\n"
        "  trikmeans score data.npy --labels labels.csv --sample-size 10000\n",
        f);
}

/* "silhouette,ch" into M_* bits. */
static int parse_metrics(score_opts *o, const char *arg)
{
    static const struct { const char *name; int bit; } names[] = {
        {"silhouette", M_SIL}, {"ch", M_CH}, {"calinski-harabasz", M_CH},
        {"db", M_DB}, {"davies-bouldin", M_DB}, {"all", M_ALL}};
    o->metrics = 0;
    for (const char *p = arg;; p++) {
        size_t len = strcspn(p, ","), i;
        for (i = 0; i < sizeof names / sizeof names[0]; i++)
            if (strlen(names[i].name) == len && !strncmp(p, names[i].name, len))
                break;
        if (i == sizeof names / sizeof names[0])
            return cli_usage(CMD, "--metrics: unknown metric '%.*s'; valid "
                             "names: silhouette, ch (calinski-harabasz), db "
                             "(davies-bouldin), all", (int)len, p);
        o->metrics |= names[i].bit;
        p += len;
        if (!*p)
            return CLI_OK;
    }
}

/* One option; CLI_OK or CLI_USAGE (message printed). */
static int parse_one(score_opts *o, int c, const char *arg)
{
    int bad = 0;
    switch (c) {
    case OPT_DATA:
        if (o->data)
            return cli_usage(CMD, "the data file is given twice ('%s' and "
                             "'%s')", o->data, arg);
        o->data = arg;
        break;
    case OPT_LABELS: o->labels = arg; break;
    case OPT_USECOLS:
    case OPT_SKIP_COLS:
        if (c == OPT_USECOLS ? o->skip_cols != NULL : o->usecols != NULL)
            return cli_usage(CMD, "--usecols and --skip-cols cannot both be "
                             "given");
        *(c == OPT_USECOLS ? &o->usecols : &o->skip_cols) = arg;
        break;
    case OPT_METRICS: return parse_metrics(o, arg);
    case OPT_SAMPLE:
        bad = cli_parse_size(CMD, "--sample-size", arg, 0, SIZE_MAX,
                             &o->sample_size);
        o->sample_set = 1;
        break;
    case OPT_SEED: bad = cli_parse_u64(CMD, "--seed", arg, &o->seed); break;
    case OPT_THREADS:
        bad = cli_parse_int(CMD, "--threads", arg, 0, 4096, &o->threads);
        break;
    case OPT_JSON: o->json = 1; break;
    default: return cli_usage(CMD, "option code %d is not handled", c);
    }
    return bad ? CLI_USAGE : CLI_OK;
}

static int parse_args(int argc, char **argv, score_opts *o)
{
    optind = 1;
    opterr = 0;
    int c, rc;
    while ((c = getopt_long(argc, argv, ":h", score_longopts, NULL)) != -1) {
        if (c == 'h') {
            o->help = 1;
            return CLI_OK;
        }
        if (c == '?' || c == ':')
            return cli_getopt_error(CMD, c, argv);
        if ((rc = parse_one(o, c, optarg)) != CLI_OK)
            return rc;
    }
    for (; optind < argc; optind++)
        if ((rc = parse_one(o, OPT_DATA, argv[optind])) != CLI_OK)
            return rc;
    if (!o->data)
        return cli_usage(CMD, "no data file given (--data FILE or a "
                         "positional FILE)");
    if (!o->labels)
        return cli_usage(CMD, "--labels FILE is required");
    if (o->sample_set && !(o->metrics & M_SIL))
        return cli_usage(CMD, "--sample-size applies only to the "
                         "silhouette, which --metrics leaves out");
    return CLI_OK;
}

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* Number the labels that occur 0, 1, ... in their order: the scores do not
 * depend on the names of the clusters, and their arrays then take the
 * clusters there are, not the largest label + 1 (one label 2147483647
 * would ask for 16 GiB).  *k becomes the number of distinct labels. */
static int dense_labels(int32_t *l, size_t n, size_t *k)
{
    int32_t *s = tkmi_alloc(n, 1, sizeof *s);
    if (!s)
        return cli_fail_alloc(CMD, n * sizeof *s, "%zu labels", n);
    memcpy(s, l, n * sizeof *s);
    qsort(s, n, sizeof *s, cmp_i32);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (i == 0 || s[i] != s[m - 1])
            s[m++] = s[i];
    for (size_t i = 0; i < n; i++) {
        const int32_t *hit = bsearch(&l[i], s, m, sizeof *s, cmp_i32);
        l[i] = (int32_t)(hit - s);
    }
    free(s);
    *k = m;
    return CLI_OK;
}

/* Contract in cli.h; the numbering is dense_labels'. */
int cli_read_labels(const char *cmd, const char *path, size_t n,
                    int32_t **out, size_t *k)
{
    tkm_dataset t = {0};
    int rc = cli_read_file(cmd, path, NULL, &t);
    if (rc != CLI_OK)
        return rc;
    *out = NULL;
    *k = 0;
    if (t.d != 1 || t.n != n) {
        rc = cli_usage(cmd, "--labels %s holds %zu x %zu values; the data "
                       "need one column of %zu labels", path, t.n, t.d, n);
        goto cleanup;
    }
    if (!(*out = tkmi_alloc(n, 1, sizeof **out))) {
        rc = cli_fail_alloc(cmd, n * sizeof **out, "%zu labels", n);
        goto cleanup;
    }
    for (size_t i = 0; i < n; i++) {
        double v = t.x[i];
        if (!(v >= 0.0 && v <= INT32_MAX && v == floor(v))) {
            char num[TKMI_NUM_LEN];
            tkmi_num_double(num, sizeof num, v);
            rc = cli_usage(cmd, "--labels %s: row %zu holds %s; labels "
                           "are whole numbers in 0..%d", path, i, num,
                           INT32_MAX);
            free(*out);
            *out = NULL;
            goto cleanup;
        }
        (*out)[i] = (int32_t)v;
    }
    if ((rc = dense_labels(*out, n, k)) != CLI_OK) {
        free(*out);
        *out = NULL;
    }
cleanup:
    tkm_dataset_free(&t);
    return rc;
}

typedef struct {
    double sil, ch, db;
    size_t clusters;       /* labels that occur */
} scores;



/* The silhouette's progress line on a terminal: the share of points
 * scored, the time so far and the time left, cleared at the end. */
typedef struct {
    double t0;
    int shown;
} sil_line;

static void sil_progress(size_t done, size_t total, void *ctx)
{
    sil_line *p = ctx;
    const double el = tkmi_now() - p->t0;
    if (done < total) {
        fprintf(stderr, "\rtrikmeans score: silhouette %5.1f%% of %zu "
                        "points, %.0f s, about %.0f s left ",
                100.0 * (double)done / (double)total, total, el,
                done ? el * (double)(total - done) / (double)done : 0.0);
        p->shown = 1;
    } else if (p->shown) {
        fprintf(stderr, "\r%*s\r", 72, "");
    }
}

static int compute(const score_opts *o, const tkm_dataset *ds,
                   const int32_t *labels, size_t k, scores *sc)
{
    char msg[512] = "";
    tkm_status st = TKM_OK;
    sil_line line = {tkmi_now(), 0};
    if (o->metrics & M_SIL)
        st = tkm_silhouette_progress(ds, labels, k, o->sample_size, o->seed,
                                     o->threads,
                                     isatty(STDERR_FILENO) ? sil_progress
                                                           : NULL,
                                     &line, &sc->sil, msg, sizeof msg);
    if (st == TKM_OK && (o->metrics & M_CH))
        st = tkm_calinski_harabasz(ds, labels, k, &sc->ch, msg, sizeof msg);
    if (st == TKM_OK && (o->metrics & M_DB))
        st = tkm_davies_bouldin(ds, labels, k, &sc->db, msg, sizeof msg);
    if (st != TKM_OK)
        return cli_status(CMD, cli_code_for(st), st, msg);
    /* a score that overflowed is no score: say so, never print nan */
    static const char *const names[3] = {"silhouette", "calinski-harabasz",
                                         "davies-bouldin"};
    const double v[3] = {sc->sil, sc->ch, sc->db};
    const int want[3] = {o->metrics & M_SIL, o->metrics & M_CH,
                         o->metrics & M_DB};
    for (int m = 0; m < 3; m++)
        if (want[m] && !isfinite(v[m]))
            return cli_fail(CMD, "the %s score is not finite (%g): the "
                            "squared distances of these values overflow "
                            "double; scale the data", names[m], v[m]);
    sc->clusters = k; /* the labels are dense: k of them occur */
    return CLI_OK;
}

static void print_json(const score_opts *o, const tkm_dataset *ds,
                       const scores *sc)
{
    fputs("{\n", stdout);
    fputs("  ", stdout);
    cli_json_str(stdout, "data", o->data, ",\n  ");
    cli_json_str(stdout, "labels", o->labels, ",\n");
    printf("  \"n\": %zu,\n  \"d\": %zu,\n  \"clusters\": %zu", ds->n, ds->d,
           sc->clusters);
    if (o->metrics & M_SIL) {
        fputs(",\n  ", stdout);
        cli_json_num(stdout, "silhouette", sc->sil, ",\n  ");
        printf("\"sample_size\": %zu,\n  \"seed\": %llu", o->sample_size,
               (unsigned long long)o->seed);
    }
    if (o->metrics & M_CH) {
        fputs(",\n  ", stdout);
        cli_json_num(stdout, "calinski_harabasz", sc->ch, "");
    }
    if (o->metrics & M_DB) {
        fputs(",\n  ", stdout);
        cli_json_num(stdout, "davies_bouldin", sc->db, "");
    }
    fputs("\n}\n", stdout);
}

static void print_text(const score_opts *o, const tkm_dataset *ds,
                       const scores *sc)
{
    if (o->metrics & M_SIL) {
        printf("silhouette         %.10g", sc->sil);
        if (o->sample_size && o->sample_size < ds->n)
            printf("   (sample of %zu of %zu points, seed %llu)",
                   o->sample_size, ds->n, (unsigned long long)o->seed);
        putchar('\n');
    }
    if (o->metrics & M_CH)
        printf("calinski-harabasz  %.10g\n", sc->ch);
    if (o->metrics & M_DB)
        printf("davies-bouldin     %.10g\n", sc->db);
}

static int score(const score_opts *o)
{
    tkm_dataset ds = {0};
    int32_t *labels = NULL;
    size_t k = 0;
    scores sc = {0};
    tkm_read_opts ro;
    tkm_read_opts_default(&ro);
    ro.usecols = o->usecols;
    ro.skip_cols = o->skip_cols;
    int rc = cli_read_file(CMD, o->data, &ro, &ds);
    if (rc == CLI_OK)
        rc = cli_read_labels(CMD, o->labels, ds.n, &labels, &k);
    if (rc == CLI_OK)
        rc = compute(o, &ds, labels, k, &sc);
    if (rc == CLI_OK) {
        if (o->json)
            print_json(o, &ds, &sc);
        else
            print_text(o, &ds, &sc);
    }
    free(labels);
    tkm_dataset_free(&ds);
    return rc;
}

int cli_score(int argc, char **argv)
{
    score_opts o = {.metrics = M_ALL};
    int rc = parse_args(argc, argv, &o);
    if (rc != CLI_OK)
        return rc;
    if (o.help) {
        cli_score_help(stdout);
        return CLI_OK;
    }
    return score(&o);
}
