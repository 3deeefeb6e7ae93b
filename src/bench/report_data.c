/*
 * The data of a report: a bench folder's runs.csv (and sklearn.csv,
 * iterations.csv, machine.txt when there) read, the runs grouped by data
 * set and k and by solver configuration, and the queries the plots and
 * the markdown ask of them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report.h"

static const char *const CMD = "report";

const char *const rp_forms[5] = {"seq", "omp", "cuda-global", "cuda-shared",
                                 "sklearn"};
const char *const rp_precs[2] = {"f32", "f64"};

/* ---- reading ----------------------------------------------------------- */

static double fnum(const char *s)
{
    char *end;
    if (!*s)
        return NAN;
    double v = strtod(s, &end);
    return *end ? NAN : v;
}

static long long inum(const char *s)
{
    return *s ? strtoll(s, NULL, 10) : 0;
}

/* Rows of one table appended to r->runs. */
static int take_rows(rp_report *r, const cli_table *t)
{
    static const char *const names[] = {
        "run", "dataset", "init", "algorithm", "form", "precision", "status",
        "verdict", "reason", "n", "d", "k", "seed", "threads", "block_size",
        "repetition", "iterations", "t_total", "t_assign", "t_update",
        "t_bound", "frac_pruned", "inertia", "label_diff", "inertia_rel",
        "f64_label_diff", "f64_inertia_rel", "silhouette",
        "calinski_harabasz", "davies_bouldin", "t_loop", "gflops",
        "gbytes_s", "busy_cpus", "no_cc", "max_drift_only", "update"};
    enum { NC = sizeof names / sizeof names[0] };
    int c[NC];
    for (int i = 0; i < NC; i++)
        c[i] = cli_table_col(t, names[i]);
    rp_run *nr = realloc(r->runs, (r->nruns + t->nrow + 1) * sizeof *nr);
    if (!nr)
        return -1;
    r->runs = nr;
    for (size_t i = 0; i < t->nrow; i++) {
        rp_run *u = &r->runs[r->nruns++];
#define S(j) cli_table_at(t, i, c[j])
        *u = (rp_run){.id = (long)inum(S(0)), .dataset = S(1), .init = S(2),
                      .algo = S(3), .form = S(4), .prec = S(5),
                      .status = S(6), .verdict = S(7), .reason = S(8),
                      .n = (size_t)inum(S(9)), .d = (size_t)inum(S(10)),
                      .k = (size_t)inum(S(11)), .seed = inum(S(12)),
                      .threads = (int)inum(S(13)),
                      .block = (int)inum(S(14)), .rep = (int)inum(S(15)),
                      .iterations = (int)inum(S(16)),
                      .t_total = fnum(S(17)), .t_assign = fnum(S(18)),
                      .t_update = fnum(S(19)), .t_bound = fnum(S(20)),
                      .frac = fnum(S(21)), .inertia = fnum(S(22)),
                      .label_diff = fnum(S(23)), .inertia_rel = fnum(S(24)),
                      .f64_label_diff = fnum(S(25)),
                      .f64_inertia_rel = fnum(S(26))};
        for (int j = 0; j < 3; j++)
            u->score[j] = fnum(S(27 + j));
        u->t_loop = fnum(S(30));
        u->gflops = fnum(S(31));
        u->gbs = fnum(S(32));
        u->busy = *S(33) ? (int)inum(S(33)) : -1;
        u->no_cc = (int)inum(S(34));
        u->max_drift = (int)inum(S(35));
        u->update = *S(36) ? S(36) : "exact";
#undef S
        u->ok = !strcmp(u->status, "ok");
    }
    return 0;
}

/* machine.txt's "key: value" lines before the preset. */
static void read_machine(rp_report *r)
{
    char path[4200], line[512];
    snprintf(path, sizeof path, "%s/machine.txt", r->dir);
    FILE *f = fopen(path, "r");
    while (f && r->nmachine < 32 && fgets(line, sizeof line, f)) {
        if (!strncmp(line, "---", 3))
            break;
        line[strcspn(line, "\n")] = '\0';
        snprintf(r->machine[r->nmachine++], sizeof r->machine[0], "%.255s",
                 line);
        if (!strncmp(line, "name: ", 6))
            snprintf(r->preset_name, sizeof r->preset_name, "%.100s",
                     line + 6);
    }
    if (f)
        fclose(f);
}

