/*
 * The report's plots: for each case (data set, k) a data file per plot in
 * DIR/plots and one gnuplot script, plots/report.gp, that draws each plot
 * as PNG (pngcairo) and SVG.  Paths in the script are relative to DIR,
 * where gnuplot runs.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

typedef struct {
    rp_report *r;
    FILE *gp;
    int bad;
} plotter;

/* "#rrggbb" text: a plot's colour. */
typedef struct {
    char s[8];
} rgb_text;

/* An algorithm's colour, by its place in the library's order: a fixed
 * palette, then hues a golden angle apart, so that no two algorithms
 * share one however many there are. */
static void base_rgb(int a, double c[3])
{
    static const unsigned palette[] = {0x4477aa, 0xee6677, 0x228833,
                                       0xccbb44, 0x66ccee, 0xaa3377};
    const int np = (int)(sizeof palette / sizeof palette[0]);
    if (a >= 0 && a < np) {
        for (int i = 0; i < 3; i++)
            c[i] = (double)(palette[a] >> (16 - 8 * i) & 0xff);
        return;
    }
    /* hue h in sixths of a turn; saturation 0.6, value 0.75 */
    double h = fmod(0.6180339887 * (a - np + 1), 1.0) * 6, v = 191.25;
    double lo = v * 0.4, x = lo + (v - lo) * (1 - fabs(fmod(h, 2) - 1));
    int sector = (int)h % 6;
    static const int order[6][3] = {{0, 1, 2}, {1, 0, 2}, {2, 0, 1},
                                    {2, 1, 0}, {1, 2, 0}, {0, 2, 1}};
    double vals[3] = {v, x, lo};
    for (int i = 0; i < 3; i++)
        c[i] = vals[order[sector][i]];
}

/* The colour of the series (algorithm a, form fi, precision q): the
 * algorithm's colour, made lighter or darker by a step of its own for
 * each (form, precision), so that no plot draws two series in one colour
 * (seq f64, and every bar chart's algorithm, the colour itself). */
static rgb_text series_color(int a, int fi, int q)
{
    /* (form, precision) -> mix towards white (> 0) or black (< 0) */
    static const double shade[5][2] = {{0.45, 0},    {0.25, -0.35},
                                       {0.6, -0.55}, {0.12, -0.18},
                                       {0.35, -0.7}};
    double c[3], t = fi >= 0 && fi < 5 && q >= 0 && q < 2 ? shade[fi][q]
                                                          : 0;
    rgb_text out;
    base_rgb(a, c);
    for (int i = 0; i < 3; i++)
        c[i] = t > 0 ? c[i] + (255 - c[i]) * t : c[i] * (1 + t);
    snprintf(out.s, sizeof out.s, "#%02x%02x%02x", (unsigned)lround(c[0]),
             (unsigned)lround(c[1]), (unsigned)lround(c[2]));
    return out;
}

/* An algorithm's own colour: its series in the bar charts, where a series
 * is an algorithm. */
static rgb_text color_of(int a)
{
    return series_color(a, 0, 1);
}

static int algo_of(const char *algo)
{
    for (int a = 0; a < TKM_NALGO; a++)
        if (!strcmp(rp_algo(a), algo))
            return a;
    return TKM_NALGO;
}

/* The style of a line of (algorithm a, form fi, precision q): its colour,
 * dashed for f32, a point shape per form. */
static void line_style(FILE *gp, int a, int fi, int q)
{
    static const int shape[5] = {7, 5, 9, 13, 3};
    fprintf(gp, "lc rgb \"%s\" dt %d pt %d", series_color(a, fi, q).s,
            q == 0 ? 2 : 1, fi >= 0 && fi < 5 ? shape[fi] : 1);
}

static FILE *dat_open(plotter *p, const char *kind, const rp_case *c)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/plots/%s_%s.dat", p->r->dir, kind,
             c->slug);
    FILE *f = fopen(path, "w");
    if (!f)
        p->bad = 1;
    return f;
}

static void dat_close(plotter *p, FILE *f)
{
    if (ferror(f) | (fclose(f) != 0))
        p->bad = 1;
}

