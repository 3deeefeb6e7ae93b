/*
 * Sparse input: .npz archives as scipy.sparse.save_npz writes them (csr,
 * csc and coo; stored and deflated; int32 and int64 indices; zip64) and
 * MatrixMarket coordinate files (general, symmetric, skew-symmetric,
 * pattern; duplicates; entries in any order), each written byte by byte
 * by an independent writer (zip_harness.h, and the .mtx writer below)
 * from a dense matrix drawn from a seed,
 * read back and compared, value for value, with that matrix; then every
 * rejection with the file and the place its message names, and a read
 * that runs out of memory at each of its allocations in turn
 * (tkmi_fault_set), which must fail cleanly and leave no block behind
 * (tests/alloc_track.h: the Makefile links this program with --wrap over
 * malloc and free).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trikmeans.h"
#include "alloc_track.h"
#include "internal.h"
#include "real.h"
#include "zip_harness.h"

static char g_dir[64];
static char g_msg[512];

static char *tpath(char *buf, const char *name)
{
    snprintf(buf, 600, "%s/%s", g_dir, name);
    return buf;
}
#define PATH(name) tpath((char[600]){0}, (name))

/* ---- test matrices ----------------------------------------------------- */

/* An n x d matrix, about half of it zeros, the rest of every sign and
 * many magnitudes (float32 values when f32, so a float32 file holds
 * them exactly). */
static double *rand_sparse(tkmi_rng *r, size_t n, size_t d, int f32)
{
    double *a = calloc(n * d, sizeof *a);
    assert_non_null(a);
    for (size_t i = 0; i < n * d; i++) {
        if (tkmi_rng_below(r, 2))
            continue;
        double v = ldexp(0.5 + 0.5 * tkmi_rng_uniform(r),
                         (int)tkmi_rng_below(r, 41) - 20);
        v = tkmi_rng_below(r, 2) ? -v : v;
        a[i] = f32 ? (double)(float)v : v;
    }
    return a;
}

/* The dense values of ds's CSR, after checking that it is canonical
 * (rows from 0 to the values' count, columns in range and increasing). */
static double *dense_of(const tkm_dataset *ds)
{
    assert_true(TKM_DATASET_SPARSE(ds));
    const tkm_csr *c = &ds->csr;
    double *a = calloc(ds->n * ds->d, sizeof *a);
    assert_non_null(a);
    for (size_t i = 0; i < ds->n; i++) {
        int64_t p0 = c->idx64 ? ((const int64_t *)c->indptr)[i]
                              : ((const int32_t *)c->indptr)[i];
        int64_t p1 = c->idx64 ? ((const int64_t *)c->indptr)[i + 1]
                              : ((const int32_t *)c->indptr)[i + 1];
        assert_true(i > 0 || p0 == 0);
        assert_true(p0 <= p1);
        for (int64_t p = p0; p < p1; p++) {
            int64_t j = c->idx64 ? ((const int64_t *)c->indices)[p]
                                 : ((const int32_t *)c->indices)[p];
            assert_true(j >= 0 && (size_t)j < ds->d);
            if (p > p0) {
                int64_t prev = c->idx64 ? ((const int64_t *)c->indices)[p - 1]
                                        : ((const int32_t *)c->indices)[p - 1];
                assert_true(prev < j);
            }
            a[i * ds->d + (size_t)j] = c->f32 ? ((const float *)c->data)[p]
                                              : ((const double *)c->data)[p];
        }
    }
    return a;
}

/* Read path and compare it with the dense rows [lo, lo + n) of a (d
 * columns). */
