/*
 * Data-set input from binary files: NumPy .npy and raw little-endian
 * arrays.  Elements are decoded to double whatever the host's byte order;
 * every rejection names the file and the row and column, counted from 0
 * (as NumPy indexes them and --usecols names them).
 */
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "trikmeans.h"
#include "internal.h"
#include "io_read.h"

/* Size in bytes of the regular file behind f. */
static tkm_status file_size(FILE *f, const char *path, size_t *size,
                            char *msg, size_t msglen)
{
    struct stat sb;
    if (fstat(fileno(f), &sb) != 0)
        return tkmi_fail(TKM_EIO, msg, msglen, "%s: cannot stat: %s", path,
                         strerror(errno));
    if (!S_ISREG(sb.st_mode))
        return tkmi_fail(TKM_EIO, msg, msglen,
                         "%s: not a regular file (binary formats need one)",
                         path);
    if (sb.st_size < 0 || (off_t)(size_t)sb.st_size != sb.st_size)
        return tkmi_fail(TKM_EIO, msg, msglen, "%s: file size out of range",
                         path);
    *size = (size_t)sb.st_size;
    return TKM_OK;
}

/* ---- binary bodies (npy and raw) --------------------------------------- */

typedef struct {
    char kind;    /* 'f', 'i' or 'u'          */
    size_t width; /* bytes per element        */
    size_t n, d;  /* shape (n: the rows read) */
    size_t row0;  /* first row read (a part)  */
    unsigned char *keep; /* columns read, NULL: all */
    size_t dk;    /* how many                 */
} bin_layout;

/* The bits of one little-endian element, an integer ('i') sign-extended
 * to 64 bits, whatever the host's byte order. */
static uint64_t load_le(const unsigned char *p, char kind, size_t width)
{
    uint64_t u = 0;
    for (size_t i = 0; i < width; i++)
        u |= (uint64_t)p[i] << (8 * i);
    if (kind == 'i' && width < 8 && (u >> (8 * width - 1)) & 1)
        u |= ~(uint64_t)0 << (8 * width);
    return u;
}

/* One little-endian element to double, whatever the host's byte order. */
static double decode(const unsigned char *p, char kind, size_t width)
{
    uint64_t u = load_le(p, kind, width);
    uint32_t u32;
    int64_t s;
    float fl;
    double db;
    if (kind == 'f' && width == 4) {
        u32 = (uint32_t)u;
        memcpy(&fl, &u32, sizeof fl);
        return (double)fl;
    }
    if (kind == 'f') {
        memcpy(&db, &u, sizeof db);
        return db;
    }
    if (kind == 'u')
        return (double)u;
    memcpy(&s, &u, sizeof s);
    return (double)s;
}

/* Whether the little-endian integer at p (kind 'i' or 'u') is held
 * exactly by a binary float of mant significand bits. */
static int int_exact(const unsigned char *p, char kind, size_t width,
                     int mant)
{
    uint64_t u = load_le(p, kind, width);
    if (kind == 'i' && (u >> 63))
        u = ~u + 1; /* the magnitude; INT64_MIN's is 2^63, exact */
    if (u == 0)
        return 1;
    int bits = 64 - __builtin_clzll(u);
    return bits <= mant || (u & ((UINT64_C(1) << (bits - mant)) - 1)) == 0;
}

static tkm_status bad_binary_value(const char *path, size_t idx,
                                   const bin_layout *L,
                                   double v, tkmi_val_check vc, char *msg,
                                   size_t msglen)
{
    const size_t d = L->d;
    idx += L->row0 * d; /* the row in the file */
    if (vc == TKMI_VAL_NONFINITE)
        return tkmi_fail(TKM_EFORMAT, msg, msglen,
                         "%s: row %zu, column %zu: %g is not a finite number "
                         "(NaN and Inf are not allowed)", path, idx / d,
                         idx % d, v);
    return tkmi_fail(TKM_ERANGE, msg, msglen,
                     "%s: row %zu, column %zu: %g does not fit in float; run "
                     "with --precision f64", path, idx / d, idx % d,
                     v);
}

/* Read L->n * L->d elements from the current position of f, checking
 * every value of the columns read, into a new array *xout of those
 * (L->n * L->dk). */
