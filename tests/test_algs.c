/*
 * The algorithms' rows (src/solve/algs.c) against what the library does:
 * every row's name parses back to it, the per-precision operation table
 * (table.c) holds a part exactly for the forms a row claims, and each
 * capability a row claims or denies (a form, the screening, the pruning
 * ablations, bounds) is what a fit then accepts or refuses.  Every loop
 * runs over the rows, so a new algorithm is checked without a line here.
 */
#include "real.h"

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
#include "solver.h"

/* Fresh blobs and a start drawn from the seed. */
static void blobs(tkm_dataset *ds, double *init, size_t k, uint64_t seed)
{
    char msg[256] = "";
    if (tkm_generate_blobs(300, 3, k, 1.0, 10.0, seed, ds, NULL, msg,
                           sizeof msg) != TKM_OK ||
        tkm_init_centroids(ds, k, TKM_INIT_RANDOM, 0, seed + 1, init, msg,
                           sizeof msg) != TKM_OK)
        fail_msg("data: %s", msg);
}

/* Every row is its enum value's, and its name parses back to it. */
static void test_names_round_trip(void **state)
{
    (void)state;
    int rows = 0;
    for (int i = 0; i < TKM_NALGO; i++) {
        const tkm_algorithm a = (tkm_algorithm)i;
        const tkmi_alg_row *r = tkmi_alg_caps(a);
        assert_non_null(r);
        assert_int_equal(r->alg, a);
        assert_string_equal(tkm_algorithm_name(a), r->name);
        tkm_algorithm back = TKM_NALGO;
        assert_int_equal(tkm_algorithm_parse(r->name, &back), 0);
        assert_int_equal(back, a);
        /* no two rows share a name or a title */
        for (int j = 0; j < i; j++) {
            assert_string_not_equal(tkmi_alg_caps((tkm_algorithm)j)->name,
                                    r->name);
            assert_string_not_equal(tkmi_alg_caps((tkm_algorithm)j)->title,
                                    r->title);
        }
        rows++;
    }
    assert_int_equal(rows, TKM_NALGO);
    assert_null(tkmi_alg_caps(TKM_NALGO));
    assert_string_equal(tkm_algorithm_name(TKM_NALGO), "?");
    tkm_algorithm a = TKM_LLOYD;
    assert_int_equal(tkm_algorithm_parse("Lloyd", &a), -1);
    assert_int_equal(tkm_algorithm_parse(NULL, &a), -1);
}

/* The joined lists hold exactly the rows with the flags, in order. */
static void test_name_lists(void **state)
{
    (void)state;
    const unsigned flags[] = {0, TKMI_CAP_BOUNDS, TKMI_CAP_SCREEN,
                              TKMI_CAP_NO_CC, TKMI_CAP_MAX_DRIFT};
    for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++) {
        char got[256], want[256] = "";
        tkmi_alg_names(flags[f], "|", "|", got, sizeof got);
        for (int a = 0; a < TKM_NALGO; a++)
            if ((tkmi_alg_caps((tkm_algorithm)a)->flags & flags[f]) ==
                flags[f])
                snprintf(want + strlen(want), sizeof want - strlen(want),
                         "%s%s", want[0] ? "|" : "",
                         tkm_algorithm_name((tkm_algorithm)a));
        assert_string_equal(got, want);
    }
    /* a list of two or more ends with last */
    char s[256];
    tkmi_alg_names(0, ", ", " and ", s, sizeof s);
    if (TKM_NALGO > 1)
        assert_non_null(strstr(s, " and "));
}

/* table.c holds a part for (a, f) exactly when a's row has the form
 * (and, for a CUDA form, the build has CUDA). */
static void test_table_matches_rows(void **state)
{
    (void)state;
    for (int a = 0; a < TKM_NALGO; a++)
        for (int f = 0; f < TKM_NFORM; f++) {
            int row = tkmi_alg_has_form((tkm_algorithm)a, (tkm_form)f, NULL,
                                        0);
            int want = row && (tkmi_form_cpu((tkm_form)f) || TKM_HAVE_CUDA);
            if (TKM_FN(tkmi_table_has)((tkm_algorithm)a, (tkm_form)f) !=
                want)
                fail_msg("%s %s (%s): the row says %d, the table has %d",
                         tkm_algorithm_name((tkm_algorithm)a),
                         tkm_form_name((tkm_form)f), TKM_PREC_NAME, row,
                         !want);
        }
}

/* A pair a row lacks is refused as such, before the form's availability;
 * one it has is never refused so. */
