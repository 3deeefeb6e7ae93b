/*
 * The body of the CPU distance kernels (kern.h), compiled once per
 * instruction set: kern_<isa>.c defines KERN_ISA and KERN_P, selects the
 * target, then includes this file.  Written with GCC's generic vectors of
 * 64 bytes, so that the lane count W and with it the order of every sum
 * is the same whatever the vector unit: AVX-512 holds one vector in one
 * register, AVX2 in two, SSE2 in four.  No fused multiply-add (the build
 * passes -ffp-contract=off): each product and each sum is rounded, as
 * the order in kern.h says; the one exception is the screening's float
 * products (screen_prod_f, screen_sel_f), whose bound holds for any
 * order, fused or not, and which no result depends on.
 *
 * Floor: the scan is compute bound.  Per (point, centroid, coordinate) it
 * issues a subtract, a multiply and an add, W lanes at a time; the vector
 * adders bound it at 1 such triple per lane per adder per cycle (on a
 * core with two vector adders of W lanes: 2W / 2 = W lane-triples per
 * cycle, as the subtract and the add both take an adder).  KERN_P points
 * share each centroid vector loaded, and their KERN_P chains hide the
 * adder's latency.
 */
#include <float.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "arith.h"
#include "hamerly_arith.h"
#include "kern.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#ifndef KERN_ISA
#error "define KERN_ISA before including kern_body.h"
#endif
#ifndef KERN_P
#error "define KERN_P (points per scan group) before including kern_body.h"
#endif
#ifndef KERN_VB
#error "define KERN_VB (bytes of the native vector) before including kern_body.h"
#endif

/* Vectors pass between static functions only: no ABI to keep. */
#pragma GCC diagnostic ignored "-Wpsabi"

#define KW TKMI_KW
#define KERN_STR_(a) #a
#define KERN_STR(a) KERN_STR_(a)
#define KERN_NAME TKM_FN(TKM_PASTE(tkmi_kern, KERN_ISA))

/* A kernel vector of W lanes is NV native vectors of KERN_VB bytes, each
 * handled explicitly (the compiler's own lowering of a 64-byte vector to a
 * narrower unit goes through memory). */
#define NV (64 / KERN_VB)
#define VL (KERN_VB / sizeof(tkm_real))
#define KI static inline __attribute__((always_inline))

typedef tkm_real vn __attribute__((vector_size(KERN_VB)));
typedef tkm_real vnu __attribute__((vector_size(KERN_VB),
                                    aligned(sizeof(tkm_real)), may_alias));
#if TKM_PREC == 32
typedef int32_t kl;
#else
typedef int64_t kl;
#endif
typedef kl vi __attribute__((vector_size(KERN_VB)));

typedef struct {
    vn h[NV];
} kv;
typedef struct {
    vi h[NV];
} ki;

#define LANE(v, l) ((v).h[(l) / VL][(l) % VL])
#define EACH(h) _Pragma("GCC unroll 8") for (int h = 0; h < NV; h++)

KI kv loadu(const tkm_real *p)
{
    kv v;
    EACH(h) v.h[h] = *(const vnu *)(p + h * VL);
    return v;
}

KI void storeu(tkm_real *p, kv v)
{
    EACH(h) *(vnu *)(p + h * VL) = v.h[h];
}

/* Lanes 0 .. r-1 from p, the rest +0: (0 - 0)^2 adds +0 to a partial sum
 * of squares, which changes no bit of it. */
KI kv load_tail(const tkm_real *p, size_t r)
{
    kv v;
    EACH(h) v.h[h] = (vn){0};
    for (size_t l = 0; l < r; l++)
        LANE(v, l) = p[l];
    return v;
}

KI kv splat(tkm_real a)
{
    kv v;
    EACH(h) v.h[h] = (vn){0} + a;
    return v;
}

/* (a - b)^2, each operation rounded. */
KI kv sqdiff(kv a, kv b)
{
    kv t;
    EACH(h)
    {
        t.h[h] = a.h[h] - b.h[h];
        t.h[h] *= t.h[h];
    }
    return t;
}

/* acc + (a - b)^2 in that order of operations. */
KI kv sqdiff_add(kv acc, kv a, kv b)
{
    EACH(h)
    {
        vn t = a.h[h] - b.h[h];
        acc.h[h] += t * t;
    }
    return acc;
}

/* The same with a broadcast scalar a. */
KI kv sqdiff1(tkm_real a, const kv *b)
{
    kv t;
    EACH(h)
    {
        t.h[h] = a - b->h[h];
        t.h[h] *= t.h[h];
    }
    return t;
}

KI kv sqdiff1_add(kv acc, tkm_real a, const kv *b)
{
    EACH(h)
    {
        vn t = a - b->h[h];
        acc.h[h] += t * t;
    }
    return acc;
}

KI kv add(kv a, kv b)
{
    EACH(h) a.h[h] += b.h[h];
    return a;
}

KI ki less(kv a, kv b)
{
    ki m;
    EACH(h) m.h[h] = a.h[h] < b.h[h];
    return m;
}

/* m ? a : b, lane by lane, for native vectors a and b of one type and m
 * their lanes' masks (all ones or all zeros) of integer vector type I. */
#define BLEND(I, m, a, b) ((__typeof__(a))(((m) & (I)(a)) | (~(m) & (I)(b))))

/* Integer vectors of 32- and 64-bit lanes (a compare's result on float
 * or on double lanes: the same types as the kernels' below). */
typedef int32_t kb32 __attribute__((vector_size(KERN_VB)));
typedef int64_t kb64 __attribute__((vector_size(KERN_VB)));

/* The lanes of a compare's result (all ones or zero) as the low bits of
 * an integer, lane 0 the lowest: one instruction of the set, a loop
 * elsewhere. */
KI uint32_t lane_bits32(kb32 m)
{
#if defined(__x86_64__) && KERN_VB == 64
    return (uint32_t)_mm512_cmpneq_epi32_mask((__m512i)m,
                                              _mm512_setzero_si512());
#elif defined(__x86_64__) && KERN_VB == 32
    return (uint32_t)_mm256_movemask_ps((__m256)m);
#elif defined(__x86_64__) && KERN_VB == 16
    return (uint32_t)_mm_movemask_ps((__m128)m);
#else
    uint32_t b = 0;
    for (int q = 0; q < KERN_VB / 4; q++)
        b |= (uint32_t)(m[q] & 1) << q;
    return b;
#endif
}

KI uint32_t lane_bits64(kb64 m)
{
#if defined(__x86_64__) && KERN_VB == 64
    return (uint32_t)_mm512_cmpneq_epi64_mask((__m512i)m,
                                              _mm512_setzero_si512());
#elif defined(__x86_64__) && KERN_VB == 32
    return (uint32_t)_mm256_movemask_pd((__m256d)m);
#elif defined(__x86_64__) && KERN_VB == 16
    return (uint32_t)_mm_movemask_pd((__m128d)m);
#else
    uint32_t b = 0;
    for (int q = 0; q < KERN_VB / 8; q++)
        b |= (uint32_t)(m[q] & 1) << q;
    return b;
#endif
}

/* lane_bits of the run's precision (vi's lanes). */
#if TKM_PREC == 32
#define LANE_BITS lane_bits32
#else
#define LANE_BITS lane_bits64
#endif

/* The bits' positions, lowest first, plus base, into out[ns...]; returns
 * the new count (a row's candidates, failing points: few bits, a step
 * each). */
KI size_t bits_out(uint64_t bits, size_t base, uint32_t *out, size_t ns)
{
    for (; bits; bits &= bits - 1)
        out[ns++] = (uint32_t)(base + (size_t)__builtin_ctzll(bits));
    return ns;
}

