/*
 * Lloyd's assign step on the CPU: every point against every centroid.
 * Sequential and OpenMP forms from this one source (threads == 1 runs the
 * loop without a team).
 */
#include "real.h"

#include "arith.h"
#include "solver.h"

static void lloyd_assign(TKM_FN(tkmi_cpu) *s, tkm_iter_stats *row)
{
    long long n = (long long)s->n;
    uint64_t changed = 0;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static) reduction(+ : changed)
    for (long long i = 0; i < n; i++) {
        tkm_real b2;
        int a = TKM_FN(tkmi_nearest)(s->x + (size_t)i * s->d, 1, s->c, s->k,
                                     s->d, &b2);
        if (a != s->labels[i]) {
            s->labels[i] = a;
            changed++;
        }
    }
    row->changed = changed;
    row->dist_pc = (uint64_t)s->n * s->k;
}

const TKM_FN(tkmi_cpu_alg) TKM_FN(tkmi_lloyd_cpu) = {
    .setup = NULL,
    .first = lloyd_assign,
    .bound = NULL,
    .assign = lloyd_assign,
    .release = NULL,
};
