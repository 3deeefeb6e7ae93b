/*
 * Exact centroid sums for any finite data, shared by the CPU forms
 * (src/common/update.c) and the CUDA forms (kernels/sums.cu): every
 * function here is TKM_HD or host-only as marked.
 *
 * A column's values are all multiples of 2^-S (S from the lowest set bit
 * of any of them: the column's exponent profile, taken in the conversion
 * pass) and below 2^top in magnitude, so each value times 2^S is an
 * integer of at most top + S bits, and so is their sum, exactly.  That
 * integer is held in W = ceil((top + S) / 62) limbs: limb l adds the
 * base-2^62 digit l of every term's magnitude (signed as the term) into a
 * 128-bit two's-complement accumulator.  A term has 53 significant bits,
 * so it has at most two non-zero digits; a limb can take 2^65 digits of
 * 62 bits before it could overflow.  Integer addition is associative:
 * whatever the order (threads, blocks, ranks, points moved between
 * clusters), every limb ends as the same integer, and the sum
 * value = sum_l limb_l * 2^(62 l - S) is exact.  Ordinary data needs one
 * or two limbs a column (values in [0, 1) in float: one); an outlier or a
 * tiny value widens only its own column.
 *
 * The limbs are laid out as virtual columns: column j's limb l is virtual
 * column v0_j + l, one 128-bit accumulator a cluster, so that a kernel
 * that summed d columns sums nv virtual ones, each computing its own
 * digit of the value (tkmi_fx_digit).  With sample weights
 * column j sums the exact products w x (two 53-bit integers multiplied in
 * 128 bits), on a grid from both profiles, and the weights get a column
 * of their own (the last).
 *
 * A centroid coordinate is the correctly rounded quotient of two exact
 * sums (tkmi_fx_quot): the column's, and the count (or the weights' sum),
 * rounded once to the run's precision, subnormal results included.
 */
#ifndef TKM_FIXSUM_H
#define TKM_FIXSUM_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "real.h"

__extension__ typedef __int128 tkmi_i128;
__extension__ typedef unsigned __int128 tkmi_u128;

/* Limbs a column may need: weighted products span 2^-2148 .. 2^2048. */
#define TKMI_FX_MAXW 70
/* 64-bit words of a normalised sum of TKMI_FX_MAXW limbs, with room. */
#define TKMI_FX_WORDS 72
/* Values a column's profile: top, -low, largest magnitude. */
#define TKMI_FX_PROF 3
/* A profile entry of a column with no non-zero value. */
#define TKMI_FX_NONE (-1.0e9)

/* One virtual column: data column col (d: the weights), limb l; the
 * digit's scale 2^(S - 62 l) as f1 * f2 (each a double: 2^(S - 62 l) alone
 * can leave a double's range). */
typedef struct {
    int col, limb, S;
    double f1, f2;
} tkmi_fx_vc;

/* One column: its grid 2^-S, W limbs from virtual column v0. */
typedef struct {
    int S, W, v0;
} tkmi_fx_col;

#ifdef __CUDA_ARCH__
#define TKMI_FX_CLZ(x) __clzll((long long)(x))
#define TKMI_FX_CTZ(x) (__ffsll((long long)(x)) - 1)
#else
#define TKMI_FX_CLZ(x) __builtin_clzll(x)
#define TKMI_FX_CTZ(x) __builtin_ctzll(x)
#endif

/* v = +-M * 2^e with M < 2^53 an integer (M = 0 for v = 0). */
static inline TKM_HD uint64_t tkmi_fx_split(double v, int *e)
{
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    const int ex = (int)((b >> 52) & 0x7ff);
    uint64_t m = b & ((1ull << 52) - 1);
    if (ex) {
        m |= 1ull << 52;
        *e = ex - 1075;
    } else {
        *e = -1074;
    }
    return m;
}

/* Fold into a column profile at once the values a pass over the column
 * found: amax, the largest |v|, and lowb, a value whose lowest set bit is
 * the smallest of the non-zero v's (that bit itself, or one v): what
 * tkmi_fx_profile of each v gives, as top grows with |v|.  Nothing when
 * amax is 0 (no non-zero value). */
static inline TKM_HD void tkmi_fx_profile_fold(double amax, double lowb,
                                               double *prof)
{
    int et = 0, el = 0;
    const uint64_t mt = tkmi_fx_split(amax, &et), ml = tkmi_fx_split(lowb, &el);
    if (!mt || !ml)
        return;
    if (amax > prof[2])
        prof[2] = amax;
    const int top = et + 64 - TKMI_FX_CLZ(mt), low = el + TKMI_FX_CTZ(ml);
    if ((double)top > prof[0])
        prof[0] = top;
    if ((double)-low > prof[1])
        prof[1] = -low;
}

