/*
 * Hamerly's per-point arithmetic (SDM 2010), shared by the CPU forms and
 * the CUDA kernels: plain C, static inline and TKM_HD, no OpenMP, no libc
 * beyond math.  Include after real.h.
 *
 * Per point x: an upper bound u(x) >= distance to its centroid a(x) and
 * one lower bound l(x) <= distance to every other centroid; per centroid
 * s(c) = a lower bound on half the distance to the nearest other centroid.
 * All bounds are rounding-safe (see arith.h): every test is strict and its
 * passing proves Lloyd's computed comparison.
 */
#ifndef TKM_HAMERLY_ARITH_H
#define TKM_HAMERLY_ARITH_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "arith.h"
#include "real.h"

/* Global test: no centroid can beat a(x) when u < max(s(a), l). */
static inline TKM_HD int TKM_FN(tkmi_hamerly_pruned)(tkm_real u, tkm_real sa,
                                                     tkm_real l)
{
    return u < (sa > l ? sa : l);
}

/* The largest safe drift t1 (first at index *imax) and the largest among
 * the other centroids t2 (0 when k == 1). */
static inline TKM_HD void TKM_FN(tkmi_hamerly_top2)(const tkm_real *t,
                                                    size_t k, int *imax,
                                                    tkm_real *t1,
                                                    tkm_real *t2)
{
    size_t im = 0;
    tkm_real m1 = t[0], m2 = 0;
    for (size_t c = 1; c < k; c++) {
        if (t[c] > m1) {
            m2 = m1;
            m1 = t[c];
            im = c;
        } else if (t[c] > m2) {
            m2 = t[c];
        }
    }
    *imax = (int)im;
    *t1 = m1;
    *t2 = m2;
}

/* Bound phase for one point whose centroid is a: u grows by a's drift;
 * l shrinks by the largest drift among the other centroids, which is t2
 * when a itself moved most, else t1 (from tkmi_hamerly_top2). */
static inline TKM_HD void TKM_FN(tkmi_hamerly_move)(tkm_real *u, tkm_real *l,
                                                    int a, const tkm_real *t,
                                                    int imax, tkm_real t1,
                                                    tkm_real t2)
{
    *u = TKM_FN(tkmi_bnd_grow)(*u, t[a]);
    *l = TKM_FN(tkmi_bnd_shrink)(*l, a == imax ? t2 : t1);
}

/* Nearest and second-nearest centroid of x among all k.  known >= 0 names
 * a centroid whose squared distance known2 is already computed (it is not
 * computed again); pass known = -1 for none.  Sets *u and *l, adds the
 * distances computed to *ndist, returns the nearest (Lloyd's order). */
static inline TKM_HD int
TKM_FN(tkmi_hamerly_full)(const tkm_real *x, size_t xs, const tkm_real *cen,
                          size_t k, size_t d, int known, tkm_real known2,
                          tkm_real upf, tkm_real dnf, tkm_real ab, tkm_real *u,
                          tkm_real *l, uint64_t *ndist)
{
    size_t b = known >= 0 ? (size_t)known : k;
    tkm_real b2 = known >= 0 ? known2 : (tkm_real)INFINITY;
    tkm_real s2 = (tkm_real)INFINITY;
    for (size_t c = 0; c < k; c++) {
        if ((int)c == known)
            continue;
        tkm_real c2 = TKM_FN(tkmi_dist2)(x, xs, cen + c * d, d);
        (*ndist)++;
        if (TKM_FN(tkmi_closer)(c2, c, b2, b)) {
            s2 = b2; /* the old best is the new second (b2 <= s2) */
            b2 = c2;
            b = c;
        } else if (c2 < s2) {
            s2 = c2;
        }
    }
    *u = TKM_FN(tkmi_bnd_up)(TKM_SQRT(b2), upf, ab);
    *l = TKM_FN(tkmi_bnd_down)(TKM_SQRT(s2), dnf, ab);
    return (int)b;
}

/* Later assignments of one point, after the bound phase: the global test
 * with the loose u, then with u tightened, then all k centroids.  Updates
 * *label, *u, *l and *ndist.  Returns 1 when the first test pruned the
 * point (no distance computed), else 0. */
static inline TKM_HD int
TKM_FN(tkmi_hamerly_point)(const tkm_real *x, size_t xs, const tkm_real *cen,
                           size_t k, size_t d, tkm_real sa, tkm_real upf,
                           tkm_real dnf, tkm_real ab, int *label, tkm_real *u,
                           tkm_real *l, uint64_t *ndist)
{
    int a = *label;
    if (TKM_FN(tkmi_hamerly_pruned)(*u, sa, *l))
        return 1;
    tkm_real a2 = TKM_FN(tkmi_dist2)(x, xs, cen + (size_t)a * d, d);
    (*ndist)++;
    tkm_real ub = TKM_FN(tkmi_bnd_up)(TKM_SQRT(a2), upf, ab);
    if (TKM_FN(tkmi_hamerly_pruned)(ub, sa, *l)) {
        *u = ub;
        return 0;
    }
    *label = TKM_FN(tkmi_hamerly_full)(x, xs, cen, k, d, a, a2, upf, dnf, ab, u,
                                       l, ndist);
    return 0;
}

#endif /* TKM_HAMERLY_ARITH_H */
