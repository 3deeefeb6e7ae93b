/*
 * The exact screening of the full scans (src/common/screen.c): with the
 * screen on, Lloyd and Hamerly must give the direct scan's labels,
 * iterations and centroids bit for bit, and Hamerly its pruning counts
 * (its bounds come from the screened distances), ties and large offsets
 * included, where the matrix product cannot decide and the direct
 * distances must, and values whose squares overflow; Lloyd counts n * k
 * screened pairs per iteration, Hamerly n * k in its first and its
 * recomputations' after; never more rechecked than screened; refused
 * where it does not run.  Built for f32 and f64; skipped in a build
 * without OpenBLAS.
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

#include "algs.h"
#include "fit_harness.h"
#include "internal.h"
#include "kern.h"
#include "solver.h"

/* n x d points: blob centres uniform in [-box, box] plus N(0, 1) noise,
 * shifted by offset in every coordinate; or (grid) small integers plus
 * offset, every point repeated, so that exact distance ties abound. */
static tkm_dataset make_data(size_t n, size_t d, double offset, int grid,
                             uint64_t seed)
{
    tkm_dataset ds = {.n = n, .d = d, .x = NULL};
    ds.x = malloc(n * d * sizeof *ds.x);
    assert_non_null(ds.x);
    uint64_t st = seed * 2654435761u + 1;
    for (size_t i = 0; i < n * d; i++) {
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        double u = (double)(st >> 11) / 9007199254740992.0;
        if (grid)
            ds.x[i] = offset + (double)(int)(u * 4.0);
        else
            ds.x[i] = offset + 10.0 * (double)((i / d) % 7) +
                      (u - 0.5) * 3.0;
    }
    if (grid)
        for (size_t i = 1; i < n; i += 2) /* every odd row repeats */
            memcpy(ds.x + i * d, ds.x + (i - 1) * d, d * sizeof *ds.x);
    return ds;
}

/* What compare() expects of the screened run besides the same bits. */
enum {
    EXPECT_NONE = 0,
    EXPECT_RECHECK = 1, /* some direct distance taken (the product cannot
                           decide everywhere) */
    EXPECT_LATER = 2,   /* Hamerly: a later iteration screened too */
    EXPECT_GAPS = 4,    /* iterations may scan directly (centroids whose
                           norms overflow) */
};

/* Lloyd or Hamerly, seq or omp, with the screen off and on: the same
 * bits, the same counters. */
