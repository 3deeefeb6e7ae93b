/*
 * Internal helpers shared by every module (precision independent).
 * Names: tkmi_ for non-static internals.
 */
#ifndef TKM_INTERNAL_H
#define TKM_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "trikmeans.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The calling thread's number in its team (0 outside one). */
static inline size_t tkmi_thread_id(void)
{
#ifdef _OPENMP
    return (size_t)omp_get_thread_num();
#else
    return 0;
#endif
}

/* In each thread of a team that folds values into column profiles
 * (fixsum.h: tkmi_fx_profile): prof_own gives the thread its own copy of
 * the np values of prof (NULL when out of memory); prof_fold folds that
 * copy into prof (each value the largest) and frees it, or, for a thread
 * that got none, sets *nomem. */
double *tkmi_prof_own(const double *prof, size_t np);
void tkmi_prof_fold(double *prof, double *m, size_t np, int *nomem);

/* Write a formatted message into msg (if not NULL) and return st. */
tkm_status tkmi_fail(tkm_status st, char *msg, size_t msglen, const char *fmt,
                     ...) __attribute__((format(printf, 4, 5)));

/* The one rule for the number of clusters of a run on n points:
 * 1 <= k <= n, and k fits a 32-bit label.  TKM_EINVAL with the reason. */
tkm_status tkmi_check_k(size_t k, size_t n, char *msg, size_t msglen);

/* Squared Euclidean distance of two rows of d doubles, left to right (the
 * start, the checker and the quality scores work on the data as read). */
static inline double tkmi_dist2_d(const double *a, const double *b, size_t d)
{
    double s = 0.0;
    for (size_t j = 0; j < d; j++) {
        double t = a[j] - b[j];
        s += t * t;
    }
    return s;
}

/* Monotonic wall clock in seconds. */
double tkmi_now(void);

/* src/cuda/device.c: open the device of form f (a CUDA form; nothing for
 * a CPU form) on a thread of its own while the caller goes on (reads the
 * data): tkm_form_available's check (the driver's start) and the primary
 * context, which every later CUDA call of the process shares, 0.1 to 0.3
 * s on a GPU machine.  tkmi_cuda_open_end waits for it (or, where no
 * thread started, does it) and returns the check's status, the reason in
 * why, *waited the seconds it waited.  One at a time, from one thread. */
void tkmi_cuda_open_begin(tkm_form f);
tkm_status tkmi_cuda_open_end(tkm_form f, char *why, size_t whylen,
                              double *waited);

/* src/cuda/upload.c: the start's device copy of the rows, left to the fit
 * that follows.  A caller that leaves the rows it gives
 * tkm_init_centroids untouched until its tkm_fit of them (the command
 * does) turns this on; the start chosen on the device then keeps its copy
 * of the rows, and a CUDA fit whose points are those very bytes in place
 * (the same address and size: an f64 run of double rows, an f32 run of
 * float rows) takes it instead of uploading them again.  Any other fit
 * frees it.  tkmi_cuda_rows_drop frees a copy no fit took (the caller
 * calls it when done).  Process-wide, from one thread; a build without
 * CUDA does nothing. */
void tkmi_cuda_rows_keep(int on);
void tkmi_cuda_rows_drop(void);

/* ---- threads and the machine's load (load.c) ---------------------------- */

/* Rows for each thread of a fit's default OpenMP team: the team has at
 * most ceil(n / TKMI_TEAM_ROWS) threads, a chunk of Lloyd's and
 * Hamerly's scans each. */
#define TKMI_TEAM_ROWS 256

/* Threads the OpenMP form uses for a requested count: requested itself
 * when above 0; for 0, OpenMP's default (tkmi_threads_most), less the
 * CPUs other work keeps busy now (tkmi_cpus_busy), at least 1, unless
 * OMP_NUM_THREADS is set (then OpenMP's default, as asked) or
 * tkmi_threads_steady is on.  1 when
 * OpenMP is not compiled in.  Measures the load at each call with 0:
 * resolve a run's count once. */
