/*
 * The solver loop's view of a form (precision dependent; include real.h
 * first).  src/solve/solve.c runs one loop for every solver:
 *
 *     repeat: assign -> (stop if no label changed) -> update
 *
 * An engine is the form: it owns the centroids, labels and bounds, wherever
 * they live (host memory for the CPU forms, device memory for CUDA), and
 * brings back only the scalars of each iteration's statistics row.
 */
#ifndef TKM_SOLVER_H
#define TKM_SOLVER_H

#include <stdint.h>

#include "fixsum.h"
#include "internal.h"
#include "kern.h"
#include "part.h"
#include "real.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Sparse points in the run's precision (tkmi_sparse_at): row i's values
 * v[ptr[i] .. ptr[i + 1]) at the columns col[..], increasing; every
 * other value of the row is 0. */
typedef struct TKM_FN(tkmi_sp) {
    const tkm_real *v;
    const int32_t *col;
    const int64_t *ptr;     /* n + 1, ptr[0] = 0                            */
} TKM_FN(tkmi_sp);

typedef struct TKM_FN(tkmi_problem) {
    const tkm_real *x;      /* n*d row-major points, as the run's precision
                               (NULL with sp)                               */
    const TKM_FN(tkmi_sp) *sp; /* sparse points instead of x (CPU forms)    */
    size_t n, d, k;
    const tkm_real *init;   /* k*d initial centroids                        */
    const tkm_params *p;
    double tol_shift2;      /* p->tol times the features' mean variance     */
    const tkmi_part *pt;    /* the processes' rows (n is this one's)        */
    const double *prof;     /* 2 (d + 1): each column's exponent profile
                               over all processes' points, then the
                               weights' (fixsum.h: tkmi_fx_profile)         */
    const double *w;        /* n sample weights of this process, or NULL    */
    int weighted;           /* the run has sample weights (every process)   */
    int can_screen;         /* the algorithm's full scans may be screened
                               (its row in src/solve/algs.c says so)       */
    int threads;            /* the omp form's team when the run begins
                               (tkmi_threads); 1 for the other forms       */
    int threads_max;        /* the most it may grow to: OpenMP's default
                               when it follows the load, else threads      */
    int follow;             /* the team follows the load between iterations
                               (threads 0 asked, tkmi_threads_follow)     */
    int busy;               /* then: the CPUs busy when it began           */
} TKM_FN(tkmi_problem);

typedef struct TKM_FN(tkmi_engine) {
    void *st;
    /* Assign every point; fill changed, distance and pruning counters,
     * t_assign and t_bound of row.  The first call assigns from scratch. */
    tkm_status (*assign)(void *st, tkm_iter_stats *row, char *msg,
                         size_t msglen);
    /* Move centroids to the means of their points (empty-cluster policy
     * of the params), record max_drift and t_update; when want_inertia,
     * also the inertia of the labels against the centroids before the
     * move. */
    tkm_status (*update)(void *st, tkm_iter_stats *row, int want_inertia,
                         char *msg, size_t msglen);
    /* Optional (NULL: assign, then update unless nothing changed): both
     * in one go; fills what assign fills and, when a label changed, what
     * update fills, and leaves the centroids as they are when none did. */
    tkm_status (*step)(void *st, tkm_iter_stats *row, int want_inertia,
                       char *msg, size_t msglen);
    /* Copy out the centroids (k*d, double), labels and final inertia;
     * *t_download: the seconds of it spent copying from the device (0 on
     * the CPU). */
    tkm_status (*result)(void *st, double *centroids, int32_t *labels,
                         double *inertia, double *t_download, char *msg,
                         size_t msglen);
    void (*destroy)(void *st);
    double t_upload;        /* seconds of the make spent putting the points
                               on the device (0 on the CPU)                */
    size_t bound_bytes;
    int threads;
    int blocks;
} TKM_FN(tkmi_engine);

/* ---- the CPU forms (seq and omp share one state and one source) -------- */

