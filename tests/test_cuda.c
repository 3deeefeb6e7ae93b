/*
 * The CUDA forms (cuda-global and cuda-shared) of Lloyd, Elkan and
 * Hamerly: from the same start each gives sequential Lloyd's labels (ties
 * excepted), iteration count and changed counts, centroids within 1e-4
 * (f32) / 1e-12 (f64), for any block size; reruns are bit-identical; the
 * empty-cluster policies behave as on the CPU; a problem too large for the
 * device fails up front; cuda-shared gives cuda-global's bits; the
 * centroid sums kept across iterations equal sums from scratch; weighted
 * fits equal the CPU's.  Built for f32 and f64.  Without a usable GPU
 * every device test is skipped with the reason, and the forms report
 * themselves unavailable.
 *
 * TKM_TEST_FORMS=cuda-shared (or cuda-global) limits the tests to one
 * form (to rerun a sanitizer on one form by hand), and
 * TKM_TEST_ONLY=PATTERN to the tests whose names match (cmocka's filter:
 * '*' and '?').
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
#include "arith.h"
#include "csr_harness.h"
#include "fit_harness.h"
#include "internal.h"
#include "seed.h"
#include "tune.h"
#include "yinyang.h"

#if TKM_HAVE_CUDA
#include <cuda_runtime_api.h>

#include "cuda_check.h"
#endif

static const double TOL = TKM_PREC == 32 ? 1e-4 : 1e-12;
/* The algorithms are the rows of src/solve/algs.c: ALG(a) for a below
 * TKM_NALGO, each run in the forms its row has. */
#define ALG(a) ((tkm_algorithm)(a))
static int has(size_t a, tkm_form f)
{
    return tkmi_alg_has_form(ALG(a), f, NULL, 0);
}

static int have_gpu;
static char why[256];
/* The forms under test (TKM_TEST_FORMS may name one). */
static tkm_form FORMS[2] = {TKM_CUDA_GLOBAL, TKM_CUDA_SHARED};
static size_t NFORMS = 2;

#define NEED_GPU()                                                           \
    do {                                                                     \
        if (!have_gpu) {                                                     \
            print_message("skipped (%s): the CUDA forms are not available: " \
                          "%s\n",                                            \
                          TKM_PREC_NAME, why);                               \
            skip();                                                          \
        }                                                                    \
    } while (0)

static int group_setup(void **state)
{
    (void)state;
    const char *only = getenv("TKM_TEST_FORMS");
    tkm_form f;
    if (only && *only && tkm_form_parse(only, &f) == 0 &&
        (f == TKM_CUDA_GLOBAL || f == TKM_CUDA_SHARED)) {
        FORMS[0] = f;
        NFORMS = 1;
        print_message("test_cuda (%s): form %s only\n", TKM_PREC_NAME,
                      tkm_form_name(f));
    }
    have_gpu = tkm_form_available(TKM_CUDA_GLOBAL, why, sizeof why) == TKM_OK;
    if (!have_gpu)
        print_message("test_cuda (%s): every device test skips: %s\n",
                      TKM_PREC_NAME, why);
    return 0;
}

/* ---- data and runs ------------------------------------------------------ */

typedef struct {
    tkm_dataset ds;
    double *init;
    size_t k;
} problem;

/* Blobs of kgen centres; k-means++ start of k centroids; dup > 1 repeats
 * every point dup times in a row (duplicate points). */
static problem make_problem(size_t n, size_t d, size_t kgen, size_t k,
                            size_t dup, uint64_t seed)
{
    problem pr = {.init = NULL, .k = k};
    char msg[256] = "";
    tkm_dataset base;
    size_t nb = n / dup;
    assert_int_equal(tkm_generate_blobs(nb, d, kgen, 1.0, 10.0, seed, &base,
                                        NULL, msg, sizeof msg),
                     TKM_OK);
    pr.ds.n = nb * dup;
    pr.ds.d = d;
    pr.ds.x = malloc(pr.ds.n * d * sizeof(double));
    assert_non_null(pr.ds.x);
    for (size_t i = 0; i < pr.ds.n; i++)
        memcpy(pr.ds.x + i * d, base.x + (i / dup) * d, d * sizeof(double));
    tkm_dataset_free(&base);
    pr.init = malloc(k * d * sizeof(double));
    assert_non_null(pr.init);
    if (tkm_init_centroids(&pr.ds, k, TKM_INIT_KMEANSPP, 0, seed + 1, pr.init,
                           msg, sizeof msg) != TKM_OK)
        fail_msg("init: %s", msg);
    return pr;
}

static void free_problem(problem *pr)
{
    tkm_dataset_free(&pr->ds);
    free(pr->init);
}

static tkm_params params(size_t k, tkm_algorithm alg, tkm_form form,
                         int block, tkm_empty_policy empty)
{
    tkm_params p = fit_params(k, alg, form, empty);
    p.block_size = block;
    return p;
}

static tkm_result fit_pr(const problem *pr, const tkm_params *p)
{
    return fit_with(&pr->ds, pr->init, p);
}

static double dist_d(const double *a, const double *b, size_t d)
{
    double s = 0.0;
    for (size_t j = 0; j < d; j++)
        s += (a[j] - b[j]) * (a[j] - b[j]);
    return sqrt(s);
}

/* r must match base, a sequential Lloyd run from the same start: labels
 * equal except at ties (the point's distances to both centroids equal
 * within the precision's rounding, relative and, where squares underflow,
 * absolute: the GPU may fuse multiply-adds), the
 * same iterations and changed counts, centroids within TOL. */
static void assert_like(const problem *pr, const tkm_result *base,
                        const tkm_result *r, const char *what)
{
    size_t n = base->n, d = base->d, ties = 0;
    double rel = 8.0 * (double)(d + 4) * TKM_EPS;
    double abs_ = 2.0 * (double)TKM_FN(tkmi_bnd_abs)(d);
    for (size_t i = 0; i < n; i++) {
        int32_t a = base->labels[i], b = r->labels[i];
        if (a == b)
            continue;
        const double *x = pr->ds.x + i * d;
        double da = dist_d(x, base->centroids + (size_t)a * d, d);
        double db = dist_d(x, base->centroids + (size_t)b * d, d);
        if (fabs(da - db) > rel * fmax(da, db) + abs_)
            fail_msg("%s (%s): point %zu has label %d, lloyd %d; distances "
                     "%.17g vs %.17g are no tie",
                     what, TKM_PREC_NAME, i, b, a, db, da);
        ties++;
    }
    if (r->iterations != base->iterations)
        fail_msg("%s (%s): %d iterations, lloyd %d (%zu ties)", what,
                 TKM_PREC_NAME, r->iterations, base->iterations, ties);
    assert_int_equal(r->converged, base->converged);
    for (int it = 0; !ties && it < r->iterations; it++)
        if (r->iters[it].changed != base->iters[it].changed)
            fail_msg("%s (%s): iteration %d changed %llu labels, lloyd %llu",
                     what, TKM_PREC_NAME, it + 1,
                     (unsigned long long)r->iters[it].changed,
                     (unsigned long long)base->iters[it].changed);
    for (size_t q = 0; q < base->k * d; q++)
        if (!(fabs(r->centroids[q] - base->centroids[q]) <= TOL))
            fail_msg("%s (%s): centroid %zu, coordinate %zu: %.17g vs lloyd "
                     "%.17g",
                     what, TKM_PREC_NAME, q / d, q % d, r->centroids[q],
                     base->centroids[q]);
}

/* Centroids within TOL of base's relative to each column's largest |x|
 * (for columns of very different magnitudes, where assert_like's
 * absolute TOL would not see a small column's error). */
static void assert_columns_like(const problem *pr, const tkm_result *base,
                                const tkm_result *r, const char *what)
{
    const size_t n = pr->ds.n, d = pr->ds.d;
    for (size_t j = 0; j < d; j++) {
        double m = 0.0;
        for (size_t i = 0; i < n; i++)
            m = fmax(m, fabs(pr->ds.x[i * d + j]));
        for (size_t c = 0; c < base->k; c++) {
            double a = r->centroids[c * d + j], b = base->centroids[c * d + j];
            if (!(fabs(a - b) <= TOL * m))
                fail_msg("%s (%s): centroid %zu, column %zu: %.17g vs lloyd "
                         "%.17g (column scale %g)",
                         what, TKM_PREC_NAME, c, j, a, b, m);
        }
    }
}

/* Every algorithm in every form under test at every block size given
 * (0 = default) against sequential Lloyd. */
static void check_problem(const problem *pr, const int *blocks,
                          size_t nblocks)
{
    const size_t n = pr->ds.n, d = pr->ds.d, k = pr->k;
    tkm_params p = params(k, TKM_LLOYD, TKM_SEQ, 0, TKM_EMPTY_KEEP);
    tkm_result base = fit_pr(pr, &p);
    for (size_t f = 0; f < NFORMS; f++)
        for (size_t a = 0; a < TKM_NALGO; a++)
            for (size_t b = 0; has(a, FORMS[f]) && b < nblocks; b++) {
                p = params(k, ALG(a), FORMS[f], blocks[b], TKM_EMPTY_KEEP);
                tkm_result r = fit_pr(pr, &p);
                char what[128];
                snprintf(what, sizeof what,
                         "%s %s block %d, n=%zu d=%zu k=%zu",
                         tkm_algorithm_name(ALG(a)), tkm_form_name(FORMS[f]),
                         blocks[b], n, d, k);
                assert_like(pr, &base, &r, what);
                assert_columns_like(pr, &base, &r, what);
                assert_int_equal(r.threads, blocks[b] ? blocks[b] : 256);
                assert_true(r.blocks >= 1);
                tkm_result_free(&r);
            }
    tkm_result_free(&base);
}

static void check_case(size_t n, size_t d, size_t kgen, size_t k, size_t dup,
                       const int *blocks, size_t nblocks, uint64_t seed)
{
    problem pr = make_problem(n, d, kgen, k, dup, seed);
    check_problem(&pr, blocks, nblocks);
    free_problem(&pr);
}

/* ---- tests -------------------------------------------------------------- */

/* CI's view: with no device each form says why, and a fit fails cleanly;
 * with one, both forms are available. */
static void test_unavailable_reports(void **state)
{
    (void)state;
    problem pr = make_problem(64, 2, 2, 2, 1, 7);
    const tkm_form forms[] = {TKM_CUDA_GLOBAL, TKM_CUDA_SHARED};
    for (int f = 0; f < 2; f++) {
        char w[256] = "";
        tkm_status av = tkm_form_available(forms[f], w, sizeof w);
        if (have_gpu) {
            assert_int_equal(av, TKM_OK);
            continue;
        }
        assert_true(av == TKM_ENODEV || av == TKM_ENOTSUP);
        assert_true(w[0] != '\0');
        tkm_params p = params(2, TKM_LLOYD, forms[f], 0, TKM_EMPTY_KEEP);
        tkm_result r;
        char msg[256] = "";
        tkm_status st = tkm_fit(&pr.ds, pr.init, &p, &r, msg, sizeof msg);
        assert_true(st == TKM_ENODEV || st == TKM_ENOTSUP);
        assert_true(msg[0] != '\0');
        assert_null(r.labels);
    }
    free_problem(&pr);
}

