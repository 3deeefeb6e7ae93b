/*
 * Core tests: precision macros, RNG, initialisation, Lloyd on the CPU
 * (hand-made cases, a brute-force reference, thread-count invariance),
 * empty clusters and parameter checks.  Built for f32 and f64.
 */
#include "real.h"

#include <float.h>
#include <math.h>
#include <omp.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "arith.h"
#include "fit_harness.h"
#include "internal.h"

#define STR_(x) #x
#define STR(x) STR_(x)

static const double TOL = TKM_PREC == 32 ? 1e-4 : 1e-12;

static void test_precision_macros(void **state)
{
    (void)state;
    assert_int_equal(sizeof(tkm_real) * 8, TKM_PREC);
    assert_string_equal(STR(TKM_FN(foo)), TKM_PREC == 32 ? "foo_f32"
                                                         : "foo_f64");
    assert_string_equal(TKM_PREC_NAME, TKM_PREC == 32 ? "f32" : "f64");
    assert_true(TKM_EPS > 0 && (tkm_real)1 + TKM_EPS != (tkm_real)1);
    assert_true((tkm_real)1 + TKM_EPS / 4 == (tkm_real)1);
}

static void test_rng(void **state)
{
    (void)state;
    tkmi_rng a, b, c;
    tkmi_rng_seed(&a, 42);
    tkmi_rng_seed(&b, 42);
    tkmi_rng_seed(&c, 43);
    int differ = 0;
    for (int i = 0; i < 1000; i++) {
        uint64_t va = tkmi_rng_next(&a), vb = tkmi_rng_next(&b);
        assert_true(va == vb);
        differ += va != tkmi_rng_next(&c);
    }
    assert_true(differ > 990);
    /* uniform in [0,1) with the right mean; below() in range, all hit */
    double sum = 0.0;
    int hit[7] = {0};
    for (int i = 0; i < 70000; i++) {
        double u = tkmi_rng_uniform(&a);
        assert_true(u >= 0.0 && u < 1.0);
        sum += u;
        uint64_t v = tkmi_rng_below(&a, 7);
        assert_true(v < 7);
        hit[v]++;
    }
    assert_true(fabs(sum / 70000 - 0.5) < 0.01);
    for (int i = 0; i < 7; i++)
        assert_true(hit[i] > 9000 && hit[i] < 11000);
    int have = 0;
    double spare = 0, s1 = 0, s2 = 0;
    for (int i = 0; i < 100000; i++) {
        double z = tkmi_rng_normal(&a, &have, &spare);
        s1 += z;
        s2 += z * z;
    }
    assert_true(fabs(s1 / 1e5) < 0.02 && fabs(s2 / 1e5 - 1.0) < 0.02);
}

/* Is row r of the data set equal to one of its rows? */
static int is_data_row(const tkm_dataset *ds, const double *r)
{
    for (size_t i = 0; i < ds->n; i++)
        if (!memcmp(ds->x + i * ds->d, r, ds->d * sizeof *r))
            return 1;
    return 0;
}

/* The index of row r of ds (the first equal), or -1. */
static long row_index(const tkm_dataset *ds, const double *r)
{
    for (size_t i = 0; i < ds->n; i++)
        if (!memcmp(ds->x + i * ds->d, r, ds->d * sizeof *r))
            return (long)i;
    return -1;
}

/* Frequencies of the ordered pairs a weighted start of k = 2 draws from
 * three 1-d points over many seeds, against the probabilities of the
 * definition (tkm_init_centroids_weighted's comment, scikit-learn's draws)
 * computed here in long double: k-means++ first by w_i / W, then by
 * w_i d_ij^2 / sum_l w_l d_lj^2; random first by w_i / W, then by
 * w_i / (W - w_j). */
static void weighted_pairs(tkm_init_method m)
{
    double x[3] = {0.0, 1.0, 3.0}, w[3] = {1.0, 2.0, 0.5};
    tkm_dataset ds = {.n = 3, .d = 1, .x = x};
    long double W = 0.0L, p[3][3] = {{0}};
    for (int i = 0; i < 3; i++)
        W += w[i];
    for (int j = 0; j < 3; j++) { /* first j, then i */
        long double den = 0.0L;
        for (int l = 0; l < 3; l++)
            den += m == TKM_INIT_RANDOM
                       ? (l == j ? 0.0L : (long double)w[l])
                       : (long double)w[l] * (x[l] - x[j]) * (x[l] - x[j]);
        for (int i = 0; i < 3; i++) {
            long double num =
                m == TKM_INIT_RANDOM
                    ? (i == j ? 0.0L : (long double)w[i])
                    : (long double)w[i] * (x[i] - x[j]) * (x[i] - x[j]);
            p[j][i] = (long double)w[j] / W * num / den;
        }
    }
    enum { RUNS = 20000 };
    int cnt[3][3] = {{0}};
    char msg[256];
    for (uint64_t seed = 1; seed <= RUNS; seed++) {
        double c[2];
        assert_int_equal(tkm_init_centroids_weighted(&ds, 2, m, 0, seed, w,
                                                     TKM_SEQ, NULL, c, msg,
                                                     sizeof msg),
                         TKM_OK);
        long a = row_index(&ds, c), b = row_index(&ds, c + 1);
        assert_true(a >= 0 && b >= 0 && a != b);
        cnt[a][b]++;
    }
    /* 5 standard deviations of a frequency of RUNS draws */
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++) {
            double q = (double)p[j][i], f = (double)cnt[j][i] / RUNS;
            double sd = sqrt(q * (1.0 - q) / RUNS);
            if (fabs(f - q) > 5.0 * sd + 1e-12)
                fail_msg("%s: pair (%d, %d) drawn %.4f of the time, "
                         "expected %.4f",
                         tkm_init_name(m), j, i, f, q);
        }
}

/* Weighted starts: a row of weight 0 is never chosen, the draws follow
 * the definition, NULL or equal weights give the unweighted start bit for
 * bit, the form changes nothing (the CPU chooses), and the errors. */
