/*
 * The solver table: (algorithm, form) -> the operations that run it, per
 * precision.  The CPU forms (seq, omp) share one set of operations per
 * algorithm (the OpenMP form is the same source with a team); each CUDA
 * form has its own.  What an algorithm is (its names, the forms it exists
 * in, the options it takes) is its row in algs.c, which every other place
 * asks; a form the algorithm lacks leaves its part here NULL.
 *
 * Adding an algorithm touches: its enum value (include/trikmeans.h), its
 * row in algs.c, its row here (NULL for a CUDA form it lacks, which its
 * algs.c row then leaves out), and its own folder (src/<alg>/, with its
 * kernels in kernels/ and the folder in the Makefile's LIB_DIRS).  Nothing
 * else names an algorithm; tests/test_algs.c holds this table to algs.c.
 */
#include "real.h"

#include "algs.h"
#include "solver.h"

/* Each algorithm's parts, defined in src/<alg>/<alg>.c (CPU) and
 * src/<alg>/<alg>_cuda.c (the CUDA forms, in builds with CUDA only). */
extern const TKM_FN(tkmi_cpu_alg) TKM_FN(tkmi_lloyd_cpu);
extern const TKM_FN(tkmi_cpu_alg) TKM_FN(tkmi_elkan_cpu);
extern const TKM_FN(tkmi_cpu_alg) TKM_FN(tkmi_hamerly_cpu);
extern const TKM_FN(tkmi_cpu_alg) TKM_FN(tkmi_yinyang_cpu);
extern const TKM_FN(tkmi_cpu_alg) TKM_FN(tkmi_annulus_cpu);
extern const TKM_FN(tkmi_cpu_alg) TKM_FN(tkmi_exponion_cpu);
#if TKM_HAVE_CUDA
extern const TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_lloyd_gpu);
extern const TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_lloyd_gpu_sh);
extern const TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_elkan_gpu);
extern const TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_elkan_gpu_sh);
extern const TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_hamerly_gpu);
extern const TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_hamerly_gpu_sh);
extern const TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_yinyang_gpu);
extern const TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_yinyang_gpu_sh);
#define CUDA_PART(name) (&TKM_FN(name))
#else
#define CUDA_PART(name) NULL /* the stub engine says CUDA is absent */
#endif

typedef struct {
    tkm_algorithm algorithm;
    const TKM_FN(tkmi_cpu_alg) *cpu;            /* seq and omp          */
    const TKM_FN(tkmi_gpu_alg) *cuda_global;
    const TKM_FN(tkmi_gpu_alg) *cuda_shared;
} solver_row;

static const solver_row table[] = {
    {TKM_LLOYD, &TKM_FN(tkmi_lloyd_cpu), CUDA_PART(tkmi_lloyd_gpu),
     CUDA_PART(tkmi_lloyd_gpu_sh)},
    {TKM_ELKAN, &TKM_FN(tkmi_elkan_cpu), CUDA_PART(tkmi_elkan_gpu),
     CUDA_PART(tkmi_elkan_gpu_sh)},
    {TKM_HAMERLY, &TKM_FN(tkmi_hamerly_cpu), CUDA_PART(tkmi_hamerly_gpu),
     CUDA_PART(tkmi_hamerly_gpu_sh)},
    {TKM_YINYANG, &TKM_FN(tkmi_yinyang_cpu), CUDA_PART(tkmi_yinyang_gpu),
     CUDA_PART(tkmi_yinyang_gpu_sh)},
    {TKM_ANNULUS, &TKM_FN(tkmi_annulus_cpu), NULL, NULL},
    {TKM_EXPONION, &TKM_FN(tkmi_exponion_cpu), NULL, NULL},
};

static const solver_row *row_of(tkm_algorithm a)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].algorithm == a)
            return &table[i];
    return NULL;
}

/* The part of r that runs form f; NULL for a form r lacks or a CUDA
 * form in a build without CUDA. */
static const void *part_of(const solver_row *r, tkm_form f)
{
    return f == TKM_SEQ || f == TKM_OMP ? (const void *)r->cpu
           : f == TKM_CUDA_GLOBAL       ? (const void *)r->cuda_global
           : f == TKM_CUDA_SHARED       ? (const void *)r->cuda_shared
                                        : NULL;
}

int TKM_FN(tkmi_table_has)(tkm_algorithm a, tkm_form f)
{
    const solver_row *r = row_of(a);
    return r && part_of(r, f) != NULL;
}

tkm_status TKM_FN(tkmi_engine_make)(const TKM_FN(tkmi_problem) *pb,
                                    TKM_FN(tkmi_engine) *e, char *msg,
                                    size_t msglen)
{
    const solver_row *r = row_of(pb->p->algorithm);
    char why[128];
    if (!r)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "unknown algorithm");
    if (!tkmi_alg_has_form(r->algorithm, pb->p->form, why, sizeof why))
        return tkmi_fail(TKM_ENOTSUP, msg, msglen, "%s", why);
    switch (pb->p->form) {
    case TKM_SEQ:
    case TKM_OMP:
        return TKM_FN(tkmi_cpu_engine)(pb, r->cpu, e, msg, msglen);
    case TKM_CUDA_GLOBAL:
        return TKM_FN(tkmi_cuda_engine)(pb, r->cuda_global, e, msg, msglen);
    case TKM_CUDA_SHARED:
        return TKM_FN(tkmi_cuda_engine)(pb, r->cuda_shared, e, msg, msglen);
    default:
        return tkmi_fail(TKM_EINVAL, msg, msglen, "unknown form");
    }
}