static const int ALL_BLOCKS[] = {0, 64, 1024};
static const int DEFAULT_BLOCK[] = {0};
static const int SMALL_LARGE[] = {64, 1024};

static void test_d1_k2(void **state)
{
    (void)state;
    NEED_GPU();
    check_case(1001, 1, 2, 2, 1, ALL_BLOCKS, 3, 11);
}

static void test_d2_k10(void **state)
{
    (void)state;
    NEED_GPU();
    check_case(2003, 2, 10, 10, 1, DEFAULT_BLOCK, 1, 12);
}

static void test_d3_k10(void **state)
{
    (void)state;
    NEED_GPU();
    check_case(1499, 3, 10, 10, 1, SMALL_LARGE, 2, 13);
}

/* Block 64 also splits the 200 centroids into several shared-memory
 * chunks in cuda-shared (f64). */
static void test_d8_k200(void **state)
{
    (void)state;
    NEED_GPU();
    check_case(4001, 8, 50, 200, 1, ALL_BLOCKS, 2, 14);
}

/* d > 8: cuda-shared's tile kernel, the point tile resident in shared
 * memory, centroid chunks that k does not fill. */
static void test_d33_k70(void **state)
{
    (void)state;
    NEED_GPU();
    check_case(3001, 33, 70, 70, 1, ALL_BLOCKS, 3, 26);
}

/* d = 300 takes several chunks over d in cuda-shared's tile kernel. */
static void test_d300(void **state)
{
    (void)state;
    NEED_GPU();
    check_case(401, 300, 10, 10, 1, ALL_BLOCKS, 3, 15);
}

static void test_k1(void **state)
{
    (void)state;
    NEED_GPU();
    check_case(777, 8, 3, 1, 1, DEFAULT_BLOCK, 1, 16);
}

static void test_k_near_n(void **state)
{
    (void)state;
    NEED_GPU();
    check_case(257, 2, 20, 250, 1, ALL_BLOCKS, 3, 17);
}

static void test_duplicates(void **state)
{
    (void)state;
    NEED_GPU();
    check_case(1800, 3, 12, 20, 3, SMALL_LARGE, 2, 18);
}

/* Data so small that squared differences underflow (1e-20 in float,
 * 1e-160 in double): the bounds' absolute term keeps every form exact. */
static void test_tiny_magnitudes(void **state)
{
    (void)state;
    NEED_GPU();
    problem pr = make_problem(20000, 8, 10, 10, 1, 27);
    const double scale = TKM_PREC == 32 ? 1e-20 : 1e-160;
    for (size_t e = 0; e < pr.ds.n * pr.ds.d; e++)
        pr.ds.x[e] *= scale;
    for (size_t e = 0; e < pr.k * pr.ds.d; e++)
        pr.init[e] *= scale;
    check_problem(&pr, SMALL_LARGE, 2);
    free_problem(&pr);
}

/* Columns 18 decades apart (x 1e6, x 1e-12): each column's sums on its
 * own fixed-point grid, so the small column's centroids are its means. */
static void test_mixed_magnitudes(void **state)
{
    (void)state;
    NEED_GPU();
    problem pr = make_problem(20000, 3, 6, 6, 1, 28);
    static const double mul[] = {1e6, 1e-12, 1.0};
    for (size_t e = 0; e < pr.ds.n * pr.ds.d; e++)
        pr.ds.x[e] *= mul[e % 3];
    for (size_t e = 0; e < pr.k * pr.ds.d; e++)
        pr.init[e] *= mul[e % 3];
    check_problem(&pr, SMALL_LARGE, 2);
    free_problem(&pr);
}

/* More points than one wave of threads: the grid-stride loops go round. */
static void test_many_points(void **state)
{
    (void)state;
    NEED_GPU();
    check_case(300007, 2, 5, 5, 1, DEFAULT_BLOCK, 1, 19);
}

static void assert_same_run(const tkm_result *a, const tkm_result *b,
                            const char *what)
{
    if (a->iterations != b->iterations ||
        memcmp(a->labels, b->labels, a->n * sizeof *a->labels) != 0 ||
        memcmp(a->centroids, b->centroids,
               a->k * a->d * sizeof *a->centroids) != 0 ||
        memcmp(&a->inertia, &b->inertia, sizeof a->inertia) != 0)
        fail_msg("%s (%s): results differ", what, TKM_PREC_NAME);
    for (int it = 0; it < a->iterations; it++) {
        const tkm_iter_stats *x = &a->iters[it], *y = &b->iters[it];
        if (x->changed != y->changed || x->dist_pc != y->dist_pc ||
            x->dist_cc != y->dist_cc || x->pruned_points != y->pruned_points ||
            x->pruned_pairs != y->pruned_pairs ||
            memcmp(&x->max_drift, &y->max_drift, sizeof x->max_drift) != 0)
            fail_msg("%s (%s): iteration %d statistics differ", what,
                     TKM_PREC_NAME, it + 1);
    }
}

/* Same block size: bit-identical reruns.  The sums are exact integers, so
 * other block sizes give the same bits too.  d = 5 runs cuda-shared's
 * register kernel, d = 12 its tile kernel; in both the compacted lists of
 * Elkan and Hamerly come out in a different order from run to run, and
 * no result may depend on it. */
static void bit_identical_case(size_t n, size_t d, size_t k, uint64_t seed)
{
    problem pr = make_problem(n, d, k, k, 1, seed);
    for (size_t f = 0; f < NFORMS; f++)
        for (size_t a = 0; a < TKM_NALGO; a++) {
            if (!has(a, FORMS[f]))
                continue;
            tkm_result first = {0};
            for (int b = 0; b < 3; b++) {
                tkm_params p = params(k, ALG(a), FORMS[f], ALL_BLOCKS[b],
                                      TKM_EMPTY_KEEP);
                tkm_result r1 = fit_pr(&pr, &p), r2 = fit_pr(&pr, &p);
                char what[128];
                snprintf(what, sizeof what, "%s %s d=%zu rerun, block %d",
                         tkm_algorithm_name(ALG(a)), tkm_form_name(FORMS[f]),
                         d, ALL_BLOCKS[b]);
                assert_same_run(&r1, &r2, what);
                if (b == 0) {
                    first = r1;
                } else {
                    snprintf(what, sizeof what, "%s %s d=%zu block %d vs "
                             "default",
                             tkm_algorithm_name(ALG(a)),
                             tkm_form_name(FORMS[f]), d, ALL_BLOCKS[b]);
                    assert_same_run(&first, &r1, what);
                    tkm_result_free(&r1);
                }
                tkm_result_free(&r2);
            }
            tkm_result_free(&first);
        }
    free_problem(&pr);
}

static void test_bit_identical(void **state)
{
    (void)state;
    NEED_GPU();
    bit_identical_case(5003, 5, 30, 21);
    bit_identical_case(3007, 12, 40, 22);
}

/* The centroids of a cluster from scratch, as the exact sums promise
 * (docs/design.md): each the exact mean of its points' coordinates in the
 * precision, rounded once.  Returns the number of coordinates of
 * non-empty clusters whose centroid has other bits than c. */
static size_t sums_from_scratch_differ(const problem *pr, const int32_t *lab,
                                       const double *c)
{
    /* each column's values as integers times 2^-sh (sh from the lowest set
     * bit of any of them), summed in 128 bits; the mean rounded once:
     * a quotient of 64 bits or more, the remainder as a sticky bit, then
     * one conversion to the precision */
    const size_t n = pr->ds.n, d = pr->ds.d, k = pr->k;
    __int128 *sum = calloc(k * d, sizeof *sum);
    size_t *cnt = calloc(k, sizeof *cnt), bad = 0;
    int *sh = calloc(d, sizeof *sh);
    assert_non_null(sum);
    assert_non_null(cnt);
    assert_non_null(sh);
    for (size_t j = 0; j < d; j++) {
        int lo = 0, hi = -100000;
        for (size_t i = 0; i < n; i++) {
            const double v = (double)(tkm_real)pr->ds.x[i * d + j];
            int e = 0;
            if (v == 0)
                continue;
            const double m = frexp(v, &e); /* |m| in [0.5, 1) */
            int t = 53;
            while (t > 0 && ldexp(m, t - 1) == trunc(ldexp(m, t - 1)))
                t--;
            lo = e - t < lo ? e - t : lo; /* v is a multiple of 2^(e - t) */
            hi = e > hi ? e : hi;
        }
        sh[j] = -lo;
        if (hi + sh[j] + 24 > 126)
            fail_msg("column %zu spans %d bits: too many for this oracle", j,
                     hi + sh[j]);
    }
    for (size_t i = 0; i < n; i++) {
        cnt[lab[i]]++;
        for (size_t j = 0; j < d; j++)
            sum[(size_t)lab[i] * d + j] += (__int128)ldexp(
                (double)(tkm_real)pr->ds.x[i * d + j], sh[j]);
    }
    for (size_t q = 0; q < k; q++) {
        if (!cnt[q])
            continue;
        for (size_t j = 0; j < d; j++) {
            const __int128 s = sum[q * d + j];
            unsigned __int128 m =
                s < 0 ? -(unsigned __int128)s : (unsigned __int128)s;
            int e = -sh[j];
            while (m && (m >> 120) == 0) {
                m <<= 1;
                e--;
            }
            const unsigned __int128 qt = m / cnt[q], rm = m % cnt[q];
            int drop = 0;
            while ((qt >> drop) >> 64)
                drop++;
            uint64_t top = (uint64_t)(qt >> drop);
            if (rm || (qt & ((((unsigned __int128)1) << drop) - 1)))
                top |= 1; /* sticky: below the precision's rounding bit */
            const double v = ldexp((double)(tkm_real)top, e + drop);
            const tkm_real want = (tkm_real)(s < 0 ? -v : v);
            const tkm_real got = (tkm_real)c[q * d + j];
            bad += memcmp(&want, &got, sizeof want) != 0;
        }
    }
    free(sum);
    free(cnt);
    free(sh);
    return bad;
}

/* The labels the centroids of r were summed from.  A run that stopped
 * because no label changed summed them from its own labels; one stopped by
 * max_iter = s assigned once more after its last update (the labels of the
 * returned centroids, as scikit-learn does), so its centroids are the sums
 * of iteration s's assignment: the labels that the same solver returns when
 * stopped at s - 1, whose extra assignment is that one.  Returns the run to
 * take the labels from (*prev, filled when needed, freed by the caller). */
