/*
 * The CPU distance kernels' shared part: the packed centroids, the
 * reference order, and the choice of instruction set (kern.h).
 */
#include "real.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kern.h"
#include "internal.h"

tkm_status TKM_FN(tkmi_kc_init)(TKM_FN(tkmi_kc) *kc, size_t k, size_t d)
{
    memset(kc, 0, sizeof *kc);
    kc->k = k;
    kc->d = d;
    kc->nb = (k + TKMI_KW - 1) / TKMI_KW;
    /* a multiple of 64 bytes: W values of d rows per block */
    kc->pk = tkmi_alloc_aligned(64, kc->nb * TKMI_KW, d, sizeof(tkm_real));
    return kc->pk ? TKM_OK : TKM_ENOMEM;
}

void TKM_FN(tkmi_kc_pack)(TKM_FN(tkmi_kc) *kc, const tkm_real *c)
{
    size_t k = kc->k, d = kc->d, pw = d < TKMI_KW ? d : TKMI_KW;
    for (size_t b = 0; b < kc->nb; b++) {
        tkm_real *blk = kc->pk + b * d * TKMI_KW;
        size_t q = 0;
        for (size_t p = 0; p < pw; p++)
            for (size_t j = p; j < d; j += TKMI_KW, q++)
                for (size_t l = 0; l < TKMI_KW; l++) {
                    size_t cc = b * TKMI_KW + l;
                    blk[q * TKMI_KW + l] =
                        cc < k ? c[cc * d + j] : (tkm_real)NAN;
                }
    }
}

void TKM_FN(tkmi_kc_free)(TKM_FN(tkmi_kc) *kc)
{
    if (!kc)
        return;
    free(kc->pk);
    kc->pk = NULL;
}

tkm_real TKM_FN(tkmi_kdist2_ref)(const tkm_real *x, const tkm_real *c,
                                 size_t d)
{
    size_t pw = d < TKMI_KW ? d : TKMI_KW;
    tkm_real s = 0;
    for (size_t p = 0; p < pw; p++) {
        tkm_real t = x[p] - c[p], acc = t * t;
        for (size_t j = p + TKMI_KW; j < d; j += TKMI_KW) {
            t = x[j] - c[j];
            acc += t * t;
        }
        s = p == 0 ? acc : s + acc;
    }
    return s;
}

const TKM_FN(tkmi_kern) *TKM_FN(tkmi_kern_get)(void)
{
    switch (tkmi_isa()) {
#if defined(__x86_64__)
    case TKMI_ISA_AVX512: return &TKM_FN(tkmi_kern_avx512);
    case TKMI_ISA_AVX2: return &TKM_FN(tkmi_kern_avx2);
#endif
    default: return &TKM_FN(tkmi_kern_generic);
    }
}
