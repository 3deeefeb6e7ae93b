/*
 * Cluster quality scores of a labelling: the silhouette coefficient, the
 * Calinski-Harabasz index and the Davies-Bouldin index, with the
 * definitions scikit-learn documents (sklearn.metrics).  Precision
 * independent: the data are the data set's doubles and every sum is in
 * double.
 *
 * Like scikit-learn, a score sees only the clusters that hold points:
 * labels are checked against 0..k-1, then renumbered densely over the
 * non-empty clusters, and there must be 2 to n-1 of those.
 *
 * Sparse points (tkm_dataset.csr) give the dense points' scores bit for
 * bit: every sum runs over the columns in order, and a column where both
 * sides are 0 adds (0 - 0)^2 = +0, or a 0 to a mean's sum, which change
 * no bit; so two points' distance runs over the union of their stored
 * columns, a point's distance to a (dense) centroid over all d.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "csr.h"
#include "internal.h"

/* np.allclose(v, 0)'s default absolute tolerance, which scikit-learn's
 * Davies-Bouldin uses to call all spreads or all separations zero. */
#define DB_ZERO_TOL 1e-8

/* A labelling over its non-empty clusters. */
typedef struct {
    size_t n, d;         /* points scored and their columns              */
    const double *x;     /* the data's rows, row-major (NULL: csr)        */
    const tkm_csr *csr;  /* ... or its sparse rows                        */
    const size_t *row;   /* n: each point's row of the data (NULL: i)    */
    size_t *id;          /* n dense cluster ids, 0..m-1                  */
    size_t m;            /* non-empty clusters                           */
    size_t *count;       /* m points per cluster                         */
} grouping;

static size_t row_of(const grouping *g, size_t i)
{
    return g->row ? g->row[i] : i;
}

/* Squared distance of points i and j: tkmi_dist2_d's sum, taken over the
 * union of two sparse rows' columns. */
static double pair_d2(const grouping *g, size_t i, size_t j)
{
    const size_t a = row_of(g, i), b = row_of(g, j);
    if (g->x)
        return tkmi_dist2_d(g->x + a * g->d, g->x + b * g->d, g->d);
    const tkm_csr *c = g->csr;
    int64_t p = tkmi_csr_start(c, a), pe = tkmi_csr_start(c, a + 1);
    int64_t q = tkmi_csr_start(c, b), qe = tkmi_csr_start(c, b + 1);
    double s = 0.0;
    while (p < pe || q < qe) {
        const int64_t cp = p < pe ? tkmi_csr_col(c, p) : INT64_MAX;
        const int64_t cq = q < qe ? tkmi_csr_col(c, q) : INT64_MAX;
        const double u = cp <= cq ? tkmi_csr_val(c, p++) : 0.0;
        const double v = cq <= cp ? tkmi_csr_val(c, q++) : 0.0;
        const double t = u - v;
        s += t * t;
    }
    return s;
}

/* Squared distance of point i to a centroid c (d doubles), over all d
 * columns in order (a sparse row's left-out values 0). */
static double cen_d2(const grouping *g, size_t i, const double *c)
{
    const size_t a = row_of(g, i);
    if (g->x)
        return tkmi_dist2_d(g->x + a * g->d, c, g->d);
    const tkm_csr *x = g->csr;
    int64_t q = tkmi_csr_start(x, a), qe = tkmi_csr_start(x, a + 1);
    double s = 0.0;
    for (size_t j = 0; j < g->d; j++) {
        double v = 0.0;
        if (q < qe && tkmi_csr_col(x, q) == (int64_t)j)
            v = tkmi_csr_val(x, q++);
        const double t = v - c[j];
        s += t * t;
    }
    return s;
}

/* acc[j] += point i's value j, every column in order (a sparse row's
 * stored values alone: its zeros change no sum). */
