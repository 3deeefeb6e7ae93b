/*
 * Data-set input from text: CSV, TSV or whitespace separated, with an
 * optional header line and '#' comments.  Values are kept as double,
 * exactly as read; every rejection names the file, line (from 1, as
 * editors number them) and column (from 0, as --usecols names them).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "trikmeans.h"
#include "internal.h"
#include "io_read.h"
#include "io_text.h"

#define SHOW "%.40s" /* how much of a bad field a message quotes */


/* Append x: 0, or the number of values the buffer could not grow to
 * (its growth, by doubling, stops at the memory limit, so that values
 * that fit the limit are read whole). */
static size_t dbuf_push(tkmi_dbuf *b, double x)
{
    if (b->len == b->cap) {
        size_t most = tkmi_mem_limit() / sizeof *b->v;
        size_t cap = b->cap ? b->cap * 2 : 1024;
        if (cap < b->cap || cap > most)
            cap = most > b->cap ? most : b->cap + 1;
        double *v = b->fixed ? NULL : tkmi_realloc(b->v, cap, 1, sizeof *v);
        if (!v)
            return cap;
        b->v = v;
        b->cap = cap;
    }
    b->v[b->len++] = x;
    return 0;
}

/* Iterator over the fields of one line. */
typedef struct {
    char *p;
    char sep;
    int done;
} field_iter;

/* Next field, NUL-terminated in place and stripped of surrounding blanks
 * and then of one pair of double quotes (CSV's quoting: "1.5" is 1.5, a
 * quoted name its name); 0 at the end of the line.  A trailing separator
 * yields an empty field. */
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
    if (e - f >= 2 && *f == '"' && e[-1] == '"') {
        f++;
        e--;
    }
    *e = '\0';
    *out = f;
    return 1;
}