static tkm_status read_body(FILE *f, const char *path, const bin_layout *L,
                            tkm_precision target, double **xout, char *msg,
                            size_t msglen)
{
    unsigned char buf[16384];
    size_t total = L->n * L->d, done = 0, want, i, put = 0;
    double *x = tkmi_alloc(L->n, L->dk, sizeof *x);
    tkmi_val_check vc;
    tkm_status st = TKM_OK;
    if (!x) {
        st = tkmi_fail_alloc(msg, msglen, L->n, L->dk, sizeof *x,
                             "%s: %zu x %zu values", path, L->n, L->dk);
        goto cleanup;
    }
    while (done < total) {
        want = total - done < sizeof buf / L->width ? total - done
                                                     : sizeof buf / L->width;
        if (fread(buf, L->width, want, f) != want) {
            st = ferror(f) ? tkmi_fail(TKM_EIO, msg, msglen, "%s: read "
                                       "error: %s", path, strerror(errno))
                           : tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: "
                                       "truncated at row %zu", path,
                                       L->row0 + done / L->d);
            goto cleanup;
        }
        for (i = 0; i < want; i++) {
            if (L->keep && !L->keep[(done + i) % L->d])
                continue;
            const double v = decode(buf + i * L->width, L->kind, L->width);
            if (L->kind != 'f' && L->width >= 4 &&
                !int_exact(buf + i * L->width, L->kind, L->width,
                           target == TKM_F32 ? 24 : 53)) {
                size_t at = done + i;
                uint64_t u = load_le(buf + i * L->width, L->kind, L->width);
                int64_t sv;
                char digits[24];
                memcpy(&sv, &u, sizeof sv);
                if (L->kind == 'i')
                    snprintf(digits, sizeof digits, "%lld", (long long)sv);
                else
                    snprintf(digits, sizeof digits, "%llu",
                             (unsigned long long)u);
                st = tkmi_fail(TKM_ERANGE, msg, msglen,
                               "%s: row %zu, column %zu: the integer %s "
                               "is not held exactly in %s (more than %d "
                               "significant bits); scale it, or convert the "
                               "file to floats yourself", path,
                               L->row0 + at / L->d, at % L->d, digits,
                               target == TKM_F32 ? "float" : "double",
                               target == TKM_F32 ? 24 : 53);
                goto cleanup;
            }
            vc = tkmi_check_value(v, target);
            if (vc != TKMI_VAL_OK) {
                st = bad_binary_value(path, done + i, L, v, vc, msg, msglen);
                goto cleanup;
            }
            x[put++] = v;
        }
        done += want;
    }
    *xout = x;
    x = NULL;
cleanup:
    free(x);
    return st;
}

/* Whether this host stores a double and a float as the little-endian
 * bytes a .npy '<f8' and '<f4' hold (then the file's values are used as
 * they lie). */
static int host_le_floats(void)
{
    const double one = 1.0; /* 0x3ff0000000000000 */
    const float onef = 1.0f; /* 0x3f800000 */
    unsigned char b[sizeof one], c[sizeof onef];
    memcpy(b, &one, sizeof b);
    memcpy(c, &onef, sizeof c);
    return b[7] == 0x3f && b[6] == 0xf0 && b[0] == 0 && c[3] == 0x3f &&
           c[2] == 0x80 && c[0] == 0;
}

/* Values first_bad tests together: a block passes in one branch. */
#define CHECK_BLOCK 1024

/* Whether every one of m values at x (doubles, or floats when f32) has
 * |v| <= lim: one flag over the block, no early exit, so that the loop
 * is vectorised. */
static inline int block_ok(const double *x, const float *x32, size_t m,
                           double lim)
{
    /* flags as wide as the values, for the vector compare's lanes */
    int32_t bad32 = 0;
    int64_t bad = 0;
    if (x32) {
        const float l = (float)lim;
        for (size_t i = 0; i < m; i++)
            bad32 |= (int32_t)!(fabsf(x32[i]) <= l);
    } else {
        for (size_t i = 0; i < m; i++)
            bad |= (int64_t)!(fabs(x[i]) <= lim);
    }
    return !bad && !bad32;
}

/* The first of the nd values at body (doubles, or floats when f32) that
 * tkmi_check_value refuses for target, in the data's order; nd if none.
 * One parallel pass. */
