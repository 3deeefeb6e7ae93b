/*
 * Exact screening of Lloyd's scan through a matrix product (OpenBLAS):
 * the squared distances of a block of points to every centroid as
 *
 *     s = |x|^2 - 2 x.c + |c|^2      (x.c by GEMM, the norms in double),
 *
 * with a bound E on how far s can lie from the distance the direct kernel
 * (kern.h) computes.  Only the centroids whose s - E is at most the
 * smallest s + E of the point can be its nearest; those few get the
 * direct distance, and the label is the direct kernel's own: the same
 * bits as the scan, whatever the screening let through.  Floor measured
 * against: the GEMM's peak on the core, where the direct scan is held to
 * two vector instructions per point, centroid and coordinate.
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
 * absolute error of underflowing products.  Let j* be the direct scan's
 * label (smallest D', lowest index on ties).  For every j,
 * s_j* - E_j* <= D'_j* <= D'_j <= s_j + E_j, so j* passes the test
 * s_j - E_j <= min_l (s_l + E_l); every other candidate has D' >= D'_j*
 * and, where equal, a higher index, so the candidates' argmin in the
 * scan's order is j*.  A row whose s or E is not finite (values whose
 * squares overflow) takes the direct scan.
 */
#include "real.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "solver.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#if TKM_HAVE_BLAS
#include <cblas.h>

#define SCREEN_BYTES ((size_t)32 << 20) /* the products of one block */

/* K of the bound above, for d coordinates in the run's precision (the
 * tests below are evaluated in a rearranged order; 8u and the factor
 * 1.25 cover those roundings, and those of K itself, with room). */
static double screen_k(size_t d)
{
    const double u = (double)TKM_EPS / 2.0, m = (double)d;
    const double gd = m * u / (1.0 - m * u);
    const double gd3 = (m + 3.0) * u / (1.0 - (m + 3.0) * u);
    return 1.25 * 2.0 * (gd + gd3 + 8.0 * u) / (1.0 - gd);
}

static void gemm(const tkm_real *x, size_t m, const tkm_real *c, size_t k,
                 size_t d, tkm_real *g)
{
#if TKM_PREC == 64
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)m, (int)k,
                (int)d, 1.0, x, (int)d, c, (int)d, 0.0, g, (int)k);
#else
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)m, (int)k,
                (int)d, 1.0f, x, (int)d, c, (int)d, 0.0f, g, (int)k);
#endif
}

static double norm2(const tkm_real *v, size_t d)
{
    double s = 0.0;
    for (size_t j = 0; j < d; j++)
        s += (double)v[j] * (double)v[j];
    return s;
}

/* One point's label from its products g (k) and norm nx; hi[j] =
 * |c_j|^2 (1 + K) and lo[j] = |c_j|^2 (1 - K).  With the bound above,
 *   s_j + E_j = nx (1 + K) + eta + (hi_j - 2 g_j),
 *   s_j - E_j = nx (1 - K) - eta + (lo_j - 2 g_j),
 * so a centroid is a candidate when lo_j - 2 g_j <= thr, thr = the
 * smallest upper value less nx (1 - K) - eta.  *rechecked counts the
 * direct distances taken. */
static int32_t screen_row(const TKM_FN(tkmi_cpu) *s, const tkm_real *xi,
                          const tkm_real *g, double nx, const double *hi,
                          const double *lo, double kk, double eta,
                          uint64_t *rechecked)
{
    const size_t k = s->k, d = s->d;
    double m = INFINITY;
    for (size_t j = 0; j < k; j++) {
        double v = hi[j] - 2.0 * (double)g[j];
        m = v < m ? v : m;
    }
    const double thr = (nx * (1.0 + kk) + eta + m) - (nx * (1.0 - kk) - eta);
    size_t cands = 0, only = 0;
    for (size_t j = 0; j < k; j++)
        if (lo[j] - 2.0 * (double)g[j] <= thr) {
            cands++;
            only = j;
        }
    if (cands == 1)
        return (int32_t)only;
    /* the candidates' direct distances in increasing index (every
     * centroid when nothing was finite): the scan's rule */
    int32_t lab = -1;
    tkm_real best = 0;
    for (size_t j = 0; j < k; j++) {
        if (cands && !(lo[j] - 2.0 * (double)g[j] <= thr))
            continue;
        tkm_real dj = s->kern->dist2(xi, s->c + j * d, d);
        (*rechecked)++;
        if (lab < 0 || dj < best) {
            best = dj;
            lab = (int32_t)j;
        }
    }
    return lab;
}