/* Start the plot plots/NAME.{png,svg}: the body that follows runs once for
 * PNG, once for SVG. */
static void begin_named(plotter *p, const char *name, int w, int h)
{
    fprintf(p->gp,
            "\n# ---- %s\nreset\nset datafile missing \"?\"\n"
            "do for [fmt in \"png svg\"] {\n"
            "if (fmt eq \"png\") {\n"
            "  set terminal pngcairo size %d,%d font \"sans,10\" "
            "noenhanced\n"
            "} else {\n"
            "  set terminal svg size %d,%d font \"sans,10\" noenhanced "
            "background rgb \"white\"\n"
            "}\n"
            "set output sprintf(\"plots/%s.%%s\", fmt)\n"
            "set grid ytics lc rgb \"#dddddd\"\n"
            "set border 3\nset tics nomirror\n",
            name, w, h, w, h, name);
}

/* Start the plot KIND_SLUG of a case. */
static void begin(plotter *p, const char *kind, const rp_case *c, int w,
                  int h)
{
    char name[256];
    snprintf(name, sizeof name, "%s_%s", kind, c->slug);
    begin_named(p, name, w, h);
}

static void end(plotter *p)
{
    fputs("set output\n}\n", p->gp);
}

static void title(plotter *p, const rp_case *c, const char *what)
{
    fprintf(p->gp, "set title \"%s: %s, k = %zu (n = %zu, d = %zu)\"\n",
            what, c->dataset, c->k, c->n, c->d);
}

/* ---- bars: time and speed-up per solver -------------------------------- */

/* The (form, precision) groups with at least one solver that ran. */
static int groups(const rp_case *c, int g[10][2])
{
    int n = 0;
    for (int f = 0; f < 5; f++)
        for (int q = 0; q < 2; q++)
            for (int a = 0; a < TKM_NALGO; a++)
                if (rp_pick(c, rp_algo(a), rp_forms[f], rp_precs[q])) {
                    g[n][0] = f;
                    g[n++][1] = q;
                    break;
                }
    return n;
}

static void bars(plotter *p, const rp_case *c, int speedup)
{
    int g[10][2], ng = groups(c, g);
    const char *kind = speedup ? "speedup" : "time";
    if (!ng)
        return;
    FILE *f = dat_open(p, kind, c);
    if (!f)
        return;
    double lo = INFINITY, hi = 0;
    fputs("# group", f);
    for (int a = 0; a < TKM_NALGO; a++)
        fprintf(f, " %s", rp_algo(a));
    fputc('\n', f);
    for (int i = 0; i < ng; i++) {
        const char *form = rp_forms[g[i][0]], *prec = rp_precs[g[i][1]];
        double base = rp_lloyd_seq(c, prec);
        fprintf(f, "\"%s %s\"", form, prec);
        for (int a = 0; a < TKM_NALGO; a++) {
            const rp_cfg *k = rp_pick(c, rp_algo(a), form, prec);
            double v = !k ? NAN : speedup ? base / k->t_med : k->t_med;
            if (isfinite(v) && v > 0) {
                fprintf(f, " %.6g", v);
                lo = v < lo ? v : lo;
                hi = v > hi ? v : hi;
            } else {
                fputs(" ?", f);
            }
        }
        fputc('\n', f);
    }
    dat_close(p, f);
    if (!(hi > 0))
        return;
    begin(p, kind, c, 900, 480);
    title(p, c, speedup ? "speed-up over sequential Lloyd of the same "
                          "precision"
                        : "median time per run");
    fprintf(p->gp,
            "set style data histograms\n"
            "set style histogram clustered gap 1\n"
            "set style fill solid 0.85 border -1\nset boxwidth 0.9\n"
            "set key outside right top\nset xtics rotate by -25\n"
            "set ylabel \"%s\"\n",
            speedup ? "speed-up (times faster)" : "seconds");
    if (hi / lo > 30)
        fputs("set logscale y\n", p->gp);
    else
        fputs("set yrange [0:*]\nset offsets 0, 0, graph 0.15, 0\n", p->gp);
    if (speedup)
        fputs("set arrow from graph 0, first 1 to graph 1, first 1 nohead "
              "dt 2 lc rgb \"#555555\"\n", p->gp);
    fprintf(p->gp, "plot \"plots/%s_%s.dat\" using 2:xtic(1) title \"%s\" lc "
                   "rgb \"%s\"",
            kind, c->slug, rp_algo(0), color_of(0).s);
    for (int a = 1; a < TKM_NALGO; a++)
        fprintf(p->gp, ", '' using %d title \"%s\" lc rgb \"%s\"", a + 2,
                rp_algo(a), color_of(a).s);
    fputc('\n', p->gp);
    end(p);
}

