/*
 * CPU distance kernels (precision dependent; include real.h first).
 *
 * Every CPU solver computes its point-centroid and centroid-centroid
 * distances here.  The kernels hold W lanes of one 64-byte vector (8 in
 * f64, 16 in f32) and exist once per instruction set (kern_generic.c,
 * kern_avx2.c, kern_avx512.c compile the same body, kern_body.h); the set
 * is chosen at run time (isa.c).  Every set computes the same bits.
 *
 * The order of a squared distance (fixed by this code, never by the
 * instruction set or the thread count): coordinate j goes to partial sum
 * p = j mod W; each partial adds its terms (x_j - c_j)^2 in increasing j,
 * each product and each sum rounded (no fused multiply-add); then the
 * non-empty partials are added in increasing p:
 *
 *     dist2 = (..((P_0 + P_1) + P_2) + ... ) + P_{min(d,W)-1},
 *     P_p   = (..((t_p^2 + t_{p+W}^2) + t_{p+2W}^2) + ...),  t_j = x_j - c_j.
 *
 * For d <= W this is the plain left-to-right sum.  Two layouts compute it:
 * a lane per centroid (the scan: one point against W centroids of a packed
 * block, the x_j broadcast) and a lane per coordinate (a single pair).
 * arith.h bounds its rounding error for the rounding-safe bounds.
 */
#ifndef TKM_KERN_H
#define TKM_KERN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "real.h"
#include "trikmeans.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Lanes of one kernel vector. */
#define TKMI_KW (64 / sizeof(tkm_real))
/* Lanes of one kernel vector of floats (the screening's float tests, in
 * both precisions). */
#define TKMI_KWF (64 / sizeof(float))
/* The scan takes a lane per point, W points against one centroid after
 * another, where k <= TKMI_FEW_K, d <= W and the list holds at least W
 * points (and not every distance is wanted): a lane per centroid would
 * leave most lanes idle and fold W lanes for each point; a shorter list
 * would leave lanes idle the other way.  Measured: docs/results/few-k.md. */
#ifndef TKMI_FEW_K
#define TKMI_FEW_K 32
#endif

/* Elkan's stored lower bounds on the CPU, float in both precisions: an
 * f64 run keeps each as a float times a power of two, rounded down
 * (elkan.c), so the n x k bounds cost half the memory and traffic.  An
 * f32 run's are its floats, unscaled. */
typedef float tkmi_lb;

/* Bound v >= 0 stored (sc a power of two, isc = 1 / sc), dir -1: the
 * largest float f with f sc <= v (a lower bound); dir +1: the smallest
 * with f sc >= v (a shrink).  Both products are exact where sc keeps the
 * floats' range inside the doubles' (elkan.c's lb_scale).  An f32 run
 * stores v itself. */
static inline tkmi_lb TKM_FN(tkmi_lb_of)(tkm_real v, tkm_real sc,
                                        tkm_real isc, int dir)
{
#if TKM_PREC == 64
    float f = (float)(v * isc);
    const double back = (double)f * sc;
    if (dir < 0 ? back > v : back < v) { /* the next float that way */
        uint32_t b;
        memcpy(&b, &f, sizeof b);
        b += (uint32_t)dir;
        memcpy(&f, &b, sizeof f);
    }
    return f;
#else
    (void)sc;
    (void)isc;
    (void)dir;
    return v;
#endif
}

/* Centroids packed for the scan: nb = ceil(k / W) blocks of d x W
 * values, block b holding centroids b W .. b W + W - 1, its rows in the
 * order of the partial sums (j = 0, W, 2W, .., 1, W + 1, ..), the lanes
 * past k set to NaN so that they never win a comparison. */
typedef struct TKM_FN(tkmi_kc) {
    tkm_real *pk;       /* nb * d * W packed (64-byte aligned)      */
    size_t k, d, nb;
} TKM_FN(tkmi_kc);

/* Allocate the packed copy for k x d centroids; TKM_ENOMEM or TKM_OK. */
tkm_status TKM_FN(tkmi_kc_init)(TKM_FN(tkmi_kc) *kc, size_t k, size_t d);
/* Pack centroids c (k x d, row-major; call after every move). */
void TKM_FN(tkmi_kc_pack)(TKM_FN(tkmi_kc) *kc, const tkm_real *c);
void TKM_FN(tkmi_kc_free)(TKM_FN(tkmi_kc) *kc);

/* Blocks b0 .. b1 - 1 of kc (b0 < b1 <= kc->nb) as packed centroids of
 * their own, without a copy: the view's centroid q is kc's b0 W + q, and
 * a scan of the view computes the same bits for it. */
