/* Portable RNG: xoshiro256** (Blackman & Vigna) seeded by splitmix64.
 * Integer-only state updates, so every platform gives the same stream. */
#include <math.h>

#include "internal.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void tkmi_rng_seed(tkmi_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

uint64_t tkmi_rng_next(tkmi_rng *r)
{
    uint64_t *s = r->s;
    uint64_t out = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

double tkmi_rng_uniform(tkmi_rng *r)
{
    return (double)(tkmi_rng_next(r) >> 11) * 0x1.0p-53;
}

uint64_t tkmi_rng_below(tkmi_rng *r, uint64_t bound)
{
    /* Rejection sampling: draw until the value is below the largest
     * multiple of bound, so every residue is equally likely. */
    uint64_t lim = UINT64_MAX - UINT64_MAX % bound;
    uint64_t v;
    do {
        v = tkmi_rng_next(r);
    } while (v >= lim);
    return v % bound;
}

double tkmi_rng_normal(tkmi_rng *r, int *have_spare, double *spare)
{
    if (*have_spare) {
        *have_spare = 0;
        return *spare;
    }
    double u1, u2;
    do {
        u1 = tkmi_rng_uniform(r);
    } while (u1 <= 0.0);
    u2 = tkmi_rng_uniform(r);
    double rad = sqrt(-2.0 * log(u1));
    double th = 6.283185307179586 * u2;
    *spare = rad * sin(th);
    *have_spare = 1;
    return rad * cos(th);
}
