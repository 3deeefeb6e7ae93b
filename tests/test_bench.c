/*
 * trikmeans bench, report and init, run as a user runs them: a tiny preset
 * gives one runs.csv row per planned run with every column, verdicts that
 * pass, iteration rows that match each run's iteration count, machine.txt,
 * forms this machine lacks recorded as skipped; report writes report.md
 * (with or without gnuplot); malformed presets are usage errors naming
 * their line; init writes the start the library chooses.  The binary
 * comes from $TKM_BIN (set by `make test`).  Runs use the build's
 * precision.  No assertion depends on timing.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>

#include "trikmeans.h"

#define CLI_HARNESS_TAG "tkm_bench"
#include "cli_harness.h"
#include "sklearn_harness.h"

/* ---- a small CSV reader (quoted fields allowed) ------------------------ */

#define MAXF 64

typedef struct {
    char *text;
    char *hdr[MAXF];
    int ncol;
    char **cell; /* nrow x ncol */
    int nrow;
} table;

/* Split one line in place into fields; returns the count. */
static int split(char *line, char **f)
{
    int n = 0;
    char *w = line;
    for (char *r = line;;) {
        f[n++] = w;
        if (*r == '"') {
            for (r++; *r && !(*r == '"' && r[1] != '"'); r++)
                *w++ = *r == '"' ? *++r : *r;
            r += *r == '"';
        }
        while (*r && *r != ',')
            *w++ = *r++;
        int more = *r == ',';
        *w++ = '\0';
        if (!more || n == MAXF)
            return n;
        r++;
    }
}

static void table_read(const char *path, table *t)
{
    memset(t, 0, sizeof *t);
    t->text = slurp(path);
    char *save = NULL, *line = strtok_r(t->text, "\n", &save);
    assert_non_null(line);
    t->ncol = split(line, t->hdr);
    while ((line = strtok_r(NULL, "\n", &save))) {
        t->cell = realloc(t->cell, (size_t)(t->nrow + 1) * t->ncol *
                                       sizeof *t->cell);
        assert_non_null(t->cell);
        char *f[MAXF];
        int n = split(line, f);
        if (n != t->ncol)
            print_error("[" PREC "] %s row %d: %d fields, header %d\n", path,
                        t->nrow + 1, n, t->ncol);
        assert_int_equal(n, t->ncol);
        memcpy(t->cell + (size_t)t->nrow * t->ncol, f,
               (size_t)n * sizeof *f);
        t->nrow++;
    }
}

static const char *at(const table *t, int row, const char *col)
{
    for (int i = 0; i < t->ncol; i++)
        if (!strcmp(t->hdr[i], col))
            return t->cell[(size_t)row * t->ncol + i];
    print_error("[" PREC "] no column '%s'\n", col);
    fail();
    return NULL;
}

static void table_free(table *t)
{
    free(t->text);
    free(t->cell);
}

/* ---- the tiny sweep ---------------------------------------------------- */

static const char *const runs_columns[] = {
    "run", "dataset", "n", "d", "k", "init", "seed", "algorithm", "form",
    "precision", "threads", "block_size", "blocks", "repetition", "status",
    "verdict", "reason", "iterations", "converged", "max_iter", "t_total",
    "t_assign", "t_update", "t_bound", "dist_pc", "dist_cc",
    "pruned_points", "pruned_pairs", "frac_pruned", "inertia",
    "bound_bytes", "label_diff", "ties", "max_abs_diff", "inertia_rel",
    "f64_label_diff", "f64_max_abs_diff", "f64_inertia_rel", "silhouette",
    "calinski_harabasz", "davies_bouldin", "t_convert", "t_setup", "t_loop",
    "t_result", "gflops", "gbytes_s", "share_transfer", "share_assign",
    "share_update"};
#define NRUNCOL (sizeof runs_columns / sizeof runs_columns[0])

enum { REPS = 2, NTHREADS = 2 };