/* ---- grouping ---------------------------------------------------------- */

static int push_ptr(const rp_run ***a, size_t *n, const rp_run *p)
{
    if ((*n & (*n - 1)) == 0) { /* grow at powers of two */
        const rp_run **na = realloc(*a, (*n ? 2 * *n : 1) * sizeof *na);
        if (!na)
            return -1;
        *a = na;
    }
    (*a)[(*n)++] = p;
    return 0;
}

static rp_case *case_of(rp_report *r, const rp_run *u)
{
    for (size_t i = 0; i < r->ncases; i++)
        if (r->cases[i].k == u->k && !strcmp(r->cases[i].dataset, u->dataset))
            return &r->cases[i];
    rp_case *nc = realloc(r->cases, (r->ncases + 1) * sizeof *nc);
    if (!nc)
        return NULL;
    r->cases = nc;
    rp_case *c = &r->cases[r->ncases++];
    memset(c, 0, sizeof *c);
    c->dataset = u->dataset;
    c->k = u->k;
    snprintf(c->slug, sizeof c->slug, "%.*s-k%zu", CLI_NAME_MAX,
             u->dataset, u->k);
    for (char *p = c->slug; *p; p++)
        if (!(*p == '-' || *p == '_' || *p == '.' ||
              (*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') ||
              (*p >= 'A' && *p <= 'Z')))
            *p = '_';
    return c;
}

static int same_cfg(const rp_cfg *g, const rp_run *u)
{
    return !strcmp(g->algo, u->algo) && !strcmp(g->form, u->form) &&
           !strcmp(g->prec, u->prec) && g->threads == u->threads &&
           g->block == u->block && g->no_cc == u->no_cc &&
           g->max_drift == u->max_drift && !strcmp(g->update, u->update);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median of the finite values v[0..n-1] (reordered); NaN if none. */
/* The median of v's finite values (NaN if none), their least and
 * greatest in range[0..1] when range is not NULL; v is reordered. */
static double median(double *v, size_t n, double *range)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (isfinite(v[i]))
            v[m++] = v[i];
    if (range)
        range[0] = range[1] = NAN;
    if (!m)
        return NAN;
    qsort(v, m, sizeof *v, cmp_double);
    if (range) {
        range[0] = v[0];
        range[1] = v[m - 1];
    }
    return m % 2 ? v[m / 2] : 0.5 * (v[m / 2 - 1] + v[m / 2]);
}

static void tally(rp_cfg *g, const rp_run *u)
{
    const char *v = u->verdict;
    g->nrun++;
    g->npass += !strcmp(v, "pass");
    g->nfail += !strcmp(v, "fail");
    g->nbase += !strcmp(v, "baseline");
    g->nunchecked += !strcmp(v, "unchecked");
    g->nskipped += !strcmp(u->status, "skipped");
    g->nfailed += !strcmp(u->status, "failed");
    if (!u->ok && !g->reason)
        g->reason = u->reason;
    if (!u->ok)
        return;
    if (!g->nok++ || (g->first->rep != 1 && u->rep == 1))
        g->first = u;
    g->nbusy += u->busy > 0;
    if (isfinite(u->f64_label_diff) &&
        !(u->f64_label_diff <= g->f64_diff))
        g->f64_diff = u->f64_label_diff;
    if (isfinite(u->f64_inertia_rel) &&
        !(u->f64_inertia_rel <= g->f64_inertia))
        g->f64_inertia = u->f64_inertia_rel;
    if (isfinite(u->label_diff) && !(u->label_diff <= g->label_diff))
        g->label_diff = u->label_diff;
}

/* Medians and means of one configuration over its ok runs. */
double rp_time(const rp_run *u)
{
    return isfinite(u->t_loop) ? u->t_loop : u->t_total;
}

static int summarise(rp_case *c, rp_cfg *g)
{
    enum { NV = 7 };
    double *v = malloc(NV * (c->nruns + 1) * sizeof *v);
    if (!v)
        return -1;
    double *ph[NV];
    for (int q = 0; q < NV; q++)
        ph[q] = v + (size_t)q * (c->nruns + 1);
    size_t m = 0, mf = 0; /* runs; runs that measured their pruning */
    double it = 0, fr = 0;
    for (size_t i = 0; i < c->nruns; i++) {
        const rp_run *u = c->runs[i];
        if (!u->ok || !same_cfg(g, u))
            continue;
        ph[0][m] = rp_time(u);
        ph[4][m] = u->t_total;
        ph[1][m] = u->t_assign;
        ph[2][m] = u->t_update;
        ph[3][m] = u->t_bound;
        ph[5][m] = u->gflops;
        ph[6][m] = u->gbs;
        it += u->iterations;
        if (isfinite(u->frac)) {
            fr += u->frac;
            mf++;
        }
        m++;
    }
    g->t_med = median(ph[0], m, g->t_range);
    g->t_assign = median(ph[1], m, NULL);
    g->t_update = median(ph[2], m, NULL);
    g->t_bound = median(ph[3], m, NULL);
    g->t_whole = median(ph[4], m, g->whole_range);
    g->gflops = median(ph[5], m, NULL);
    g->gbs = median(ph[6], m, NULL);
    g->iterations = m ? it / (double)m : NAN;
    /* none measured (scikit-learn's rows): "-", not 0% */
    g->frac = mf ? fr / (double)mf : NAN;
    free(v);
    return 0;
}

static int group(rp_report *r)
{
    for (size_t i = 0; i < r->nruns; i++) {
        const rp_run *u = &r->runs[i];
        rp_case *c = case_of(r, u);
        if (!c || push_ptr(&c->runs, &c->nruns, u))
            return -1;
        if (!c->n && u->n)
            c->n = u->n, c->d = u->d;
        rp_cfg *g = NULL;
        for (size_t j = 0; j < c->ncfg && !g; j++)
            if (same_cfg(&c->cfg[j], u))
                g = &c->cfg[j];
        if (!g) {
            rp_cfg *ng = realloc(c->cfg, (c->ncfg + 1) * sizeof *ng);
            if (!ng)
                return -1;
            c->cfg = ng;
            g = &c->cfg[c->ncfg++];
            *g = (rp_cfg){.algo = u->algo, .form = u->form, .prec = u->prec,
                          .threads = u->threads, .block = u->block,
                          .no_cc = u->no_cc, .max_drift = u->max_drift,
                          .update = u->update,
                          .f64_diff = NAN, .f64_inertia = NAN,
                          .label_diff = NAN};
        }
        tally(g, u);
    }
    for (size_t i = 0; i < r->ncases; i++)
        for (size_t j = 0; j < r->cases[i].ncfg; j++)
            if (summarise(&r->cases[i], &r->cases[i].cfg[j]))
                return -1;
    return 0;
}

int rp_same_data(const rp_report *r, const char *a, const char *b)
{
    const cli_table *t = &r->data_t;
    const int name = cli_table_col(t, "dataset");
    size_t ia = t->nrow, ib = t->nrow;
    for (size_t i = 0; i < t->nrow; i++) {
        if (!strcmp(cli_table_at(t, i, name), a))
            ia = i;
        if (!strcmp(cli_table_at(t, i, name), b))
            ib = i;
    }
    if (name < 0 || ia == t->nrow || ib == t->nrow)
        return 0;
    for (int j = 0; j < t->ncol; j++)
        if (j != name &&
            strcmp(cli_table_at(t, ia, j), cli_table_at(t, ib, j)))
            return 0;
    return 1;
}

const char *rp_cfg_name(const rp_cfg *g, char *buf, size_t len)
{
    const int upd = strcmp(g->update, "exact") != 0;
    if (!g->no_cc && !g->max_drift && !upd)
        return g->algo;
    snprintf(buf, len, "%s (%s%s%s%s%s)", g->algo, g->no_cc ? "no cc" : "",
             g->no_cc && g->max_drift ? ", " : "",
             g->max_drift ? "max drift" : "",
             upd && (g->no_cc || g->max_drift) ? ", " : "",
             upd ? g->update : "");
    return buf;
}

/* ---- lookups used by the plots and the markdown ------------------------ */

const rp_cfg *rp_pick(const rp_case *c, const char *algo, const char *form,
                      const char *prec)
{
    const rp_cfg *best = NULL;
    int cuda = !strncmp(form, "cuda", 4);
    for (size_t i = 0; i < c->ncfg; i++) {
        const rp_cfg *g = &c->cfg[i];
        if (!g->nok || strcmp(g->algo, algo) || strcmp(g->form, form) ||
            strcmp(g->prec, prec))
            continue;
        if (!best || (cuda ? g->t_med < best->t_med
                           : g->threads > best->threads))
            best = g;
    }
    return best;
}

int rp_unsteady(const rp_cfg *g)
{
    return g->nok >= 3 && g->t_range[1] > RP_UNSTEADY * g->t_med;
}

double rp_lloyd_seq(const rp_case *c, const char *prec)
{
    const rp_cfg *g = rp_pick(c, "lloyd", "seq", prec);
    return g ? g->t_med : NAN;
}

int rp_has_scores(const rp_case *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->nruns; i++)
        n += c->runs[i]->ok && isfinite(c->runs[i]->score[0]);
    return n >= 2;
}

