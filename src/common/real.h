/*
 * Precision selector.  Every precision-dependent source is compiled twice,
 * with -DTKM_PREC=32 and -DTKM_PREC=64; this header sets every name, format
 * and constant that depends on it.  TKM_FN(name) mangles to name_f32 or
 * name_f64 so that both builds link into one library.
 */
#ifndef TKM_REAL_H
#define TKM_REAL_H

#include <float.h>
#include <math.h>

#ifndef TKM_PREC
#error "TKM_PREC must be defined to 32 or 64"
#endif

#if TKM_PREC == 32
typedef float tkm_real;
#define TKM_SFX f32
#define TKM_EPS FLT_EPSILON
#define TKM_REAL_MAX FLT_MAX
#define TKM_TRUE_MIN FLT_TRUE_MIN
#define TKM_SQRT sqrtf
#define TKM_FABS fabsf
#define TKM_PREC_ENUM TKM_F32
#define TKM_PREC_NAME "f32"
#elif TKM_PREC == 64
typedef double tkm_real;
#define TKM_SFX f64
#define TKM_EPS DBL_EPSILON
#define TKM_REAL_MAX DBL_MAX
#define TKM_TRUE_MIN DBL_TRUE_MIN
#define TKM_SQRT sqrt
#define TKM_FABS fabs
#define TKM_PREC_ENUM TKM_F64
#define TKM_PREC_NAME "f64"
#else
#error "TKM_PREC must be 32 or 64"
#endif

#define TKM_PASTE_(a, b) a##_##b
#define TKM_PASTE(a, b) TKM_PASTE_(a, b)
#define TKM_FN(name) TKM_PASTE(name, TKM_SFX)

/* Host-and-device marker for the per-point arithmetic shared with CUDA. */
#ifdef __CUDACC__
#define TKM_HD __host__ __device__
#else
#define TKM_HD
#endif

#endif /* TKM_REAL_H */
