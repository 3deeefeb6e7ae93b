// Yinyang's per-point pieces shared by its two CUDA forms
// (kernels/yinyang_global.cu, kernels/yinyang_shared.cu): the global
// filter's bound, the bounds of a point the filter passed, and the merge
// of two groups' smallest bounds.  The arithmetic is the CPU's
// (src/yinyang/yinyang_arith.h says why each step is exact).  Include
// after real.h, cuda_engine.h and yinyang_kernels.h.
#ifndef TKM_KERNELS_YINYANG_CUH
#define TKM_KERNELS_YINYANG_CUH

#include "yinyang_arith.h"

// The global filter's bound of point i (lbi = lb + i): the smallest
// group bound shrunk by its group's drift.
static __device__ __forceinline__ tkm_real
tkm_yy_global(const tkm_real *lbi, size_t n, const tkm_real *__restrict__ tg,
              size_t t)
{
    tkm_real glb = (tkm_real)INFINITY;
    for (size_t g = 0; g < t; g++) {
        const tkm_real v = TKM_FN(tkmi_bnd_shrink)(lbi[g * n], tg[g]);
        glb = v < glb ? v : glb;
    }
    return glb;
}

// A point the global filter passed keeps its label: every group bound
// shrinks by its group's drift.
static __device__ __forceinline__ void
tkm_yy_shrink_all(tkm_real *lbi, size_t n, const tkm_real *__restrict__ tg,
                  size_t t)
{
    for (size_t g = 0; g < t; g++)
        lbi[g * n] = TKM_FN(tkmi_bnd_shrink)(lbi[g * n], tg[g]);
}

// (m1, m2, i1) of a set of members joined with (o1, o2, oi) of another:
// the smallest and second smallest bound of the union and the member of
// the smallest (yinyang_arith.h's tkmi_yy_min; on a tie either member,
// and then m2 == m1, so tkmi_yy_min_get gives the same value).
static __device__ __forceinline__ void tkm_yy_merge(tkm_real &m1, tkm_real &m2,
                                                    int &i1, tkm_real o1,
                                                    tkm_real o2, int oi)
{
    if (o1 < m1) {
        m2 = m1 < o2 ? m1 : o2;
        m1 = o1;
        i1 = oi;
    } else {
        m2 = m2 < o1 ? m2 : o1;
    }
}

// A point's walk over the groups, member by member: cuda-global's first
// pass and assign step, which cuda-shared takes below TKM_YY_WARP_MIN_D
// dimensions (and for its first pass where tkmi_yy_slice gives 0).
//
// A point's new group bounds are written as its walk leaves each group:
// the smallest bound of the group's members, which is the right one
// unless the group holds the point's final label and that member has the
// smallest bound.  Only the group of the best centroid so far can be that
// group, so the walk keeps that group's second smallest bound and writes
// it over the first at the end when the label is the member of the
// smallest: tkmi_yy_min_get's value without a bound per group in
// registers.

// The best centroid so far of a point's walk: index, computed squared
// distance, upper bound.
struct yy_best {
    int b;
    tkm_real b2, u;
};

