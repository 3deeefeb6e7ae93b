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

#endif // TKM_KERNELS_YINYANG_CUH
