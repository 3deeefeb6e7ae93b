/*
 * trikmeans bench: run the sweep a preset describes and leave, in one
 * folder, runs.csv (a row per run), iterations.csv (a row per iteration),
 * datasets.csv (where each data set came from), machine.txt and, unless
 * --no-report, the report.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"

static const char *const CMD = "bench";
/* The presets shipped in samples/eval (test_bench holds the list to the
 * folder). */
#define PRESETS_A                                                             \
    "quick, thesis, thesis-bounds, bounds, initstudy, gpu, zechner,"
#define PRESETS_B "li, blog, course"

void cli_bench_help(FILE *f)
{
    fputs(
        "Usage: trikmeans bench [OPTIONS] PRESET|FILE\n"
        "\n"
        "Run a benchmark sweep described by a preset: every solver asked\n"
        "for on every data set, k, initialisation and seed, from the same\n"
        "start, repeated, timed, and judged against sequential Lloyd of the\n"
        "same precision (as 'trikmeans check' does).  PRESET is a file, or\n"
        "the name of one shipped in samples/eval:\n"
        "  (" PRESETS_A "\n  " PRESETS_B ").\n"
        "Forms this machine lacks are recorded as skipped, with the reason,\n"
        "and the sweep goes on.\n"
        "\n"
        "  --out DIR      output folder (default build/bench/NAME, NAME the\n"
        "                 preset's name)\n"
        "  --force        replace an earlier sweep's results in DIR (refused\n"
        "                 otherwise)\n"
        "  --no-report    do not run 'trikmeans report DIR' at the end\n"
        "  --dry-run      check the preset and print the runs it plans per\n"
        "                 data set, with a rough time from one probe run\n"
        "                 per data set (sequential Lloyd, f64, at its\n"
        "                 smallest k, scaled by k); write nothing\n"
        "  --resume DIR   go on with the sweep that stopped in DIR (Ctrl-C,\n"
        "                 a time limit): its preset (the file machine.txt\n"
        "                 names, unchanged, or PRESET), the cases that\n"
        "                 ended kept, the one cut short run again\n"
        "  -q, --quiet    no progress and no summary\n"
        "  -h, --help     print this help and exit\n"
        "\n"
        "Output in DIR: runs.csv (a row per run: data set, n, d, k, init,\n"
        "seed, solver, precision, threads, block size, repetition, status,\n"
        "verdict, iterations, total and per-phase times, distances, share\n"
        "pruned, inertia, comparison with the baseline and with the double\n"
        "baseline, scores), iterations.csv (a row per iteration of every\n"
        "run), datasets.csv, machine.txt (CPU, cores, memory, the load at\n"
        "the start and the end, GPU, compiler, CUDA, date, the preset),\n"
        "report.md and plots/.  While the sweep runs, rows go to\n"
        "runs.csv.part and iterations.csv.part; 'trikmeans report DIR'\n"
        "reads them while no runs.csv exists, and says the sweep is partial.\n"
        "A progress bar with the time left shows on stderr when it is a\n"
        "terminal.\n"
        "docs/evaluation.md describes every column.\n"
        "\n",
        f);
    cli_preset_help(f);
    fputs(
        "\n"
        "Exit status: 0 every run that ran passed (or is unchecked); 1 a\n"
        "run failed or disagreed with its baseline, or an output could not\n"
        "be written; 2 usage error or a malformed preset (its file and line\n"
        "are named).\n"
        "\n"
        "Example:\n"
        "  trikmeans bench quick && xdg-open build/bench/quick/report.md\n",
        f);
}

typedef struct {
    const char *preset, *out, *resume;
    int quiet, no_report, dry_run, help, force;
} bench_opts;

enum {
    OPT_OUT = CLI_OPT_SUB, OPT_NO_REPORT, OPT_DRY_RUN, OPT_FORCE, OPT_RESUME
};

