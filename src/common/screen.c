/*
 * Exact screening of the scan through a matrix product (OpenBLAS): the
 * squared distances of a block of points to every centroid as
 *
 *     s = |x|^2 - 2 x.c + |c|^2      (x.c by GEMM, the norms in double),
 *
 * with a bound E on how far s can lie from the distance the direct kernel
 * (kern.h) computes.  Only the centroids whose s - E is at most the
 * smallest (for Hamerly: the second smallest) s + E of the point can be
 * its nearest (second nearest); those few get the direct distance, and
 * the label, the nearest and the second-nearest squared distances are the
 * scan's own: the same bits as kern->scan, whatever the screening let
 * through.  Lloyd's scan and Hamerly's full scans (its first assignment
 * and the points whose bounds fail) run through it, and Hamerly's
 * centroid gaps (each centroid's nearest other: the nearest's test below
 * with x a centroid, itself left out).  Floor measured
 * against: the GEMM's peak on the core, where the direct scan is held to
 * two vector instructions per point, centroid and coordinate.
 *
 * Sparse points (rows.c) are always screened: their products x.c are
 * their stored values times the centroids' columns (spmm; no BLAS), at
 * the cost of the stored values, where a direct distance costs d.  The
 * bound below holds for them as it stands (a product of at most d terms
 * in any order), and a candidate's direct distance is taken on the row
 * made dense.  Hamerly's tightening of u takes U_a below (pair_up) in
 * place of the direct distance: an upper bound on it, so on the bound.
 *
 * The bound.  u is the unit roundoff of the run's precision (the GEMM
 * accumulates in it); gamma_m = m u / (1 - m u); A = |x|, B = |c|, D the
 * exact squared distance.  Any summation order, fused or not:
 *   |fl(x.c) - x.c|          <= gamma_d A B            (GEMM)
 *   |nx - A^2|, |nc - B^2|   <= gamma_d A^2, gamma_d B^2 (norms, double)
 *   |fl(s) - (nx - 2g + nc)| <= 2u' (nx + 2|g| + nc)    (two additions in
 *                                                       double, u' < u)
 * so |s - D| <= (gamma_d + 2u (1 + gamma_d)) (A + B)^2.  The direct kernel
 * computes D' with |D' - D| <= gamma_{d+3} D <= gamma_{d+3} (A + B)^2
 * (a rounded difference, its rounded square, d - 1 rounded additions).
 * With (A + B)^2 <= 2 (A^2 + B^2) <= 2 (nx + nc) / (1 - gamma_d):
 *
 *   |s - D'| <= E = K (nx + nc) + eta,
 *   K = 2 (gamma_d + 2u (1 + gamma_d) + gamma_{d+3}) / (1 - gamma_d),
 *
 * K taken 10 % larger for the roundings of E itself and of the test, and
 * eta = 4 (d + 3) times the smallest subnormal of the precision for the
 * absolute error of underflowing products.  Write U_j = s_j + E_j and
 * L_j = s_j - E_j, so L_j <= D'_j <= U_j.
 *
 * The nearest.  Let j* be the scan's label (smallest D', lowest index on
 * ties) and T1 = min_l U_l.  Then L_j* <= D'_j* <= D'_l <= U_l for every
 * l, so j* passes the test L_j <= T1; so does every centroid at the same
 * D' as j*, and every other candidate has a larger D'.  The candidates'
 * direct distances, taken in increasing index, give j* and D'_j*.
 *
 * The second nearest (Hamerly's lower bound: the smallest D' among the
 * k - 1 others).  Let a != b hold the two smallest U and T2 = max(U_a,
 * U_b), and j2 the others' nearest.  One of a, b is not j*; call it q:
 * D'_j2 <= D'_q <= U_q <= T2, and D'_j* <= D'_j2.  A centroid with
 * L_j > T2 has D'_j > T2, so every centroid at D'_j* or D'_j2 passes the
 * test L_j <= T2, and the candidates' two smallest direct distances are
 * the scan's.
 *
 * In float runs the two tests of a point's row run in float lanes
 * (kern.h's screen_min_f and screen_pass_f, twice the lanes of double):
 * hf_j and lf_j, hi_j and lo_j rounded to float, less 2 g_j, each value
 * rounded in float.  With H the largest hi_j (lo_j <= hi_j) and
 * |g_j| <= (1 + gamma_d) A B_j, each such value lies within
 *
 *   delta = 2.01 u (H + (1 + gamma_d) sqrt(nx max_j nc_j)) + FLT_TRUE_MIN
 *
 * of the double one (the rounding of hi_j to float, u H, and of the
 * difference, u (H (1 + u) + 2 |g_j|); a result in the subnormal range
 * is exact, a rounding into it costs at most half the smallest
 * subnormal).  The smallest (second smallest) value moves by at most
 * delta too, so T taken from it plus delta is at least the double test's
 * T, and the candidates' threshold another delta higher (rounded up to
 * a float) keeps every centroid the double test keeps: a few more
 * direct distances at most, the same scan results.  Rows whose numbers
 * leave float's range take the double test.
 *
 * Dense points, in both precisions, take their products of shifted
 * values, in float (for double runs twice the lanes and half the bytes
 * of double's products; for float runs the shift alone): with m
 * a fixed vector (the mean of the first points), x^ = fl32(x - m) and
 * c^ = fl32(c - m), each coordinate within 1.01 u_f of x - m (u_f float's
 * unit roundoff; the double subtraction's rounding included), so
 * x^ - c^ = (x - c) + e with |e| <= 1.01 u_f (A + B), A = |x^|, B = |c^|.
 * Then D^ = |x^ - c^|^2 and D = |x - c|^2 differ by
 * |2 (x - c).e + |e|^2| <= 2.1 u_f (A + B)^2, the shift cancelling
 * exactly in x - c.  The bound above holds for x^ and c^ with float's
 * unit (the product, its roundings, nx = |x^|^2 and nc = |c^|^2 in
 * double, the direct kernel's gamma_{d+3} at most float's), so
 * K for float plus 6 u_f covers D' against s; float's underflow (a
 * subnormal x^ or c^ coordinate, a product) adds at most
 * (d + 3) FLT_TRUE_MIN (1 + A + B) in all, which 4 (d + 3) FLT_TRUE_MIN in
 * K and twice that in eta cover.  The shift keeps A and B at the data's
 * spread rather than its offset, where the bound's width grows with
 * them (a float run's unshifted products: the candidates of data far
 * from the origin).  Such a run takes the float tests above; an iteration whose
 * centroids leave float's range, and a row whose values do, take the
 * direct scan.  Hamerly's centroid gaps take their products in the
 * run's precision from c^ (the values nc holds), under the same K.
 *
 * At d <= TKMI_SCREEN_FUSED_D the float products of dense points come
 * from one kernel (kern.h's screen_prod_f) rather than the BLAS: each a
 * sum in increasing coordinate (fused multiply-adds on AVX-512), which
 * the bound above covers as it covers the BLAS's order; the kernel keeps
 * each row's smallest (and second smallest) hf_j - (g_j + g_j) as
 * screen_min_f would take them from its products, so the float test's
 * first pass is done with the products.  Its rows pass row_test_f's
 * bound on |g| (else the direct scan), under which every product and
 * value is finite: the kernel needs no finiteness test.
 *
 * Lloyd's scans after its first want labels alone and know each point's
 * last label l: v_l = hf_l - (g_l + g_l), with g_l the float product in
 * any order, is an upper estimate as good as the row's smallest for the
 * threshold (T from v_l bounds D(x, c_l) >= the nearest's distance), so
 * the threshold is known before the products and screen_sel_f tests each
 * as it is made, a bit per centroid, storing none.
 *
 * Where the argument needs finite numbers it gets them or steps aside:
 * an iteration whose centroid norms overflow, a row whose norm or
 * products are not finite, a row whose threshold T reaches half the
 * precision's largest number (U is in double; a D' near T could
 * overflow, and D' <= U would fail), and a row whose chosen direct
 * distances overflow take the direct scan.
 */