/* Whether any bit of the native vector at v (KERN_VB bytes) is set. */
KI int any_set(const void *v)
{
    uint64_t w[KERN_VB / 8], or = 0;
    memcpy(w, v, sizeof w);
    for (size_t q = 0; q < KERN_VB / 8; q++)
        or |= w[q];
    return or != 0;
}

/* m ? a : b, lane by lane. */
KI kv sel(ki m, kv a, kv b)
{
    kv r;
    EACH(h) r.h[h] = BLEND(vi, m.h[h], a.h[h], b.h[h]);
    return r;
}

KI ki seli(ki m, ki a, ki b)
{
    ki r;
    EACH(h) r.h[h] = BLEND(vi, m.h[h], a.h[h], b.h[h]);
    return r;
}

/* The partials of one lane-per-coordinate vector added in lane order. */
KI tkm_real fold(kv acc)
{
    tkm_real s = LANE(acc, 0);
    for (size_t l = 1; l < KW; l++)
        s += LANE(acc, l);
    return s;
}

/* d <= W: every partial holds one term, the sum runs left to right. */
KI tkm_real dist2_short(const tkm_real *x, const tkm_real *c, size_t d)
{
    tkm_real t = x[0] - c[0], s = t * t;
    for (size_t j = 1; j < d; j++) {
        t = x[j] - c[j];
        s += t * t;
    }
    return s;
}

/* A lane per coordinate: lane p accumulates partial P_p. */
static tkm_real kdist2(const tkm_real *x, const tkm_real *c, size_t d)
{
    if (d <= KW)
        return dist2_short(x, c, d);
    kv acc = sqdiff(loadu(x), loadu(c));
    size_t j = KW;
    for (; j + KW <= d; j += KW)
        acc = sqdiff_add(acc, loadu(x + j), loadu(c + j));
    if (j < d)
        acc = sqdiff_add(acc, load_tail(x + j, d - j),
                         load_tail(c + j, d - j));
    return fold(acc);
}

/* Four pairs at a time: four independent chains keep the adders busy
 * where one pair alone would wait on each add's latency. */
static void kdist2_pairs(const tkm_real *const *xs, const tkm_real *const *cs,
                         size_t m, size_t d, tkm_real *out)
{
    size_t i = 0;
    if (d > KW)
        for (; i + 4 <= m; i += 4) {
            kv acc[4];
#pragma GCC unroll 4
            for (int q = 0; q < 4; q++)
                acc[q] = sqdiff(loadu(xs[i + q]), loadu(cs[i + q]));
            size_t j = KW;
            for (; j + KW <= d; j += KW) {
#pragma GCC unroll 4
                for (int q = 0; q < 4; q++)
                    acc[q] = sqdiff_add(acc[q], loadu(xs[i + q] + j),
                                        loadu(cs[i + q] + j));
            }
            if (j < d)
                for (int q = 0; q < 4; q++)
                    acc[q] = sqdiff_add(acc[q],
                                        load_tail(xs[i + q] + j, d - j),
                                        load_tail(cs[i + q] + j, d - j));
            for (int q = 0; q < 4; q++)
                out[i + q] = fold(acc[q]);
        }
    for (; i < m; i++)
        out[i] = kdist2(xs[i], cs[i], d);
}

/* A lane per centroid: the squared distances of KERN_P points xr[] to the
 * W centroids of one packed block cb, in the order of kern.h. */
/* Partial P_p of KERN_P points, its first centroid row at *cq (advanced
 * past its rows). */
KI void block_partial(const tkm_real *const *xr, const kv **cq, size_t p,
                      size_t d, kv *acc)
{
    kv cv = *(*cq)++;
#pragma GCC unroll 8
    for (int i = 0; i < KERN_P; i++)
        acc[i] = sqdiff1(xr[i][p], &cv);
    for (size_t j = p + KW; j < d; j += KW) {
        cv = *(*cq)++;
#pragma GCC unroll 8
        for (int i = 0; i < KERN_P; i++)
            acc[i] = sqdiff1_add(acc[i], xr[i][j], &cv);
    }
}

KI void block_dist2(const tkm_real *const *xr, const tkm_real *cb, size_t d,
                    kv *tot)
{
    size_t pw = d < KW ? d : KW;
    const kv *cq = (const kv *)cb;
    block_partial(xr, &cq, 0, d, tot);
    for (size_t p = 1; p < pw; p++) {
        kv acc[KERN_P];
        block_partial(xr, &cq, p, d, acc);
#pragma GCC unroll 8
        for (int i = 0; i < KERN_P; i++)
            tot[i] = add(tot[i], acc[i]);
    }
}

/* Store the lanes of block b that hold centroids (all of them but in the
 * last block when W does not divide k). */
KI void store_block(tkm_real *row, size_t b, size_t k, kv v)
{
    size_t lo = b * KW, r = k - lo < KW ? k - lo : KW;
    if (r == KW) {
        storeu(row + lo, v);
    } else {
        for (size_t l = 0; l < r; l++)
            row[lo + l] = LANE(v, l);
    }
}

#if !defined(__clang__) /* GCC's __builtin_shuffle; clang takes the loop */
/* Whether (a, ia) is lexicographically below (b, ib), lane by lane: the
 * smaller value, then the lower index. */
KI vi lex_less(vn a, vi ia, vn b, vi ib)
{
    return (a < b) | ((a == b) & (ia < ib));
}

/* (v, x) = the lexicographically smaller of (v, x) and (o, y), lane by
 * lane. */
KI void lex_min(vn *v, vi *x, vn o, vi y)
{
    const vi take = lex_less(o, y, *v, *x);
    *v = BLEND(vi, take, o, *v);
    *x = BLEND(vi, take, y, *x);
}

/* The lane finish() takes when only the nearest is wanted, found by
 * halving: the lanes' lexicographic minimum, which is the lane its loop
 * finds (the indices differ, so one lane is least). */
KI void nearest_lane(const kv *best, const ki *bi, tkm_real *bv, kl *bx)
{
    vn v = best->h[0];
    vi x = bi->h[0];
    for (int h = 1; h < NV; h++)
        lex_min(&v, &x, best->h[h], bi->h[h]);
    for (int w = (int)VL / 2; w >= 1; w /= 2) {
        vi m = {0};
        for (int l = 0; l < (int)VL; l++)
            m[l] = (kl)(l ^ w);
        lex_min(&v, &x, __builtin_shuffle(v, m), __builtin_shuffle(x, m));
    }
    *bv = v[0];
    *bx = x[0];
}

/* (v, x, s) merged with (o, y, t), where v <= s and o <= t: lex_min's
 * (v, x), and in s the second smallest of the values v, s, o, t, which is
 * the smaller of max(v, o), s and t (compares and selects: no rounding). */
KI void lex_min2(vn *v, vi *x, vn *s, vn o, vi y, vn t)
{
    const vn hi = BLEND(vi, o < *v, *v, o);
    const vn lo = BLEND(vi, t < *s, t, *s);
    *s = BLEND(vi, lo < hi, lo, hi);
    lex_min(v, x, o, y);
}

/* lex_min2 with the second's index too: (s, sx) becomes the
 * lexicographically smallest of (s, sx), (t, tx) and the best of the two
 * that lex_min does not keep, that is the second smallest value with the
 * lowest index at that value. */
