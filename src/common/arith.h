/*
 * Per-point arithmetic shared by the CPU forms and the CUDA kernels.
 * Include after real.h; every function is static inline and TKM_HD, so
 * nvcc compiles the same code for the device.
 */
#ifndef TKM_ARITH_H
#define TKM_ARITH_H

#include <stddef.h>

#include "real.h"

/* Squared Euclidean distance sum_j (x_j - c_j)^2 where x's coordinates
 * are xs elements apart (1 for row-major points, n for column-major). */
static inline TKM_HD tkm_real TKM_FN(tkmi_dist2)(const tkm_real *x, size_t xs,
                                                 const tkm_real *c, size_t d)
{
    tkm_real s = 0;
    for (size_t j = 0; j < d; j++) {
        tkm_real t = x[j * xs] - c[j];
        s += t * t;
    }
    return s;
}

/* Euclidean distance. */
static inline TKM_HD tkm_real TKM_FN(tkmi_dist)(const tkm_real *x, size_t xs,
                                                const tkm_real *c, size_t d)
{
    return TKM_SQRT(TKM_FN(tkmi_dist2)(x, xs, c, d));
}

/* Index of the nearest centroid (lowest index on exact ties) and its
 * squared distance; c is k x d row-major. */
static inline TKM_HD int TKM_FN(tkmi_nearest)(const tkm_real *x, size_t xs,
                                              const tkm_real *c, size_t k,
                                              size_t d, tkm_real *best2)
{
    int best = 0;
    tkm_real b = TKM_FN(tkmi_dist2)(x, xs, c, d);
    for (size_t j = 1; j < k; j++) {
        tkm_real t = TKM_FN(tkmi_dist2)(x, xs, c + j * d, d);
        if (t < b) {
            b = t;
            best = (int)j;
        }
    }
    *best2 = b;
    return best;
}

/* ---- rounding-safe bounds (Elkan, Hamerly) -------------------------------
 *
 * The bounds are kept on the exact distances between the stored points and
 * centroids, yet the labels must follow Lloyd, who compares the computed
 * squared distances (lowest index on ties): in the order of tkmi_dist2
 * below on the GPU, in the order of kern.h on the CPU.  With u the unit
 * roundoff (TKM_EPS / 2), the computed squared distance over d coordinates
 * is within a relative (d + 2) u of the exact one and its square root
 * within (d + 4) u / 2, in either order.  Proof: a term t_j^2 carries the
 * rounding of the subtraction twice and of the product once, factors
 * (1 + e1)^2 (1 + e2) with |e| <= u; the terms are non-negative, so a sum
 * is within (1 + u)^A of exact, A the most additions any one term passes
 * through.  Left to right (tkmi_dist2) A = d - 1.  In kern.h's order a
 * term passes through at most ceil(d / W) - 1 additions in its partial
 * and min(d, W) - 1 in the sum of the partials; for d <= W that is d - 1,
 * and for d > W, ceil(d / W) + W - 2 <= d - 1 as ceil(d / W) - 1 <= d - W.
 * Hence (1 + u)^(d + 2), that is (d + 2) u to first order, for both.
 * So every bound is widened by the relative margin
 * m = (d + 4) TKM_EPS = (2 d + 8) u.  To first order an upper bound
 * needs (1.5 d + 6) u: (d + 2) u for Lloyd's comparison, (d + 4) u / 2
 * for the computed distance, 2 u for rounding the factor and the product;
 * the rest absorbs the second-order terms.  So:
 *
 *   - an upper bound U is kept >= (1 + (d + 2) u) D(x, a), not just
 *     >= D(x, a), so a pruning test passed strictly (U < a lower bound on
 *     D(x, c), or U < half of one on D(a, c)) proves that Lloyd's computed
 *     squared distance to c is strictly larger than to a: rounding cannot
 *     flip a pruned comparison, and an exact tie is never pruned (the tests
 *     are strict), so Lloyd's lowest-index rule survives;
 *   - a lower bound is a computed distance times (1 - m);
 *   - a drift is used as drift * (1 + m), and the sum U + drift and the
 *     difference l - drift, themselves rounded, are pushed outwards by a
 *     relative 2 TKM_EPS (one rounding at most u; 2 TKM_EPS = 4 u leaves
 *     room for the rounding of the product as well).
 *
 * The margin costs a relative (d + 4) TKM_EPS of pruning (3.6e-5 at d = 300
 * in float), nothing measurable.
 *
 * Underflow.  The relative model fails where a product t_j^2 (or a fused
 * t_j^2 + s) falls below the smallest normal number: there it is rounded
 * to the subnormal grid, an absolute error of at most half the smallest
 * subnormal TKM_TRUE_MIN (a difference or a sum that underflows is exact).
 * Over d terms, amplified by the later relative roundings, the computed
 * squared distance is within relative (d + 2) u and absolute
 * e = 2 d TKM_TRUE_MIN of exact.  In distances, with sqrt(q + e) <=
 * sqrt(q) + sqrt(e), the absolute term is at most sqrt(e) for the bound's
 * own distance and for either side of Lloyd's comparison, so every bound
 * also carries the absolute term a = 4 sqrt(e) (tkmi_bnd_abs): an upper
 * bound or a drift is computed * (1 + m) + a, a lower bound computed *
 * (1 - m) - a, kept >= 0.  a is 2.1e-22 sqrt(d) in float and 1.3e-161
 * sqrt(d) in double: nothing against distances of normal size, and on
 * data so small that the squares underflow (below ~1e-19 in float) the
 * bounds prune less but stay exact.  This holds in the default
 * floating-point environment of C and of CUDA (no flush of subnormals to
 * zero: the project builds without -ffast-math and --use_fast_math).
 *
 * A drift is 0 exactly when its centroid did not change (update.c and
 * drift.cu keep a moved centroid's drift above 0 even where the computed
 * distance underflows to 0), so an unmoved centroid's bounds stay as they
 * were.
 */