/* The screening's state (screen.c). */
typedef struct TKM_FN(tkmi_screen) TKM_FN(tkmi_screen);

typedef struct TKM_FN(tkmi_cpu) {
    const tkm_real *x;    /* the points (NULL with sp): read them through
                             tkmi_row, tkmi_rows_scan, tkmi_rows_pairs     */
    const TKM_FN(tkmi_sp) *sp; /* sparse points, or NULL                   */
    tkm_real *rowbuf;     /* sp: threads_max * d, each thread's row made
                             dense (zero but for the row it holds)         */
    size_t *rowat;        /* sp: threads_max, that row (SIZE_MAX: none)    */
    int32_t *ccol;        /* sp: k * ccap, each centroid's non-zero
                             columns, increasing, where it has at most
                             ccap (tkmi_rows_moved)                        */
    size_t *cnz;          /* sp: k, their number (SIZE_MAX: more)          */
    size_t ccap;          /* 0: every centroid read dense                  */
    size_t n, d, k;
    int threads;          /* the team (1 for seq); while the algorithm's
                             setup runs, threads_max, which its per-thread
                             buffers are made for                           */
    int threads_max;      /* the most threads the team may have            */
    tkm_empty_policy empty;
    int no_cc;            /* the params' pruning ablations                  */
    int max_drift_only;
    tkm_real *c;          /* k*d current centroids                          */
    TKM_FN(tkmi_kc) kc;   /* c as the distance kernels read it (repacked
                             after every update)                            */
    const TKM_FN(tkmi_kern) *kern; /* the instruction set's kernels         */
    tkm_real *drift;      /* k: how far each centroid moved last update     */
    int32_t *labels;      /* n, -1 before the first assign                  */
    int first;            /* next assign is the first                       */
    /* the update's exact centroid sums (fixsum.h) */
    size_t dw;            /* columns of a cluster's sums: d, or d + 1 with
                             sample weights (the sum of the weights last)  */
    size_t nv;            /* their limbs: accumulators of a cluster         */
    const double *w;      /* n sample weights, or NULL                      */
    tkmi_fx_col *fcol;    /* dw: each column's grid and limbs               */
    tkmi_fx_vc *fvc;      /* nv: each limb's column and scale               */
    tkmi_i128 *fx;        /* k*nv sums of the points of each cluster        */
    int64_t *cnt;         /* k: points in each cluster                      */
    int32_t *held;        /* n: the label each point's values are summed
                             under (-1: none yet)                           */
    int fx_valid;         /* fx and cnt hold the sums of held's labels      */
    int fx_threads;       /* threads summing from scratch (scratch-capped)  */
    tkmi_i128 *fxt;       /* fx_threads * k*nv per-thread sums              */
    int64_t *cntt;        /* fx_threads * k per-thread counts               */
    double *fx_sc;        /* d: 2^S of each column, when fx_fast          */
    int64_t *fx_acc;      /* fx_threads * k*(d + 1): the fast sums' int64
                             runs and their counts, when fx_fast          */
    int fx_fast;          /* no weights, dense, and every column one limb
                             with |v| 2^S < 2^51: a value's digit is
                             v 2^S, taken exactly through a double       */
    tkm_real *newc;       /* k*d: the update's new centroids                */
    tkmi_i128 *gfx;       /* several processes: the sums of all (k*nv), and */
    int64_t *gcnt;        /* counts (k); else fx and cnt themselves          */
    double *dist2;        /* n: empty policy farthest's distances           */
    unsigned char *was_empty; /* k: farthest: empty before relocation       */
    const tkmi_part *pt;  /* the processes' rows                            */
    double t_comm;        /* seconds of the current iteration in comm      */
    int screen;           /* the scans screened by a GEMM (screen.c)        */
    TKM_FN(tkmi_screen) *scr; /* its state, made by its first use    */
    void *alg;            /* the algorithm's bounds                         */
    size_t bound_bytes;
} TKM_FN(tkmi_cpu);

/* ---- the points, dense or sparse (src/common/rows.c) -------------------- */

