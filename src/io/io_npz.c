/*
 * Sparse input from scipy.sparse.save_npz: a zip archive (stored or
 * deflated members, zip64 where sizes need it) of .npy arrays, format
 * ('csr', 'csc' or 'coo'), shape, data, and indices + indptr (csr, csc)
 * or row + col (coo).  The archive is read whole into memory, the
 * members it needs found through its central directory, inflated with
 * zlib and checked against their CRC-32, and every entry becomes one
 * (row, column, value) for io_sparse.c, which builds the canonical CSR:
 * CSC and COO are converted once, an unsorted CSR sorted, duplicates
 * summed.  Precision independent.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "trikmeans.h"
#include "internal.h"
#include "io_read.h"

/* The members read: the first three in every archive. */
enum { M_FORMAT, M_SHAPE, M_DATA, M_INDICES, M_INDPTR, M_ROW, M_COL, M_N };
static const char *const member_names[M_N] = {
    "format.npy", "shape.npy", "data.npy", "indices.npy", "indptr.npy",
    "row.npy", "col.npy"};

/* One member's array, once found and unpacked. */
typedef struct {
    int found;
    size_t local;              /* its local header's offset         */
    size_t csize, usize;       /* compressed and uncompressed bytes */
    unsigned method;           /* 0 stored, 8 deflated              */
    uint32_t crc;
    unsigned char *own;        /* the inflated bytes (NULL: stored) */
    const unsigned char *body; /* its .npy file                     */
    tkmi_npy_head h;
    char name[96];             /* "path: data.npy", for messages    */
} member;

typedef struct {
    const char *path;
    unsigned char *buf; /* the whole archive */
    size_t len;
    member m[M_N];
} archive;

static uint64_t le(const unsigned char *p, size_t bytes)
{
    uint64_t v = 0;
    for (size_t i = 0; i < bytes; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* The whole of f (a regular file) into a->buf. */
static tkm_status slurp(FILE *f, archive *a, char *msg, size_t msglen)
{
    struct stat sb;
    if (fstat(fileno(f), &sb) != 0 || !S_ISREG(sb.st_mode) ||
        sb.st_size < 0 || (off_t)(size_t)sb.st_size != sb.st_size)
        return tkmi_fail(TKM_EIO, msg, msglen, "%s: not a regular file "
                         "(an .npz archive needs one)", a->path);
    a->len = (size_t)sb.st_size;
    if (!(a->buf = tkmi_alloc(a->len ? a->len : 1, 1, 1)))
        return tkmi_fail_alloc(msg, msglen, a->len, 1, 1, "%s: the archive",
                               a->path);
    if (fread(a->buf, 1, a->len, f) != a->len)
        return tkmi_fail(TKM_EIO, msg, msglen, "%s: read error: %s",
                         a->path, strerror(errno));
    return TKM_OK;
}

/* Where the central directory lies and how many entries it has, from the
 * end record (and the zip64 one when the end record says so). */
static tkm_status find_directory(const archive *a, size_t *cd, size_t *cdlen,
                                 size_t *entries, char *msg, size_t msglen)
{
    size_t e = a->len >= 22 ? a->len - 22 : SIZE_MAX, stop;
    stop = a->len >= 22 + 65535 ? a->len - 22 - 65535 : 0;
    while (e != SIZE_MAX && e >= stop && le(a->buf + e, 4) != 0x06054b50)
        e = e > stop ? e - 1 : SIZE_MAX;
    if (e == SIZE_MAX || e < stop)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: not an .npz archive "
                         "(no zip end record; scipy.sparse.save_npz writes "
                         "one)", a->path);
    const unsigned char *r = a->buf + e;
    uint64_t n = le(r + 10, 2), size = le(r + 12, 4), off = le(r + 16, 4);
    if (le(r + 4, 2) != 0 || le(r + 6, 2) != 0)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: a zip archive of "
                         "several disks is not read", a->path);
    if (n == 0xffff || size == 0xffffffffu || off == 0xffffffffu) {
        /* zip64: the locator lies just before the end record */
        uint64_t at = e >= 20 && le(a->buf + e - 20, 4) == 0x07064b50
                          ? le(a->buf + e - 12, 8) : UINT64_MAX;
        if (at > a->len || a->len - at < 56 ||
            le(a->buf + at, 4) != 0x06064b50)
            return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: the zip64 end "
                             "record is missing or damaged", a->path);
        n = le(a->buf + at + 32, 8);
        size = le(a->buf + at + 40, 8);
        off = le(a->buf + at + 48, 8);
    }
    if (off > a->len || size > a->len - off)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: the zip central "
                         "directory lies outside the file (truncated?)",
                         a->path);
    *cd = (size_t)off;
    *cdlen = (size_t)size;
    *entries = (size_t)n;
    return TKM_OK;
}

