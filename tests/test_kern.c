/*
 * CPU distance kernel tests: every instruction set this processor has gives
 * the bits of the reference order (kern.h) in the scan (nearest, second
 * nearest, all distances) and the pair kernels, for d and k around the
 * lane count; whole solver runs are bit-identical across instruction sets
 * and OpenMP thread counts; the set can be chosen and refused by name.
 * Built for f32 and f64.
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

#include "arith.h"
#include "elkan_arith.h"
#include "fixsum.h"
#include "hamerly_arith.h"
#include "fit_harness.h"
#include "internal.h"
#include "kern.h"

/* The instruction sets usable here, widest first. */
static int isa_names(char names[][16], int max)
{
    char list[128];
    int n = 0;
    tkm_cpu_isa_list(list, sizeof list);
    for (char *tok = strtok(list, ", "); tok && n < max;
         tok = strtok(NULL, ", "))
        snprintf(names[n++], 16, "%s", tok);
    return n;
}

static void use_isa(const char *name)
{
    char msg[256] = "";
    if (tkm_cpu_isa_set(name, msg, sizeof msg) != TKM_OK)
        fail_msg("tkm_cpu_isa_set(%s): %s", name, msg);
    if (strcmp(name, "auto") != 0)
        assert_string_equal(tkm_cpu_isa(), name);
}

static void fill(tkm_real *v, size_t len, tkmi_rng *r, double scale)
{
    for (size_t i = 0; i < len; i++)
        v[i] = (tkm_real)(scale * (2 * tkmi_rng_uniform(r) - 1));
}

/* Plain left-to-right sum of squares: the order for d <= W. */
static tkm_real plain_dist2(const tkm_real *x, const tkm_real *c, size_t d)
{
    tkm_real s = 0;
    for (size_t j = 0; j < d; j++) {
        tkm_real t = x[j] - c[j];
        s += t * t;
    }
    return s;
}

