/* CUDA error messages for the engine and the kernels' launchers. */
#include <string.h>

#include "internal.h"

#if TKM_HAVE_CUDA
#include <cuda_runtime_api.h>

#include "cuda_check.h"

/* The file name from the repository root on, as the sources name it. */
static const char *short_path(const char *file)
{
    const char *p = strstr(file, "src/");
    const char *q = strstr(file, "kernels/");
    if (q && (!p || q < p))
        p = q;
    return p ? p : file;
}

tkm_status tkmi_cuda_fail(int err, const char *what, const char *file,
                          int line, char *msg, size_t msglen)
{
    cudaError_t e = (cudaError_t)err;
    return tkmi_fail(TKM_ECUDA, msg, msglen,
                     "%s failed: %s (%s) at %s:%d", what,
                     cudaGetErrorName(e), cudaGetErrorString(e),
                     short_path(file), line);
}
#endif