static size_t first_bad(const void *body, int f32, size_t nd,
                        tkm_precision target)
{
    const double *x = body;
    const float *x32 = body;
    /* tkmi_check_value's test: finite, and within float's range for an
     * f32 run (a finite float value always is) */
    const double lim = f32 || target == TKM_F32 ? FLT_MAX : DBL_MAX;
    const long long blocks = (long long)((nd + CHECK_BLOCK - 1) / CHECK_BLOCK);
    long long bad = (long long)nd;
#pragma omp parallel for schedule(static) reduction(min : bad)
    for (long long b = 0; b < blocks; b++) {
        const size_t lo = (size_t)b * CHECK_BLOCK;
        const size_t m = nd - lo < CHECK_BLOCK ? nd - lo : CHECK_BLOCK;
        const double *xb = f32 ? NULL : x + lo;
        const float *fb = f32 ? x32 + lo : NULL;
        /* a whole block's count is known here, and its loop vectorised */
        if (m == CHECK_BLOCK ? block_ok(xb, fb, CHECK_BLOCK, lim)
                             : block_ok(xb, fb, m, lim))
            continue;
        for (size_t i = lo; i < lo + m && (long long)i < bad; i++) {
            double v = f32 ? (double)x32[i] : x[i];
            if (tkmi_check_value(v, target) != TKMI_VAL_OK)
                bad = (long long)i;
        }
    }
    return (size_t)bad;
}

/* A float64 file (.npy or raw) whose body is aligned for doubles, and a
 * float32 one when keep_f32 asks for it (an f32 run), is used where it
 * lies: the file is mapped copy-on-write (writes to x change the
 * process's copy, never the file) and its values checked in one parallel
 * pass, the first bad one in the data's order named.  The doubles become
 * out->x, the floats out->x32.  TKM_ENOTSUP when the file cannot be
 * mapped here or holds other values (the caller then reads it). */
static tkm_status map_body(FILE *f, const char *path, size_t size,
                           size_t offset, const bin_layout *L,
                           const tkm_read_opts *o, tkm_dataset *out,
                           char *msg, size_t msglen)
{
    const int f32 = L->width == 4 && o->keep_f32;
    if (L->keep || L->kind != 'f' || !(L->width == 8 || f32) ||
        offset % L->width ||
        !host_le_floats() || L->n == 0 || L->d == 0)
        return TKM_ENOTSUP;
    void *base = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE,
                      fileno(f), 0);
    if (base == MAP_FAILED)
        return TKM_ENOTSUP;
    madvise(base, size, MADV_SEQUENTIAL);
    void *body = (unsigned char *)base + offset;
    const size_t nd = L->n * L->d, bad = first_bad(body, f32, nd, o->target);
    if (bad < nd) {
        double v = f32 ? (double)((float *)body)[bad] : ((double *)body)[bad];
        tkm_status st = bad_binary_value(path, bad, L, v,
                                         tkmi_check_value(v, o->target),
                                         msg, msglen);
        munmap(base, size);
        return st;
    }
    if (tkmi_map_keep(body, base, size) != 0) {
        munmap(base, size);
        return TKM_ENOTSUP;
    }
    if (f32)
        out->x32 = body;
    else
        out->x = body;
    return TKM_OK;
}

/* The file must hold exactly offset bytes of header and the shape's data. */
static tkm_status check_length(const char *path, size_t size, size_t offset,
                               const bin_layout *L, char *msg, size_t msglen)
{
    size_t data, have = size > offset ? size - offset : 0;
    if (L->n == 0 || L->d == 0)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: no data rows "
                         "(shape %zu x %zu)", path, L->n, L->d);
    if (tkmi_mul_size(L->n, L->d, L->width, &data) != 0 ||
        data > SIZE_MAX - offset)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: shape %zu x %zu is "
                         "too large", path, L->n, L->d);
    if (have < data)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: truncated: shape "
                         "%zu x %zu of %zu-byte values needs %zu bytes after "
                         "the %zu-byte header, the file has %zu", path, L->n,
                         L->d, L->width, data, offset, have);
    if (have > data)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: %zu bytes after the "
                         "%zu x %zu data (wrong shape?)", path,
                         have - data, L->n, L->d);
    return TKM_OK;
}