/* Fold v into a column profile: top (|v| < 2^top) and low (v is a
 * multiple of 2^low), kept as prof[0] = max top, prof[1] = max -low, and
 * prof[2] = max |v|, so that profiles of several threads or processes
 * combine by maximum.  Host and device. */
static inline TKM_HD void tkmi_fx_profile(double v, double *prof)
{
    tkmi_fx_profile_fold(fabs(v), fabs(v), prof);
}

/* Digit l of |v| * 2^S in base 2^62, with v's sign, given f1 * f2 =
 * 2^(S - 62 l): t = v * 2^(S - 62 l) is exact where it matters (a product
 * by powers of two, exact unless it overflows, which leaves digit l zero,
 * or falls below 1, whose digit is zero either way); its digit is the
 * integer part of |t| less its multiples of 2^62, every step exact. */
static inline TKM_HD int64_t tkmi_fx_digit(double v, double f1, double f2)
{
    const double t = v * f1 * f2;
    const double a = fabs(t);
    if (!(a < 0x1p115)) /* all of v's bits above this limb (or none) */
        return 0;
    const double h = (double)(int64_t)(a * 0x1p-62);
    const int64_t q = (int64_t)(a - h * 0x1p62);
    return t < 0 ? -q : q;
}

/* Both digits of a value of a two-limb column at once (f1 * f2 = 2^S,
 * the first limb's scale): |v| 2^S < 2^124 is exact, and its digits are
 * its integer part split at 2^62 (host and device). */
static inline TKM_HD void tkmi_fx_digit2(double v, double f1, double f2,
                                         int64_t *d0, int64_t *d1)
{
    const double t = v * f1 * f2;
    const double a = fabs(t);
    const double h = (double)(int64_t)(a * 0x1p-62);
    const int64_t q0 = (int64_t)(a - h * 0x1p62), q1 = (int64_t)h;
    *d0 = t < 0 ? -q0 : q0;
    *d1 = t < 0 ? -q1 : q1;
}

/* Normalise W limbs (lo, hi word pairs; value sum_l limb_l 2^(62 l)) to a
 * magnitude in 64-bit words w[0..*nw-1] (little-endian); returns whether
 * the value is negative. */
static inline TKM_HD int tkmi_fx_norm(const uint64_t *limb, int W,
                                      uint64_t *w, int *nw)
{
    const int n = (62 * (W - 1) + 128) / 64 + 2;
    for (int i = 0; i < n; i++)
        w[i] = 0;
    for (int l = 0; l < W; l++) {
        const uint64_t lo = limb[2 * l], hi = limb[2 * l + 1];
        const uint64_t ext = (int64_t)hi < 0 ? ~0ull : 0ull;
        const int sh = 62 * l, q = sh / 64, r = sh % 64;
        uint64_t p[3];
        p[0] = lo << r;
        p[1] = r ? (hi << r) | (lo >> (64 - r)) : hi;
        p[2] = r ? (ext << r) | (hi >> (64 - r)) : ext;
        uint64_t carry = 0;
        for (int i = q; i < n; i++) {
            const uint64_t a = i - q < 3 ? p[i - q] : ext;
            const uint64_t s = w[i] + a;
            const uint64_t c1 = s < a;
            w[i] = s + carry;
            carry = c1 | (w[i] < s);
        }
    }
    const int neg = (int64_t)w[n - 1] < 0;
    if (neg) { /* two's complement negation */
        uint64_t carry = 1;
        for (int i = 0; i < n; i++) {
            w[i] = ~w[i] + carry;
            carry = carry && w[i] == 0;
        }
    }
    int m = n;
    while (m > 0 && w[m - 1] == 0)
        m--;
    *nw = m;
    return neg;
}

/* Bits of a magnitude of nw words (0 for zero). */
static inline TKM_HD int tkmi_fx_bits(const uint64_t *w, int nw)
{
    if (nw == 0)
        return 0;
    return 64 * nw - TKMI_FX_CLZ(w[nw - 1]);
}

/* Bit i of a magnitude. */
static inline TKM_HD int tkmi_fx_bit(const uint64_t *w, int nw, int i)
{
    return i >= 0 && i / 64 < nw ? (int)((w[i / 64] >> (i % 64)) & 1) : 0;
}

/* r = 2 r + bit, then r -= dv when r >= dv; returns the quotient bit.
 * r and dv have rw words (dv's top word may be 0: r < 2 dv fits). */
