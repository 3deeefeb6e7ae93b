/* Lloyd's CUDA part: no bounds; every assign step is a full one
 * (kernels/lloyd_global.cu for cuda-global, kernels/lloyd_shared.cu for
 * cuda-shared, kernels/sparse.cu for sparse points in either). */
#include "real.h"

#include "solver.h"

#if TKM_HAVE_CUDA
#include "cuda_engine.h"
#include "lloyd_kernels.h"

/* Sparse points, both forms: the screened scan (kernels/sparse.cu). */
static tkm_status lloyd_assign_sp(TKM_FN(tkmi_gpu) *g, char *msg,
                                  size_t msglen)
{
    return TKM_FN(tkmi_cu_sp_scan)(g, TKMI_SP_LLOYD, NULL, NULL, NULL, NULL,
                                   msg, msglen);
}

static const TKM_FN(tkmi_gpu_alg) lloyd_sp = {
    .first = lloyd_assign_sp,
    .assign = lloyd_assign_sp,
};

static tkm_status lloyd_assign(TKM_FN(tkmi_gpu) *g, char *msg, size_t msglen)
{
    return TKM_FN(tkmi_cu_lloyd_assign)(g, msg, msglen);
}

const TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_lloyd_gpu) = {
    .bytes = NULL,
    .setup = NULL,
    .first = lloyd_assign,
    .bound = NULL,
    .assign = lloyd_assign,
    .release = NULL,
    .sparse = &lloyd_sp,
};

static tkm_status lloyd_assign_sh(TKM_FN(tkmi_gpu) *g, char *msg,
                                  size_t msglen)
{
    return TKM_FN(tkmi_cu_sh_lloyd)(g, msg, msglen);
}

const TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_lloyd_gpu_sh) = {
    .bytes = NULL,
    .setup = NULL,
    .first = lloyd_assign_sh,
    .bound = NULL,
    .assign = lloyd_assign_sh,
    .release = NULL,
    .sparse = &lloyd_sp,
};
#endif