#include "real.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kern.h"
#include "solver.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#if TKM_HAVE_BLAS
#include <cblas.h>
#endif

/* Each thread's products of one block: this many bytes, so that the
 * tests read them from the core's own cache (at 50,000 x 32, k = 1000 in
 * double on one core: 0.082 s an assign step against 0.095 with 4 MB),
 * or d rows where that is more: the BLAS copies the centroids into its
 * own layout at every product, which d rows keep a small part of its
 * work (at d = 784, k = 1000, 128 rows cost 5 to 20 % more than 512). */
#define SCREEN_BYTES ((size_t)1 << 20)
/* Dense points' shift: the mean of the first points, at most this many. */
#define MIX_ROWS 4096
/* Dense points less the shift, in float, are kept for the run where they
 * take at most this many bytes (else each block converts its points
 * again): a screened Lloyd step in 0.95x the time on 16 cores (100,000 x
 * 32, k = 1000; docs/results/screen-rows.md). */
#define MIX_KEEP_BYTES ((size_t)1 << 29)
/* The fused products (small d) of this many bytes a step. */
#define FUSED_BYTES ((size_t)16 << 10)

struct TKM_FN(tkmi_screen) {
    double *xnorm;  /* n: |x|^2 of each point, once per run              */
    double *nc;     /* k: |c_j|^2 of the current centroids               */
    double *hi;     /* k: |c_j|^2 (1 + K)                                */
    double *lo;     /* k: |c_j|^2 (1 - K)                                */
    float *hf, *lf; /* k each: hi and lo rounded to float (float tests)  */
    int fl;         /* this iteration's point rows take the float test   */
    double hmax;    /* the largest hi_j                                  */
    double ncmax;   /* the largest |c_j|^2                               */
    tkm_real *g;    /* threads * rows * k products                       */
    tkm_real *ct;   /* sparse points: d * k, the centroids by column     */
    uint32_t *cand; /* threads * k: a row's candidates                   */
    size_t rows;    /* rows per product                                  */
    double kk, eta; /* K and eta of the bound                            */
    /* Dense points' products are taken of the points and centroids less
     * a shift m, in float (the head comment); then xnorm, nc, hi and lo
     * are those of the shifted float values. */
    int mixed;      /* this run's products so                            */
    double *m;      /* d: the shift                                      */
    float *cf;      /* k * d: the centroids less m, in float             */
    double *cd;     /* k * d: the same values in double (f64: the gaps)  */
    float *xf;      /* threads * rows * d: a block's points less m       */
    float *xs;      /* n * d: every point less m, or NULL (MIX_KEEP_BYTES) */
    const float *xk; /* n * d: the products' points, kept: xs, or in a
                      * float run whose m is 0 the points themselves */
    float *gf;      /* threads * rows * gs float products                */
    size_t gs;      /* a row's stride in gf: k, or whole blocks (fused)  */
    /* Small d: the float products and the first test in one kernel
     * (kern.h's screen_prod_f) in place of the BLAS and the test's pass
     * over gf (TKMI_SCREEN_FUSED_D) */
    int fused;
    float *cp;      /* the centroids less m, packed in blocks            */
    float *hfp;     /* hf in whole blocks, +inf past k                   */
    float *lfp;     /* lf in whole blocks, +inf past k                   */
    float *mm;      /* threads * rows * 2: each row's two smallest tests */
    uint16_t *bits; /* threads * rows * blocks: screen_sel_f's candidates */
};

/* K of the bound above, for d coordinates in the run's precision (the
 * tests below are evaluated in a rearranged order; 8u and the factor
 * 1.25 cover those roundings, and those of K itself, with room). */
static double screen_k(size_t d, double u)
{
    const double m = (double)d;
    const double gd = m * u / (1.0 - m * u);
    const double gd3 = (m + 3.0) * u / (1.0 - (m + 3.0) * u);
    return 1.25 * 2.0 * (gd + gd3 + 8.0 * u) / (1.0 - gd);
}

