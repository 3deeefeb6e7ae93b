/*
 * Every CPU solver (Lloyd, Elkan, Hamerly; seq and omp) against a
 * reference outside the library: a plain Lloyd written here in long
 * double, sharing none of the library's code (no update.c, no fixsum.h,
 * no kernels).  From the same start: the same labels (nearest centroid,
 * lowest index on ties) and iterations, centroids within 1e-4 (f32) /
 * 1e-12 (f64) relative to each column's scale.  Data: columns of several
 * scales, integer lattices with exact ties, duplicated points.  Built for
 * f32 and f64; the values are those of the run's precision.
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

#include "csr_harness.h"
#include "fit_harness.h"
#include "internal.h"

static const double TOL = TKM_PREC == 32 ? 1e-4 : 1e-12;

typedef struct {
    int32_t *labels;
    long double *c; /* k x d */
    int iterations;
} ref_result;

/* scikit-learn's relocation, written from its description: unless every
 * point lies on its centroid, each cluster of no weight, in index order,
 * takes the point farthest from its own (old) centroid not taken yet (the
 * lowest index on ties); the point leaves its cluster's sums and makes
 * the empty one's. */
static void ref_relocate(const double *x, const double *w, size_t n,
                         size_t d, size_t k, const int32_t *lab,
                         const long double *c, long double *sum,
                         long double *cnt)
{
    long double *far = malloc(n * sizeof *far), top = 0;
    unsigned char *was = malloc(k);
    assert_true(far && was);
    for (size_t i = 0; i < n; i++) {
        far[i] = 0;
        for (size_t j = 0; j < d; j++) {
            const long double t = x[i * d + j] - c[(size_t)lab[i] * d + j];
            far[i] += t * t;
        }
        top = far[i] > top ? far[i] : top;
    }
    for (size_t a = 0; a < k; a++)
        was[a] = cnt[a] == 0;
    for (size_t a = 0; top > 0 && a < k; a++) {
        if (!was[a])
            continue;
        size_t p = 0;
        for (size_t i = 1; i < n; i++)
            if (far[i] > far[p])
                p = i;
        if (far[p] < 0)
            break;
        far[p] = -1;
        const long double wp = w ? w[p] : 1.0L;
        const size_t o = (size_t)lab[p];
        cnt[o] -= wp;
        cnt[a] = wp;
        for (size_t j = 0; j < d; j++) {
            sum[o * d + j] -= wp * x[p * d + j];
            sum[a * d + j] = wp * x[p * d + j];
        }
    }
    free(far);
    free(was);
}

/* Lloyd in long double from c0 (k x d): assign each point to its nearest
 * centroid (the lowest index among equals), stop when no label changes or
 * an update moves no centroid, else each centroid the mean of its points,
 * each point counted w[i] times (w NULL: once).  A cluster of no weight
 * keeps its centroid, or with farthest is relocated (ref_relocate) and,
 * left with no weight, takes the mean of the heaviest cluster (the first
 * of the largest weight).  The sums in long double are exact for these
 * data sets' ranges, so the means are exact before their one rounding. */
static ref_result ref_lloyd(const double *x, const double *w, size_t n,
                            size_t d, const double *c0, size_t k, int max_iter,
                            int farthest)
{
    ref_result r = {calloc(n, sizeof(int32_t)), malloc(k * d *
                                                       sizeof(long double)),
                    0};
    long double *sum = malloc(k * d * sizeof *sum);
    long double *cnt = malloc(k * sizeof *cnt);
    assert_true(r.labels && r.c && sum && cnt);
    for (size_t e = 0; e < k * d; e++)
        r.c[e] = c0[e];
    for (size_t i = 0; i < n; i++)
        r.labels[i] = -1;
    for (int it = 0; it < max_iter; it++) {
        size_t changed = 0;
        for (size_t i = 0; i < n; i++) {
            long double best = INFINITY;
            int32_t at = 0;
            for (size_t c = 0; c < k; c++) {
                long double s = 0;
                for (size_t j = 0; j < d; j++) {
                    long double t = (long double)x[i * d + j] - r.c[c * d + j];
                    s += t * t;
                }
                if (s < best) {
                    best = s;
                    at = (int32_t)c;
                }
            }
            changed += r.labels[i] != at;
            r.labels[i] = at;
        }
        r.iterations = it + 1;
        if (!changed)
            break;
        memset(sum, 0, k * d * sizeof *sum);
        memset(cnt, 0, k * sizeof *cnt);
        for (size_t i = 0; i < n; i++) {
            const long double wi = w ? w[i] : 1.0L;
            cnt[r.labels[i]] += wi;
            for (size_t j = 0; j < d; j++)
                sum[(size_t)r.labels[i] * d + j] += wi * x[i * d + j];
        }
        if (farthest)
            ref_relocate(x, w, n, d, k, r.labels, r.c, sum, cnt);
        size_t h = 0, moved = 0;
        for (size_t c = 1; c < k; c++)
            h = cnt[c] > cnt[h] ? c : h;
        for (size_t c = 0; c < k; c++)
            for (size_t j = 0; j < d; j++) {
                /* in the run's precision, as the library's centroids */
                long double v = r.c[c * d + j];
                if (cnt[c] > 0)
                    v = (tkm_real)(sum[c * d + j] / cnt[c]);
                else if (farthest)
                    v = (tkm_real)(sum[h * d + j] / cnt[h]);
                moved += v != r.c[c * d + j];
                r.c[c * d + j] = v;
            }
        if (!moved)
            break;
    }
    free(sum);
    free(cnt);
    return r;
}

