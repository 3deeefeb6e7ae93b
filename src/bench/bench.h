/*
 * trikmeans bench, between its files: bench.c (options, output folder,
 * summary) calls bench_run.c (the sweep and its CSV rows); both draw
 * the progress line of src/cli/progress.c.
 */
#ifndef TKM_CLI_BENCH_H
#define TKM_CLI_BENCH_H

#include "harness.h"

typedef struct {
    const cli_preset *p;
    FILE *runs;           /* runs.csv.part                              */
    FILE *iters;          /* iterations.csv.part                        */
    long next_id;         /* run ids, from 1                            */
    int quiet;
    cli_progress pg;      /* work: estimated distance computations      */
    /* verdict counts */
    size_t n_baseline, n_pass, n_fail, n_unchecked, n_skipped, n_failed;
} bench_state;

/* The header lines of runs.csv and iterations.csv (sklearn_compare.py
 * writes the same runs columns). */
extern const char cli_bench_runs_header[];
extern const char cli_bench_iters_header[];

/* Rows a data set will add to runs.csv, and its estimated work. */
size_t cli_bench_count(const cli_bench_data *d, double *work);
/* Run every case of a data set, appending to b's files. */
void cli_bench_data_set(bench_state *b, const cli_bench_data *d);

#endif /* TKM_CLI_BENCH_H */
