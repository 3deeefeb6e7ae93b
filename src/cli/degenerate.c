/*
 * What leaves a fit's result with fewer than k clusters, for fit's and
 * check's warnings and statistics: empty clusters, centroids equal to
 * another, and (only when a cluster is empty) fewer distinct points than
 * k, over every MPI rank where there are several.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "io_read.h"

/* Centroid rows by their bytes (equal rows sort together), for qsort_r
 * with the result as its argument. */
static int cmp_rows(const void *a, const void *b, void *arg)
{
    const tkm_result *res = arg;
    size_t i = *(const size_t *)a, j = *(const size_t *)b, d = res->d;
    int c = memcmp(res->centroids + i * d, res->centroids + j * d,
                   d * sizeof(double));
    return c ? c : (i > j) - (i < j);
}

/* Value (i, c) of ds, from x, x32 or the sparse rows (only about k rows
 * are read, so a search in a row's columns costs nothing that shows). */
static double point_value(const tkm_dataset *ds, size_t i, size_t c)
{
    if (TKM_DATASET_SPARSE(ds))
        return tkmi_csr_at(&ds->csr, i, c);
    return ds->x ? ds->x[i * ds->d + c] : (double)ds->x32[i * ds->d + c];
}

/* Whether rows i and j of ds hold equal values (so -0 equals 0). */
static int same_rows(const tkm_dataset *ds, size_t i, size_t j)
{
    for (size_t c = 0; c < ds->d; c++)
        if (point_value(ds, i, c) != point_value(ds, j, c))
            return 0;
    return 1;
}

/* A hash of row i's values (-0 hashed as 0, so equal rows hash alike). */
static uint64_t row_hash(const tkm_dataset *ds, size_t i)
{
    uint64_t h = 0x9e3779b97f4a7c15u, u;
    for (size_t c = 0; c < ds->d; c++) {
        double v = point_value(ds, i, c);
        v = v == 0.0 ? 0.0 : v;
        memcpy(&u, &v, sizeof u);
        h = (h ^ u) * 0xff51afd7ed558ccdu;
        h ^= h >> 33;
    }
    return h;
}

/* Up to cap distinct rows of ds (equal values, so -0 is 0), in the order
 * of their first appearance: their number, copied into out (cap * d
 * doubles) unless out is NULL; SIZE_MAX when out of memory.  One pass
 * through an open-addressing table of row numbers, which stops once cap
 * are found: only the warnings about fewer distinct points than k ask,
 * so on most data it reads about k rows (a sort of all n took 0.7 s at
 * 1,000,000 x 32 whenever a cluster ended empty). */
static size_t distinct_rows(const tkm_dataset *ds, size_t cap, double *out)
{
    const size_t want = cap < ds->n ? cap : ds->n;
    size_t slots = 2, m = 0;
    while (slots < 2 * want)
        slots <<= 1;
    size_t *tab = tkmi_alloc(slots, 1, sizeof *tab);
    if (!tab)
        return SIZE_MAX;
    for (size_t s = 0; s < slots; s++)
        tab[s] = SIZE_MAX;
    for (size_t i = 0; i < ds->n && m < cap; i++) {
        size_t h = (size_t)row_hash(ds, i) & (slots - 1);
        while (tab[h] != SIZE_MAX && !same_rows(ds, tab[h], i))
            h = (h + 1) & (slots - 1);
        if (tab[h] != SIZE_MAX)
            continue; /* seen */
        tab[h] = i;
        for (size_t c = 0; out && c < ds->d; c++)
            out[m * ds->d + c] = point_value(ds, i, c);
        m++;
    }
    free(tab);
    return m;
}

/* The number of distinct points of ds when fewer than k, else 0;
 * SIZE_MAX when out of memory. */
static size_t distinct_below(const tkm_dataset *ds, size_t k)
{
    size_t m = distinct_rows(ds, k, NULL);
    return m == SIZE_MAX ? m : m >= k ? 0 : m;
}

/* Distinct points over the ranks of cm when fewer than k (else 0): each
 * rank offers at most k of its own distinct rows (a rank with k already
 * settles it), and the offers are merged (collective).  SIZE_MAX when
 * out of memory on this rank, or before the merge on any. */
