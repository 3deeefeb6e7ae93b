/*
 * Initial centroids, chosen in double from the data as read, so that every
 * precision and form starts from the same point.  Every parallel loop is
 * per point or summed over fixed blocks in block order: the start does not
 * depend on the thread count.  Over several processes (tkm_comm) each
 * holds whole blocks of rows, the block sums are gathered, and a chosen
 * row is broadcast by the process that holds it: every process gets the
 * start one process would choose.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "algs.h"
#include "csr.h"
#include "internal.h"
#include "part.h"
#include "seed.h"

#define INIT_BLOCK TKM_PART_BLOCK

/* A centroid as the distances read it: its d values, and with sparse
 * points the columns where it is not 0 (nz, m of them, increasing). */
typedef struct {
    const double *c;
    const size_t *nz;
    size_t m;
} cen_t;

/* The view of c (d values); nz: room for d columns, used with sparse
 * points. */
static cen_t cen_of(const tkm_dataset *ds, const double *c, size_t *nz)
{
    cen_t v = {c, nz, 0};
    for (size_t j = 0; TKM_DATASET_SPARSE(ds) && j < ds->d; j++)
        if (c[j] != 0.0)
            nz[v.m++] = j;
    return v;
}

/* Squared distance of sparse row i of ds to the centroid v: the columns
 * where the row or the centroid is not 0, in increasing order.  The
 * columns where both are 0 add +0 to a sum of squares, which leaves it
 * as it is: the bits of the dense sum over all d columns, at the cost of
 * the two's values. */
static double sparse_dist2(const tkm_dataset *ds, size_t i, const cen_t *v)
{
    const tkm_csr *x = &ds->csr;
    int64_t p = tkmi_csr_start(x, i);
    const int64_t e = tkmi_csr_start(x, i + 1);
    size_t q = 0;
    double s = 0.0;
    while (p < e || q < v->m) {
        const size_t jx = p < e ? (size_t)tkmi_csr_col(x, p) : SIZE_MAX;
        const size_t jc = q < v->m ? v->nz[q] : SIZE_MAX;
        double t;
        if (jc < jx) {
            t = 0.0 - v->c[jc];
            q++;
        } else {
            t = tkmi_csr_val(x, p++) - v->c[jx];
            q += jc == jx;
        }
        s += t * t;
    }
    return s;
}

/* Squared distance of row i of ds (double x, or float x32 widened, or
 * sparse: the same values, the same order) to the centroid v. */
static double row_dist2(const tkm_dataset *ds, size_t i, const cen_t *v)
{
    const double *c = v->c;
    if (ds->x)
        return tkmi_dist2_d(ds->x + i * ds->d, c, ds->d);
    if (!ds->x32)
        return sparse_dist2(ds, i, v);
    const float *r = ds->x32 + i * ds->d;
    double s = 0.0;
    for (size_t j = 0; j < ds->d; j++) {
        double t = (double)r[j] - c[j];
        s += t * t;
    }
    return s;
}

/* Row i of ds as doubles into out. */
static void row_copy(const tkm_dataset *ds, size_t i, double *out)
{
    if (ds->x) {
        memcpy(out, ds->x + i * ds->d, ds->d * sizeof *out);
        return;
    }
    if (!ds->x32) {
        tkmi_csr_row(ds, i, out);
        return;
    }
    for (size_t j = 0; j < ds->d; j++)
        out[j] = (double)ds->x32[i * ds->d + j];
}

/* A row's mass in a weighted draw or sum: w v, 0 where the weight is 0
 * (also beside an infinite v); v itself without weights. */
static inline double weigh(const double *w, size_t i, double v)
{
    return !w ? v : w[i] == 0.0 ? 0.0 : w[i] * v;
}

/* Sum of w_i min(dmin[i], |x_i - c|^2) over this process's block b of
 * rows (w NULL: weights of 1), or of w_i dmin[i] when c is NULL (dmin
 * NULL: of w_i alone, c NULL too), the rows in order. */