// Point i's walk over the groups (its bounds at lbi = y.lb + i, stride
// n).  FIRST: nothing is pruned and there is no label yet (a0 = -1).
// Else a0 is the label, da0 the lower bound of its tight distance, w.u
// tight: the group filter with lb shrunk by the group's drift, the local
// filter with lb shrunk by the member's.  v: the counters.
template <bool FIRST>
static __device__ void yy_walk(const tkm_real *__restrict__ x, size_t n,
                               size_t d, const tkm_real *__restrict__ c,
                               size_t k, const TKM_FN(tkmi_yy_dev) &y,
                               const tkm_real *__restrict__ tc, size_t i,
                               int a0, tkm_real da0, tkm_real upf,
                               tkm_real dnf, tkm_real ab, yy_best &w,
                               unsigned long long *v)
{
    tkm_real *lbi = y.lb + i;
    const int ga0 = a0 >= 0 ? y.grp[a0] : -1;
    int fg = -1, fi1 = -1; // the best's group: its member of the smallest
    tkm_real fm2 = 0;      // ... and its second smallest bound
    for (size_t g = 0; g < y.t; g++) {
        const int q0 = y.gstart[g], q1 = y.gstart[g + 1];
        TKM_FN(tkmi_yy_min) m;
        TKM_FN(tkmi_yy_min_init)(&m);
        if ((int)g == ga0)
            TKM_FN(tkmi_yy_min_add)(&m, da0, a0);
        tkm_real lold = 0;
        bool walk = true;
        if (!FIRST) {
            lold = lbi[g * n];
            const tkm_real lg = TKM_FN(tkmi_bnd_shrink)(lold, y.tg[g]);
            if (TKM_FN(tkmi_yinyang_pruned)(w.u, lg)) {
                TKM_FN(tkmi_yy_min_add)(&m, lg, -1);
                v[TKMI_CTR_PAIRS] += (unsigned long long)(q1 - q0) -
                                     ((int)g == ga0 ? 1ull : 0ull);
                walk = false;
            }
        }
        for (int q = q0; walk && q < q1; q++) {
            const int cc = y.gmem[q];
            if (cc == a0)
                continue;
            if (!FIRST) {
                const tkm_real lc = TKM_FN(tkmi_bnd_shrink)(lold, tc[cc]);
                if (TKM_FN(tkmi_yinyang_pruned)(w.u, lc)) {
                    TKM_FN(tkmi_yy_min_add)(&m, lc, cc);
                    v[TKMI_CTR_PAIRS]++;
                    continue;
                }
            }
            const tkm_real d2 =
                TKM_FN(tkmi_dist2)(x + i, n, c + (size_t)cc * d, d);
            const tkm_real dc = TKM_SQRT(d2);
            v[TKMI_CTR_DIST_PC]++;
            TKM_FN(tkmi_yy_min_add)(&m, TKM_FN(tkmi_bnd_down)(dc, dnf, ab),
                                    cc);
            if (TKM_FN(tkmi_closer)(d2, (size_t)cc, w.b2, (size_t)w.b)) {
                w.b = cc;
                w.b2 = d2;
                w.u = TKM_FN(tkmi_bnd_up)(dc, upf, ab);
            }
        }
        lbi[g * n] = m.m1;
        if (w.b < (int)k && y.grp[w.b] == (int)g) {
            fg = (int)g;
            fm2 = m.m2;
            fi1 = m.i1;
        }
    }
    if (fg >= 0 && fi1 == w.b)
        lbi[(size_t)fg * n] = fm2;
}

// The walk of point i once the global filter failed with u tight (a2 its
// squared distance to its label a0), then its new bound and label.
static __device__ __forceinline__ void
yy_walk_rest(const tkm_real *__restrict__ x, size_t n, size_t d,
             const tkm_real *__restrict__ c, size_t k,
             const TKM_FN(tkmi_yy_dev) &y, const tkm_real *__restrict__ tc,
             size_t i, int a0, tkm_real a2, tkm_real upf, tkm_real dnf,
             tkm_real ab, int32_t *labels, unsigned long long *v)
{
    const tkm_real dc = TKM_SQRT(a2);
    yy_best w = {a0, a2, TKM_FN(tkmi_bnd_up)(dc, upf, ab)};
    yy_walk<false>(x, n, d, c, k, y, tc, i, a0,
                   TKM_FN(tkmi_bnd_down)(dc, dnf, ab), upf, dnf, ab, w, v);
    y.u[i] = w.u;
    if (w.b != a0) {
        labels[i] = w.b;
        v[TKMI_CTR_CHANGED]++;
    }
}

#endif // TKM_KERNELS_YINYANG_CUH