/* ---- lines: OpenMP threads and CUDA block sizes ------------------------ */

static int by_x(const void *a, const void *b)
{
    const double *x = a, *y = b;
    return (x[0] > y[0]) - (x[0] < y[0]);
}

/* One series per (algorithm, form, precision) of the forms matching
 * prefix, x = threads or block size, each's (algorithm, form, precision)
 * indices in key.  Returns the series written. */
static int series(plotter *p, const rp_case *c, FILE *f, const char *prefix,
                  int block, char titles[][48], int key[][3], int *most)
{
    int ns = 0;
    double pts[CLI_MAX_LIST * 2][2];
    *most = 0;
    for (int fi = 0; fi < 4; fi++) {
        if (strncmp(rp_forms[fi], prefix, strlen(prefix)))
            continue;
        for (int a = 0; a < TKM_NALGO; a++)
            for (int q = 0; q < 2; q++) {
                int m = 0;
                for (size_t i = 0; i < c->ncfg && m < CLI_MAX_LIST * 2; i++) {
                    const rp_cfg *g = &c->cfg[i];
                    if (!g->nok || strcmp(g->form, rp_forms[fi]) ||
                        strcmp(g->algo, rp_algo(a)) ||
                        strcmp(g->prec, rp_precs[q]))
                        continue;
                    pts[m][0] = block ? g->block : g->threads;
                    pts[m++][1] = g->t_med;
                }
                if (!m)
                    continue;
                qsort(pts, (size_t)m, sizeof pts[0], by_x);
                fprintf(f, "%s# %s %s %s\n", ns ? "\n\n" : "", rp_algo(a),
                        rp_forms[fi], rp_precs[q]);
                for (int i = 0; i < m; i++)
                    fprintf(f, "%g %.6g\n", pts[i][0], pts[i][1]);
                key[ns][0] = a;
                key[ns][1] = fi;
                key[ns][2] = q;
                if (block)
                    snprintf(titles[ns++], 48, "%s %s %s", rp_algo(a),
                             rp_forms[fi], rp_precs[q]);
                else
                    snprintf(titles[ns++], 48, "%s %s", rp_algo(a),
                             rp_precs[q]);
                *most = m > *most ? m : *most;
            }
    }
    (void)p;
    return ns;
}

static void lines(plotter *p, const rp_case *c, int block)
{
    const char *kind = block ? "block" : "omp";
    if (!rp_has_form(c, block ? "cuda" : "omp"))
        return;
    FILE *f = dat_open(p, kind, c);
    if (!f)
        return;
    char titles[4 * TKM_NALGO][48];
    int key[4 * TKM_NALGO][3];
    int most, ns = series(p, c, f, block ? "cuda" : "omp", block, titles,
                          key, &most);
    dat_close(p, f);
    if (!ns || (!block && most < 2))
        return;
    begin(p, kind, c, 800, 480);
    title(p, c, block ? "CUDA block size" : "OpenMP scaling");
    fprintf(p->gp, "set logscale x 2\nset logscale y\nset key outside "
                   "right\nset xlabel \"%s\"\nset ylabel \"median time "
                   "(s)\"\nset xtics (%s)\nplot ",
            block ? "threads per block" : "OpenMP threads",
            block ? "32, 64, 128, 256, 512, 1024"
                  : "1, 2, 4, 8, 16, 32, 64, 128");
    for (int s = 0; s < ns; s++) {
        fprintf(p->gp, "%s\"plots/%s_%s.dat\" index %d using 1:2 with "
                       "linespoints lw 2 ",
                s ? ", \\\n  " : "", kind, c->slug, s);
        line_style(p->gp, key[s][0], key[s][1], key[s][2]);
        fprintf(p->gp, " title \"%s\"", titles[s]);
    }
    fputc('\n', p->gp);
    end(p);
}