/* The values of ds rounded to the run's precision (what the solver sees)
 * and k of its rows as the start. */
static void as_run(tkm_dataset *ds, size_t k, uint64_t seed, double *c0)
{
    for (size_t e = 0; e < ds->n * ds->d; e++)
        ds->x[e] = (double)(tkm_real)ds->x[e];
    tkmi_rng r;
    tkmi_rng_seed(&r, seed);
    for (size_t c = 0; c < k; c++)
        memcpy(c0 + c * ds->d,
               ds->x + tkmi_rng_below(&r, ds->n) * ds->d,
               ds->d * sizeof *c0);
}

/* The same points sparse (their zeros left out; the values as doubles,
 * or as floats in an f32 run; int32_t indices for seq, int64_t for omp)
 * give r's iterations, labels and centroids bit for bit, and its inertia
 * as closely as the sums can (csr_inertia_close). */
static void sparse_same(const tkm_dataset *ds, const double *c0,
                        const tkm_params *p, const tkm_result *r,
                        const char *what)
{
    const size_t n = ds->n, d = ds->d, k = p->k;
    csr_copy c = csr_of(ds->x, n, d, TKM_PREC == 32, p->form == TKM_OMP, 0);
    tkm_result s = fit_with(&c.ds, c0, p);
    if (s.iterations != r->iterations ||
        memcmp(s.labels, r->labels, n * sizeof *s.labels) ||
        memcmp(s.centroids, r->centroids, k * d * sizeof *s.centroids) ||
        !csr_inertia_close(s.inertia, r->inertia, ds->x, n, d, r->centroids,
                           r->labels, p->weights))
        fail_msg("%s, %s %s (%s), sparse: not the dense run's result (%d "
                 "iterations against %d, inertia %.17g against %.17g)",
                 what, tkm_algorithm_name(p->algorithm),
                 tkm_form_name(p->form), TKM_PREC_NAME, s.iterations,
                 r->iterations, s.inertia, r->inertia);
    tkm_result_free(&s);
    csr_free(&c);
}

/* Every CPU solver from c0 against the reference, each point counted
 * w[i] times (w NULL: once), and the same points sparse against the
 * dense run; what names the data. */
static void against_policy(const tkm_dataset *ds, const double *w,
                           const double *c0, size_t k, tkm_empty_policy em,
                           const char *what)
{
    const size_t n = ds->n, d = ds->d;
    ref_result ref =
        ref_lloyd(ds->x, w, n, d, c0, k, 300, em == TKM_EMPTY_FARTHEST);
    /* each column's scale: its largest magnitude */
    double *scale = calloc(d, sizeof *scale);
    assert_non_null(scale);
    for (size_t e = 0; e < n * d; e++)
        scale[e % d] = fmax(scale[e % d], fabs(ds->x[e]));
    static const tkm_form forms[] = {TKM_SEQ, TKM_OMP};
    for (int a = 0; a < TKM_NALGO; a++)
        for (int f = 0; f < 2; f++) {
            tkm_params p = fit_params(k, (tkm_algorithm)a, forms[f], em);
            p.threads = forms[f] == TKM_OMP ? 2 : 1;
            p.weights = w;
            tkm_result r = fit_with(ds, c0, &p);
            sparse_same(ds, c0, &p, &r, what);
            const char *an = tkm_algorithm_name((tkm_algorithm)a);
            const char *fn = tkm_form_name(forms[f]);
            size_t bad = 0;
            for (size_t i = 0; i < n; i++)
                bad += r.labels[i] != ref.labels[i];
            if (bad || r.iterations != ref.iterations)
                fail_msg("%s, %s %s (%s): %zu labels unlike the long-double "
                         "Lloyd's; %d iterations against %d", what, an, fn,
                         TKM_PREC_NAME, bad, r.iterations, ref.iterations);
            for (size_t e = 0; e < k * d; e++) {
                double err = fabs(r.centroids[e] - (double)ref.c[e]);
                if (err > TOL * scale[e % d])
                    fail_msg("%s, %s %s (%s): centroid %zu, column %zu: %.17g "
                             "against %.17Lg (scale %g)", what, an, fn,
                             TKM_PREC_NAME, e / d, e % d, r.centroids[e],
                             ref.c[e], scale[e % d]);
            }
            tkm_result_free(&r);
        }
    free(scale);
    free(ref.labels);
    free(ref.c);
}