int tkmi_threads(int requested);
/* Whether the team was asked for by number: requested above 0, or
 * OMP_NUM_THREADS set (a count used as asked). */
int tkmi_threads_asked(int requested);

/* With on, tkmi_threads(0) is OpenMP's default whatever the load, for
 * the rest of the process (off again with 0): the MPI command's ranks
 * that share a node, which would count each other as other work and whose
 * teams src/mpi already sizes to their share of the CPUs. */
void tkmi_threads_steady(int on);

/* The count in environment variable name: a whole number 0..max written
 * in full (no sign, no trailing text), else -1 (unset, empty or not
 * such a count). */
int tkmi_env_count(const char *name, long max);

/* OpenMP's default team here (omp_get_max_threads; 1 without OpenMP),
 * whatever the load: the "max" of thread lists. */
int tkmi_threads_most(void);

/* CPUs of this process's affinity mask that other processes keep busy
 * now, 0..allowed: TKM_CPUS_BUSY when set to a count (a test, or a run
 * that must not adapt: 0), else measured: tkmi_busy_share of the fewest
 * runnable tasks of other processes over up to five samples 7.5 ms in
 * all (one, 50 us, when it finds none; 0 without /proc), or the last
 * measurement when it is less than 10 ms old.  Thread-safe.  *allowed (if
 * not NULL): the CPUs of the mask. */
int tkmi_cpus_busy(int *allowed);

/* Whether tkmi_threads(0) follows the load: OpenMP's default is above one
 * thread, OMP_NUM_THREADS is not set, tkmi_threads_steady is off. */
int tkmi_threads_follow(void);

/* tkmi_cpus_busy from one sample now, never reused (TKM_CPUS_BUSY as
 * there): a run's checks between its iterations, 50 us, which take load
 * for real when two checks in a row see it. */
int tkmi_cpus_busy_now(int *allowed);

/* Of others runnable tasks of other processes on online CPUs, those on
 * the allowed CPUs of this process, taking the CPUs it may not use as
 * filled first: min(allowed, max(0, others - (online - allowed))). */
int tkmi_busy_share(int others, int allowed, int online);

/* The team for most threads on allowed CPUs of which busy are taken:
 * most when none is busy, else min(most, allowed - busy), at least 1. */
int tkmi_team_size(int most, int allowed, int busy);

/* This process's threads in state R now (the caller's among them); -1
 * without /proc. */
int tkmi_own_runnable(void);

/* Overflow-checked n*m*size; returns 0 and sets *out, or -1 on overflow. */
int tkmi_mul_size(size_t n, size_t m, size_t size, size_t *out);

/* Write path whole or not at all: fill() writes into a temporary file
 * beside path and returns 0, or the errno of a write that failed; the
 * temporary is renamed onto path when every write succeeded.  bytes is
 * what fill() will write (exact), or at least (!exact), 0 when not known;
 * more than the file system has free is refused before anything is
 * written (tkmi_space_check).  TKM_OK, or TKM_EIO / TKM_ENOMEM with the
 * reason in msg; no temporary is left. */
tkm_status tkmi_write_atomic(const char *path, size_t bytes, int exact,
                             int (*fill)(FILE *f, void *ctx), void *ctx,
                             char *msg, size_t msglen);

/* Bytes free to an unprivileged writer (statvfs f_bavail * f_frsize) on
 * the file system of the folder path would be written in; SIZE_MAX when
 * that cannot be asked. */
size_t tkmi_space_free(const char *path);

/* TKM_OK when a file of bytes (exactly, or at least when !exact) fits
 * tkmi_space_free(path); TKM_EIO naming both sizes otherwise.
 * "-" (standard output), bytes 0 and a folder that cannot be asked pass
 * (the write itself then says what fails). */
tkm_status tkmi_space_check(const char *path, size_t bytes, int exact,
                            char *msg, size_t msglen);

