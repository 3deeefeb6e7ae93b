/*
 * Yinyang's device entry points (precision dependent; include real.h and
 * cuda_engine.h first).  Each queues its kernels on g->st, checks every
 * launch and returns TKM_ECUDA with the failing call in msg.
 *
 * The groups (src/yinyang/yinyang_cuda.c): t groups, grp[c] the group of
 * centroid c, group g's members gmem[gstart[g] .. gstart[g + 1]) in index
 * order.  Per point i: u[i] the upper bound, lb[g*n + i] the lower bound
 * of group g (group-major: neighbouring threads hold neighbouring points);
 * tg[g] the largest safe drift of g's members (g->t holds each
 * centroid's).  yinyang_arith.h says why each test is exact.
 */
#ifndef TKM_YINYANG_KERNELS_H
#define TKM_YINYANG_KERNELS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The groups on the device. */
typedef struct TKM_FN(tkmi_yy_dev) {
    size_t t;
    const int32_t *grp;    /* k                                          */
    const int32_t *gstart; /* t + 1                                      */
    const int32_t *gmem;   /* k                                          */
    tkm_real *tg;          /* t                                          */
    tkm_real *u;           /* n                                          */
    tkm_real *lb;          /* n * t, group-major                         */
} TKM_FN(tkmi_yy_dev);

/* kernels/yinyang_global.cu, a thread per point.  first (both forms):
 * every distance, walked group by group in the members' order; u from
 * the nearest, each group's bound from the nearest of its members other
 * than the label.  groups (both forms' bound step): tg from g->t.
 * assign: u grows by its centroid's drift, the global filter with the
 * shrunk bounds, again with u tight, else the walk over the groups (group
 * filter, then each member's local filter) of yinyang.c, member by
 * member. */
tkm_status TKM_FN(tkmi_cu_yy_first)(TKM_FN(tkmi_gpu) *g,
                                    const TKM_FN(tkmi_yy_dev) *y, char *msg,
                                    size_t msglen);
tkm_status TKM_FN(tkmi_cu_yy_groups)(TKM_FN(tkmi_gpu) *g,
                                     const TKM_FN(tkmi_yy_dev) *y, char *msg,
                                     size_t msglen);
tkm_status TKM_FN(tkmi_cu_yy_assign)(TKM_FN(tkmi_gpu) *g,
                                     const TKM_FN(tkmi_yy_dev) *y, char *msg,
                                     size_t msglen);

/* kernels/sparse.cu: first and assign on sparse points (both forms), the
 * same walks with each member's screen box before its direct distance
 * (yinyang.cuh's yy_walk); the bound step is tkmi_cu_yy_groups. */
tkm_status TKM_FN(tkmi_cu_sp_yy_first)(TKM_FN(tkmi_gpu) *g,
                                       const TKM_FN(tkmi_yy_dev) *y,
                                       char *msg, size_t msglen);
tkm_status TKM_FN(tkmi_cu_sp_yy_assign)(TKM_FN(tkmi_gpu) *g,
                                        const TKM_FN(tkmi_yy_dev) *y,
                                        char *msg, size_t msglen);

/* kernels/yinyang_shared.cu.  The scratch of the assign step: la, lw
 * (n point indices each), a2 (n), glb (n: each point's global bound),
 * cnt (2 list lengths) and cg (k*d: the centroids column-major in the
 * order of gmem, cg[j*k + p] coordinate j of centroid gmem[p]). */
typedef struct TKM_FN(tkmi_yy_sh) {
    size_t *la, *lw;
    tkm_real *a2, *glb, *cg;
    unsigned long long *cnt;
    size_t slice;       /* the first assignment: points per slice (0: the
                           cuda-global kernel)                           */
    tkm_real *L;        /* ... slice*k: the slice's bounds per centroid  */
    size_t *sl;         /* ... slice: its points                         */
    unsigned long long *sm; /* ... its length                           */
} TKM_FN(tkmi_yy_sh);

/* cuda-shared's first assignment runs the tile kernel of
 * kernels/assign_shared.cuh (Elkan's first pass: label, u and the bound of
 * every centroid) over slices of the points, each slice's bounds into a
 * scratch of at most TKMI_YY_SLICE_BYTES, then a warp per point takes each
 * group's smallest in shared memory (t reals a warp, TKMI_YY_MIN_WARPS
 * warps a block, within 48 KiB).  The points of a slice, or 0 where the
 * groups do not fit (then the cuda-global kernel serves). */
#define TKMI_YY_SLICE_BYTES ((size_t)256 << 20)
#define TKMI_YY_MIN_WARPS 8
static inline size_t tkmi_yy_slice(size_t n, size_t k, size_t t, size_t R)
{
    size_t s = TKMI_YY_SLICE_BYTES / (k * R);
    if (t > (size_t)(48 << 10) / (R * TKMI_YY_MIN_WARPS) || s == 0)
        return 0;
    return s < n ? s : n;
}

/* The first assignment (see tkmi_yy_slice). */
tkm_status TKM_FN(tkmi_cu_sh_yy_first)(TKM_FN(tkmi_gpu) *g,
                                       const TKM_FN(tkmi_yy_dev) *y,
                                       const TKM_FN(tkmi_yy_sh) *s,
                                       char *msg, size_t msglen);
/* cg from g->c (the bound step, after tkmi_cu_yy_groups). */
tkm_status TKM_FN(tkmi_cu_sh_yy_gather)(TKM_FN(tkmi_gpu) *g,
                                        const TKM_FN(tkmi_yy_dev) *y,
                                        const TKM_FN(tkmi_yy_sh) *s,
                                        char *msg, size_t msglen);
/* The assign step: the global filter compacts the points that fail into
 * la; their own distance tightens u and those that still fail go to lw
 * with that squared distance; then a warp per point of lw walks the k
 * centroids in the order of gmem, a lane per centroid, the point staged
 * in shared memory. */
tkm_status TKM_FN(tkmi_cu_sh_yy_assign)(TKM_FN(tkmi_gpu) *g,
                                        const TKM_FN(tkmi_yy_dev) *y,
                                        const TKM_FN(tkmi_yy_sh) *s,
                                        char *msg, size_t msglen);

#ifdef __cplusplus
}
#endif

#endif /* TKM_YINYANG_KERNELS_H */