/* ---- pruning per iteration --------------------------------------------- */

/* The run each algorithm's pruning curve shows: sequential, double if
 * there, its first repetition. */
static const rp_run *representative(const rp_case *c, const char *algo)
{
    static const char *const pref[][2] = {{"seq", "f64"}, {"seq", "f32"},
                                          {"omp", "f64"}, {"omp", "f32"}};
    for (int i = 0; i < 4; i++)
        for (size_t j = 0; j < c->ncfg; j++) {
            const rp_cfg *g = &c->cfg[j];
            if (g->nok && !strcmp(g->algo, algo) &&
                !strcmp(g->form, pref[i][0]) && !strcmp(g->prec, pref[i][1]))
                return g->first;
        }
    for (size_t j = 0; j < c->ncfg; j++)
        if (c->cfg[j].nok && !strcmp(c->cfg[j].algo, algo) &&
            strcmp(c->cfg[j].form, "sklearn"))
            return c->cfg[j].first;
    return NULL;
}

typedef struct {
    long id;
    int iter;
    double dist, frac;
} iter_row;

typedef struct {
    iter_row *v;
    size_t n, cap;
    long *ids;
    size_t nids;
} iter_set;

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/* Keep the iteration rows of the wanted runs (ids sorted). */
static int read_iters(const rp_report *r, iter_set *s)
{
    char path[4200], line[1024];
    snprintf(path, sizeof path, "%s/%s", r->dir, r->iters_name);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f)) {
        char *end;
        long id = strtol(line, &end, 10);
        if (end == line || !bsearch(&id, s->ids, s->nids, sizeof id,
                                    cmp_long))
            continue;
        iter_row row = {.id = id};
        unsigned long long dist;
        double frac;
        if (sscanf(end, ",%d,%*u,%llu,%*u,%*u,%*u,%lf", &row.iter, &dist,
                   &frac) != 3)
            continue;
        row.dist = (double)dist;
        row.frac = frac;
        if (s->n == s->cap) {
            size_t nc = s->cap ? 2 * s->cap : 1024;
            iter_row *nv = realloc(s->v, nc * sizeof *nv);
            if (!nv)
                break;
            s->v = nv;
            s->cap = nc;
        }
        s->v[s->n++] = row;
    }
    fclose(f);
    return 0;
}