int TKM_FN(tkmi_screen_available)(void) { return 1; }

uint64_t TKM_FN(tkmi_screen_labels)(TKM_FN(tkmi_cpu) *s, uint64_t *changed,
                                    uint64_t *rechecked)
{
    const size_t n = s->n, d = s->d, k = s->k;
    size_t rows = SCREEN_BYTES / (k * sizeof(tkm_real));
    rows = rows < 64 ? 64 : rows > 16384 ? 16384 : rows;
    rows = rows > n ? n : rows;
    if (d > INT_MAX || k > INT_MAX)
        return UINT64_MAX; /* beyond the BLAS's int sizes: scan directly */
    tkm_real *g = tkmi_alloc(rows ? rows : 1, k, sizeof *g);
    double *hi = tkmi_alloc(2 * k, 1, sizeof *hi), *lo = hi + k;
    if (!s->xnorm && (s->xnorm = tkmi_alloc(n ? n : 1, 1,
                                            sizeof *s->xnorm))) {
        long long nn = (long long)n; /* the points' norms, once per run */
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static)
        for (long long i = 0; i < nn; i++)
            s->xnorm[i] = norm2(s->x + (size_t)i * d, d);
    }
    if (!g || !hi || !s->xnorm) {
        free(g);
        free(hi);
        return UINT64_MAX; /* the caller scans directly */
    }
    const double kk = screen_k(d);
#if TKM_PREC == 64
    const double eta = 4.0 * ((double)d + 3.0) * DBL_TRUE_MIN;
#else
    const double eta = 4.0 * ((double)d + 3.0) * (double)FLT_TRUE_MIN;
#endif
    for (size_t j = 0; j < k; j++) {
        double nc = norm2(s->c + j * d, d);
        hi[j] = nc * (1.0 + kk);
        lo[j] = nc * (1.0 - kk);
    }
    /* each thread multiplies its own rows of the block, the BLAS on one
     * thread (its own threads would spin against the team's); OpenBLAS's
     * count is given back afterwards */
    const int blas_threads = openblas_get_num_threads();
    openblas_set_num_threads(1);
    uint64_t ch = 0, re = 0;
    const int nt = s->threads;
    for (size_t lo_row = 0; lo_row < n; lo_row += rows) {
        const size_t m = n - lo_row < rows ? n - lo_row : rows;
#pragma omp parallel num_threads(nt) if (nt > 1) reduction(+ : ch, re)
        {
            int t = 0;
#ifdef _OPENMP
            t = omp_get_thread_num();
#endif
            const size_t a = lo_row + m * (size_t)t / (size_t)nt;
            const size_t b = lo_row + m * ((size_t)t + 1) / (size_t)nt;
            tkm_real *gt = g + (a - lo_row) * k;
            if (b > a)
                gemm(s->x + a * d, b - a, s->c, k, d, gt);
            for (size_t i = a; i < b; i++) {
                uint64_t r = 0;
                int32_t lab = screen_row(s, s->x + i * d, gt + (i - a) * k,
                                         s->xnorm[i], hi, lo, kk, eta, &r);
                re += r;
                if (lab != s->labels[i]) {
                    s->labels[i] = lab;
                    ch++;
                }
            }
        }
    }
    openblas_set_num_threads(blas_threads);
    free(g);
    free(hi);
    *changed = ch;
    *rechecked = re;
    return (uint64_t)n * k;
}

#else /* no BLAS in this build */

int TKM_FN(tkmi_screen_available)(void) { return 0; }

uint64_t TKM_FN(tkmi_screen_labels)(TKM_FN(tkmi_cpu) *s, uint64_t *changed,
                                    uint64_t *rechecked)
{
    (void)s;
    *changed = *rechecked = 0;
    return UINT64_MAX;
}

#endif
