/*
 * Sparse input, the part every sparse reader shares: the entries a reader
 * collects (row, column, value, in the file's order) become the canonical
 * CSR a tkm_dataset holds (rows in order, columns increasing within a
 * row, no column twice), duplicates summed in the file's order; and the
 * look-ups that give a CSR row's dense values to the code that needs
 * them (the command's checks, a centroids file given sparse).
 * Precision independent.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "trikmeans.h"
#include "csr.h"
#include "internal.h"
#include "io_read.h"

/* Contract in io_read.h. */
tkm_status tkmi_coo_reserve(tkmi_coo *c, size_t cap, const char *path,
                            char *msg, size_t msglen)
{
    if (cap <= c->cap)
        return TKM_OK;
    int64_t *row = tkmi_realloc(c->row, cap, 1, sizeof *row);
    if (row)
        c->row = row;
    int64_t *col = row ? tkmi_realloc(c->col, cap, 1, sizeof *col) : NULL;
    if (col)
        c->col = col;
    double *val = col ? tkmi_realloc(c->val, cap, 1, sizeof *val) : NULL;
    if (!val)
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "%s: out of memory for "
                         "%zu sparse entries", path, cap);
    c->val = val;
    c->cap = cap;
    return TKM_OK;
}

/* Contract in io_read.h. */
void tkmi_coo_free(tkmi_coo *c)
{
    free(c->row);
    free(c->col);
    free(c->val);
    memset(c, 0, sizeof *c);
}

/* Entries by column, then by their place in the file (qsort_r with the
 * columns as its argument): a stable sort of one row. */
static int cmp_entry(const void *a, const void *b, void *arg)
{
    const int64_t *col = arg;
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    if (col[i] != col[j])
        return col[i] < col[j] ? -1 : 1;
    return (i > j) - (i < j);
}

/* The entries of rows [lo, hi) of c in canonical order: their numbers in
 * *order (*kept of them), by row (a counting sort, stable) and within a
 * row by column (sorted only where the file has them out of order), so
 * that the entries of one (row, column) stay in the file's order.
 * *start (hi - lo + 1) is where each row's entries begin in *order. */
static tkm_status sort_entries(const tkmi_coo *c, size_t lo, size_t hi,
                               size_t **order, size_t **start, size_t *kept,
                               const char *path, char *msg, size_t msglen)
{
    const size_t m = hi - lo;
    size_t *st = tkmi_calloc(m + 2, 1, sizeof *st), *ord = NULL, k = 0;
    if (!st)
        return tkmi_fail_alloc(msg, msglen, m + 2, 1, sizeof *st, "%s: "
                               "sorting %zu sparse entries into %zu rows",
                               path, c->nnz, m);
    for (size_t e = 0; e < c->nnz; e++)
        if ((size_t)c->row[e] >= lo && (size_t)c->row[e] < hi) {
            st[(size_t)c->row[e] - lo + 2]++;
            k++;
        }
    if (!(ord = tkmi_alloc(k ? k : 1, 1, sizeof *ord))) {
        free(st);
        return tkmi_fail_alloc(msg, msglen, k ? k : 1, 1, sizeof *ord, "%s: "
                               "sorting %zu sparse entries into %zu rows",
                               path, c->nnz, m);
    }
    for (size_t r = 2; r < m + 2; r++)
        st[r] += st[r - 1];
    /* st[r + 1] is row r's next free place while filling; st[r] its start
     * afterwards */
    for (size_t e = 0; e < c->nnz; e++)
        if ((size_t)c->row[e] >= lo && (size_t)c->row[e] < hi)
            ord[st[(size_t)c->row[e] - lo + 1]++] = e;
    for (size_t r = 0; r < m; r++) {
        size_t a = st[r], b = st[r + 1];
        for (size_t p = a + 1; p < b; p++)
            if (c->col[ord[p]] < c->col[ord[p - 1]]) {
                qsort_r(ord + a, b - a, sizeof *ord, cmp_entry, c->col);
                break;
            }
    }
    *order = ord;
    *start = st;
    *kept = k;
    return TKM_OK;
}

/* The number of distinct (row, column) among the sorted entries. */
static size_t count_distinct(const tkmi_coo *c, const size_t *ord,
                             const size_t *st, size_t m)
{
    size_t u = 0;
    for (size_t r = 0; r < m; r++)
        for (size_t p = st[r]; p < st[r + 1]; p++)
            u += p == st[r] || c->col[ord[p]] != c->col[ord[p - 1]];
    return u;
}

/* Fill the CSR arrays of out's block from the sorted entries, summing
 * those of one (row, column) in order; a sum the target cannot hold is
 * refused, naming the file's row lo + r and the column. */
static tkm_status fill_csr(const tkmi_coo *c, const size_t *ord,
                           const size_t *st, size_t m, size_t lo,
                           const char *path, tkm_precision target,
                           tkm_csr *csr, char *msg, size_t msglen)
{
    int64_t *ptr = (int64_t *)csr->indptr, *idx = (int64_t *)csr->indices;
    double *x = csr->f32 ? NULL : (double *)csr->data;
    float *x32 = csr->f32 ? (float *)csr->data : NULL;
    size_t u = 0;
    ptr[0] = 0;
    for (size_t r = 0; r < m; r++) {
        for (size_t p = st[r]; p < st[r + 1];) {
            const int64_t col = c->col[ord[p]];
            double sum = c->val[ord[p++]];
            while (p < st[r + 1] && c->col[ord[p]] == col)
                sum += c->val[ord[p++]];
            if (tkmi_check_value(sum, target) != TKMI_VAL_OK)
                return tkmi_fail(TKM_ERANGE, msg, msglen, "%s: row %zu, "
                                 "column %lld: the entries given for it "
                                 "sum to %g, which %s", path, lo + r,
                                 (long long)col, sum,
                                 target == TKM_F32 ? "does not fit in "
                                 "float; run with --precision f64"
                                 : "is not finite");
            idx[u] = col;
            if (x32)
                x32[u] = (float)sum;
            else
                x[u] = sum;
            u++;
        }
        ptr[r + 1] = (int64_t)u;
    }
    return TKM_OK;
}