static void assert_reads_as(const char *path, const tkm_read_opts *o,
                            const double *a, size_t lo, size_t n, size_t d)
{
    tkm_dataset ds;
    tkm_status st = tkm_dataset_read(path, o, &ds, g_msg, sizeof g_msg);
    if (st != TKM_OK)
        fail_msg("%s: %s", path, g_msg);
    assert_int_equal(ds.n, n);
    assert_int_equal(ds.d, d);
    /* canonical: from 0, each row's columns increasing */
    assert_true(ds.csr.idx64);
    const int64_t *ptr = ds.csr.indptr, *col = ds.csr.indices;
    assert_true(ptr[0] == 0);
    for (size_t i = 0; i < n; i++)
        for (int64_t q = ptr[i] + 1; q < ptr[i + 1]; q++)
            if (col[q] <= col[q - 1])
                fail_msg("%s: row %zu's columns are not increasing", path,
                         lo + i);
    double *b = dense_of(&ds);
    for (size_t e = 0; e < n * d; e++)
        if (a[lo * d + e] != b[e])
            fail_msg("%s: row %zu, column %zu: %.17g read as %.17g", path,
                     lo + e / d, e % d, a[lo * d + e], b[e]);
    free(b);
    tkm_dataset_free(&ds);
    assert_null(ds.csr_own);
}

/* The members save_npz writes for a (n x d) as fmt ("csr", "csc",
 * "coo"): index width iw, float32 values when f32; shuffle: entries out
 * of order (columns within a csr row, every entry of a coo), split:
 * every coo value given as two halves (duplicates). */
typedef struct {
    const char *fmt;
    size_t iw;
    int f32, shuffle, split;
} npz_kind;

static int npz_members(tkmi_rng *r, const double *a, size_t n, size_t d,
                       const npz_kind *k, zmember *m)
{
    const int csc = !strcmp(k->fmt, "csc"), coo = !strcmp(k->fmt, "coo");
    const size_t outer = csc ? d : n, inner = csc ? n : d;
    int64_t *ptr = calloc(outer + 1, sizeof *ptr);
    int64_t *ia = calloc(2 * n * d + 1, sizeof *ia);
    int64_t *ib = calloc(2 * n * d + 1, sizeof *ib);
    double *v = calloc(2 * n * d + 1, sizeof *v);
    size_t nnz = 0;
    for (size_t o = 0; o < outer; o++) {
        size_t first = nnz;
        for (size_t q = 0; q < inner; q++) {
            double x = csc ? a[q * d + o] : a[o * d + q];
            if (x == 0)
                continue;
            for (int h = 0; h < (k->split ? 2 : 1); h++) {
                ia[nnz] = (int64_t)o; /* row (csr, coo) or column (csc) */
                ib[nnz] = (int64_t)q;
                v[nnz++] = k->split ? x / 2 : x;
            }
        }
        /* out of order: shuffle this row's (csr) or every (coo) entry */
        size_t from = coo ? 0 : first;
        if (k->shuffle && (!coo || o + 1 == outer))
            for (size_t s = nnz; s > from + 1; s--) {
                size_t u = from + tkmi_rng_below(r, s - from);
                int64_t ta = ia[s - 1], tb = ib[s - 1];
                double tv = v[s - 1];
                ia[s - 1] = ia[u], ib[s - 1] = ib[u], v[s - 1] = v[u];
                ia[u] = ta, ib[u] = tb, v[u] = tv;
            }
        ptr[o + 1] = (int64_t)nnz;
    }
    int64_t shape[2] = {(int64_t)n, (int64_t)d};
    int count = 0;
    memset(m, 0, 5 * sizeof *m);
    m[count].name = "format.npy";
    npy_file(&m[count++].data, "|S3", SIZE_MAX, k->fmt, 3);
    m[count].name = "shape.npy";
    npy_ints(&m[count++].data, shape, 2, 8);
    m[count].name = coo ? "row.npy" : "indices.npy";
    npy_ints(&m[count++].data, coo ? ia : ib, nnz, k->iw);
    m[count].name = coo ? "col.npy" : "indptr.npy";
    if (coo)
        npy_ints(&m[count++].data, ib, nnz, k->iw);
    else
        npy_ints(&m[count++].data, ptr, outer + 1, k->iw);
    m[count].name = "data.npy";
    npy_values(&m[count++].data, v, nnz, k->f32);
    free(ptr);
    free(ia);
    free(ib);
    free(v);
    return count;
}

