/*
 * The exact screening of Lloyd's scan (src/common/screen.c): with the
 * screen on, a run must give the direct scan's labels, iterations and
 * centroids bit for bit (ties and large offsets included, where the
 * matrix product cannot decide and the direct distances must), count
 * n * k screened pairs per iteration and no more rechecked than that, and
 * be refused where it does not run.  Built for f32 and f64; skipped in a
 * build without OpenBLAS.
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

#include <cmocka.h>

#include "fit_harness.h"
#include "internal.h"

/* n x d points: blob centres uniform in [-box, box] plus N(0, 1) noise,
 * shifted by offset in every coordinate; or (grid) small integers, every
 * point repeated, so that exact distance ties abound. */
static tkm_dataset make_data(size_t n, size_t d, double offset, int grid,
                             uint64_t seed)
{
    tkm_dataset ds = {n, d, NULL, NULL};
    ds.x = malloc(n * d * sizeof *ds.x);
    assert_non_null(ds.x);
    uint64_t st = seed * 2654435761u + 1;
    for (size_t i = 0; i < n * d; i++) {
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        double u = (double)(st >> 11) / 9007199254740992.0;
        if (grid)
            ds.x[i] = (double)(int)(u * 4.0);
        else
            ds.x[i] = offset + 10.0 * (double)((i / d) % 7) +
                      (u - 0.5) * 3.0;
    }
    if (grid)
        for (size_t i = 1; i < n; i += 2) /* every odd row repeats */
            memcpy(ds.x + i * d, ds.x + (i - 1) * d, d * sizeof *ds.x);
    return ds;
}

/* Lloyd seq or omp with the screen off and on: the same bits. */
static void compare(const tkm_dataset *ds, size_t k, tkm_form form,
                    tkm_init_method init_m, int expect_recheck,
                    const char *what)
{
    double *init = malloc(k * ds->d * sizeof *init);
    char msg[512];
    assert_non_null(init);
    assert_int_equal(tkm_init_centroids(ds, k, init_m, 0, 5, init, msg,
                                        sizeof msg),
                     TKM_OK);
    tkm_params p = fit_params(k, TKM_LLOYD, form, TKM_EMPTY_KEEP);
    p.threads = 2;
    p.screen = TKM_SCREEN_OFF;
    tkm_result a = fit_with(ds, init, &p);
    p.screen = TKM_SCREEN_ON;
    tkm_result b = fit_with(ds, init, &p);
    if (a.iterations != b.iterations)
        fail_msg("%s (%s): %d iterations direct, %d screened", what,
                 TKM_PREC_NAME, a.iterations, b.iterations);
    for (size_t i = 0; i < ds->n; i++)
        if (a.labels[i] != b.labels[i])
            fail_msg("%s (%s): point %zu has label %d direct, %d screened",
                     what, TKM_PREC_NAME, i, a.labels[i], b.labels[i]);
    assert_memory_equal(a.centroids, b.centroids,
                        k * ds->d * sizeof *a.centroids);
    uint64_t re = 0;
    for (int it = 0; it < b.iterations; it++) {
        const tkm_iter_stats *r = &b.iters[it];
        assert_true(r->screened == (uint64_t)ds->n * k);
        assert_true(r->rechecked <= r->screened);
        assert_true(r->dist_pc == a.iters[it].dist_pc);
        assert_true(a.iters[it].screened == 0);
        re += r->rechecked;
    }
    if (expect_recheck && re == 0)
        fail_msg("%s (%s): no direct distance was taken, though the "
                 "product cannot decide here", what, TKM_PREC_NAME);
    tkm_result_free(&a);
    tkm_result_free(&b);
    free(init);
}

static int no_blas(void)
{
    tkm_params p = fit_params(2, TKM_LLOYD, TKM_SEQ, TKM_EMPTY_KEEP);
    p.screen = TKM_SCREEN_ON;
    char msg[256];
    return tkm_params_check(&p, 10, 2, msg, sizeof msg) == TKM_ENOTSUP;
}

static void test_same_bits(void **state)
{
    (void)state;
    if (no_blas())
        skip();
    static const size_t shapes[][3] = {
        {3000, 1, 5}, {3000, 2, 40}, {5000, 16, 100}, {2000, 100, 64},
        {600, 784, 20}, {4100, 33, 1}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        tkm_dataset ds = make_data(shapes[s][0], shapes[s][1], 0.0, 0,
                                   s + 1);
        char what[64];
        snprintf(what, sizeof what, "blobs %zu x %zu, k = %zu",
                 shapes[s][0], shapes[s][1], shapes[s][2]);
        compare(&ds, shapes[s][2], TKM_SEQ, TKM_INIT_KMEANSPP, 0, what);
        compare(&ds, shapes[s][2], TKM_OMP, TKM_INIT_RANDOM, 0, what);
        tkm_dataset_free(&ds);
    }
}

/* Small integers, every point twice: many centroids at exactly the same
 * distance from a point; the lowest index must win, as in the scan. */
static void test_ties(void **state)
{
    (void)state;
    if (no_blas())
        skip();
    for (size_t d = 1; d <= 9; d += 4) {
        tkm_dataset ds = make_data(2000, d, 0.0, 1, d);
        compare(&ds, 12, TKM_SEQ, TKM_INIT_RANDOM, 1, "integer grid");
        tkm_dataset_free(&ds);
    }
}

/* Coordinates near 1e6 (f32) or 1e8 (f64) with a spread of a few units:
 * |x|^2 - 2 x.c + |c|^2 cancels, the product cannot tell the nearest
 * centroids apart, and the direct distances must decide. */
static void test_large_offset(void **state)
{
    (void)state;
    if (no_blas())
        skip();
    tkm_dataset ds = make_data(3000, 8, TKM_PREC == 32 ? 1e6 : 1e8, 0, 9);
    compare(&ds, 7, TKM_SEQ, TKM_INIT_KMEANSPP, 1, "large offset");
    compare(&ds, 7, TKM_OMP, TKM_INIT_KMEANSPP, 1, "large offset");
    tkm_dataset_free(&ds);
}

static void test_refused(void **state)
{
    (void)state;
    char msg[256];
    tkm_params p = fit_params(3, TKM_ELKAN, TKM_SEQ, TKM_EMPTY_KEEP);
    p.screen = TKM_SCREEN_ON;
    assert_int_equal(tkm_params_check(&p, 10, 2, msg, sizeof msg),
                     TKM_ENOTSUP);
    p = fit_params(3, TKM_LLOYD, TKM_CUDA_SHARED, TKM_EMPTY_KEEP);
    p.screen = TKM_SCREEN_ON;
    assert_int_equal(tkm_params_check(&p, 10, 2, msg, sizeof msg),
                     TKM_ENOTSUP);
    p.screen = (tkm_screen)7;
    assert_int_equal(tkm_params_check(&p, 10, 2, msg, sizeof msg),
                     TKM_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_bits),
        cmocka_unit_test(test_ties),
        cmocka_unit_test(test_large_offset),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests_name("screen_" TKM_PREC_NAME, tests, NULL,
                                       NULL);
}
