/*
 * Every CPU solver against sequential Lloyd on the small real data sets
 * that scikit-learn's Debian package ships (iris, wine, digits).  Skips,
 * saying why, where python3-sklearn is not installed.
 */
#include "real.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "internal.h"

#define SKLEARN_DATA "/usr/lib/python3/dist-packages/sklearn/datasets/data/"

/* Load a scikit-learn CSV (gzip allowed) and drop its last column (the
 * class label).  Returns 0, or -1 when the file is not installed. */
static int load_sklearn(const char *name, tkm_dataset *ds)
{
    char path[512], tmp[64] = "/tmp/tkm_sk_XXXXXX", csv[80], cmd[1200];
    char msg[512];
    snprintf(path, sizeof path, SKLEARN_DATA "%s", name);
    if (access(path, R_OK) != 0)
        return -1;
    int fd = mkstemp(tmp);
    assert_true(fd >= 0);
    close(fd);
    unlink(tmp);
    snprintf(csv, sizeof csv, "%s.csv", tmp);
    /* digits.csv.gz has no header; iris and wine open with a summary line
     * (n, d and the class names: neither data nor column names), cut off */
    snprintf(cmd, sizeof cmd, "%s '%s' > '%s'",
             strstr(name, ".gz") ? "zcat" : "tail -n +2", path, csv);
    assert_int_equal(system(cmd), 0);
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    tkm_dataset full;
    tkm_status st = tkm_dataset_read(csv, &o, &full, msg, sizeof msg);
    unlink(csv);
    if (st != TKM_OK)
        fail_msg("%s: %s", name, msg);
    assert_true(full.d >= 2);
    memset(ds, 0, sizeof *ds); /* tkm_dataset_free reads every field */
    ds->n = full.n;
    ds->d = full.d - 1;
    ds->x = malloc(ds->n * ds->d * sizeof *ds->x);
    for (size_t i = 0; i < ds->n; i++)
        memcpy(ds->x + i * ds->d, full.x + i * full.d,
               ds->d * sizeof *ds->x);
    tkm_dataset_free(&full);
    return 0;
}

static tkm_result run(const tkm_dataset *ds, const double *init, size_t k,
                      tkm_algorithm a, tkm_form f)
{
    tkm_params p;
    tkm_params_default(&p);
    p.k = k;
    p.algorithm = a;
    p.form = f;
    p.threads = 2;
    p.precision = TKM_PREC_ENUM;
    tkm_result r;
    char msg[256];
    if (tkm_fit(ds, init, &p, &r, msg, sizeof msg) != TKM_OK)
        fail_msg("%s/%s/%s: %s", tkm_algorithm_name(a), tkm_form_name(f),
                 TKM_PREC_NAME, msg);
    return r;
}

static void check_set(const char *name, size_t expect_n, size_t expect_d)
{
    tkm_dataset ds;
    if (load_sklearn(name, &ds) != 0) {
        print_message("%s not installed: install python3-sklearn "
                      "(make deps does)\n", SKLEARN_DATA);
        skip();
    }
    assert_int_equal(ds.n, expect_n);
    assert_int_equal(ds.d, expect_d);
    const size_t ks[] = {2, 3, 10};
    char msg[256];
    for (size_t t = 0; t < 3; t++) {
        size_t k = ks[t];
        double *init = malloc(k * ds.d * sizeof *init);
        assert_int_equal(tkm_init_centroids(&ds, k, TKM_INIT_KMEANSPP, 0,
                                            t + 1, init, msg, sizeof msg),
                         TKM_OK);
        tkm_result base = run(&ds, init, k, TKM_LLOYD, TKM_SEQ);
        for (int a = 0; a < TKM_NALGO; a++)
            for (int f = TKM_SEQ; f <= TKM_OMP; f++) {
                if (a == TKM_LLOYD && f == TKM_SEQ)
                    continue;
                tkm_result r = run(&ds, init, k, a, f);
                tkm_comparison c;
                assert_int_equal(
                    tkm_compare_results(&ds, &base, &r,
                                        tkm_check_tolerance(TKM_PREC_ENUM),
                                        &c, NULL, NULL, 0, msg, sizeof msg),
                    TKM_OK);
                if (!c.pass)
                    fail_msg("%s k=%zu %s/%s/%s: %zu labels differ (%zu "
                             "ties), iterations %d vs %d, centroid diff %g",
                             name, k, tkm_algorithm_name(a),
                             tkm_form_name(f), TKM_PREC_NAME, c.label_diff,
                             c.ties, c.iterations, c.iterations_base,
                             c.max_rel_diff);
                tkm_result_free(&r);
            }
        tkm_result_free(&base);
        free(init);
    }
    tkm_dataset_free(&ds);
}

static void test_iris(void **state)
{
    (void)state;
    check_set("iris.csv", 150, 4);
}

static void test_wine(void **state)
{
    (void)state;
    check_set("wine_data.csv", 178, 13);
}

static void test_digits(void **state)
{
    (void)state;
    check_set("digits.csv.gz", 1797, 64);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_iris),
        cmocka_unit_test(test_wine),
        cmocka_unit_test(test_digits),
    };
    return cmocka_run_group_tests_name("realdata_" TKM_PREC_NAME, tests,
                                       NULL, NULL);
}
