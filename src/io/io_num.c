/*
 * Numbers as text for people and programs alike: the fewest significant
 * digits that read back to the same value, so that 0.1 is written "0.1"
 * and not "0.10000000000000001", while every file still round-trips bit
 * for bit.  A double is checked with strtod, a float with strtof (a
 * float's shortest form read as a double and then rounded to float can
 * land on a neighbour).
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* 1 when s reads back to v bit for bit (so -0 stays -0). */
static int reads_back(const char *s, double v, int single)
{
    if (single) {
        float a = strtof(s, NULL), b = (float)v;
        return memcmp(&a, &b, sizeof a) == 0;
    }
    double a = strtod(s, NULL);
    return memcmp(&a, &v, sizeof a) == 0;
}

/* 10^0 .. 10^27: exact in an x87 long double (5^27 < 2^64). */
static const long double pow10l_exact[28] = {
    1e0L,  1e1L,  1e2L,  1e3L,  1e4L,  1e5L,  1e6L,  1e7L,  1e8L,  1e9L,
    1e10L, 1e11L, 1e12L, 1e13L, 1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L,
    1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L};

/* The numbers next below (0 for 0) and next above a >= 0 finite, in
 * float when single, else in double: a step of the bit pattern. */
static void neighbours(double a, int single, double *lo, double *hi)
{
    if (single) {
        float f = (float)a, b;
        uint32_t u;
        memcpy(&u, &f, sizeof u);
        u -= u > 0;
        memcpy(&b, &u, sizeof b);
        *lo = b;
        u += 1 + (f > 0);
        memcpy(&b, &u, sizeof b);
        *hi = b;
    } else {
        uint64_t u;
        memcpy(&u, &a, sizeof u);
        u -= u > 0;
        memcpy(lo, &u, sizeof u);
        u += 1 + (a > 0);
        memcpy(hi, &u, sizeof u);
    }
}

/* Whether the q digits c (exponent cx) read back to |v|, without parsing
 * them: 1 or 0 where long double arithmetic decides it by a clear margin
 * (the decimal is M 10^p with M exact and 10^p exact, so it is off by at
 * most one rounding; v's half-gaps to its neighbours are exact), -1 where
 * it cannot tell (p out of the table, a long double no wider than a
 * double, a half-gap to infinity, a decimal near the edge). */
static int reads_back_fast(const char *c, int q, int cx, double v,
                           int single)
{
    int p = cx - (q - 1);
    if (p > 27 || p < -27 || LDBL_MANT_DIG < 64)
        return -1;
    uint64_t u = 0; /* q <= 17 digits: below 2^64 */
    for (int i = 0; i < q; i++)
        u = u * 10 + (uint64_t)(c[i] - '0');
    long double m = (long double)u;
    long double d = p >= 0 ? m * pow10l_exact[p] : m / pow10l_exact[-p];
    double a = fabs(v), lo, hi;
    neighbours(a, single, &lo, &hi);
    if (isinf(hi))
        return -1;
    long double diff = d - a, margin = (long double)a * 2 * LDBL_EPSILON;
    long double h = diff >= 0 ? ((long double)hi - a) / 2
                              : ((long double)a - lo) / 2;
    diff = fabsl(diff);
    return diff < h - margin ? 1 : diff > h + margin ? 0 : -1;
}

/* The digits of e ("-d.ddde+XX", from printf's %e) without sign and
 * point into m (NUL-terminated); *x: the decimal exponent. */
static void split(const char *e, char *m, int *x)
{
    int n = 0;
    const char *s = e + (*e == '-');
    for (; *s != 'e'; s++)
        if (*s != '.')
            m[n++] = *s;
    m[n] = '\0';
    int neg = s[1] == '-', ex = 0;
    for (s += 2; *s; s++)
        ex = ex * 10 + (*s - '0');
    *x = neg ? -ex : ex;
}

/* The all digits m (exponent x) rounded to q < all digits into c,
 * exponent *cx: as printf rounds v itself, since m is v rounded to more
 * digits, except where the digits dropped are exactly a half ("5",
 * "50", ...): v may lie on either side, and 0 says so. */
static int round_to(const char *m, int all, int x, int q, char *c, int *cx)
{
    int k = q + 1;
    while (k < all && m[k] == '0')
        k++;
    if (m[q] == '5' && k == all)
        return 0;
    memcpy(c, m, (size_t)q);
    c[q] = '\0';
    *cx = x;
    if (m[q] >= '5') {
        int i = q - 1;
        while (i >= 0 && c[i] == '9')
            c[i--] = '0';
        if (i < 0) { /* 99.9 -> 100 */
            c[0] = '1';
            (*cx)++;
        } else {
            c[i]++;
        }
    }
    return 1;
}

/* Append the decimal of the integer u >= 0 at t; its length. */
static int put_uint(char *t, int u)
{
    char r[12];
    int n = 0, k = 0;
    do
        r[n++] = (char)('0' + u % 10);
    while ((u /= 10) > 0);
    while (n > 0)
        t[k++] = r[--n];
    return k;
}

