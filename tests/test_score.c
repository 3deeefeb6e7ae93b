/*
 * Quality scores (silhouette, Calinski-Harabasz, Davies-Bouldin): cases
 * worked by hand, invariances, errors, thread-count bit-identity, the
 * silhouette's sample, agreement with scikit-learn (skipped, saying why,
 * where python3 cannot import sklearn) and the 'score' command.  The
 * scores are double-only, so both builds check the same arithmetic.
 */
#include "real.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "internal.h"
#include "sklearn_harness.h"

#define SKLEARN_DATA "/usr/lib/python3/dist-packages/sklearn/datasets/data/"
#define SCRIPT "tests/sklearn_scores.py"

typedef struct {
    double sil, ch, db;
} triple;

/* All three scores; fails the test on an error. */
static triple scores_of(const tkm_dataset *ds, const int32_t *labels,
                        size_t k)
{
    triple t;
    char msg[256] = "";
    if (tkm_silhouette(ds, labels, k, 0, 0, 0, &t.sil, msg, sizeof msg) ||
        tkm_calinski_harabasz(ds, labels, k, &t.ch, msg, sizeof msg) ||
        tkm_davies_bouldin(ds, labels, k, &t.db, msg, sizeof msg))
        fail_msg("%s: %s", TKM_PREC_NAME, msg);
    return t;
}

static double rel_diff(double a, double b)
{
    double s = fabs(b) > 1e-300 ? fabs(b) : 1.0;
    return fabs(a - b) / s;
}

static void assert_close(double got, double want, double rel,
                         const char *what)
{
    if (!(rel_diff(got, want) <= rel))
        fail_msg("%s (%s): got %.17g, expected %.17g (relative %.3g > %g)",
                 what, TKM_PREC_NAME, got, want, rel_diff(got, want), rel);
}

static void assert_triple_close(triple a, triple b, double rel,
                                const char *what)
{
    char w[128];
    snprintf(w, sizeof w, "%s: silhouette", what);
    assert_close(a.sil, b.sil, rel, w);
    snprintf(w, sizeof w, "%s: calinski-harabasz", what);
    assert_close(a.ch, b.ch, rel, w);
    snprintf(w, sizeof w, "%s: davies-bouldin", what);
    assert_close(a.db, b.db, rel, w);
}

/* Blobs drawn from seed with their true labels (malloc'd). */
static tkm_dataset blobs(size_t n, size_t d, size_t k, double spread,
                         uint64_t seed, int32_t **truth)
{
    tkm_dataset ds;
    char msg[256];
    *truth = malloc(n * sizeof **truth);
    assert_non_null(*truth);
    if (tkm_generate_blobs(n, d, k, spread, 10.0, seed, &ds, *truth, msg,
                           sizeof msg) != TKM_OK)
        fail_msg("%s", msg);
    return ds;
}

/*
 * Two clusters on a line, A = {0, 1} and B = {4, 5}.
 *   silhouette: s(0) = (4.5 - 1) / 4.5 = 7/9, s(1) = (3.5 - 1) / 3.5 = 5/7,
 *     and 4, 5 mirror 1, 0: mean (7/9 + 5/7) / 2 = 47/63.
 *   CH: centroids 0.5 and 4.5, mean 2.5; between 2*2^2 + 2*2^2 = 16,
 *     within 4 * 0.5^2 = 1: 16/1 * (4 - 2)/(2 - 1) = 32.
 *   DB: spreads 0.5 and 0.5, separation 4: (0.5 + 0.5)/4 = 1/4.
 * Three points 0, 2, 3 with A = {0, 2} (label 5) and B = {3} (label 2,
 * k = 7: labels 0, 1, 3, 4, 6 are empty and do not count):
 *   silhouette: s(0) = (3 - 2)/3 = 1/3, s(2) = (1 - 2)/2 = -1/2, s(3) = 0
 *     (alone in its cluster): mean (1/3 - 1/2)/3 = -1/18.
 *   CH: centroids 1 and 3, mean 5/3; between 2*(2/3)^2 + (4/3)^2 = 8/3,
 *     within 1 + 1 + 0 = 2: (8/3)/2 * (3 - 2)/(2 - 1) = 4/3.
 *   DB: spreads 1 and 0, separation 2: (1 + 0)/2 = 1/2 for both.
 */