static void add_point(const grouping *g, size_t i, double *acc)
{
    const size_t a = row_of(g, i);
    if (g->x) {
        for (size_t j = 0; j < g->d; j++)
            acc[j] += g->x[a * g->d + j];
        return;
    }
    const tkm_csr *x = g->csr;
    for (int64_t q = tkmi_csr_start(x, a); q < tkmi_csr_start(x, a + 1); q++)
        acc[tkmi_csr_col(x, q)] += tkmi_csr_val(x, q);
}

static void grouping_free(grouping *g)
{
    free(g->id);
    free(g->count);
    g->id = g->count = NULL;
}

static double dist(const double *a, const double *b, size_t d)
{
    return sqrt(tkmi_dist2_d(a, b, d));
}

/* Arguments every score takes: data, labels in 0..k-1, finite values. */
static tkm_status check_input(const char *name, const tkm_dataset *ds,
                              const int32_t *labels, size_t k,
                              const double *out, char *msg, size_t msglen)
{
    const int sparse = ds && !ds->x && TKM_DATASET_SPARSE(ds);
    if (!ds || !labels || !out || (!ds->x && !sparse && ds->n))
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "%s: data, labels and output are required", name);
    if (ds->n < 1 || ds->d < 1)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "%s: the data set is empty (%zu x %zu)", name,
                         ds->n, ds->d);
    if (k < 1)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "%s: k must be >= 1",
                         name);
    for (size_t i = 0; i < ds->n; i++)
        if (labels[i] < 0 || (size_t)labels[i] >= k)
            return tkmi_fail(TKM_EINVAL, msg, msglen,
                             "%s: label %d of point %zu is outside 0..%zu",
                             name, (int)labels[i], i, k - 1);
    if (sparse) {
        char what[64];
        snprintf(what, sizeof what, "%s: ", name);
        tkm_status st = tkmi_csr_check(ds, 0, what, msg, msglen);
        return st == TKM_ERANGE ? TKM_EINVAL : st;
    }
    for (size_t i = 0; i < ds->n * ds->d; i++)
        if (!isfinite(ds->x[i]))
            return tkmi_fail(TKM_EINVAL, msg, msglen,
                             "%s: point %zu, column %zu is not finite", name,
                             i / ds->d, i % ds->d);
    return TKM_OK;
}

/* Renumber the (checked) labels of n points densely, in order of first
 * appearance, and count each cluster; 2..n-1 clusters must hold points. */
static tkm_status group(const char *name, const tkm_dataset *ds, size_t n,
                        const size_t *row, const int32_t *labels, grouping *g,
                        char *msg, size_t msglen)
{
    tkm_status st = TKM_OK;
    int32_t top = 0;
    for (size_t i = 0; i < n; i++)
        top = labels[i] > top ? labels[i] : top;
    size_t plan = 0, *dense = NULL;
    char what[128];
    snprintf(what, sizeof what, "%s: the clusters of %zu points (labels up "
             "to %d)", name, n, (int)top);
    tkmi_plan_add(&plan, (size_t)top + 1, 1, sizeof *dense);
    tkmi_plan_add(&plan, n, 2, sizeof *dense); /* id, count */
    memset(g, 0, sizeof *g);
    g->n = n;
    g->d = ds->d;
    g->x = ds->x;
    g->csr = ds->x ? NULL : &ds->csr;
    g->row = row;
    if ((st = tkmi_mem_check(plan, msg, msglen, "%s", what)) != TKM_OK)
        goto cleanup;
    dense = tkmi_alloc((size_t)top + 1, 1, sizeof *dense);
    g->id = tkmi_alloc(n, 1, sizeof *g->id);
    g->count = tkmi_calloc(n, 1, sizeof *g->count);
    if (!dense || !g->id || !g->count) {
        st = tkmi_fail_alloc(msg, msglen, plan, 1, 1, "%s", what);
        goto cleanup;
    }
    for (size_t c = 0; c <= (size_t)top; c++)
        dense[c] = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        size_t *c = &dense[labels[i]];
        if (*c == SIZE_MAX)
            *c = g->m++;
        g->id[i] = *c;
        g->count[*c]++;
    }
    if (g->m < 2 || g->m + 1 > n)
        st = tkmi_fail(TKM_EINVAL, msg, msglen,
                       "%s: %zu non-empty clusters among %zu points; the "
                       "score needs 2 to n-1 of them", name, g->m, n);
