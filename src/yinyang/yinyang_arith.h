/*
 * Yinyang's per-point arithmetic (Ding et al., ICML 2015): plain C, static
 * inline and TKM_HD, no OpenMP.  Include after real.h.
 *
 * The k centroids are split once into t groups (yinyang.h).  Per point x
 * with centroid a: an upper bound u >= the distance to a, and per group g
 * a lower bound lb[g] <= the distance to every centroid of g other than a
 * (+inf when there is none).  Per centroid its safe drift t[c], per group
 * the largest safe drift T[g] of its members.
 *
 * Why every step is safe under rounding (arith.h gives the helpers and
 * what each guarantees; D is an exact distance, D' a computed one):
 *
 *   - bound phase: u' = tkmi_bnd_grow(u, t[a]) >= u + t[a] >= D(x, a)
 *     after the move.  The lower bounds are shrunk as each point is
 *     visited, which keeps the old ones at hand for the local filter
 *     without a second n x t array: lb'[g] = tkmi_bnd_shrink(lb[g], T[g])
 *     <= lb[g] - T[g] <= D_old(x, c) - t[c] <= D(x, c) for c in g.
 *   - global filter u < min_g lb'[g] and group filter u < lb'[g]: u is
 *     an upper bound kept with Lloyd's margin ((1 + (d + 2) u) D(x, a)
 *     and the absolute term, arith.h), a passed strict test proves that
 *     every centroid it covers has a computed squared distance strictly
 *     above the best one's, so it can neither win nor tie.
 *   - local filter for c in g: tkmi_bnd_shrink(lb[g], t[c]) <= D(x, c)
 *     by the same argument with c's own drift, and the test is as strict.
 *   - u is tightened from a computed distance by tkmi_bnd_up; a lower
 *     bound from a computed distance is tkmi_bnd_down.
 *   - a test made with the upper bound of the best centroid found so far
 *     proves the pruned centroid loses to that one, hence to the final
 *     best (which only gets closer in Lloyd's order); the computed ones
 *     are compared with tkmi_closer.  So the label is Lloyd's whatever
 *     order the groups and their members are visited in, and the local
 *     filter may hold u over several members.  tkmi_bnd_shrink(l, t) is
 *     non-increasing in t (both roundings are monotone, and t = 0 gives
 *     l itself), so with the members in the order of their drifts, once
 *     the local filter fails it fails for the rest at the same u.
 *   - the new lb[g] is the smallest bound over the members of g other
 *     than the final label: a computed member's tkmi_bnd_down, a member
 *     the local filter skipped its shrunk bound, a whole group the group
 *     filter skipped lb'[g], and the old label a (once it lost) the lower
 *     bound of its tightened distance.  Keeping the smallest and the
 *     second smallest with the member of the smallest gives that minimum
 *     whichever member the label ends on (yy_min below).
 */
#ifndef TKM_YINYANG_ARITH_H
#define TKM_YINYANG_ARITH_H

#include <stddef.h>
#include <stdint.h>

#include "arith.h"
#include "real.h"

/* A pruning test: nothing lower-bounded by lb can beat the centroid of
 * upper bound u (the global, group and local filters all take it). */
static inline TKM_HD int TKM_FN(tkmi_yinyang_pruned)(tkm_real u, tkm_real lb)
{
    return u < lb;
}

/* The smallest and second smallest lower bound of a group's members and
 * the member of the smallest (-1: a set of members bounded together, never
 * the label). */
typedef struct TKM_FN(tkmi_yy_min) {
    tkm_real m1, m2;
    int i1;
} TKM_FN(tkmi_yy_min);

/* An empty set (both +inf). */
static inline TKM_HD void TKM_FN(tkmi_yy_min_init)(TKM_FN(tkmi_yy_min) *m)
{
    m->m1 = m->m2 = (tkm_real)INFINITY;
    m->i1 = -1;
}

/* Member c (or a set: c = -1) with lower bound v. */
static inline TKM_HD void TKM_FN(tkmi_yy_min_add)(TKM_FN(tkmi_yy_min) *m,
                                                  tkm_real v, int c)
{
    if (v < m->m1) {
        m->m2 = m->m1;
        m->m1 = v;
        m->i1 = c;
    } else if (v < m->m2) {
        m->m2 = v;
    }
}

/* The group's lower bound once the point's label is a: the smallest over
 * the members other than a. */
static inline TKM_HD tkm_real TKM_FN(tkmi_yy_min_get)(
    const TKM_FN(tkmi_yy_min) *m, int a)
{
    return m->i1 == a ? m->m2 : m->m1;
}

#endif /* TKM_YINYANG_ARITH_H */