/* Was the field next_field gave last the line's last? */
static int last_field(const field_iter *it)
{
    return it->done ||
           (it->sep == ' ' && it->p[strspn(it->p, " \t")] == '\0');
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

/* The fields of line s under sep, how many of them are numbers and how
 * many are empty (an empty field, as in pandas' index header ",x,y", is
 * no number).  0, or -1 out of memory. */
static int count_fields(const char *s, char sep, size_t *fields,
                        size_t *numbers, size_t *empty)
{
    char *copy = strdup(s), *f;
    field_iter it = {copy, sep, 0};
    double v;
    int overflow;
    if (!copy)
        return -1;
    *fields = *numbers = *empty = 0;
    while (next_field(&it, &f)) {
        (*fields)++;
        *empty += *f == '\0';
        *numbers += *f != '\0' && parse_double(f, &v, &overflow);
    }
    free(copy);
    return 0;
}

/* The separators a file may use in place of the one found or given: the
 * ones detected, and those --delimiter must name. */
static const char OTHER_SEPS[] = ",\t ;|:";

/* The separator other than sep under which line s is a row of numbers
 * (two fields or more, each a number or empty, one a number at least),
 * 0 when there is none, or -1 out of memory. */
static int numbers_under_other(const char *s, char sep)
{
    size_t fields, numbers, empty;
    for (const char *o = OTHER_SEPS; *o; o++) {
        if (*o == sep || (sep == ' ' && *o == '\t') || !strchr(s, *o))
            continue;
        if (count_fields(s, *o, &fields, &numbers, &empty) != 0)
            return -1;
        if (fields >= 2 && numbers > 0 && numbers + empty == fields)
            return *o;
    }
    return 0;
}

/* Is the first line s a header?  As asked, or (auto) when none of its
 * fields is a number (quoted or not) and it is no row of numbers under
 * another separator either: a line with one bad field among numbers is
 * data, and so is "1;2" read without --delimiter ';', each reported at
 * its own line.  1, 0, or -1 out of memory; *fields its width. */
static int is_header(const tkmi_text_ctx *c, const char *s, size_t *fields)
{
    size_t numbers, empty;
    if (count_fields(s, c->sep, fields, &numbers, &empty) != 0)
        return -1;
    if (c->header != TKM_HEADER_AUTO)
        return c->header == TKM_HEADER_YES;
    if (numbers > 0)
        return 0;
    int other = numbers_under_other(s, c->sep);
    return other < 0 ? -1 : other == 0;
}

/* A separator in words, as a message names it (opt: as --delimiter
 * takes it); buf holds at least 4 bytes. */
static const char *sep_words(char sep, int opt, char *buf)
{
    if (sep == '\t' || sep == ' ')
        return opt ? (sep == ' ' ? "space" : "tab")
                   : (sep == ' ' ? "blanks" : "tabs");
    snprintf(buf, 4, "'%c'", sep);
    return buf;
}

/* What a message on a field f that is no number adds when f holds
 * another separator: the one the file seems to use, and (where the user
 * gave none) the option that says so; when --delimiter was given and
 * did not split the line (whole: f is the whole line), that it did not.
 * Blanks count only in a line not split (a name may hold one). */
static void sep_hint(const tkmi_text_ctx *c, const char *f, int whole,
                     char *out, size_t len)
{
    char seen[sizeof OTHER_SEPS], a[4], b[4];
    size_t k = 0;
    for (const char *o = OTHER_SEPS; *o; o++)
        if (*o != c->sep && !(c->sep == ' ' && *o == '\t') &&
            (whole || (*o != ' ' && *o != '\t')))
            seen[k++] = *o;
    seen[k] = '\0';
    const char *at = strpbrk(f, seen);
    out[0] = '\0';
    if (!at)
        return;
    if (!c->delim)
        snprintf(out, len, " (fields separated by %s? say so with "
                 "--delimiter %s)", sep_words(*at, 0, a),
                 sep_words(*at, 1, b));
    else if (whole)
        snprintf(out, len, ": --delimiter %s does not split the line; its "
                 "fields seem separated by %s", sep_words(c->delim, 1, b),
                 sep_words(*at, 0, a));
    else
        snprintf(out, len, " (it holds %s, and --delimiter said %s)",
                 sep_words(*at, 0, a), sep_words(c->delim, 1, b));
}

/* The value of field f, column col (whole: the only field of its line),
 * into *v, checked against c->target; else the message on it. */
static tkm_status text_value(tkmi_text_ctx *c, const char *f, size_t col,
                             int whole, double *v)
{
    int overflow = 0;
    if (*f == '\0')
        return tkmi_fail(TKM_EFORMAT, c->msg, c->msglen,
                         "%s: line %zu, column %zu: empty field", c->path,
                         c->line, col);
    if (!parse_double(f, v, &overflow)) {
        char hint[128];
        sep_hint(c, f, whole, hint, sizeof hint);
        return tkmi_fail(TKM_EFORMAT, c->msg, c->msglen,
                         "%s: line %zu, column %zu: '" SHOW
                         "' is not a number%s", c->path, c->line, col, f,
                         hint);
    }
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

/* Parse the columns read of one data row into c->vals; fields past the
 * expected count and columns left out are only counted (never parsed),
 * so a ragged row is reported as such. */
static tkm_status text_row(tkmi_text_ctx *c, char *s)
{
    field_iter it = {s, c->sep, 0};
    char *f;
    size_t col = 0;
    double v = 0.0;
    tkm_status st;
    size_t want;
    while (next_field(&it, &f)) {
        col++;
        if ((c->d != 0 && col > c->d) || (c->keep && !c->keep[col - 1]))
            continue;
        /* named from 0, as --usecols */
        st = text_value(c, f, col - 1, col == 1 && last_field(&it), &v);
        if (st != TKM_OK)
            return st;
        if ((want = dbuf_push(&c->vals, v)) != 0)
            return tkmi_fail_alloc(c->msg, c->msglen, want, 1, sizeof v,
                                   "%s: line %zu: the values of %zu rows",
                                   c->path, c->line, c->n + 1);
    }
    if (col != c->d)
        return tkmi_fail(TKM_EFORMAT, c->msg, c->msglen,
                         "%s: line %zu: expected %zu fields, found %zu",
                         c->path, c->line, c->d, col);
    c->n++;
    return TKM_OK;
}

/* Add a line to the caller's note (tkm_read_opts.note), after those
 * already there; what does not fit is cut. */
static void add_note(const tkmi_text_ctx *c, const char *fmt, ...)
{
    char *note = c->o->note;
    size_t cap = c->o->notelen, len = note && cap ? strnlen(note, cap) : 0;
    if (!note || len + 2 >= cap)
        return;
    if (len > 0)
        note[len++] = '\n';
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(note + len, cap - len, fmt, ap);
    va_end(ap);
}

/* Keep the header line s (hdr_fields fields under c->sep): its names
 * select columns, its first field tells pandas' index column. */
static tkm_status keep_header(tkmi_text_ctx *c, const char *s)
{
    field_iter it = {NULL, c->sep, 0};
    char *f;
    size_t j = 0;
    c->hdr_copy = strdup(s);
    c->hdr_names = malloc(c->hdr_fields * sizeof *c->hdr_names);
    if (!c->hdr_copy || !c->hdr_names)
        return tkmi_fail(TKM_ENOMEM, c->msg, c->msglen, "%s: out of memory",
                         c->path);
    it.p = c->hdr_copy;
    while (j < c->hdr_fields && next_field(&it, &f))
        c->hdr_names[j++] = f;
    return TKM_OK;
}

/* Before the first data row s: the file's width (the header's, if any),
 * the columns read, and the note on an empty first header field when
 * that column is read. */
static tkm_status first_row(tkmi_text_ctx *c, const char *s)
{
    size_t fields, numbers, empty;
    char *const *names = c->hdr_fields ? c->hdr_names : NULL;
    if (count_fields(s, c->sep, &fields, &numbers, &empty) != 0)
        return tkmi_fail(TKM_ENOMEM, c->msg, c->msglen, "%s: out of memory",
                         c->path);
    if (c->hdr_fields && c->hdr_fields != fields)
        return tkmi_fail(TKM_EFORMAT, c->msg, c->msglen,
                         "%s: line %zu: the header (line %zu) names %zu "
                         "columns, the data has %zu", c->path, c->line,
                         c->hdr_line, c->hdr_fields, fields);
    tkm_status st = tkmi_cols_select(c->o, c->path, fields, names, &c->keep,
                                     &c->dk, c->msg, c->msglen);
    if (st != TKM_OK)
        return st;
    c->d = fields;
    if (names && fields > 1 && names[0][0] == '\0' &&
        (!c->keep || c->keep[0]))
        add_note(c, "warning: %s: line %zu: the header's first field is "
                 "empty, as in the index column pandas' to_csv writes: "
                 "column 0 is read as data; leave it out with --skip-cols 0",
                 c->path, c->hdr_line);
    return TKM_OK;
}

/* One line as getline returned it (len bytes, with its newline). */
static tkm_status text_line(tkmi_text_ctx *c, char *s, size_t len)
{
    const char *t;
    int header;
    if (memchr(s, '\0', len))
        return tkmi_fail(TKM_EFORMAT, c->msg, c->msglen,
                         "%s: line %zu: NUL byte in a text file (binary "
                         "data? name it .npy or .bin, or give --format)",
                         c->path, c->line);
    while (len > 0 && (s[len - 1] == '\n' || s[len - 1] == '\r'))
        s[--len] = '\0';
    if (memchr(s, '\r', len))
        return tkmi_fail(TKM_EFORMAT, c->msg, c->msglen,
                         "%s: line %zu: a carriage return inside the line "
                         "(lines ended by CR alone?); end them with "
                         "newlines, e.g. tr '\\r' '\\n'", c->path, c->line);
    if (c->line == 1 && strncmp(s, "\xEF\xBB\xBF", 3) == 0)
        s += 3; /* UTF-8 byte order mark */
    t = s + strspn(s, " \t");
    if (*t == '\0' || *t == '#')
        return TKM_OK;
    if (c->sep == 0)
        c->sep = c->delim ? c->delim : detect_sep(s);
    if (!c->seen_first) {
        size_t fields = 0;
        c->seen_first = 1;
        header = is_header(c, s, &fields);
        if (header < 0)
            return tkmi_fail(TKM_ENOMEM, c->msg, c->msglen,
                             "%s: out of memory", c->path);
        if (header) {
            c->hdr_fields = fields;
            c->hdr_line = c->line;
            if (c->header == TKM_HEADER_AUTO)
                add_note(c, "note: %s: line %zu is taken for a header: none "
                         "of its fields is a number ('" SHOW "')", c->path,
                         c->line, s);
            tkm_status st = keep_header(c, s);
            c->sep = 0; /* the data may use another separator */
            return st;
        }
    }
    if (c->d == 0) {
        tkm_status st = first_row(c, s);
        if (st != TKM_OK)
            return st;
    }
    return text_row(c, s);
}

/* ---- a large regular file: the lines before the first data row ------
 *
 * tkmi_text_feed reads them (and every chunk of io_text_part.c its own
 * lines) with the same text_line. */

#define PAR_MIN_BYTES ((size_t)1 << 20) /* smaller files: one pass */
#define DROP_BYTES ((size_t)4 << 20)    /* read pages given back in steps */
#define PAGE ((size_t)4096)             /* madvise's unit (a multiple is fine) */

/* Contract in io_text.h (the line reader: text_line). */
tkm_status tkmi_text_feed(tkmi_text_ctx *c, const char **p, const char *e,
                          char **buf, size_t *cap, int first_row)
{
    const char *kept = *p; /* pages before it already given back */
    while (*p < e && !(first_row && c->n > 0)) {
        if (*p - kept >= (ptrdiff_t)DROP_BYTES) {
            /* the mapped pages behind us are read: out of the process's
             * memory (they stay in the page cache) */
            uintptr_t a = ((uintptr_t)kept + PAGE - 1) & ~(uintptr_t)(PAGE - 1);
            uintptr_t z = (uintptr_t)*p & ~(uintptr_t)(PAGE - 1);
            if (z > a)
                madvise((void *)a, z - a, MADV_DONTNEED);
            kept = (const char *)z;
        }
        const char *nl = memchr(*p, '\n', (size_t)(e - *p));
        size_t len = nl ? (size_t)(nl - *p) + 1 : (size_t)(e - *p);
        if (len + 1 > *cap) {
            char *nb = tkmi_realloc(*buf, len + 1, 1, 1);
            if (!nb)
                return tkmi_fail_alloc(c->msg, c->msglen, len + 1, 1, 1,
                                       "%s: line %zu", c->path,
                                       c->line + 1);
            *buf = nb;
            *cap = len + 1;
        }
        memcpy(*buf, *p, len);
        (*buf)[len] = '\0';
        *p += len;
        c->line++;
        tkm_status st = text_line(c, *buf, len);
        if (st != TKM_OK)
            return st;
    }
    return TKM_OK;
}

/* Contract in io_read.h. */
tkm_status tkmi_read_text(FILE *f, const char *path, const tkm_read_opts *o,
                          tkm_dataset *out, char *msg, size_t msglen)
{
    tkmi_text_ctx c = {.path = path, .target = o->target, .header = o->header,
                  .delim = o->delimiter, .o = o, .msg = msg,
                  .msglen = msglen};
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    double *shrunk;
    tkm_status st = TKM_OK;
    struct stat sb;
    if (o->comm) {
        if ((st = tkmi_text_part(&c, f, o->comm)) != TKM_OK)
            goto cleanup;
        goto part_done;
    }
    if (fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode) &&
        (size_t)sb.st_size >= PAR_MIN_BYTES && tkmi_threads(0) > 1) {
        size_t size = (size_t)sb.st_size;
        void *m = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fileno(f), 0);
        if (m != MAP_FAILED) {
            madvise(m, size, MADV_SEQUENTIAL);
            st = tkmi_text_mapped(&c, m, size);
            munmap(m, size);
            if (st != TKM_OK)
                goto cleanup;
            goto done;
        }
    }
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
done:
    if (c.n == 0) {
        st = tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: no data rows%s", path,
                       c.seen_first ? " (only a header)" : "");
        goto cleanup;
    }
part_done:
    shrunk = realloc(c.vals.v, (c.vals.len ? c.vals.len : 1) * sizeof *shrunk);
    out->x = shrunk ? shrunk : c.vals.v;
    out->n = c.n;
    out->d = c.dk;
    c.vals.v = NULL;
cleanup:
    free(line);
    free(c.vals.v);
    free(c.keep);
    free(c.hdr_names);
    free(c.hdr_copy);
    return st;
}
