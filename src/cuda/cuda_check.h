/*
 * CUDA error reporting, shared by the CUDA engine's C host code and the
 * launchers in kernels/ (precision independent).  Only compiled into
 * builds with CUDA; include <cuda_runtime_api.h> before using the macro.
 */
#ifndef TKM_CUDA_CHECK_H
#define TKM_CUDA_CHECK_H

#include <stddef.h>

#include "internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Write "WHAT failed: NAME (description) at FILE:LINE" into msg and return
 * TKM_ECUDA (the engine puts the form's name in front).  err is a cudaError_t; what names the call
 * (its source text, or the kernel launched). */
tkm_status tkmi_cuda_fail(int err, const char *what, const char *file,
                          int line, char *msg, size_t msglen);

struct CUstream_st; /* (cudaStream_t's) */
/* bytes from host memory src to device memory dst on stream st (upload.c):
 * from 32 MiB on through two pinned buffers that the host's threads fill
 * while the device reads the other, the stream waited for; below that in
 * one copy from pageable memory.  src may be reused on return. */
tkm_status tkmi_cuda_upload(void *dst, const void *src, size_t bytes,
                            struct CUstream_st *st, char *msg,
                            size_t msglen);

/* The rows kept from the start (tkmi_cuda_rows_keep, internal.h).  hold:
 * dev (device memory, bytes long, holding the bytes of host) kept for a
 * fit, any copy held before freed; 1 when kept, 0 when keeping is off
 * (the caller frees dev).  take: the kept copy when it holds host's bytes
 * (the same address and size), the caller's to free; else NULL, a copy of
 * other rows freed. */
int tkmi_cuda_rows_hold(const void *host, size_t bytes, void *dev);
void *tkmi_cuda_rows_take(const void *host, size_t bytes);

#ifdef __cplusplus
}
#endif

/* Run a CUDA runtime call; on failure record its text, file and line in
 * msg, set rc and jump to cleanup (the caller has tkm_status rc, msg,
 * msglen and a cleanup label). */
#define TKMI_CUDA(call)                                                      \
    do {                                                                     \
        cudaError_t tkmi_e_ = (call);                                        \
        if (tkmi_e_ != cudaSuccess) {                                        \
            rc = tkmi_cuda_fail((int)tkmi_e_, #call, __FILE__, __LINE__,     \
                                msg, msglen);                                \
            goto cleanup;                                                    \
        }                                                                    \
    } while (0)

#endif /* TKM_CUDA_CHECK_H */