/* The zip64 extra field of a central directory entry (extra, xlen bytes)
 * gives the sizes and offset whose 32-bit fields are all ones. */
static int zip64_extra(const unsigned char *x, size_t xlen, member *m,
                       int want_u, int want_c, int want_o)
{
    while (xlen >= 4) {
        size_t id = (size_t)le(x, 2), sz = (size_t)le(x + 2, 2), at = 4;
        if (sz > xlen - 4)
            return -1;
        if (id == 1) {
            size_t need = 8 * (size_t)(want_u + want_c + want_o);
            if (sz < need)
                return -1;
            if (want_u) {
                m->usize = (size_t)le(x + at, 8);
                at += 8;
            }
            if (want_c) {
                m->csize = (size_t)le(x + at, 8);
                at += 8;
            }
            if (want_o)
                m->local = (size_t)le(x + at, 8);
            return 0;
        }
        x += 4 + sz;
        xlen -= 4 + sz;
    }
    return want_u || want_c || want_o ? -1 : 0;
}

/* Walk the central directory, recording the members of member_names. */
static tkm_status read_directory(archive *a, char *msg, size_t msglen)
{
    size_t cd = 0, cdlen = 0, entries = 0, at;
    tkm_status st = find_directory(a, &cd, &cdlen, &entries, msg, msglen);
    if (st != TKM_OK)
        return st;
    at = cd;
    for (size_t e = 0; e < entries; e++) {
        const unsigned char *r = a->buf + at;
        if (cd + cdlen - at < 46 || le(r, 4) != 0x02014b50)
            return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: zip central "
                             "directory entry %zu is damaged", a->path, e);
        size_t nl = (size_t)le(r + 28, 2), xl = (size_t)le(r + 30, 2),
               cl = (size_t)le(r + 32, 2);
        if (cd + cdlen - at - 46 < nl + xl + cl)
            return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: zip central "
                             "directory entry %zu is damaged", a->path, e);
        for (int k = 0; k < M_N; k++) {
            member *m = &a->m[k];
            if (strlen(member_names[k]) != nl ||
                memcmp(r + 46, member_names[k], nl) != 0)
                continue;
            if (m->found)
                return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: the "
                                 "archive holds %s twice", a->path,
                                 member_names[k]);
            m->found = 1;
            m->method = (unsigned)le(r + 10, 2);
            m->crc = (uint32_t)le(r + 16, 4);
            m->csize = (size_t)le(r + 20, 4);
            m->usize = (size_t)le(r + 24, 4);
            m->local = (size_t)le(r + 42, 4);
            if (zip64_extra(r + 46 + nl, xl, m, m->usize == 0xffffffffu,
                            m->csize == 0xffffffffu,
                            m->local == 0xffffffffu) != 0)
                return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: the zip64 "
                                 "sizes of %s are missing", a->path,
                                 member_names[k]);
        }
        at += 46 + nl + xl + cl;
    }
    return TKM_OK;
}

/* Inflate (raw deflate) src into dst, exactly dlen bytes. */
static int inflate_all(const unsigned char *src, size_t slen,
                       unsigned char *dst, size_t dlen)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, -MAX_WBITS) != Z_OK)
        return -1;
    int rc = Z_OK;
    size_t in = 0, out = 0;
    while (rc == Z_OK) { /* avail_in and avail_out are 32 bits wide */
        if (z.avail_in == 0 && in < slen) {
            z.next_in = (unsigned char *)src + in;
            z.avail_in = (uInt)(slen - in < UINT_MAX ? slen - in : UINT_MAX);
            in += z.avail_in;
        }
        if (z.avail_out == 0 && out < dlen) {
            z.next_out = dst + out;
            z.avail_out = (uInt)(dlen - out < UINT_MAX ? dlen - out
                                                        : UINT_MAX);
            out += z.avail_out;
        }
        rc = inflate(&z, Z_NO_FLUSH);
        if (rc == Z_BUF_ERROR && z.avail_in == 0 && in == slen)
            break; /* input ended before the stream did */
        if (rc == Z_BUF_ERROR && z.avail_out == 0 && out == dlen)
            break; /* more output than announced */
        if (rc == Z_BUF_ERROR)
            rc = Z_OK;
    }
    size_t made = z.total_out;
    inflateEnd(&z);
    return rc == Z_STREAM_END && made == dlen ? 0 : -1;
}