/* Narrow L to the rows of this process of comm (NULL: every row) and
 * move offset to the first of them; f is positioned there for read_body. */
static tkm_status take_part(FILE *f, const char *path, const tkm_comm *comm,
                            bin_layout *L, size_t *offset, char *msg,
                            size_t msglen)
{
    if (!comm)
        return TKM_OK;
    size_t lo, hi;
    tkm_part_rows(L->n, comm->rank, comm->size, &lo, &hi);
    L->row0 = lo;
    L->n = hi - lo;
    *offset += lo * L->d * L->width;
    if (fseeko(f, (off_t)*offset, SEEK_SET) != 0)
        return tkmi_fail(TKM_EIO, msg, msglen, "%s: cannot seek to row %zu: "
                         "%s", path, lo, strerror(errno));
    return TKM_OK;
}

/* ---- npy --------------------------------------------------------------- */

/* Check the magic and version among the first have bytes of pre (8 are
 * needed) and give the width of the header length that follows them: 2
 * for version 1.0, 4 for 2.0 and 3.0. */
static tkm_status npy_magic(const unsigned char *pre, size_t have,
                            const char *path, size_t *lenbytes, char *msg,
                            size_t msglen)
{
    if (have < 8 || memcmp(pre, "\x93NUMPY", 6) != 0)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: not a .npy file (no "
                         "\\x93NUMPY magic)", path);
    if (pre[6] < 1 || pre[6] > 3 || pre[7] != 0)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: unsupported .npy "
                         "version %d.%d (1.0, 2.0 and 3.0 are read)", path,
                         pre[6], pre[7]);
    *lenbytes = pre[6] == 1 ? 2 : 4;
    return TKM_OK;
}

/* The little-endian header length of lenbytes bytes at p. */
static size_t npy_hlen(const unsigned char *p, size_t lenbytes)
{
    size_t h = 0;
    for (size_t i = 0; i < lenbytes; i++)
        h |= (size_t)p[i] << (8 * i);
    return h;
}

/* Read the magic, version and header dict (NUL-terminated into *hdr);
 * *offset is where the data begin. */
static tkm_status npy_preamble(FILE *f, const char *path, size_t size,
                               char **hdr, size_t *offset, char *msg,
                               size_t msglen)
{
    unsigned char pre[12] = {0};
    size_t lenbytes = 2, hlen;
    char *h = NULL;
    size_t got = size < 10 ? 0 : fread(pre, 1, 8, f);
    tkm_status st = npy_magic(pre, got, path, &lenbytes, msg, msglen);
    if (st != TKM_OK)
        goto cleanup;
    if (fread(pre + 8, 1, lenbytes, f) != lenbytes) {
        st = tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: truncated .npy "
                       "header", path);
        goto cleanup;
    }
    hlen = npy_hlen(pre + 8, lenbytes);
    *offset = 8 + lenbytes + hlen;
    h = *offset <= size ? tkmi_alloc(hlen + 1, 1, 1) : NULL;
    if (!h || fread(h, 1, hlen, f) != hlen) {
        st = tkmi_fail(*offset <= size && !h ? TKM_ENOMEM : TKM_EFORMAT, msg,
                       msglen, "%s: truncated .npy header (%zu bytes "
                       "announced)", path, hlen);
        goto cleanup;
    }
    h[hlen] = '\0';
    *hdr = h;
    h = NULL;
cleanup:
    free(h);
    return st;
}

/* The header dictionary, parsed: where each of its three values starts
 * in the header text (NumPy writes exactly these keys, each once). */
enum { NPY_DESCR, NPY_FORTRAN, NPY_SHAPE, NPY_NKEYS };
typedef struct {
    const char *val[NPY_NKEYS];
} npy_dict;

static const char *skip_blanks(const char *p)
{
    return p + strspn(p, " \t\n");
}

/* End of the Python literal at p (a quoted string, a bracketed list or
 * tuple, or a bare word such as True or 3), or NULL when malformed. */