/* Row i of the points as d values: x's own, or (sparse) made dense in the
 * calling thread's buffer of the team, valid until that thread's next
 * call.  The same values the dense points would hold. */
const tkm_real *TKM_FN(tkmi_row)(const TKM_FN(tkmi_cpu) *s, size_t i);
/* kern->scan of the m points idx[t] (idx NULL: lo .. lo + m - 1) against
 * the packed centroids kc, as it scans dense points: the same bits. */
void TKM_FN(tkmi_rows_scan)(const TKM_FN(tkmi_cpu) *s,
                            const TKM_FN(tkmi_kc) *kc, size_t lo,
                            const size_t *idx, size_t m,
                            const TKM_FN(tkmi_scan_out) *o);
/* The centroids s->c moved (or were set): the packed copy s->kc, and
 * for sparse points each centroid's non-zero columns. */
void TKM_FN(tkmi_rows_moved)(TKM_FN(tkmi_cpu) *s);
/* ... the second half alone: s->c's non-zero columns (a state whose
 * packed copy is its caller's). */
void TKM_FN(tkmi_rows_csup)(TKM_FN(tkmi_cpu) *s);
/* kern->dist2 of row i and centroid j of s->c, the same bits: for a
 * sparse row and a centroid of few non-zeros over the union of the two
 * columns (O(stored values) against O(d)). */
tkm_real TKM_FN(tkmi_row_cdist2)(const TKM_FN(tkmi_cpu) *s, size_t i,
                                 size_t j);
/* out[t] = kern->dist2(row rows[t], centroid cents[t] of s->c) for t <
 * m, the same bits. */
void TKM_FN(tkmi_rows_pairs)(const TKM_FN(tkmi_cpu) *s, const size_t *rows,
                             const size_t *cents, size_t m, tkm_real *out);
/* Make the per-thread row buffers of sparse points (nothing for dense):
 * TKM_OK or TKM_ENOMEM (msg says so). */
tkm_status TKM_FN(tkmi_rows_init)(TKM_FN(tkmi_cpu) *s, char *msg,
                                  size_t msglen);
void TKM_FN(tkmi_rows_free)(TKM_FN(tkmi_cpu) *s);
/* The squared distance of row i to c in double: of the dense x (sp
 * NULL), sum_j (x_ij - c_j)^2, j in increasing order; of the sparse sp,
 * at the cost of its stored values, cn + sum_q ((x_q - c_jq)^2 - c_jq^2)
 * over them (cn = |c|^2 in double, j in increasing order), at least 0:
 * within a few units of roundoff of |x|^2 + |c|^2 of the dense value. */
double TKM_FN(tkmi_row_dist2_d)(const tkm_real *x,
                                const TKM_FN(tkmi_sp) *sp, size_t i,
                                size_t d, const tkm_real *c, double cn);

/* Points per summation block of the inertia and the other double sums:
 * fixed, never depends on the thread count. */
#define TKMI_SUM_BLOCK TKM_PART_BLOCK

/* An algorithm's CPU part.  The engine (cpu.c) calls first() for the
 * first assignment (every point from scratch, bounds initialised), and
 * afterwards bound() (timed as the bound phase; NULL for no bounds) then
 * assign().  first and assign fill the row's counters; setup (may be NULL)
 * allocates the bounds, release frees them. */
typedef struct TKM_FN(tkmi_cpu_alg) {
    tkm_status (*setup)(TKM_FN(tkmi_cpu) *s, char *msg, size_t msglen);
    void (*first)(TKM_FN(tkmi_cpu) *s, tkm_iter_stats *row);
    void (*bound)(TKM_FN(tkmi_cpu) *s);
    void (*assign)(TKM_FN(tkmi_cpu) *s, tkm_iter_stats *row);
    void (*release)(TKM_FN(tkmi_cpu) *s);
} TKM_FN(tkmi_cpu_alg);