void TKM_FN(tkmi_screen_consts)(size_t d, double *kk, double *eta)
{
    *kk = screen_k(d, (double)TKM_EPS / 2.0);
#if TKM_PREC == 64
    *eta = 4.0 * ((double)d + 3.0) * DBL_TRUE_MIN;
#else
    *eta = 4.0 * ((double)d + 3.0) * (double)FLT_TRUE_MIN;
#endif
}

/* g = x c^T: m x k products of rows of d values (the BLAS's; without
 * one, the centroids' products of a sparse run, which are few, in plain
 * loops: the bound holds for any order). */
static void gemm(const tkm_real *x, size_t m, const tkm_real *c, size_t k,
                 size_t d, tkm_real *g)
{
#if !TKM_HAVE_BLAS
    for (size_t i = 0; i < m; i++)
        for (size_t j = 0; j < k; j++) {
            tkm_real t = 0;
            for (size_t q = 0; q < d; q++)
                t += x[i * d + q] * c[j * d + q];
            g[i * k + j] = t;
        }
#elif TKM_PREC == 64
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)m, (int)k,
                (int)d, 1.0, x, (int)d, c, (int)d, 0.0, g, (int)k);
#else
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)m, (int)k,
                (int)d, 1.0f, x, (int)d, c, (int)d, 0.0f, g, (int)k);
#endif
}

/* The same in float (the shifted products of dense points; they need the BLAS,
 * which screen_new asks for). */
static void gemm_f(const float *x, size_t m, const float *c, size_t k,
                   size_t d, float *g)
{
#if TKM_HAVE_BLAS
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)m, (int)k,
                (int)d, 1.0f, x, (int)d, c, (int)d, 0.0f, g, (int)k);
#else
    (void)x, (void)m, (void)c, (void)k, (void)d, (void)g;
#endif
}

/* The products of the sparse rows idx[i] (idx NULL: lo + i), i < m, with
 * every centroid: each stored value times its column of ct, added into
 * the row's k products (the kernel's spmm_row). */
static void spmm(const TKM_FN(tkmi_cpu) *s, const tkm_real *ct, size_t lo,
                 const size_t *idx, size_t m, tkm_real *g)
{
    const TKM_FN(tkmi_sp) *sp = s->sp;
    const size_t k = s->k;
    for (size_t i = 0; i < m; i++) {
        const size_t r = idx ? idx[i] : lo + i;
        s->kern->spmm_row(sp->v, sp->col, sp->ptr[r], sp->ptr[r + 1], ct, k,
                          g + i * k);
    }
}

/* |v|^2 in double, in four running sums (any order keeps the bound: its
 * gamma_d covers every summation order) */
static double norm2(const tkm_real *v, size_t d)
{
    double s[4] = {0.0, 0.0, 0.0, 0.0};
    size_t j = 0;
    for (; j + 4 <= d; j += 4)
        for (int q = 0; q < 4; q++)
            s[q] += (double)v[j + q] * (double)v[j + q];
    for (; j < d; j++)
        s[0] += (double)v[j] * (double)v[j];
    return (s[0] + s[1]) + (s[2] + s[3]);
}

/* A dense coordinate less the shift, in float: the value every product
 * of shifted points takes (and the norms, xs and cf hold). */
static inline float shifted(tkm_real v, double m)
{
    return (float)((double)v - m);
}

/* |x - m|^2 in double of the shifted float values of a row, in four
 * running sums as norm2; the values into out where it is not NULL. */
static double norm2_shifted(const tkm_real *x, const double *m, size_t d,
                            float *out)
{
    double s[4] = {0.0, 0.0, 0.0, 0.0};
    size_t j = 0;
    for (; j + 4 <= d; j += 4)
        for (int q = 0; q < 4; q++) {
            const float f = shifted(x[j + q], m[j + q]);
            if (out)
                out[j + q] = f;
            s[q] += (double)f * (double)f;
        }
    for (; j < d; j++) {
        const float f = shifted(x[j], m[j]);
        if (out)
            out[j] = f;
        s[0] += (double)f * (double)f;
    }
    return (s[0] + s[1]) + (s[2] + s[3]);
}

/* The centroids whose norms nc holds, in the run's precision: dense runs'
 * shifted floats (cf in f32, the same values as doubles, cd, in f64),
 * else the centroids. */
static const tkm_real *prod_cents(const TKM_FN(tkmi_cpu) *s)
{
    const TKM_FN(tkmi_screen) *w = s->scr;
    if (!w->mixed)
        return s->c;
#if TKM_PREC == 64
    return w->cd;
#else
    return w->cf;
#endif
}

static void screen_free(TKM_FN(tkmi_screen) *w)
{
    if (!w)
        return;
    free(w->xnorm);
    free(w->m);
    free(w->cf);
    free(w->cd);
    free(w->xf);
    free(w->xs);
    free(w->gf);
    free(w->cp);
    free(w->hfp);
    free(w->lfp);
    free(w->mm);
    free(w->bits);
    free(w->hi);
    free(w->hf);
    free(w->g);
    free(w->ct);
    free(w->cand);
    free(w);
}