static void test_init_weighted(void **state)
{
    (void)state;
    tkm_dataset ds;
    char msg[256];
    assert_int_equal(tkm_generate_blobs(3000, 3, 6, 1.0, 10, 17, &ds, NULL,
                                        msg, sizeof msg),
                     TKM_OK);
    const size_t n = ds.n, k = 12;
    double *w = malloc(n * sizeof *w);
    assert_non_null(w);
    tkmi_rng r;
    tkmi_rng_seed(&r, 19);
    for (size_t i = 0; i < n; i++) /* every odd row weighs 0 */
        w[i] = i % 2 ? 0.0 : 0.01 + tkmi_rng_uniform(&r);
    const tkm_init_method ms[] = {TKM_INIT_RANDOM, TKM_INIT_KMEANSPP,
                                  TKM_INIT_KMEANSPP_GREEDY,
                                  TKM_INIT_FARTHEST};
    double a[36], b[36];
    for (int m = 0; m < 4; m++) {
        for (uint64_t seed = 1; seed <= 30; seed++) {
            assert_int_equal(tkm_init_centroids_weighted(
                                 &ds, k, ms[m], 0, seed, w, TKM_SEQ, NULL, a,
                                 msg, sizeof msg),
                             TKM_OK);
            for (size_t c = 0; c < k; c++) {
                long i = row_index(&ds, a + 3 * c);
                if (i < 0 || i % 2)
                    fail_msg("%s, seed %d: centroid %zu is row %ld",
                             tkm_init_name(ms[m]), (int)seed, c, i);
            }
        }
        /* NULL: the unweighted start */
        assert_int_equal(tkm_init_centroids_weighted(&ds, k, ms[m], 0, 3,
                                                     NULL, TKM_SEQ, NULL, a,
                                                     msg, sizeof msg),
                         TKM_OK);
        assert_int_equal(tkm_init_centroids(&ds, k, ms[m], 0, 3, b, msg,
                                            sizeof msg),
                         TKM_OK);
        assert_memory_equal(a, b, sizeof a);
        /* every weight the same: the unweighted start, bit for bit */
        double *same = malloc(n * sizeof *same);
        assert_non_null(same);
        for (size_t i = 0; i < n; i++)
            same[i] = 2.5;
        assert_int_equal(tkm_init_centroids_weighted(&ds, k, ms[m], 0, 3,
                                                     same, TKM_SEQ, NULL, a,
                                                     msg, sizeof msg),
                         TKM_OK);
        free(same);
        assert_memory_equal(a, b, sizeof a);
        /* a CUDA form: the same weighted start (the CPU's) */
        assert_int_equal(tkm_init_centroids_weighted(&ds, k, ms[m], 0, 3, w,
                                                     TKM_SEQ, NULL, a, msg,
                                                     sizeof msg),
                         TKM_OK);
        assert_int_equal(tkm_init_centroids_weighted(&ds, k, ms[m], 0, 3, w,
                                                     TKM_CUDA_SHARED, NULL, b,
                                                     msg, sizeof msg),
                         TKM_OK);
        assert_memory_equal(a, b, sizeof a);
    }
    weighted_pairs(TKM_INIT_KMEANSPP);
    weighted_pairs(TKM_INIT_RANDOM);
    /* every row of weight above 0 at distance 0: k-means++ draws by weight
     * (never a row of weight 0), farthest takes a row of weight above 0 */
    double dup[8] = {5, 5, 5, 1, 2, 3, 4, 6};
    double dw[8] = {1, 2, 3, 0, 0, 0, 0, 0};
    tkm_dataset dd = {.n = 8, .d = 1, .x = dup};
    const tkm_init_method dm[] = {TKM_INIT_KMEANSPP, TKM_INIT_KMEANSPP_GREEDY,
                                  TKM_INIT_FARTHEST};
    for (int m = 0; m < 3; m++)
        for (uint64_t seed = 1; seed <= 20; seed++) {
            double c[3];
            assert_int_equal(tkm_init_centroids_weighted(&dd, 3, dm[m], 0,
                                                         seed, dw, TKM_SEQ,
                                                         NULL, c, msg,
                                                         sizeof msg),
                             TKM_OK);
            for (int j = 0; j < 3; j++)
                assert_true(c[j] == 5.0);
        }
    /* random needs k rows of weight above 0 */
    assert_int_equal(tkm_init_centroids_weighted(&dd, 4, TKM_INIT_RANDOM, 0,
                                                 1, dw, TKM_SEQ, NULL, a, msg,
                                                 sizeof msg),
                     TKM_EINVAL);
    assert_non_null(strstr(msg, "rows of weight above 0"));
    /* the weights' own errors, as tkm_fit's */
    w[7] = -1.0;
    assert_int_equal(tkm_init_centroids_weighted(&ds, k, TKM_INIT_KMEANSPP,
                                                 0, 1, w, TKM_SEQ, NULL, a,
                                                 msg, sizeof msg),
                     TKM_EINVAL);
    assert_non_null(strstr(msg, "point 7"));
    for (size_t i = 0; i < n; i++)
        w[i] = 0.0;
    assert_int_equal(tkm_init_centroids_weighted(&ds, k, TKM_INIT_KMEANSPP,
                                                 0, 1, w, TKM_SEQ, NULL, a,
                                                 msg, sizeof msg),
                     TKM_EINVAL);
    assert_non_null(strstr(msg, "zero"));
    free(w);
    tkm_dataset_free(&ds);
}