/* The bytes of member k (stored: where they lie; deflated: inflated),
 * their CRC-32 checked, then their .npy header parsed. */
static tkm_status unpack(archive *a, int k, char *msg, size_t msglen)
{
    member *m = &a->m[k];
    snprintf(m->name, sizeof m->name, "%s: %s", a->path, member_names[k]);
    if (m->local > a->len || a->len - m->local < 30 ||
        le(a->buf + m->local, 4) != 0x04034b50)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: its zip local "
                         "header is damaged", m->name);
    size_t start = m->local + 30 + (size_t)le(a->buf + m->local + 26, 2) +
                   (size_t)le(a->buf + m->local + 28, 2);
    if (start > a->len || m->csize > a->len - start)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: truncated (%zu "
                         "bytes announced)", m->name, m->csize);
    const unsigned char *src = a->buf + start;
    /* deflate expands at most 1032 times (258-byte matches of 2 bits), so
     * a larger size announced is damage, not worth allocating */
    if ((m->method == 0 && m->csize != m->usize) ||
        (m->method == 8 && m->usize / 1032 > m->csize))
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: its sizes (%zu "
                         "bytes packed, %zu unpacked) cannot be (the "
                         "archive is damaged)", m->name, m->csize,
                         m->usize);
    if (m->method == 0) {
        m->body = src;
    } else if (m->method == 8) {
        if (!(m->own = tkmi_alloc(m->usize ? m->usize : 1, 1, 1)))
            return tkmi_fail_alloc(msg, msglen, m->usize, 1, 1, "%s: "
                                   "inflated", m->name);
        if (inflate_all(src, m->csize, m->own, m->usize) != 0)
            return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: its deflated "
                             "data are damaged", m->name);
        m->body = m->own;
    } else {
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: zip compression "
                         "method %u is not read (0, stored, and 8, "
                         "deflated, are: what numpy.savez and "
                         "savez_compressed write)", m->name, m->method);
    }
    if ((uint32_t)crc32_z(0L, m->body, m->usize) != m->crc)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: CRC-32 mismatch "
                         "(the archive is damaged)", m->name);
    tkm_status st = tkmi_npy_head_parse(m->body, m->usize, m->name, &m->h,
                                        msg, msglen);
    size_t count = 1, bytes;
    for (int i = 0; st == TKM_OK && i < m->h.ndim; i++)
        if (tkmi_mul_size(count, m->h.dims[i], 1, &count) != 0)
            count = SIZE_MAX;
    if (st == TKM_OK && (tkmi_mul_size(count, m->h.width, 1, &bytes) != 0 ||
                         bytes != m->usize - m->h.offset))
        st = tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: its shape does not "
                       "match its %zu bytes of data", m->name,
                       m->usize - m->h.offset);
    return st;
}

/* The element p of member m as a signed integer, or -1 when m's values
 * are not integers or p's does not fit int64. */
static int64_t index_of(const member *m, size_t p)
{
    const unsigned char *e = m->body + m->h.offset + p * m->h.width;
    uint64_t u = tkmi_le_bits(e, m->h.kind, m->h.width);
    if (m->h.kind == 'u' && u > (uint64_t)INT64_MAX)
        return -1;
    int64_t v;
    memcpy(&v, &u, sizeof v);
    return v;
}

/* Member m must be a 1-d array of integers (of count elements unless
 * count is SIZE_MAX). */
static tkm_status want_ints(const member *m, size_t count, char *msg,
                            size_t msglen)
{
    if (m->h.ndim != 1 || (m->h.kind != 'i' && m->h.kind != 'u'))
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: not a 1-d array of "
                         "integers", m->name);
    if (count != SIZE_MAX && m->h.dims[0] != count)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: %zu elements where "
                         "%zu are needed", m->name, m->h.dims[0], count);
    return TKM_OK;
}