static const char *literal_end(const char *p)
{
    int depth = 0;
    const char *start = p;
    for (;;) {
        if (*p == '\'' || *p == '"') {
            const char *e = strchr(p + 1, *p);
            if (!e)
                return NULL;
            p = e + 1;
        } else if (*p == '(' || *p == '[' || *p == '{') {
            depth++;
            p++;
        } else if (*p == ')' || *p == ']' || *p == '}') {
            if (depth == 0)
                return p > start ? p : NULL;
            depth--;
            p++;
        } else if (*p == ',' && depth == 0) {
            return p > start ? p : NULL;
        } else if (*p == '\0') {
            return NULL;
        } else {
            p++;
        }
        if (depth == 0 && (*p == ',' || *p == '}' || *p == ' '))
            return p;
    }
}

/* Parse the header text h as NumPy's dictionary of 'descr',
 * 'fortran_order' and 'shape', each exactly once and nothing else, then
 * blanks to the end.  A key's name inside another value is just text. */
static tkm_status npy_parse_dict(const char *h, const char *path,
                                 npy_dict *d, char *msg, size_t msglen)
{
    static const char *const keys[NPY_NKEYS] = {"descr", "fortran_order",
                                                "shape"};
    const char *p = skip_blanks(h);
    memset(d, 0, sizeof *d);
    if (*p++ != '{')
        goto malformed;
    for (;;) {
        p = skip_blanks(p);
        if (*p == '}')
            break;
        if (*p != '\'' && *p != '"')
            goto malformed;
        const char *e = strchr(p + 1, *p);
        if (!e)
            goto malformed;
        size_t klen = (size_t)(e - p - 1);
        int which = -1;
        for (int k = 0; k < NPY_NKEYS; k++)
            if (strlen(keys[k]) == klen && !strncmp(p + 1, keys[k], klen))
                which = k;
        if (which < 0)
            return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: the .npy header "
                             "has an unexpected key '%.*s'", path,
                             (int)(klen < 40 ? klen : 40), p + 1);
        if (d->val[which])
            return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: the .npy header "
                             "gives '%s' twice", path, keys[which]);
        p = skip_blanks(e + 1);
        if (*p++ != ':')
            goto malformed;
        p = skip_blanks(p);
        d->val[which] = p;
        if (!(p = literal_end(p)))
            goto malformed;
        p = skip_blanks(p);
        if (*p == ',')
            p++;
        else if (*p != '}')
            goto malformed;
    }
    if (*skip_blanks(p + 1) != '\0')
        goto malformed;
    for (int k = 0; k < NPY_NKEYS; k++)
        if (!d->val[k])
            return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: the .npy header "
                             "has no '%s'", path, keys[k]);
    return TKM_OK;
malformed:
    return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: the .npy header is not "
                     "a dictionary of 'descr', 'fortran_order' and 'shape'",
                     path);
}

/* Parse 'descr' into *kind and *width: little-endian float32/64 and
 * 8..64-bit integers, and with more (an .npz member's) also bool '|b1',
 * bytes '|S<n>' and unicode '<U<n>' (width 4n), whose kind is 'b', 'S'
 * or 'U'. */
static tkm_status npy_descr(const npy_dict *h, const char *path, int more,
                            char *kind, size_t *width, char *msg,
                            size_t msglen)
{
    const char *p = h->val[NPY_DESCR], *end;
    char dt[16], q;
    size_t len;
    if (!p || (*p != '\'' && *p != '"'))
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: the .npy header has "
                         "no 'descr' string (structured dtypes are not "
                         "supported)", path);
    q = *p++;
    end = strchr(p, q);
    len = end ? (size_t)(end - p) : 0;
    if (len < 3 || len >= sizeof dt)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: unsupported dtype "
                         "in the .npy header", path);
    memcpy(dt, p, len);
    dt[len] = '\0';
    if (dt[0] == '>')
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: big-endian dtype "
                         "'%s' is not supported; save it little-endian, "
                         "e.g. a.astype(a.dtype.newbyteorder('<'))", path,
                         dt);
    *kind = dt[1];
    if (more && (*kind == 'S' || *kind == 'U') &&
        strspn(dt + 2, "0123456789") == len - 2 && len - 2 <= 4) {
        *width = (size_t)strtoul(dt + 2, NULL, 10) * (*kind == 'U' ? 4 : 1);
        if (*width > 0 && dt[0] == (*kind == 'S' ? '|' : '<'))
            return TKM_OK;
    }
    *width = (size_t)(dt[2] - '0');
    if (more && !strcmp(dt, "|b1"))
        return TKM_OK;
    if (len != 3 || (dt[0] != '<' && !(dt[0] == '|' && *width == 1)) ||
        (*kind == 'f' && *width != 4 && *width != 8) ||
        ((*kind == 'i' || *kind == 'u') && *width != 1 &&
         *width != 2 && *width != 4 && *width != 8) ||
        (*kind != 'f' && *kind != 'i' && *kind != 'u'))
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: dtype '%s' is not "
                         "supported (little-endian float32/64 or 8..64-bit "
                         "integers)", path, dt);
    return TKM_OK;
}