static void test_init(void **state)
{
    (void)state;
    tkm_dataset ds;
    char msg[256];
    assert_int_equal(tkm_generate_blobs(500, 3, 5, 1.0, 10, 7, &ds, NULL,
                                        msg, sizeof msg),
                     TKM_OK);
    const tkm_init_method ms[] = {TKM_INIT_RANDOM, TKM_INIT_KMEANSPP,
                                  TKM_INIT_KMEANSPP_GREEDY,
                                  TKM_INIT_FARTHEST};
    /* each name one method everywhere: scikit-learn's "k-means++" is
     * the greedy D^2 sampling, "kmeans++" the plain one */
    tkm_init_method got;
    assert_int_equal(tkm_init_parse("k-means++", &got), 0);
    assert_int_equal(got, TKM_INIT_KMEANSPP_GREEDY);
    assert_int_equal(tkm_init_parse("kmeans++", &got), 0);
    assert_int_equal(got, TKM_INIT_KMEANSPP);
    for (int m = 0; m < 4; m++) {
        double a[30], b[30], c[30];
        assert_int_equal(tkm_init_centroids(&ds, 10, ms[m], 0, 1, a, msg,
                                            sizeof msg),
                         TKM_OK);
        assert_int_equal(tkm_init_centroids(&ds, 10, ms[m], 0, 1, b, msg,
                                            sizeof msg),
                         TKM_OK);
        assert_int_equal(tkm_init_centroids(&ds, 10, ms[m], 0, 2, c, msg,
                                            sizeof msg),
                         TKM_OK);
        assert_memory_equal(a, b, sizeof a);
        assert_memory_not_equal(a, c, sizeof a);
        for (int i = 0; i < 10; i++) {
            assert_true(is_data_row(&ds, a + 3 * i));
            for (int j = 0; j < i; j++)
                assert_memory_not_equal(a + 3 * i, a + 3 * j,
                                        3 * sizeof(double));
        }
    }
    /* tkm_init_centroids_form: the same start in every form (a CUDA form
     * chooses it on the device where it can, else on the CPU; test_cuda
     * holds the device's to the CPU's) */
    for (int m = 0; m < 4; m++) {
        double a[30], b[30];
        assert_int_equal(tkm_init_centroids(&ds, 10, ms[m], 0, 4, a, msg,
                                            sizeof msg),
                         TKM_OK);
        for (int f = 0; f < TKM_NFORM; f++) {
            assert_int_equal(tkm_init_centroids_form(&ds, 10, ms[m], 0, 4,
                                                     (tkm_form)f, b, msg,
                                                     sizeof msg),
                             TKM_OK);
            assert_memory_equal(a, b, sizeof a);
        }
    }
    /* distances beyond double's range: every greedy candidate's potential
     * is +inf, and the start is still k rows of the data, the same each
     * time */
    {
        double xo[] = {1e300, -1e300, 1.5e300, -1.5e300, 0.0, 2e300};
        tkm_dataset o = {.n = 6, .d = 1, .x = xo};
        double a[4], b[4];
        for (uint64_t seed = 0; seed < 8; seed++) {
            assert_int_equal(tkm_init_centroids(&o, 4,
                                                TKM_INIT_KMEANSPP_GREEDY, 0,
                                                seed, a, msg, sizeof msg),
                             TKM_OK);
            assert_int_equal(tkm_init_centroids(&o, 4,
                                                TKM_INIT_KMEANSPP_GREEDY, 0,
                                                seed, b, msg, sizeof msg),
                             TKM_OK);
            assert_memory_equal(a, b, sizeof a);
            for (int i = 0; i < 4; i++)
                assert_true(is_data_row(&o, a + i));
        }
    }
    /* farthest-first: after the first, each centroid is the row farthest
     * from its nearest earlier centroid, the first such row on ties */
    double f[30];
    assert_int_equal(tkm_init_centroids(&ds, 10, TKM_INIT_FARTHEST, 0, 5, f,
                                        msg, sizeof msg),
                     TKM_OK);
    for (int c = 1; c < 10; c++) {
        size_t best = 0;
        double bestd = -1;
        for (size_t i = 0; i < ds.n; i++) {
            double dmin = INFINITY;
            for (int j = 0; j < c; j++) {
                double s2 = 0;
                for (int q = 0; q < 3; q++) {
                    double u = ds.x[i * 3 + q] - f[j * 3 + q];
                    s2 += u * u;
                }
                dmin = s2 < dmin ? s2 : dmin;
            }
            if (dmin > bestd) {
                bestd = dmin;
                best = i;
            }
        }
        assert_memory_equal(f + 3 * c, ds.x + best * 3, 3 * sizeof(double));
    }
    /* k = n takes every row; k > n and k = 0 are refused */
    double *all = malloc(500 * 3 * sizeof *all);
    assert_int_equal(tkm_init_centroids(&ds, 500, TKM_INIT_KMEANSPP, 0, 3,
                                        all, msg, sizeof msg),
                     TKM_OK);
    free(all);
    double one[3];
    assert_int_equal(tkm_init_centroids(&ds, 501, TKM_INIT_RANDOM, 0, 3, one,
                                        msg, sizeof msg),
                     TKM_EINVAL);
    assert_int_equal(tkm_init_centroids(&ds, 0, TKM_INIT_RANDOM, 0, 3, one,
                                        msg, sizeof msg),
                     TKM_EINVAL);
    /* a value that is not finite is the data's error, whatever the method
     * and the seed would have drawn, and names its place */
    ds.x[7 * 3 + 2] = NAN;
    ds.x[9 * 3 + 0] = INFINITY;
    for (int m = 0; m < 4; m++)
        for (uint64_t seed = 0; seed < 4; seed++) {
            double g[30];
            assert_int_equal(tkm_init_centroids(&ds, 10, ms[m], 0, seed, g,
                                                msg, sizeof msg),
                             TKM_ERANGE);
            assert_non_null(strstr(msg, "point 7, column 2: nan is not "
                                        "finite"));
        }
    tkm_dataset_free(&ds);
    /* over many threads' chunks of values (2^16 each), in doubles and in
     * floats: the first such value named, whichever chunk a thread
     * reached first; a value just below infinity is finite */
    const size_t n = 70000, d = 3;
    double *x = malloc(n * d * sizeof *x);
    float *x32 = malloc(n * d * sizeof *x32);
    assert_true(x && x32);
    for (size_t i = 0; i < n * d; i++) {
        x[i] = (double)(i % 1000) * 0.25;
        x32[i] = (float)x[i];
    }
    x[5] = DBL_MAX;
    x32[5] = FLT_MAX;
    tkm_dataset big = {.n = n, .d = d, .x = x},
                big32 = {.n = n, .d = d, .x32 = x32};
    double g[30];
    assert_int_equal(tkm_init_centroids(&big, 10, TKM_INIT_KMEANSPP, 0, 1, g,
                                        msg, sizeof msg),
                     TKM_OK);
    assert_int_equal(tkm_init_centroids(&big32, 10, TKM_INIT_KMEANSPP, 0, 1,
                                        g, msg, sizeof msg),
                     TKM_OK);
    x[150000] = x32[150000] = -INFINITY; /* chunk 2: point 50000 */
    x[200001] = NAN;                     /* chunk 3 */
    x32[200001] = NAN;
    for (int f = 0; f < 2; f++) {
        assert_int_equal(tkm_init_centroids(f ? &big32 : &big, 10,
                                            TKM_INIT_FARTHEST, 0, 1, g, msg,
                                            sizeof msg),
                         TKM_ERANGE);
        assert_non_null(strstr(msg, "point 50000, column 0: -inf is not "
                                    "finite"));
    }
    x[70001] = x32[70001] = NAN; /* chunk 1: point 23333, column 2 */
    for (int f = 0; f < 2; f++) {
        assert_int_equal(tkm_init_centroids(f ? &big32 : &big, 10,
                                            TKM_INIT_RANDOM, 0, 1, g, msg,
                                            sizeof msg),
                         TKM_ERANGE);
        assert_non_null(strstr(msg, "point 23333, column 2: nan is not "
                                    "finite"));
    }
    free(x);
    free(x32);
}

/* Two groups on a line: {0, 1, 2} and {10, 11, 12}, start at 0 and 1. */
static void test_lloyd_hand(void **state)
{
    (void)state;
    double x[] = {0, 1, 2, 10, 11, 12};
    tkm_dataset ds = {.n = 6, .d = 1, .x = x};
    double init[] = {0, 1};
    tkm_result r = fit_or_die(&ds, init, 2, TKM_LLOYD, TKM_SEQ, 1,
                              TKM_EMPTY_KEEP);
    /* it1: {0} {1..12} -> c = 0, 7.2; it2: {0,1,2} {10,11,12} -> 1, 11;
     * it3: nothing changes */
    assert_int_equal(r.iterations, 3);
    assert_true(r.converged);
    assert_true(fabs(r.centroids[0] - 1.0) < TOL);
    assert_true(fabs(r.centroids[1] - 11.0) < TOL);
    for (int i = 0; i < 6; i++)
        assert_int_equal(r.labels[i], i < 3 ? 0 : 1);
    assert_true(fabs(r.inertia - 4.0) < 1e-5);
    assert_int_equal(r.iters[0].changed, 6);
    assert_int_equal(r.iters[2].changed, 0);
    assert_int_equal(r.iters[1].dist_pc, 12);
    tkm_result_free(&r);
}

/* Brute-force Lloyd in the test's own words: argmin over squared
 * distances in tkm_real, means in double. */
