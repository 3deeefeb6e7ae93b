/*
 * Every algorithm with bounds (its row has TKMI_CAP_BOUNDS)
 * on the CPU: from the same start they must give Lloyd's
 * labels and iteration count (exactness, ties included), the OpenMP forms
 * must agree bit for bit with the sequential ones for any thread count,
 * and the pruning counters must add up.  Built for f32 and f64.
 */
#include "real.h"

#include <float.h>
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
#include "arith.h"
#include "exponion.h"
#include "fit_harness.h"
#include "internal.h"

static const double TOL = TKM_PREC == 32 ? 1e-4 : 1e-12;

/* The algorithms with bounds (their rows in src/solve/algs.c), in the
 * table's order, and their number. */
static tkm_algorithm PRUNED[TKM_NALGO];
static int NPRUNED;

static int setup_pruned(void **state)
{
    (void)state;
    NPRUNED = 0;
    for (int i = 0; i < TKM_NALGO; i++)
        if (tkmi_alg_has((tkm_algorithm)i, TKMI_CAP_BOUNDS))
            PRUNED[NPRUNED++] = (tkm_algorithm)i;
    return NPRUNED >= 2 ? 0 : -1; /* elkan and hamerly at least */
}

/* The counters of every row must add up (see src/elkan, src/hamerly);
 * no_cc: a run without the centroid-centroid tests. */
static void check_stats_of(const tkm_result *r, int no_cc)
{
    uint64_t n = r->n, k = r->k;
    for (int it = 0; it < r->iterations; it++) {
        const tkm_iter_stats *s = &r->iters[it];
        uint64_t live = n - s->pruned_points;
        assert_true(s->pruned_points <= n);
        if (it == 0 || r->algorithm == TKM_LLOYD) {
            assert_true(s->dist_pc == n * k);
            assert_true(s->dist_cc == 0 && s->pruned_points == 0 &&
                        s->pruned_pairs == 0);
            continue;
        }
        /* each pair once where the row takes the no_cc ablation (its
         * centroid-centroid tests); Exponion's lists take every row
         * whole; Yinyang measures none */
        uint64_t cc = tkmi_alg_has(r->algorithm, TKMI_CAP_NO_CC)
                          ? k * (k - 1) / 2
                      : r->algorithm == TKM_EXPONION ? k * (k - 1)
                                                     : 0;
        assert_true(s->dist_cc == (no_cc ? 0 : cc));
        assert_true(s->t_bound >= 0.0);
        if (r->algorithm == TKM_ELKAN) {
            /* every centroid other than the old one of a live point is
             * pruned or measured; plus at most one tightening each */
            assert_true(s->dist_pc + s->pruned_pairs >= live * (k - 1));
            assert_true(s->dist_pc + s->pruned_pairs <= live * k);
        } else {
            /* one upper bound per point: a live point costs 1 distance
             * (tightened, then pruned), or 1 and each of the k - 1 others
             * measured or pruned by a per-centroid test (Hamerly has
             * none) */
            uint64_t paid = s->dist_pc + s->pruned_pairs;
            if (r->algorithm == TKM_HAMERLY)
                assert_true(s->pruned_pairs == 0);
            assert_true(s->dist_pc >= live);
            if (k > 1)
                assert_true((paid - live) % (k - 1) == 0);
            assert_true(paid <= live * k);
        }
    }
}

static void check_stats(const tkm_result *r)
{
    check_stats_of(r, 0);
}

/* r must be base (a sequential Lloyd run): labels, iterations and the
 * changed count of every iteration equal, centroids within tolerance. */
static void assert_like_lloyd_of(const tkm_result *base, const tkm_result *r,
                                 const char *what, int no_cc)
{
    size_t n = base->n, kd = base->k * base->d;
    if (r->iterations != base->iterations)
        fail_msg("%s (%s): %d iterations, lloyd %d", what, TKM_PREC_NAME,
                 r->iterations, base->iterations);
    for (size_t i = 0; i < n; i++)
        if (r->labels[i] != base->labels[i])
            fail_msg("%s (%s): point %zu labelled %d, lloyd %d", what,
                     TKM_PREC_NAME, i, r->labels[i], base->labels[i]);
    for (int it = 0; it < r->iterations; it++)
        assert_true(r->iters[it].changed == base->iters[it].changed);
    for (size_t i = 0; i < kd; i++)
        if (!(fabs(r->centroids[i] - base->centroids[i]) <=
              TOL * (1 + fabs(base->centroids[i]))))
            fail_msg("%s (%s): centroid value %zu is %.17g, lloyd %.17g",
                     what, TKM_PREC_NAME, i, r->centroids[i],
                     base->centroids[i]);
    assert_int_equal(r->converged, base->converged);
    check_stats_of(r, no_cc);
}