static TKM_FN(tkmi_screen) *screen_new(const TKM_FN(tkmi_cpu) *s)
{
    const size_t n = s->n, d = s->d, k = s->k;
    /* made at first use, for every team the run may have */
    const size_t nt = (size_t)(s->threads_max > 1 ? s->threads_max : 1);
    if (d > INT_MAX || k > INT_MAX || k < 2)
        return NULL; /* beyond the BLAS's int sizes, or nothing to screen */
    TKM_FN(tkmi_screen) *w = tkmi_calloc(1, 1, sizeof *w);
    if (!w)
        return NULL;
    size_t rows = SCREEN_BYTES / (k * sizeof(tkm_real));
    rows = rows < d ? d : rows;
    w->rows = rows < 16 ? 16 : rows > TKMI_SCREEN_ROWS ? TKMI_SCREEN_ROWS
                                                       : rows;
    w->xnorm = tkmi_alloc(n ? n : 1, 1, sizeof *w->xnorm);
    /* the row tests read up to a vector past a row's end (kern.h): the
     * arrays end in TKMI_KW zeros, those of floats in TKMI_KWF */
    size_t gk = 0;
    w->mixed = !s->sp && TKM_HAVE_BLAS;
    w->hi = tkmi_calloc(3 * k + TKMI_KW, 1, sizeof *w->hi);
    w->hf = TKM_PREC == 32 || w->mixed
                ? tkmi_calloc(2 * k + TKMI_KWF, 1, sizeof *w->hf)
                : NULL;
    const size_t nbf = (k + TKMI_KWF - 1) / TKMI_KWF;
    w->fused = w->mixed && d <= TKMI_SCREEN_FUSED_D;
    w->gs = w->fused ? nbf * TKMI_KWF : k;
    size_t gfk = 0;
    if (!tkmi_mul_size(nt * w->rows, k, 1, &gk) && gk < SIZE_MAX - TKMI_KWF &&
        !tkmi_mul_size(nt * w->rows, w->gs, 1, &gfk) &&
        gfk < SIZE_MAX - TKMI_KWF) {
        w->g = tkmi_calloc(gk + TKMI_KW, 1, sizeof *w->g);
        if (w->mixed)
            w->gf = tkmi_calloc(gfk + TKMI_KWF, 1, sizeof *w->gf);
    }
    if (w->fused) {
        w->cp = tkmi_alloc(nbf * TKMI_KWF, d, sizeof *w->cp);
        w->hfp = tkmi_alloc(nbf, TKMI_KWF, sizeof *w->hfp);
        w->lfp = tkmi_alloc(nbf, TKMI_KWF, sizeof *w->lfp);
        w->mm = tkmi_alloc(nt * w->rows, 2, sizeof *w->mm);
        w->bits = tkmi_alloc(nt * w->rows, nbf, sizeof *w->bits);
    }
    if (w->mixed) {
        w->m = tkmi_calloc(d, 1, sizeof *w->m);
        w->cf = tkmi_alloc(k, d, sizeof *w->cf);
        if (TKM_PREC == 64)
            w->cd = tkmi_alloc(k, d, sizeof *w->cd);
        w->xf = tkmi_alloc(nt * w->rows, d, sizeof *w->xf);
    }
    w->cand = tkmi_alloc(nt, k, sizeof *w->cand);
    size_t dk;
    if (s->sp && !tkmi_mul_size(d, k, 1, &dk) && dk < SIZE_MAX - TKMI_KW)
        w->ct = tkmi_calloc(dk + TKMI_KW, 1, sizeof *w->ct); /* (spmm_row) */
    if (!w->xnorm || !w->hi || !w->g || !w->cand || !(w->ct || w->mixed) ||
        ((TKM_PREC == 32 || w->mixed) && !w->hf) ||
        (w->mixed && !(w->gf && w->m && w->cf && w->xf &&
                       (TKM_PREC == 32 || w->cd))) ||
        (w->fused && !(w->cp && w->hfp && w->lfp && w->mm && w->bits))) {
        screen_free(w);
        return NULL;
    }
    w->lo = w->hi + k;
    w->lf = w->hf ? w->hf + k : NULL;
    w->nc = w->hi + 2 * k;
    TKM_FN(tkmi_screen_consts)(d, &w->kk, &w->eta);
    if (w->mixed) {
        /* float's K, the inputs' rounding to float (6u) and float's
         * underflow (the head comment); the shift: the mean of the first
         * points, in order (any m keeps the bound) */
        const double u = (double)FLT_EPSILON / 2.0;
        const double tiny = 4.0 * ((double)d + 3.0) * (double)FLT_TRUE_MIN;
        w->kk = screen_k(d, u) + 6.0 * u + tiny;
        w->eta = 2.0 * tiny;
        const size_t nm = n < MIX_ROWS ? n : MIX_ROWS;
        double sq = 0.0, mm = 0.0;
        for (size_t i = 0; i < nm; i++)
            for (size_t q = 0; q < d; q++) {
                w->m[q] += (double)s->x[i * d + q];
                sq += (double)s->x[i * d + q] * (double)s->x[i * d + q];
            }
        for (size_t q = 0; nm && q < d; q++) {
            w->m[q] /= (double)nm;
            mm += w->m[q] * w->m[q];
        }
        size_t nd;
        if (TKM_PREC == 32 && nm && mm <= (sq / (double)nm - mm) / 16.0) {
            /* a float run whose offset is small beside its spread (|m|^2
             * at most 1/16 of the first points' mean |x - m|^2): the bound
             * widens by about that share without the shift, and the
             * points are their own float values, kept without a copy
             * (at 10,000 x 784 the copy and its pages were a quarter of
             * a one-core run) */
            memset(w->m, 0, d * sizeof *w->m);
            w->xk = (const float *)(const void *)s->x;
        } else if (!tkmi_mul_size(n, d, sizeof(float), &nd) &&
                   nd <= MIX_KEEP_BYTES) {
            w->xs = tkmi_alloc(n ? n : 1, d, sizeof *w->xs); /* (may fail) */
            w->xk = w->xs;
        }
    }
    long long nn = (long long)n; /* the points' norms, once per run */
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static)
    for (long long i = 0; i < nn; i++) {
        if (s->sp) { /* (the zeros add nothing) */
            const int64_t q0 = s->sp->ptr[i];
            w->xnorm[i] = norm2(s->sp->v + q0, (size_t)(s->sp->ptr[i + 1] - q0));
        } else if (w->mixed && w->xk != (const float *)(const void *)s->x) {
            /* of the float values the products take (kept in xs) */
            w->xnorm[i] = norm2_shifted(s->x + (size_t)i * d, w->m, d,
                                        w->xs ? w->xs + (size_t)i * d
                                              : NULL);
        } else {
            w->xnorm[i] = norm2(s->x + (size_t)i * d, d);
        }
    }
    return w;
}