static double block_sum(const tkm_dataset *ds, const double *w,
                        const double *dmin, const cen_t *c, size_t b)
{
    size_t lo = b * INIT_BLOCK;
    size_t hi = lo + INIT_BLOCK < ds->n ? lo + INIT_BLOCK : ds->n;
    double acc = 0.0;
    for (size_t i = lo; i < hi; i++) {
        double v = dmin ? dmin[i] : 1.0;
        if (c) {
            double t = row_dist2(ds, i, c);
            v = t < v ? t : v;
        }
        acc += weigh(w, i, v);
    }
    return acc;
}

/* The block sums part added in order. */
static double sum_blocks(const tkmi_part *pt, const double *part)
{
    double s = 0.0;
    for (size_t b = 0; b < tkmi_part_blocks(pt->n_total); b++)
        s += part[b];
    return s;
}

/* block_sum over all points: part has one slot per global block, this
 * process fills its own, the others come from the gather; the total of
 * the blocks in order. */
static double potential(const tkm_dataset *ds, const tkmi_part *pt,
                        const double *w, const double *dmin, const cen_t *c,
                        double *part)
{
    size_t nblk = tkmi_part_blocks(ds->n), b0 = pt->row0 / INIT_BLOCK;
    long long nb = (long long)nblk;
#pragma omp parallel for schedule(static)
    for (long long b = 0; b < nb; b++)
        part[b0 + (size_t)b] = block_sum(ds, w, dmin, c, (size_t)b);
    tkmi_part_gather(pt, part, 1, NULL);
    return sum_blocks(pt, part);
}

/* Global row gi of the data into out (d doubles) on every process. */
static void fetch_row(const tkm_dataset *ds, const tkmi_part *pt, size_t gi,
                      double *out)
{
    int owner = tkmi_part_owner(pt, gi);
    if (!pt->comm || owner == pt->comm->rank)
        row_copy(ds, gi - pt->row0, out);
    tkmi_part_bcast(pt, out, ds->d * sizeof *out, owner, NULL);
}

void tkmi_d2_locate(const double *part, size_t nb, double total,
                    uint64_t n, tkmi_rng *r, tkmi_d2_draw *out)
{
    memset(out, 0, sizeof *out);
    if (!(total > 0.0)) {
        out->direct = 1;
        out->pick = tkmi_rng_below(r, n);
        return;
    }
    double u = tkmi_rng_uniform(r) * total, acc = 0.0;
    size_t b = nb, lastb = 0;
    for (size_t j = 0; j < nb; j++) {
        if (part[j] > 0.0)
            lastb = j;
        if (u < acc + part[j]) {
            b = j;
            break;
        }
        acc += part[j];
    }
    if (b == nb) { /* rounding left u at the very end */
        b = lastb;
        acc = 0.0;
        for (size_t j = 0; j < b; j++)
            acc += part[j];
        u = INFINITY;
    }
    out->b = b;
    out->acc = acc;
    out->u = u;
}

/* Global index drawn with probability w_i dmin[i] / total (wt NULL:
 * weights of 1; dmin NULL: w_i / total; uniform when total is 0, which a
 * weighted draw avoids: draw_row): the block from the block sums part (in
 * order), then the row within it, scanned by the process that holds it
 * from the sum of the blocks before. */
static size_t sample_d2(const double *wt, const double *dmin,
                        const tkmi_part *pt, const double *part, double total,
                        tkmi_rng *r)
{
    tkmi_d2_draw w;
    tkmi_d2_locate(part, tkmi_part_blocks(pt->n_total), total, pt->n_total,
                   r, &w);
    if (w.direct)
        return (size_t)w.pick;
    const size_t b = (size_t)w.b;
    double acc = w.acc;
    const int owner = tkmi_part_owner(pt, b * INIT_BLOCK);
    uint64_t pick = 0;
    if (!pt->comm || owner == pt->comm->rank) {
        size_t lo = b * INIT_BLOCK - pt->row0;
        size_t hi = lo + INIT_BLOCK < pt->n ? lo + INIT_BLOCK : pt->n;
        size_t i = lo, last = lo;
        for (; i < hi; i++) {
            const double v = weigh(wt, i, dmin ? dmin[i] : 1.0);
            if (v > 0.0)
                last = i;
            acc += v;
            if (w.u < acc)
                break;
        }
        pick = pt->row0 + (i < hi ? i : last);
    }
    tkmi_part_bcast(pt, &pick, sizeof pick, owner, NULL);
    return (size_t)pick;
}

