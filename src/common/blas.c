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

#else

void tkmi_blas_single_begin(void) {}
void tkmi_blas_single_end(void) {}
void tkmi_blas_pool_stop(void) {}

#endif
