/*
 * gpu-bench: the GPU benchmark of docs/results/gpu-bench.md.  Time to strict
 * convergence of every CUDA solver (cuda-global and cuda-shared x Lloyd,
 * Elkan, Hamerly) in f32 and f64 from one k-means++ start on generated
 * blobs (spread 1.0, centres uniform in [-10, 10]^d), Lloyd's time per
 * iteration, and the achieved GB/s and GFLOP/s of Lloyd's assign kernel
 * against the device's peaks.  Built by make where nvcc is found
 * (build/gpu-bench); run by tools/gpu-proof.sh.
 *
 *   gpu-bench [--shapes N,D,K;...] [--precs f32,f64] [--block B]
 *             [--seed S] [--csv FILE] [--iters FILE]
 *             [--only ALG/FORM,...] [--reps R] [--random-init]
 *             [--seq-only] [--no-check]
 *
 * --reps R: every chosen solver R times on each shape's data (one data
 * set and start: the repetitions differ only in the machine's noise).
 * The last column, vs_first, holds each run's labels and iteration count
 * to the first run of its precision on that shape and repetition (same,
 * LABELS-DIFF or ITER-DIFF; the CSV adds the largest centroid
 * difference); with --no-check it reads "-".
 *
 * --iters FILE: one row per iteration of every run (changed labels,
 * distances, points pruned whole, the CUDA-event time of its bound, assign
 * and update phases).
 *
 * Timing.  tkm_result.t_total runs from the engine's creation (device
 * allocations, the upload and transposition of the points) to the result
 * on the host.  The issue asks for the clock to start after the upload,
 * so this program reports
 *
 *   t_solve = ev(1) + (T_last - T_1) + t_out
 *
 * ev(1): the CUDA-event time of iteration 1 (its bound, assign and update
 * phases); T_1, T_last: host clock at the end of iteration 1 and of the
 * last iteration (the progress callback, called once the iteration's
 * statistics are on the host); t_out: the time of one device-to-host copy
 * of the result's bytes (n labels and k x d centroids) into pageable
 * memory, as the engine copies them, timed here after the run.  Not
 * counted: the host work of iteration 1 between its kernels (one copy of
 * about 120 bytes; two with the farthest-point policy) and the final
 * inertia pass (one read of the points).
 * Kernels are loaded eagerly (CUDA_MODULE_LOADING=EAGER) so that no run
 * pays a kernel's first load.
 *
 * --seq-only: sequential Lloyd, one iteration (assign + update) per shape
 * and precision, from a random start (the cost of a Lloyd iteration does
 * not depend on the start): its seconds per iteration, for the ratios.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cuda_runtime_api.h>

#include "algs.h"
#include "trikmeans.h"

#define MAXSH 16

typedef struct {
    size_t n[MAXSH], d[MAXSH], k[MAXSH];
    int nsh;
    const char *precs, *csv, *only, *iters;
    int block, seq_only, check, random_init, reps;
    unsigned long long seed;
} opts;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int parse_shapes(const char *s, opts *o)
{
    o->nsh = 0;
    while (*s && o->nsh < MAXSH) {
        char *e;
        o->n[o->nsh] = strtoull(s, &e, 10);
        if (*e != ',')
            return -1;
        o->d[o->nsh] = strtoull(e + 1, &e, 10);
        if (*e != ',')
            return -1;
        o->k[o->nsh] = strtoull(e + 1, &e, 10);
        if (!o->n[o->nsh] || !o->d[o->nsh] || !o->k[o->nsh] ||
            o->k[o->nsh] > o->n[o->nsh])
            return -1;
        o->nsh++;
        s = *e == ';' ? e + 1 : e;
        if (*e && *e != ';')
            return -1;
    }
    return o->nsh ? 0 : -1;
}

static int parse(int argc, char **argv, opts *o)
{
    memset(o, 0, sizeof *o);
    o->precs = "f32,f64";
    o->seed = 1;
    o->check = 1;
    o->reps = 1;
    if (parse_shapes("1000000,2,100;2000000,8,400;494080,34,100;"
                     "1000000,32,1000;100000,784,100",
                     o))
        return -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--seq-only")) {
            o->seq_only = 1;
            continue;
        }
        if (!strcmp(a, "--no-check")) {
            o->check = 0;
            continue;
        }
        if (!strcmp(a, "--random-init")) {
            o->random_init = 1;
            continue;
        }
        if (!v)
            return -1;
        i++;
        if (!strcmp(a, "--shapes")) {
            if (parse_shapes(v, o))
                return -1;
        } else if (!strcmp(a, "--precs")) {
            o->precs = v;
        } else if (!strcmp(a, "--block")) {
            o->block = atoi(v);
        } else if (!strcmp(a, "--seed")) {
            o->seed = strtoull(v, NULL, 10);
        } else if (!strcmp(a, "--csv")) {
            o->csv = v;
        } else if (!strcmp(a, "--iters")) {
            o->iters = v;
        } else if (!strcmp(a, "--only")) {
            o->only = v;
        } else if (!strcmp(a, "--reps")) {
            o->reps = atoi(v);
            if (o->reps < 1)
                return -1;
        } else {
            return -1;
        }
    }
    return 0;
}

/* Host time at the end of iteration 1 and of the latest iteration. */
typedef struct {
    double t1, tlast;
} clock_ctx;

