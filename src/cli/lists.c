/*
 * Comma-separated lists, as `check` takes them on its command line and
 * `bench` in its preset files: names (algorithms, forms, precisions,
 * initialisations) and whole numbers with ranges.  Errors go into a
 * caller's buffer so that each caller can say where the list came from
 * (an option, or a preset's line).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const char *cli_valid_names(cli_list_kind kind, char *buf, size_t len)
{
    int count = kind == CLI_LIST_ALGO   ? TKM_NALGO
              : kind == CLI_LIST_FORM   ? TKM_NFORM
              : kind == CLI_LIST_INIT   ? TKM_NINIT
              : kind == CLI_LIST_UPDATE ? TKM_NUPDATE
                                        : 2;
    buf[0] = '\0';
    for (int i = 0; i < count; i++) {
        const char *s = kind == CLI_LIST_ALGO
                            ? tkm_algorithm_name((tkm_algorithm)i)
                        : kind == CLI_LIST_FORM ? tkm_form_name((tkm_form)i)
                        : kind == CLI_LIST_INIT
                            ? tkm_init_name((tkm_init_method)i)
                        : kind == CLI_LIST_EMPTY
                            ? tkm_empty_name((tkm_empty_policy)i)
                        : kind == CLI_LIST_UPDATE
                            ? tkm_update_name((tkm_update)i)
                            : tkm_precision_name(i ? TKM_F64 : TKM_F32);
        strncat(buf, i ? ", " : "", len - strlen(buf) - 1);
        strncat(buf, s, len - strlen(buf) - 1);
    }
    return buf;
}

/* The lists cli_fputs_algs writes (contract in cli.h). */
static const struct {
    const char *word;
    unsigned flags;
    int titles;
    const char *sep, *last;
} alg_lists[] = {
    {"algs|", 0, 0, " | ", " | "},
    {"algs,", 0, 0, ",", ","},
    {"algs, ", 0, 0, ", ", ", "},
    {"Algs", 0, 1, ", ", ", "},
    {"screen", TKMI_CAP_SCREEN, 0, ", ", " and "},
    {"Screen", TKMI_CAP_SCREEN, 1, ", ", " and "},
    {"no_cc", TKMI_CAP_NO_CC, 0, ", ", ", "},
    {"No_cc", TKMI_CAP_NO_CC, 1, ", ", " and "},
    {"drift", TKMI_CAP_MAX_DRIFT, 0, ", ", ", "},
    {"Drift", TKMI_CAP_MAX_DRIFT, 1, ", ", " and "},
};

/* The list named by the word of len characters at w into buf; NULL for
 * no such word. */
static const char *alg_list(const char *w, size_t len, char *buf,
                            size_t buflen)
{
    if (len == strlen("default") && !strncmp(w, "default", len)) {
        tkm_params p;
        tkm_params_default(&p);
        return tkm_algorithm_name(p.algorithm);
    }
    for (size_t i = 0; i < sizeof alg_lists / sizeof alg_lists[0]; i++)
        if (strlen(alg_lists[i].word) == len &&
            !strncmp(w, alg_lists[i].word, len))
            return (alg_lists[i].titles ? tkmi_alg_titles : tkmi_alg_names)(
                alg_lists[i].flags, alg_lists[i].sep, alg_lists[i].last,
                buf, buflen);
    return NULL;
}


/* Help text is laid out for this many columns. */
#define HELP_COLS 72

/* The blanks that start line (len bytes). */
static size_t lead(const char *line, size_t len)
{
    size_t c = 0;
    while (c < len && line[c] == ' ')
        c++;
    return c;
}

/* The column where a broken line of text (len bytes) goes on: that of the
 * line after it (next, nlen bytes; NULL: none) where that one is further
 * in; else, in a line that starts near the margin, after the first run of
 * two or more blanks past its first word ("  --algorithm NAME     lloyd
 * | ...", "  k = LIST     numbers"); else its own first column. */
static size_t text_column(const char *line, size_t len, const char *next,
                          size_t nlen)
{
    size_t c = lead(line, len);
    if (next && lead(next, nlen) > c && lead(next, nlen) < nlen &&
        lead(next, nlen) < HELP_COLS / 2)
        return lead(next, nlen);
    if (c > 4)
        return c;
    for (size_t j = c; j + 1 < len && j < HELP_COLS / 2; j++)
        if (line[j] == ' ' && line[j + 1] == ' ') {
            while (j < len && line[j] == ' ')
                j++;
            return j < len && j < HELP_COLS / 2 ? j : c;
        }
    return c;
}

/* Write the lines of text (len bytes), each longer than HELP_COLS broken
 * at blanks into lines that start at its text column; what a break leaves
 * goes in front of the next line where that one goes on at the same
 * column (a word broken after a hyphen joins without a blank). */
