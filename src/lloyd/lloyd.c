/*
 * Lloyd's assign step on the CPU: every point against every centroid,
 * through the scan kernel (kern.h) or its exact screening by a matrix
 * product (screen.c), a chunk of points at a time.
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
    size_t n = s->n;
    row->dist_pc = (uint64_t)n * s->k;
    /* the screened scan takes chunks of its own product's size */
    const int scr = TKM_FN(tkmi_screen_begin)(s);
    const size_t chunk = scr ? TKM_FN(tkmi_screen_rows)(s) : LLOYD_CHUNK;
    long long nch = (long long)((n + chunk - 1) / chunk);
    uint64_t changed = 0, screened = 0, rechecked = 0;
#pragma omp parallel for num_threads(s->threads) if (s->threads > 1) \
    schedule(static) reduction(+ : changed, screened, rechecked)
    for (long long ch = 0; ch < nch; ch++) {
        size_t lo = (size_t)ch * chunk;
        size_t m = n - lo < chunk ? n - lo : chunk;
        int32_t lab[TKMI_SCREEN_ROWS > LLOYD_CHUNK ? TKMI_SCREEN_ROWS
                                                   : LLOYD_CHUNK];
        /* (the labels so far: the screening's candidates from each
         * point's last centroid) */
        TKM_FN(tkmi_scan_out) o = {.lab = lab, .hint = s->labels + lo};
        if (scr)
            TKM_FN(tkmi_screen_scan)(s, lo, NULL, m, &o, &screened,
                                     &rechecked);
        else
            TKM_FN(tkmi_rows_scan)(s, &s->kc, lo, NULL, m, &o);
        for (size_t i = 0; i < m; i++)
            if (lab[i] != s->labels[lo + i]) {
                s->labels[lo + i] = lab[i];
                changed++;
            }
    }
    if (scr)
        TKM_FN(tkmi_screen_end)(s);
    row->changed = changed;
    row->screened = screened;
    row->rechecked = rechecked;
}

const TKM_FN(tkmi_cpu_alg) TKM_FN(tkmi_lloyd_cpu) = {
    .setup = NULL,
    .first = lloyd_assign,
    .bound = NULL,
    .assign = lloyd_assign,
    .release = NULL,
};