KI void lex_min2i(vn *v, vi *x, vn *s, vi *sx, vn o, vi y, vn t, vi tx)
{
    const vi take = lex_less(o, y, *v, *x);
    const vn hv = BLEND(vi, take, *v, o);
    const vi hx = BLEND(vi, take, *x, y);
    const vi tt = lex_less(t, tx, *s, *sx);
    const vn lv = BLEND(vi, tt, t, *s);
    const vi lx = BLEND(vi, tt, tx, *sx);
    const vi th = lex_less(hv, hx, lv, lx);
    *s = BLEND(vi, th, hv, lv);
    *sx = BLEND(vi, th, hx, lx);
    *v = BLEND(vi, take, o, *v);
    *x = BLEND(vi, take, y, *x);
}

/* nearest_lane with the second smallest value over the lanes' best and
 * second best, which is finish()'s loop's value: the least of all the
 * lanes' values but one instance of the smallest; with sx, also the
 * lowest index at that value (finish's i2; -1 at +inf, where finish takes
 * none). */
KI void nearest_two_lane(const kv *best, const ki *bi, const kv *sec,
                         const ki *si, tkm_real *bv, kl *bx, tkm_real *sv,
                         kl *sx)
{
    vn v = best->h[0], s = sec->h[0];
    vi x = bi->h[0], y = si->h[0];
    for (int h = 1; h < NV; h++) {
        if (sx)
            lex_min2i(&v, &x, &s, &y, best->h[h], bi->h[h], sec->h[h],
                      si->h[h]);
        else
            lex_min2(&v, &x, &s, best->h[h], bi->h[h], sec->h[h]);
    }
    for (int w = (int)VL / 2; w >= 1; w /= 2) {
        vi m = {0};
        for (int l = 0; l < (int)VL; l++)
            m[l] = (kl)(l ^ w);
        if (sx)
            lex_min2i(&v, &x, &s, &y, __builtin_shuffle(v, m),
                      __builtin_shuffle(x, m), __builtin_shuffle(s, m),
                      __builtin_shuffle(y, m));
        else
            lex_min2(&v, &x, &s, __builtin_shuffle(v, m),
                     __builtin_shuffle(x, m), __builtin_shuffle(s, m));
    }
    *bv = v[0];
    *bx = x[0];
    *sv = s[0];
    if (sx)
        *sx = s[0] < (tkm_real)INFINITY ? y[0] : -1;
}
#endif

/* Lloyd's nearest over the W lanes (smaller value, then lower index), and
 * the second smallest value when s2 != NULL, with the index of a centroid
 * at that value (the lowest of the lanes' candidates) when i2 != NULL.
 * GCC builds halve the lanes in vectors (nearest_lane, nearest_two_lane:
 * the values and indices of the loop below, which clang builds run; the
 * loop over W lanes took most of the scan's time at small d). */
KI void finish(const kv *best, const ki *bi, const kv *sec, const ki *si,
               int32_t *lab, tkm_real *b1, tkm_real *s2, int32_t *i2)
{
#if !defined(__clang__)
    tkm_real bv;
    kl bx, sx;
    if (s2)
        nearest_two_lane(best, bi, sec, si, &bv, &bx, s2, i2 ? &sx : NULL);
    else
        nearest_lane(best, bi, &bv, &bx);
    if (lab)
        *lab = (int32_t)bx;
    if (b1)
        *b1 = bv;
    if (i2)
        *i2 = (int32_t)sx;
    return;
#endif
    size_t bl = 0;
    for (size_t l = 1; l < KW; l++)
        if (LANE(*best, l) < LANE(*best, bl) ||
            (LANE(*best, l) == LANE(*best, bl) &&
             LANE(*bi, l) < LANE(*bi, bl)))
            bl = l;
    if (lab)
        *lab = (int32_t)LANE(*bi, bl);
    if (b1)
        *b1 = LANE(*best, bl);
    if (s2) {
        tkm_real s = (tkm_real)INFINITY;
        int32_t si_ = -1;
        for (size_t l = 0; l < KW; l++) {
            if (LANE(*sec, l) < s ||
                (i2 && LANE(*sec, l) == s && s < (tkm_real)INFINITY &&
                 (int32_t)LANE(*si, l) < si_)) {
                s = LANE(*sec, l);
                si_ = i2 ? (int32_t)LANE(*si, l) : -1;
            }
            if (l != bl &&
                (LANE(*best, l) < s ||
                 (i2 && LANE(*best, l) == s && s < (tkm_real)INFINITY &&
                  (int32_t)LANE(*bi, l) < si_))) {
                s = LANE(*best, l);
                si_ = i2 ? (int32_t)LANE(*bi, l) : -1;
            }
        }
        *s2 = s;
        if (i2)
            *i2 = si_;
    }
}

/* The scan, specialised by the constant flags two (second smallest; 2:
 * with its index) and all (every distance stored) where it is inlined
 * below. */
KI void scan_impl(const TKM_FN(tkmi_kc) *kc, const tkm_real *x,
                  const size_t *idx, size_t m,
                  const TKM_FN(tkmi_scan_out) *o, int two, int all)
{
    size_t d = kc->d, k = kc->k, nb = kc->nb;
    ki iota;
    for (size_t l = 0; l < KW; l++)
        LANE(iota, l) = (kl)l;
    const kv inf = splat((tkm_real)INFINITY);
    for (size_t i0 = 0; i0 < m; i0 += KERN_P) {
        size_t np = m - i0 < KERN_P ? m - i0 : KERN_P;
        const tkm_real *xr[KERN_P];
        kv best[KERN_P], sec[KERN_P];
        ki bi[KERN_P], si[KERN_P];
        for (int i = 0; i < KERN_P; i++) {
            size_t ii = i0 + ((size_t)i < np ? (size_t)i : np - 1);
            xr[i] = x + (idx ? idx[ii] : ii) * d;
            best[i] = sec[i] = inf;
            bi[i] = si[i] = iota;
        }
        ki ci = iota;
        for (size_t b = 0; b < nb; b++) {
            kv tot[KERN_P];
            block_dist2(xr, kc->pk + b * d * KW, d, tot);
#pragma GCC unroll 8
            for (int i = 0; i < KERN_P; i++) {
                ki lt = less(tot[i], best[i]);
                if (two == 2) {
                    ki ls = less(tot[i], sec[i]);
                    si[i] = seli(lt, bi[i], seli(ls, ci, si[i]));
                    sec[i] = sel(lt, best[i], sel(ls, tot[i], sec[i]));
                } else if (two) {
                    sec[i] = sel(lt, best[i],
                                 sel(less(tot[i], sec[i]), tot[i], sec[i]));
                }
                best[i] = sel(lt, tot[i], best[i]);
                bi[i] = seli(lt, ci, bi[i]);
            }
            if (all)
                for (size_t i = 0; i < np; i++)
                    store_block(o->all + (i0 + i) * o->astride, b, k,
                                tot[i]);
            EACH(h) ci.h[h] += (kl)KW;
        }
        for (size_t i = 0; i < np; i++)
            finish(&best[i], &bi[i], &sec[i], &si[i],
                   o->lab ? o->lab + i0 + i : NULL,
                   o->b1 ? o->b1 + i0 + i : NULL,
                   two ? o->b2 + i0 + i : NULL,
                   two == 2 ? o->lab2 + i0 + i : NULL);
    }
}

/* Hamerly's bound move (kern.h's move), a native vector of points at a
 * time: arith.h's tkmi_bnd_grow and tkmi_bnd_shrink written as selects
 * (each lane the rule's operations, rounded as there), the tail by the
 * rules themselves. */
