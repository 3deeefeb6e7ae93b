/*
 * The trikmeans command, run as a user runs it: exit status 0 / 1 / 2 for
 * good runs and each class of bad argument, messages that list the valid
 * names, help texts, gen -> fit round trips with outputs read back through
 * the library, no output left behind by a failed run, seq and omp giving
 * the same labels, and info.  The binary comes from $TKM_BIN (set by
 * `make test`).  Runs use the build's precision (f32 or f64).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <ctype.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "trikmeans.h"

#define CLI_HARNESS_TAG "tkm_cli"
#include "algs.h"
#include "cli_harness.h"
#include "internal.h"
#include "num_harness.h"
#include "sklearn_harness.h"
#include "space_harness.h"

/* The algorithms that have form f (their rows in src/solve/algs.c). */
static int algs_in(tkm_form f)
{
    int n = 0;
    for (int a = 0; a < TKM_NALGO; a++)
        n += tkmi_alg_has_form((tkm_algorithm)a, f, NULL, 0);
    return n;
}

/* A data set written by the library: blobs, so fits converge quickly. */
static void make_blobs(const char *path, size_t n, size_t d, size_t k,
                       uint64_t seed)
{
    tkm_dataset ds = {0};
    char msg[256];
    assert_int_equal(tkm_generate_blobs(n, d, k, 1.0, 10.0, seed, &ds, NULL,
                                        msg, sizeof msg),
                     TKM_OK);
    assert_int_equal(tkm_write_matrix(path, ds.x, ds.n, ds.d, msg,
                                      sizeof msg),
                     TKM_OK);
    tkm_dataset_free(&ds);
}

static void read_back(const char *path, tkm_dataset *ds)
{
    tkm_read_opts o;
    char msg[256] = "";
    tkm_read_opts_default(&o);
    tkm_status st = tkm_dataset_read(path, &o, ds, msg, sizeof msg);
    if (st != TKM_OK)
        print_error("[" PREC "] %s: %s\n", path, msg);
    assert_int_equal(st, TKM_OK);
}

/* ---- help and version -------------------------------------------------- */

static void test_help(void **state)
{
    (void)state;
    need_bin();
    const char *shared[] = {
        "--data", "-k N", "--algorithm", "--form", "--precision", "--init",
        "--seed", "--threads", "--block-size", "--max-iter", "--labels",
        "--centroids", "--stats", "--quiet", "--verbose", "--tol", "--empty",
        "--candidates", "--inertia-each-iter", "--raw-d", "--raw-n",
        "--raw-bits", "cuda-global", "cuda-shared", "kmeans++-greedy",
        "farthest", "--help"};
    EXPECT(0, "fit", "--help");
    for (size_t i = 0; i < sizeof shared / sizeof shared[0]; i++)
        assert_contains(out_text, shared[i]);
    /* the help's lists come from the algorithms' rows: every one named */
    for (int a = 0; a < TKM_NALGO; a++)
        assert_contains(out_text, tkm_algorithm_name((tkm_algorithm)a));
    const char *subs[] = {"fit", "gen", "info"};
    for (size_t i = 0; i < 3; i++) {
        EXPECT(0, subs[i], "--help");
        assert_contains(out_text, "Usage: trikmeans");
        EXPECT(0, subs[i], "-h");
        EXPECT(0, "help", subs[i]);
        assert_contains(out_text, subs[i]);
    }
    EXPECT(0, "gen", "--help");
    assert_contains(out_text, "--spread");
    assert_contains(out_text, "--box");
    EXPECT(0, "--help");
    for (size_t i = 0; i < 3; i++)
        assert_contains(out_text, subs[i]);
    EXPECT(0, "help");
    EXPECT(0, "--version");
    assert_contains(out_text, TKM_VERSION);
    assert_int_equal(run(NULL), 2); /* no command at all */
    assert_contains(err_text, "Usage");
    EXPECT(2, "frobnicate");
    assert_contains(err_text, "fit");
    EXPECT(2, "help", "frobnicate");
    EXPECT(2, "--frobnicate");
    /* every command has a --help, help included */
    EXPECT(0, "help", "--help");
    assert_contains(out_text, "Usage: trikmeans help");
    EXPECT(0, "help", "-h");
    EXPECT(0, "init", "--help");
    assert_contains(out_text, "(default 2 + floor(ln k))");
}

/* Each subcommand's --help names exactly the long options it takes:
 * every "--name" the help shows is accepted (no "unknown option"), and
 * options of other subcommands it does not show are refused. */
static void test_help_matches_options(void **state)
{
    (void)state;
    need_bin();
    const char *subs[] = {"fit", "check", "init", "predict", "gen", "bench",
                          "report", "score", "info"};
    for (size_t s = 0; s < sizeof subs / sizeof subs[0]; s++) {
        EXPECT(0, subs[s], "--help");
        char *help = strdup(out_text);
        for (const char *p = strstr(help, "--"); p; p = strstr(p + 2, "--")) {
            char name[64];
            size_t len = 0;
            while (len + 1 < sizeof name &&
                   (isalnum((unsigned char)p[2 + len]) || p[2 + len] == '-'))
                len++;
            if (len == 0 || (p > help && p[-1] != ' ' && p[-1] != '[' &&
                             p[-1] != '(' && p[-1] != '\n' && p[-1] != '\''))
                continue;
            snprintf(name, sizeof name, "--%.*s", (int)len, p + 2);
            if (!strcmp(name, "--help") || !strcmp(name, "--version"))
                continue;
            /* with a value, so that the option itself is what is judged */
            RUN(subs[s], name, "1");
            if (strstr(err_text, "unknown option"))
                fail_msg("%s --help shows %s, which it refuses", subs[s],
                         name);
        }
        free(help);
    }
    const char *refused[][2] = {{"check", "--labels"}, {"check", "--stats"},
                                {"check", "--inertia-each-iter"},
                                {"init", "--algorithm"}, {"init", "--tol"}};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        EXPECT(2, refused[i][0], refused[i][1], "1");
        assert_contains(err_text, "unknown option");
        EXPECT(0, refused[i][0], "--help");
        char opt[64];
        snprintf(opt, sizeof opt, "%s ", refused[i][1]);
        assert_false(strstr(out_text, opt) != NULL);
    }
}

/* One name per option across subcommands, the other taken too: fit's
 * --algorithm is check's --algorithms; fit takes one value. */
static void test_option_aliases(void **state)
{
    (void)state;
    need_bin();
    PATH(data, "al.csv");
    make_blobs(data, 200, 2, 3, 4);
    EXPECT(0, "fit", data, "-k", "3", "--algorithm", "elkan", "--form", "seq",
           "--precision", PREC);
    char *one = strdup(strstr(out_text, "solver:"));
    *strstr(one, "time:") = '\0';
    EXPECT(0, "fit", data, "-k", "3", "--algorithms", "elkan", "--forms",
           "seq", "--precisions", PREC);
    assert_contains(out_text, one);
    free(one);
    /* a list to fit, predict or init (one value each): the option as
     * typed, that the command takes one value, the option that takes it
     * and where lists belong; in both names, and a range as well */
    const char *lists[][3] = {
        {"--algorithms", "lloyd,elkan", "--algorithm NAME"},
        {"--algorithm", "lloyd,elkan", "--algorithm NAME"},
        {"--forms", "seq,omp", "--form NAME"},
        {"--precisions", "f32,f64", "--precision NAME"},
        {"--threads-list", "1,2", "--threads N"},
        {"--threads", "1..4", "--threads N"},
        {"--block-sizes", "64,256", "--block-size N"}};
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        char want[128];
        EXPECT(2, "fit", data, "-k", "3", lists[i][0], lists[i][1]);
        snprintf(want, sizeof want, "trikmeans fit: %s %s: fit takes one "
                 "value, as %s", lists[i][0], lists[i][1], lists[i][2]);
        assert_contains(err_text, want);
        assert_contains(err_text, "lists are for 'trikmeans check'");
    }
    EXPECT(2, "predict", data, "--centroids", data, "--labels", "-",
           "--threads-list", "1,2");
    assert_contains(err_text, "trikmeans predict: --threads-list 1,2: "
                    "predict takes one value, as --threads N");
    EXPECT(2, "init", data, "-k", "3", "--out", "-", "--precisions",
           "f32,f64");
    assert_contains(err_text, "trikmeans init: --precisions f32,f64: init "
                    "takes one value, as --precision NAME");
    EXPECT(0, "check", data, "-k", "3", "--algorithm", "hamerly", "--form",
           "seq", "--precision", PREC, "--threads", "1");
    assert_contains(out_text, "hamerly");
    assert_false(strstr(out_text, "elkan ") != NULL);
}

/* ---- usage errors ------------------------------------------------------ */

/* fit on a good data file with one bad option: status 2, a message in the
 * "trikmeans fit: ..." form that points at --help. */
static void bad_fit(const char *data, const char *opt, const char *val)
{
    if (val)
        EXPECT(2, "fit", data, "-k", "3", "--precision", PREC, opt, val);
    else
        EXPECT(2, "fit", data, "-k", "3", "--precision", PREC, opt);
    assert_contains(err_text, "trikmeans fit: ");
    assert_contains(err_text, "--help");
    assert_string_equal(out_text, "");
}

