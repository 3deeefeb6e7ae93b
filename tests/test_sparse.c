/*
 * Sparse points (tkm_csr) through the public API: the start, the
 * prediction, a run with tol and with sample weights, text-like rows
 * started from rows (centroids of few non-zeros) give what the same
 * points dense give, bit for bit; the faults of a CSR are refused with
 * their row named.
 * (test_reference.c holds every CPU solver on sparse points to a
 * long-double Lloyd and to the dense run.)  Built for f32 and f64.
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

/* Every start method and the prediction: the same bits sparse and dense,
 * for each value and index type. */
static void test_start_and_predict(void **state)
{
    (void)state;
    const size_t n = 1500, d = 50, k = 9;
    double *x = sparse_values(n, d, 12, 3);
    tkm_dataset dense = {.n = n, .d = d, .x = x};
    static const tkm_init_method ms[] = {TKM_INIT_KMEANSPP,
                                         TKM_INIT_KMEANSPP_GREEDY,
                                         TKM_INIT_RANDOM, TKM_INIT_FARTHEST};
    double *a = malloc(k * d * sizeof *a), *b = malloc(k * d * sizeof *b);
    double *da = malloc(n * k * sizeof *da), *db = malloc(n * k * sizeof *db);
    int32_t *la = malloc(n * sizeof *la), *lb = malloc(n * sizeof *lb);
    assert_true(a && b && da && db && la && lb);
    char msg[256];
    for (int t = 0; t < 4; t++) {
        csr_copy c = csr_of(x, n, d, t & 1, t >> 1, t == 3);
        for (size_t m = 0; m < sizeof ms / sizeof *ms; m++) {
            assert_int_equal(tkm_init_centroids(&dense, k, ms[m], 0, 11, a, msg,
                                                sizeof msg),
                             TKM_OK);
            if (tkm_init_centroids(&c.ds, k, ms[m], 0, 11, b, msg,
                                   sizeof msg) != TKM_OK)
                fail_msg("start %zu, sparse: %s", m, msg);
            if (memcmp(a, b, k * d * sizeof *a))
                fail_msg("start %zu (types %d): sparse not dense", m, t);
        }
        for (int p = 0; p < 2; p++) {
            const tkm_precision pr = p ? TKM_F64 : TKM_F32;
            assert_int_equal(tkm_predict(&dense, a, k, pr, 3, la, da, msg,
                                         sizeof msg),
                             TKM_OK);
            if (tkm_predict(&c.ds, a, k, pr, 3, lb, db, msg, sizeof msg) !=
                TKM_OK)
                fail_msg("predict, sparse: %s", msg);
            if (memcmp(la, lb, n * sizeof *la) ||
                memcmp(da, db, n * k * sizeof *da))
                fail_msg("predict %s (types %d): sparse not dense",
                         p ? "f64" : "f32", t);
            /* the labels alone: screened by the sparse products */
            memset(lb, 0xff, n * sizeof *lb);
            if (tkm_predict(&c.ds, a, k, pr, 3, lb, NULL, msg, sizeof msg) !=
                TKM_OK)
                fail_msg("predict, sparse, labels alone: %s", msg);
            if (memcmp(la, lb, n * sizeof *la))
                fail_msg("predict %s (types %d), labels alone: sparse not "
                         "dense", p ? "f64" : "f32", t);
        }
        csr_free(&c);
    }
    free(a);
    free(b);
    free(da);
    free(db);
    free(la);
    free(lb);
    free(x);
}

/* A stop on tol (the data's variance summed over the stored values),
 * sample weights with zeros among them, the farthest policy: the dense
 * run's iterations, labels and centroids, in every CPU solver. */