/* A file data set, a generated one, two k on the file: the sweep the
 * tests run.  Writes the preset and returns its path. */
static const char *tiny_preset(void)
{
    tkm_dataset ds = {0};
    char msg[256];
    assert_int_equal(tkm_generate_blobs(240, 2, 3, 1.0, 10.0, 4, &ds, NULL,
                                        msg, sizeof msg),
                     TKM_OK);
    assert_int_equal(tkm_write_matrix(tp("tiny.csv"), ds.x, ds.n, ds.d, msg,
                                      sizeof msg),
                     TKM_OK);
    tkm_dataset_free(&ds);
    char text[1024];
    snprintf(text, sizeof text,
             "# the test sweep\nname = tiny\n"
             "algorithms = lloyd, elkan, hamerly\n"
             "forms = seq, omp, cuda-global, cuda-shared\n"
             "precisions = %s\nthreads = 1..%d\nblock_sizes = 64\n"
             "repetitions = %d\nseed = 3\n\n"
             "[data file]\nfile = tiny.csv   # beside the preset\n"
             "k = 2, 3\n\n"
             "[data gen]\ngenerate = blobs\nn = 300\nd = 3\ncentres = 4\n"
             "data_seed = 9\nk = 4\n",
             PREC, NTHREADS, REPS);
    write_text(tp("tiny.preset"), text);
    return tp("tiny.preset");
}

/* Rows one (data set, k) adds: per form, its variants times REPS when it
 * can run here, once (skipped) when it cannot; sequential Lloyd is the
 * baseline. */
static int planned_per_case(void)
{
    int rows = 0;
    for (int f = 0; f < TKM_NFORM; f++) {
        int avail = tkm_form_available((tkm_form)f, NULL, 0) == TKM_OK;
        int variants = f == TKM_OMP ? NTHREADS : 1;
        rows += TKM_NALGO * (avail ? variants * REPS : 1);
    }
    return rows;
}

static void check_row(const table *t, int i, int *baselines)
{
    const char *status = at(t, i, "status");
    const char *verdict = at(t, i, "verdict");
    tkm_form f;
    assert_int_equal(tkm_form_parse(at(t, i, "form"), &f), 0);
    assert_string_equal(at(t, i, "precision"), PREC);
    if (tkm_form_available(f, NULL, 0) != TKM_OK) {
        /* a form this machine lacks: once, with the reason */
        assert_string_equal(status, "skipped");
        assert_string_equal(verdict, "skipped");
        assert_true(strlen(at(t, i, "reason")) > 0);
        assert_string_equal(at(t, i, "iterations"), "");
        return;
    }
    assert_string_equal(status, "ok");
    if (!strcmp(verdict, "baseline")) {
        (*baselines)++;
        assert_string_equal(at(t, i, "algorithm"), "lloyd");
        assert_string_equal(at(t, i, "form"), "seq");
        assert_string_equal(at(t, i, "repetition"), "1");
    } else {
        if (strcmp(verdict, "pass"))
            print_error("[" PREC "] row %d verdict %s\n", i + 1, verdict);
        assert_string_equal(verdict, "pass");
        assert_string_equal(at(t, i, "label_diff"), "0");
    }
    assert_true(atoi(at(t, i, "iterations")) >= 1);
    assert_true(atof(at(t, i, "t_total")) >= 0);
    /* the loop is a part of the whole run */
    assert_true(atof(at(t, i, "t_loop")) >= 0);
    assert_true(atof(at(t, i, "t_loop")) <= atof(at(t, i, "t_total")));
    assert_true(atof(at(t, i, "inertia")) > 0);
    double fr = atof(at(t, i, "frac_pruned"));
    assert_true(fr >= 0 && fr <= 1);
    if (!strcmp(at(t, i, "algorithm"), "lloyd"))
        assert_true(fr == 0);
    /* Zechner & Granitzer's measures: the distances' operations and the
     * points' bytes over the loop time; the stage shares of the whole run
     * (for Lloyd, n k (3 d + 2) operations per iteration) */
    double loop = atof(at(t, i, "t_loop"));
    double n = atof(at(t, i, "n")), d = atof(at(t, i, "d"));
    double k = atof(at(t, i, "k")), it = atof(at(t, i, "iterations"));
    double w = !strcmp(PREC, "f32") ? 4 : 8;
    if (loop > 0) {
        double bytes = it * n * (d * w + 4) / loop / 1e9;
        assert_true(fabs(atof(at(t, i, "gbytes_s")) - bytes) <=
                    1e-9 * bytes);
        if (!strcmp(at(t, i, "algorithm"), "lloyd")) {
            double fl = (3 * d + 2) * n * k * it / loop / 1e9;
            assert_true(fabs(atof(at(t, i, "gflops")) - fl) <= 1e-9 * fl);
        }
    }
    double sh = 0;
    const char *shares[] = {"share_transfer", "share_assign",
                            "share_update"};
    for (int q = 0; q < 3; q++) {
        double v = atof(at(t, i, shares[q]));
        assert_true(v >= 0 && v <= 1);
        sh += v;
    }
    assert_true(sh <= 1 + 1e-9);
}

