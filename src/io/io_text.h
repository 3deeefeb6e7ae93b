/*
 * Internal interface between io_text.c (a text file's lines: fields, the
 * header, values) and io_text_part.c (a file read in parts: chunks on
 * several threads, shares on several processes).  Precision independent.
 */
#ifndef TKM_IO_TEXT_H
#define TKM_IO_TEXT_H

#include <stddef.h>
#include <stdio.h>

#include "trikmeans.h"

/* Growable array of the values read so far (fixed: a slice of a larger
 * array that must not grow). */
typedef struct {
    double *v;
    size_t len, cap;
    int fixed;
} tkmi_dbuf;

/* A text read in progress: what the lines so far decided, the values
 * read, and where a failure's message goes. */
typedef struct {
    const char *path;
    tkm_precision target;
    size_t line;    /* 1-based number of the line being read          */
    size_t n, d;    /* data rows so far; fields per row (0 = unknown) */
    char sep;       /* ',', '\t', ' ' (runs of blanks), 0 = unknown   */
    int seen_first; /* the first non-comment line has been seen      */
    tkm_header header; /* what that line is                          */
    char delim;        /* the separator asked for, 0 = detect          */
    size_t hdr_fields; /* fields of the header taken, 0 = none        */
    size_t hdr_line;   /* its line                                    */
    char *hdr_copy;    /* the header line, its fields NUL-terminated  */
    char **hdr_names;  /* its hdr_fields fields, in hdr_copy          */
    const tkm_read_opts *o; /* the columns to read, the note buffer   */
    unsigned char *keep; /* the columns read (NULL: every one)        */
    size_t dk;         /* how many: the values of a row               */
    tkmi_dbuf vals;
    char *msg;
    size_t msglen;
} tkmi_text_ctx;

/* Feed the lines of [*p, e) to the line reader of c, each copied (with
 * its newline, as getline gives it) into *buf (*cap bytes, grown as
 * needed; the caller frees it); stop after the first data row when
 * first_row, or at the first error (its status, message in c->msg).
 * *p is left after the last line fed. */
tkm_status tkmi_text_feed(tkmi_text_ctx *c, const char **p, const char *e,
                          char **buf, size_t *cap, int first_row);

/* The rows of [p, e), whole lines after the first data row, parsed in
 * chunks on every thread and appended to c->vals in order (c->n counts
 * them); of several errors the first in the file is reported. */
tkm_status tkmi_text_chunks(tkmi_text_ctx *c, const char *p, const char *e);

/* The whole file mapped at m (size bytes) into c: its lines up to the
 * first data row in order, the rest by tkmi_text_chunks. */
tkm_status tkmi_text_mapped(tkmi_text_ctx *c, const char *m, size_t size);

/* The rows of the regular file f that are this process's among the
 * processes of cm (collective: every process calls it, and a failure on
 * any is every process's, with that process's message). */
tkm_status tkmi_text_part(tkmi_text_ctx *c, FILE *f, const tkm_comm *cm);

#endif /* TKM_IO_TEXT_H */
