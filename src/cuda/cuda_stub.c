/* The CUDA engine's entry in a build without CUDA kernels. */
#include "real.h"

#include "solver.h"

#if !TKM_HAVE_CUDA
tkm_status TKM_FN(tkmi_cuda_engine)(const TKM_FN(tkmi_problem) *pb,
                                    const TKM_FN(tkmi_gpu_alg) *alg,
                                    TKM_FN(tkmi_engine) *e, char *msg,
                                    size_t msglen)
{
    (void)pb;
    (void)alg;
    (void)e;
    return tkmi_fail(TKM_ENOTSUP, msg, msglen,
                     "built without CUDA (nvcc was not found at build time)");
}
#endif
