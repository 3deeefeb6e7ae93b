// Yinyang's per-point pieces shared by its two CUDA forms
// (kernels/yinyang_global.cu, kernels/yinyang_shared.cu): the global
// filter's bound, the bounds of a point the filter passed, and the merge
// of two groups' smallest bounds.  The arithmetic is the CPU's
// (src/yinyang/yinyang_arith.h says why each step is exact).  Include
// after real.h, cuda_engine.h, yinyang_kernels.h and common.cuh.
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
// dimensions (and for its first pass where tkmi_yy_slice gives 0), and
// both forms on sparse points.
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
// distance, upper bound; for sparse points also the screen's box [la, ua]
// of the best's squared distance, exact when b2 was computed (la = ua =
// b2).  Dense points use b2 alone (exact; la and ua unused).
struct yy_best {
    int b;
    tkm_real b2, u;
    double la, ua;
    bool exact;
};

// No centroid yet (b = k).
static __device__ __forceinline__ yy_best tkm_yy_none(size_t k)
{
    const tkm_real inf = (tkm_real)INFINITY;
    return yy_best{(int)k, inf, inf, (double)INFINITY, (double)INFINITY,
                   true};
}

// The walk's distances on dense points: direct, on point i's column of
// x (stride n).  tight: the distance to the label a0 starts w (u tight),
// returning its lower bound; visit: member cc's distance, returning its
// lower bound, w taking cc when nearer (tkmi_closer's order).
struct yy_dense {
    const tkm_real *__restrict__ x;
    size_t n, d;
    const tkm_real *__restrict__ c;
    tkm_real upf, dnf, ab;

    // (a0 visited from no centroid: tkmi_closer takes it, even at an
    // infinite distance, against a larger index)
    __device__ tkm_real tight(size_t i, int a0, yy_best &w,
                              unsigned long long *v) const
    {
        w = tkm_yy_none((size_t)a0 + 1);
        return visit(i, a0, w, v);
    }

    __device__ tkm_real visit(size_t i, int cc, yy_best &w,
                              unsigned long long *v) const
    {
        const tkm_real d2 =
            TKM_FN(tkmi_dist2)(x + i, n, c + (size_t)cc * d, d);
        const tkm_real dc = TKM_SQRT(d2);
        v[TKMI_CTR_DIST_PC]++;
        if (TKM_FN(tkmi_closer)(d2, (size_t)cc, w.b2, (size_t)w.b)) {
            w.b = cc;
            w.b2 = d2;
            w.u = TKM_FN(tkmi_bnd_up)(dc, upf, ab);
        }
        return TKM_FN(tkmi_bnd_down)(dc, dnf, ab);
    }
};

// Point i's walk over the groups (its bounds at lbi = y.lb + i, stride
// n), its distances through p (yy_dense, or kernels/sparse.cu's rows).
// FIRST: nothing is pruned and there is no label yet (a0 = -1, w none).
// Else a0 is the label, da0 the lower bound of its tight distance, w
// from p.tight: the group filter with lb shrunk by the group's drift,
// the local filter with lb shrunk by the member's.  v: the counters.
template <bool FIRST, class P>
static __device__ void yy_walk(const P &p, size_t n, size_t k,
                               const TKM_FN(tkmi_yy_dev) &y,
                               const tkm_real *__restrict__ tc, size_t i,
                               int a0, tkm_real da0, yy_best &w,
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
            TKM_FN(tkmi_yy_min_add)(&m, p.visit(i, cc, w, v), cc);
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

// The first assignment, a thread a point: every member visited.
template <class P>
static __global__ __launch_bounds__(1024) void tkm_yy_first_kernel(
    const P p, size_t n, size_t k, const TKM_FN(tkmi_yy_dev) y,
    int32_t *labels, unsigned long long *ctr)
{
    unsigned long long v[TKMI_NCTR] = {0ull};
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
        yy_best w = tkm_yy_none(k);
        yy_walk<true>(p, n, k, y, NULL, i, -1, 0, w, v);
        y.u[i] = w.u;
        if (w.b != labels[i]) {
            labels[i] = w.b;
            v[TKMI_CTR_CHANGED]++;
        }
    }
    tkm_block_count<TKMI_NCTR>(v, ctr);
}

// Later assignment, a thread a point: u grows by its centroid's drift
// (the CPU's bound phase), the global filter, again with u tight, else
// the walk.
template <class P>
static __global__ __launch_bounds__(1024) void tkm_yy_assign_kernel(
    const P p, size_t n, size_t k, const tkm_real *__restrict__ tc,
    const TKM_FN(tkmi_yy_dev) y, int32_t *labels, unsigned long long *ctr)
{
    unsigned long long v[TKMI_NCTR] = {0ull};
    for (size_t i = TKM_GRID_START; i < n; i += TKM_GRID_STEP) {
        const int a0 = labels[i];
        tkm_real *lbi = y.lb + i;
        tkm_real u = TKM_FN(tkmi_bnd_grow)(y.u[i], tc[a0]);
        const tkm_real glb = tkm_yy_global(lbi, n, y.tg, y.t);
        bool pass = TKM_FN(tkmi_yinyang_pruned)(u, glb);
        yy_best w;
        tkm_real da0 = 0;
        if (pass) {
            v[TKMI_CTR_PTS]++;
        } else {
            da0 = p.tight(i, a0, w, v);
            u = w.u;
            pass = TKM_FN(tkmi_yinyang_pruned)(u, glb);
        }
        if (pass) {
            y.u[i] = u;
            tkm_yy_shrink_all(lbi, n, y.tg, y.t);
            continue;
        }
        yy_walk<false>(p, n, k, y, tc, i, a0, da0, w, v);
        y.u[i] = w.u;
        if (w.b != a0) {
            labels[i] = w.b;
            v[TKMI_CTR_CHANGED]++;
        }
    }
    tkm_block_count<TKMI_NCTR>(v, ctr);
}

#endif // TKM_KERNELS_YINYANG_CUH