/* The weights' block sums (wpart) and total, where a weighted start
 * draws by weight alone. */
typedef struct {
    const double *w; /* this process's rows' weights; NULL: none */
    double *wpart;
    double wsum;
} wdraw_t;

/* A row drawn with probability w_i dmin[i] / total (part: the block
 * sums); with weights, where total is 0 (every row of weight above 0 at
 * distance 0 from the centroids chosen), with probability w_i / sum w
 * instead, so that no row of weight 0 is ever drawn. */
static size_t draw_row(const wdraw_t *wd, const double *dmin,
                       const tkmi_part *pt, const double *part, double total,
                       tkmi_rng *r)
{
    if (wd->w && !(total > 0.0))
        return sample_d2(wd->w, NULL, pt, wd->wpart, wd->wsum, r);
    return sample_d2(wd->w, dmin, pt, part, total, r);
}

/* The first row of a start: uniform, or by weight. */
static size_t first_row(const wdraw_t *wd, const tkmi_part *pt,
                        tkmi_rng *r)
{
    return wd->w ? sample_d2(wd->w, NULL, pt, wd->wpart, wd->wsum, r)
                 : (size_t)tkmi_rng_below(r, pt->n_total);
}

static void lower_dmin(const tkm_dataset *ds, double *dmin, const cen_t *c)
{
    long long n = (long long)ds->n;
#pragma omp parallel for schedule(static)
    for (long long i = 0; i < n; i++) {
        double t = row_dist2(ds, (size_t)i, c);
        if (t < dmin[i])
            dmin[i] = t;
    }
}

/* k-means++: D^2 sampling (weighted: w D^2); with cand > 1 each step
 * draws cand candidates and keeps the one that lowers the potential most
 * (first on ties). */
static tkm_status kmeanspp(const tkm_dataset *ds, const tkmi_part *pt,
                           const wdraw_t *wd, size_t k, int cand,
                           tkmi_rng *r, double *out)
{
    size_t n = ds->n, d = ds->d, nb = tkmi_part_blocks(pt->n_total);
    double *dmin = tkmi_alloc(n ? n : 1, 1, sizeof *dmin);
    double *part = tkmi_alloc(3 * nb, 1, sizeof *part);
    const int sparse = TKM_DATASET_SPARSE(ds);
    size_t *nz = sparse ? tkmi_alloc(d, 1, sizeof *nz) : NULL;
    tkm_status rc = tkmi_part_agree(
        pt, dmin && part && (nz || !sparse) ? TKM_OK : TKM_ENOMEM, NULL, 0);
    if (rc != TKM_OK) {
        free(dmin);
        free(part);
        free(nz);
        return rc;
    }
    cen_t v;
    /* block sums of dmin, of a candidate's potential, of the best one's */
    double *cpart = part + nb, *kpart = part + 2 * nb;
    fetch_row(ds, pt, first_row(wd, pt, r), out);
    for (size_t i = 0; i < n; i++)
        dmin[i] = INFINITY;
    v = cen_of(ds, out, nz);
    lower_dmin(ds, dmin, &v);
    double total = potential(ds, pt, wd->w, dmin, NULL, part);
    for (size_t c = 1; c < k; c++) {
        size_t best = draw_row(wd, dmin, pt, part, total, r);
        double bestpot = INFINITY;
        for (int t = 0; cand > 1 && t < cand; t++) {
            size_t idx = t == 0 ? best : draw_row(wd, dmin, pt, part, total, r);
            fetch_row(ds, pt, idx, out + c * d); /* the candidate, for now */
            v = cen_of(ds, out + c * d, nz);
            double pot = potential(ds, pt, wd->w, dmin, &v, cpart);
            /* the first candidate stands where every potential is +inf
             * (distances beyond double's range): its block sums too */
            if (t == 0 || pot < bestpot) {
                bestpot = pot;
                best = idx;
                memcpy(kpart, cpart, nb * sizeof *kpart);
            }
        }
        fetch_row(ds, pt, best, out + c * d);
        v = cen_of(ds, out + c * d, nz);
        lower_dmin(ds, dmin, &v);
        if (cand > 1) {
            total = bestpot;
            memcpy(part, kpart, nb * sizeof *part);
        } else {
            total = potential(ds, pt, wd->w, dmin, NULL, part);
        }
    }
    free(dmin);
    free(part);
    free(nz);
    return TKM_OK;
}