static int on_iter(const tkm_iter_stats *it, void *ctx)
{
    clock_ctx *cc = ctx;
    cc->tlast = now();
    if (it->iter == 1)
        cc->t1 = cc->tlast;
    return 0;
}

/* Seconds of one device-to-host copy of bytes into pageable memory (the
 * median of three); 0 when it cannot be timed. */
static double copy_out_time(size_t bytes)
{
    void *dev = NULL, *host = malloc(bytes);
    double t[3] = {0, 0, 0};
    if (!host || cudaMalloc(&dev, bytes) != cudaSuccess) {
        free(host);
        return 0.0;
    }
    cudaMemset(dev, 1, bytes);
    for (int r = 0; r < 3; r++) {
        double t0 = now();
        cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost);
        t[r] = now() - t0;
    }
    cudaFree(dev);
    free(host);
    double a = t[0] < t[1] ? t[0] : t[1], b = t[0] < t[1] ? t[1] : t[0];
    return t[2] < a ? a : t[2] > b ? b : t[2];
}

/* Device peaks: FP32 and FP64 lanes per SM of Hopper (128, 64), two
 * flops per fused multiply-add; memory: double data rate x bus width. */
typedef struct {
    double gflops32, gflops64, gbs;
    char name[256];
} peaks;

static void device_peaks(peaks *pk)
{
    int dev = 0, sms = 0, clk = 0, mclk = 0, bus = 0;
    memset(pk, 0, sizeof *pk);
    tkm_cuda_describe(pk->name, sizeof pk->name);
    if (cudaGetDevice(&dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) ||
        cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, dev) ||
        cudaDeviceGetAttribute(&mclk, cudaDevAttrMemoryClockRate, dev) ||
        cudaDeviceGetAttribute(&bus, cudaDevAttrGlobalMemoryBusWidth, dev))
        return;
    pk->gflops32 = (double)sms * 128 * 2 * clk * 1e-6;
    pk->gflops64 = (double)sms * 64 * 2 * clk * 1e-6;
    pk->gbs = 2.0 * mclk * 1e3 * (bus / 8) * 1e-9;
}

typedef struct {
    int ok, iters;
    double t_total, t_solve, ta, tu, tb;
    unsigned long long dist;
    size_t mism;
    double maxdiff, inertia;
    int blocks;
} run_out;

/* The per-iteration CSV (--iters), or NULL. */
static FILE *iters_csv;

static void iters_rows(const tkm_result *r, const tkm_params *p)
{
    if (!iters_csv)
        return;
    for (int i = 0; i < r->iterations; i++) {
        const tkm_iter_stats *it = &r->iters[i];
        fprintf(iters_csv, "%zu,%zu,%zu,%s,%s,%s,%d,%llu,%llu,%llu,%.6f,"
                           "%.6f,%.6f\n",
                r->n, r->d, r->k, tkm_precision_name(p->precision),
                tkm_algorithm_name(p->algorithm), tkm_form_name(p->form),
                it->iter, (unsigned long long)it->changed,
                (unsigned long long)it->dist_pc,
                (unsigned long long)it->pruned_points, it->t_bound * 1e3,
                it->t_assign * 1e3, it->t_update * 1e3);
    }
}