static void test_usage_errors(void **state)
{
    (void)state;
    need_bin();
    PATH(data, "u.csv");
    make_blobs(data, 60, 2, 3, 1);
    EXPECT(0, "fit", data, "-k", "3", "--precision", PREC, "-q");
    EXPECT(2, "fit", "-k", "3");
    assert_contains(err_text, "data");
    EXPECT(2, "fit", data);
    assert_contains(err_text, "-k");
    EXPECT(2, "fit", data, data, "-k", "3");
    EXPECT(2, "fit", "--data", data, data, "-k", "3");
    const char *bad_k[] = {"abc", "0", "-3", "3x", "", "1.5",
                           "99999999999999999999"};
    for (size_t i = 0; i < sizeof bad_k / sizeof bad_k[0]; i++) {
        EXPECT(2, "fit", data, "-k", bad_k[i]);
        assert_contains(err_text, "-k");
    }
    const char *bad[][2] = {
        {"--max-iter", "0"},    {"--max-iter", "ten"}, {"--threads", "-1"},
        {"--tol", "-1"},        {"--tol", "nan"},      {"--tol", "inf"},
        {"--seed", "-1"},       {"--seed", "x"},       {"--block-size", "33"},
        {"--block-size", "-32"}, {"--raw-bits", "16"}, {"--candidates", "3"},
        {"--labels", "l.txt"},  {"--stats", "s.npy"},  {"--centroids", "c"},
        {"--bogus", NULL},      {"-x", NULL},          {"--seed", NULL}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        bad_fit(data, bad[i][0], bad[i][1]);
    bad_fit(data, "--algorithm", "lloyds");
    assert_contains(err_text, "lloyd, elkan, hamerly");
    bad_fit(data, "--form", "gpu");
    assert_contains(err_text, "seq, omp, cuda-global, cuda-shared");
    bad_fit(data, "--precision", "f16");
    assert_contains(err_text, "f32 (or float32, float), f64 (or float64, double)");
    bad_fit(data, "--init", "kmeans+++");
    assert_contains(err_text, "kmeans++, kmeans++-greedy, random");
    bad_fit(data, "--empty", "drop");
    assert_contains(err_text, "keep, farthest");
}

/* The ablations' rules, and --fixed-iter's, said in the options' names
 * as the user types them, never the library's field names: exit 2, the
 * option named, no word with an underscore. */
static void test_ablation_words(void **state)
{
    (void)state;
    need_bin();
    PATH(data, "abl.csv");
    make_blobs(data, 60, 2, 3, 1);
    /* the algorithms each ablation takes, as their rows say */
    char drift[128], md_lloyd[200], md_elkan[200], cc[128], no_cc[200];
    tkmi_alg_names(TKMI_CAP_MAX_DRIFT, ", ", " and ", drift, sizeof drift);
    tkmi_alg_names(TKMI_CAP_NO_CC, ", ", " and ", cc, sizeof cc);
    snprintf(md_lloyd, sizeof md_lloyd,
             "--max-drift-only applies to --algorithm %s only, not lloyd",
             drift);
    snprintf(md_elkan, sizeof md_elkan,
             "--max-drift-only applies to --algorithm %s only, not elkan",
             drift);
    snprintf(no_cc, sizeof no_cc, "--no-cc applies to --algorithm %s", cc);
    const char *cases[][7] = {
        {"--max-drift-only", NULL, NULL, NULL, NULL, NULL, md_lloyd},
        {"--max-drift-only", "--algorithm", "elkan", NULL, NULL, NULL,
         md_elkan},
        {"--no-cc", NULL, NULL, NULL, NULL, NULL, no_cc},
        {"--max-drift-only", "--no-cc", "--algorithm", "elkan", "--form",
         "cuda-shared", md_elkan},
        {"--fixed-iter", "--tol", "1e-4", NULL, NULL, NULL,
         "--fixed-iter runs exactly --max-iter iterations, so --tol "},
        {"--fixed-iter", "--tol-abs", "0.1", NULL, NULL, NULL,
         "so --tol-abs (a stop before them) cannot go with it"},
        {"--fixed-iter", "--tol-inertia", "0.1", NULL, NULL, NULL,
         "so --tol-inertia (a stop before them) cannot go with it"},
        {"--update-error", NULL, NULL, NULL, NULL, NULL,
         "the exact update has nothing to measure"},
        {"--update", "tree", NULL, NULL, NULL, NULL,
         "update tree runs in the CUDA forms (cuda-global, cuda-shared); "
         "seq sums exactly"},
        {"--update", "atomic", "--form", "cuda-global", "--empty",
         "farthest", "update atomic keeps an empty cluster's centroid"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *const *a = cases[i];
        for (int check = 0; check < 2; check++) {
            /* check applies the ablations where they fit and takes
             * its updates as a list: only --fixed-iter's rule is its
             * too */
            if (check && strcmp(a[0], "--fixed-iter"))
                continue;
            int rc = run(check ? "check" : "fit", data, "-k", "3", a[0],
                         a[1], a[2], a[3], a[4], a[5], NULL);
            if (rc != 2)
                print_error("[" PREC "] %s %s ...: exit %d\n%s",
                            check ? "check" : "fit", a[0], rc, err_text);
            assert_int_equal(rc, 2);
            assert_contains(err_text, a[6]);
            assert_null(strchr(err_text, '_'));
        }
    }
}

/* Unreadable or malformed input and k > n are input errors too. */
static void test_input_errors(void **state)
{
    (void)state;
    need_bin();
    PATH(data, "in.csv");
    make_blobs(data, 20, 3, 2, 2);
    EXPECT(2, "fit", tp("missing.csv"), "-k", "2");
    assert_contains(err_text, "missing.csv");
    write_text(tp("ragged.csv"), "1,2,3\n4,5,6\n7,8\n");
    EXPECT(2, "fit", tp("ragged.csv"), "-k", "2");
    assert_contains(err_text, "ragged.csv");
    assert_contains(err_text, "3");
    write_text(tp("word.csv"), "1,2\n3,x\n");
    EXPECT(2, "fit", tp("word.csv"), "-k", "1");
    EXPECT(2, "fit", data, "-k", "21", "--precision", PREC);
    assert_contains(err_text, "21");
    EXPECT(0, "fit", data, "-k", "20", "--precision", PREC, "-q");
    /* raw binary needs its column count */
    EXPECT(2, "fit", tp("x.bin"), "-k", "2");
    assert_contains(err_text, "--raw-d");
    /* starting centroids from a file must be k x d */
    write_text(tp("c2.csv"), "0,0,0\n1,1,1\n");
    EXPECT(0, "fit", data, "-k", "2", "--init", tp("c2.csv"), "-q",
           "--precision", PREC);
    EXPECT(2, "fit", data, "-k", "3", "--init", tp("c2.csv"));
    assert_contains(err_text, "k x d");
    write_text(tp("c2d.csv"), "0,0\n1,1\n");
    EXPECT(2, "fit", data, "-k", "2", "--init", tp("c2d.csv"));
}

/* ---- failed runs leave no output --------------------------------------- */

static void assert_none(const char *a, const char *b, const char *c)
{
    assert_false(exists(a));
    assert_false(exists(b));
    if (c)
        assert_false(exists(c));
}

static void test_failed_run_writes_nothing(void **state)
{
    (void)state;
    need_bin();
    PATH(data, "f.csv");
    PATH(l, "f_labels.csv");
    PATH(c, "f_cent.npy");
    PATH(s, "f_stats.json");
    make_blobs(data, 50, 2, 3, 3);
    /* a folder that does not exist: a usage error before the run */
    EXPECT(2, "fit", data, "-k", "3", "--labels", l, "--centroids",
           tp("no/such/dir/c.csv"), "--stats", s);
    assert_contains(err_text, "no folder");
    assert_none(l, c, s);
    /* an unknown extension: a usage error before any work */
    EXPECT(2, "fit", data, "-k", "3", "--labels", l, "--centroids",
           tp("f_cent.dat"));
    assert_none(l, c, tp("f_cent.dat"));
    /* the third output fails at write time: the two already written
     * are removed again.  Its name is as long as a name can be, so the
     * temporary name it is written under first (the name and a suffix)
     * cannot be made, which no check before the run foresees. */
    long most = pathconf(dir, _PC_NAME_MAX);
    if (most >= 16 && most < 400) {
        char longest[400];
        memset(longest, 's', (size_t)most);
        snprintf(longest + most - 5, 6, ".json");
        char sl[sizeof dir + sizeof longest + 1];
        snprintf(sl, sizeof sl, "%s/%s", dir, longest);
        EXPECT(1, "fit", data, "-k", "3", "--precision", PREC, "--labels",
               l, "--centroids", c, "--stats", sl);
        assert_contains(err_text, longest);
        assert_none(l, c, sl);
    } else {
        print_message("[" PREC "] %s: no usable NAME_MAX (%ld): the failed "
                      "third write not tried\n", dir, most);
    }
    /* a form this machine lacks is a failed run */
    for (int f = 0; f < TKM_NFORM; f++) {
        char why[256];
        if (tkm_form_available((tkm_form)f, why, sizeof why) == TKM_OK)
            continue;
        EXPECT(1, "fit", data, "-k", "3", "--form", tkm_form_name(f),
               "--labels", l, "--centroids", c, "--stats", s);
        assert_contains(err_text, tkm_form_name(f));
        assert_none(l, c, s);
    }
    /* and then the same run, writable, succeeds with all three */
    EXPECT(0, "fit", data, "-k", "3", "--precision", PREC, "--labels", l,
           "--centroids", c, "--stats", s, "-q");
    assert_true(exists(l) && exists(c) && exists(s));
}

/* ---- gen -> fit round trip --------------------------------------------- */

/* Rows of a stats CSV after the header, each with 12 per-iteration
 * fields, the run's 11 phase times (t_read ... t_wall), the same on every
 * row, and the update's 2 errors (empty: an exact update): each at least
 * 0, and together at most the wall time (they are disjoint stretches of
 * it).  cuda: the run was on the device, so its upload (t_upload) and
 * download (t_download) took some time; else they are 0. */
static int stats_csv_rows(const char *path, int cuda)
{
    char *text = slurp(path), *first = NULL;
    int rows = -1;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        int fields = 1;
        for (char *p = line; *p; p++)
            fields += *p == ',';
        assert_int_equal(fields, 25);
        if (rows < 0)
            assert_non_null(strstr(line, "iter,changed,dist_pc"));
        else {
            const char *ph = line;
            for (int f = 0; f < 12; f++)
                ph = strchr(ph, ',') + 1;
            if (!first)
                first = strdup(ph);
            assert_string_equal(ph, first);
            double v[11], sum = 0;
            assert_int_equal(sscanf(ph,
                                    "%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,"
                                    "%lf,%lf",
                                    &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
                                    &v[6], &v[7], &v[8], &v[9], &v[10]),
                             11);
            for (int q = 0; q < 10; q++) {
                assert_true(v[q] >= 0);
                sum += v[q];
            }
            assert_true(sum <= v[10] + 1e-9);
            /* t_upload (5) and t_download (8) */
            assert_true(cuda ? v[5] > 0 && v[8] > 0 : v[5] == 0 && v[8] == 0);
        }
        rows++;
    }
    free(first);
    free(text);
    return rows;
}

/* The "iterations: N" line of fit's summary. */
static int summary_iterations(void)
{
    const char *p = strstr(out_text, "iterations:");
    assert_non_null(p);
    return atoi(p + strlen("iterations:"));
}

static void test_gen_fit_round_trip(void **state)
{
    (void)state;
    need_bin();
    PATH(data, "g.csv");
    PATH(truth, "g_truth.npy");
    EXPECT(0, "gen", "-n", "300", "-d", "3", "-k", "4", "--seed", "7",
           "--out", data, "--labels", truth);
    tkm_dataset ds = {0}, lab = {0}, cen = {0};
    read_back(data, &ds);
    assert_true(ds.n == 300 && ds.d == 3);
    read_back(truth, &lab);
    assert_true(lab.n == 300 && lab.d == 1);
    tkm_dataset_free(&lab);
    PATH(l, "g_l.npy");
    PATH(c, "g_c.csv");
    PATH(s, "g_s.csv");
    EXPECT(0, "fit", "--data", data, "-k", "4", "--precision", PREC,
           "--labels", l, "--centroids", c, "--stats", s,
           "--inertia-each-iter");
    assert_contains(out_text, "inertia");
    assert_contains(out_text, "lloyd seq " PREC);
    int iters = summary_iterations();
    assert_true(iters >= 1);
    read_back(l, &lab);
    assert_true(lab.n == 300 && lab.d == 1);
    for (size_t i = 0; i < lab.n; i++)
        assert_true(lab.x[i] >= 0 && lab.x[i] < 4);
    read_back(c, &cen);
    assert_true(cen.n == 4 && cen.d == 3);
    assert_int_equal(stats_csv_rows(s, 0), iters);
    /* JSON stats: metadata and one object per iteration */
    PATH(js, "g_s.json");
    EXPECT(0, "fit", data, "-k", "4", "--precision", PREC, "--stats", js,
           "-q");
    assert_string_equal(out_text, "");
    char *text = slurp(js);
    const char *keys[] = {"\"solver\"", "\"precision\": \"" PREC "\"",
                          "\"n\": 300", "\"d\": 3", "\"k\": 4",
                          "\"iterations\"", "\"converged\"", "\"inertia\"",
                          "\"t_total\"", "\"bound_bytes\"", "\"threads\"",
                          "\"phases\": {\"read\": ", "\"loop\": ",
                          "\"wall\": ", "\"data_bytes\": 7200,", "\"peak_rss\": ",
                          "\"blocks\"", "\"iters\": ["};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        assert_contains(text, keys[i]);
    int objs = 0;
    for (const char *p = text; (p = strstr(p, "{\"iter\":")); p++)
        objs++;
    assert_int_equal(objs, iters);
    free(text);
    /* gen is reproducible: the same seed gives the same bytes */
    EXPECT(0, "gen", "-n", "300", "-d", "3", "-k", "4", "--seed", "7",
           "--out", tp("g2.csv"), "-q");
    char *a = slurp(data), *b = slurp(tp("g2.csv"));
    assert_string_equal(a, b);
    free(a);
    free(b);
    tkm_dataset_free(&ds);
    tkm_dataset_free(&lab);
    tkm_dataset_free(&cen);
}

static void test_gen_errors(void **state)
{
    (void)state;
    need_bin();
    EXPECT(2, "gen", "-n", "10");
    assert_contains(err_text, "--out");
    EXPECT(2, "gen", "--kind", "gauss", "--out", tp("x.csv"));
    assert_contains(err_text, "blobs, uniform");
    EXPECT(2, "gen", "-n", "0", "--out", tp("x.csv"));
    EXPECT(2, "gen", "-d", "-2", "--out", tp("x.csv"));
    EXPECT(2, "gen", "--spread", "-1", "--out", tp("x.csv"));
    EXPECT(2, "gen", "--out", tp("x.txt"));
    EXPECT(2, "gen", "--kind", "uniform", "--labels", tp("t.csv"), "--out",
           tp("x.csv"));
    /* a folder that is not there: a bad name, before any work */
    EXPECT(2, "gen", "--out", tp("nodir/x.csv"));
    assert_false(exists(tp("x.csv")));
    EXPECT(0, "gen", "--kind", "uniform", "-n", "50", "-d", "4", "--out",
           tp("x.npy"));
    tkm_dataset ds = {0};
    read_back(tp("x.npy"), &ds);
    assert_true(ds.n == 50 && ds.d == 4);
    for (size_t i = 0; i < 200; i++)
        assert_true(ds.x[i] >= -10 && ds.x[i] <= 10);
    tkm_dataset_free(&ds);
}

static void read_pair(const char *a, const char *b, tkm_dataset *x,
                      tkm_dataset *y)
{
    read_back(a, x);
    read_back(b, y);
    assert_true(x->n == y->n && x->d == y->d);
}

/* gen --step X --offset Y: the blobs of the same seed, each value within
 * X / 2 of its own, an exact multiple of X once Y is taken off, exactly
 * (X a power of two, Y an integer: no rounding on the way); bad values
 * refused. */
static void test_gen_step_offset(void **state)
{
    (void)state;
    need_bin();
    EXPECT(0, "gen", "-n", "400", "-d", "3", "-k", "5", "--seed", "9",
           "--out", tp("so_raw.npy"), "-q");
    EXPECT(0, "gen", "-n", "400", "-d", "3", "-k", "5", "--seed", "9",
           "--step", "0.25", "--offset", "1000000", "--out",
           tp("so.npy"));
    assert_contains(out_text, "step 0.25, offset 1e+06");
    tkm_dataset raw = {0}, got = {0};
    read_pair(tp("so_raw.npy"), tp("so.npy"), &raw, &got);
    size_t moved = 0;
    for (size_t e = 0; e < raw.n * raw.d; e++) {
        const double v = got.x[e] - 1e6;
        assert_true(fabs(v - raw.x[e]) <= 0.125);
        assert_true(fmod(v, 0.25) == 0.0);
        moved += v != raw.x[e];
    }
    assert_true(moved > raw.n * raw.d / 2); /* (the blobs are not on it) */
    tkm_dataset_free(&raw);
    tkm_dataset_free(&got);
    EXPECT(2, "gen", "--step", "0", "--out", tp("x.npy"));
    EXPECT(2, "gen", "--step", "-1", "--out", tp("x.npy"));
    EXPECT(2, "gen", "--offset", "inf", "--out", tp("x.npy"));
    assert_contains(err_text, "--offset: inf is out of range (must be finite)");
    EXPECT(2, "gen", "--offset", "nan", "--out", tp("x.npy"));
    assert_false(exists(tp("x.npy")));
}

/* ---- forms agree, progress, info --------------------------------------- */

static void test_seq_omp_identical(void **state)
{
    (void)state;
    need_bin();
    char why[256];
    if (tkm_form_available(TKM_OMP, why, sizeof why) != TKM_OK)
        skip();
    PATH(data, "o.npy");
    make_blobs(data, 3000, 4, 6, 11);
    for (int a = 0; a < TKM_NALGO; a++) {
        const char *an = tkm_algorithm_name((tkm_algorithm)a);
        EXPECT(0, "fit", data, "-k", "6", "--precision", PREC, "--algorithm",
               an, "--form", "seq", "--labels", tp("o_seq.npy"),
               "--centroids", tp("o_seq_c.npy"), "--force", "-q");
        EXPECT(0, "fit", data, "-k", "6", "--precision", PREC, "--algorithm",
               an, "--form", "omp", "--threads", "3", "--labels",
               tp("o_omp.npy"), "--centroids", tp("o_omp_c.npy"), "--force",
               "-q");
        tkm_dataset x = {0}, y = {0};
        read_pair(tp("o_seq.npy"), tp("o_omp.npy"), &x, &y);
        assert_memory_equal(x.x, y.x, x.n * x.d * sizeof *x.x);
        tkm_dataset_free(&x);
        tkm_dataset_free(&y);
        read_pair(tp("o_seq_c.npy"), tp("o_omp_c.npy"), &x, &y);
        assert_memory_equal(x.x, y.x, x.n * x.d * sizeof *x.x);
        tkm_dataset_free(&x);
        tkm_dataset_free(&y);
    }
}

static void test_progress(void **state)
{
    (void)state;
    need_bin();
    PATH(data, "p.csv");
    make_blobs(data, 400, 2, 5, 5);
    /* stderr is a file here: silent unless --verbose */
    EXPECT(0, "fit", data, "-k", "5", "--precision", PREC);
    assert_string_equal(err_text, "");
    int iters = summary_iterations();
    EXPECT(0, "fit", data, "-k", "5", "--precision", PREC, "--verbose");
    int lines = 0;
    for (const char *p = err_text; (p = strstr(p, "iteration ")); p++)
        lines++;
    assert_int_equal(lines, iters);
    assert_contains(err_text, "iteration 1: changed 400");
    assert_contains(err_text, "elapsed");
    /* check: silent off a terminal, a line per solver run with -v, and on
     * a terminal (script(1) gives one, where installed) the progress line
     * of runs done, elapsed and time left */
    EXPECT(0, "check", data, "-k", "5", "--forms", "seq", "--precisions",
           PREC);
    assert_string_equal(err_text, "");
    EXPECT(0, "check", data, "-k", "5", "--forms", "seq", "--precisions",
           PREC, "-v");
    /* a line per algorithm with a seq form, in the table's order */
    int nseq = 0;
    char line[96];
    for (int a = 0; a < TKM_NALGO; a++)
        if (tkmi_alg_has_form((tkm_algorithm)a, TKM_SEQ, NULL, 0)) {
            snprintf(line, sizeof line, "check: %d/%d %s seq " PREC, ++nseq,
                     algs_in(TKM_SEQ), tkm_algorithm_name((tkm_algorithm)a));
            assert_contains(err_text, line);
        }
    if (system("command -v script >/dev/null 2>&1") == 0) {
        char cmd[2048];
        snprintf(cmd, sizeof cmd, "script -qec \"%s check %s -k 5 --forms "
                 "seq --precisions %s\" /dev/null 2>&1 | tr '\\r' '\\n' "
                 "> %s", bin, data, PREC, tp("p_tty.txt"));
        assert_int_equal(system(cmd), 0);
        char *t = slurp(tp("p_tty.txt"));
        snprintf(line, sizeof line, "/%d runs, ", algs_in(TKM_SEQ));
        assert_contains(t, line);
        assert_contains(t, " left | ");
        free(t);
    }
}

static void test_info(void **state)
{
    (void)state;
    need_bin();
    EXPECT(0, "info");
    for (int f = 0; f < TKM_NFORM; f++)
        assert_contains(out_text, tkm_form_name((tkm_form)f));
    assert_contains(out_text, "f32");
    assert_contains(out_text, "f64");
    assert_contains(out_text, "seq          available");
    assert_contains(out_text, "cuda devices:");
    assert_contains(out_text, "compiler:");
    /* the MPI line: where the MPI build lies beside this program, named */
    {
        char mpi[4200];
        const char *slash = strrchr(bin, '/');
        snprintf(mpi, sizeof mpi, "%.*strikmeans-mpi",
                 slash ? (int)(slash - bin + 1) : 0, bin);
        if (access(mpi, X_OK) == 0)
            assert_contains(out_text, "the MPI build is");
        else
            assert_contains(out_text, "mpi: not built");
    }
    EXPECT(2, "info", "extra");
    EXPECT(2, "info", "--bogus");
}

/* check: every CPU solver passes on generated blobs (exit 0, table and
 * CSV with one row per run); bad lists are usage errors. */
/* Every number in the text of path (outside quoted strings and names
 * such as f64) is written in the fewest digits that read back to it. */
static void expect_numbers_shortest(const char *path)
{
    char *text = slurp(path);
    int numbers = 0, quoted = 0;
    for (char *p = text; *p; p++) {
        if (*p == '"')
            quoted = !quoted;
        int starts = (isdigit((unsigned char)*p) ||
                      (*p == '-' && isdigit((unsigned char)p[1]))) &&
                     (p == text || !(isalnum((unsigned char)p[-1]) ||
                                     strchr("_.-/+", p[-1])));
        if (quoted || !starts)
            continue;
        char *end;
        double v = strtod(p, &end);
        int digits = sig_digits(p, end), least = least_digits(v, 0);
        if (digits != least)
            fail_msg("[" PREC "] %s: %.*s has %d digits; %d read back to "
                     "it", path, (int)(end - p), p, digits, least);
        numbers++;
        p = end - 1;
    }
    assert_true(numbers > 0);
    free(text);
}

/* The command's text outputs hold each number in its shortest round-trip
 * form: centroids, statistics (CSV and JSON), check's table, scores. */
static void test_numbers_shortest(void **state)
{
    (void)state;
    need_bin();
    PATH(data, "ns.csv");
    PATH(l, "ns_l.csv");
    PATH(c, "ns_c.csv");
    PATH(s, "ns_s.csv");
    PATH(js, "ns_s.json");
    PATH(chk, "ns_check.csv");
    make_blobs(data, 400, 3, 5, 31);
    EXPECT(0, "fit", data, "-k", "5", "--precision", PREC, "--labels", l,
           "--centroids", c, "--stats", s, "--inertia-each-iter", "-q");
    EXPECT(0, "fit", data, "-k", "5", "--precision", PREC, "--stats", js,
           "-q");
    EXPECT(0, "check", "--generate", "600,3,4", "-k", "4", "--seed", "3",
           "--forms", "seq", "--out", chk);
    const char *files[] = {data, c, s, js, chk};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        expect_numbers_shortest(files[i]);
    /* check's time_s, the last column, is kept to a float's digits */
    char *text = slurp(chk), *line = strchr(text, '\n');
    int rows = 0;
    for (; line && line[1]; rows++) {
        char *eol = strchr(line + 1, '\n'), *end, *t = eol;
        while (t[-1] != ',')
            t--;
        double v = strtod(t, &end);
        assert_ptr_equal(end, eol);
        assert_int_equal(sig_digits(t, end), least_digits(v, 1));
        line = eol;
    }
    assert_int_equal(rows, 2 * algs_in(TKM_SEQ)); /* f32 and f64 */
    free(text);
    EXPECT(0, "score", data, "--labels", l, "--json");
    PATH(sc, "ns_score.json");
    write_text(sc, out_text);
    expect_numbers_shortest(sc);
}

static void test_check(void **state)
{
    (void)state;
    need_bin();
    PATH(csv, "check.csv");
    EXPECT(0, "check", "--generate", "3000,4,8", "-k", "8", "--seed", "2",
           "--forms", "seq,omp", "--threads-list", "1,3", "--out", csv);
    assert_contains(out_text, "0 solver run(s) failed");
    assert_contains(out_text, "f32 against f64");
    char *text = slurp(csv);
    int rows = 0, passes = 0;
    for (char *p = text; (p = strchr(p, '\n')); p++)
        rows++;
    for (char *p = text; (p = strstr(p, ",pass,")); p++)
        passes++;
    /* threads as bench gives them: 1 for seq, the team for omp */
    int seq1 = 0, omp1 = 0, omp3 = 0;
    for (char *p = text; (p = strstr(p, ",seq,")); p++)
        seq1 += !strncmp(strchr(p + 5, ',') + 1, "1,", 2);
    for (char *p = text; (p = strstr(p, ",omp,")); p++) {
        const char *t = strchr(p + 5, ',') + 1;
        omp1 += !strncmp(t, "1,", 2);
        omp3 += !strncmp(t, "3,", 2);
    }
    assert_int_equal(seq1, 2 * algs_in(TKM_SEQ));
    assert_int_equal(omp1, 2 * algs_in(TKM_OMP));
    assert_int_equal(omp3, 2 * algs_in(TKM_OMP));
    free(text);
    /* per precision: each algorithm's seq (lloyd's the baseline) and omp
     * on 1 and 3 threads; and the header */
    const int runs = algs_in(TKM_SEQ) + 2 * algs_in(TKM_OMP);
    assert_int_equal(rows, 1 + 2 * runs);
    assert_int_equal(passes, 2 * (runs - 1));
    EXPECT(2, "check", "--generate", "3000,4,8", "-k", "8", "--forms",
           "seq,gpu");
    assert_contains(err_text, "--forms");
    EXPECT(2, "check", "--generate", "3000,4", "-k", "8");
    EXPECT(2, "check", "-k", "8");
    EXPECT(0, "check", "--help");
    assert_contains(out_text, "--threads-list");
    /* the pruning ablations: checked against Lloyd like the full forms,
     * applied to the algorithms that take them only; said in fit's
     * statistics */
    EXPECT(0, "check", "--generate", "3000,2,12", "-k", "12", "--forms",
           "seq,omp", "--threads-list", "2", "--no-cc", "--max-drift-only");
    assert_contains(out_text, "0 solver run(s) failed");
    assert_contains(out_text, "hamerly  omp");
    PATH(ab, "ab.csv");
    EXPECT(0, "gen", "-n", "500", "-k", "5", "--out", ab, "-q");
    PATH(abj, "ab.json");
    EXPECT(0, "fit", ab, "-k", "5", "--algorithm", "hamerly", "--no-cc",
           "--max-drift-only", "--stats", abj, "-q");
    char *js = slurp(abj);
    assert_contains(js, "\"no_cc\": true");
    assert_contains(js, "\"max_drift_only\": true");
    free(js);
    EXPECT(2, "fit", ab, "-k", "5", "--no-cc");
    char cc[128];
    assert_contains(err_text, tkmi_alg_names(TKMI_CAP_NO_CC, ", ", " and ",
                                             cc, sizeof cc));
    EXPECT(2, "fit", ab, "-k", "5", "--algorithm", "elkan",
           "--max-drift-only");
    /* a form that cannot run here: one line, with its reason, for all its
     * solver runs */
    char why[256];
    if (tkm_form_available(TKM_CUDA_GLOBAL, why, sizeof why) != TKM_OK) {
        EXPECT(0, "check", "--generate", "500,2,3", "-k", "3", "--forms",
               "seq,cuda-global", "--threads-list", "1");
        /* the machine's reason once, for every algorithm that has the
         * form, in both precisions (one that lacks it has its own line) */
        char head[64];
        snprintf(head, sizeof head, "skipped cuda-global (%d solver runs): ",
                 2 * algs_in(TKM_CUDA_GLOBAL));
        const char *at = strstr(out_text, head);
        assert_non_null(at);
        at = strstr(at, why);
        assert_non_null(at);
        assert_null(strstr(at + 1, why));
        assert_null(strstr(out_text, "SKIPPED"));
    }
}

/* --usecols and --skip-cols pick the data's columns in every command that
 * reads data, by index or header name: a pandas CSV (an index column
 * with an empty header field, a text column) gives the clustering of its
 * numeric columns alone, and its index column is warned about.  Bad
 * selections are usage errors that name the item. */
static void test_columns(void **state)
{
    (void)state;
    need_bin();
    tkmi_rng r;
    tkmi_rng_seed(&r, 31337);
    PATH(pd, "cols_pd.csv");
    PATH(xy, "cols_xy.csv");
    FILE *f = fopen(pd, "w"), *g = fopen(xy, "w");
    assert_non_null(f);
    assert_non_null(g);
    fputs(",x,kind,y\n", f);
    fputs("x,y\n", g);
    for (int i = 0; i < 300; i++) {
        double x = 10.0 * (double)(i % 3) + tkmi_rng_uniform(&r);
        double y = tkmi_rng_uniform(&r) - 5.0 * (double)(i % 3);
        fprintf(f, "%d,%.17g,%s,%.17g\n", i, x, i % 2 ? "odd" : "even", y);
        fprintf(g, "%.17g,%.17g\n", x, y);
    }
    assert_int_equal(fclose(f), 0);
    assert_int_equal(fclose(g), 0);
    /* read whole: the text column fails, after the warning */
    EXPECT(2, "fit", pd, "-k", "3");
    assert_contains(err_text, "warning:");
    assert_contains(err_text, "column 0 is read as data");
    assert_contains(err_text, "--skip-cols 0");
    assert_contains(err_text, "'even' is not a number");
    /* the column an error names is the one --skip-cols takes */
    assert_contains(err_text, "line 2, column 2: ");
    EXPECT(0, "fit", pd, "-k", "3", "--skip-cols", "0,2");
    /* the numeric columns, three ways: the result of the x,y file */
    EXPECT(0, "fit", xy, "-k", "3", "--seed", "4", "--centroids",
           tp("c_ref.csv"));
    char *ref = slurp(tp("c_ref.csv"));
    const char *ways[][2] = {{"--usecols", "x,y"},
                             {"--usecols", "3, 1"},
                             {"--skip-cols", "0,kind"}};
    for (int w = 0; w < 3; w++) {
        EXPECT(0, "fit", pd, "-k", "3", "--seed", "4", ways[w][0],
               ways[w][1], "--centroids", tp("c_sel.csv"), "--force");
        assert_null(strstr(err_text, "warning"));
        char *got = slurp(tp("c_sel.csv"));
        assert_string_equal(got, ref);
        free(got);
    }
    /* init, predict, check and score read the same columns */
    EXPECT(0, "init", pd, "-k", "3", "--seed", "4", "--skip-cols",
           "0,kind", "--out", tp("s_sel.csv"));
    EXPECT(0, "init", xy, "-k", "3", "--seed", "4", "--out",
           tp("s_ref.csv"));
    char *s1 = slurp(tp("s_sel.csv")), *s2 = slurp(tp("s_ref.csv"));
    assert_string_equal(s1, s2);
    free(s1);
    free(s2);
    EXPECT(0, "predict", pd, "--usecols", "x,y", "--centroids",
           tp("c_ref.csv"), "--labels", tp("l_sel.csv"));
    EXPECT(0, "predict", xy, "--centroids", tp("c_ref.csv"), "--labels",
           tp("l_ref.csv"));
    s1 = slurp(tp("l_sel.csv"));
    s2 = slurp(tp("l_ref.csv"));
    assert_string_equal(s1, s2);
    free(s1);
    free(s2);
    EXPECT(0, "check", pd, "-k", "3", "--usecols", "x,y", "--algorithms",
           "lloyd,hamerly", "--forms", "seq");
    EXPECT(0, "score", pd, "--skip-cols", "0,2", "--labels",
           tp("l_ref.csv"), "--metrics", "ch");
    char *sc = strdup(out_text);
    EXPECT(0, "score", xy, "--labels", tp("l_ref.csv"), "--metrics", "ch");
    assert_string_equal(sc, out_text);
    free(sc);
    /* a start file is in the columns read, not the file's */
    EXPECT(0, "fit", pd, "-k", "3", "--usecols", "x,y", "--init",
           tp("s_ref.csv"));
    /* bad selections */
    EXPECT(2, "fit", pd, "-k", "3", "--usecols", "x", "--skip-cols", "0");
    assert_contains(err_text, "--usecols and --skip-cols cannot both");
    EXPECT(2, "score", pd, "--labels", tp("l_ref.csv"), "--skip-cols", "0",
           "--usecols", "x");
    assert_contains(err_text, "--usecols and --skip-cols cannot both");
    EXPECT(2, "fit", pd, "-k", "3", "--usecols", "x,z");
    assert_contains(err_text, "no column 'z'");
    EXPECT(2, "predict", pd, "--usecols", "1,4", "--centroids",
           tp("c_ref.csv"), "--labels", tp("l_bad.csv"));
    assert_contains(err_text, "column 4 is out of range");
    EXPECT(2, "init", pd, "-k", "3", "--usecols", "1,x", "--out",
           tp("s_bad.csv"));
    assert_contains(err_text, "column 1 is given twice");
    EXPECT(2, "fit", xy, "-k", "3", "--header", "no", "--usecols", "y");
    assert_contains(err_text, "no header line");
    EXPECT(0, "gen", "--kind", "blobs", "-n", "50", "-d", "3", "-k", "2",
           "--out", tp("cols.npy"));
    EXPECT(2, "fit", tp("cols.npy"), "-k", "2", "--usecols", "y");
    assert_contains(err_text, "'y' is a column name");
    EXPECT(0, "fit", tp("cols.npy"), "-k", "2", "--skip-cols", "1");
    assert_contains(out_text, "50, 2, 2");
    /* every command that reads data says so in its help */
    const char *cmds[] = {"fit", "predict", "init", "check", "score"};
    for (int i = 0; i < 5; i++) {
        EXPECT(0, cmds[i], "--help");
        assert_contains(out_text, "--usecols");
        assert_contains(out_text, "--skip-cols");
    }
    free(ref);
}

/* The first line of a text file is a header only when none of its
 * fields is a number (--header yes|no override it), and a header must
 * name as many columns as the data has; a first data row with one bad
 * field is an error at line 1, as it would be at line 2.  Precision names
 * take their common spellings. */
static void test_header_rules(void **state)
{
    (void)state;
    need_bin();
    write_text(tp("h_na.csv"), "1,NA\n2,3\n4,5\n");
    EXPECT(2, "fit", tp("h_na.csv"), "-k", "1");
    assert_contains(err_text, "line 1, column 1");
    /* a numeric header (pandas' integer column names): data unless told */
    write_text(tp("h_num.csv"), "0,1\n2,3\n4,5\n");
    EXPECT(0, "fit", tp("h_num.csv"), "-k", "3");
    assert_contains(out_text, "3, 2, 3");
    EXPECT(0, "fit", tp("h_num.csv"), "-k", "2", "--header", "yes");
    assert_contains(out_text, "2, 2, 2");
    EXPECT(2, "fit", tp("h_num.csv"), "-k", "3", "--header", "yes");
    /* the header's width */
    write_text(tp("h_wide.csv"), "a,b,c\n2,3\n4,5\n");
    EXPECT(2, "fit", tp("h_wide.csv"), "-k", "1");
    assert_contains(err_text, "names 3 columns, the data has 2");
    /* pandas' index header: an empty first field still counts */
    write_text(tp("h_idx.csv"), ",x,y\n0,2,3\n1,4,5\n");
    EXPECT(0, "fit", tp("h_idx.csv"), "-k", "2");
    assert_contains(out_text, "2, 3, 2");
    /* --header no: a text header is bad data */
    write_text(tp("h_txt.csv"), "x,y\n2,3\n4,5\n");
    EXPECT(0, "fit", tp("h_txt.csv"), "-k", "2");
    EXPECT(2, "fit", tp("h_txt.csv"), "-k", "2", "--header", "no");
    assert_contains(err_text, "line 1, column 0");
    EXPECT(2, "fit", tp("h_txt.csv"), "-k", "2", "--header", "maybe");
    assert_contains(err_text, "--header");
    const char *f32[] = {"f32", "float32", "float"};
    const char *f64[] = {"f64", "float64", "double"};
    for (int i = 0; i < 3; i++) {
        EXPECT(0, "fit", tp("h_txt.csv"), "-k", "2", "--precision", f32[i]);
        assert_contains(out_text, "lloyd seq f32");
        EXPECT(0, "fit", tp("h_txt.csv"), "-k", "2", "--precision", f64[i]);
        assert_contains(out_text, "lloyd seq f64");
    }
    /* --delimiter: a semicolon file is not read as one header column */
    write_text(tp("h_semi.csv"), "1;2\n3;4\n5;6\n");
    EXPECT(2, "fit", tp("h_semi.csv"), "-k", "2");
    assert_contains(err_text, "--delimiter");
    EXPECT(0, "fit", tp("h_semi.csv"), "-k", "2", "--delimiter", ";");
    assert_contains(out_text, "3, 2, 2");
    write_text(tp("h_tab.tsv"), "x\ty\n1\t2\n3\t4\n");
    EXPECT(0, "fit", tp("h_tab.tsv"), "-k", "2", "--delimiter", "tab");
    assert_contains(out_text, "2, 2, 2");
    /* the --init file's separator (and header) are its own: a comma
     * start with a header gives the run of the same start in the data's
     * own dialect */
    write_text(tp("h_start.csv"), "x,y\n1,2\n5,6\n");
    write_text(tp("h_start_semi.csv"), "1;2\n5;6\n");
    EXPECT(0, "fit", tp("h_semi.csv"), "-k", "2", "--delimiter", ";",
           "--header", "no", "--init", tp("h_start.csv"), "--centroids",
           tp("h_semi_c1.csv"), "--force");
    EXPECT(0, "fit", tp("h_semi.csv"), "-k", "2", "--delimiter", ";",
           "--header", "no", "--init", tp("h_start_semi.csv"),
           "--centroids", tp("h_semi_c2.csv"), "--force");
    {
        char *a = slurp(tp("h_semi_c1.csv")), *b = slurp(tp("h_semi_c2.csv"));
        assert_string_equal(a, b);
        free(a);
        free(b);
    }
    EXPECT(2, "fit", tp("h_semi.csv"), "-k", "2", "--delimiter", "1");
    EXPECT(2, "fit", tp("h_semi.csv"), "-k", "2", "--delimiter", ";;");
    EXPECT(2, "fit", tp("h_txt.csv"), "-k", "2", "--precision", "half");
    assert_contains(err_text, "float32");
}

/* What the command says about a first line (#38 point 8): a header it
 * takes is noted with why, on stderr; quoted numbers are data, no row
 * dropped; a file of "x;y" rows is refused at line 1 with ';' and the
 * option that says it, and, --delimiter ',' given, with words that say
 * the comma does not split the line instead of asking for the option. */
static void test_header_noted(void **state)
{
    (void)state;
    need_bin();
    tkmi_rng r;
    tkmi_rng_seed(&r, 3839);
    PATH(semi, "hn_semi.csv");
    PATH(quoted, "hn_q.csv");
    PATH(named, "hn_h.csv");
    FILE *f = fopen(semi, "w"), *g = fopen(quoted, "w"), *h = fopen(named,
                                                                     "w");
    assert_true(f && g && h);
    fputs("x,y\n", h);
    for (int i = 0; i < 90; i++) {
        double x = 10.0 * (double)(i % 3) + tkmi_rng_uniform(&r);
        double y = tkmi_rng_uniform(&r) - 4.0 * (double)(i % 3);
        fprintf(f, "%.17g;%.17g\n", x, y);
        fprintf(g, "\"%.17g\",\"%.17g\"\n", x, y);
        fprintf(h, "%.17g,%.17g\n", x, y);
    }
    assert_int_equal(fclose(f) | fclose(g) | fclose(h), 0);
    EXPECT(2, "fit", semi, "-k", "3");
    assert_contains(err_text, "hn_semi.csv: line 1, column 0: ");
    assert_contains(err_text, "say so with --delimiter ';'");
    EXPECT(2, "fit", semi, "-k", "3", "--delimiter", ",");
    assert_contains(err_text, "hn_semi.csv: line 1, column 0: ");
    assert_contains(err_text, "--delimiter ',' does not split the line");
    assert_contains(err_text, "separated by ';'");
    assert_null(strstr(err_text, "say so"));
    /* the same 90 rows three ways: the same labels, and only the file
     * with a header gets a note */
    const char *file[] = {semi, quoted, named};
    const char *delim[] = {";", ",", ","};
    char *labels[3];
    for (int w = 0; w < 3; w++) {
        EXPECT(0, "fit", file[w], "-k", "3", "--seed", "5", "--delimiter",
               delim[w], "--labels", tp("hn_l.csv"), "--force");
        if (w < 2)
            assert_string_equal(err_text, "");
        labels[w] = slurp(tp("hn_l.csv"));
    }
    assert_contains(err_text, "trikmeans fit: note: ");
    assert_contains(err_text, "hn_h.csv: line 1 is taken for a header: "
                              "none of its fields is a number ('x,y')");
    assert_null(strstr(err_text, "warning"));
    assert_string_equal(labels[0], labels[1]);
    assert_string_equal(labels[0], labels[2]);
    for (int w = 0; w < 3; w++)
        free(labels[w]);
    /* asked for: nothing to explain */
    EXPECT(0, "fit", named, "-k", "3", "--header", "yes", "-q");
    assert_string_equal(err_text, "");
}

/* Counts are whole numbers >= 1: a negative one is a usage error, not
 * a wrapped 2^64 - 1 that fails later as "out of memory". */
static void test_counts_parsed(void **state)
{
    (void)state;
    need_bin();
    const char *bad[] = {"-1,2,3", "10,-2,3", "10,2,-3", "+5,2,2",
                         "10,2,99999999999999999999999", "10,0,2"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        EXPECT(2, "check", "--generate", bad[i], "-k", "2", "--forms", "seq");
        assert_contains(err_text, "three positive integers");
    }
    EXPECT(2, "fit", tp("x.csv"), "-k", "-3");
    EXPECT(2, "gen", "-n", "-5", "--out", tp("neg.csv"));
    assert_false(exists(tp("neg.csv")));
}

/* Outputs are compared with the inputs and with each other as files,
 * not as strings: no spelling of the data file, of the starting
 * centroids or of another output is written over. */
static void test_same_files(void **state)
{
    (void)state;
    need_bin();
    PATH(data, "sf_data.csv");
    make_blobs(data, 40, 2, 3, 2);
    char *before = slurp(data);
    char dot[600], up[600], link[600], start[600];
    /* tp() gives absolute paths: spell them other ways */
    snprintf(dot, sizeof dot, "%.*s/./sf_data.csv",
             (int)(strrchr(data, '/') - data), data);
    snprintf(up, sizeof up, "%.*s/sub/../sf_data.csv",
             (int)(strrchr(data, '/') - data), data);
    snprintf(link, sizeof link, "%s", tp("sf_link.csv"));
    unlink(link);
    assert_int_equal(symlink(data, link), 0);
    EXPECT(2, "fit", data, "-k", "3", "--centroids", dot);
    assert_contains(err_text, "would overwrite the data file");
    EXPECT(2, "fit", data, "-k", "3", "--labels", link);
    assert_contains(err_text, "would overwrite the data file");
    char sub[600];
    snprintf(sub, sizeof sub, "%.*s/sub", (int)(strrchr(data, '/') - data),
             data);
    mkdir(sub, 0777);
    EXPECT(2, "fit", data, "-k", "3", "--labels", up);
    char *after = slurp(data);
    assert_string_equal(before, after);
    free(after);
    /* two outputs, one file not yet written */
    PATH(out, "sf_out.csv");
    char out2[600];
    snprintf(out2, sizeof out2, "%.*s/./sf_out.csv",
             (int)(strrchr(out, '/') - out), out);
    unlink(out);
    EXPECT(2, "fit", data, "-k", "3", "--labels", out, "--centroids", out2);
    assert_contains(err_text, "name the same file");
    assert_false(exists(out));
    /* the starting centroids */
    snprintf(start, sizeof start, "%s", tp("sf_start.csv"));
    EXPECT(0, "init", data, "-k", "3", "--out", start, "-q");
    EXPECT(2, "fit", data, "-k", "3", "--init", start, "--centroids", start);
    assert_contains(err_text, "starting centroids");
    free(before);
}

/* Results that are not numbers are errors, never printed: an inertia or
 * a score that overflows exits 1 with the reason and writes nothing.
 * Messages name rows as rows, carry one prefix, and the fit summary names
 * the files it wrote. */
static void test_honest_results(void **state)
{
    (void)state;
    need_bin();
    write_text(tp("hr_big.csv"), "1e308,1e308\n-1e308,-1e308\n1e308,-1e308\n");
    PATH(l, "hr_l.csv");
    unlink(l);
    /* squares that would overflow are refused with the value and limit */
    EXPECT(2, "fit", tp("hr_big.csv"), "-k", "1", "--labels", l);
    assert_contains(err_text, "point 0, column 0: |1e+308| is above");
    assert_false(exists(l));
    /* weights times squared distances above double's range */
    write_text(tp("hr_mid.csv"), "1e10,0\n-1e10,0\n3,1\n");
    write_text(tp("hr_w.csv"), "1e300\n1e300\n1\n");
    EXPECT(2, "fit", tp("hr_mid.csv"), "-k", "1", "--weights", tp("hr_w.csv"),
           "--labels", l);
    assert_contains(err_text, "the inertia overflows");
    assert_false(exists(l));
    write_text(tp("hr_lab.csv"), "0\n1\n1\n");
    EXPECT(1, "score", tp("hr_big.csv"), "--labels", tp("hr_lab.csv"));
    assert_contains(err_text, "not finite");
    assert_false(strstr(out_text, "nan") != NULL);
    write_text(tp("hr_d.csv"), "1,2\n3,4\n5,6\n");
    write_text(tp("hr_neg.csv"), "0\n-1\n0\n");
    EXPECT(2, "score", tp("hr_d.csv"), "--labels", tp("hr_neg.csv"));
    assert_contains(err_text, "row 1 holds -1");
    /* 800 GB of points (200 GB of text at least): refused, memory or
     * space, before anything is made or written */
    EXPECT(1, "gen", "-n", "1", "-d", "100000000000", "--out",
           tp("hr_gen.csv"));
    assert_false(strstr(err_text, "gen: gen:") != NULL);
    assert_contains(err_text, "00000000000 bytes (");
    assert_false(exists(tp("hr_gen.csv")));
    /* CR alone as the line end */
    write_text(tp("hr_cr.csv"), "1,2\r3,4\r5,6\r");
    EXPECT(2, "fit", tp("hr_cr.csv"), "-k", "1");
    assert_contains(err_text, "carriage return");
    /* labels are names: score takes the clusters there are, not the
     * largest label + 1 (2147483647 would be 16 GiB), same scores */
    write_text(tp("hr_d4.csv"), "1,2\n1.5,2\n9,9\n9,8\n");
    write_text(tp("hr_big_l.csv"), "2147483647\n5\n5\n2147483647\n");
    write_text(tp("hr_small_l.csv"), "1\n0\n0\n1\n");
    EXPECT(0, "score", tp("hr_d4.csv"), "--labels", tp("hr_small_l.csv"));
    char *small = strdup(out_text);
    EXPECT(0, "score", tp("hr_d4.csv"), "--labels", tp("hr_big_l.csv"));
    assert_string_equal(out_text, small);
    free(small);
    /* degenerate results are said: 2 distinct points, k = 3 */
    write_text(tp("hr_dup.csv"), "1,1\n1,1\n1,1\n2,2\n2,2\n");
    PATH(dj, "hr_dup.json");
    EXPECT(0, "fit", tp("hr_dup.csv"), "-k", "3", "--init", "random",
           "--stats", dj);
    assert_contains(err_text, "1 of the 3 clusters ended empty");
    assert_contains(err_text, "1 centroids equal another");
    assert_contains(err_text, "2 distinct points, fewer than k = 3");
    char *js = slurp(dj);
    assert_non_null(strstr(js, "\"empty_clusters\": 1"));
    assert_non_null(strstr(js, "\"duplicate_centroids\": 1"));
    assert_non_null(strstr(js, "\"distinct_points_below_k\": 2"));
    free(js);
    /* -0 and 0 are one point */
    write_text(tp("hr_zero.csv"), "0,0\n-0,0\n100,0\n");
    EXPECT(0, "fit", tp("hr_zero.csv"), "-k", "3", "--init", "random");
    assert_contains(err_text, "2 distinct points, fewer than k = 3");
    /* an empty cluster with enough distinct points is not blamed on them */
    write_text(tp("hr_far.csv"), "0,0\n-0,0\n0.1,0\n100,0\n");
    write_text(tp("hr_far_c.csv"), "0,0\n0.1,0\n-50,0\n");
    EXPECT(0, "fit", tp("hr_far.csv"), "-k", "3", "--init",
           tp("hr_far_c.csv"), "--max-iter", "1");
    assert_contains(err_text, "1 of the 3 clusters ended empty (a poor");
    assert_false(strstr(err_text, "distinct") != NULL);
    EXPECT(0, "fit", tp("hr_d4.csv"), "-k", "2");
    assert_false(strstr(err_text, "warning") != NULL);
    PATH(s, "hr_s.json");
    EXPECT(0, "fit", tp("hr_d.csv"), "-k", "2", "--labels", l, "--stats", s);
    assert_contains(out_text, "wrote:");
    assert_contains(out_text, l);
    assert_contains(out_text, s);
}

/* The variables a test set for the command, gone for the next test. */
static int unset_env(void **state)
{
    (void)state;
    return unsetenv("TKM_MEMORY_LIMIT") | unsetenv("TKM_FAULT");
}

/* TKM_MEMORY_LIMIT makes the machine look small to the command: what
 * asks more is refused before it is tried (exit 1, the bytes said,
 * nothing written), what fits runs as before, and a value that is no
 * size stops every command but info, which shows why. */
static void test_memory_limit(void **state)
{
    (void)state;
    need_bin();
    const size_t n = 4000, k = 300, real = TKM_PREC == 32 ? 4 : 8;
    char want[160];
    make_blobs(tp("ml.csv"), n, 2, 10, 5);
    PATH(g, "ml_gen.npy");
    PATH(l, "ml_l.csv");
    PATH(c, "ml_c.csv");
    PATH(t, "ml_t.npy");
    setenv("TKM_MEMORY_LIMIT", "4M", 1);
    EXPECT(1, "gen", "-n", "1000", "-d", "1000", "--out", g);
    assert_contains(err_text, "trikmeans gen: 1000 x 1000 points: out of "
                    "memory: 8000000 bytes (7.63 MiB) asked, more than the "
                    "limit of 4194304 bytes (4.00 MiB) that TKM_MEMORY_LIMIT "
                    "sets");
    assert_false(exists(g));
    /* Elkan's n x k lower bounds, floats in either precision (and its
     * lazy bounds' drift sums, 65 rows of k, their shrinks, 64 rows of
     * k floats, a byte a point); Hamerly's 2 a point fit */
    EXPECT(1, "fit", tp("ml.csv"), "-k", "300", "--algorithm", "elkan",
           "--precision", PREC, "--labels", l);
    snprintf(want, sizeof want, "out of memory: %zu bytes",
             (n + k * k + 2 * k + 65 * k) * real + (n * k + 64 * k) * 4 +
                 n);
    assert_contains(err_text, want);
    assert_false(exists(l));
    EXPECT(0, "fit", tp("ml.csv"), "-k", "300", "--algorithm", "hamerly",
           "--precision", PREC, "--labels", l, "--centroids", c, "-q");
    assert_true(exists(l));
    /* n x k distances */
    EXPECT(1, "predict", tp("ml.csv"), "--centroids", c, "--transform", t);
    snprintf(want, sizeof want, "the labels of %zu points and their "
             "distances: out of memory: %zu bytes", n, n * 4 + n * k * 8);
    assert_contains(err_text, want);
    assert_false(exists(t));
    setenv("TKM_MEMORY_LIMIT", "4 MB", 1);
    EXPECT(2, "fit", tp("ml.csv"), "-k", "3");
    assert_contains(err_text, "TKM_MEMORY_LIMIT=4 MB is not a size");
    EXPECT(0, "info");
    assert_contains(out_text, "TKM_MEMORY_LIMIT=4 MB is not a size");
    setenv("TKM_MEMORY_LIMIT", "64MiB", 1);
    EXPECT(0, "info");
    assert_contains(out_text, "a request above 67108864 bytes (64.00 MiB) "
                    "is refused");
}

/* The fault injection is a test build's hook (build/hooks/): the shipped
 * command and the library it links never read TKM_FAULT, so a fit
 * told to fail its first allocation runs whole, and "count" is not
 * answered. */
static void test_no_fault_hook(void **state)
{
    (void)state;
    need_bin();
    make_blobs(tp("nf.csv"), 500, 2, 3, 8);
    PATH(l, "nf_l.csv");
    setenv("TKM_FAULT", "1", 1);
    EXPECT(0, "fit", tp("nf.csv"), "-k", "3", "--precision", PREC,
           "--labels", l, "-q");
    assert_true(exists(l));
    setenv("TKM_FAULT", "count", 1);
    EXPECT(0, "fit", tp("nf.csv"), "-k", "3", "--precision", PREC, "-q");
    assert_false(strstr(err_text, "TKM_FAULT") != NULL);
}

/* An output larger than the free space of its file system is refused
 * before anything is made or written: exit 1, both sizes said (.npy
 * exactly, text at least 2 bytes a value). */
static void test_no_space(void **state)
{
    (void)state;
    need_bin();
    const size_t avail = space_free_checked(dir, tp("ns.npy"));
    if (avail > ((size_t)1 << 50)) { /* (said by df as well) */
        print_message("skipped: %zu bytes free, past the sizes a run here "
                      "should name\n", avail);
        skip();
    }
    char ds[32], want[640], dict[128];
    const size_t d = avail / 8 + ((size_t)1 << 27); /* 1 GiB more */
    snprintf(ds, sizeof ds, "%zu", d);
    /* the .npy v1.0 header: preamble, dict, newline, padded to 64 */
    int len = snprintf(dict, sizeof dict, "{'descr': '<f8', "
                       "'fortran_order': False, 'shape': (1, %zu), }", d);
    const size_t head = (10 + (size_t)len + 1 + 63) / 64 * 64;
    PATH(o, "ns.npy");
    EXPECT(1, "gen", "-n", "1", "-d", ds, "--out", o);
    snprintf(want, sizeof want, "trikmeans gen: %s: %zu bytes (", o,
             head + 8 * d);
    assert_contains(err_text, want);
    assert_contains(err_text, "free on its file system");
    assert_false(exists(o));
    const size_t dt = avail / 2 + ((size_t)1 << 29);
    snprintf(ds, sizeof ds, "%zu", dt);
    PATH(tx, "ns.csv");
    EXPECT(1, "gen", "-n", "1", "-d", ds, "--out", tx);
    snprintf(want, sizeof want, "%s: at least %zu bytes (", tx, 2 * dt);
    assert_contains(err_text, want);
    assert_false(exists(tx));
}

/* check's default thread counts fit the machine: 1, 2, 4, ... up to
 * OpenMP's default here, which is the last one; none above it. */
static void test_check_default_threads(void **state)
{
    (void)state;
    need_bin();
    const int most = tkmi_threads_most();
    EXPECT(0, "check", "--generate", "500,2,3", "-k", "3", "--forms", "omp",
           "--algorithms", "lloyd", "--precisions", "f64");
    int seen_most = 0;
    for (const char *p = out_text; (p = strstr(p, " t=")); p += 3) {
        int t = atoi(p + 3);
        assert_true(t >= 1 && t <= most);
        seen_most |= t == most;
    }
    assert_true(seen_most);
}

/* fit says when other work kept CPUs busy (TKM_CPUS_BUSY stands for the
 * measurement): a "load:" line after the time, the omp team it left, and
 * the statistics' "load" with "quiet": false; on a quiet machine no line
 * and "quiet": true.  The results are the same either way.  check's
 * table of times ends with such a line too. */
static void test_busy_note(void **state)
{
    (void)state;
    need_bin();
    PATH(data, "busy.csv");
    PATH(js, "busy.json");
    PATH(l0, "busy0.csv");
    PATH(l1, "busy1.csv");
    make_blobs(data, 600, 3, 4, 8);
    cpu_set_t mask;
    assert_int_equal(sched_getaffinity(0, sizeof mask, &mask), 0);
    const int cpus = CPU_COUNT(&mask);
    char all[16];
    snprintf(all, sizeof all, "%d", cpus);
    setenv("TKM_CPUS_BUSY", "0", 1);
    EXPECT(0, "fit", data, "-k", "4", "--form", "omp", "--precision", PREC,
           "--stats", js, "--labels", l0, "--force");
    assert_null(strstr(out_text, "load:"));
    char *text = slurp(js);
    assert_contains(text, "\"busy_start\": 0, \"busy_end\": 0, "
                          "\"quiet\": true}");
    free(text);
    setenv("TKM_CPUS_BUSY", all, 1);
    EXPECT(0, "fit", data, "-k", "4", "--form", "omp", "--precision", PREC,
           "--stats", js, "--labels", l1, "--force");
    unsetenv("TKM_CPUS_BUSY");
    char want[128];
    snprintf(want, sizeof want, "load:       other work kept %d of %d CPUs "
             "busy (%d at the start, %d at the end): not a quiet machine's "
             "time", cpus, cpus, cpus, cpus);
    assert_contains(out_text, want);
    text = slurp(js);
    assert_contains(text, "\"quiet\": false}");
    assert_contains(text, "\"threads\": 1,");
    free(text);
    char *a = slurp(l0), *b = slurp(l1);
    assert_string_equal(a, b);
    free(a);
    free(b);
    /* check's table of times says it too, and only then */
    setenv("TKM_CPUS_BUSY", all, 1);
    EXPECT(0, "check", data, "-k", "4", "--forms", "seq", "--algorithms",
           "lloyd", "--precisions", PREC);
    assert_contains(out_text, "\nload: other work kept ");
    setenv("TKM_CPUS_BUSY", "0", 1);
    EXPECT(0, "check", data, "-k", "4", "--forms", "seq", "--algorithms",
           "lloyd", "--precisions", PREC);
    unsetenv("TKM_CPUS_BUSY");
    assert_null(strstr(out_text, "load:"));
}

/* The first "screened" count of a stats JSON file. */
static unsigned long long first_screened(const char *path)
{
    char *text = slurp(path);
    const char *p = strstr(text, "\"screened\": ");
    assert_non_null(p);
    unsigned long long v = strtoull(p + strlen("\"screened\": "), NULL, 10);
    free(text);
    return v;
}

/* OpenBLAS's kernels narrower than the processor's (OPENBLAS_CORETYPE=
 * PRESCOTT given, as OpenBLAS takes for a model it does not know): info
 * names the core and says it is narrower, the screening's auto setting
 * leaves the scans direct, --screen on still screens, and the labels are
 * the same.  Without the variable a fit that may screen gets the
 * processor's kernels (restarting itself where OpenBLAS took narrower
 * ones), so auto screens at d = 256, k = 64.  Builds without OpenBLAS:
 * nothing to hold. */
static void test_blas_core(void **state)
{
    (void)state;
    need_bin();
    if (!TKM_HAVE_BLAS)
        skip();
    PATH(data, "bc.npy");
    PATH(js, "bc.json");
    PATH(l0, "bc0.csv");
    PATH(l1, "bc1.csv");
    {
        tkm_dataset ds = {0};
        char msg[256];
        assert_int_equal(tkm_generate_blobs(300, 256, 64, 1.0, 10.0, 9, &ds,
                                            NULL, msg, sizeof msg),
                         TKM_OK);
        assert_int_equal(tkm_write_matrix(data, ds.x, ds.n, ds.d, msg,
                                          sizeof msg),
                         TKM_OK);
        tkm_dataset_free(&ds);
    }
    const char *saved = getenv("OPENBLAS_CORETYPE");
    char *keep = saved ? strdup(saved) : NULL;
    unsetenv("OPENBLAS_CORETYPE");
    EXPECT(0, "fit", data, "-k", "64", "--precision", PREC, "--max-iter",
           "2", "--stats", js, "--labels", l0, "--force", "-q");
    assert_true(first_screened(js) > 0);
    __builtin_cpu_init();
    const int wide = __builtin_cpu_supports("avx2") &&
                     __builtin_cpu_supports("fma");
    setenv("OPENBLAS_CORETYPE", "PRESCOTT", 1);
    EXPECT(0, "info");
    assert_contains(out_text, "core Prescott");
    if (wide)
        assert_contains(out_text, "core Prescott is narrower than this "
                                  "processor's vectors");
    EXPECT(0, "fit", data, "-k", "64", "--precision", PREC, "--max-iter",
           "2", "--stats", js, "--labels", l1, "--force", "-q");
    assert_int_equal(first_screened(js) > 0, !wide);
    char *a = slurp(l0), *b = slurp(l1);
    assert_string_equal(a, b);
    free(a);
    free(b);
    EXPECT(0, "fit", data, "-k", "64", "--precision", PREC, "--max-iter",
           "2", "--screen", "on", "--stats", js, "--force", "-q");
    assert_true(first_screened(js) > 0);
    if (keep) {
        setenv("OPENBLAS_CORETYPE", keep, 1);
        free(keep);
    } else {
        unsetenv("OPENBLAS_CORETYPE");
    }
}

/* --n-init N keeps the run of lowest inertia among the starts seed,
 * seed + 1, ...: its outputs are those of that single run, and every
 * start's inertia is in the statistics. */
/* fit --weights: integer weights give the centroids of the points
 * repeated as many times, bit for bit (cuda-shared too, where it runs,
 * with phases that add up); a file of the wrong length and a negative
 * weight are refused, naming them. */
static void test_weights(void **state)
{
    (void)state;
    need_bin();
    PATH(data, "w.csv");
    PATH(rep, "wrep.csv");
    PATH(wts, "wts.csv");
    PATH(c0, "wc0.csv");
    PATH(a, "wa.csv");
    PATH(b, "wb.csv");
    /* (i, i mod 7 / 2) weighted i mod 3: 0, 1 or 2 copies */
    char *x = malloc(60 * 32), *r = malloc(120 * 32), *w = malloc(60 * 8);
    assert_true(x && r && w);
    size_t lx = 0, lr = 0, lw = 0;
    for (int i = 0; i < 60; i++) {
        char line[32];
        snprintf(line, sizeof line, "%d,%g\n", i, (i % 7) / 2.0);
        lx += (size_t)sprintf(x + lx, "%s", line);
        lw += (size_t)sprintf(w + lw, "%d\n", i % 3);
        for (int c = 0; c < i % 3; c++)
            lr += (size_t)sprintf(r + lr, "%s", line);
    }
    write_text(data, x);
    write_text(rep, r);
    write_text(wts, w);
    write_text(c0, "1,0\n30,1\n58,3\n");
    EXPECT(0, "fit", data, "-k", "3", "--init", c0, "--weights", wts,
           "--precision", PREC, "--algorithm", "hamerly", "--centroids", a,
           "-q");
    EXPECT(0, "fit", rep, "-k", "3", "--init", c0, "--precision", PREC,
           "--centroids", b, "-q");
    char *ta = slurp(a), *tb = slurp(b);
    assert_string_equal(ta, tb);
    free(ta);
    /* the CUDA forms weigh the points the same way, where they run */
    if (tkm_form_available(TKM_CUDA_SHARED, NULL, 0) == TKM_OK) {
        PATH(st, "wstats.csv");
        EXPECT(0, "fit", data, "-k", "3", "--init", c0, "--weights", wts,
               "--precision", PREC, "--algorithm", "hamerly", "--form",
               "cuda-shared", "--centroids", a, "--force", "--stats", st,
               "-q");
        ta = slurp(a);
        assert_string_equal(ta, tb);
        free(ta);
        /* the device opened while the file was read: its phases, the
         * context's wait among them, still add up within the wall time */
        assert_true(stats_csv_rows(st, 1) >= 1);
    }
    free(tb);
    /* the start weighs its draws: init --weights writes the start fit
     * --weights begins from, no row of weight 0 in it (rows i with i mod
     * 3 = 0, the first coordinate i), for every method */
    const char *methods[] = {"kmeans++", "kmeans++-greedy", "random",
                             "farthest"};
    PATH(st0, "wstart.csv");
    for (int m = 0; m < 4; m++)
        for (int seed = 1; seed <= 5; seed++) {
            char sd[16];
            snprintf(sd, sizeof sd, "%d", seed);
            EXPECT(0, "init", data, "-k", "3", "--init", methods[m],
                   "--seed", sd, "--weights", wts, "--out", st0, "--force",
                   "-q");
            char *t = slurp(st0);
            for (const char *l = t; *l; l = strchr(l, '\n') + 1) {
                if (atoi(l) % 3 == 0)
                    fail_msg("init %s --seed %d --weights: row %d, of "
                             "weight 0, chosen", methods[m], seed, atoi(l));
                if (!strchr(l, '\n'))
                    break;
            }
            free(t);
            EXPECT(0, "fit", data, "-k", "3", "--init", st0, "--weights",
                   wts, "--precision", PREC, "--max-iter", "2",
                   "--centroids", a, "--force", "-q");
            EXPECT(0, "fit", data, "-k", "3", "--init", methods[m], "--seed",
                   sd, "--weights", wts, "--precision", PREC, "--max-iter",
                   "2", "--centroids", b, "--force", "-q");
            ta = slurp(a);
            tb = slurp(b);
            assert_string_equal(ta, tb);
            free(ta);
            free(tb);
        }
    write_text(wts, "1\n2\n");
    EXPECT(2, "init", data, "-k", "3", "--weights", wts, "--out", st0,
           "--force", "-q");
    assert_contains(err_text, "holds 2 x 1 values");
    EXPECT(2, "fit", data, "-k", "3", "--weights", wts, "-q");
    assert_contains(err_text, "holds 2 x 1 values; the data need one column "
                              "of 60");
    lw = 0;
    for (int i = 0; i < 60; i++) /* the second weight -1 */
        lw += (size_t)sprintf(w + lw, "%d\n", i == 1 ? -1 : i % 3);
    write_text(wts, w);
    EXPECT(2, "fit", data, "-k", "3", "--weights", wts, "-q");
    assert_contains(err_text, "sample weight of point 1 is -1");
    free(x);
    free(r);
    free(w);
}

static void test_n_init(void **state)
{
    (void)state;
    need_bin();
    PATH(data, "ni.csv");
    make_blobs(data, 600, 2, 12, 3);
    PATH(js, "ni.json");
    PATH(c, "ni_c.csv");
    EXPECT(0, "fit", data, "-k", "12", "--seed", "10", "--n-init", "4",
           "--stats", js, "--centroids", c, "--precision", PREC);
    char *text = slurp(js);
    const char *p = strstr(text, "\"inertias\": [");
    assert_non_null(p);
    double v[4], best;
    assert_int_equal(sscanf(p, "\"inertias\": [%lf, %lf, %lf, %lf]", &v[0],
                            &v[1], &v[2], &v[3]),
                     4);
    int kept = atoi(strstr(text, "\"kept\": ") + 8);
    assert_true(kept >= 0 && kept < 4);
    best = v[kept];
    for (int i = 0; i < 4; i++)
        assert_true(best <= v[i] && (i >= kept || v[i] > best));
    free(text);
    char seed[32];
    snprintf(seed, sizeof seed, "%d", 10 + kept);
    PATH(c1, "ni_c1.csv");
    EXPECT(0, "fit", data, "-k", "12", "--seed", seed, "--centroids", c1,
           "--precision", PREC, "-q");
    char *a = slurp(c), *b = slurp(c1);
    assert_string_equal(a, b);
    free(a);
    free(b);
    EXPECT(2, "fit", data, "-k", "12", "--n-init", "2", "--init", c1);
    assert_contains(err_text, "--n-init");
    EXPECT(2, "fit", data, "-k", "12", "--n-init", "0");
}

/* predict gives the labels of a converged fit against its own centroids,
 * the distances to every centroid, and works for any k (also k > n). */
static void test_predict(void **state)
{
    (void)state;
    need_bin();
    PATH(data, "pr.csv");
    make_blobs(data, 800, 3, 6, 5);
    PATH(fl, "pr_fl.npy");
    PATH(fc, "pr_fc.csv");
    EXPECT(0, "fit", data, "-k", "6", "--precision", PREC, "--labels", fl,
           "--centroids", fc, "--max-iter", "1000", "-q");
    PATH(pl, "pr_pl.npy");
    PATH(pt, "pr_pt.npy");
    EXPECT(0, "predict", data, "--centroids", fc, "--precision", PREC,
           "--labels", pl, "--transform", pt);
    assert_contains(out_text, "800, 3, 6");
    tkm_dataset a = {0}, b = {0}, x = {0}, c = {0}, t = {0};
    read_back(fl, &a);
    read_back(pl, &b);
    assert_memory_equal(a.x, b.x, 800 * sizeof(double));
    read_back(data, &x);
    read_back(fc, &c);
    read_back(pt, &t);
    assert_true(t.n == 800 && t.d == 6);
    for (size_t i = 0; i < 800; i++)
        for (size_t j = 0; j < 6; j++) {
            double s = 0;
            for (size_t q = 0; q < 3; q++) {
                double u = x.x[i * 3 + q] - c.x[j * 3 + q];
                s += u * u;
            }
            assert_true(fabs(t.x[i * 6 + j] - sqrt(s)) <=
                        (TKM_PREC == 32 ? 1e-5 : 1e-12) * (1 + sqrt(s)));
        }
    tkm_dataset_free(&a);
    tkm_dataset_free(&b);
    tkm_dataset_free(&x);
    tkm_dataset_free(&c);
    tkm_dataset_free(&t);
    /* more centroids than points */
    write_text(tp("pr_two.csv"), "0,0,0\n9,9,9\n");
    PATH(l2, "pr_l2.csv");
    EXPECT(0, "predict", tp("pr_two.csv"), "--centroids", fc, "--labels",
           l2, "-q");
    read_back(l2, &a);
    assert_true(a.n == 2);
    tkm_dataset_free(&a);
    /* raw input, as fit reads it: 800 x 3 doubles */
    read_back(data, &x);
    FILE *rf = fopen(tp("pr.bin"), "wb");
    assert_non_null(rf);
    assert_int_equal(fwrite(x.x, sizeof(double), 2400, rf), 2400);
    fclose(rf);
    tkm_dataset_free(&x);
    PATH(rl, "pr_rl.npy");
    EXPECT(2, "predict", tp("pr.bin"), "--centroids", fc, "--labels", rl);
    assert_contains(err_text, "--raw-d");
    EXPECT(0, "predict", tp("pr.bin"), "--raw-d", "3", "--centroids", fc,
           "--precision", PREC, "--labels", rl, "-q");
    read_back(rl, &a);
    read_back(pl, &b);
    assert_memory_equal(a.x, b.x, 800 * sizeof(double));
    tkm_dataset_free(&a);
    tkm_dataset_free(&b);
    /* errors */
    write_text(tp("pr_2d.csv"), "1,2\n3,4\n");
    EXPECT(2, "predict", tp("pr_2d.csv"), "--centroids", fc, "--labels",
           tp("pr_l3.csv"));
    assert_contains(err_text, "columns");
    EXPECT(2, "predict", data, "--centroids", fc);
    EXPECT(2, "predict", data, "--centroids", fc, "--labels", fc);
    assert_contains(err_text, "overwrite");
}

/* --tol is scikit-learn's tol: from the same start, the same iterations
 * and labels as sklearn.cluster.KMeans (Lloyd) with that tol, for a stop
 * on tol and on --max-iter (both end with the labels of the final
 * centroids); --tol-abs is the largest move. */
static void test_tol_sklearn(void **state)
{
    (void)state;
    need_bin();
    PATH(data, "tol.npy");
    PATH(c0, "tol_c0.npy");
    PATH(l, "tol_l.npy");
    PATH(js, "tol.json");
    EXPECT(0, "gen", "--kind", "uniform", "-n", "20000", "-d", "4", "--box",
           "1", "--seed", "5", "--out", data, "-q");
    EXPECT(0, "init", data, "-k", "20", "--init", "random", "--seed", "2",
           "--out", c0, "-q");
    const char *python = python_with_sklearn();
    need_python_sklearn(python);
    static const char *const runs[][3] = {
        {"1e-3", "300", "converged: --tol"},
        {"1e-2", "300", "converged: --tol"},
        {"0", "6", "not converged: --max-iter reached"}};
    for (int i = 0; i < 3; i++) {
        EXPECT(0, "fit", data, "-k", "20", "--init", c0, "--tol", runs[i][0],
               "--max-iter", runs[i][1], "--precision", PREC, "--form",
               "omp", "--algorithm", "hamerly", "--labels", l, "--force");
        assert_contains(out_text, runs[i][2]);
        int ours = summary_iterations();
        char cmd[2048], line[128];
        snprintf(cmd, sizeof cmd, "%s tests/sklearn_fit.py '%s' '%s' %s %s "
                 "%s '%s'", python, data, c0, runs[i][0], runs[i][1], PREC,
                 l);
        FILE *p = popen(cmd, "r");
        assert_non_null(p);
        int n_iter = -1, differ = -1;
        if (!fgets(line, sizeof line, p) ||
            sscanf(line, "%d %d", &n_iter, &differ) != 2)
            fail_msg("%s printed nothing usable", cmd);
        assert_int_equal(pclose(p), 0);
        if (n_iter != ours || differ != 0)
            fail_msg("[" PREC "] --tol %s --max-iter %s: %d iterations, "
                     "scikit-learn %d; %d labels differ",
                     runs[i][0], runs[i][1], ours, n_iter, differ);
    }
    /* the absolute rule, by its own name, and the stop in the stats */
    EXPECT(0, "fit", data, "-k", "20", "--init", c0, "--tol-abs", "1e-3",
           "--precision", PREC, "--stats", js);
    assert_contains(out_text, "converged: --tol-abs");
    char *text = slurp(js);
    assert_contains(text, "\"stop\": \"tol-abs\"");
    assert_contains(text, "\"tol_abs\": 0.001");
    free(text);
    EXPECT(2, "fit", data, "-k", "20", "--tol-abs", "-1");
}

/* Outputs: an existing file is refused (and left as it was) unless
 * --force; "-" is standard output, as CSV, with the summary moved to
 * stderr; one "-" at most. */
static void test_outputs(void **state)
{
    (void)state;
    need_bin();
    PATH(data, "out.csv");
    write_text(data, "0,0\n0,1\n10,10\n10,11\n");
    PATH(l, "out_l.csv");
    write_text(l, "keep\n");
    const char *cmds[][12] = {
        {"fit", data, "-k", "2", "--labels", l, NULL},
        {"predict", data, "--centroids", data, "--labels", l, NULL},
        {"init", data, "-k", "2", "--out", l, NULL},
        {"gen", "-n", "10", "--out", l, NULL},
        {"check", data, "-k", "2", "--algorithms", "lloyd", "--forms", "seq",
         "--out", l, NULL}};
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        const char *const *a = cmds[i];
        int rc = run(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8],
                     a[9], a[10], a[11]);
        assert_int_equal(rc, 2);
        assert_contains(err_text, "exists; --force replaces it");
        char *t = slurp(l);
        assert_string_equal(t, "keep\n");
        free(t);
    }
    EXPECT(0, "fit", data, "-k", "2", "--labels", l, "--force", "-q");
    char *t = slurp(l);
    assert_string_not_equal(t, "keep\n");
    free(t);
    /* standard output: the CSV alone, the summary on stderr */
    EXPECT(0, "fit", data, "-k", "2", "--init", "random", "--seed", "1",
           "--labels", "-");
    assert_contains(err_text, "iterations:");
    assert_contains(err_text, "labels (standard output)");
    char *want = slurp(l);
    assert_string_equal(out_text, want);
    free(want);
    EXPECT(0, "fit", data, "-k", "2", "--centroids", "-", "-q");
    tkm_dataset c = {0};
    write_text(tp("out_c.csv"), out_text);
    read_back(tp("out_c.csv"), &c);
    assert_true(c.n == 2 && c.d == 2);
    tkm_dataset_free(&c);
    EXPECT(0, "gen", "-n", "3", "-d", "2", "--out", "-");
    assert_contains(err_text, "wrote (standard output)");
    int lines = 0;
    for (const char *p = out_text; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, 3);
    EXPECT(0, "init", data, "-k", "2", "--out", "-", "-q");
    assert_false(strstr(out_text, "wrote") != NULL);
    EXPECT(0, "predict", data, "--centroids", data, "--labels", "-");
    assert_string_equal(out_text, "0\n1\n2\n3\n");
    EXPECT(0, "check", data, "-k", "2", "--algorithms", "lloyd",
           "--forms", "seq", "--threads-list", "1", "--out", "-");
    assert_contains(out_text, "algorithm,form,precision");
    assert_contains(err_text, "data: ");
    EXPECT(2, "fit", data, "-k", "2", "--labels", "-", "--centroids", "-");
    assert_contains(err_text, "only one output can go to standard output");
}