static inline TKM_HD int tkmi_fx_divstep(uint64_t *r, const uint64_t *dv,
                                         int rw, int bit)
{
    uint64_t in = (uint64_t)bit;
    for (int i = 0; i < rw; i++) {
        const uint64_t o = r[i];
        r[i] = (o << 1) | in;
        in = o >> 63;
    }
    int ge = 1; /* r >= dv? (r's bit shifted out of rw words: yes) */
    if (!in)
        for (int i = rw - 1; i >= 0; i--)
            if (r[i] != dv[i]) {
                ge = r[i] > dv[i];
                break;
            }
    if (!ge)
        return 0;
    uint64_t borrow = 0;
    for (int i = 0; i < rw; i++) {
        const uint64_t a = r[i], b = dv[i];
        const uint64_t s = a - b - borrow;
        borrow = (a < b) || (a - b < borrow);
        r[i] = s;
    }
    return 1;
}

/* 32 bits of a magnitude from bit pos up (bits below 0 are 0). */
static inline TKM_HD uint64_t tkmi_fx_bits32(const uint64_t *w, int nw,
                                             int pos)
{
    const int sh = pos < 0 ? -pos : 0; /* the bits from 0, moved up */
    if (sh >= 32 || nw == 0)
        return 0;
    pos += sh;
    const int i = pos / 64, r = pos % 64;
    uint64_t v = i < nw ? w[i] >> r : 0;
    if (r > 32 && i + 1 < nw)
        v |= w[i + 1] << (64 - r);
    return (v << sh) & 0xffffffffull;
}

/* Whether a magnitude has a set bit below bit pos. */
static inline TKM_HD int tkmi_fx_any_below(const uint64_t *w, int nw,
                                           int pos)
{
    for (int i = 0; i < nw && 64 * i < pos; i++) {
        const uint64_t m = pos - 64 * i >= 64
                               ? ~0ull
                               : (1ull << (pos - 64 * i)) - 1;
        if (w[i] & m)
            return 1;
    }
    return 0;
}

/* q = floor(num * 2^t / den) with 66 or more bits, and whether any
 * remainder is left (*sticky): by 32-bit digits where den < 2^32 (a
 * count), else bit by bit.  num has bn bits, den bd. */
static inline TKM_HD tkmi_u128 tkmi_fx_divide(const uint64_t *nm, int nn,
                                              int bn, uint64_t *dm, int nd,
                                              int bd, int *t, int *sticky)
{
    tkmi_u128 q = 0;
    if (bd <= 32) {
        /* the dividend num * 2^t of L bits, L a multiple of 32 */
        const int L = (bd + 66 + 31) / 32 * 32;
        const uint64_t dv = dm[0];
        uint64_t rem = 0;
        *t = L - bn;
        for (int c = L / 32 - 1; c >= 0; c--) {
            const uint64_t cur = (rem << 32) | tkmi_fx_bits32(nm, nn, 32 * c - *t);
            q = (q << 32) | (cur / dv);
            rem = cur % dv;
        }
        *sticky = rem != 0 || (*t < 0 && tkmi_fx_any_below(nm, nn, -*t));
        return q;
    }
    /* the first bd - 1 bits of the dividend make a remainder below den,
     * then 67 steps give the quotient */
    uint64_t r[TKMI_FX_WORDS + 1];
    const int rw = nd + 1;
    *t = 66 - (bn - bd);
    for (int i = 0; i < rw; i++)
        r[i] = 0;
    dm[nd] = 0;
    int pos = bn - 1; /* next bit of num (bit pos + t of the dividend) */
    for (int s = 0; s < bd - 1; s++, pos--)
        tkmi_fx_divstep(r, dm, rw, tkmi_fx_bit(nm, nn, pos));
    for (int s = 0; s < 67; s++, pos--)
        q = (q << 1) | (tkmi_u128)tkmi_fx_divstep(
                           r, dm, rw, pos >= 0 ? tkmi_fx_bit(nm, nn, pos) : 0);
    *sticky = 0;
    for (int i = 0; i < rw && !*sticky; i++)
        *sticky = r[i] != 0;
    if (!*sticky && pos >= 0) /* num's bits below the dividend */
        *sticky = tkmi_fx_any_below(nm, nn, pos + 1);
    return q;
}

/* The correctly rounded (to nearest, ties to even) value of
 * (num * 2^-Sn) / (den * 2^-Sd) in a binary format of p significant bits
 * whose smallest subnormal is 2^qmin (53, -1074 for double; 24, -149 for
 * float), returned as a double that holds it exactly.  num: Wn limbs,
 * den: Wd limbs (lo, hi pairs, as the sums hold them; den > 0).  The
 * quotient is taken to 66 bits or more (tkmi_fx_divide), the rest kept as
 * a sticky bit, and rounded once. */