static int reference_lloyd(const tkm_dataset *ds, const double *init,
                           size_t k, int32_t *lab, double *cen)
{
    size_t n = ds->n, d = ds->d;
    tkm_real *x = malloc(n * d * sizeof *x), *c = malloc(k * d * sizeof *c);
    double *sum = malloc(k * (d + 1) * sizeof *sum);
    for (size_t i = 0; i < n * d; i++)
        x[i] = (tkm_real)ds->x[i];
    for (size_t i = 0; i < k * d; i++)
        c[i] = (tkm_real)init[i];
    for (size_t i = 0; i < n; i++)
        lab[i] = -1;
    int it = 0, changed = 1;
    while (changed) {
        changed = 0;
        it++;
        for (size_t i = 0; i < n; i++) {
            int best = 0;
            tkm_real bd = INFINITY;
            for (size_t j = 0; j < k; j++) {
                tkm_real s = 0;
                for (size_t t = 0; t < d; t++) {
                    tkm_real u = x[i * d + t] - c[j * d + t];
                    s += u * u;
                }
                if (s < bd) {
                    bd = s;
                    best = (int)j;
                }
            }
            changed += lab[i] != best;
            lab[i] = best;
        }
        memset(sum, 0, k * (d + 1) * sizeof *sum);
        for (size_t i = 0; i < n; i++) {
            for (size_t t = 0; t < d; t++)
                sum[lab[i] * (d + 1) + t] += x[i * d + t];
            sum[lab[i] * (d + 1) + d] += 1;
        }
        for (size_t j = 0; j < k; j++)
            for (size_t t = 0; sum[j * (d + 1) + d] > 0 && t < d; t++)
                c[j * d + t] = (tkm_real)(sum[j * (d + 1) + t] /
                                          sum[j * (d + 1) + d]);
    }
    for (size_t i = 0; i < k * d; i++)
        cen[i] = c[i];
    free(x);
    free(c);
    free(sum);
    return it;
}

static void test_lloyd_reference(void **state)
{
    (void)state;
    const size_t shapes[][3] = {{2000, 2, 10}, {3001, 8, 25}, {500, 50, 7},
                                {257, 1, 3}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        size_t n = shapes[s][0], d = shapes[s][1], k = shapes[s][2];
        tkm_dataset ds;
        char msg[256];
        assert_int_equal(tkm_generate_blobs(n, d, k, 1.0, 10, 100 + s, &ds,
                                            NULL, msg, sizeof msg),
                         TKM_OK);
        double *init = malloc(k * d * sizeof *init);
        double *cen = malloc(k * d * sizeof *cen);
        int32_t *lab = malloc(n * sizeof *lab);
        assert_int_equal(tkm_init_centroids(&ds, k, TKM_INIT_KMEANSPP, 0, s,
                                            init, msg, sizeof msg),
                         TKM_OK);
        int it = reference_lloyd(&ds, init, k, lab, cen);
        tkm_result r = fit_or_die(&ds, init, k, TKM_LLOYD, TKM_SEQ, 1,
                                  TKM_EMPTY_KEEP);
        assert_int_equal(r.iterations, it);
        assert_memory_equal(r.labels, lab, n * sizeof *lab);
        for (size_t i = 0; i < k * d; i++)
            assert_true(fabs(r.centroids[i] - cen[i]) <=
                        TOL * (1 + fabs(cen[i])));
        tkm_result_free(&r);
        free(init);
        free(cen);
        free(lab);
        tkm_dataset_free(&ds);
    }
}

static void test_omp_bit_identical(void **state)
{
    (void)state;
    tkm_dataset ds;
    size_t n = 20011, d = 5, k = 40;
    double *init = blobs_with_start(n, d, k, 9, TKM_INIT_RANDOM, 5, &ds);
    tkm_result base = fit_or_die(&ds, init, k, TKM_LLOYD, TKM_SEQ, 1,
                                 TKM_EMPTY_KEEP);
    const int threads[] = {1, 2, 4};
    for (int t = 0; t < 3; t++) {
        tkm_result r = fit_or_die(&ds, init, k, TKM_LLOYD, TKM_OMP, threads[t],
                                  TKM_EMPTY_KEEP);
        assert_int_equal(r.threads, threads[t]);
        assert_int_equal(r.iterations, base.iterations);
        assert_memory_equal(r.labels, base.labels, n * sizeof *r.labels);
        assert_memory_equal(r.centroids, base.centroids,
                            k * d * sizeof *r.centroids);
        assert_memory_equal(&r.inertia, &base.inertia, sizeof r.inertia);
        tkm_result_free(&r);
    }
    tkm_result_free(&base);
    free(init);
    tkm_dataset_free(&ds);
}

/* The teams granted: team_harness.h (TEST_LD_test_core links the
 * wrapper). */
#include "team_harness.h"

/* Fit every algorithm's omp form asking 4 threads, each team_seen into
 * teams[a]. */
static void fit_teams(const tkm_dataset *ds, const double *init, size_t k,
                      tkm_result r[TKM_NALGO], int teams[TKM_NALGO])
{
    for (int a = 0; a < TKM_NALGO; a++) {
        atomic_store(&team_seen, 0);
        r[a] = fit_or_die(ds, init, k, (tkm_algorithm)a, TKM_OMP, 4,
                          TKM_EMPTY_KEEP);
        teams[a] = atomic_load(&team_seen);
    }
}

/* r[a] is sequential Lloyd's base, bit for bit, and its team was
 * granted teams[a] == want of the 4 threads asked (freeing r). */
static void expect_team(tkm_result r[TKM_NALGO], const int teams[TKM_NALGO],
                        const tkm_result *base, size_t n, size_t kd, int want,
                        const char *where)
{
    for (int a = 0; a < TKM_NALGO; a++) {
        const char *alg = tkm_algorithm_name((tkm_algorithm)a);
        if (teams[a] != want)
            fail_msg("%s omp, 4 threads asked %s (%s): a team of %d seen, "
                     "not %d", alg, where, TKM_PREC_NAME, teams[a], want);
        if (r[a].iterations != base->iterations ||
            memcmp(r[a].labels, base->labels, n * sizeof *base->labels) ||
            memcmp(r[a].centroids, base->centroids,
                   kd * sizeof *base->centroids))
            fail_msg("%s omp, 4 threads asked, %d granted %s (%s): not "
                     "sequential Lloyd's result (%d vs %d iterations)", alg,
                     want, where, TKM_PREC_NAME, r[a].iterations,
                     base->iterations);
        tkm_result_free(&r[a]);
    }
}

/* OpenMP may grant a smaller team than the threads asked for: inside the
 * caller's parallel region (nested parallelism off, OpenMP's default)
 * every region of the library gets one thread, and inside a teams
 * region with thread_limit(3) three.  The teams granted are seen (the
 * wrapper above), 4 at the top level first, so that the test cannot
 * pass without a smaller team; every algorithm must still give
 * sequential Lloyd's labels, iterations and centroid bits. */
static void test_smaller_team(void **state)
{
    (void)state;
    tkm_dataset ds;
    size_t n = 20000, d = 8, k = 10;
    double *init = blobs_with_start(n, d, k, 19, TKM_INIT_KMEANSPP, 6, &ds);
    tkm_result base = fit_or_die(&ds, init, k, TKM_LLOYD, TKM_SEQ, 1,
                                 TKM_EMPTY_KEEP);
    tkm_result r[TKM_NALGO];
    int teams[TKM_NALGO];
    omp_set_max_active_levels(1);
    fit_teams(&ds, init, k, r, teams);
    expect_team(r, teams, &base, n, k * d, 4, "at the top level");
#pragma omp parallel num_threads(2)
    {
#pragma omp single
        fit_teams(&ds, init, k, r, teams);
    }
    expect_team(r, teams, &base, n, k * d, 1, "in a parallel region");
#pragma omp teams num_teams(1) thread_limit(3)
    fit_teams(&ds, init, k, r, teams);
    expect_team(r, teams, &base, n, k * d, 3, "in teams of 3 threads");
    tkm_result_free(&base);
    free(init);
    tkm_dataset_free(&ds);
}