/* Every run that ran has exactly its iterations in iterations.csv,
 * numbered 1..N; skipped runs have none. */
static void check_iterations(const table *runs, const table *its)
{
    for (int i = 0; i < runs->nrow; i++) {
        long id = atol(at(runs, i, "run"));
        int want = atoi(at(runs, i, "iterations")), got = 0;
        for (int j = 0; j < its->nrow; j++)
            if (atol(at(its, j, "run")) == id)
                assert_int_equal(atoi(at(its, j, "iter")), ++got);
        assert_int_equal(got, want);
    }
}

static void test_tiny_sweep(void **state)
{
    (void)state;
    need_bin();
    const char *preset = tiny_preset();
    char out[512];
    snprintf(out, sizeof out, "%s", tp("out"));
    EXPECT(0, "bench", preset, "--out", out, "--no-report");
    assert_contains(out_text, "0 fail");
    table runs, its;
    table_read(tp("out/runs.csv"), &runs);
    assert_int_equal(runs.ncol, (int)NRUNCOL);
    for (size_t i = 0; i < NRUNCOL; i++)
        assert_string_equal(runs.hdr[i], runs_columns[i]);
    assert_int_equal(runs.nrow, 3 * planned_per_case()); /* 3 (data, k) */
    int baselines = 0;
    for (int i = 0; i < runs.nrow; i++)
        check_row(&runs, i, &baselines);
    assert_int_equal(baselines, 3); /* one per (data set, k), one precision */
    table_read(tp("out/iterations.csv"), &its);
    check_iterations(&runs, &its);
    table_free(&runs);
    table_free(&its);
    char *machine = slurp(tp("out/machine.txt"));
    assert_contains(machine, "cpu: ");
    assert_contains(machine, "gpu: ");
    assert_contains(machine, "compiler: ");
    assert_contains(machine, "[data gen]"); /* the preset's text */
    free(machine);
    assert_true(exists(tp("out/datasets.csv")));
    assert_false(exists(tp("out/runs.csv.part")));
    assert_false(exists(tp("out/report.md")));
    /* --dry-run counts the same runs and writes nothing */
    EXPECT(0, "bench", preset, "--dry-run");
    char count[64];
    snprintf(count, sizeof count, "%d runs in all", 3 * planned_per_case());
    assert_contains(out_text, count);
}

/* report: tables without gnuplot, plots with it; not a bench folder is a
 * usage error. */
/* Every row of the report's overview: the baseline shown is sequential
 * Lloyd of the fastest solver's precision, the speed-up is that baseline
 * over the fastest's time (to the 4 digits shown), and an OpenMP solver
 * names its thread count, 1 included. */
