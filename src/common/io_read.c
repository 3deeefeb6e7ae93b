/*
 * Data-set input: text (CSV, TSV, whitespace separated), NumPy .npy and raw
 * little-endian binary.  Precision independent: values are kept as double,
 * exactly as read; the target precision only decides which magnitudes are
 * accepted.  Every rejection names the file and the line and column (text)
 * or the 1-based row and column (binary formats).
 */
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "trikmeans.h"
#include "internal.h"

#define SHOW "%.40s" /* how much of a bad field a message quotes */

/* ---- shared pieces ----------------------------------------------------- */

typedef enum { VAL_OK, VAL_NONFINITE, VAL_F32 } val_check;

/* Can v be used by a run in the target precision? */
static val_check check_value(double v, tkm_precision target)
{
    if (!isfinite(v))
        return VAL_NONFINITE;
    if (target == TKM_F32 && fabs(v) > FLT_MAX)
        return VAL_F32;
    return VAL_OK;
}

/* Extension of the last path component without the dot, or "". */
static const char *ext_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    const char *dot = strrchr(base, '.');
    return dot ? dot + 1 : "";
}

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

/* ---- text -------------------------------------------------------------- */

/* Growable array of the values read so far. */
typedef struct {
    double *v;
    size_t len, cap;
} dbuf;

static int dbuf_push(dbuf *b, double x)
{
    if (b->len == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 1024, bytes;
        double *v;
        if (cap < b->cap || tkmi_mul_size(cap, 1, sizeof *v, &bytes) != 0)
            return -1;
        v = realloc(b->v, bytes);
        if (!v)
            return -1;
        b->v = v;
        b->cap = cap;
    }
    b->v[b->len++] = x;
    return 0;
}

typedef struct {
    const char *path;
    tkm_precision target;
    size_t line;    /* 1-based number of the line being read          */
    size_t n, d;    /* data rows so far; fields per row (0 = unknown) */
    char sep;       /* ',', '\t', ' ' (runs of blanks), 0 = unknown   */
    int seen_first; /* the first non-comment line has been seen      */
    dbuf vals;
    char *msg;
    size_t msglen;
} text_ctx;

/* Iterator over the fields of one line. */
typedef struct {
    char *p;
    char sep;
    int done;
} field_iter;

/* Next field, NUL-terminated in place and stripped of surrounding blanks;
 * 0 at the end of the line.  A trailing separator yields an empty field. */
static int next_field(field_iter *it, char **out)
{
    char *f, *e;
    if (it->done)
        return 0;
    if (it->sep == ' ') {
        f = it->p + strspn(it->p, " \t");
        if (*f == '\0') {
            it->done = 1;
            return 0;
        }
        e = f + strcspn(f, " \t");
        it->p = *e ? e + 1 : e;
    } else {
        f = it->p;
        e = strchr(f, it->sep);
        it->done = e == NULL;
        if (!e)
            e = f + strlen(f);
        it->p = it->done ? e : e + 1;
        *e = '\0';
        f += strspn(f, " \t");
        while (e > f && (e[-1] == ' ' || e[-1] == '\t'))
            e--;
    }
    *e = '\0';
    *out = f;
    return 1;
}

/* Comma if there is one; else tabs, unless a tab-delimited field has a
 * blank inside (columns aligned with spaces and tabs); else runs of blanks.
 * Under tabs an empty field is an error, not a silently lost column. */
static char detect_sep(const char *s)
{
    const char *p = s, *b, *e;
    if (strchr(s, ','))
        return ',';
    if (!strchr(s, '\t'))
        return ' ';
    for (;;) {
        b = p + strspn(p, " ");
        e = p + strcspn(p, "\t");
        while (e > b && e[-1] == ' ')
            e--;
        if (b < e && memchr(b, ' ', (size_t)(e - b)))
            return ' ';
        p += strcspn(p, "\t");
        if (*p++ == '\0')
            return '\t';
    }
}

/* Parse a whole field as a number: 1 on success (and *overflow set when it
 * exceeds double), 0 when it is not a number. */
static int parse_double(const char *f, double *v, int *overflow)
{
    char *end;
    if (*f == '\0')
        return 0;
    errno = 0;
    *v = strtod(f, &end);
    if (*end != '\0')
        return 0;
    *overflow = errno == ERANGE && fabs(*v) > 1.0;
    return 1;
}

/* A header has a non-empty field that is not a number (empty fields, as in
 * pandas' index header ",x,y", do not count).  1, 0, or -1 out of memory. */
