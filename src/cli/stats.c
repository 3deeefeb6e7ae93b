/*
 * Per-iteration statistics files: .csv (a header of column names, one row
 * per iteration) or .json (the run's metadata and an array of iteration
 * objects).  Written to a temporary file beside the target and renamed over
 * it, so that the file appears whole or not at all.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

static const char csv_header[] =
    "iter,changed,dist_pc,dist_cc,pruned_points,pruned_pairs,max_drift,"
    "shift2,inertia,t_assign,t_update,t_bound,t_read,t_context,t_start,"
    "t_convert,t_setup,t_upload,t_loop,t_result,t_download,t_write,t_wall,"
    "upd_err_max,"
    "upd_err_mean\n";

/* The run's phases in the order of the CSV columns and the JSON object;
 * the command's own (tm) are NaN when not measured. */
enum { NPHASE = 11 };
static const char *const phase_names[NPHASE] = {
    "read", "context", "start",    "convert", "setup", "upload",
    "loop", "result",  "download", "write",   "wall"};

static void phases_of(const tkm_result *res, const cli_times *tm,
                      double v[NPHASE])
{
    v[0] = tm ? tm->read : NAN;
    v[1] = tm ? tm->context : NAN;
    v[2] = tm ? tm->start : NAN;
    v[3] = res->t_convert;
    v[4] = res->t_setup;
    v[5] = res->t_upload;
    v[6] = res->t_loop;
    v[7] = res->t_result;
    v[8] = res->t_download;
    v[9] = tm ? tm->write : NAN;
    v[10] = tm ? tm->wall : NAN;
}

/* A double as CSV: NaN (not recorded: an inertia without
 * --inertia-each-iter, a phase the library alone cannot time) as an empty
 * field, which CSV readers take as missing. */
static void csv_num(FILE *f, double v, const char *sep)
{
    if (isnan(v))
        fprintf(f, "%s", sep);
    else {
        tkmi_put_double(f, v);
        fputs(sep, f);
    }
}

static void write_csv(FILE *f, const tkm_result *res, const cli_times *tm)
{
    double ph[NPHASE];
    phases_of(res, tm, ph);
    fputs(csv_header, f);
    for (int i = 0; i < res->iterations; i++) {
        const tkm_iter_stats *s = &res->iters[i];
        fprintf(f, "%d,%llu,%llu,%llu,%llu,%llu,", s->iter,
                (unsigned long long)s->changed,
                (unsigned long long)s->dist_pc,
                (unsigned long long)s->dist_cc,
                (unsigned long long)s->pruned_points,
                (unsigned long long)s->pruned_pairs);
        csv_num(f, s->max_drift, ",");
        csv_num(f, s->shift2, ",");
        csv_num(f, s->inertia, ",");
        csv_num(f, s->t_assign, ",");
        csv_num(f, s->t_update, ",");
        csv_num(f, s->t_bound, ",");
        for (int q = 0; q < NPHASE; q++)
            csv_num(f, ph[q], ",");
        csv_num(f, s->upd_err_max, ",");
        csv_num(f, s->upd_err_mean, "\n");
    }
}

/* JSON has no NaN or Inf: those become null. */
void cli_json_num(FILE *f, const char *key, double v, const char *sep)
{
    if (isfinite(v)) {
        fprintf(f, "\"%s\": ", key);
        tkmi_put_double(f, v);
        fputs(sep, f);
    } else
        fprintf(f, "\"%s\": null%s", key, sep);
}

void cli_json_str(FILE *f, const char *key, const char *s,
                  const char *sep)
{
    fprintf(f, "\"%s\": \"", key);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fprintf(f, "\"%s", sep);
}

