/*
 * Lloyd's assign step on the CPU: every point against every centroid,
 * through the scan kernel (kern.h) a chunk of points at a time.
 * Sequential and OpenMP forms from this one source (threads == 1 runs the
 * loop without a team).
 */
#include "real.h"

#include "kern.h"
#include "solver.h"

/* Points per scan call: labels of one chunk fit a small local buffer. */
#define LLOYD_CHUNK 256

static void lloyd_assign(TKM_FN(tkmi_cpu) *s, tkm_iter_stats *row)
{
    size_t n = s->n, d = s->d;
    row->dist_pc = (uint64_t)n * s->k;
    if (s->screen) {
        uint64_t ch, re;
        uint64_t sc = TKM_FN(tkmi_screen_labels)(s, &ch, &re);
        if (sc != UINT64_MAX) {
            row->changed = ch;
            row->screened = sc;
            row->rechecked = re;
            return;
        }
    }
    long long nch = (long long)((n + LLOYD_CHUNK - 1) / LLOYD_CHUNK);
    uint64_t changed = 0;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static) reduction(+ : changed)
    for (long long ch = 0; ch < nch; ch++) {
        size_t lo = (size_t)ch * LLOYD_CHUNK;
        size_t m = n - lo < LLOYD_CHUNK ? n - lo : LLOYD_CHUNK;
        int32_t lab[LLOYD_CHUNK];
        TKM_FN(tkmi_scan_out) o = {.lab = lab};
        s->kern->scan(&s->kc, s->x + lo * d, NULL, m, &o);
        for (size_t i = 0; i < m; i++)
            if (lab[i] != s->labels[lo + i]) {
                s->labels[lo + i] = lab[i];
                changed++;
            }
    }
    row->changed = changed;
}

const TKM_FN(tkmi_cpu_alg) TKM_FN(tkmi_lloyd_cpu) = {
    .setup = NULL,
    .first = lloyd_assign,
    .bound = NULL,
    .assign = lloyd_assign,
    .release = NULL,
};
