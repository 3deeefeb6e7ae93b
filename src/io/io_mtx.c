/*
 * Sparse input from MatrixMarket coordinate files (.mtx, as
 * scipy.io.mmwrite writes them): the banner line, '%' comments, the size
 * line "rows columns entries", then one entry per line, "row column
 * [value]" counted from 1, in any order.  real and integer values are
 * read as double; pattern entries are 1.  A symmetric matrix mirrors each
 * entry off the diagonal, a skew-symmetric one mirrors it negated.  The
 * entries go to io_sparse.c, which sorts them into canonical CSR and sums
 * those given for one place, in the file's order, as scipy's mmread and
 * tocsr() do.  Dense "array" files are refused (save them as .npy or
 * CSV).  Every process reads the whole file and keeps its rows.
 * Precision independent.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "trikmeans.h"
#include "internal.h"
#include "io_read.h"

typedef enum { SYM_GENERAL, SYM_SYMMETRIC, SYM_SKEW } mtx_symmetry;

typedef struct {
    const char *path;
    FILE *f;
    char *line; /* getline's buffer */
    size_t cap;
    size_t lineno;
    int pattern, integer;
    mtx_symmetry sym;
} mtx_reader;

/* Line r->lineno as getline read it (got bytes): its line end removed.
 * A NUL byte or a carriage return inside it is refused: either would end
 * the line early and drop the rest unseen. */
static tkm_status line_end(mtx_reader *r, size_t got, char *msg,
                           size_t msglen)
{
    if (memchr(r->line, '\0', got))
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: line %zu: NUL byte "
                         "in a text file (binary data?)", r->path,
                         r->lineno);
    while (got > 0 &&
           (r->line[got - 1] == '\n' || r->line[got - 1] == '\r'))
        r->line[--got] = '\0';
    if (memchr(r->line, '\r', got))
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: line %zu: a carriage "
                         "return inside the line (lines ended by CR alone?); "
                         "end them with newlines, e.g. tr '\\r' '\\n'",
                         r->path, r->lineno);
    return TKM_OK;
}

/* The next line that is neither a comment nor blank into r->line
 * (line end removed): 1, or 0 at the end of the file; -1 with *st and
 * msg set on a read error or a line line_end refuses. */
static int next_line(mtx_reader *r, tkm_status *st, char *msg,
                     size_t msglen)
{
    for (;;) {
        errno = 0;
        ssize_t got = getline(&r->line, &r->cap, r->f);
        if (got < 0 && ferror(r->f)) {
            *st = tkmi_fail(TKM_EIO, msg, msglen, "%s: read error: %s",
                            r->path, strerror(errno));
            return -1;
        }
        if (got < 0)
            return 0;
        r->lineno++;
        if ((*st = line_end(r, (size_t)got, msg, msglen)) != TKM_OK)
            return -1;
        const char *p = r->line + strspn(r->line, " \t");
        if (*p && *p != '%')
            return 1;
    }
}

/* The banner, "%%MatrixMarket matrix coordinate <field> <symmetry>"
 * (words in any case), into r's flags. */