/* The default team has at most a thread for each TKMI_TEAM_ROWS rows:
 * 100 points get one thread (the team seen too), 700 at most three; a
 * count asked for, by --threads or OMP_NUM_THREADS, is kept.  Every one
 * gives sequential Lloyd's result. */
static void test_team_rows(void **state)
{
    (void)state;
    const size_t ns[] = {100, 700}, d = 2, k = 3;
    for (size_t q = 0; q < 2; q++) {
        tkm_dataset ds;
        double *init = blobs_with_start(ns[q], d, k, 23, TKM_INIT_KMEANSPP,
                                        7, &ds);
        const size_t cap = (ns[q] + TKMI_TEAM_ROWS - 1) / TKMI_TEAM_ROWS;
        tkm_result base = fit_or_die(&ds, init, k, TKM_LLOYD, TKM_SEQ, 1,
                                     TKM_EMPTY_KEEP);
        for (int a = 0; a < TKM_NALGO; a++) {
            atomic_store(&team_seen, 0);
            tkm_result r = fit_or_die(&ds, init, k, (tkm_algorithm)a,
                                      TKM_OMP, 0, TKM_EMPTY_KEEP);
            assert_true(r.threads >= 1 && (size_t)r.threads <= cap);
            assert_true((size_t)atomic_load(&team_seen) <= cap);
            assert_int_equal(r.iterations, base.iterations);
            assert_memory_equal(r.labels, base.labels,
                                ns[q] * sizeof *r.labels);
            assert_memory_equal(r.centroids, base.centroids,
                                k * d * sizeof *r.centroids);
            tkm_result_free(&r);
        }
        /* asked for by number: kept */
        tkm_result r = fit_or_die(&ds, init, k, TKM_LLOYD, TKM_OMP, 4,
                                  TKM_EMPTY_KEEP);
        assert_int_equal(r.threads, 4);
        tkm_result_free(&r);
        setenv("OMP_NUM_THREADS", "4", 1);
        r = fit_or_die(&ds, init, k, TKM_LLOYD, TKM_OMP, 0, TKM_EMPTY_KEEP);
        unsetenv("OMP_NUM_THREADS");
        assert_int_equal(r.threads, omp_get_max_threads());
        tkm_result_free(&r);
        tkm_result_free(&base);
        free(init);
        tkm_dataset_free(&ds);
    }
}

/* A fake second process that has failed: every collective answers as
 * if process 1 of 2 had failed with TKM_EINVAL and the message "rank one
 * failed".  The message travels as the library sends it: a status word,
 * then the text. */
static void fake_sum(void *ctx, uint64_t *v, size_t n)
{
    (void)ctx, (void)v, (void)n;
}
static void fake_min(void *ctx, uint64_t *v, size_t n)
{
    (void)ctx;
    for (size_t i = 0; i < n; i++)
        v[i] = v[i] < 1 ? v[i] : 1; /* process 1 failed */
}
static void fake_bcast(void *ctx, void *buf, size_t bytes, int root)
{
    (void)ctx;
    assert_int_equal(root, 1);
    uint64_t code = TKM_EINVAL;
    memset(buf, 0, bytes);
    memcpy(buf, &code, sizeof code);
    snprintf((char *)buf + sizeof code, bytes - sizeof code,
             "rank one failed");
}

/* Over several processes a process that succeeded reads nothing of its
 * message buffer (a library user's, uninitialised: here without a
 * terminating zero, which AddressSanitizer would catch being read past)
 * and returns the failing process's status and message. */
static void test_other_process_failed(void **state)
{
    (void)state;
    tkm_dataset ds;
    char msg[64];
    assert_int_equal(tkm_generate_blobs(100, 2, 3, 1.0, 10, 3, &ds, NULL, msg,
                                        sizeof msg),
                     TKM_OK);
    double init[6] = {0, 0, 1, 1, 2, 2};
    const tkm_comm fake = {.rank = 0, .size = 2, .sum_u64 = fake_sum,
                           .min_u64 = fake_min, .bcast = fake_bcast};
    tkm_params p = fit_params(3, TKM_LLOYD, TKM_SEQ, TKM_EMPTY_KEEP);
    p.comm = &fake;
    tkm_result r;
    memset(msg, 'x', sizeof msg);
    assert_int_equal(tkm_fit(&ds, init, &p, &r, msg, sizeof msg),
                     TKM_EINVAL);
    assert_non_null(strstr(msg, "process 1 of 2: rank one failed"));
    memset(msg, 'x', sizeof msg);
    assert_int_equal(tkm_init_centroids_comm(&ds, 3, TKM_INIT_KMEANSPP, 0, 1,
                                             &fake, init, msg, sizeof msg),
                     TKM_EINVAL);
    assert_non_null(strstr(msg, "process 1 of 2: rank one failed"));
    tkm_dataset_free(&ds);
}

/* A start whose third centroid is far from every point: it gets no point
 * in the first assignment.  keep: it stays put; farthest: it moves to the
 * point farthest from its own centroid. */
static void test_empty_cluster(void **state)
{
    (void)state;
    double x[] = {0, 0, 1, 0, 0, 1, 10, 10, 11, 10, 10, 13};
    tkm_dataset ds = {.n = 6, .d = 2, .x = x};
    double init[] = {0, 0, 10, 10, 100, 100};
    tkm_result r = fit_or_die(&ds, init, 3, TKM_LLOYD, TKM_SEQ, 1,
                              TKM_EMPTY_KEEP);
    assert_true(r.centroids[4] == 100 && r.centroids[5] == 100);
    for (int i = 0; i < 6; i++)
        assert_int_not_equal(r.labels[i], 2);
    tkm_result_free(&r);
    /* farthest: after the first assignment the point farthest from its
     * centroid (10, 10) is (10, 13), which then forms its own cluster */
    r = fit_or_die(&ds, init, 3, TKM_LLOYD, TKM_OMP, 2, TKM_EMPTY_FARTHEST);
    assert_true(r.converged);
    assert_int_equal(r.labels[5], 2);
    assert_true(r.centroids[4] == 10 && r.centroids[5] == 13);
    assert_int_equal(r.labels[3], 1);
    tkm_result_free(&r);
}

/* farthest relocates as scikit-learn does: the point leaves its old
 * cluster.  (0,0) (.5,0) (.5,1) (1,1) from (.5,.5) and (3,3): all join
 * centroid 0, centroid 1 takes (0,0) (0.5 from (.5,.5), as (1,1); the
 * lower index), and centroid 0 becomes the mean of the other three,
 * (2/3, 2/3), not of all four.  Then {(.5,1),(1,1)} {(0,0),(.5,0)}:
 * (.75, 1) and (.25, 0), inertia 4 x 1/16.  In every algorithm. */