static void prune(plotter *p, const rp_case *c, const iter_set *s)
{
    FILE *f = NULL;
    int ns = 0, most = 0;
    const char *names[TKM_NALGO];
    for (int a = 0; a < TKM_NALGO; a++) {
        const rp_run *u = representative(c, rp_algo(a));
        size_t rows = 0;
        for (size_t i = 0; u && i < s->n; i++)
            rows += s->v[i].id == u->id;
        if (!rows)
            continue;
        if (!f && !(f = dat_open(p, "prune", c)))
            return;
        fprintf(f, "%s# %s %s %s run %ld: iter dist_pc frac_pruned\n",
                ns ? "\n\n" : "", rp_algo(a), u->form, u->prec, u->id);
        for (size_t i = 0; i < s->n; i++)
            if (s->v[i].id == u->id) {
                fprintf(f, "%d ", s->v[i].iter);
                tkmi_put_double(f, s->v[i].dist);
                fprintf(f, " %.6g\n", s->v[i].frac);
            }
        names[ns++] = rp_algo(a);
        most = u->iterations > most ? u->iterations : most;
    }
    if (!f)
        return;
    dat_close(p, f);
    /* Lloyd computes every distance and prunes none: its line runs along
     * the top of the one panel and the bottom of the other, where a key
     * inside would cover it.  The key goes below each panel, outside
     * the data, the same in both so that they keep one height. */
    begin(p, "prune", c, 1000, 460);
    fprintf(p->gp, "set multiplot layout 1,2 title \"distances and pruning "
                   "per iteration: %s, k = %zu (n = %zu, d = %zu)\"\n"
                   "set xlabel \"iteration\"\n"
                   "set key outside below center horizontal height 1\n%s"
                   "set logscale y\nset ylabel \"point-centroid distances "
                   "computed\"\nplot ",
            c->dataset, c->k, c->n, c->d,
            most <= 15 ? "set xtics 1\n" : "");
    for (int pass = 0; pass < 2; pass++) {
        if (pass)
            fputs("unset logscale y\nset yrange [0:1.05]\nset ylabel "
                  "\"share of the n k distances pruned\"\nplot ", p->gp);
        for (int i = 0; i < ns; i++)
            fprintf(p->gp, "%s\"plots/prune_%s.dat\" index %d using 1:%d "
                           "with linespoints lw 2 pt 7 ps 0.5 lc rgb \"%s\" "
                           "title \"%s\"",
                    i ? ", \\\n  " : "", c->slug, i, pass ? 3 : 2,
                    color_of(algo_of(names[i])).s, names[i]);
        fputc('\n', p->gp);
    }
    fputs("unset multiplot\n", p->gp);
    end(p);
}

/* ---- float against double ---------------------------------------------- */

static void precision(plotter *p, const rp_case *c)
{
    FILE *f = NULL;
    double most = 0;
    for (int fi = 0; fi < 5; fi++)
        for (int a = 0; a < TKM_NALGO; a++) {
            const rp_cfg *s = rp_pick(c, rp_algo(a), rp_forms[fi], "f32");
            const rp_cfg *d = rp_pick(c, rp_algo(a), rp_forms[fi], "f64");
            if (!s || !d)
                continue;
            if (!f && !(f = dat_open(p, "prec", c)))
                return;
            double diff = isfinite(s->f64_diff) && c->n
                              ? 100.0 * s->f64_diff / (double)c->n
                              : 0;
            most = diff > most ? diff : most;
            fprintf(f, "\"%s %s\" %.6g %.6g %.6g\n", rp_algo(a),
                    rp_forms[fi], s->t_med, d->t_med, diff);
        }
    if (!f)
        return;
    dat_close(p, f);
    begin(p, "prec", c, 900, 640);
    fprintf(p->gp,
            "set multiplot layout 2,1 title \"float against double: %s, "
            "k = %zu (n = %zu, d = %zu)\"\n"
            "set lmargin at screen 0.09\nset rmargin at screen 0.76\n"
            "set style data histograms\n"
            "set style histogram clustered gap 1\n"
            "set style fill solid 0.85 border -1\nset boxwidth 0.9\n"
            "set key outside right top\nset xtics rotate by -25\n"
            "set yrange [0:*]\nset ylabel \"median time (s)\"\n"
            "plot \"plots/prec_%s.dat\" using 2:xtic(1) title \"f32\" lc "
            "rgb \"#66ccee\", '' using 3 title \"f64\" lc rgb \"#4477aa\"\n"
            "set ylabel \"labels unlike the f64 baseline (%%)\"\n"
            "set yrange [0:%s]\n%s"
            "plot \"plots/prec_%s.dat\" using 4:xtic(1) title \"f32 run "
            "against f64 baseline\" lc rgb \"#ccbb44\"\n"
            "unset multiplot\n",
            c->dataset, c->k, c->n, c->d, c->slug, most > 0 ? "*" : "1",
            most > 0 ? ""
                     : "set label 1 \"every f32 run has the labels of the "
                       "f64 baseline\" at graph 0.5, graph 0.5 center\n",
            c->slug);
    end(p);
}

/* ---- quality-score histograms ------------------------------------------ */

static const char *const score_names[3] = {
    "silhouette (higher is better)", "Calinski-Harabasz (higher is better)",
    "Davies-Bouldin (lower is better)"};