cleanup:
    free(dense);
    if (st != TKM_OK)
        grouping_free(g);
    return st;
}

/* ---- silhouette -------------------------------------------------------- */

/* s(i) for point i; sum is m doubles of scratch.  Sums over j in index
 * order, so the value does not depend on which thread computes it. */
static double silhouette_point(const grouping *g, size_t i, double *sum)
{
    memset(sum, 0, g->m * sizeof *sum);
    for (size_t j = 0; j < g->n; j++)
        sum[g->id[j]] += sqrt(pair_d2(g, i, j));
    size_t own = g->id[i];
    if (g->count[own] == 1)
        return 0.0; /* a singleton's silhouette is 0 by definition */
    double a = sum[own] / (double)(g->count[own] - 1);
    double b = INFINITY;
    for (size_t c = 0; c < g->m; c++)
        if (c != own && sum[c] / (double)g->count[c] < b)
            b = sum[c] / (double)g->count[c];
    double top = a > b ? a : b;
    return top > 0.0 ? (b - a) / top : 0.0; /* 0/0 (all equal) is 0 */
}

/* Mean of s(i): per-point values in parallel, then summed in index order,
 * so every thread count gives the same bits.  progress (may be NULL) is
 * called by the first thread. */
static tkm_status silhouette_mean(const grouping *g, int threads,
                                  tkm_count_fn progress, void *ctx,
                                  double *out, char *msg, size_t msglen)
{
    int nt = tkmi_threads(threads);
    double *s = NULL, *scratch = NULL;
    char what[96];
    size_t plan = 0;
    snprintf(what, sizeof what, "silhouette: the values of %zu points and "
             "%d threads' sums", g->n, nt);
    tkmi_plan_add(&plan, g->n, 1, sizeof *s);
    tkmi_plan_add(&plan, (size_t)nt, g->m, sizeof *scratch);
    tkm_status st = tkmi_mem_check(plan, msg, msglen, "%s", what);
    if (st == TKM_OK) {
        s = tkmi_alloc(g->n, 1, sizeof *s);
        scratch = tkmi_alloc((size_t)nt, g->m, sizeof *scratch);
        if (!s || !scratch)
            st = tkmi_fail_alloc(msg, msglen, plan, 1, 1, "%s", what);
    }
    if (st != TKM_OK)
        goto cleanup;
    size_t done = 0;
    double said = tkmi_now();
#pragma omp parallel num_threads(nt) if (nt > 1)
    {
#ifdef _OPENMP
        const int me = omp_get_thread_num();
#else
        const int me = 0;
#endif
        double *sum = scratch + (size_t)me * g->m;
#pragma omp for schedule(dynamic, 16)
        for (size_t i = 0; i < g->n; i++) {
            s[i] = silhouette_point(g, i, sum);
            if (!progress)
                continue;
            size_t now_done;
#pragma omp atomic capture
            now_done = ++done;
            if (me == 0 && tkmi_now() - said >= 0.25) {
                said = tkmi_now();
                progress(now_done, g->n, ctx);
            }
        }
    }
    if (progress)
        progress(g->n, g->n, ctx);
    double total = 0.0;
    for (size_t i = 0; i < g->n; i++)
        total += s[i];
    *out = total / (double)g->n;
cleanup:
    free(s);
    free(scratch);
    return st;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* A seeded sample of m of the n points (without replacement, kept in
 * index order): their rows into idx (n, of which the first m are the
 * sample's) and labels into lab (m). */
static void draw_sample(const tkm_dataset *ds, const int32_t *labels,
                        size_t m, uint64_t seed, size_t *idx, int32_t *lab)
{
    for (size_t i = 0; i < ds->n; i++)
        idx[i] = i;
    tkmi_rng r;
    tkmi_rng_seed(&r, seed);
    for (size_t i = 0; i < m; i++) { /* partial Fisher-Yates */
        size_t j = i + (size_t)tkmi_rng_below(&r, ds->n - i);
        size_t t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
    }
    qsort(idx, m, sizeof *idx, cmp_size);
    for (size_t i = 0; i < m; i++)
        lab[i] = labels[idx[i]];
}

tkm_status tkm_silhouette(const tkm_dataset *ds, const int32_t *labels,
                          size_t k, size_t sample_size, uint64_t seed,
                          int threads, double *out, char *msg, size_t msglen)
{
    return tkm_silhouette_progress(ds, labels, k, sample_size, seed, threads,
                                   NULL, NULL, out, msg, msglen);
}

tkm_status tkm_silhouette_progress(const tkm_dataset *ds,
                                   const int32_t *labels, size_t k,
                                   size_t sample_size, uint64_t seed,
                                   int threads, tkm_count_fn progress,
                                   void *ctx, double *out, char *msg,
                                   size_t msglen)
{
    tkm_status st = check_input("silhouette", ds, labels, k, out, msg,
                                msglen);
    if (st != TKM_OK)
        return st;
    if (threads < 0)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "silhouette: threads "
                         "must be >= 0 (0 = OpenMP's default), got %d",
                         threads);
    if (sample_size > ds->n)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "silhouette: sample size "
                         "%zu exceeds the %zu points", sample_size, ds->n);
    size_t m = sample_size ? sample_size : ds->n;
    size_t *idx = NULL;
    int32_t *lab = NULL;
    grouping g = {0};
    if (m < ds->n) {
        idx = tkmi_alloc(ds->n, 1, sizeof *idx);
        lab = tkmi_alloc(m, 1, sizeof *lab);
        if (!idx || !lab) {
            st = tkmi_fail_alloc(msg, msglen, ds->n + m, 1, sizeof *idx,
                                 "silhouette: a sample of %zu points", m);
            goto cleanup;
        }
        draw_sample(ds, labels, m, seed, idx, lab);
    }
    st = group("silhouette", ds, m, idx, lab ? lab : labels, &g, msg,
               msglen);
    if (st == TKM_OK)
        st = silhouette_mean(&g, threads, progress, ctx, out, msg, msglen);
cleanup:
    grouping_free(&g);
    free(idx);
    free(lab);
    return st;
}

