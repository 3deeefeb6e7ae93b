/*
 * The CUDA engine of forms cuda-global and cuda-shared: state shared by its
 * C host code (src/cuda/cuda_engine.c, src/<alg>/<alg>_cuda.c) and the
 * launchers of its kernels (the .cu files in kernels/).  Precision
 * dependent: include real.h first.  Only used in builds with CUDA.
 *
 * Both forms share the loop, the layouts below, the centroid update
 * (kernels/sums.cu, farthest.cu, drift.cu, inertia.cu) and the
 * statistics; they differ in the assign step and the bound kernels: cuda-global
 * reads centroids straight from global memory, one thread per point
 * (kernels/<alg>_global.cu); cuda-shared stages centroids (and for high d the
 * points) in shared memory in chunks over k and d, and runs the distance
 * kernels over a compacted list of the points whose bounds failed
 * (kernels/<alg>_shared.cu, kernels/assign_shared.cuh; docs/design.md).
 *
 * Layouts on the device (chosen so that neighbouring threads, which hold
 * neighbouring points, touch neighbouring addresses):
 *   x       n*d points, column-major: coordinate j of point i at x[j*n + i]
 *   c, cn   k*d centroids, row-major (every thread of a warp reads the same
 *           centroid at the same time: one broadcast through the cache)
 *   Elkan's lower bounds l(i, c): cuda-global l[c*n + i] (centroid-major,
 *           one thread per point); cuda-shared l[i*k + c] (point-major: a
 *           warp tests 32 centroids of one point at once)
 *   ct      cuda-shared: k*d centroids, column-major, ct[j*k + c]
 *
 * Centroid sums are exact for any finite data: each column's values are
 * integers on the column's own grid, held as base-2^62 digits in as many
 * limbs as the column's exponent range needs (fixsum.h), each limb a
 * 128-bit two's-complement accumulator added to with integer atomics; the
 * kernels see nv virtual columns (a column's limbs), each summing its own
 * digit of the values.  Integer addition is associative, so
 * the sums (and the centroids) do not depend on the order the threads run
 * in, on the block size or on the grid: reruns are bit-identical.  For the
 * same reason the sums can be kept from one update to the next and moved
 * by the points that changed cluster only (subtract from the old cluster,
 * add to the new): the integers are those of a sum from scratch, so the
 * centroids are too.
 */
#ifndef TKM_CUDA_ENGINE_H
#define TKM_CUDA_ENGINE_H

#include <stdint.h>

#include <cuda_runtime_api.h>

#include "real.h"
#include "solver.h"
#include "tune.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Counters of one assign step, in this order in tkmi_gsc.ctr. */
enum {
    TKMI_CTR_CHANGED = 0,
    TKMI_CTR_DIST_PC,
    TKMI_CTR_DIST_CC,
    TKMI_CTR_PTS,
    TKMI_CTR_PAIRS,
    TKMI_CTR_SCREENED,  /* sparse points: pairs screened by the products  */
    TKMI_CTR_RECHECKED, /* ... and the direct distances the screen took   */
    TKMI_NCTR
};

/* Scalars on the device, copied back whole (about 130 bytes) after each
 * assign and update step: all that crosses the bus per iteration. */
typedef struct TKM_FN(tkmi_gsc) {
    unsigned long long ctr[TKMI_NCTR];
    unsigned long long nempty;  /* clusters without points in the update
                                   (tkmi_cu_empties)                      */
    unsigned long long far_key; /* farthest search: bits(dist2) + 1, 0 none */
    unsigned long long far_idx; /* ... lowest point index at that key     */
    unsigned long long next;    /* ... empty cluster being filled (k none)  */
    unsigned long long from;    /* ... first cluster index not yet visited  */
    double max_drift;           /* largest centroid move of the update    */
    double shift2;              /* sum of squared moves of the update     */
    double inertia;             /* last inertia reduction                 */
    double uerr_max, uerr_mean; /* inexact update against the exact
                                   means (tkmi_cu_update_error)          */
    tkm_real t1, t2;            /* largest safe drift, largest of others  */
    int imax;                   /* first centroid with drift t1           */
} TKM_FN(tkmi_gsc);

/* Launch plan of one cuda-shared kernel: worked out from the device on
 * its first launch (occupancy, shared memory) and kept for the run. */