/* One solver; ref (when set) is the run it is held to. */
static run_out run_one(const tkm_dataset *ds, const double *init,
                       tkm_params *p, tkm_result *ref, int keep,
                       tkm_result *kept)
{
    run_out o;
    memset(&o, 0, sizeof o);
    tkm_result r;
    char msg[512] = "";
    clock_ctx cc = {0.0, 0.0};
    p->progress = on_iter;
    p->progress_ctx = &cc;
    tkm_status st = tkm_fit(ds, init, p, &r, msg, sizeof msg);
    if (st != TKM_OK) {
        fprintf(stderr, "gpu-bench: %s %s %s: %s\n",
                tkm_precision_name(p->precision),
                tkm_algorithm_name(p->algorithm), tkm_form_name(p->form), msg);
        return o;
    }
    o.ok = 1;
    iters_rows(&r, p);
    o.iters = r.iterations;
    o.t_total = r.t_total;
    o.blocks = r.blocks;
    for (int i = 0; i < r.iterations; i++) {
        o.ta += r.iters[i].t_assign;
        o.tu += r.iters[i].t_update;
        o.tb += r.iters[i].t_bound;
        o.dist += r.iters[i].dist_pc;
    }
    const tkm_iter_stats *r1 = &r.iters[0];
    const size_t R = p->precision == TKM_F32 ? 4 : 8;
    o.t_solve = r1->t_assign + r1->t_bound + r1->t_update +
                (cc.tlast - cc.t1) +
                copy_out_time(r.n * sizeof(int32_t) + r.k * r.d * R);
    o.inertia = r.inertia;
    if (ref) {
        for (size_t i = 0; i < r.n; i++)
            o.mism += r.labels[i] != ref->labels[i];
        for (size_t q = 0; q < r.k * r.d; q++)
            if (fabs(r.centroids[q] - ref->centroids[q]) > o.maxdiff)
                o.maxdiff = fabs(r.centroids[q] - ref->centroids[q]);
        if (r.iterations != ref->iterations)
            o.mism += 1000000000u; /* flagged below */
    }
    if (keep)
        *kept = r;
    else
        tkm_result_free(&r);
    return o;
}

static FILE *csv_open(const char *path)
{
    FILE *f = path ? fopen(path, "w") : NULL;
    if (f)
        fprintf(f, "n,d,k,precision,algorithm,form,block,iterations,"
                   "t_total_s,t_solve_s,s_per_iter,t_assign_s,t_update_s,"
                   "t_bound_s,dist_pc,assign_ms_per_iter,assign_gflops,"
                   "assign_gbs,vs_global,label_mismatch,max_centroid_diff,"
                   "inertia\n");
    return f;
}

/* Sequential Lloyd, one iteration, random start. */
static int seq_only(const opts *o)
{
    printf("# seq lloyd, one iteration from a random start\n");
    printf("# n d k prec s_per_iter (assign + update)\n");
    for (int s = 0; s < o->nsh; s++) {
        tkm_dataset ds;
        char msg[512] = "", pl[64];
        if (tkm_generate_blobs(o->n[s], o->d[s], o->k[s], 1.0, 10.0, o->seed,
                               &ds, NULL, msg, sizeof msg) != TKM_OK)
            return fprintf(stderr, "gpu-bench: %s\n", msg), 1;
        double *init = malloc(o->k[s] * o->d[s] * sizeof *init);
        if (!init || tkm_init_centroids(&ds, o->k[s], TKM_INIT_RANDOM, 0,
                                        o->seed + 1, init, msg,
                                        sizeof msg) != TKM_OK)
            return fprintf(stderr, "gpu-bench: init: %s\n", msg), 1;
        snprintf(pl, sizeof pl, "%s", o->precs);
        for (char *ps = strtok(pl, ","); ps; ps = strtok(NULL, ",")) {
            tkm_params p;
            tkm_result r;
            tkm_params_default(&p);
            p.k = o->k[s];
            p.max_iter = 1;
            if (tkm_precision_parse(ps, &p.precision) ||
                tkm_fit(&ds, init, &p, &r, msg, sizeof msg) != TKM_OK)
                return fprintf(stderr, "gpu-bench: seq: %s\n", msg), 1;
            printf("SEQ %zu %zu %zu %s %.6f\n", o->n[s], o->d[s], o->k[s], ps,
                   r.iters[0].t_assign + r.iters[0].t_update);
            fflush(stdout);
            tkm_result_free(&r);
        }
        free(init);
        tkm_dataset_free(&ds);
    }
    return 0;
}

