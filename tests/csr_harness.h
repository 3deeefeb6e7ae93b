/*
 * Sparse copies of dense test data (include after cmocka.h): the CSR of
 * a dense data set's non-zero values, its values double or float and its
 * indices int32_t or int64_t, written here without the library; sparse
 * test values, and the comparison of a sparse run with the dense run.
 */
#ifndef TKM_CSR_HARNESS_H
#define TKM_CSR_HARNESS_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "real.h"
#include "trikmeans.h"

typedef struct {
    tkm_dataset ds; /* n, d and csr: the sparse points          */
    void *data, *indices, *indptr;
} csr_copy;

/* The CSR of x (n x d, row-major doubles), keeping the values other than
 * 0 (every value with keep_zeros: stored zeros); float values with f32
 * (the caller's x then holds floats' values), int64_t indices with
 * idx64.  Free with csr_free. */
static inline csr_copy csr_of(const double *x, size_t n, size_t d, int f32,
                              int idx64, int keep_zeros)
{
    csr_copy c = {.ds = {.n = n, .d = d}};
    size_t nnz = 0;
    for (size_t e = 0; e < n * d; e++)
        nnz += keep_zeros || x[e] != 0.0;
    const size_t iw = idx64 ? sizeof(int64_t) : sizeof(int32_t);
    c.data = malloc((nnz ? nnz : 1) * (f32 ? sizeof(float) : sizeof(double)));
    c.indices = malloc((nnz ? nnz : 1) * iw);
    c.indptr = malloc((n + 1) * iw);
    assert_true(c.data && c.indices && c.indptr);
    size_t q = 0;
    for (size_t i = 0; i < n; i++) {
        if (idx64)
            ((int64_t *)c.indptr)[i] = (int64_t)q;
        else
            ((int32_t *)c.indptr)[i] = (int32_t)q;
        for (size_t j = 0; j < d; j++) {
            const double v = x[i * d + j];
            if (!keep_zeros && v == 0.0)
                continue;
            if (f32)
                ((float *)c.data)[q] = (float)v;
            else
                ((double *)c.data)[q] = v;
            if (idx64)
                ((int64_t *)c.indices)[q] = (int64_t)j;
            else
                ((int32_t *)c.indices)[q] = (int32_t)j;
            q++;
        }
    }
    if (idx64)
        ((int64_t *)c.indptr)[n] = (int64_t)q;
    else
        ((int32_t *)c.indptr)[n] = (int32_t)q;
    c.ds.csr = (tkm_csr){.data = c.data, .indices = c.indices,
                         .indptr = c.indptr, .f32 = f32, .idx64 = idx64};
    return c;
}

/* Whether a sparse run's inertia a and the dense run's b of the same
 * labels and centroids (c, k x d) agree as their sums can: each
 * distance of the sparse run is taken over the stored values, at most a
 * few units of roundoff of |x|^2 + |c|^2 from the dense one's, so the
 * two lie within 4 (d + 3) eps times sum_i w_i (|x_i|^2 + |c_a|^2). */
static inline int csr_inertia_close(double a, double b, const double *x,
                                    size_t n, size_t d, const double *c,
                                    const int32_t *lab, const double *w)
{
    double scale = 0.0;
    for (size_t i = 0; i < n; i++) {
        double s = 0.0;
        for (size_t j = 0; j < d; j++)
            s += x[i * d + j] * x[i * d + j] +
                 c[(size_t)lab[i] * d + j] * c[(size_t)lab[i] * d + j];
        scale += (w ? w[i] : 1.0) * s;
    }
    return fabs(a - b) <= 4.0 * ((double)d + 3.0) * 2.220446049250313e-16 *
                              scale;
}

/* n points of d columns, about one value in density_inv not zero, each
 * column of its own scale; in the run's precision. */
static inline double *sparse_values(size_t n, size_t d, size_t density_inv,
                             uint64_t seed)
{
    double *x = calloc(n * d, sizeof *x);
    assert_non_null(x);
    tkmi_rng r;
    tkmi_rng_seed(&r, seed);
    for (size_t i = 0; i < n; i++) {
        const size_t g = i % 7; /* a group of columns the point favours */
        for (size_t j = 0; j < d; j++) {
            const int fav = j % 7 == g;
            if (tkmi_rng_below(&r, fav ? 2 : density_inv) != 0)
                continue;
            const double v = (1.0 + (double)tkmi_rng_below(&r, 4096)) / 512.0;
            x[i * d + j] =
                (double)(tkm_real)(v * pow(4.0, (double)(j % 5)) *
                                   (tkmi_rng_below(&r, 5) ? 1.0 : -1.0));
        }
    }
    return x;
}

/* Text-like rows, n x d: 1 to 6 words each (column j drawn with weight
 * 1 / (j + 1), as words' frequencies fall with their rank), values
 * spanning six decades, each row scaled to norm 1 as TF-IDF rows are (so
 * a centroid drawn from the rows is as far from a row sharing no column
 * with it as its norm's last bits say: ties the distance's order
 * decides); every 53rd row empty, every 29th a repeat; in the run's
 * precision. */
static inline double *text_rows(size_t n, size_t d, uint64_t seed)
{
    double *x = calloc(n * d, sizeof *x);
    assert_non_null(x);
    tkmi_rng r;
    tkmi_rng_seed(&r, seed);
    for (size_t i = 0; i < n; i++) {
        double *xi = x + i * d, s2 = 0.0;
        if (i % 53 == 7)
            continue;
        if (i % 29 == 11 && i >= 3) {
            memcpy(xi, xi - 3 * d, d * sizeof *xi);
            continue;
        }
        const size_t words = 1 + tkmi_rng_below(&r, 6);
        for (size_t w = 0; w < words; w++) {
            /* j = d^u - 1, u uniform in [0, 1) */
            const double u = (double)tkmi_rng_below(&r, 1u << 20) / 1048576.0;
            size_t j = (size_t)pow((double)d, u) - 1;
            j = j < d ? j : d - 1;
            xi[j] += pow(10.0, (double)(j % 6) - 3.0) *
                     (1.0 + (double)tkmi_rng_below(&r, 1000) / 100.0);
        }
        for (size_t j = 0; j < d; j++)
            s2 += xi[j] * xi[j];
        for (size_t j = 0; j < d; j++)
            xi[j] = (double)(tkm_real)(xi[j] / sqrt(s2));
    }
    return x;
}

/* A sparse run's result a that of the dense run b (points x, n x d,
 * weights w): iterations, labels and centroids bit for bit, the inertia
 * as close as the sums can be. */
static inline void same_result(const tkm_result *a, const tkm_result *b,
                        const double *x, size_t n, size_t d, const double *w,
                        const char *what)
{
    if (a->iterations != b->iterations ||
        memcmp(a->labels, b->labels, n * sizeof *a->labels) ||
        memcmp(a->centroids, b->centroids,
               b->k * d * sizeof *a->centroids) ||
        !csr_inertia_close(a->inertia, b->inertia, x, n, d, b->centroids,
                           b->labels, w))
        fail_msg("%s (%s): sparse %d iterations, inertia %.17g; dense %d, "
                 "%.17g", what, TKM_PREC_NAME, a->iterations, a->inertia,
                 b->iterations, b->inertia);
}

static inline void csr_free(csr_copy *c)
{
    free(c->data);
    free(c->indices);
    free(c->indptr);
}

#endif /* TKM_CSR_HARNESS_H */
