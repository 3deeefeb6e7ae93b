/*
 * trikmeans bench --resume DIR: what an interrupted sweep left in DIR.
 * runs.csv.part holds the rows of the runs that ended, a case (data set,
 * k, initialisation, seed) after another, in the preset's order.  The
 * last case in the file may have been cut short, so it is dropped with
 * its iterations and run again; the cases before it are kept and the
 * sweep skips them.  Run ids go on from the last kept row.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static const char *const CMD = "bench";

/* Write s[0..len) as the whole of path. */
static int rewrite(const char *path, const char *s, size_t len, char *err,
                   size_t errlen)
{
    FILE *f = fopen(path, "w");
    int bad = !f || fwrite(s, 1, len, f) != len;
    if (f)
        bad |= fclose(f) != 0;
    if (bad)
        snprintf(err, errlen, "cannot rewrite %s: %s", path, strerror(errno));
    return bad ? -1 : 0;
}

/* DIR/NAME.part (its path into path) as read, len bytes, when it begins
 * with the header hdr; NULL with the reason otherwise. */
static char *read_part(const char *dir, const char *name, const char *hdr,
                       char *path, size_t plen, size_t *len, char *err,
                       size_t errlen)
{
    snprintf(path, plen, "%s/%s.part", dir, name);
    char *s = cli_slurp(path, len, err, errlen);
    if (s && (*len < strlen(hdr) || strncmp(s, hdr, strlen(hdr)) != 0)) {
        snprintf(err, errlen, "%s.part was not written by this version of "
                 "bench (its header differs)", name);
        free(s);
        s = NULL;
    }
    return s;
}

/* Keep in DIR/iterations.csv.part its header and the complete rows of
 * runs 1..last. */
static int cut_iterations(const char *dir, long last, char *err,
                          size_t errlen)
{
    char path[4200];
    size_t len = 0;
    char *s = read_part(dir, "iterations.csv", cli_bench_iters_header, path,
                        sizeof path, &len, err, errlen);
    if (!s)
        return -1;
    const size_t hdr = strlen(cli_bench_iters_header);
    size_t w = hdr;
    for (size_t i = hdr, e; (e = cli_csv_record_end(s, i, len)) != 0; i = e) {
        if (strtol(s + i, NULL, 10) > last)
            break; /* the rows go by run id: the rest are later runs */
        memmove(s + w, s + i, e - i);
        w += e - i;
    }
    int rc = rewrite(path, s, w, err, errlen);
    free(s);
    return rc;
}

/* Fill rs from the complete cases of DIR/runs.csv.part and cut both .part
 * files back to them; tally their verdicts into b.  -1 with the reason. */