static void kmove(tkm_real *restrict u, tkm_real *restrict l,
                  const int32_t *restrict lab, size_t n,
                  const tkm_real *restrict tu, const tkm_real *restrict tl)
{
    const vn up = (vn){0} + ((tkm_real)1 + 2 * TKM_EPS);
    const vn dn = (vn){0} + ((tkm_real)1 - 2 * TKM_EPS);
    const vn zero = {0};
    size_t i = 0;
    for (; i + VL <= n; i += VL) {
        vn a = zero, b = zero; /* (gcc 13: else maybe-uninitialized) */
        for (size_t q = 0; q < VL; q++) {
            a[q] = tu[lab[i + q]];
            b[q] = tl[lab[i + q]];
        }
        const vn uu = *(const vnu *)(u + i), ll = *(const vnu *)(l + i);
        *(vnu *)(u + i) = BLEND(vi, a > zero, (uu + a) * up, uu);
        const vn v = (ll - b) * dn;
        *(vnu *)(l + i) = BLEND(vi, b > zero, BLEND(vi, v > zero, v, zero), ll);
    }
    for (; i < n; i++) {
        u[i] = TKM_FN(tkmi_bnd_grow)(u[i], tu[lab[i]]);
        l[i] = TKM_FN(tkmi_bnd_shrink)(l[i], tl[lab[i]]);
    }
}

/* Hamerly's global test (kern.h's pass), a native vector of points at a
 * time: the lanes where tkmi_hamerly_pruned's u < max(s, l) fails, listed
 * in order; a vector where it holds in every lane costs its compares
 * alone. */
static size_t kpass(const tkm_real *u, const tkm_real *l, const int32_t *lab,
                    const tkm_real *sh, size_t m, uint32_t *out)
{
    size_t nf = 0, j = 0;
    for (; j + VL <= m; j += VL) {
        vn sa = {0}; /* (gcc 13: else maybe-uninitialized) */
        for (size_t q = 0; q < VL; q++)
            sa[q] = sh[lab[j + q]];
        const vn uu = *(const vnu *)(u + j), ll = *(const vnu *)(l + j);
        const vi fail = ~(uu < BLEND(vi, sa > ll, sa, ll));
        nf = bits_out(LANE_BITS(fail), j, out, nf);
    }
    for (; j < m; j++)
        if (!TKM_FN(tkmi_hamerly_pruned)(u[j], sh[lab[j]], l[j]))
            out[nf++] = (uint32_t)j;
    return nf;
}

/* l[c] = tkmi_lb_shrink(l[c], t[c]) for c < k on the stored
 * bounds (floats in either precision), a native vector of floats at a
 * time: where t > 0, (l - t) (1 - 2 eps) kept >= 0, else l unchanged. */
typedef float vfl __attribute__((vector_size(KERN_VB)));
typedef float vflu __attribute__((vector_size(KERN_VB), aligned(4),
                                  may_alias));
typedef int32_t vfli __attribute__((vector_size(KERN_VB)));
#define VF (KERN_VB / sizeof(float))
/* Half a native vector of floats: as many lanes as a native vector of
 * doubles (f64 runs' stored bounds; f32 runs' products in double). */
typedef float vfh __attribute__((vector_size(KERN_VB / 2)));
typedef float vfhu __attribute__((vector_size(KERN_VB / 2), aligned(4),
                                  may_alias));
typedef int32_t vfhi __attribute__((vector_size(KERN_VB / 2)));

static void kshrink(tkmi_lb *l, const tkmi_lb *t, size_t k)
{
    const vfl f = (vfl){0} + (1.0f - 2 * FLT_EPSILON), zero = {0};
    size_t c = 0;
    for (; c + VF <= k; c += VF) {
        vfl lv = *(const vflu *)(l + c), tv = *(const vflu *)(t + c);
        vfl v = (lv - tv) * f;
        v = BLEND(vfli, zero < v, v, zero);
        *(vflu *)(l + c) = BLEND(vfli, zero < tv, v, lv);
    }
    for (; c < k; c++)
        l[c] = tkmi_lb_shrink(l[c], t[c]);
}

/* out[g] = tkmi_bnd_shrink(l[g], t[g]) for g < n, W lanes at a time:
 * where t > 0, (l - t) (1 - 2 eps) kept >= 0, else l; returns the
 * smallest (a minimum, in any order the same value). */
static tkm_real kshrink_min(const tkm_real *l, const tkm_real *t, size_t n,
                            tkm_real *out)
{
    const kv f = splat((tkm_real)1 - 2 * TKM_EPS), zero = splat(0);
    kv mn = splat((tkm_real)INFINITY);
    size_t c = 0;
    for (; c + KW <= n; c += KW) {
        kv lv = loadu(l + c), tv = loadu(t + c), v;
        EACH(h) v.h[h] = (lv.h[h] - tv.h[h]) * f.h[h];
        v = sel(less(zero, v), v, zero);
        v = sel(less(zero, tv), v, lv);
        storeu(out + c, v);
        mn = sel(less(v, mn), v, mn);
    }
    tkm_real m = (tkm_real)INFINITY;
    for (size_t q = 0; q < KW; q++)
        m = LANE(mn, q) < m ? LANE(mn, q) : m;
    for (; c < n; c++) {
        out[c] = TKM_FN(tkmi_bnd_shrink)(l[c], t[c]);
        m = out[c] < m ? out[c] : m;
    }
    return m;
}

/* l[c] = tkmi_lb_of(tkmi_bnd_down(sqrt(sq[c]), dnf, ab), sc, 1 / sc, -1)
 * for c < k, W lanes at a time: squared distances made stored lower
 * bounds.  In an f64 run each lane's float is rounded down as
 * tkmi_lb_of does: where the float times sc is above the bound, one
 * less in its bits (the mask of -1s added). */
static void kdown(const tkm_real *sq, tkmi_lb *l, size_t k, tkm_real dnf,
                  tkm_real ab, tkm_real sc)
{
    const kv f = splat(dnf), b = splat(ab), zero = splat(0);
    const tkm_real isc = 1 / sc;
#if TKM_PREC == 64
    const kv s = splat(sc), is = splat(isc);
#endif
    size_t c = 0;
    for (; c + KW <= k; c += KW) {
        kv v = loadu(sq + c);
        EACH(h)
        {
            for (size_t q = 0; q < VL; q++)
                v.h[h][q] = TKM_SQRT(v.h[h][q]);
            v.h[h] = v.h[h] * f.h[h] - b.h[h];
        }
        v = sel(less(zero, v), v, zero);
#if TKM_PREC == 64
        EACH(h)
        {
            vfh fl = __builtin_convertvector(v.h[h] * is.h[h], vfh);
            vi up = __builtin_convertvector(fl, vn) * s.h[h] > v.h[h];
            fl = (vfh)((vfhi)fl + __builtin_convertvector(up, vfhi));
            *(vfhu *)(l + c + h * VL) = fl;
        }
#else
        (void)isc;
        storeu(l + c, v);
#endif
    }
    for (; c < k; c++)
        l[c] = TKM_FN(tkmi_lb_of)(
            TKM_FN(tkmi_bnd_down)(TKM_SQRT(sq[c]), dnf, ab), sc, isc, -1);
}

#if TKM_PREC == 32
#define KERN_MANT ((kl)0x7fffff)
#else
#define KERN_MANT ((kl)0xfffffffffffff)
#endif

/* The lowest set bit of a >= 0 as a value (a power of two; +inf for 0):
 * a less a with that bit cleared (an exact difference), or a itself when
 * its mantissa field is 0 (the implicit bit is the only one). */
static tkm_real lowbit1(tkm_real a)
{
    kl b, c;
    memcpy(&b, &a, sizeof b);
    if (b == 0)
        return (tkm_real)INFINITY;
    if (!(b & KERN_MANT))
        return a;
    c = b & (b - 1);
    tkm_real r;
    memcpy(&r, &c, sizeof r);
    return a - r;
}