static size_t distinct_over_ranks(const tkm_dataset *ds, size_t k,
                                  const tkm_comm *cm)
{
    const size_t d = ds->d, P = (size_t)cm->size, me = (size_t)cm->rank;
    double *mine = tkmi_alloc(k, d, sizeof *mine);
    uint64_t *cnt = tkmi_calloc(P, 1, sizeof *cnt);
    size_t *bytes = tkmi_calloc(2, P, sizeof *bytes);
    size_t *off = bytes ? bytes + P : NULL;
    size_t m = mine ? distinct_rows(ds, k, mine) : SIZE_MAX;
    uint64_t ok = cnt && bytes && m != SIZE_MAX;
    cm->min_u64(cm->ctx, &ok, 1);
    size_t total = 0, at = 0, result = SIZE_MAX;
    if (!ok)
        goto done;
    result = 0;
    cnt[me] = m;
    for (size_t r = 0; r < P; r++) {
        bytes[r] = sizeof *cnt;
        off[r] = r * sizeof *cnt;
    }
    cm->gather(cm->ctx, cnt, bytes, off);
    for (size_t r = 0; r < P; r++) {
        if (cnt[r] >= k)
            goto done; /* one rank alone has k distinct points */
        if (r < me)
            at += cnt[r];
        total += cnt[r];
    }
    tkm_dataset all = {.n = total, .d = d,
                       .x = tkmi_alloc(total, d, sizeof(double))};
    ok = all.x != NULL;
    cm->min_u64(cm->ctx, &ok, 1);
    result = ok ? 0 : SIZE_MAX;
    if (ok) {
        memcpy(all.x + at * d, mine, m * d * sizeof *mine);
        for (size_t r = 0, o = 0; r < P; r++) {
            bytes[r] = cnt[r] * d * sizeof *all.x;
            off[r] = o * d * sizeof *all.x;
            o += cnt[r];
        }
        cm->gather(cm->ctx, all.x, bytes, off);
        result = total ? distinct_below(&all, k) : 0;
    }
    free(all.x);
done:
    free(mine);
    free(cnt);
    free(bytes);
    return result;
}

int cli_degenerate_of(const char *cmd, const tkm_dataset *ds,
                      const tkm_result *res, cli_degenerate *g)
{
    size_t k = res->k, d = res->d;
    g->empty = g->duplicates = g->distinct = 0;
    uint64_t *count = tkmi_calloc(k, 1, sizeof *count);
    size_t *order = tkmi_alloc(k, 1, sizeof *order);
    const tkm_comm *cm = cli_par_comm();
    const int many = cm && cm->size > 1;
    int rc = cli_par_agree(count && order
                               ? CLI_OK
                               : cli_fail(cmd, "out of memory for the "
                                          "sizes of %zu clusters", k));
    if (rc != CLI_OK) {
        free(count);
        free(order);
        return rc;
    }
    for (size_t i = 0; i < res->n; i++)
        count[res->labels[i]]++;
    if (many)
        cm->sum_u64(cm->ctx, count, k);
    for (size_t c = 0; c < k; c++)
        g->empty += count[c] == 0;
    for (size_t c = 0; c < k; c++)
        order[c] = c;
    qsort_r(order, k, sizeof *order, cmp_rows, (void *)res);
    for (size_t c = 1; c < k; c++)
        g->duplicates += !memcmp(res->centroids + order[c] * d,
                                 res->centroids + order[c - 1] * d,
                                 d * sizeof(double));
    free(count);
    free(order);
    /* fewer distinct points than k leave a cluster empty: only then are
     * they counted (a table of the rows up to k; over ranks, of the distinct
     * points each offers, at most k) */
    if (!g->empty)
        return CLI_OK;
    size_t m = many ? distinct_over_ranks(ds, k, cm) : distinct_below(ds, k);
    g->distinct = m == SIZE_MAX ? 0 : m;
    return cli_par_agree(m == SIZE_MAX
                             ? cli_fail(cmd, "out of memory for the "
                                        "distinct points (up to %zu)", k)
                             : CLI_OK);
}