static int parse_args(int argc, char **argv, bench_opts *o)
{
    static const struct option longopts[] = {
        {"out", required_argument, NULL, OPT_OUT},
        {"no-report", no_argument, NULL, OPT_NO_REPORT},
        {"dry-run", no_argument, NULL, OPT_DRY_RUN},
        {"force", no_argument, NULL, OPT_FORCE},
        {"resume", required_argument, NULL, OPT_RESUME},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":qh", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_OUT: o->out = optarg; break;
        case OPT_NO_REPORT: o->no_report = 1; break;
        case OPT_DRY_RUN: o->dry_run = 1; break;
        case OPT_FORCE: o->force = 1; break;
        case OPT_RESUME: o->resume = optarg; break;
        case 'q': o->quiet = 1; break;
        case 'h': o->help = 1; return CLI_OK;
        default: return cli_getopt_error(CMD, c, argv);
        }
    }
    if (optind >= argc && o->resume)
        return CLI_OK; /* the preset machine.txt names */
    if (optind >= argc)
        return cli_usage(CMD, "no preset: give a preset file or a name "
                         "(" PRESETS_A " " PRESETS_B ")");
    if (optind + 1 < argc)
        return cli_usage(CMD, "one preset only: '%s' and '%s' were both "
                         "given", argv[optind], argv[optind + 1]);
    o->preset = argv[optind];
    return CLI_OK;
}

/* A preset named without a path: samples/eval/NAME.preset under the
 * current folder, else beside the program (build/../samples/eval). */
static int find_preset(const char *arg, char *out, size_t len)
{
    if (strchr(arg, '/') || access(arg, F_OK) == 0) {
        snprintf(out, len, "%s", arg);
        return 0;
    }
    snprintf(out, len, "samples/eval/%s.preset", arg);
    if (access(out, F_OK) == 0)
        return 0;
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            if ((size_t)snprintf(out, len, "%.2048s/../samples/eval/%.512s"
                                 ".preset", exe, arg) < len &&
                access(out, F_OK) == 0)
                return 0;
        }
    }
    snprintf(out, len, "%s", arg);
    return -1;
}

/* mkdir -p */
static int make_dirs(const char *path)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *p = buf + 1;; p++) {
        if (*p != '/' && *p)
            continue;
        char c = *p;
        *p = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return -1;
        if (!c)
            break;
        *p = c;
    }
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    return 0;
}

/* ---- outputs ----------------------------------------------------------- */

static void fill_datasets(FILE *f, void *ctx)
{
    const cli_preset *p = ctx;
    static const char *const src[] = {"", "file", "blobs", "uniform"};
    fputs("dataset,source,path,n,d,centres,spread,box,data_seed,raw_d,"
          "raw_bits,usecols,skip_cols\n", f);
    for (int i = 0; i < p->ndata; i++) {
        const cli_bench_data *d = &p->data[i];
        char full[PATH_MAX];
        cli_csv_field(f, d->name, ",");
        fprintf(f, "%s,", src[d->source]);
        /* absolute, so that the folder can be read from anywhere */
        cli_csv_field(f, d->source != CLI_DATA_FILE ? ""
                         : realpath(d->path, full) ? full
                                                   : d->path,
                      ",");
        if (d->source == CLI_DATA_FILE) {
            fprintf(f, ",,,,,,%zu,%d,", d->raw_d, d->raw_bits);
            cli_csv_field(f, d->usecols, ",");
            cli_csv_field(f, d->skip_cols, "\n");
        } else {
            fprintf(f, "%zu,%zu,%zu,", d->n, d->d, d->centres);
            tkmi_put_double(f, d->spread);
            fputc(',', f);
            tkmi_put_double(f, d->box);
            fprintf(f, ",%llu,,,,\n", (unsigned long long)d->seed);
        }
    }
}

/* Open DIR/NAME.part with its header line, or (append) to go on after
 * the rows it holds. */
static FILE *open_part(const char *dir, const char *name, const char *hdr,
                       int append, char *path, size_t len)
{
    snprintf(path, len, "%s/%s.part", dir, name);
    FILE *f = fopen(path, append ? "a" : "w");
    if (f && !append)
        fputs(hdr, f);
    return f;
}

/* Close a .part file and rename it onto its final name. */
static int finish_part(FILE *f, const char *part)
{
    char final[4200];
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    snprintf(final, sizeof final, "%.*s", (int)(strlen(part) - 5), part);
    if (!bad && rename(part, final) != 0)
        bad = 1;
    if (bad)
        cli_fail(CMD, "cannot write %s: %s", final, strerror(errno));
    return bad;
}