static tkm_status banner(mtx_reader *r, char *msg, size_t msglen)
{
    char w[5][32];
    errno = 0;
    ssize_t got = getline(&r->line, &r->cap, r->f);
    r->lineno = 1;
    if (got < 0 ||
        sscanf(r->line, "%31s %31s %31s %31s %31s", w[0], w[1], w[2], w[3],
               w[4]) != 5 || strcasecmp(w[0], "%%MatrixMarket") != 0 ||
        strcasecmp(w[1], "matrix") != 0)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: line 1: not a "
                         "MatrixMarket matrix (the first line must be "
                         "\"%%%%MatrixMarket matrix coordinate real "
                         "general\" or the like)", r->path);
    tkm_status st = line_end(r, (size_t)got, msg, msglen);
    if (st != TKM_OK)
        return st;
    if (!strcasecmp(w[2], "array"))
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: a dense (array) "
                         "MatrixMarket file is not read; save dense data "
                         "as .npy or CSV, or as coordinate entries",
                         r->path);
    if (strcasecmp(w[2], "coordinate") != 0)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: line 1: format "
                         "'%s' (coordinate is read)", r->path, w[2]);
    r->pattern = !strcasecmp(w[3], "pattern");
    r->integer = !strcasecmp(w[3], "integer");
    if (!r->pattern && !r->integer && strcasecmp(w[3], "real") != 0)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: line 1: field "
                         "'%s' is not read (real, integer and pattern are)",
                         r->path, w[3]);
    r->sym = !strcasecmp(w[4], "general")          ? SYM_GENERAL
             : !strcasecmp(w[4], "symmetric")      ? SYM_SYMMETRIC
             : !strcasecmp(w[4], "skew-symmetric") ? SYM_SKEW
                                                   : (mtx_symmetry)-1;
    if ((int)r->sym < 0)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: line 1: symmetry "
                         "'%s' is not read (general, symmetric and "
                         "skew-symmetric are)", r->path, w[4]);
    if (r->pattern && r->sym == SYM_SKEW)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: line 1: a pattern "
                         "matrix cannot be skew-symmetric", r->path);
    return TKM_OK;
}

/* A whole non-negative decimal integer at *p, blanks before it; *p moves
 * past it.  -1 when there is none or it is too large. */
static long long read_count(const char **p)
{
    char *end;
    const char *s = *p + strspn(*p, " \t");
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno == ERANGE || (*end && *end != ' ' && *end != '\t'))
        return -1;
    *p = end;
    return v;
}

/* The size line: rows, columns and entries. */
static tkm_status size_line(mtx_reader *r, size_t *n, size_t *d,
                            size_t *nnz, char *msg, size_t msglen)
{
    tkm_status st = TKM_OK;
    int got = next_line(r, &st, msg, msglen);
    if (got < 0)
        return st;
    const char *p = r->line;
    long long a = got > 0 ? read_count(&p) : -1;
    long long b = a >= 0 ? read_count(&p) : -1;
    long long c = b >= 0 ? read_count(&p) : -1;
    if (c < 0 || p[strspn(p, " \t")] != '\0')
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: line %zu: the size "
                         "line must be \"rows columns entries\"", r->path,
                         r->lineno);
    if (r->sym != SYM_GENERAL && a != b)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: line %zu: a "
                         "symmetric matrix of %lld x %lld (not square)",
                         r->path, r->lineno, a, b);
    *n = (size_t)a;
    *d = (size_t)b;
    *nnz = (size_t)c;
    return TKM_OK;
}

/* Append (i, j, v) to c, growing it by half as much again. */
static tkm_status push(tkmi_coo *c, int64_t i, int64_t j, double v,
                       const char *path, char *msg, size_t msglen)
{
    if (c->nnz == c->cap) {
        tkm_status st = tkmi_coo_reserve(c, c->cap + c->cap / 2 + 16, path,
                                         msg, msglen);
        if (st != TKM_OK)
            return st;
    }
    c->row[c->nnz] = i;
    c->col[c->nnz] = j;
    c->val[c->nnz++] = v;
    return TKM_OK;
}

