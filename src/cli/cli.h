/*
 * The trikmeans command: declarations shared by its subcommands.
 *
 * The command uses only the public API (trikmeans.h) and the precision
 * independent helpers of internal.h.  Names here carry the cli_ prefix;
 * they live in the program, never in the library.
 *
 * Exit status, for every subcommand:
 *   0  success
 *   1  the run failed (solver, CUDA, form unavailable, writing output)
 *   2  usage or input error (options, numbers, names, unreadable or
 *      malformed data, k > n)
 */
#ifndef TKM_CLI_H
#define TKM_CLI_H

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>

#include "internal.h"

enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

/* ---- messages (util.c) ------------------------------------------------- */

/* "trikmeans CMD: message" on stderr, then a hint to run CMD --help.
 * Returns CLI_USAGE. */
int cli_usage(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* "trikmeans CMD: message" on stderr.  Returns CLI_FAIL. */
int cli_fail(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Report a library failure: the message if any, else tkm_strerror(st).
 * Returns code (CLI_FAIL or CLI_USAGE); with CLI_USAGE the --help hint
 * follows. */
int cli_status(const char *cmd, int code, tkm_status st, const char *msg);
/* Exit code for a failed solver or init call: input problems (EINVAL,
 * EFORMAT, ERANGE) are CLI_USAGE, everything else CLI_FAIL. */
int cli_code_for(tkm_status st);

/* Report a getopt_long error ('?' unknown option, ':' missing value) for
 * argv; returns CLI_USAGE. */
int cli_getopt_error(const char *cmd, int c, char **argv);

/* ---- numbers (util.c): full-string, range-checked; on error print a
 * usage message naming opt and return -1 -------------------------------- */

int cli_parse_ll(const char *cmd, const char *opt, const char *s,
                 long long lo, long long hi, long long *out);
int cli_parse_size(const char *cmd, const char *opt, const char *s,
                   size_t lo, size_t hi, size_t *out);
int cli_parse_int(const char *cmd, const char *opt, const char *s, int lo,
                  int hi, int *out);
int cli_parse_u64(const char *cmd, const char *opt, const char *s,
                  uint64_t *out);
/* A finite double with lo <= x (or lo < x when open_lo) and x <= hi. */
int cli_parse_double(const char *cmd, const char *opt, const char *s,
                     double lo, int open_lo, double hi, double *out);

/* ---- output files (util.c) --------------------------------------------- */

/* The extension of path after its last '.', or "" when there is none. */
const char *cli_ext(const char *path);
/* Check that path ends in one of the exts (a NULL-terminated list, such as
 * {".csv", ".npy", NULL}, compared ignoring case); else print a usage error naming what (e.g.
 * "--labels") and the valid extensions, and return -1. */
int cli_check_ext(const char *cmd, const char *what, const char *path,
                  const char *const *exts);
/* Whether the reader takes path as raw binary by its extension (.bin,
 * .raw, .f32, .f64). */
int cli_is_raw(const char *path);
/* Check that the folder that will hold path exists and is writable; else
 * print the reason and return -1 (an I/O problem: exit CLI_FAIL). */
int cli_check_dir(const char *cmd, const char *what, const char *path);

/* Files written by this run, removed again if a later write fails so that
 * a failed run leaves none of its outputs behind. */
#define CLI_MAX_OUTPUTS 4
typedef struct {
    const char *path[CLI_MAX_OUTPUTS];
    int n;
} cli_written;

void cli_written_add(cli_written *w, const char *path);
/* Remove every file recorded in w (used when a later write failed). */
void cli_written_undo(cli_written *w);

/* ---- the options every run-style subcommand shares (opts.c) ----------- */

typedef struct {
    const char *data;       /* --data or the positional file              */
    size_t k;               /* -k, required (0 = not given)               */
    tkm_algorithm algorithm;
    tkm_form form;
    tkm_precision precision;
    tkm_init_method init;   /* used when init_file is NULL                */
    const char *init_file;  /* --init FILE: k x d starting centroids      */
    int candidates;         /* greedy k-means++ candidates, 0 = default   */
    int candidates_set;
    uint64_t seed;
    int threads;
    int block_size;
    int max_iter;
    double tol;
    tkm_empty_policy empty;
    int inertia_each_iter;
    size_t raw_d, raw_n;    /* raw binary input: shape (n 0 = from size)  */
    int raw_bits;           /* 32 or 64; 0 = not given                    */
    int raw_set;            /* any --raw-* option seen                    */
    const char *labels;     /* outputs: NULL = not asked                  */
    const char *centroids;
    const char *stats;
    int verbosity;          /* -1 quiet, 0 default, 1 verbose             */
} cli_run;

/* Option codes of the shared long options; subcommands number their own
 * from CLI_OPT_SUB on. */
enum { CLI_OPT_SUB = 400 };

/* The shared options' getopt_long table (terminated by a zero entry) and
 * their short letters. */
extern const struct option cli_run_longopts[];
#define CLI_RUN_SHORTOPTS "k:qv"

/* Defaults: lloyd, seq, f64, kmeans++, seed 0, max-iter 300, tol 0,
 * threads 0, block size 0, empty keep. */
void cli_run_default(cli_run *r);
/* Parse one option (a getopt_long code and its argument).  Returns 1 when
 * the option is a shared one and was taken, 0 when it is not a shared
 * option, -1 after printing a usage error. */
int cli_run_parse(cli_run *r, int code, const char *arg, const char *cmd);
/* Take a positional argument as the data file; -1 (after a usage error)
 * when the data file is already given. */
int cli_run_positional(cli_run *r, const char *arg, const char *cmd);
/* Checks once every option is in: data and k given, output extensions,
 * distinct outputs, option combinations.  CLI_OK or CLI_USAGE. */
int cli_run_finish(cli_run *r, const char *cmd);
/* Print the shared options' help text. */
void cli_run_help(FILE *f);
/* Join the shared table and a subcommand's extra entries (zero-terminated)
 * into out[cap]; -1 if it does not fit. */
int cli_options_join(struct option *out, size_t cap,
                     const struct option *extra);

/* ---- preparing a run (run.c) ------------------------------------------ */

/* Solver parameters from the options (progress left unset). */
void cli_run_params(const cli_run *r, tkm_params *p);
/* Parameter checks that do not need the data, then the form's
 * availability.  CLI_OK, CLI_USAGE or CLI_FAIL (form absent). */
int cli_run_precheck(const cli_run *r, const char *cmd);
/* Read the data set and choose (or read) the k x d starting centroids.
 * On success *ds and *init (malloc'd) belong to the caller; on failure
 * both are left empty and the exit code is returned. */
int cli_run_load(const cli_run *r, const char *cmd, tkm_dataset *ds,
                 double **init);
/* Choose (or read from --init FILE) the k x d starting centroids for a
 * data set already in memory; *init (malloc'd) belongs to the caller. */
int cli_run_start(const cli_run *r, const char *cmd, const tkm_dataset *ds,
                  double **init);

/* ---- statistics files (stats.c) --------------------------------------- */

/* Write the run's statistics as .csv (one row per iteration) or .json
 * (run metadata and an array of iterations), replacing path whole.
 * TKM_OK or TKM_EIO with the reason in msg. */
tkm_status cli_write_stats(const char *path, const cli_run *r,
                           const tkm_result *res, char *msg, size_t msglen);
/* Write a text file whole or not at all: fill() writes into a temporary
 * beside path, which is renamed onto path when every write succeeded.
 * TKM_OK or TKM_EIO with the reason in msg. */
tkm_status cli_write_atomic(const char *path, void (*fill)(FILE *, void *),
                            void *ctx, char *msg, size_t msglen);
/* JSON members "key": value followed by sep; NaN and Inf become null,
 * strings are escaped. */
void cli_json_num(FILE *f, const char *key, double v, const char *sep);
void cli_json_str(FILE *f, const char *key, const char *s, const char *sep);

/* ---- subcommands ------------------------------------------------------- */

int cli_fit(int argc, char **argv);
int cli_gen(int argc, char **argv);
int cli_info(int argc, char **argv);
int cli_score(int argc, char **argv);
int cli_check(int argc, char **argv);
void cli_fit_help(FILE *f);
void cli_gen_help(FILE *f);
void cli_info_help(FILE *f);
void cli_score_help(FILE *f);
void cli_check_help(FILE *f);

#endif /* TKM_CLI_H */
