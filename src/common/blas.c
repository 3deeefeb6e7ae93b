/*
 * OpenBLAS's thread count around the screening's products (screen.c).
 * The screening multiplies on each thread of the team with the BLAS on one
 * thread (its own threads would spin against the team's), and OpenBLAS's
 * count is one for the whole process: several fits in one process (the
 * Python package releases the GIL) each setting it to 1 and restoring
 * what they found would leave the caller's BLAS on one thread whenever
 * their sections overlap.  One count of the sections open in the process:
 * the first saves the caller's count and sets 1, the last gives it back.
 * Precision independent (one counter for the f32 and f64 solvers).
 */
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

#if TKM_HAVE_BLAS
#include <cblas.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int open_sections; /* screening sections open in the process */
static int callers;       /* OpenBLAS's count before the first opened */

void tkmi_blas_single_begin(void)
{
    pthread_mutex_lock(&lock);
    /* (a count already 1 is left alone: OpenBLAS's pthreads build starts
     * its stopped pool again at any openblas_set_num_threads) */
    if (open_sections++ == 0) {
        callers = openblas_get_num_threads();
        if (callers != 1)
            openblas_set_num_threads(1);
    }
    pthread_mutex_unlock(&lock);
}

void tkmi_blas_single_end(void)
{
    pthread_mutex_lock(&lock);
    if (--open_sections == 0 && callers != 1)
        openblas_set_num_threads(callers);
    pthread_mutex_unlock(&lock);
}

void tkmi_blas_pool_stop(void)
{
    /* the pool's shutdown in OpenBLAS's pthreads build (its fork
     * handler's), looked up: not part of its API */
    int (*shutdown)(void);
    void *sym = dlsym(RTLD_DEFAULT, "blas_thread_shutdown_");
    memcpy(&shutdown, &sym, sizeof shutdown);
    /* one thread first (this call starts a stopped pool), the pthreads
     * build only (the OpenMP build's would set OpenMP's default team) */
    if (openblas_get_parallel() != 1 || !shutdown)
        return;
    openblas_set_num_threads(1);
    shutdown();
}

/* The vector class of an OpenBLAS core name: 2 AVX-512, 1 AVX2, 0 older
 * (the names of its dynamic build's table). */
static int core_class(const char *name)
{
    static const char *const wide[] = {"SkylakeX", "Cooperlake",
                                       "SapphireRapids"};
    static const char *const avx2[] = {"Haswell", "Zen", "Excavator"};
    for (size_t i = 0; name && i < sizeof wide / sizeof wide[0]; i++)
        if (!strcasecmp(name, wide[i]))
            return 2;
    for (size_t i = 0; name && i < sizeof avx2 / sizeof avx2[0]; i++)
        if (!strcasecmp(name, avx2[i]))
            return 1;
    return 0;
}

/* The processor's class: the instructions of OpenBLAS's SkylakeX kernels
 * (AVX-512 F, BW, DQ, VL) or of its Haswell kernels (AVX2, FMA). */
static int cpu_class(void)
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") &&
        __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("avx512vl"))
        return 2;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return 1;
#endif
    return 0;
}

const char *tkmi_blas_core(void)
{
    const char *name = openblas_get_corename();
    return name ? name : "";
}

int tkmi_blas_narrow(void)
{
    return core_class(tkmi_blas_core()) < cpu_class();
}

const char *tkmi_blas_fit_core(void)
{
    static const char *const names[] = {NULL, "HASWELL", "SKYLAKEX"};
    return names[cpu_class()];
}

#else

const char *tkmi_blas_core(void) { return ""; }
int tkmi_blas_narrow(void) { return 0; }
const char *tkmi_blas_fit_core(void) { return NULL; }

void tkmi_blas_single_begin(void) {}
void tkmi_blas_single_end(void) {}
void tkmi_blas_pool_stop(void) {}

#endif