/* Outputs of an earlier bench in DIR that this one replaces. */
static const char *const stale[] = {"runs.csv", "iterations.csv",
                                    "sklearn.csv", "report.md"};

/* The first output of an earlier sweep in DIR, or NULL. */
static const char *earlier_sweep(const char *dir)
{
    char path[4200];
    for (size_t i = 0; i < sizeof stale / sizeof stale[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, stale[i]);
        if (access(path, F_OK) == 0)
            return stale[i];
    }
    return NULL;
}

static void remove_stale(const char *dir)
{
    char path[4200];
    for (size_t i = 0; i < sizeof stale / sizeof stale[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, stale[i]);
        unlink(path);
    }
}

/* DIR/machine.txt, with the load at the end once the sweep has ended. */
static int write_machine(const char *dir, const cli_preset *p, int argc,
                         char **argv, const cli_machine *m, int ended)
{
    char path[4200], msg[512] = "";
    snprintf(path, sizeof path, "%s/machine.txt", dir);
    tkm_status st = cli_write_machine(path, p, argc, argv, m, ended, msg,
                                      sizeof msg);
    return st == TKM_OK ? CLI_OK : cli_status(CMD, CLI_FAIL, st, msg);
}

static int write_headers(const char *dir, const cli_preset *p, int argc,
                         char **argv, const cli_machine *m)
{
    char path[4200], msg[512] = "";
    if (write_machine(dir, p, argc, argv, m, 0) != CLI_OK)
        return CLI_FAIL;
    snprintf(path, sizeof path, "%s/datasets.csv", dir);
    tkm_status st = cli_write_atomic(path, fill_datasets, (void *)p, msg,
                                     sizeof msg);
    return st == TKM_OK ? CLI_OK : cli_status(CMD, CLI_FAIL, st, msg);
}

/* --dry-run: what the preset plans, per data set, and what a probe run
 * says of its time: every run taken as long as sequential Lloyd in
 * double at the probe's k, scaled by k.  A rough figure: the other
 * solvers, pruning or parallel, mostly take less, and a k that needs
 * more iterations than the probe's takes more. */
static void plan_only(const cli_preset *p)
{
    static const char *const src[] = {"", "file", "blobs", "uniform"};
    size_t total = 0;
    double secs_all = 0;
    int probed_all = 1;
    printf("preset %s (%s):\n", p->name, p->path);
    for (int i = 0; i < p->ndata; i++) {
        const cli_bench_data *d = &p->data[i];
        double w;
        size_t n = cli_bench_count(d, &w);
        total += n;
        printf("  [data %s] %s", d->name, src[d->source]);
        if (d->source == CLI_DATA_FILE)
            printf(" %s", d->path);
        else
            printf(" %zu x %zu", d->n, d->d);
        printf(", k =");
        for (int j = 0; j < d->runs.nk; j++)
            printf("%s %lld", j ? "," : "", d->runs.ks[j]);
        printf(": %zu runs (%d start(s) per k, %d repetition(s))\n", n,
               d->runs.ninit * d->runs.nseed, d->runs.repetitions);
        size_t pk = 0;
        int it = 0;
        double ps = 0, ksum = 0;
        char why[512] = "", t[32];
        if (cli_bench_probe(d, &pk, &it, &ps, why, sizeof why) != 0) {
            printf("    probe: %s\n", why);
            probed_all = 0;
            continue;
        }
        for (int j = 0; j < d->runs.nk; j++)
            ksum += (double)d->runs.ks[j];
        const double est = ps / (double)pk * ksum * (double)n /
                           (double)d->runs.nk;
        secs_all += est;
        cli_clock(est, t, sizeof t);
        printf("    probe: sequential Lloyd (f64) at k = %zu: %d "
               "iterations in %.3g s; its runs roughly %s\n",
               pk, it, ps, t);
    }
    printf("%zu runs in all (forms that cannot run here count once)\n",
           total);
    if (probed_all) {
        char t[32];
        cli_clock(secs_all, t, sizeof t);
        printf("roughly %s on this machine: each run taken as long as "
               "its data set's probe, scaled by k (pruning and parallel "
               "solvers take less, more iterations more)\n", t);
    }
}

