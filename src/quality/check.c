/* Comparing a solver's result with a baseline (the checker's core). */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "csr.h"
#include "internal.h"

#define TIE_FACTOR 1000.0

double tkm_check_tolerance(tkm_precision p)
{
    return p == TKM_F32 ? 1e-4 : 1e-12;
}

static double norm_d(const double *a, size_t d)
{
    double s = 0.0;
    for (size_t j = 0; j < d; j++)
        s += a[j] * a[j];
    return sqrt(s);
}

static double dist_d(const double *a, const double *b, size_t d)
{
    return sqrt(tkmi_dist2_d(a, b, d));
}

/* Labels: count differences, ties and the largest non-tie gap; row
 * (d doubles) holds a sparse data set's point made dense. */
static void compare_labels(const tkm_dataset *ds, const tkm_result *base,
                           const tkm_result *res, tkm_comparison *out,
                           size_t *diff_idx, double *diff_gap,
                           size_t max_list, double *row)
{
    size_t d = ds->d;
    double eps = res->precision == TKM_F32 ? FLT_EPSILON : DBL_EPSILON;
    for (size_t i = 0; i < ds->n; i++) {
        int32_t a = base->labels[i], b = res->labels[i];
        if (a == b)
            continue;
        const double *x = row ? row : ds->x + i * d;
        if (row)
            tkmi_csr_row(ds, i, row);
        const double *ca = base->centroids + (size_t)a * d;
        const double *cb = base->centroids + (size_t)b * d;
        double da = dist_d(x, ca, d), db = dist_d(x, cb, d);
        double gap = fabs(da - db);
        double scale = norm_d(x, d) + norm_d(ca, d) + norm_d(cb, d);
        if (out->label_diff < max_list && diff_idx) {
            diff_idx[out->label_diff] = i;
            if (diff_gap)
                diff_gap[out->label_diff] = gap;
        }
        out->label_diff++;
        if (gap <= TIE_FACTOR * eps * scale)
            out->ties++;
        else if (gap / (scale > 0 ? scale : 1) > out->max_gap)
            out->max_gap = gap / (scale > 0 ? scale : 1);
    }
}

tkm_status tkm_compare_results(const tkm_dataset *ds, const tkm_result *base,
                               const tkm_result *res, double tol,
                               tkm_comparison *out, size_t *diff_idx,
                               double *diff_gap, size_t max_list, char *msg,
                               size_t msglen)
{
    memset(out, 0, sizeof *out);
    const int sparse = ds && TKM_DATASET_SPARSE(ds);
    if (!ds || (!ds->x && !sparse) || !base || !res || !base->labels ||
        !res->labels)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "compare: data (as double, x, or sparse) and both "
                         "results are required");
    if (base->n != ds->n || res->n != ds->n || base->d != ds->d ||
        res->d != ds->d || base->k != res->k)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "compare: results of different shapes");
    tkm_status rc = sparse ? tkmi_csr_check(ds, 0, "compare: ", msg, msglen)
                           : TKM_OK;
    if (rc != TKM_OK)
        return rc;
    double *row = sparse ? tkmi_alloc(ds->d, 1, sizeof *row) : NULL;
    if (sparse && !row)
        return tkmi_fail_alloc(msg, msglen, ds->d, 1, sizeof *row,
                               "compare: a point of %zu columns", ds->d);
    compare_labels(ds, base, res, out, diff_idx, diff_gap, max_list, row);
    free(row);
    for (size_t i = 0; i < base->k * ds->d; i++) {
        double a = base->centroids[i], b = res->centroids[i];
        double ad = fabs(a - b), rd = ad / fmax(1.0, fabs(a));
        if (!(ad <= out->max_abs_diff))
            out->max_abs_diff = ad;
        if (!(rd <= out->max_rel_diff))
            out->max_rel_diff = rd;
    }
    out->inertia_rel = base->inertia > 0
                           ? fabs(res->inertia - base->inertia) /
                                 base->inertia
                           : fabs(res->inertia - base->inertia);
    out->iterations = res->iterations;
    out->iterations_base = base->iterations;
    out->pass = out->max_rel_diff <= tol &&
                res->iterations == base->iterations &&
                out->label_diff == out->ties;
    return TKM_OK;
}