static void test_tol_weights_farthest(void **state)
{
    (void)state;
    const size_t n = 3000, d = 40, k = 12;
    double *x = sparse_values(n, d, 10, 5);
    tkm_dataset dense = {.n = n, .d = d, .x = x};
    double *w = malloc(n * sizeof *w), *c0 = malloc(k * d * sizeof *c0);
    assert_true(w && c0);
    for (size_t i = 0; i < n; i++)
        w[i] = i % 11 == 3 ? 0.0 : (double)(1 + i % 5) / 4.0;
    char msg[256];
    assert_int_equal(tkm_init_centroids(&dense, k, TKM_INIT_KMEANSPP, 0, 6,
                                        c0, msg, sizeof msg),
                     TKM_OK);
    csr_copy c = csr_of(x, n, d, TKM_PREC == 32, 0, 0);
    for (int a = 0; a < TKM_NALGO; a++)
        for (int v = 0; v < 3; v++) {
            tkm_params p = fit_params(k, (tkm_algorithm)a, v ? TKM_OMP : TKM_SEQ,
                                      v == 2 ? TKM_EMPTY_FARTHEST
                                             : TKM_EMPTY_KEEP);
            p.threads = 2;
            p.tol = v == 0 ? 1e-4 : 0.0;
            p.weights = v == 1 ? w : NULL;
            char what[96];
            snprintf(what, sizeof what, "%s %s, %s",
                     tkm_algorithm_name(p.algorithm), tkm_form_name(p.form),
                     v == 0 ? "tol 1e-4" : v == 1 ? "weights" : "farthest");
            tkm_result rd = fit_with(&dense, c0, &p);
            tkm_result rs = fit_with(&c.ds, c0, &p);
            same_result(&rs, &rd, x, n, d, p.weights, what);
            tkm_result_free(&rd);
            tkm_result_free(&rs);
        }
    csr_free(&c);
    free(w);
    free(c0);
    free(x);
}

/* Text-like rows (text_rows, d = 640) started from k of the rows
 * (centroids of at most 6 non-zeros: rows.c's distances over the union of
 * the columns) and from k-means++: every CPU solver gives the dense run's
 * result bit for bit. */
static void test_text_rows(void **state)
{
    (void)state;
    const size_t n = 3000, d = 640, k = 24;
    double *x = text_rows(n, d, 81), *c0 = malloc(k * d * sizeof *c0);
    assert_non_null(c0);
    tkm_dataset dense = {.n = n, .d = d, .x = x};
    char msg[256];
    for (int start = 0; start < 2; start++) {
        if (start == 0) {
            for (size_t c = 0; c < k; c++) /* rows (row 1,650 empty) */
                memcpy(c0 + c * d, x + (c * 97 + 1) * d, d * sizeof *c0);
        } else {
            assert_int_equal(tkm_init_centroids(&dense, k, TKM_INIT_KMEANSPP,
                                                0, 82, c0, msg, sizeof msg),
                             TKM_OK);
        }
        for (int t = 0; t < 2; t++) {
            csr_copy c = csr_of(x, n, d, TKM_PREC == 32 && t, t, 0);
            for (int a = 0; a < TKM_NALGO; a++)
                for (int f = 0; f < 2; f++) {
                    tkm_params p = fit_params(k, (tkm_algorithm)a,
                                              f ? TKM_OMP : TKM_SEQ,
                                              TKM_EMPTY_KEEP);
                    p.threads = 2;
                    char what[96];
                    snprintf(what, sizeof what, "text rows, %s %s, %s start",
                             tkm_algorithm_name(p.algorithm),
                             tkm_form_name(p.form), start ? "k-means++" : "rows");
                    tkm_result rd = fit_with(&dense, c0, &p);
                    tkm_result rs = fit_with(&c.ds, c0, &p);
                    same_result(&rs, &rd, x, n, d, NULL, what);
                    tkm_result_free(&rd);
                    tkm_result_free(&rs);
                }
            csr_free(&c);
        }
    }
    /* the prediction from rows as centroids (predict.c's screened labels
     * and the distances): the dense points' */
    for (size_t c = 0; c < k; c++)
        memcpy(c0 + c * d, x + (c * 97 + 1) * d, d * sizeof *c0);
    int32_t *la = malloc(n * sizeof *la), *lb = malloc(n * sizeof *lb);
    double *da = malloc(n * k * sizeof *da), *db = malloc(n * k * sizeof *db);
    assert_true(la && lb && da && db);
    csr_copy cp = csr_of(x, n, d, 0, 0, 0);
    for (int pr = 0; pr < 2; pr++) {
        const tkm_precision prec = pr ? TKM_F64 : TKM_F32;
        assert_int_equal(tkm_predict(&dense, c0, k, prec, 2, la, da, msg,
                                     sizeof msg),
                         TKM_OK);
        assert_int_equal(tkm_predict(&cp.ds, c0, k, prec, 2, lb, db, msg,
                                     sizeof msg),
                         TKM_OK);
        if (memcmp(la, lb, n * sizeof *la) ||
            memcmp(da, db, n * k * sizeof *da))
            fail_msg("text rows, predict %s: sparse not dense",
                     pr ? "f64" : "f32");
        assert_int_equal(tkm_predict(&cp.ds, c0, k, prec, 2, lb, NULL, msg,
                                     sizeof msg),
                         TKM_OK);
        if (memcmp(la, lb, n * sizeof *la))
            fail_msg("text rows, predict %s, labels alone: sparse not dense",
                     pr ? "f64" : "f32");
    }
    csr_free(&cp);
    free(la);
    free(lb);
    free(da);
    free(db);
    /* k >= 128: Elkan's first boxes of a point each from its own product
     * (elkan.c's box_of), the later ones from all k at once */
    const size_t k2 = 130;
    double *c2 = malloc(k2 * d * sizeof *c2);
    assert_non_null(c2);
    for (size_t c = 0; c < k2; c++)
        memcpy(c2 + c * d, x + (c * 23 + 2) * d, d * sizeof *c2);
    csr_copy cc = csr_of(x, n, d, 0, 0, 0);
    tkm_params p = fit_params(k2, TKM_ELKAN, TKM_SEQ, TKM_EMPTY_KEEP);
    tkm_result rd = fit_with(&dense, c2, &p);
    tkm_result rs = fit_with(&cc.ds, c2, &p);
    same_result(&rs, &rd, x, n, d, NULL, "text rows, elkan seq, k 130");
    tkm_result_free(&rd);
    tkm_result_free(&rs);
    csr_free(&cc);
    free(c2);
    free(c0);
    free(x);
}

