/*
 * Output of matrices and labels as CSV, TSV or NumPy .npy (version 1.0),
 * chosen by the extension of the path.  Every file is written under a
 * temporary name in the same directory and renamed into place, so it
 * appears whole or not at all, and one larger than the free space of its
 * file system is refused before it is begun.  The path "-" is standard
 * output, as CSV (written as it goes: a failure can leave part of it).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/statvfs.h>
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
    af->tmp = tkmi_alloc(len, 1, 1);
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

/* The NPY v1.0 header's dict into head + 10 (256 bytes at head); its
 * length.  With the preamble and a newline it is padded to a multiple of
 * 64 bytes (npy_header_bytes). */
static size_t npy_dict(char *head, const char *descr, const char *shape)
{
    int len = snprintf(head + 10, 246, "{'descr': '%s', 'fortran_order': "
                       "False, 'shape': %s, }", descr, shape);
    return (size_t)len;
}

/* Bytes of the whole header around a dict of that length. */
static size_t npy_header_bytes(size_t dict)
{
    return (10 + dict + 1 + 63) / 64 * 64;
}

/* NPY v1.0 header: preamble, dict and newline fill a multiple of 64 bytes,
 * padded with spaces, as NumPy writes it.  Returns 0 or an errno. */
static int npy_header(FILE *f, const char *descr, const char *shape)
{
    char head[256];
    size_t len = npy_dict(head, descr, shape);
    size_t total = npy_header_bytes(len);
    size_t hlen = total - 10;
    memcpy(head, "\x93NUMPY\x01\x00", 8);
    head[8] = (char)(hlen & 0xff);
    head[9] = (char)(hlen >> 8);
    memset(head + 10 + len, ' ', total - 11 - len);
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
            if (tkmi_put_double(f, a[i * d + j]) != 0)
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

/* The folder path would be written in, into buf: "." when path names
 * none, "/" for a file at the root. */
static void folder_of(const char *path, char *buf, size_t len)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(buf, len, ".");
    else if (slash == path)
        snprintf(buf, len, "/");
    else
        snprintf(buf, len, "%.*s", (int)(slash - path), path);
}

/* Contract in internal.h. */
size_t tkmi_space_free(const char *path)
{
    char dir[4096];
    struct statvfs v;
    if (strlen(path) >= sizeof dir)
        return SIZE_MAX;
    folder_of(path, dir, sizeof dir);
    if (statvfs(dir, &v) != 0 || v.f_frsize == 0)
        return SIZE_MAX;
    return v.f_bavail > SIZE_MAX / v.f_frsize
               ? SIZE_MAX
               : (size_t)v.f_bavail * (size_t)v.f_frsize;
}

/* Contract in internal.h. */
tkm_status tkmi_space_check(const char *path, size_t bytes, int exact,
                            char *msg, size_t msglen)
{
    char hb[32], hf[32];
    if (!strcmp(path, "-") || bytes == 0)
        return TKM_OK;
    size_t avail = tkmi_space_free(path);
    if (bytes <= avail)
        return TKM_OK;
    tkmi_human_bytes(bytes, hb, sizeof hb);
    tkmi_human_bytes(avail, hf, sizeof hf);
    return tkmi_fail(TKM_EIO, msg, msglen, "%s: %s%zu bytes (%s) to write, "
                     "more than the %zu bytes (%s) free on its file system",
                     path, exact ? "" : "at least ", bytes, hb, avail, hf);
}

/* Bytes of an .npy file of body bytes after a header for descr and
 * shape. */
static size_t npy_bytes(const char *descr, const char *shape, size_t body)
{
    char head[256];
    size_t h = npy_header_bytes(npy_dict(head, descr, shape));
    return body > SIZE_MAX - h ? SIZE_MAX : h + body;
}

/* Contract in internal.h. */
size_t tkmi_output_bytes(const char *path, size_t n, size_t d, int labels,
                         int *exact)
{
    out_format fmt = out_format_of(path);
    char shape[64];
    size_t body = 0;
    *exact = fmt == OUT_NPY;
    if (fmt == OUT_UNKNOWN)
        return 0;
    if (fmt != OUT_NPY) { /* a digit and a separator or newline each */
        tkmi_plan_add(&body, n, d, 2);
        return body;
    }
    if (labels)
        snprintf(shape, sizeof shape, "(%zu,)", n);
    else
        snprintf(shape, sizeof shape, "(%zu, %zu)", n, d);
    tkmi_plan_add(&body, n, d, labels ? 4 : 8);
    return npy_bytes(labels ? "<i4" : "<f8", shape, body);
}

/* Contract in internal.h. */
tkm_status tkmi_write_atomic(const char *path, size_t bytes, int exact,
                             int (*fill)(FILE *f, void *ctx), void *ctx,
                             char *msg, size_t msglen)
{
    tkm_status st = tkmi_space_check(path, bytes, exact, msg, msglen);
    if (st != TKM_OK)
        return st;
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
    st = af_open(&af, path, msg, msglen);
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

/* Write the n x d row-major matrix a to path as .csv/.tsv (each value in
 * the fewest digits that read back to it exactly) or .npy ('<f8', shape (n, d)).  The file appears whole or not
 * at all: TKM_EIO (a write that failed, or one refused for want of space
 * before it began) leaves neither it nor a temporary behind. */
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
    int exact;
    bytes = tkmi_output_bytes(path, n, d, 0, &exact);
    return tkmi_write_atomic(path, bytes, exact, fill_matrix, &j, msg,
                             msglen);
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
    int exact;
    size_t bytes = tkmi_output_bytes(path, n, 1, 1, &exact);
    return tkmi_write_atomic(path, bytes, exact, fill_labels, &j, msg,
                             msglen);
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
    int exact;
    tkm_status st = tkmi_mem_check(tkmi_output_bytes(path, n, 1, 1, &exact),
                                   msg, msglen, "%s: the bytes of %zu labels",
                                   path, n);
    if (st != TKM_OK)
        return st;
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
