/*
 * Exact sums of many doubles on the CPU, the same fixed-point integers the
 * CUDA forms add (src/cuda/cuda_engine.h, kernels/sums.cu): each value is
 * scaled by 2^shift, rounded to the nearest 64-bit integer (ties to even)
 * and added into a 128-bit integer.  Integer addition is associative, so a
 * sum does not depend on the order of its terms: over threads, over MPI
 * ranks, from scratch or moved by the points that changed cluster, it is
 * the same integer, and the centroid it gives is the same double.
 *
 * Each column has its own grid: its shift is chosen from the column's
 * largest |value| m (m < 2^e) over all processes: shift = 62 - e, so that
 * every term is below 2^62 in magnitude and 2^64 terms cannot overflow
 * the 128 bits.  The rounding to the grid 2^-shift loses at most m * 2^-63
 * per term, far below a double's rounding of the column's sums (one grid
 * for all columns lost the small ones: a column near 1e-12 beside one near
 * 1e6 had centroids off by a relative 1.6e-3).  Within one column, a
 * cluster whose values are far below the column's largest keeps an
 * absolute error of m * 2^-63 per point.  Precision independent.
 */
#ifndef TKM_FIXSUM_H
#define TKM_FIXSUM_H

#include <math.h>
#include <stdint.h>

__extension__ typedef __int128 tkmi_i128;

/* The scale 2^shift as two factors (2^shift alone can exceed a double's
 * range for data below 2^-962): v * lo * hi is the scaled value, exact
 * wherever it is a normal double, as the device's two-step product. */
typedef struct {
    double s1, s2;
    int shift;
} tkmi_fx_scale;

/* The shift for data whose largest magnitude is maxabs (finite). */
static inline tkmi_fx_scale tkmi_fx_scale_of(double maxabs)
{
    int e = 0;
    tkmi_fx_scale s;
    (void)frexp(maxabs, &e); /* maxabs < 2^e (e = 0 for 0) */
    s.shift = 62 - e;
    int a = s.shift > 1023 ? 1023 : s.shift;
    s.s1 = ldexp(1.0, a);
    s.s2 = ldexp(1.0, s.shift - a);
    return s;
}

/* v on the grid: round(v * 2^shift), |result| <= 2^62. */
static inline int64_t tkmi_fx_of(double v, const tkmi_fx_scale *s)
{
    double r = v * s->s1;
    if (s->s2 != 1.0)
        r *= s->s2;
    return (int64_t)llrint(r);
}

/* The 128-bit sum as a double divided by 2^shift: the magnitude first
 * (so a small negative sum does not cancel between the words), high word
 * times 2^64 plus low word, each rounded once; the device's conversion. */
static inline double tkmi_fx_to_double(tkmi_i128 a, const tkmi_fx_scale *s)
{
    const int neg = a < 0;
    unsigned __int128 u = neg ? -(unsigned __int128)a : (unsigned __int128)a;
    const uint64_t hi = (uint64_t)(u >> 64), lo = (uint64_t)u;
    double v = (double)hi * 18446744073709551616.0 + (double)lo;
    v = ldexp(v, -s->shift);
    return neg ? -v : v;
}

#endif /* TKM_FIXSUM_H */