static void overview_consistent(const char *md)
{
    const char *at = strstr(md, "## Overview");
    assert_non_null(at);
    at = strstr(at, "|---|");
    assert_non_null(at);
    int rows = 0;
    for (at = strchr(at, '\n') + 1; *at == '|'; at = strchr(at, '\n') + 1) {
        char prec[8], solver[64], algo[16], form[16], prec2[8];
        double base, t, sp;
        const char *cell = at;
        for (int bar = 0; bar < 4; bar++)
            cell = strchr(cell + 1, '|');
        if (sscanf(cell, "| %lf (%7[^)]) | %63[^|]| %lf | %lf |", &base, prec,
                   solver, &t, &sp) != 5 ||
            sscanf(solver, "%15s %15s %7s", algo, form, prec2) != 3)
            fail_msg("overview row not as expected: %.120s", at);
        assert_string_equal(prec, prec2);
        assert_true(fabs(sp - base / t) <= 2e-3 * sp);
        if (!strcmp(form, "omp"))
            assert_non_null(strstr(solver, " t="));
        rows++;
    }
    assert_true(rows >= 3);
}

static void test_report(void **state)
{
    (void)state;
    need_bin();
    const char *preset = tiny_preset();
    char out[512];
    snprintf(out, sizeof out, "%s", tp("rep"));
    EXPECT(0, "bench", preset, "--out", out, "--no-report", "-q");
    assert_string_equal(out_text, "");
    /* a second sweep into the folder replaces the first only if asked */
    EXPECT(2, "bench", preset, "--out", out, "--no-report", "-q");
    assert_contains(err_text, "earlier sweep (runs.csv); --force");
    EXPECT(0, "bench", preset, "--out", out, "--no-report", "--force");
    const char *said = strstr(out_text, "bench: ");
    long bench_runs = -1;
    while (said && sscanf(said, "bench: %ld runs in", &bench_runs) != 1)
        said = strstr(said + 1, "bench: ");
    assert_true(bench_runs > 0);
    setenv("GNUPLOT", "/nonexistent/gnuplot", 1);
    EXPECT(0, "report", out);
    unsetenv("GNUPLOT");
    assert_contains(err_text, "gnuplot");
    char *md = slurp(tp("rep/report.md"));
    assert_contains(md, "No plots");
    /* the plots' numbers are written without gnuplot too: the shares of
     * assign, update, transfer and the rest add up to 1 */
    char *st = slurp(tp("rep/plots/stages_gen-k4.dat"));
    const char *row = strchr(st, '\n') + 1;
    double sh[4];
    assert_int_equal(sscanf(strchr(strchr(row, '"') + 1, '"') + 1,
                            "%lf %lf %lf %lf", &sh[0], &sh[1], &sh[2],
                            &sh[3]),
                     4);
    assert_true(fabs(sh[0] + sh[1] + sh[2] + sh[3] - 1) < 1e-4);
    free(st);
    assert_true(exists(tp("rep/plots/scalek_file.dat")));
    /* the report counts the runs bench counted */
    char count[64];
    snprintf(count, sizeof count, "\n%ld runs: ", bench_runs);
    assert_contains(md, count);
    /* a form that cannot run here: one line under "Not run", none in the
     * solver tables */
    const char *gone[] = {"cuda-global", "cuda-shared"};
    for (int i = 0; i < 2; i++) {
        char row[64];
        snprintf(row, sizeof row, "| %s | skipped |", gone[i]);
        const char *at = strstr(md, row);
        if (at)
            assert_null(strstr(at + 1, row));
    }
    assert_null(strstr(md, "skipped: "));
    assert_contains(md, "| hamerly | omp | " PREC " |");
    assert_contains(md, "## gen, k = 4");
    overview_consistent(md);
    free(md);
    if (system("command -v gnuplot >/dev/null 2>&1") == 0) {
        EXPECT(0, "report", out, "-q");
        assert_true(exists(tp("rep/plots/time_gen-k4.png")));
        assert_true(exists(tp("rep/plots/time_gen-k4.svg")));
        md = slurp(tp("rep/report.md"));
        assert_contains(md, "](plots/speedup_gen-k4.png)");
        /* the stage shares of each case; time against k for the data set
         * run at two k */
        assert_contains(md, "](plots/stages_gen-k4.png)");
        assert_contains(md, "## Scaling");
        assert_contains(md, "](plots/scalek_file.png)");
        free(md);
    } else {
        print_message("[" PREC "] gnuplot not installed: plots not drawn "
                      "(make deps installs gnuplot-nox)\n");
    }
    EXPECT(2, "report", tp("no-such-folder"));
    EXPECT(2, "report");
}

