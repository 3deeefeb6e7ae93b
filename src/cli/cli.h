/*
 * The trikmeans command: the kit its subcommands share (messages, numbers,
 * the run options, lists, solver sweeps, statistics files), used here and
 * by the evaluation harness in src/bench/ (harness.h), and the
 * subcommands main.c dispatches to.
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

#include "algs.h"
#include "internal.h"
#include "par.h"

enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

/* ---- messages (util.c) ------------------------------------------------- */

/* "trikmeans CMD: message" on stderr, then a hint to run CMD --help.
 * Returns CLI_USAGE. */
int cli_usage(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* "trikmeans CMD: message" on stderr.  Returns CLI_FAIL. */
int cli_fail(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A memory request of bytes for what fmt says, refused or not granted:
 * "trikmeans CMD: <what>: out of memory: <bytes> ..." on stderr (the
 * library's wording, internal.h).  Returns CLI_FAIL. */
int cli_fail_alloc(const char *cmd, size_t bytes, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* CLI_OK when bytes fit the memory limit, else cli_fail_alloc's message
 * and CLI_FAIL: the check before a command makes its own large buffers. */
int cli_mem_check(const char *cmd, size_t bytes, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* CLI_OK when path (NULL: none) is "-" or the file tkm_write_matrix
 * (labels 0: n x d values) or tkm_write_labels (labels 1: n) would
 * write there fits the free space of its file system; else CLI_FAIL,
 * both sizes said: the check before the work whose output it is. */
int cli_space_check(const char *cmd, const char *path, size_t n, size_t d,
                    int labels);
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

/* The compiler that built the program, as "gcc VERSION" (util.c). */
const char *cli_compiler(void);

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
/* "-" as an output: standard output.  cli_is_stdout(path) says whether
 * path is it (NULL is not); cli_out_name(path) names it for a message;
 * cli_say(n, outs) is the stream for a command's summary: stderr when one
 * of its n outputs (NULL: not asked) goes to standard output, else
 * stdout. */
int cli_is_stdout(const char *path);
const char *cli_out_name(const char *path);
FILE *cli_say(int n, const char *const *outs);
/* Whether two paths name one file: the same string, the same device and
 * inode when both exist, else the same resolved path (an output not yet
 * written against an input or another output); "-" (a standard stream)
 * is no file. */
int cli_same_file(const char *a, const char *b);
/* Check that the folder that will hold path exists and is writable ("-"
 * passes): CLI_OK; else, the reason printed, CLI_USAGE when a part of
 * the path is a file (no folder can be there) or the folder is missing
 * (a bad name), CLI_FAIL when it cannot be written into (permissions,
 * an I/O problem). */
int cli_check_dir(const char *cmd, const char *what, const char *path);
/* Check path, named by option what (NULL: an argument), as a folder a
 * command writes into, made with its parents if missing: CLI_OK, or
 * CLI_USAGE (the reason printed) when it is empty or it, or a part of
 * it, is a file.  What stops the making otherwise (permissions) is left
 * to it: CLI_FAIL there. */
int cli_check_out_folder(const char *cmd, const char *what,
                         const char *path);

/* An output (or input) file of a command: its option, its path (NULL:
 * not given; "-": standard output) and, for outputs, the extensions it
 * may have (NULL-terminated). */
typedef struct {
    const char *what;
    const char *path;
    const char *const *exts;
} cli_output;

/* Check a command's outputs before any work: not a folder (force or
 * not), a known extension, not the same file as an input or another
 * output, not an existing file unless force, at most one "-", the folder
 * that holds it there (no file on its path) and writable.  CLI_OK, else
 * CLI_USAGE (CLI_FAIL for a missing or unwritable folder) after printing
 * why. */
int cli_check_outputs(const char *cmd, const cli_output *out, int nout,
                      const cli_output *in, int nin, int force);

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

/* ---- the progress line of a sweep (progress.c) ------------------------ */

typedef struct {
    int tty;              /* draw at all: stderr is a terminal          */
    double t0, last_draw;
    double work_total, work_done; /* estimated work, for the time left  */
    size_t runs_total, runs_done;
    char current[200];    /* what runs now                              */
} cli_progress;

/* Redraw the progress line (terminal only; at most a few times a second
 * unless force); clear it at the end. */
void cli_progress_draw(cli_progress *pg, int force);
void cli_progress_end(cli_progress *pg);
/* s seconds as "12s", "3m05s" or "1h02m". */
void cli_clock(double s, char *buf, size_t len);

/* ---- the options every run-style subcommand shares (opts.c) ----------- */

typedef struct {
    const char *data;       /* --data or the positional file              */
    size_t k;               /* -k, required (0 = not given)               */
    tkm_algorithm algorithm;
    tkm_form form;
    tkm_precision precision;
    tkm_init_method init;   /* used when init_file is NULL                */
    const char *init_file;  /* --init FILE: k x d starting centroids      */
    const double *weights;  /* fit --weights: this rank's rows' weights   */
    int candidates;         /* greedy k-means++ candidates, 0 = default   */
    int candidates_set;
    uint64_t seed;
    int threads;
    int block_size;
    int max_iter;
    double tol;             /* scikit-learn's relative tol                */
    double tol_abs;         /* largest centroid move                      */
    double tol_inertia;     /* relative change of the inertia             */
    int fixed_iter;         /* --fixed-iter                               */
    tkm_empty_policy empty;
    tkm_screen screen;      /* --screen                                   */
    int inertia_each_iter;
    int no_cc;              /* --no-cc                                    */
    int max_drift_only;     /* --max-drift-only                           */
    tkm_update update;      /* --update                                   */
    int update_error;       /* --update-error                             */
    size_t raw_d, raw_n;    /* raw binary input: shape (n 0 = from size)  */
    int raw_bits;           /* 32 or 64; 0 = not given                    */
    int raw_set;            /* any --raw-* option seen                    */
    tkm_format format;      /* --format; AUTO: by the data file's name    */
    tkm_header header;      /* text input: --header                       */
    char delimiter;         /* text input: --delimiter, 0 = detect        */
    const char *usecols;    /* --usecols, --skip-cols: NULL = not given   */
    const char *skip_cols;
    const char *labels;     /* outputs: NULL = not asked                  */
    const char *centroids;
    const char *stats;
    int force;              /* --force: replace existing outputs          */
    int verbosity;          /* -1 quiet, 0 default, 1 verbose             */
    int f32_in_place;       /* the subcommand takes a float32 file as x32
                               in an f32 run (fit, predict, init)          */
    int open_late;          /* a CUDA form's device is opened on a thread
                               of its own while cli_run_load reads the
                               data, not checked by cli_run_precheck (fit) */
} cli_run;

/* Option codes of the shared long options; subcommands number their own
 * from CLI_OPT_SUB on. */
enum { CLI_OPT_SUB = 400 };

/* The shared options' short letters. */
#define CLI_RUN_SHORTOPTS "k:qv"

/* Defaults: lloyd, seq, f64, kmeans++, seed 0, max-iter 300, tol 0,
 * tol-abs 0, threads 0, block size 0, empty keep. */
void cli_run_default(cli_run *r);
/* Parse one option (a getopt_long code and its argument).  Returns 1 when
 * the option is a shared one and was taken, 0 when it is not a shared
 * option, -1 after printing a usage error. */
int cli_run_parse(cli_run *r, int code, const char *arg, const char *cmd);
/* Take a positional argument as the data file; -1 (after a usage error)
 * when the data file is already given. */
int cli_run_positional(cli_run *r, const char *arg, const char *cmd);
/* A raw data file (by --raw-*, --format raw or its name) needs --raw-d;
 * CLI_OK, or CLI_USAGE after saying so. */
int cli_run_check_raw(const cli_run *r, const char *cmd);
/* Checks once every option is in: data and k given, output extensions,
 * distinct outputs, option combinations.  CLI_OK or CLI_USAGE. */
int cli_run_finish(cli_run *r, const char *cmd);
/* The getopt_long table of a subcommand: the shared options it names
 * (names: NULL-terminated long names, "k" for -k; NULL: all of them),
 * each with its second name where it has one (--algorithms for
 * --algorithm, ...), then its own extra entries (zero-terminated; may be
 * NULL), into out[cap]; -1 if it does not fit. */
int cli_options_build(struct option *out, size_t cap,
                      const char *const *names, const struct option *extra);
/* The help lines of the same shared options, by section. */
void cli_run_help(FILE *f, const char *const *names);

/* A subcommand's own option (a getopt_long code and its argument) into
 * ctx: 1 taken, 0 not its own, -1 after a usage error. */
typedef int (*cli_own_opt)(void *ctx, int code, const char *arg);

/* The command line of a run-style subcommand (fit, check, init,
 * predict): the shared options it names, its own, -h and the data file. */
typedef struct {
    const char *cmd;
    const char *const *names;    /* shared options taken (NULL: all)     */
    const struct option *extra;  /* its own long options and --help      */
    const char *shortopts;       /* the shared short letters it takes    */
    cli_own_opt own;             /* its own options (NULL: none)         */
    void *ctx;                   /* for own                              */
} cli_args;

/* Parse argv with getopt_long by a's table: each option goes to a->own
 * first, then to cli_run_parse into r; positional arguments are the data
 * file.  *help set (and parsing stops) at -h/--help.  CLI_OK, or
 * CLI_USAGE / CLI_FAIL after saying why. */
int cli_run_args(const cli_args *a, int argc, char **argv, cli_run *r,
                 int *help);

/* ---- preparing a run (run.c) ------------------------------------------ */

/* Solver parameters from the options (progress left unset). */
void cli_run_params(const cli_run *r, tkm_params *p);
/* Parameter checks that do not need the data, then the form's
 * availability.  CLI_OK, CLI_USAGE or CLI_FAIL (form absent). */
int cli_run_precheck(const cli_run *r, const char *cmd);
/* Read a data file (o NULL: the reader's defaults); failures are input
 * errors (CLI_USAGE) except running out of memory (CLI_FAIL), reported
 * with the reader's message.  The reader's note (an empty first header
 * field) becomes a warning on stderr, from rank 0 only, also before the
 * failure it may explain. */
int cli_read_file(const char *cmd, const char *path, const tkm_read_opts *o,
                  tkm_dataset *ds);
/* cli_read_file for a small table the command uses itself (centroids,
 * weights): a sparse file's values are made dense.  CLI_FAIL when out
 * of memory for them. */
int cli_read_dense(const char *cmd, const char *path, const tkm_read_opts *o,
                   tkm_dataset *ds);

/* ---- the machine's load around timed runs (busy.c) -------------------- */

/* The CPUs of this process's mask that other work kept busy when a timed
 * stretch began and when it ended (tkmi_cpus_busy); -1: not measured. */
typedef struct {
    int cpus;  /* the CPUs of the mask                                  */
    int start; /* busy ones at the start                                */
    int end;   /* and at the end                                        */
} cli_load;

void cli_load_begin(cli_load *l);
void cli_load_end(cli_load *l);
/* The most CPUs other work kept busy (0: a quiet machine, whose times
 * can be compared; -1 not measured). */
int cli_load_busy(const cli_load *l);
/* "other work kept 1 of 2 CPUs busy (1 at the start, 0 at the end)". */
void cli_load_say(const cli_load *l, char *buf, size_t len);

/* What makes a result less than k clusters (fit's warnings). */
typedef struct {
    size_t empty;      /* clusters with no point at the end              */
    size_t duplicates; /* centroids equal to a lower-numbered one        */
    size_t distinct;   /* distinct points when fewer than k, else 0      */
} cli_degenerate;

/* Labels for n points from a one-column file of whole numbers >= 0,
 * numbered densely in order of first appearance; *k the clusters
 * (score.c).  On success *out (malloc'd) belongs to the caller. */
int cli_read_labels(const char *cmd, const char *path, size_t n,
                    int32_t **out, size_t *k);

/* Count the degenerate parts of a result of fitting ds (degenerate.c).
 * Collective over MPI ranks: CLI_OK, or on every rank the failure (out
 * of memory) of the first rank that failed, its message printed. */
int cli_degenerate_of(const char *cmd, const tkm_dataset *ds,
                      const tkm_result *res, cli_degenerate *g);

/* Wall-clock seconds of a run's phases outside the library: reading the
 * file, choosing the start, writing labels and centroids, and the command
 * from its start to the statistics file. */
typedef struct {
    double read, start, write, wall;
    double context;     /* open_late: the wait for the device after the
                           read (the rest of its opening overlapped)    */
    long long peak_rss; /* the process's peak resident bytes at the end, -1
                           when unknown */
    cli_degenerate deg;  /* warnings of the run, for the statistics     */
    int n_init, kept;    /* --n-init: starts run, the one kept (0-based) */
    cli_load load;       /* the machine's load around the fits           */
    const double *inertias; /* n_init final inertias, NULL for one      */
    /* MPI ranks (trikmeans-mpi, even one): nranks rows of CLI_RANK_FIELDS
     * (rank, rows, threads, t_convert, t_setup, t_upload, t_loop,
     * t_result, t_download, and t_assign, t_update, t_bound, t_comm summed
     * over the iterations); 0
     * rows in the plain build */
    int nranks;
    const double *ranks;
    const char *mpi;        /* the MPI library and layout               */
} cli_times;
#define CLI_RANK_FIELDS 13

/* Read the data set of the options (--data, its format and shape). */
int cli_run_read(const cli_run *r, const char *cmd, tkm_dataset *ds);
/* Read the data set and choose (or read) the k x d starting centroids
 * (init NULL: read only, the start left to cli_run_start); the seconds of
 * both go to *tm when tm is not NULL.  On success *ds and *init
 * (malloc'd) belong to the caller; on failure both are left empty and the
 * exit code is returned. */
int cli_run_load(const cli_run *r, const char *cmd, tkm_dataset *ds,
                 double **init, cli_times *tm);
/* cli_run_load, then the sample weights of --weights FILE (NULL: none;
 * one column, each rank its rows) into *w and r->weights, then the start,
 * which weighs its draws by them.  On failure *ds, *w and *init are left
 * empty. */
int cli_run_load_weighted(cli_run *r, const char *cmd, const char *weights,
                          tkm_dataset *ds, tkm_dataset *w, double **init,
                          cli_times *tm);
/* Choose (or read from --init FILE) the k x d starting centroids for a
 * data set already in memory; *init (malloc'd) belongs to the caller. */
int cli_run_start(const cli_run *r, const char *cmd, const tkm_dataset *ds,
                  double **init);

/* ---- statistics files (stats.c) --------------------------------------- */

/* Write the run's statistics as .csv (one row per iteration; the run's
 * phase times, from res and tm, repeated on every row) or .json (run
 * metadata, its phases and an array of iterations), replacing path whole.
 * tm may be NULL (its phases are then written as unknown).
 * TKM_OK or TKM_EIO with the reason in msg. */
tkm_status cli_write_stats(const char *path, const cli_run *r,
                           const tkm_result *res, const cli_times *tm,
                           char *msg, size_t msglen);
/* Write a text file whole or not at all: fill() writes into a temporary
 * beside path, which is renamed onto path when every write succeeded.
 * TKM_OK or TKM_EIO with the reason in msg. */
tkm_status cli_write_atomic(const char *path, void (*fill)(FILE *, void *),
                            void *ctx, char *msg, size_t msglen);
/* JSON members "key": value followed by sep; NaN and Inf become null,
 * strings are escaped. */
void cli_json_num(FILE *f, const char *key, double v, const char *sep);
void cli_json_str(FILE *f, const char *key, const char *s, const char *sep);

/* ---- comma-separated lists (lists.c) ----------------------------------- */

typedef enum {
    CLI_LIST_ALGO, /* the algorithms (src/solve/algs.c)          */
    CLI_LIST_FORM, /* seq, omp, cuda-global, cuda-shared         */
    CLI_LIST_PREC, /* f32, f64                                   */
    CLI_LIST_INIT, /* kmeans++, kmeans++-greedy, random, farthest */
    CLI_LIST_EMPTY, /* keep, farthest                            */
    CLI_LIST_UPDATE /* exact, atomic, shared, tree, dc           */
} cli_list_kind;

/* The library's valid names of one kind, "a, b, c", into buf; returns
 * buf. */
const char *cli_valid_names(cli_list_kind kind, char *buf, size_t len);

/* fputs text to f with each @word@ replaced by a list of algorithms from
 * their rows (src/solve/algs.c), so that help texts name them all:
 * @algs|@ "lloyd | elkan | hamerly", @algs,@ "lloyd,elkan,hamerly",
 * @algs, @ with ", ", @Algs@ "Lloyd, Elkan, Hamerly", @default@ the
 * library's default, @screen@ / @Screen@ those with the screening
 * ("lloyd and hamerly" / "Lloyd and Hamerly"), @no_cc@ / @No_cc@ and
 * @drift@ / @Drift@ those taking no_cc and max_drift_only. */
void cli_fputs_algs(FILE *f, const char *text);

/* Parse "a, b, c" (blanks around items ignored) into the enum values of
 * kind, at most max of them, none twice.  0, or -1 with the reason (and
 * the valid names) in err. */
int cli_list_names(cli_list_kind kind, const char *text, int *vals, int max,
                   int *n, char *err, size_t errlen);
/* Parse a list of whole numbers in lo..hi.  An item is N, "max" (the
 * processors OpenMP uses here), or a range that always ends at B:
 * "A..B" (every number), "A..B*F" (times F each step), "A..B+S" (plus S).
 * A value given twice is an error, except one that "max" repeats.  0, or
 * -1 with the reason in err. */
int cli_list_numbers(const char *text, long long lo, long long hi,
                     long long *vals, int max, int *n, char *err,
                     size_t errlen);

/* ---- solver sweeps shared by check and bench (solvers.c) -------------- */

#define CLI_MAX_LIST 64

/* What a sweep covers; each list holds enum values or numbers. */
typedef struct {
    int algos[TKM_NALGO], nalgo;
    int forms[TKM_NFORM], nform;
    int precs[2], nprec;
    int threads[CLI_MAX_LIST], nthreads; /* omp form                    */
    int blocks[CLI_MAX_LIST], nblocks;   /* cuda forms                  */
    int updates[TKM_NUPDATE], nupdate;   /* cuda forms: each block size
                                            with each; none: exact      */
} cli_solver_set;

/* One solver run of a sweep and its verdict. */
typedef struct {
    tkm_algorithm algo;
    tkm_form form;
    tkm_precision prec;
    int threads, block;  /* as asked (0 = the form's default)          */
    tkm_update update;   /* the CUDA forms' sums (exact elsewhere)      */
    int baseline;        /* the sequential Lloyd run others are held to */
    int ran;             /* 0: did not run, reason in why              */
    int skipped;         /* the form cannot run here                   */
    int judged;          /* cmp holds the comparison with the baseline */
    char why[160];
    tkm_result res;
    tkm_comparison cmp;
    /* sums over the iterations */
    uint64_t dist_pc, dist_cc, pruned_points, pruned_pairs;
    double t_assign, t_update, t_bound;
} cli_solver_run;

/* Every run of s, precision by precision in the order of s->precs; within
 * one, algorithm x form x (threads | block size).  With baseline, each
 * precision starts with its sequential Lloyd run (marked baseline) and
 * lloyd/seq is not repeated among the others.  A form that cannot run
 * here is listed once.  NULL when out of memory; free() the array. */
cli_solver_run *cli_solver_plan(const cli_solver_set *s, int baseline,
                                size_t *nrows);
/* Run one planned row with the template parameters (k, max_iter, tol,
 * empty, the ablations, update_error, progress) and the row's solver
 * (its update too).  A form that
 * cannot run here (or not with what the data or the template asks) marks
 * the row skipped, a failed fit marks it not ran; the reason goes to
 * row->why.  Never prints. */
void cli_solver_run_one(const tkm_params *tmpl, const tkm_dataset *ds,
                        const double *init, cli_solver_run *row);
/* The row marked baseline of precision p, or NULL. */
const cli_solver_run *cli_solver_baseline(const cli_solver_run *rows,
                                          size_t n, tkm_precision p);
/* Compare r with base (tkm_compare_results at the precision's tolerance;
 * up to max_list differing points into idx/gap).  Returns 1 when r
 * counts as a failure: it failed to run, its baseline is missing or did
 * not run, or the comparison fails.  A skipped row is no failure. */
int cli_solver_judge(const tkm_dataset *ds, const cli_solver_run *base,
                     cli_solver_run *r, size_t *idx, double *gap,
                     size_t max_list);
/* Share of Lloyd's n k distances per iteration the run did not compute. */
double cli_solver_pruned(const cli_solver_run *r);
/* "skipped", "failed", "baseline", "unchecked" (not compared), "pass",
 * "fail", or "inexact" (an inexact update: compared, not judged). */
const char *cli_solver_verdict(const cli_solver_run *r);
/* The threads a run used, as every output file gives them: 1 for seq,
 * the team for omp (the one asked for where it did not run), 0 for the
 * CUDA forms (their block size is another column). */
int cli_solver_threads(const cli_solver_run *r);
/* The pruning ablations a run of algorithm a takes from tmpl (those the
 * algorithm has; the baseline, Lloyd, has none). */
void cli_solver_ablations(const tkm_params *tmpl, tkm_algorithm a,
                          int *no_cc, int *max_drift_only);

/* ---- subcommands ------------------------------------------------------- */

int cli_fit(int argc, char **argv);
int cli_predict(int argc, char **argv);
void cli_predict_help(FILE *f);
int cli_gen(int argc, char **argv);
int cli_info(int argc, char **argv);
int cli_score(int argc, char **argv);
int cli_check(int argc, char **argv);
int cli_init(int argc, char **argv);
void cli_fit_help(FILE *f);
void cli_gen_help(FILE *f);
void cli_info_help(FILE *f);
void cli_score_help(FILE *f);
void cli_check_help(FILE *f);
void cli_init_help(FILE *f);

#endif /* TKM_CLI_H */