static void free_members(zmember *m, int count)
{
    for (int i = 0; i < count; i++)
        free(m[i].data.b);
}

/* Write a as fmt into name (deflated, zip64 as asked) and return it. */
static const char *write_npz(tkmi_rng *r, const char *name, const double *a,
                             size_t n, size_t d, const npz_kind *k,
                             int deflated, int zip64)
{
    zmember m[5];
    int count = npz_members(r, a, n, d, k, m);
    zip_file(name, m, count, deflated, zip64);
    free_members(m, count);
    return name;
}

/* Every format, index width, value type and packing reads back as the
 * dense matrix it was written from, in canonical rows (a canonical csr
 * archive through the read's fast path, the others through the sort),
 * float32 values kept as floats where asked. */
static void test_npz_formats(void **state)
{
    (void)state;
    static const char *const fmts[] = {"csr", "csc", "coo"};
    tkmi_rng r;
    tkmi_rng_seed(&r, 4401);
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    for (int t = 0; t < 48; t++) {
        size_t n = 1 + tkmi_rng_below(&r, 40), d = 1 + tkmi_rng_below(&r, 12);
        npz_kind k = {fmts[t % 3], t % 2 ? 8 : 4, (t / 2) % 2, 0, 0};
        int deflated = (t / 4) % 2, zip64 = (t / 8) % 2;
        double *a = rand_sparse(&r, n, d, k.f32);
        if (t == 5)
            memset(a, 0, n * d * sizeof *a); /* no value stored at all */
        const char *path = write_npz(&r, PATH("a.npz"), a, n, d, &k,
                                     deflated, zip64);
        assert_reads_as(path, &o, a, 0, n, d);
        if (k.f32) { /* float32 values kept as they are (no sums) */
            tkm_read_opts of = o;
            of.keep_f32 = 1;
            of.target = TKM_F32;
            assert_reads_as(path, &of, a, 0, n, d);
            tkm_dataset ds;
            assert_int_equal(tkm_dataset_read(path, &of, &ds, g_msg,
                                              sizeof g_msg), TKM_OK);
            assert_true(ds.csr.f32 || t == 5);
            tkm_dataset_free(&ds);
        }
        free(a);
    }
}

/* Columns out of order in a CSR row and COO entries in any order, given
 * twice (halves summed), read as the canonical CSR of the same matrix;
 * float32 values stay float32 (keep_f32) unless some were summed. */
static void test_npz_noncanonical(void **state)
{
    (void)state;
    tkmi_rng r;
    tkmi_rng_seed(&r, 4402);
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    o.keep_f32 = 1;
    o.target = TKM_F32;
    for (int t = 0; t < 12; t++) {
        size_t n = 2 + tkmi_rng_below(&r, 30), d = 2 + tkmi_rng_below(&r, 9);
        npz_kind k = {t % 2 ? "coo" : "csr", 4, 1, 1, t % 4 == 1};
        double *a = rand_sparse(&r, n, d, 1);
        const char *path = write_npz(&r, PATH("b.npz"), a, n, d, &k, 1, 0);
        assert_reads_as(path, &o, a, 0, n, d);
        tkm_dataset ds;
        assert_int_equal(tkm_dataset_read(path, &o, &ds, g_msg, sizeof g_msg),
                         TKM_OK);
        assert_int_equal(ds.csr.f32, !k.split);
        tkm_dataset_free(&ds);
        free(a);
    }
}

