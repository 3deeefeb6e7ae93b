/*
 * A text data set read in parts (io_text.h): a large file on one process
 * in chunks, one per thread, and any file by several processes, each
 * parsing its own rows.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "trikmeans.h"
#include "internal.h"
#include "io_text.h"
#include "part.h"

/* ---- a large regular file: mapped and parsed in chunks ------------------
 *
 * The lines up to the first data row are read in order (separator,
 * header, the number of fields); the rest is cut at line ends into one
 * chunk per thread, each fed to tkmi_text_feed with its own line
 * numbers, values and first error.  The values are those of the
 * sequential reader (strtod per field), the rows keep their order, and of
 * several errors the first in the file is reported, with its line. */

typedef struct {
    const char *b, *e; /* whole lines */
    tkmi_text_ctx c;   /* c.line: the line before b */
    char msg[512];
    tkm_status st;
} chunk_t;

static size_t count_lines(const char *b, const char *e)
{
    size_t n = 0;
    for (const char *q = b; q < e && (q = memchr(q, '\n', (size_t)(e - q)));
         q++)
        n++;
    return n;
}

/* Contract in io_text.h. */
tkm_status tkmi_text_chunks(tkmi_text_ctx *c, const char *p, const char *e)
{
    const int nt = tkmi_threads(0);
    const size_t nts = (size_t)nt;
    size_t per = (size_t)(e - p) / nts + 1;
    chunk_t *ch = tkmi_calloc(nts, 1, sizeof *ch);
    tkm_status st = TKM_OK;
    if (!ch)
        return tkmi_fail(TKM_ENOMEM, c->msg, c->msglen, "%s: out of memory",
                         c->path);
    for (int t = 0; t < nt; t++) { /* cut at line ends */
        ch[t].b = t ? ch[t - 1].e : p;
        const char *want = ch[t].b + per < e && t + 1 < nt ? ch[t].b + per : e;
        const char *nl = want < e ? memchr(want, '\n', (size_t)(e - want))
                                  : NULL;
        ch[t].e = want < e ? (nl ? nl + 1 : e) : e;
        ch[t].c = *c;
        ch[t].c.vals = (tkmi_dbuf){0};
        ch[t].c.n = 0;
        ch[t].c.line = 0;
        ch[t].c.msg = ch[t].msg;
        ch[t].c.msglen = sizeof ch[t].msg;
    }
    /* every chunk writes its rows into its own slice of one array: at
     * most dk values for each of its lines (a longer row is an error) */
    size_t room = c->vals.len, lines_before = 0;
    size_t *first = tkmi_alloc(nts, 1, sizeof *first);
    size_t *lines = tkmi_alloc(nts, 1, sizeof *lines);
    double *v = NULL;
    if (first && lines) {
        for (int t = 0; t < nt; t++) {
            lines[t] = count_lines(ch[t].b, ch[t].e) + 1;
            first[t] = room;
            room += lines[t] * c->dk;
        }
        v = tkmi_realloc(c->vals.v, room, 1, sizeof *v);
    }
    if (!v) {
        st = tkmi_fail_alloc(c->msg, c->msglen, room, 1, sizeof *v, "%s: "
                             "room for %zu values (%zu columns on each of "
                             "its lines)", c->path, room, c->dk);
        goto cleanup;
    }
    c->vals.v = v;
    for (int t = 0; t < nt; t++) {
        ch[t].c.vals = (tkmi_dbuf){v + first[t], 0, lines[t] * c->dk, 1};
        ch[t].c.line = c->line + lines_before;
        lines_before += lines[t] - 1;
    }
#pragma omp parallel for num_threads(nt) schedule(static, 1)
    for (int t = 0; t < nt; t++) {
        char *buf = NULL;
        size_t cap = 0;
        const char *q = ch[t].b;
        ch[t].st = tkmi_text_feed(&ch[t].c, &q, ch[t].e, &buf, &cap, 0);
        free(buf);
    }
    for (int t = 0; t < nt && st == TKM_OK; t++)
        if (ch[t].st != TKM_OK) {
            st = ch[t].st;
            if (c->msg && c->msglen)
                snprintf(c->msg, c->msglen, "%s", ch[t].msg);
        }
    if (st == TKM_OK) /* the slices, closed up in order */
        for (int t = 0; t < nt; t++) {
            memmove(v + c->vals.len, ch[t].c.vals.v,
                    ch[t].c.vals.len * sizeof *v);
            c->vals.len += ch[t].c.vals.len;
            c->n += ch[t].c.n;
        }
    c->vals.cap = room;
cleanup:
    free(first);
    free(lines);
    free(ch);
    return st;
}