/* One entry line, "row column [value]", into *i, *j (from 0) and *v. */
static tkm_status entry(mtx_reader *r, const tkmi_coo *c,
                        tkm_precision target, int64_t *i, int64_t *j,
                        double *v, char *msg, size_t msglen)
{
    const char *p = r->line;
    long long a = read_count(&p), b = a >= 0 ? read_count(&p) : -1;
    char *end = NULL;
    if (b < 0)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: line %zu: an entry "
                         "must start with its row and column (integers "
                         "from 1)", r->path, r->lineno);
    if (a < 1 || (unsigned long long)a > c->n || b < 1 ||
        (unsigned long long)b > c->d)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: line %zu: entry "
                         "(%lld, %lld) lies outside the %zu x %zu matrix "
                         "(rows and columns count from 1)", r->path,
                         r->lineno, a, b, c->n, c->d);
    *i = a - 1;
    *j = b - 1;
    *v = 1.0;
    p += strspn(p, " \t");
    if (!r->pattern) {
        const size_t digits = strspn(p + (*p == '-' || *p == '+'),
                                     "0123456789");
        *v = *p ? strtod(p, &end) : 0.0;
        if (!*p || end == p || (r->integer && end != p + digits +
                                                     (*p == '-' ||
                                                      *p == '+')))
            return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: line %zu: the "
                             "entry's value is missing or not %s", r->path,
                             r->lineno, r->integer ? "an integer"
                                                   : "a number");
        p = end + strspn(end, " \t");
    }
    if (*p)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: line %zu: '%.20s' "
                         "after the entry", r->path, r->lineno, p);
    tkmi_val_check vc = tkmi_check_value(*v, target);
    if (vc == TKMI_VAL_NONFINITE)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: line %zu: %g is not "
                         "a finite number (NaN and Inf are not allowed)",
                         r->path, r->lineno, *v);
    if (vc != TKMI_VAL_OK)
        return tkmi_fail(TKM_ERANGE, msg, msglen, "%s: line %zu: %g does "
                         "not fit in float; run with --precision f64",
                         r->path, r->lineno, *v);
    return TKM_OK;
}

/* Every entry line (exactly as many as the size line says), mirrored as
 * the symmetry says, into c. */
static tkm_status entries(mtx_reader *r, tkmi_coo *c, size_t want,
                          tkm_precision target, char *msg, size_t msglen)
{
    size_t seen = 0;
    int got = 0;
    tkm_status st = tkmi_coo_reserve(c, want < ((size_t)1 << 20)
                                            ? want : (size_t)1 << 20,
                                     r->path, msg, msglen);
    while (st == TKM_OK && (got = next_line(r, &st, msg, msglen)) > 0) {
        int64_t i = 0, j = 0;
        double v = 0.0;
        if (seen++ == want)
            return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: line %zu: more "
                             "entries than the %zu the size line says",
                             r->path, r->lineno, want);
        st = entry(r, c, target, &i, &j, &v, msg, msglen);
        if (st == TKM_OK && r->sym == SYM_SKEW && i == j)
            st = tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: line %zu: a "
                           "skew-symmetric matrix has no diagonal entries",
                           r->path, r->lineno);
        if (st == TKM_OK)
            st = push(c, i, j, v, r->path, msg, msglen);
        if (st == TKM_OK && r->sym != SYM_GENERAL && i != j)
            st = push(c, j, i, r->sym == SYM_SKEW ? -v : v, r->path, msg,
                      msglen);
    }
    if (st != TKM_OK)
        return st;
    if (seen < want)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: %zu entries, but "
                         "the size line says %zu (truncated?)", r->path,
                         seen, want);
    return TKM_OK;
}

/* Contract in io_read.h. */
tkm_status tkmi_read_mtx(FILE *f, const char *path, const tkm_read_opts *o,
                         tkm_dataset *out, char *msg, size_t msglen)
{
    mtx_reader r = {.path = path, .f = f};
    tkmi_coo c;
    size_t want = 0;
    memset(&c, 0, sizeof c);
    tkm_status st = banner(&r, msg, msglen);
    if (st == TKM_OK)
        st = size_line(&r, &c.n, &c.d, &want, msg, msglen);
    if (st == TKM_OK)
        st = entries(&r, &c, want, o->target, msg, msglen);
    if (st == TKM_OK)
        st = tkmi_coo_to_csr(&c, path, o, 0, out, msg, msglen);
    free(r.line);
    tkmi_coo_free(&c);
    return st;
}