/* Contract in io_read.h. */
tkm_status tkmi_coo_to_csr(const tkmi_coo *c, const char *path,
                           const tkm_read_opts *o, int f32,
                           tkm_dataset *out, char *msg, size_t msglen)
{
    size_t lo = 0, hi = c->n, *ord = NULL, *st = NULL, kept = 0, u, bytes;
    unsigned char *block = NULL;
    tkm_status st_ = TKM_OK;
    if (c->n == 0 || c->d == 0)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: no data rows "
                         "(shape %zu x %zu)", path, c->n, c->d);
    if (c->n >= (size_t)INT64_MAX || c->d >= (size_t)INT64_MAX)
        return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: shape %zu x %zu is "
                         "too large", path, c->n, c->d);
    for (size_t e = 0; e < c->nnz; e++)
        if (c->row[e] < 0 || (size_t)c->row[e] >= c->n || c->col[e] < 0 ||
            (size_t)c->col[e] >= c->d)
            return tkmi_fail(TKM_EFORMAT, msg, msglen, "%s: entry %zu at "
                             "row %lld, column %lld lies outside the shape "
                             "%zu x %zu", path, e, (long long)c->row[e],
                             (long long)c->col[e], c->n, c->d);
    if (o->comm)
        tkm_part_rows(c->n, o->comm->rank, o->comm->size, &lo, &hi);
    /* the entries held, the sort's row starts and order, the CSR block
     * (at most every entry kept): a file of many rows and few entries
     * asks for its rows' memory twice over, refused here as a whole
     * rather than by the system part way */
    bytes = 0;
    tkmi_plan_add(&bytes, c->nnz, 2, sizeof(int64_t));
    tkmi_plan_add(&bytes, c->nnz, 1, sizeof(double));
    tkmi_plan_add(&bytes, hi - lo + 2, 1, sizeof(size_t));
    tkmi_plan_add(&bytes, c->nnz, 1, sizeof(size_t));
    tkmi_plan_add(&bytes, hi - lo + 1, 1, sizeof(int64_t));
    tkmi_plan_add(&bytes, c->nnz, 1, sizeof(int64_t) + sizeof(double));
    st_ = tkmi_mem_check(bytes, msg, msglen, "%s: %zu sparse entries in "
                         "%zu rows", path, c->nnz, hi - lo);
    if (st_ == TKM_OK)
        st_ = sort_entries(c, lo, hi, &ord, &st, &kept, path, msg, msglen);
    if (st_ != TKM_OK)
        goto cleanup;
    u = count_distinct(c, ord, st, hi - lo);
    /* floats are kept only where no sum was taken: then every value is
     * one of the file's float32 values, held exactly */
    f32 = f32 && u == kept;
    /* one block: indptr, indices (int64), then the values, each part
     * aligned for its type, so tkm_dataset_free's one free() frees all */
    bytes = (hi - lo + 1 + u) * sizeof(int64_t) +
            u * (f32 ? sizeof(float) : sizeof(double));
    if (!(block = tkmi_alloc(bytes, 1, 1))) {
        st_ = tkmi_fail_alloc(msg, msglen, bytes, 1, 1, "%s: %zu sparse "
                              "values of %zu rows", path, u, hi - lo);
        goto cleanup;
    }
    out->csr.indptr = block;
    out->csr.indices = block + (hi - lo + 1) * sizeof(int64_t);
    out->csr.data = block + (hi - lo + 1 + u) * sizeof(int64_t);
    out->csr.f32 = f32;
    out->csr.idx64 = 1;
    out->csr_own = block;
    block = NULL;
    st_ = fill_csr(c, ord, st, hi - lo, lo, path, o->target, &out->csr, msg,
                   msglen);
    if (st_ == TKM_OK) {
        out->n = hi - lo;
        out->d = c->d;
    }
cleanup:
    free(block);
    free(ord);
    free(st);
    return st_;
}

/* ---- dense values of CSR rows ------------------------------------------ */

/* Contract in io_read.h. */
double tkmi_csr_at(const tkm_csr *c, size_t i, size_t j)
{
    int64_t a = tkmi_csr_start(c, i), b = tkmi_csr_start(c, i + 1);
    while (a < b) { /* columns increase within a row: bisect */
        const int64_t mid = a + (b - a) / 2, col = tkmi_csr_col(c, mid);
        if (col == (int64_t)j)
            return tkmi_csr_val(c, mid);
        if (col < (int64_t)j)
            a = mid + 1;
        else
            b = mid;
    }
    return 0.0;
}

/* Contract in io_read.h. */
tkm_status tkmi_dataset_densify(tkm_dataset *ds, char *msg, size_t msglen)
{
    if (!TKM_DATASET_SPARSE(ds))
        return TKM_OK;
    double *x = tkmi_alloc(ds->n, ds->d, sizeof *x);
    if (!x)
        return tkmi_fail_alloc(msg, msglen, ds->n, ds->d, sizeof *x,
                               "%zu x %zu dense values", ds->n, ds->d);
    for (size_t i = 0; i < ds->n; i++)
        tkmi_csr_row(ds, i, x + i * ds->d);
    size_t n = ds->n, d = ds->d;
    tkm_dataset_free(ds);
    ds->n = n;
    ds->d = d;
    ds->x = x;
    return TKM_OK;
}
