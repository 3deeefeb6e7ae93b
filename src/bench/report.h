/*
 * trikmeans report, between its files, every one of which includes only
 * this header: report.c (the command, gnuplot) calls report_plot.c (plot
 * data and the gnuplot script) and report_md.c (report.md), which never
 * call each other; all three read what report_data.c (runs.csv read and
 * grouped, the queries and the plots' names) makes, and report_data.c
 * calls none of them.
 */
#ifndef TKM_CLI_REPORT_H
#define TKM_CLI_REPORT_H

#include "harness.h"

/* One row of runs.csv or sklearn.csv, its numbers parsed (NaN when
 * empty). */
typedef struct {
    long id;
    const char *dataset, *init, *algo, *form, *prec, *status, *verdict;
    const char *reason;
    size_t n, d, k;
    long long seed;
    int threads, block, rep, iterations, ok;
    double t_total, t_assign, t_update, t_bound, frac, inertia;
    double t_loop;   /* the iterations alone; NaN in sklearn.csv and in
                        bench folders written before it was recorded */
    double gflops, gbs; /* the loop's throughput (NaN where not recorded) */
    double label_diff, inertia_rel, f64_label_diff, f64_inertia_rel;
    double score[3]; /* silhouette, Calinski-Harabasz, Davies-Bouldin */
    int busy;        /* CPUs other work kept busy around the run (-1:
                        not recorded: sklearn.csv, older folders)       */
    int no_cc, max_drift; /* the pruning ablations it ran with (0 where
                             not recorded)                              */
    const char *update;   /* the CUDA forms' sums ("exact" where not
                             recorded)                                  */
} rp_run;

/* One solver configuration of a case, over its repetitions (and seeds). */
typedef struct {
    const char *algo, *form, *prec;
    int threads, block;
    int no_cc, max_drift;                      /* its ablations          */
    const char *update;                        /* its sums               */
    size_t nrun, nok;
    size_t npass, nfail, nbase, nunchecked, nskipped, nfailed;
    size_t nbusy;                              /* ok runs while other work
                                                  kept a CPU busy        */
    double t_med, t_assign, t_update, t_bound; /* medians over ok runs:
                                                  t_med of the loop time
                                                  (rp_time)              */
    double t_whole;                            /* median t_total         */
    double t_range[2], whole_range[2];         /* least and greatest of
                                                  the two times          */
    double gflops, gbs;                        /* medians: throughput    */
    double iterations, frac;                   /* means over ok runs    */
    double f64_diff, f64_inertia;              /* largest over ok runs  */
    double label_diff;                         /* largest vs baseline   */
    const char *reason;                        /* of a skip or failure  */
    const rp_run *first;                       /* first ok run          */
} rp_cfg;

/* Runs of one data set at one k. */
typedef struct {
    const char *dataset;
    size_t k, n, d;
    char slug[CLI_NAME_MAX + 32]; /* file-name stem: dataset-kK          */
    rp_cfg *cfg;
    size_t ncfg;
    const rp_run **runs; /* every row of the case, in file order         */
    size_t nruns;
} rp_case;

/* Everything a report is made of. */
typedef struct {
    const char *dir;
    cli_table runs_t, sk_t, data_t; /* runs.csv, sklearn.csv, datasets.csv
                                       (data_t empty where absent)      */
    rp_run *runs;
    size_t nruns;
    rp_case *cases;
    size_t ncases;
    int have_iters;       /* iterations.csv was readable                 */
    int partial;          /* no runs.csv: a sweep's runs.csv.part, still
                             running or stopped                          */
    const char *runs_name, *iters_name; /* the files read, in dir       */
    int have_sklearn;
    int gnuplot;          /* 1 ran, 0 missing, -1 failed                 */
    char gnuplot_msg[512];
    char machine[32][256]; /* "key: value" lines of machine.txt          */
    int nmachine;
    char preset_name[CLI_NAME_MAX + 64];
} rp_report;

/* Read DIR's CSV files into r (r->dir set, the rest zero) and group
 * them: CLI_OK, or an exit code after a message; rp_free(r) either way. */
int rp_load(rp_report *r);
/* Data sets a and b are the same data (datasets.csv: every field but the
 * name equal); 0 where datasets.csv does not say. */
int rp_same_data(const rp_report *r, const char *a, const char *b);
/* g's algorithm with its ablations: "hamerly", "hamerly (no cc, max
 * drift)". */
const char *rp_cfg_name(const rp_cfg *g, char *buf, size_t len);
void rp_free(rp_report *r);

/* A run's time as the report compares it: the loop alone (t_loop: no
 * set-up, allocation, upload or download) where recorded, else the whole
 * t_total (scikit-learn: its fit). */
double rp_time(const rp_run *u);

/* The configuration of a case a bar chart shows for (algo, form, prec):
 * omp at its most threads, cuda at its fastest block size; NULL when
 * none ran. */
const rp_cfg *rp_pick(const rp_case *c, const char *algo, const char *form,
                      const char *prec);
/* A configuration's slowest run above RP_UNSTEADY times its median: a
 * spread a quiet machine did not give (the quick preset on 2 cores: at
 * most 2.8 times, 1.07 at the 90th percentile), a busy one did (up to 34
 * times; 11 of 108 configurations above 5). */
#define RP_UNSTEADY 5.0
/* Whether g has three ok runs or more and the slowest above RP_UNSTEADY
 * times their median. */
int rp_unsteady(const rp_cfg *g);
/* The median time of sequential Lloyd of prec in c, NaN if none. */
double rp_lloyd_seq(const rp_case *c, const char *prec);
/* Whether the case has ok runs of two or more initialisations or seeds
 * with scores. */
int rp_has_scores(const rp_case *c);
/* Whether any ok run of c has form f (prefix match: "cuda"). */
int rp_has_form(const rp_case *c, const char *f);

/* Algorithms (the library's, TKM_NALGO of them, in enum order), forms and
 * precisions in their display order. */
#define rp_algo(a) tkm_algorithm_name((tkm_algorithm)(a))
extern const char *const rp_forms[5]; /* ... cuda-shared, sklearn */
extern const char *const rp_precs[2];

/* Write the plot data (plots/NAME.dat) and plots/report.gp; -1 with
 * errno on failure. */
int rp_write_plots(rp_report *r);
/* Write report.md; CLI_OK or CLI_FAIL (after a message). */
int rp_write_markdown(rp_report *r);
/* Whether DIR/plots/NAME.png exists (plots are embedded only then). */
int rp_plot_exists(const rp_report *r, const char *name);
/* Whether two cases are of one scaling family: the same d and k (by_n),
 * or the same data set. */
int rp_same_family(const rp_case *a, const rp_case *b, int by_n);
/* The scaling plots' names, which the plots write and the markdown
 * embeds: case i's family against n (by_n) or against k; 0 with the name
 * in buf when case i is its family's first, else -1. */
int rp_scaling_name(const rp_report *r, size_t i, int by_n, char *buf,
                    size_t len);

#endif /* TKM_CLI_REPORT_H */