KI kv lowbit(kv a)
{
    const vn inf = (vn){0} + (tkm_real)INFINITY;
    kv r;
    EACH(h)
    {
        const vi b = (vi)a.h[h], zm = (b & KERN_MANT) == 0, z = b == 0;
        const vn dif = a.h[h] - (vn)(b & (b - 1));
        const vi lb = (zm & b) | (~zm & (vi)dif);
        r.h[h] = (vn)((z & (vi)inf) | (~z & lb));
    }
    return r;
}

KI kv kabs(kv v)
{
    const vi mag = (vi){0} + (kl)(((uint64_t)1 << (8 * sizeof(kl) - 1)) - 1);
    EACH(h) v.h[h] = (vn)((vi)v.h[h] & mag);
    return v;
}

/* kvalues for doubles (dbl) or floats. */
KI int values_impl(const double *xd, const float *xf, size_t m, size_t d,
                   tkm_real lim, tkm_real *out, tkm_real *amax,
                   tkm_real *lowb, const int dbl)
{
    const kv L = splat(lim);
    vi bad = {0};
    for (size_t r = 0; r < m; r++) {
        const size_t o = r * d;
        size_t j = 0;
        for (; j + KW <= d; j += KW) {
            kv v;
            EACH(h)
            for (size_t q = 0; q < VL; q++)
                v.h[h][q] = dbl ? (tkm_real)xd[o + j + h * VL + q]
                                : (tkm_real)xf[o + j + h * VL + q];
            if (out)
                storeu(out + o + j, v);
            const kv a = kabs(v), mx = loadu(amax + j);
            const kv lb = lowbit(a), mn = loadu(lowb + j);
            EACH(h) bad |= ~(a.h[h] <= L.h[h]);
            storeu(amax + j, sel(less(mx, a), a, mx));
            storeu(lowb + j, sel(less(lb, mn), lb, mn));
        }
        for (; j < d; j++) {
            const tkm_real v = dbl ? (tkm_real)xd[o + j] : (tkm_real)xf[o + j];
            const tkm_real a = (tkm_real)fabs((double)v), lb = lowbit1(a);
            if (out)
                out[o + j] = v;
            bad[0] |= !(a <= lim);
            if (amax[j] < a)
                amax[j] = a;
            if (lb < lowb[j])
                lowb[j] = lb;
        }
    }
    kl any = 0;
    for (size_t q = 0; q < VL; q++)
        any |= bad[q];
    return any != 0;
}

/* Contract in kern.h. */
static int kvalues(const double *xd, const float *xf, size_t m, size_t d,
                   tkm_real lim, tkm_real *out, tkm_real *amax,
                   tkm_real *lowb)
{
    return xd ? values_impl(xd, NULL, m, d, lim, out, amax, lowb, 1)
              : values_impl(NULL, xf, m, d, lim, out, amax, lowb, 0);
}

/* Elkan's candidates in [c0, c1): the c != a0 that the per-centroid test
 * keeps, !(ub < l[c] || ub < h[c]), in increasing order into out; returns
 * how many.  A block of W tests is skipped in one branch when none
 * survives, the common case once the bounds are tight. */
static size_t ksurvivors(const tkmi_lb *l, tkm_real sc, const tkm_real *h,
                         tkm_real ub, size_t a0, size_t c0, size_t c1,
                         size_t *out)
{
    const kv u = splat(ub);
#if TKM_PREC == 64
    /* the stored floats made doubles and scaled, exactly */
    const kv s = splat(sc);
#else
    (void)sc; /* an f32 run's bounds are unscaled */
#endif
    size_t ns = 0, c = c0;
    for (; c + KW <= c1; c += KW) {
        kv lv, hv = loadu(h + c);
#if TKM_PREC == 64
        EACH(h) lv.h[h] = __builtin_convertvector(
                              *(const vfhu *)(l + c + h * VL), vn) *
                          s.h[h];
#else
        lv = loadu(l + c);
#endif
        ki m;
        EACH(h) m.h[h] = (lv.h[h] <= u.h[h]) & (hv.h[h] <= u.h[h]);
        vi any = m.h[0];
        EACH(h) any |= m.h[h];
        if (!any_set(&any))
            continue;
        for (size_t q = 0; q < KW; q++) {
            out[ns] = c + q;
            ns += (size_t)(LANE(m, q) & 1);
        }
    }
    for (; c < c1; c++) {
        out[ns] = c;
        ns += !(ub < (tkm_real)l[c] * sc || ub < h[c]);
    }
    for (size_t q = 0; q < ns; q++) /* a0 is never a candidate */
        if (out[q] == a0) {
            memmove(out + q, out + q + 1, (ns - q - 1) * sizeof *out);
            ns--;
            break;
        }
    return ns;
}

/* ---- the screening's row test (screen.c), in double ---------------------- */

#define DL (KERN_VB / 8) /* doubles in a native vector */
#define NA 4             /* native vectors a step: independent chains */
#define EACH_A(a) _Pragma("GCC unroll 4") for (int a = 0; a < NA; a++)
typedef double vdn __attribute__((vector_size(KERN_VB)));
typedef double vdnu __attribute__((vector_size(KERN_VB), aligned(8),
                                   may_alias));
typedef int64_t vdi __attribute__((vector_size(KERN_VB)));

/* 2 g[j .. j + DL) in double (exact). */
KI vdn twice_g(const tkm_real *g)
{
#if TKM_PREC == 32
    vdn v = __builtin_convertvector(*(const vfhu *)g, vdn);
#else
    vdn v = *(const vdnu *)g;
#endif
    return v + v;
}

/* v into the two smallest so far (s[0] <= s[1]); a NaN changes nothing. */
KI void two_smallest(double *s, double v)
{
    if (v < s[0]) {
        s[1] = s[0];
        s[0] = v;
    } else if (v < s[1])
        s[1] = v;
}

KI vdn vmin2(vdn a, vdn b) { return BLEND(vdi, a < b, a, b); }
KI vdn vmax2(vdn a, vdn b) { return BLEND(vdi, a < b, b, a); }

/* Lanes q < r all ones, the others zero (r <= 0: none). */
KI vdi lanes_below_d(ptrdiff_t r)
{
    vdi m = (vdi){0};
    for (int q = 0; q < DL; q++)
        m[q] = q < r ? -1 : 0;
    return m;
}

/* One vector's values v (its lanes in, the others left out) into the
 * chain's smallest m1 and (two) second smallest m2. */
#define MIN_STEP(I, v, m1, m2, two)                                          \
    do {                                                                     \
        const I lt1_ = (v) < (m1);                                           \
        if (two) {                                                           \
            const __typeof__(v) up_ = BLEND(I, lt1_, m1, v);                 \
            (m2) = BLEND(I, up_ < (m2), up_, m2);                            \
        }                                                                    \
        (m1) = BLEND(I, lt1_, v, m1);                                        \
    } while (0)

/* m[0], m[1]: the smallest and (with two) second smallest of v_j =
 * hi[j] - 2 g[j] over j < k (a multiset: equal values count twice; +inf
 * where there are fewer), each v_j rounded once as the scalar expression
 * rounds it, so the same bits in any order.  Returns 1 when every g[j] is
 * finite (checked through the sum of the 2 g[j] in double: finite only if
 * each is; a sum that overflows answers 0, and the caller scans the row
 * directly, as for a g[j] beyond range).  hi and g are read up to the
 * vector past k (kern.h).  The chains' minima are merged as vectors, and
 * the values past the last whole step go through vectors too, the last
 * one masked: at k = 1000 the scalar merge of every lane and the scalar
 * tail cost as much as the loop. */
