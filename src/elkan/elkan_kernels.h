/*
 * Elkan's device entry points (precision dependent; include real.h and
 * cuda_engine.h first).  Each queues its kernels on g->st, checks every
 * launch and returns TKM_ECUDA with the failing call in msg.  u holds n
 * upper bounds, l n*k lower bounds, h k*k and s k half distances of the
 * centroids (tkmi_cu_halves).  The order of the steps is in
 * src/elkan/elkan_cuda.c.
 */
#ifndef TKM_ELKAN_KERNELS_H
#define TKM_ELKAN_KERNELS_H

#ifdef __cplusplus
extern "C" {
#endif

/* kernels/elkan_global.cu, a thread per point, l centroid-major
 * (l[c*n + i]).  first: all k distances, every bound set.  move: the
 * bound phase.  assign: the global and per-centroid tests, the distances
 * that survive. */
tkm_status TKM_FN(tkmi_cu_elkan_first)(TKM_FN(tkmi_gpu) *g, tkm_real *u,
                                       tkm_real *l, char *msg, size_t msglen);
tkm_status TKM_FN(tkmi_cu_elkan_move)(TKM_FN(tkmi_gpu) *g, tkm_real *u,
                                      tkm_real *l, char *msg, size_t msglen);
tkm_status TKM_FN(tkmi_cu_elkan_assign)(TKM_FN(tkmi_gpu) *g, tkm_real *u,
                                        tkm_real *l, const tkm_real *h,
                                        const tkm_real *s, char *msg,
                                        size_t msglen);

/* kernels/elkan_shared.cu, l point-major (l[i*k + c]); lists as
 * cuda_engine.h describes them.
 *
 * The first assignment sets every bound and gives every point Lloyd's
 * label.  Below a dimension (cand_first false) it is one pass of all k
 * distances (full).  From there on it goes through candidates:
 *   ctrans; cand: the nearest centroid on the first coordinates (a
 *   candidate label b), then u and l(x, b) from the distance to b;
 *   halves; test: the global test compacts the points it cannot prove
 *   into list (length cnt[0]); lemma: l(x, c) >= 2 h(b, c) - u(x) for
 *   every c != b; listed: every distance of the listed points;
 *   cand_counts: the counters of the work done. */
int TKM_FN(tkmi_cu_sh_elkan_cand_first)(const TKM_FN(tkmi_gpu) *g);
tkm_status TKM_FN(tkmi_cu_sh_elkan_full)(TKM_FN(tkmi_gpu) *g, tkm_real *u,
                                         tkm_real *l, char *msg,
                                         size_t msglen);
tkm_status TKM_FN(tkmi_cu_sh_elkan_cand)(TKM_FN(tkmi_gpu) *g, tkm_real *u,
                                         tkm_real *l,
                                         unsigned long long *cnt, char *msg,
                                         size_t msglen);
tkm_status TKM_FN(tkmi_cu_sh_elkan_test)(TKM_FN(tkmi_gpu) *g,
                                         tkm_real *u, const tkm_real *s,
                                         size_t *list, int32_t *ll,
                                         tkm_real *lu,
                                         unsigned long long *cnt, char *msg,
                                         size_t msglen);
tkm_status TKM_FN(tkmi_cu_sh_elkan_lemma)(TKM_FN(tkmi_gpu) *g,
                                          const tkm_real *u,
                                          const tkm_real *h, tkm_real *l,
                                          char *msg, size_t msglen);
tkm_status TKM_FN(tkmi_cu_sh_elkan_listed)(TKM_FN(tkmi_gpu) *g, tkm_real *u,
                                           tkm_real *l, const size_t *list,
                                           unsigned long long *cnt,
                                           char *msg, size_t msglen);
tkm_status TKM_FN(tkmi_cu_sh_elkan_cand_counts)(TKM_FN(tkmi_gpu) *g,
                                                char *msg, size_t msglen);

/* The later iterations, with the lower bounds stored lazily (arith.h's
 * tkmi_bnd_lift: l[i*k + c] against P[c], the centroid's safe drifts
 * summed).  move: the bound phase, P grows by this step's drifts (k
 * values; the n k bounds are not touched).  assign (after
 * tkmi_cu_halves): the global test grows each u by its centroid's drift
 * and compacts the failing points into list (length cnt[0]), then a warp
 * per listed point (the next one counted in cnt[1]) tests 32 centroids
 * at a time, each bound read back against P, and computes the distances
 * that survive. */
tkm_status TKM_FN(tkmi_cu_sh_elkan_move)(TKM_FN(tkmi_gpu) *g, tkm_real *P,
                                         char *msg, size_t msglen);
tkm_status TKM_FN(tkmi_cu_sh_elkan_assign)(
    TKM_FN(tkmi_gpu) *g, tkm_real *u, tkm_real *l, const tkm_real *P,
    const tkm_real *h, const tkm_real *s, size_t *list, int32_t *ll,
    tkm_real *lu, unsigned long long *cnt, char *msg, size_t msglen);

#ifdef __cplusplus
}
#endif

#endif /* TKM_ELKAN_KERNELS_H */