int TKM_FN(tkmi_screen_available)(void) { return TKM_HAVE_BLAS; }

int TKM_FN(tkmi_screen_begin)(TKM_FN(tkmi_cpu) *s)
{
    if (!s->screen)
        return 0;
    if (!s->sp && !TKM_HAVE_BLAS) {
        s->screen = 0; /* dense points' products need the BLAS */
        return 0;
    }
    if (!s->scr && !(s->scr = screen_new(s))) {
        s->screen = 0; /* out of memory, or k < 2: scan directly */
        return 0;
    }
    TKM_FN(tkmi_screen) *w = s->scr;
    int finite = 1;
    w->hmax = w->ncmax = 0.0;
    if (w->mixed) { /* the centroids less m, in float */
        const size_t d = s->d;
        for (size_t j = 0; j < s->k; j++)
            for (size_t q = 0; q < d; q++) {
                const float v = shifted(s->c[j * d + q], w->m[q]);
                w->cf[j * d + q] = v;
                if (w->cd)
                    w->cd[j * d + q] = (double)v;
            }
    }
    const tkm_real *cs = prod_cents(s);
    for (size_t j = 0; j < s->k; j++) {
        double nc = w->nc[j] = norm2(cs + j * s->d, s->d);
        w->hi[j] = nc * (1.0 + w->kk);
        w->lo[j] = nc * (1.0 - w->kk);
        finite &= isfinite(w->hi[j]) != 0;
        w->hmax = fmax(w->hmax, w->hi[j]);
        w->ncmax = fmax(w->ncmax, nc);
    }
    if (!finite)
        return 0; /* centroids beyond range: this iteration scans */
    /* the float test where hi stays well inside float's range (and the
     * bound's gamma_d means something) */
    w->fl = w->hf && w->hmax < FLT_MAX / 8 &&
            (double)s->d * (double)FLT_EPSILON < 0.25;
    if (w->mixed && !w->fl)
        return 0; /* float products beyond float's range: scan */
    for (size_t j = 0; w->fl && j < s->k; j++) {
        w->hf[j] = (float)w->hi[j];
        w->lf[j] = (float)w->lo[j];
    }
    if (w->fused) { /* (mixed: w->fl holds here) the gs lanes of whole
                       * blocks, centroid j in block j / W, lane j % W */
        const size_t k = s->k, d = s->d, W = TKMI_KWF;
        for (size_t j = 0; j < w->gs; j++) {
            for (size_t q = 0; q < d; q++)
                w->cp[(j / W * d + q) * W + j % W] =
                    j < k ? w->cf[j * d + q] : 0.0f;
            w->hfp[j] = j < k ? w->hf[j] : INFINITY;
            w->lfp[j] = j < k ? w->lf[j] : INFINITY;
        }
    }
    if (s->sp) {
        const size_t k = s->k, d = s->d;
        for (size_t j = 0; j < k; j++)
            for (size_t q = 0; q < d; q++)
                w->ct[q * k + j] = s->c[j * d + q];
    }
    /* each thread multiplies its own rows, the BLAS on one thread (its
     * own threads would spin against the team's): blas.c */
    tkmi_blas_single_begin();
    return 1;
}

void TKM_FN(tkmi_screen_end)(TKM_FN(tkmi_cpu) *s)
{
    (void)s;
    tkmi_blas_single_end();
}

size_t TKM_FN(tkmi_screen_rows)(const TKM_FN(tkmi_cpu) *s)
{
    return s->scr->rows;
}

#define TOP_MAX TKMI_SCREEN_TOP

/* The direct scan of one row into slot t of o. */
static void direct_row(const TKM_FN(tkmi_cpu) *s, size_t row,
                       const TKM_FN(tkmi_scan_out) *o, size_t t)
{
    TKM_FN(tkmi_scan_out) one = {.lab = o->lab ? o->lab + t : NULL,
                                 .b1 = o->b1 ? o->b1 + t : NULL,
                                 .b2 = o->b2 ? o->b2 + t : NULL};
    TKM_FN(tkmi_rows_scan)(s, &s->kc, row, NULL, 1, &one);
}

/* The test of one row with norm nx and products g (k), centroid skip
 * left out (SIZE_MAX: none).  With the bound above,
 *   U_j = nx (1 + K) + eta + (hi_j - 2 g_j),
 *   L_j = nx (1 - K) - eta + (lo_j - 2 g_j),
 * so a centroid is a candidate when lo_j - 2 g_j <= *thr, *thr = T less
 * nx (1 - K) - eta, T the smallest U (second smallest when two).
 * Returns 0 when the row is beyond the proof's range (the direct scan's
 * then). */
static int row_test(const TKM_FN(tkmi_cpu) *s, size_t k, double nx,
                    const tkm_real *g, size_t skip, int two, double *thr)
{
    const TKM_FN(tkmi_screen) *w = s->scr;
    double m[2] = {INFINITY, INFINITY};
    int finite = isfinite(nx) != 0;
    if (skip == SIZE_MAX) { /* a point's row: the kernel's (kern.h) */
        finite &= s->kern->screen_min(w->hi, g, k, two, m);
    } else { /* a centroid's, itself left out */
        for (size_t j = 0; j < k; j++) {
            double v = w->hi[j] - 2.0 * (double)g[j];
            finite &= isfinite((double)g[j]) != 0;
            if (j == skip)
                continue;
            if (v < m[0]) {
                m[1] = m[0];
                m[0] = v;
            } else if (v < m[1])
                m[1] = v;
        }
    }
    const double top = nx * (1.0 + w->kk) + w->eta + (two ? m[1] : m[0]);
    *thr = top - (nx * (1.0 - w->kk) - w->eta);
    return finite && top < TOP_MAX;
}

/* nextafterf(f, INFINITY) of a float below +inf, without the call (the
 * fused rows' thresholds run in a loop that a call would serialise). */
static inline float next_up_f(float f)
{
    if (f == 0.0f)
        return FLT_TRUE_MIN;
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    b += f > 0.0f ? 1u : UINT32_MAX; /* (-inf: to -FLT_MAX) */
    memcpy(&f, &b, sizeof f);
    return f;
}