int rp_has_form(const rp_case *c, const char *f)
{
    for (size_t i = 0; i < c->ncfg; i++)
        if (c->cfg[i].nok && !strncmp(c->cfg[i].form, f, strlen(f)))
            return 1;
    return 0;
}

int rp_same_family(const rp_case *a, const rp_case *b, int by_n)
{
    return by_n ? a->d == b->d && a->k == b->k
                : !strcmp(a->dataset, b->dataset);
}

int rp_scaling_name(const rp_report *r, size_t i, int by_n, char *buf,
                    size_t len)
{
    const rp_case *c = &r->cases[i];
    for (size_t j = 0; j < i; j++)
        if (rp_same_family(&r->cases[j], c, by_n))
            return -1; /* the family's plot is named after its first */
    if (by_n)
        snprintf(buf, len, "scalen_d%zu-k%zu", c->d, c->k);
    else
        snprintf(buf, len, "scalek_%s", c->dataset);
    return 0;
}

int rp_plot_exists(const rp_report *r, const char *name)
{
    char path[4200];
    struct stat st;
    snprintf(path, sizeof path, "%s/plots/%s.png", r->dir, name);
    return r->gnuplot == 1 && stat(path, &st) == 0 && st.st_size > 0;
}

void rp_free(rp_report *r)
{
    for (size_t i = 0; i < r->ncases; i++) {
        free(r->cases[i].cfg);
        free(r->cases[i].runs);
    }
    free(r->cases);
    free(r->runs);
    cli_table_free(&r->runs_t);
    cli_table_free(&r->sk_t);
    cli_table_free(&r->data_t);
}