static void summary(const bench_state *b, const char *dir, double secs)
{
    char t[32];
    cli_clock(secs, t, sizeof t);
    if (b->rs)
        printf("bench: resumed after %ld runs (%zu cases) that ended "
               "before; the counts below are the whole sweep's\n",
               b->rs->rows, b->rs->ncases);
    printf("bench: %zu runs in %s: %zu baseline, %zu pass, %zu fail, %zu "
           "unchecked, %zu skipped, %zu failed to run\n",
           b->pg.runs_done, t, b->n_baseline, b->n_pass, b->n_fail,
           b->n_unchecked, b->n_skipped, b->n_failed);
    printf("bench: results in %s/ (runs.csv, iterations.csv, machine.txt)\n",
           dir);
}

static int sweep(bench_state *b, const char *dir)
{
    char rpath[4200], ipath[4200];
    const int append = b->rs != NULL;
    b->runs = open_part(dir, "runs.csv", cli_bench_runs_header, append,
                        rpath, sizeof rpath);
    b->iters = b->runs ? open_part(dir, "iterations.csv",
                                   cli_bench_iters_header, append, ipath,
                                   sizeof ipath)
                       : NULL;
    if (!b->iters) {
        int e = errno;
        if (b->runs)
            fclose(b->runs);
        return cli_fail(CMD, "cannot write into %s: %s", dir, strerror(e));
    }
    for (int i = 0; i < b->p->ndata; i++) {
        double w;
        b->pg.runs_total += cli_bench_count(&b->p->data[i], &w);
        b->pg.work_total += w;
    }
    b->pg.t0 = tkmi_now();
    for (int i = 0; i < b->p->ndata; i++)
        cli_bench_data_set(b, &b->p->data[i]);
    cli_progress_end(&b->pg);
    int bad = finish_part(b->runs, rpath);
    bad |= finish_part(b->iters, ipath);
    return bad ? CLI_FAIL : CLI_OK;
}

/* The sweep into dir, machine.txt's end, the summary and the report. */
static int run_sweep(bench_state *b, const char *dir, const bench_opts *o,
                     int argc, char **argv, const cli_machine *m)
{
    int rc;
    if ((rc = sweep(b, dir)) != CLI_OK ||
        (rc = write_machine(dir, b->p, argc + 1, argv - 1, m, 1)) != CLI_OK)
        return rc;
    if (!o->quiet)
        summary(b, dir, tkmi_now() - b->pg.t0);
    rc = b->n_fail || b->n_failed ? CLI_FAIL : CLI_OK;
    if (!o->no_report) {
        fflush(stdout);
        int rr = cli_report_dir(dir, o->quiet);
        if (rr != CLI_OK && rc == CLI_OK)
            rc = CLI_FAIL;
    }
    return rc;
}

/* In machine.txt's text m: the value of "KEY: " (to the line's end) into
 * out; the preset's text after the marker line into *text.  -1 when
 * either is missing. */
static int recorded(char *m, const char *key, char *out, size_t len,
                    const char **text)
{
    static const char mark[] = "\n--- preset ---\n";
    char *t = strstr(m, mark);
    if (!t)
        return -1;
    *text = t + strlen(mark);
    *t = '\0'; /* the keys are above the marker */
    char *k = strstr(m, key);
    while (k && k != m && k[-1] != '\n')
        k = strstr(k + 1, key);
    if (!k)
        return -1;
    k += strlen(key);
    size_t n = strcspn(k, "\n");
    snprintf(out, len, "%.*s", (int)n, k);
    return 0;
}

