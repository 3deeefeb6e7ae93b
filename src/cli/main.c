/* trikmeans: the command's entry, dispatching to its subcommands. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "harness.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    void (*help)(FILE *f);
    const char *summary;
} subcommand;

static const subcommand subs[] = {
    {"fit", cli_fit, cli_fit_help, "cluster a data set with one solver"},
    {"predict", cli_predict, cli_predict_help,
     "label new points with saved centroids (and distances)"},
    {"check", cli_check, cli_check_help,
     "compare every solver with sequential Lloyd"},
    {"bench", cli_bench, cli_bench_help,
     "run a benchmark sweep from a preset (CSV, report)"},
    {"report", cli_report, cli_report_help,
     "plots and report.md from a bench folder"},
    {"init", cli_init, cli_init_help,
     "write the starting centroids a run would use"},
    {"score", cli_score, cli_score_help,
     "cluster quality of a labelling (silhouette, CH, DB)"},
    {"gen", cli_gen, cli_gen_help, "write a synthetic data set"},
    {"info", cli_info, cli_info_help,
     "show the build: forms, precisions, devices"},
};
#define NSUBS (sizeof subs / sizeof subs[0])

static void usage(FILE *f)
{
    cli_fputs_algs(f, "Usage: trikmeans COMMAND [OPTIONS]\n"
          "\n"
          "Exact k-means (@Algs@) in sequential, OpenMP and\n"
          "CUDA forms, float and double.\n"
          "\n"
          "Commands:\n");
    for (size_t i = 0; i < NSUBS; i++)
        fprintf(f, "  %-15s %s\n", subs[i].name, subs[i].summary);
    fputs("  help [COMMAND]  this text, or the help of COMMAND\n"
          "\n"
          "Options:\n"
          "  -h, --help     print this help and exit\n"
          "  --version      print the version and exit\n"
          "\n"
          "Environment:\n"
          "  TKM_MEMORY_LIMIT=SIZE\n"
          "                 refuse any one memory request above SIZE (bytes,\n"
          "                 or with K, M, G or T: 512M) with exit status 1;\n"
          "                 above the machine's memory is refused always\n"
          "\n"
          "Run 'trikmeans COMMAND --help' for the options of a command.\n"
          "Exit status: 0 success, 1 the run failed, 2 usage or input "
          "error.\n",
          f);
}

static const subcommand *find_sub(const char *name)
{
    for (size_t i = 0; i < NSUBS; i++)
        if (strcmp(subs[i].name, name) == 0)
            return &subs[i];
    return NULL;
}

static int unknown_command(const char *name)
{
    fprintf(stderr, "trikmeans: unknown command '%s'; commands:", name);
    for (size_t i = 0; i < NSUBS; i++)
        fprintf(stderr, "%s %s", i ? "," : "", subs[i].name);
    fputs(", help\nTry 'trikmeans --help'.\n", stderr);
    return CLI_USAGE;
}

/* trikmeans help [COMMAND] */
static int help_command(int argc, char **argv)
{
    if (argc < 2) {
        usage(stdout);
        return CLI_OK;
    }
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        printf("Usage: trikmeans help [COMMAND]\n\n"
               "Print the help of COMMAND (as 'trikmeans COMMAND --help'),"
               " or without\none the list of commands.\n");
        return CLI_OK;
    }
    const subcommand *s = find_sub(argv[1]);
    if (!s)
        return unknown_command(argv[1]);
    s->help(stdout);
    return CLI_OK;
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return CLI_USAGE;
    }
    const char *a = argv[1];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
        usage(stdout);
        return CLI_OK;
    }
    if (!strcmp(a, "--version")) {
        printf("trikmeans %s\n", tkm_version());
        return CLI_OK;
    }
    if (!strcmp(a, "help"))
        return help_command(argc - 1, argv + 1);
    if (a[0] == '-') {
        fprintf(stderr, "trikmeans: unknown option '%s'; a command comes "
                        "first\nTry 'trikmeans --help'.\n", a);
        return CLI_USAGE;
    }
    const subcommand *s = find_sub(a);
    if (!s)
        return unknown_command(a);
    /* over several ranks: fit, and info (each rank describes itself) */
    if (cli_par_size() > 1 && s->run != cli_fit && s->run != cli_info) {
        if (cli_par_rank() == 0)
            fprintf(stderr, "trikmeans: %s runs in one process; over %d MPI "
                    "ranks only fit and info run (docs/mpi.md)\n", a,
                    cli_par_size());
        return CLI_USAGE;
    }
    /* a TKM_MEMORY_LIMIT that cannot be read stops every command but
     * info (which shows why) before it starts */
    char why[256];
    if (s->run != cli_info &&
        tkm_memory_limit(NULL, NULL, why, sizeof why) != TKM_OK) {
        cli_fail(NULL, "%s", why);
        return CLI_USAGE;
    }
    return s->run(argc - 1, argv + 1);
}

