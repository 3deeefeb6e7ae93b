/*
 * Large host arrays to the device through pinned memory
 * (tkmi_cuda_upload, cuda_check.h).  A copy from pageable memory goes
 * through the driver's own staging, one host thread copying into it:
 * about 6 to 7 GB/s on the H200 machines (0.096 s for 100,000 x 784
 * doubles; docs/results/gpu-seed.md).  Here the host's threads copy a
 * chunk into one of two pinned buffers while the device reads the other,
 * so that the bus and the host's memory both work at once.  The bytes
 * that arrive are the same; only the way they travel differs.
 *
 * Also the start's device copy of the rows, kept for the fit that follows
 * so that the rows travel once (tkmi_cuda_rows_keep, internal.h).
 */
#include <stddef.h>
#include <string.h>

#include "internal.h"

#if TKM_HAVE_CUDA
#include <cuda_runtime_api.h>

#include "cuda_check.h"

/* Below this many bytes, one copy from pageable memory: a few
 * milliseconds at most, less than pinning the buffers costs. */
#define UP_DIRECT ((size_t)32 << 20)
/* Each pinned buffer's bytes (two of them), and the slice a host thread
 * copies at a time. */
#define UP_CHUNK ((size_t)8 << 20)
#define UP_SLICE ((size_t)512 << 10)

/* len bytes from src to dst, slices of UP_SLICE over threads threads. */
static void copy_slices(char *dst, const char *src, size_t len, int threads)
{
    const long long ns = (long long)((len + UP_SLICE - 1) / UP_SLICE);
    (void)threads;
#pragma omp parallel for num_threads(threads) if (threads > 1 && ns > 1) \
    schedule(static)
    for (long long s = 0; s < ns; s++) {
        const size_t off = (size_t)s * UP_SLICE;
        memcpy(dst + off, src + off,
               len - off < UP_SLICE ? len - off : UP_SLICE);
    }
}

tkm_status tkmi_cuda_upload(void *dst, const void *src, size_t bytes,
                            struct CUstream_st *st, char *msg,
                            size_t msglen)
{
    tkm_status rc = TKM_OK;
    char *pin = NULL;
    cudaEvent_t ev[2] = {NULL, NULL};
    if (bytes < UP_DIRECT) {
        TKMI_CUDA(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice,
                                  st));
        goto cleanup;
    }
    TKMI_CUDA(cudaMallocHost((void **)&pin, 2 * UP_CHUNK));
    for (int b = 0; b < 2; b++)
        TKMI_CUDA(cudaEventCreateWithFlags(&ev[b], cudaEventDisableTiming));
    const int threads = tkmi_threads(0);
    for (size_t off = 0, c = 0; off < bytes; off += UP_CHUNK, c++) {
        const size_t len = bytes - off < UP_CHUNK ? bytes - off : UP_CHUNK;
        const int b = (int)(c & 1);
        if (c >= 2) /* the device done reading this buffer's last chunk */
            TKMI_CUDA(cudaEventSynchronize(ev[b]));
        copy_slices(pin + (size_t)b * UP_CHUNK, (const char *)src + off, len,
                    threads);
        TKMI_CUDA(cudaMemcpyAsync((char *)dst + off,
                                  pin + (size_t)b * UP_CHUNK, len,
                                  cudaMemcpyHostToDevice, st));
        TKMI_CUDA(cudaEventRecord(ev[b], st));
    }
    TKMI_CUDA(cudaStreamSynchronize(st)); /* (the buffers go next) */
cleanup:
    if (pin) {
        if (rc != TKM_OK) /* copies of a failed call may still read them */
            cudaStreamSynchronize(st);
        cudaFreeHost(pin);
    }
    for (int b = 0; b < 2; b++)
        if (ev[b])
            cudaEventDestroy(ev[b]);
    return rc;
}

/* The start's rows kept for the fit (one copy at most). */
static struct {
    int on;
    const void *host;
    size_t bytes;
    void *dev;
} kept;

void tkmi_cuda_rows_keep(int on)
{
    kept.on = on;
    if (!on)
        tkmi_cuda_rows_drop();
}

void tkmi_cuda_rows_drop(void)
{
    if (kept.dev)
        cudaFree(kept.dev);
    kept.dev = NULL;
    kept.host = NULL;
    kept.bytes = 0;
}

int tkmi_cuda_rows_hold(const void *host, size_t bytes, void *dev)
{
    tkmi_cuda_rows_drop();
    if (!kept.on)
        return 0;
    kept.host = host;
    kept.bytes = bytes;
    kept.dev = dev;
    return 1;
}

void *tkmi_cuda_rows_take(const void *host, size_t bytes)
{
    void *dev = NULL;
    if (kept.dev && kept.host == host && kept.bytes == bytes) {
        dev = kept.dev;
        kept.dev = NULL;
    }
    tkmi_cuda_rows_drop();
    return dev;
}
#else
void tkmi_cuda_rows_keep(int on)
{
    (void)on;
}

void tkmi_cuda_rows_drop(void)
{
}
#endif