static const tkm_result *summed_labels(const problem *pr, const tkm_params *p,
                                       const tkm_result *r, tkm_result *prev)
{
    if (r->stop == TKM_STOP_LABELS)
        return r;
    assert_int_equal(r->stop, TKM_STOP_MAX_ITER);
    assert_true(r->iterations >= 2);
    tkm_params q = *p;
    q.max_iter = r->iterations - 1;
    *prev = fit_pr(pr, &q);
    /* stopped at s - 1 by max_iter, else iteration s would not have run */
    assert_int_equal(prev->stop, TKM_STOP_MAX_ITER);
    assert_int_equal(prev->iterations, r->iterations - 1);
    /* its extra assignment is iteration s's: the same count of changes */
    assert_int_equal(prev->final_changed, r->iters[r->iterations - 1].changed);
    return prev;
}

/* The update keeps its exact sums and moves only the points whose label
 * changed when few did (in this iteration, or in the previous one when
 * the engine queued the update before this one's count was known): after
 * any number of iterations the centroids must still be the sums from
 * scratch of the labels they were summed from, bit for bit.  The runs stop
 * after 2, 6 and 15 iterations and at convergence, on blobs that change
 * fewer than 1 in TKMI_SUMS_DELTA_FRAC labels from the second or third
 * iteration on (asserted, so that the moved path did run), in the register
 * kernel (d = 3) and the tile kernel (d = 20). */
static void sums_case(size_t n, size_t d, size_t k, uint64_t seed)
{
    problem pr = make_problem(n, d, k, k, 1, seed);
    static const int STOPS[] = {2, 6, 15, 1000};
    for (size_t f = 0; f < NFORMS; f++)
        for (size_t a = 0; a < TKM_NALGO; a++)
            for (size_t s = 0;
                 has(a, FORMS[f]) && s < sizeof STOPS / sizeof STOPS[0];
                 s++) {
                tkm_params p = params(k, ALG(a), FORMS[f], 0,
                                      TKM_EMPTY_KEEP);
                p.max_iter = STOPS[s];
                tkm_result r = fit_pr(&pr, &p), prev = {0};
                int moved = 0;
                /* iteration i + 1 updated (some label changed) by moving
                 * the sums: it and iteration i changed few */
                const unsigned long long few = n / TKMI_SUMS_DELTA_FRAC;
                for (int i = 1; i < r.iterations; i++)
                    moved |= r.iters[i].changed > 0 &&
                             r.iters[i].changed <= few &&
                             r.iters[i - 1].changed <= few;
                if (STOPS[s] > 2 && !moved)
                    fail_msg("%s %s d=%zu: no iteration moved the sums "
                             "(the test data must change few labels)",
                             tkm_algorithm_name(ALG(a)),
                             tkm_form_name(FORMS[f]), d);
                const tkm_result *from = summed_labels(&pr, &p, &r, &prev);
                const size_t bad =
                    sums_from_scratch_differ(&pr, from->labels, r.centroids);
                if (bad)
                    fail_msg("%s %s d=%zu after %d iterations: %zu centroid "
                             "coordinates differ from the sums from scratch",
                             tkm_algorithm_name(ALG(a)),
                             tkm_form_name(FORMS[f]), d, r.iterations, bad);
                tkm_result_free(&prev);
                tkm_result_free(&r);
            }
    free_problem(&pr);
}

static void test_sums_moved(void **state)
{
    (void)state;
    NEED_GPU();
    sums_case(20011, 3, 25, 31);
    sums_case(8009, 20, 30, 32);
}

/* cuda-shared computes every distance with the operations cuda-global
 * uses, in the same order: the same labels, iterations and centroid bits,
 * and Lloyd's and Hamerly's counters too.  Elkan's and Yinyang's shared
 * forms test 32 centroids per step with the bound of the step's start, so
 * they may compute a few more distances; their lower bounds are then
 * tighter, so later tests may prune differently: their distance and
 * pruning counts may differ (see kernels/elkan_shared.cu and
 * kernels/yinyang_shared.cu); from d = 256 on Elkan's first iteration
 * computes the half distances too. */
static void shared_vs_global_case(size_t n, size_t d, size_t kgen, size_t k,
                                  int block, uint64_t seed)
{
    problem pr = make_problem(n, d, kgen, k, 1, seed);
    for (size_t a = 0; a < TKM_NALGO; a++) {
        if (!has(a, TKM_CUDA_GLOBAL) || !has(a, TKM_CUDA_SHARED))
            continue;
        tkm_params p = params(k, ALG(a), TKM_CUDA_GLOBAL, block,
                              TKM_EMPTY_KEEP);
        tkm_result rg = fit_pr(&pr, &p);
        p.form = TKM_CUDA_SHARED;
        tkm_result rs = fit_pr(&pr, &p);
        const char *an = tkm_algorithm_name(ALG(a));
        if (rg.iterations != rs.iterations ||
            memcmp(rg.labels, rs.labels, n * sizeof *rg.labels) != 0 ||
            memcmp(rg.centroids, rs.centroids,
                   k * d * sizeof *rg.centroids) != 0)
            fail_msg("%s d=%zu (%s): cuda-shared's result is not "
                     "cuda-global's (%d vs %d iterations)",
                     an, d, TKM_PREC_NAME, rs.iterations, rg.iterations);
        for (int it = 0; it < rg.iterations; it++) {
            const tkm_iter_stats *x = &rg.iters[it], *y = &rs.iters[it];
            int same = x->changed == y->changed &&
                       (x->dist_cc == y->dist_cc ||
                        (ALG(a) == TKM_ELKAN && it == 0));
            if (ALG(a) != TKM_ELKAN && ALG(a) != TKM_YINYANG)
                same = same && x->dist_pc == y->dist_pc &&
                       x->pruned_points == y->pruned_points &&
                       x->pruned_pairs == y->pruned_pairs;
            if (!same)
                fail_msg("%s d=%zu (%s): iteration %d: cuda-shared counted "
                         "changed %llu, dist %llu, points %llu; cuda-global "
                         "%llu, %llu, %llu",
                         an, d, TKM_PREC_NAME, it + 1,
                         (unsigned long long)y->changed,
                         (unsigned long long)y->dist_pc,
                         (unsigned long long)y->pruned_points,
                         (unsigned long long)x->changed,
                         (unsigned long long)x->dist_pc,
                         (unsigned long long)x->pruned_points);
        }
        tkm_result_free(&rg);
        tkm_result_free(&rs);
    }
    free_problem(&pr);
}

static void test_shared_vs_global(void **state)
{
    (void)state;
    NEED_GPU();
    if (NFORMS < 2)
        skip();
    /* (the sums named are Lloyd's and Hamerly's: Elkan keeps the
     * row-major points from d = 32 on, and its sums from scratch there
     * are the label-sorted ones of kernels/sums.cu) */
    /* register kernel; the whole sums in shared memory */
    shared_vs_global_case(20011, 3, 40, 40, 256, 27);
    /* tile kernel, point tile resident; sums over chunks of dimensions */
    shared_vs_global_case(6007, 40, 60, 60, 1024, 28);
    /* tile kernel, chunks over d; sums a thread per dimension */
    shared_vs_global_case(3001, 130, 25, 25, 64, 29);
    /* the same with the clusters in slices (three of at most 34 where a
     * multiprocessor has 228 KiB of shared memory, as on an H100) */
    shared_vs_global_case(3001, 70, 100, 100, 256, 31);
    /* tile kernel; sums over chunks of dimensions in shared memory */
    shared_vs_global_case(8009, 20, 150, 150, 256, 30);
}

/* The first iteration of cuda-shared's Elkan from d = 256 on
 * (kernels/elkan_shared.cu): every label new, the half distances
 * computed, no pair pruned, and distances for the candidates' partial sums
 * (n k 32 / d, rounded up), u (n) and k for every point the global test
 * listed.  Returns the number listed. */
static uint64_t elkan_first_listed(const tkm_iter_stats *s, size_t n,
                                   size_t d, size_t k, const char *what)
{
    const uint64_t partial = (n * k * 32 + d - 1) / d;
    const uint64_t listed = n - s->pruned_points;
    if (s->changed != n || s->dist_cc != k * (k - 1) / 2 ||
        s->pruned_points > n || s->pruned_pairs != 0 ||
        s->dist_pc != partial + n + listed * k)
        fail_msg("%s (%s): first iteration changed %llu, dist_pc %llu, "
                 "dist_cc %llu, points %llu, pairs %llu",
                 what, TKM_PREC_NAME, (unsigned long long)s->changed,
                 (unsigned long long)s->dist_pc,
                 (unsigned long long)s->dist_cc,
                 (unsigned long long)s->pruned_points,
                 (unsigned long long)s->pruned_pairs);
    return listed;
}

/* 40 centroids over 4 blobs at d = 300: near each point about ten
 * centroids stay close, so many of its pairs survive Elkan's bounds at
 * once and cuda-shared's pair kernel computes them through slabs of the
 * chunk's 32 centroids (kernels/elkan_shared.cu), not a row at a time.
 * The same result as cuda-global; the case is checked to reach that many
 * survivors (some iteration after the first computes 8 distances a point
 * or more).  Its first iteration lists most points after the candidates
 * (ten centroids crowd each blob): checked too, with its counts. */
static void test_many_survivors(void **state)
{
    (void)state;
    NEED_GPU();
    if (NFORMS < 2)
        skip();
    const size_t n = 3001, d = 300, k = 40;
    shared_vs_global_case(n, d, 4, k, 256, 32);
    problem pr = make_problem(n, d, 4, k, 1, 32);
    tkm_params p = params(k, TKM_ELKAN, TKM_CUDA_SHARED, 256,
                          TKM_EMPTY_KEEP);
    tkm_result r = fit_pr(&pr, &p);
    unsigned long long most = 0;
    for (int it = 1; it < r.iterations; it++)
        if (r.iters[it].dist_pc > most)
            most = r.iters[it].dist_pc;
    if (most < 8 * n)
        fail_msg("at most %llu distances in an iteration after the first "
                 "(%s): the case no longer reaches many survivors",
                 most, TKM_PREC_NAME);
    if (elkan_first_listed(&r.iters[0], n, d, k, "crowded") < n / 2)
        fail_msg("first iteration (%s): %llu of %zu points pruned; the case "
                 "no longer crowds", TKM_PREC_NAME,
                 (unsigned long long)r.iters[0].pruned_points, n);
    tkm_result_free(&r);
    free_problem(&pr);
}

/* From d = 256 on, cuda-shared's Elkan starts from candidates (the nearest
 * centroid over the first 32 coordinates) and Elkan's Lemma 1
 * (kernels/elkan_shared.cu).  Ten blobs far apart, a centroid in each: the
 * labels are Lloyd's at every block size, and the first iteration's counts
 * show the path and add up, with most points pruned by the global test. */
