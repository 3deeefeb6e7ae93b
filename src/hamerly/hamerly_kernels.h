/*
 * Hamerly's device entry points (precision dependent; include real.h and
 * cuda_engine.h first).  Each queues its kernels on g->st, checks every
 * launch and returns TKM_ECUDA with the failing call in msg.  u and l
 * hold n bounds each, s the k half distances to the nearest other
 * centroid (tkmi_cu_halves).
 */
#ifndef TKM_HAMERLY_KERNELS_H
#define TKM_HAMERLY_KERNELS_H

#ifdef __cplusplus
extern "C" {
#endif

/* kernels/hamerly_global.cu, a thread per point.  first: nearest and
 * second nearest of every point, bounds set.  move: the bound phase (the
 * drifts of the last update); it is elementwise, so both CUDA forms use
 * this one.  assign: the global test, then the point's own distance, then
 * all k for the points that still fail. */
tkm_status TKM_FN(tkmi_cu_hamerly_first)(TKM_FN(tkmi_gpu) *g, tkm_real *u,
                                         tkm_real *l, char *msg,
                                         size_t msglen);
tkm_status TKM_FN(tkmi_cu_hamerly_move)(TKM_FN(tkmi_gpu) *g, tkm_real *u,
                                        tkm_real *l, char *msg,
                                        size_t msglen);
tkm_status TKM_FN(tkmi_cu_hamerly_assign)(TKM_FN(tkmi_gpu) *g, tkm_real *u,
                                          tkm_real *l, const tkm_real *s,
                                          char *msg, size_t msglen);

/* kernels/hamerly_shared.cu.  first: nearest and second nearest of every
 * point.  assign (after tkmi_cu_hamerly_move and tkmi_cu_halves): the
 * global test compacts the failing points into la (length cnt[0]); their
 * own distance tightens u and the points that still fail go to lb
 * (length cnt[1]) with that squared distance in a2; then the nearest and
 * second nearest of the points in lb.  la, lb: n entries; a2: n.  Lists
 * as cuda_engine.h describes them. */
tkm_status TKM_FN(tkmi_cu_sh_hamerly_first)(TKM_FN(tkmi_gpu) *g, tkm_real *u,
                                            tkm_real *l, char *msg,
                                            size_t msglen);
tkm_status TKM_FN(tkmi_cu_sh_hamerly_assign)(
    TKM_FN(tkmi_gpu) *g, tkm_real *u, tkm_real *l, const tkm_real *s,
    size_t *la, size_t *lb, tkm_real *a2, unsigned long long *cnt,
    char *msg, size_t msglen);

#ifdef __cplusplus
}
#endif

#endif /* TKM_HAMERLY_KERNELS_H */
