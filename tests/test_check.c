/*
 * The checker's verdicts: results made to disagree with a baseline in each
 * way the pass rule names (labels, ties, centroids, iterations) must be
 * judged as the rule says.
 */
#include "real.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "internal.h"

typedef struct {
    tkm_dataset ds;
    tkm_result base, res;
} fixture;

/* A baseline from a real fit, and a copy of it to spoil. */
static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    char msg[256];
    size_t k = 6;
    if (tkm_generate_blobs(3000, 3, k, 1.0, 10, 11, &f->ds, NULL, msg,
                           sizeof msg) != TKM_OK)
        return -1;
    double init[18];
    tkm_init_centroids(&f->ds, k, TKM_INIT_KMEANSPP, 0, 4, init, msg,
                       sizeof msg);
    tkm_params p;
    tkm_params_default(&p);
    p.k = k;
    p.precision = TKM_PREC_ENUM;
    if (tkm_fit(&f->ds, init, &p, &f->base, msg, sizeof msg) != TKM_OK ||
        tkm_fit(&f->ds, init, &p, &f->res, msg, sizeof msg) != TKM_OK)
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    tkm_result_free(&f->base);
    tkm_result_free(&f->res);
    tkm_dataset_free(&f->ds);
    free(f);
    return 0;
}

static tkm_comparison compare(fixture *f)
{
    tkm_comparison c;
    char msg[256];
    assert_int_equal(tkm_compare_results(&f->ds, &f->base, &f->res,
                                         tkm_check_tolerance(TKM_PREC_ENUM),
                                         &c, NULL, NULL, 0, msg, sizeof msg),
                     TKM_OK);
    return c;
}

static void test_identical_passes(void **state)
{
    tkm_comparison c = compare(*state);
    assert_true(c.pass);
    assert_int_equal(c.label_diff, 0);
    assert_true(c.max_abs_diff == 0 && c.inertia_rel == 0);
}

/* A point moved to a centroid that is clearly farther: a real difference. */
static void test_wrong_label_fails(void **state)
{
    fixture *f = *state;
    f->res.labels[17] = (f->base.labels[17] + 1) % (int32_t)f->base.k;
    size_t idx[4];
    double gap[4];
    tkm_comparison c;
    char msg[256];
    tkm_compare_results(&f->ds, &f->base, &f->res, 1e-4, &c, idx, gap, 4,
                        msg, sizeof msg);
    assert_false(c.pass);
    assert_int_equal(c.label_diff, 1);
    assert_int_equal(c.ties, 0);
    assert_int_equal(idx[0], 17);
    assert_true(gap[0] > 0 && c.max_gap > 0);
    f->res.labels[17] = f->base.labels[17];
}

/* A point placed exactly halfway between two centroids may go either way:
 * a tie, which passes. */
static void test_tie_passes(void **state)
{
    fixture *f = *state;
    size_t d = f->ds.d;
    double saved[3];
    memcpy(saved, f->ds.x, sizeof saved);
    for (size_t j = 0; j < d; j++)
        f->ds.x[j] = 0.5 * (f->base.centroids[j] + f->base.centroids[d + j]);
    int32_t bl = f->base.labels[0], rl = f->res.labels[0];
    f->base.labels[0] = 0;
    f->res.labels[0] = 1;
    tkm_comparison c = compare(f);
    assert_int_equal(c.label_diff, 1);
    assert_int_equal(c.ties, 1);
    assert_true(c.pass);
    memcpy(f->ds.x, saved, sizeof saved);
    f->base.labels[0] = bl;
    f->res.labels[0] = rl;
}

static void test_centroid_and_iterations(void **state)
{
    fixture *f = *state;
    double tol = tkm_check_tolerance(TKM_PREC_ENUM);
    double keep = f->res.centroids[4];
    f->res.centroids[4] += 0.5 * tol * fmax(1.0, fabs(keep));
    assert_true(compare(f).pass); /* within tolerance */
    f->res.centroids[4] = keep + 3.0 * tol * fmax(1.0, fabs(keep));
    tkm_comparison c = compare(f);
    assert_false(c.pass);
    assert_true(c.max_rel_diff > tol);
    f->res.centroids[4] = keep;
    f->res.iterations++;
    assert_false(compare(f).pass);
    f->res.iterations--;
    assert_true(compare(f).pass);
}

static void test_shape_mismatch(void **state)
{
    fixture *f = *state;
    tkm_comparison c;
    char msg[256];
    f->res.k--;
    assert_int_equal(tkm_compare_results(&f->ds, &f->base, &f->res, 1e-4, &c,
                                         NULL, NULL, 0, msg, sizeof msg),
                     TKM_EINVAL);
    f->res.k++;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_identical_passes),
        cmocka_unit_test(test_wrong_label_fails),
        cmocka_unit_test(test_tie_passes),
        cmocka_unit_test(test_centroid_and_iterations),
        cmocka_unit_test(test_shape_mismatch),
    };
    return cmocka_run_group_tests_name("check_" TKM_PREC_NAME, tests, setup,
                                       teardown);
}
