/*
 * Output of matrices and labels as CSV, TSV or NumPy .npy (version 1.0),
 * chosen by the extension of the path.  Every file is written under a
 * temporary name in the same directory and renamed into place, so it
 * appears whole or not at all.  The path "-" is standard output, as CSV
 * (written as it goes: a failure can leave part of it).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "trikmeans.h"
#include "internal.h"

typedef enum { OUT_CSV, OUT_TSV, OUT_NPY, OUT_UNKNOWN } out_format;

static out_format out_format_of(const char *path)
{
    if (!strcmp(path, "-"))
        return OUT_CSV;
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(slash ? slash + 1 : path, '.');
    if (!dot)
        return OUT_UNKNOWN;
    if (!strcasecmp(dot, ".csv"))
        return OUT_CSV;
    if (!strcasecmp(dot, ".tsv"))
        return OUT_TSV;
    if (!strcasecmp(dot, ".npy"))
        return OUT_NPY;
    return OUT_UNKNOWN;
}

/* A temporary file that becomes path on commit. */
typedef struct {
    const char *path;
    char *tmp;
    FILE *f;
} atomic_file;

static tkm_status af_open(atomic_file *af, const char *path, char *msg,
                          size_t msglen)
{
    size_t len = strlen(path) + 32;
    af->path = path;
    af->tmp = malloc(len);
    if (!af->tmp)
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "%s: out of memory", path);
    snprintf(af->tmp, len, "%s.tmp.%ld", path, (long)getpid());
    af->f = fopen(af->tmp, "wb");
    if (!af->f)
        return tkmi_fail(TKM_EIO, msg, msglen, "%s: cannot write: %s", path,
                         strerror(errno));
    return TKM_OK;
}

/* Drop the temporary file, if any; safe to call twice. */
static void af_abort(atomic_file *af)
{
    if (af->f)
        fclose(af->f);
    if (af->tmp)
        remove(af->tmp);
    free(af->tmp);
    af->f = NULL;
    af->tmp = NULL;
}

/* Flush, close and rename the temporary file onto the path; err is the
 * errno of a write that already failed, or 0. */
static tkm_status af_commit(atomic_file *af, int err, char *msg,
                            size_t msglen)
{
    if (!err && (fflush(af->f) != 0 || ferror(af->f)))
        err = errno ? errno : EIO;
    if (fclose(af->f) != 0 && !err)
        err = errno ? errno : EIO;
    af->f = NULL;
    if (!err && rename(af->tmp, af->path) != 0)
        err = errno;
    if (err) {
        af_abort(af);
        return tkmi_fail(TKM_EIO, msg, msglen, "%s: cannot write: %s",
                         af->path, strerror(err));
    }
    free(af->tmp);
    af->tmp = NULL;
    return TKM_OK;
}

/* errno of the stream call that just failed, never 0. */
static int stream_err(void)
{
    return errno ? errno : EIO;
}

static int put_bytes(FILE *f, const void *p, size_t len)
{
    return fwrite(p, 1, len, f) == len ? 0 : stream_err();
}

/* NPY v1.0 header: preamble, dict and newline fill a multiple of 64 bytes,
 * padded with spaces, as NumPy writes it.  Returns 0 or an errno. */
static int npy_header(FILE *f, const char *descr, const char *shape)
{
    char head[256];
    int len = snprintf(head + 10, sizeof head - 10, "{'descr': '%s', "
                       "'fortran_order': False, 'shape': %s, }", descr,
                       shape);
    size_t total = (10 + (size_t)len + 1 + 63) / 64 * 64;
    size_t hlen = total - 10;
    memcpy(head, "\x93NUMPY\x01\x00", 8);
    head[8] = (char)(hlen & 0xff);
    head[9] = (char)(hlen >> 8);
    memset(head + 10 + len, ' ', total - 11 - (size_t)len);
    head[total - 1] = '\n';
    return put_bytes(f, head, total);
}

/* Append v as width little-endian bytes at buf. */
static void put_le(unsigned char *buf, uint64_t v, size_t width)
{
    for (size_t i = 0; i < width; i++)
        buf[i] = (unsigned char)(v >> (8 * i));
}

static int npy_matrix(FILE *f, const double *a, size_t n, size_t d)
{
    unsigned char buf[4096];
    char shape[64];
    size_t total = n * d, used = 0;
    uint64_t u;
    int err;
    snprintf(shape, sizeof shape, "(%zu, %zu)", n, d);
    err = npy_header(f, "<f8", shape);
    for (size_t i = 0; i < total && !err; i++) {
        memcpy(&u, &a[i], sizeof u);
        put_le(buf + used, u, 8);
        used += 8;
        if (used == sizeof buf || i + 1 == total) {
            err = put_bytes(f, buf, used);
            used = 0;
        }
    }
    return err;
}

/* The labels of an .npy file of n_total labels: its header when header,
 * then the n labels given. */
static int npy_labels_of(FILE *f, const int32_t *labels, size_t n,
                         size_t n_total, int header)
{
    unsigned char buf[4096];
    char shape[64];
    size_t used = 0;
    int err = 0;
    snprintf(shape, sizeof shape, "(%zu,)", n_total);
    if (header)
        err = npy_header(f, "<i4", shape);
    for (size_t i = 0; i < n && !err; i++) {
        put_le(buf + used, (uint32_t)labels[i], 4);
        used += 4;
        if (used == sizeof buf || i + 1 == n) {
            err = put_bytes(f, buf, used);
            used = 0;
        }
    }
    return err;
}