static void test_hand(void **state)
{
    (void)state;
    double x1[] = {0, 1, 4, 5};
    int32_t l1[] = {0, 0, 1, 1};
    tkm_dataset d1 = {.n = 4, .d = 1, .x = x1};
    triple t = scores_of(&d1, l1, 2);
    assert_close(t.sil, 47.0 / 63.0, 1e-15, "line silhouette");
    assert_close(t.ch, 32.0, 1e-15, "line CH");
    assert_close(t.db, 0.25, 1e-15, "line DB");

    double x2[] = {0, 2, 3};
    int32_t l2[] = {5, 5, 2};
    tkm_dataset d2 = {.n = 3, .d = 1, .x = x2};
    t = scores_of(&d2, l2, 7);
    assert_close(t.sil, -1.0 / 18.0, 1e-15, "singleton silhouette");
    assert_close(t.ch, 4.0 / 3.0, 1e-15, "singleton CH");
    assert_close(t.db, 0.5, 1e-15, "singleton DB");
}

/* scikit-learn's conventions for degenerate clusterings. */
static void test_degenerate(void **state)
{
    (void)state;
    /* every cluster a single repeated value: within 0, spreads 0 */
    double x[] = {1, 1, 1, 7, 7};
    int32_t l[] = {0, 0, 0, 1, 1};
    tkm_dataset ds = {.n = 5, .d = 1, .x = x};
    triple t = scores_of(&ds, l, 2);
    assert_close(t.sil, 1.0, 0, "tight silhouette");
    assert_close(t.ch, 1.0, 0, "tight CH (within 0 gives 1)");
    assert_close(t.db, 0.0, 0, "tight DB (no spread gives 0)");
    /* two clusters with the same centroid: no separation */
    double y[] = {-1, 1, -2, 2};
    int32_t m[] = {0, 0, 1, 1};
    tkm_dataset ds2 = {.n = 4, .d = 1, .x = y};
    t = scores_of(&ds2, m, 2);
    assert_close(t.db, 0.0, 0, "coinciding centroids DB");
    /* all points equal: a = b = 0 gives s = 0 */
    double z[] = {3, 3, 3, 3};
    tkm_dataset ds3 = {.n = 4, .d = 1, .x = z};
    t = scores_of(&ds3, m, 2);
    assert_close(t.sil, 0.0, 0, "identical points silhouette");
}

/* Renaming clusters, scaling and translating the data leave every score
 * as it was. */
static void test_invariance(void **state)
{
    (void)state;
    const size_t n = 400, d = 3, k = 5;
    int32_t *truth;
    tkm_dataset ds = blobs(n, d, k, 2.0, 11, &truth);
    triple base = scores_of(&ds, truth, k);
    /* a permutation of the names into 0..3k-1, leaving gaps */
    int32_t perm[] = {13, 0, 7, 2, 9}, *renamed = malloc(n * sizeof *renamed);
    for (size_t i = 0; i < n; i++)
        renamed[i] = perm[truth[i]];
    assert_triple_close(scores_of(&ds, renamed, 3 * k), base, 1e-13,
                        "renamed labels");
    double *orig = malloc(n * d * sizeof *orig);
    memcpy(orig, ds.x, n * d * sizeof *orig);
    for (size_t i = 0; i < n * d; i++)
        ds.x[i] = orig[i] * 37.5;
    assert_triple_close(scores_of(&ds, truth, k), base, 1e-12, "scaled x37.5");
    for (size_t i = 0; i < n * d; i++)
        ds.x[i] = orig[i] * 1e-3;
    assert_triple_close(scores_of(&ds, truth, k), base, 1e-12, "scaled x1e-3");
    for (size_t i = 0; i < n * d; i++)
        ds.x[i] = orig[i] + 100.0 * (double)(i % d + 1);
    assert_triple_close(scores_of(&ds, truth, k), base, 1e-9, "translated");
    free(orig);
    free(renamed);
    free(truth);
    tkm_dataset_free(&ds);
}