/* The n digits m with exponent x in e-notation ("-1.25e+07", at least
 * two exponent digits, as printf writes them) at t; its length. */
static int put_sci(char *t, int neg, const char *m, int n, int x)
{
    int k = 0;
    if (neg)
        t[k++] = '-';
    t[k++] = m[0];
    if (n > 1) {
        t[k++] = '.';
        memcpy(t + k, m + 1, (size_t)n - 1);
        k += n - 1;
    }
    t[k++] = 'e';
    t[k++] = x < 0 ? '-' : '+';
    if (x > -10 && x < 10)
        t[k++] = '0';
    k += put_uint(t + k, x < 0 ? -x : x);
    t[k] = '\0';
    return k;
}

/* The n digits m with exponent x as a number at t (72 bytes): fixed
 * notation where -4 <= x < most, e-notation elsewhere, as printf's
 * %.{most}g chooses and writes them (so never longer than that form).
 * The value is the same either way.  Its length. */
static int compose(char *t, int neg, const char *m, int n, int x, int most)
{
    int k = 0;
    if (x >= most || x < -4)
        return put_sci(t, neg, m, n, x);
    if (neg)
        t[k++] = '-';
    if (x < 0) {
        t[k++] = '0';
        t[k++] = '.';
        for (int i = 0; i < -x - 1; i++)
            t[k++] = '0';
        memcpy(t + k, m, (size_t)n);
        k += n;
    } else {
        for (int i = 0; i <= x; i++)
            t[k++] = i < n ? m[i] : '0';
        if (n > x + 1) {
            t[k++] = '.';
            memcpy(t + k, m + x + 1, (size_t)(n - x - 1));
            k += n - x - 1;
        }
    }
    t[k] = '\0';
    return k;
}

/* The shortest form of v with at most most digits (v is a float when
 * single) into buf.  v is printed once, to most digits, and the shorter
 * roundings are made from those digits and tried in turn, in long double
 * arithmetic where that decides, else by parsing them.  Above the
 * smallest normal number, the rounding to safe digits (DBL_DIG, FLT_DIG)
 * reads back exactly when a form of that many digits or fewer does, and
 * is then that form with trailing zeros, so the tries start there;
 * subnormals have fewer significant bits, so there they start at one. */
static int shortest(char *buf, size_t len, double v, int safe, int most,
                    double tiny, int single)
{
    char e[40], m[24], c[24], t[72];
    int x, cx = 0, q;
    if (!isfinite(v))
        return snprintf(buf, len, "%s%s", signbit(v) ? "-" : "",
                        isnan(v) ? "nan" : "inf");
    const int neg = signbit(v) != 0;
    snprintf(e, sizeof e, "%.*e", most - 1, v);
    split(e, m, &x);
    int all = most; /* the digits printed, less trailing zeros: these */
    while (all > 1 && m[all - 1] == '0') /* always read back */
        all--;
    for (q = v != 0 && fabs(v) < tiny ? 1 : safe; q < all; q++) {
        if (!round_to(m, most, x, q, c, &cx)) {
            snprintf(e, sizeof e, "%.*e", q - 1, v); /* a half: ask printf */
            split(e, c, &cx);
        }
        int ok = reads_back_fast(c, q, cx, v, single);
        if (ok < 0) {
            put_sci(t, neg, c, q, cx);
            ok = reads_back(t, v, single);
        }
        if (ok)
            break;
    }
    if (q >= all) {
        memcpy(c, m, sizeof m);
        cx = x;
        q = all;
    }
    while (q > 1 && c[q - 1] == '0')
        q--;
    int n = compose(t, neg, c, q, cx, most);
    if (len > 0) {
        size_t k = (size_t)n < len ? (size_t)n : len - 1;
        memcpy(buf, t, k);
        buf[k] = '\0';
    }
    return n;
}

/* Contract in internal.h. */
int tkmi_num_double(char *buf, size_t len, double v)
{
    return shortest(buf, len, v, DBL_DIG, 17, DBL_MIN, 0);
}

/* Contract in internal.h. */
int tkmi_num_float(char *buf, size_t len, float v)
{
    return shortest(buf, len, v, FLT_DIG, 9, FLT_MIN, 1);
}

/* Contract in internal.h. */
int tkmi_put_double(FILE *f, double v)
{
    char buf[TKMI_NUM_LEN];
    int n = tkmi_num_double(buf, sizeof buf, v);
    return fwrite(buf, 1, (size_t)n, f) == (size_t)n ? 0 : -1;
}

/* Contract in internal.h. */
int tkmi_put_float(FILE *f, float v)
{
    char buf[TKMI_NUM_LEN];
    int n = tkmi_num_float(buf, sizeof buf, v);
    return fwrite(buf, 1, (size_t)n, f) == (size_t)n ? 0 : -1;
}