/* A process of several reads exactly its tkm_part_rows slice. */
static void test_npz_parts(void **state)
{
    (void)state;
    tkmi_rng r;
    tkmi_rng_seed(&r, 4403);
    size_t n = 3 * TKM_PART_BLOCK + 17, d = 5, lo, hi;
    double *a = rand_sparse(&r, n, d, 0);
    npz_kind k = {"csc", 8, 0, 0, 0};
    const char *path = write_npz(&r, PATH("c.npz"), a, n, d, &k, 1, 0);
    for (int size = 1; size <= 4; size++)
        for (int rank = 0; rank < size; rank++) {
            tkm_comm cm;
            memset(&cm, 0, sizeof cm);
            cm.rank = rank;
            cm.size = size;
            tkm_read_opts o;
            tkm_read_opts_default(&o);
            o.comm = &cm;
            tkm_part_rows(n, rank, size, &lo, &hi);
            assert_reads_as(path, &o, a, lo, hi - lo, d);
        }
    free(a);
}

/* The read fails with st and a message holding path and every needle. */
static void assert_refused(const char *path, const tkm_read_opts *o,
                           tkm_status st, const char *n1, const char *n2)
{
    tkm_dataset ds;
    tkm_status got = tkm_dataset_read(path, o, &ds, g_msg, sizeof g_msg);
    if (got != st || !strstr(g_msg, path) || (n1 && !strstr(g_msg, n1)) ||
        (n2 && !strstr(g_msg, n2)))
        fail_msg("%s: status %d (want %d), message '%s' (want '%s', '%s')",
                 path, got, st, g_msg, n1 ? n1 : "", n2 ? n2 : "");
    assert_int_equal(ds.n, 0);
    assert_null(ds.csr.indptr);
    assert_null(ds.csr_own);
}

/* A 3 x 4 csr archive with member which (0..4) replaced by body. */
static const char *npz_with(const char *name, int which, const bytes *body)
{
    static const double a[12] = {1, 0, 2, 0, 0, 0, 3, 0, 4, 5, 0, 6};
    tkmi_rng r;
    tkmi_rng_seed(&r, 1);
    zmember m[5];
    npz_kind k = {"csr", 4, 0, 0, 0};
    int count = npz_members(&r, a, 3, 4, &k, m);
    if (which >= 0) {
        free(m[which].data.b);
        m[which].data = (bytes){0};
        put(&m[which].data, body->b, body->len);
    }
    zip_file(name, m, count, 0, 0);
    free_members(m, count);
    return name;
}

static void test_npz_rejects(void **state)
{
    (void)state;
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    bytes b = {0};
    npy_file(&b, "|S3", SIZE_MAX, "bsr", 3);
    assert_refused(npz_with(PATH("bsr.npz"), 0, &b), &o, TKM_EFORMAT,
                   "'bsr'", "tocsr");
    b.len = 0;
    int64_t shape[2] = {3, 3}; /* column 3 is then out of range */
    npy_ints(&b, shape, 2, 8);
    assert_refused(npz_with(PATH("shape.npz"), 1, &b), &o, TKM_EFORMAT,
                   "indices.npy: element 5 is column 3", "3 columns");
    b.len = 0;
    int64_t ptr[4] = {0, 2, 1, 6};
    npy_ints(&b, ptr, 4, 4);
    assert_refused(npz_with(PATH("ptr.npz"), 3, &b), &o, TKM_EFORMAT,
                   "indptr.npy: decreases at element 2", NULL);
    b.len = 0;
    int64_t ptr2[4] = {0, 2, 3, 5};
    npy_ints(&b, ptr2, 4, 4);
    assert_refused(npz_with(PATH("end.npz"), 3, &b), &o, TKM_EFORMAT,
                   "ends at 5", "6 values");
    b.len = 0;
    double v[6] = {1, 2, 3, NAN, 5, 6};
    npy_values(&b, v, 6, 0);
    assert_refused(npz_with(PATH("nan.npz"), 4, &b), &o, TKM_EFORMAT,
                   "row 2, column 0", "not a finite");
    b.len = 0;
    double big[6] = {1, 2, 3, 4, 5, 1e39};
    npy_values(&b, big, 6, 0);
    o.target = TKM_F32;
    assert_refused(npz_with(PATH("big.npz"), 4, &b), &o, TKM_ERANGE,
                   "row 2, column 3", "float");
    o.target = TKM_F64;
    free(b.b);

    /* a damaged byte (in format.npy's header padding) fails its CRC */
    const char *path = npz_with(PATH("crc.npz"), -1, NULL);
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, 30 + 10 + 50, SEEK_SET), 0);
    fputc('#', f);
    fclose(f);
    assert_refused(path, &o, TKM_EFORMAT, "format.npy", "CRC-32");

    /* a member missing, a file that is no zip, one cut short */
    zmember m[1] = {{"format.npy", {0}}};
    npy_file(&m[0].data, "|S3", SIZE_MAX, "csr", 3);
    zip_file(PATH("few.npz"), m, 1, 1, 0);
    free(m[0].data.b);
    assert_refused(PATH("few.npz"), &o, TKM_EFORMAT, "no shape.npy", NULL);
    f = fopen(PATH("text.npz"), "w");
    fputs("1,2\n3,4\n", f);
    fclose(f);
    assert_refused(PATH("text.npz"), &o, TKM_EFORMAT, "not an .npz", NULL);
    assert_int_equal(truncate(path, 120), 0);
    assert_refused(path, &o, TKM_EFORMAT, NULL, NULL);
    o.usecols = "0";
    assert_refused(PATH("few.npz"), &o, TKM_ENOTSUP, "usecols", NULL);
}