static void assert_like_lloyd(const tkm_result *base, const tkm_result *r,
                              const char *what)
{
    assert_like_lloyd_of(base, r, what, 0);
}

/* Lloyd, then every algorithm with bounds (seq) from the same start. */
static void compare_all(const tkm_dataset *ds, const double *init, size_t k,
                        tkm_empty_policy empty, const char *what)
{
    tkm_result base = fit_or_die(ds, init, k, TKM_LLOYD, TKM_SEQ, 1, empty);
    check_stats(&base);
    for (int i = 0; i < TKM_NALGO; i++) {
        const tkm_algorithm a = (tkm_algorithm)i;
        if (!tkmi_alg_has(a, TKMI_CAP_BOUNDS))
            continue;
        char name[160];
        snprintf(name, sizeof name, "%s, %s", what, tkm_algorithm_name(a));
        tkm_result r = fit_or_die(ds, init, k, a, TKM_SEQ, 1, empty);
        assert_like_lloyd(&base, &r, name);
        tkm_result_free(&r);
    }
    tkm_result_free(&base);
}

/* k distinct rows of the data (their values may coincide). */
static void pick_rows(const tkm_dataset *ds, size_t k, uint64_t seed,
                      double *init)
{
    size_t *idx = malloc(ds->n * sizeof *idx);
    assert_non_null(idx);
    tkmi_rng r;
    tkmi_rng_seed(&r, seed);
    for (size_t i = 0; i < ds->n; i++)
        idx[i] = i;
    for (size_t i = 0; i < k; i++) {
        size_t j = i + (size_t)tkmi_rng_below(&r, ds->n - i);
        size_t t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
        memcpy(init + i * ds->d, ds->x + idx[i] * ds->d,
               ds->d * sizeof *init);
    }
    free(idx);
}

/* tkm_real x with a power-of-two scale 2^lo .. 2^hi and a random sign. */
static tkm_real rnd_real(tkmi_rng *g, int lo, int hi)
{
    double m = 1.0 + tkmi_rng_uniform(g);
    int e = lo + (int)tkmi_rng_below(g, (uint64_t)(hi - lo + 1));
    return (tkm_real)(tkmi_rng_below(g, 2) ? -ldexp(m, e) : ldexp(m, e));
}

/* The rounding-safe helpers of arith.h against exact arithmetic.  grow
 * never falls below u + t and shrink never rises above l - t (the rounding
 * error of the sum is recovered exactly by TwoSum).  From a computed
 * distance D', the upper bound is at least (1 + (d + 2) u) D +
 * sqrt(2 d TKM_TRUE_MIN) (what Lloyd's comparison may lose to rounding,
 * relative and, where squares underflow, absolute) and the lower ones at
 * most D and D / 2, D the exact distance (taken in long double, exact
 * enough: its error is far below the slack of the margin).  Half the
 * samples are so small that their squared differences are subnormal. */