int rp_load(rp_report *r)
{
    char path[4200], err[1024];
    snprintf(path, sizeof path, "%s/runs.csv", r->dir);
    r->partial = access(path, F_OK) != 0 &&
                 (snprintf(path, sizeof path, "%s/runs.csv.part", r->dir),
                  access(path, F_OK) == 0);
    r->runs_name = r->partial ? "runs.csv.part" : "runs.csv";
    r->iters_name = r->partial ? "iterations.csv.part" : "iterations.csv";
    snprintf(path, sizeof path, "%s/%s", r->dir, r->runs_name);
    if (r->partial ? cli_table_read_complete(path, &r->runs_t, err,
                                             sizeof err)
                   : cli_table_read(path, &r->runs_t, err, sizeof err))
        return cli_usage(CMD, "%s (is %s a bench folder?)", err, r->dir);
    if (cli_table_col(&r->runs_t, "verdict") < 0)
        return cli_usage(CMD, "%s has no 'verdict' column: not written by "
                         "trikmeans bench", path);
    snprintf(path, sizeof path, "%s/sklearn.csv", r->dir);
    if (access(path, F_OK) == 0) {
        if (cli_table_read(path, &r->sk_t, err, sizeof err))
            fprintf(stderr, "trikmeans report: ignoring %s\n", err);
        else
            r->have_sklearn = r->sk_t.nrow > 0;
    }
    snprintf(path, sizeof path, "%s/%s", r->dir, r->iters_name);
    r->have_iters = access(path, R_OK) == 0;
    snprintf(path, sizeof path, "%s/datasets.csv", r->dir);
    if (access(path, F_OK) == 0 &&
        cli_table_read(path, &r->data_t, err, sizeof err))
        fprintf(stderr, "trikmeans report: ignoring %s\n", err);
    if (take_rows(r, &r->runs_t) || take_rows(r, &r->sk_t) || group(r))
        return cli_fail(CMD, "out of memory");
    read_machine(r);
    return CLI_OK;
}