/* Every thread count gives the same bits, with and without a sample. */
static void test_threads(void **state)
{
    (void)state;
    int32_t *truth;
    tkm_dataset ds = blobs(1500, 4, 7, 3.0, 5, &truth);
    const int counts[] = {1, 2, 3, 4, 8, 0};
    char msg[256];
    for (size_t sample = 0; sample <= 600; sample += 600) {
        double ref = 0.0, v;
        for (size_t t = 0; t < sizeof counts / sizeof counts[0]; t++) {
            if (tkm_silhouette(&ds, truth, 7, sample, 3, counts[t], &v, msg,
                               sizeof msg) != TKM_OK)
                fail_msg("%s", msg);
            if (t == 0)
                ref = v;
            else if (memcmp(&v, &ref, sizeof v) != 0)
                fail_msg("sample %zu: %d threads give %.17g, 1 thread "
                         "%.17g", sample, counts[t], v, ref);
        }
    }
    free(truth);
    tkm_dataset_free(&ds);
}

/* tkm_silhouette_progress: the same bits as tkm_silhouette; its counts
 * never fall, never pass the points scored (the sample's, when sampled),
 * and the last is the whole. */
typedef struct {
    size_t calls, last, total;
    int bad;
} counts_seen;

static void count_seen(size_t done, size_t total, void *ctx)
{
    counts_seen *c = ctx;
    c->bad |= done < c->last || done > total ||
              (c->calls && total != c->total);
    c->calls++;
    c->last = done;
    c->total = total;
}

static void test_progress(void **state)
{
    (void)state;
    int32_t *truth;
    tkm_dataset ds = blobs(1500, 4, 7, 3.0, 5, &truth);
    char msg[256];
    for (size_t sample = 0; sample <= 600; sample += 600)
        for (int t = 1; t <= 2; t++) {
            double ref, v;
            counts_seen c = {0, 0, 0, 0};
            assert_int_equal(tkm_silhouette(&ds, truth, 7, sample, 3, t,
                                            &ref, msg, sizeof msg),
                             TKM_OK);
            assert_int_equal(tkm_silhouette_progress(&ds, truth, 7, sample,
                                                     3, t, count_seen, &c,
                                                     &v, msg, sizeof msg),
                             TKM_OK);
            assert_memory_equal(&v, &ref, sizeof v);
            assert_false(c.bad);
            assert_true(c.calls >= 1);
            assert_int_equal(c.total, sample ? sample : ds.n);
            assert_int_equal(c.last, c.total);
        }
    free(truth);
    tkm_dataset_free(&ds);
}

/* The sample: n (or 0) is every point, the seed fixes it, and a few
 * hundred points estimate the full score. */
static void test_sample(void **state)
{
    (void)state;
    const size_t n = 2000, k = 6;
    int32_t *truth;
    tkm_dataset ds = blobs(n, 2, k, 2.5, 8, &truth);
    char msg[256];
    double full, all, a, b, c;
    assert_int_equal(tkm_silhouette(&ds, truth, k, 0, 0, 2, &full, msg,
                                    sizeof msg), TKM_OK);
    assert_int_equal(tkm_silhouette(&ds, truth, k, n, 9, 2, &all, msg,
                                    sizeof msg), TKM_OK);
    assert_true(memcmp(&full, &all, sizeof full) == 0);
    assert_int_equal(tkm_silhouette(&ds, truth, k, 500, 1, 2, &a, msg,
                                    sizeof msg), TKM_OK);
    assert_int_equal(tkm_silhouette(&ds, truth, k, 500, 1, 2, &b, msg,
                                    sizeof msg), TKM_OK);
    assert_int_equal(tkm_silhouette(&ds, truth, k, 500, 2, 2, &c, msg,
                                    sizeof msg), TKM_OK);
    assert_true(memcmp(&a, &b, sizeof a) == 0);
    assert_true(a != c);
    assert_true(fabs(a - full) < 0.05 && fabs(c - full) < 0.05);
    /* a sample of 1 point holds one cluster: the score is undefined */
    assert_int_equal(tkm_silhouette(&ds, truth, k, 1, 0, 1, &a, msg,
                                    sizeof msg), TKM_EINVAL);
    free(truth);
    tkm_dataset_free(&ds);
}

static void expect_einval(tkm_status st, const char *msg, const char *part)
{
    assert_int_equal(st, TKM_EINVAL);
    if (!strstr(msg, part))
        fail_msg("message '%s' does not mention '%s'", msg, part);
}