/* ---- MatrixMarket ------------------------------------------------------- */

static const char *write_text(const char *name, const char *text)
{
    FILE *f = fopen(name, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
    return name;
}

/* a (n x d) as MatrixMarket coordinate entries in a shuffled order,
 * under banner field and symmetry: symmetric ones give the lower
 * triangle (skew: below the diagonal), pattern ones no values; split
 * gives every value as two halves. */
static const char *write_mtx(tkmi_rng *r, const char *name, const double *a,
                             size_t n, size_t d, const char *field,
                             const char *sym, int split)
{
    const int lower = strcmp(sym, "general") != 0;
    const int strict = !strcmp(sym, "skew-symmetric");
    size_t cap = 2 * n * d + 1, m = 0;
    size_t *at = calloc(cap, sizeof *at);
    assert_non_null(at);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < (lower ? i + !strict : d); j++)
            if (a[i * d + j] != 0)
                for (int h = 0; h < (split ? 2 : 1); h++)
                    at[m++] = i * d + j;
    for (size_t s = m; s > 1; s--) {
        size_t u = tkmi_rng_below(r, s), t = at[s - 1];
        at[s - 1] = at[u];
        at[u] = t;
    }
    FILE *f = fopen(name, "w");
    assert_non_null(f);
    fprintf(f, "%%%%MatrixMarket matrix coordinate %s %s\n%% drawn here\n"
            "%%\n\n%zu %zu %zu\n", field, sym, n, d, m);
    for (size_t e = 0; e < m; e++) {
        fprintf(f, "%zu %zu", at[e] / d + 1, at[e] % d + 1);
        if (!strcmp(field, "real"))
            fprintf(f, " %.17g", split ? a[at[e]] / 2 : a[at[e]]);
        else if (!strcmp(field, "integer"))
            fprintf(f, " %lld", (long long)a[at[e]]);
        fputc('\n', f);
    }
    assert_int_equal(fclose(f), 0);
    free(at);
    return name;
}

/* General, integer, pattern, symmetric and skew-symmetric files, entries
 * in any order and given twice, read as the dense matrix they hold
 * (built here: the mirror, the ones of a pattern). */