static void against_weighted(const tkm_dataset *ds, const double *w,
                             const double *c0, size_t k, const char *what)
{
    against_policy(ds, w, c0, k, TKM_EMPTY_KEEP, what);
}

static void against_reference(const tkm_dataset *ds, const double *c0, size_t k,
                              const char *what)
{
    against_weighted(ds, NULL, c0, k, what);
}

/* Generated blobs (n x d, k of them, seed), each column j then
 * multiplied by mul[j] and moved by add, against the reference from k of
 * their rows. */
static void blobs_case(size_t n, size_t d, size_t k, double spread,
                       uint64_t seed, const double *mul, double add,
                       const char *what)
{
    tkm_dataset ds;
    char msg[256];
    assert_int_equal(tkm_generate_blobs(n, d, k, spread, 10, seed, &ds, NULL,
                                        msg, sizeof msg),
                     TKM_OK);
    for (size_t e = 0; e < n * d; e++)
        ds.x[e] = ds.x[e] * mul[e % d] + add;
    double *c0 = malloc(k * d * sizeof *c0);
    assert_non_null(c0);
    as_run(&ds, k, seed + 1, c0);
    against_reference(&ds, c0, k, what);
    free(c0);
    tkm_dataset_free(&ds);
}

/* Blobs whose columns span several scales (x 1, x 30, x 1/30, x 7). */
static void test_column_scales(void **state)
{
    (void)state;
    static const double mul[] = {1.0, 30.0, 1.0 / 30.0, 7.0};
    blobs_case(3000, 4, 8, 1.5, 41, mul, 0.0, "columns of several scales");
}

/* Columns 18 decades apart (x 1e6 and x 1e-12): each column's sums on its
 * own fixed-point grid, so the small column's centroids are its means to
 * a double's rounding (one grid set by the largest value lost them: a
 * relative 1.6e-3). */
static void test_mixed_magnitudes(void **state)
{
    (void)state;
    static const double mul[] = {1e6, 1e-12, 1.0};
    blobs_case(3000, 3, 6, 1.0, 47, mul, 0.0, "columns 1e6 and 1e-12");
}

/* Tiny and huge magnitudes: blobs scaled by 1e-17 and 1e17 (f32), 1e-150
 * and 1e150 (f64), as small and as large as the squared distances stay
 * normal numbers in the run's precision (where they underflow, Lloyd in
 * that precision itself loses the digits: test_elkan_hamerly holds the
 * bounds to it there). */
static void test_tiny_huge_magnitudes(void **state)
{
    (void)state;
    const double e = TKM_PREC == 32 ? 1e17 : 1e150;
    const double tiny[] = {1 / e, 1 / e, 1 / e}, huge[] = {e, e, e};
    blobs_case(2000, 3, 6, 1.0, 53, tiny, 0.0, "tiny magnitudes");
    blobs_case(2000, 3, 6, 1.0, 54, huge, 0.0, "huge magnitudes");
}

/* Sample weights: real weights (some 0) against the weighted reference,
 * and integer weights against the points repeated as many times: the
 * same labels for every copy, the same centroids, the inertia the sum. */