/* 1, 2 or 5 times a power of ten, near x. */
static double nice_step(double x)
{
    if (!(x > 0))
        return 1;
    double e = pow(10, floor(log10(x))), m = x / e;
    return e * (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10);
}

static void histograms(plotter *p, const rp_case *c)
{
    const char *inits[TKM_NINIT];
    int ni = 0;
    for (size_t i = 0; i < c->nruns; i++) {
        const rp_run *u = c->runs[i];
        int seen = 0;
        for (int j = 0; j < ni; j++)
            seen |= !strcmp(inits[j], u->init);
        if (u->ok && isfinite(u->score[0]) && !seen && ni < TKM_NINIT)
            inits[ni++] = u->init;
    }
    FILE *f = dat_open(p, "hist", c);
    if (!f)
        return;
    double lo[3], hi[3];
    for (int s = 0; s < 3; s++) {
        lo[s] = INFINITY;
        hi[s] = -INFINITY;
        for (int j = 0; j < ni; j++) {
            fprintf(f, "%s# %s %s\n", s || j ? "\n\n" : "", score_names[s],
                    inits[j]);
            for (size_t i = 0; i < c->nruns; i++) {
                const rp_run *u = c->runs[i];
                double v = u->score[s];
                if (!u->ok || !isfinite(v) || strcmp(u->init, inits[j]))
                    continue;
                tkmi_put_double(f, v);
                fputc('\n', f);
                lo[s] = v < lo[s] ? v : lo[s];
                hi[s] = v > hi[s] ? v : hi[s];
            }
        }
    }
    dat_close(p, f);
    begin(p, "hist", c, 1200, 420);
    fprintf(p->gp, "set multiplot layout 1,3 title \"quality over seeds, "
                   "by initialisation: %s, k = %zu (n = %zu, d = %zu)\"\n"
                   "set style fill transparent solid 0.5 border -1\n"
                   "set ylabel \"runs\"\nset yrange [0:*]\nset key top "
                   "right\nset offsets 0, 0, graph 0.25, 0\n",
            c->dataset, c->k, c->n, c->d);
    static const char *const fill[TKM_NINIT] = {"#4477aa", "#ee6677",
                                                "#228833", "#ccbb44"};
    for (int s = 0; s < 3; s++) {
        double w = (hi[s] - lo[s]) / 12;
        if (!(w > 0))
            w = fabs(hi[s]) * 0.01 + 1e-9;
        char wb[TKMI_NUM_LEN], tb[TKMI_NUM_LEN];
        tkmi_num_double(wb, sizeof wb, w);
        tkmi_num_double(tb, sizeof tb, nice_step((hi[s] - lo[s] + w) / 4));
        fprintf(p->gp, "w = %s\nbin(x) = w * floor(x / w) + w / 2\n"
                       "set boxwidth w\nset xtics %s\n"
                       "set xlabel \"%s\"\nplot ", wb, tb, score_names[s]);
        for (int j = 0; j < ni; j++)
            fprintf(p->gp, "%s\"plots/hist_%s.dat\" index %d using "
                           "(bin($1)):(1.0) smooth frequency with boxes lc "
                           "rgb \"%s\" title \"%s\"",
                    j ? ", " : "", c->slug, s * ni + j, fill[j], inits[j]);
        fputc('\n', p->gp);
    }
    fputs("unset multiplot\n", p->gp);
    end(p);
}

/* ---- all plots --------------------------------------------------------- */

/* Run ids whose iterations the pruning plots need, sorted. */
static int wanted_ids(const rp_report *r, iter_set *s)
{
    s->ids = malloc(((size_t)TKM_NALGO * r->ncases + 1) * sizeof *s->ids);
    if (!s->ids)
        return -1;
    for (size_t i = 0; i < r->ncases; i++)
        for (int a = 0; a < TKM_NALGO; a++) {
            const rp_run *u = representative(&r->cases[i], rp_algo(a));
            if (u)
                s->ids[s->nids++] = u->id;
        }
    qsort(s->ids, s->nids, sizeof *s->ids, cmp_long);
    return 0;
}

