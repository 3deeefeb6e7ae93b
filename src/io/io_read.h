/*
 * Internal interface of the data-set reader: io_read.c (entry points,
 * format dispatch) calls io_text.c (CSV, TSV, whitespace) and io_bin.c
 * (NumPy .npy, raw little-endian), which check values with io_check.c.
 * Precision independent.
 */
#ifndef TKM_IO_READ_H
#define TKM_IO_READ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "trikmeans.h"

typedef enum {
    TKMI_VAL_OK,        /* usable                               */
    TKMI_VAL_NONFINITE, /* NaN or Inf                            */
    TKMI_VAL_F32        /* finite, but too large for a float run */
} tkmi_val_check;

/* io_map.c: the files the readers mapped, so that tkm_dataset_free can
 * tell an array that lies in a mapping from one it must free().
 * tkmi_map_keep records that x lies in the mapping [base, base + len):
 * 0, or -1 when out of memory (the caller unmaps and reads instead).
 * tkmi_unmap unmaps the mapping x lies in and returns 1, or returns 0
 * when x is not in one (NULL included).  Thread-safe. */
int tkmi_map_keep(const void *x, void *base, size_t len);
int tkmi_unmap(const void *x);

/* io_check.c: can v be used by a run in the target precision?  Pure; the caller turns
 * anything but TKMI_VAL_OK into its own message (the position differs). */
tkmi_val_check tkmi_check_value(double v, tkm_precision target);

/* io_cols.c: the columns o->usecols or o->skip_cols select from a file of
 * d columns whose header names them (names[0..d), NULL: no header).
 * *keep is NULL when every column is read (no selection), else a new
 * array of d flags (1: read; the caller frees it); *dk the columns read.
 * TKM_EINVAL naming path and the item when the selection cannot work: an
 * empty item, an index out of range, an unknown or ambiguous name, a
 * name without a header, a column given twice, no column left. */
tkm_status tkmi_cols_select(const tkm_read_opts *o, const char *path,
                            size_t d, char *const *names,
                            unsigned char **keep, size_t *dk, char *msg,
                            size_t msglen);

/* Read f (opened on path, at its start) as text: CSV, TSV, runs of
 * blanks or o->delimiter, a header line as o->header says, '#' comments;
 * values checked against o->target.  On TKM_OK out->x is a
 * new n*d array owned by the caller and out->n, out->d are set; on failure
 * *out is left as it was (the caller frees it) and msg names the file and
 * the line and column: TKM_EFORMAT, TKM_ERANGE, TKM_EIO or TKM_ENOMEM. */
tkm_status tkmi_read_text(FILE *f, const char *path, const tkm_read_opts *o,
                          tkm_dataset *out, char *msg, size_t msglen);

/* Read f (opened on path, a regular file, at its start) as NumPy .npy
 * version 1.0 to 3.0: C-ordered, 1-d or 2-d, little-endian float32/64 or
 * 8..64-bit integers, checked against o->target; only this process's
 * rows when o->comm is set.  Ownership and failures
 * as for tkmi_read_text; a rejected value is named by its row in the file
 * and its column, both counted from 0. */
tkm_status tkmi_read_npy(FILE *f, const char *path, const tkm_read_opts *o,
                         tkm_dataset *out, char *msg, size_t msglen);

/* Read f (opened on path, a regular file, at its start) as raw
 * little-endian float<bits> (32 or 64, already checked) with o->raw_d
 * columns and o->raw_n rows (0 = as many as the file holds); checked
 * against o->target.  Ownership and failures as for tkmi_read_npy, plus
 * TKM_EINVAL when raw_d is too large. */
tkm_status tkmi_read_raw(FILE *f, const char *path, const tkm_read_opts *o,
                         int bits, tkm_dataset *out, char *msg,
                         size_t msglen);

/* io_bin.c: the header of a .npy array that lies in memory (a member of
 * an .npz archive). */
typedef struct {
    char kind;      /* 'f', 'i', 'u', 'b' (bool), 'S' (bytes), 'U' (UCS-4) */
    size_t width;   /* bytes per element                                  */
    int ndim;       /* 0, 1 or 2                                          */
    size_t dims[2]; /* the shape, ndim of them                            */
    size_t offset;  /* where the elements begin                           */
} tkmi_npy_head;