static tkm_status npy_fortran(const npy_dict *h, const char *path,
                              char *msg, size_t msglen)
{
    const char *p = h->val[NPY_FORTRAN];
    if (p && strncmp(p, "False", 5) == 0)
        return TKM_OK;
    if (p && strncmp(p, "True", 4) == 0)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: fortran_order True "
                         "(column-major) is not supported; save a C-ordered "
                         "array, e.g. np.ascontiguousarray(a)", path);
    return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: the .npy header has no "
                     "valid 'fortran_order'", path);
}

/* Parse 'shape' into dims[0 .. *nd), at most 2 of them. */
static tkm_status npy_dims(const npy_dict *h, const char *path,
                           size_t dims[2], int *ndim, char *msg,
                           size_t msglen)
{
    const char *p = h->val[NPY_SHAPE];
    unsigned long long v;
    int nd = 0;
    char *end;
    if (!p || *p++ != '(')
        goto malformed;
    for (;;) {
        p += strspn(p, " ");
        if (*p == ')')
            break;
        if (!isdigit((unsigned char)*p))
            goto malformed;
        if (nd == 2)
            return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: arrays of more "
                             "than 2 dimensions are not supported", path);
        errno = 0;
        v = strtoull(p, &end, 10);
        if (errno == ERANGE || (unsigned long long)(size_t)v != v)
            goto malformed;
        dims[nd++] = (size_t)v;
        end += *end == 'L'; /* Python 2 longs: (3L, 2L) */
        p = end + strspn(end, " ");
        if (*p == ',')
            p++;
        else if (*p != ')')
            goto malformed;
    }
    *ndim = nd;
    return TKM_OK;
malformed:
    return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: malformed 'shape' in "
                     "the .npy header", path);
}

/* Parse 'shape': (n,) becomes n x 1, (n, d) stays. */
static tkm_status npy_shape(const npy_dict *h, const char *path,
                            bin_layout *L, char *msg, size_t msglen)
{
    size_t dims[2];
    int nd = 0;
    tkm_status st = npy_dims(h, path, dims, &nd, msg, msglen);
    if (st == TKM_OK && nd == 0)
        st = tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: a 0-d (scalar) "
                       "array is not a data set", path);
    if (st == TKM_OK) {
        L->n = dims[0];
        L->d = nd == 2 ? dims[1] : 1;
    }
    return st;
}

/* Contract in io_read.h. */
tkm_status tkmi_read_npy(FILE *f, const char *path, const tkm_read_opts *o,
                         tkm_dataset *out, char *msg, size_t msglen)
{
    char *h = NULL;
    const tkm_precision target = o->target;
    size_t size, offset = 0;
    bin_layout L = {0, 0, 0, 0, 0, NULL, 0};
    tkm_status st = file_size(f, path, &size, msg, msglen);
    if (st == TKM_OK)
        st = npy_preamble(f, path, size, &h, &offset, msg, msglen);
    npy_dict dict;
    if (st == TKM_OK)
        st = npy_parse_dict(h, path, &dict, msg, msglen);
    if (st == TKM_OK)
        st = npy_descr(&dict, path, 0, &L.kind, &L.width, msg, msglen);
    if (st == TKM_OK)
        st = npy_fortran(&dict, path, msg, msglen);
    if (st == TKM_OK)
        st = npy_shape(&dict, path, &L, msg, msglen);
    if (st == TKM_OK)
        st = check_length(path, size, offset, &L, msg, msglen);
    if (st == TKM_OK)
        st = tkmi_cols_select(o, path, L.d, NULL, &L.keep, &L.dk, msg,
                              msglen);
    if (st == TKM_OK)
        st = take_part(f, path, o->comm, &L, &offset,
                       msg, msglen);
    if (st != TKM_OK)
        goto cleanup;
    st = map_body(f, path, size, offset, &L, o, out, msg, msglen);
    if (st == TKM_ENOTSUP)
        st = read_body(f, path, &L, target, &out->x, msg, msglen);
    if (st == TKM_OK) {
        out->n = L.n;
        out->d = L.dk;
    }
cleanup:
    free(h);
    free(L.keep);
    return st;
}