KI int screen_min_impl(const double *hi, const tkm_real *g, size_t k,
                       const int two, double *m)
{
    const vdn inf = (vdn){0} + INFINITY;
    vdn m1[NA], m2[NA], z[NA];
    for (int a = 0; a < NA; a++) {
        m1[a] = m2[a] = inf;
        z[a] = (vdn){0};
    }
    size_t j = 0;
    for (; j + NA * DL <= k; j += NA * DL)
        EACH_A(a) {
            const vdn g2 = twice_g(g + j + a * DL);
            const vdn v = *(const vdnu *)(hi + j + a * DL) - g2;
            z[a] += g2;
            MIN_STEP(vdi, v, m1[a], m2[a], two);
        }
    for (; j < k; j += DL) { /* the rest: chain 0, the last vector masked */
        const vdi in = lanes_below_d((ptrdiff_t)(k - j));
        const vdn g2 = twice_g(g + j);
        const vdn v = BLEND(vdi, in, *(const vdnu *)(hi + j) - g2, inf);
        z[0] += BLEND(vdi, in, g2, (vdn){0});
        MIN_STEP(vdi, v, m1[0], m2[0], two);
    }
    for (int a = 1; a < NA; a++) { /* the chains into chain 0 */
        if (two)
            m2[0] = vmin2(vmax2(m1[0], m1[a]), vmin2(m2[0], m2[a]));
        m1[0] = vmin2(m1[0], m1[a]);
        z[0] += z[a];
    }
    double s[2] = {INFINITY, INFINITY}, zs = 0.0;
    for (int q = 0; q < DL; q++) {
        two_smallest(s, m1[0][q]);
        if (two)
            two_smallest(s, m2[0][q]);
        zs += z[0][q];
    }
    m[0] = s[0];
    m[1] = two ? s[1] : INFINITY;
    return isfinite(zs) != 0;
}

static int kscreen_min(const double *hi, const tkm_real *g, size_t k,
                       int two, double *m)
{
    return two ? screen_min_impl(hi, g, k, 1, m)
               : screen_min_impl(hi, g, k, 0, m);
}

/* The j < k with lo[j] - 2 g[j] <= thr (in double), increasing, into out
 * (room for k); returns their number.  lo and g are read up to the vector
 * past k (kern.h). */
static size_t kscreen_pass(const double *lo, const tkm_real *g, size_t k,
                           double thr, uint32_t *out)
{
    const vdn t = (vdn){0} + thr;
    size_t ns = 0, j = 0;
    for (; j + NA * DL <= k; j += NA * DL) {
        uint64_t bits = 0; /* (NA * DL <= 32 lanes) */
        EACH_A(a) {
            const vdi in = *(const vdnu *)(lo + j + a * DL) -
                               twice_g(g + j + a * DL) <= t;
            bits |= (uint64_t)lane_bits64(in) << (a * DL);
        }
        ns = bits_out(bits, j, out, ns); /* (a row has few) */
    }
    for (; j < k; j += DL) {
        const vdi in = (*(const vdnu *)(lo + j) - twice_g(g + j) <= t) &
                       lanes_below_d((ptrdiff_t)(k - j));
        ns = bits_out(lane_bits64(in), j, out, ns); /* (ns < k: room) */
    }
    return ns;
}

/* ---- the same tests in float lanes (screen.c's float test: float runs,
 * and double runs whose products are taken in float) ---- */

#define FL (KERN_VB / 4) /* floats in a native vector */
typedef float vf __attribute__((vector_size(KERN_VB)));
typedef float vfu __attribute__((vector_size(KERN_VB), aligned(4), may_alias));
typedef int32_t vfi __attribute__((vector_size(KERN_VB)));

/* Lanes q < r all ones, the others zero (r <= 0: none). */
KI vfi lanes_below(ptrdiff_t r)
{
    vfi m = (vfi){0};
    for (int q = 0; q < FL; q++)
        m[q] = q < r ? -1 : 0;
    return m;
}

/* (m1, m2) merged with (b1, b2), lane by lane, each pair smallest first:
 * the two smallest of the four values (a multiset), with two; else the
 * smallest alone. */
KI void merge2_f(vf *m1, vf *m2, vf b1, vf b2, int two)
{
    if (two) {
        const vf hi1 = BLEND(vfi, *m1 < b1, b1, *m1);
        const vf lo2 = BLEND(vfi, *m2 < b2, *m2, b2);
        *m2 = BLEND(vfi, hi1 < lo2, hi1, lo2);
    }
    *m1 = BLEND(vfi, *m1 < b1, *m1, b1);
}

/* m[0], m[1]: the smallest and (with two) second smallest (else +inf) of
 * the lanes' pairs m1 <= m2 (with two; else of the m1 lanes). */
KI void fold2_f(vf m1, vf m2, const int two, float *m)
{
#if !defined(__clang__)
    /* the lanes halved in vectors (GCC's __builtin_shuffle; the loop
     * below, which clang builds run, took most of a row's test at k =
     * 100): the smallest, and the second smallest of the lanes' pairs
     * m1 <= m2, merged as the chains are */
    for (int w = FL / 2; w >= 1; w /= 2) {
        vfi msk = {0};
        for (int l = 0; l < FL; l++)
            msk[l] = l ^ w;
        merge2_f(&m1, &m2, __builtin_shuffle(m1, msk),
                 __builtin_shuffle(m2, msk), two);
    }
    m[0] = m1[0];
    m[1] = two ? m2[0] : INFINITY;
#else
    double s[2] = {INFINITY, INFINITY}; /* (floats, exactly) */
    for (int q = 0; q < FL; q++) {
        two_smallest(s, m1[q]);
        if (two)
            two_smallest(s, m2[q]);
    }
    m[0] = (float)s[0];
    m[1] = two ? (float)s[1] : INFINITY;
#endif
}

/* m[0], m[1]: the smallest and (with two) second smallest of v_j =
 * hf[j] - (g[j] + g[j]) over j < k, each rounded in float (g + g exact,
 * or infinite), as screen_min_impl takes them in double.  Returns 1 when
 * every v_j is finite. */
KI int screen_min_f_impl(const float *hf, const float *g, size_t k,
                         const int two, float *m)
{
    const vf inf = (vf){0} + INFINITY;
    vf m1[NA], m2[NA], z[NA];
    for (int a = 0; a < NA; a++) {
        m1[a] = m2[a] = inf;
        z[a] = (vf){0};
    }
    size_t j = 0;
    for (; j + NA * FL <= k; j += NA * FL)
        EACH_A(a) {
            const vf gv = *(const vfu *)(g + j + a * FL);
            const vf v = *(const vfu *)(hf + j + a * FL) - (gv + gv);
            z[a] += v * 0.0f; /* NaN from here on if v is not finite */
            MIN_STEP(vfi, v, m1[a], m2[a], two);
        }
    for (; j < k; j += FL) { /* the rest: chain 0, the last vector masked */
        const vfi in = lanes_below((ptrdiff_t)(k - j));
        const vf gv = *(const vfu *)(g + j);
        const vf v0 = *(const vfu *)(hf + j) - (gv + gv);
        z[0] += BLEND(vfi, in, v0 * 0.0f, (vf){0});
        const vf v = BLEND(vfi, in, v0, inf);
        MIN_STEP(vfi, v, m1[0], m2[0], two);
    }
    for (int a = 1; a < NA; a++) { /* the chains into chain 0 */
        merge2_f(&m1[0], &m2[0], m1[a], m2[a], two);
        z[0] += z[a];
    }
    fold2_f(m1[0], m2[0], two, m);
    const vfi bad = z[0] != (vf){0};
    return !any_set(&bad);
}