static void test_empty_relocates(void **state)
{
    (void)state;
    double x[] = {0, 0, .5, 0, .5, 1, 1, 1};
    tkm_dataset ds = {.n = 4, .d = 2, .x = x};
    double init[] = {.5, .5, 3, 3};
    const double tol = TKM_PREC == 32 ? 1e-6 : 1e-15;
    for (int a = 0; a < TKM_NALGO; a++) {
        tkm_params p =
            fit_params(2, (tkm_algorithm)a, TKM_SEQ, TKM_EMPTY_FARTHEST);
        p.max_iter = 1;
        tkm_result r = fit_with(&ds, init, &p);
        assert_true(fabs(r.centroids[0] - 2.0 / 3) <= tol &&
                    fabs(r.centroids[1] - 2.0 / 3) <= tol);
        assert_true(r.centroids[2] == 0 && r.centroids[3] == 0);
        tkm_result_free(&r);
        p.max_iter = 300;
        r = fit_with(&ds, init, &p);
        assert_true(r.converged);
        assert_true(r.centroids[0] == .75 && r.centroids[1] == 1 &&
                    r.centroids[2] == .25 && r.centroids[3] == 0);
        assert_true(fabs(r.inertia - 0.25) <= tol);
        tkm_result_free(&r);
    }
    /* the farthest point (10,0) is its cluster's only one: centroid 2
     * takes it, and centroid 1, left with no point, takes the mean of the
     * heaviest cluster, (0,0) (scikit-learn's placement) */
    double y[] = {0, 0, 0, 0, 10, 0};
    tkm_dataset dy = {.n = 3, .d = 2, .x = y};
    double iy[] = {0, 0, 10, 1, 100, 100};
    tkm_params p = fit_params(3, TKM_LLOYD, TKM_SEQ, TKM_EMPTY_FARTHEST);
    p.max_iter = 1;
    tkm_result r = fit_with(&dy, iy, &p);
    assert_true(r.centroids[2] == 0 && r.centroids[3] == 0);
    assert_true(r.centroids[4] == 10 && r.centroids[5] == 0);
    tkm_result_free(&r);
}

/* Sample weights that are negative, not finite or all 0 are refused,
 * naming the point; a CUDA form takes weights (test_cuda compares its
 * weighted fits with the CPU's) or fails for want of a device. */
static void test_weights_refused(void **state)
{
    (void)state;
    double x[] = {0, 0, 1, 0, 0, 1, 5, 5};
    tkm_dataset ds = {.n = 4, .d = 2, .x = x};
    double init[] = {0, 0, 5, 5};
    double bad[][4] = {{1, 1, -1, 1}, {1, NAN, 1, 1}, {0, 0, 0, 0}};
    const char *want[] = {"sample weight of point 2 is -1",
                          "sample weight of point 1 is nan",
                          "every sample weight is zero"};
    char msg[256];
    tkm_result r;
    for (int b = 0; b < 3; b++) {
        tkm_params p = fit_params(2, TKM_LLOYD, TKM_SEQ, TKM_EMPTY_KEEP);
        p.weights = bad[b];
        assert_int_equal(tkm_fit(&ds, init, &p, &r, msg, sizeof msg),
                         TKM_EINVAL);
        if (!strstr(msg, want[b]))
            fail_msg("weights %d: '%s' does not say '%s'", b, msg, want[b]);
    }
    double ok[] = {1, 2, 0, 1};
    tkm_params p = fit_params(2, TKM_LLOYD, TKM_CUDA_SHARED, TKM_EMPTY_KEEP);
    p.weights = ok;
    const tkm_status st = tkm_fit(&ds, init, &p, &r, msg, sizeof msg);
    if (tkm_form_available(TKM_CUDA_SHARED, NULL, 0) == TKM_OK) {
        assert_int_equal(st, TKM_OK);
        tkm_result_free(&r);
    } else {
        assert_true(st == TKM_ENODEV || st == TKM_ENOTSUP);
        assert_null(strstr(msg, "weight"));
    }
}

static void test_params_check(void **state)
{
    (void)state;
    tkm_params p;
    char msg[256];
    tkm_params_default(&p);
    p.k = 0;
    assert_int_equal(tkm_params_check(&p, 10, 2, msg, sizeof msg),
                     TKM_EINVAL);
    assert_non_null(strstr(msg, "k must be at least 1"));
    p.k = 11;
    assert_int_equal(tkm_params_check(&p, 10, 2, msg, sizeof msg),
                     TKM_EINVAL);
    assert_non_null(strstr(msg, "k <= 10"));
    p.k = 10;
    assert_int_equal(tkm_params_check(&p, 10, 2, msg, sizeof msg), TKM_OK);
    p.max_iter = 0;
    assert_int_equal(tkm_params_check(&p, 10, 2, msg, sizeof msg),
                     TKM_EINVAL);
    p.max_iter = 5;
    p.block_size = 100;
    assert_int_equal(tkm_params_check(&p, 10, 2, msg, sizeof msg),
                     TKM_EINVAL);
    p.block_size = 0;
    p.tol = -1;
    assert_int_equal(tkm_params_check(&p, 10, 2, msg, sizeof msg),
                     TKM_EINVAL);
    p.tol = 0;
    p.tol_abs = NAN;
    assert_int_equal(tkm_params_check(&p, 10, 2, msg, sizeof msg),
                     TKM_EINVAL);
    p.tol_abs = 0;
    /* max_iter caps the run and reports non-convergence */
    tkm_dataset ds;
    assert_int_equal(tkm_generate_blobs(1000, 2, 30, 3.0, 10, 1, &ds, NULL,
                                        msg, sizeof msg),
                     TKM_OK);
    double init[60];
    assert_int_equal(tkm_init_centroids(&ds, 30, TKM_INIT_RANDOM, 0, 1, init,
                                        msg, sizeof msg),
                     TKM_OK);
    tkm_params_default(&p);
    p.k = 30;
    p.max_iter = 2;
    p.precision = TKM_PREC_ENUM;
    tkm_result r;
    assert_int_equal(tkm_fit(&ds, init, &p, &r, msg, sizeof msg), TKM_OK);
    assert_int_equal(r.iterations, 2);
    assert_false(r.converged);
    tkm_result_free(&r);
    tkm_dataset_free(&ds);
}

/* The features' mean variance, plainly: two passes, row order. */
static double plain_mean_variance(const tkm_dataset *ds)
{
    double var = 0.0;
    for (size_t j = 0; j < ds->d; j++) {
        double m = 0.0, v = 0.0;
        for (size_t i = 0; i < ds->n; i++)
            m += (double)(tkm_real)ds->x[i * ds->d + j];
        m /= (double)ds->n;
        for (size_t i = 0; i < ds->n; i++) {
            double e = (double)(tkm_real)ds->x[i * ds->d + j] - m;
            v += e * e;
        }
        var += v / (double)ds->n;
    }
    return var / (double)ds->d;
}

/* After a stop that followed an update the labels are the nearest of the
 * returned centroids: those tkm_predict gives. */