static int load_part(const char *dir, bench_state *b, cli_bench_resume *rs,
                     char *err, size_t errlen)
{
    char path[4200];
    size_t len = 0;
    char *s = read_part(dir, "runs.csv", cli_bench_runs_header, path,
                        sizeof path, &len, err, errlen);
    if (!s)
        return -1;
    const size_t hdr = strlen(cli_bench_runs_header);
    /* the complete rows, and where each starts */
    size_t nrow = 0, cap = 0, *start = NULL, end = hdr;
    for (size_t e; (e = cli_csv_record_end(s, end, len)) != 0; end = e) {
        if (nrow + 2 > cap) {
            size_t nc = cap ? 2 * cap : 256;
            size_t *ns = realloc(start, nc * sizeof *ns);
            if (!ns) {
                snprintf(err, errlen, "out of memory");
                free(start);
                free(s);
                return -1;
            }
            start = ns;
            cap = nc;
        }
        start[nrow++] = end;
    }
    char *text = malloc(end + 1);
    cli_table t;
    if (!text || (memcpy(text, s, end), text[end] = '\0',
                  cli_table_parse(text, path, &t, err, errlen) != 0)) {
        if (!text)
            snprintf(err, errlen, "out of memory");
        free(start);
        free(s);
        return -1;
    }
    const int crun = cli_table_col(&t, "run"),
              cdata = cli_table_col(&t, "dataset"),
              ck = cli_table_col(&t, "k"), cinit = cli_table_col(&t, "init"),
              cseed = cli_table_col(&t, "seed"),
              cverd = cli_table_col(&t, "verdict");
    int rc = 0;
    memset(rs, 0, sizeof *rs);
    for (size_t r = 0; r < t.nrow && rc == 0; r++) {
        if (strtol(cli_table_at(&t, r, crun), NULL, 10) != (long)r + 1) {
            snprintf(err, errlen, "runs.csv.part: row %zu is run %.32s, "
                     "not %zu: not a sweep's rows in order", r + 1,
                     cli_table_at(&t, r, crun), r + 1);
            rc = -1;
            break;
        }
        const char *ds = cli_table_at(&t, r, cdata),
                   *in = cli_table_at(&t, r, cinit);
        const long long k = strtoll(cli_table_at(&t, r, ck), NULL, 10);
        const unsigned long long seed =
            strtoull(cli_table_at(&t, r, cseed), NULL, 10);
        cli_resume_case *c = rs->ncases ? &rs->cases[rs->ncases - 1] : NULL;
        if (!c || strcmp(c->dataset, ds) || strcmp(c->init, in) ||
            c->k != k || c->seed != seed) {
            cli_resume_case *nc =
                realloc(rs->cases, (rs->ncases + 1) * sizeof *nc);
            if (!nc) {
                snprintf(err, errlen, "out of memory");
                rc = -1;
                break;
            }
            rs->cases = nc;
            c = &rs->cases[rs->ncases++];
            memset(c, 0, sizeof *c);
            snprintf(c->dataset, sizeof c->dataset, "%s", ds);
            snprintf(c->init, sizeof c->init, "%s", in);
            c->k = k;
            c->seed = seed;
            c->first = r;
        }
        c->rows++;
    }
    if (rc == 0) { /* the last case may be cut short: it goes */
        const size_t first = rs->ncases ? rs->cases[--rs->ncases].first : 0;
        rs->rows = (long)first;
        for (size_t r = 0; r < first; r++)
            cli_bench_tally(b, cli_table_at(&t, r, cverd));
        rc = rewrite(path, s, first < nrow ? start[first] : hdr, err,
                     errlen);
    }
    if (rc == 0)
        rc = cut_iterations(dir, rs->rows, err, errlen);
    cli_table_free(&t);
    free(start);
    free(s);
    if (rc != 0) {
        free(rs->cases);
        memset(rs, 0, sizeof *rs);
    }
    return rc;
}

/* The kept cases against the preset's: the same data set, k,
 * initialisation and seed, case by case, in the sweep's order. */
static int same_cases(const cli_preset *p, const cli_bench_resume *rs,
                      char *err, size_t errlen)
{
    size_t j = 0;
    for (int i = 0; i < p->ndata && j < rs->ncases; i++) {
        const cli_bench_runs *r = &p->data[i].runs;
        for (int ki = 0; ki < r->nk && j < rs->ncases; ki++)
            for (int ii = 0; ii < r->ninit && j < rs->ncases; ii++)
                for (int si = 0; si < r->nseed && j < rs->ncases; si++) {
                    const cli_resume_case *c = &rs->cases[j++];
                    const char *in =
                        tkm_init_name((tkm_init_method)r->inits[ii]);
                    if (strcmp(c->dataset, p->data[i].name) ||
                        c->k != r->ks[ki] || strcmp(c->init, in) ||
                        c->seed != (unsigned long long)r->seeds[si]) {
                        snprintf(err, errlen,
                                 "case %zu of runs.csv.part is [data %s] "
                                 "k = %lld, %s, seed %llu; the preset's is "
                                 "[data %s] k = %lld, %s, seed %lld",
                                 j, c->dataset, c->k, c->init, c->seed,
                                 p->data[i].name, r->ks[ki], in,
                                 r->seeds[si]);
                        return -1;
                    }
                }
    }
    if (j < rs->ncases) {
        snprintf(err, errlen, "runs.csv.part holds %zu cases; the preset "
                 "has %zu", rs->ncases, j);
        return -1;
    }
    return 0;
}

int cli_bench_resume_load(const char *dir, const cli_preset *p,
                          bench_state *b, cli_bench_resume *rs)
{
    char err[1024] = "";
    if (load_part(dir, b, rs, err, sizeof err) != 0)
        return cli_fail(CMD, "cannot resume %s: %s", dir, err);
    if (same_cases(p, rs, err, sizeof err) != 0) {
        free(rs->cases);
        memset(rs, 0, sizeof *rs);
        return cli_usage(CMD, "%s does not hold this preset's sweep: %s",
                         dir, err);
    }
    b->rs = rs;
    b->next_id = rs->rows + 1;
    b->pg.runs_done = (size_t)rs->rows;
    return CLI_OK;
}

int cli_bench_resume_skip(bench_state *b)
{
    cli_bench_resume *rs = b->rs;
    if (!rs || rs->next >= rs->ncases)
        return 0;
    rs->next++;
    return 1;
}
