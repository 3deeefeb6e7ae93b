/*
 * trikmeans bench, between its files: bench.c (options, output folder,
 * summary) calls bench_run.c (the sweep and its CSV rows); both draw
 * the progress line of src/cli/progress.c.
 */
#ifndef TKM_CLI_BENCH_H
#define TKM_CLI_BENCH_H

#include "harness.h"

/* A case (data set, k, initialisation, seed) an interrupted sweep ended. */
typedef struct {
    char dataset[CLI_NAME_MAX];
    char init[32];
    long long k;
    unsigned long long seed;
    size_t first, rows; /* its rows in runs.csv.part                     */
} cli_resume_case;

/* What bench --resume keeps of an interrupted sweep. */
typedef struct {
    cli_resume_case *cases;
    size_t ncases;      /* the complete cases, skipped by the sweep       */
    size_t next;        /* the sweep's next case                          */
    long rows;          /* their rows: run ids 1..rows                    */
} cli_bench_resume;

typedef struct {
    const cli_preset *p;
    cli_bench_resume *rs; /* NULL: a new sweep                          */
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
/* --dry-run's probe of a data set: sequential Lloyd in double at the
 * smallest k the data allow, from the preset's first start, with its
 * max_iter and fixed_iter: its k, iterations and seconds.  -1 with the
 * reason in why when the data cannot be loaded or the run fails. */
int cli_bench_probe(const cli_bench_data *d, size_t *k, int *iterations,
                    double *secs, char *why, size_t len);
/* Count a run of this verdict (baseline, pass, fail, ...) in b. */
void cli_bench_tally(bench_state *b, const char *verdict);

/* bench --resume (resume.c): keep the complete cases of DIR's .part
 * files (cut back to them), check them against preset p, and set b to go
 * on after them; a CLI_* status, said. */
int cli_bench_resume_load(const char *dir, const cli_preset *p,
                          bench_state *b, cli_bench_resume *rs);
/* 1 when the sweep's next case is one the interrupted sweep ended (and
 * steps past it), else 0. */
int cli_bench_resume_skip(bench_state *b);

#endif /* TKM_CLI_BENCH_H */