/* Contract in io_text.h. */
tkm_status tkmi_text_mapped(tkmi_text_ctx *c, const char *m, size_t size)
{
    const char *p = m, *e = m + size;
    char *buf = NULL;
    size_t cap = 0;
    tkm_status st = tkmi_text_feed(c, &p, e, &buf, &cap, 1);
    free(buf);
    if (st == TKM_OK && p < e)
        st = tkmi_text_chunks(c, p, e);
    return st;
}

/* ---- several processes: each parses its own rows -----------------------
 *
 * Every process maps the file and parses the lines up to the first data
 * row (separator, header, fields per row: the same bytes give the same
 * answer everywhere).  The rest is cut at line ends into one share of the
 * bytes per process; each counts the data rows and lines of its share, the
 * counts are exchanged, and each notes where in its share every block of
 * TKM_PART_BLOCK rows begins.  With those block starts exchanged too, each
 * process parses exactly the rows tkm_part_rows gives it, from the byte
 * and line where they begin: the file is scanned once over (in shares)
 * and each row parsed by one process. */

/* Whether a line (without its newline) holds a data row: the line
 * reader's test
 * (blanks then nothing or '#': none).  A malformed line counts as a row;
 * the process that parses it reports it. */
static int is_row(const char *b, const char *e)
{
    while (e > b && (e[-1] == '\r' || e[-1] == '\n'))
        e--;
    while (b < e && (*b == ' ' || *b == '\t'))
        b++;
    return b < e && *b != '#';
}

/* Rows and lines of [b, e); with at set, also the byte offset from m and
 * the line before it of each row whose global index (from g) is a
 * multiple of TKM_PART_BLOCK, into at[2 * (index / TKM_PART_BLOCK)]. */
static void scan_rows(const char *m, const char *b, const char *e,
                      uint64_t g, uint64_t line, uint64_t *rows,
                      uint64_t *lines, uint64_t *at)
{
    uint64_t r = 0, l = 0;
    while (b < e) {
        const char *nl = memchr(b, '\n', (size_t)(e - b));
        const char *end = nl ? nl + 1 : e;
        if (is_row(b, end)) {
            if (at && (g + r) % TKM_PART_BLOCK == 0) {
                at[2 * ((g + r) / TKM_PART_BLOCK)] = (uint64_t)(b - m);
                at[2 * ((g + r) / TKM_PART_BLOCK) + 1] = line + l;
            }
            r++;
        }
        l++;
        b = end;
    }
    *rows = r;
    *lines = l;
}

/* Any process's failure, on every process (collective). */
static int any_failed(const tkm_comm *cm, int failed)
{
    uint64_t f = failed ? 0 : 1;
    cm->min_u64(cm->ctx, &f, 1);
    return f == 0;
}