static int looks_like_header(const char *s, char sep)
{
    char *copy = strdup(s), *f;
    field_iter it = {copy, sep, 0};
    double v;
    int overflow, header = 0;
    if (!copy)
        return -1;
    while (next_field(&it, &f))
        if (*f != '\0' && !parse_double(f, &v, &overflow))
            header = 1;
    free(copy);
    return header;
}

static tkm_status text_value(text_ctx *c, const char *f, size_t col,
                             double *v)
{
    int overflow = 0;
    if (*f == '\0')
        return tkmi_fail(TKM_EFORMAT, c->msg, c->msglen,
                         "%s: line %zu, column %zu: empty field", c->path,
                         c->line, col);
    if (!parse_double(f, v, &overflow))
        return tkmi_fail(TKM_EFORMAT, c->msg, c->msglen,
                         "%s: line %zu, column %zu: '" SHOW
                         "' is not a number", c->path, c->line, col, f);
    if (overflow)
        return tkmi_fail(TKM_ERANGE, c->msg, c->msglen,
                         "%s: line %zu, column %zu: '" SHOW
                         "' does not fit in double", c->path, c->line, col, f);
    switch (check_value(*v, c->target)) {
    case VAL_NONFINITE:
        return tkmi_fail(TKM_EFORMAT, c->msg, c->msglen,
                         "%s: line %zu, column %zu: '" SHOW "' is not a "
                         "finite number (NaN and Inf are not allowed)",
                         c->path, c->line, col, f);
    case VAL_F32:
        return tkmi_fail(TKM_ERANGE, c->msg, c->msglen,
                         "%s: line %zu, column %zu: '" SHOW "' does not fit "
                         "in float; run with --precision f64", c->path,
                         c->line, col, f);
    case VAL_OK:
        break;
    }
    return TKM_OK;
}

/* Parse one data row into c->vals; fields past the expected count are only
 * counted, so a ragged row is reported as such. */
static tkm_status text_row(text_ctx *c, char *s)
{
    field_iter it = {s, c->sep, 0};
    char *f;
    size_t col = 0;
    double v = 0.0;
    tkm_status st;
    while (next_field(&it, &f)) {
        col++;
        if (c->d != 0 && col > c->d)
            continue;
        st = text_value(c, f, col, &v);
        if (st != TKM_OK)
            return st;
        if (dbuf_push(&c->vals, v) != 0)
            return tkmi_fail(TKM_ENOMEM, c->msg, c->msglen,
                             "%s: line %zu: out of memory after %zu rows",
                             c->path, c->line, c->n);
    }
    if (c->d == 0)
        c->d = col;
    else if (col != c->d)
        return tkmi_fail(TKM_EFORMAT, c->msg, c->msglen,
                         "%s: line %zu: expected %zu fields, found %zu",
                         c->path, c->line, c->d, col);
    c->n++;
    return TKM_OK;
}

/* One line as getline returned it (len bytes, with its newline). */
static tkm_status text_line(text_ctx *c, char *s, size_t len)
{
    const char *t;
    int header;
    if (memchr(s, '\0', len))
        return tkmi_fail(TKM_EFORMAT, c->msg, c->msglen,
                         "%s: line %zu: NUL byte in a text file (binary "
                         "data? name it .npy or .bin)", c->path, c->line);
    while (len > 0 && (s[len - 1] == '\n' || s[len - 1] == '\r'))
        s[--len] = '\0';
    if (c->line == 1 && strncmp(s, "\xEF\xBB\xBF", 3) == 0)
        s += 3; /* UTF-8 byte order mark */
    t = s + strspn(s, " \t");
    if (*t == '\0' || *t == '#')
        return TKM_OK;
    if (c->sep == 0)
        c->sep = detect_sep(s);
    if (!c->seen_first) {
        c->seen_first = 1;
        header = looks_like_header(s, c->sep);
        if (header < 0)
            return tkmi_fail(TKM_ENOMEM, c->msg, c->msglen,
                             "%s: out of memory", c->path);
        if (header) {
            c->sep = 0; /* the data may use another separator */
            return TKM_OK;
        }
    }
    return text_row(c, s);
}