/* The point of largest dmin, the lowest index among equals: blocks in
 * parallel, combined in block order. */
static size_t argmax_dmin(const double *dmin, size_t n, size_t *bidx,
                          double *bval)
{
    size_t nblk = (n + INIT_BLOCK - 1) / INIT_BLOCK;
    long long nb = (long long)nblk;
#pragma omp parallel for schedule(static)
    for (long long b = 0; b < nb; b++) {
        size_t lo = (size_t)b * INIT_BLOCK;
        size_t hi = lo + INIT_BLOCK < n ? lo + INIT_BLOCK : n;
        size_t at = lo;
        for (size_t i = lo + 1; i < hi; i++)
            if (dmin[i] > dmin[at])
                at = i;
        bidx[b] = at;
        bval[b] = dmin[at];
    }
    size_t best = bidx[0];
    for (size_t b = 1; b < nblk; b++)
        if (bval[b] > dmin[best])
            best = bidx[b];
    return best;
}

/* Farthest-first traversal (the reference thesis's "K-means++"): a random
 * first point (weighted: by weight), then each time the point farthest
 * from its nearest chosen centroid (weighted: of the points of weight
 * above 0). */
static tkm_status farthest_first(const tkm_dataset *ds, const tkmi_part *pt,
                                 const wdraw_t *wd, size_t k, tkmi_rng *r,
                                 double *out)
{
    size_t n = ds->n, d = ds->d, nblk = n / INIT_BLOCK + 1;
    double *dmin = tkmi_alloc(n ? n : 1, 1, sizeof *dmin);
    double *bval = tkmi_alloc(nblk, 1, sizeof *bval);
    size_t *bidx = tkmi_alloc(nblk, 1, sizeof *bidx);
    const int sparse = TKM_DATASET_SPARSE(ds);
    size_t *nz = sparse ? tkmi_alloc(d, 1, sizeof *nz) : NULL;
    tkm_status rc = tkmi_part_agree(
        pt, dmin && bval && bidx && (nz || !sparse) ? TKM_OK : TKM_ENOMEM,
        NULL, 0);
    if (rc != TKM_OK)
        goto cleanup;
    size_t pick = first_row(wd, pt, r);
    for (size_t i = 0; i < n; i++) /* -inf: never the farthest */
        dmin[i] = wd->w && wd->w[i] == 0.0 ? -INFINITY : INFINITY;
    for (size_t c = 0; c < k; c++) {
        if (c > 0) {
            size_t at = n ? argmax_dmin(dmin, n, bidx, bval) : 0;
            pick = tkmi_part_argmax(pt, n ? dmin[at] : -INFINITY,
                                    n ? pt->row0 + at : SIZE_MAX, NULL);
        }
        fetch_row(ds, pt, pick, out + c * d);
        const cen_t v = cen_of(ds, out + c * d, nz);
        lower_dmin(ds, dmin, &v);
    }
cleanup:
    free(dmin);
    free(bval);
    free(bidx);
    free(nz);
    return rc;
}

/* k distinct rows, uniformly: a partial Fisher-Yates shuffle of the
 * global indices (every process draws the same). */
static tkm_status random_rows(const tkm_dataset *ds, const tkmi_part *pt,
                              size_t k, tkmi_rng *r, double *out)
{
    const size_t n = pt->n_total;
    size_t *idx = tkmi_alloc(n, 1, sizeof *idx);
    tkm_status rc = tkmi_part_agree(pt, idx ? TKM_OK : TKM_ENOMEM, NULL, 0);
    if (rc != TKM_OK) {
        free(idx);
        return rc;
    }
    for (size_t i = 0; i < n; i++)
        idx[i] = i;
    for (size_t c = 0; c < k; c++) {
        size_t j = c + (size_t)tkmi_rng_below(r, n - c);
        size_t t = idx[c];
        idx[c] = idx[j];
        idx[j] = t;
        fetch_row(ds, pt, idx[c], out + c * ds->d);
    }
    free(idx);
    return TKM_OK;
}