static void test_bound_rounding(void **state)
{
    (void)state;
    tkmi_rng g;
    tkmi_rng_seed(&g, 2024);
    for (int i = 0; i < 200000; i++) {
        tkm_real u = TKM_FABS(rnd_real(&g, -20, 20));
        tkm_real t = TKM_FABS(rnd_real(&g, -20, 20));
        tkm_real up = TKM_FN(tkmi_bnd_grow)(u, t);
        tkm_real s = u + t, bv = s - u, e = (u - (s - bv)) + (t - bv);
        assert_true(up >= s && up - s >= e);
        tkm_real dn = TKM_FN(tkmi_bnd_shrink)(u, t);
        tkm_real mt = -t;
        s = u + mt;
        bv = s - u;
        e = (u - (s - bv)) + (mt - bv);
        assert_true(dn >= 0);
        if (dn > 0)
            assert_true(dn <= s && dn - s <= e);
    }
#if TKM_PREC == 64 && LDBL_MANT_DIG < 64
    skip(); /* no wider type to take exact distances in */
#else
    const size_t dims[] = {1, 2, 3, 8, 50, 300};
    tkm_real x[300], c[300];
    for (size_t a = 0; a < 6; a++) {
        size_t d = dims[a];
        tkm_real upf = TKM_FN(tkmi_bnd_upf)(d), dnf = TKM_FN(tkmi_bnd_dnf)(d);
        tkm_real ab = TKM_FN(tkmi_bnd_abs)(d);
        long double rho = 1.0L + (long double)(d + 2) * TKM_EPS / 2;
        long double lost = sqrtl(2.0L * (long double)d * TKM_TRUE_MIN);
        /* 2^tiny squared is 2^-11 of the smallest normal number */
        const int tiny = (TKM_PREC == 32 ? FLT_MIN_EXP : DBL_MIN_EXP) / 2 - 6;
        for (int i = 0; i < 40000; i++) {
            int small = i % 2;
            tkm_real base = small ? 0 : rnd_real(&g, -4, 10);
            int sc = small ? tiny + (int)tkmi_rng_below(&g, 8)
                           : (int)tkmi_rng_below(&g, 16) - 10;
            long double ex = 0;
            for (size_t j = 0; j < d; j++) {
                x[j] = base + rnd_real(&g, sc - 3, sc);
                c[j] = base + rnd_real(&g, sc - 3, sc);
                long double df = (long double)x[j] - (long double)c[j];
                ex += df * df;
            }
            ex = sqrtl(ex);
            tkm_real dc = TKM_FN(tkmi_dist)(x, 1, c, d);
            if (!((long double)TKM_FN(tkmi_bnd_up)(dc, upf, ab) >=
                  rho * ex + lost))
                fail_msg("d %zu: upper bound %.9Lg from %.9Lg, exact %.9Lg",
                         d, (long double)TKM_FN(tkmi_bnd_up)(dc, upf, ab),
                         (long double)dc, ex);
            if (!((long double)TKM_FN(tkmi_bnd_down)(dc, dnf, ab) <= ex))
                fail_msg("d %zu: lower bound %.9Lg from %.9Lg, exact %.9Lg",
                         d, (long double)TKM_FN(tkmi_bnd_down)(dc, dnf, ab),
                         (long double)dc, ex);
            assert_true((long double)TKM_FN(tkmi_bnd_half)(dc, dnf, ab) <=
                        ex / 2);
        }
    }
#endif
}

/* {0,1,2} and {10,11,12} from 0 and 1: 3 iterations to 1 and 11. */
static void test_hand_two_groups(void **state)
{
    (void)state;
    double x[] = {0, 1, 2, 10, 11, 12};
    tkm_dataset ds = {.n = 6, .d = 1, .x = x};
    double init[] = {0, 1};
    for (int a = 0; a < NPRUNED; a++) {
        tkm_result r = fit_or_die(&ds, init, 2, PRUNED[a], TKM_SEQ, 1,
                                  TKM_EMPTY_KEEP);
        assert_int_equal(r.iterations, 3);
        assert_true(r.converged);
        assert_true(r.centroids[0] == 1.0 && r.centroids[1] == 11.0);
        for (int i = 0; i < 6; i++)
            assert_int_equal(r.labels[i], i < 3 ? 0 : 1);
        tkm_result_free(&r);
    }
    compare_all(&ds, init, 2, TKM_EMPTY_KEEP, "two groups");
}

/* An exact tie after an update.  Points {0, 3, 9} from 0 and 3: the first
 * assignment gives {0} {3, 9}, the centroids move to 0 and 6, and point 3
 * is then exactly halfway.  Lloyd takes the lower index, so 3 must leave
 * centroid 1 although its bounds say "no centroid is closer": a pruning
 * test that passes on equality would keep it.  Then {0, 3} {9}: 1.5, 9.
 * From 3 and 0 instead, the tie favours the centroid 3 already has. */