static void test_elkan_candidates(void **state)
{
    (void)state;
    NEED_GPU();
    const size_t n = 3001, d = 300, k = 10;
    const int blocks[] = {64, 256, 1024};
    problem pr = make_problem(n, d, k, k, 1, 33);
    tkm_params p = params(k, TKM_LLOYD, TKM_SEQ, 0, TKM_EMPTY_KEEP);
    tkm_result base = fit_pr(&pr, &p);
    for (size_t f = 0; f < NFORMS; f++) {
        if (FORMS[f] != TKM_CUDA_SHARED)
            continue;
        for (size_t b = 0; b < sizeof blocks / sizeof *blocks; b++) {
            p = params(k, TKM_ELKAN, TKM_CUDA_SHARED, blocks[b],
                       TKM_EMPTY_KEEP);
            tkm_result r = fit_pr(&pr, &p);
            char what[96];
            snprintf(what, sizeof what, "elkan cuda-shared block %d",
                     blocks[b]);
            assert_like(&pr, &base, &r, what);
            if (elkan_first_listed(&r.iters[0], n, d, k, what) > n / 2)
                fail_msg("%s (%s): %llu of %zu points pruned in the first "
                         "iteration", what, TKM_PREC_NAME,
                         (unsigned long long)r.iters[0].pruned_points, n);
            tkm_result_free(&r);
        }
    }
    tkm_result_free(&base);
    free_problem(&pr);
}

/* Three centroids far from every point start empty: keep leaves them where
 * they are, farthest moves them to the farthest points (lowest index on
 * ties: every point appears twice), both exactly as sequential Lloyd. */
static void test_empty_policies(void **state)
{
    (void)state;
    NEED_GPU();
    const size_t k0 = 6, k = 9, d = 4;
    problem pr = make_problem(1202, d, 6, k0, 2, 23);
    double *init = malloc(k * d * sizeof *init);
    assert_non_null(init);
    memcpy(init, pr.init, k0 * d * sizeof *init);
    for (size_t c = k0; c < k; c++)
        for (size_t j = 0; j < d; j++)
            init[c * d + j] = 1000.0 * (double)(c - k0 + 1) * (j % 2 ? -1 : 1);
    free(pr.init);
    pr.init = init;
    pr.k = k;
    const tkm_empty_policy pol[] = {TKM_EMPTY_KEEP, TKM_EMPTY_FARTHEST};
    for (int e = 0; e < 2; e++) {
        tkm_params p = params(k, TKM_LLOYD, TKM_SEQ, 0, pol[e]);
        tkm_result base = fit_pr(&pr, &p);
        for (size_t f = 0; f < NFORMS; f++)
            for (size_t a = 0; a < TKM_NALGO; a++) {
                if (!has(a, FORMS[f]))
                    continue;
                p = params(k, ALG(a), FORMS[f], 0, pol[e]);
                tkm_result r = fit_pr(&pr, &p);
                char what[96];
                snprintf(what, sizeof what, "%s %s, empty %s",
                         tkm_algorithm_name(ALG(a)), tkm_form_name(FORMS[f]),
                         tkm_empty_name(pol[e]));
                assert_like(&pr, &base, &r, what);
                int moved = 0;
                for (size_t q = k0 * d; q < k * d; q++)
                    moved |= r.centroids[q] != (double)(tkm_real)init[q];
                assert_int_equal(moved, pol[e] == TKM_EMPTY_FARTHEST);
                tkm_result_free(&r);
            }
        tkm_result_free(&base);
    }
    free_problem(&pr);
}

/* One run's statistics rows against sequential Lloyd's (base). */
static void check_stats(const tkm_result *r, const tkm_result *base,
                        tkm_algorithm alg, size_t n, size_t k)
{
    size_t R = sizeof(tkm_real), t = tkmi_yinyang_ngroups(k);
    size_t bb = alg == TKM_ELKAN     ? (n * k + n + k * k + 2 * k) * R
                : alg == TKM_HAMERLY ? (2 * n + 2 * k) * R
                : alg == TKM_YINYANG ? (n * (t + 1) + k + t) * R +
                                           2 * k * sizeof(int32_t) +
                                           (t + 1) * sizeof(size_t)
                                     : 0;
    const double rel = TKM_PREC == 32 ? 1e-5 : 1e-10;
    assert_int_equal(r->threads, 128);
    assert_int_equal(r->bound_bytes, bb);
    assert_true(fabs(r->inertia - base->inertia) <= rel * base->inertia);
    for (int it = 0; it < r->iterations; it++) {
        const tkm_iter_stats *s = &r->iters[it], *b = &base->iters[it];
        uint64_t live = n - s->pruned_points;
        assert_true(s->t_assign >= 0.0 && s->t_bound >= 0.0);
        assert_true(s->pruned_points <= n);
        if (it + 1 < r->iterations) {
            assert_true(s->t_update >= 0.0);
            assert_true(fabs(s->inertia - b->inertia) <= rel * s->inertia);
            assert_true(fabs(s->max_drift - b->max_drift) <= TOL);
        }
        if (it == 0 || alg == TKM_LLOYD) {
            assert_true(s->dist_pc == n * k && s->dist_cc == 0 &&
                        s->pruned_points == 0 && s->pruned_pairs == 0);
            continue;
        }
        if (alg == TKM_YINYANG) {
            /* per point the filters passed: its own distance, then each
             * other centroid computed or pruned, or none */
            uint64_t seen = s->dist_pc + s->pruned_pairs;
            assert_true(s->dist_cc == 0);
            assert_true(seen >= live && seen <= live * k);
            assert_true((seen - live) % (k - 1) == 0);
            continue;
        }
        assert_true(s->dist_cc == k * (k - 1) / 2);
        if (alg == TKM_ELKAN) {
            assert_true(s->dist_pc + s->pruned_pairs >= live * (k - 1));
            assert_true(s->dist_pc + s->pruned_pairs <= live * k);
        } else {
            assert_true(s->pruned_pairs == 0);
            assert_true(s->dist_pc >= live && s->dist_pc <= live * k);
            assert_true((s->dist_pc - live) % (k - 1) == 0);
        }
    }
}

/* A run's five phases: none negative, the device's upload and download
 * timed on the device (cuda) and 0 elsewhere, and together t_total (they
 * are disjoint stretches of it). */
static void check_phases(const tkm_result *r, int cuda)
{
    const double ph[5] = {r->t_setup, r->t_upload, r->t_loop, r->t_result,
                          r->t_download};
    double sum = 0;
    for (int q = 0; q < 5; q++) {
        assert_true(ph[q] >= 0);
        sum += ph[q];
    }
    assert_true(fabs(sum - r->t_total) <= 1e-9);
    if (cuda)
        assert_true(r->t_upload > 0 && r->t_download > 0);
    else
        assert_true(r->t_upload == 0 && r->t_download == 0);
}

/* The statistics rows: counts that must add up, times, inertia; the
 * run's phases. */
static void test_statistics(void **state)
{
    (void)state;
    NEED_GPU();
    const size_t n = 3001, k = 12;
    problem pr = make_problem(n, 4, 12, k, 1, 25);
    tkm_params p = params(k, TKM_LLOYD, TKM_SEQ, 0, TKM_EMPTY_KEEP);
    p.inertia_each_iter = 1;
    tkm_result base = fit_pr(&pr, &p);
    for (size_t f = 0; f < NFORMS; f++)
        for (size_t a = 0; a < TKM_NALGO; a++) {
            if (!has(a, FORMS[f]))
                continue;
            p = params(k, ALG(a), FORMS[f], 128, TKM_EMPTY_KEEP);
            p.inertia_each_iter = 1;
            tkm_result r = fit_pr(&pr, &p);
            check_stats(&r, &base, ALG(a), n, k);
            check_phases(&r, 1);
            tkm_result_free(&r);
        }
    check_phases(&base, 0);
    tkm_result_free(&base);
    free_problem(&pr);
}

/* ---- pruning ablations -------------------------------------------------- */

/* Sums over a run's iterations of the distances it computed. */
static uint64_t total_dist_pc(const tkm_result *r)
{
    uint64_t t = 0;
    for (int it = 0; it < r->iterations; it++)
        t += r->iters[it].dist_pc;
    return t;
}

/* The pruning ablations in each CUDA form (kernels/centroids.cu,
 * kernels/hamerly_global.cu): Elkan without the centroid-centroid tests,
 * Hamerly without them, with its lower bounds moved by the largest drift
 * of all, and both.  Each run gives the full tests' iterations, labels,
 * centroids and inertia in the same form bit for bit, and the sequential
 * form's ablated run's labels (but for ties of the distances' last
 * bits), iterations and centroids (assert_like).  The ablation shows in the counters: no_cc computes
 * no centroid pair, and Elkan's global test (u < s(a) = 0) prunes no
 * point; in the second iteration, from the same exact bounds of the
 * first, an ablated run prunes no point the full one keeps, and over the
 * run it computes more distances. */
static void ablation_case(size_t n, size_t d, size_t kgen, size_t k,
                          uint64_t seed)
{
    static const struct {
        tkm_algorithm a;
        int no_cc, max_drift;
    } abl[] = {{TKM_ELKAN, 1, 0},
               {TKM_HAMERLY, 1, 0},
               {TKM_HAMERLY, 0, 1},
               {TKM_HAMERLY, 1, 1}};
    problem pr = make_problem(n, d, kgen, k, 1, seed);
    for (size_t v = 0; v < sizeof abl / sizeof abl[0]; v++) {
        const char *an = tkm_algorithm_name(abl[v].a);
        tkm_params p = params(k, abl[v].a, TKM_SEQ, 0, TKM_EMPTY_KEEP);
        p.no_cc = abl[v].no_cc;
        p.max_drift_only = abl[v].max_drift;
        tkm_result seq = fit_pr(&pr, &p);
        for (size_t f = 0; f < NFORMS; f++) {
            p = params(k, abl[v].a, FORMS[f], 0, TKM_EMPTY_KEEP);
            tkm_result full = fit_pr(&pr, &p);
            p.no_cc = abl[v].no_cc;
            p.max_drift_only = abl[v].max_drift;
            tkm_result r = fit_pr(&pr, &p);
            char what[128];
            snprintf(what, sizeof what, "%s %s no_cc=%d max_drift_only=%d",
                     an, tkm_form_name(FORMS[f]), abl[v].no_cc,
                     abl[v].max_drift);
            if (r.iterations != full.iterations ||
                memcmp(r.labels, full.labels, n * sizeof *r.labels) != 0 ||
                memcmp(r.centroids, full.centroids,
                       k * d * sizeof *r.centroids) != 0 ||
                memcmp(&r.inertia, &full.inertia, sizeof r.inertia) != 0)
                fail_msg("%s (%s): not the full tests' result (%d against "
                         "%d iterations)",
                         what, TKM_PREC_NAME, r.iterations, full.iterations);
            assert_like(&pr, &seq, &r, what);
            for (int it = 0; it < r.iterations; it++) {
                const tkm_iter_stats *s = &r.iters[it];
                if (abl[v].no_cc && s->dist_cc != 0)
                    fail_msg("%s (%s): iteration %d computed %llu "
                             "centroid pairs",
                             what, TKM_PREC_NAME, it + 1,
                             (unsigned long long)s->dist_cc);
                if (abl[v].no_cc && abl[v].a == TKM_ELKAN &&
                    s->pruned_points != 0)
                    fail_msg("%s (%s): iteration %d pruned %llu points "
                             "with s = 0",
                             what, TKM_PREC_NAME, it + 1,
                             (unsigned long long)s->pruned_points);
            }
            assert_true(r.iterations >= 3);
            const tkm_iter_stats *a2 = &r.iters[1], *f2 = &full.iters[1];
            if (a2->pruned_points > f2->pruned_points ||
                a2->dist_pc < f2->dist_pc ||
                total_dist_pc(&r) <= total_dist_pc(&full))
                fail_msg("%s (%s): pruned %llu points and computed %llu "
                         "distances in iteration 2, %llu in all; the full "
                         "tests %llu, %llu, %llu",
                         what, TKM_PREC_NAME,
                         (unsigned long long)a2->pruned_points,
                         (unsigned long long)a2->dist_pc,
                         (unsigned long long)total_dist_pc(&r),
                         (unsigned long long)f2->pruned_points,
                         (unsigned long long)f2->dist_pc,
                         (unsigned long long)total_dist_pc(&full));
            tkm_result_free(&r);
            tkm_result_free(&full);
        }
        tkm_result_free(&seq);
    }
    free_problem(&pr);
}