static void assert_labels_nearest(const tkm_dataset *ds, const tkm_result *r)
{
    char msg[256];
    int32_t *want = malloc(ds->n * sizeof *want);
    assert_non_null(want);
    assert_int_equal(tkm_predict(ds, r->centroids, r->k, TKM_PREC_ENUM, 1,
                                 want, NULL, msg, sizeof msg),
                     TKM_OK);
    assert_memory_equal(want, r->labels, ds->n * sizeof *want);
    free(want);
}

/* The stop rules: scikit-learn's relative tol (the sum of squared moves
 * against tol times the mean variance), the absolute tol_abs, max_iter;
 * each stops at the first iteration that meets it, with the same result
 * for every algorithm and CPU form, and labels of the final centroids. */
static void test_stop_rules(void **state)
{
    (void)state;
    char msg[256];
    tkm_dataset ds;
    assert_int_equal(tkm_generate_uniform(6000, 3, 1.0, 7, &ds, msg,
                                          sizeof msg),
                     TKM_OK);
    enum { K = 12 };
    double init[K * 3];
    assert_int_equal(tkm_init_centroids(&ds, K, TKM_INIT_RANDOM, 0, 3, init,
                                        msg, sizeof msg),
                     TKM_OK);
    const double var = plain_mean_variance(&ds);
    tkm_result strict = fit_or_die(&ds, init, K, TKM_LLOYD, TKM_SEQ, 1,
                                   TKM_EMPTY_KEEP);
    assert_int_equal(strict.stop, TKM_STOP_LABELS);
    assert_true(strict.converged);
    assert_true(strict.iterations > 8);
    for (int rule = 0; rule < 4; rule++) {
        tkm_result ref = {0};
        for (int a = 0; a < TKM_NALGO; a++)
            for (int f = TKM_SEQ; f <= TKM_OMP; f++) {
                tkm_params p = fit_params(K, (tkm_algorithm)a, (tkm_form)f,
                                          TKM_EMPTY_KEEP);
                p.threads = 2;
                if (rule == 0)
                    p.tol = 1e-3;
                else if (rule == 1)
                    p.tol_abs = 1e-2;
                else if (rule == 2)
                    p.max_iter = 4;
                else
                    p.tol_inertia = 1e-3;
                tkm_result r = fit_with(&ds, init, &p);
                const tkm_stop want[] = {TKM_STOP_TOL, TKM_STOP_TOL_ABS,
                                         TKM_STOP_MAX_ITER,
                                         TKM_STOP_TOL_INERTIA};
                assert_int_equal(r.stop, want[rule]);
                assert_int_equal(r.converged, rule != 2);
                assert_true(r.iterations < strict.iterations);
                if (rule == 0)
                    assert_true(fabs(r.tol_shift2 - 1e-3 * var) <=
                                1e-12 * r.tol_shift2);
                else
                    assert_true(r.tol_shift2 == 0.0);
                /* no earlier iteration met the rule; the last did */
                for (int i = 0; i < r.iterations; i++) {
                    const tkm_iter_stats *s = &r.iters[i];
                    int last = i + 1 == r.iterations;
                    assert_true(s->changed > 0);
                    assert_true(s->shift2 >= s->max_drift * s->max_drift);
                    assert_true(s->shift2 <=
                                K * s->max_drift * s->max_drift * 1.000001);
                    if (rule == 0)
                        assert_int_equal(s->shift2 <= r.tol_shift2, last);
                    if (rule == 1)
                        assert_int_equal(s->max_drift <= p.tol_abs, last);
                    if (rule == 3) {
                        assert_true(isfinite(s->inertia));
                        if (i > 0)
                            assert_int_equal(
                                fabs(s[-1].inertia - s->inertia) <=
                                    p.tol_inertia * s->inertia,
                                last);
                    }
                }
                assert_labels_nearest(&ds, &r);
                if (!ref.labels) {
                    ref = r;
                    continue;
                }
                assert_int_equal(r.iterations, ref.iterations);
                assert_int_equal(r.final_changed, ref.final_changed);
                assert_memory_equal(r.labels, ref.labels,
                                    ds.n * sizeof *r.labels);
                assert_memory_equal(r.centroids, ref.centroids,
                                    K * 3 * sizeof *r.centroids);
                tkm_result_free(&r);
            }
        tkm_result_free(&ref);
    }
    /* fixed_iter: exactly max_iter iterations, updates included, and the
     * strict run's result */
    tkm_params p = fit_params(K, TKM_HAMERLY, TKM_SEQ, TKM_EMPTY_KEEP);
    p.fixed_iter = 1;
    p.max_iter = strict.iterations + 5;
    tkm_result r = fit_with(&ds, init, &p);
    assert_int_equal(r.iterations, p.max_iter);
    assert_int_equal(r.stop, TKM_STOP_MAX_ITER);
    for (int i = strict.iterations; i < r.iterations; i++)
        assert_true(r.iters[i].changed == 0 && r.iters[i].max_drift == 0 &&
                    r.iters[i].t_update > 0);
    assert_memory_equal(r.labels, strict.labels, ds.n * sizeof *r.labels);
    assert_memory_equal(r.centroids, strict.centroids,
                        K * 3 * sizeof *r.centroids);
    tkm_result_free(&r);
    p.tol = 1e-4; /* a stop rule with it is refused */
    assert_int_equal(tkm_params_check(&p, ds.n, 3, msg, sizeof msg),
                     TKM_EINVAL);
    tkm_result_free(&strict);
    tkm_dataset_free(&ds);
}

/* float32 points (x32) give what the same values in double give: the
 * start of every method, the fit of every algorithm in both precisions
 * (an f32 run takes them in place), and predict. */
/* The centroid sums are exact: with k = 1 the centroid is the points'
 * mean, correctly rounded.  Columns of pairs m + e, m - e have the exact
 * mean m, which each form gives bit for bit: over runs longer than the
 * fast sums' int64 runs (update.c: 2048 points), with digits up to 2^51
 * (integers just below it in f64: the fast sums' limit), and with a
 * column past that limit (mean 0, magnitudes 2^-26 to 2^27), which sends
 * the run to the 128-bit path. */