static void compare(const tkm_dataset *ds, size_t k, tkm_algorithm alg,
                    tkm_form form, tkm_init_method init_m, int expect,
                    const char *what)
{
    double *init = malloc(k * ds->d * sizeof *init);
    char msg[512];
    assert_non_null(init);
    assert_int_equal(tkm_init_centroids(ds, k, init_m, 0, 5, init, msg,
                                        sizeof msg),
                     TKM_OK);
    tkm_params p = fit_params(k, alg, form, TKM_EMPTY_KEEP);
    p.threads = 2;
    p.screen = TKM_SCREEN_OFF;
    tkm_result a = fit_with(ds, init, &p);
    p.screen = TKM_SCREEN_ON;
    tkm_result b = fit_with(ds, init, &p);
    const char *an = tkm_algorithm_name(alg);
    if (a.iterations != b.iterations)
        fail_msg("%s, %s (%s): %d iterations direct, %d screened", what, an,
                 TKM_PREC_NAME, a.iterations, b.iterations);
    for (size_t i = 0; i < ds->n; i++)
        if (a.labels[i] != b.labels[i])
            fail_msg("%s, %s (%s): point %zu has label %d direct, %d "
                     "screened",
                     what, an, TKM_PREC_NAME, i, a.labels[i], b.labels[i]);
    assert_memory_equal(a.centroids, b.centroids,
                        k * ds->d * sizeof *a.centroids);
    uint64_t re = 0, later = 0;
    const uint64_t nk = (uint64_t)ds->n * k;
    for (int it = 0; it < b.iterations; it++) {
        const tkm_iter_stats *r = &b.iters[it], *q = &a.iters[it];
        if (k < 2) /* nothing to screen: the direct scan */
            assert_true(r->screened == 0);
        else if (alg == TKM_LLOYD || it == 0) {
            if (r->screened != nk &&
                !((expect & EXPECT_GAPS) && r->screened == 0))
                fail_msg("%s, %s (%s): iteration %d screened %llu pairs",
                         what, an, TKM_PREC_NAME, it,
                         (unsigned long long)r->screened);
        }
        else
            /* the failing points' scans, and the centroid pairs */
            assert_true(r->screened <=
                        r->dist_pc + ds->n + (uint64_t)k * (k - 1));
        /* a row whose chosen distances overflow is scanned again */
        assert_true(r->rechecked <= 2 * r->screened);
        assert_true(r->dist_pc == q->dist_pc);
        assert_true(r->changed == q->changed);
        assert_true(r->pruned_points == q->pruned_points);
        assert_true(q->screened == 0);
        re += r->rechecked;
        later += it > 0 ? r->screened : 0;
    }
    if ((expect & EXPECT_RECHECK) && re == 0)
        fail_msg("%s, %s (%s): no direct distance was taken, though the "
                 "product cannot decide here", what, an, TKM_PREC_NAME);
    if ((expect & EXPECT_LATER) && later == 0)
        fail_msg("%s, %s (%s): no recomputation was screened", what, an,
                 TKM_PREC_NAME);
    tkm_result_free(&a);
    tkm_result_free(&b);
    free(init);
}

/* compare() for every algorithm that screens: the sequential form from
 * seq_init, the OpenMP form from k-means++. */
static void compare_each(const tkm_dataset *ds, size_t k,
                         tkm_init_method seq_init, int expect,
                         const char *what)
{
    for (int i = 0; i < TKM_NALGO; i++) {
        const tkm_algorithm a = (tkm_algorithm)i;
        if (!tkmi_alg_has(a, TKMI_CAP_SCREEN))
            continue;
        compare(ds, k, a, TKM_SEQ, seq_init, expect, what);
        compare(ds, k, a, TKM_OMP, TKM_INIT_KMEANSPP, expect, what);
    }
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
    /* the blobs' mean near 30 in every coordinate (float runs take
     * products of shifted points) and near 0 (the offset small beside the
     * spread: float runs take the points themselves, screen.c) */
    for (size_t s = 0; s < 2 * sizeof shapes / sizeof shapes[0]; s++) {
        const size_t *sh = shapes[s / 2];
        const double offset = s % 2 ? -30.0 : 0.0;
        tkm_dataset ds = make_data(sh[0], sh[1], offset, 0, s / 2 + 1);
        char what[80];
        snprintf(what, sizeof what, "blobs %zu x %zu, k = %zu, offset %g",
                 sh[0], sh[1], sh[2], offset);
        compare(&ds, sh[2], TKM_LLOYD, TKM_SEQ, TKM_INIT_KMEANSPP,
                EXPECT_NONE, what);
        compare(&ds, sh[2], TKM_LLOYD, TKM_OMP, TKM_INIT_RANDOM, EXPECT_NONE,
                what);
        /* Hamerly recomputes only with a second centroid */
        compare(&ds, sh[2], TKM_HAMERLY, TKM_SEQ, TKM_INIT_RANDOM,
                sh[2] > 1 ? EXPECT_LATER : EXPECT_NONE, what);
        compare(&ds, sh[2], TKM_HAMERLY, TKM_OMP, TKM_INIT_KMEANSPP,
                EXPECT_NONE, what);
        tkm_dataset_free(&ds);
    }
}

/* Small integers, every point twice: many centroids at exactly the same
 * distance from a point; the lowest index must win, as in the scan.  The
 * integers 0 to 3 (shifted products in float runs), and less 1.5 (about
 * centred: the points themselves). */