static void test_mtx_variants(void **state)
{
    (void)state;
    tkmi_rng r;
    tkmi_rng_seed(&r, 4404);
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    for (int t = 0; t < 30; t++) {
        size_t n = 1 + tkmi_rng_below(&r, 30), d = 1 + tkmi_rng_below(&r, 10);
        const int kind = t % 5;
        static const char *const fields[5] = {"real", "integer", "pattern",
                                              "real", "real"};
        static const char *const syms[5] = {"general", "general", "general",
                                            "symmetric", "skew-symmetric"};
        if (kind >= 3)
            d = n;
        double *a = rand_sparse(&r, n, d, 0);
        for (size_t e = 0; e < n * d; e++) {
            if (kind == 1)
                a[e] = round(a[e] * 1e6); /* integers */
            if (kind == 2)
                a[e] = a[e] != 0; /* a pattern's ones */
        }
        const char *path = write_mtx(&r, PATH("a.mtx"), a, n, d,
                                     fields[kind], syms[kind], t % 2);
        for (size_t i = 0; kind >= 3 && i < n; i++)
            for (size_t j = i; j < n; j++) /* the mirror of the lower half */
                a[i * d + j] = i == j ? (kind == 4 ? 0 : a[i * d + j])
                               : kind == 4 ? -a[j * d + i] : a[j * d + i];
        if (t % 2 && (kind == 1 || kind == 2))
            for (size_t e = 0; e < n * d; e++)
                a[e] *= 2; /* given twice, whole: v + v */
        assert_reads_as(path, &o, a, 0, n, d);
        free(a);
    }
}

/* Duplicates are summed in the file's order, as double: 1e16 + 1 + 1 is
 * 1e16 (each 1 rounds away), 1 + 1 + 1e16 is 1e16 + 2. */
static void test_mtx_duplicates_in_order(void **state)
{
    (void)state;
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    const double a[2] = {1e16, 1e16 + 2};
    const char *path = write_text(PATH("dup.mtx"),
        "%%MatrixMarket matrix coordinate real general\n"
        "1 2 6\n"
        "1 1 1e16\n1 2 1\n1 1 1\n1 2 1\n1 1 1\n1 2 1e16\n");
    assert_reads_as(path, &o, a, 0, 1, 2);
    path = write_text(PATH("sum.mtx"),
        "%%MatrixMarket matrix coordinate real general\n"
        "1 1 2\n1 1 3e38\n1 1 3e38\n");
    o.target = TKM_F32;
    assert_refused(path, &o, TKM_ERANGE, "row 0, column 0", "sum");
}

