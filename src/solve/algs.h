/*
 * What each algorithm is (precision independent): its names, the forms it
 * exists in, and the options and tests it takes.  src/solve/algs.c holds
 * one row per algorithm, in tkm_algorithm's order; every other place asks
 * these rows instead of naming an algorithm.  The operations that run a
 * row are per precision, in src/solve/table.c.
 */
#ifndef TKM_ALGS_H
#define TKM_ALGS_H

#include <stddef.h>

#include "trikmeans.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The bit of a form in tkmi_alg_row.forms. */
#define TKMI_FORM_BIT(f) (1u << (unsigned)(f))
#define TKMI_FORMS_CPU (TKMI_FORM_BIT(TKM_SEQ) | TKMI_FORM_BIT(TKM_OMP))
#define TKMI_FORMS_ALL \
    (TKMI_FORMS_CPU | TKMI_FORM_BIT(TKM_CUDA_GLOBAL) | \
     TKMI_FORM_BIT(TKM_CUDA_SHARED))

/* Whether f is a CPU form (seq, omp): the only ones with the pruning
 * ablations, the screening, sample weights and several processes. */
static inline int tkmi_form_cpu(tkm_form f)
{
    return (unsigned)f < TKM_NFORM && (TKMI_FORMS_CPU & TKMI_FORM_BIT(f));
}

/* A CUDA form (cuda-global, cuda-shared)? */
static inline int tkmi_form_cuda(tkm_form f)
{
    return f == TKM_CUDA_GLOBAL || f == TKM_CUDA_SHARED;
}

/* What an algorithm takes, bits of tkmi_alg_row.flags. */
enum {
    TKMI_CAP_BOUNDS = 1u << 0, /* keeps bounds per point (a bound phase)  */
    TKMI_CAP_SCREEN = 1u << 1, /* its full scans can be screened
                                  (screen.c; the CPU forms)               */
    TKMI_CAP_NO_CC = 1u << 2,  /* the no_cc ablation: no centroid-centroid
                                  tests                                   */
    TKMI_CAP_MAX_DRIFT = 1u << 3, /* the max_drift_only ablation         */
    TKMI_CAP_CUDA_SPARSE = 1u << 4 /* its CUDA forms take sparse points
                                     (the parts' .sparse, kernels/sparse.cu) */
};

typedef struct {
    tkm_algorithm alg;
    const char *name;    /* as parsed and printed: "elkan"               */
    const char *title;   /* in prose: "Elkan"                            */
    unsigned forms;      /* TKMI_FORM_BIT of each form it exists in      */
    unsigned flags;      /* TKMI_CAP_*                                   */
} tkmi_alg_row;

/* The row of a, or NULL when a is no algorithm. */
const tkmi_alg_row *tkmi_alg_caps(tkm_algorithm a);

/* Whether a is an algorithm that has every one of the TKMI_CAP_ flags
 * (0: any algorithm). */
int tkmi_alg_has(tkm_algorithm a, unsigned flags);

/* Whether the (algorithm, form) pair exists; when not, and msg is not
 * NULL, the reason ("elkan has no cuda-global form") in msg.  Says
 * nothing of whether this build or machine runs the form
 * (tkm_form_available). */
int tkmi_alg_has_form(tkm_algorithm a, tkm_form f, char *msg, size_t msglen);

/* The names of the algorithms with every one of flags (0: all), in the
 * table's order, joined by sep and, before the last, by last ("lloyd,
 * elkan and hamerly"); truncated to len.  Returns buf. */
const char *tkmi_alg_names(unsigned flags, const char *sep, const char *last,
                           char *buf, size_t len);

/* The same with the titles ("Lloyd and Hamerly"). */
const char *tkmi_alg_titles(unsigned flags, const char *sep, const char *last,
                            char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* TKM_ALGS_H */