/* Build the CPU engine running alg (seq, or omp by the params' form). */
tkm_status TKM_FN(tkmi_cpu_engine)(const TKM_FN(tkmi_problem) *pb,
                                   const TKM_FN(tkmi_cpu_alg) *alg,
                                   TKM_FN(tkmi_engine) *e, char *msg,
                                   size_t msglen);

/* Centroid update on the CPU (src/common/update.c): means of exact sums,
 * empty policy, drift.
 * Returns the largest drift and puts the sum of squared drifts (in
 * double, centroid order) in *shift2; *inertia receives the inertia of the
 * labels against the old centroids when inertia != NULL. */
double TKM_FN(tkmi_cpu_update)(TKM_FN(tkmi_cpu) *s, double *inertia,
                               double *shift2);

/* The exact screening of the scan (screen.c), for Lloyd's scan and
 * Hamerly's full scans.  An assign step calls begin(); when it returns 1
 * (the run screens, and can this iteration), screen_scan() stands in for
 * kern->scan on any thread of the step's team, and end() follows the
 * step.  begin() returns 0, and nothing need follow, when the run does
 * not screen or cannot now (no BLAS, out of memory, centroids beyond
 * range). */
int TKM_FN(tkmi_screen_begin)(TKM_FN(tkmi_cpu) *s);
void TKM_FN(tkmi_screen_end)(TKM_FN(tkmi_cpu) *s);
/* kern->scan's output (lab, b1, b2; not all) for the m points idx[i],
 * or lo .. lo + m - 1 when idx is NULL, with the same bits; adds the
 * pairs screened and the direct distances taken to the counters. */
void TKM_FN(tkmi_screen_scan)(const TKM_FN(tkmi_cpu) *s, size_t lo,
                              const size_t *idx, size_t m,
                              const TKM_FN(tkmi_scan_out) *o,
                              uint64_t *screened, uint64_t *rechecked);
/* Hamerly's centroid gaps, once begin() returned 1: m2[i] = the smallest
 * direct squared distance (kern->dist2, lower index first) from centroid
 * c0 + i to any other, for i < m, with the same bits as taking every
 * pair; counters as screen_scan's (k - 1 pairs screened per centroid). */
void TKM_FN(tkmi_screen_gaps)(const TKM_FN(tkmi_cpu) *s, size_t c0,
                              size_t m, tkm_real *m2, uint64_t *screened,
                              uint64_t *rechecked);
/* Sparse points, once begin() returned 1: an upper bound V >= the direct
 * kernel's squared distance from row i to centroid a (the test's U of
 * the bound above), at the cost of the row's stored values; +inf where
 * the proof's range is left (then take the direct distance). */
double TKM_FN(tkmi_screen_pair_up)(const TKM_FN(tkmi_cpu) *s, size_t i,
                                   size_t a);
/* The same, both ways: *lo <= the direct kernel's squared distance from
 * row i to centroid a <= *hi (the test's L and U); returns 0, leaving
 * them unset, where the proof's range is left. */
int TKM_FN(tkmi_screen_pair_box)(const TKM_FN(tkmi_cpu) *s, size_t i,
                                 size_t a, double *lo, double *hi);
/* Sparse row i's products with all k centroids into g (k), each the
 * product tkmi_screen_pair_box takes, bit for bit, at once (the
 * kernels' spmm_row over the column-major centroids); then the box of
 * centroid a from its product g. */
void TKM_FN(tkmi_screen_products)(const TKM_FN(tkmi_cpu) *s, size_t i,
                                  tkm_real *g);
int TKM_FN(tkmi_screen_box_of)(const TKM_FN(tkmi_cpu) *s, size_t i, size_t a,
                               tkm_real g, double *lo, double *hi);
/* K and eta of the bound (screen.c), for d coordinates in the run's
 * precision: the CUDA forms screen sparse points with them too. */
void TKM_FN(tkmi_screen_consts)(size_t d, double *kk, double *eta);
/* The largest threshold the proof is used with: below it no direct
 * distance the test relies on (D' <= U) can overflow the precision. */