static void json_meta(FILE *f, const cli_run *r, const tkm_result *res)
{
    fprintf(f, "  \"trikmeans\": \"%s\",\n  \"solver\": \"%s/%s/%s\",\n",
            TKM_VERSION, tkm_algorithm_name(res->algorithm),
            tkm_form_name(res->form), tkm_precision_name(res->precision));
    fprintf(f, "  \"algorithm\": \"%s\",\n  \"form\": \"%s\",\n"
               "  \"precision\": \"%s\",\n  ",
            tkm_algorithm_name(res->algorithm), tkm_form_name(res->form),
            tkm_precision_name(res->precision));
    cli_json_str(f, "data", r->data, ",\n  ");
    cli_json_str(f, "init", r->init_file ? r->init_file : tkm_init_name(r->init),
             ",\n");
    fprintf(f, "  \"seed\": %llu,\n  \"max_iter\": %d,\n  ",
            (unsigned long long)r->seed, r->max_iter);
    cli_json_num(f, "tol", r->tol, ",\n  ");
    cli_json_num(f, "tol_abs", r->tol_abs, ",\n  ");
    cli_json_num(f, "tol_inertia", r->tol_inertia, ",\n  ");
    fprintf(f, "\"fixed_iter\": %s,\n  ", r->fixed_iter ? "true" : "false");
    cli_json_num(f, "tol_shift2", res->tol_shift2, ",\n");
    fprintf(f, "  \"empty\": \"%s\",\n", tkm_empty_name(r->empty));
    fprintf(f, "  \"no_cc\": %s,\n  \"max_drift_only\": %s,\n",
            r->no_cc ? "true" : "false", r->max_drift_only ? "true" : "false");
    fprintf(f, "  \"update\": \"%s\",\n  ", tkm_update_name(r->update));
    cli_json_num(f, "update_err_max", res->update_err_max, ",\n  ");
    cli_json_num(f, "update_err_mean", res->update_err_mean, ",\n");
    fprintf(f, "  \"n\": %zu,\n  \"d\": %zu,\n  \"k\": %zu,\n", res->n,
            res->d, res->k);
    fprintf(f, "  \"iterations\": %d,\n  \"converged\": %s,\n"
               "  \"stop\": \"%s\",\n  \"final_changed\": %llu,\n  ",
            res->iterations, res->converged ? "true" : "false",
            tkm_stop_name(res->stop),
            (unsigned long long)res->final_changed);
    cli_json_num(f, "inertia", res->inertia, ",\n  ");
    cli_json_num(f, "t_total", res->t_total, ",\n");
    fprintf(f, "  \"bound_bytes\": %zu,\n  \"threads\": %d,\n"
               "  \"blocks\": %d,\n",
            res->bound_bytes, res->threads, res->blocks);
}

/* MPI ranks: the MPI library, and each rank's place (node-local rank,
 * CPUs), rows, threads and seconds (its phases; its assign, update, bound
 * and comm summed over the iterations). */
static void json_ranks(FILE *f, const cli_times *tm)
{
    static const char *const key[CLI_RANK_FIELDS] = {
        "rank", "rows", "threads", "t_convert", "t_setup", "t_upload",
        "t_loop", "t_result", "t_download", "t_assign", "t_update",
        "t_bound", "t_comm"};
    cli_json_str(f, "mpi", tm->mpi ? tm->mpi : "", ",\n");
    fputs("  \"ranks\": [", f);
    for (int r = 0; r < tm->nranks; r++) {
        const double *v = tm->ranks + (size_t)r * CLI_RANK_FIELDS;
        char cpus[CLI_PAR_CPUS];
        int local = cli_par_place((int)v[0], cpus, sizeof cpus);
        fprintf(f, "%s\n    {\"rank\": %d, \"local_rank\": %d, ", r ? "," : "",
                (int)v[0], local);
        cli_json_str(f, "cpus", cpus, ", ");
        fprintf(f, "\"rows\": %.0f, \"threads\": %.0f, ", v[1], v[2]);
        for (int q = 3; q < CLI_RANK_FIELDS; q++)
            cli_json_num(f, key[q], v[q], q + 1 < CLI_RANK_FIELDS ? ", " : "}");
    }
    fputs("\n  ],\n", f);
}

/* The machine's load around the fits: "quiet" false when other work
 * kept a CPU busy (then the times are not a quiet machine's); nulls over
 * several MPI ranks, where it is not measured. */
static void json_load(FILE *f, const cli_load *l)
{
    const int busy = cli_load_busy(l);
    fputs("\"load\": {", f);
    cli_json_num(f, "cpus", l->start >= 0 ? l->cpus : NAN, ", ");
    cli_json_num(f, "busy_start", l->start >= 0 ? l->start : NAN, ", ");
    cli_json_num(f, "busy_end", l->end >= 0 ? l->end : NAN, ", ");
    fprintf(f, "\"quiet\": %s},\n  ", busy < 0 ? "null" : busy ? "false"
                                                                : "true");
}