static tkm_status read_text(FILE *f, const char *path, tkm_precision target,
                            tkm_dataset *out, char *msg, size_t msglen)
{
    text_ctx c = {.path = path, .target = target, .msg = msg,
                  .msglen = msglen};
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    double *shrunk;
    tkm_status st = TKM_OK;
    for (;;) {
        errno = 0;
        len = getline(&line, &cap, f);
        if (len < 0)
            break;
        c.line++;
        st = text_line(&c, line, (size_t)len);
        if (st != TKM_OK)
            goto cleanup;
    }
    if (ferror(f) || errno == ENOMEM) {
        st = tkmi_fail(errno == ENOMEM ? TKM_ENOMEM : TKM_EIO, msg, msglen,
                       "%s: read error after line %zu: %s", path, c.line,
                       strerror(errno));
        goto cleanup;
    }
    if (c.n == 0) {
        st = tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: no data rows%s", path,
                       c.seen_first ? " (only a header)" : "");
        goto cleanup;
    }
    shrunk = realloc(c.vals.v, c.vals.len * sizeof *shrunk);
    out->x = shrunk ? shrunk : c.vals.v;
    out->n = c.n;
    out->d = c.d;
    c.vals.v = NULL;
cleanup:
    free(line);
    free(c.vals.v);
    return st;
}

/* ---- binary bodies (npy and raw) --------------------------------------- */

typedef struct {
    char kind;    /* 'f', 'i' or 'u'          */
    size_t width; /* bytes per element        */
    size_t n, d;  /* shape                    */
} bin_layout;

/* One little-endian element to double, whatever the host's byte order. */
static double decode(const unsigned char *p, char kind, size_t width)
{
    uint64_t u = 0;
    uint32_t u32;
    int64_t s;
    float fl;
    double db;
    for (size_t i = 0; i < width; i++)
        u |= (uint64_t)p[i] << (8 * i);
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
    if (width < 8 && (u >> (8 * width - 1)) & 1)
        u |= ~(uint64_t)0 << (8 * width); /* sign-extend */
    memcpy(&s, &u, sizeof s);
    return (double)s;
}

static tkm_status bad_binary_value(const char *path, size_t idx, size_t d,
                                   double v, val_check vc, char *msg,
                                   size_t msglen)
{
    if (vc == VAL_NONFINITE)
        return tkmi_fail(TKM_EFORMAT, msg, msglen,
                         "%s: row %zu, column %zu: %g is not a finite number "
                         "(NaN and Inf are not allowed)", path, idx / d + 1,
                         idx % d + 1, v);
    return tkmi_fail(TKM_ERANGE, msg, msglen,
                     "%s: row %zu, column %zu: %g does not fit in float; run "
                     "with --precision f64", path, idx / d + 1, idx % d + 1,
                     v);
}

/* Read L->n * L->d elements from the current position of f into a new
 * array *xout, checking every value. */
static tkm_status read_body(FILE *f, const char *path, const bin_layout *L,
                            tkm_precision target, double **xout, char *msg,
                            size_t msglen)
{
    unsigned char buf[16384];
    size_t total = L->n * L->d, done = 0, want, i;
    double *x = tkmi_alloc(L->n, L->d, sizeof *x);
    val_check vc;
    tkm_status st = TKM_OK;
    if (!x) {
        st = tkmi_fail(TKM_ENOMEM, msg, msglen, "%s: out of memory for "
                       "%zu x %zu values", path, L->n, L->d);
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
                                       done / L->d + 1);
            goto cleanup;
        }
        for (i = 0; i < want; i++) {
            x[done + i] = decode(buf + i * L->width, L->kind, L->width);
            vc = check_value(x[done + i], target);
            if (vc != VAL_OK) {
                st = bad_binary_value(path, done + i, L->d, x[done + i], vc,
                                      msg, msglen);
                goto cleanup;
            }
        }
        done += want;
    }
    *xout = x;
    x = NULL;
cleanup:
    free(x);
    return st;
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

/* ---- npy --------------------------------------------------------------- */

/* Read the magic, version and header dict (NUL-terminated into *hdr);
 * *offset is where the data begin. */
static tkm_status npy_preamble(FILE *f, const char *path, size_t size,
                               char **hdr, size_t *offset, char *msg,
                               size_t msglen)
{
    unsigned char pre[12] = {0};
    size_t lenbytes, hlen;
    char *h = NULL;
    tkm_status st = TKM_OK;
    if (size < 10 || fread(pre, 1, 8, f) != 8 ||
        memcmp(pre, "\x93NUMPY", 6) != 0) {
        st = tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: not a .npy file (no "
                       "\\x93NUMPY magic)", path);
        goto cleanup;
    }
    if (pre[6] < 1 || pre[6] > 3 || pre[7] != 0) {
        st = tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: unsupported .npy "
                       "version %d.%d (1.0, 2.0 and 3.0 are read)", path,
                       pre[6], pre[7]);
        goto cleanup;
    }
    lenbytes = pre[6] == 1 ? 2 : 4;
    if (fread(pre + 8, 1, lenbytes, f) != lenbytes) {
        st = tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: truncated .npy "
                       "header", path);
        goto cleanup;
    }
    hlen = (size_t)pre[8] | (size_t)pre[9] << 8 | (size_t)pre[10] << 16 |
           (size_t)pre[11] << 24;
    *offset = 8 + lenbytes + hlen;
    h = *offset <= size ? malloc(hlen + 1) : NULL;
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