/* k distinct rows by weight, as numpy's choice without replacement
 * draws them: each with probability w_i over the weight of the rows not
 * drawn yet (avail[i] 1 or 0; after a draw only the drawn row's block sum
 * is made again, by the process that holds it, the sums potential would
 * give bit for bit).  Fewer than k rows of weight above 0: TKM_EINVAL. */
static tkm_status random_weighted(const tkm_dataset *ds, const tkmi_part *pt,
                                  const wdraw_t *wd, size_t k, tkmi_rng *r,
                                  double *out, char *msg, size_t msglen)
{
    const size_t n = ds->n, nb = tkmi_part_blocks(pt->n_total);
    double *avail = tkmi_alloc(n ? n : 1, 1, sizeof *avail);
    double *part = tkmi_alloc(nb, 1, sizeof *part);
    tkm_status rc =
        tkmi_part_agree(pt, avail && part ? TKM_OK : TKM_ENOMEM, NULL, 0);
    if (rc != TKM_OK)
        goto cleanup;
    for (size_t i = 0; i < n; i++)
        avail[i] = wd->w[i] > 0.0;
    const double rows = potential(ds, pt, NULL, avail, NULL, part);
    if (rows < (double)k) {
        rc = tkmi_fail(TKM_EINVAL, msg, msglen,
                       "init: random needs k = %zu rows of weight above 0; "
                       "the sample weights have %.0f",
                       k, rows);
        goto cleanup;
    }
    double total = potential(ds, pt, wd->w, avail, NULL, part);
    for (size_t c = 0; c < k; c++) {
        const size_t pick = sample_d2(wd->w, avail, pt, part, total, r);
        const size_t gb = pick / INIT_BLOCK;
        const int owner = tkmi_part_owner(pt, gb * INIT_BLOCK);
        if (!pt->comm || owner == pt->comm->rank) {
            avail[pick - pt->row0] = 0.0;
            part[gb] = block_sum(ds, wd->w, avail, NULL,
                                 gb - pt->row0 / INIT_BLOCK);
        }
        tkmi_part_bcast(pt, part + gb, sizeof *part, owner, NULL);
        total = sum_blocks(pt, part);
        fetch_row(ds, pt, pick, out + c * ds->d);
    }
cleanup:
    free(avail);
    free(part);
    return rc;
}

/* Values a thread tests at once in check_finite. */
#define CHECK_CHUNK ((size_t)1 << 16)

/* Whether the m values at x are all finite: no exponent field all ones
 * (infinities, NaNs), tested on the bits without a branch a value (the
 * pass is bound by memory: 627 MB in about 10 ms on 16 threads). */
static int finite_d(const double *x, size_t m)
{
    const uint64_t e = 0x7ff0000000000000ull; /* the exponent field */
    uint64_t bad = 0;
    for (size_t i = 0; i < m; i++) {
        uint64_t b;
        memcpy(&b, &x[i], sizeof b);
        bad |= (uint64_t)((b & e) == e);
    }
    return bad == 0;
}

static int finite_f(const float *x, size_t m)
{
    const uint32_t e = 0x7f800000u;
    uint32_t bad = 0;
    for (size_t i = 0; i < m; i++) {
        uint32_t b;
        memcpy(&b, &x[i], sizeof b);
        bad |= (uint32_t)((b & e) == e);
    }
    return bad == 0;
}

/* The first value of this process's rows that is not finite: a start
 * drawn from such data would be no start (k-means++ weighs by distances
 * that are NaN), so it is the data's error, named as tkm_fit names it. */