static inline TKM_HD double tkmi_fx_quot(const uint64_t *num, int Wn, int Sn,
                                         const uint64_t *den, int Wd, int Sd,
                                         int p, int qmin)
{
    uint64_t nm[TKMI_FX_WORDS], dm[TKMI_FX_WORDS + 1];
    int nn = 0, nd = 0, t = 0, sticky = 0;
    const int neg = tkmi_fx_norm(num, Wn, nm, &nn);
    (void)tkmi_fx_norm(den, Wd, dm, &nd);
    const int bn = tkmi_fx_bits(nm, nn), bd = tkmi_fx_bits(dm, nd);
    if (bn == 0 || bd == 0)
        return 0.0;
    const tkmi_u128 q = tkmi_fx_divide(nm, nn, bn, dm, nd, bd, &t, &sticky);
    /* value = (q + frac) * 2^E, frac > 0 iff sticky; q >= 2^65 */
    const int E = -t + Sd - Sn;
    const uint64_t qh = (uint64_t)(q >> 64);
    const int nb = 128 - TKMI_FX_CLZ(qh);
    const int top = nb - 1 + E;
    const int ulp = top - (p - 1) > qmin ? top - (p - 1) : qmin;
    const int drop = ulp - E; /* >= nb - p > 0 */
    tkmi_u128 kept = 0, rem = q, half;
    if (drop > nb + 1)
        return neg ? -0.0 : 0.0;
    if (drop < nb) {
        kept = q >> drop;
        rem = q & (((tkmi_u128)1 << drop) - 1);
    }
    half = (tkmi_u128)1 << (drop - 1);
    if (rem > half || (rem == half && (sticky || (kept & 1))))
        kept++;
    const double v = ldexp((double)(uint64_t)kept, ulp);
    return neg ? -v : v;
}

#ifndef __CUDACC__
/* Host only: tkmi_fx_quot's value for a sum that fits one signed 128-bit
 * integer, v 2^-S, divided by a count cnt > 0 (no weights), with the
 * same rounding: |v| shifted up (at most to 2^118) until its quotient has
 * p + 2 bits or more, one 128-by-64 division, its remainder the sticky
 * bit, where tkmi_fx_quot divides its normalised words by 32-bit digits
 * (the CPU's update at 10,000 x 784 floats, k = 100, one thread: 15 ms
 * to 11).  Its rounding repeats tkmi_fx_quot's tail, which the CUDA sums
 * also run: one helper for both waits for a GPU proof. */
static inline double tkmi_fx_quot_i128(tkmi_i128 v, int S, uint64_t cnt,
                                       int p, int qmin)
{
    if (v == 0)
        return 0.0;
    const int neg = v < 0;
    tkmi_u128 mag = neg ? -(tkmi_u128)v : (tkmi_u128)v;
    const uint64_t mh = (uint64_t)(mag >> 64);
    const int bm = mh ? 128 - TKMI_FX_CLZ(mh)
                      : 64 - TKMI_FX_CLZ((uint64_t)mag);
    const int bc = 64 - TKMI_FX_CLZ(cnt);
    const int sh = p + 2 + bc - bm > 0 ? p + 2 + bc - bm : 0;
    mag <<= sh; /* where sh > 0, bm + sh = p + 2 + bc <= 119 */
    const tkmi_u128 q = mag / cnt;
    const int sticky = q * cnt != mag;
    /* value = (q + frac) * 2^E, frac > 0 iff sticky; q >= 2^(p + 1) */
    const int E = -S - sh;
    const uint64_t qh = (uint64_t)(q >> 64);
    const int nb = qh ? 128 - TKMI_FX_CLZ(qh) : 64 - TKMI_FX_CLZ((uint64_t)q);
    const int top = nb - 1 + E;
    const int ulp = top - (p - 1) > qmin ? top - (p - 1) : qmin;
    const int drop = ulp - E; /* >= nb - p >= 2 */
    if (drop > nb) /* below half the smallest step */
        return neg ? -0.0 : 0.0;
    tkmi_u128 kept = drop < nb ? q >> drop : 0;
    const tkmi_u128 rem = drop < nb ? q & (((tkmi_u128)1 << drop) - 1) : q;
    const tkmi_u128 half = (tkmi_u128)1 << (drop - 1);
    if (rem > half || (rem == half && (sticky || (kept & 1))))
        kept++;
    const double r = ldexp((double)(uint64_t)kept, ulp);
    return neg ? -r : r;
}
#endif

