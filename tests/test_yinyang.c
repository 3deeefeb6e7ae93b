/*
 * What is Yinyang's own (its exactness, counters and OpenMP bits are
 * tested with every algorithm with bounds in test_elkan_hamerly.c): the
 * groups of centroids (max(1, k / 10) of them, none empty, the same for
 * any thread count), and that the group filter and the local filter each
 * skip work on well-separated blobs, the labels staying Lloyd's.  Built
 * for f32 and f64.
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

#include "arith.h"
#include "internal.h"
#include "kern.h"
#include "solver.h"
#include "yinyang.h"

/* Centroids drawn from a grid of g values a coordinate (g = 1: all the
 * same), so that many coincide; the groups of every thread count. */
static void check_groups(size_t k, size_t d, uint64_t g, uint64_t seed)
{
    const TKM_FN(tkmi_kern) *kern = TKM_FN(tkmi_kern_get)();
    const size_t t = tkmi_yinyang_ngroups(k);
    tkm_real *c = malloc(k * d * sizeof *c), *cen = malloc(t * d * sizeof *cen);
    double *acc = malloc(t * (d + 1) * sizeof *acc);
    int32_t *grp = malloc(k * sizeof *grp), *one = malloc(k * sizeof *one);
    size_t *size = calloc(t, sizeof *size);
    assert_true(c && cen && acc && grp && one && size);
    assert_true(t == (k < 20 ? 1 : k / 10));
    tkmi_rng r;
    tkmi_rng_seed(&r, seed);
    for (size_t i = 0; i < k * d; i++)
        c[i] = (tkm_real)tkmi_rng_below(&r, g);
    const int threads[] = {1, 2, 4};
    for (int th = 0; th < 3; th++) {
        for (size_t i = 0; i < k; i++)
            grp[i] = -7;
        TKM_FN(tkmi_yinyang_groups)(c, k, d, kern, threads[th], grp, cen, acc);
        if (th == 0)
            memcpy(one, grp, k * sizeof *grp);
        else if (memcmp(one, grp, k * sizeof *grp) != 0)
            fail_msg("k %zu d %zu grid %llu (%s): other groups on %d "
                     "threads", k, d, (unsigned long long)g, TKM_PREC_NAME,
                     threads[th]);
    }
    for (size_t i = 0; i < k; i++) {
        assert_true(grp[i] >= 0 && (size_t)grp[i] < t);
        size[grp[i]]++;
    }
    for (size_t j = 0; j < t; j++)
        if (size[j] == 0)
            fail_msg("k %zu d %zu grid %llu (%s): group %zu empty", k, d,
                     (unsigned long long)g, TKM_PREC_NAME, j);
    free(c);
    free(cen);
    free(acc);
    free(grp);
    free(one);
    free(size);
}

static void test_groups(void **state)
{
    (void)state;
    const size_t ks[] = {1, 2, 9, 10, 19, 20, 21, 99, 100, 257, 1000};
    const uint64_t grids[] = {1, 2, 5, 1000};
    uint64_t seed = 1;
    for (size_t a = 0; a < sizeof ks / sizeof ks[0]; a++)
        for (size_t d = 1; d <= 3; d += 2)
            for (size_t b = 0; b < 4; b++)
                check_groups(ks[a], d, grids[b], seed++);
}

/* The CPU part driven as the engine drives it (cpu.c): first(), then
 * bound() and assign() after each move of the centroids to the means of
 * their points (an empty one stays), the drift of each as update.c takes
 * it. */
typedef struct {
    TKM_FN(tkmi_cpu) s;
    tkm_real *x, *c, *drift;
    int32_t *lab;
} driver;

static void driver_init(driver *v, const tkm_dataset *ds, const double *init,
                        size_t k)
{
    size_t n = ds->n, d = ds->d;
    char msg[256];
    memset(v, 0, sizeof *v);
    v->x = malloc(n * d * sizeof *v->x);
    v->c = malloc(k * d * sizeof *v->c);
    v->drift = calloc(k, sizeof *v->drift);
    v->lab = malloc(n * sizeof *v->lab);
    assert_true(v->x && v->c && v->drift && v->lab);
    for (size_t i = 0; i < n * d; i++)
        v->x[i] = (tkm_real)ds->x[i];
    for (size_t i = 0; i < k * d; i++)
        v->c[i] = (tkm_real)init[i];
    for (size_t i = 0; i < n; i++)
        v->lab[i] = -1;
    TKM_FN(tkmi_cpu) *s = &v->s;
    s->x = v->x;
    s->n = n;
    s->d = d;
    s->k = k;
    s->threads = 1;
    s->c = v->c;
    s->drift = v->drift;
    s->labels = v->lab;
    s->kern = TKM_FN(tkmi_kern_get)();
    assert_int_equal(TKM_FN(tkmi_kc_init)(&s->kc, k, d), TKM_OK);
    TKM_FN(tkmi_kc_pack)(&s->kc, s->c);
    assert_int_equal(TKM_FN(tkmi_yinyang_cpu).setup(s, msg, sizeof msg),
                     TKM_OK);
}

