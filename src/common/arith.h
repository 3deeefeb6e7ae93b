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

#endif /* TKM_ARITH_H */