static void write_json(FILE *f, const cli_run *r, const tkm_result *res,
                       const cli_times *tm)
{
    double ph[NPHASE];
    phases_of(res, tm, ph);
    fputs("{\n", f);
    json_meta(f, r, res);
    fputs("  \"phases\": {", f);
    for (int q = 0; q < NPHASE; q++)
        cli_json_num(f, phase_names[q], ph[q], q + 1 < NPHASE ? ", " : "},\n");
    fprintf(f, "  \"data_bytes\": %zu,\n  ",
            res->n * res->d * sizeof(double));
    if (tm && tm->inertias) {
        fprintf(f, "\"n_init\": %d,\n  \"kept\": %d,\n  \"inertias\": [",
                tm->n_init, tm->kept);
        for (int i = 0; i < tm->n_init; i++) {
            fputs(i ? ", " : "", f);
            tkmi_put_double(f, tm->inertias[i]);
        }
        fputs("],\n  ", f);
    }
    if (tm)
        fprintf(f, "\"warnings\": {\"empty_clusters\": %zu, "
                   "\"duplicate_centroids\": %zu, "
                   "\"distinct_points_below_k\": %zu},\n  ",
                tm->deg.empty, tm->deg.duplicates, tm->deg.distinct);
    if (tm)
        json_load(f, &tm->load);
    cli_json_num(f, "peak_rss", tm && tm->peak_rss >= 0
                                    ? (double)tm->peak_rss
                                    : NAN,
                 ",\n");
    if (tm && tm->nranks > 0)
        json_ranks(f, tm);
    fputs("  \"iters\": [", f);
    for (int i = 0; i < res->iterations; i++) {
        const tkm_iter_stats *s = &res->iters[i];
        fprintf(f, "%s\n    {\"iter\": %d, \"changed\": %llu, "
                   "\"dist_pc\": %llu, \"dist_cc\": %llu, "
                   "\"pruned_points\": %llu, \"pruned_pairs\": %llu, ",
                i ? "," : "", s->iter, (unsigned long long)s->changed,
                (unsigned long long)s->dist_pc,
                (unsigned long long)s->dist_cc,
                (unsigned long long)s->pruned_points,
                (unsigned long long)s->pruned_pairs);
        cli_json_num(f, "max_drift", s->max_drift, ", ");
        cli_json_num(f, "shift2", s->shift2, ", ");
        cli_json_num(f, "inertia", s->inertia, ", ");
        cli_json_num(f, "t_assign", s->t_assign, ", ");
        cli_json_num(f, "t_update", s->t_update, ", ");
        cli_json_num(f, "t_bound", s->t_bound, ", ");
        cli_json_num(f, "t_comm", s->t_comm, ", ");
        fprintf(f, "\"screened\": %llu, \"rechecked\": %llu, ",
                (unsigned long long)s->screened,
                (unsigned long long)s->rechecked);
        cli_json_num(f, "upd_err_max", s->upd_err_max, ", ");
        cli_json_num(f, "upd_err_mean", s->upd_err_mean, "}");
    }
    fputs(res->iterations ? "\n  ]\n}\n" : "]\n}\n", f);
}

typedef struct {
    const cli_run *r;
    const tkm_result *res;
    const cli_times *tm;
    int json;
} stats_ctx;

static void fill_stats(FILE *f, void *ctx)
{
    const stats_ctx *c = ctx;
    if (c->json)
        write_json(f, c->r, c->res, c->tm);
    else
        write_csv(f, c->res, c->tm);
}

tkm_status cli_write_stats(const char *path, const cli_run *r,
                           const tkm_result *res, const cli_times *tm,
                           char *msg, size_t msglen)
{
    stats_ctx c = {r, res, tm, strcasecmp(cli_ext(path), ".json") == 0};
    return cli_write_atomic(path, fill_stats, &c, msg, msglen);
}

/* The CLI's fill functions write and leave errors in the stream. */
typedef struct {
    void (*fill)(FILE *, void *);
    void *ctx;
} fill_adapter;

static int call_fill(FILE *f, void *p)
{
    const fill_adapter *a = p;
    a->fill(f, a->ctx);
    return ferror(f) ? (errno ? errno : EIO) : 0;
}

tkm_status cli_write_atomic(const char *path, void (*fill)(FILE *, void *),
                            void *ctx, char *msg, size_t msglen)
{
    fill_adapter a = {fill, ctx};
    /* small text files, their size not known before: a full file
     * system fails the write, which leaves nothing behind */
    return tkmi_write_atomic(path, 0, 0, call_fill, &a, msg, msglen);
}