/* The sparse format the archive says it holds, as text: 'S' or 'U'. */
static tkm_status read_format(const archive *a, char fmt[8], char *msg,
                              size_t msglen)
{
    const member *m = &a->m[M_FORMAT];
    const size_t step = m->h.kind == 'U' ? 4 : 1;
    size_t i = 0;
    if (m->h.ndim != 0 || (m->h.kind != 'S' && m->h.kind != 'U'))
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: not a string",
                         m->name);
    for (; i < 7 && i * step < m->h.width; i++) {
        uint64_t c = le(m->body + m->h.offset + i * step, step);
        if (c == 0)
            break;
        fmt[i] = c < 128 ? (char)c : '?';
    }
    fmt[i] = '\0';
    if (!strcmp(fmt, "csr") || !strcmp(fmt, "csc") || !strcmp(fmt, "coo"))
        return TKM_OK;
    return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: holds a '%s' sparse "
                     "matrix; csr, csc and coo are read (convert it, e.g. "
                     "scipy.sparse.save_npz(path, m.tocsr()))", a->path,
                     fmt);
}

/* The shape member: two non-negative integers. */
static tkm_status read_shape(const archive *a, size_t *n, size_t *d,
                             char *msg, size_t msglen)
{
    const member *m = &a->m[M_SHAPE];
    tkm_status st = want_ints(m, 2, msg, msglen);
    int64_t r = st == TKM_OK ? index_of(m, 0) : 0,
            c = st == TKM_OK ? index_of(m, 1) : 0;
    if (st == TKM_OK && (r < 0 || c < 0))
        st = tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: a negative shape",
                       m->name);
    *n = (size_t)r;
    *d = (size_t)c;
    return st;
}

/* indptr of a compressed format (csr: outer = rows, csc: columns): outer
 * + 1 elements, from 0, never decreasing, to nnz. */
static tkm_status check_indptr(const member *m, size_t outer, size_t nnz,
                               char *msg, size_t msglen)
{
    tkm_status st = want_ints(m, outer + 1, msg, msglen);
    if (st != TKM_OK)
        return st;
    if (index_of(m, 0) != 0)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: starts at %lld, not "
                         "0", m->name, (long long)index_of(m, 0));
    for (size_t i = 0; i < outer; i++)
        if (index_of(m, i + 1) < index_of(m, i))
            return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: decreases at "
                             "element %zu (%lld after %lld)", m->name, i + 1,
                             (long long)index_of(m, i + 1),
                             (long long)index_of(m, i));
    if ((uint64_t)index_of(m, outer) != nnz)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: ends at %lld, but "
                         "data.npy holds %zu values", m->name,
                         (long long)index_of(m, outer), nnz);
    return TKM_OK;
}

/* Element p of an index member m, which must lie in [0, bound) (what
 * names it in a message). */
static tkm_status index_in(const member *m, size_t p, size_t bound,
                           const char *what, int64_t *v, char *msg,
                           size_t msglen)
{
    *v = index_of(m, p);
    if (*v < 0 || (uint64_t)*v >= bound)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: element %zu is %s "
                         "%lld, outside the %zu %ss of shape.npy", m->name,
                         p, what, (long long)*v, bound, what);
    return TKM_OK;
}

/* Element p of data.npy dm as a double into *v, and whether the run's
 * precision target takes it; *vc says why not where it is not finite or
 * too large for a float run (else the value is an integer the precision
 * does not hold exactly). */
static int data_at(const member *dm, size_t p, tkm_precision target,
                   double *v, tkmi_val_check *vc)
{
    const unsigned char *e = dm->body + dm->h.offset + p * dm->h.width;
    *v = tkmi_le_value(e, dm->h.kind, dm->h.width);
    *vc = tkmi_check_value(*v, target);
    return *vc == TKMI_VAL_OK &&
           tkmi_le_int_exact(e, dm->h.kind, dm->h.width, target);
}

/* Every entry of the archive (format fmt, shape c->n x c->d) into c, in
 * the order of data.npy, each value checked against target. */