static void driver_free(driver *v)
{
    TKM_FN(tkmi_yinyang_cpu).release(&v->s);
    TKM_FN(tkmi_kc_free)(&v->s.kc);
    free(v->x);
    free(v->c);
    free(v->drift);
    free(v->lab);
}

/* Centroids to the means of their points (an empty one stays), with
 * their drifts. */
static void driver_move(driver *v)
{
    const size_t n = v->s.n, d = v->s.d, k = v->s.k;
    double *sum = calloc(k * (d + 1), sizeof *sum);
    tkm_real *nc = malloc(k * d * sizeof *nc);
    assert_true(sum && nc);
    for (size_t i = 0; i < n; i++) {
        double *sc = sum + (size_t)v->lab[i] * (d + 1);
        for (size_t j = 0; j < d; j++)
            sc[j] += (double)v->x[i * d + j];
        sc[d] += 1;
    }
    for (size_t c = 0; c < k; c++)
        for (size_t j = 0; j < d; j++)
            nc[c * d + j] = sum[c * (d + 1) + d] > 0
                                ? (tkm_real)(sum[c * (d + 1) + j] /
                                             sum[c * (d + 1) + d])
                                : v->c[c * d + j];
    for (size_t c = 0; c < k; c++)
        v->drift[c] = TKM_FN(tkmi_drift_of)(
            v->c + c * d, nc + c * d, d,
            TKM_SQRT(v->s.kern->dist2(v->c + c * d, nc + c * d, d)));
    memcpy(v->c, nc, k * d * sizeof *nc);
    TKM_FN(tkmi_kc_pack)(&v->s.kc, v->c);
    free(sum);
    free(nc);
}

/* Lloyd's labels for the present centroids: the scan kernel over all. */
static void assert_lloyd_labels(const driver *v, int iter)
{
    const size_t n = v->s.n;
    int32_t *ref = malloc(n * sizeof *ref);
    assert_non_null(ref);
    TKM_FN(tkmi_scan_out) o = {.lab = ref};
    v->s.kern->scan(&v->s.kc, v->x, NULL, n, &o);
    for (size_t i = 0; i < n; i++)
        if (ref[i] != v->lab[i])
            fail_msg("iteration %d (%s): point %zu labelled %d, lloyd %d",
                     iter, TKM_PREC_NAME, i, v->lab[i], ref[i]);
    free(ref);
}

/* k = 100 well-separated blobs: 10 groups, and over the run both the
 * group filter and the local filter skip pairs (each alone is exact, the
 * labels are Lloyd's after every step). */
static void test_filters_prune(void **state)
{
    (void)state;
    const size_t n = 20000, d = 4, k = 100;
    tkm_dataset ds;
    char msg[256];
    assert_int_equal(tkm_generate_blobs(n, d, k, 0.3, 20, 17, &ds, NULL, msg,
                                        sizeof msg),
                     TKM_OK);
    double *init = malloc(k * d * sizeof *init);
    assert_non_null(init);
    assert_int_equal(tkm_init_centroids(&ds, k, TKM_INIT_KMEANSPP, 0, 17,
                                        init, msg, sizeof msg),
                     TKM_OK);
    driver v;
    driver_init(&v, &ds, init, k);
    tkm_iter_stats row;
    memset(&row, 0, sizeof row);
    TKM_FN(tkmi_yinyang_cpu).first(&v.s, &row);
    assert_lloyd_labels(&v, 0);
    uint64_t group = 0, local = 0, pairs = 0;
    size_t t = 0;
    int it;
    for (it = 1; it < 100; it++) {
        driver_move(&v);
        memset(&row, 0, sizeof row);
        TKM_FN(tkmi_yinyang_cpu).bound(&v.s);
        TKM_FN(tkmi_yinyang_cpu).assign(&v.s, &row);
        assert_lloyd_labels(&v, it);
        uint64_t g, l;
        TKM_FN(tkmi_yinyang_split)(&v.s, &g, &l, &t);
        assert_true(g + l == row.pruned_pairs);
        group += g;
        local += l;
        pairs += row.pruned_pairs + row.dist_pc;
        if (row.changed == 0)
            break;
    }
    assert_true(it > 2 && it < 100);
    assert_true(t == 10);
    print_message("yinyang (%s), %d iterations: %llu pairs skipped by the "
                  "group filter, %llu by the local filter, of %llu\n",
                  TKM_PREC_NAME, it, (unsigned long long)group,
                  (unsigned long long)local, (unsigned long long)pairs);
    assert_true(group > 0);
    assert_true(local > 0);
    driver_free(&v);
    free(init);
    tkm_dataset_free(&ds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_groups),
        cmocka_unit_test(test_filters_prune),
    };
    return cmocka_run_group_tests_name("yinyang_" TKM_PREC_NAME, tests, NULL,
                                       NULL);
}