static inline TKM_FN(tkmi_kc) TKM_FN(tkmi_kc_view)(const TKM_FN(tkmi_kc) *kc,
                                                   size_t b0, size_t b1)
{
    size_t end = b1 * TKMI_KW < kc->k ? b1 * TKMI_KW : kc->k;
    TKM_FN(tkmi_kc) v = {kc->pk + b0 * kc->d * TKMI_KW, end - b0 * TKMI_KW,
                         kc->d, b1 - b0};
    return v;
}

/* What one scan reports for point i of the list (NULL arrays are not
 * filled): the nearest centroid lab[i] (Lloyd's order: smaller squared
 * distance, then lower index) at squared distance b1[i]; the second
 * smallest squared distance b2[i] (the k - 1 others' minimum; +inf when
 * k == 1); with b2, a centroid at that second smallest squared distance
 * lab2[i] (the lowest index among the others at it; -1 when k == 1); all k
 * squared distances in all[i * astride ..] (then nothing else). */
typedef struct TKM_FN(tkmi_scan_out) {
    int32_t *lab;
    tkm_real *b1, *b2;
    int32_t *lab2;
    tkm_real *all;
    size_t astride;
    /* (the screened scan, labels alone: hint[i] a centroid likely
     * nearest, as the point's last label, or -1; screen.c takes the
     * candidates' threshold from it. NULL: none) */
    const int32_t *hint;
} TKM_FN(tkmi_scan_out);