/* Points with no stored value at all: every point at the origin. */
static void test_all_zero(void **state)
{
    (void)state;
    const size_t n = 50, d = 4, k = 3;
    int32_t ptr[51] = {0};
    tkm_dataset ds = {.n = n, .d = d,
                      .csr = {.indptr = ptr}};
    double c0[12] = {1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, -3};
    tkm_params p = fit_params(k, TKM_HAMERLY, TKM_SEQ, TKM_EMPTY_KEEP);
    tkm_result r = fit_with(&ds, c0, &p);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(r.labels[i], 0);
    for (size_t j = 0; j < d; j++)
        assert_true(r.centroids[j] == 0.0);
    assert_true(r.inertia == 0.0);
    tkm_result_free(&r);
}

/* tkm_fit on c, expected to fail with st, the message holding want. */
static void refused(const tkm_dataset *ds, const tkm_params *p,
                    tkm_status st, const char *want)
{
    double c0[2 * 3] = {0, 0, 0, 1, 1, 1};
    tkm_result r;
    char msg[512] = "";
    tkm_status got = tkm_fit(ds, c0, p, &r, msg, sizeof msg);
    if (got != st || !strstr(msg, want))
        fail_msg("expected status %d with \"%s\", got %d: %s", (int)st, want,
                 (int)got, msg);
}

/* A CSR's faults, each named with its point. */
static void test_refusals(void **state)
{
    (void)state;
    double v[6] = {1, 2, 3, 4, 5, 6};
    int32_t col[6] = {0, 2, 1, 0, 1, 2};
    int32_t ptr[4] = {0, 2, 3, 6};
    tkm_dataset ds = {.n = 3, .d = 3,
                      .csr = {.data = v, .indices = col, .indptr = ptr}};
    tkm_params p = fit_params(2, TKM_LLOYD, TKM_SEQ, TKM_EMPTY_KEEP);
    tkm_result r = fit_with(&ds, (double[]){0, 0, 0, 1, 1, 1}, &p);
    tkm_result_free(&r);
    col[4] = 0; /* point 2: columns 0, 0, 2 */
    refused(&ds, &p, TKM_EINVAL, "point 2's columns are not increasing");
    col[4] = 3;
    refused(&ds, &p, TKM_EINVAL, "point 2 has a value at column 3");
    col[4] = 1;
    col[1] = -1;
    refused(&ds, &p, TKM_EINVAL, "point 0 has a value at column -1");
    col[1] = 2;
    ptr[2] = 1;
    ptr[1] = 3;
    refused(&ds, &p, TKM_EINVAL, "row 1's start 3 and end 1");
    ptr[1] = 2;
    ptr[2] = 3;
    v[3] = NAN;
    refused(&ds, &p, TKM_ERANGE, "point 2, column 0");
    v[3] = 1e300;
    refused(&ds, &p, TKM_ERANGE, "point 2, column 0");
    v[3] = 4;
}

static void sparse_scores(const double *x, size_t n, size_t d,
                          const int32_t *lab, size_t k);

/* The checker's comparison takes sparse points: a result against itself
 * passes, with a changed label it is counted; the scores are the dense
 * points' (sparse_scores). */