static tkm_status check_finite(const tkm_dataset *ds, const tkmi_part *pt,
                               char *msg, size_t msglen)
{
    const size_t nd = ds->n * ds->d;
    if (TKM_DATASET_SPARSE(ds))
        return tkmi_csr_check(ds, pt->row0, "init: ", msg, msglen);
    /* chunks of values over the threads, each tested whole (no branch a
     * value); then the first chunk that holds one is walked for it */
    const long long nc = (long long)((nd + CHECK_CHUNK - 1) / CHECK_CHUNK);
    long long first = nc;
#pragma omp parallel for schedule(static) reduction(min : first)
    for (long long c = 0; c < nc; c++) {
        const size_t i0 = (size_t)c * CHECK_CHUNK;
        const size_t m = nd - i0 < CHECK_CHUNK ? nd - i0 : CHECK_CHUNK;
        if (ds->x ? !finite_d(ds->x + i0, m) : !finite_f(ds->x32 + i0, m))
            first = c < first ? c : first;
    }
    for (size_t i = (size_t)first * CHECK_CHUNK; first < nc && i < nd; i++) {
        const double v = ds->x ? ds->x[i] : (double)ds->x32[i];
        if (!isfinite(v))
            return tkmi_fail(TKM_ERANGE, msg, msglen,
                             "init: point %zu, column %zu: %g is not finite",
                             pt->row0 + i / ds->d, i % ds->d, v);
    }
    return TKM_OK;
}

tkm_status tkm_init_centroids(const tkm_dataset *ds, size_t k,
                              tkm_init_method m, int candidates,
                              uint64_t seed, double *out, char *msg,
                              size_t msglen)
{
    return tkm_init_centroids_comm(ds, k, m, candidates, seed, NULL, out,
                                   msg, msglen);
}

/* Bytes of the scratch method m takes on this process (kmeanspp,
 * farthest_first, random_rows and random_weighted make it, init_over the
 * weights' block sums), checked before it is made. */
static size_t init_bytes(tkm_init_method m, size_t n, const tkmi_part *pt,
                         int weighted)
{
    const size_t nb = tkmi_part_blocks(pt->n_total);
    size_t plan = 0;
    if (weighted) /* wpart */
        tkmi_plan_add(&plan, nb, 1, sizeof(double));
    if (m == TKM_INIT_RANDOM && weighted) /* avail; part */
        tkmi_plan_add(&plan, n + nb, 1, sizeof(double));
    else if (m == TKM_INIT_RANDOM) /* idx: every row's index */
        tkmi_plan_add(&plan, pt->n_total, 1, sizeof(size_t));
    else if (m == TKM_INIT_FARTHEST) /* dmin; bval, bidx */
        tkmi_plan_add(&plan, n + 2 * (n / INIT_BLOCK + 1), 1, sizeof(double));
    else /* dmin; part */
        tkmi_plan_add(&plan, n + 3 * nb, 1, sizeof(double));
    return plan;
}

/* The start of method m (cand candidates a step) chosen on the current
 * CUDA device (tkmi_seed_cuda) for dense data of one process: k rows
 * into out.  TKM_ENOTSUP, TKM_ENODEV or TKM_ENOMEM where the device
 * cannot (no CUDA, no device, no room): the caller's cue to choose on
 * the CPU. */
static tkm_status start_on_device(const tkm_dataset *ds, size_t k,
                                  tkm_init_method m, int cand, uint64_t seed,
                                  double *out, char *msg, size_t msglen)
{
    uint64_t *idx = tkmi_alloc(k, 1, sizeof *idx);
    if (!idx)
        return TKM_ENOMEM;
    tkmi_rng r;
    tkmi_rng_seed(&r, seed);
    char why[512] = "";
    tkm_status rc = tkmi_seed_cuda(ds, k, m == TKM_INIT_KMEANSPP_GREEDY ? cand
                                                                      : 1,
                                   m == TKM_INIT_FARTHEST, &r, idx, why,
                                   sizeof why);
    if (rc == TKM_OK)
        for (size_t c = 0; c < k; c++)
            row_copy(ds, (size_t)idx[c], out + c * ds->d);
    else if (rc == TKM_ECUDA) /* the device failed: the fit would too */
        tkmi_fail(rc, msg, msglen, "init: %s", why);
    free(idx);
    return rc;
}