/* ---- Calinski-Harabasz and Davies-Bouldin ------------------------------ */

/* Cluster means (m*d) of a grouping. */
static void cluster_means(const grouping *g, double *c)
{
    memset(c, 0, g->m * g->d * sizeof *c);
    for (size_t i = 0; i < g->n; i++)
        add_point(g, i, c + g->id[i] * g->d);
    for (size_t l = 0; l < g->m; l++)
        for (size_t j = 0; j < g->d; j++)
            c[l * g->d + j] /= (double)g->count[l];
}

/* Check, group and compute the cluster means; on success the caller owns
 * g and *c. */
static tkm_status prepare(const char *name, const tkm_dataset *ds,
                          const int32_t *labels, size_t k, const double *out,
                          grouping *g, double **c, char *msg, size_t msglen)
{
    tkm_status st = check_input(name, ds, labels, k, out, msg, msglen);
    if (st == TKM_OK)
        st = group(name, ds, ds->n, NULL, labels, g, msg, msglen);
    if (st != TKM_OK)
        return st;
    *c = tkmi_alloc(g->m, g->d, sizeof **c);
    if (!*c) {
        grouping_free(g);
        return tkmi_fail_alloc(msg, msglen, g->m, g->d, sizeof **c,
                               "%s: %zu centroids", name, g->m);
    }
    cluster_means(g, *c);
    return TKM_OK;
}

