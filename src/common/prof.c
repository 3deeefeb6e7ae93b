/*
 * Column profiles folded by the threads of a team (contracts in
 * internal.h; the profile itself is fixsum.h's tkmi_fx_profile).
 */
#include <stdlib.h>

#include "internal.h"

double *tkmi_prof_own(const double *prof, size_t np)
{
    double *m = prof ? tkmi_alloc(np, 1, sizeof *m) : NULL;
    for (size_t j = 0; m && j < np; j++)
        m[j] = prof[j];
    return m;
}

void tkmi_prof_fold(double *prof, double *m, size_t np, int *nomem)
{
    if (prof && !m) {
#pragma omp atomic write
        *nomem = 1;
    }
#pragma omp critical(tkmi_prof_fold)
    for (size_t j = 0; m && j < np; j++)
        if (m[j] > prof[j])
            prof[j] = m[j];
    free(m);
}