static void test_ties(void **state)
{
    (void)state;
    if (no_blas())
        skip();
    for (size_t t = 0; t < 6; t++) {
        const size_t d = 1 + 4 * (t / 2);
        tkm_dataset ds = make_data(2000, d, t % 2 ? -1.5 : 0.0, 1, d);
        compare(&ds, 12, TKM_LLOYD, TKM_SEQ, TKM_INIT_RANDOM, EXPECT_RECHECK,
                "integer grid");
        compare(&ds, 12, TKM_HAMERLY, TKM_SEQ, TKM_INIT_RANDOM,
                EXPECT_RECHECK, "integer grid");
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
    compare_each(&ds, 7, TKM_INIT_KMEANSPP, EXPECT_RECHECK, "large offset");
    tkm_dataset_free(&ds);
}

/* Some points far out, where |x|^2 overflows the double norms (f64) or
 * x.c the float products (f32): those rows, and iterations whose
 * centroids are that far, take the direct scan, with the same bits. */
static void test_overflow(void **state)
{
    (void)state;
    if (no_blas())
        skip();
    tkm_dataset ds = make_data(3000, 8, 0.0, 0, 11);
    /* just below the largest magnitude a run takes (tkmi_value_limit) */
    const double far = 0.99 / 1.004 * sqrt((double)TKM_REAL_MAX / 64.0);
    for (size_t i = 0; i < ds.n; i += 97)
        for (size_t j = 0; j < ds.d; j++)
            ds.x[i * ds.d + j] = far * (j % 2 ? 1.0 : -0.5) *
                                 (1.0 + 1e-3 * (double)(i % 5));
    compare_each(&ds, 9, TKM_INIT_RANDOM, EXPECT_GAPS, "far points");
    tkm_dataset_free(&ds);
}

/* A one-thread screening state of the n points x and the k centroids c
 * (d columns), the centroids packed for the scan kernel: what
 * screen_begin answered. */
static int screen_state(TKM_FN(tkmi_cpu) *s, tkm_real *x, size_t n,
                        size_t d, tkm_real *c, size_t k)
{
    memset(s, 0, sizeof *s);
    s->x = x;
    s->n = n;
    s->d = d;
    s->k = k;
    s->threads = s->threads_max = 1;
    s->c = c;
    s->kern = TKM_FN(tkmi_kern_get)();
    s->screen = 1;
    assert_int_equal(TKM_FN(tkmi_kc_init)(&s->kc, k, d), TKM_OK);
    TKM_FN(tkmi_kc_pack)(&s->kc, s->c);
    return TKM_FN(tkmi_screen_begin)(s);
}

static void screen_done(TKM_FN(tkmi_cpu) *s)
{
    TKM_FN(tkmi_screen_end)(s);
    TKM_FN(tkmi_screen_release)(s);
    TKM_FN(tkmi_kc_free)(&s->kc);
}

/* Dense points' products are taken in float, of the points less a
 * shift: a point beyond float's range there (its float values infinite)
 * takes the direct scan, and centroids beyond it leave the iteration to
 * the direct scan; the bits stay the direct run's.  In float runs the
 * same data at a scale float holds. */
static void test_float_range(void **state)
{
    (void)state;
    if (no_blas())
        skip();
    tkm_dataset ds = make_data(3000, 8, 0.0, 0, 13);
    const double big = TKM_PREC == 64 ? 1e40 : 1e15;
    for (size_t j = 0; j < ds.d; j++) /* one point far away */
        ds.x[1234 * ds.d + j] = big * (j % 2 ? 1.0 : -0.7);
    compare_each(&ds, 9, TKM_INIT_RANDOM, EXPECT_GAPS,
                 "a point beyond float");
    tkm_dataset_free(&ds);
}

/* Points a few roundings of the run's precision off the bisector of two
 * centroids: the direct scan tells the two apart, a product in float
 * cannot (in a double run), so only a bound of float's size keeps the
 * direct scan's labels and distances (the screen as a stand-in for
 * kern->scan, as below). */
static void near_ties_at(size_t D)
{
    enum { N = 600, K = 8, DMAX = 20 };
    tkm_real x[(N + K) * DMAX], *c = x + N * D;
    uint64_t st = 99;
    for (size_t q = 0; q < K * D; q++) { /* centroids along a line, 10
                                             apart, on small integers */
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        const int step = q % D ? 0 : 10 * (int)(q / D);
        c[q] = (tkm_real)((int)((st >> 33) % 4) + step);
    }
    for (size_t i = 0; i < N; i++) { /* near the bisector of neighbours */
        const size_t a = i % (K - 1), b = a + 1;
        const double t = (i % 2 ? 1.0 : -1.0) * (double)(1 + i % 5) * 64.0 *
                         (double)TKM_EPS;
        for (size_t q = 0; q < D; q++) {
            const double ca = (double)c[a * D + q], cb = (double)c[b * D + q];
            x[i * D + q] = (tkm_real)(0.5 * (ca + cb) + t * (cb - ca));
        }
    }
    TKM_FN(tkmi_cpu) s;
    assert_int_equal(screen_state(&s, x, N, D, c, K), 1);
    for (int two = 0; two < 2; two++) {
        int32_t la[N], lb[N];
        tkm_real a1[N], a2[N], b1[N], b2[N];
        TKM_FN(tkmi_scan_out) oa = {.lab = la, .b1 = two ? a1 : NULL,
                                    .b2 = two ? a2 : NULL};
        TKM_FN(tkmi_scan_out) ob = {.lab = lb, .b1 = two ? b1 : NULL,
                                    .b2 = two ? b2 : NULL};
        uint64_t sc = 0, re = 0;
        s.kern->scan(&s.kc, s.x, NULL, N, &oa);
        TKM_FN(tkmi_screen_scan)(&s, 0, NULL, N, &ob, &sc, &re);
        for (size_t i = 0; i < N; i++)
            if (la[i] != lb[i])
                fail_msg("%s, d = %zu: point %zu has label %d direct, %d "
                         "screened",
                         TKM_PREC_NAME, D, i, la[i], lb[i]);
        if (two) {
            assert_memory_equal(a1, b1, sizeof a1);
            assert_memory_equal(a2, b2, sizeof a2);
        }
        /* in double the points lie far inside float's rounding: each
         * point's two nearest taken directly (in float some are told
         * apart by the shifted products) */
        if (TKM_PREC == 64)
            assert_true(re >= N);
    }
    /* labels alone from a hint (Lloyd's last labels: screen_sel_f): the
     * nearest itself, its neighbour on the line, the farthest centroid;
     * the direct scan's labels each time */
    int32_t la[N], lb[N], hint[N];
    TKM_FN(tkmi_scan_out) oa = {.lab = la};
    s.kern->scan(&s.kc, s.x, NULL, N, &oa);
    for (int h = 0; h < 3; h++) {
        for (size_t i = 0; i < N; i++)
            hint[i] = h == 0   ? la[i]
                      : h == 1 ? (la[i] + 1) % K
                               : (la[i] < K / 2 ? K - 1 : 0);
        TKM_FN(tkmi_scan_out) ob = {.lab = lb, .hint = hint};
        uint64_t sc = 0, re = 0;
        TKM_FN(tkmi_screen_scan)(&s, 0, NULL, N, &ob, &sc, &re);
        for (size_t i = 0; i < N; i++)
            if (la[i] != lb[i])
                fail_msg("%s, d = %zu, hint %d: point %zu has label %d "
                         "direct, %d screened",
                         TKM_PREC_NAME, D, h, i, la[i], lb[i]);
        assert_true(sc == (uint64_t)N * K);
        /* the nearest as the hint passes its own threshold, so no row
         * falls to the direct scan (K rechecked): at most the two tied
         * centroids a row (a threshold too tight shows here first; the
         * labels stay right through the direct scan) */
        if (h == 0 && re > 2 * (uint64_t)N)
            fail_msg("%s, d = %zu: %llu pairs rechecked from the nearest "
                     "as hint, more than 2 a point",
                     TKM_PREC_NAME, D, (unsigned long long)re);
    }
    screen_done(&s);
}

/* near_ties_at at d = 4, 12 and 20: the hint's product in its three
 * shapes (one chain a coordinate; a second coordinate on the first
 * chains; whole vectors and a rest) */
static void test_near_ties(void **state)
{
    (void)state;
    if (no_blas())
        skip();
    near_ties_at(4);
    near_ties_at(12);
    near_ties_at(20);
}

/* The screened scan as a stand-in for kern->scan, and Hamerly's
 * centroid gaps against every pair, field by field: coordinates at a
 * large offset with a spread of a few units, where the product cannot
 * order the centroids and only a sound bound keeps the bits (a run's
 * counters need not show a wrong gap: the lower bound often decides). */
static void test_stand_in(void **state)
{
    (void)state;
    if (no_blas())
        skip();
    const size_t n = 700, d = 16, k = 60;
    const double offs[] = {0.0, TKM_PREC == 32 ? 1e6 : 1e8};
    for (size_t oi = 0; oi < 2; oi++) {
        tkm_dataset ds = make_data(n + k, d, offs[oi], 0, 21 + oi);
        tkm_real *x = malloc((n + k) * d * sizeof *x);
        assert_non_null(x);
        for (size_t i = 0; i < (n + k) * d; i++)
            x[i] = (tkm_real)(ds.x[i] + (double)(i % 3)); /* no twins */
        TKM_FN(tkmi_cpu) s; /* the last k rows are the centroids */
        assert_int_equal(screen_state(&s, x, n, d, x + n * d, k), 1);
        int32_t la[700], lb[700];
        tkm_real a1[700], a2[700], b1[700], b2[700];
        size_t idx[700];
        for (size_t i = 0; i < n; i++)
            idx[i] = (i * 7) % n; /* a list, in another order */
        for (int list = 0; list < 2; list++) {
            TKM_FN(tkmi_scan_out) oa = {.lab = la, .b1 = a1, .b2 = a2};
            TKM_FN(tkmi_scan_out) ob = {.lab = lb, .b1 = b1, .b2 = b2};
            uint64_t sc = 0, re = 0;
            s.kern->scan(&s.kc, s.x, list ? idx : NULL, n, &oa);
            TKM_FN(tkmi_screen_scan)(&s, 0, list ? idx : NULL, n, &ob, &sc,
                                     &re);
            assert_true(sc == (uint64_t)n * k);
            assert_true(re >= 2 * n); /* nearest and second nearest */
            assert_memory_equal(la, lb, n * sizeof *la);
            assert_memory_equal(a1, b1, n * sizeof *a1);
            assert_memory_equal(a2, b2, n * sizeof *a2);
        }
        tkm_real g[60];
        uint64_t sc = 0, re = 0;
        TKM_FN(tkmi_screen_gaps)(&s, 0, k, g, &sc, &re);
        assert_true(sc == (uint64_t)k * (k - 1));
        for (size_t c = 0; c < k; c++) {
            tkm_real m = (tkm_real)INFINITY;
            for (size_t o = c + 1; o < k; o++) {
                tkm_real v = s.kern->dist2(s.c + c * d, s.c + o * d, d);
                m = v < m ? v : m;
            }
            for (size_t o = 0; o < c; o++) {
                tkm_real v = s.kern->dist2(s.c + o * d, s.c + c * d, d);
                m = v < m ? v : m;
            }
            if (memcmp(&m, &g[c], sizeof m))
                fail_msg("offset %g (%s): centroid %zu's gap %.17g, every "
                         "pair %.17g",
                         offs[oi], TKM_PREC_NAME, c, (double)g[c],
                         (double)m);
        }
        screen_done(&s);
        free(x);
        tkm_dataset_free(&ds);
    }
}

/* A point whose products and norm are finite but whose distances to
 * every centroid overflow the precision: the scan's label is the first
 * centroid (all at +inf), not the one the product ranks nearest.  Dense
 * points take their products in float, of shifted values, and centroids
 * beyond float's range there leave the whole iteration to the direct
 * scan: screen_begin must refuse it.  (The row-level fallback below that,
 * a row whose threshold or chosen distances leave the range, is left to
 * the runs of compare(): test_overflow, test_float_range.) */
static void test_beyond_range(void **state)
{
    (void)state;
    if (no_blas())
        skip();
    const size_t d = 2, k = 5;
    const double far = sqrt(0.8 * (double)TKM_REAL_MAX);
    tkm_real x[2 * 6];
    x[0] = (tkm_real)far; /* the point */
    x[1] = 0;
    for (size_t j = 0; j < k; j++) { /* the last centroid ranks nearest */
        x[2 + 2 * j] = (tkm_real)(-0.2 * far * (1.0 + 0.01 * (double)(k - j)));
        x[3 + 2 * j] = 1;
    }
    TKM_FN(tkmi_cpu) s;
    assert_int_equal(screen_state(&s, x, 1, d, x + d, k), 0);
    screen_done(&s);
}

static void test_refused(void **state)
{
    (void)state;
    char msg[256];
    tkm_params p = fit_params(3, TKM_ELKAN, TKM_SEQ, TKM_EMPTY_KEEP);
    p.screen = TKM_SCREEN_ON;
    assert_int_equal(tkm_params_check(&p, 10, 2, msg, sizeof msg),
                     TKM_ENOTSUP);
    p = fit_params(3, TKM_HAMERLY, TKM_CUDA_SHARED, TKM_EMPTY_KEEP);
    p.screen = TKM_SCREEN_ON;
    assert_int_equal(tkm_params_check(&p, 10, 2, msg, sizeof msg),
                     TKM_ENOTSUP);
    p.screen = (tkm_screen)7;
    assert_int_equal(tkm_params_check(&p, 10, 2, msg, sizeof msg),
                     TKM_EINVAL);
    /* the names the command and the Python package take */
    static const tkm_screen all[] = {TKM_SCREEN_AUTO, TKM_SCREEN_OFF,
                                     TKM_SCREEN_ON};
    for (size_t i = 0; i < 3; i++) {
        tkm_screen back = (tkm_screen)7;
        assert_int_equal(tkm_screen_parse(tkm_screen_name(all[i]), &back), 0);
        assert_int_equal(back, all[i]);
    }
    assert_string_equal(tkm_screen_name(TKM_SCREEN_ON), "on");
    tkm_screen back = TKM_SCREEN_ON;
    assert_int_equal(tkm_screen_parse("yes", &back), -1);
    assert_int_equal(back, TKM_SCREEN_ON);
}

/* --screen auto screens where fit.md says it does: from d = 256 (k >= 64)
 * in both precisions; Lloyd and Hamerly with k >= 1000 from d = 32 (f32)
 * and d = 16 (f64); Lloyd from the pairs (d, k) of TKMI_SCREEN_LLOYD:
 * (32, 64), (8, 100) in f64, (64, 64), (32, 100), (8, 400)
 * in f32; nowhere else.  One iteration each, its first scan screened or
 * not. */
static void test_auto(void **state)
{
    (void)state;
    if (no_blas())
        skip();
    static const struct {
        size_t d, k;
        tkm_algorithm a;
        int f64, f32; /* screens in that precision */
    } cases[] = {
        {256, 64, TKM_LLOYD, 1, 1},    {256, 63, TKM_LLOYD, 0, 0},
        {255, 64, TKM_HAMERLY, 0, 0},  {32, 1000, TKM_LLOYD, 1, 1},
        {32, 1000, TKM_HAMERLY, 1, 1}, {31, 1000, TKM_HAMERLY, 1, 0},
        {32, 999, TKM_HAMERLY, 0, 0},  {64, 64, TKM_LLOYD, 1, 1},
        {64, 64, TKM_HAMERLY, 0, 0},   {63, 64, TKM_LLOYD, 1, 0},
        {64, 63, TKM_LLOYD, 0, 0},     {32, 1000, TKM_ANNULUS, 0, 0},
        {32, 100, TKM_LLOYD, 1, 1},    {32, 99, TKM_LLOYD, 1, 0},
        {31, 100, TKM_LLOYD, 1, 0},    {32, 100, TKM_HAMERLY, 0, 0},
        {32, 64, TKM_LLOYD, 1, 0},     {32, 63, TKM_LLOYD, 0, 0},
        {31, 64, TKM_LLOYD, 0, 0},     {16, 100, TKM_LLOYD, 1, 0},
        {15, 100, TKM_LLOYD, 1, 0},    {16, 99, TKM_LLOYD, 0, 0},
        {16, 400, TKM_LLOYD, 1, 1},    {15, 400, TKM_LLOYD, 1, 1},
        {16, 399, TKM_LLOYD, 1, 0},    {8, 400, TKM_LLOYD, 1, 1},
        {7, 400, TKM_LLOYD, 0, 0},     {8, 399, TKM_LLOYD, 1, 0},
        {8, 100, TKM_LLOYD, 1, 0},     {8, 99, TKM_LLOYD, 0, 0},
        {7, 100, TKM_LLOYD, 0, 0},     {8, 1000, TKM_HAMERLY, 0, 0},
        {128, 99, TKM_LLOYD, 1, 1},    {16, 1000, TKM_LLOYD, 1, 1},
        {16, 1000, TKM_HAMERLY, 1, 0}, {15, 1000, TKM_HAMERLY, 0, 0},
        {15, 1000, TKM_LLOYD, 1, 1},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        const size_t d = cases[c].d, k = cases[c].k, n = k + 7;
        const int rule = TKM_PREC == 64 ? cases[c].f64 : cases[c].f32;
        /* the thresholds themselves, on every machine */
        if (TKM_FN(tkmi_screen_wins)(cases[c].a, d, k) != rule)
            fail_msg("%s, d = %zu, k = %zu (%s): the rule says %d",
                     tkm_algorithm_name(cases[c].a), d, k, TKM_PREC_NAME,
                     !rule);
        tkm_dataset ds = make_data(n, d, 0.0, 0, c + 1);
        double *init = malloc(k * d * sizeof *init);
        assert_non_null(init);
        memcpy(init, ds.x, k * d * sizeof *init); /* the first k points */
        tkm_params p = fit_params(k, cases[c].a, TKM_SEQ, TKM_EMPTY_KEEP);
        p.screen = TKM_SCREEN_AUTO;
        p.max_iter = 1;
        tkm_result r = fit_with(&ds, init, &p);
        /* (not where OpenBLAS took kernels narrower than the processor's:
         * there the products lose to the direct scan) */
        const int want = rule && !tkmi_blas_narrow();
        if ((r.iters[0].screened > 0) != want)
            fail_msg("%s, d = %zu, k = %zu (%s): auto screened %llu pairs",
                     tkm_algorithm_name(cases[c].a), d, k, TKM_PREC_NAME,
                     (unsigned long long)r.iters[0].screened);
        tkm_result_free(&r);
        free(init);
        tkm_dataset_free(&ds);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_bits),
        cmocka_unit_test(test_ties),
        cmocka_unit_test(test_large_offset),
        cmocka_unit_test(test_overflow),
        cmocka_unit_test(test_stand_in),
        cmocka_unit_test(test_beyond_range),
        cmocka_unit_test(test_float_range),
        cmocka_unit_test(test_near_ties),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_auto),
    };
    return cmocka_run_group_tests_name("screen_" TKM_PREC_NAME, tests, NULL,
                                       NULL);
}