/* Whether this command line may screen dense points through OpenBLAS:
 * bench, or fit or check with -k of at least TKMI_SCREEN_MIN_K, and not
 * --screen off. */
static int may_screen(int argc, char **argv)
{
    if (argc < 2)
        return 0;
    const int bench = !strcmp(argv[1], "bench");
    if (!bench && strcmp(argv[1], "fit") && strcmp(argv[1], "check"))
        return 0;
    long k = bench ? TKMI_SCREEN_MIN_K : 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : "";
        if ((!strcmp(a, "--screen") && !strcmp(next, "off")) ||
            !strcmp(a, "--screen=off"))
            return 0;
        if (!strcmp(a, "-k"))
            k = strtol(next, NULL, 10);
        else if (!strncmp(a, "-k", 2) && a[2] != '-')
            k = strtol(a + 2, NULL, 10);
    }
    return k >= TKMI_SCREEN_MIN_K;
}

/* OpenBLAS chose its kernels when it was loaded, before main: where it
 * took a core narrower than this processor (a model it does not know:
 * tkmi_blas_narrow) and the command may screen, the command starts again
 * in place with OPENBLAS_CORETYPE naming the processor's core, so that
 * the screening's products run in its vectors (20,000 x 784, k = 100, f32,
 * 2 threads of an Emerald Rapids Xeon, where OpenBLAS 0.3.21 took
 * Prescott: a loop of 0.088 s screened against 0.132 direct and 0.233
 * screened in Prescott's kernels), and TKM_BLAS_WAS naming the core it
 * had taken.  The restart costs a process start (about 5 ms there), so the
 * command lines that cannot screen skip it.  An OPENBLAS_CORETYPE already
 * set (the user's, or this restart's) is left alone; if the restart fails
 * the run goes on, the screening's auto setting then leaving the scans
 * direct. */
static void blas_restart(int argc, char **argv)
{
    const char *fit = tkmi_blas_fit_core();
    if (getenv("OPENBLAS_CORETYPE") || !fit || !tkmi_blas_narrow() ||
        !may_screen(argc, argv))
        return;
    if (setenv("TKM_BLAS_WAS", tkmi_blas_core(), 1) == 0 &&
        setenv("OPENBLAS_CORETYPE", fit, 1) == 0)
        execv("/proc/self/exe", argv);
    unsetenv("OPENBLAS_CORETYPE");
    unsetenv("TKM_BLAS_WAS");
}

int main(int argc, char **argv)
{
    blas_restart(argc, argv);
    tkmi_blas_pool_stop();
    cli_par_start(&argc, &argv);
    int rc = dispatch(argc, argv);
#if TKM_TESTHOOKS
    /* test builds only (build/hooks/trikmeans-mpi): TKM_FAULT=count says
     * how many allocations the library's wrappers made, the range of
     * TKM_FAULT=N (tests/mpi.sh) */
    const char *fault = getenv("TKM_FAULT");
    if (fault && !strcmp(fault, "count"))
        fprintf(stderr, "trikmeans: TKM_FAULT: %zu allocations\n",
                tkmi_fault_count());
#endif
    /* output that could not be written (a full disk, a closed pipe) is a
     * failed run, not a silent success */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "trikmeans: writing standard output: %s\n",
                strerror(errno));
        if (rc == CLI_OK)
            rc = CLI_FAIL;
    }
    return cli_par_end(rc);
}