/* A malformed preset: exit 2, "file:line:" in the message, nothing run. */
static void bad_preset(const char *text, int line, const char *words)
{
    char where[600];
    write_text(tp("bad.preset"), text);
    EXPECT(2, "bench", tp("bad.preset"), "--out", tp("badout"));
    snprintf(where, sizeof where, "%s:%d:", tp("bad.preset"), line);
    assert_contains(err_text, where);
    assert_contains(err_text, words);
    assert_false(exists(tp("badout")));
}

static void test_malformed(void **state)
{
    (void)state;
    need_bin();
    const char *data = "[data g]\ngenerate = blobs\nn = 50\nd = 2\n"
                       "centres = 2\n";
    char text[512];
    snprintf(text, sizeof text, "k = 2\nalgorithm = lloyd\n%s", data);
    bad_preset(text, 2, "unknown key 'algorithm'");
    snprintf(text, sizeof text, "# comment\n\nk = 2, x\n%s", data);
    bad_preset(text, 3, "'x'");
    snprintf(text, sizeof text, "k = 2\nforms = seq, gpu\n%s", data);
    bad_preset(text, 2, "seq, omp, cuda-global, cuda-shared");
    snprintf(text, sizeof text, "k = 2\nrepetitions\n%s", data);
    bad_preset(text, 2, "key = value");
    snprintf(text, sizeof text, "k = 2\nblock_sizes = 100\n%s", data);
    bad_preset(text, 2, "multiple of 32");
    bad_preset("k = 2\n[sets]\n", 2, "[data NAME]");
    snprintf(text, sizeof text, "%sk = 80\n", data); /* k > n */
    bad_preset(text, 1, "more than n");
    bad_preset("k = 2\n\n[data g]\ngenerate = blobs\nd = 2\ncentres = 2\n",
               3, "needs n and d");
    bad_preset("k = 2\n[data f]\nfile = missing.csv\n", 3, "missing.csv");
    bad_preset("k = 2\n[data g]\nfile = x\nfile = y\n", 3, "cannot read");
    snprintf(text, sizeof text, "%sspread = 2\nspread = 3\n", data);
    bad_preset(text, 7, "twice");
    snprintf(text, sizeof text, "%sname = late\n", data);
    bad_preset(text, 6, "before the first");
    /* keys and values once each; '#' a comment only at a line's start or
     * after a blank; a byte order mark is no part of the first key */
    snprintf(text, sizeof text, "name = a\nname = b\nk = 2\n%s", data);
    bad_preset(text, 2, "'name' is given twice");
    snprintf(text, sizeof text, "k = 2, 3, 2\n%s", data);
    bad_preset(text, 1, "listed twice");
    snprintf(text, sizeof text, "k = 2\nseed = 1..3, 2\n%s", data);
    bad_preset(text, 2, "listed twice");
    snprintf(text, sizeof text, "k = 2\nalgorithms = lloyd, elkan, lloyd\n%s",
             data);
    bad_preset(text, 2, "listed twice");
    write_text(tp("da#ta.csv"), "0,0\n1,1\n5,5\n6,6\n");
    write_text(tp("ok.preset"),
               "\xEF\xBB\xBFname = bom   # after a blank: a comment\n"
               "description = C# code#1\nk = 2\nthreads = 1, max\n"
               "forms = seq\nprecisions = f64\nalgorithms = lloyd\n"
               "[data f]\nfile = da#ta.csv\n");
    EXPECT(0, "bench", tp("ok.preset"), "--dry-run");
    assert_contains(out_text, "preset bom (");
    assert_contains(out_text, "da#ta.csv");
    EXPECT(0, "bench", tp("ok.preset"), "--out", tp("ok_out"), "--no-report",
           "-q");
    char *m = slurp(tp("ok_out/machine.txt"));
    assert_contains(m, "description: C# code#1\n");
    free(m);
    /* the run options of fit as keys: fixed iterations, the ablations */
    write_text(tp("fx.preset"),
               "k = 3\nmax_iter = 17\nfixed_iter = yes\nno_cc = yes\n"
               "max_drift_only = yes\nforms = seq\nprecisions = " PREC "\n"
               "[data g]\ngenerate = blobs\nn = 400\nd = 2\ncentres = 3\n");
    EXPECT(0, "bench", tp("fx.preset"), "--out", tp("fx_out"), "--no-report",
           "-q");
    table fx;
    table_read(tp("fx_out/runs.csv"), &fx);
    assert_int_equal(fx.nrow, 3);
    for (int i = 0; i < fx.nrow; i++) {
        assert_string_equal(at(&fx, i, "iterations"), "17");
        assert_true(!strcmp(at(&fx, i, "verdict"), "pass") ||
                    !strcmp(at(&fx, i, "verdict"), "baseline"));
        if (strcmp(at(&fx, i, "algorithm"), "lloyd"))
            assert_string_equal(at(&fx, i, "dist_cc"), "0");
    }
    table_free(&fx);
    snprintf(text, sizeof text, "k = 2\nfixed_iter = maybe\n%s", data);
    bad_preset(text, 2, "not yes or no");
    /* a file's columns, as fit's --usecols and --skip-cols */
    write_text(tp("pd.csv"), ",x,kind,y\n0,1,a,5\n1,1.5,b,6\n2,9,c,1\n"
                             "3,8,d,2\n");
    for (int w = 0; w < 2; w++) {
        write_text(tp("cols.preset"),
                   w ? "k = 2\nforms = seq\n[data f]\nfile = pd.csv\n"
                       "skip_cols = 0, kind\n"
                     : "k = 2\nforms = seq\n[data f]\nfile = pd.csv\n"
                       "usecols = y,x\n");
        EXPECT(0, "bench", tp("cols.preset"), "--out", tp("cols_out"),
               "--no-report", "-q", "--force");
        table ct;
        table_read(tp("cols_out/runs.csv"), &ct);
        assert_true(ct.nrow > 0);
        for (int i = 0; i < ct.nrow; i++)
            assert_string_equal(at(&ct, i, "d"), "2");
        table_free(&ct);
        table_read(tp("cols_out/datasets.csv"), &ct);
        assert_string_equal(at(&ct, 0, w ? "skip_cols" : "usecols"),
                            w ? "0, kind" : "y,x");
        table_free(&ct);
        /* scikit-learn is given the same columns */
        const char *py = python_with_sklearn();
        (void)need_python_sklearn; /* without it only this part is left out */
        if (py) {
            char cmd[2048];
            snprintf(cmd, sizeof cmd, "%s samples/sklearn_compare.py "
                     "--trikmeans %s --no-report %s >%s 2>&1", py, bin,
                     tp("cols_out"), tp("cols_cmp.txt"));
            int rc = system(cmd);
            if (rc != 0)
                print_error("%s", slurp(tp("cols_cmp.txt")));
            assert_int_equal(rc, 0);
        }
    }
    bad_preset("k = 2\n[data f]\nfile = pd.csv\nusecols = 1\n"
               "skip_cols = 0\n", 2, "cannot both");
    snprintf(text, sizeof text, "%susecols = 0\n", data);
    bad_preset(text, 1, "apply only to files");
    write_text(tp("nodata.preset"), "k = 3\n");
    EXPECT(2, "bench", tp("nodata.preset"));
    assert_contains(err_text, "no data sets");
    EXPECT(2, "bench", tp("no-such.preset"));
    EXPECT(2, "bench");
    EXPECT(0, "bench", "--help");
    assert_contains(out_text, "block_sizes");
    assert_contains(out_text, "[data NAME]");
}

