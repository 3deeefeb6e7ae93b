/*
 * gpu-time: time solvers on generated blobs from one k-means++ start and
 * hold every run to the first one of its precision (labels that differ,
 * largest centroid difference, iterations).  A measuring aid for
 * tools/gpu-proof.sh and docs/gpu-global.md, built against the library:
 *
 *   gcc -O2 -std=c11 -fopenmp -Iinclude tools/gpu-time.c \
 *       build/libtrikmeans.a -lm [CUDA libraries] -o build/gpu-time
 *
 *   gpu-time [-n N] [-d D] [-k K] [--seed S] [--runs LIST] [--precs LIST]
 *
 * LIST items are comma separated; a run is ALG/FORM[/BLOCK], e.g.
 * "lloyd/cuda-global/256,elkan/seq".  Prints one line per run.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trikmeans.h"

typedef struct {
    size_t n, d, k;
    unsigned long long seed;
    const char *runs, *precs;
    int max_iter;
} opts;

static int parse(int argc, char **argv, opts *o)
{
    o->n = 1000000;
    o->d = 8;
    o->k = 100;
    o->seed = 1;
    o->runs = "lloyd/cuda-global,elkan/cuda-global,hamerly/cuda-global";
    o->precs = "f32,f64";
    o->max_iter = 1000;
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *a = argv[i], *v = argv[i + 1];
        if (!strcmp(a, "-n"))
            o->n = strtoull(v, NULL, 10);
        else if (!strcmp(a, "-d"))
            o->d = strtoull(v, NULL, 10);
        else if (!strcmp(a, "-k"))
            o->k = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--seed"))
            o->seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--runs"))
            o->runs = v;
        else if (!strcmp(a, "--precs"))
            o->precs = v;
        else if (!strcmp(a, "--max-iter"))
            o->max_iter = atoi(v);
        else {
            fprintf(stderr, "gpu-time: unknown option %s\n", a);
            return -1;
        }
    }
    return o->n && o->d && o->k && o->k <= o->n ? 0 : -1;
}

/* "alg/form[/block]" into p; -1 when a name is unknown. */
static int parse_run(const char *s, tkm_params *p)
{
    char buf[96], *f, *b;
    snprintf(buf, sizeof buf, "%s", s);
    f = strchr(buf, '/');
    if (!f)
        return -1;
    *f++ = '\0';
    b = strchr(f, '/');
    if (b)
        *b++ = '\0';
    p->block_size = b ? atoi(b) : 0;
    return tkm_algorithm_parse(buf, &p->algorithm) ||
                   tkm_form_parse(f, &p->form)
               ? -1
               : 0;
}

static double max_diff(const double *a, const double *b, size_t m)
{
    double worst = 0.0;
    for (size_t i = 0; i < m; i++)
        if (fabs(a[i] - b[i]) > worst)
            worst = fabs(a[i] - b[i]);
    return worst;
}

/* One solver: time it, compare with ref (NULL: it becomes the ref). */
static int run_one(const tkm_dataset *ds, const double *init, tkm_params *p,
                   tkm_result *ref, int *have_ref)
{
    tkm_result r;
    char msg[512] = "";
    tkm_status st = tkm_fit(ds, init, p, &r, msg, sizeof msg);
    printf("%-4s %-8s %-12s %5d ", tkm_precision_name(p->precision),
           tkm_algorithm_name(p->algorithm), tkm_form_name(p->form),
           p->block_size);
    if (st != TKM_OK) {
        printf("FAILED: %s\n", msg);
        return -1;
    }
    double ta = 0, tu = 0, tb = 0;
    unsigned long long dist = 0;
    for (int i = 0; i < r.iterations; i++) {
        ta += r.iters[i].t_assign;
        tu += r.iters[i].t_update;
        tb += r.iters[i].t_bound;
        dist += r.iters[i].dist_pc;
    }
    size_t mism = 0;
    double md = 0.0;
    if (*have_ref) {
        for (size_t i = 0; i < r.n; i++)
            mism += r.labels[i] != ref->labels[i];
        md = max_diff(r.centroids, ref->centroids, r.k * r.d);
    }
    printf("%5d %9.4f %9.6f %9.4f %9.4f %9.4f %14llu %6zu %9.2e %.10e%s\n",
           r.iterations, r.t_total, r.t_total / r.iterations, ta, tu, tb,
           dist, mism, md, r.inertia,
           *have_ref && r.iterations != ref->iterations ? " ITER-DIFF" : "");
    fflush(stdout);
    if (!*have_ref) {
        *ref = r;
        *have_ref = 1;
    } else {
        tkm_result_free(&r);
    }
    return 0;
}

int main(int argc, char **argv)
{
    opts o;
    if (parse(argc, argv, &o)) {
        fprintf(stderr, "usage: gpu-time [-n N] [-d D] [-k K] [--seed S] "
                        "[--runs ALG/FORM[/BLOCK],...] [--precs f32,f64] "
                        "[--max-iter M]\n");
        return 2;
    }
    tkm_dataset ds;
    char msg[512] = "", devs[512] = "";
    if (tkm_generate_blobs(o.n, o.d, o.k, 1.0, 10.0, o.seed, &ds, NULL, msg,
                           sizeof msg) != TKM_OK) {
        fprintf(stderr, "gpu-time: %s\n", msg);
        return 1;
    }
    double *init = malloc(o.k * o.d * sizeof *init);
    if (!init || tkm_init_centroids(&ds, o.k, TKM_INIT_KMEANSPP, 0,
                                    o.seed + 1, init, msg,
                                    sizeof msg) != TKM_OK) {
        fprintf(stderr, "gpu-time: init: %s\n", msg);
        return 1;
    }
    tkm_cuda_describe(devs, sizeof devs);
    printf("# blobs n=%zu d=%zu k=%zu seed=%llu; kernels fma=%d; %s\n", o.n,
           o.d, o.k, o.seed, tkm_cuda_fma(), devs);
    printf("# prec alg form block iters t_total s/iter t_assign t_update "
           "t_bound dist_pc mism maxdiff inertia (vs the first run of the "
           "precision)\n");
    int fails = 0;
    char precs[64];
    snprintf(precs, sizeof precs, "%s", o.precs);
    for (char *ps = strtok(precs, ","); ps; ps = strtok(NULL, ",")) {
        char *runs = strdup(o.runs), *save = NULL;
        tkm_result ref;
        int have_ref = 0;
        for (char *rs = strtok_r(runs, ",", &save); rs;
             rs = strtok_r(NULL, ",", &save)) {
            tkm_params p;
            tkm_params_default(&p);
            p.k = o.k;
            p.max_iter = o.max_iter;
            if (tkm_precision_parse(ps, &p.precision) || parse_run(rs, &p)) {
                fprintf(stderr, "gpu-time: bad run %s/%s\n", ps, rs);
                return 2;
            }
            fails += run_one(&ds, init, &p, &ref, &have_ref) != 0;
        }
        if (have_ref)
            tkm_result_free(&ref);
        free(runs);
    }
    free(init);
    tkm_dataset_free(&ds);
    return fails ? 1 : 0;
}
