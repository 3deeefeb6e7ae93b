/*
 * Runs over several processes (tkm_comm in trikmeans.h): the row split and
 * the library's side of the collective calls.  Every helper is a no-op
 * (or the one-process answer) when comm is NULL, so the solvers call them
 * unconditionally.  Precision independent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "part.h"

void tkm_part_rows(size_t n, int rank, int size, size_t *lo, size_t *hi)
{
    const size_t nb = (n + TKM_PART_BLOCK - 1) / TKM_PART_BLOCK;
    if (size < 1 || rank < 0 || rank >= size) {
        *lo = *hi = 0;
        return;
    }
    /* blocks [nb * r / P, nb * (r + 1) / P): even to one block */
    size_t b0 = nb * (size_t)rank / (size_t)size;
    size_t b1 = nb * ((size_t)rank + 1) / (size_t)size;
    *lo = b0 * TKM_PART_BLOCK < n ? b0 * TKM_PART_BLOCK : n;
    *hi = b1 * TKM_PART_BLOCK < n ? b1 * TKM_PART_BLOCK : n;
}

tkm_status tkmi_part_init(tkmi_part *pt, const tkm_comm *comm, size_t n,
                          char *msg, size_t msglen)
{
    memset(pt, 0, sizeof *pt);
    pt->comm = comm;
    pt->n = pt->n_total = n;
    if (!comm)
        return TKM_OK;
    uint64_t tot = n;
    double t0 = tkmi_now();
    comm->sum_u64(comm->ctx, &tot, 1);
    size_t lo, hi;
    tkm_part_rows((size_t)tot, comm->rank, comm->size, &lo, &hi);
    /* every process learns whether any slice is not the split's */
    uint64_t bad = hi - lo != n ? (uint64_t)comm->rank : UINT64_MAX;
    comm->min_u64(comm->ctx, &bad, 1);
    pt->t_comm = tkmi_now() - t0;
    pt->n_total = (size_t)tot;
    pt->row0 = lo;
    if (bad == UINT64_MAX && comm->size > 1) {
        /* made once here, so that a gather cannot fail midway */
        pt->lay = tkmi_calloc(2, (size_t)comm->size, sizeof *pt->lay);
        tkm_status rc = tkmi_part_agree(
            pt, pt->lay ? TKM_OK
                        : tkmi_fail(TKM_ENOMEM, msg, msglen, "out of memory "
                                    "for the layout of %d processes",
                                    comm->size),
            msg, msglen);
        if (rc != TKM_OK)
            tkmi_part_free(pt);
        return rc;
    }
    if (bad != UINT64_MAX) {
        size_t blo, bhi;
        tkm_part_rows((size_t)tot, (int)bad, comm->size, &blo, &bhi);
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "process %d of %d holds a slice of rows that is not "
                         "tkm_part_rows's (rows %zu..%zu of %zu)",
                         (int)bad, comm->size, blo + 1, bhi, (size_t)tot);
    }
    return TKM_OK;
}

tkm_status tkmi_part_agree(const tkmi_part *pt, tkm_status rc, char *msg,
                           size_t msglen)
{
    if (!pt->comm)
        return rc;
    uint64_t first = rc != TKM_OK ? (uint64_t)pt->comm->rank : UINT64_MAX;
    pt->comm->min_u64(pt->comm->ctx, &first, 1);
    if (first == UINT64_MAX)
        return TKM_OK;
    /* the first failing process's status and message reach every one */
    struct {
        uint64_t code;
        char text[480];
    } why = {(uint64_t)rc, ""};
    /* (the reason is the failing process's; elsewhere msg may hold
     * anything, or nothing a string ends in) */
    if (rc != TKM_OK && msg && msglen)
        snprintf(why.text, sizeof why.text, "%.*s",
                 (int)strnlen(msg, msglen), msg);
    pt->comm->bcast(pt->comm->ctx, &why, sizeof why, (int)first);
    if (rc != TKM_OK)
        return rc;
    why.text[sizeof why.text - 1] = 0;
    return tkmi_fail((tkm_status)why.code, msg, msglen,
                     "process %d of %d: %s", (int)first, pt->comm->size,
                     why.text[0] ? why.text
                                 : tkm_strerror((tkm_status)why.code));
}