static void test_sample_weights(void **state)
{
    (void)state;
    const size_t n = 2500, d = 3, k = 7;
    tkm_dataset ds;
    char msg[256];
    assert_int_equal(
        tkm_generate_blobs(n, d, k, 1.5, 10, 49, &ds, NULL, msg, sizeof msg),
        TKM_OK);
    double *c0 = malloc(k * d * sizeof *c0), *w = malloc(n * sizeof *w);
    assert_true(c0 && w);
    as_run(&ds, k, 50, c0);
    tkmi_rng r;
    tkmi_rng_seed(&r, 51);
    for (size_t i = 0; i < n; i++)
        w[i] = i % 10 == 3 ? 0.0 : 0.25 + 3.0 * tkmi_rng_uniform(&r);
    against_weighted(&ds, w, c0, k, "real weights, some 0");
    /* integer weights 0..3 against repeated rows */
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        m += (size_t)(w[i] = (double)tkmi_rng_below(&r, 4));
    tkm_dataset rep = {.n = m, .d = d, .x = malloc(m * d * sizeof(double))};
    assert_non_null(rep.x);
    for (size_t i = 0, at = 0; i < n; i++)
        for (int c = 0; c < (int)w[i]; c++, at++)
            memcpy(rep.x + at * d, ds.x + i * d, d * sizeof(double));
    for (int a = 0; a < TKM_NALGO; a++) {
        tkm_params p =
            fit_params(k, (tkm_algorithm)a, TKM_OMP, TKM_EMPTY_FARTHEST);
        p.threads = 2;
        tkm_result base = fit_with(&rep, c0, &p);
        p.weights = w;
        tkm_result rw = fit_with(&ds, c0, &p);
        assert_int_equal(rw.iterations, base.iterations);
        assert_memory_equal(rw.centroids, base.centroids,
                            k * d * sizeof *rw.centroids);
        for (size_t i = 0, at = 0; i < n; i++)
            for (int c = 0; c < (int)w[i]; c++, at++)
                assert_int_equal(rw.labels[i], base.labels[at]);
        assert_true(fabs(rw.inertia - base.inertia) <= 1e-12 * base.inertia);
        tkm_result_free(&rw);
        tkm_result_free(&base);
    }
    free(rep.x);
    free(w);
    free(c0);
    tkm_dataset_free(&ds);
}

/* Points of a small integer lattice, most of them many times over: equal
 * distances are exact in every precision, so ties are true ties (the
 * lowest index wins), and duplicates share every bound. */
static void test_lattice_ties_duplicates(void **state)
{
    (void)state;
    const size_t n = 2000, d = 3, k = 6;
    tkm_dataset ds = {.n = n, .d = d, .x = malloc(n * d * sizeof(double))};
    assert_non_null(ds.x);
    tkmi_rng r;
    tkmi_rng_seed(&r, 43);
    for (size_t e = 0; e < n * d; e++)
        ds.x[e] = (double)tkmi_rng_below(&r, 7) - 3.0;
    double c0[6 * 3];
    as_run(&ds, k, 44, c0);
    against_reference(&ds, c0, k, "a lattice of ties and duplicates");
    /* a start of equal centroids: every point ties among them */
    for (size_t c = 1; c < k; c++)
        memcpy(c0 + c * d, c0, d * sizeof *c0);
    against_reference(&ds, c0, k, "a start of equal centroids");
    tkm_dataset_free(&ds);
}

/* Large magnitudes: blobs around 1e5 (1e3 in f32) in every column,
 * spread 1, where squared distances lose what their differences held. */
static void test_large_offsets(void **state)
{
    (void)state;
    static const double one[] = {1.0, 1.0, 1.0};
    blobs_case(2500, 3, 5, 1.0, 45, one, TKM_PREC == 32 ? 1e3 : 1e5,
               "blobs far from the origin");
}

/* Sparse points, as text counts and one-hot codes are: each of k topics
 * uses 6 of d = 60 columns, a point holds 2 to 6 of its topic's columns
 * and now and then one column of any topic; its columns' scales span six
 * decades (1e-3 to 1e2); some points hold nothing at all, some are
 * repeated.  About 6% of the values are not zero.  Against the reference,
 * and (sparse_same) the same points sparse against the dense run, with
 * every start the screening and the bounds see: k of the rows (some of
 * them empty) and k-means++. */
