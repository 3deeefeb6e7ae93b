/*
 * Preparing a run from the shared options: solver parameters, the checks
 * that need no data, reading the data set and choosing the start.  Shared
 * by every run-style subcommand.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "io_read.h"
#include "seed.h"

void cli_run_params(const cli_run *r, tkm_params *p)
{
    tkm_params_default(p);
    p->k = r->k;
    p->algorithm = r->algorithm;
    p->form = r->form;
    p->precision = r->precision;
    p->max_iter = r->max_iter;
    p->tol = r->tol;
    p->tol_abs = r->tol_abs;
    p->tol_inertia = r->tol_inertia;
    p->fixed_iter = r->fixed_iter;
    p->no_cc = r->no_cc;
    p->max_drift_only = r->max_drift_only;
    p->update = r->update;
    p->update_error = r->update_error;
    p->threads = r->threads;
    p->block_size = r->block_size;
    p->empty = r->empty;
    p->screen = r->screen;
    p->inertia_each_iter = r->inertia_each_iter;
    p->weights = r->weights;
}

/* The ablations' rules for one run, and --update-error's, in the
 * options' names (the library's messages name its fields, no_cc and
 * max_drift_only): CLI_OK or CLI_USAGE, said. */
static int ablations_apply(const cli_run *r, const char *cmd)
{
    char names[128];
    if (r->no_cc && !tkmi_alg_has(r->algorithm, TKMI_CAP_NO_CC))
        return cli_usage(cmd, "--no-cc applies to --algorithm %s (%s has no "
                         "%s to test)",
                         tkmi_alg_names(TKMI_CAP_NO_CC, ", ", " and ", names,
                                        sizeof names),
                         tkm_algorithm_name(r->algorithm),
                         tkmi_alg_has(r->algorithm, TKMI_CAP_BOUNDS)
                             ? "centroid-centroid tests"
                             : "bounds");
    if (r->max_drift_only && !tkmi_alg_has(r->algorithm, TKMI_CAP_MAX_DRIFT))
        return cli_usage(cmd, "--max-drift-only applies to --algorithm "
                         "%s only, not %s",
                         tkmi_alg_names(TKMI_CAP_MAX_DRIFT, ", ", " and ",
                                        names, sizeof names),
                         tkm_algorithm_name(r->algorithm));
    if (r->update_error && r->update == TKM_UPDATE_EXACT)
        return cli_usage(cmd, "--update-error measures an inexact --update "
                         "(atomic, shared, tree, dc) against the exact "
                         "sums; the exact update has nothing to measure");
    return CLI_OK;
}

/* Does cli_run_load open the run's device while it reads? */
static int opens_late(const cli_run *r)
{
    return r->open_late && tkmi_form_cuda(r->form);
}

static int form_missing(const cli_run *r, const char *cmd, tkm_status st,
                        const char *why)
{
    return cli_fail(cmd, "form %s is not available here: %s",
                    tkm_form_name(r->form), why[0] ? why : tkm_strerror(st));
}

int cli_run_precheck(const cli_run *r, const char *cmd)
{
    tkm_params p;
    char msg[512] = "";
    if (ablations_apply(r, cmd) != CLI_OK)
        return CLI_USAGE;
    cli_run_params(r, &p);
    /* n = k, d = 1: every rule but those that need the data */
    tkm_status st = tkm_params_check(&p, p.k, 1, msg, sizeof msg);
    if (st != TKM_OK)
        return cli_status(cmd, CLI_USAGE, st, msg);
    if (opens_late(r))
        return CLI_OK; /* (cli_run_load checks the form) */
    char why[256] = "";
    st = tkm_form_available(r->form, why, sizeof why);
    return st == TKM_OK ? CLI_OK : form_missing(r, cmd, st, why);
}

/* Raw element width: a .f32/.f64 name says it (0 lets the reader take it
 * from there, and catch a contradicting --raw-bits); otherwise --raw-bits,
 * default 64. */
static int raw_bits_for(const char *path, int given)
{
    const char *e = cli_ext(path);
    if (!strcasecmp(e, ".f32") || !strcasecmp(e, ".f64"))
        return given;
    return given ? given : 64;
}

static void read_opts(const cli_run *r, tkm_read_opts *o)
{
    tkm_read_opts_default(o);
    o->target = r->precision;
    o->format = r->format;
    if (r->raw_set)
        o->format = TKM_FMT_RAW;
    o->raw_d = r->raw_d;
    o->raw_n = r->raw_n;
    o->raw_bits = raw_bits_for(r->data, r->raw_bits);
    o->header = r->header;
    o->delimiter = r->delimiter;
    o->usecols = r->usecols;
    o->skip_cols = r->skip_cols;
    /* an f32 run takes a float32 file where it lies (x32) */
    o->keep_f32 = r->precision == TKM_F32 && r->f32_in_place;
    if (cli_par_size() > 1) /* each rank reads its own rows */
        o->comm = cli_par_comm();
}