typedef struct tkmi_shplan {
    int grid;               /* blocks (0: not planned yet)                */
    int smem;               /* dynamic shared memory bytes per block      */
    int chunk;              /* dims (tile kernel) or centroids (register
                               kernel) per shared-memory chunk            */
    int cbufs;              /* tile kernel, resident point tile: centroid
                               tiles in shared memory (2: one is filled by
                               asynchronous copies while the other is read) */
    int streamed;           /* tile kernel: the point tile streams        */
} tkmi_shplan;

/* The cuda-shared kernels that keep a plan, by slot in tkmi_gpu.plan. */
enum {
    TKMI_PLAN_FIRST = 0,    /* the assign kernel over all points          */
    TKMI_PLAN_LIST,         /* the same over a compacted list (Hamerly)   */
    TKMI_PLAN_PAIRS,        /* Elkan's per-centroid tests, warp per point */
    TKMI_PLAN_CAND,         /* Elkan's candidates: the assign kernel over
                               the first coordinates (elkan_shared.cu)    */
    TKMI_NPLAN
};

/* CUDA events of the engine: around the bound, assign and update steps. */
#define TKMI_NEV 5

typedef struct TKM_FN(tkmi_gpu) {
    size_t n, d, k;
    int shared;             /* form cuda-shared (else cuda-global)        */
    int sparse;             /* sparse points (sv, scol, sptr; x is NULL)  */
    int block;              /* threads per block of the per-point kernels */
    int grid;               /* their blocks (grid-stride loops)           */
    int sms;                /* device: multiprocessors                    */
    int thr_sm;             /* ... threads per multiprocessor             */
    int smem_sm;            /* ... shared memory bytes per multiprocessor */
    int smem_optin;         /* ... per block with the opt-in              */
    tkmi_shplan plan[TKMI_NPLAN];
    tkm_empty_policy empty;
    int no_cc;              /* the pruning ablations (params): no         */
    int max_drift_only;     /* centroid-centroid tests; l shrinks by the
                               largest drift of all                       */
    int update;             /* tkm_update: the sums of the update         */
    int update_error;       /* ... measured against the exact means       */
    tkm_real *cex;          /* update_error: k*d exact means              */
    /* the inexact updates (kernels/update.cu): */
    tkm_real *usum;         /* k*d sums in the run's precision            */
    unsigned long long *ucnt; /* k: their counts                          */
    tkm_real *upart, *upart2; /* tree: ublk*k*d blocks' sums; dc: the
                               groups' sums, level 0 and the next         */
    unsigned long long *upcnt, *upcnt2; /* ... and counts (ublk*k)        */
    size_t ublk;            /* tree: blocks of the fine pass; dc: groups
                               of level 0                                 */
    size_t um;              /* dc: M, points (and partial sums) a group   */
    tkm_real *uhost;        /* dc: pinned, the last level's sums (<= M*k*d)
                               then k*d of their total                    */
    unsigned long long *uhcnt; /* dc: pinned, counts as much              */
    int first;              /* the next assign is the first               */
    double t_upload;        /* seconds the points took to the device      */
    size_t nv;              /* limbs of a cluster's sums (fixsum.h)       */
    tkmi_fx_vc *fvc;        /* nv: each limb's column and scale           */
    tkmi_fx_col *fcol;      /* d (+1 with weights): each column's grid and
                               limbs                                      */
    double *w;              /* n: sample weights on the device, or NULL   */
    tkmi_fx_col fw;         /* with w: the weights' column of the sums (its
                               W limbs from v0); else W = 0               */
    unsigned char *wempty;  /* k: farthest policy: empty before the search */
    tkm_real upf, dnf, ab;  /* rounding margins of the bounds (arith.h)   */
    cudaStream_t st;
    cudaEvent_t ev[TKMI_NEV]; /* assign 0-2, update 3-4 (cuda_engine.c) */
    tkm_real *x;            /* n*d, column-major                          */
    tkm_real *xr;           /* n*d, row-major, kept when the algorithm's
                               rows() asks for it; else NULL             */
    size_t *perm;           /* with xr, n: the points in label order for
                               the sums from scratch; else NULL          */
    unsigned long long *off; /* with xr, 2k+1: label offsets, cursors   */
    tkm_real *c, *cn;       /* k*d current and next centroids             */
    tkm_real *ct;           /* cuda-shared: k*d centroids, column-major   */
    int32_t *labels;        /* n, -1 before the first assign              */
    int32_t *held;          /* n: the label each point's coordinates are
                               counted under in acc and cnt (-1: none)    */
    int sums_ok;            /* acc, cnt, held hold the last update's sums */
    unsigned long long changed; /* labels changed by the last assign
                                   collected (the update's choice of sums) */
    tkm_real *drift;        /* k: computed drift of the last update       */
    tkm_real *t;            /* k: safe drift (tkmi_bnd_drift of drift)    */
    unsigned long long *acc; /* k*nv 128-bit sums: (lo, hi) pairs         */
    unsigned long long *cnt; /* k: points per cluster (with w too)        */
    double *pd2;            /* n: farthest policy's distances, or NULL    */
    double *part;           /* inertia: one partial sum per chunk, slice  */
    TKM_FN(tkmi_gsc) *sc;   /* device scalars                             */
    TKM_FN(tkmi_gsc) hsc;   /* their host copy                            */
    TKM_FN(tkmi_gsc) *hpin; /* pinned host buffer the copy lands in first
                               (a copy to pageable memory is staged and
                               costs more at every fetch)                 */
    void *alg;              /* the algorithm's bounds                     */
    size_t bound_bytes;
    /* sparse points (kernels/sparse.cu; x and xr are then NULL): row i's
     * values sv[sptr[i] .. sptr[i + 1]) at the columns scol[..] */
    tkm_real *sv;
    int32_t *scol;
    int64_t *sptr;          /* n + 1                                      */
    double *sxn;            /* n: |x|^2 of each row, in double            */
    double *snc;            /* 3k: the screen's |c|^2 (1 + K), |c|^2 (1 -
                               K), |c|^2 of the current centroids         */
    double skk, seta;       /* the screen's K and eta (screen.c)          */
    tkm_real *sg;           /* swarps * k: each warp's products of a row  */
    int32_t *scand;         /* swarps * k: ... and its candidates         */
    int swarps;             /* warps of the screened scan's launch        */
    int32_t *sccol;         /* k * sccap: each centroid's non-zero columns,
                               increasing, where it has at most sccap    */
    int32_t *scnz;          /* k: their number (-1: more)                 */
    size_t sccap;           /* TKMI_SP_CCAP(d); 0: centroids read dense   */
} TKM_FN(tkmi_gpu);