/* bench --resume DIR [PRESET]. */
static int resume(const bench_opts *o, int argc, char **argv)
{
    const char *dir = o->resume;
    char path[4200], err[1024], given[4096];
    const char *text = NULL;
    if (o->out || o->force || o->dry_run)
        return cli_usage(CMD, "--resume DIR goes on in DIR with its preset: "
                         "not with --out, --force or --dry-run");
    snprintf(path, sizeof path, "%s/runs.csv", dir);
    if (access(path, F_OK) == 0)
        return cli_usage(CMD, "%s holds a sweep that ended (runs.csv): "
                         "nothing to resume", dir);
    snprintf(path, sizeof path, "%s/runs.csv.part", dir);
    if (access(path, F_OK) != 0)
        return cli_usage(CMD, "%s holds no sweep that stopped (no "
                         "runs.csv.part)", dir);
    snprintf(path, sizeof path, "%s/machine.txt", dir);
    char *mt = cli_slurp(path, NULL, err, sizeof err);
    if (!mt)
        return cli_usage(CMD, "cannot resume %s: %s", dir, err);
    int rc = CLI_OK;
    if (recorded(mt, "preset: ", given, sizeof given, &text) != 0) {
        free(mt);
        return cli_usage(CMD, "%s names no preset: not written by "
                         "trikmeans bench", path);
    }
    if (o->preset && find_preset(o->preset, given, sizeof given))
        rc = cli_usage(CMD, "no preset '%s': not a file, and no "
                       "samples/eval/%s.preset here or beside the program",
                       o->preset, o->preset);
    cli_preset p;
    memset(&p, 0, sizeof p);
    if (rc == CLI_OK && cli_preset_read(given, &p, err, sizeof err))
        rc = cli_usage(CMD, "%s (the preset of %s; give it as PRESET where "
                       "it has moved)", err, dir);
    if (rc == CLI_OK) {
        size_t n = strlen(p.text);
        /* machine.txt ends the text with a newline it may have lacked */
        if (strncmp(text, p.text, n) != 0 ||
            !(text[n] == '\0' || (text[n] == '\n' && !text[n + 1])))
            rc = cli_usage(CMD, "%s has changed since the sweep in %s "
                           "began: resume with the preset it ran", given,
                           dir);
    }
    free(mt);
    bench_state b = {.p = &p, .quiet = o->quiet, .next_id = 1};
    cli_bench_resume rs = {0};
    b.pg.tty = !o->quiet && isatty(STDERR_FILENO);
    if (rc == CLI_OK)
        rc = cli_bench_resume_load(dir, &p, &b, &rs);
    if (rc == CLI_OK) {
        cli_machine m;
        cli_machine_begin(&m);
        if (!o->quiet)
            fprintf(stderr, "bench: resuming %s after %ld runs\n", dir,
                    rs.rows);
        rc = run_sweep(&b, dir, o, argc, argv, &m);
    }
    free(rs.cases);
    cli_preset_free(&p);
    return rc;
}

int cli_bench(int argc, char **argv)
{
    bench_opts o = {0};
    int rc = parse_args(argc, argv, &o);
    if (rc != CLI_OK || o.help) {
        if (o.help)
            cli_bench_help(stdout);
        return rc;
    }
    if (o.resume)
        return resume(&o, argc, argv);
    char path[4096], err[1024], dir[4096];
    if (find_preset(o.preset, path, sizeof path))
        return cli_usage(CMD, "no preset '%s': not a file, and no "
                         "samples/eval/%s.preset here or beside the program",
                         o.preset, o.preset);
    cli_preset p;
    if (cli_preset_read(path, &p, err, sizeof err))
        return cli_usage(CMD, "%s", err);
    snprintf(dir, sizeof dir, "%s", o.out ? o.out : "");
    if (!o.out)
        snprintf(dir, sizeof dir, "build/bench/%s", p.name);
    /* a file where the folder goes is a usage error, found before any
     * run (a dry run included), not an I/O failure after them */
    if ((rc = cli_check_out_folder(CMD, o.out ? "--out" : "the folder",
                                   dir)) != CLI_OK)
        goto done;
    if (o.dry_run) {
        plan_only(&p);
        goto done;
    }
    const char *old = o.force ? NULL : earlier_sweep(dir);
    if (old) {
        rc = cli_usage(CMD, "%s holds an earlier sweep (%s); --force "
                       "replaces it, --resume %s goes on with one that "
                       "stopped, or give --out another folder", dir, old,
                       dir);
        goto done;
    }
    if (make_dirs(dir)) {
        rc = cli_fail(CMD, "cannot create %s: %s", dir, strerror(errno));
        goto done;
    }
    remove_stale(dir);
    cli_machine m;
    cli_machine_begin(&m);
    if ((rc = write_headers(dir, &p, argc + 1, argv - 1, &m)) != CLI_OK)
        goto done;
    bench_state b = {.p = &p, .quiet = o.quiet, .next_id = 1};
    b.pg.tty = !o.quiet && isatty(STDERR_FILENO);
    rc = run_sweep(&b, dir, &o, argc, argv, &m);
done:
    cli_preset_free(&p);
    return rc;
}