/* ---- stages: where the whole run goes ---------------------------------- */

/* Per solver (the configuration bars() shows), the shares of its median
 * whole run: assign and bound phases, update, set-up and result (for
 * CUDA allocation and transfers), and the rest of the loop. */
static void stages(plotter *p, const rp_case *c)
{
    int g[10][2], ng = groups(c, g), rows = 0, longest = 0;
    if (!ng)
        return;
    FILE *f = dat_open(p, "stages", c);
    if (!f)
        return;
    fputs("# solver assign update transfer other (shares of the whole "
          "run)\n", f);
    for (int i = 0; i < ng; i++)
        for (int a = 0; a < TKM_NALGO; a++) {
            const char *form = rp_forms[g[i][0]], *prec = rp_precs[g[i][1]];
            const rp_cfg *k = rp_pick(c, rp_algo(a), form, prec);
            double w = k ? k->t_whole : NAN;
            if (!k || !(w > 0) || !isfinite(k->t_assign) ||
                !isfinite(k->t_update))
                continue;
            double as = (k->t_assign + (isfinite(k->t_bound) ? k->t_bound
                                                             : 0)) / w;
            double up = k->t_update / w;
            double tr = k->t_med <= w ? (w - k->t_med) / w : 0;
            /* medians of different runs may add up to more than one
             * whole run: then the three are scaled to fill it */
            double sum = as + up + tr, other = 1 - sum;
            if (sum > 1) {
                as /= sum;
                up /= sum;
                tr /= sum;
                other = 0;
            }
            int len = fprintf(f, "\"%s %s %s\"", rp_algo(a), form, prec) - 2;
            fprintf(f, " %.6g %.6g %.6g %.6g\n", as, up, tr, other);
            longest = len > longest ? len : longest;
            rows++;
        }
    dat_close(p, f);
    if (!rows)
        return;
    /* The solvers' names stand upright under their bars, in a bottom
     * margin as deep as the longest (in character heights: a character
     * is about half of one wide), and the figure widens so that each bar
     * keeps 20 pixels, room for one line of text (10 pt). */
    int bmargin = (int)ceil(0.5 * longest) + 2;
    int w = 330 + 20 * rows > 900 ? 330 + 20 * rows : 900;
    begin(p, "stages", c, w, 340 + 16 * bmargin);
    title(p, c, "where the whole run goes (median run per solver)");
    fprintf(p->gp,
            "set style data histograms\nset style histogram rowstacked\n"
            "set style fill solid 0.85 border -1\nset boxwidth 0.8\n"
            "set yrange [0:1]\nset ylabel \"share of the whole run\"\n"
            "set key outside right top\nset xtics rotate by 90 right\n"
            "set bmargin %d\n"
            "plot \"plots/stages_%s.dat\" using 2:xtic(1) title \"assign "
            "and bounds\" lc rgb \"#4477aa\", '' using 3 title \"update\" "
            "lc rgb \"#ee6677\", '' using 4 title \"set-up and result "
            "(transfer)\" lc rgb \"#228833\", '' using 5 title \"rest of "
            "the loop\" lc rgb \"#bbbbbb\"\n",
            bmargin, c->slug);
    end(p);
}

/* ---- scaling: time against n, time against k, across cases ------------ */

/* One plot per family of cases: median time (the solver configuration
 * bars() shows) against n (cases of the same d and k; the first case of
 * each n) or against k (the cases of one data set), log-log, a line per
 * (algorithm, form, precision); drawn where the family has at least two
 * points.  Its name: rp_scaling_name. */