static tkm_status collect(const archive *a, const char *fmt,
                          tkm_precision target, tkmi_coo *c, char *msg,
                          size_t msglen)
{
    const member *dm = &a->m[M_DATA];
    const int csr = !strcmp(fmt, "csr"), csc = !strcmp(fmt, "csc");
    const member *im = &a->m[csr || csc ? M_INDICES : M_COL];
    const member *om = &a->m[csr || csc ? M_INDPTR : M_ROW];
    const size_t nnz = dm->h.ndim == 1 ? dm->h.dims[0] : 0;
    tkm_status st = TKM_OK;
    if (dm->h.ndim != 1 || dm->h.kind == 'S' || dm->h.kind == 'U')
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: not a 1-d array of "
                         "numbers", dm->name);
    if ((st = want_ints(im, nnz, msg, msglen)) != TKM_OK ||
        (st = csr || csc ? check_indptr(om, csr ? c->n : c->d, nnz, msg,
                                        msglen)
                         : want_ints(om, nnz, msg, msglen)) != TKM_OK ||
        (st = tkmi_coo_reserve(c, nnz, a->path, msg, msglen)) != TKM_OK)
        return st;
    size_t outer = 0; /* csr: the row, csc: the column of entry p */
    for (size_t p = 0; p < nnz; p++) {
        int64_t r = 0, col = 0;
        while ((csr || csc) && (uint64_t)index_of(om, outer + 1) <= p)
            outer++;
        if (csr)
            st = index_in(im, p, c->d, "column", &col, msg, msglen);
        else if (csc)
            st = index_in(im, p, c->n, "row", &r, msg, msglen);
        else if ((st = index_in(om, p, c->n, "row", &r, msg, msglen)) ==
                 TKM_OK)
            st = index_in(im, p, c->d, "column", &col, msg, msglen);
        if (st != TKM_OK)
            return st;
        if (csr)
            r = (int64_t)outer;
        if (csc)
            col = (int64_t)outer;
        double v;
        tkmi_val_check vc;
        if (!data_at(dm, p, target, &v, &vc))
            return tkmi_fail(vc == TKMI_VAL_NONFINITE ? TKM_EFORMAT
                                                      : TKM_ERANGE,
                             msg, msglen, "%s: row %lld, column %lld "
                             "(data.npy element %zu): %.17g %s", a->path,
                             (long long)r, (long long)col, p, v,
                             vc == TKMI_VAL_NONFINITE
                                 ? "is not a finite number (NaN and Inf "
                                   "are not allowed)"
                             : vc == TKMI_VAL_F32
                                 ? "does not fit in float; run with "
                                   "--precision f64"
                                 : "is an integer not held exactly in the "
                                   "run's precision");
        c->row[p] = r;
        c->col[p] = col;
        c->val[p] = v;
    }
    c->nnz = nnz;
    return TKM_OK;
}

/* A 'csr' archive already canonical (each row's columns increasing, every
 * index in range, every value as collect() takes it) straight into out,
 * the rows checked and converted in parallel, without collecting and
 * sorting its entries: 1 when done; 0 when the archive needs the general
 * path (any fault, a row out of order, a process's share of the rows),
 * which then names the first fault; -1 out of memory for the block (of
 * *bytes). */