/* Every output option of every subcommand, named a folder: a usage
 * error before any work (exit 2), --force or not, the folder left as it
 * was and no other output made; under a file: exit 2 too; in a folder
 * that does not exist: exit 1 (the folder is not made), said as such. */
static void test_output_folders(void **state)
{
    (void)state;
    need_bin();
    PATH(data, "of.csv");
    write_text(data, "0,0\n0,1\n10,10\n10,11\n");
    PATH(folder, "of_dir.csv");
    PATH(other, "of_other.csv");
    PATH(through, "of.csv/x.csv");
    PATH(missing, "of_none/x.csv");
    assert_int_equal(mkdir(folder, 0755), 0);
    write_text(tp("of_dir.csv/inside"), "keep\n");
    /* the command up to its outputs, the output tried, another output
     * of the command (NULL: none) that must not appear */
    const struct {
        const char *head[5], *opt, *more;
    } cases[] = {
        {{"fit", data, "-k", "2"}, "--labels", "--centroids"},
        {{"fit", data, "-k", "2"}, "--centroids", "--labels"},
        {{"fit", data, "-k", "2"}, "--stats", "--labels"},
        {{"predict", data, "--centroids", data}, "--labels", "--transform"},
        {{"predict", data, "--centroids", data}, "--transform", "--labels"},
        {{"init", data, "-k", "2"}, "--out", NULL},
        {{"gen", "-n", "10"}, "--out", "--labels"},
        {{"gen", "-n", "10", "--out", other}, "--labels", NULL},
        {{"check", data, "-k", "2"}, "--out", NULL}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *paths[4] = {folder, folder, through, missing};
        for (int t = 0; t < 4; t++) {
            const char *v[12] = {NULL};
            int n = 0;
            for (int j = 0; j < 5 && cases[i].head[j]; j++)
                v[n++] = cases[i].head[j];
            v[n++] = cases[i].opt;
            v[n++] = paths[t];
            if (cases[i].more) {
                v[n++] = cases[i].more;
                v[n++] = other;
            }
            if (t == 1)
                v[n++] = "--force";
            int rc = run(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7],
                         v[8], v[9], v[10], v[11]);
            char want[600];
            if (t < 2)
                snprintf(want, sizeof want, "%s %s is a folder: an output "
                         "file cannot replace it", cases[i].opt, folder);
            else if (t == 2)
                snprintf(want, sizeof want, "'%s' is a file, not a folder",
                         data);
            else
                snprintf(want, sizeof want, "no folder '%s'",
                         tp("of_none"));
            if (rc != 2 || !strstr(err_text, want))
                print_error("[" PREC "] %s %s %s%s: exit %d\n%s", v[0],
                            cases[i].opt, paths[t], t == 1 ? " --force" : "",
                            rc, err_text);
            assert_int_equal(rc, 2);
            assert_contains(err_text, want);
            assert_false(exists(other));
            assert_false(exists(tp("of_none")));
        }
        char *t = slurp(tp("of_dir.csv/inside"));
        assert_string_equal(t, "keep\n");
        free(t);
    }
}

