/*
 * The start's passes over the data on the GPU (src/cuda/seed.c, the
 * kernels in kernels/seed.cu), and what they share with the CPU's start
 * (src/common/init.c): where a D^2 draw falls.  Included by C and by
 * CUDA C++.
 *
 * The GPU runs k-means++ (both variants) and farthest-first as init.c
 * does, step by step: the same draws from the same generator, each
 * distance summed left to right in double without contraction, the
 * potential summed in blocks of TKM_PART_BLOCK rows, each block left to
 * right, the blocks in order on the host.  So it picks the rows the CPU
 * picks, bit for bit.
 */
#ifndef TKM_SEED_H
#define TKM_SEED_H

#include <stddef.h>
#include <stdint.h>

#include "internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One D^2 draw: row `pick` outright (direct: every point sits on a
 * chosen centroid, or the draw is the first row), else the row of block
 * b where the running sum acc (the blocks before b, then b's rows in
 * order) first exceeds u; the block's last row of non-zero weight when it
 * never does. */
typedef struct {
    uint64_t pick;
    uint64_t b;
    double acc, u;
    int direct;
    int pad_;
} tkmi_d2_draw;

/* Draw from r as the CPU's D^2 sampling draws: part holds the nb block
 * sums of the weights (in order), total their sum; n rows in all. */
void tkmi_d2_locate(const double *part, size_t nb, double total,
                    uint64_t n, tkmi_rng *r, tkmi_d2_draw *out);

/* k-means++ (cand candidates a step: 1 for plain k-means++) or, with
 * farthest set, farthest-first, on the current CUDA device: the k chosen
 * rows' indices into idx.  Dense data of one process only.  TKM_ENOTSUP
 * or TKM_ENODEV (no CUDA), TKM_ENOMEM (no room on the device) or
 * TKM_ECUDA, with the reason; then r may have been drawn from, and the
 * caller starts again from its seed on the CPU. */
tkm_status tkmi_seed_cuda(const tkm_dataset *ds, size_t k, int cand,
                          int farthest, tkmi_rng *r, uint64_t *idx,
                          char *msg, size_t msglen);

/* Every start's one entry: tkm_init_centroids_weighted (w NULL: none;
 * comm NULL: one process, whose CUDA form may choose an unweighted start
 * on the device), and in *on_gpu (may be NULL) whether the device chose
 * it. */
tkm_status tkmi_init_centroids(const tkm_dataset *ds, size_t k,
                               tkm_init_method m, int candidates,
                               uint64_t seed, const double *w,
                               const tkm_comm *comm, tkm_form form,
                               int *on_gpu, double *out, char *msg,
                               size_t msglen);

/* tkmi_init_centroids of one process without weights. */
tkm_status tkmi_init_centroids_form(const tkm_dataset *ds, size_t k,
                                    tkm_init_method m, int candidates,
                                    uint64_t seed, tkm_form form,
                                    int *on_gpu, double *out, char *msg,
                                    size_t msglen);

/* ---- kernels/seed.cu (CUDA builds only) ---------------------------------
 * Each launches on stream st (a cudaStream_t) and returns TKM_ECUDA with
 * the reason when the launch fails. */

/* For each row i and candidate t (its row didx[t]): cmin[t n + i] =
 * min(dmin[i], |x_i - x_didx[t]|^2), dmin NULL read as +infinity.  x: n
 * rows of d doubles, or of d floats (x32) widened. */
tkm_status tkmi_cu_seed_dist(const void *x, int x32, size_t n, size_t d,
                             const uint64_t *didx, int cand,
                             const double *dmin, double *cmin, void *st,
                             char *msg, size_t msglen);

/* cpart[t nb + b] = the sum of cmin[t n + i] over block b's rows, left
 * to right. */
tkm_status tkmi_cu_seed_blocks(const double *cmin, size_t n, int cand,
                               double *cpart, void *st, char *msg,
                               size_t msglen);

/* didx[t] = the row of draw t (draws: cand of them) in dmin. */
tkm_status tkmi_cu_seed_pick(const double *dmin, size_t n,
                             const tkmi_d2_draw *draws, int cand,
                             uint64_t *didx, void *st, char *msg,
                             size_t msglen);

/* The largest dmin, lowest row among equals, of each of nbk groups of
 * rows: bval[g], bidx[g] (nbk = tkmi_cu_seed_argmax_groups(n)). */
size_t tkmi_cu_seed_argmax_groups(size_t n);
tkm_status tkmi_cu_seed_argmax(const double *dmin, size_t n, double *bval,
                               uint64_t *bidx, void *st, char *msg,
                               size_t msglen);

#ifdef __cplusplus
}
#endif

#endif /* TKM_SEED_H */
