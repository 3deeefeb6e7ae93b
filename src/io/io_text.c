/*
 * Data-set input from text: CSV, TSV or whitespace separated, with an
 * optional header line and '#' comments.  Values are kept as double,
 * exactly as read; every rejection names the file, line and column.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trikmeans.h"
#include "internal.h"
#include "io_read.h"

#define SHOW "%.40s" /* how much of a bad field a message quotes */

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
    switch (tkmi_check_value(*v, c->target)) {
    case TKMI_VAL_NONFINITE:
        return tkmi_fail(TKM_EFORMAT, c->msg, c->msglen,
                         "%s: line %zu, column %zu: '" SHOW "' is not a "
                         "finite number (NaN and Inf are not allowed)",
                         c->path, c->line, col, f);
    case TKMI_VAL_F32:
        return tkmi_fail(TKM_ERANGE, c->msg, c->msglen,
                         "%s: line %zu, column %zu: '" SHOW "' does not fit "
                         "in float; run with --precision f64", c->path,
                         c->line, col, f);
    case TKMI_VAL_OK:
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

/* Contract in io_read.h. */
tkm_status tkmi_read_text(FILE *f, const char *path, tkm_precision target,
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