static void put_wrapped(FILE *f, const char *text, size_t len)
{
    char carry[512];
    size_t nc = 0, ind = 0;
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t ll = nl ? (size_t)(nl - text - at) : len - at;
        const char *src = text + at;
        const char *next = nl && nl + 1 < text + len ? nl + 1 : NULL;
        size_t nlen = 0;
        if (next) {
            const char *nn = memchr(next, '\n', (size_t)(text + len - next));
            nlen = nn ? (size_t)(nn - next) : (size_t)(text + len - next);
        }
        char line[1024];
        size_t n = 0;
        if (nc && lead(src, ll) == ind && ll > ind && src[ind] != '-' &&
            ind + nc + 1 + ll < sizeof line) {
            /* a line that goes on: the carried words in front of its own */
            memset(line, ' ', ind);
            memcpy(line + ind, carry, nc);
            n = ind + nc;
            if (carry[nc - 1] != '-')
                line[n++] = ' ';
            src += ind;
            ll -= ind;
        } else if (nc) {
            fprintf(f, "%*s%.*s\n", (int)ind, "", (int)nc, carry);
        }
        nc = 0;
        if (n + ll >= sizeof line) { /* too long to reflow: as it is */
            fwrite(src, 1, ll, f);
        } else {
            memcpy(line + n, src, ll);
            n += ll;
            size_t cut = n;
            if (n > HELP_COLS) {
                size_t col = text_column(line, n, next, nlen);
                for (size_t j = HELP_COLS; j > col; j--)
                    if (line[j] == ' ') {
                        cut = j;
                        break;
                    }
                size_t r = cut;
                while (r < n && line[r] == ' ')
                    r++;
                if (r < n && n - r < sizeof carry) {
                    nc = n - r;
                    memcpy(carry, line + r, nc);
                    ind = col;
                } else {
                    cut = n;
                }
            }
            fwrite(line, 1, cut, f);
        }
        if (nl)
            fputc('\n', f);
        at = nl ? (size_t)(nl - text) + 1 : len;
    }
    if (nc)
        fprintf(f, "%*s%.*s\n", (int)ind, "", (int)nc, carry);
}

void cli_fputs_algs(FILE *f, const char *text)
{
    char buf[256];
    char *out = NULL;
    size_t outlen = 0;
    FILE *m = open_memstream(&out, &outlen);
    FILE *to = m ? m : f;
    for (const char *at; (at = strchr(text, '@')) != NULL;) {
        const char *end = strchr(at + 1, '@');
        const char *list =
            end ? alg_list(at + 1, (size_t)(end - at - 1), buf, sizeof buf)
                : NULL;
        fwrite(text, 1, (size_t)(at - text), to);
        fputs(list ? list : "@", to);
        text = list ? end + 1 : at + 1;
    }
    fputs(text, to);
    if (!m)
        return;
    fclose(m);
    put_wrapped(f, out, outlen);
    free(out);
}

static int parse_name(cli_list_kind kind, const char *s, int *out)
{
    switch (kind) {
    case CLI_LIST_ALGO: {
        tkm_algorithm a;
        if (tkm_algorithm_parse(s, &a))
            return -1;
        *out = a;
        return 0;
    }
    case CLI_LIST_FORM: {
        tkm_form f;
        if (tkm_form_parse(s, &f))
            return -1;
        *out = f;
        return 0;
    }
    case CLI_LIST_PREC: {
        tkm_precision p;
        if (tkm_precision_parse(s, &p))
            return -1;
        *out = p;
        return 0;
    }
    case CLI_LIST_UPDATE: {
        tkm_update u;
        if (tkm_update_parse(s, &u))
            return -1;
        *out = u;
        return 0;
    }
    default: {
        tkm_init_method m;
        if (tkm_init_parse(s, &m))
            return -1;
        *out = m;
        return 0;
    }
    }
}

/* Copy text into buf without surrounding blanks. */
static char *trimmed(const char *text, char *buf, size_t len)
{
    while (*text == ' ' || *text == '\t')
        text++;
    size_t n = strlen(text);
    while (n && (text[n - 1] == ' ' || text[n - 1] == '\t'))
        n--;
    if (n >= len)
        return NULL;
    memcpy(buf, text, n);
    buf[n] = '\0';
    return buf;
}

/* Split text at commas into trimmed, non-empty items; call take() on each.
 * take returns 0, or -1 after writing err. */
static int each_item(const char *text, int (*take)(const char *, void *),
                     void *ctx, char *err, size_t errlen)
{
    char buf[1024], item[256];
    if (strlen(text) >= sizeof buf) {
        snprintf(err, errlen, "list too long (at most %zu characters)",
                 sizeof buf - 1);
        return -1;
    }
    strcpy(buf, text);
    int seen = 0;
    char *save = NULL;
    for (char *t = strtok_r(buf, ",", &save); t;
         t = strtok_r(NULL, ",", &save)) {
        if (!trimmed(t, item, sizeof item) || !item[0]) {
            snprintf(err, errlen, "empty or overlong item in '%s'", text);
            return -1;
        }
        if (take(item, ctx))
            return -1;
        seen++;
    }
    if (!seen) {
        snprintf(err, errlen, "empty list");
        return -1;
    }
    return 0;
}