#define TKMI_SCREEN_TOP (0.5 * (double)TKM_REAL_MAX)
/* From such bounds on a squared distance, in the run's precision: a
 * distance at most the direct one's square root as the run rounds it
 * (down), and one at least it (up). */
static inline TKM_HD tkm_real TKM_FN(tkmi_screen_root_down)(double lo)
{
    return lo > 0 ? (tkm_real)(sqrt(lo) * (1.0 - 4.0 * (double)TKM_EPS))
                  : (tkm_real)0;
}
static inline TKM_HD tkm_real TKM_FN(tkmi_screen_root_up)(double hi)
{
    return (tkm_real)(sqrt(hi) * (1.0 + 4.0 * (double)TKM_EPS));
}
/* Points per product (at most TKMI_SCREEN_ROWS): the chunk a caller
 * hands screen_scan at a time, once begin() returned 1. */
size_t TKM_FN(tkmi_screen_rows)(const TKM_FN(tkmi_cpu) *s);
#define TKMI_SCREEN_ROWS 512
/* Dense points of at most this many columns take the screening's float
 * products and first test in one kernel (kern.h's screen_prod_f) rather
 * than from the BLAS. */
#ifndef TKMI_SCREEN_FUSED_D
#define TKMI_SCREEN_FUSED_D 64
#endif
void TKM_FN(tkmi_screen_release)(TKM_FN(tkmi_cpu) *s);
/* TKM_SCREEN_AUTO screens from this d and k on, where it measured faster
 * in both precisions (docs/results/screen-bench.md); Lloyd's and
 * Hamerly's with k >= 1000 from d = 32 in float, d = 16 in double
 * (docs/results/screen-bench-16core.md, screen-rows.md); Lloyd's where
 * any of the pairs (d, k) of TKMI_SCREEN_LLOYD is reached in both, the
 * fused float products' (d <= TKMI_SCREEN_FUSED_D) measured faster than
 * the direct scan on 2 AVX-512 cores (docs/results/screen-fused-2core.md)
 * and, in double, level there and faster on 16 (d = 8, k = 100:
 * docs/results/screen-fused-16core.md): in double from d = 32 (k >= 64)
 * and d = 8 (k >= 100); in float from d = 64 (k >= 64), d = 32 (k >=
 * 100) and d = 8 (k >= 400), the last since the hint's product stays in
 * registers (docs/results/screen-hint-16core.md: 0.83x to 0.91x the
 * direct scan at 200,000 x 8 x 400 on 16 Intel cores, 0.61x to 0.71x at
 * d = 8 to 12, k = 400 to 1000, on 2). */
#define TKMI_SCREEN_MIN_D 256
/* (TKMI_SCREEN_MIN_K, the least k of every rule: internal.h) */
#if TKM_PREC == 64
#define TKMI_SCREEN_WIDE_D 16
#define TKMI_SCREEN_LLOYD {{32, 64}, {8, 100}}
#else
#define TKMI_SCREEN_WIDE_D 32
#define TKMI_SCREEN_LLOYD {{64, 64}, {32, 100}, {8, 400}}
#endif
#define TKMI_SCREEN_WIDE_K 1000
/* Whether TKM_SCREEN_AUTO screens dense points of d columns against k
 * centroids by the thresholds above alone (cpu.c asks besides for the
 * BLAS, and for its kernels not narrower than the processor's). */
int TKM_FN(tkmi_screen_wins)(tkm_algorithm a, size_t d, size_t k);
/* 1 when the build has the BLAS the screening needs. */
int TKM_FN(tkmi_screen_available)(void);

/* Inertia of labels against the k centroids c (points x, or sp: each
 * distance as tkmi_row_dist2_d computes it), summed in double over fixed
 * blocks (bit-identical for any thread count and any split over the
 * processes of pt, whose time in comm goes to *t_comm), each point
 * counted w[i] times (w NULL: once).  NaN when out of memory, on every
 * process of pt when on one of them (collective). */
double TKM_FN(tkmi_inertia)(const tkm_real *x, const TKM_FN(tkmi_sp) *sp,
                            size_t n, size_t d, size_t k,
                            const tkm_real *c, const int32_t *labels,
                            const double *w, int threads, const tkmi_part *pt,
                            double *t_comm);