static void test_exact_means(void **state)
{
    (void)state;
    enum { N = 6000 };
    const int f32 = TKM_PREC == 32;
    const double m0 = f32 ? ldexp(1, 22) + 1234 : ldexp(1, 50) + 12345;
    const double e0max = ldexp(1, f32 ? 21 : 49);
    const double mags[] = {ldexp(1, 27), ldexp(1, -26), 3 * ldexp(1, -20), 5};
    tkmi_rng r;
    tkmi_rng_seed(&r, 2024);
    for (int past = 0; past < 2; past++) {
        const size_t d = past ? 6 : 5; /* four lanes of the fast sums, and
                                           the rest one by one */
        const double mean[] = {m0, 0.75, -3, 2.5, -0.5, 0};
        double *x = malloc(N * d * sizeof *x);
        assert_non_null(x);
        for (size_t i = 0; i < N; i += 2) {
            const double e[] = {floor(tkmi_rng_uniform(&r) * e0max),
                                floor(tkmi_rng_uniform(&r) * 1024) *
                                    ldexp(1, -20),
                                floor(tkmi_rng_uniform(&r) * 1024) *
                                    ldexp(1, -10),
                                floor(tkmi_rng_uniform(&r) * 64) * 0.5,
                                floor(tkmi_rng_uniform(&r) * 256) *
                                    ldexp(1, -12),
                                mags[(i / 2) % 4]};
            for (size_t j = 0; j < d; j++) {
                x[i * d + j] = mean[j] + e[j];
                x[(i + 1) * d + j] = mean[j] - e[j];
            }
        }
        const tkm_dataset ds = {.n = N, .d = d, .x = x};
        for (int t = 1; t <= 2; t++) {
            tkm_params p = fit_params(1, TKM_LLOYD, t == 1 ? TKM_SEQ : TKM_OMP,
                                      TKM_EMPTY_KEEP);
            p.threads = t;
            p.max_iter = 1;
            tkm_result res = fit_with(&ds, x, &p);
            for (size_t j = 0; j < d; j++)
                if (memcmp(&res.centroids[j], &mean[j], sizeof mean[j]))
                    fail_msg("%s, %d thread(s), column %zu: %.17g, not the "
                             "exact mean %.17g", past ? "past the limit"
                             : "fast sums", t, j, res.centroids[j], mean[j]);
            tkm_result_free(&res);
        }
        free(x);
    }
}

static void test_float_points(void **state)
{
    (void)state;
    char msg[256];
    tkm_dataset dd;
    assert_int_equal(tkm_generate_blobs(3000, 3, 6, 1.0, 10, 11, &dd, NULL,
                                        msg, sizeof msg),
                     TKM_OK);
    float *f = malloc(dd.n * dd.d * sizeof *f);
    assert_non_null(f);
    for (size_t i = 0; i < dd.n * dd.d; i++) {
        f[i] = (float)dd.x[i];
        dd.x[i] = (double)f[i]; /* the same values in both */
    }
    const tkm_dataset df = {.n = dd.n, .d = dd.d, .x = NULL, .x32 = f};
    enum { K = 6 };
    double a[K * 3], b[K * 3];
    for (int m = 0; m < TKM_NINIT; m++) {
        assert_int_equal(tkm_init_centroids(&dd, K, (tkm_init_method)m, 0, 4,
                                            a, msg, sizeof msg),
                         TKM_OK);
        assert_int_equal(tkm_init_centroids(&df, K, (tkm_init_method)m, 0, 4,
                                            b, msg, sizeof msg),
                         TKM_OK);
        assert_memory_equal(a, b, sizeof a);
    }
    for (int alg = 0; alg < TKM_NALGO; alg++)
        for (int q = 0; q < 2; q++) {
            tkm_params p = fit_params(K, (tkm_algorithm)alg, TKM_OMP,
                                      TKM_EMPTY_KEEP);
            p.precision = q ? TKM_F64 : TKM_F32;
            p.threads = 2;
            tkm_result r1 = fit_with(&dd, a, &p), r2 = fit_with(&df, a, &p);
            assert_int_equal(r1.iterations, r2.iterations);
            assert_memory_equal(r1.labels, r2.labels,
                                dd.n * sizeof *r1.labels);
            assert_memory_equal(r1.centroids, r2.centroids,
                                K * 3 * sizeof *r1.centroids);
            int32_t *l1 = malloc(dd.n * sizeof *l1);
            int32_t *l2 = malloc(dd.n * sizeof *l2);
            assert_int_equal(tkm_predict(&dd, r1.centroids, K, p.precision, 2,
                                         l1, NULL, msg, sizeof msg),
                             TKM_OK);
            assert_int_equal(tkm_predict(&df, r1.centroids, K, p.precision, 2,
                                         l2, NULL, msg, sizeof msg),
                             TKM_OK);
            assert_memory_equal(l1, l2, dd.n * sizeof *l1);
            free(l1);
            free(l2);
            tkm_result_free(&r1);
            tkm_result_free(&r2);
        }
    /* a non-finite float is named like a double */
    f[7 * 3 + 1] = NAN;
    tkm_params p = fit_params(K, TKM_LLOYD, TKM_SEQ, TKM_EMPTY_KEEP);
    tkm_result r;
    assert_int_equal(tkm_fit(&df, a, &p, &r, msg, sizeof msg), TKM_ERANGE);
    assert_non_null(strstr(msg, "point 7, column 1"));
    free(f);
    tkm_dataset_free(&dd);
}

/* A value the run's precision cannot hold stops tkm_fit before any work,
 * naming the first such value in the data's order (point, column; counted from 0)
 * whatever the threads of the checking pass; the data set is not
 * modified. */
static void test_unfit_values(void **state)
{
    (void)state;
    char msg[256];
    tkm_dataset ds;
    assert_int_equal(tkm_generate_uniform(20000, 3, 10, 5, &ds, msg,
                                          sizeof msg),
                     TKM_OK);
    double init[12];
    assert_int_equal(tkm_init_centroids(&ds, 4, TKM_INIT_RANDOM, 0, 1, init,
                                        msg, sizeof msg),
                     TKM_OK);
    /* later in the data (and in another thread's share): NaN; earlier:
     * infinity, or in float a value beyond its range */
    ds.x[19000 * 3 + 2] = NAN;
    ds.x[12345 * 3 + 1] = TKM_PREC == 32 ? 1e300 : INFINITY;
    const double kept = ds.x[12345 * 3 + 1];
    for (int t = 1; t <= 3; t++) {
        tkm_params p = fit_params(4, TKM_LLOYD, t == 1 ? TKM_SEQ : TKM_OMP,
                                  TKM_EMPTY_KEEP);
        p.threads = t;
        tkm_result r;
        assert_int_equal(tkm_fit(&ds, init, &p, &r, msg, sizeof msg),
                         TKM_ERANGE);
        assert_non_null(strstr(msg, "point 12345, column 1"));
        assert_null(r.labels);
    }
    assert_true(ds.x[12345 * 3 + 1] == kept);
    assert_true(isnan(ds.x[19000 * 3 + 2]));
    tkm_dataset_free(&ds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_precision_macros),
        cmocka_unit_test(test_rng),
        cmocka_unit_test(test_init),
        cmocka_unit_test(test_init_weighted),
        cmocka_unit_test(test_lloyd_hand),
        cmocka_unit_test(test_lloyd_reference),
        cmocka_unit_test(test_omp_bit_identical),
        cmocka_unit_test(test_smaller_team),
        cmocka_unit_test(test_team_rows),
        cmocka_unit_test(test_other_process_failed),
        cmocka_unit_test(test_empty_cluster),
        cmocka_unit_test(test_empty_relocates),
        cmocka_unit_test(test_weights_refused),
        cmocka_unit_test(test_params_check),
        cmocka_unit_test(test_unfit_values),
        cmocka_unit_test(test_stop_rules),
        cmocka_unit_test(test_float_points),
        cmocka_unit_test(test_exact_means),
    };
    return cmocka_run_group_tests_name("core_" TKM_PREC_NAME, tests, NULL,
                                       NULL);
}