tkm_status tkm_calinski_harabasz(const tkm_dataset *ds, const int32_t *labels,
                                 size_t k, double *out, char *msg,
                                 size_t msglen)
{
    grouping g;
    double *c = NULL;
    tkm_status st = prepare("calinski-harabasz", ds, labels, k, out, &g, &c,
                            msg, msglen);
    if (st != TKM_OK)
        return st;
    double *mean = tkmi_calloc(g.d, 1, sizeof *mean);
    if (!mean) {
        st = tkmi_fail(TKM_ENOMEM, msg, msglen, "calinski-harabasz: out of "
                       "memory");
        goto cleanup;
    }
    for (size_t i = 0; i < g.n; i++)
        add_point(&g, i, mean);
    for (size_t j = 0; j < g.d; j++)
        mean[j] /= (double)g.n;
    double between = 0.0, within = 0.0;
    for (size_t l = 0; l < g.m; l++)
        between += (double)g.count[l] * tkmi_dist2_d(c + l * g.d, mean, g.d);
    for (size_t i = 0; i < g.n; i++)
        within += cen_d2(&g, i, c + g.id[i] * g.d);
    /* scikit-learn's value when every cluster is a single point value */
    *out = within == 0.0 ? 1.0
                         : between * (double)(g.n - g.m) /
                               (within * (double)(g.m - 1));
cleanup:
    free(mean);
    free(c);
    grouping_free(&g);
    return st;
}

/* Largest (s_a + s_b) / d(c_a, c_b) over b != a; pairs whose centroids
 * coincide count as 0, as in scikit-learn (separation taken as inf). */
static double db_worst(const grouping *g, const double *c, const double *s,
                       size_t a)
{
    double worst = 0.0;
    for (size_t b = 0; b < g->m; b++) {
        double sep = b == a ? 0.0 : dist(c + a * g->d, c + b * g->d, g->d);
        if (sep > 0.0 && (s[a] + s[b]) / sep > worst)
            worst = (s[a] + s[b]) / sep;
    }
    return worst;
}

/* Whether every pair of centroids is within DB_ZERO_TOL. */
static int db_all_close(const grouping *g, const double *c)
{
    for (size_t a = 0; a < g->m; a++)
        for (size_t b = a + 1; b < g->m; b++)
            if (dist(c + a * g->d, c + b * g->d, g->d) > DB_ZERO_TOL)
                return 0;
    return 1;
}

tkm_status tkm_davies_bouldin(const tkm_dataset *ds, const int32_t *labels,
                              size_t k, double *out, char *msg, size_t msglen)
{
    grouping g;
    double *c = NULL;
    tkm_status st = prepare("davies-bouldin", ds, labels, k, out, &g, &c, msg,
                            msglen);
    if (st != TKM_OK)
        return st;
    double *s = tkmi_calloc(g.m, 1, sizeof *s);
    if (!s) {
        st = tkmi_fail(TKM_ENOMEM, msg, msglen, "davies-bouldin: out of "
                       "memory for %zu clusters", g.m);
        goto cleanup;
    }
    for (size_t i = 0; i < g.n; i++)
        s[g.id[i]] += sqrt(cen_d2(&g, i, c + g.id[i] * g.d));
    int spread = 0;
    for (size_t l = 0; l < g.m; l++) {
        s[l] /= (double)g.count[l];
        spread |= s[l] > DB_ZERO_TOL;
    }
    /* no spread, or no separation: scikit-learn's value is 0 */
    double total = 0.0;
    if (spread && !db_all_close(&g, c))
        for (size_t a = 0; a < g.m; a++)
            total += db_worst(&g, c, s, a);
    *out = total / (double)g.m;
cleanup:
    free(s);
    free(c);
    grouping_free(&g);
    return st;
}