static void test_mtx_rejects(void **state)
{
    (void)state;
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    const char *hdr = "%%MatrixMarket matrix coordinate real general\n";
    char text[512];
    struct {
        const char *body; /* after hdr, or a whole file when it starts % */
        tkm_status st;
        const char *n1, *n2;
    } cases[] = {
        {"%%MatrixMarket vector coordinate real general\n1 1 0\n",
         TKM_EFORMAT, "line 1", "not a MatrixMarket matrix"},
        {"%%MatrixMarket matrix array real general\n2 1\n1\n2\n",
         TKM_EFORMAT, "dense (array)", ".npy"},
        {"%%MatrixMarket matrix coordinate complex general\n1 1 0\n",
         TKM_EFORMAT, "field 'complex'", NULL},
        {"%%MatrixMarket matrix coordinate real hermitian\n1 1 0\n",
         TKM_EFORMAT, "symmetry 'hermitian'", NULL},
        {"%%MatrixMarket matrix coordinate real symmetric\n2 3 0\n",
         TKM_EFORMAT, "line 2", "not square"},
        {"%%MatrixMarket matrix coordinate real skew-symmetric\n"
         "2 2 1\n1 1 5\n", TKM_EFORMAT, "line 3", "diagonal"},
        {"2 2\n", TKM_EFORMAT, "line 2", "size line"},
        {"2 2 1\n0 1 1.5\n", TKM_EFORMAT, "line 3", "(0, 1) lies outside"},
        {"% c\n2 2 2\n1 1 1\n3 1 1\n", TKM_EFORMAT, "line 5",
         "(3, 1) lies outside"},
        {"2 2 1\n1 3 1\n", TKM_EFORMAT, "line 3", "2 x 2"},
        {"2 2 1\n1 1 1\n2 2 2\n", TKM_EFORMAT, "line 4", "more entries"},
        {"2 2 3\n1 1 1\n2 2 2\n", TKM_EFORMAT, "2 entries", "says 3"},
        {"2 2 1\n1 1 x\n", TKM_EFORMAT, "line 3", "not a number"},
        {"2 2 1\n1 1 nan\n", TKM_EFORMAT, "line 3", "not a finite"},
        {"2 2 1\n1 1 1 7\n", TKM_EFORMAT, "line 3", "after the entry"},
        {"%%MatrixMarket matrix coordinate integer general\n1 1 1\n"
         "1 1 2.5\n", TKM_EFORMAT, "line 3", "not an integer"},
        {"0 3 0\n", TKM_EFORMAT, "no data rows", NULL},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        snprintf(text, sizeof text, "%s%s",
                 cases[c].body[0] == '%' && cases[c].body[1] == '%' ? ""
                                                                   : hdr,
                 cases[c].body);
        assert_refused(write_text(PATH("bad.mtx"), text), &o, cases[c].st,
                       cases[c].n1, cases[c].n2);
    }
    assert_refused(write_text(PATH("bad.mtx"), "1,2\n3,4\n"), &o,
                   TKM_EFORMAT, "line 1", "not a MatrixMarket");
    o.target = TKM_F32;
    snprintf(text, sizeof text, "%s1 1 1\n1 1 1e39\n", hdr);
    assert_refused(write_text(PATH("big.mtx"), text), &o, TKM_ERANGE,
                   "line 3", "float");
}

/* Lines a line reader would end early: a NUL byte inside a line (binary
 * data) and a carriage return inside one (lines ended by CR alone) are
 * refused, naming the line, never read as a shorter line; CRLF line ends
 * are read. */