/* Contract in io_read.h. */
tkm_status tkmi_npy_head_parse(const unsigned char *buf, size_t len,
                               const char *path, tkmi_npy_head *hd,
                               char *msg, size_t msglen)
{
    size_t lenbytes = 2, hlen;
    char *h = NULL;
    npy_dict dict;
    tkm_status st = npy_magic(buf, len, path, &lenbytes, msg, msglen);
    if (st != TKM_OK)
        return st;
    if (len < 8 + lenbytes ||
        (hlen = npy_hlen(buf + 8, lenbytes)) > len - 8 - lenbytes)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: truncated .npy "
                         "header", path);
    hd->offset = 8 + lenbytes + hlen;
    if (!(h = tkmi_alloc(hlen + 1, 1, 1)))
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "%s: out of memory for "
                         "the .npy header (%zu bytes)", path, hlen);
    memcpy(h, buf + 8 + lenbytes, hlen);
    h[hlen] = '\0';
    st = npy_parse_dict(h, path, &dict, msg, msglen);
    if (st == TKM_OK)
        st = npy_descr(&dict, path, 1, &hd->kind, &hd->width, msg, msglen);
    if (st == TKM_OK)
        st = npy_fortran(&dict, path, msg, msglen);
    if (st == TKM_OK)
        st = npy_dims(&dict, path, hd->dims, &hd->ndim, msg, msglen);
    free(h);
    return st;
}

/* Contract in io_read.h. */
uint64_t tkmi_le_bits(const unsigned char *p, char kind, size_t width)
{
    return load_le(p, kind, width);
}

/* Contract in io_read.h. */
int tkmi_le_int_exact(const unsigned char *p, char kind, size_t width,
                      tkm_precision target)
{
    return kind == 'f' || kind == 'b' || width < 4 ||
           int_exact(p, kind, width, target == TKM_F32 ? 24 : 53);
}

/* Contract in io_read.h. */
double tkmi_le_value(const unsigned char *p, char kind, size_t width)
{
    return decode(p, kind == 'b' ? 'u' : kind, width);
}

/* ---- raw --------------------------------------------------------------- */

/* Contract in io_read.h. */
tkm_status tkmi_read_raw(FILE *f, const char *path, const tkm_read_opts *o,
                         int bits, tkm_dataset *out, char *msg,
                         size_t msglen)
{
    bin_layout L = {'f', (size_t)bits / 8, o->raw_n, o->raw_d, 0, NULL, 0};
    size_t offset = 0;
    size_t size, row;
    tkm_status st = file_size(f, path, &size, msg, msglen);
    if (st != TKM_OK)
        goto cleanup;
    if (tkmi_mul_size(L.d, L.width, 1, &row) != 0) {
        st = tkmi_fail(TKM_EINVAL, msg, msglen, "%s: raw_d %zu is too large",
                       path, L.d);
        goto cleanup;
    }
    if (L.n == 0 && size % row != 0) {
        st = tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: %zu bytes is not a "
                       "whole number of rows of %zu float%d values (%zu "
                       "bytes each)", path, size, L.d, bits, row);
        goto cleanup;
    }
    if (L.n == 0)
        L.n = size / row;
    st = check_length(path, size, 0, &L, msg, msglen);
    if (st == TKM_OK)
        st = tkmi_cols_select(o, path, L.d, NULL, &L.keep, &L.dk, msg,
                              msglen);
    if (st == TKM_OK)
        st = take_part(f, path, o->comm, &L, &offset,
                       msg, msglen);
    if (st != TKM_OK)
        goto cleanup;
    st = map_body(f, path, size, offset, &L, o, out, msg, msglen);
    if (st == TKM_ENOTSUP)
        st = read_body(f, path, &L, o->target, &out->x, msg, msglen);
    if (st == TKM_OK) {
        out->n = L.n;
        out->d = L.dk;
    }
cleanup:
    free(L.keep);
    return st;
}