/* Text after "'key':" in the header dict (blanks skipped), or NULL. */
static const char *npy_key(const char *h, const char *key)
{
    char pat[32];
    const char *p;
    for (int q = 0; q < 2; q++) {
        snprintf(pat, sizeof pat, q ? "\"%s\"" : "'%s'", key);
        p = strstr(h, pat);
        if (!p)
            continue;
        p += strlen(pat);
        p += strspn(p, " ");
        if (*p != ':')
            return NULL;
        return p + 1 + strspn(p + 1, " ");
    }
    return NULL;
}

/* Parse 'descr' into L->kind and L->width. */
static tkm_status npy_descr(const char *h, const char *path, bin_layout *L,
                            char *msg, size_t msglen)
{
    const char *p = npy_key(h, "descr"), *end;
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
    L->kind = dt[1];
    L->width = (size_t)(dt[2] - '0');
    if (len != 3 || (dt[0] != '<' && !(dt[0] == '|' && L->width == 1)) ||
        (L->kind == 'f' && L->width != 4 && L->width != 8) ||
        ((L->kind == 'i' || L->kind == 'u') && L->width != 1 &&
         L->width != 2 && L->width != 4 && L->width != 8) ||
        (L->kind != 'f' && L->kind != 'i' && L->kind != 'u'))
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: dtype '%s' is not "
                         "supported (little-endian float32/64 or 8..64-bit "
                         "integers)", path, dt);
    return TKM_OK;
}

static tkm_status npy_fortran(const char *h, const char *path, char *msg,
                              size_t msglen)
{
    const char *p = npy_key(h, "fortran_order");
    if (p && strncmp(p, "False", 5) == 0)
        return TKM_OK;
    if (p && strncmp(p, "True", 4) == 0)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: fortran_order True "
                         "(column-major) is not supported; save a C-ordered "
                         "array, e.g. np.ascontiguousarray(a)", path);
    return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: the .npy header has no "
                     "valid 'fortran_order'", path);
}

/* Parse 'shape': (n,) becomes n x 1, (n, d) stays. */
static tkm_status npy_shape(const char *h, const char *path, bin_layout *L,
                            char *msg, size_t msglen)
{
    const char *p = npy_key(h, "shape");
    unsigned long long v;
    size_t dims[2], nd = 0;
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
    if (nd == 0)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: a 0-d (scalar) "
                         "array is not a data set", path);
    L->n = dims[0];
    L->d = nd == 2 ? dims[1] : 1;
    return TKM_OK;
malformed:
    return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: malformed 'shape' in "
                     "the .npy header", path);
}

static tkm_status read_npy(FILE *f, const char *path, tkm_precision target,
                           tkm_dataset *out, char *msg, size_t msglen)
{
    char *h = NULL;
    size_t size, offset = 0;
    bin_layout L = {0, 0, 0, 0};
    tkm_status st = file_size(f, path, &size, msg, msglen);
    if (st == TKM_OK)
        st = npy_preamble(f, path, size, &h, &offset, msg, msglen);
    if (st == TKM_OK)
        st = npy_descr(h, path, &L, msg, msglen);
    if (st == TKM_OK)
        st = npy_fortran(h, path, msg, msglen);
    if (st == TKM_OK)
        st = npy_shape(h, path, &L, msg, msglen);
    if (st == TKM_OK)
        st = check_length(path, size, offset, &L, msg, msglen);
    if (st != TKM_OK)
        goto cleanup;
    st = read_body(f, path, &L, target, &out->x, msg, msglen);
    if (st == TKM_OK) {
        out->n = L.n;
        out->d = L.d;
    }
cleanup:
    free(h);
    return st;
}

/* ---- raw --------------------------------------------------------------- */

static tkm_status read_raw(FILE *f, const char *path, const tkm_read_opts *o,
                           int bits, tkm_dataset *out, char *msg,
                           size_t msglen)
{
    bin_layout L = {'f', (size_t)bits / 8, o->raw_n, o->raw_d};
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
    if (st != TKM_OK)
        goto cleanup;
    st = read_body(f, path, &L, o->target, &out->x, msg, msglen);
    if (st == TKM_OK) {
        out->n = L.n;
        out->d = L.d;
    }
cleanup:
    return st;
}