/* init writes the start the library chooses for that method and seed. */
static void test_init(void **state)
{
    (void)state;
    need_bin();
    tkm_dataset ds = {0}, got = {0};
    char msg[256];
    assert_int_equal(tkm_generate_blobs(500, 3, 5, 1.0, 10.0, 21, &ds, NULL,
                                        msg, sizeof msg),
                     TKM_OK);
    assert_int_equal(tkm_write_matrix(tp("i.npy"), ds.x, ds.n, ds.d, msg,
                                      sizeof msg),
                     TKM_OK);
    const tkm_init_method m[2] = {TKM_INIT_KMEANSPP, TKM_INIT_RANDOM};
    for (int i = 0; i < 2; i++) {
        double want[5 * 3];
        assert_int_equal(tkm_init_centroids(&ds, 5, m[i], 0, 77, want, msg,
                                            sizeof msg),
                         TKM_OK);
        EXPECT(0, "init", tp("i.npy"), "-k", "5", "--init",
               tkm_init_name(m[i]), "--seed", "77", "--out", tp("s.npy"),
               "--force", "-q");
        tkm_read_opts o;
        tkm_read_opts_default(&o);
        assert_int_equal(tkm_dataset_read(tp("s.npy"), &o, &got, msg,
                                          sizeof msg),
                         TKM_OK);
        assert_true(got.n == 5 && got.d == 3);
        assert_memory_equal(got.x, want, sizeof want);
        tkm_dataset_free(&got);
    }
    tkm_dataset_free(&ds);
    EXPECT(2, "init", tp("i.npy"), "-k", "5");
    assert_contains(err_text, "--out");
    EXPECT(2, "init", tp("i.npy"), "-k", "501", "--out", tp("s.csv"));
    EXPECT(2, "init", tp("i.npy"), "-k", "5", "--out", tp("s.txt"));
    EXPECT(2, "init", tp("i.npy"), "-k", "5", "--algorithm", "elkan",
           "--out", tp("s.csv"));
}

