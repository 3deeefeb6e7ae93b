/*
 * Internal interface of the data-set reader: io_read.c (entry points,
 * format dispatch) calls io_text.c (CSV, TSV, whitespace) and io_bin.c
 * (NumPy .npy, raw little-endian), which check values with io_check.c.
 * Precision independent.
 */
#ifndef TKM_IO_READ_H
#define TKM_IO_READ_H

#include <stddef.h>
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

#endif /* TKM_IO_READ_H */
