/*
 * Elkan's per-point arithmetic (ICML 2003), shared by the CPU forms and the
 * CUDA kernels: plain C, static inline and TKM_HD, no OpenMP, no libc
 * beyond math.  Include after real.h.
 *
 * Per point x: an upper bound u(x) >= distance to its centroid a(x) and k
 * lower bounds l(x, c) <= distance to centroid c; per centroid pair a lower
 * bound h(a, c) on half their distance, and s(a) = min over c != a of
 * h(a, c).  All bounds are rounding-safe (see arith.h): every test is
 * strict and its passing proves Lloyd's computed comparison.
 *
 * The lower bounds of one point are reached through a stride ls: l(x, c)
 * is l[c * ls].  The CPU passes its point-major row (ls = 1), the CUDA
 * forms the point's column of a centroid-major array (ls = n).
 */
#ifndef TKM_ELKAN_ARITH_H
#define TKM_ELKAN_ARITH_H

#include <stddef.h>
#include <stdint.h>

#include "arith.h"
#include "real.h"

/* Global test: no centroid can beat a(x) when u(x) < s(a(x)). */
static inline TKM_HD int TKM_FN(tkmi_elkan_point_pruned)(tkm_real u,
                                                         tkm_real sa)
{
    return u < sa;
}

/* Per-centroid test: c cannot beat a when u < l(x, c) or u < h(a, c). */
static inline TKM_HD int TKM_FN(tkmi_elkan_pair_pruned)(tkm_real u,
                                                        tkm_real lc,
                                                        tkm_real hac)
{
    return u < lc || u < hac;
}

/* Bound phase for one point whose centroid is a, after the centroids moved
 * by the safe drifts t[0..k-1] (tkmi_bnd_up of the computed drifts). */
static inline TKM_HD void TKM_FN(tkmi_elkan_move)(tkm_real *u, tkm_real *l,
                                                  size_t ls,
                                                  const tkm_real *t,
                                                  size_t k, int a)
{
    *u = TKM_FN(tkmi_bnd_grow)(*u, t[a]);
    for (size_t c = 0; c < k; c++)
        l[c * ls] = TKM_FN(tkmi_bnd_shrink)(l[c * ls], t[c]);
}

/* First assignment of one point: all k distances, every bound set.
 * Returns the nearest centroid (lowest index on ties, as tkmi_nearest). */
static inline TKM_HD int
TKM_FN(tkmi_elkan_first)(const tkm_real *x, size_t xs, const tkm_real *cen,
                         size_t k, size_t d, tkm_real *l, size_t ls,
                         tkm_real upf, tkm_real dnf, tkm_real ab, tkm_real *u)
{
    int a = 0;
    tkm_real a2 = 0;
    for (size_t c = 0; c < k; c++) {
        tkm_real c2 = TKM_FN(tkmi_dist2)(x, xs, cen + c * d, d);
        l[c * ls] = TKM_FN(tkmi_bnd_down)(TKM_SQRT(c2), dnf, ab);
        if (c == 0 || c2 < a2) {
            a = (int)c;
            a2 = c2;
        }
    }
    *u = TKM_FN(tkmi_bnd_up)(TKM_SQRT(a2), upf, ab);
    return a;
}

/* A lower bound l[c * ls] as stored: itself, or with the summed drifts P
 * (not NULL: cuda-shared's lazy bounds, arith.h's tkmi_bnd_lift) stored
 * against P[c]. */
static inline TKM_HD tkm_real TKM_FN(tkmi_elkan_lb)(const tkm_real *l,
                                                   size_t ls,
                                                   const tkm_real *P,
                                                   size_t c)
{
    return P ? TKM_FN(tkmi_bnd_shrink)(l[c * ls], P[c]) : l[c * ls];
}

static inline TKM_HD void TKM_FN(tkmi_elkan_lb_set)(tkm_real *l, size_t ls,
                                                   const tkm_real *P,
                                                   size_t c, tkm_real v)
{
    l[c * ls] = P ? TKM_FN(tkmi_bnd_lift)(v, P[c]) : v;
}

/* Later assignments of one point, after the bound phase.  h is k x k
 * row-major, s has k entries; the lower bounds l as stored with P (NULL:
 * as they are; tkmi_elkan_lb).  Updates *label, *u and l; adds the
 * distances computed to *ndist and the pairs pruned by the per-centroid
 * test to *npairs.  Returns 1 when the global test pruned the point (no
 * distance computed), else 0.
 *
 * u is tightened (the distance to a(x) computed) only when a centroid
 * survives the tests against the loose u.  The original centroid a0 is not
 * visited as a candidate: its distance is known once u is tight, and after
 * a switch it cannot win back. */
static inline TKM_HD int
TKM_FN(tkmi_elkan_point)(const tkm_real *x, size_t xs, const tkm_real *cen,
                         size_t k, size_t d, tkm_real *l, size_t ls,
                         const tkm_real *P, const tkm_real *h,
                         const tkm_real *s, tkm_real upf, tkm_real dnf,
                         tkm_real ab, int *label, tkm_real *u,
                         uint64_t *ndist, uint64_t *npairs)
{
    int a0 = *label, a = a0, tight = 0;
    tkm_real ub = *u, a2 = 0;
    if (TKM_FN(tkmi_elkan_point_pruned)(ub, s[a0]))
        return 1;
    for (size_t c = 0; c < k; c++) {
        if ((int)c == a0)
            continue;
        const tkm_real *ha = h + (size_t)a * k;
        const tkm_real lc = TKM_FN(tkmi_elkan_lb)(l, ls, P, c);
        if (TKM_FN(tkmi_elkan_pair_pruned)(ub, lc, ha[c])) {
            (*npairs)++;
            continue;
        }
        if (!tight) { /* a == a0 until the first distance is computed */
            a2 = TKM_FN(tkmi_dist2)(x, xs, cen + (size_t)a0 * d, d);
            (*ndist)++;
            tkm_real da = TKM_SQRT(a2);
            ub = TKM_FN(tkmi_bnd_up)(da, upf, ab);
            TKM_FN(tkmi_elkan_lb_set)(l, ls, P, (size_t)a0,
                                      TKM_FN(tkmi_bnd_down)(da, dnf, ab));
            tight = 1;
            if (TKM_FN(tkmi_elkan_pair_pruned)(ub, lc, ha[c])) {
                (*npairs)++;
                continue;
            }
        }
        tkm_real c2 = TKM_FN(tkmi_dist2)(x, xs, cen + c * d, d);
        (*ndist)++;
        tkm_real dc = TKM_SQRT(c2);
        TKM_FN(tkmi_elkan_lb_set)(l, ls, P, c,
                                  TKM_FN(tkmi_bnd_down)(dc, dnf, ab));
        if (TKM_FN(tkmi_closer)(c2, c, a2, (size_t)a)) {
            a = (int)c;
            a2 = c2;
            ub = TKM_FN(tkmi_bnd_up)(dc, upf, ab);
        }
    }
    *label = a;
    *u = ub;
    return 0;
}

#endif /* TKM_ELKAN_ARITH_H */
