/* trikmeans: the command's entry, dispatching to its subcommands. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

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

int main(int argc, char **argv)
{
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