/* Does candidate c at squared distance d2 beat the current b at b2, in
 * Lloyd's order (smaller squared distance, then lower index)? */
static inline TKM_HD int TKM_FN(tkmi_closer)(tkm_real d2, size_t c,
                                             tkm_real b2, size_t b)
{
    return d2 < b2 || (d2 == b2 && c < b);
}

/* The relative margin m for points of d coordinates (see above). */
static inline TKM_HD tkm_real TKM_FN(tkmi_bnd_margin)(size_t d)
{
    return (tkm_real)(d + 4) * TKM_EPS;
}

/* Factor 1 + m for upper bounds and drifts. */
static inline TKM_HD tkm_real TKM_FN(tkmi_bnd_upf)(size_t d)
{
    return (tkm_real)1 + TKM_FN(tkmi_bnd_margin)(d);
}

/* Factor 1 - m for lower bounds (0 when d is so large that m >= 1). */
static inline TKM_HD tkm_real TKM_FN(tkmi_bnd_dnf)(size_t d)
{
    tkm_real m = TKM_FN(tkmi_bnd_margin)(d);
    return m < (tkm_real)1 ? (tkm_real)1 - m : (tkm_real)0;
}

/* The absolute term a = 4 sqrt(2 d TKM_TRUE_MIN) for points of d
 * coordinates (see above), computed in double and rounded up. */
static inline TKM_HD tkm_real TKM_FN(tkmi_bnd_abs)(size_t d)
{
    double a = 4.0 * sqrt(2.0 * (double)d * (double)TKM_TRUE_MIN);
    tkm_real r = (tkm_real)a;
    return (double)r < a ? r + r * TKM_EPS : r;
}

/* Upper bound from a computed distance (upf = tkmi_bnd_upf, ab =
 * tkmi_bnd_abs). */