/* The command's status for reading path, st with the reader's message
 * msg (msglen bytes; filled in when empty): out of memory fails the run,
 * anything else is an input error. */
static int read_status(const char *cmd, const char *path, tkm_status st,
                       char *msg, size_t msglen)
{
    if (st == TKM_OK)
        return CLI_OK;
    if (!msg[0])
        snprintf(msg, msglen, "%s: %s", path, tkm_strerror(st));
    return cli_status(cmd, st == TKM_ENOMEM ? CLI_FAIL : CLI_USAGE, st, msg);
}

/* Contract in cli.h. */
int cli_read_file(const char *cmd, const char *path,
                  const tkm_read_opts *o, tkm_dataset *ds)
{
    char msg[512] = "", note[1024] = "";
    tkm_read_opts with;
    if (o)
        with = *o;
    else
        tkm_read_opts_default(&with);
    with.note = note;
    with.notelen = sizeof note;
    tkm_status st = tkm_dataset_read(path, &with, ds, msg, sizeof msg);
    /* each line of the note ("note: ..." or "warning: ..."), also before
     * a failure it explains */
    for (char *ln = note; *ln && cli_par_rank() == 0;) {
        size_t len = strcspn(ln, "\n");
        fprintf(stderr, "trikmeans %s: %.*s\n", cmd, (int)len, ln);
        ln += len + (ln[len] == '\n');
    }
    return read_status(cmd, path, st, msg, sizeof msg);
}

/* Contract in cli.h. */
int cli_read_dense(const char *cmd, const char *path, const tkm_read_opts *o,
                   tkm_dataset *ds)
{
    char msg[512] = "";
    int rc = cli_read_file(cmd, path, o, ds);
    if (rc == CLI_OK && tkmi_dataset_densify(ds, msg, sizeof msg) != TKM_OK)
        rc = cli_status(cmd, CLI_FAIL, TKM_ENOMEM, msg);
    return rc;
}

/* Starting centroids from --init FILE: exactly k rows of d columns. */
static int init_from_file(const cli_run *r, const char *cmd,
                          const tkm_dataset *ds, double *out)
{
    tkm_read_opts o;
    tkm_dataset c = {0};
    read_opts(r, &o);
    /* a file of its own: its format (by its name) and header (detected)
     * are its own; its separator is --delimiter's when that reads it, else
     * its own (detected), so a comma start serves a ';' data file */
    o.format = TKM_FMT_AUTO;
    o.header = TKM_HEADER_AUTO;
    o.keep_f32 = 0; /* copied into doubles below */
    o.comm = NULL; /* every rank reads all k rows */
    o.usecols = o.skip_cols = NULL; /* centroids of the columns read */
    o.raw_n = r->k;
    o.raw_d = ds->d;
    o.raw_bits = raw_bits_for(r->init_file, 0);
    char msg[512] = "";
    tkm_status st = tkm_dataset_read(r->init_file, &o, &c, msg, sizeof msg);
    if (st == TKM_EFORMAT && o.delimiter) {
        o.delimiter = 0;
        if (tkm_dataset_read(r->init_file, &o, &c, NULL, 0) == TKM_OK)
            st = TKM_OK;
    }
    if (st == TKM_OK) /* a sparse file's centroids, made dense */
        st = tkmi_dataset_densify(&c, msg, sizeof msg);
    int rc = read_status(cmd, r->init_file, st, msg, sizeof msg);
    if (rc != CLI_OK)
        return rc;
    if (c.n != r->k || c.d != ds->d)
        rc = cli_usage(cmd, "--init %s holds %zu x %zu centroids; the run "
                       "needs k x d = %zu x %zu", r->init_file, c.n, c.d,
                       r->k, ds->d);
    else
        memcpy(out, c.x, r->k * ds->d * sizeof *out);
    tkm_dataset_free(&c);
    return rc;
}

/* The start from the file or the method (weighted by --weights);
 * one process of a CUDA form chooses an unweighted one on the device
 * where it can (*on_gpu set). */
static int choose_init(const cli_run *r, const char *cmd,
                       const tkm_dataset *ds, double *out, int *on_gpu)
{
    *on_gpu = 0;
    if (r->init_file)
        return init_from_file(r, cmd, ds, out);
    char msg[512] = "";
    tkm_status st = tkmi_init_centroids(ds, r->k, r->init, r->candidates,
                                        r->seed, r->weights, cli_par_comm(),
                                        r->form, on_gpu, out, msg,
                                        sizeof msg);
    if (st != TKM_OK)
        return cli_status(cmd, cli_code_for(st), st, msg);
    return CLI_OK;
}