static int npy_labels(FILE *f, const int32_t *labels, size_t n)
{
    return npy_labels_of(f, labels, n, n, 1);
}

static int text_matrix(FILE *f, const double *a, size_t n, size_t d,
                       char sep)
{
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < d; j++) {
            if (j && fputc(sep, f) == EOF)
                return stream_err();
            if (fprintf(f, "%.17g", a[i * d + j]) < 0) /* exact round trip */
                return stream_err();
        }
        if (fputc('\n', f) == EOF)
            return stream_err();
    }
    return 0;
}

static int text_labels(FILE *f, const int32_t *labels, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (fprintf(f, "%" PRId32 "\n", labels[i]) < 0)
            return stream_err();
    return 0;
}

static tkm_status unknown_ext(const char *path, char *msg, size_t msglen)
{
    return tkmi_fail(TKM_EINVAL, msg, msglen, "%s: unknown output format; "
                     "name the file .csv, .tsv or .npy", path);
}

tkm_status tkmi_write_atomic(const char *path,
                             int (*fill)(FILE *f, void *ctx), void *ctx,
                             char *msg, size_t msglen)
{
    if (!strcmp(path, "-")) {
        errno = 0;
        int err = fill(stdout, ctx);
        if (!err && fflush(stdout) != 0)
            err = errno ? errno : EIO;
        if (err)
            return tkmi_fail(TKM_EIO, msg, msglen,
                             "standard output: cannot write: %s",
                             strerror(err));
        return TKM_OK;
    }
    atomic_file af = {path, NULL, NULL};
    tkm_status st = af_open(&af, path, msg, msglen);
    if (st == TKM_OK) {
        errno = 0;
        st = af_commit(&af, fill(af.f, ctx), msg, msglen);
    }
    af_abort(&af);
    return st;
}

typedef struct {
    const double *a;
    const int32_t *labels;
    size_t n, d;
    out_format fmt;
} write_job;

static int fill_matrix(FILE *f, void *ctx)
{
    const write_job *j = ctx;
    return j->fmt == OUT_NPY ? npy_matrix(f, j->a, j->n, j->d)
                             : text_matrix(f, j->a, j->n, j->d,
                                           j->fmt == OUT_TSV ? '\t' : ',');
}

static int fill_labels(FILE *f, void *ctx)
{
    const write_job *j = ctx;
    return j->fmt == OUT_NPY ? npy_labels(f, j->labels, j->n)
                             : text_labels(f, j->labels, j->n);
}

/* Write the n x d row-major matrix a to path as .csv/.tsv ("%.17g", exact
 * round trip) or .npy ('<f8', shape (n, d)).  The file appears whole or not
 * at all: TKM_EIO leaves neither it nor a temporary behind. */
tkm_status tkm_write_matrix(const char *path, const double *a, size_t n,
                            size_t d, char *msg, size_t msglen)
{
    write_job j = {a, NULL, n, d, path ? out_format_of(path) : OUT_UNKNOWN};
    size_t bytes;
    if (!path || d == 0 || (n > 0 && !a) ||
        tkmi_mul_size(n, d, sizeof *a, &bytes) != 0)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "tkm_write_matrix: need a "
                         "path, d >= 1 and n*d values");
    if (j.fmt == OUT_UNKNOWN)
        return unknown_ext(path, msg, msglen);
    return tkmi_write_atomic(path, fill_matrix, &j, msg, msglen);
}

/* Write n labels to path as .csv/.tsv (one integer per line) or .npy
 * ('<i4', shape (n,)); atomic like tkm_write_matrix. */
tkm_status tkm_write_labels(const char *path, const int32_t *labels,
                            size_t n, char *msg, size_t msglen)
{
    write_job j = {NULL, labels, n, 1,
                   path ? out_format_of(path) : OUT_UNKNOWN};
    if (!path || (n > 0 && !labels))
        return tkmi_fail(TKM_EINVAL, msg, msglen, "tkm_write_labels: need a "
                         "path and n labels");
    if (j.fmt == OUT_UNKNOWN)
        return unknown_ext(path, msg, msglen);
    return tkmi_write_atomic(path, fill_labels, &j, msg, msglen);
}

tkm_status tkm_labels_bytes(const char *path, const int32_t *labels,
                            size_t n, size_t n_total, int header,
                            char **bytes, size_t *len, char *msg,
                            size_t msglen)
{
    out_format fmt = path ? out_format_of(path) : OUT_UNKNOWN;
    *bytes = NULL;
    *len = 0;
    if (!path || (n > 0 && !labels) || n > n_total)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "tkm_labels_bytes: need a "
                         "path and n <= n_total labels");
    if (fmt == OUT_UNKNOWN)
        return unknown_ext(path, msg, msglen);
    FILE *f = open_memstream(bytes, len);
    if (!f)
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "%s: out of memory for "
                         "%zu labels", path, n);
    int err = fmt == OUT_NPY ? npy_labels_of(f, labels, n, n_total, header)
                             : text_labels(f, labels, n);
    if (fclose(f) != 0 && !err)
        err = ENOMEM;
    if (err) {
        free(*bytes);
        *bytes = NULL;
        *len = 0;
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "%s: out of memory for "
                         "%zu labels", path, n);
    }
    return TKM_OK;
}
