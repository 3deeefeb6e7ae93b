/*
 * The memory limit (src/common/mem.c): the library's functions that make
 * large buffers refuse a request above the limit before they try it, with
 * TKM_ENOMEM and the bytes asked in the message, and run as before below
 * it.  main() sets TKM_MEMORY_LIMIT=4M before the library's first use (it
 * is read once), so that the machine looks small whatever its memory and
 * its overcommit setting; tkm_memory_limit_set() is tested after the
 * rest, then a fit of every algorithm in every form (and the screened
 * scans of seq and omp) that runs out of
 * memory at each of its allocations in turn (tkmi_fault_set, a hook of
 * the test build), every allocation of a fit made through the library's
 * allocators that the hook counts, and no block left behind
 * (tests/alloc_track.h: the Makefile links this program with --wrap
 * over malloc and free).  Built
 * for f32 and f64 (the fits' precision).
 */
#include "real.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "algs.h"
#include "alloc_track.h"
#include "csr_harness.h"
#include "fit_harness.h"
#include "internal.h"

#define LIMIT ((size_t)4 << 20)
#define LIMIT_TEXT "the limit of 4194304 bytes (4.00 MiB) that " \
                   "TKM_MEMORY_LIMIT sets"

static char g_dir[64];
static char g_msg[512];

static void assert_has(const char *msg, const char *needle)
{
    if (!strstr(msg, needle))
        fail_msg("[%s] message \"%s\" lacks \"%s\"", TKM_PREC_NAME, msg,
                 needle);
}

/* st is TKM_ENOMEM and g_msg says bytes were asked (bytes 0: any number;
 * SIZE_MAX: at least that many) and the limit that refused them. */
static void assert_refused(tkm_status st, size_t bytes, const char *limit)
{
    char want[64];
    if (st != TKM_ENOMEM)
        fail_msg("[%s] status %d (%s), not TKM_ENOMEM", TKM_PREC_NAME,
                 (int)st, g_msg);
    snprintf(want, sizeof want, "out of memory: %s%zu bytes",
             bytes == SIZE_MAX ? "at least " : "", bytes);
    assert_has(g_msg, bytes ? want : " bytes ");
    assert_has(g_msg, limit);
}

static int setup_dir(void **state)
{
    (void)state;
    snprintf(g_dir, sizeof g_dir, "/tmp/tkm_test_mem.XXXXXX");
    return mkdtemp(g_dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_dir);
    return system(cmd) == 0 ? 0 : -1;
}

static const char *path_of(const char *name)
{
    static char buf[128];
    snprintf(buf, sizeof buf, "%s/%s", g_dir, name);
    return buf;
}

/* The machine's memory as the kernel tells it in /proc/meminfo
 * (MemTotal, in KiB): a reading apart from the library's (sysconf's page
 * counts); 0 where there is none. */
static size_t meminfo_total(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    unsigned long long kib = 0;
    while (f && fgets(line, sizeof line, f) &&
           sscanf(line, "MemTotal: %llu kB", &kib) != 1)
        ;
    if (f)
        fclose(f);
    return (size_t)kib * 1024;
}

/* The machine's memory is the kernel's MemTotal (the two readings may
 * round differently: a MiB apart at most), and the limit is the
 * variable's, below it. */
static void test_limit(void **state)
{
    (void)state;
    size_t lim = 0, phys = 0;
    assert_int_equal(tkm_memory_limit(&lim, &phys, g_msg, sizeof g_msg),
                     TKM_OK);
    const size_t total = meminfo_total();
    if (!total)
        fail_msg("[%s] /proc/meminfo says no MemTotal: nothing to compare "
                 "with", TKM_PREC_NAME);
    if ((phys > total ? phys - total : total - phys) > ((size_t)1 << 20))
        fail_msg("[%s] the machine's memory is %zu bytes, /proc/meminfo's "
                 "MemTotal %zu", TKM_PREC_NAME, phys, total);
    assert_int_equal(lim, LIMIT);
    assert_true(lim < phys);
    assert_int_equal(tkmi_mem_limit(), LIMIT);
}

/* The generators: the points (and the blobs' centres) are checked
 * together before either is made. */
