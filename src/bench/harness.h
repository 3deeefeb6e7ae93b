/*
 * The evaluation harness behind 'trikmeans bench' and 'trikmeans report':
 * what src/cli/main.c and the harness's own files share.  Built on the
 * command's kit (cli.h: messages, numbers, options, lists, solver sweeps);
 * nothing in src/cli/ but main.c calls into this folder.
 */
#ifndef TKM_BENCH_HARNESS_H
#define TKM_BENCH_HARNESS_H

#include <time.h>

#include "cli.h"

/* ---- text files and CSV tables (csv.c) --------------------------------- */

/* A whole file, NUL-terminated, malloc'd; *len (if not NULL) its size.
 * NULL with the reason in err. */
char *cli_slurp(const char *path, size_t *len, char *err, size_t errlen);
/* Write s as one CSV field (quoted when it holds a comma, quote or line
 * break), then sep. */
void cli_csv_field(FILE *f, const char *s, const char *sep);

/* A CSV file in memory: a header row naming ncol columns, then nrow rows
 * of exactly ncol fields. */
typedef struct {
    char *buf;   /* the file; fields NUL-terminated in place       */
    char **cell; /* (nrow + 1) x ncol, the header first            */
    int ncol;
    size_t nrow;
} cli_table;

/* Read a CSV table; -1 with "file:line: reason" in err. */
int cli_table_read(const char *path, cli_table *t, char *err, size_t errlen);
/* The same from a NUL-terminated text in memory (malloc'd: t owns it from
 * here, freed by cli_table_free, also on failure); path names it in err. */
int cli_table_parse(char *buf, const char *path, cli_table *t, char *err,
                    size_t errlen);
/* The rows of a CSV file that a writer is still appending to (or left
 * when stopped): every record that ends in a newline. */
int cli_table_read_complete(const char *path, cli_table *t, char *err,
                            size_t errlen);
/* The index just past the CSV record that starts at s[i] (its newline
 * outside quotes), or 0 when it has no end in s[0..len). */
size_t cli_csv_record_end(const char *s, size_t i, size_t len);
/* The index of a named column, or -1. */
int cli_table_col(const cli_table *t, const char *name);
/* A data row's field ("" when col < 0). */
const char *cli_table_at(const cli_table *t, size_t row, int col);
void cli_table_free(cli_table *t);

/* ---- benchmark presets (preset.c) -------------------------------------- */

#define CLI_NAME_MAX 64
#define CLI_MAX_SEEDS 1024

/* Bits of cli_bench_runs.given: which run keys a section set itself. */
enum {
    CLI_RK_ALGOS = 1 << 0, CLI_RK_FORMS = 1 << 1, CLI_RK_PRECS = 1 << 2,
    CLI_RK_THREADS = 1 << 3, CLI_RK_BLOCKS = 1 << 4, CLI_RK_K = 1 << 5,
    CLI_RK_INIT = 1 << 6, CLI_RK_SEED = 1 << 7, CLI_RK_REPS = 1 << 8,
    CLI_RK_MAX_ITER = 1 << 9, CLI_RK_EMPTY = 1 << 10,
    CLI_RK_BASELINE = 1 << 11, CLI_RK_SCORES = 1 << 12,
    CLI_RK_SAMPLE = 1 << 13, CLI_RK_FIXED = 1 << 14, CLI_RK_NO_CC = 1 << 15,
    CLI_RK_MAX_DRIFT = 1 << 16, CLI_RK_UPDATES = 1 << 17
};

/* The runs of one data set: the solver set, crossed with every k, init
 * method and seed, each solver repeated. */
typedef struct {
    cli_solver_set set;
    long long ks[CLI_MAX_LIST];
    int nk;
    int inits[TKM_NINIT], ninit;
    long long seeds[CLI_MAX_SEEDS];
    int nseed;
    int repetitions;
    int max_iter;
    tkm_empty_policy empty;
    int baseline;        /* judge every run against sequential Lloyd    */
    int scores;          /* silhouette, Calinski-Harabasz, Davies-Bouldin */
    size_t score_sample; /* silhouette sample size, 0 = every point      */
    int fixed_iter;      /* exactly max_iter iterations (tkm_params)    */
    int no_cc;           /* the pruning ablations, where they apply      */
    int max_drift_only;
    unsigned given;      /* CLI_RK_* bits set in this section            */
} cli_bench_runs;

enum { CLI_DATA_FILE = 1, CLI_DATA_BLOBS, CLI_DATA_UNIFORM };

typedef struct {
    char name[CLI_NAME_MAX];
    int line;            /* of its [data NAME] header                   */
    int source;          /* CLI_DATA_*                                  */
    char path[4096];     /* file: as resolved from the preset's folder  */
    size_t n, d, centres;
    double spread, box;
    uint64_t seed;       /* generator seed                               */
    size_t raw_d;
    int raw_bits;
    char usecols[256];   /* file: the columns read or left out, as fit's */
    char skip_cols[256]; /* --usecols and --skip-cols ("": not given)    */
    unsigned given;      /* data keys set (preset.c's own bits)          */
    cli_bench_runs runs;
} cli_bench_data;

typedef struct {
    char name[CLI_NAME_MAX];
    char description[256];
    char path[4096];
    char *text;          /* the file as read                            */
    cli_bench_runs runs; /* the keys before the first section           */
    cli_bench_data *data;
    int ndata;
} cli_preset;

/* Read and check a preset; -1 with "file:line: reason" in err. */
int cli_preset_read(const char *path, cli_preset *p, char *err,
                    size_t errlen);
void cli_preset_free(cli_preset *p);
/* The preset format, for bench --help. */
void cli_preset_help(FILE *f);

/* ---- the machine a benchmark ran on (machine.c) ----------------------- */

/* When a sweep began and the machine's load then (machine.txt gives the
 * load at its start and end: other work slows a benchmark). */
typedef struct {
    time_t when;
    char load_start[160];
} cli_machine;

/* Note the time and the load at the start of a sweep. */
void cli_machine_begin(cli_machine *m);
/* Write DIR's machine.txt: CPU, cores, memory, GPU, compiler, CUDA,
 * version, m's date and load at the start, the load now when ended, the
 * command line and the preset's text. */
tkm_status cli_write_machine(const char *path, const cli_preset *p,
                             int argc, char **argv, const cli_machine *m,
                             int ended, char *msg, size_t msglen);

/* ---- the commands ------------------------------------------------------ */

int cli_bench(int argc, char **argv);
int cli_report(int argc, char **argv);
void cli_bench_help(FILE *f);
void cli_report_help(FILE *f);
/* Write DIR/report.md and DIR/plots/ from DIR/runs.csv (and
 * iterations.csv, sklearn.csv when present).  Exit code: CLI_OK (also
 * when gnuplot is missing: the report then has tables only), CLI_USAGE
 * when runs.csv cannot be read, CLI_FAIL when nothing could be written. */
int cli_report_dir(const char *dir, int quiet);

#endif /* TKM_BENCH_HARNESS_H */