/* Whether the next update moves the kept sums by the points that changed
 * cluster rather than summing from scratch: when at most 1 in
 * TKMI_SUMS_DELTA_FRAC (tune.h) labels changed at the last count collected
 * (g->changed: this iteration's, or the previous one's when the update was
 * queued before this one's count was known).  Both give the same sums. */
static inline int TKM_FN(tkmi_sums_move)(const TKM_FN(tkmi_gpu) *g)
{
    return g->sums_ok && g->changed <= g->n / TKMI_SUMS_DELTA_FRAC;
}

/* Points per chunk and dimensions per slice of the inertia reduction, one
 * partial sum per (chunk, slice) (fixed: the sum's order does not depend
 * on the launch shape or the device; the slices keep the GPU busy at high
 * d, where a chunk's points alone are too few threads).  part holds
 * tkmi_inertia_parts(n, d) sums. */
#define TKMI_INERTIA_CHUNK 2048
#define TKMI_INERTIA_DIMS 64
static inline size_t tkmi_inertia_slices(size_t d)
{
    return (d + TKMI_INERTIA_DIMS - 1) / TKMI_INERTIA_DIMS;
}
static inline size_t tkmi_inertia_parts(size_t n, size_t d)
{
    return (n + TKMI_INERTIA_CHUNK - 1) / TKMI_INERTIA_CHUNK *
           tkmi_inertia_slices(d);
}

/* An algorithm's CUDA part.  bytes: device bytes of its bounds for n, d,
 * k (0 on size_t overflow); setup allocates them; first assigns from
 * scratch; bound moves the bounds by the drifts of the last update (NULL:
 * none); assign is the pruned assign step. */