/* Is p's algorithm/form in the comma-separated list? */
static int chosen(const char *list, const tkm_params *p)
{
    char want[64];
    snprintf(want, sizeof want, "%s/%s", tkm_algorithm_name(p->algorithm),
             tkm_form_name(p->form));
    for (const char *s = list; s && *s;) {
        const char *e = strchr(s, ',');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        if (len == strlen(want) && !strncmp(s, want, len))
            return 1;
        s = e ? e + 1 : NULL;
    }
    return 0;
}
static const tkm_form FORMS[] = {TKM_CUDA_GLOBAL, TKM_CUDA_SHARED};

/* Every solver on one shape in one precision; lines to stdout and csv. */
static int bench_prec(const opts *o, int s, const tkm_dataset *ds,
                      const double *init, tkm_precision prec, FILE *csv)
{
    run_out out[TKM_NALGO][2];
    tkm_result ref;
    memset(out, 0, sizeof out);
    int have_ref = 0, fails = 0;
    size_t n = o->n[s], d = o->d[s], k = o->k[s];
    const double R = prec == TKM_F32 ? 4.0 : 8.0;
    /* every algorithm in the table's order: the first (Lloyd) is the
     * reference */
    for (int f = 0; f < 2; f++)
        for (int a = 0; a < TKM_NALGO; a++) {
            tkm_params p;
            tkm_params_default(&p);
            p.k = k;
            p.max_iter = 100000;
            p.precision = prec;
            p.algorithm = (tkm_algorithm)a;
            p.form = FORMS[f];
            p.block_size = o->block;
            if ((o->only && !chosen(o->only, &p)) ||
                !tkmi_alg_has_form(p.algorithm, p.form, NULL, 0))
                continue;
            out[a][f] = run_one(ds, init, &p, have_ref ? &ref : NULL,
                                !have_ref, &ref);
            if (!out[a][f].ok) {
                fails++;
                continue;
            }
            have_ref = 1;
        }
    for (int a = 0; a < TKM_NALGO; a++)
        for (int f = 0; f < 2; f++) {
            const run_out *r = &out[a][f];
            const char *an = tkm_algorithm_name((tkm_algorithm)a);
            if (!r->ok)
                continue;
            double apit = r->ta / r->iters, gfl = 0, gbs = 0;
            /* the full scan's work, for an algorithm without bounds */
            if (!tkmi_alg_has((tkm_algorithm)a, TKMI_CAP_BOUNDS)) {
                gfl = 3.0 * n * k * d / apit * 1e-9;
                gbs = (n * d * R + (double)r->blocks * k * d * R) / apit *
                      1e-9;
            }
            const run_out *gl = &out[a][0];
            double vs_g = gl->ok ? gl->t_solve / r->t_solve : NAN;
            const char *verdict = !o->check             ? "-"
                                  : !r->mism                ? "same"
                                  : r->mism >= 1000000000u ? "ITER-DIFF"
                                                           : "LABELS-DIFF";
            printf("%-4s %-8s %-12s %6d %12.6f %10.4f %9.6f %9.4f %9.4f %9.4f "
                   "%8.3f %9.1f %8.1f %7.2f %s\n",
                   tkm_precision_name(prec), an,
                   tkm_form_name(FORMS[f]), r->iters, r->t_solve, r->t_total,
                   r->t_solve / r->iters, r->ta, r->tu, r->tb, apit * 1e3,
                   gfl, gbs, vs_g, verdict);
            if (csv)
                fprintf(csv,
                        "%zu,%zu,%zu,%s,%s,%s,%d,%d,%.6f,%.6f,%.8f,%.6f,%.6f,"
                        "%.6f,%llu,%.6f,%.2f,%.2f,%.4f,%zu,%.3e,%.10e\n",
                        n, d, k, tkm_precision_name(prec),
                        an, tkm_form_name(FORMS[f]),
                        o->block ? o->block : 256, r->iters, r->t_total,
                        r->t_solve, r->t_solve / r->iters, r->ta, r->tu,
                        r->tb, r->dist, apit * 1e3, gfl, gbs, vs_g, r->mism,
                        r->maxdiff, r->inertia);
        }
    if (have_ref)
        tkm_result_free(&ref);
    return fails;
}