/* The format of the run's precision, for tkmi_fx_quot. */
#define TKMI_FX_P (TKM_PREC == 32 ? 24 : 53)
#define TKMI_FX_QMIN (TKM_PREC == 32 ? -149 : -1074)

#ifndef __CUDACC__
/* Host only: the grid of a column from its profile (prof[0] = top,
 * prof[1] = -low; TKMI_FX_NONE when it has no non-zero value). */
static inline tkmi_fx_col tkmi_fx_col_of(double top, double mlow)
{
    tkmi_fx_col c = {0, 1, 0};
    if (top <= TKMI_FX_NONE / 2 || mlow <= TKMI_FX_NONE / 2)
        return c;
    c.S = (int)mlow;
    c.W = ((int)top + c.S + 61) / 62;
    c.W = c.W < 1 ? 1 : c.W;
    return c;
}

/* Host only: the columns and virtual columns of the sums, from the
 * profiles of the d data columns and of the weights (prof: TKMI_FX_PROF
 * values a column, prof[3 j] = top, prof[3 j + 1] = -low, the weights'
 * last).
 * With weights, column j sums w x (top and low add up) and column d the
 * weights.  Fills col[0..dw-1] and vc[0..nv-1] (either may be NULL: not
 * wanted); returns nv.  A weighted data column's f1 = f2 = 0 (tkmi_fx_digit_mul
 * makes its digits). */
static inline size_t tkmi_fx_layout(const double *prof, size_t d,
                                    int weighted, tkmi_fx_col *col,
                                    tkmi_fx_vc *vc)
{
    const size_t dw = weighted ? d + 1 : d;
    const double *pw = prof + TKMI_FX_PROF * d;
    size_t nv = 0;
    for (size_t j = 0; j < dw; j++) {
        const double *pj = prof + TKMI_FX_PROF * j;
        const int prod = weighted && j < d;
        tkmi_fx_col cj = prod ? tkmi_fx_col_of(pj[0] + pw[0], pj[1] + pw[1])
                              : tkmi_fx_col_of(pj[0], pj[1]);
        if (prod && (pw[0] <= TKMI_FX_NONE / 2 || pj[0] <= TKMI_FX_NONE / 2))
            cj = tkmi_fx_col_of(TKMI_FX_NONE, TKMI_FX_NONE);
        cj.v0 = (int)nv;
        for (int l = 0; vc && l < cj.W; l++) {
            tkmi_fx_vc *v = &vc[nv + (size_t)l];
            const int E = cj.S - 62 * l;
            const int a = E > 1023 ? 1023 : E < -1022 ? -1022 : E;
            v->col = (int)j;
            v->limb = l;
            v->S = cj.S;
            v->f1 = prod ? 0.0 : ldexp(1.0, a);
            v->f2 = prod ? 0.0 : ldexp(1.0, E - a);
        }
        if (col)
            col[j] = cj;
        nv += (size_t)cj.W;
    }
    return nv;
}

#endif

/* Sample weights (host and device): digit l of |w x| * 2^S in base 2^62,
 * signed, for w = mw 2^ew and x = mx 2^ex: the 106-bit product is exact
 * in 128 bits. */
static inline TKM_HD int64_t tkmi_fx_digit_mul(uint64_t mw, int ew, uint64_t mx,
                                               int ex, int neg, int S,
                                               int limb)
{
    const tkmi_u128 m = (tkmi_u128)mw * mx;
    const int q = ew + ex + S - 62 * limb; /* bit 0 of m in the limb */
    uint64_t dg;
    if (m == 0 || q >= 62 || q <= -106)
        return 0;
    dg = q >= 0 ? (uint64_t)(m << q) : (uint64_t)(m >> -q);
    dg &= (1ull << 62) - 1;
    return neg ? -(int64_t)dg : (int64_t)dg;
}

/* Sample weights (host and device): the digit of virtual column vc of
 * the product w x (a data column: f1 = 0), or of w itself (the weights'
 * column: f1 > 0), as update.c's fx_add makes them. */
static inline TKM_HD int64_t tkmi_fx_wdigit(double w, double x,
                                            const tkmi_fx_vc *vc)
{
    if (vc->f1 != 0.0)
        return tkmi_fx_digit(w, vc->f1, vc->f2);
    int ew = 0, ex = 0;
    const uint64_t mw = tkmi_fx_split(w, &ew), mx = tkmi_fx_split(x, &ex);
    if (!mw || !mx)
        return 0;
    return tkmi_fx_digit_mul(mw, ew, mx, ex, (x < 0) != (w < 0), vc->S,
                             vc->limb);
}
#endif /* TKM_FIXSUM_H */