static void test_hand_exact_tie(void **state)
{
    (void)state;
    double x[] = {0, 3, 9};
    tkm_dataset ds = {.n = 3, .d = 1, .x = x};
    double init[] = {0, 3}, swapped[] = {3, 0};
    for (int a = 0; a < NPRUNED; a++) {
        tkm_result r = fit_or_die(&ds, init, 2, PRUNED[a], TKM_SEQ, 1,
                                  TKM_EMPTY_KEEP);
        assert_int_equal(r.iterations, 3);
        assert_int_equal(r.iters[1].changed, 1);
        assert_int_equal(r.labels[0], 0);
        assert_int_equal(r.labels[1], 0);
        assert_int_equal(r.labels[2], 1);
        assert_true(r.centroids[0] == 1.5 && r.centroids[1] == 9.0);
        tkm_result_free(&r);
        r = fit_or_die(&ds, swapped, 2, PRUNED[a], TKM_SEQ, 1,
                       TKM_EMPTY_KEEP);
        assert_int_equal(r.iterations, 2);
        assert_int_equal(r.labels[1], 0);
        assert_true(r.centroids[0] == 6.0 && r.centroids[1] == 0.0);
        tkm_result_free(&r);
    }
    compare_all(&ds, init, 2, TKM_EMPTY_KEEP, "tie");
    compare_all(&ds, swapped, 2, TKM_EMPTY_KEEP, "tie swapped");
}

/* One centroid: every later point is pruned by the global test. */
static void test_hand_single_centroid(void **state)
{
    (void)state;
    double x[] = {-1, 4, 0.5, 7, 2};
    tkm_dataset ds = {.n = 5, .d = 1, .x = x};
    double init[] = {4};
    for (int a = 0; a < NPRUNED; a++) {
        tkm_result r = fit_or_die(&ds, init, 1, PRUNED[a], TKM_SEQ, 1,
                                  TKM_EMPTY_KEEP);
        assert_int_equal(r.iterations, 2);
        assert_true(r.iters[1].pruned_points == 5);
        assert_true(r.iters[1].dist_pc == 0);
        assert_true(fabs(r.centroids[0] - 2.5) < TOL);
        tkm_result_free(&r);
    }
}

/* n points in truek Gaussian blobs (seed) started from k centroids of
 * method m (iseed): every bound algorithm against Lloyd. */
static void blobs_case(size_t n, size_t d, size_t k, size_t truek,
                       double spread, uint64_t seed, tkm_init_method m,
                       uint64_t iseed)
{
    tkm_dataset ds;
    char msg[256], what[96];
    assert_int_equal(tkm_generate_blobs(n, d, truek, spread, 10, seed, &ds,
                                        NULL, msg, sizeof msg),
                     TKM_OK);
    double *init = malloc(k * d * sizeof *init);
    assert_non_null(init);
    assert_int_equal(tkm_init_centroids(&ds, k, m, 0, iseed, init, msg,
                                        sizeof msg),
                     TKM_OK);
    snprintf(what, sizeof what, "blobs n=%zu d=%zu k=%zu", n, d, k);
    compare_all(&ds, init, k, TKM_EMPTY_KEEP, what);
    free(init);
    tkm_dataset_free(&ds);
}

/* Gaussian blobs over a grid of d and k, both starts. */
static void test_blobs_like_lloyd(void **state)
{
    (void)state;
    const size_t ds_[] = {1, 2, 3, 8, 50, 300}, ks[] = {1, 2, 10, 200};
    uint64_t seed = 1;
    for (size_t a = 0; a < 6; a++)
        for (size_t b = 0; b < 4; b++) {
            size_t d = ds_[a], k = ks[b];
            size_t n = k == 200 ? (d >= 50 ? 400 : 2000)
                                : (d >= 300 ? 1000 : d >= 50 ? 3000 : 5000);
            /* fewer true blobs than k for large k: centroids must share */
            size_t truek = k == 200 ? 25 : k;
            double spread = seed % 2 ? 1.0 : 3.0;
            blobs_case(n, d, k, truek, spread, seed,
                       seed % 3 ? TKM_INIT_RANDOM : TKM_INIT_KMEANSPP, seed);
            seed++;
        }
    /* k = 400: Yinyang's 40 groups, past 2 W in either precision, take
     * its vector global filter (yinyang.c's yy_point) */
    for (size_t d = 2; d <= 8; d += 6)
        blobs_case(2000, d, 400, 40, 1.0, seed++, TKM_INIT_KMEANSPP, 3);
}