static void test_generate(void **state)
{
    (void)state;
    tkm_dataset ds;
    assert_refused(tkm_generate_uniform(1000, 1000, 1.0, 1, &ds, g_msg,
                                        sizeof g_msg),
                   1000 * 1000 * sizeof(double), LIMIT_TEXT);
    assert_null(ds.x);
    assert_has(g_msg, "1000 x 1000 points");
    assert_refused(tkm_generate_blobs(500, 1000, 50, 1.0, 1.0, 1, &ds, NULL,
                                      g_msg, sizeof g_msg),
                   (500 + 50) * 1000 * sizeof(double), LIMIT_TEXT);
    assert_null(ds.x);
    /* beyond what a size_t counts */
    assert_refused(tkm_generate_uniform(SIZE_MAX / 4, 3, 1.0, 1, &ds, g_msg,
                                        sizeof g_msg),
                   SIZE_MAX, LIMIT_TEXT);
    assert_int_equal(tkm_generate_uniform(300, 1000, 1.0, 1, &ds, g_msg,
                                          sizeof g_msg),
                     TKM_OK);
    tkm_dataset_free(&ds);
}

/* The readers: a float32 raw file's values become doubles (refused at
 * 5.6 MB), text grows its values up to the limit and no further. */
static void test_read(void **state)
{
    (void)state;
    tkm_read_opts o;
    tkm_dataset ds;
    tkm_read_opts_default(&o);
    o.raw_d = 1000;
    FILE *f = fopen(path_of("big.f32"), "wb");
    assert_non_null(f);
    assert_int_equal(ftruncate(fileno(f), 700 * 1000 * 4), 0); /* zeros */
    fclose(f);
    assert_refused(tkm_dataset_read(path_of("big.f32"), &o, &ds, g_msg,
                                    sizeof g_msg),
                   700 * 1000 * sizeof(double), LIMIT_TEXT);
    assert_has(g_msg, "big.f32");
    assert_null(ds.x);
    f = fopen(path_of("big.csv"), "w");
    assert_non_null(f);
    for (int i = 0; i < 300000; i++) /* 600000 values: 4.8 MB */
        fprintf(f, "%d.5,%d\n", i % 100, i % 7);
    fclose(f);
    assert_refused(tkm_dataset_read(path_of("big.csv"), NULL, &ds, g_msg,
                                    sizeof g_msg),
                   0, LIMIT_TEXT);
    assert_has(g_msg, "big.csv");
    assert_null(ds.x);
    /* 3.2 MB of values: read whole under the 4 MiB limit */
    f = fopen(path_of("fits.csv"), "w");
    assert_non_null(f);
    for (int i = 0; i < 200000; i++)
        fprintf(f, "%d.5,%d\n", i % 100, i % 7);
    fclose(f);
    assert_int_equal(tkm_dataset_read(path_of("fits.csv"), NULL, &ds, g_msg,
                                      sizeof g_msg),
                     TKM_OK);
    assert_int_equal(ds.n, 200000);
    tkm_dataset_free(&ds);
}

/* A fit: Elkan's n x k lower bounds of 4000 points and 300 centroids pass
 * 4 MiB in either precision and are refused, bytes said; Lloyd and
 * Hamerly run on the same data. */
static void test_fit(void **state)
{
    (void)state;
    const size_t n = 4000, k = 300;
    tkm_dataset ds;
    tkm_result r;
    assert_int_equal(tkm_generate_blobs(n, 2, 10, 1.0, 10.0, 7, &ds, NULL,
                                        g_msg, sizeof g_msg),
                     TKM_OK);
    tkm_params p = fit_params(k, TKM_ELKAN, TKM_SEQ, TKM_EMPTY_KEEP);
    /* u, h (k x k), s and t; the lazy bounds' drift sums (65 rows of
     * k); l (n x k) and the shrinks (64 rows of k) as floats in either
     * precision; a byte a point */
    const size_t bounds = (n + k * k + 2 * k + 65 * k) * sizeof(tkm_real) +
                          (n * k + 64 * k) * sizeof(float) + n;
    assert_refused(tkm_fit(&ds, ds.x, &p, &r, g_msg, sizeof g_msg), bounds,
                   LIMIT_TEXT);
    assert_has(g_msg, "elkan");
    assert_null(r.labels);
    for (int a = 0; a < 2; a++) {
        p.algorithm = a ? TKM_HAMERLY : TKM_LLOYD;
        r = fit_with(&ds, ds.x, &p);
        assert_true(r.iterations >= 1);
        tkm_result_free(&r);
    }
    tkm_dataset_free(&ds);
}

/* tkm_predict's per-thread distances of a chunk of points (256 points
 * to 5000 centroids pass 4 MiB in either precision), the quality scores'
 * clusters by label, the starts' scratch: each refused above the
 * limit. */