/* Fill the process's rows of the mapped file m (size bytes) into c. */
static tkm_status part_mapped(tkmi_text_ctx *c, const char *m, size_t size,
                              const tkm_comm *cm)
{
    const char *p = m, *e = m + size;
    char *buf = NULL;
    size_t cap = 0;
    const int P = cm->size, me = cm->rank;
    tkm_status st = tkmi_text_feed(c, &p, e, &buf, &cap, 1);
    free(buf);
    uint64_t *cnt = tkmi_calloc(2, (size_t)P, sizeof *cnt);
    size_t *bytes = tkmi_calloc(2, (size_t)P, sizeof *bytes);
    size_t *off = bytes ? bytes + P : NULL;
    if (st == TKM_OK && (!cnt || !bytes))
        st = tkmi_fail(TKM_ENOMEM, c->msg, c->msglen, "%s: out of memory",
                       c->path);
    if (st == TKM_OK && c->n == 0)
        st = tkmi_fail(TKM_EFORMAT, c->msg, c->msglen, "%s: no data rows%s",
                       c->path, c->seen_first ? " (only a header)" : "");
    /* the first failing process's reason, on every process */
    const tkmi_part all = {.comm = cm};
    if ((st = tkmi_part_agree(&all, st, c->msg, c->msglen)) != TKM_OK)
        goto cleanup;
    /* the shares: cut at line ends, the same on every process */
    const char *lo = p, *hi = e;
    size_t per = (size_t)(e - p) / (size_t)P + 1;
    for (int r = 0; r <= me; r++) {
        lo = r ? hi : p;
        const char *want = lo + per < e && r + 1 < P ? lo + per : e;
        const char *nl = want < e ? memchr(want, '\n', (size_t)(e - want))
                                  : NULL;
        hi = want < e ? (nl ? nl + 1 : e) : e;
    }
    scan_rows(m, lo, hi, 0, 0, &cnt[2 * me], &cnt[2 * me + 1], NULL);
    for (int r = 0; r < P; r++) {
        bytes[r] = 2 * sizeof *cnt;
        off[r] = (size_t)r * 2 * sizeof *cnt;
    }
    cm->gather(cm->ctx, cnt, bytes, off);
    uint64_t n = 1, g0 = 1, line0 = c->line; /* the prefix holds row 0 */
    for (int r = 0; r < P; r++) {
        n += cnt[2 * r];
        if (r < me) {
            g0 += cnt[2 * r];
            line0 += cnt[2 * r + 1];
        }
    }
    const size_t nb = ((size_t)n + TKM_PART_BLOCK - 1) / TKM_PART_BLOCK;
    uint64_t *at = tkmi_calloc(2 * nb + 2, 1, sizeof *at);
    st = at ? TKM_OK
            : tkmi_fail(TKM_ENOMEM, c->msg, c->msglen, "%s: out of memory "
                        "for the block starts", c->path);
    if ((st = tkmi_part_agree(&all, st, c->msg, c->msglen)) != TKM_OK) {
        free(at);
        goto cleanup;
    }
    uint64_t dummy[2];
    scan_rows(m, lo, hi, g0, line0, &dummy[0], &dummy[1], at);
    uint64_t g = 1;
    for (int r = 0; r < P; r++) { /* each process's block starts */
        size_t b0 = ((size_t)g + TKM_PART_BLOCK - 1) / TKM_PART_BLOCK;
        size_t b1 = ((size_t)g + (size_t)cnt[2 * r] + TKM_PART_BLOCK - 1) /
                    TKM_PART_BLOCK;
        off[r] = b0 * 2 * sizeof *at;
        bytes[r] = (b1 - b0) * 2 * sizeof *at;
        g += cnt[2 * r];
    }
    cm->gather(cm->ctx, at, bytes, off);
    size_t rlo, rhi;
    tkm_part_rows((size_t)n, me, P, &rlo, &rhi);
    /* from the row's block start to the next block start (or the end) */
    tkmi_text_ctx w = *c;
    const char *from = p;
    if (rlo > 0) {
        from = m + at[2 * (rlo / TKM_PART_BLOCK)];
        w.line = (size_t)at[2 * (rlo / TKM_PART_BLOCK) + 1];
        w.n = 0;
        w.vals.len = 0;
    }
    const char *to = rhi < n ? m + at[2 * (rhi / TKM_PART_BLOCK)] : e;
    if (rhi == rlo)
        w.vals.len = w.n = 0;
    else if (from < to)
        st = tkmi_text_chunks(&w, from, to);
    c->vals = w.vals;
    c->n = w.n;
    if (st == TKM_OK && c->n != rhi - rlo)
        st = tkmi_fail(TKM_EFORMAT, c->msg, c->msglen, "%s: found %zu rows "
                       "where %zu were counted (the file changed while "
                       "read?)", c->path, c->n, rhi - rlo);
    free(at);
cleanup:
    free(cnt);
    free(bytes);
    return st;
}

/* Contract in io_text.h. */
tkm_status tkmi_text_part(tkmi_text_ctx *c, FILE *f, const tkm_comm *cm)
{
    struct stat sb;
    void *m = MAP_FAILED;
    size_t size = 0;
    int ok = fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode);
    if (ok && (size = (size_t)sb.st_size) > 0 &&
        (m = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fileno(f), 0)) ==
            MAP_FAILED)
        ok = 0;
    if (any_failed(cm, !ok)) {
        if (m != MAP_FAILED)
            munmap(m, size);
        return tkmi_fail(TKM_EIO, c->msg, c->msglen, "%s: several "
                         "processes read a text file by mapping it: a "
                         "regular file is needed (%s)", c->path,
                         ok ? "another process could not" : strerror(errno));
    }
    if (size == 0) /* every process sees the same empty file */
        return tkmi_fail(TKM_EFORMAT, c->msg, c->msglen, "%s: no data rows",
                         c->path);
    tkm_status st = part_mapped(c, m, size, cm);
    munmap(m, size);
    return st;
}