/* Points on a small integer grid, each repeated: exact distance ties
 * everywhere, duplicate starting centroids, empty clusters. */
static void test_duplicates(void **state)
{
    (void)state;
    const size_t ks[] = {2, 10, 39, 40};
    const tkm_empty_policy pol[] = {TKM_EMPTY_KEEP, TKM_EMPTY_FARTHEST};
    size_t n = 400, nb = 40;
    for (size_t d = 1; d <= 3; d++) {
        tkmi_rng g;
        tkmi_rng_seed(&g, 77 + d);
        double *base = malloc(nb * d * sizeof *base);
        double *x = malloc(n * d * sizeof *x);
        assert_true(base && x);
        for (size_t i = 0; i < nb * d; i++)
            base[i] = (double)tkmi_rng_below(&g, 6);
        for (size_t i = 0; i < n; i++)
            memcpy(x + i * d, base + tkmi_rng_below(&g, nb) * d,
                   d * sizeof *x);
        tkm_dataset ds = {.n = n, .d = d, .x = x};
        for (size_t b = 0; b < 4; b++)
            for (int p = 0; p < 2; p++) {
                size_t k = ks[b];
                double *init = malloc(k * d * sizeof *init);
                char what[96];
                assert_non_null(init);
                pick_rows(&ds, k, 1000 * d + b, init);
                snprintf(what, sizeof what, "duplicates d=%zu k=%zu %s", d,
                         k, tkm_empty_name(pol[p]));
                compare_all(&ds, init, k, pol[p], what);
                free(init);
            }
        free(base);
        free(x);
    }
}

/* k close to n (k = n included): nearly every point its own cluster. */
static void test_k_near_n(void **state)
{
    (void)state;
    const size_t ks[] = {50, 58, 59, 60};
    tkm_dataset ds;
    char msg[256];
    assert_int_equal(tkm_generate_blobs(60, 3, 4, 2.0, 5, 5, &ds, NULL, msg,
                                        sizeof msg),
                     TKM_OK);
    for (size_t b = 0; b < 4; b++)
        for (int p = 0; p < 2; p++) {
            size_t k = ks[b];
            double *init = malloc(k * 3 * sizeof *init);
            char what[96];
            assert_non_null(init);
            pick_rows(&ds, k, 40 + b, init);
            tkm_empty_policy pol = p ? TKM_EMPTY_FARTHEST : TKM_EMPTY_KEEP;
            snprintf(what, sizeof what, "n=60 k=%zu %s", k,
                     tkm_empty_name(pol));
            compare_all(&ds, init, k, pol, what);
            free(init);
        }
    tkm_dataset_free(&ds);
}

/* OpenMP with 1, 2 and 4 threads: the very bits of the sequential form,
 * counters included. */