/* Whether every row of every process has the same weight: each draw's
 * probabilities are then those of no weights, and the start is the
 * unweighted one, bit for bit (weights of 1 are no weights). */
static int same_weights(const tkm_dataset *ds, const double *w,
                        const tkmi_part *pt)
{
    double v[2] = {-INFINITY, -INFINITY}; /* max w, max -w */
    for (size_t i = 0; i < ds->n; i++) {
        v[0] = w[i] > v[0] ? w[i] : v[0];
        v[1] = -w[i] > v[1] ? -w[i] : v[1];
    }
    tkmi_part_max(pt, v, 2, NULL);
    return v[0] == -v[1];
}

/* tkm_init_centroids_comm once the processes' rows are known (pt); a
 * CUDA form of one process tries the device first (*on_gpu set when it
 * chose the start). */
static tkm_status init_over(const tkm_dataset *ds, const tkmi_part *pt,
                            size_t k, tkm_init_method m, int candidates,
                            uint64_t seed, const double *w, tkm_form form,
                            int *on_gpu, double *out, char *msg,
                            size_t msglen)
{
    const tkm_comm *comm = pt->comm;
    tkm_status rc;
    if (tkmi_check_k(k, pt->n_total, msg, msglen) != TKM_OK)
        return TKM_EINVAL;
    rc = check_finite(ds, pt, msg, msglen);
    if (comm && (rc = tkmi_part_agree(pt, rc, msg, msglen)) != TKM_OK)
        return rc;
    if (rc != TKM_OK)
        return rc;
    if (w && (rc = tkmi_weights_check(ds, w, pt, msg, msglen)) != TKM_OK)
        return rc;
    if (w && same_weights(ds, w, pt)) /* as if none: the same draws */
        w = NULL;
    if (m == TKM_INIT_KMEANSPP_GREEDY && candidates == 0)
        candidates = 2 + (int)floor(log((double)k));
    if (!comm && !w && tkmi_form_cuda(form) && (ds->x || ds->x32) &&
        (m == TKM_INIT_KMEANSPP || m == TKM_INIT_KMEANSPP_GREEDY ||
         m == TKM_INIT_FARTHEST)) {
        rc = start_on_device(ds, k, m, candidates, seed, out, msg, msglen);
        *on_gpu = rc == TKM_OK;
        if (rc != TKM_ENOTSUP && rc != TKM_ENODEV && rc != TKM_ENOMEM)
            return rc;
    }
    const size_t plan = init_bytes(m, ds->n, pt, w != NULL);
    rc = tkmi_mem_check(plan, msg, msglen, "init: the scratch of %zu points",
                        ds->n);
    if ((rc = tkmi_part_agree(pt, rc, msg, msglen)) != TKM_OK)
        return rc;
    wdraw_t wd = {.w = w};
    if (w) {
        wd.wpart = tkmi_alloc(tkmi_part_blocks(pt->n_total), 1,
                              sizeof *wd.wpart);
        if ((rc = tkmi_part_agree(pt, wd.wpart ? TKM_OK : TKM_ENOMEM, NULL,
                                  0)) != TKM_OK)
            goto cleanup;
        wd.wsum = potential(ds, pt, w, NULL, NULL, wd.wpart);
        if (!(wd.wsum <= DBL_MAX)) {
            rc = tkmi_fail(TKM_EINVAL, msg, msglen,
                           "init: the sample weights' sum is beyond "
                           "double's range");
            goto cleanup;
        }
    }
    tkmi_rng r;
    tkmi_rng_seed(&r, seed);
    switch (m) {
    case TKM_INIT_RANDOM:
        rc = w ? random_weighted(ds, pt, &wd, k, &r, out, msg, msglen)
               : random_rows(ds, pt, k, &r, out);
        break;
    case TKM_INIT_KMEANSPP:
        rc = kmeanspp(ds, pt, &wd, k, 1, &r, out);
        break;
    case TKM_INIT_FARTHEST:
        rc = farthest_first(ds, pt, &wd, k, &r, out);
        break;
    case TKM_INIT_KMEANSPP_GREEDY:
        rc = kmeanspp(ds, pt, &wd, k, candidates, &r, out);
        break;
    default:
        rc = tkmi_fail(TKM_EINVAL, msg, msglen, "init: unknown method");
        break;
    }
cleanup:
    free(wd.wpart);
    if (rc == TKM_ENOMEM)
        return tkmi_fail_alloc(msg, msglen, plan, 1, 1,
                               "init: the scratch of %zu points", ds->n);
    return rc;
}

