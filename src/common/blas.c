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
#include <pthread.h>

#include "internal.h"

#if TKM_HAVE_BLAS
#include <cblas.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int open_sections; /* screening sections open in the process */
static int callers;       /* OpenBLAS's count before the first opened */

void tkmi_blas_single_begin(void)
{
    pthread_mutex_lock(&lock);
    if (open_sections++ == 0) {
        callers = openblas_get_num_threads();
        openblas_set_num_threads(1);
    }
    pthread_mutex_unlock(&lock);
}

void tkmi_blas_single_end(void)
{
    pthread_mutex_lock(&lock);
    if (--open_sections == 0)
        openblas_set_num_threads(callers);
    pthread_mutex_unlock(&lock);
}

#else

void tkmi_blas_single_begin(void) {}
void tkmi_blas_single_end(void) {}

#endif