size_t tkmi_part_blocks(size_t n)
{
    return (n + TKM_PART_BLOCK - 1) / TKM_PART_BLOCK;
}

void tkmi_part_gather(const tkmi_part *pt, double *all, size_t width,
                      double *t_comm)
{
    const tkm_comm *c = pt->comm;
    if (!c || c->size == 1)
        return;
    size_t *bytes = pt->lay, *off = pt->lay + c->size;
    for (int r = 0; r < c->size; r++) {
        size_t lo, hi;
        tkm_part_rows(pt->n_total, r, c->size, &lo, &hi);
        off[r] = lo / TKM_PART_BLOCK * width * sizeof *all;
        bytes[r] = (tkmi_part_blocks(hi) - lo / TKM_PART_BLOCK) * width *
                   sizeof *all;
        if (hi == lo)
            bytes[r] = 0;
    }
    double t0 = tkmi_now();
    c->gather(c->ctx, all, bytes, off);
    if (t_comm)
        *t_comm += tkmi_now() - t0;
}

void tkmi_part_free(tkmi_part *pt)
{
    free(pt->lay);
    pt->lay = NULL;
}

int tkmi_part_owner(const tkmi_part *pt, size_t i)
{
    if (!pt->comm)
        return 0;
    const int P = pt->comm->size;
    const size_t nb = tkmi_part_blocks(pt->n_total), b = i / TKM_PART_BLOCK;
    /* the first rank r with nb * (r + 1) / P > b */
    int r = (int)(b * (size_t)P / nb);
    while (r > 0 && nb * (size_t)r / (size_t)P > b)
        r--;
    while (nb * ((size_t)r + 1) / (size_t)P <= b)
        r++;
    return r;
}

void tkmi_part_bcast(const tkmi_part *pt, void *buf, size_t bytes, int root,
                     double *t_comm)
{
    if (!pt->comm || pt->comm->size == 1)
        return;
    double t0 = tkmi_now();
    pt->comm->bcast(pt->comm->ctx, buf, bytes, root);
    if (t_comm)
        *t_comm += tkmi_now() - t0;
}

void tkmi_part_sum_u64(const tkmi_part *pt, uint64_t *v, size_t count,
                       double *t_comm)
{
    if (!pt->comm || pt->comm->size == 1)
        return;
    double t0 = tkmi_now();
    pt->comm->sum_u64(pt->comm->ctx, v, count);
    if (t_comm)
        *t_comm += tkmi_now() - t0;
}

void tkmi_part_sum_i128(const tkmi_part *pt, void *v, size_t count,
                        double *t_comm)
{
    if (!pt->comm || pt->comm->size == 1)
        return;
    double t0 = tkmi_now();
    pt->comm->sum_i128(pt->comm->ctx, v, count);
    if (t_comm)
        *t_comm += tkmi_now() - t0;
}

void tkmi_part_max(const tkmi_part *pt, double *v, size_t count, double *t_comm)
{
    if (!pt->comm || pt->comm->size == 1)
        return;
    double t0 = tkmi_now();
    pt->comm->max_f64(pt->comm->ctx, v, count);
    if (t_comm)
        *t_comm += tkmi_now() - t0;
}

size_t tkmi_part_argmax(const tkmi_part *pt, double v, size_t i,
                        double *t_comm)
{
    if (!pt->comm || pt->comm->size == 1)
        return i;
    double t0 = tkmi_now();
    double m = v;
    pt->comm->max_f64(pt->comm->ctx, &m, 1);
    uint64_t at = v == m ? (uint64_t)i : UINT64_MAX;
    pt->comm->min_u64(pt->comm->ctx, &at, 1);
    if (t_comm)
        *t_comm += tkmi_now() - t0;
    return (size_t)at;
}