static void test_errors(void **state)
{
    (void)state;
    double x[] = {0, 1, 4, 5};
    int32_t good[] = {0, 0, 1, 1}, high[] = {0, 0, 1, 2},
            neg[] = {0, -1, 1, 1}, one[] = {3, 3, 3, 3},
            each[] = {0, 1, 2, 3};
    tkm_dataset ds = {.n = 4, .d = 1, .x = x};
    char msg[256];
    double v = 42.0;
    expect_einval(tkm_silhouette(&ds, high, 2, 0, 0, 0, &v, msg, sizeof msg),
                  msg, "label 2 of point 3");
    expect_einval(tkm_calinski_harabasz(&ds, neg, 2, &v, msg, sizeof msg),
                  msg, "label -1 of point 1");
    expect_einval(tkm_davies_bouldin(&ds, one, 4, &v, msg, sizeof msg), msg,
                  "1 non-empty clusters");
    expect_einval(tkm_silhouette(&ds, each, 4, 0, 0, 0, &v, msg, sizeof msg),
                  msg, "4 non-empty clusters among 4 points");
    expect_einval(tkm_calinski_harabasz(&ds, each, 4, &v, msg, sizeof msg),
                  msg, "4 non-empty clusters");
    expect_einval(tkm_silhouette(&ds, good, 2, 5, 0, 0, &v, msg, sizeof msg),
                  msg, "sample size 5 exceeds the 4 points");
    expect_einval(tkm_silhouette(&ds, good, 2, 0, 0, -1, &v, msg, sizeof msg),
                  msg, "threads");
    expect_einval(tkm_davies_bouldin(&ds, good, 0, &v, msg, sizeof msg), msg,
                  "k must be");
    expect_einval(tkm_davies_bouldin(NULL, good, 2, &v, msg, sizeof msg), msg,
                  "required");
    expect_einval(tkm_silhouette(&ds, NULL, 2, 0, 0, 0, &v, msg, sizeof msg),
                  msg, "required");
    expect_einval(tkm_calinski_harabasz(&ds, good, 2, NULL, msg, sizeof msg),
                  msg, "required");
    x[2] = NAN;
    expect_einval(tkm_calinski_harabasz(&ds, good, 2, &v, msg, sizeof msg),
                  msg, "point 2, column 0 is not finite");
    tkm_dataset empty = {.n = 0, .d = 1, .x = NULL};
    expect_einval(tkm_silhouette(&empty, good, 2, 0, 0, 0, &v, msg,
                                 sizeof msg), msg, "empty");
    assert_true(v == 42.0); /* never written on failure */
    /* no message buffer is fine */
    assert_int_equal(tkm_davies_bouldin(&ds, one, 4, &v, NULL, 0),
                     TKM_EINVAL);
}

/* ---- scikit-learn -------------------------------------------------------- */

typedef struct {
    const char *python;
    char dir[64];
    double worst; /* largest relative difference seen */
} sk_ctx;

static int sk_setup(void **state)
{
    static sk_ctx c;
    c.python = python_with_sklearn();
    strcpy(c.dir, "/tmp/tkm_score_XXXXXX");
    if (!mkdtemp(c.dir))
        return -1;
    c.worst = 0.0;
    *state = &c;
    return 0;
}

static int sk_teardown(void **state)
{
    sk_ctx *c = *state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", c->dir);
    if (system(cmd) != 0)
        return -1;
    if (c->python)
        printf("score (%s): largest relative difference from "
               "scikit-learn: %.3g\n", TKM_PREC_NAME, c->worst);
    return 0;
}

static void need_sklearn(const sk_ctx *c)
{
    need_python_sklearn(c->python);
    if (access(SCRIPT, R_OK) != 0)
        fail_msg("%s not found: run the tests from the repository root",
                 SCRIPT);
}

/* scikit-learn's scores of (ds, labels) through the helper script. */
static triple sklearn_scores(sk_ctx *c, const tkm_dataset *ds,
                             const int32_t *labels)
{
    char dpath[128], lpath[128], cmd[512], line[256], msg[256];
    snprintf(dpath, sizeof dpath, "%s/data.npy", c->dir);
    snprintf(lpath, sizeof lpath, "%s/labels.npy", c->dir);
    if (tkm_write_matrix(dpath, ds->x, ds->n, ds->d, msg, sizeof msg) ||
        tkm_write_labels(lpath, labels, ds->n, msg, sizeof msg))
        fail_msg("%s", msg);
    snprintf(cmd, sizeof cmd, "%s %s '%s' '%s'", c->python, SCRIPT, dpath,
             lpath);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    triple t;
    int got = fgets(line, sizeof line, p) &&
              sscanf(line, "%lf %lf %lf", &t.sil, &t.ch, &t.db) == 3;
    int rc = pclose(p);
    if (!got || rc != 0)
        fail_msg("%s failed (status %d)", cmd, rc);
    return t;
}