/* Bytes of the file tkm_write_matrix (labels 0: n x d values) or
 * tkm_write_labels (labels 1: n labels, d = 1) writes at path, by its
 * extension: exact for .npy (*exact = 1), a lower bound for text (two
 * bytes a value); 0 for an extension neither writes.  SIZE_MAX when it
 * overflows. */
size_t tkmi_output_bytes(const char *path, size_t n, size_t d, int labels,
                         int *exact);

/* ---- memory (mem.c) -----------------------------------------------------
 * No request larger than tkmi_mem_limit() is tried.  A site that makes
 * several large buffers together adds them up with tkmi_plan_add and
 * checks the total with tkmi_mem_check before making any; a failure's
 * message comes from tkmi_mem_check or tkmi_fail_alloc, which say the
 * bytes asked and the limit. */

/* The most bytes one request may ask: the machine's physical memory, or
 * less where TKM_MEMORY_LIMIT or tkm_memory_limit_set() says (SIZE_MAX
 * when neither is known).  Thread-safe. */
size_t tkmi_mem_limit(void);

/* Add n*m*size bytes to *total, saturating at SIZE_MAX (overflow
 * included: no such plan fits). */
void tkmi_plan_add(size_t *total, size_t n, size_t m, size_t size);

/* TKM_OK when bytes fit the limit; else TKM_ENOMEM with "<what>: out of
 * memory: <bytes> bytes (<GiB>) asked, more than <the limit>" in msg,
 * <what> formatted from fmt. */