/* tkm_init_centroids_comm, tkm_init_centroids_weighted, or
 * tkmi_init_centroids_form (comm NULL). */
static tkm_status init_entry(const tkm_dataset *ds, size_t k,
                             tkm_init_method m, int candidates,
                             uint64_t seed, const double *w,
                             const tkm_comm *comm, tkm_form form,
                             int *on_gpu, double *out, char *msg,
                             size_t msglen)
{
    tkmi_part pt;
    tkm_status rc = TKM_OK;
    if (!ds ||
        (!ds->x && !ds->x32 && !ds->csr.indptr && !(comm && ds->n == 0)) ||
        ds->d == 0 ||
        !out || (!comm && ds->n == 0))
        rc = tkmi_fail(TKM_EINVAL, msg, msglen,
                       "init: an empty data set has no rows to start from");
    else if (candidates < 0)
        rc = tkmi_fail(TKM_EINVAL, msg, msglen,
                       "init: candidates must be >= 0 (0 = 2 + ln k)");
    if (comm && (rc = tkmi_part_agree(&(tkmi_part){.comm = comm}, rc, msg,
                                      msglen)) != TKM_OK)
        return rc;
    if (rc != TKM_OK)
        return rc;
    if ((rc = tkmi_part_init(&pt, comm, ds->n, msg, msglen)) != TKM_OK)
        return rc;
    rc = init_over(ds, &pt, k, m, candidates, seed, w, form, on_gpu, out, msg,
                   msglen);
    tkmi_part_free(&pt);
    return rc;
}

tkm_status tkm_init_centroids_comm(const tkm_dataset *ds, size_t k,
                                   tkm_init_method m, int candidates,
                                   uint64_t seed, const tkm_comm *comm,
                                   double *out, char *msg, size_t msglen)
{
    int on_gpu = 0;
    return init_entry(ds, k, m, candidates, seed, NULL, comm, TKM_SEQ,
                      &on_gpu, out, msg, msglen);
}

tkm_status tkmi_init_centroids(const tkm_dataset *ds, size_t k,
                               tkm_init_method m, int candidates,
                               uint64_t seed, const double *w,
                               const tkm_comm *comm, tkm_form form,
                               int *on_gpu, double *out, char *msg,
                               size_t msglen)
{
    int gpu = 0;
    tkm_status rc = init_entry(ds, k, m, candidates, seed, w, comm, form,
                               &gpu, out, msg, msglen);
    if (on_gpu)
        *on_gpu = rc == TKM_OK && gpu;
    return rc;
}

tkm_status tkm_init_centroids_weighted(const tkm_dataset *ds, size_t k,
                                       tkm_init_method m, int candidates,
                                       uint64_t seed, const double *weights,
                                       tkm_form form, const tkm_comm *comm,
                                       double *out, char *msg, size_t msglen)
{
    return tkmi_init_centroids(ds, k, m, candidates, seed, weights, comm,
                               form, NULL, out, msg, msglen);
}

tkm_status tkmi_init_centroids_form(const tkm_dataset *ds, size_t k,
                                    tkm_init_method m, int candidates,
                                    uint64_t seed, tkm_form form,
                                    int *on_gpu, double *out, char *msg,
                                    size_t msglen)
{
    return tkmi_init_centroids(ds, k, m, candidates, seed, NULL, NULL, form,
                               on_gpu, out, msg, msglen);
}

tkm_status tkm_init_centroids_form(const tkm_dataset *ds, size_t k,
                                   tkm_init_method m, int candidates,
                                   uint64_t seed, tkm_form form, double *out,
                                   char *msg, size_t msglen)
{
    return tkmi_init_centroids_form(ds, k, m, candidates, seed, form, NULL,
                                    out, msg, msglen);
}