/* ---- entry points ------------------------------------------------------ */

/* Settle the format (by extension under TKM_FMT_AUTO) and, for raw input,
 * the element width; TKM_EINVAL when the options cannot work. */
static tkm_status resolve_opts(const char *path, const tkm_read_opts *o,
                               tkm_format *fmt, int *bits, char *msg,
                               size_t msglen)
{
    const char *ext = ext_of(path);
    int ext_bits = !strcasecmp(ext, "f32") ? 32
                   : !strcasecmp(ext, "f64") ? 64 : 0;
    if (o->target != TKM_F32 && o->target != TKM_F64)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "%s: target precision "
                         "must be f32 or f64", path);
    *fmt = o->format;
    if (*fmt == TKM_FMT_AUTO)
        *fmt = !strcasecmp(ext, "npy") ? TKM_FMT_NPY
               : (ext_bits || !strcasecmp(ext, "bin") ||
                  !strcasecmp(ext, "raw")) ? TKM_FMT_RAW : TKM_FMT_TEXT;
    if ((unsigned)*fmt > TKM_FMT_RAW)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "%s: unknown format %d",
                         path, (int)o->format);
    if (*fmt != TKM_FMT_RAW)
        return TKM_OK;
    if (o->raw_d == 0)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "%s: raw input needs the "
                         "number of columns (raw_d >= 1)", path);
    *bits = o->raw_bits ? o->raw_bits : ext_bits;
    if (*bits != 32 && *bits != 64)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "%s: raw_bits must be 32 "
                         "or 64 (0 = from a .f32/.f64 extension), got %d",
                         path, o->raw_bits);
    if (ext_bits && *bits != ext_bits)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "%s: the extension says "
                         "float%d but raw_bits is %d", path, ext_bits, *bits);
    return TKM_OK;
}

/* Defaults: format by extension, target f64, raw_bits 0 (from a .f32/.f64
 * extension), raw_d and raw_n 0 (raw input must set raw_d). */
void tkm_read_opts_default(tkm_read_opts *o)
{
    if (!o)
        return;
    o->format = TKM_FMT_AUTO;
    o->raw_d = 0;
    o->raw_n = 0;
    o->raw_bits = 0;
    o->target = TKM_F64;
}

/* Read path into *out (o NULL = defaults).  On success *out owns a new n*d
 * array (free with tkm_dataset_free); on failure *out is empty and msg says
 * why: TKM_EIO (open/read), TKM_EFORMAT (content), TKM_ERANGE (a value too
 * large for the target), TKM_EINVAL (options), TKM_ENOMEM. */
tkm_status tkm_dataset_read(const char *path, const tkm_read_opts *o,
                            tkm_dataset *out, char *msg, size_t msglen)
{
    tkm_read_opts def;
    tkm_format fmt = TKM_FMT_TEXT;
    int bits = 0;
    FILE *f = NULL;
    tkm_status st;
    if (out) {
        out->n = out->d = 0;
        out->x = NULL;
    }
    if (!o) {
        tkm_read_opts_default(&def);
        o = &def;
    }
    st = !path || !out ? tkmi_fail(TKM_EINVAL, msg, msglen, "tkm_dataset_"
                                   "read: path and out must not be NULL")
                       : resolve_opts(path, o, &fmt, &bits, msg, msglen);
    if (st != TKM_OK)
        goto cleanup;
    f = fopen(path, "rb");
    if (!f) {
        st = tkmi_fail(TKM_EIO, msg, msglen, "%s: cannot open: %s", path,
                       strerror(errno));
        goto cleanup;
    }
    if (fmt == TKM_FMT_NPY)
        st = read_npy(f, path, o->target, out, msg, msglen);
    else if (fmt == TKM_FMT_RAW)
        st = read_raw(f, path, o, bits, out, msg, msglen);
    else
        st = read_text(f, path, o->target, out, msg, msglen);
cleanup:
    if (f)
        fclose(f);
    if (st != TKM_OK && out)
        tkm_dataset_free(out);
    return st;
}

/* Free ds->x and empty *ds; accepts NULL and empty data sets. */
void tkm_dataset_free(tkm_dataset *ds)
{
    if (!ds)
        return;
    free(ds->x);
    ds->x = NULL;
    ds->n = ds->d = 0;
}