/* bench --help names every preset shipped in samples/eval (the tests
 * run from the repository root). */
static void test_help_presets(void **state)
{
    (void)state;
    need_bin();
    EXPECT(0, "bench", "--help");
    char *help = strdup(out_text);
    assert_non_null(help);
    DIR *dir = opendir("samples/eval");
    assert_non_null(dir);
    int seen = 0;
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        const char *dot = strstr(e->d_name, ".preset");
        if (!dot || dot[7] != '\0')
            continue;
        char name[256], quoted[260];
        snprintf(name, sizeof name, "%.*s", (int)(dot - e->d_name),
                 e->d_name);
        /* the name as a whole word of the list: after '(' or ", " */
        snprintf(quoted, sizeof quoted, " %s,", name);
        if (!strstr(help, quoted)) {
            snprintf(quoted, sizeof quoted, "(%s,", name);
            if (!strstr(help, quoted)) {
                snprintf(quoted, sizeof quoted, " %s)", name);
                if (!strstr(help, quoted))
                    fail_msg("bench --help does not name the preset %s",
                             name);
            }
        }
        seen++;
    }
    closedir(dir);
    free(help);
    assert_true(seen >= 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tiny_sweep),
        cmocka_unit_test(test_report),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_init),
        cmocka_unit_test(test_help_presets),
    };
    return cmocka_run_group_tests_name("bench (" PREC ")", tests, setup,
                                       teardown);
}