static void test_omp_bit_identical(void **state)
{
    (void)state;
    /* (k = 400: Yinyang's vector global filter in either precision) */
    const size_t shapes[][3] = {{20011, 5, 40}, {3001, 50, 10},
                                {900, 2, 200}, {1201, 3, 400}};
    const int threads[] = {1, 2, 4};
    for (size_t sh = 0; sh < 4; sh++) {
        size_t n = shapes[sh][0], d = shapes[sh][1], k = shapes[sh][2];
        tkm_dataset ds;
        char msg[256];
        assert_int_equal(tkm_generate_blobs(n, d, k / 2 + 1, 2.0, 10, 9 + sh,
                                            &ds, NULL, msg, sizeof msg),
                         TKM_OK);
        double *init = malloc(k * d * sizeof *init);
        assert_non_null(init);
        assert_int_equal(tkm_init_centroids(&ds, k, TKM_INIT_RANDOM, 0, sh,
                                            init, msg, sizeof msg),
                         TKM_OK);
        for (int a = 0; a < NPRUNED; a++) {
            tkm_result base = fit_or_die(&ds, init, k, PRUNED[a], TKM_SEQ, 1,
                                         TKM_EMPTY_KEEP);
            for (int t = 0; t < 3; t++) {
                tkm_result r = fit_or_die(&ds, init, k, PRUNED[a], TKM_OMP,
                                          threads[t], TKM_EMPTY_KEEP);
                assert_int_equal(r.threads, threads[t]);
                assert_int_equal(r.iterations, base.iterations);
                assert_memory_equal(r.labels, base.labels,
                                    n * sizeof *r.labels);
                assert_memory_equal(r.centroids, base.centroids,
                                    k * d * sizeof *r.centroids);
                assert_true(r.bound_bytes == base.bound_bytes);
                for (int it = 0; it < r.iterations; it++) {
                    const tkm_iter_stats *p = &r.iters[it],
                                         *q = &base.iters[it];
                    assert_true(p->changed == q->changed &&
                                p->dist_pc == q->dist_pc &&
                                p->dist_cc == q->dist_cc &&
                                p->pruned_points == q->pruned_points &&
                                p->pruned_pairs == q->pruned_pairs);
                }
                tkm_result_free(&r);
            }
            tkm_result_free(&base);
        }
        free(init);
        tkm_dataset_free(&ds);
    }
}

/* Data so small that squared coordinate differences underflow into the
 * subnormal range (1e-20 in float, 1e-160 in double): the bounds carry an
 * absolute term for that rounding (arith.h), so Elkan and Hamerly still
 * give Lloyd's labels.  Without it, 2,812 of 20,000 labels differed. */
static void test_tiny_magnitudes(void **state)
{
    (void)state;
    const size_t n = 20000, d = 8, k = 10;
    const double scale = TKM_PREC == 32 ? 1e-20 : 1e-160;
    tkm_dataset ds;
    char msg[256];
    assert_int_equal(tkm_generate_blobs(n, d, k, 1.0, 10, 51, &ds, NULL, msg,
                                        sizeof msg),
                     TKM_OK);
    for (size_t e = 0; e < n * d; e++)
        ds.x[e] *= scale;
    double *init = malloc(k * d * sizeof *init);
    assert_non_null(init);
    pick_rows(&ds, k, 52, init);
    compare_all(&ds, init, k, TKM_EMPTY_KEEP, "tiny magnitudes");
    for (int a = 0; a < NPRUNED; a++) {
        tkm_result base = fit_or_die(&ds, init, k, PRUNED[a], TKM_SEQ, 1,
                                     TKM_EMPTY_KEEP);
        tkm_result r = fit_or_die(&ds, init, k, PRUNED[a], TKM_OMP, 2,
                                  TKM_EMPTY_KEEP);
        assert_memory_equal(r.labels, base.labels, n * sizeof *r.labels);
        tkm_result_free(&r);
        tkm_result_free(&base);
    }
    free(init);
    tkm_dataset_free(&ds);
}

/* Well-separated blobs: after the first iteration both algorithms skip
 * most of the n*k distances, Elkan keeps n*k lower bounds, Hamerly 2n. */
static void test_pruning_pays(void **state)
{
    (void)state;
    size_t n = 20000, d = 8, k = 10;
    tkm_dataset ds;
    char msg[256];
    assert_int_equal(tkm_generate_blobs(n, d, k, 0.5, 10, 3, &ds, NULL, msg,
                                        sizeof msg),
                     TKM_OK);
    double init[80];
    assert_int_equal(tkm_init_centroids(&ds, k, TKM_INIT_KMEANSPP, 0, 3,
                                        init, msg, sizeof msg),
                     TKM_OK);
    tkm_result base = fit_or_die(&ds, init, k, TKM_LLOYD, TKM_SEQ, 1,
                                 TKM_EMPTY_KEEP);
    assert_true(base.iterations >= 2);
    for (int a = 0; a < NPRUNED; a++) {
        tkm_result r = fit_or_die(&ds, init, k, PRUNED[a], TKM_SEQ, 1,
                                  TKM_EMPTY_KEEP);
        assert_like_lloyd(&base, &r, tkm_algorithm_name(PRUNED[a]));
        uint64_t later = 0;
        for (int it = 1; it < r.iterations; it++) {
            assert_true(r.iters[it].dist_pc < n * k / 2);
            later += r.iters[it].dist_pc;
        }
        /* the last pass (nothing moves) prunes nearly every point */
        const tkm_iter_stats *last = &r.iters[r.iterations - 1];
        assert_true(last->pruned_points > n * 9 / 10);
        assert_true(later < (uint64_t)(r.iterations - 1) * n * k / 4);
        if (PRUNED[a] == TKM_ELKAN) /* k floats a point (kern.h) */
            assert_true(r.bound_bytes >= n * k * sizeof(float));
        else
            assert_true(r.bound_bytes >= 2 * n * sizeof(tkm_real));
        if (PRUNED[a] == TKM_HAMERLY)
            assert_true(r.bound_bytes < n * k * sizeof(tkm_real));
        tkm_result_free(&r);
    }
    tkm_result_free(&base);
    tkm_dataset_free(&ds);
}