int main(int argc, char **argv)
{
    opts o;
    if (parse(argc, argv, &o)) {
        fprintf(stderr, "usage: gpu-bench [--shapes N,D,K;...] [--precs "
                        "f32,f64] [--block B] [--seed S] [--csv FILE] "
                        "[--iters FILE] [--only ALG/FORM,...] [--reps R] "
                        "[--random-init] [--seq-only] [--no-check]\n");
        return 2;
    }
    if (o.seq_only)
        return seq_only(&o);
    setenv("CUDA_MODULE_LOADING", "EAGER", 0);
    peaks pk;
    device_peaks(&pk);
    printf("# %s; kernels fma=%d; peaks: %.0f GFLOP/s f32, %.0f f64 (2 per "
           "FMA), %.0f GB/s\n",
           pk.name, tkm_cuda_fma(), pk.gflops32, pk.gflops64, pk.gbs);
    FILE *csv = csv_open(o.csv);
    if (o.iters && (iters_csv = fopen(o.iters, "w")) != NULL)
        fprintf(iters_csv, "n,d,k,precision,algorithm,form,iter,changed,"
                           "dist_pc,pruned_points,bound_ms,assign_ms,"
                           "update_ms\n");
    int fails = 0;
    for (int s = 0; s < o.nsh; s++) {
        tkm_dataset ds;
        char msg[512] = "", pl[64];
        double t0 = now();
        if (tkm_generate_blobs(o.n[s], o.d[s], o.k[s], 1.0, 10.0, o.seed,
                               &ds, NULL, msg, sizeof msg) != TKM_OK)
            return fprintf(stderr, "gpu-bench: %s\n", msg), 1;
        double *init = malloc(o.k[s] * o.d[s] * sizeof *init);
        if (!init ||
            tkm_init_centroids(&ds, o.k[s],
                               o.random_init ? TKM_INIT_RANDOM
                                             : TKM_INIT_KMEANSPP,
                               0, o.seed + 1, init, msg,
                               sizeof msg) != TKM_OK)
            return fprintf(stderr, "gpu-bench: init: %s\n", msg), 1;
        printf("\n## blobs n=%zu d=%zu k=%zu seed=%llu (data and %s start "
               "%.1f s)\n",
               o.n[s], o.d[s], o.k[s], o.seed,
               o.random_init ? "random" : "k-means++", now() - t0);
        printf("# prec alg form iters t_solve t_total s/iter t_assign "
               "t_update t_bound assign_ms/it GFLOP/s GB/s vs_global "
               "vs_first\n");
        for (int rep = 0; rep < o.reps; rep++) {
            snprintf(pl, sizeof pl, "%s", o.precs);
            for (char *ps = strtok(pl, ","); ps; ps = strtok(NULL, ",")) {
                tkm_precision prec;
                if (tkm_precision_parse(ps, &prec))
                    return fprintf(stderr, "gpu-bench: bad precision %s\n",
                                   ps),
                           2;
                fails += bench_prec(&o, s, &ds, init, prec, csv);
                fflush(stdout);
            }
        }
        free(init);
        tkm_dataset_free(&ds);
    }
    if (csv)
        fclose(csv);
    if (iters_csv)
        fclose(iters_csv);
    return fails ? 1 : 0;
}