static void test_compare_and_scores(void **state)
{
    (void)state;
    const size_t n = 600, d = 30, k = 5;
    double *x = sparse_values(n, d, 8, 9);
    tkm_dataset dense = {.n = n, .d = d, .x = x};
    csr_copy c = csr_of(x, n, d, 0, 1, 0);
    double *c0 = malloc(k * d * sizeof *c0);
    assert_non_null(c0);
    char msg[256];
    assert_int_equal(tkm_init_centroids(&dense, k, TKM_INIT_KMEANSPP, 0, 2,
                                        c0, msg, sizeof msg),
                     TKM_OK);
    tkm_params p = fit_params(k, TKM_ELKAN, TKM_OMP, TKM_EMPTY_KEEP);
    tkm_result r = fit_with(&c.ds, c0, &p);
    /* Elkan's first assignment screened every pair, its statistics say */
    assert_true(r.iterations > 0 && r.iters[0].screened == n * k);
    tkm_comparison cd, cs;
    assert_int_equal(tkm_compare_results(&c.ds, &r, &r, 1e-12, &cs, NULL,
                                         NULL, 0, msg, sizeof msg),
                     TKM_OK);
    assert_true(cs.pass && cs.label_diff == 0);
    r.labels[7] = (r.labels[7] + 1) % (int32_t)k;
    tkm_result base = fit_with(&dense, c0, &p);
    assert_int_equal(tkm_compare_results(&c.ds, &base, &r, 1e-12, &cs, NULL,
                                         NULL, 0, msg, sizeof msg),
                     TKM_OK);
    assert_int_equal(tkm_compare_results(&dense, &base, &r, 1e-12, &cd, NULL,
                                         NULL, 0, msg, sizeof msg),
                     TKM_OK);
    assert_int_equal(cs.label_diff, 1);
    assert_int_equal(cs.ties, cd.ties);
    assert_true(cs.max_gap == cd.max_gap && !cs.pass);
    sparse_scores(x, n, d, base.labels, k);
    tkm_result_free(&r);
    tkm_result_free(&base);
    csr_free(&c);
    free(c0);
    free(x);
}

/* The three scores of the points x (n x d) labelled lab, dense against
 * sparse (both value and index types): the same bits, the silhouette
 * whole and on a sample; a sparse row's fault named as tkm_fit names it. */
static void sparse_scores(const double *x, size_t n, size_t d,
                          const int32_t *lab, size_t k)
{
    tkm_dataset dense = {.n = n, .d = d, .x = (double *)x};
    char msg[256];
    double want[4], got[4];
    assert_int_equal(tkm_silhouette(&dense, lab, k, 0, 0, 2, &want[0], msg,
                                    sizeof msg), TKM_OK);
    assert_int_equal(tkm_silhouette(&dense, lab, k, n / 3, 5, 2, &want[1],
                                    msg, sizeof msg), TKM_OK);
    assert_int_equal(tkm_calinski_harabasz(&dense, lab, k, &want[2], msg,
                                           sizeof msg), TKM_OK);
    assert_int_equal(tkm_davies_bouldin(&dense, lab, k, &want[3], msg,
                                        sizeof msg), TKM_OK);
    for (int t = 0; t < 2; t++) {
        csr_copy c = csr_of(x, n, d, 0, t, 0);
        assert_int_equal(tkm_silhouette(&c.ds, lab, k, 0, 0, 2, &got[0], msg,
                                        sizeof msg), TKM_OK);
        assert_int_equal(tkm_silhouette(&c.ds, lab, k, n / 3, 5, 2, &got[1],
                                        msg, sizeof msg), TKM_OK);
        assert_int_equal(tkm_calinski_harabasz(&c.ds, lab, k, &got[2], msg,
                                               sizeof msg), TKM_OK);
        assert_int_equal(tkm_davies_bouldin(&c.ds, lab, k, &got[3], msg,
                                            sizeof msg), TKM_OK);
        for (int q = 0; q < 4; q++)
            if (memcmp(&got[q], &want[q], sizeof got[q]))
                fail_msg("score %d, %s indices: sparse %.17g, dense %.17g", q,
                         t ? "64-bit" : "32-bit", got[q], want[q]);
        ((double *)c.data)[3] = NAN;
        assert_int_equal(tkm_calinski_harabasz(&c.ds, lab, k, &got[2], msg,
                                               sizeof msg), TKM_EINVAL);
        assert_non_null(strstr(msg, "calinski-harabasz: "));
        assert_non_null(strstr(msg, "column"));
        csr_free(&c);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_and_predict),
        cmocka_unit_test(test_tol_weights_farthest),
        cmocka_unit_test(test_text_rows),
        cmocka_unit_test(test_all_zero),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_compare_and_scores),
    };
    return cmocka_run_group_tests_name("sparse (" TKM_PREC_NAME ")", tests,
                                       NULL, NULL);
}