typedef struct {
    cli_list_kind kind;
    int *vals, max, *n;
    long long *nums, lo, hi;
    char *err;
    size_t errlen;
} list_ctx;

static int take_name(const char *item, void *p)
{
    list_ctx *c = p;
    char names[128];
    int v;
    if (parse_name(c->kind, item, &v)) {
        cli_valid_names(c->kind, names, sizeof names);
        snprintf(c->err, c->errlen, "unknown name '%s'; valid names: %s",
                 item, names);
        return -1;
    }
    for (int i = 0; i < *c->n; i++)
        if (c->vals[i] == v) {
            snprintf(c->err, c->errlen, "'%s' is listed twice", item);
            return -1;
        }
    if (*c->n >= c->max) {
        snprintf(c->err, c->errlen, "at most %d items", c->max);
        return -1;
    }
    c->vals[(*c->n)++] = v;
    return 0;
}

int cli_list_names(cli_list_kind kind, const char *text, int *vals, int max,
                   int *n, char *err, size_t errlen)
{
    list_ctx c = {.kind = kind, .vals = vals, .max = max, .n = n,
                  .err = err, .errlen = errlen};
    *n = 0;
    return each_item(text, take_name, &c, err, errlen);
}

/* A whole number, or "max" (the processors OpenMP uses here). */
static int number(const char *s, long long *out)
{
    if (!strcmp(s, "max")) {
        *out = tkmi_threads_most();
        return 0;
    }
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (!*s || *end || errno == ERANGE)
        return -1;
    *out = v;
    return 0;
}

static int push(list_ctx *c, long long v, const char *item)
{
    if (v < c->lo || v > c->hi) {
        snprintf(c->err, c->errlen, "%lld (in '%s') is out of range "
                 "(%lld..%lld)", v, item, c->lo, c->hi);
        return -1;
    }
    for (int i = 0; i < *c->n; i++)
        if (c->nums[i] == v) {
            /* "max" may land on a value also written out (1, max on one
             * core): dropped; a value written twice is a mistake */
            if (strstr(item, "max"))
                return 0;
            snprintf(c->err, c->errlen, "%lld (in '%s') is listed twice", v,
                     item);
            return -1;
        }
    if (*c->n >= c->max) {
        snprintf(c->err, c->errlen, "at most %d values", c->max);
        return -1;
    }
    c->nums[(*c->n)++] = v;
    return 0;
}

/* "A..B", "A..B*F" or "A..B+S": A, then steps up to B, B always last. */
static int take_range(list_ctx *c, const char *item, const char *dots)
{
    char a[64], b[64];
    size_t la = (size_t)(dots - item);
    const char *rest = dots + 2;
    size_t lb = strcspn(rest, "*+");
    long long lo, hi, step = 1;
    int geometric = rest[lb] == '*';
    if (la >= sizeof a || lb >= sizeof b)
        goto bad;
    memcpy(a, item, la);
    a[la] = '\0';
    memcpy(b, rest, lb);
    b[lb] = '\0';
    if (number(a, &lo) || number(b, &hi) ||
        (rest[lb] && number(rest + lb + 1, &step)))
        goto bad;
    if (hi < lo || step < 1 + geometric || (geometric && lo < 1)) {
        snprintf(c->err, c->errlen, "range '%s' is empty or its step does "
                 "not advance", item);
        return -1;
    }
    for (long long v = lo; v < hi;) {
        if (push(c, v, item))
            return -1;
        if (geometric ? v > hi / step : v > hi - step)
            break; /* the next step passes B (and could overflow) */
        v = geometric ? v * step : v + step;
    }
    return push(c, hi, item);
bad:
    snprintf(c->err, c->errlen, "'%s' is not a number or a range A..B, "
             "A..B*F, A..B+S", item);
    return -1;
}

static int take_number(const char *item, void *p)
{
    list_ctx *c = p;
    const char *dots = strstr(item, "..");
    if (dots)
        return take_range(c, item, dots);
    long long v;
    if (number(item, &v)) {
        snprintf(c->err, c->errlen, "'%s' is not a whole number", item);
        return -1;
    }
    return push(c, v, item);
}

int cli_list_numbers(const char *text, long long lo, long long hi,
                     long long *vals, int max, int *n, char *err,
                     size_t errlen)
{
    list_ctx c = {.nums = vals, .max = max, .n = n, .lo = lo, .hi = hi,
                  .err = err, .errlen = errlen};
    *n = 0;
    return each_item(text, take_number, &c, err, errlen);
}