static void test_ablations(void **state)
{
    (void)state;
    NEED_GPU();
    /* cuda-shared's register kernel, its tile kernel */
    ablation_case(3001, 4, 12, 12, 25);
    ablation_case(20011, 20, 60, 60, 33);
}

/* ---- the inexact updates (kernels/update.cu) ------------------------------ */

static const tkm_update INEXACT[] = {TKM_UPDATE_ATOMIC, TKM_UPDATE_SHARED,
                                     TKM_UPDATE_TREE, TKM_UPDATE_DC};

/* One update from the start, against sums made outside the library: the
 * labels of the start (tkm_predict, the fits' first assignment) and each
 * cluster's mean in long double.  Each coordinate must be within what
 * adding cnt values in the precision can cost, (cnt + 4) u (S / cnt + |m|)
 * for the sum S of the |x|, and the run's reported largest error must be
 * what the long double means give for its centroids (the exact means it
 * measured against are theirs rounded once: 2 u sqrt(d) apart). */
static void update_once(const problem *pr, tkm_algorithm a, tkm_form f,
                        int block, tkm_update u)
{
    const size_t n = pr->ds.n, d = pr->ds.d, k = pr->k;
    const long double ur = (long double)TKM_EPS / 2;
    int32_t *lab = malloc(n * sizeof *lab);
    long double *m = calloc(k * d, sizeof *m), *sa = calloc(k * d, sizeof *sa);
    size_t *cnt = calloc(k, sizeof *cnt);
    assert_true(lab && m && sa && cnt);
    char msg[256] = "";
    assert_int_equal(tkm_predict(&pr->ds, pr->init, k, TKM_PREC_ENUM, 0, lab,
                                 NULL, msg, sizeof msg),
                     TKM_OK);
    for (size_t i = 0; i < n; i++) {
        cnt[lab[i]]++;
        for (size_t j = 0; j < d; j++) {
            /* the coordinate as the run holds it */
            const long double x = (long double)(tkm_real)pr->ds.x[i * d + j];
            m[(size_t)lab[i] * d + j] += x;
            sa[(size_t)lab[i] * d + j] += fabsl(x);
        }
    }
    tkm_params p = params(k, a, f, block, TKM_EMPTY_KEEP);
    p.max_iter = 1;
    p.update = u;
    p.update_error = 1;
    tkm_result r = fit_pr(pr, &p);
    char what[160];
    snprintf(what, sizeof what, "%s %s block %d update %s, n=%zu d=%zu k=%zu",
             tkm_algorithm_name(a), tkm_form_name(f), block,
             tkm_update_name(u), n, d, k);
    double emax = 0.0;
    for (size_t c = 0; c < k; c++) {
        long double num = 0, den = 0;
        for (size_t j = 0; j < d; j++) {
            const size_t e = c * d + j;
            const long double mean =
                cnt[c] ? m[e] / cnt[c] : (long double)(tkm_real)pr->init[e];
            const long double got = r.centroids[e];
            const long double tol =
                cnt[c] ? (cnt[c] + 4) * ur * (sa[e] / cnt[c] + fabsl(mean))
                       : 0;
            if (!(fabsl(got - mean) <= tol))
                fail_msg("%s (%s): centroid %zu, coordinate %zu: %.17Lg, "
                         "the mean %.17Lg of its %zu points (allowed %.3Lg)",
                         what, TKM_PREC_NAME, c, j, got, mean, cnt[c], tol);
            num += (got - mean) * (got - mean);
            den += mean * mean;
        }
        const double e = num == 0 ? 0.0
                         : den > 0 ? (double)sqrtl(num / den)
                                   : (double)sqrtl(num);
        emax = e > emax ? e : emax;
    }
    const double said = r.update_err_max;
    if (!(fabs(said - emax) <= 4.0 * (double)ur * sqrt((double)d) + 1e-300))
        fail_msg("%s (%s): reported error %.6g, the long double means give "
                 "%.6g", what, TKM_PREC_NAME, said, emax);
    assert_true(r.iterations == 1 && isfinite(r.iters[0].upd_err_mean) &&
                r.iters[0].upd_err_mean <= r.iters[0].upd_err_max);
    tkm_result_free(&r);
    free(lab);
    free(m);
    free(sa);
    free(cnt);
}

/* Labels of r like the exact run's but at ties, centroids within TOL. */
static void assert_near_exact(const problem *pr, const tkm_result *ex,
                              const tkm_result *r, const char *what)
{
    const size_t n = ex->n, d = ex->d;
    const double rel = 8.0 * (double)(d + 4) * TKM_EPS;
    for (size_t i = 0; i < n; i++) {
        const int32_t a = ex->labels[i], b = r->labels[i];
        if (a == b)
            continue;
        const double *x = pr->ds.x + i * d;
        const double da = dist_d(x, ex->centroids + (size_t)a * d, d);
        const double db = dist_d(x, ex->centroids + (size_t)b * d, d);
        if (fabs(da - db) > rel * fmax(da, db))
            fail_msg("%s (%s): point %zu has label %d, exact %d: no tie", what,
                     TKM_PREC_NAME, i, b, a);
    }
    for (size_t q = 0; q < ex->k * d; q++)
        if (!(fabs(r->centroids[q] - ex->centroids[q]) <= TOL))
            fail_msg("%s (%s): centroid %zu, coordinate %zu: %.17g, exact "
                     "%.17g", what, TKM_PREC_NAME, q / d, q % d,
                     r->centroids[q], ex->centroids[q]);
}

static int same_bits(const tkm_result *a, const tkm_result *b)
{
    return a->iterations == b->iterations &&
           !memcmp(a->labels, b->labels, a->n * sizeof *a->labels) &&
           !memcmp(a->centroids, b->centroids,
                   a->k * a->d * sizeof *a->centroids);
}

/* Every algorithm, form and inexact update to convergence: the exact
 * run's result but for rounding; the errors recorded only when asked;
 * tree and dc the same bits run after run, measured or not. */
static void update_runs(const problem *pr, int block)
{
    const size_t k = pr->k;
    for (size_t f = 0; f < NFORMS; f++)
        for (size_t a = 0; a < TKM_NALGO; a++) {
            if (!has(a, FORMS[f]))
                continue;
            tkm_params p = params(k, ALG(a), FORMS[f], block, TKM_EMPTY_KEEP);
            tkm_result ex = fit_pr(pr, &p);
            for (size_t v = 0; v < sizeof INEXACT / sizeof INEXACT[0]; v++) {
                char what[128];
                snprintf(what, sizeof what, "%s %s block %d update %s",
                         tkm_algorithm_name(ALG(a)), tkm_form_name(FORMS[f]),
                         block, tkm_update_name(INEXACT[v]));
                p.update = INEXACT[v];
                p.update_error = 0;
                tkm_result r = fit_pr(pr, &p);
                assert_near_exact(pr, &ex, &r, what);
                for (int it = 0; it < r.iterations; it++)
                    if (!isnan(r.iters[it].upd_err_max))
                        fail_msg("%s (%s): an error recorded unasked", what,
                                 TKM_PREC_NAME);
                assert_true(isnan(r.update_err_max));
                p.update_error = 1;
                tkm_result m = fit_pr(pr, &p);
                assert_near_exact(pr, &ex, &m, what);
                assert_true(m.update_err_max >= 0 && m.update_err_mean >= 0 &&
                            m.update_err_mean <= m.update_err_max &&
                            m.update_err_max < 1e3 * TKM_EPS);
                if (INEXACT[v] == TKM_UPDATE_TREE ||
                    INEXACT[v] == TKM_UPDATE_DC) {
                    tkm_result r2 = fit_pr(pr, &p);
                    if (!same_bits(&r, &r2) || !same_bits(&r, &m))
                        fail_msg("%s (%s): not the same bits run after run",
                                 what, TKM_PREC_NAME);
                    tkm_result_free(&r2);
                }
                tkm_result_free(&m);
                tkm_result_free(&r);
            }
            tkm_result_free(&ex);
        }
}

static void test_update(void **state)
{
    (void)state;
    /* refused where they do not run, GPU or not */
    {
        problem pr = make_problem(500, 3, 5, 5, 1, 3);
        tkm_params p = params(5, TKM_LLOYD, TKM_SEQ, 0, TKM_EMPTY_KEEP);
        p.update = TKM_UPDATE_TREE;
        tkm_result r;
        char msg[256] = "";
        assert_int_equal(tkm_fit(&pr.ds, pr.init, &p, &r, msg, sizeof msg),
                         TKM_ENOTSUP);
        assert_non_null(strstr(msg, "CUDA forms"));
        p.form = TKM_CUDA_SHARED;
        p.empty = TKM_EMPTY_FARTHEST;
        assert_int_equal(tkm_fit(&pr.ds, pr.init, &p, &r, msg, sizeof msg),
                         TKM_ENOTSUP);
        p.update = (tkm_update)TKM_NUPDATE;
        assert_int_equal(tkm_fit(&pr.ds, pr.init, &p, &r, msg, sizeof msg),
                         TKM_EINVAL);
        free_problem(&pr);
    }
    NEED_GPU();
    {
        problem pr = make_problem(2000, 3, 5, 5, 1, 3);
        double *w = malloc(pr.ds.n * sizeof *w);
        assert_non_null(w);
        for (size_t i = 0; i < pr.ds.n; i++)
            w[i] = 1.0 + (double)(i % 3);
        tkm_params p = params(5, TKM_LLOYD, TKM_CUDA_GLOBAL, 0,
                              TKM_EMPTY_KEEP);
        p.update = TKM_UPDATE_ATOMIC;
        p.weights = w;
        tkm_result r;
        char msg[256] = "";
        assert_int_equal(tkm_fit(&pr.ds, pr.init, &p, &r, msg, sizeof msg),
                         TKM_ENOTSUP);
        free(w);
        free_problem(&pr);
    }
    /* the register kernel, d = 5 */
    problem pr = make_problem(20011, 5, 30, 30, 1, 41);
    for (size_t v = 0; v < sizeof INEXACT / sizeof INEXACT[0]; v++)
        for (size_t f = 0; f < NFORMS; f++)
            update_once(&pr, TKM_LLOYD, FORMS[f], 0, INEXACT[v]);
    update_runs(&pr, 0);
    free_problem(&pr);
}

