/*
 * The library's side of a run over several processes (part.c): which
 * rows this process holds, and the collective calls of tkm_comm behind
 * helpers that are the one-process answer when there is no comm.
 * Precision independent.  Helpers that take t_comm add their seconds in
 * the transport to it (NULL: not timed).
 */
#ifndef TKM_PART_H
#define TKM_PART_H

#include <stddef.h>
#include <stdint.h>

#include "internal.h"

typedef struct {
    const tkm_comm *comm; /* NULL: one process                            */
    size_t n;             /* rows of this process                         */
    size_t n_total;       /* rows of all processes                        */
    size_t row0;          /* global index of this process's first row     */
    double t_comm;        /* seconds tkmi_part_init spent                 */
    size_t *lay;          /* 2 x size: tkmi_part_gather's bytes and
                             offsets (NULL with at most one process)    */
} tkmi_part;

/* Fill pt for a process holding n rows (collective): the total, this
 * process's first row, and TKM_EINVAL on every process when a slice is
 * not tkm_part_rows's, TKM_ENOMEM on every process when one could not
 * make its scratch.  Free with tkmi_part_free once it succeeded. */
tkm_status tkmi_part_init(tkmi_part *pt, const tkm_comm *comm, size_t n,
                          char *msg, size_t msglen);

/* Free what tkmi_part_init made; accepts a pt it never filled in only
 * when zeroed. */
void tkmi_part_free(tkmi_part *pt);

/* Collective: rc when every process's rc is TKM_OK or this one failed;
 * otherwise the first failing process's status, with a message naming
 * it, so that no process goes on into a call the others never make.
 * msg is read only where rc is not TKM_OK (it holds the reason there);
 * elsewhere it is only written. */
tkm_status tkmi_part_agree(const tkmi_part *pt, tkm_status rc, char *msg,
                           size_t msglen);

/* Blocks of TKM_PART_BLOCK rows in n rows. */
size_t tkmi_part_blocks(size_t n);

/* all holds width doubles per global block; this process has filled in
 * its own blocks (from row0 / TKM_PART_BLOCK on): fill in the others. */
void tkmi_part_gather(const tkmi_part *pt, double *all, size_t width,
                      double *t_comm);

/* The process that holds global row i. */
int tkmi_part_owner(const tkmi_part *pt, size_t i);

void tkmi_part_bcast(const tkmi_part *pt, void *buf, size_t bytes, int root,
                     double *t_comm);
void tkmi_part_sum_u64(const tkmi_part *pt, uint64_t *v, size_t count,
                       double *t_comm);
void tkmi_part_sum_i128(const tkmi_part *pt, void *v, size_t count,
                        double *t_comm);
/* v[0..count-1] each the largest over the processes. */
void tkmi_part_max(const tkmi_part *pt, double *v, size_t count,
                   double *t_comm);

/* src/solve/fit.c: sample weights w of this process's rows (NULL: none)
 * each finite and >= 0, some weight above 0 on some process, and every
 * process with rows weighted when one is (a collective: every process
 * calls it with its rows); TKM_EINVAL with the reason. */
tkm_status tkmi_weights_check(const tkm_dataset *ds, const double *w,
                              const tkmi_part *pt, char *msg, size_t msglen);

/* The global row of the largest v over the processes, the lowest index
 * among equals; each process offers its best v at global row i. */
size_t tkmi_part_argmax(const tkmi_part *pt, double v, size_t i,
                        double *t_comm);

#endif /* TKM_PART_H */