/* One instruction set's kernels. */
typedef struct TKM_FN(tkmi_kern) {
    const char *isa;
    /* m points x + idx[i] * d (idx NULL: rows 0 .. m-1) against all k. */
    void (*scan)(const TKM_FN(tkmi_kc) *kc, const tkm_real *x,
                 const size_t *idx, size_t m,
                 const TKM_FN(tkmi_scan_out) *out);
    /* Squared distance of one pair of d-vectors. */
    tkm_real (*dist2)(const tkm_real *x, const tkm_real *c, size_t d);
    /* out[i] = dist2(xs[i], cs[i]) for m pairs, several at a time. */
    void (*dist2_pairs)(const tkm_real *const *xs,
                        const tkm_real *const *cs, size_t m, size_t d,
                        tkm_real *out);
    /* l[c] = tkmi_lb_shrink(l[c], t[c]) for c < k (arith.h), same
     * bits: the stored bounds moved, in float in either precision. */
    void (*shrink)(tkmi_lb *l, const tkmi_lb *t, size_t k);
    /* Hamerly's bound move of n points labelled lab[]: u[i] =
     * tkmi_bnd_grow(u[i], tu[lab[i]]), l[i] = tkmi_bnd_shrink(l[i],
     * tl[lab[i]]) (arith.h), same bits; the arrays do not overlap. */
    void (*move)(tkm_real *u, tkm_real *l, const int32_t *lab, size_t n,
                 const tkm_real *tu, const tkm_real *tl);
    /* Hamerly's global test of m points: the j < m where
     * tkmi_hamerly_pruned(u[j], sh[lab[j]], l[j]) (hamerly_arith.h) does
     * not hold, in increasing order into out (room for m); their number. */
    size_t (*pass)(const tkm_real *u, const tkm_real *l, const int32_t *lab,
                   const tkm_real *sh, size_t m, uint32_t *out);
    /* Yinyang's global filter: out[g] = tkmi_bnd_shrink(l[g], t[g]) for
     * g < n (arith.h), same bits; returns the smallest out[g] (+inf
     * where n is 0). */
    tkm_real (*shrink_min)(const tkm_real *l, const tkm_real *t, size_t n,
                           tkm_real *out);
    /* l[c] = tkmi_lb_of(tkmi_bnd_down(sqrt(sq[c]), dnf, ab), sc, 1 / sc, -1)
     * for c < k, same bits: squared distances made stored lower bounds
     * (sq is left as it was). */
    void (*down)(const tkm_real *sq, tkmi_lb *l, size_t k, tkm_real dnf,
                 tkm_real ab, tkm_real sc);
    /* The data's values as the run takes them: rows [0, m) x d of xd
     * (doubles; or of xf, floats, when xd is NULL), each v made
     * (tkm_real)v, written to out when it is not NULL; per column j,
     * amax[j] raised to the largest |v| and lowb[j] lowered to the
     * smallest lowest set bit of a non-zero v (a power of two; +inf
     * starts it).  Returns 1 when some |v| is not <= lim (NaN, infinite,
     * too large: the caller finds which), else 0. */
    int (*values)(const double *xd, const float *xf, size_t m, size_t d,
                  tkm_real lim, tkm_real *out, tkm_real *amax,
                  tkm_real *lowb);
    /* Elkan's candidates: the c in [c0, c1), c != a0, that
     * tkmi_elkan_pair_pruned(ub, l[c] sc, h[c]) keeps (the stored bound
     * times sc, a power of two, exact; an f32 run's sc is 1), in
     * increasing order into out (room for c1 - c0); returns their
     * number. */
    size_t (*survivors)(const tkmi_lb *l, tkm_real sc, const tkm_real *h,
                        tkm_real ub, size_t a0, size_t c0, size_t c1,
                        size_t *out);
    /* The screening's row test (screen.c): m[0] the smallest of
     * hi[j] - 2 (double)g[j] over j < k, each rounded as written, and
     * with two, m[1] the second smallest (equal values counted apart;
     * +inf where k < 2); returns 1 when every g[j] is finite, 0 when one
     * is not (or, in double, when their sum overflows: the caller then
     * scans the row directly, as it must for a g[j] beyond range).
     * These four read each array up to TKMI_KW - 1 values past its k-th
     * (the float arrays of the two float-lane ones: TKMI_KWF - 1; whole
     * vectors, the lanes past k left out): the caller's arrays have that
     * room. */
    int (*screen_min)(const double *hi, const tkm_real *g, size_t k,
                      int two, double *m);
    /* The screening's candidates: the j < k with lo[j] - 2 (double)g[j]
     * <= thr, in increasing order into out (room for k); their number. */
    size_t (*screen_pass)(const double *lo, const tkm_real *g, size_t k,
                          double thr, uint32_t *out);
    /* The same two in float lanes, each value hf[j] - (g[j] + g[j])
     * (lf[j] - ...) rounded in float (products in float: float runs, and
     * double runs that take them in float); screen.c bounds that
     * rounding. */
    int (*screen_min_f)(const float *hf, const float *g, size_t k, int two,
                        float *m);
    size_t (*screen_pass_f)(const float *lf, const float *g, size_t k,
                            float thr, uint32_t *out);
    /* The float products of m dense rows x + i d (floats, d >= 1) with
     * the k centroids of cp (float, packed in ceil(k / TKMI_KWF)
     * blocks of d x TKMI_KWF values, a lane per centroid, as kc packs
     * float runs' centroids; the lanes past k zero):
     * g[i gs + j] = x_0 c_j0 + x_1 c_j1 + ... in increasing coordinate,
     * each product and sum rounded, or each step one fused multiply-add
     * where the set has it (AVX-512: the products' bits differ between
     * sets, which the screening's bound allows); whole blocks are written
     * (gs >= their lanes).  With them, mm[2 i] and mm[2 i + 1] as
     * screen_min_f gives them from hfp (hf, +inf in the lanes past k)
     * and that row of g.  No finiteness test: screen.c takes these where
     * its bound on |g| keeps every value finite. */
    void (*screen_prod_f)(const float *x, size_t m, size_t d,
                          const float *cp, const float *hfp, size_t k,
                          size_t gs, int two, float *g, float *mm);
    /* The same products, each tested as made against its row's
     * threshold thr[i] as screen_pass_f tests them (lfp: lf in whole
     * blocks, +inf in the lanes past k): bit j % TKMI_KWF of
     * bits[i nb + j / TKMI_KWF] (nb = ceil(k / TKMI_KWF)) set when
     * lfp[j] - (g_j + g_j) <= thr[i] in float, g_j the product
     * screen_prod_f would write (a NaN thr[i]: no bit); the candidates of
     * a row whose threshold is known before its products (screen.c:
     * Lloyd's, from the point's last centroid). */
    void (*screen_sel_f)(const float *x, size_t m, size_t d,
                         const float *cp, const float *lfp, size_t k,
                         const float *thr, uint16_t *bits);
    /* The sparse products of one row (value v[q] at column col[q], q0 <=
     * q < q1) with the k centroids of ct (column-major: ct[c k + j],
     * readable W - 1 values past its end): g[j] = the sum of v[q]
     * ct[col[q] k + j] in increasing q, from 0, each product and sum
     * rounded. */
    void (*spmm_row)(const tkm_real *v, const int32_t *col, int64_t q0,
                     int64_t q1, const tkm_real *ct, size_t k, tkm_real *g);
} TKM_FN(tkmi_kern);

extern const TKM_FN(tkmi_kern) TKM_FN(tkmi_kern_generic);
#if defined(__x86_64__)
extern const TKM_FN(tkmi_kern) TKM_FN(tkmi_kern_avx2);
extern const TKM_FN(tkmi_kern) TKM_FN(tkmi_kern_avx512);
#endif

/* The kernels of the instruction set in use (isa.c decides which). */
const TKM_FN(tkmi_kern) *TKM_FN(tkmi_kern_get)(void);

/* The order above, one coordinate at a time: the reference the tests
 * hold every instruction set to. */
tkm_real TKM_FN(tkmi_kdist2_ref)(const tkm_real *x, const tkm_real *c,
                                 size_t d);

#ifdef __cplusplus
}
#endif

#endif /* TKM_KERN_H */