/* ---- the CUDA forms (src/cuda/, src/<alg>/<alg>_cuda.c, kernels/) ------ */

/* An algorithm's CUDA part (src/cuda/cuda_engine.h; opaque here). */
typedef struct TKM_FN(tkmi_gpu_alg) TKM_FN(tkmi_gpu_alg);

/* Build the CUDA engine of the params' form running alg; TKM_ENOTSUP
 * without nvcc, TKM_ENODEV without a GPU. */
tkm_status TKM_FN(tkmi_cuda_engine)(const TKM_FN(tkmi_problem) *pb,
                                    const TKM_FN(tkmi_gpu_alg) *alg,
                                    TKM_FN(tkmi_engine) *e, char *msg,
                                    size_t msglen);

/* ---- src/solve/ ---------------------------------------------------------- */

/* The engine of the params' (algorithm, form), from the solver table
 * (src/solve/table.c). */
tkm_status TKM_FN(tkmi_engine_make)(const TKM_FN(tkmi_problem) *pb,
                                    TKM_FN(tkmi_engine) *e, char *msg,
                                    size_t msglen);

/* Whether the table holds the operations of (a, f) in this build: the
 * forms of a's row (algs.c), less the CUDA forms in a build without CUDA.
 * The tests hold the two tables to each other. */
int TKM_FN(tkmi_table_has)(tkm_algorithm a, tkm_form f);

/* The points of ds as the run's precision, every value checked: in double
 * the data set's own array (no copy: *own stays NULL), in float a
 * converted copy (*own, the caller frees it).  One pass on threads; a
 * value that does not fit is named by its row and column, the first in
 * the data's order (src/solve/solve.c). */
tkm_status TKM_FN(tkmi_points)(const tkm_dataset *ds, int threads,
                               const tkm_real **x, tkm_real **own, char *msg,
                               size_t msglen);
/* The same for a process whose first row is global row row0 (named so in
 * a message), putting each column's exponent profile of its values in the
 * run's precision and their largest magnitude in prof[3 j .. 3 j + 2]
 * (fixsum.h), the weights' in prof[3 d ..] (NULL: not wanted).  A value
 * above tkmi_value_limit(d) is refused (TKM_ERANGE) as one that is not
 * finite. */
tkm_status TKM_FN(tkmi_points_at)(const tkm_dataset *ds, int threads,
                                  size_t row0, const tkm_real **x,
                                  tkm_real **own, const double *weights,
                                  double *prof, char *msg, size_t msglen);
/* The same for sparse points (ds->csr): *sp in the run's precision, its
 * arrays the data set's own where they already hold the run's types, else
 * converted copies in *own (one block, the caller frees it).  Refused
 * (TKM_EINVAL): a row start out of order, a column out of range or not
 * increasing within its row, more than INT32_MAX columns. */
tkm_status TKM_FN(tkmi_sparse_at)(const tkm_dataset *ds, int threads,
                                  size_t row0, TKM_FN(tkmi_sp) *sp,
                                  void **own, const double *weights,
                                  double *prof, char *msg, size_t msglen);
/* The largest magnitude of a value or centroid in a run of d columns:
 * squared distances of such values stay finite in the run's precision. */
double TKM_FN(tkmi_value_limit)(size_t d);

/* tkm_predict for this precision (src/solve/predict.c; fit.c checks the
 * arguments). */
tkm_status TKM_FN(tkmi_predict)(const tkm_dataset *ds, const double *cent,
                                size_t k, int threads, int32_t *labels,
                                double *dist, char *msg, size_t msglen);

/* Run the solver loop; res is filled as tkm_fit documents. */
tkm_status TKM_FN(tkmi_solve)(const TKM_FN(tkmi_problem) *pb, tkm_result *res,
                              char *msg, size_t msglen);

#ifdef __cplusplus
}
#endif

#endif /* TKM_SOLVER_H */
