/* A program that uses the installed trikmeans as any user's would
 * (tests/install.sh builds it with pkg-config and with CMake): blobs,
 * a k-means++ start, one fit in the form named by argv[1] (default omp),
 * and the property every exact k-means result has, checked here apart
 * from the library: each label is the index of a nearest centroid, and
 * each centroid is the mean of its points.  "unavailable" (exit 0) when
 * the form cannot run here, unless argv[2] is "require".
 *
 * Built with -DCLASH=name, the program defines a function of that name,
 * one the library uses inside: linking then proves the library keeps its
 * own names to itself. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <trikmeans.h>

#ifdef CLASH
int CLASH(void);
int CLASH(void) { return 7; }
#endif

enum { N = 3000, D = 3, K = 5 };

static int check_result(const tkm_dataset *ds, const tkm_result *r)
{
    double sum[K][D] = {{0}};
    size_t count[K] = {0};
    for (size_t i = 0; i < ds->n; i++) {
        const double *x = ds->x + i * D;
        double best = INFINITY;
        for (int c = 0; c < K; c++) {
            double s = 0;
            for (int j = 0; j < D; j++) {
                double t = x[j] - r->centroids[c * D + j];
                s += t * t;
            }
            if (s < best)
                best = s;
        }
        int l = r->labels[i];
        double s = 0;
        for (int j = 0; j < D; j++) {
            double t = x[j] - r->centroids[l * D + j];
            s += t * t;
            sum[l][j] += x[j];
        }
        count[l]++;
        if (s > best * (1 + 1e-9)) {
            fprintf(stderr, "point %zu: label %d is not a nearest centroid\n",
                    i, l);
            return 1;
        }
    }
    for (int c = 0; c < K; c++)
        for (int j = 0; j < D; j++)
            if (count[c] && fabs(sum[c][j] / count[c] - r->centroids[c * D + j])
                > 1e-9 * (1 + fabs(r->centroids[c * D + j]))) {
                fprintf(stderr, "centroid %d is not its points' mean\n", c);
                return 1;
            }
    return 0;
}

int main(int argc, char **argv)
{
    const char *form_name = argc > 1 ? argv[1] : "omp";
    int require = argc > 2 && !strcmp(argv[2], "require");
    char msg[512];
    if (strcmp(tkm_version(), TKM_VERSION)) {
        fprintf(stderr, "header %s, library %s\n", TKM_VERSION, tkm_version());
        return 1;
    }
    tkm_params p;
    tkm_params_default(&p);
    p.k = K;
    if (tkm_form_parse(form_name, &p.form) != 0) {
        fprintf(stderr, "no form '%s'\n", form_name);
        return 2;
    }
    if (tkm_form_available(p.form, msg, sizeof msg) != TKM_OK) {
        printf("%s: unavailable: %s\n", form_name, msg);
        return require ? 1 : 0;
    }
    tkm_dataset ds;
    double init[K * D];
    tkm_result r;
    if (tkm_generate_blobs(N, D, K, 0.5, 10, 42, &ds, NULL, msg, sizeof msg)
        || tkm_init_centroids(&ds, K, TKM_INIT_KMEANSPP, 0, 1, init, msg,
                              sizeof msg)
        || tkm_fit(&ds, init, &p, &r, msg, sizeof msg)) {
        fprintf(stderr, "trikmeans: %s\n", msg);
        return 1;
    }
    int bad = check_result(&ds, &r);
    printf("trikmeans %s, %s %s: %d iterations, inertia %.6g%s\n",
           tkm_version(), tkm_algorithm_name(r.algorithm),
           tkm_form_name(r.form), r.iterations, r.inertia,
           bad ? ", WRONG" : "");
    tkm_result_free(&r);
    tkm_dataset_free(&ds);
    return bad;
}
