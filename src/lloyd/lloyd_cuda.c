/* Lloyd's CUDA part: no bounds; every assign step is a full one
 * (kernels/lloyd_global.cu for cuda-global, kernels/lloyd_shared.cu for
 * cuda-shared). */
#include "real.h"

#include "solver.h"

#if TKM_HAVE_CUDA
#include "cuda_engine.h"
#include "lloyd_kernels.h"

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
};
#endif