static void test_predict_score_init(void **state)
{
    (void)state;
    const size_t k = 5000, n = 10;
    double *c = calloc(k, sizeof *c), *dist = calloc(n * k, sizeof *dist);
    double x[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    int32_t lab[10] = {0, 0, 0, 0, 0, 600000, 600000, 600000, 600000, 1};
    tkm_dataset ds = {.n = n, .d = 1, .x = x};
    assert_non_null(c);
    assert_non_null(dist);
    assert_refused(tkm_predict(&ds, c, k, TKM_PREC_ENUM, 0, lab, dist, g_msg,
                               sizeof g_msg),
                   0, LIMIT_TEXT);
    assert_has(g_msg, "distances");
    double v;
    assert_refused(tkm_calinski_harabasz(&ds, lab, 600001, &v, g_msg,
                                         sizeof g_msg),
                   (600001 + 2 * n) * sizeof(size_t), LIMIT_TEXT);
    free(dist);
    free(c);
    /* random starts shuffle every row's index: 600000 of them */
    double *big = calloc(600000, sizeof *big), start[1];
    assert_non_null(big);
    tkm_dataset many = {.n = 600000, .d = 1, .x = big};
    assert_refused(tkm_init_centroids(&many, 1, TKM_INIT_RANDOM, 0, 1, start,
                                      g_msg, sizeof g_msg),
                   600000 * sizeof(size_t), LIMIT_TEXT);
    assert_has(g_msg, "init");
    free(big);
}

/* tkm_memory_limit_set: a lower limit, named in the message; 0 and more
 * than the machine has both give the machine's memory. */
static void test_limit_set(void **state)
{
    (void)state;
    tkm_dataset ds;
    size_t lim, phys;
    tkm_memory_limit_set((size_t)1 << 20);
    assert_refused(tkm_generate_uniform(200, 1000, 1.0, 1, &ds, g_msg,
                                        sizeof g_msg),
                   200 * 1000 * sizeof(double),
                   "the limit of 1048576 bytes (1.00 MiB) that "
                   "tkm_memory_limit_set() sets");
    tkm_memory_limit_set(SIZE_MAX);
    assert_int_equal(tkm_memory_limit(&lim, &phys, NULL, 0), TKM_OK);
    assert_int_equal(lim, phys);
    tkm_memory_limit_set(0);
    assert_int_equal(tkm_memory_limit(&lim, &phys, NULL, 0), TKM_OK);
    assert_int_equal(lim, phys);
    assert_int_equal(tkm_generate_uniform(1000, 1000, 1.0, 1, &ds, g_msg,
                                          sizeof g_msg),
                     TKM_OK);
    tkm_dataset_free(&ds);
    tkm_memory_limit_set(LIMIT);
}

/* The blocks made since at_mark() that are still live: none, or the
 * test fails naming the solver, the failed allocation (0: none) and the
 * first block left. */
static void expect_no_leak(const tkm_params *p, size_t nth, size_t count)
{
    size_t size, first;
    size_t left = at_left(&size, &first);
    char which[64];
    if (!left)
        return;
    if (nth)
        snprintf(which, sizeof which, "allocation %zu of %zu failed", nth,
                 count);
    else
        snprintf(which, sizeof which, "the whole run (%zu allocations)",
                 count);
    fail_msg("[%s] %s/%s, %s: %zu blocks left behind, the first of %zu "
             "bytes (allocation %zu of the run)", TKM_PREC_NAME,
             tkm_algorithm_name(p->algorithm), tkm_form_name(p->form), which,
             left, size, first);
}

/* Out of memory at each allocation of one solver's fit in turn
 * (tkmi_fault_set: the nth fails): every one ends the fit with
 * TKM_ENOMEM, "out of memory" said and no result, never a result with a
 * part missing (a NaN inertia), and leaves no block behind; the
 * allocations of the start (tol), of every iteration's inertia and of
 * the statistics rows included; or, for what the run can do without (the
 * screening's scratch: the scans are then direct), the same result as
 * without the fault, bit for bit.  Then the fit runs as before.  The
 * start is init's first k rows. */
static void fault_each(const tkm_dataset *ds, const double *init,
                       const tkm_params *p)
{
    tkm_result r;
    /* a first fit sets up what the process keeps (a CUDA context) */
    tkmi_fault_set(0);
    r = fit_with(ds, init, p);
    tkm_result_free(&r);
    const size_t mark = at_mark();
    tkmi_fault_set(0);
    r = fit_with(ds, init, p);
    tkm_result_free(&r);
    const size_t count = tkmi_fault_count(), made = at_made_since(mark);
    expect_no_leak(p, 0, count);
    /* every block made went through the allocators that the hook counts,
     * so every failure path is reached (the CUDA runtime, linked
     * statically, makes blocks of its own) */
    if (p->form == TKM_SEQ || p->form == TKM_OMP)
        if (made != count)
            fail_msg("[%s] %s/%s: %zu allocations made, %zu of them "
                     "through tkmi_alloc and its kin (the rest cannot "
                     "be made to fail)", TKM_PREC_NAME,
                     tkm_algorithm_name(p->algorithm), tkm_form_name(p->form),
                     made, count);
    /* the result, the solver's state, the sums: several at least */
    assert_true(count >= 8);
    tkm_result base = fit_with(ds, init, p);
    for (size_t nth = 1; nth <= count; nth++) {
        tkmi_fault_set(nth);
        at_mark();
        g_msg[0] = 0;
        tkm_status st = tkm_fit(ds, init, p, &r, g_msg, sizeof g_msg);
        if (st == TKM_OK && r.iterations == base.iterations &&
            !memcmp(r.labels, base.labels, ds->n * sizeof *r.labels) &&
            !memcmp(r.centroids, base.centroids,
                    p->k * ds->d * sizeof *r.centroids)) {
            tkm_result_free(&r);
            expect_no_leak(p, nth, count);
            continue;
        }
        if (st != TKM_ENOMEM || !strstr(g_msg, "out of memory") ||
            r.labels || r.centroids)
            fail_msg("[%s] %s/%s, allocation %zu of %zu failed: status %d, "
                     "labels %p, message \"%s\"", TKM_PREC_NAME,
                     tkm_algorithm_name(p->algorithm), tkm_form_name(p->form),
                     nth, count, (int)st, (void *)r.labels, g_msg);
        expect_no_leak(p, nth, count);
    }
    tkmi_fault_set(0);
    r = fit_with(ds, init, p);
    assert_true(r.inertia >= 0.0);
    tkm_result_free(&r);
    tkm_result_free(&base);
}

/* The fault loop over every algorithm in every form it has: seq and omp
 * (two threads) everywhere, the CUDA forms where a device is (said where
 * none is, not left out silently). */
static void test_fault_each(void **state)
{
    (void)state;
    tkm_dataset ds;
    char why[256];
    int ran = 0;
    assert_int_equal(tkm_generate_blobs(3000, 2, 5, 1.0, 10.0, 11, &ds, NULL,
                                        g_msg, sizeof g_msg),
                     TKM_OK);
    for (int f = 0; f < TKM_NFORM; f++) {
        if (tkm_form_available((tkm_form)f, why, sizeof why) != TKM_OK) {
            print_message("[%s] fault loop: %s not here: %s\n",
                          TKM_PREC_NAME, tkm_form_name((tkm_form)f), why);
            continue;
        }
        for (int a = 0; a < TKM_NALGO; a++) {
            if (!tkmi_alg_has_form((tkm_algorithm)a, (tkm_form)f, NULL, 0))
                continue; /* a CPU-only algorithm in a CUDA form */
            tkm_params p = fit_params(5, (tkm_algorithm)a, (tkm_form)f,
                                      TKM_EMPTY_FARTHEST);
            p.tol = 1e-4;
            p.inertia_each_iter = 1;
            p.threads = 2;
            fault_each(&ds, ds.x, &p);
            ran++;
            if (f == TKM_SEQ || f == TKM_OMP) { /* the same points sparse */
                csr_copy c = csr_of(ds.x, ds.n, ds.d, TKM_PREC == 32, f, 0);
                fault_each(&c.ds, ds.x, &p);
                csr_free(&c);
            }
        }
    }
    /* seq and omp at least: the loop cannot pass having run nothing */
    assert_true(ran >= 2 * TKM_NALGO);
    /* the screened scans of dense points, whose scratch (the products,
     * the shifted float centroids and the points kept shifted for the
     * run) the run can do without: refused, the same bits */
    static const tkm_algorithm scr[] = {TKM_LLOYD, TKM_HAMERLY};
    for (int f = TKM_SEQ; f <= TKM_OMP; f++)
        for (size_t a = 0; a < sizeof scr / sizeof scr[0]; a++) {
            tkm_params p = fit_params(5, scr[a], (tkm_form)f,
                                      TKM_EMPTY_FARTHEST);
            p.tol = 1e-4;
            p.inertia_each_iter = 1;
            p.threads = 2;
            p.screen = TKM_SCREEN_ON;
            fault_each(&ds, ds.x, &p);
        }
    tkm_dataset_free(&ds);
}

int main(void)
{
    /* before the library's first use: it reads the variable once */
    setenv("TKM_MEMORY_LIMIT", "4M", 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_limit),
        cmocka_unit_test(test_generate),
        cmocka_unit_test(test_read),
        cmocka_unit_test(test_fit),
        cmocka_unit_test(test_predict_score_init),
        cmocka_unit_test(test_limit_set),
        cmocka_unit_test(test_fault_each),
    };
    return cmocka_run_group_tests_name("mem (" TKM_PREC_NAME ")", tests,
                                       setup_dir, remove_dir);
}