tkm_status tkmi_mem_check(size_t bytes, char *msg, size_t msglen,
                          const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* TKM_ENOMEM with the message of a request of n*m*size bytes that was
 * refused (as tkmi_mem_check's) or that the system did not grant ("...
 * could not be allocated"). */
tkm_status tkmi_fail_alloc(char *msg, size_t msglen, size_t n, size_t m,
                           size_t size, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* bytes as "745.06 GiB" (binary units; "800 bytes" below 1 KiB). */
void tkmi_human_bytes(size_t bytes, char *buf, size_t len);

/* Numbers written for users (io_num.c): v in the fewest significant
 * digits that read back to v bit for bit (strtod for a double, strtof for
 * a float), in the notation %.17g (%.9g for a float) would choose: fixed
 * where the decimal exponent is -4..16 (-4..8), e-notation elsewhere
 * ("0.1", "100", "1e+20", "5e-324", "-0"); "nan",
 * "inf", "-inf" for those.  Into buf (TKMI_NUM_LEN bytes always suffice);
 * returns snprintf's count.  tkmi_put_*: the same to f, 0 or -1. */
#define TKMI_NUM_LEN 32
int tkmi_num_double(char *buf, size_t len, double v);
int tkmi_num_float(char *buf, size_t len, float v);
int tkmi_put_double(FILE *f, double v);
int tkmi_put_float(FILE *f, float v);

/* OpenBLAS on one thread between begin and end (blas.c): sections may
 * overlap across the process's threads; the last to end gives back the
 * count the first found.  No-ops in a build without BLAS. */
void tkmi_blas_single_begin(void);
void tkmi_blas_single_end(void);

/* Stop OpenBLAS's idle thread pool, for a process whose BLAS calls are all
 * on one thread (the commands: the screening's products, in sections of
 * tkmi_blas_single_begin).  OpenBLAS's pthreads build starts a thread per
 * CPU when it is loaded, each spinning for about 2^28 cycles (its
 * OPENBLAS_THREAD_TIMEOUT) before it sleeps: the first 0.1 to 0.2 s of
 * every process, when a small fit does all of its work, beside a CPU-bound
 * thread on every CPU.  OpenBLAS starts the pool again if a call ever asks
 * for more threads.  Nothing in its OpenMP and serial builds, which have
 * no such pool, nor in a build without BLAS. */
void tkmi_blas_pool_stop(void);

/* OpenBLAS's kernels against this processor (blas.c).  OpenBLAS picks its
 * kernels by the processor's model when it is loaded, and takes an old
 * SSE3 core (Prescott) for a model it does not know: Debian's 0.3.21 on an
 * Emerald Rapids Xeon, whose AVX-512 it then leaves unused, and the
 * screening's products lose to the direct scan.  tkmi_blas_core: the name
 * of the core it chose ("" without BLAS); tkmi_blas_narrow: 1 when that
 * core's vectors are narrower than the processor's (then the screening's
 * auto setting leaves the scans direct); tkmi_blas_fit_core: the core to
 * name in OPENBLAS_CORETYPE for this processor, NULL where OpenBLAS has no
 * wider one. */
#define TKMI_SCREEN_MIN_K 64 /* below it the auto setting never screens
                                dense points (solver.h's rules)        */
const char *tkmi_blas_core(void);
int tkmi_blas_narrow(void);
const char *tkmi_blas_fit_core(void);

/* Allocate n*m elements of size bytes (zeroed: calloc); NULL on overflow,
 * above the limit (not tried) or when the system refuses.  realloc keeps
 * p as it was when it returns NULL. */
void *tkmi_alloc(size_t n, size_t m, size_t size);
void *tkmi_calloc(size_t n, size_t m, size_t size);
void *tkmi_realloc(void *p, size_t n, size_t m, size_t size);
/* tkmi_alloc's block aligned to align bytes (a power of two), its size
 * rounded up to a multiple of align; freed by free(). */
void *tkmi_alloc_aligned(size_t align, size_t n, size_t m, size_t size);

/* Test-only fault injection, compiled into test builds alone
 * (TKM_TESTHOOKS=1: the objects under build/hooks/ that the test programs
 * link; the shipped library has neither the functions nor the variable).
 * The nth call (from 1, counted from here) of the four above returns
 * NULL as a refusal would; 0 fails none.  The environment variable
 * TKM_FAULT=N sets it for the whole process (read once, at the first
 * allocation).  tkmi_fault_count: the calls counted so far (each
 * allocation is counted, set or not).  Thread-safe; which call is the
 * nth is reproducible where allocations happen on one thread, as every
 * allocation of the library does but the per-thread scratch of the
 * conversion pass (solve.c; there the count is the team's size). */
#ifndef TKM_TESTHOOKS
#define TKM_TESTHOOKS 0
#endif
#if TKM_TESTHOOKS
void tkmi_fault_set(size_t n);
size_t tkmi_fault_count(void);
#endif

/* The instruction sets of the CPU distance kernels (isa.c, kern.h); on
 * x86-64 the generic set is SSE2. */
enum { TKMI_ISA_GENERIC, TKMI_ISA_AVX2, TKMI_ISA_AVX512, TKMI_NISA };

/* The set in use (TKMI_ISA_*). */
int tkmi_isa(void);

/* TKM_EINVAL with the reason when TKM_CPU_ISA names a set that cannot be
 * used here (the kernels then use the widest set), else TKM_OK. */
tkm_status tkmi_isa_check(char *msg, size_t msglen);

/* ---- portable RNG: xoshiro256** seeded through splitmix64 ---------------
 * The same seed gives the same stream on every platform and build. */
typedef struct {
    uint64_t s[4];
} tkmi_rng;

void tkmi_rng_seed(tkmi_rng *r, uint64_t seed);
uint64_t tkmi_rng_next(tkmi_rng *r);
/* Uniform double in [0, 1) with 53 random bits. */
double tkmi_rng_uniform(tkmi_rng *r);
/* Uniform integer in [0, bound) without modulo bias; bound > 0. */
uint64_t tkmi_rng_below(tkmi_rng *r, uint64_t bound);
/* Standard normal deviate (Box-Muller, both values used in turn). */
double tkmi_rng_normal(tkmi_rng *r, int *have_spare, double *spare);

#ifdef __cplusplus
}
#endif

#endif /* TKM_INTERNAL_H */