static void test_mtx_line_ends(void **state)
{
    (void)state;
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    static const char nul[] = "%%MatrixMarket matrix coordinate real general\n"
                              "2 2 2\n1 1 1\n\0 2 2 5\n2 2 2\n";
    FILE *f = fopen(PATH("bad.mtx"), "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(nul, 1, sizeof nul - 1, f), sizeof nul - 1);
    assert_int_equal(fclose(f), 0);
    assert_refused(PATH("bad.mtx"), &o, TKM_EFORMAT, "line 4", "NUL byte");
    assert_refused(write_text(PATH("bad.mtx"),
                              "%%MatrixMarket matrix coordinate real general"
                              "\n2 2 2\n1 1 1\r2 2 2\n"),
                   &o, TKM_EFORMAT, "line 3", "carriage return");
    tkm_dataset ds;
    assert_int_equal(tkm_dataset_read(write_text(PATH("a.mtx"),
                         "%%MatrixMarket matrix coordinate real general\r\n"
                         "2 2 2\r\n1 1 1\r\n2 2 2\r\n"),
                                       &o, &ds, g_msg, sizeof g_msg),
                     TKM_OK);
    assert_int_equal(ds.n, 2);
    assert_true(ds.csr.idx64);
    assert_int_equal(((const int64_t *)ds.csr.indptr)[2], 2);
    tkm_dataset_free(&ds);
}

/* A file that declares more rows than memory holds (a billion rows, one
 * entry: its row pointers alone are 8 GB) is refused as out of memory,
 * saying how much it asked and against what limit, and nothing is left
 * allocated. */
static void test_mtx_rows_beyond_memory(void **state)
{
    (void)state;
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    tkm_memory_limit_set((size_t)64 << 20);
    assert_refused(write_text(PATH("big.mtx"),
                              "%%MatrixMarket matrix coordinate real general"
                              "\n1000000000 2 1\n1 1 1\n"),
                   &o, TKM_ENOMEM, "1000000000 rows", "more than the limit");
    tkm_memory_limit_set(0);
}

/* Out of memory at each allocation of a read in turn: TKM_ENOMEM, "out
 * of memory" said, the data set empty and no block left behind; every
 * block went through the allocators the hook counts (so every failure
 * path is reached), and the read then succeeds as before. */
static void fault_each(const char *path, const tkm_read_opts *o)
{
    tkm_dataset ds;
    tkmi_fault_set(0);
    const size_t mark = at_mark();
    assert_int_equal(tkm_dataset_read(path, o, &ds, g_msg, sizeof g_msg),
                     TKM_OK);
    tkm_dataset_free(&ds);
    const size_t count = tkmi_fault_count(), made = at_made_since(mark);
    size_t size, first;
    if (made != count || at_left(&size, &first))
        fail_msg("%s: %zu allocations, %zu through tkmi_alloc and its kin; "
                 "%zu bytes left (allocation %zu)", path, made, count, size,
                 first);
    assert_true(count >= 3);
    for (size_t nth = 1; nth <= count; nth++) {
        tkmi_fault_set(nth);
        at_mark();
        tkm_status st = tkm_dataset_read(path, o, &ds, g_msg, sizeof g_msg);
        if (st != TKM_ENOMEM || !strstr(g_msg, "out of memory") ||
            ds.n || ds.csr_own || at_left(&size, &first))
            fail_msg("%s: allocation %zu of %zu failed: status %d, message "
                     "'%s', %zu bytes left (allocation %zu)", path, nth,
                     count, (int)st, g_msg, size, first);
    }
    tkmi_fault_set(0);
    assert_int_equal(tkm_dataset_read(path, o, &ds, g_msg, sizeof g_msg),
                     TKM_OK);
    tkm_dataset_free(&ds);
}

static void test_fault_each(void **state)
{
    (void)state;
    tkmi_rng r;
    tkmi_rng_seed(&r, 4405);
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    double *a = rand_sparse(&r, 40, 7, 1);
    npz_kind coo = {"coo", 4, 1, 1, 1}, csr = {"csr", 8, 0, 1, 0};
    fault_each(write_npz(&r, PATH("a.npz"), a, 40, 7, &coo, 1, 1), &o);
    o.keep_f32 = 1;
    fault_each(write_npz(&r, PATH("b.npz"), a, 40, 7, &csr, 0, 0), &o);
    free(a);
    a = rand_sparse(&r, 30, 30, 0);
    fault_each(write_mtx(&r, PATH("a.mtx"), a, 30, 30, "real", "symmetric",
                         1), &o);
    free(a);
}

static int setup_dir(void **state)
{
    (void)state;
    snprintf(g_dir, sizeof g_dir, "/tmp/tkm_test_sparse.XXXXXX");
    return mkdtemp(g_dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    static const char *const names[] = {
        "a.npz", "b.npz", "c.npz", "bsr.npz", "shape.npz", "ptr.npz",
        "end.npz", "nan.npz", "big.npz", "crc.npz", "few.npz", "text.npz",
        "a.mtx", "dup.mtx", "sum.mtx", "bad.mtx", "big.mtx"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        remove(PATH(names[i]));
    return rmdir(g_dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_npz_formats),
        cmocka_unit_test(test_npz_noncanonical),
        cmocka_unit_test(test_npz_parts),
        cmocka_unit_test(test_npz_rejects),
        cmocka_unit_test(test_mtx_variants),
        cmocka_unit_test(test_mtx_duplicates_in_order),
        cmocka_unit_test(test_mtx_rejects),
        cmocka_unit_test(test_mtx_line_ends),
        cmocka_unit_test(test_mtx_rows_beyond_memory),
        cmocka_unit_test(test_fault_each),
    };
    return cmocka_run_group_tests_name("sparse_io_" TKM_PREC_NAME, tests,
                                       setup_dir, remove_dir);
}
