/*
 * Hamerly's bounds and phases on the CPU (precision dependent; include
 * real.h first), for src/hamerly/hamerly.c and for the algorithms that
 * keep Hamerly's two bounds per point and differ only in how a point that
 * fails the global test finds its nearest centroid (src/annulus,
 * src/exponion).  Such an algorithm embeds tkmi_ham as the first member
 * of its state (s->alg) and calls these in its own setup, first, bound
 * and assign parts; every function is safe under rounding as hamerly.c
 * and hamerly_arith.h say.
 */
#ifndef TKM_HAMERLY_CPU_H
#define TKM_HAMERLY_CPU_H

#include <stddef.h>
#include <stdint.h>

#include "kern.h"
#include "real.h"
#include "solver.h"

typedef struct TKM_FN(tkmi_ham) {
    tkm_real *u;     /* n upper bounds                                  */
    tkm_real *l;     /* n lower bounds (second-nearest centroid)        */
    tkm_real *s;     /* k: half the distance to the nearest other       */
    tkm_real *t;     /* k safe drifts of the last update                */
    tkm_real *part;  /* threads * k: per-thread minima for s            */
    tkm_real upf;    /* 1 + rounding margin                             */
    tkm_real dnf;    /* 1 - rounding margin                             */
    tkm_real ab;     /* absolute term of the bounds                     */
} TKM_FN(tkmi_ham);

/* Points per chunk of the later assignments (tkmi_ham_filter's m). */
#define TKMI_HAM_CHUNK 256

/* Add the bytes of e's arrays for s to *plan (tkmi_plan_add). */
void TKM_FN(tkmi_ham_plan)(const TKM_FN(tkmi_cpu) *s, size_t *plan);
/* Allocate e's arrays and set its factors (s = 0 under no_cc); adds its
 * per-point and per-centroid bytes to s->bound_bytes.  0 when out of
 * memory (what was allocated is left for tkmi_ham_free). */
int TKM_FN(tkmi_ham_alloc)(TKM_FN(tkmi_cpu) *s, TKM_FN(tkmi_ham) *e);
void TKM_FN(tkmi_ham_free)(TKM_FN(tkmi_ham) *e);

/* The first assignment: all k distances of every point (screened when
 * the run screens), labels, u and l. */
void TKM_FN(tkmi_ham_first)(TKM_FN(tkmi_cpu) *s, TKM_FN(tkmi_ham) *e,
                            tkm_iter_stats *row);
/* The bound phase: u grows by the own centroid's drift, l shrinks by the
 * largest drift among the others (or of all, under max_drift_only). */
void TKM_FN(tkmi_ham_move)(TKM_FN(tkmi_cpu) *s, TKM_FN(tkmi_ham) *e);
/* s(c) for every centroid (scr: through the screening, once
 * tkmi_screen_begin returned 1); returns the distances the algorithm
 * needs, k (k - 1) / 2. */
uint64_t TKM_FN(tkmi_ham_gaps)(TKM_FN(tkmi_cpu) *s, TKM_FN(tkmi_ham) *e,
                               int scr, uint64_t *screened,
                               uint64_t *rechecked);
/* The global test of points lo .. lo + m - 1 (m <= TKMI_HAM_CHUNK) with
 * the loose u, then with u tightened (the own centroid's distance, several
 * pairs at a time): the points that fail both go to fi (their squared
 * distance to the own centroid to a2), their number is returned; the
 * points pruned by the first test are added to *npts, the distances taken
 * to *ndist.  With up (sparse points, the step screening: Hamerly's own
 * pass, which needs no a2) u is tightened to the screen's upper bound on
 * the distance (tkmi_screen_pair_up), at the cost of the stored values,
 * and a2 is left unset. */
size_t TKM_FN(tkmi_ham_filter)(TKM_FN(tkmi_cpu) *s, TKM_FN(tkmi_ham) *e,
                               size_t lo, size_t m, size_t *fi, tkm_real *a2,
                               uint64_t *npts, uint64_t *ndist, int up);
/* The full scan over all k of the m points idx[i] (idx NULL: lo ..
 * lo + m - 1): screened when scr and m pays for a product, else the scan
 * kernel; the same bits either way. */
void TKM_FN(tkmi_ham_full_scan)(TKM_FN(tkmi_cpu) *s, int scr, size_t lo,
                                const size_t *idx, size_t m,
                                const TKM_FN(tkmi_scan_out) *o,
                                uint64_t *screened, uint64_t *rechecked);

/* The full scan of the nf <= TKMI_HAM_CHUNK points fi[] (tkmi_ham_full_
 * scan), their labels (changes added to *changed), u and l from it; adds
 * the k - 1 distances of each to *ndist (its own centroid's, taken when it
 * was tightened, is not counted again). */
void TKM_FN(tkmi_ham_rescan)(TKM_FN(tkmi_cpu) *s, TKM_FN(tkmi_ham) *e,
                             int scr, const size_t *fi, size_t nf,
                             uint64_t *changed, uint64_t *ndist,
                             uint64_t *screened, uint64_t *rechecked);

#endif /* TKM_HAMERLY_CPU_H */