static int kscreen_min_f(const float *hf, const float *g, size_t k, int two,
                         float *m)
{
    return two ? screen_min_f_impl(hf, g, k, 1, m)
               : screen_min_f_impl(hf, g, k, 0, m);
}

/* The j < k with lf[j] - (g[j] + g[j]) <= thr in float, increasing, into
 * out (room for k); returns their number. */
static size_t kscreen_pass_f(const float *lf, const float *g, size_t k,
                             float thr, uint32_t *out)
{
    const vf t = (vf){0} + thr;
    size_t ns = 0, j = 0;
    for (; j + NA * FL <= k; j += NA * FL) {
        uint64_t bits = 0; /* (NA * FL <= 64 lanes) */
        EACH_A(a) {
            const vf gv = *(const vfu *)(g + j + a * FL);
            const vfi in = *(const vfu *)(lf + j + a * FL) - (gv + gv) <= t;
            bits |= (uint64_t)lane_bits32(in) << (a * FL);
        }
        ns = bits_out(bits, j, out, ns); /* (as kscreen_pass) */
    }
    for (; j < k; j += FL) {
        const vf gv = *(const vfu *)(g + j);
        const vfi in = (*(const vfu *)(lf + j) - (gv + gv) <= t) &
                      lanes_below((ptrdiff_t)(k - j));
        ns = bits_out(lane_bits32(in), j, out, ns); /* (ns < k: room) */
    }
    return ns;
}

/* ---- the screening's products fused with its first test (screen.c:
 * float products of dense points at small d) ---- */

#define NF (64 / KERN_VB) /* native vectors of a block of TKMI_KWF lanes */
#define PF (2 * KERN_P) /* rows a step: chains enough for the FMA's latency */

/* a b + c: one rounding where the set has a fused multiply-add (AVX-512),
 * else the product and the sum each rounded (screen.c's bound holds for
 * either; the run's labels do not depend on it). */
KI vf madd_f(vf a, vf b, vf c)
{
#if defined(__x86_64__) && KERN_VB == 64
    return (vf)_mm512_fmadd_ps((__m512)a, (__m512)b, (__m512)c);
#else
    return a * b + c;
#endif
}

/* The lanes with a <= b (false for NaN) as the low bits of an integer,
 * lane 0 the lowest: the compare's own mask on AVX-512. */
KI uint32_t le_bits_f(vf a, vf b)
{
#if defined(__x86_64__) && KERN_VB == 64
    return (uint32_t)_mm512_cmp_ps_mask((__m512)a, (__m512)b, _CMP_LE_OQ);
#else
    return lane_bits32(a <= b);
#endif
}

/* Every lane a (a broadcast; (vf){0} + a would round -0 to +0 first). */
KI vf splat_f(float a)
{
    vf v;
    for (int l = 0; l < FL; l++)
        v[l] = a;
    return v;
}

/* The products of PF rows xr[i] with the TKMI_KWF centroids of block cb
 * (d x TKMI_KWF, a lane per centroid) into acc: each summed in increasing
 * coordinate from the first product (kern.h's screen_prod_f order). */
KI void prod_block_f(const float *const *xr, const float *cb, size_t d,
                     vf acc[PF][NF])
{
    for (int h = 0; h < NF; h++) {
        const vf cv = *(const vfu *)(cb + h * FL);
#pragma GCC unroll 8
        for (int i = 0; i < PF; i++)
            acc[i][h] = splat_f(xr[i][0]) * cv;
    }
    for (size_t q = 1; q < d; q++)
        for (int h = 0; h < NF; h++) {
            const vf cv = *(const vfu *)(cb + q * TKMI_KWF + h * FL);
#pragma GCC unroll 8
            for (int i = 0; i < PF; i++)
                acc[i][h] = madd_f(splat_f(xr[i][q]), cv, acc[i][h]);
        }
}

/* The step's PF row pointers from row i0 of the m rows x (d each); the
 * rows past m repeat the last. */
KI void step_rows_f(const float *x, size_t m, size_t d, size_t i0,
                    const float **xr)
{
    const size_t np = m - i0 < PF ? m - i0 : PF;
    for (int i = 0; i < PF; i++)
        xr[i] = x + (i0 + ((size_t)i < np ? (size_t)i : np - 1)) * d;
}

/* kern.h's screen_prod_f: PF rows share each centroid vector loaded; a
 * lane per centroid, its product summed in increasing coordinate from
 * the first product, then v = hf - (g + g) into the row's chains as
 * screen_min_f_impl takes them. */
KI void screen_prod_f_impl(const float *x, size_t m, size_t d,
                           const float *cp, const float *hfp, size_t k,
                           size_t gs, const int two, float *g, float *mm)
{
    const size_t nb = (k + TKMI_KWF - 1) / TKMI_KWF;
    const vf inf = (vf){0} + INFINITY;
    for (size_t i0 = 0; i0 < m; i0 += PF) {
        const size_t np = m - i0 < PF ? m - i0 : PF;
        const float *xr[PF];
        vf m1[PF][NF], m2[PF][NF];
        step_rows_f(x, m, d, i0, xr);
        for (int i = 0; i < PF; i++)
            for (int h = 0; h < NF; h++)
                m1[i][h] = m2[i][h] = inf;
        for (size_t b = 0; b < nb; b++) {
            vf acc[PF][NF];
            prod_block_f(xr, cp + b * d * TKMI_KWF, d, acc);
            for (int h = 0; h < NF; h++) {
                const vf hv = *(const vfu *)(hfp + b * TKMI_KWF + h * FL);
#pragma GCC unroll 8
                for (int i = 0; i < PF; i++) {
                    const vf v = hv - (acc[i][h] + acc[i][h]);
                    MIN_STEP(vfi, v, m1[i][h], m2[i][h], two);
                    if ((size_t)i < np)
                        *(vfu *)(g + (i0 + (size_t)i) * gs + b * TKMI_KWF +
                                 h * FL) = acc[i][h];
                }
            }
        }
        for (size_t i = 0; i < np; i++) {
            for (int h = 1; h < NF; h++)
                merge2_f(&m1[i][0], &m2[i][0], m1[i][h], m2[i][h], two);
            fold2_f(m1[i][0], m2[i][0], two, mm + 2 * (i0 + i));
        }
    }
}

static void kscreen_prod_f(const float *x, size_t m, size_t d,
                           const float *cp, const float *hfp, size_t k,
                           size_t gs, int two, float *g, float *mm)
{
    if (two)
        screen_prod_f_impl(x, m, d, cp, hfp, k, gs, 1, g, mm);
    else
        screen_prod_f_impl(x, m, d, cp, hfp, k, gs, 0, g, mm);
}

/* kern.h's screen_sel_f: the products of screen_prod_f, each tested
 * against its row's threshold as it is made (lfp[j] - (g + g) <= thr[i],
 * screen_pass_f's test), a bit per centroid; nothing else kept. */