/* Every inexact strategy, each form, a small and a large block, on one
 * shape (test_update's checks, update_once). */
static void update_shape_in(size_t n, size_t d, size_t k, uint64_t seed,
                            const tkm_update *u, size_t nu, const int *blocks,
                            size_t nb)
{
    problem pr = make_problem(n, d, k, k, 1, seed);
    for (size_t v = 0; v < nu; v++)
        for (size_t f = 0; f < NFORMS; f++)
            for (size_t b = 0; b < nb; b++)
                update_once(&pr, TKM_LLOYD, FORMS[f], blocks[b], u[v]);
    free_problem(&pr);
}

static void update_shape(size_t n, size_t d, size_t k, uint64_t seed)
{
    update_shape_in(n, d, k, seed, INEXACT,
                    sizeof INEXACT / sizeof INEXACT[0], SMALL_LARGE, 2);
}

/* The inexact updates' tiles: shared's sums in two tiles of clusters at
 * d = 1000 (a test of its own, as are those below, so that a
 * sanitizer runs them as separate jobs: racecheck takes minutes on
 * each). */
static void test_update_cluster_tiles(void **state)
{
    (void)state;
    NEED_GPU();
    update_shape(3001, 1000, 20, 42);
}

/* shared's sums in two tiles of columns at d = 15,000; the other
 * strategies on the same shape in tests of their own, tree's and dc's
 * (15,000 column passes of the fine kernel) one per block size, so that
 * racecheck runs each as a job of its own within a call. */
static void column_tiles(tkm_update u, const int *blocks, size_t nb)
{
    NEED_GPU();
    update_shape_in(200, 15000, 2, 43, &u, 1, blocks, nb);
}

static void test_update_column_tiles(void **state)
{
    (void)state;
    column_tiles(TKM_UPDATE_SHARED, SMALL_LARGE, 2);
}

static void test_update_wide_atomic(void **state)
{
    (void)state;
    column_tiles(TKM_UPDATE_ATOMIC, SMALL_LARGE, 2);
}

static void test_update_wide_tree_small(void **state)
{
    (void)state;
    column_tiles(TKM_UPDATE_TREE, SMALL_LARGE, 1);
}

static void test_update_wide_tree_large(void **state)
{
    (void)state;
    column_tiles(TKM_UPDATE_TREE, SMALL_LARGE + 1, 1);
}

static void test_update_wide_dc_small(void **state)
{
    (void)state;
    column_tiles(TKM_UPDATE_DC, SMALL_LARGE, 1);
}

static void test_update_wide_dc_large(void **state)
{
    (void)state;
    column_tiles(TKM_UPDATE_DC, SMALL_LARGE + 1, 1);
}

/* tree's and dc's blocks hold k = 500 in two tiles at block 1024 (456
 * clusters fit on an H100 or H200, 32 warps of 8-byte accumulators in
 * half of its 228 KiB). */
static void test_update_many_k(void **state)
{
    (void)state;
    NEED_GPU();
    update_shape(20000, 3, 500, 44);
}

/* dc's levels on the device at 400,000 points (more groups of M = 4 x
 * multiprocessors than M on any device of up to 300 of them). */
static void test_update_dc_levels(void **state)
{
    (void)state;
    NEED_GPU();
    problem pr = make_problem(400000, 2, 8, 8, 1, 47);
    for (size_t f = 0; f < NFORMS; f++)
        update_once(&pr, TKM_LLOYD, FORMS[f], 0, TKM_UPDATE_DC);
    free_problem(&pr);
}

/* ---- sparse points -------------------------------------------------------- */

/* Sparse points in each CUDA form (kernels/sparse.cu): every algorithm
 * that takes them gives the dense run's iterations, labels and centroids
 * in the same form bit for bit, and its inertia as closely as the sums
 * can, for float or double values and 32- or 64-bit indices; the first
 * iteration screens every pair.  The data has empty rows, duplicate rows
 * (ties: the candidates' direct distances decide), a column never used
 * and, with big, a column of values near 2^40 next to ones near 2^-9
 * (several limbs a sum). */
static void sparse_vs_dense(const double *x, size_t n, size_t d, size_t k,
                            const double *c0, tkm_empty_policy em,
                            const char *what);

static void sparse_case(size_t n, size_t d, size_t k, size_t dens,
                        tkm_empty_policy em, int big, uint64_t seed,
                        const char *what)
{
    double *x = sparse_values(n, d, dens, seed);
    for (size_t i = 0; i < n; i++) {
        if (i % 13 == 5)
            memset(x + i * d, 0, d * sizeof *x);
        else if (i % 17 == 3 && i > 0)
            memcpy(x + i * d, x + (i - 1) * d, d * sizeof *x);
        x[i * d + d - 1] = 0.0;
        if (big && i % 5 == 1)
            x[i * d] = (double)(tkm_real)ldexp(1.0 + (double)(i % 7) / 8.0,
                                               40);
    }
    tkm_dataset dense = {.n = n, .d = d, .x = x};
    double *c0 = malloc(k * d * sizeof *c0);
    assert_non_null(c0);
    char msg[256];
    assert_int_equal(tkm_init_centroids(&dense, k, TKM_INIT_KMEANSPP, 0,
                                        seed + 1, c0, msg, sizeof msg),
                     TKM_OK);
    sparse_vs_dense(x, n, d, k, c0, em, what);
    free(c0);
    free(x);
}

/* The runs of sparse_case from start c0. */
static void sparse_vs_dense(const double *x, size_t n, size_t d, size_t k,
                            const double *c0, tkm_empty_policy em,
                            const char *what)
{
    tkm_dataset dense = {.n = n, .d = d, .x = (double *)x};
    static const tkm_algorithm algs[] = {TKM_LLOYD, TKM_ELKAN, TKM_HAMERLY,
                                         TKM_YINYANG};
    for (size_t f = 0; f < NFORMS; f++)
        for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
            tkm_params p = fit_params(k, algs[a], FORMS[f], em);
            tkm_result rd = fit_with(&dense, c0, &p);
            for (int t = 0; t < 2; t++) {
                csr_copy c = csr_of(x, n, d, TKM_PREC == 32 && t, t, 0);
                tkm_result rs = fit_with(&c.ds, c0, &p);
                char w[160];
                snprintf(w, sizeof w, "%s, %s %s, %s values, %s indices",
                         what, tkm_algorithm_name(algs[a]),
                         tkm_form_name(FORMS[f]),
                         c.ds.csr.f32 ? "float" : "double",
                         t ? "64-bit" : "32-bit");
                same_result(&rs, &rd, x, n, d, NULL, w);
                if (k >= 2 && rs.iterations > 0 &&
                    rs.iters[0].screened != (uint64_t)(n * k))
                    fail_msg("%s (%s): the first iteration screened %llu "
                             "pairs, not n k = %zu", w, TKM_PREC_NAME,
                             (unsigned long long)rs.iters[0].screened, n * k);
                tkm_result_free(&rs);
                csr_free(&c);
            }
            tkm_result_free(&rd);
        }
}

/* The sparse cases, four tests so that the sanitizers (tools/gpu-proof.sh,
 * one job a test) run them side by side. */
static void test_sparse_lanes(void **state)
{
    (void)state;
    NEED_GPU();
    /* one product a lane (k <= 32) */
    sparse_case(3000, 40, 12, 10, TKM_EMPTY_KEEP, 0, 41, "3000 x 40, k 12");
    /* the farthest policy: clusters emptied, points taken */
    sparse_case(400, 20, 90, 6, TKM_EMPTY_FARTHEST, 0, 44,
                "400 x 20, k 90, farthest");
    /* one centroid: every distance direct */
    sparse_case(500, 30, 1, 5, TKM_EMPTY_KEEP, 1, 45, "500 x 30, k 1");
}

static void test_sparse_wide(void **state)
{
    (void)state;
    NEED_GPU();
    /* four a lane; wide rows, many limbs */
    sparse_case(2000, 300, 100, 30, TKM_EMPTY_KEEP, 1, 42,
                "2000 x 300, k 100");
}

static void test_sparse_passes(void **state)
{
    (void)state;
    NEED_GPU();
    /* passes of 256 centroids */
    sparse_case(1500, 60, 300, 8, TKM_EMPTY_KEEP, 0, 43, "1500 x 60, k 300");
}

static void test_sparse_text(void **state)
{
    (void)state;
    NEED_GPU();
    /* text-like rows started from rows: centroids of few non-zeros, whose
     * distances run over the union of the columns (kernels/sparse.cu),
     * and ties their order decides */
    const size_t n = 3000, d = 640, k = 24;
    double *x = text_rows(n, d, 81), *c0 = malloc(k * d * sizeof *c0);
    assert_non_null(c0);
    for (size_t c = 0; c < k; c++)
        memcpy(c0 + c * d, x + (c * 97 + 1) * d, d * sizeof *c0);
    sparse_vs_dense(x, n, d, k, c0, TKM_EMPTY_KEEP, "text rows, rows start");
    free(c0);
    free(x);
}

/* Elkan's k lower bounds per point for 2,000,003 points and k = 100,000
 * need far more device memory than any GPU has: the engine says how much,
 * before allocating anything. */
static void test_too_large(void **state)
{
    (void)state;
    NEED_GPU();
    const size_t n = 2000003, k = 100000;
    tkm_dataset ds;
    char msg[512] = "";
    assert_int_equal(tkm_generate_uniform(n, 1, 10.0, 31, &ds, msg,
                                          sizeof msg),
                     TKM_OK);
    for (size_t f = 0; f < NFORMS; f++) {
        tkm_params p = params(k, TKM_ELKAN, FORMS[f], 0, TKM_EMPTY_KEEP);
        tkm_result r;
        msg[0] = '\0';
        tkm_status st = tkm_fit(&ds, ds.x, &p, &r, msg, sizeof msg);
        print_message("too large (%s): %s\n", TKM_PREC_NAME, msg);
        assert_int_equal(st, TKM_ENOMEM);
        assert_non_null(strstr(msg, "bytes"));
        assert_non_null(strstr(msg, "free"));
        assert_non_null(strstr(msg, tkm_form_name(FORMS[f])));
        assert_null(r.labels);
    }
    tkm_dataset_free(&ds);
}

/* ---- the start on the GPU ------------------------------------------------
 * k-means++ (plain and greedy) and farthest-first chosen on the device give
 * the CPU's centroids bit for bit, from rows of doubles and of floats; on
 * blobs over several blocks of TKM_PART_BLOCK rows (the last one short),
 * on data of few distinct points (the potential reaches 0 and the draws
 * turn uniform), on data whose distances overflow to +inf (every greedy
 * potential +inf), on as many rows as clusters, and at d = 300. */