/* The pruning ablations (the reference thesis's forms): Elkan and Hamerly
 * without the centroid-centroid tests, Hamerly with the max-drift-only
 * rule, alone and together; each as exact as the full form (Lloyd's
 * labels, iterations and changed counts; centroids equal bit for bit on
 * the CPU), seq and omp, with no centroid-centroid distance computed
 * where those tests are off, and other pruning than the full form's. */
static void test_ablations(void **state)
{
    (void)state;
    size_t n = 6000, d = 2, k = 24;
    tkm_dataset ds;
    char msg[256];
    assert_int_equal(tkm_generate_uniform(n, d, 10.0, 4, &ds, msg,
                                          sizeof msg),
                     TKM_OK);
    double init[48];
    assert_int_equal(tkm_init_centroids(&ds, k, TKM_INIT_RANDOM, 0, 9, init,
                                        msg, sizeof msg),
                     TKM_OK);
    tkm_result base = fit_or_die(&ds, init, k, TKM_LLOYD, TKM_SEQ, 1,
                                 TKM_EMPTY_KEEP);
    assert_true(base.iterations > 5);
    /* every ablation each row takes, alone and together */
    struct {
        tkm_algorithm a;
        int no_cc, max_drift;
    } cases[3 * TKM_NALGO];
    size_t nc = 0;
    for (int i = 0; i < TKM_NALGO; i++) {
        const tkm_algorithm a = (tkm_algorithm)i;
        const int cc = tkmi_alg_has(a, TKMI_CAP_NO_CC);
        const int md = tkmi_alg_has(a, TKMI_CAP_MAX_DRIFT);
        for (int m = 1; m < 4; m++)
            if ((!(m & 1) || cc) && (!(m & 2) || md)) {
                cases[nc].a = a;
                cases[nc].no_cc = m & 1;
                cases[nc++].max_drift = m >> 1;
            }
    }
    assert_true(nc >= 4); /* elkan's no_cc and hamerly's three */
    for (size_t c = 0; c < nc; c++) {
        tkm_result full = fit_or_die(&ds, init, k, cases[c].a, TKM_SEQ, 1,
                                     TKM_EMPTY_KEEP);
        for (int f = 0; f < 2; f++) {
            tkm_params p = fit_params(k, cases[c].a, f ? TKM_OMP : TKM_SEQ,
                                      TKM_EMPTY_KEEP);
            p.threads = 2;
            p.no_cc = cases[c].no_cc;
            p.max_drift_only = cases[c].max_drift;
            tkm_result r = fit_with(&ds, init, &p);
            char what[96];
            snprintf(what, sizeof what, "%s no_cc %d max_drift %d %s",
                     tkm_algorithm_name(cases[c].a), p.no_cc,
                     p.max_drift_only, tkm_form_name(p.form));
            assert_like_lloyd_of(&base, &r, what, p.no_cc);
            assert_memory_equal(r.centroids, base.centroids,
                                k * d * sizeof *r.centroids);
            /* the ablation changes what is pruned */
            uint64_t dr = 0, df = 0;
            for (int it = 0; it < r.iterations; it++) {
                dr += r.iters[it].dist_pc;
                df += full.iters[it].dist_pc;
            }
            if (dr == df)
                fail_msg("%s: the same %llu distances as the full form",
                         what, (unsigned long long)dr);
            tkm_result_free(&r);
        }
        tkm_result_free(&full);
    }
    /* where they do not apply */
    tkm_params p = fit_params(k, TKM_LLOYD, TKM_SEQ, TKM_EMPTY_KEEP);
    p.no_cc = 1;
    assert_int_equal(tkm_params_check(&p, n, d, msg, sizeof msg), TKM_EINVAL);
    p = fit_params(k, TKM_ELKAN, TKM_SEQ, TKM_EMPTY_KEEP);
    p.max_drift_only = 1;
    assert_int_equal(tkm_params_check(&p, n, d, msg, sizeof msg), TKM_EINVAL);
    /* and every form takes them (test_cuda runs the CUDA forms') */
    p = fit_params(k, TKM_HAMERLY, TKM_CUDA_SHARED, TKM_EMPTY_KEEP);
    p.no_cc = p.max_drift_only = 1;
    assert_int_equal(tkm_params_check(&p, n, d, msg, sizeof msg), TKM_OK);
    tkm_result_free(&base);
    tkm_dataset_free(&ds);
}