static void compare_sklearn(sk_ctx *c, const tkm_dataset *ds,
                            const int32_t *labels, size_t k,
                            const char *what)
{
    triple ours = scores_of(ds, labels, k);
    triple sk = sklearn_scores(c, ds, labels);
    assert_triple_close(ours, sk, 1e-6, what);
    double r[] = {rel_diff(ours.sil, sk.sil), rel_diff(ours.ch, sk.ch),
                  rel_diff(ours.db, sk.db)};
    for (int i = 0; i < 3; i++)
        c->worst = r[i] > c->worst ? r[i] : c->worst;
}

/* A scikit-learn data set, split into the features and the class column
 * (the last one) as labels.  Returns -1 when the file is not installed. */
static int load_labelled(const sk_ctx *c, const char *name, tkm_dataset *ds,
                         int32_t **labels, size_t *k)
{
    char path[256], msg[512];
    snprintf(path, sizeof path, SKLEARN_DATA "%s", name);
    if (access(path, R_OK) != 0)
        return -1;
    {
        /* iris and wine open with a summary line (n, d, the class names:
         * neither data nor column names), cut off; digits is gzipped */
        char cmd[512];
        snprintf(cmd, sizeof cmd, "%s '%s' > '%s/plain.csv'",
                 strstr(name, ".gz") ? "zcat" : "tail -n +2", path, c->dir);
        assert_int_equal(system(cmd), 0);
        snprintf(path, sizeof path, "%s/plain.csv", c->dir);
    }
    tkm_dataset full;
    if (tkm_dataset_read(path, NULL, &full, msg, sizeof msg) != TKM_OK)
        fail_msg("%s: %s", name, msg);
    assert_true(full.d >= 2);
    memset(ds, 0, sizeof *ds); /* tkm_dataset_free reads every field */
    ds->n = full.n;
    ds->d = full.d - 1;
    ds->x = malloc(ds->n * ds->d * sizeof *ds->x);
    *labels = malloc(ds->n * sizeof **labels);
    *k = 0;
    for (size_t i = 0; i < ds->n; i++) {
        memcpy(ds->x + i * ds->d, full.x + i * full.d,
               ds->d * sizeof *ds->x);
        (*labels)[i] = (int32_t)full.x[i * full.d + ds->d];
        if ((size_t)(*labels)[i] + 1 > *k)
            *k = (size_t)(*labels)[i] + 1;
    }
    tkm_dataset_free(&full);
    return 0;
}

static void check_set(void **state, const char *name, size_t n, size_t d)
{
    sk_ctx *c = *state;
    need_sklearn(c);
    tkm_dataset ds;
    int32_t *labels;
    size_t k;
    if (load_labelled(c, name, &ds, &labels, &k) != 0) {
        print_message("%s%s is not installed\n", SKLEARN_DATA, name);
        skip();
    }
    assert_int_equal(ds.n, n);
    assert_int_equal(ds.d, d);
    compare_sklearn(c, &ds, labels, k, name);
    free(labels);
    tkm_dataset_free(&ds);
}

static void test_sklearn_iris(void **state)
{
    check_set(state, "iris.csv", 150, 4);
}

static void test_sklearn_wine(void **state)
{
    check_set(state, "wine_data.csv", 178, 13);
}

static void test_sklearn_digits(void **state)
{
    check_set(state, "digits.csv.gz", 1797, 64);
}

/* Generated blobs: the true labels, the true labels with singletons and
 * gaps in the names, and labels half right (a silhouette near 0). */
