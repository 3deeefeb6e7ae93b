/* What this build and this machine offer: forms compiled in, CUDA devices;
 * the device opened on a thread of its own. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "algs.h"
#include "internal.h"

#if TKM_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

/* TKM_OK when a CUDA device can be used, else the reason in why. */
static tkm_status cuda_usable(char *why, size_t whylen)
{
#if TKM_HAVE_CUDA
    int n = 0;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e == cudaErrorInsufficientDriver) {
        cudaGetLastError();
        return tkmi_fail(TKM_ENODEV, why, whylen,
                         "no usable CUDA device: no NVIDIA driver, or one "
                         "older than this build's CUDA runtime %d.%d",
                         CUDART_VERSION / 1000, CUDART_VERSION % 1000 / 10);
    }
    if (e != cudaSuccess) {
        cudaGetLastError();
        return tkmi_fail(TKM_ENODEV, why, whylen, "no usable CUDA device (%s)",
                         cudaGetErrorString(e));
    }
    if (n == 0)
        return tkmi_fail(TKM_ENODEV, why, whylen, "no CUDA device found");
    return TKM_OK;
#else
    return tkmi_fail(TKM_ENOTSUP, why, whylen,
                     "built without CUDA (nvcc was not found at build time)");
#endif
}

/* The CUDA forms run on the current device when their kernels can: sm_90
 * code, or the compute_75 PTX that the driver compiles for 7.5 and up.
 * cuda-shared plans its shared memory from the device's own limits, so
 * the same test holds for both. */
static tkm_status cuda_forms_usable(char *why, size_t whylen)
{
    tkm_status rc = cuda_usable(why, whylen);
#if TKM_HAVE_CUDA
    int dev = 0, major = 0, minor = 0;
    if (rc != TKM_OK)
        return rc;
    if (cudaGetDevice(&dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor,
                               dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor,
                               dev) != cudaSuccess) {
        cudaGetLastError();
        return tkmi_fail(TKM_ENODEV, why, whylen,
                         "CUDA device %d cannot be queried", dev);
    }
    if (major * 10 + minor < 75)
        return tkmi_fail(TKM_ENODEV, why, whylen,
                         "CUDA device %d is sm_%d%d; the kernels need "
                         "compute capability 7.5 or newer",
                         dev, major, minor);
#endif
    return rc;
}

tkm_status tkm_form_available(tkm_form f, char *why, size_t whylen)
{
    switch (f) {
    case TKM_SEQ:
        return TKM_OK;
    case TKM_OMP:
#ifdef _OPENMP
        return TKM_OK;
#else
        return tkmi_fail(TKM_ENOTSUP, why, whylen, "built without OpenMP");
#endif
    case TKM_CUDA_GLOBAL:
    case TKM_CUDA_SHARED:
        return cuda_forms_usable(why, whylen);
    default:
        return tkmi_fail(TKM_EINVAL, why, whylen, "unknown form");
    }
}

/* The device opened on its own thread (tkmi_cuda_open_begin/_end): the
 * form's check (the driver's start) and the primary context, which every
 * later CUDA call of the process shares. */
static struct {
    pthread_t th;
    int running;
    tkm_form form;
    tkm_status st;
    char why[256];
} opener;

/* Check the form and create the context: opener.st, opener.why. */
static void open_device(void)
{
    opener.why[0] = '\0';
    opener.st = tkm_form_available(opener.form, opener.why, sizeof opener.why);
#if TKM_HAVE_CUDA
    if (opener.st != TKM_OK)
        return;
    const cudaError_t e = cudaFree(NULL); /* creates the primary context */
    if (e != cudaSuccess) {
        cudaGetLastError();
        opener.st = tkmi_fail(TKM_ENODEV, opener.why, sizeof opener.why,
                              "the CUDA context could not be created (%s)",
                              cudaGetErrorString(e));
    }
#endif
}

static void *open_thread(void *arg)
{
    (void)arg;
    open_device();
    return NULL;
}

void tkmi_cuda_open_begin(tkm_form f)
{
    opener.form = f;
    opener.running = tkmi_form_cuda(f) &&
                     pthread_create(&opener.th, NULL, open_thread, NULL) == 0;
}

tkm_status tkmi_cuda_open_end(tkm_form f, char *why, size_t whylen,
                              double *waited)
{
    const double t0 = tkmi_now();
    if (opener.running) {
        pthread_join(opener.th, NULL);
        opener.running = 0;
    } else {
        opener.form = f;
        open_device();
    }
    *waited = tkmi_now() - t0;
    if (opener.st != TKM_OK && why && whylen)
        snprintf(why, whylen, "%s", opener.why);
    return opener.st;
}

void tkm_cuda_describe(char *buf, size_t len)
{
#if TKM_HAVE_CUDA
    int n = 0;
    if (cuda_usable(buf, len) != TKM_OK)
        return;
    cudaGetDeviceCount(&n);
    size_t used = 0;
    for (int i = 0; i < n && used < len; i++) {
        struct cudaDeviceProp pr;
        if (cudaGetDeviceProperties(&pr, i) != cudaSuccess)
            continue;
        int w = snprintf(buf + used, len - used,
                         "%s%d: %s (sm_%d%d, %d SMs, %.1f GiB)",
                         i ? "; " : "", i, pr.name, pr.major, pr.minor,
                         pr.multiProcessorCount,
                         (double)pr.totalGlobalMem / (1 << 30));
        if (w < 0)
            break;
        used += (size_t)w;
    }
#else
    cuda_usable(buf, len);
#endif
}

int tkm_cuda_fma(void)
{
    return TKM_CUDA_FMA;
}