/* The float test of a point's row (the head comment), from its products
 * g, or with the fused kernel's smallest values mm (mm[0], mm[1]; g is
 * then not read): 1 with the candidates' threshold, rounded up to a
 * float, in *thrf; 0 when the row is beyond the proof's range (the
 * direct scan's then); -1 when its numbers leave float's range (the
 * double test's then). */
static inline int row_test_f(const TKM_FN(tkmi_cpu) *s, size_t k, double nx,
                             const float *g, const float *mm, int two,
                             float *thrf)
{
    const TKM_FN(tkmi_screen) *w = s->scr;
    const double u = (double)FLT_EPSILON / 2.0, dd = (double)s->d;
    const double gmax = (1.0 + dd * u / (1.0 - dd * u)) * sqrt(nx * w->ncmax);
    if (!(gmax < (double)FLT_MAX / 8)) /* (a NaN norm too) */
        return -1;
    const double delta = 2.01 * u * (w->hmax + gmax) + (double)FLT_TRUE_MIN;
    float m[2];
    int finite = 1; /* (the fused kernel's g: finite under gmax) */
    if (mm) {
        m[0] = mm[0];
        m[1] = mm[1];
    } else {
        finite = s->kern->screen_min_f(w->hf, g, k, two, m);
    }
    const double top =
        nx * (1.0 + w->kk) + w->eta + (double)(two ? m[1] : m[0]) + delta;
    const double thr = top - (nx * (1.0 - w->kk) - w->eta) + delta;
    float tf = (float)thr;
    if ((double)tf < thr)
        tf = next_up_f(tf);
    *thrf = tf;
    return finite && top < TOP_MAX;
}

/* The candidates of a point's row from its products g (k), or its float
 * products gf (of shifted dense points), into cand, their number into *nc,
 * in increasing index (the float test where this iteration takes it).
 * Returns 0 when the row takes the direct scan. */
static int row_candidates(const TKM_FN(tkmi_cpu) *s, size_t row,
                          const tkm_real *g, const float *gf,
                          const float *mm, int two, uint32_t *cand,
                          size_t *nc)
{
    const TKM_FN(tkmi_screen) *w = s->scr;
    const size_t k = s->k;
    if (mm) { /* the fused rows' threshold, or NaN: the direct scan */
        if (isnan(mm[0]))
            return 0;
        *nc = s->kern->screen_pass_f(w->lf, gf, k, mm[0], cand);
        return 1;
    }
    if (gf) { /* (begin() took the mixed products only with w->fl) */
        float thrf;
        const int t = row_test_f(s, k, w->xnorm[row], gf, NULL, two, &thrf);
        if (t > 0)
            *nc = s->kern->screen_pass_f(w->lf, gf, k, thrf, cand);
        return t > 0;
    }
#if TKM_PREC == 32
    if (w->fl) {
        float thrf;
        const int t = row_test_f(s, k, w->xnorm[row], g, NULL, two, &thrf);
        if (t > 0)
            *nc = s->kern->screen_pass_f(w->lf, g, k, thrf, cand);
        if (t >= 0)
            return t;
    }
#endif
    double thr;
    if (!row_test(s, k, w->xnorm[row], g, SIZE_MAX, two, &thr))
        return 0;
    *nc = s->kern->screen_pass(w->lo, g, k, thr, cand);
    return 1;
}

/* One row from its cands candidates cand (increasing): the scan's label,
 * nearest and second nearest squared distances (those o asks for) into
 * slot t.  Returns the direct distances taken. */
static uint64_t decide_row(const TKM_FN(tkmi_cpu) *s, size_t row,
                           const TKM_FN(tkmi_scan_out) *o, size_t t,
                           const uint32_t *cand, size_t cands)
{
    const size_t k = s->k;
    const int two = o->b2 != NULL;
    if (!two && !o->b1 && cands == 1) { /* the label alone: it decides */
        o->lab[t] = (int32_t)cand[0];
        return 0;
    }
    uint64_t taken = 0;
    int32_t lab = -1;
    tkm_real b1 = 0, b2 = (tkm_real)INFINITY;
    for (size_t q = 0; q < cands; q++) {
        const size_t j = cand[q];
        tkm_real dj = TKM_FN(tkmi_row_cdist2)(s, row, j);
        taken++;
        if (lab < 0 || dj < b1) {
            if (lab >= 0)
                b2 = b1;
            b1 = dj;
            lab = (int32_t)j;
        } else if (dj < b2)
            b2 = dj;
    }
    if (lab < 0 || !(isfinite(b1) && (!two || isfinite(b2)))) {
        direct_row(s, row, o, t); /* beyond the precision's range */
        return taken + k;
    }
    if (o->lab)
        o->lab[t] = lab;
    if (o->b1)
        o->b1[t] = b1;
    if (two)
        o->b2[t] = b2;
    return taken;
}

/* One row from its products g (k): decide_row's, cand the thread's room
 * for k candidates. */
static uint64_t screen_row(const TKM_FN(tkmi_cpu) *s, size_t row,
                           const tkm_real *g, const float *gf,
                           const float *mm, const TKM_FN(tkmi_scan_out) *o,
                           size_t t, uint32_t *cand)
{
    size_t cands = 0;
    if (!row_candidates(s, row, g, gf, mm, o->b2 != NULL, cand, &cands)) {
        direct_row(s, row, o, t);
        return s->k;
    }
    return decide_row(s, row, o, t, cand, cands);
}

/* The sum of 8 chains by halving: (p0 + p4) + (p2 + p6) and the same of
 * the odd ones, as a loop of halving steps over them would add. */
static inline float halve8(const float *p)
{
    return ((p[0] + p[4]) + (p[2] + p[6])) + ((p[1] + p[5]) + (p[3] + p[7]));
}