/* The statistics CSV: no "nan" anywhere; an inertia not computed is an
 * empty field, and a run that stopped because no label changed has its
 * final inertia in the last row without --inertia-each-iter. */
static void test_stats_inertia(void **state)
{
    (void)state;
    need_bin();
    PATH(data, "si.csv");
    make_blobs(data, 300, 2, 4, 8);
    PATH(s, "si_stats.csv");
    EXPECT(0, "fit", data, "-k", "4", "--precision", PREC, "--stats", s);
    assert_contains(out_text, "converged: no label changed");
    double want = atof(strstr(out_text, "inertia:") + 8);
    char *text = slurp(s);
    assert_null(strstr(text, "nan"));
    char *last = text + strlen(text) - 1;
    while (last > text && last[-1] != '\n')
        last--;
    const char *f = last;
    for (int i = 0; i < 8; i++) /* iter ... shift2, then the inertia */
        f = strchr(f, ',') + 1;
    assert_true(fabs(atof(f) - want) <= 1e-9 * want);
    /* an earlier row: the field is empty */
    const char *row2 = strchr(strchr(text, '\n') + 1, '\n') + 1;
    if (row2 < last) {
        f = row2;
        for (int i = 0; i < 8; i++)
            f = strchr(f, ',') + 1;
        assert_int_equal(*f, ',');
    }
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help),
        cmocka_unit_test(test_help_matches_options),
        cmocka_unit_test(test_option_aliases),
        cmocka_unit_test(test_usage_errors),
        cmocka_unit_test(test_ablation_words),
        cmocka_unit_test(test_input_errors),
        cmocka_unit_test(test_failed_run_writes_nothing),
        cmocka_unit_test(test_gen_fit_round_trip),
        cmocka_unit_test(test_gen_step_offset),
        cmocka_unit_test(test_gen_errors),
        cmocka_unit_test(test_seq_omp_identical),
        cmocka_unit_test(test_progress),
        cmocka_unit_test(test_info),
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_columns),
        cmocka_unit_test(test_header_rules),
        cmocka_unit_test(test_header_noted),
        cmocka_unit_test(test_counts_parsed),
        cmocka_unit_test(test_same_files),
        cmocka_unit_test(test_honest_results),
        cmocka_unit_test_teardown(test_memory_limit, unset_env),
        cmocka_unit_test_teardown(test_no_fault_hook, unset_env),
        cmocka_unit_test(test_no_space),
        cmocka_unit_test(test_check_default_threads),
        cmocka_unit_test(test_n_init),
        cmocka_unit_test(test_predict),
        cmocka_unit_test(test_tol_sklearn),
        cmocka_unit_test(test_outputs),
        cmocka_unit_test(test_output_folders),
        cmocka_unit_test(test_stats_inertia),
        cmocka_unit_test(test_numbers_shortest),
        cmocka_unit_test(test_weights),
        cmocka_unit_test(test_busy_note),
        cmocka_unit_test(test_blas_core),
    };
    return cmocka_run_group_tests_name("cli (" PREC ")", tests, setup,
                                       teardown);
}
