/* The command in one process: the plain build's side of par.h. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "par.h"

void cli_par_start(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
}

int cli_par_end(int rc) { return rc; }
int cli_par_rank(void) { return 0; }
int cli_par_size(void) { return 1; }
int cli_par_built(void) { return 0; }
const tkm_comm *cli_par_comm(void) { return NULL; }
int cli_par_agree(int rc) { return rc; }

int cli_par_hold(const char *text)
{
    (void)text;
    return 0;
}

uint64_t cli_par_sum(uint64_t v) { return v; }

void cli_par_max(double *v, size_t count)
{
    (void)v;
    (void)count;
}

void cli_par_gather(const double *mine, size_t count, double *all)
{
    for (size_t i = 0; i < count; i++)
        all[i] = mine[i];
}

int cli_par_write(const char *path, const void *bytes, size_t len, char *msg,
                  size_t msglen)
{
    (void)path;
    (void)bytes;
    (void)len;
    snprintf(msg, msglen, "collective writes need the MPI build");
    return -1;
}

/* The plain command runs one process; where the MPI build lies beside it
 * (build/trikmeans-mpi, made by the same make where mpicc is found), say
 * so and how to run it. */
void cli_par_describe(char *buf, size_t len)
{
    char exe[4096], mpi[4200];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash = n > 0 ? (exe[n] = '\0', strrchr(exe, '/')) : NULL;
    if (slash) {
        *slash = '\0';
        snprintf(mpi, sizeof mpi, "%s/trikmeans-mpi", exe);
    }
    if (slash && access(mpi, X_OK) == 0)
        snprintf(buf, len, "not in this program (one process); the MPI "
                 "build is %s: run it under mpirun", mpi);
    else
        snprintf(buf, len, "not built (build/trikmeans-mpi is made where "
                 "mpicc is found)");
}

int cli_par_place(int rank, char *cpus, size_t len)
{
    if (len)
        cpus[0] = 0;
    return rank == 0 ? 0 : -1;
}

int cli_par_confined(char *buf, size_t len)
{
    if (len)
        buf[0] = 0;
    return 0;
}