/* The candidates' threshold of a row of float points xf (less m) from
 * centroid l, which bounds the nearest's distance from above as the
 * row's smallest estimate does (row_test_f: its product in any order, the
 * same bound), or NaN where the row takes the direct scan. */
static float hint_thr(const TKM_FN(tkmi_cpu) *s, size_t row, const float *xf,
                      size_t l)
{
    const TKM_FN(tkmi_screen) *w = s->scr;
    const float *c = w->cf + l * s->d;
    const size_t d = s->d;
    float g;
    if (d < 16) {
        /* the sum below in registers: chain j takes coordinates j and
         * j + 8, then the same halving */
        float p[8];
#pragma GCC unroll 8
        for (int j = 0; j < 8; j++)
            p[j] = (size_t)j < d ? xf[j] * c[j] : 0.0f;
#pragma GCC unroll 8
        for (int j = 0; j < 8; j++)
            if ((size_t)j + 8 < d)
                p[j] += xf[j + 8] * c[j + 8];
        g = halve8(p);
    } else {
        float p[16] = {0.0f}; /* (16 chains the compiler takes as vectors) */
        size_t q = 0;
        for (; q + 16 <= d; q += 16)
            for (int a = 0; a < 16; a++)
                p[a] += xf[q + (size_t)a] * c[q + (size_t)a];
#pragma GCC unroll 16
        for (int a = 0; a < 16; a++) /* the rest, on the first chains */
            if (q + (size_t)a < d)
                p[a] += xf[q + (size_t)a] * c[q + (size_t)a];
#pragma GCC unroll 8
        for (int a = 0; a < 8; a++) /* then halving, as above */
            p[a] += p[a + 8];
        g = halve8(p);
    }
    const float v[2] = {w->hf[l] - (g + g), 0.0f};
    float thrf;
    return row_test_f(s, s->k, w->xnorm[row], NULL, v, 0, &thrf) > 0 ? thrf
                                                                    : NAN;
}

/* A row of screen_sel_f's bits (nb blocks) with threshold thr:
 * decide_row's, or the direct scan's where thr is NaN. */
static uint64_t sel_row(const TKM_FN(tkmi_cpu) *s, size_t row, float thr,
                        const uint16_t *bits, size_t nb,
                        const TKM_FN(tkmi_scan_out) *o, size_t t,
                        uint32_t *cand)
{
    if (isnan(thr)) {
        direct_row(s, row, o, t);
        return s->k;
    }
    size_t nc = 0, b = 0;
    /* four blocks a word: the rows' few bits found in fewer branches */
    for (; b + 4 <= nb; b += 4) {
        uint64_t v = (uint64_t)bits[b] | (uint64_t)bits[b + 1] << 16 |
                     (uint64_t)bits[b + 2] << 32 |
                     (uint64_t)bits[b + 3] << 48;
        for (; v; v &= v - 1)
            cand[nc++] = (uint32_t)(b * TKMI_KWF) +
                         (uint32_t)__builtin_ctzll(v);
    }
    for (; b < nb; b++)
        for (uint32_t v = bits[b]; v; v &= v - 1)
            cand[nc++] = (uint32_t)(b * TKMI_KWF) + (uint32_t)__builtin_ctz(v);
    return decide_row(s, row, o, t, cand, nc);
}

/* Whether the m hints of a step name centroids (Lloyd's labels after its
 * first iteration), so that the step's rows take screen_sel_f. */
static int hints_ok(const int32_t *hint, size_t m, size_t k)
{
    for (size_t i = 0; i < m; i++)
        if (hint[i] < 0 || (size_t)hint[i] >= k)
            return 0;
    return 1;
}

void TKM_FN(tkmi_screen_scan)(const TKM_FN(tkmi_cpu) *s, size_t lo,
                              const size_t *idx, size_t m,
                              const TKM_FN(tkmi_scan_out) *o,
                              uint64_t *screened, uint64_t *rechecked)
{
    const TKM_FN(tkmi_screen) *w = s->scr;
    const size_t d = s->d, k = s->k, rows = w->rows;
    size_t tid = 0;
#ifdef _OPENMP
    tid = (size_t)omp_get_thread_num();
#endif
    tkm_real *g = w->g + tid * rows * k;
    const size_t gs = w->gs;
    float *gf = w->mixed ? w->gf + tid * rows * gs : NULL;
    float *mm = w->fused ? w->mm + tid * rows * 2 : NULL;
    const size_t nb = gs / TKMI_KWF; /* (fused: screen_sel_f's blocks) */
    uint16_t *bits = w->fused ? w->bits + tid * rows * nb : NULL;
    uint32_t *cand = w->cand + tid * k;
    /* the fused kernel's products in steps that its tests read back from
     * the core's first cache */
    size_t step = rows;
    if (mm) {
        step = FUSED_BYTES / (gs * sizeof *gf) / 16 * 16; /* (whole steps
                                                           * of its rows) */
        step = step < 16 ? 16 : step > rows ? rows : step;
    }
    for (size_t b = 0; b < m; b += step) {
        const size_t mb = m - b < step ? m - b : step;
        int sel = 0; /* the rows' candidates in bits, from their hints */
        if (gf) { /* the block's points less m, in float */
            float *xf = w->xf + tid * rows * d;
            const float *xb = xf;
            if (w->xk && !idx) {
                xb = w->xk + (lo + b) * d; /* kept: in place */
            } else if (w->xk) {
                for (size_t i = 0; i < mb; i++)
                    memcpy(xf + i * d, w->xk + idx[b + i] * d,
                           d * sizeof *xf);
            } else {
                for (size_t i = 0; i < mb; i++) {
                    const tkm_real *xi =
                        s->x + (idx ? idx[b + i] : lo + b + i) * d;
                    for (size_t q = 0; q < d; q++)
                        xf[i * d + q] = shifted(xi[q], w->m[q]);
                }
            }
            sel = mm && o->hint && !o->b2 && !o->b1 &&
                  hints_ok(o->hint + b, mb, k);
            if (sel) {
                /* labels alone, each row's threshold (mm[i]) from its
                 * hint: the products tested as made, none kept */
                for (size_t i = 0; i < mb; i++)
                    mm[i] = hint_thr(s, idx ? idx[b + i] : lo + b + i,
                                     xb + i * d, (size_t)o->hint[b + i]);
                s->kern->screen_sel_f(xb, mb, d, w->cp, w->lfp, k, mm, bits);
            } else if (mm) {
                const int two = o->b2 != NULL;
                s->kern->screen_prod_f(xb, mb, d, w->cp, w->hfp, k, gs, two,
                                       gf, mm);
                /* the rows' thresholds (row_test_f's) in one loop of
                 * independent rows, mm[2 i] each, NaN where the row takes
                 * the direct scan */
                for (size_t i = 0; i < mb; i++) {
                    const size_t row = idx ? idx[b + i] : lo + b + i;
                    float thrf;
                    mm[2 * i] = row_test_f(s, k, w->xnorm[row], NULL,
                                           mm + 2 * i, two, &thrf) > 0
                                    ? thrf
                                    : NAN;
                }
            } else {
                gemm_f(xb, mb, w->cf, k, d, gf);
            }
        } else { /* sparse rows (dense rows are always shifted) */
            spmm(s, w->ct, lo + b, idx ? idx + b : NULL, mb, g);
        }
        for (size_t i = 0; i < mb; i++) {
            const size_t row = idx ? idx[b + i] : lo + b + i;
            *rechecked +=
                sel ? sel_row(s, row, mm[i], bits + i * nb, nb, o, b + i,
                              cand)
                    : screen_row(s, row, g + i * k, gf ? gf + i * gs : NULL,
                                 mm ? mm + 2 * i : NULL, o, b + i, cand);
        }
        *screened += (uint64_t)mb * k;
    }
}

