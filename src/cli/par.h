/*
 * The command over several processes.  The plain build links par_none.c
 * (one process, every call the one-process answer); the MPI build
 * (build/trikmeans-mpi) links src/mpi/par_mpi.c instead.  Everything else
 * in the command is the same object code in both.
 */
#ifndef TKM_CLI_PAR_H
#define TKM_CLI_PAR_H

#include <stddef.h>
#include <stdint.h>

#include "trikmeans.h"

/* Start and end (MPI_Init, MPI_Finalize); rc is the exit status.  The
 * MPI build also sizes each process's OpenMP team at start
 * (docs/mpi.md): its CPUs shared among the processes of its node whose
 * affinity masks meet it, unless OMP_NUM_THREADS is set. */
void cli_par_start(int *argc, char ***argv);
int cli_par_end(int rc);

int cli_par_rank(void);
int cli_par_size(void);
/* 1 in the MPI build (even with one rank), 0 in the plain one. */
int cli_par_built(void);

/* The library's hooks over the processes; NULL in the plain build. */
const tkm_comm *cli_par_comm(void);

/* Collective: the exit status every process returns after a stage that
 * can fail on one of them, rc being this one's.  When a process failed,
 * the first of them (by rank) has its message printed by rank 0, naming
 * the rank (messages of ranks other than 0 are held until then: see
 * cli_par_hold). */
int cli_par_agree(int rc);

/* Called with each message the command prints on stderr; returns 1 when
 * the process holds it instead (ranks other than 0), 0 to print it. */
int cli_par_hold(const char *text);

/* Collective: the sum over the processes. */
uint64_t cli_par_sum(uint64_t v);
/* Collective: the maximum over the processes (per element, in place). */
void cli_par_max(double *v, size_t count);
/* Collective: rank 0 receives every process's count doubles, in rank
 * order, in all (size * count; may be NULL elsewhere). */
void cli_par_gather(const double *mine, size_t count, double *all);

/* Collective: write bytes (this process's len bytes, in rank order after
 * those of the lower ranks) to a new file at path, all or nothing: 0, or
 * an errno with the reason in msg on every process. */
int cli_par_write(const char *path, const void *bytes, size_t len,
                  char *msg, size_t msglen);

/* The MPI library and the processes' layout, with this process's CPUs
 * and OpenMP team, for `trikmeans info` and the statistics. */
void cli_par_describe(char *buf, size_t len);

/* Bytes that hold any CPU list cli_par_place writes. */
#define CLI_PAR_CPUS 6144

/* Where process rank runs: its node-local rank, returned, and its
 * affinity mask as a Linux CPU list ("0-3,8") in cpus.  Rank 0 knows
 * every process's (gathered at start), the others their own; -1 and ""
 * for one not known here ("" also where the mask is unknown, and in the
 * plain build). */
int cli_par_place(int rank, char *cpus, size_t len);

/* On rank 0: the processes bound to one core while their node has CPUs
 * that no process's affinity mask covers (an omp form's threads would
 * share that core), as a sentence for a warning that names them and the
 * mpirun options that fix it, in buf; returns their number (0, buf "",
 * when none, on other ranks and in the plain build). */
int cli_par_confined(char *buf, size_t len);

#endif /* TKM_CLI_PAR_H */