static void test_sparse_points(void **state)
{
    (void)state;
    const size_t n = 2500, d = 60, k = 10;
    tkm_dataset ds = {.n = n, .d = d, .x = calloc(n * d, sizeof(double))};
    assert_non_null(ds.x);
    tkmi_rng r;
    tkmi_rng_seed(&r, 71);
    for (size_t i = 0; i < n; i++) {
        double *xi = ds.x + i * d;
        if (i % 97 == 5)
            continue; /* a point with no value */
        if (i % 31 == 7) { /* a point repeated */
            memcpy(xi, xi - 5 * d, d * sizeof *xi);
            continue;
        }
        const size_t topic = tkmi_rng_below(&r, k);
        const size_t held = 2 + tkmi_rng_below(&r, 5);
        for (size_t h = 0; h < held; h++) {
            const size_t j = topic * 6 + tkmi_rng_below(&r, 6);
            const double scale = pow(10.0, (double)(j % 6) - 3.0);
            xi[j] = scale * (1.0 + (double)tkmi_rng_below(&r, 1000) / 250.0);
        }
        if (tkmi_rng_below(&r, 4) == 0)
            xi[tkmi_rng_below(&r, d)] = 0.5;
    }
    double *c0 = malloc(k * d * sizeof *c0);
    assert_non_null(c0);
    as_run(&ds, k, 72, c0);
    against_reference(&ds, c0, k, "sparse points, k rows as the start");
    char msg[256];
    assert_int_equal(tkm_init_centroids(&ds, k, TKM_INIT_KMEANSPP, 0, 73, c0,
                                        msg, sizeof msg),
                     TKM_OK);
    for (size_t e = 0; e < k * d; e++)
        c0[e] = (double)(tkm_real)c0[e];
    against_reference(&ds, c0, k, "sparse points, a k-means++ start");
    free(c0);
    tkm_dataset_free(&ds);
}

/* Empty clusters relocated as scikit-learn does, against the reference's
 * own relocation: starts far from the data (every far centroid empty at
 * the first update), a start of equal centroids (all but the first
 * empty), a lone far point that leaves its cluster, and weights of which
 * many are 0 (clusters of weight-0 points are empty). */
static void test_relocation(void **state)
{
    (void)state;
    const size_t n = 1500, d = 2, k = 7;
    tkm_dataset ds;
    char msg[256];
    assert_int_equal(
        tkm_generate_blobs(n, d, 4, 1.0, 10, 61, &ds, NULL, msg, sizeof msg),
        TKM_OK);
    double c0[7 * 2], *w = malloc(n * sizeof *w);
    assert_non_null(w);
    as_run(&ds, k, 62, c0);
    for (size_t c = 3; c < k; c++) { /* four starts far away */
        c0[c * d] = 1000.0 + (double)c;
        c0[c * d + 1] = -1000.0;
    }
    against_policy(&ds, NULL, c0, k, TKM_EMPTY_FARTHEST, "far starts");
    for (size_t c = 1; c < k; c++)
        memcpy(c0 + c * d, c0, d * sizeof *c0);
    against_policy(&ds, NULL, c0, k, TKM_EMPTY_FARTHEST, "equal starts");
    tkmi_rng r;
    tkmi_rng_seed(&r, 63);
    for (size_t i = 0; i < n; i++)
        w[i] = tkmi_rng_uniform(&r) < 0.6 ? 0.0
                                          : 0.5 + tkmi_rng_uniform(&r);
    as_run(&ds, k, 64, c0);
    against_policy(&ds, w, c0, k, TKM_EMPTY_FARTHEST, "60% zero weights");
    /* 41 points on a line: the point at 60 is alone near 100 and farthest
     * from its centroid; it leaves, its cluster takes the heaviest mean */
    double line[41], l0[3] = {0.0, 6.0, 100.0};
    for (int i = 0; i < 40; i++)
        line[i] = 0.5 * i / 39.0;
    line[40] = 60.0;
    tkm_dataset dl = {.n = 41, .d = 1, .x = line};
    as_run(&dl, 0, 65, l0);
    against_policy(&dl, NULL, l0, 3, TKM_EMPTY_FARTHEST, "a lone point");
    free(w);
    tkm_dataset_free(&ds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_column_scales),
        cmocka_unit_test(test_mixed_magnitudes),
        cmocka_unit_test(test_sample_weights),
        cmocka_unit_test(test_tiny_huge_magnitudes),
        cmocka_unit_test(test_lattice_ties_duplicates),
        cmocka_unit_test(test_large_offsets),
        cmocka_unit_test(test_relocation),
        cmocka_unit_test(test_sparse_points),
    };
    return cmocka_run_group_tests_name("reference (" TKM_PREC_NAME ")",
                                       tests, NULL, NULL);
}