static int fast_csr(const archive *a, size_t n, size_t d,
                    const tkm_read_opts *o, tkm_dataset *out, size_t *bytes)
{
    const member *dm = &a->m[M_DATA], *im = &a->m[M_INDICES],
                 *om = &a->m[M_INDPTR];
    char scratch[8];
    if (o->comm || n == 0 || d == 0 || n >= (size_t)INT64_MAX ||
        d >= (size_t)INT64_MAX || dm->h.ndim != 1 || dm->h.kind == 'S' ||
        dm->h.kind == 'U')
        return 0;
    const size_t nnz = dm->h.dims[0];
    if (want_ints(im, nnz, scratch, sizeof scratch) != TKM_OK ||
        check_indptr(om, n, nnz, scratch, sizeof scratch) != TKM_OK)
        return 0;
    const int f32 = o->keep_f32 && dm->h.kind == 'f' && dm->h.width == 4;
    if (tkmi_mul_size(n + 1 + nnz, sizeof(int64_t), 1, bytes) ||
        *bytes + nnz * (f32 ? sizeof(float) : sizeof(double)) < *bytes)
        return 0;
    *bytes += nnz * (f32 ? sizeof(float) : sizeof(double));
    /* one block, as tkmi_coo_to_csr makes it (tkm_dataset_free frees it) */
    unsigned char *block = tkmi_alloc(*bytes, 1, 1);
    if (!block)
        return -1;
    int64_t *ptr = (int64_t *)(void *)block, *col = ptr + n + 1;
    float *vf = (float *)(void *)(col + nnz);
    double *vd = (double *)(void *)(col + nnz);
    int bad = 0;
    const long long nn = (long long)n;
    const int threads = tkmi_threads(0);
#pragma omp parallel for num_threads(threads) if (threads > 1) \
    schedule(static) reduction(| : bad)
    for (long long i = 0; i < nn; i++) {
        const int64_t q0 = index_of(om, (size_t)i);
        const int64_t q1 = index_of(om, (size_t)i + 1);
        int64_t prev = -1;
        ptr[i] = q0;
        for (int64_t q = q0; !bad && q < q1; q++) {
            const int64_t c = index_of(im, (size_t)q);
            double v;
            tkmi_val_check vc;
            const int ok = data_at(dm, (size_t)q, o->target, &v, &vc);
            if (!ok || c <= prev || (uint64_t)c >= d)
                bad = 1;
            prev = col[q] = c;
            if (f32)
                vf[q] = (float)v;
            else
                vd[q] = v;
        }
    }
    if (bad) {
        free(block);
        return 0;
    }
    ptr[n] = (int64_t)nnz;
    out->csr = (tkm_csr){.data = col + nnz, .indices = col, .indptr = ptr,
                         .f32 = f32, .idx64 = 1};
    out->csr_own = block;
    out->n = n;
    out->d = d;
    return 1;
}

/* Contract in io_read.h. */
tkm_status tkmi_read_npz(FILE *f, const char *path, const tkm_read_opts *o,
                         tkm_dataset *out, char *msg, size_t msglen)
{
    archive a;
    tkmi_coo c;
    char fmt[8] = "";
    memset(&a, 0, sizeof a);
    memset(&c, 0, sizeof c);
    a.path = path;
    tkm_status st = slurp(f, &a, msg, msglen);
    if (st == TKM_OK)
        st = read_directory(&a, msg, msglen);
    for (int k = 0; st == TKM_OK && k < M_DATA + 1; k++)
        if (!a.m[k].found)
            st = tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: no %s in the "
                           "archive (not written by scipy.sparse.save_npz?)",
                           path, member_names[k]);
    if (st == TKM_OK)
        st = unpack(&a, M_FORMAT, msg, msglen);
    if (st == TKM_OK)
        st = read_format(&a, fmt, msg, msglen);
    const int coo = !strcmp(fmt, "coo");
    const int need[] = {M_SHAPE, M_DATA, coo ? M_ROW : M_INDICES,
                        coo ? M_COL : M_INDPTR};
    for (size_t i = 0; st == TKM_OK && i < sizeof need / sizeof *need; i++)
        st = a.m[need[i]].found
                 ? unpack(&a, need[i], msg, msglen)
                 : tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: a '%s' archive "
                             "without %s", path, fmt,
                             member_names[need[i]]);
    if (st == TKM_OK)
        st = read_shape(&a, &c.n, &c.d, msg, msglen);
    size_t bytes = 0;
    const int done = st == TKM_OK && !strcmp(fmt, "csr")
                         ? fast_csr(&a, c.n, c.d, o, out, &bytes)
                         : 0;
    if (done < 0)
        st = tkmi_fail_alloc(msg, msglen, bytes, 1, 1, "%s: %zu sparse rows",
                             path, c.n);
    if (st == TKM_OK && !done)
        st = collect(&a, fmt, o->target, &c, msg, msglen);
    const member *dm = &a.m[M_DATA];
    if (st == TKM_OK && !done)
        st = tkmi_coo_to_csr(&c, path, o, o->keep_f32 && dm->h.kind == 'f' &&
                                              dm->h.width == 4,
                             out, msg, msglen);
    for (int k = 0; k < M_N; k++)
        free(a.m[k].own);
    free(a.buf);
    tkmi_coo_free(&c);
    return st;
}
