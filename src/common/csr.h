/*
 * Sparse points as the caller gave them (tkm_csr: values double or
 * float, columns and row starts int32_t or int64_t), read one item at a
 * time, and what the library's double-precision code needs of them
 * (csr.c).
 */
#ifndef TKM_CSR_H
#define TKM_CSR_H

#include <stddef.h>
#include <stdint.h>

#include "trikmeans.h"

/* Row start i of c. */
static inline int64_t tkmi_csr_start(const tkm_csr *c, size_t i)
{
    return c->idx64 ? ((const int64_t *)c->indptr)[i]
                    : (int64_t)((const int32_t *)c->indptr)[i];
}

/* Column of stored value q of c. */
static inline int64_t tkmi_csr_col(const tkm_csr *c, int64_t q)
{
    return c->idx64 ? ((const int64_t *)c->indices)[q]
                    : (int64_t)((const int32_t *)c->indices)[q];
}

/* Stored value q of c, in double. */
static inline double tkmi_csr_val(const tkm_csr *c, int64_t q)
{
    return c->f32 ? (double)((const float *)c->data)[q]
                  : ((const double *)c->data)[q];
}

/* The row starts of n rows: from 0, never decreasing; the first row whose
 * start or end is out of order, or n when none. */
size_t tkmi_csr_bad_starts(const tkm_csr *c, size_t n);

/* The frame of the sparse points of ds: indptr there, the row starts in
 * order, indices and data there when a value is stored; TKM_EINVAL naming
 * the fault (row row0 + its place), the message prefixed with what. */
tkm_status tkmi_csr_frame(const tkm_dataset *ds, size_t row0,
                          const char *what, char *msg, size_t msglen);

/* The fault of stored value q of row i of ds, if it has one: a column out
 * of range (TKM_EINVAL), not above the row's previous one (TKM_EINVAL),
 * or a value that is not finite (TKM_ERANGE), named as above; TKM_OK
 * when the value is sound. */
tkm_status tkmi_csr_fault(const tkm_dataset *ds, size_t i, int64_t q,
                          size_t row0, const char *what, char *msg,
                          size_t msglen);

/* The sparse points of ds checked as tkm_fit checks them (row starts in
 * order, columns in range and increasing within a row, values finite;
 * the first fault in the data's order named, its row as row0 + its
 * place): TKM_OK, TKM_EINVAL or TKM_ERANGE, the message prefixed with
 * what (as "init: "). */
tkm_status tkmi_csr_check(const tkm_dataset *ds, size_t row0,
                          const char *what, char *msg, size_t msglen);

/* Row i of the sparse points of ds as d doubles into out. */
void tkmi_csr_row(const tkm_dataset *ds, size_t i, double *out);

#endif /* TKM_CSR_H */