/* The start of method m (cand candidates) on the CPU and on the device
 * for ds, and the same again from ds's values as floats where they are
 * floats' values. */
static void seed_same(const tkm_dataset *ds, size_t k, tkm_init_method m,
                      int cand, uint64_t seed, const char *what)
{
    const size_t kd = k * ds->d;
    double *cpu = malloc(kd * sizeof *cpu), *gpu = malloc(kd * sizeof *gpu);
    char msg[512] = "";
    int on_gpu = 0;
    assert_non_null(cpu);
    assert_non_null(gpu);
    if (tkm_init_centroids(ds, k, m, cand, seed, cpu, msg, sizeof msg) !=
        TKM_OK)
        fail_msg("%s: cpu start: %s", what, msg);
    for (size_t f = 0; f < NFORMS; f++) {
        memset(gpu, 0xff, kd * sizeof *gpu);
        if (tkmi_init_centroids_form(ds, k, m, cand, seed, FORMS[f], &on_gpu,
                                     gpu, msg, sizeof msg) != TKM_OK)
            fail_msg("%s: gpu start: %s", what, msg);
        if (!on_gpu)
            fail_msg("%s (%s): the start ran on the CPU", what,
                     tkm_form_name(FORMS[f]));
        for (size_t e = 0; e < kd; e++)
            if (memcmp(&cpu[e], &gpu[e], sizeof cpu[e]) != 0)
                fail_msg("%s, %s, %s: centroid %zu column %zu: cpu %.17g, "
                         "gpu %.17g",
                         what, tkm_init_name(m), tkm_form_name(FORMS[f]),
                         e / ds->d, e % ds->d, cpu[e], gpu[e]);
    }
    free(cpu);
    free(gpu);
}

static void seed_every_method(const tkm_dataset *ds, size_t k, uint64_t seed,
                              const char *what)
{
    seed_same(ds, k, TKM_INIT_KMEANSPP, 0, seed, what);
    seed_same(ds, k, TKM_INIT_KMEANSPP_GREEDY, 0, seed, what);
    seed_same(ds, k, TKM_INIT_KMEANSPP_GREEDY, 11, seed + 1, what);
    seed_same(ds, k, TKM_INIT_FARTHEST, 0, seed, what);
}

/* ds again with its values as floats (rows of float32 read as such). */
static void seed_as_floats(const tkm_dataset *ds, size_t k, uint64_t seed,
                           const char *what)
{
    const size_t nd = ds->n * ds->d;
    float *x32 = malloc(nd * sizeof *x32);
    assert_non_null(x32);
    for (size_t e = 0; e < nd; e++)
        x32[e] = (float)ds->x[e];
    tkm_dataset f = {.n = ds->n, .d = ds->d, .x32 = x32};
    seed_every_method(&f, k, seed, what);
    free(x32);
}

/* The start's device rows left to the fit (tkmi_cuda_rows_keep): kept,
 * they hold the host's bytes; a fit of those very rows takes them (none
 * left after) and gives, in each CUDA form and for Lloyd and Elkan (which
 * keeps the row-major copy), the result of a fit that uploads its own;
 * a fit of other rows of the same size frees them and fits its own rows;
 * with keeping off nothing is kept. */
static void test_rows_kept(void **state)
{
    (void)state;
    NEED_GPU();
#if TKM_HAVE_CUDA
    const size_t n = 5003, d = 7, k = 9;
    char msg[512] = "";
    tkm_dataset gen, other_gen;
    assert_int_equal(tkm_generate_blobs(n, d, k, 1.0, 10.0, 61, &gen, NULL,
                                        msg, sizeof msg),
                     TKM_OK);
    assert_int_equal(tkm_generate_blobs(n, d, k, 1.0, 10.0, 62, &other_gen,
                                        NULL, msg, sizeof msg),
                     TKM_OK);
    /* the rows in the run's precision, used in place by the fit */
    tkm_real *rows = malloc(n * d * sizeof *rows),
             *other = malloc(n * d * sizeof *other);
    double *init = malloc(k * d * sizeof *init);
    assert_true(rows && other && init);
    for (size_t e = 0; e < n * d; e++) {
        rows[e] = (tkm_real)gen.x[e];
        other[e] = (tkm_real)other_gen.x[e];
    }
    tkm_dataset ds = {.n = n, .d = d}, ods = {.n = n, .d = d};
#if TKM_PREC == 32
    ds.x32 = rows;
    ods.x32 = other;
#else
    ds.x = rows;
    ods.x = other;
#endif
    const size_t bytes = n * d * sizeof *rows;
    int on_gpu = 0;
    /* kept: the host's bytes */
    tkmi_cuda_rows_keep(1);
    assert_int_equal(tkmi_init_centroids_form(&ds, k, TKM_INIT_KMEANSPP, 0, 3,
                                              TKM_CUDA_SHARED, &on_gpu, init,
                                              msg, sizeof msg),
                     TKM_OK);
    assert_true(on_gpu);
    void *dev = tkmi_cuda_rows_take(rows, bytes);
    assert_non_null(dev);
    assert_null(tkmi_cuda_rows_take(rows, bytes)); /* (taken) */
    tkm_real *back = malloc(bytes);
    assert_non_null(back);
    assert_int_equal(cudaMemcpy(back, dev, bytes, cudaMemcpyDeviceToHost),
                     cudaSuccess);
    assert_memory_equal(back, rows, bytes);
    free(back);
    cudaFree(dev);
    const tkm_algorithm algs[] = {TKM_LLOYD, TKM_ELKAN};
    for (size_t f = 0; f < NFORMS; f++)
        for (size_t a = 0; a < 2; a++) {
            tkm_params p = params(k, algs[a], FORMS[f], 0, TKM_EMPTY_KEEP);
            char what[96];
            snprintf(what, sizeof what, "%s %s", tkm_algorithm_name(algs[a]),
                     tkm_form_name(FORMS[f]));
            tkmi_cuda_rows_keep(0);
            tkm_result own = fit_with(&ds, init, &p),
                       own_other = fit_with(&ods, init, &p);
            tkmi_cuda_rows_keep(1);
            /* the fit takes the start's rows */
            assert_int_equal(
                tkmi_init_centroids_form(&ds, k, TKM_INIT_KMEANSPP, 0, 3,
                                         FORMS[f], &on_gpu, init, msg,
                                         sizeof msg),
                TKM_OK);
            tkm_result r = fit_with(&ds, init, &p);
            assert_same_run(&own, &r, what);
            assert_null(tkmi_cuda_rows_take(rows, bytes));
            tkm_result_free(&r);
            /* a fit of other rows fits its own, the kept ones freed */
            assert_int_equal(
                tkmi_init_centroids_form(&ds, k, TKM_INIT_KMEANSPP, 0, 3,
                                         FORMS[f], &on_gpu, init, msg,
                                         sizeof msg),
                TKM_OK);
            r = fit_with(&ods, init, &p);
            assert_same_run(&own_other, &r, what);
            assert_null(tkmi_cuda_rows_take(rows, bytes));
            tkm_result_free(&r);
            tkm_result_free(&own);
            tkm_result_free(&own_other);
        }
    /* keeping off: nothing kept */
    tkmi_cuda_rows_keep(0);
    assert_int_equal(tkmi_init_centroids_form(&ds, k, TKM_INIT_KMEANSPP, 0, 3,
                                              TKM_CUDA_SHARED, &on_gpu, init,
                                              msg, sizeof msg),
                     TKM_OK);
    assert_null(tkmi_cuda_rows_take(rows, bytes));
    free(rows);
    free(other);
    free(init);
    tkm_dataset_free(&gen);
    tkm_dataset_free(&other_gen);
#endif
}

/* tkmi_cuda_upload's bytes arrive as sent: one copy below 32 MiB, and
 * above, chunks through the two pinned buffers (each used again, a part
 * chunk last), from a source at an odd address; the source is
 * overwritten as soon as the call returns, which must not reach the
 * device. */
static void test_upload(void **state)
{
    (void)state;
    NEED_GPU();
#if TKM_HAVE_CUDA
    const size_t sizes[] = {1, 1000, ((size_t)32 << 20) - 1,
                            ((size_t)56 << 20) + 12345};
    const size_t most = sizes[3];
    unsigned char *src = malloc(most + 3), *want = malloc(most),
                  *got = malloc(most);
    assert_true(src && want && got);
    void *dst = NULL;
    cudaStream_t st = NULL;
    assert_int_equal(cudaMalloc(&dst, most), cudaSuccess);
    assert_int_equal(cudaStreamCreate(&st), cudaSuccess);
    for (size_t c = 0; c < sizeof sizes / sizeof *sizes; c++) {
        const size_t bytes = sizes[c];
        for (size_t i = 0; i < bytes; i++)
            want[i] = (unsigned char)((i * 2654435761u + c) >> 13);
        memcpy(src + 3, want, bytes);
        char msg[256] = "";
        assert_int_equal(tkmi_cuda_upload(dst, src + 3, bytes, st, msg,
                                          sizeof msg),
                         TKM_OK);
        memset(src, 0xA5, bytes + 3); /* (the caller's to reuse now) */
        assert_int_equal(cudaStreamSynchronize(st), cudaSuccess);
        memset(got, 0, bytes);
        assert_int_equal(cudaMemcpy(got, dst, bytes, cudaMemcpyDeviceToHost),
                         cudaSuccess);
        if (memcmp(got, want, bytes) != 0)
            fail_msg("upload of %zu bytes: the device holds other bytes",
                     bytes);
    }
    cudaStreamDestroy(st);
    cudaFree(dst);
    free(src);
    free(want);
    free(got);
#endif
}

static void test_seed_on_gpu(void **state)
{
    (void)state;
    NEED_GPU();
    char msg[256] = "";
    tkm_dataset ds;
    /* 5 blocks, the last of 3,616 rows */
    assert_int_equal(tkm_generate_blobs(20000, 5, 30, 1.0, 10.0, 41, &ds,
                                        NULL, msg, sizeof msg),
                     TKM_OK);
    seed_every_method(&ds, 40, 5, "blobs 20000 x 5");
    seed_as_floats(&ds, 40, 6, "blobs 20000 x 5, float32");
    tkm_dataset_free(&ds);
    /* d = 300 */
    assert_int_equal(tkm_generate_blobs(3000, 300, 10, 1.0, 10.0, 42, &ds,
                                        NULL, msg, sizeof msg),
                     TKM_OK);
    seed_every_method(&ds, 20, 7, "blobs 3000 x 300");
    seed_as_floats(&ds, 20, 8, "blobs 3000 x 300, float32");
    tkm_dataset_free(&ds);
    /* 4 distinct points, 9,000 rows: after 4 centroids every row sits on
     * one, the potential is 0, and the draws are uniform */
    const size_t n = 9000;
    double *x = malloc(n * 2 * sizeof *x);
    assert_non_null(x);
    for (size_t i = 0; i < n; i++) {
        x[2 * i] = (double)(i % 4);
        x[2 * i + 1] = (double)((i * 7) % 4) * 0.5;
    }
    tkm_dataset few = {.n = n, .d = 2, .x = x};
    seed_every_method(&few, 12, 9, "4 distinct points");
    /* rows near +-1e300: squared differences overflow to +inf */
    for (size_t i = 0; i < n; i++) {
        const double s = i % 3 == 0 ? -1.0 : 1.0;
        x[2 * i] = s * 1e300 * (1.0 + (double)(i % 17) * 1e-3);
        x[2 * i + 1] = (double)(i % 5);
    }
    seed_every_method(&few, 8, 10, "overflowing distances");
    /* as many rows as clusters */
    tkm_dataset three = {.n = 3, .d = 2, .x = x};
    seed_every_method(&three, 3, 11, "3 rows, k = 3");
    free(x);
}