static void scaling(plotter *p, const rp_report *r, size_t first, int by_n)
{
    const rp_case *c0 = &r->cases[first];
    char name[256];
    if (rp_scaling_name(r, first, by_n, name, sizeof name))
        return; /* drawn with the family's first case */
    size_t members[256], nm = 0;
    for (size_t i = first; i < r->ncases && nm < 256; i++) {
        const rp_case *c = &r->cases[i];
        int in = rp_same_family(c, c0, by_n);
        for (size_t j = 0; in && j < nm; j++)
            in = by_n ? r->cases[members[j]].n != c->n
                      : r->cases[members[j]].k != c->k;
        if (in)
            members[nm++] = i;
    }
    if (nm < 2)
        return;
    char path[4600];
    snprintf(path, sizeof path, "%s/plots/%s.dat", r->dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        p->bad = 1;
        return;
    }
    char titles[40][48];
    int key[40][3], ns = 0;
    for (int fi = 0; fi < 5 && ns < 40; fi++)
        for (int a = 0; a < TKM_NALGO && ns < 40; a++)
            for (int q = 0; q < 2 && ns < 40; q++) {
                double pts[256][2];
                int m = 0;
                for (size_t i = 0; i < nm; i++) {
                    const rp_case *c = &r->cases[members[i]];
                    const rp_cfg *g =
                        rp_pick(c, rp_algo(a), rp_forms[fi], rp_precs[q]);
                    if (g && g->t_med > 0) {
                        pts[m][0] = (double)(by_n ? c->n : c->k);
                        pts[m++][1] = g->t_med;
                    }
                }
                if (m < 2)
                    continue;
                qsort(pts, (size_t)m, sizeof pts[0], by_x);
                fprintf(f, "%s# %s %s %s\n", ns ? "\n\n" : "", rp_algo(a),
                        rp_forms[fi], rp_precs[q]);
                for (int i = 0; i < m; i++)
                    fprintf(f, "%g %.6g\n", pts[i][0], pts[i][1]);
                key[ns][0] = a;
                key[ns][1] = fi;
                key[ns][2] = q;
                snprintf(titles[ns++], 48, "%s %s %s", rp_algo(a),
                         rp_forms[fi], rp_precs[q]);
            }
    if (ferror(f) | (fclose(f) != 0))
        p->bad = 1;
    if (!ns)
        return;
    begin_named(p, name, 900, 520);
    if (by_n)
        fprintf(p->gp, "set title \"median time against n: d = %zu, k = "
                       "%zu\"\nset xlabel \"n (points)\"\n",
                c0->d, c0->k);
    else
        fprintf(p->gp, "set title \"median time against k: %s (n = %zu, d "
                       "= %zu)\"\nset xlabel \"k (clusters)\"\n",
                c0->dataset, c0->n, c0->d);
    fputs("set ylabel \"seconds\"\nset logscale xy\n"
          "set key outside right top\nplot ", p->gp);
    for (int i = 0; i < ns; i++) {
        fprintf(p->gp, "%s\"plots/%s.dat\" index %d with linespoints lw 2 ",
                i ? ", \\\n  " : "", name, i);
        line_style(p->gp, key[i][0], key[i][1], key[i][2]);
        fprintf(p->gp, " title \"%s\"", titles[i]);
    }
    fputc('\n', p->gp);
    end(p);
}

int rp_write_plots(rp_report *r)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/plots/report.gp", r->dir);
    plotter p = {.r = r, .gp = fopen(path, "w")};
    iter_set its = {0};
    if (!p.gp)
        return -1;
    fputs("# Drawn by 'trikmeans report'; run from the bench folder:\n"
          "#   gnuplot plots/report.gp\n", p.gp);
    if (r->have_iters && wanted_ids(r, &its) == 0)
        read_iters(r, &its);
    for (size_t i = 0; i < r->ncases; i++) {
        const rp_case *c = &r->cases[i];
        bars(&p, c, 0);
        bars(&p, c, 1);
        lines(&p, c, 0);
        lines(&p, c, 1);
        prune(&p, c, &its);
        precision(&p, c);
        stages(&p, c);
        if (rp_has_scores(c))
            histograms(&p, c);
    }
    for (size_t i = 0; i < r->ncases; i++) {
        scaling(&p, r, i, 1);
        scaling(&p, r, i, 0);
    }
    free(its.v);
    free(its.ids);
    if (ferror(p.gp) | (fclose(p.gp) != 0))
        p.bad = 1;
    return p.bad ? -1 : 0;
}