int TKM_FN(tkmi_screen_pair_box)(const TKM_FN(tkmi_cpu) *s, size_t i,
                                 size_t a, double *lo, double *hi)
{
    const TKM_FN(tkmi_sp) *sp = s->sp;
    const tkm_real *c = s->c + a * s->d;
    tkm_real g = 0;
    for (int64_t q = sp->ptr[i]; q < sp->ptr[i + 1]; q++)
        g += sp->v[q] * c[sp->col[q]];
    return TKM_FN(tkmi_screen_box_of)(s, i, a, g, lo, hi);
}

void TKM_FN(tkmi_screen_products)(const TKM_FN(tkmi_cpu) *s, size_t i,
                                  tkm_real *g)
{
    spmm(s, s->scr->ct, i, NULL, 1, g);
}

int TKM_FN(tkmi_screen_box_of)(const TKM_FN(tkmi_cpu) *s, size_t i, size_t a,
                               tkm_real g, double *lo, double *hi)
{
    const TKM_FN(tkmi_screen) *w = s->scr;
    const double nx = w->xnorm[i], g2 = 2.0 * (double)g;
    const double u = nx * (1.0 + w->kk) + w->eta + (w->hi[a] - g2);
    if (!(isfinite(g2) && isfinite(nx) && u < TOP_MAX))
        return 0;
    *hi = u;
    *lo = nx * (1.0 - w->kk) - w->eta + (w->lo[a] - g2);
    return 1;
}

double TKM_FN(tkmi_screen_pair_up)(const TKM_FN(tkmi_cpu) *s, size_t i,
                                   size_t a)
{
    double lo, hi;
    return TKM_FN(tkmi_screen_pair_box)(s, i, a, &lo, &hi) ? hi : INFINITY;
}

/* The smallest direct squared distance from centroid c to the others,
 * the pair taken lower index first, from c's products g with every
 * centroid: the nearest's test above with x = c_c, c itself left out.
 * Returns the direct distances taken. */
static uint64_t gap_row(const TKM_FN(tkmi_cpu) *s, size_t c,
                        const tkm_real *g, tkm_real *m2)
{
    const TKM_FN(tkmi_screen) *w = s->scr;
    const size_t k = s->k, d = s->d;
    const double *lo = w->lo;
    double thr;
    const int finite = row_test(s, k, w->nc[c], g, c, 0, &thr);
    uint64_t taken = 0;
    tkm_real best = (tkm_real)INFINITY;
    for (int pass = finite ? 0 : 1; pass < 2; pass++) {
        /* pass 0: the candidates; pass 1: every other centroid (numbers
         * beyond the proof's range) */
        for (size_t o = 0; o < k; o++) {
            if (o == c || (!pass && !(lo[o] - 2.0 * (double)g[o] <= thr)))
                continue;
            const size_t a = o < c ? o : c, b = o < c ? c : o;
            tkm_real v = s->kern->dist2(s->c + a * d, s->c + b * d, d);
            taken++;
            best = v < best ? v : best;
        }
        if (isfinite(best))
            break;
    }
    *m2 = best;
    return taken;
}

void TKM_FN(tkmi_screen_gaps)(const TKM_FN(tkmi_cpu) *s, size_t c0,
                              size_t m, tkm_real *m2, uint64_t *screened,
                              uint64_t *rechecked)
{
    const TKM_FN(tkmi_screen) *w = s->scr;
    const size_t d = s->d, k = s->k, rows = w->rows;
    size_t tid = 0;
#ifdef _OPENMP
    tid = (size_t)omp_get_thread_num();
#endif
    tkm_real *g = w->g + tid * rows * k;
    const tkm_real *cs = prod_cents(s); /* those whose norms nc holds */
    for (size_t b = 0; b < m; b += rows) {
        const size_t mb = m - b < rows ? m - b : rows;
        gemm(cs + (c0 + b) * d, mb, cs, k, d, g);
        for (size_t i = 0; i < mb; i++)
            *rechecked += gap_row(s, c0 + b + i, g + i * k, m2 + b + i);
        *screened += (uint64_t)mb * (k - 1);
    }
}

void TKM_FN(tkmi_screen_release)(TKM_FN(tkmi_cpu) *s)
{
    screen_free(s->scr);
    s->scr = NULL;
}
