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
#include <sys/stat.h>
#include <unistd.h>

#include "algs.h"
#include "trikmeans.h"

#define CLI_HARNESS_TAG "tkm_bench"
#include "cli_harness.h"
#include "num_harness.h"
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
    "calinski_harabasz", "davies_bouldin", "t_convert", "t_setup",
    "t_upload", "t_loop", "t_result", "t_download", "gflops", "gbytes_s",
    "share_transfer", "share_assign", "share_update", "busy_cpus", "no_cc",
    "max_drift_only", "update"};
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
             "# the test sweep (every algorithm: the default)\nname = tiny\n"
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
        /* a form the machine or the algorithm lacks: one skipped row */
        for (int a = 0; a < TKM_NALGO; a++)
            rows += avail && tkmi_alg_has_form((tkm_algorithm)a,
                                               (tkm_form)f, NULL, 0)
                        ? variants * REPS
                        : 1;
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
    tkm_algorithm a;
    assert_int_equal(tkm_algorithm_parse(at(t, i, "algorithm"), &a), 0);
    if (tkm_form_available(f, NULL, 0) != TKM_OK ||
        !tkmi_alg_has_form(a, f, NULL, 0)) {
        /* a form this machine or the algorithm lacks: once, with the
         * reason */
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
    /* Zechner & Granitzer's measures: the distances' and the update's
     * operations and the points' bytes over the loop time; the stage
     * shares of the whole run (for Lloyd, n k (3 d + 2) + d (n + k)
     * operations per iteration, their equation 4) */
    double loop = atof(at(t, i, "t_loop"));
    double n = atof(at(t, i, "n")), d = atof(at(t, i, "d"));
    double k = atof(at(t, i, "k")), it = atof(at(t, i, "iterations"));
    double w = !strcmp(PREC, "f32") ? 4 : 8;
    if (loop > 0) {
        double bytes = it * n * (d * w + 4) / loop / 1e9;
        assert_true(fabs(atof(at(t, i, "gbytes_s")) - bytes) <=
                    1e-9 * bytes);
        if (!strcmp(at(t, i, "algorithm"), "lloyd")) {
            double fl =
                ((3 * d + 2) * n * k + d * (n + k)) * it / loop / 1e9;
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

/* Every cell of t that is a number is written in the fewest digits that
 * read back to it: as a float in the columns named in floats, else as a
 * double. */
static void check_shortest(const table *t, const char *const *floats,
                           size_t nfloat)
{
    int numbers = 0;
    for (int c = 0; c < t->ncol; c++) {
        int single = 0;
        for (size_t f = 0; f < nfloat; f++)
            single |= !strcmp(t->hdr[c], floats[f]);
        for (int r = 0; r < t->nrow; r++) {
            const char *s = t->cell[(size_t)r * t->ncol + c];
            char *end;
            double v = strtod(s, &end);
            if (end == s || *end || !isfinite(v))
                continue; /* a name, or an empty field */
            if (sig_digits(s, end) != least_digits(v, single))
                fail_msg("[" PREC "] column %s: %s is not the shortest "
                         "form of its %s", t->hdr[c], s,
                         single ? "float" : "double");
            numbers++;
        }
    }
    assert_true(numbers > 0);
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
    static const char *const kept[] = {"frac_pruned", "max_drift",
                                       "t_assign", "t_update", "t_bound"};
    check_shortest(&runs, NULL, 0);
    check_shortest(&its, kept, 5);
    table_free(&runs);
    table_free(&its);
    char *machine = slurp(tp("out/machine.txt"));
    assert_contains(machine, "cpu: ");
    assert_contains(machine, "gpu: ");
    assert_contains(machine, "compiler: ");
    assert_contains(machine, "[data gen]"); /* the preset's text */
    /* the machine's load when the sweep began and when it ended: three
     * averages each, with the CPUs online, and the CPUs other work kept
     * busy */
    const char *when[2] = {"\nload at start: ", "\nload at end: "};
    for (int i = 0; i < 2; i++) {
        const char *l = strstr(machine, when[i]);
        double avg[3];
        long cpus = 0;
        assert_non_null(l);
        assert_int_equal(sscanf(l + strlen(when[i]),
                                "%lf %lf %lf (1, 5, 15 min; %ld CPUs",
                                &avg[0], &avg[1], &avg[2], &cpus),
                         4);
        assert_true(avg[0] >= 0 && avg[1] >= 0 && avg[2] >= 0);
        assert_true(cpus >= 1);
        const char *busy = strstr(l, "); other work keeps ");
        int b = -1, of = 0;
        assert_non_null(busy);
        assert_int_equal(sscanf(busy, "); other work keeps %d of %d CPUs "
                                      "busy", &b, &of), 2);
        assert_true(b >= 0 && b <= of && of >= 1);
    }
    free(machine);
    assert_true(exists(tp("out/datasets.csv")));
    assert_false(exists(tp("out/runs.csv.part")));
    assert_false(exists(tp("out/report.md")));
    /* --dry-run counts the same runs and writes nothing */
    EXPECT(0, "bench", preset, "--dry-run");
    char count[64];
    snprintf(count, sizeof count, "%d runs in all", 3 * planned_per_case());
    assert_contains(out_text, count);
    /* with a probe's rough time per data set and in all */
    assert_contains(out_text, "probe: sequential Lloyd (f64) at k = 2: ");
    assert_contains(out_text, "probe: sequential Lloyd (f64) at k = 4: ");
    assert_contains(out_text, "\nroughly ");
}

/* ---- bench --resume ------------------------------------------------------ */

/* Columns that hold measured times, loads and rates: everything else in
 * runs.csv and iterations.csv is the same in every sweep of a preset. */
static int timed_column(const char *c)
{
    return !strncmp(c, "t_", 2) || !strncmp(c, "share_", 6) ||
           !strcmp(c, "gflops") || !strcmp(c, "gbytes_s") ||
           !strcmp(c, "busy_cpus");
}

/* a and b hold the same rows, times aside. */
static void same_rows(const table *a, const table *b, const char *what)
{
    assert_int_equal(a->ncol, b->ncol);
    assert_int_equal(a->nrow, b->nrow);
    for (int r = 0; r < a->nrow; r++)
        for (int c = 0; c < a->ncol; c++) {
            const char *x = a->cell[(size_t)r * a->ncol + c],
                       *y = b->cell[(size_t)r * b->ncol + c];
            if (timed_column(a->hdr[c]) || !strcmp(x, y))
                continue;
            print_error("[" PREC "] %s row %d, %s: %s against %s\n", what,
                        r + 1, a->hdr[c], x, y);
            fail();
        }
}

/* The first n bytes of from into to. */
static void write_head(const char *from, const char *to, size_t n)
{
    char *t = slurp(from);
    assert_true(strlen(t) >= n);
    t[n] = '\0';
    write_text(to, t);
    free(t);
}

/* The offset of the start of line `line` (0: the header) in text. */
static size_t line_start(const char *text, int line)
{
    const char *p = text;
    for (int i = 0; i < line; i++) {
        p = strchr(p, '\n');
        assert_non_null(p);
        p++;
    }
    return (size_t)(p - text);
}

/* A sweep stopped in the middle of a run's rows goes on with --resume and
 * ends with the rows of a sweep that never stopped (times aside); report
 * reads the stopped sweep's rows and says it is partial; what cannot be
 * resumed is a usage error. */
static void test_resume(void **state)
{
    (void)state;
    need_bin();
    const char *preset = tiny_preset();
    char full[512], cut[512], from[600], to[600];
    snprintf(full, sizeof full, "%s", tp("full"));
    snprintf(cut, sizeof cut, "%s", tp("cut"));
    EXPECT(0, "bench", preset, "--out", full, "--no-report", "-q");
    /* the stopped sweep: machine.txt and datasets.csv as the sweep wrote
     * them first; runs.csv.part with its first runs and half of the next
     * row; iterations.csv.part with those runs' rows and half a line */
    assert_int_equal(mkdir(cut, 0777), 0);
    const char *keep[] = {"machine.txt", "datasets.csv"};
    for (int i = 0; i < 2; i++) {
        char *t;
        snprintf(from, sizeof from, "%s/%s", full, keep[i]);
        snprintf(to, sizeof to, "%s/%s", cut, keep[i]);
        t = slurp(from);
        write_text(to, t);
        free(t);
    }
    table runs;
    snprintf(from, sizeof from, "%s/runs.csv", full);
    table_read(from, &runs);
    const int stop = runs.nrow / 2 + 1; /* the run that was cut short */
    table_free(&runs);
    char *rt = slurp(from);
    const size_t rcut = line_start(rt, stop) + 7;
    free(rt);
    snprintf(to, sizeof to, "%s/runs.csv.part", cut);
    write_head(from, to, rcut);
    snprintf(from, sizeof from, "%s/iterations.csv", full);
    char *it = slurp(from);
    int line = 1;
    for (const char *p = strchr(it, '\n') + 1; *p && atoi(p) < stop;
         p = strchr(p, '\n') + 1)
        line++;
    const size_t icut = line_start(it, line) + 3;
    free(it);
    snprintf(to, sizeof to, "%s/iterations.csv.part", cut);
    write_head(from, to, icut);
    /* the report of the stopped sweep: partial, from runs.csv.part */
    EXPECT(0, "report", cut);
    snprintf(to, sizeof to, "%s/report.md", cut);
    char *md = slurp(to);
    assert_contains(md, "**Partial**");
    assert_contains(md, "--resume");
    assert_contains(md, "runs.csv.part");
    free(md);
    unlink(to);
    /* resumed: it ends, with every row of the full sweep */
    EXPECT(0, "bench", "--resume", cut, "--no-report");
    assert_contains(out_text, "resumed after");
    assert_contains(out_text, "0 fail");
    snprintf(to, sizeof to, "%s/runs.csv.part", cut);
    assert_false(exists(to));
    /* the runs that had ended were kept, not run again: the first row's
     * times are the first sweep's own */
    snprintf(from, sizeof from, "%s/runs.csv", full);
    snprintf(to, sizeof to, "%s/runs.csv", cut);
    char *fa = slurp(from), *fb = slurp(to);
    const size_t r1 = line_start(fa, 2);
    assert_true(line_start(fb, 2) == r1);
    assert_memory_equal(fa, fb, r1);
    free(fa);
    free(fb);
    const char *files[] = {"runs.csv", "iterations.csv"};
    for (int i = 0; i < 2; i++) {
        table a, b;
        snprintf(from, sizeof from, "%s/%s", full, files[i]);
        snprintf(to, sizeof to, "%s/%s", cut, files[i]);
        table_read(from, &a);
        table_read(to, &b);
        same_rows(&a, &b, files[i]);
        table_free(&a);
        table_free(&b);
    }
    /* nothing to resume: a sweep that ended, a folder without one */
    EXPECT(2, "bench", "--resume", cut);
    assert_contains(err_text, "nothing to resume");
    EXPECT(2, "bench", "--resume", tp("nowhere"));
    assert_contains(err_text, "no sweep that stopped");
    EXPECT(2, "bench", "--resume", cut, "--force");
    /* a preset changed since the sweep began */
    snprintf(to, sizeof to, "%s/runs.csv", cut);
    snprintf(from, sizeof from, "%s/runs.csv.part", cut);
    assert_int_equal(rename(to, from), 0);
    char *text = slurp(preset);
    char *more = malloc(strlen(text) + 32);
    assert_non_null(more);
    sprintf(more, "%smax_iter = 50\n", text);
    write_text(preset, more);
    EXPECT(2, "bench", "--resume", cut);
    assert_contains(err_text, "has changed");
    free(more);
    free(text);
}

/* ---- the pruning ablations ------------------------------------------------- */

/* Where the preset's forms leave sequential Lloyd out, it runs once per
 * case and precision, as the baseline that judges the others; the forms
 * asked for run every repetition, and --dry-run counts the same rows. */
static void test_baseline_once(void **state)
{
    (void)state;
    need_bin();
    char text[512], out[512];
    snprintf(text, sizeof text,
             "name = once\nalgorithms = lloyd, hamerly\nforms = omp\n"
             "threads = 1\nprecisions = %s\nk = 3, 4\nrepetitions = 3\n"
             "[data g]\ngenerate = blobs\nn = 400\nd = 2\ncentres = 4\n"
             "data_seed = 5\n",
             PREC);
    write_text(tp("once.preset"), text);
    snprintf(out, sizeof out, "%s", tp("once"));
    EXPECT(0, "bench", tp("once.preset"), "--out", out, "-q",
           "--no-report");
    table t;
    table_read(tp("once/runs.csv"), &t);
    int seq = 0, omp = 0;
    for (int i = 0; i < t.nrow; i++) {
        if (!strcmp(at(&t, i, "form"), "seq")) {
            assert_string_equal(at(&t, i, "verdict"), "baseline");
            assert_string_equal(at(&t, i, "repetition"), "1");
            seq++;
        } else {
            assert_string_equal(at(&t, i, "form"), "omp");
            assert_string_equal(at(&t, i, "verdict"), "pass");
            omp++;
        }
    }
    table_free(&t);
    assert_int_equal(seq, 2);          /* k = 3 and 4 */
    assert_int_equal(omp, 2 * 2 * 3); /* k, algorithms, repetitions */
    EXPECT(0, "bench", tp("once.preset"), "--dry-run");
    assert_contains(out_text, "14 runs");
}

/* Data sections of the same data, full and ablated: runs.csv says which
 * ablations each run took (those its algorithm has), and the report sets
 * each ablated solver beside its full form with the pruned shares of
 * their rows. */
static void test_ablations(void **state)
{
    (void)state;
    need_bin();
    static const char blobs[] = "generate = blobs\nn = 600\nd = 2\n"
                                "centres = 6\ndata_seed = 2\n";
    char text[1024], out[512];
    snprintf(text, sizeof text,
             "name = ab\nalgorithms = lloyd, elkan, hamerly\nforms = seq\n"
             "precisions = %s\nk = 6\nrepetitions = 2\n"
             "[data full]\n%s"
             "[data nocc]\n%salgorithms = elkan, hamerly\nno_cc = yes\n"
             "[data both]\n%salgorithms = hamerly\nno_cc = yes\n"
             "max_drift_only = yes\n",
             PREC, blobs, blobs, blobs);
    write_text(tp("ab.preset"), text);
    snprintf(out, sizeof out, "%s", tp("ab"));
    EXPECT(0, "bench", tp("ab.preset"), "--out", out, "-q");
    table t;
    table_read(tp("ab/runs.csv"), &t);
    double full = 0, ablated = 0;
    int nfull = 0, nab = 0;
    for (int i = 0; i < t.nrow; i++) {
        const char *ds = at(&t, i, "dataset"), *a = at(&t, i, "algorithm");
        const int lloyd = !strcmp(a, "lloyd");
        const int cc = !lloyd && strcmp(ds, "full");
        const int md = !strcmp(ds, "both") && !strcmp(a, "hamerly");
        assert_int_equal(atoi(at(&t, i, "no_cc")), cc);
        assert_int_equal(atoi(at(&t, i, "max_drift_only")), md);
        if (!strcmp(a, "hamerly") && !strcmp(ds, "full")) {
            full += atof(at(&t, i, "frac_pruned"));
            nfull++;
        }
        if (md) {
            ablated += atof(at(&t, i, "frac_pruned"));
            nab++;
        }
    }
    table_free(&t);
    assert_int_equal(nfull, 2);
    assert_int_equal(nab, 2);
    char *md = slurp(tp("ab/report.md"));
    assert_contains(md, "## Pruning ablations");
    assert_contains(md, "| full / nocc | 6 | elkan (no cc) | seq |");
    assert_contains(md, "| full / nocc | 6 | hamerly (no cc) | seq |");
    char row[256];
    snprintf(row, sizeof row,
             "| full / both | 6 | hamerly (no cc, max drift) | seq | %s | "
             "1 | %.1f%% | %.1f%% |",
             PREC, 100 * full / nfull, 100 * ablated / nab);
    assert_contains(md, row);
    /* the solver tables name the ablations too */
    assert_contains(md, "| hamerly (no cc, max drift) | seq |");
    free(md);
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
        double base, t, lo, hi, sp;
        const char *cell = at;
        for (int bar = 0; bar < 4; bar++)
            cell = strchr(cell + 1, '|');
        /* (a time may carry "(busy)" or "(unsteady)" after its range) */
        if (sscanf(cell, "| %lf (%7[^)]) | %63[^|]| %lf [%lf, %lf]%*[^|]| "
                         "%lf |",
                   &base, prec, solver, &t, &lo, &hi, &sp) != 7 ||
            sscanf(solver, "%15s %15s %7s", algo, form, prec2) != 3)
            fail_msg("overview row not as expected: %.120s", at);
        assert_string_equal(prec, prec2);
        assert_true(fabs(sp - base / t) <= 2e-3 * sp);
        assert_true(lo <= t && t <= hi);
        if (!strcmp(form, "omp"))
            assert_non_null(strstr(solver, " t="));
        rows++;
    }
    assert_true(rows >= 3);
}

/* The least, the median and the greatest loop time of the ok runs of one
 * solver configuration of case (dataset, k) in runs.csv. */
static void run_times(const table *runs, const char *dataset, int k,
                      const char *key[5], double out[3])
{
    static const char *const col[5] = {"algorithm", "form", "precision",
                                       "threads", "block_size"};
    double v[64] = {0};
    int m = 0;
    for (int i = 0; i < runs->nrow && m < 64; i++) {
        int same = !strcmp(at(runs, i, "dataset"), dataset) &&
                   atoi(at(runs, i, "k")) == k &&
                   !strcmp(at(runs, i, "status"), "ok");
        for (int c = 0; c < 5 && same; c++)
            same = !strcmp(at(runs, i, col[c]), key[c]);
        if (same)
            v[m++] = atof(at(runs, i, "t_loop"));
    }
    assert_true(m >= 2);
    for (int i = 1; i < m; i++) /* insertion sort */
        for (int j = i; j > 0 && v[j] < v[j - 1]; j--) {
            double x = v[j];
            v[j] = v[j - 1];
            v[j - 1] = x;
        }
    out[0] = v[0];
    out[1] = m % 2 ? v[m / 2] : 0.5 * (v[m / 2 - 1] + v[m / 2]);
    out[2] = v[m - 1];
}

/* Every solver row of every case's table gives its loop time as the
 * median with the fastest and the slowest run beside it, the three those
 * of the runs in runs.csv (to the 4 digits shown). */
static void ranges_match_runs(const char *md, const table *runs)
{
    char dataset[64] = "";
    int k = 0, rows = 0;
    for (const char *l = md; l && *l; l = strchr(l, '\n'), l += !!l) {
        if (sscanf(l, "## %63[^,], k = %d", dataset, &k) == 2)
            continue;
        char f[5][32];
        double shown[3], want[3];
        if (!k || sscanf(l, "| %31[a-z] | %31[a-z-] | %31[f0-9] | %31[0-9] | "
                            "%31[0-9] |", f[0], f[1], f[2], f[3], f[4]) != 5)
            continue;
        const char *cell = l;
        for (int bar = 0; bar < 7; bar++)
            cell = strchr(cell + 1, '|');
        if (sscanf(cell, "| %lf [%lf, %lf] |", &shown[1], &shown[0],
                   &shown[2]) != 3)
            continue; /* a row that did not run */
        const char *key[5] = {f[0], f[1], f[2], f[3], f[4]};
        run_times(runs, dataset, k, key, want);
        for (int q = 0; q < 3; q++)
            if (!(fabs(shown[q] - want[q]) <= 1e-3 * want[q]))
                fail_msg("[" PREC "] %s k=%d %s %s t=%s: shown %g, runs %g",
                         dataset, k, f[0], f[1], f[3], shown[q], want[q]);
        rows++;
    }
    assert_true(rows >= 9);
}

/* Every plot command of a gnuplot script gives each of its series a
 * colour of its own: as many "lc rgb" as titles, no colour twice. */
static void plot_colours_distinct(const char *gp)
{
    int plots = 0;
    for (const char *l = gp; l && *l; l = strchr(l, '\n'), l += !!l) {
        if (strncmp(l, "plot ", 5))
            continue;
        char colour[64][8];
        int ntitle = 0, ncolour = 0;
        const char *end = l; /* the command: lines ending in '\' go on */
        while ((end = strchr(end, '\n')) && end[-1] == '\\')
            end++;
        if (!end)
            end = l + strlen(l);
        for (const char *q = l; (q = strstr(q, " title \"")) && q < end; q++)
            ntitle++;
        for (const char *q = l; (q = strstr(q, "lc rgb \"#")) && q < end;
             q++) {
            assert_true(ncolour < 64);
            snprintf(colour[ncolour], 8, "%.7s", q + 8);
            for (int j = 0; j < ncolour; j++)
                if (!strcmp(colour[j], colour[ncolour]))
                    fail_msg("[" PREC "] colour %s twice in: %.300s",
                             colour[j], l);
            ncolour++;
        }
        if (ncolour != ntitle)
            fail_msg("[" PREC "] %d series, %d colours in: %.300s", ntitle,
                     ncolour, l);
        plots++;
    }
    assert_true(plots > 0);
}

/* The pruning plots' keys lie outside the data: Lloyd's line runs along
 * the top of the distances panel and the bottom of the pruned-share
 * panel, where a key inside (top right, bottom right) covered it.  Each
 * prune block of the script sets its key, every time outside the plot
 * area (outside, below, above or in a margin), and never inside.
 * Returns the prune blocks seen. */
static int prune_keys_outside(const char *gp)
{
    int blocks = 0;
    for (const char *b = strstr(gp, "\n# ---- prune_"); b;
         b = strstr(b + 1, "\n# ---- prune_")) {
        const char *end = strstr(b + 1, "\n# ---- ");
        if (!end)
            end = b + strlen(b);
        int keys = 0;
        for (const char *k = strstr(b, "\nset key"); k && k < end;
             k = strstr(k + 1, "\nset key")) {
            int len = (int)strcspn(k + 1, "\n");
            char line[256];
            snprintf(line, sizeof line, "%.*s", len, k + 1);
            int out = strstr(line, " outside") || strstr(line, " below") ||
                      strstr(line, " above") || strstr(line, "margin");
            if (!out || strstr(line, " inside"))
                fail_msg("[" PREC "] a prune plot's key inside the data: "
                         "%s", line);
            keys++;
        }
        if (!keys)
            fail_msg("[" PREC "] a prune plot leaves its key where gnuplot "
                     "puts it (inside, top right): %.60s", b + 1);
        const char *u = strstr(b, "\nunset key");
        if (u && u < end)
            fail_msg("[" PREC "] a prune plot unsets its key: %.60s", u + 1);
        blocks++;
    }
    return blocks;
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
    char *gp = slurp(tp("rep/plots/report.gp"));
    plot_colours_distinct(gp);
    free(gp);
    /* the report counts the runs bench counted */
    char count[64];
    snprintf(count, sizeof count, "\n%ld runs: ", bench_runs);
    assert_contains(md, count);
    /* a form that cannot run here: one line under "Not run" with the
     * machine's reason, whatever algorithms it covers (an algorithm that
     * lacks the form has a line of its own), none in the solver tables */
    const tkm_form gone[] = {TKM_CUDA_GLOBAL, TKM_CUDA_SHARED};
    for (int i = 0; i < 2; i++) {
        char row[64], why[256] = "";
        int lines = 0;
        if (tkm_form_available(gone[i], why, sizeof why) == TKM_OK)
            continue;
        snprintf(row, sizeof row, "| %s | skipped |",
                 tkm_form_name(gone[i]));
        for (const char *at = md; (at = strstr(at, row)); at++) {
            const char *eol = strchr(at, '\n'), *w = strstr(at, why);
            lines += w && (!eol || w < eol);
        }
        assert_int_equal(lines, 1);
    }
    assert_null(strstr(md, "skipped: "));
    assert_contains(md, "| hamerly | omp | " PREC " |");
    assert_contains(md, "## gen, k = 4");
    assert_contains(md, "\n| load at start | ");
    assert_contains(md, "\n| load at end | ");
    overview_consistent(md);
    table runs;
    table_read(tp("rep/runs.csv"), &runs);
    ranges_match_runs(md, &runs);
    table_free(&runs);
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

/* ---- the machine's load ------------------------------------------------ */

/* The line of report.md's solver table for (algorithm, form, threads)
 * of case "## dataset, k = k"; fails when there is none. */
static const char *solver_line(const char *md, const char *head,
                               const char *algo, const char *form, int t)
{
    char row[96];
    const char *c = strstr(md, head);
    assert_non_null(c);
    snprintf(row, sizeof row, "\n| %s | %s | %s | %d |", algo, form, PREC,
             t);
    const char *l = strstr(c, row);
    if (!l)
        fail_msg("[" PREC "] no row %s under %s", row + 1, head);
    return l + 1;
}

/* Whether the line at l holds s. */
static int line_has(const char *l, const char *s)
{
    const char *eol = strchr(l, '\n'), *at = strstr(l, s);
    return at && (!eol || at < eol);
}

/* The sweep records the CPUs other work kept busy around each run
 * (TKM_CPUS_BUSY stands for the measurement), and the report warns of
 * times taken on a busy machine and marks their solvers (busy); a
 * configuration whose slowest run took over 5 times its median (a third
 * repetition of 10 times the slowest of the others added to runs.csv) is
 * marked (unsteady).  On a quiet machine with steady runs, no warning and
 * no mark. */
/* The largest value of column col among the runs of row i's
 * configuration (data set, k, start, algorithm, form, precision,
 * threads). */
static double slowest(const table *t, int i, const char *col)
{
    static const char *const key[] = {"dataset", "k",    "init",
                                      "seed",    "algorithm", "form",
                                      "precision", "threads"};
    double m = 0;
    for (int r = 0; r < t->nrow; r++) {
        int same = 1;
        for (size_t q = 0; same && q < sizeof key / sizeof key[0]; q++)
            same = !strcmp(at(t, r, key[q]), at(t, i, key[q]));
        if (same && atof(at(t, r, col)) > m)
            m = atof(at(t, r, col));
    }
    return m;
}

static void test_load_marks(void **state)
{
    (void)state;
    need_bin();
    const char *preset = tiny_preset();
    char quiet[512], busy[512];
    snprintf(quiet, sizeof quiet, "%s", tp("quiet"));
    snprintf(busy, sizeof busy, "%s", tp("busy"));
    setenv("TKM_CPUS_BUSY", "0", 1);
    EXPECT(0, "bench", preset, "--out", quiet, "-q");
    setenv("TKM_CPUS_BUSY", "1", 1);
    EXPECT(0, "bench", preset, "--out", busy, "-q");
    unsetenv("TKM_CPUS_BUSY");
    const char *dir[2] = {"quiet", "busy"};
    for (int b = 0; b < 2; b++) {
        char path[600];
        table runs;
        int ok = 0;
        snprintf(path, sizeof path, "%s/runs.csv", tp(dir[b]));
        table_read(path, &runs);
        for (int i = 0; i < runs.nrow; i++) {
            const int ran = !strcmp(at(&runs, i, "status"), "ok");
            assert_string_equal(at(&runs, i, "busy_cpus"),
                                !ran ? "" : b ? "1" : "0");
            ok += ran;
        }
        table_free(&runs);
        snprintf(path, sizeof path, "%s/report.md", tp(dir[b]));
        char *md = slurp(path), count[64];
        snprintf(count, sizeof count, " %d runs ran while other work kept "
                 "CPUs", ok);
        if (b)
            assert_contains(md, count);
        else
            assert_null(strstr(md, "Timings not to be trusted"));
        const char *l = solver_line(md, "## gen, k = 4", "hamerly", "omp",
                                    NTHREADS);
        assert_int_equal(line_has(l, "(busy)"), b);
        assert_false(line_has(l, "(unsteady)"));
        free(md);
    }
    /* a third run of elkan seq on gen, k = 4, ten times the first */
    char path[600];
    table runs;
    snprintf(path, sizeof path, "%s/runs.csv", quiet);
    table_read(path, &runs);
    FILE *f = fopen(path, "a");
    assert_non_null(f);
    int added = 0;
    for (int i = 0; i < runs.nrow && !added; i++) {
        if (strcmp(at(&runs, i, "dataset"), "gen") ||
            strcmp(at(&runs, i, "algorithm"), "elkan") ||
            strcmp(at(&runs, i, "form"), "seq"))
            continue;
        for (int c = 0; c < runs.ncol; c++) {
            const char *h = runs.hdr[c];
            const char *v = runs.cell[(size_t)i * runs.ncol + c];
            char num[64];
            if (!strcmp(h, "run"))
                snprintf(num, sizeof num, "%ld", atol(v) + 100000);
            else if (!strcmp(h, "repetition"))
                snprintf(num, sizeof num, "%d", REPS + 1);
            else if (!strcmp(h, "t_loop") || !strcmp(h, "t_total"))
                snprintf(num, sizeof num, "%.17g",
                         10 * slowest(&runs, i, h)); /* whatever the
                                                         others' spread */
            else
                num[0] = '\0';
            assert_null(strpbrk(v, ",\"\n"));
            fprintf(f, "%s%s", c ? "," : "", num[0] ? num : v);
        }
        fputc('\n', f);
        added = 1;
    }
    assert_true(added);
    assert_int_equal(fclose(f), 0);
    table_free(&runs);
    EXPECT(0, "report", quiet, "-q");
    snprintf(path, sizeof path, "%s/report.md", quiet);
    char *md = slurp(path);
    /* the run added, and any that a busy test machine made slow */
    assert_contains(md, "slowest run over 5 times");
    const char *u = strstr(md, " solver configuration");
    assert_non_null(u);
    while (u > md && u[-1] >= '0' && u[-1] <= '9')
        u--;
    assert_true(atoi(u) >= 1);
    const char *l = solver_line(md, "## gen, k = 4", "elkan", "seq", 1);
    assert_true(line_has(l, "(unsteady)"));
    assert_false(line_has(l, "(busy)"));
    free(md);
}

/* ---- plots: colours and labels ---------------------------------------- */

/* Add to DIR/runs.csv a copy of each seq run as cuda-global and of each
 * omp run as cuda-shared (block size 64): the solver names a GPU machine
 * gives the report, on a machine without one. */
static void add_gpu_rows(const char *path)
{
    table t;
    table_read(path, &t);
    FILE *f = fopen(path, "a");
    assert_non_null(f);
    for (int i = 0; i < t.nrow; i++) {
        const char *form = at(&t, i, "form");
        if (strcmp(form, "seq") && strcmp(form, "omp"))
            continue;
        for (int c = 0; c < t.ncol; c++) {
            const char *h = t.hdr[c], *v = t.cell[(size_t)i * t.ncol + c];
            char id[32];
            if (!strcmp(h, "run")) {
                snprintf(id, sizeof id, "%ld", atol(v) + 100000);
                v = id;
            } else if (!strcmp(h, "form")) {
                v = strcmp(form, "seq") ? "cuda-shared" : "cuda-global";
            } else if (!strcmp(h, "block_size")) {
                v = "64";
            } else if (!strcmp(h, "threads")) {
                v = "0";
            }
            assert_null(strpbrk(v, ",\"\n"));
            fprintf(f, "%s%s", c ? "," : "", v);
        }
        fputc('\n', f);
    }
    assert_int_equal(fclose(f), 0);
    table_free(&t);
}

/* One tic label of an SVG plot: where it is anchored, its angle
 * (degrees, clockwise), its anchor, its length in characters. */
typedef struct {
    double x, y, angle;
    char anchor[8];
    int len;
} svg_label;

/* The span of a label along its direction from its anchor point, a
 * character taken as 0.6 of the font size (10) wide: wider than sans's
 * average. */
static void label_span(const svg_label *b, double span[2])
{
    double len = 6.0 * b->len;
    span[0] = !strcmp(b->anchor, "end")      ? -len
              : !strcmp(b->anchor, "middle") ? -len / 2
                                             : 0;
    span[1] = span[0] + len;
}

/* Every solver name under the bars of a stage plot lies inside the
 * picture and clear of its neighbours (one line, 10 units, apart or not
 * side by side). */
static void stage_labels_fit(const char *svg_path)
{
    char *svg = slurp(svg_path);
    double w = 0, h = 0;
    const char *sz = strstr(svg, "viewBox=\"0 0 ");
    assert_non_null(sz);
    assert_int_equal(sscanf(sz, "viewBox=\"0 0 %lf %lf", &w, &h), 2);
    svg_label lab[64];
    int n = 0;
    for (const char *g = svg; (g = strstr(g, "<g transform=\"translate("));
         g++) {
        svg_label b = {0};
        const char *text = strstr(g, "<text>"), *stop = strstr(g, "</g>");
        const char *anchor = strstr(g, "text-anchor=\"");
        if (!text || !stop || text > stop || !anchor || anchor > text)
            continue;
        if (sscanf(g, "<g transform=\"translate(%lf,%lf) rotate(%lf)", &b.x,
                   &b.y, &b.angle) < 2)
            continue;
        sscanf(anchor, "text-anchor=\"%7[a-z]", b.anchor);
        text += 6;
        b.len = (int)(strstr(text, "</text>") - text);
        /* a solver name: "algorithm form precision" */
        char a[16], fm[16], pr[8];
        if (sscanf(text, "%15s %15s %7[f0-9]<", a, fm, pr) != 3 ||
            (strcmp(pr, "f32") && strcmp(pr, "f64")))
            continue;
        assert_true(n < 64);
        lab[n++] = b;
    }
    assert_true(n >= 12);
    for (int i = 0; i < n; i++) {
        const double r = lab[i].angle * M_PI / 180;
        double span[2];
        label_span(&lab[i], span);
        for (int e = 0; e < 2; e++) {
            double x = lab[i].x + span[e] * cos(r);
            double y = lab[i].y + span[e] * sin(r);
            if (x < 0 || x > w || y < 0 || y > h)
                fail_msg("[" PREC "] %s: label %d ends at (%.0f, %.0f), "
                         "outside %.0f x %.0f",
                         svg_path, i, x, y, w, h);
        }
        if (i == 0)
            continue;
        /* the previous label, in this one's frame */
        double dx = lab[i - 1].x - lab[i].x, dy = lab[i - 1].y - lab[i].y;
        double along = dx * cos(r) + dy * sin(r);
        double across = fabs(-dx * sin(r) + dy * cos(r));
        double prev[2];
        label_span(&lab[i - 1], prev);
        if (across < 10 && prev[0] + along < span[1] &&
            span[0] < prev[1] + along)
            fail_msg("[" PREC "] %s: labels %d and %d overlap", svg_path,
                     i - 1, i);
    }
    free(svg);
}

/* The plots of a sweep with both precisions and every form's names: no
 * plot draws two series in one colour, and the stage plots' solver names
 * fit in the picture without overlapping. */
static void test_plots(void **state)
{
    (void)state;
    need_bin();
    write_text(tp("two.preset"),
               "algorithms = lloyd, elkan, hamerly\nforms = seq, omp\n"
               "precisions = f32, f64\nthreads = 1..2\nrepetitions = 1\n"
               "[data g]\ngenerate = blobs\nn = 300\nd = 2\ncentres = 3\n"
               "data_seed = 5\nk = 2, 3\n");
    EXPECT(0, "bench", tp("two.preset"), "--out", tp("two"), "--no-report",
           "-q");
    add_gpu_rows(tp("two/runs.csv"));
    int have_gnuplot = system("command -v gnuplot >/dev/null 2>&1") == 0;
    if (!have_gnuplot)
        setenv("GNUPLOT", "/nonexistent/gnuplot", 1);
    EXPECT(0, "report", tp("two"), "-q");
    unsetenv("GNUPLOT");
    char *gp = slurp(tp("two/plots/report.gp"));
    plot_colours_distinct(gp);
    assert_int_equal(prune_keys_outside(gp), 2); /* k = 2 and 3 */
    free(gp);
    if (!have_gnuplot) {
        print_message("[" PREC "] gnuplot not installed: the stage plots' "
                      "labels not measured\n");
        return;
    }
    stage_labels_fit(tp("two/plots/stages_g-k2.svg"));
    stage_labels_fit(tp("two/plots/stages_g-k3.svg"));
}

/* Where bench and report want a folder, a file (or a path through one,
 * or no name) is a usage error: exit 2, said as such before any run,
 * the file left as it was. */
static void test_not_a_folder(void **state)
{
    (void)state;
    need_bin();
    const char *preset = tiny_preset();
    PATH(file, "nf_file.txt");
    PATH(under, "nf_file.txt/sub");
    write_text(file, "keep\n");
    char want[1200];
    snprintf(want, sizeof want, "--out %s is a file, not a folder", file);
    EXPECT(2, "bench", preset, "--out", file, "-q");
    assert_contains(err_text, want);
    assert_string_equal(out_text, "");
    EXPECT(2, "bench", preset, "--out", file, "--force", "--no-report");
    assert_contains(err_text, want);
    EXPECT(2, "bench", preset, "--out", file, "--dry-run");
    assert_contains(err_text, want);
    assert_null(strstr(out_text, "runs in all"));
    snprintf(want, sizeof want, "--out %s: '%s' is a file, not a folder",
             under, file);
    EXPECT(2, "bench", preset, "--out", under, "-q");
    assert_contains(err_text, want);
    EXPECT(2, "bench", preset, "--out", "", "-q");
    assert_contains(err_text, "--out: an empty name");
    char *t = slurp(file);
    assert_string_equal(t, "keep\n");
    free(t);
    snprintf(want, sizeof want, "report: %s is a file, not a folder", file);
    EXPECT(2, "report", file);
    assert_contains(err_text, want);
    EXPECT(2, "report", "");
    assert_contains(err_text, "an empty name");
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
    assert_int_equal(fx.nrow, TKM_NALGO); /* lloyd the baseline */
    for (int i = 0; i < fx.nrow; i++) {
        assert_string_equal(at(&fx, i, "iterations"), "17");
        assert_true(!strcmp(at(&fx, i, "verdict"), "pass") ||
                    !strcmp(at(&fx, i, "verdict"), "baseline"));
        /* no_cc where the algorithm takes it: no centroid-centroid
         * distance (Yinyang measures none; Exponion's lists are not
         * tests the ablation removes) */
        tkm_algorithm a;
        assert_int_equal(tkm_algorithm_parse(at(&fx, i, "algorithm"), &a), 0);
        if (tkmi_alg_has(a, TKMI_CAP_NO_CC))
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
            char cmd[4096], root[1024];
            char *abin = realpath(bin, NULL);
            assert_non_null(getcwd(root, sizeof root));
            assert_non_null(abin);
            if (w) /* from another folder, the results given relative to it */
                snprintf(cmd, sizeof cmd, "cd %s && %s %s/samples/"
                         "sklearn_compare.py --trikmeans %s --no-report "
                         "cols_out >%s 2>&1", dir, py, root, abin,
                         tp("cols_cmp.txt"));
            else
                snprintf(cmd, sizeof cmd, "%s samples/sklearn_compare.py "
                         "--trikmeans %s --no-report %s >%s 2>&1", py, bin,
                         tp("cols_out"), tp("cols_cmp.txt"));
            int rc = system(cmd);
            if (rc != 0)
                print_error("%s", slurp(tp("cols_cmp.txt")));
            assert_int_equal(rc, 0);
            /* scikit-learn measures no pruning: "-" in its rows, not 0% */
            EXPECT(0, "report", tp("cols_out"), "-q");
            char *md = slurp(tp("cols_out/report.md"));
            int sk = 0;
            for (const char *l = strstr(md, "| sklearn |"); l;
                 l = strstr(l + 1, "| sklearn |")) {
                const char *eol = strchr(l, '\n');
                const char *pr = strstr(l, "| - | - / - |");
                assert_true(pr && pr < eol);
                sk++;
            }
            assert_true(sk > 0);
            free(md);
            free(abin);
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
        cmocka_unit_test(test_resume),
        cmocka_unit_test(test_ablations),
        cmocka_unit_test(test_baseline_once),
        cmocka_unit_test(test_report),
        cmocka_unit_test(test_load_marks),
        cmocka_unit_test(test_plots),
        cmocka_unit_test(test_not_a_folder),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_init),
        cmocka_unit_test(test_help_presets),
    };
    return cmocka_run_group_tests_name("bench (" PREC ")", tests, setup,
                                       teardown);
}