/* ---- sample weights ----------------------------------------------------- */

/* Weights for n points: kind 0 uniform in [0, 3) with every 7th 0; kind 1
 * of every scale from 2^-60 to 2^61, some 2^-1074 (the smallest
 * subnormal), every 5th 0: a weight times a value then spans more than a
 * thousand bits, and the weighted columns take about 20 limbs each. */
static double *test_weights(size_t n, int kind, uint64_t seed)
{
    double *w = malloc(n * sizeof *w);
    assert_non_null(w);
    uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
    for (size_t i = 0; i < n; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        const double u = (double)(s >> 11) * 0x1p-53; /* [0, 1) */
        if (kind == 0)
            w[i] = i % 7 == 3 ? 0.0 : 3.0 * u;
        else
            w[i] = i % 5 == 2    ? 0.0
                   : i % 11 == 4 ? 0x1p-1074
                                 : ldexp(1.0 + u, (int)((s >> 40) % 121) - 60);
    }
    return w;
}

/* A weighted CUDA run r against the weighted sequential Lloyd run base
 * from the same start (assert_like: labels equal but at ties, iterations,
 * centroids within TOL), and where every label agrees the centroids bit
 * for bit (the same exact integer sums, the same rounding) and the
 * inertia within the rounding of a sum in another order. */
static void assert_weighted(const problem *pr, const tkm_result *base,
                            const tkm_result *r, const char *what)
{
    assert_like(pr, base, r, what);
    const size_t n = base->n, kd = base->k * base->d;
    const double rel = TKM_PREC == 32 ? 1e-5 : 1e-10;
    if (memcmp(r->labels, base->labels, n * sizeof *r->labels) == 0 &&
        memcmp(r->centroids, base->centroids, kd * sizeof *r->centroids))
        fail_msg("%s (%s): the labels agree, the centroids' bits do not",
                 what, TKM_PREC_NAME);
    if (!(fabs(r->inertia - base->inertia) <= rel * base->inertia))
        fail_msg("%s (%s): inertia %.17g, sequential %.17g", what,
                 TKM_PREC_NAME, r->inertia, base->inertia);
}

/* Every algorithm in every form under test, weighted by w, against the
 * weighted sequential Lloyd run; sp (or NULL): the same points as CSR,
 * run too. */
static void weighted_problem(const problem *pr, const tkm_dataset *sp,
                             const double *w, tkm_empty_policy em,
                             const char *what)
{
    tkm_params p = params(pr->k, TKM_LLOYD, TKM_SEQ, 0, em);
    p.weights = w;
    tkm_result base = fit_pr(pr, &p);
    for (size_t f = 0; f < NFORMS; f++)
        for (size_t a = 0; a < TKM_NALGO; a++) {
            if (!has(a, FORMS[f]))
                continue;
            for (int s = 0; s < (sp ? 2 : 1); s++) {
                p = params(pr->k, ALG(a), FORMS[f], 0, em);
                p.weights = w;
                tkm_result r;
                char msg[512] = "", name[160];
                const tkm_status st =
                    tkm_fit(s ? sp : &pr->ds, pr->init, &p, &r, msg,
                            sizeof msg);
                if (s && st == TKM_ENOTSUP) /* (an algorithm without the
                                               sparse kernels) */
                    continue;
                if (st != TKM_OK)
                    fail_msg("%s: %s %s (%s): %s", what,
                             tkm_algorithm_name(ALG(a)),
                             tkm_form_name(FORMS[f]), TKM_PREC_NAME, msg);
                snprintf(name, sizeof name, "%s, %s %s%s", what,
                         tkm_algorithm_name(ALG(a)), tkm_form_name(FORMS[f]),
                         s ? ", CSR" : "");
                assert_weighted(pr, &base, &r, name);
                tkm_result_free(&r);
            }
        }
    tkm_result_free(&base);
}

/* Sample weights on the device: the CUDA forms' weighted fits are the
 * CPU's, with each kind of sums the engine makes (kernels/sums.cu): the
 * whole sums in shared memory (small k d), over chunks of dimensions
 * (cuda-shared) or straight to global memory (cuda-global) when many
 * limbs make k d large, moved by the points that changed cluster (late
 * iterations), and on sparse points; with the farthest policy, clusters
 * of no point and of points of weight 0 only (empty by weight though
 * not by count), and each move to the farthest point. */
static void test_weighted(void **state)
{
    (void)state;
    NEED_GPU();
    char what[96];
    /* the whole sums in shared memory; then moved */
    problem pr = make_problem(20011, 3, 8, 8, 1, 51);
    double *w = test_weights(pr.ds.n, 0, 52);
    weighted_problem(&pr, NULL, w, TKM_EMPTY_KEEP, "20011 x 3, k 8");
    free(w);
    /* weights of every scale: about 20 limbs a column, k nv large */
    w = test_weights(pr.ds.n, 1, 53);
    weighted_problem(&pr, NULL, w, TKM_EMPTY_KEEP,
                     "20011 x 3, k 8, weights of every scale");
    free(w);
    free_problem(&pr);
    pr = make_problem(4001, 40, 30, 30, 1, 54);
    w = test_weights(pr.ds.n, 1, 55);
    weighted_problem(&pr, NULL, w, TKM_EMPTY_KEEP,
                     "4001 x 40, k 30, weights of every scale");
    free(w);
    free_problem(&pr);

    /* blobs, 40 far points of weight 0 with a centroid of their own, two
     * centroids far from everything */
    const size_t k0 = 6, k = 9, d = 4, extra = 40;
    pr = make_problem(1202, d, 6, k0, 2, 56);
    const size_t n0 = pr.ds.n, n = n0 + extra;
    double *x = realloc(pr.ds.x, n * d * sizeof *x);
    double *init = realloc(pr.init, k * d * sizeof *init);
    assert_non_null(x);
    assert_non_null(init);
    pr.ds.x = x;
    pr.init = init;
    pr.ds.n = n;
    pr.k = k;
    for (size_t i = n0; i < n; i++)
        for (size_t j = 0; j < d; j++)
            x[i * d + j] = 500.0 + (double)((i * 7 + j * 3) % 11) / 4.0;
    for (size_t j = 0; j < d; j++) {
        init[k0 * d + j] = 501.0;
        init[(k0 + 1) * d + j] = -1000.0 * (j % 2 ? -1 : 1);
        init[(k0 + 2) * d + j] = 2000.0;
    }
    w = test_weights(n, 0, 57);
    for (size_t i = n0; i < n; i++)
        w[i] = 0.0;
    const tkm_empty_policy pol[] = {TKM_EMPTY_KEEP, TKM_EMPTY_FARTHEST};
    for (int e = 0; e < 2; e++) {
        snprintf(what, sizeof what, "points of weight 0 alone, empty %s",
                 tkm_empty_name(pol[e]));
        weighted_problem(&pr, NULL, w, pol[e], what);
    }
    free(w);
    free_problem(&pr);

    /* sparse points, dense and as CSR */
    const size_t ns = 3000, ds = 40, ks = 12;
    problem sp = {.k = ks};
    sp.ds = (tkm_dataset){.n = ns, .d = ds,
                          .x = sparse_values(ns, ds, 10, 58)};
    sp.init = malloc(ks * ds * sizeof *sp.init);
    assert_non_null(sp.init);
    char msg[256];
    assert_int_equal(tkm_init_centroids(&sp.ds, ks, TKM_INIT_KMEANSPP, 0, 59,
                                        sp.init, msg, sizeof msg),
                     TKM_OK);
    csr_copy c = csr_of(sp.ds.x, ns, ds, 0, 0, 0);
    for (int kind = 0; kind < 2; kind++) {
        w = test_weights(ns, kind, 60 + (uint64_t)kind);
        for (int e = 0; e < 2; e++) {
            snprintf(what, sizeof what, "sparse 3000 x 40, weights %d, "
                     "empty %s", kind, tkm_empty_name(pol[e]));
            weighted_problem(&sp, &c.ds, w, pol[e], what);
        }
        free(w);
    }
    csr_free(&c);
    free_problem(&sp);
}

int main(void)
{
    const char *only = getenv("TKM_TEST_ONLY");
    if (only && *only)
        cmocka_set_test_filter(only);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unavailable_reports),
        cmocka_unit_test(test_d1_k2),
        cmocka_unit_test(test_d2_k10),
        cmocka_unit_test(test_d3_k10),
        cmocka_unit_test(test_d8_k200),
        cmocka_unit_test(test_d33_k70),
        cmocka_unit_test(test_d300),
        cmocka_unit_test(test_k1),
        cmocka_unit_test(test_k_near_n),
        cmocka_unit_test(test_duplicates),
        cmocka_unit_test(test_tiny_magnitudes),
        cmocka_unit_test(test_mixed_magnitudes),
        cmocka_unit_test(test_many_points),
        cmocka_unit_test(test_bit_identical),
        cmocka_unit_test(test_shared_vs_global),
        cmocka_unit_test(test_many_survivors),
        cmocka_unit_test(test_elkan_candidates),
        cmocka_unit_test(test_sums_moved),
        cmocka_unit_test(test_empty_policies),
        cmocka_unit_test(test_statistics),
        cmocka_unit_test(test_ablations),
        cmocka_unit_test(test_update),
        cmocka_unit_test(test_update_cluster_tiles),
        cmocka_unit_test(test_update_column_tiles),
        cmocka_unit_test(test_update_wide_atomic),
        cmocka_unit_test(test_update_wide_tree_small),
        cmocka_unit_test(test_update_wide_tree_large),
        cmocka_unit_test(test_update_wide_dc_small),
        cmocka_unit_test(test_update_wide_dc_large),
        cmocka_unit_test(test_update_many_k),
        cmocka_unit_test(test_update_dc_levels),
        cmocka_unit_test(test_sparse_lanes),
        cmocka_unit_test(test_sparse_wide),
        cmocka_unit_test(test_sparse_passes),
        cmocka_unit_test(test_sparse_text),
        cmocka_unit_test(test_too_large),
        cmocka_unit_test(test_seed_on_gpu),
        cmocka_unit_test(test_rows_kept),
        cmocka_unit_test(test_upload),
        cmocka_unit_test(test_weighted),
    };
    return cmocka_run_group_tests_name("cuda (" TKM_PREC_NAME ")",
                                       tests, group_setup, NULL);
}