/* Exponion with lists of 8 items: the balls of the early iterations from
 * a random start reach past them, and those points take Hamerly's full
 * scan; still Lloyd's labels, and the same bits on 3 threads. */
static void test_exponion_short_lists(void **state)
{
    (void)state;
    size_t n = 4000, d = 3, k = 60;
    tkm_dataset ds;
    char msg[256];
    assert_int_equal(tkm_generate_blobs(n, d, 20, 1.5, 10, 17, &ds, NULL,
                                        msg, sizeof msg),
                     TKM_OK);
    double *init = malloc(k * d * sizeof *init);
    assert_non_null(init);
    pick_rows(&ds, k, 18, init);
    tkm_result base = fit_or_die(&ds, init, k, TKM_LLOYD, TKM_SEQ, 1,
                                 TKM_EMPTY_KEEP);
    tkm_result full = fit_or_die(&ds, init, k, TKM_EXPONION, TKM_SEQ, 1,
                                 TKM_EMPTY_KEEP);
    tkmi_exponion_list_max = 8;
    tkm_result r = fit_or_die(&ds, init, k, TKM_EXPONION, TKM_SEQ, 1,
                              TKM_EMPTY_KEEP);
    tkm_result o = fit_or_die(&ds, init, k, TKM_EXPONION, TKM_OMP, 3,
                              TKM_EMPTY_KEEP);
    tkmi_exponion_list_max = 0;
    assert_like_lloyd(&base, &r, "exponion, lists of 8");
    assert_memory_equal(o.labels, r.labels, n * sizeof *r.labels);
    assert_memory_equal(o.centroids, r.centroids,
                        k * d * sizeof *r.centroids);
    /* some point took the full scan: more distances than with whole
     * lists, every one of its k - 1 others measured */
    uint64_t dr = 0, df = 0;
    for (int it = 1; it < r.iterations; it++) {
        dr += r.iters[it].dist_pc;
        df += full.iters[it].dist_pc;
        assert_true(r.iters[it].dist_pc == o.iters[it].dist_pc);
    }
    assert_true(dr > df);
    tkm_result_free(&o);
    tkm_result_free(&r);
    tkm_result_free(&full);
    tkm_result_free(&base);
    free(init);
    tkm_dataset_free(&ds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bound_rounding),
        cmocka_unit_test(test_hand_two_groups),
        cmocka_unit_test(test_hand_exact_tie),
        cmocka_unit_test(test_hand_single_centroid),
        cmocka_unit_test(test_blobs_like_lloyd),
        cmocka_unit_test(test_duplicates),
        cmocka_unit_test(test_k_near_n),
        cmocka_unit_test(test_omp_bit_identical),
        cmocka_unit_test(test_tiny_magnitudes),
        cmocka_unit_test(test_pruning_pays),
        cmocka_unit_test(test_ablations),
        cmocka_unit_test(test_exponion_short_lists),
    };
    return cmocka_run_group_tests_name("elkan_hamerly_" TKM_PREC_NAME, tests,
                                       setup_pruned, NULL);
}
