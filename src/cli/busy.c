/*
 * The machine's load around a timed stretch of the command (a fit, a
 * bench run): other work on the CPUs slows a run by more than its share
 * (its threads wait for the one that shares a core), so a time measured
 * then is not one to compare.  Measured by the library's tkmi_cpus_busy
 * (src/common/load.c) at both ends.  Contracts in cli.h.
 */
#include <stdio.h>

#include "cli.h"

/* Over several MPI ranks not measured: ranks sharing a node would take
 * each other for other work. */
void cli_load_begin(cli_load *l)
{
    l->cpus = 0;
    l->start = l->end = -1;
    if (cli_par_size() == 1)
        l->start = tkmi_cpus_busy(&l->cpus);
}

void cli_load_end(cli_load *l)
{
    if (l->start >= 0)
        l->end = tkmi_cpus_busy(NULL);
}

int cli_load_busy(const cli_load *l)
{
    return l->start > l->end ? l->start : l->end;
}

void cli_load_say(const cli_load *l, char *buf, size_t len)
{
    snprintf(buf, len, "other work kept %d of %d CPUs busy (%d at the "
             "start, %d at the end)", cli_load_busy(l), l->cpus, l->start,
             l->end);
}
