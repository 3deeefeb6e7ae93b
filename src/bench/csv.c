/*
 * Text files for bench and report: reading a whole file, and small CSV
 * tables (a header row, then rows of as many fields; RFC 4180 quoting)
 * read into memory and looked up by column name.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

char *cli_slurp(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0;
    if (!f) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    for (;;) {
        if (n + 4096 + 1 > cap) {
            size_t ncap = cap ? 2 * cap : 65536;
            char *nb = realloc(buf, ncap);
            if (!nb) {
                snprintf(err, errlen, "%s: out of memory", path);
                goto fail;
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        goto fail;
    }
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
fail:
    fclose(f);
    free(buf);
    return NULL;
}

void cli_csv_field(FILE *f, const char *s, const char *sep)
{
    if (!strpbrk(s, ",\"\n\r")) {
        fprintf(f, "%s%s", s, sep);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fprintf(f, "\"%s", sep);
}

size_t cli_csv_record_end(const char *s, size_t i, size_t len)
{
    int quoted = 0;
    for (; i < len; i++) {
        if (s[i] == '"')
            quoted = !quoted;
        else if (s[i] == '\n' && !quoted)
            return i + 1;
    }
    return 0;
}

int cli_table_read_complete(const char *path, cli_table *t, char *err,
                            size_t errlen)
{
    size_t len = 0, end = 0;
    char *buf = cli_slurp(path, &len, err, errlen);
    if (!buf) {
        memset(t, 0, sizeof *t);
        return -1;
    }
    for (size_t e; (e = cli_csv_record_end(buf, end, len)) != 0;)
        end = e;
    buf[end] = '\0';
    return cli_table_parse(buf, path, t, err, errlen);
}

/* Split one record starting at *p in place: fields NUL-terminated, quotes
 * removed.  Stores up to max field pointers; returns the field count (may
 * exceed max) and moves *p past the record, or -1 on an open quote. */
static int split_record(char **p, char **fields, int max)
{
    char *r = *p, *w = *p;
    int n = 0;
    for (;;) {
        char *start = w;
        if (*r == '"') {
            r++;
            for (;;) {
                if (!*r)
                    return -1;
                if (*r == '"' && r[1] == '"') {
                    *w++ = '"';
                    r += 2;
                } else if (*r == '"') {
                    r++;
                    break;
                } else {
                    *w++ = *r++;
                }
            }
        }
        while (*r && *r != ',' && *r != '\n' && *r != '\r')
            *w++ = *r++;
        char end = *r;
        if (n < max)
            fields[n] = start;
        n++;
        *w++ = '\0';
        if (end == ',') {
            r++;
            continue;
        }
        /* the delimiter may be overwritten by now: go by end */
        if (end == '\r' && r[1] == '\n')
            r += 2;
        else if (end)
            r++;
        break;
    }
    *p = r;
    return n;
}

int cli_table_read(const char *path, cli_table *t, char *err, size_t errlen)
{
    char *buf = cli_slurp(path, NULL, err, errlen);
    if (!buf) {
        memset(t, 0, sizeof *t);
        return -1;
    }
    return cli_table_parse(buf, path, t, err, errlen);
}

int cli_table_parse(char *buf, const char *path, cli_table *t, char *err,
                    size_t errlen)
{
    memset(t, 0, sizeof *t);
    t->buf = buf;
    char *p = t->buf;
    size_t cap = 0, line = 0;
    char *hdr[256];
    int nh = split_record(&p, hdr, 256);
    line++;
    if (nh <= 0 || nh > 256 || !hdr[0][0]) {
        snprintf(err, errlen, "%s: no header row", path);
        goto fail;
    }
    t->ncol = nh;
    while (*p) {
        line++;
        if (*p == '\n' || *p == '\r') { /* a blank line */
            p += *p == '\r' && p[1] == '\n' ? 2 : 1;
            continue;
        }
        if ((t->nrow + 2) * (size_t)nh > cap) {
            size_t ncap = cap ? 2 * cap : 64 * (size_t)nh;
            char **nc = realloc(t->cell, ncap * sizeof *nc);
            if (!nc) {
                snprintf(err, errlen, "%s: out of memory", path);
                goto fail;
            }
            t->cell = nc;
            cap = ncap;
        }
        if (t->nrow == 0)
            memcpy(t->cell, hdr, (size_t)nh * sizeof *hdr);
        char **row = t->cell + (t->nrow + 1) * (size_t)nh;
        int nf = split_record(&p, row, nh);
        if (nf != nh) {
            snprintf(err, errlen, "%s:%zu: %d fields, the header has %d",
                     path, line, nf, nh);
            goto fail;
        }
        t->nrow++;
    }
    if (!t->cell) { /* header only */
        t->cell = malloc((size_t)nh * sizeof *t->cell);
        if (!t->cell) {
            snprintf(err, errlen, "%s: out of memory", path);
            goto fail;
        }
        memcpy(t->cell, hdr, (size_t)nh * sizeof *hdr);
    }
    return 0;
fail:
    cli_table_free(t);
    return -1;
}

int cli_table_col(const cli_table *t, const char *name)
{
    for (int i = 0; i < t->ncol; i++)
        if (!strcmp(t->cell[i], name))
            return i;
    return -1;
}

const char *cli_table_at(const cli_table *t, size_t row, int col)
{
    if (col < 0 || col >= t->ncol || row >= t->nrow)
        return "";
    return t->cell[(row + 1) * (size_t)t->ncol + (size_t)col];
}

void cli_table_free(cli_table *t)
{
    if (!t)
        return;
    free(t->buf);
    free(t->cell);
    memset(t, 0, sizeof *t);
}