int cli_run_start(const cli_run *r, const char *cmd, const tkm_dataset *ds,
                  double **init)
{
    tkm_params p;
    char msg[512] = "";
    cli_run_params(r, &p);
    *init = NULL;
    /* the data's rules (k <= n, ...); the ablations' rules are the
     * solver's, checked by each run (check applies them where they fit) */
    p.no_cc = p.max_drift_only = 0;
    /* over MPI ranks: the rows of all of them */
    size_t n = (size_t)cli_par_sum(ds->n);
    tkm_status st = tkm_params_check(&p, n, ds->d, msg, sizeof msg);
    int rc = st != TKM_OK ? cli_status(cmd, CLI_USAGE, st, msg) : CLI_OK;
    if (rc == CLI_OK && !(*init = tkmi_alloc(r->k, ds->d, sizeof **init)))
        rc = cli_fail_alloc(cmd, r->k * ds->d * sizeof **init,
                            "%zu x %zu starting centroids", r->k, ds->d);
    if ((rc = cli_par_agree(rc)) != CLI_OK) {
        free(*init);
        *init = NULL;
        return rc;
    }
    double t0 = tkmi_now();
    int on_gpu = 0;
    rc = cli_par_agree(choose_init(r, cmd, ds, *init, &on_gpu));
    if (rc != CLI_OK) {
        free(*init);
        *init = NULL;
        return rc;
    }
    if (r->verbosity > 0 && cli_par_rank() == 0)
        fprintf(stderr, "trikmeans %s: start %s in %.3f s%s\n", cmd,
                r->init_file ? r->init_file : tkm_init_name(r->init),
                tkmi_now() - t0, on_gpu ? " on the GPU" : "");
    return CLI_OK;
}

int cli_run_read(const cli_run *r, const char *cmd, tkm_dataset *ds)
{
    tkm_read_opts o;
    memset(ds, 0, sizeof *ds);
    read_opts(r, &o);
    return cli_read_file(cmd, r->data, &o, ds);
}

int cli_run_load(const cli_run *r, const char *cmd, tkm_dataset *ds,
                 double **init, cli_times *tm)
{
    double t0 = tkmi_now(), waited = 0.0;
    if (init)
        *init = NULL;
    const int late = opens_late(r);
    if (late)
        tkmi_cuda_open_begin(r->form);
    int rc = cli_par_agree(cli_run_read(r, cmd, ds));
    const double tr = tkmi_now();
    if (late) { /* waited for even when the read failed */
        char why[256] = "";
        const tkm_status st =
            tkmi_cuda_open_end(r->form, why, sizeof why, &waited);
        if (rc == CLI_OK && st != TKM_OK)
            rc = form_missing(r, cmd, st, why);
        rc = cli_par_agree(rc);
    }
    if (rc != CLI_OK) {
        tkm_dataset_free(ds);
        return rc;
    }
    double t1 = tkmi_now();
    if (r->verbosity > 0 && cli_par_rank() == 0)
        fprintf(stderr, "trikmeans %s: read %s: %zu x %zu in %.3f s\n", cmd,
                r->data, ds->n, ds->d, tr - t0);
    rc = init ? cli_run_start(r, cmd, ds, init) : CLI_OK;
    if (tm) {
        tm->read = tr - t0;
        tm->context = waited;
        tm->start = init ? tkmi_now() - t1 : 0.0;
    }
    if (rc != CLI_OK)
        tkm_dataset_free(ds);
    return rc;
}

/* --weights FILE: one column, a weight for each of this rank's rows
 * (each rank reads the rows of its slice, as of the data); into *w, the
 * caller frees it.  Collective. */
static int read_weights(const char *cmd, const char *path,
                        const tkm_dataset *ds, tkm_dataset *w)
{
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    o.raw_d = 1;
    o.raw_bits = 64;
    if (cli_par_size() > 1)
        o.comm = cli_par_comm();
    memset(w, 0, sizeof *w);
    int rc = cli_read_dense(cmd, path, &o, w);
    if (rc == CLI_OK && (w->d != 1 || w->n != ds->n))
        rc = cli_usage(cmd, "--weights %s holds %zu x %zu values; the data "
                       "need one column of %zu", path,
                       (size_t)cli_par_sum(w->n), w->d,
                       (size_t)cli_par_sum(ds->n));
    return cli_par_agree(rc);
}

int cli_run_load_weighted(cli_run *r, const char *cmd, const char *weights,
                          tkm_dataset *ds, tkm_dataset *w, double **init,
                          cli_times *tm)
{
    memset(w, 0, sizeof *w);
    *init = NULL;
    if (!weights)
        return cli_run_load(r, cmd, ds, init, tm);
    /* the start waits for the weights: it weighs its draws */
    int rc = cli_run_load(r, cmd, ds, NULL, tm);
    if (rc != CLI_OK)
        return rc;
    const double t0 = tkmi_now();
    if ((rc = read_weights(cmd, weights, ds, w)) == CLI_OK) {
        r->weights = w->x;
        const double t1 = tkmi_now();
        rc = cli_run_start(r, cmd, ds, init);
        if (tm) {
            tm->read += t1 - t0;
            tm->start = tkmi_now() - t1;
        }
    }
    if (rc != CLI_OK) {
        r->weights = NULL;
        tkm_dataset_free(w);
        tkm_dataset_free(ds);
    }
    return rc;
}