static void test_forms_as_rows_say(void **state)
{
    (void)state;
    char msg[256], want[256];
    for (int a = 0; a < TKM_NALGO; a++)
        for (int f = 0; f < TKM_NFORM; f++) {
            tkm_params p = fit_params(3, (tkm_algorithm)a, (tkm_form)f,
                                      TKM_EMPTY_KEEP);
            msg[0] = '\0';
            tkm_status st = tkm_params_check(&p, 100, 2, msg, sizeof msg);
            snprintf(want, sizeof want, "%s has no %s form",
                     tkm_algorithm_name(p.algorithm), tkm_form_name(p.form));
            if (tkmi_alg_has_form(p.algorithm, p.form, NULL, 0)) {
                assert_int_equal(st, TKM_OK);
            } else {
                assert_int_equal(st, TKM_ENOTSUP);
                assert_string_equal(msg, want);
            }
        }
    assert_false(tkmi_alg_has_form(TKM_NALGO, TKM_SEQ, msg, sizeof msg));
}

/* Check p with one option on; the status. */
static tkm_status check_with(tkm_algorithm a, int no_cc, int drift,
                             tkm_screen screen, char *msg, size_t len)
{
    tkm_params p = fit_params(3, a, TKM_SEQ, TKM_EMPTY_KEEP);
    p.no_cc = no_cc;
    p.max_drift_only = drift;
    p.screen = screen;
    msg[0] = '\0';
    return tkm_params_check(&p, 100, 2, msg, len);
}

/* The ablations and the screening are taken exactly by the rows that
 * claim them, and a refusal names the rows that take them. */
static void test_options_as_rows_say(void **state)
{
    (void)state;
    char msg[256], names[128];
    for (int i = 0; i < TKM_NALGO; i++) {
        const tkm_algorithm a = (tkm_algorithm)i;
        tkm_status st = check_with(a, 1, 0, TKM_SCREEN_OFF, msg, sizeof msg);
        assert_int_equal(st, tkmi_alg_has(a, TKMI_CAP_NO_CC) ? TKM_OK
                                                             : TKM_EINVAL);
        if (st != TKM_OK)
            assert_non_null(strstr(msg, tkmi_alg_names(TKMI_CAP_NO_CC, ", ",
                                                       " and ", names,
                                                       sizeof names)));
        st = check_with(a, 0, 1, TKM_SCREEN_OFF, msg, sizeof msg);
        assert_int_equal(st, tkmi_alg_has(a, TKMI_CAP_MAX_DRIFT)
                                 ? TKM_OK
                                 : TKM_EINVAL);
        st = check_with(a, 0, 0, TKM_SCREEN_ON, msg, sizeof msg);
        if (!tkmi_alg_has(a, TKMI_CAP_SCREEN)) {
            assert_int_equal(st, TKM_ENOTSUP);
            assert_non_null(strstr(msg, tkm_algorithm_name(a)));
        } else {
            assert_int_equal(st, TKM_HAVE_BLAS ? TKM_OK : TKM_ENOTSUP);
        }
    }
}

/* A fit keeps bound storage exactly when the row says the algorithm has
 * bounds, prunes nothing without them, and screens only where the row
 * allows it. */
static void test_fits_as_rows_say(void **state)
{
    (void)state;
    const size_t k = 6;
    tkm_dataset ds;
    double init[6 * 3];
    blobs(&ds, init, k, 43);
    for (int i = 0; i < TKM_NALGO; i++) {
        const tkm_algorithm a = (tkm_algorithm)i;
        tkm_params p = fit_params(k, a, TKM_SEQ, TKM_EMPTY_KEEP);
        p.screen = TKM_HAVE_BLAS && tkmi_alg_has(a, TKMI_CAP_SCREEN)
                       ? TKM_SCREEN_ON
                       : TKM_SCREEN_OFF;
        tkm_result r = fit_with(&ds, init, &p);
        const int bounds = tkmi_alg_has(a, TKMI_CAP_BOUNDS);
        uint64_t pruned = 0, screened = 0;
        for (int it = 0; it < r.iterations; it++) {
            pruned += r.iters[it].pruned_points + r.iters[it].pruned_pairs;
            screened += r.iters[it].screened;
        }
        if ((r.bound_bytes > 0) != bounds || (!bounds && pruned))
            fail_msg("%s (%s): bounds %d, %zu bytes of bounds, %llu pruned",
                     tkm_algorithm_name(a), TKM_PREC_NAME, bounds,
                     r.bound_bytes, (unsigned long long)pruned);
        /* a row that claims the screening screens when told to */
        if ((screened > 0) != (p.screen == TKM_SCREEN_ON))
            fail_msg("%s (%s): screen %s, %llu pairs screened",
                     tkm_algorithm_name(a), TKM_PREC_NAME,
                     tkm_screen_name(p.screen),
                     (unsigned long long)screened);
        tkm_result_free(&r);
    }
    tkm_dataset_free(&ds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_round_trip),
        cmocka_unit_test(test_name_lists),
        cmocka_unit_test(test_table_matches_rows),
        cmocka_unit_test(test_forms_as_rows_say),
        cmocka_unit_test(test_options_as_rows_say),
        cmocka_unit_test(test_fits_as_rows_say),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