static int same_bits(tkm_real a, tkm_real b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

/* m points against k centroids with one instruction set, against the
 * reference computed here pair by pair. */
static void kernel_case(const char *isa, size_t m, size_t d, size_t k,
                        uint64_t seed)
{
    tkmi_rng r;
    tkmi_rng_seed(&r, seed);
    tkm_real *x = malloc(m * d * sizeof *x), *c = malloc(k * d * sizeof *c);
    tkm_real *all = malloc((m + 2) * k * sizeof *all);
    tkm_real *ref = malloc(k * sizeof *ref);
    tkm_real *b1 = malloc(m * sizeof *b1), *b2 = malloc(m * sizeof *b2);
    int32_t *lab = malloc(m * sizeof *lab);
    size_t *idx = malloc(m * sizeof *idx);
    assert_true(x && c && all && ref && b1 && b2 && lab && idx);
    fill(x, m * d, &r, 10);
    fill(c, k * d, &r, 10);
    /* a duplicate of centroid 1 as the last: a tie the lower index wins */
    if (k > 2)
        memcpy(c + (k - 1) * d, c + d, d * sizeof *c);
    /* a point on centroid 0 (distance 0) */
    memcpy(x, c, d * sizeof *x);
    for (size_t i = 0; i < m; i++)
        idx[i] = m - 1 - i; /* the scan through an index list, reversed */

    TKM_FN(tkmi_kc) kc;
    assert_int_equal(TKM_FN(tkmi_kc_init)(&kc, k, d), TKM_OK);
    TKM_FN(tkmi_kc_pack)(&kc, c);
    use_isa(isa);
    const TKM_FN(tkmi_kern) *kern = TKM_FN(tkmi_kern_get)();
    assert_string_equal(kern->isa, strcmp(isa, "sse2") == 0 ? "generic"
                                                             : isa);

    TKM_FN(tkmi_scan_out) o2 = {.lab = lab, .b1 = b1, .b2 = b2};
    kern->scan(&kc, x, idx, m, &o2);
    TKM_FN(tkmi_scan_out) oa = {.all = all, .astride = k};
    kern->scan(&kc, x, NULL, m, &oa);
    /* with the second's index (Annulus): the same three, and lab2 */
    int32_t *lab1 = malloc(m * sizeof *lab1), *lab2 = malloc(m * sizeof *lab2);
    tkm_real *c1 = malloc(m * sizeof *c1), *c2 = malloc(m * sizeof *c2);
    assert_true(lab1 && lab2 && c1 && c2);
    TKM_FN(tkmi_scan_out) oi = {.lab = lab1, .b1 = c1, .b2 = c2,
                                .lab2 = lab2};
    kern->scan(&kc, x, idx, m, &oi);
    for (size_t i = 0; i < m; i++)
        assert_true(lab1[i] == lab[i] && same_bits(c1[i], b1[i]) &&
                    same_bits(c2[i], b2[i]));
    /* the nearest alone (Lloyd's scan, its lanes halved): the same */
    TKM_FN(tkmi_scan_out) on = {.lab = lab1, .b1 = c1};
    kern->scan(&kc, x, idx, m, &on);
    for (size_t i = 0; i < m; i++)
        if (lab1[i] != lab[i] || !same_bits(c1[i], b1[i]))
            fail_msg("%s %s m=%zu d=%zu k=%zu: point %zu, nearest alone "
                     "%d (%.17g), with the second %d (%.17g)", isa,
                     TKM_PREC_NAME, m, d, k, i, lab1[i], (double)c1[i],
                     lab[i], (double)b1[i]);
    for (size_t i = 0; i < m; i++) {
        const tkm_real *xi = x + i * d;
        size_t best = 0;
        for (size_t q = 0; q < k; q++) {
            ref[q] = TKM_FN(tkmi_kdist2_ref)(xi, c + q * d, d);
            if (d <= TKMI_KW && !same_bits(ref[q], plain_dist2(xi, c + q * d, d)))
                fail_msg("%s d=%zu: the reference is not the plain sum", isa,
                         d);
            if (ref[q] < ref[best])
                best = q;
            if (!same_bits(all[i * k + q], ref[q]))
                fail_msg("%s %s m=%zu d=%zu k=%zu: all[%zu][%zu] = %.17g, "
                         "reference %.17g",
                         isa, TKM_PREC_NAME, m, d, k, i, q,
                         (double)all[i * k + q], (double)ref[q]);
            const tkm_real *xp = xi, *cp = c + q * d;
            tkm_real one = kern->dist2(xi, c + q * d, d), pair;
            kern->dist2_pairs(&xp, &cp, 1, d, &pair);
            assert_true(same_bits(one, ref[q]) && same_bits(pair, ref[q]));
        }
        tkm_real second = (tkm_real)INFINITY;
        for (size_t q = 0; q < k; q++)
            if (q != best && ref[q] < second)
                second = ref[q];
        size_t j = m - 1 - i; /* its place in the reversed list */
        if (lab[j] != (int32_t)best || !same_bits(b1[j], ref[best]) ||
            !same_bits(b2[j], second))
            fail_msg("%s %s m=%zu d=%zu k=%zu point %zu: nearest %d at "
                     "%.17g, second %.17g; reference %zu at %.17g, %.17g",
                     isa, TKM_PREC_NAME, m, d, k, i, lab[j], (double)b1[j],
                     (double)b2[j], best, (double)ref[best], (double)second);
    }
    if (k > 2 && m > 1) /* point 0 sits on centroid 0 */
        assert_int_equal(lab[m - 1], 0);
    /* lab2: the lowest index other than the nearest at the second value */
    for (size_t i = 0; i < m; i++) {
        size_t j = m - 1 - i;
        int32_t want2 = -1;
        for (size_t q = 0; q < k && want2 < 0; q++)
            if ((int32_t)q != lab[j] && same_bits(all[i * k + q], b2[j]))
                want2 = (int32_t)q;
        if (lab2[j] != want2)
            fail_msg("%s %s m=%zu d=%zu k=%zu point %zu: second at %d, "
                     "reference %d", isa, TKM_PREC_NAME, m, d, k, i,
                     lab2[j], want2);
    }
    /* a view of some blocks: the same bits for its centroids */
    if (kc.nb >= 2) {
        size_t b0 = 1, b1_ = kc.nb;
        TKM_FN(tkmi_kc) v = TKM_FN(tkmi_kc_view)(&kc, b0, b1_);
        assert_int_equal(v.k, k - b0 * TKMI_KW);
        tkm_real *va = malloc(v.k * sizeof *va);
        assert_non_null(va);
        TKM_FN(tkmi_scan_out) ov = {.all = va, .astride = v.k};
        kern->scan(&v, x, NULL, 1, &ov);
        for (size_t q = 0; q < v.k; q++)
            assert_true(same_bits(va[q], all[b0 * TKMI_KW + q]));
        free(va);
    }
    free(lab1);
    free(lab2);
    free(c1);
    free(c2);

    /* several pairs at once: point i against centroid i mod k */
    const tkm_real **xs = malloc(m * sizeof *xs), **cs = malloc(m * sizeof *cs);
    assert_true(xs && cs);
    for (size_t i = 0; i < m; i++) {
        xs[i] = x + i * d;
        cs[i] = c + (i % k) * d;
    }
    kern->dist2_pairs(xs, cs, m, d, b1);
    for (size_t i = 0; i < m; i++)
        assert_true(same_bits(b1[i], TKM_FN(tkmi_kdist2_ref)(xs[i], cs[i], d)));
    free(xs);
    free(cs);

    /* Elkan's bound move on the stored floats: lower bounds lb[0..k)
     * (one +inf, one subnormal) by drifts lt[0..k) (some 0, one larger
     * than its bound, one subnormal), tkmi_lb_shrink's bits */
    tkmi_lb *lb = malloc(2 * k * sizeof *lb), *lt = malloc(k * sizeof *lt);
    assert_true(lb && lt);
    for (size_t q = 0; q < k; q++) {
        lb[q] = (float)(5 * tkmi_rng_uniform(&r));
        lt[q] = q % 3 == 0 ? 0 : (float)tkmi_rng_uniform(&r);
    }
    lb[k - 1] = INFINITY;
    lt[0] = lb[0] + 1;
    if (k >= 6) {
        lb[4] = 0x1p-140f;
        lt[4] = 0x1p-147f;
    }
    memcpy(lb + k, lb, k * sizeof *lb); /* the expected row */
    kern->shrink(lb, lt, k);
    for (size_t q = 0; q < k; q++) {
        const float want = tkmi_lb_shrink(lb[k + q], lt[q]);
        assert_memory_equal(&lb[q], &want, sizeof want);
        /* still a lower bound on the exact difference */
        assert_true(!(lt[q] > 0) || isinf(lb[k + q]) ||
                    (double)lb[q] <= (double)lb[k + q] - (double)lt[q] ||
                    lb[q] == 0);
    }

    /* Yinyang's global filter: bounds all[0..k) (one +inf) shrunk by
     * drifts ref[0..k) (some 0, one larger than its bound) into sh,
     * tkmi_bnd_shrink's bits, and their minimum */
    for (size_t q = 0; q < k; q++) {
        all[q] = (tkm_real)(5 * tkmi_rng_uniform(&r));
        ref[q] = q % 3 == 0 ? 0 : (tkm_real)tkmi_rng_uniform(&r);
    }
    all[k - 1] = (tkm_real)INFINITY;
    ref[0] = all[0] + 1;
    {
        tkm_real *sh = malloc(k * sizeof *sh);
        assert_non_null(sh);
        const tkm_real mn = kern->shrink_min(all, ref, k, sh);
        tkm_real want = (tkm_real)INFINITY;
        for (size_t q = 0; q < k; q++) {
            const tkm_real v = TKM_FN(tkmi_bnd_shrink)(all[q], ref[q]);
            assert_true(same_bits(sh[q], v));
            want = v < want ? v : want;
        }
        assert_true(same_bits(mn, want));
        free(sh);
    }

    /* Elkan's first bounds: squared distances all[0..k) (one 0, one
     * subnormal, whose root is below the bounds' absolute term, one +inf)
     * made stored lower bounds, the bits of tkmi_lb_of of tkmi_bnd_down
     * of the square root; in an f64 run with sc = 1 and 2^-3, each float
     * times sc at most the bound and the next float above it */
    for (size_t q = 0; q < k; q++)
        all[q] = (tkm_real)(25 * tkmi_rng_uniform(&r));
    if (k >= 3) {
        all[0] = 0;
        all[k / 2] = (tkm_real)(TKM_PREC == 32 ? 1e-44 : 1e-323);
        all[k - 1] = (tkm_real)INFINITY;
    }
    const tkm_real dnf = TKM_FN(tkmi_bnd_dnf)(d), ab = TKM_FN(tkmi_bnd_abs)(d);
    for (int sv2 = 0; sv2 < (TKM_PREC == 64 ? 2 : 1); sv2++) {
        const tkm_real sc = sv2 ? (tkm_real)0.125 : 1;
        kern->down(all, lb, k, dnf, ab, sc);
        for (size_t q = 0; q < k; q++) {
            const tkm_real v =
                TKM_FN(tkmi_bnd_down)(TKM_SQRT(all[q]), dnf, ab);
            const tkmi_lb want = TKM_FN(tkmi_lb_of)(v, sc, 1 / sc, -1);
            assert_memory_equal(&lb[q], &want, sizeof want);
            assert_true((tkm_real)lb[q] * sc <= v);
            assert_true(isinf(v) ||
                        (tkm_real)nextafterf(lb[q], INFINITY) * sc > v);
        }
        assert_true(k < 3 || (lb[0] == 0 && lb[k / 2] == 0 &&
                              isinf(lb[k - 1])));
    }

    /* Elkan's candidate test over [1, k): bounds all[0..k), halves
     * ref[0..k), ub the median-ish value 2.5; a0 = k / 2 is left out */
    size_t *sv = malloc(k * sizeof *sv), ns, want = 0;
    assert_non_null(sv);
    for (size_t q = 0; q < k; q++)
        ref[q] = (tkm_real)(5 * tkmi_rng_uniform(&r));
    /* the bounds stored as floats times sc (2^-3 in an f64 run) */
    const tkm_real sc = TKM_PREC == 64 ? (tkm_real)0.125 : 1;
    for (size_t q = 0; q < k; q++)
        lb[q] = (float)(all[q] / sc);
    ns = kern->survivors(lb, sc, ref, (tkm_real)2.5, k / 2, 1, k, sv);
    for (size_t q = 1; q < k; q++)
        if (q != k / 2 &&
            !TKM_FN(tkmi_elkan_pair_pruned)((tkm_real)2.5,
                                            (tkm_real)lb[q] * sc, ref[q])) {
            assert_true(want < ns && sv[want] == q);
            want++;
        }
    assert_int_equal(ns, want);
    free(lb);
    free(lt);
    free(sv);
    TKM_FN(tkmi_kc_free)(&kc);
    free(x);
    free(c);
    free(all);
    free(ref);
    free(b1);
    free(b2);
    free(lab);
    free(idx);
}

static void test_kernels_match_reference(void **state)
{
    (void)state;
    char names[4][16];
    int ni = isa_names(names, 4);
    assert_true(ni >= 1);
    const size_t W = TKMI_KW;
    const size_t ds[] = {1, 2, 3, W - 1, W, W + 1, 2 * W - 1, 2 * W + 3,
                         3 * W, 100, 257};
    const size_t ks[] = {1, 2, 3, W - 1, W, W + 1, 3 * W + 5};
    for (int s = 0; s < ni; s++)
        for (size_t a = 0; a < sizeof ds / sizeof *ds; a++)
            for (size_t b = 0; b < sizeof ks / sizeof *ks; b++)
                kernel_case(names[s], 1 + (a * 7 + b) % 13, ds[a], ks[b],
                            100 * a + b);
    use_isa("auto");
}

/* The lane-per-point scan of few centroids (k <= TKMI_FEW_K, d <= W):
 * lists of several groups of W points and a part group, ties and a point
 * on a centroid, against the reference; and the first k past the limit,
 * which takes the lane-per-centroid scan, the same way. */
static void test_kernels_few(void **state)
{
    (void)state;
    char names[4][16];
    int ni = isa_names(names, 4);
    const size_t W = TKMI_KW;
    const size_t ds[] = {1, 2, 3, W - 1, W};
    const size_t ks[] = {1, 2, 5, W + 3, TKMI_FEW_K, TKMI_FEW_K + 1};
    const size_t ms[] = {W, 2 * W + 3, 5 * W - 1};
    for (int s = 0; s < ni; s++)
        for (size_t a = 0; a < sizeof ds / sizeof *ds; a++)
            for (size_t b = 0; b < sizeof ks / sizeof *ks; b++)
                kernel_case(names[s], ms[(a + b) % 3], ds[a], ks[b],
                            1000 + 10 * a + b);
    use_isa("auto");
}

/* Coordinates near the largest finite value: squared distances overflow
 * to +inf, where Lloyd's order keeps the lowest index. */
static void test_kernels_overflow(void **state)
{
    (void)state;
    char names[4][16];
    int ni = isa_names(names, 4);
    /* few centroids (a lane per point) and more (a lane per centroid) */
    const size_t ks[] = {TKMI_KW + 3, TKMI_FEW_K + 1};
    size_t d = 3;
    tkm_real x[3] = {TKM_REAL_MAX, -TKM_REAL_MAX, TKM_REAL_MAX};
    for (size_t kk = 0; kk < sizeof ks / sizeof *ks; kk++) {
        size_t k = ks[kk];
        tkm_real *c = calloc(k * d, sizeof *c);
        assert_non_null(c);
        for (size_t q = 0; q < k * d; q++) /* every distance +inf */
            c[q] = -x[q % d] / (tkm_real)(1 + q / d);
        TKM_FN(tkmi_kc) kc;
        assert_int_equal(TKM_FN(tkmi_kc_init)(&kc, k, d), TKM_OK);
        TKM_FN(tkmi_kc_pack)(&kc, c);
        for (int s = 0; s < ni; s++) {
            use_isa(names[s]);
            int32_t lab = -1, lab2 = 7;
            tkm_real b1 = 0, b2 = 0;
            TKM_FN(tkmi_scan_out) o = {.lab = &lab, .b1 = &b1};
            TKM_FN(tkmi_kern_get)()->scan(&kc, x, NULL, 1, &o);
            assert_int_equal(lab, 0);
            assert_true(b1 == (tkm_real)INFINITY);
            /* the second: +inf, and no centroid's index at it */
            TKM_FN(tkmi_scan_out) o2 = {.lab = &lab, .b1 = &b1, .b2 = &b2,
                                        .lab2 = &lab2};
            lab = -1;
            TKM_FN(tkmi_kern_get)()->scan(&kc, x, NULL, 1, &o2);
            assert_int_equal(lab, 0);
            assert_true(b1 == (tkm_real)INFINITY &&
                        b2 == (tkm_real)INFINITY);
            assert_int_equal(lab2, -1);
        }
        TKM_FN(tkmi_kc_free)(&kc);
        free(c);
    }
    use_isa("auto");
}

/* The lowest set bit of a > 0 found without bit tricks: the largest
 * power of two that divides it (fmod is exact), from its last digit's. */
static double lowest_bit_ref(double a)
{
    const int dig = TKM_PREC == 32 ? 24 : 53, emin = TKM_PREC == 32 ? -149
                                                                     : -1074;
    int e = ilogb(a) - (dig - 1);
    if (e < emin)
        e = emin;
    while (fmod(a, ldexp(1.0, e + 1)) == 0)
        e++;
    return ldexp(1.0, e);
}

/* The data's values as a run takes them (kern->values), from doubles and
 * from floats, in every instruction set: the values converted, each
 * column's largest |value| and smallest lowest set bit against the
 * reference above, the profile they fold into against tkmi_fx_profile of
 * each value, and a NaN, an infinity or a value above the limit found
 * in any lane. */
/* The screening's row test as screen.c wrote it before it had kernels:
 * one v_j at a time, the two smallest kept as they come. */
static int screen_min_ref(const double *hi, const tkm_real *g, size_t k,
                          double *m)
{
    int finite = 1;
    m[0] = m[1] = INFINITY;
    for (size_t j = 0; j < k; j++) {
        double v = hi[j] - 2.0 * (double)g[j];
        finite &= isfinite((double)g[j]) != 0;
        if (v < m[0]) {
            m[1] = m[0];
            m[0] = v;
        } else if (v < m[1])
            m[1] = v;
    }
    return finite;
}

static int same_double(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

/* The screening's kernels (screen.c's row test and candidates) against
 * the scalar loops, every instruction set, k around the kernels' steps
 * (4 native vectors of doubles): the smallest and second smallest of
 * hi - 2 g to the bit, equal values counted apart (a tie of the two
 * smallest), the finite flag (a g of +inf, -inf or NaN anywhere, in the
 * vector part or the tail), and the candidates below a threshold in
 * increasing order, none on either side of it lost (values at the
 * threshold itself are in); the values the kernels read past k (their
 * last vector) left out, though they would be the smallest and pass. */
static void test_screen_kernels(void **state)
{
    (void)state;
    char names[4][16];
    int ni = isa_names(names, 4);
    const size_t ks[] = {1, 2, 3, 7, 8, 15, 16, 17, 31, 32, 33, 64, 100,
                         1003};
    tkmi_rng r;
    tkmi_rng_seed(&r, 77);
    for (int s = 0; s < ni; s++) {
        use_isa(names[s]);
        const TKM_FN(tkmi_kern) *kern = TKM_FN(tkmi_kern_get)();
        for (size_t a = 0; a < sizeof ks / sizeof *ks; a++)
            for (int kind = 0; kind < 6; kind++) {
                const size_t k = ks[a];
                /* the kernels read up to TKMI_KW - 1 values past k:
                 * there, values that would be the smallest and pass
                 * every threshold if they were not left out */
                double *hi = malloc((2 * k + TKMI_KW) * sizeof *hi), want[2],
                       got[2];
                tkm_real *g = malloc((k + TKMI_KW) * sizeof *g);
                uint32_t *out = malloc((k + 1) * sizeof *out); /* k, and a
                                                           guard past them */
                assert_true(hi && g && out);
                double *lo = hi + k;
                for (size_t j = 0; j < TKMI_KW; j++) {
                    lo[k + j] = -INFINITY;
                    g[k + j] = (tkm_real)INFINITY;
                }
                for (size_t j = 0; j < k; j++) {
                    hi[j] = 10 * tkmi_rng_uniform(&r);
                    lo[j] = hi[j] * (1 - 1e-3);
                    g[j] = (tkm_real)(5 * tkmi_rng_uniform(&r));
                }
                const size_t at = (size_t)(tkmi_rng_uniform(&r) * (double)k);
                if (kind == 1 && k >= 2) { /* the two smallest tie */
                    hi[at] = hi[(at + 1) % k] = -50;
                    g[at] = g[(at + 1) % k] = 0;
                }
                if (kind >= 2 && kind <= 4) /* one g not finite */
                    g[kind == 4 ? k - 1 : at] =
                        kind == 2 ? (tkm_real)INFINITY
                        : kind == 3 ? -(tkm_real)INFINITY
                                    : (tkm_real)NAN;
                if (kind == 5) /* every v the same: each a candidate */
                    for (size_t j = 0; j < k; j++) {
                        hi[j] = lo[j] = 1;
                        g[j] = 0;
                    }
                const int fin = screen_min_ref(hi, g, k, want);
                for (int two = 0; two < 2; two++) {
                    got[0] = got[1] = -1;
                    const int f = kern->screen_min(hi, g, k, two, got);
                    assert_int_equal(f, fin);
                    if (!fin)
                        continue; /* the row goes to the direct scan */
                    if (!same_double(got[0], want[0]) ||
                        !same_double(got[1], two ? want[1] : INFINITY))
                        fail_msg("%s k=%zu kind %d two %d: %.17g %.17g, "
                                 "want %.17g %.17g", names[s], k, kind, two,
                                 got[0], got[1], want[0], want[1]);
                }
                if (!fin)
                    goto next;
                /* candidates under thresholds from below the smallest to
                 * past the largest, one at a value itself */
                double thrs[4] = {want[0] - 1, want[0] + 0.5,
                                  lo[at] - 2.0 * (double)g[at], 1e9};
                for (int t = 0; t < 4; t++) {
                    out[k] = 0xdeadbeefu; /* room for k: none written past */
                    size_t ns = kern->screen_pass(lo, g, k, thrs[t], out),
                           m = 0;
                    assert_int_equal(out[k], 0xdeadbeefu);
                    for (size_t j = 0; j < k; j++)
                        if (lo[j] - 2.0 * (double)g[j] <= thrs[t]) {
                            assert_true(m < ns && out[m] == j);
                            m++;
                        }
                    assert_int_equal(ns, m);
                    if (t == 2 || t == 3)
                        assert_true(ns >= 1);
                }
            next:
                free(hi);
                free(g);
                free(out);
            }
    }
    use_isa("auto");
}

/* The float test's reference: v_j = hf[j] - (g[j] + g[j]) in float, one
 * at a time, the two smallest kept as they come; finite when every v_j
 * is. */
static int screen_min_f_ref(const float *hf, const float *g, size_t k,
                            float *m)
{
    int finite = 1;
    m[0] = m[1] = INFINITY;
    for (size_t j = 0; j < k; j++) {
        const float v = hf[j] - (g[j] + g[j]);
        finite &= isfinite(v) != 0;
        if (v < m[0]) {
            m[1] = m[0];
            m[0] = v;
        } else if (v < m[1])
            m[1] = v;
    }
    return finite;
}

/* The row test in float lanes (screen.c's float test, kern.h's
 * screen_min_f and screen_pass_f: float runs, and double runs whose
 * products are taken in float) against the scalar loops, every
 * instruction set, k around the kernels' steps (4 native vectors of
 * floats): the two smallest to the bit, ties counted apart, the finite
 * flag (a g of +inf, -inf or NaN, or one whose double overflows, in the
 * vector part or the tail), the candidates below a threshold in
 * increasing order, those at it included. */
static void test_screen_kernels_f(void **state)
{
    (void)state;
    char names[4][16];
    int ni = isa_names(names, 4);
    const size_t ks[] = {1, 2, 3, 15, 16, 17, 63, 64, 65, 100, 1003};
    tkmi_rng r;
    tkmi_rng_seed(&r, 79);
    for (int s = 0; s < ni; s++) {
        use_isa(names[s]);
        const TKM_FN(tkmi_kern) *kern = TKM_FN(tkmi_kern_get)();
        for (size_t a = 0; a < sizeof ks / sizeof *ks; a++)
            for (int kind = 0; kind < 7; kind++) {
                const size_t k = ks[a];
                float *hf = malloc((3 * k + TKMI_KWF) * sizeof *hf),
                      want[2], got[2];
                uint32_t *out = malloc((k + 1) * sizeof *out); /* k, and a
                                                           guard past them */
                assert_true(hf && out);
                float *lf = hf + k, *g = hf + 2 * k;
                for (size_t j = 0; j < TKMI_KWF; j++) /* (as above) */
                    g[k + j] = INFINITY;
                for (size_t j = 0; j < k; j++) {
                    hf[j] = (float)(10 * tkmi_rng_uniform(&r));
                    lf[j] = hf[j] * (1 - 1e-3f);
                    g[j] = (float)(5 * tkmi_rng_uniform(&r) - 1);
                }
                const size_t at = (size_t)(tkmi_rng_uniform(&r) * (double)k);
                if (kind == 1 && k >= 2) { /* the two smallest tie */
                    hf[at] = hf[(at + 1) % k] = -50;
                    g[at] = g[(at + 1) % k] = 0;
                }
                if (kind >= 2 && kind <= 4) /* one g not finite */
                    g[kind == 4 ? k - 1 : at] = kind == 2   ? INFINITY
                                                : kind == 3 ? -INFINITY
                                                            : NAN;
                if (kind == 5) /* 2 g overflows: v is -inf */
                    g[at] = FLT_MAX;
                if (kind == 6) /* every v the same: each a candidate */
                    for (size_t j = 0; j < k; j++) {
                        hf[j] = lf[j] = 1;
                        g[j] = 0;
                    }
                const int fin = screen_min_f_ref(hf, g, k, want);
                assert_int_equal(fin, kind < 2 || kind == 6);
                for (int two = 0; two < 2; two++) {
                    got[0] = got[1] = -1;
                    const int f = kern->screen_min_f(hf, g, k, two, got);
                    assert_int_equal(f, fin);
                    if (!fin)
                        continue; /* the row takes the double test */
                    if (memcmp(&got[0], &want[0], sizeof *got) != 0 ||
                        (two && memcmp(&got[1], &want[1], sizeof *got)) ||
                        (!two && got[1] != INFINITY))
                        fail_msg("%s k=%zu kind %d two %d: %.9g %.9g, want "
                                 "%.9g %.9g", names[s], k, kind, two,
                                 got[0], got[1], want[0], want[1]);
                }
                if (fin) {
                    const float thrs[4] = {want[0] - 1, want[0] + 0.5f,
                                           lf[at] - (g[at] + g[at]), 1e9f};
                    for (int t = 0; t < 4; t++) {
                        out[k] = 0xdeadbeefu; /* (as above) */
                        size_t ns = kern->screen_pass_f(lf, g, k, thrs[t],
                                                        out),
                               m = 0;
                        assert_int_equal(out[k], 0xdeadbeefu);
                        for (size_t j = 0; j < k; j++)
                            if (lf[j] - (g[j] + g[j]) <= thrs[t]) {
                                assert_true(m < ns && out[m] == j);
                                m++;
                            }
                        assert_int_equal(ns, m);
                        if (t >= 2)
                            assert_true(ns >= 1);
                    }
                }
                free(hf);
                free(out);
            }
    }
    use_isa("auto");
}

/* kern.h's screen_sel_f on rows x (m x d) against screen_pass_f on the
 * products g (gs a row) that screen_prod_f made of the same rows: the
 * same candidates, bit for bit, for thresholds that let none, all, or
 * those up to one centroid's own estimate through (a tie at the
 * threshold passes), NaN (none); nothing written past the m rows. */
static void sel_against_pass(const TKM_FN(tkmi_kern) *kern, const char *isa,
                             tkmi_rng *r, const float *x, size_t m, size_t d,
                             const float *cp, size_t k, const float *g,
                             size_t gs)
{
    const size_t nb = (k + 15) / 16;
    float *lfp = malloc((nb + 1) * 16 * sizeof *lfp),
          *thr = malloc(m * sizeof *thr);
    uint16_t *bits = malloc((m + 1) * nb * sizeof *bits);
    uint32_t *out = malloc(k * sizeof *out);
    assert_true(lfp && thr && bits && out);
    for (size_t j = 0; j < (nb + 1) * 16; j++)
        lfp[j] = j < k ? (float)(5 * tkmi_rng_uniform(r) - 1) : INFINITY;
    for (size_t i = 0; i < m; i++) {
        const size_t j = (i * 7) % k;
        const float own = lfp[j] - (g[i * gs + j] + g[i * gs + j]);
        thr[i] = i % 5 == 0   ? -INFINITY
                 : i % 5 == 1 ? 1e30f
                 : i % 5 == 4 ? NAN
                 : i % 5 == 3 ? own + 0.5f
                              : own;
    }
    for (size_t q = 0; q < (m + 1) * nb; q++)
        bits[q] = 0xBEEF;
    kern->screen_sel_f(x, m, d, cp, lfp, k, thr, bits);
    for (size_t i = 0; i < m; i++) {
        const size_t ns = kern->screen_pass_f(lfp, g + i * gs, k, thr[i],
                                              out);
        size_t q = 0;
        for (size_t j = 0; j < nb * 16; j++)
            if (bits[i * nb + j / 16] >> (j % 16) & 1) {
                if (q >= ns || out[q] != j)
                    fail_msg("%s d=%zu k=%zu m=%zu row %zu: centroid %zu "
                             "selected, not a candidate", isa, d, k, m, i,
                             j);
                q++;
            }
        if (q != ns)
            fail_msg("%s d=%zu k=%zu m=%zu row %zu: %zu selected, %zu "
                     "candidates", isa, d, k, m, i, q, ns);
        if (i % 5 == 2)
            assert_true(ns >= 1); /* (its own centroid, at the threshold) */
    }
    for (size_t q = m * nb; q < (m + 1) * nb; q++)
        assert_true(bits[q] == 0xBEEF);
    free(lfp);
    free(thr);
    free(bits);
    free(out);
}

/* The screening's fused float products (kern.h's screen_prod_f) against
 * scalar loops, every instruction set, d, k and the number of rows
 * around its steps (16 centroids a block, 2 KERN_P rows a step): each
 * product the chain x_0 c_0, then + x_q c_q in increasing q, rounded as
 * the set's documented order (one fused multiply-add a step on AVX-512,
 * C's fmaf; a rounded product and sum elsewhere), to the bit; each
 * row's two smallest hf_j - (g_j + g_j) what screen_min_f gives from
 * that row (ties: duplicate centroids; -0 and mixed signs in the
 * points); nothing written past a row's whole blocks or the m rows. */
static void test_screen_prod_f(void **state)
{
    (void)state;
    char names[4][16];
    int ni = isa_names(names, 4);
    const size_t ds[] = {1, 2, 3, 8, 17, 34, 64};
    const size_t ks[] = {2, 15, 16, 17, 100};
    const size_t ms[] = {1, 7, 8, 9, 33};
    tkmi_rng r;
    tkmi_rng_seed(&r, 81);
    for (int s = 0; s < ni; s++) {
        use_isa(names[s]);
        const TKM_FN(tkmi_kern) *kern = TKM_FN(tkmi_kern_get)();
        const int fused = strcmp(names[s], "avx512") == 0;
        for (size_t a = 0; a < sizeof ds / sizeof *ds; a++)
            for (size_t b = 0; b < sizeof ks / sizeof *ks; b++)
                for (size_t e = 0; e < sizeof ms / sizeof *ms; e++) {
                    const size_t d = ds[a], k = ks[b], m = ms[e];
                    const size_t nb = (k + 15) / 16, gs = nb * 16 + 3;
                    float *x = malloc(m * d * sizeof *x),
                          *c = malloc(k * d * sizeof *c),
                          *cp = malloc(nb * 16 * d * sizeof *cp),
                          *hfp = malloc(nb * 16 * sizeof *hfp),
                          *g = malloc((m + 1) * gs * sizeof *g),
                          *mm = malloc((2 * m + 2) * sizeof *mm);
                    assert_true(x && c && cp && hfp && g && mm);
                    for (size_t i = 0; i < m * d; i++)
                        x[i] = i % 5 == 3 ? -0.0f
                                          : (float)(4 * tkmi_rng_uniform(&r) -
                                                    2);
                    for (size_t j = 0; j < k; j++)
                        for (size_t q = 0; q < d; q++)
                            c[j * d + q] =
                                j == 1 ? c[q] /* a twin of centroid 0 */
                                       : (float)(3 * tkmi_rng_uniform(&r) -
                                                 1) *
                                             (q % 3 == 0 ? 1e-3f : 1.0f);
                    for (size_t j = 0; j < nb * 16; j++) {
                        hfp[j] = j >= k ? INFINITY
                                 : j == 1 ? hfp[0]
                                          : (float)(5 * tkmi_rng_uniform(&r));
                        for (size_t q = 0; q < d; q++)
                            cp[(j / 16 * d + q) * 16 + j % 16] =
                                j < k ? c[j * d + q] : 0.0f;
                    }
                    for (size_t i = 0; i < (m + 1) * gs; i++)
                        g[i] = 12345.0f; /* (what must stay) */
                    mm[2 * m] = mm[2 * m + 1] = 12345.0f;
                    for (int two = 0; two < 2; two++) {
                        kern->screen_prod_f(x, m, d, cp, hfp, k, gs, two, g,
                                            mm);
                        for (size_t i = 0; i < m; i++) {
                            for (size_t j = 0; j < k; j++) {
                                const float *xi = x + i * d,
                                            *cj = c + j * d;
                                float t = xi[0] * cj[0];
                                for (size_t q = 1; q < d; q++)
                                    t = fused ? fmaf(xi[q], cj[q], t)
                                              : t + xi[q] * cj[q];
                                if (memcmp(&t, g + i * gs + j, sizeof t))
                                    fail_msg("%s d=%zu k=%zu m=%zu: g[%zu]"
                                             "[%zu] %.9g, want %.9g",
                                             names[s], d, k, m, i, j,
                                             g[i * gs + j], t);
                            }
                            for (size_t j = nb * 16; j < gs; j++)
                                assert_true(g[i * gs + j] == 12345.0f);
                            float want[2];
                            const int f = kern->screen_min_f(
                                hfp, g + i * gs, k, two, want);
                            assert_int_equal(f, 1);
                            if (memcmp(mm + 2 * i, want,
                                       (two ? 2 : 1) * sizeof *want))
                                fail_msg("%s d=%zu k=%zu m=%zu row %zu two "
                                         "%d: %.9g %.9g, want %.9g %.9g",
                                         names[s], d, k, m, i, two,
                                         mm[2 * i], mm[2 * i + 1], want[0],
                                         want[1]);
                        }
                        for (size_t j = 0; j < gs; j++)
                            assert_true(g[m * gs + j] == 12345.0f);
                        assert_true(mm[2 * m] == 12345.0f &&
                                    mm[2 * m + 1] == 12345.0f);
                    }
                    sel_against_pass(kern, names[s], &r, x, m, d, cp, k, g,
                                     gs);
                    free(x);
                    free(c);
                    free(cp);
                    free(hfp);
                    free(g);
                    free(mm);
                }
    }
    use_isa("auto");
}

/* The sparse products of a row (screen.c's spmm) against the scalar loop
 * in increasing stored value, every instruction set, k around the
 * kernel's blocks (4 W centroids, then W at a time, then a tail): the
 * same bits, for rows of no value, one value and many, with values and
 * centroids of mixed signs and scales (every sum rounds), a column used
 * twice, and nothing written past k. */
static void test_spmm_row(void **state)
{
    (void)state;
    char names[4][16];
    int ni = isa_names(names, 4);
    const size_t ks[] = {1, 3, 8, 15, 16, 17, 31, 33, 63, 64, 65, 100, 129};
    const size_t d = 50, nnz = 40;
    tkmi_rng r;
    tkmi_rng_seed(&r, 78);
    tkm_real v[40];
    int32_t col[40];
    for (size_t q = 0; q < nnz; q++) {
        col[q] = q == 7 ? col[3] : (int32_t)tkmi_rng_below(&r, d);
        v[q] = (tkm_real)((tkmi_rng_uniform(&r) - 0.3) *
                          pow(10.0, (double)(q % 9) - 4.0));
    }
    for (int s = 0; s < ni; s++) {
        use_isa(names[s]);
        const TKM_FN(tkmi_kern) *kern = TKM_FN(tkmi_kern_get)();
        for (size_t a = 0; a < sizeof ks / sizeof *ks; a++) {
            const size_t k = ks[a];
            tkm_real *ct = calloc(d * k + TKMI_KW, sizeof *ct),
                     *g = malloc((k + 1) * sizeof *g);
            assert_true(ct && g);
            for (size_t e = 0; e < d * k; e++)
                ct[e] = (tkm_real)((tkmi_rng_uniform(&r) - 0.5) *
                                   pow(10.0, (double)(e % 7) - 3.0));
            const int64_t ends[] = {0, 1, 2, 9, (int64_t)nnz};
            for (size_t t = 0; t < sizeof ends / sizeof *ends; t++) {
                g[k] = (tkm_real)-7;
                kern->spmm_row(v, col, 0, ends[t], ct, k, g);
                for (size_t j = 0; j < k; j++) {
                    tkm_real want = 0;
                    for (int64_t q = 0; q < ends[t]; q++)
                        want += v[q] * ct[(size_t)col[q] * k + j];
                    if (memcmp(&want, &g[j], sizeof want))
                        fail_msg("%s k=%zu, %lld values: g[%zu] %.17g, want "
                                 "%.17g", names[s], k, (long long)ends[t], j,
                                 (double)g[j], (double)want);
                }
                assert_true(g[k] == (tkm_real)-7);
            }
            free(ct);
            free(g);
        }
    }
    use_isa("auto");
}

/* Hamerly's bound move and global test (kern.h's move and pass) on every
 * instruction set: the bits of arith.h's rules and the points
 * hamerly_arith.h's test keeps, in order, for lengths around the lane
 * count; drifts of 0 (bounds unchanged), bounds that the drift takes
 * below 0 (kept at 0), infinite lower bounds (k = 1), and u equal to its
 * limit (the test fails there). */
static void test_hamerly_kernels(void **state)
{
    (void)state;
    char names[4][16];
    int ni = isa_names(names, 4);
    enum { K = 7, M = 70 };
    tkmi_rng r;
    tkmi_rng_seed(&r, 91);
    tkm_real tu[K], tl[K], sh[K], u0[M], l0[M], u[M], l[M];
    int32_t lab[M];
    uint32_t out[M];
    for (size_t c = 0; c < K; c++) {
        tu[c] = c % 3 == 0 ? 0 : (tkm_real)tkmi_rng_uniform(&r);
        tl[c] = c % 4 == 1 ? 0 : (tkm_real)(2 * tkmi_rng_uniform(&r));
        sh[c] = (tkm_real)tkmi_rng_uniform(&r);
    }
    for (size_t i = 0; i < M; i++) {
        lab[i] = (int32_t)tkmi_rng_below(&r, K);
        u0[i] = (tkm_real)(2 * tkmi_rng_uniform(&r));
        l0[i] = i % 11 == 4 ? (tkm_real)INFINITY
                            : (tkm_real)(2 * tkmi_rng_uniform(&r));
        if (i % 9 == 2) /* u at its limit: max(s, l) */
            u0[i] = sh[lab[i]] > l0[i] ? sh[lab[i]] : l0[i];
    }
    for (int s = 0; s < ni; s++) {
        use_isa(names[s]);
        const TKM_FN(tkmi_kern) *kern = TKM_FN(tkmi_kern_get)();
        for (size_t m = 0; m <= M; m += m < 20 ? 1 : 25) {
            memcpy(u, u0, sizeof u);
            memcpy(l, l0, sizeof l);
            kern->move(u, l, lab, m, tu, tl);
            for (size_t i = 0; i < M; i++) {
                const tkm_real wu =
                    i < m ? TKM_FN(tkmi_bnd_grow)(u0[i], tu[lab[i]]) : u0[i];
                const tkm_real wl =
                    i < m ? TKM_FN(tkmi_bnd_shrink)(l0[i], tl[lab[i]]) : l0[i];
                if (!same_bits(u[i], wu) || !same_bits(l[i], wl))
                    fail_msg("%s move, m=%zu, point %zu: u %.17g l %.17g, "
                             "want %.17g %.17g", names[s], m, i, (double)u[i],
                             (double)l[i], (double)wu, (double)wl);
            }
            size_t nf = kern->pass(u0, l0, lab, sh, m, out), want = 0;
            for (size_t j = 0; j < m; j++)
                if (!TKM_FN(tkmi_hamerly_pruned)(u0[j], sh[lab[j]], l0[j])) {
                    if (want >= nf || out[want] != (uint32_t)j)
                        fail_msg("%s pass, m=%zu: point %zu not listed "
                                 "%zu-th", names[s], m, j, want);
                    want++;
                }
            assert_int_equal(nf, want);
        }
    }
    use_isa("auto");
}

static void test_values(void **state)
{
    (void)state;
    char names[4][16];
    int ni = isa_names(names, 4);
    const size_t W = TKMI_KW, m = 5;
    const size_t ds[] = {1, 3, W - 1, W, W + 1, 2 * W + 3, 37};
    tkmi_rng r;
    tkmi_rng_seed(&r, 11);
    for (size_t a = 0; a < sizeof ds / sizeof *ds; a++) {
        const size_t d = ds[a], nd = m * d;
        double *xd = malloc(nd * sizeof *xd);
        float *xf = malloc(nd * sizeof *xf);
        tkm_real *out = malloc(nd * sizeof *out);
        tkm_real *amax = malloc(2 * d * sizeof *amax), *lowb = amax + d;
        double *prof = malloc(6 * d * sizeof *prof), *pref = prof + 3 * d;
        assert_true(xd && xf && out && amax && prof);
        for (size_t i = 0; i < nd; i++) {
            const double u = tkmi_rng_uniform(&r);
            switch (i % 7) {
            case 0: xd[i] = 0; break;
            case 1: xd[i] = floor(256 * u); break;           /* integers */
            case 2: xd[i] = ldexp(1.0, (int)(40 * u) - 20); break;
            case 3: xd[i] = -ldexp(3.0, TKM_PREC == 32 ? -140 : -1060);
                    break;                                  /* subnormal */
            default: xd[i] = (1000 * u - 500) * ldexp(1.0, (int)(i % 5));
            }
            xf[i] = (float)xd[i];
        }
        for (int src = 0; src < 2; src++)
            for (int s = 0; s < ni; s++) {
                use_isa(names[s]);
                const TKM_FN(tkmi_kern) *kern = TKM_FN(tkmi_kern_get)();
                for (size_t j = 0; j < d; j++) {
                    amax[j] = 0;
                    lowb[j] = (tkm_real)INFINITY;
                }
                const double *pd = src ? NULL : xd;
                const float *pf = src ? xf : NULL;
                assert_int_equal(kern->values(pd, pf, m, d, (tkm_real)1e6, out,
                                              amax, lowb), 0);
                for (size_t j = 0; j < 3 * d; j++)
                    prof[j] = pref[j] = j % 3 == 2 ? 0.0 : TKMI_FX_NONE;
                for (size_t j = 0; j < d; j++) {
                    double mx = 0, lb = INFINITY;
                    for (size_t i = j; i < nd; i += d) {
                        const tkm_real v = src ? (tkm_real)xf[i]
                                               : (tkm_real)xd[i];
                        assert_true(same_bits(out[i], v));
                        const double av = fabs((double)v);
                        mx = av > mx ? av : mx;
                        if (av > 0 && lowest_bit_ref(av) < lb)
                            lb = lowest_bit_ref(av);
                        tkmi_fx_profile((double)v, pref + 3 * j);
                    }
                    assert_true((double)amax[j] == mx);
                    assert_true((double)lowb[j] == lb);
                    tkmi_fx_profile_fold((double)amax[j], (double)lowb[j],
                                         prof + 3 * j);
                }
                assert_memory_equal(prof, pref, 3 * d * sizeof *prof);
                /* a bad value in any place of the last row */
                for (size_t i = nd - d; i < nd; i++) {
                    const double keep = xd[i];
                    const float keepf = xf[i];
                    const double bad[] = {NAN, -INFINITY, 2e6};
                    for (size_t b = 0; b < 3; b++) {
                        xd[i] = bad[b];
                        xf[i] = (float)bad[b];
                        assert_int_equal(kern->values(pd, pf, m, d,
                                                      (tkm_real)1e6, NULL,
                                                      amax, lowb), 1);
                    }
                    xd[i] = keep;
                    xf[i] = keepf;
                }
            }
        free(xd);
        free(xf);
        free(out);
        free(amax);
        free(prof);
    }
    use_isa("auto");
}

/* One case: tkmi_fx_quot_i128's bits against tkmi_fx_quot's. */
static void quot_case(tkmi_i128 v, int S, uint64_t cnt, int p, int qmin)
{
    uint64_t num[2], den[2] = {cnt, 0};
    memcpy(num, &v, sizeof num);
    const double a = tkmi_fx_quot_i128(v, S, cnt, p, qmin);
    const double b = tkmi_fx_quot(num, 1, S, den, 1, 0, p, qmin);
    if (memcmp(&a, &b, sizeof a) != 0)
        fail_msg("sum %.17g (hi %llx) 2^-%d / %llu, p %d: %a, not %a",
                 (double)v, (unsigned long long)(uint64_t)((tkmi_u128)v >> 64),
                 S, (unsigned long long)cnt, p, a, b);
}

/* tkmi_fx_quot_i128 (the CPU's quotient of a sum that fits 128 bits by
 * a count) gives tkmi_fx_quot's bits, both formats: on random sums from
 * 1 to 2^125 in magnitude, counts from 1 to 2^62, scales through the
 * normal, subnormal and vanishing results, and on exact midpoints of the
 * result's grid (ties to even) and the sums one away from them. */
static void test_quot_i128(void **state)
{
    (void)state;
    tkmi_rng r;
    tkmi_rng_seed(&r, 17);
    const int fmt[2][2] = {{24, -149}, {53, -1074}};
    for (int it = 0; it < 40000; it++) {
        const int f = it & 1, p = fmt[f][0], qmin = fmt[f][1];
        const int bv = 1 + (int)tkmi_rng_below(&r, 125);
        const int bc = 1 + (int)tkmi_rng_below(&r, 62);
        tkmi_u128 m = ((tkmi_u128)tkmi_rng_next(&r) << 64) | tkmi_rng_next(&r);
        m = (m >> (128 - bv)) | ((tkmi_u128)1 << (bv - 1));
        uint64_t cnt = tkmi_rng_next(&r) >> (64 - bc);
        cnt = it % 7 == 0 ? 1ull << (bc - 1) : cnt | 1ull << (bc - 1);
        /* the scale that puts the result near 2^e, e from below the
         * subnormals to well inside the normals */
        const int e = qmin - 4 + (int)tkmi_rng_below(&r, (uint64_t)(60 - qmin));
        const tkmi_i128 v = (tkmi_rng_next(&r) & 1) ? -(tkmi_i128)m : (tkmi_i128)m;
        quot_case(v, bv - bc - e, cnt, p, qmin);
        if (it % 4 != 0)
            continue;
        /* midpoints: a odd, of p + 1 bits (a normal result's grid at its
         * bit 1, scales 0 and near the smallest normal) or of fewer (a
         * subnormal result's, scale 1 - qmin); times a count, and one
         * away */
        const int bm = 1 + (int)tkmi_rng_below(&r, 60);
        const uint64_t c = tkmi_rng_next(&r) >> (64 - bm) | 1ull << (bm - 1);
        for (int sub = 0; sub < 2; sub++) {
            const int ba = sub ? 2 + (int)tkmi_rng_below(&r, (uint64_t)p - 1) : p + 1;
            const tkmi_u128 a = (tkmi_u128)(tkmi_rng_next(&r) >> (64 - ba)) |
                               (tkmi_u128)1 << (ba - 1) | 1;
            const tkmi_i128 mid = (tkmi_i128)(a * c);
            const int scales[3] = {0, ba - 1 - (qmin + p - 1) - 3, 1 - qmin};
            for (int k = sub ? 2 : 0; k < (sub ? 3 : 2); k++)
                for (int dlt = -1; dlt <= 1; dlt++) {
                    quot_case(mid + dlt, scales[k], c, p, qmin);
                    quot_case(-(mid + dlt), scales[k], c, p, qmin);
                }
        }
    }
}

static void test_isa_names(void **state)
{
    (void)state;
    char msg[256] = "";
    char names[4][16];
    int ni = isa_names(names, 4);
    assert_int_equal(tkm_cpu_isa_set("auto", msg, sizeof msg), TKM_OK);
    assert_string_equal(tkm_cpu_isa(), names[0]); /* the widest */
    assert_int_equal(tkm_cpu_isa_set("mmx", msg, sizeof msg), TKM_EINVAL);
    assert_non_null(strstr(msg, "mmx"));
    assert_string_equal(tkm_cpu_isa(), names[0]); /* unchanged */
#if defined(__x86_64__)
    if (ni < 3) { /* a set this processor lacks is refused */
        assert_int_equal(tkm_cpu_isa_set("avx512", msg, sizeof msg),
                         TKM_ENOTSUP);
        assert_non_null(strstr(msg, "no avx512"));
    }
#else
    assert_int_equal(ni, 1);
#endif
}

/* Whole runs: every instruction set and the OpenMP form with 1, 2 and 3
 * threads give the bits of the sequential form with the widest set,
 * counters included. */
static void test_solvers_identical(void **state)
{
    (void)state;
    const size_t shapes[][3] = {{3001, 5, 40}, {2003, 37, 25}, {1500, 2, 70},
                                {700, 2 * TKMI_KW + 1, 3}};
    char names[4][16];
    int ni = isa_names(names, 4);
    for (size_t sh = 0; sh < sizeof shapes / sizeof *shapes; sh++) {
        size_t n = shapes[sh][0], d = shapes[sh][1], k = shapes[sh][2];
        tkm_dataset ds;
        char msg[256];
        assert_int_equal(tkm_generate_blobs(n, d, k / 2 + 1, 2.0, 10, 40 + sh,
                                            &ds, NULL, msg, sizeof msg),
                         TKM_OK);
        double *init = malloc(k * d * sizeof *init);
        assert_non_null(init);
        assert_int_equal(tkm_init_centroids(&ds, k, TKM_INIT_KMEANSPP, 0, sh,
                                            init, msg, sizeof msg),
                         TKM_OK);
        for (int a = 0; a < TKM_NALGO; a++) {
            use_isa(names[0]);
            tkm_result base = fit_or_die(&ds, init, k, (tkm_algorithm)a,
                                         TKM_SEQ, 1,
                                         TKM_EMPTY_KEEP);
            for (int run = 1; run < ni + 3; run++) {
                int threads = run < ni ? 1 : run - ni + 1;
                use_isa(run < ni ? names[run] : names[0]);
                tkm_result r = fit_or_die(&ds, init, k, (tkm_algorithm)a,
                                          run < ni ? TKM_SEQ : TKM_OMP,
                                          threads, TKM_EMPTY_KEEP);
                if (r.iterations != base.iterations ||
                    memcmp(r.labels, base.labels, n * sizeof *r.labels) ||
                    memcmp(r.centroids, base.centroids,
                           k * d * sizeof *r.centroids))
                    fail_msg("%s %s n=%zu d=%zu k=%zu: %s with %d thread(s) "
                             "differs from seq %s",
                             tkm_algorithm_name((tkm_algorithm)a),
                             TKM_PREC_NAME, n, d,
                             k, tkm_cpu_isa(), threads, names[0]);
                for (int it = 0; it < r.iterations; it++) {
                    const tkm_iter_stats *p = &r.iters[it],
                                         *q = &base.iters[it];
                    assert_true(p->changed == q->changed &&
                                p->dist_pc == q->dist_pc &&
                                p->dist_cc == q->dist_cc &&
                                p->pruned_points == q->pruned_points &&
                                p->pruned_pairs == q->pruned_pairs &&
                                p->max_drift == q->max_drift);
                }
                tkm_result_free(&r);
            }
            tkm_result_free(&base);
        }
        free(init);
        tkm_dataset_free(&ds);
    }
    use_isa("auto");
}

/* Elkan's stored bounds (kern.h's tkmi_lb_of): in an f64 run, at every
 * scale lb_scale may choose and for values from 0 and the smallest
 * subnormal to DBL_MAX and +inf, rounded down the largest float whose
 * product with sc is at most v, rounded up the smallest at least v
 * (exact products, taken in long double as a reference outside the
 * function's own arithmetic); an f32 run stores v itself. */
static void test_stored_bounds(void **state)
{
    (void)state;
#if TKM_PREC == 64
    const int xs[] = {0, -3, 40, -870, 890};
    const double vs[] = {0, 0x1p-1074, 1e-300, 1e-45, 0x1p-149, 1.0, M_PI,
                         3.4e38, 0x1.fffffep127, 1e39, 1e300, DBL_MAX,
                         INFINITY};
    for (size_t a = 0; a < sizeof xs / sizeof *xs; a++)
        for (size_t b = 0; b < sizeof vs / sizeof *vs; b++) {
            const double sc = ldexp(1.0, xs[a]), isc = ldexp(1.0, -xs[a]);
            const long double v = vs[b], lsc = sc;
            const float dn = TKM_FN(tkmi_lb_of)(vs[b], sc, isc, -1);
            const float up = TKM_FN(tkmi_lb_of)(vs[b], sc, isc, 1);
            const float dn1 = nextafterf(dn, INFINITY);
            const float up1 = nextafterf(up, 0.0f);
            if (!((long double)dn * lsc <= v &&
                  (isinf(dn) || (long double)dn1 * lsc > v) &&
                  (long double)up * lsc >= v &&
                  (up == 0 || (long double)up1 * lsc < v)))
                fail_msg("sc 2^%d, v %.17g: down %.9g, up %.9g", xs[a],
                         vs[b], (double)dn, (double)up);
        }
#else
    const float v = 0x1.234p-100f;
    const float dn = TKM_FN(tkmi_lb_of)(v, 1, 1, -1);
    const float up = TKM_FN(tkmi_lb_of)(v, 1, 1, 1);
    assert_memory_equal(&dn, &v, sizeof v);
    assert_memory_equal(&up, &v, sizeof v);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_isa_names),
        cmocka_unit_test(test_kernels_match_reference),
        cmocka_unit_test(test_kernels_few),
        cmocka_unit_test(test_kernels_overflow),
        cmocka_unit_test(test_screen_kernels),
        cmocka_unit_test(test_screen_kernels_f),
        cmocka_unit_test(test_screen_prod_f),
        cmocka_unit_test(test_spmm_row),
        cmocka_unit_test(test_hamerly_kernels),
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_quot_i128),
        cmocka_unit_test(test_stored_bounds),
        cmocka_unit_test(test_solvers_identical),
    };
    return cmocka_run_group_tests_name("kern_" TKM_PREC_NAME, tests, NULL,
                                       NULL);
}