static inline TKM_HD tkm_real TKM_FN(tkmi_bnd_up)(tkm_real dist, tkm_real upf,
                                                  tkm_real ab)
{
    return dist * upf + ab;
}

/* Safe drift from a computed one: 0 for a centroid that did not move
 * (drift 0), else an upper bound on how far it moved. */
static inline TKM_HD tkm_real TKM_FN(tkmi_bnd_drift)(tkm_real drift,
                                                     tkm_real upf, tkm_real ab)
{
    return drift > 0 ? TKM_FN(tkmi_bnd_up)(drift, upf, ab) : (tkm_real)0;
}

/* Lower bound from a computed distance (dnf = tkmi_bnd_dnf), >= 0. */
static inline TKM_HD tkm_real TKM_FN(tkmi_bnd_down)(tkm_real dist, tkm_real dnf,
                                                    tkm_real ab)
{
    tkm_real v = dist * dnf - ab;
    return v > 0 ? v : (tkm_real)0;
}

/* Lower bound on half a centroid-centroid distance. */
static inline TKM_HD tkm_real TKM_FN(tkmi_bnd_half)(tkm_real dist, tkm_real dnf,
                                                    tkm_real ab)
{
    return (tkm_real)0.5 * TKM_FN(tkmi_bnd_down)(dist, dnf, ab);
}

/* The drift of a centroid from c to cn (d coordinates) whose distance
 * was computed as v: v, or the smallest positive number where v
 * underflowed to 0 though a coordinate changed, so that a drift is 0
 * exactly when the centroid did not move. */
static inline TKM_HD tkm_real TKM_FN(tkmi_drift_of)(const tkm_real *c,
                                                    const tkm_real *cn,
                                                    size_t d, tkm_real v)
{
    if (v > 0)
        return v;
    for (size_t j = 0; j < d; j++)
        if (c[j] != cn[j])
            return TKM_TRUE_MIN;
    return v;
}

/* Upper bound u after its centroid moved by safe drift t, rounded up.
 * A centroid that did not move leaves u exactly as it was. */
static inline TKM_HD tkm_real TKM_FN(tkmi_bnd_grow)(tkm_real u, tkm_real t)
{
    return t > 0 ? (u + t) * ((tkm_real)1 + 2 * TKM_EPS) : u;
}

/* Lower bound l after its centroid moved by safe drift t, rounded down
 * and kept >= 0; an infinite bound (no other centroid) stays infinite. */
static inline TKM_HD tkm_real TKM_FN(tkmi_bnd_shrink)(tkm_real l, tkm_real t)
{
    if (!(t > 0))
        return l;
    tkm_real v = (l - t) * ((tkm_real)1 - 2 * TKM_EPS);
    return v > 0 ? v : (tkm_real)0;
}

/* A lower bound l stored against p, its centroid's drifts summed so far
 * (each step's sum at least the last plus the step's safe drift t, as
 * tkmi_bnd_grow makes it): L <= l + p, rounded down.  Read back when the
 * sum has reached p' as tkmi_bnd_shrink(L, p') <= l - (p' - p): at most l
 * less every drift since, a lower bound still, with no pass over the
 * stored bounds between (cuda-shared Elkan: kernels/elkan_shared.cu).
 * While p is 0 the stored bound is l itself. */
static inline TKM_HD tkm_real TKM_FN(tkmi_bnd_lift)(tkm_real l, tkm_real p)
{
    return p > 0 ? (l + p) * ((tkm_real)1 - 2 * TKM_EPS) : l;
}

/* The same rule in float whatever the precision: the CPU's Elkan stores
 * its lower bounds as floats (kern.h's tkmi_lb).  Where l - t is
 * subnormal it is exact, and the product rounds back to it. */
static inline TKM_HD float tkmi_lb_shrink(float l, float t)
{
    if (!(t > 0))
        return l;
    float v = (l - t) * (1.0f - 2 * FLT_EPSILON);
    return v > 0 ? v : 0.0f;
}

#endif /* TKM_ARITH_H */