struct TKM_FN(tkmi_gpu_alg) {
    size_t (*bytes)(size_t n, size_t d, size_t k);
    tkm_status (*setup)(TKM_FN(tkmi_gpu) *g, char *msg, size_t msglen);
    tkm_status (*first)(TKM_FN(tkmi_gpu) *g, char *msg, size_t msglen);
    tkm_status (*bound)(TKM_FN(tkmi_gpu) *g, char *msg, size_t msglen);
    tkm_status (*assign)(TKM_FN(tkmi_gpu) *g, char *msg, size_t msglen);
    void (*release)(TKM_FN(tkmi_gpu) *g);
    int (*rows)(size_t d); /* keep the row-major points (g->xr)? NULL: no */
    /* the part that runs on sparse points (both forms share it; NULL:
     * the algorithm takes no sparse points on the device) */
    const struct TKM_FN(tkmi_gpu_alg) *sparse;
};

/* ---- launchers (the .cu files in kernels/): each queues its kernels on
 * g->st, checks every launch and returns TKM_ECUDA with the failing call
 * in msg ---------------------------------------------------------------- */

/* kernels/data.cu: g->x = transpose of the row-major xr (n*d). */
tkm_status TKM_FN(tkmi_cu_transpose)(TKM_FN(tkmi_gpu) * g, const tkm_real *xr,
                                     char *msg, size_t msglen);

/* kernels/update.cu: the inexact updates (g->update not EXACT): the
 * bytes of device memory their buffers take (0 on overflow) and of pinned
 * host memory (*pinned), their buffers, g->cn = the means of the labels'
 * sums made by g->update (an empty cluster keeps its centroid), and
 * g->sc->uerr_* = how far g->cn is from the exact means g->cex. */
size_t TKM_FN(tkmi_cu_update_bytes)(const TKM_FN(tkmi_gpu) *g,
                                    size_t *pinned);
tkm_status TKM_FN(tkmi_cu_update_alloc)(TKM_FN(tkmi_gpu) *g, char *msg,
                                        size_t msglen);
void TKM_FN(tkmi_cu_update_free)(TKM_FN(tkmi_gpu) *g);
tkm_status TKM_FN(tkmi_cu_update)(TKM_FN(tkmi_gpu) *g, char *msg,
                                  size_t msglen);
tkm_status TKM_FN(tkmi_cu_update_error)(TKM_FN(tkmi_gpu) *g, char *msg,
                                        size_t msglen);

/* kernels/inertia.cu: inertia of g->labels against centroids c into
 * g->sc->inertia. */
tkm_status TKM_FN(tkmi_cu_inertia)(TKM_FN(tkmi_gpu) *g, const tkm_real *c,
                                   char *msg, size_t msglen);
/* kernels/sums.cu: exact sums and counts per cluster.  The sums are made
 * from scratch on the first update and whenever many labels changed
 * (g->changed: the last count on the host, the previous iteration's when
 * the update is queued behind the assign step), else moved by the points
 * whose label changed since the last update; both give the same sums. */
tkm_status TKM_FN(tkmi_cu_sums)(TKM_FN(tkmi_gpu) *g, char *msg,
                                size_t msglen);
/* kernels/sums.cu: g->sc->nempty = the clusters with no point (with
 * sample weights: of no weight), marked in g->wempty (farthest policy,
 * before its search). */
tkm_status TKM_FN(tkmi_cu_empties)(TKM_FN(tkmi_gpu) *g, char *msg,
                                   size_t msglen);
/* kernels/sums.cu: g->cn = the correctly rounded means of the sums (by
 * the count, or the weights' sum); a cluster of no weight keeps g->c, or
 * (moved: the farthest policy moved points) takes the mean of the
 * heaviest cluster. */
tkm_status TKM_FN(tkmi_cu_means)(TKM_FN(tkmi_gpu) *g, int moved, char *msg,
                                 size_t msglen);
/* kernels/sums.cu: the point the farthest search found (g->sc) leaves its
 * cluster's sums and count and makes the empty cluster's (update.c's
 * move_to_farthest); g->acc and g->cnt then no longer follow g->held (the
 * caller clears g->sums_ok). */
tkm_status TKM_FN(tkmi_cu_take)(TKM_FN(tkmi_gpu) * g, char *msg, size_t msglen);
/* kernels/farthest.cu: farthest-point policy for nempty empty clusters,
 * as the CPU does it. */