/* Parse the .npy header at the start of buf (len bytes, path naming it
 * in messages): C order, little-endian numbers as tkmi_read_npy takes
 * them, and also bool, bytes and unicode strings; 0-d to 2-d.  Elements
 * are not checked; TKM_EFORMAT (or TKM_ENOMEM) with a message naming
 * path. */
tkm_status tkmi_npy_head_parse(const unsigned char *buf, size_t len,
                               const char *path, tkmi_npy_head *hd,
                               char *msg, size_t msglen);

/* The bits of one little-endian element of kind ('i' sign-extended to 64
 * bits) and width bytes, and its value as a double ('b' read as 'u'),
 * whatever the host's byte order. */
uint64_t tkmi_le_bits(const unsigned char *p, char kind, size_t width);
double tkmi_le_value(const unsigned char *p, char kind, size_t width);
/* Whether that element is held exactly by the target precision (floats
 * and bools always are; an integer needs at most 24 or 53 significant
 * bits). */
int tkmi_le_int_exact(const unsigned char *p, char kind, size_t width,
                      tkm_precision target);

/* io_sparse.c: the entries of a sparse matrix as a reader collects
 * them, in the file's order (a (row, column) may come more than once). */
typedef struct {
    size_t n, d;        /* the matrix's shape                */
    size_t nnz, cap;    /* entries held, and room for        */
    int64_t *row, *col; /* each entry's row and column, from 0 */
    double *val;        /* and its value, already checked    */
} tkmi_coo;

/* Room for cap entries in c (kept when it has it already); TKM_ENOMEM
 * naming path.  tkmi_coo_free frees c's arrays and empties it. */
tkm_status tkmi_coo_reserve(tkmi_coo *c, size_t cap, const char *path,
                            char *msg, size_t msglen);
void tkmi_coo_free(tkmi_coo *c);

/* The canonical CSR of c's rows that are this process's (o->comm's
 * tkm_part_rows slice, rows renumbered from its first; every row when
 * comm is NULL) into out->n, d, csr and csr_own (one block, int64
 * indices): rows in order, columns increasing, the entries of one (row,
 * column) summed in the file's order in double, each sum checked against
 * o->target (TKM_ERANGE naming path, the row in the file and the
 * column).  f32: every value of c is a float32 of the file, kept as
 * float unless some were summed.  TKM_EFORMAT for an empty shape or an
 * entry outside it, TKM_ENOMEM; out is left as it was on failure but for
 * csr and csr_own, which tkm_dataset_free frees. */
tkm_status tkmi_coo_to_csr(const tkmi_coo *c, const char *path,
                           const tkm_read_opts *o, int f32,
                           tkm_dataset *out, char *msg, size_t msglen);

/* Value (i, j) of canonical CSR c (a row's d values: csr.h's
 * tkmi_csr_row). */
double tkmi_csr_at(const tkm_csr *c, size_t i, size_t j);

/* Replace ds's sparse points by the same points dense (x), freeing what
 * tkm_dataset_free would; a dense ds is left as it is.  TKM_ENOMEM (ds
 * unchanged). */
tkm_status tkmi_dataset_densify(tkm_dataset *ds, char *msg, size_t msglen);

/* io_npz.c and io_mtx.c: read f (opened on path, a regular file for
 * npz, at its start) as a scipy.sparse .npz archive or a MatrixMarket
 * coordinate file into out's CSR (tkmi_coo_to_csr says how); a value
 * that is not finite or too large for o->target is refused naming the
 * file and its place (the entry in data.npy, the line of the .mtx).
 * Failures as for tkmi_read_text. */
tkm_status tkmi_read_npz(FILE *f, const char *path, const tkm_read_opts *o,
                         tkm_dataset *out, char *msg, size_t msglen);
tkm_status tkmi_read_mtx(FILE *f, const char *path, const tkm_read_opts *o,
                         tkm_dataset *out, char *msg, size_t msglen);

#endif /* TKM_IO_READ_H */
