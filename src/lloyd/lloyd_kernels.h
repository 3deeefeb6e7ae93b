/*
 * Lloyd's device entry points (precision dependent; include real.h and
 * cuda_engine.h first).  Each queues its kernels on g->st, checks every
 * launch and returns TKM_ECUDA with the failing call in msg.
 */
#ifndef TKM_LLOYD_KERNELS_H
#define TKM_LLOYD_KERNELS_H

#ifdef __cplusplus
extern "C" {
#endif

/* kernels/lloyd_global.cu: every point against every centroid, a thread
 * per point, centroids read from global memory. */
tkm_status TKM_FN(tkmi_cu_lloyd_assign)(TKM_FN(tkmi_gpu) *g, char *msg,
                                        size_t msglen);

/* kernels/lloyd_shared.cu: the same through the shared-memory tiles of
 * kernels/assign_shared.cuh. */
tkm_status TKM_FN(tkmi_cu_sh_lloyd)(TKM_FN(tkmi_gpu) *g, char *msg,
                                    size_t msglen);

#ifdef __cplusplus
}
#endif

#endif /* TKM_LLOYD_KERNELS_H */