static void test_sklearn_blobs(void **state)
{
    sk_ctx *c = *state;
    need_sklearn(c);
    const size_t n = 1200, d = 5, k = 6;
    int32_t *truth;
    tkm_dataset ds = blobs(n, d, k, 3.0, 21, &truth);
    compare_sklearn(c, &ds, truth, k, "blobs");
    int32_t *l = malloc(n * sizeof *l);
    for (size_t i = 0; i < n; i++)
        l[i] = 3 * truth[i];
    l[0] = 100; /* two singleton clusters */
    l[1] = 101;
    compare_sklearn(c, &ds, l, 102, "blobs with singletons and gaps");
    tkmi_rng r;
    tkmi_rng_seed(&r, 4);
    for (size_t i = 0; i < n; i++)
        l[i] = tkmi_rng_uniform(&r) < 0.5 ? truth[i]
                                          : (int32_t)tkmi_rng_below(&r, k);
    compare_sklearn(c, &ds, l, k, "blobs half mislabelled");
    free(l);
    free(truth);
    tkm_dataset_free(&ds);
}

/* ---- the command ------------------------------------------------------- */

/* Run "$TKM_BIN score ARGS", its stdout into out; the exit status. */
static int run_score(const char *args, char *out, size_t len)
{
    const char *bin = getenv("TKM_BIN");
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s' score %s 2>/dev/null",
             bin ? bin : "build/trikmeans", args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t got = fread(out, 1, len - 1, p);
    out[got] = 0;
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static double field(const char *out, const char *key)
{
    const char *p = strstr(out, key);
    if (!p)
        fail_msg("'%s' not in the output:\n%s", key, out);
    return strtod(p + strlen(key), NULL);
}

static void test_command(void **state)
{
    sk_ctx *c = *state;
    char out[2048], args[512], dpath[128], lpath[128], msg[256];
    if (run_score("--help", out, sizeof out) != 0 || !strstr(out, "score")) {
        print_message("this trikmeans binary has no 'score' command yet\n");
        skip();
    }
    int32_t *truth;
    tkm_dataset ds = blobs(300, 3, 4, 2.0, 2, &truth);
    triple t = scores_of(&ds, truth, 4);
    snprintf(dpath, sizeof dpath, "%s/cmd.csv", c->dir);
    snprintf(lpath, sizeof lpath, "%s/cmd_labels.csv", c->dir);
    assert_int_equal(tkm_write_matrix(dpath, ds.x, ds.n, ds.d, msg,
                                      sizeof msg), TKM_OK);
    assert_int_equal(tkm_write_labels(lpath, truth, ds.n, msg, sizeof msg),
                     TKM_OK);
    snprintf(args, sizeof args, "'%s' --labels '%s' --json --threads 2",
             dpath, lpath);
    assert_int_equal(run_score(args, out, sizeof out), 0);
    assert_true(field(out, "\"silhouette\": ") == t.sil);
    assert_true(field(out, "\"calinski_harabasz\": ") == t.ch);
    assert_true(field(out, "\"davies_bouldin\": ") == t.db);
    assert_true(field(out, "\"clusters\": ") == 4.0);
    snprintf(args, sizeof args, "--data '%s' --labels '%s' --metrics db",
             dpath, lpath);
    assert_int_equal(run_score(args, out, sizeof out), 0);
    assert_close(field(out, "davies-bouldin"), t.db, 1e-9, "command db");
    assert_null(strstr(out, "silhouette"));
    /* input errors exit 2: a labels file of three columns, a bad metric,
     * one cluster */
    snprintf(args, sizeof args, "'%s' --labels '%s'", dpath, dpath);
    assert_int_equal(run_score(args, out, sizeof out), 2);
    snprintf(args, sizeof args, "'%s' --labels '%s' --metrics foo", dpath,
             lpath);
    assert_int_equal(run_score(args, out, sizeof out), 2);
    for (size_t i = 0; i < ds.n; i++)
        truth[i] = 1;
    assert_int_equal(tkm_write_labels(lpath, truth, ds.n, msg, sizeof msg),
                     TKM_OK);
    snprintf(args, sizeof args, "'%s' --labels '%s'", dpath, lpath);
    assert_int_equal(run_score(args, out, sizeof out), 2);
    free(truth);
    tkm_dataset_free(&ds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand),
        cmocka_unit_test(test_degenerate),
        cmocka_unit_test(test_invariance),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_progress),
        cmocka_unit_test(test_sample),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_sklearn_iris),
        cmocka_unit_test(test_sklearn_wine),
        cmocka_unit_test(test_sklearn_digits),
        cmocka_unit_test(test_sklearn_blobs),
        cmocka_unit_test(test_command),
    };
    return cmocka_run_group_tests_name("score_" TKM_PREC_NAME, tests,
                                       sk_setup, sk_teardown);
}