static void kscreen_sel_f(const float *x, size_t m, size_t d,
                          const float *cp, const float *lfp, size_t k,
                          const float *thr, uint16_t *bits)
{
    const size_t nb = (k + TKMI_KWF - 1) / TKMI_KWF;
    for (size_t i0 = 0; i0 < m; i0 += PF) {
        const size_t np = m - i0 < PF ? m - i0 : PF;
        const float *xr[PF];
        vf t[PF];
        step_rows_f(x, m, d, i0, xr);
        for (int i = 0; i < PF; i++)
            t[i] = (vf){0} + thr[i0 + ((size_t)i < np ? (size_t)i : np - 1)];
        for (size_t b = 0; b < nb; b++) {
            vf acc[PF][NF], lv[NF];
            prod_block_f(xr, cp + b * d * TKMI_KWF, d, acc);
            for (int h = 0; h < NF; h++)
                lv[h] = *(const vfu *)(lfp + b * TKMI_KWF + h * FL);
#pragma GCC unroll 8
            for (int i = 0; i < PF; i++) {
                uint32_t wb = 0;
                for (int h = 0; h < NF; h++)
                    wb |= le_bits_f(lv[h] - (acc[i][h] + acc[i][h]), t[i])
                          << (h * FL);
                if ((size_t)i < np)
                    bits[(i0 + (size_t)i) * nb + b] = (uint16_t)wb;
            }
        }
    }
}

#undef PF
#undef NF
#undef MIN_STEP
#undef EACH_A
#undef NA
#undef FL
#undef DL

/* A lane per point, for few centroids at d <= W (kern.h: TKMI_FEW_K):
 * W points at a time against one centroid after another, in increasing
 * order, each lane keeping its best and second best as scan_impl's lanes
 * do.  Each lane's sum is the plain left-to-right one, scan_impl's order
 * for d <= W, and the strict comparisons in index order keep the lowest
 * index on ties: the same labels and bits.  No lanes to fold at the end,
 * which at small k costs a point more than its distances. */
KI void scan_few(const TKM_FN(tkmi_kc) *kc, const tkm_real *x,
                 const size_t *idx, size_t m,
                 const TKM_FN(tkmi_scan_out) *o, int two)
{
    const size_t d = kc->d, k = kc->k;
    const kv inf = splat((tkm_real)INFINITY);
    for (size_t i0 = 0; i0 < m; i0 += KW) {
        const size_t np = m - i0 < KW ? m - i0 : KW;
        kv xs[KW];
        for (size_t p = 0; p < d; p++)
            xs[p] = splat(0);
        for (size_t l = 0; l < KW; l++) { /* lanes past m repeat the last */
            const size_t ii = i0 + (l < np ? l : np - 1);
            const tkm_real *r = x + (idx ? idx[ii] : ii) * d;
            for (size_t p = 0; p < d; p++)
                LANE(xs[p], l) = r[p];
        }
        kv best = inf, sec = inf;
        ki bi, si, ci;
        EACH(h)
        {
            bi.h[h] = ci.h[h] = (vi){0};
            si.h[h] = (vi){0} - 1;
        }
        for (size_t c = 0; c < k; c++) {
            /* centroid c's coordinates: row p of its block, lane c % W */
            const tkm_real *cc = kc->pk + c / KW * d * KW + c % KW;
            kv tot = sqdiff(xs[0], splat(cc[0]));
            for (size_t p = 1; p < d; p++)
                tot = sqdiff_add(tot, xs[p], splat(cc[p * KW]));
            const ki lt = less(tot, best);
            if (two == 2) {
                const ki ls = less(tot, sec);
                si = seli(lt, bi, seli(ls, ci, si));
                sec = sel(lt, best, sel(ls, tot, sec));
            } else if (two) {
                sec = sel(lt, best, sel(less(tot, sec), tot, sec));
            }
            best = sel(lt, tot, best);
            bi = seli(lt, ci, bi);
            EACH(h) ci.h[h] += 1;
        }
        for (size_t l = 0; l < np; l++) {
            const size_t i = i0 + l;
            if (o->lab)
                o->lab[i] = (int32_t)LANE(bi, l);
            if (o->b1)
                o->b1[i] = LANE(best, l);
            if (two)
                o->b2[i] = LANE(sec, l);
            if (two == 2) /* no index at +inf, as finish() gives none */
                o->lab2[i] = LANE(sec, l) < (tkm_real)INFINITY
                                 ? (int32_t)LANE(si, l)
                                 : -1;
        }
    }
}

static void kscan(const TKM_FN(tkmi_kc) *kc, const tkm_real *x,
                  const size_t *idx, size_t m,
                  const TKM_FN(tkmi_scan_out) *o)
{
    if (!o->all && kc->d <= KW && kc->k <= TKMI_FEW_K && m >= KW) {
        if (o->b2 && o->lab2)
            scan_few(kc, x, idx, m, o, 2);
        else if (o->b2)
            scan_few(kc, x, idx, m, o, 1);
        else
            scan_few(kc, x, idx, m, o, 0);
    } else if (o->all)
        scan_impl(kc, x, idx, m, o, 0, 1);
    else if (o->b2 && o->lab2)
        scan_impl(kc, x, idx, m, o, 2, 0);
    else if (o->b2)
        scan_impl(kc, x, idx, m, o, 1, 0);
    else
        scan_impl(kc, x, idx, m, o, 0, 0);
}

/* A lane per centroid: the products of one sparse row (value v[q] at
 * column col[q], q0 <= q < q1) with the k centroids of ct (column-major,
 * ct[c k + j] centroid j's value of column c) into g: g_j = 0 + v_q0
 * ct[.] + v_q0+1 ct[.] + ... in increasing q, each product and sum
 * rounded, whatever the instruction set.  SPB kernel vectors of products
 * stay in registers over the row, so that g is written once, and each
 * stored value's column is read SPB W centroids at a time. */
#define SPB 4
KI kv axpy(kv acc, kv v, kv c)
{
    kv r;
    EACH(h) r.h[h] = acc.h[h] + v.h[h] * c.h[h];
    return r;
}

static void kspmm_row(const tkm_real *v, const int32_t *col, int64_t q0,
                      int64_t q1, const tkm_real *ct, size_t k, tkm_real *g)
{
    size_t j0 = 0;
    for (; j0 + SPB * KW <= k; j0 += SPB * KW) {
        kv acc[SPB];
#pragma GCC unroll 4
        for (int b = 0; b < SPB; b++)
            acc[b] = splat(0);
        for (int64_t q = q0; q < q1; q++) {
            const kv vq = splat(v[q]);
            const tkm_real *cr = ct + (size_t)col[q] * k + j0;
#pragma GCC unroll 4
            for (int b = 0; b < SPB; b++)
                acc[b] = axpy(acc[b], vq, loadu(cr + (size_t)b * KW));
        }
#pragma GCC unroll 4
        for (int b = 0; b < SPB; b++)
            storeu(g + j0 + (size_t)b * KW, acc[b]);
    }
    for (; j0 < k; j0 += KW) { /* (lanes past k read what follows) */
        const size_t r = k - j0 < KW ? k - j0 : KW;
        kv acc = splat(0);
        for (int64_t q = q0; q < q1; q++)
            acc = axpy(acc, splat(v[q]), loadu(ct + (size_t)col[q] * k + j0));
        for (size_t l = 0; l < r; l++)
            g[j0 + l] = LANE(acc, l);
    }
}

const TKM_FN(tkmi_kern) KERN_NAME = {
    .isa = KERN_STR(KERN_ISA),
    .scan = kscan,
    .dist2 = kdist2,
    .dist2_pairs = kdist2_pairs,
    .shrink = kshrink,
    .move = kmove,
    .pass = kpass,
    .shrink_min = kshrink_min,
    .down = kdown,
    .values = kvalues,
    .survivors = ksurvivors,
    .screen_min = kscreen_min,
    .screen_pass = kscreen_pass,
    .screen_min_f = kscreen_min_f,
    .screen_pass_f = kscreen_pass_f,
    .screen_prod_f = kscreen_prod_f,
    .screen_sel_f = kscreen_sel_f,
    .spmm_row = kspmm_row,
};