tkm_status TKM_FN(tkmi_cu_farthest)(TKM_FN(tkmi_gpu) *g, size_t nempty,
                                    char *msg, size_t msglen);
/* kernels/drift.cu: drift of every centroid from g->c to g->cn, safe
 * drifts g->t, and into
 * g->sc: max_drift, shift2, imax, t1, t2. */
tkm_status TKM_FN(tkmi_cu_drift)(TKM_FN(tkmi_gpu) *g, char *msg,
                                 size_t msglen);

/* kernels/centroids.cu: lower bounds on half the centroid distances:
 * h[c*k + o] (h may be NULL) and s[c] = min over o != c (infinite when
 * k == 1); each pair computed once, counted in ctr[TKMI_CTR_DIST_CC].
 * Under g->no_cc: h and s all +0, nothing computed or counted. */
tkm_status TKM_FN(tkmi_cu_halves)(TKM_FN(tkmi_gpu) *g, tkm_real *h,
                                  tkm_real *s, char *msg, size_t msglen);

/* ---- cuda-shared launchers ----------------------------------------------
 * Compacted lists hold point indices (size_t) and their length lives in
 * device memory (an unsigned long long); the kernels that read a list
 * run a grid-stride loop up to that length, so no count comes back to the
 * host.  The order of a list depends on the order in which blocks reserve
 * their room in it; what each listed point gets does not. */

/* ---- sparse points (kernels/sparse.cu) ------------------------------------
 * Every full scan is screened as on the CPU (screen.c): the products of a
 * row's stored values with the centroids' columns (g->ct), a warp a row,
 * bound the direct distances, and only the candidates get one, taken on
 * the row made dense in tkmi_dist2's order: the bits of the dense kernels.
 * What a scan writes: */
enum {
    TKMI_SP_LLOYD = 0, /* the label                                      */
    TKMI_SP_HAM,       /* label, u and l (Hamerly's one lower bound)     */
    TKMI_SP_ELK        /* label, u and the k lower bounds l[c*n + i]     */
};

/* The distances over the union of a row's columns and a centroid's
 * non-zero ones are worth it up to d / 32 of them (as on the CPU,
 * rows.c). */
#define TKMI_SP_CCAP(d) ((d) >= 64 ? (d) / 32 : 0)

/* The row norms g->sxn, once, after the upload. */
tkm_status TKM_FN(tkmi_cu_sp_norms)(TKM_FN(tkmi_gpu) *g, char *msg,
                                    size_t msglen);
/* The screened scan of every point (list NULL) or of the list's points
 * (its length at *len on the device), writing what mode says; u and l
 * as the mode needs them (NULL for Lloyd).  Queues the centroids'
 * column-major copy and norms first. */
tkm_status TKM_FN(tkmi_cu_sp_scan)(TKM_FN(tkmi_gpu) *g, int mode,
                                   const size_t *list,
                                   const unsigned long long *len, tkm_real *u,
                                   tkm_real *l, char *msg, size_t msglen);
/* Hamerly's pruned pass on sparse points: the global test, u tightened by
 * the screen's box of the own centroid, the points that still fail into
 * list (length at *len, zeroed here), then their screened scan. */
tkm_status TKM_FN(tkmi_cu_sp_hamerly)(TKM_FN(tkmi_gpu) *g, tkm_real *u,
                                      tkm_real *l, const tkm_real *s,
                                      size_t *list, unsigned long long *len,
                                      char *msg, size_t msglen);
/* Elkan's pruned pass on sparse points (elkan.c's elkan_point_sparse on
 * the device, a thread a point; l centroid-major). */
tkm_status TKM_FN(tkmi_cu_sp_elkan)(TKM_FN(tkmi_gpu) *g, tkm_real *u,
                                    tkm_real *l, const tkm_real *h,
                                    const tkm_real *s, char *msg,
                                    size_t msglen);
/* kernels/common_shared.cu: g->ct = the centroids g->c, column-major. */
tkm_status TKM_FN(tkmi_cu_sh_ctrans)(TKM_FN(tkmi_gpu) *g, char *msg,
                                     size_t msglen);

#ifdef __cplusplus
}
#endif

#endif /* TKM_CUDA_ENGINE_H */
