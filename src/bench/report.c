/*
 * trikmeans report DIR: the runs read and grouped (report_data.c), the
 * plot data and script (report_plot.c) drawn with gnuplot (PNG and SVG),
 * report.md written (report_md.c).  Without gnuplot the report still has
 * every table.
 */
#include <errno.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "report.h"

static const char *const CMD = "report";

void cli_report_help(FILE *f)
{
    fputs(
        "Usage: trikmeans report [OPTIONS] DIR\n"
        "\n"
        "Turn a bench folder (runs.csv, and iterations.csv, sklearn.csv,\n"
        "machine.txt when present) into DIR/report.md with plots in\n"
        "DIR/plots/ (PNG and SVG, drawn by gnuplot): per data set and k,\n"
        "the time of each solver grouped by form and precision, the\n"
        "speed-up over sequential Lloyd, OpenMP scaling, the effect of the\n"
        "CUDA block size, distances computed and the share pruned per\n"
        "iteration, float against double (time and disagreement), and, for\n"
        "runs with quality scores, histograms of silhouette,\n"
        "Calinski-Harabasz and Davies-Bouldin per initialisation.\n"
        "Rows of sklearn.csv (samples/sklearn_compare.py) appear beside\n"
        "trikmeans's as the form 'sklearn'.  A sweep that has not ended\n"
        "(no runs.csv) is reported from the complete rows of its\n"
        "runs.csv.part and iterations.csv.part, marked partial.\n"
        "\n"
        "  -q, --quiet    print nothing on success\n"
        "  -h, --help     print this help and exit\n"
        "\n"
        "gnuplot (Debian: gnuplot-nox) draws the plots; the environment\n"
        "variable GNUPLOT names another program.  Without it, report.md is\n"
        "written with its tables and says that the plots are missing.\n"
        "\n"
        "Exit status: 0 report written (with or without plots); 1 nothing\n"
        "could be written; 2 usage error or DIR/runs.csv unreadable.\n",
        f);
}

/* ---- gnuplot ----------------------------------------------------------- */

/* The program to run: $GNUPLOT or gnuplot, searched on PATH; 0 if none. */
static int find_gnuplot(char *out, size_t len)
{
    const char *gp = getenv("GNUPLOT");
    if (!gp || !*gp)
        gp = "gnuplot";
    if (strchr(gp, '/')) {
        snprintf(out, len, "%s", gp);
        return access(out, X_OK) == 0;
    }
    const char *path = getenv("PATH");
    while (path && *path) {
        size_t l = strcspn(path, ":");
        snprintf(out, len, "%.*s/%s", (int)l, path, gp);
        if (l && access(out, X_OK) == 0)
            return 1;
        path += l + (path[l] == ':');
    }
    snprintf(out, len, "%s", gp);
    return 0;
}

static void run_gnuplot(rp_report *r)
{
    char prog[4096];
    if (!find_gnuplot(prog, sizeof prog)) {
        r->gnuplot = 0;
        snprintf(r->gnuplot_msg, sizeof r->gnuplot_msg,
                 "%.200s not found: no plots were drawn (install it: apt-get "
                 "install gnuplot-nox; then run 'trikmeans report %.200s')",
                 prog, r->dir);
        return;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        int fd;
        if (chdir(r->dir) != 0 ||
            !freopen("plots/gnuplot.log", "w", stdout) ||
            (fd = fileno(stdout), dup2(fd, STDERR_FILENO) < 0))
            _exit(126);
        execl(prog, "gnuplot", "plots/report.gp", (char *)NULL);
        _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
        r->gnuplot = -1;
        snprintf(r->gnuplot_msg, sizeof r->gnuplot_msg,
                 "%.200s failed (%s %d): see %.200s/plots/gnuplot.log", prog,
                 pid < 0 || !WIFEXITED(status) ? "status" : "exit",
                 pid < 0 ? errno : WIFEXITED(status) ? WEXITSTATUS(status)
                                                    : status,
                 r->dir);
        return;
    }
    r->gnuplot = 1;
}

/* Plots of an earlier report that this one replaces. */
static void clear_plots(const char *dir)
{
    char path[4200];
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        const char *x = cli_ext(e->d_name);
        if (strcmp(x, ".png") && strcmp(x, ".svg") && strcmp(x, ".dat"))
            continue;
        snprintf(path, sizeof path, "%.3800s/%.255s", dir, e->d_name);
        unlink(path);
    }
    if (d)
        closedir(d);
}

/* ---- the command ------------------------------------------------------- */


int cli_report_dir(const char *dir, int quiet)
{
    rp_report r = {.dir = dir};
    char plots[4200];
    int rc = rp_load(&r);
    if (rc != CLI_OK)
        goto done;
    snprintf(plots, sizeof plots, "%s/plots", dir);
    if (mkdir(plots, 0777) != 0 && errno != EEXIST) {
        r.gnuplot = -1;
        snprintf(r.gnuplot_msg, sizeof r.gnuplot_msg, "cannot create %.300s: %.100s",
                 plots, strerror(errno));
    } else {
        clear_plots(plots);
        if (rp_write_plots(&r) == 0)
            run_gnuplot(&r);
        else {
            r.gnuplot = -1;
            snprintf(r.gnuplot_msg, sizeof r.gnuplot_msg,
                     "cannot write the plot data in %.300s: %.100s", plots,
                     strerror(errno));
        }
    }
    if (r.gnuplot != 1)
        fprintf(stderr, "trikmeans report: %s\n", r.gnuplot_msg);
    rc = rp_write_markdown(&r);
    if (rc == CLI_OK && !quiet)
        printf("report: %s/report.md%s\n", dir,
               r.gnuplot == 1 ? " (plots in plots/, PNG and SVG)"
                              : " (tables only)");
done:
    rp_free(&r);
    return rc;
}

int cli_report(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    int quiet = 0, c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":qh", longopts, NULL)) != -1) {
        if (c == 'h') {
            cli_report_help(stdout);
            return CLI_OK;
        }
        if (c != 'q')
            return cli_getopt_error(CMD, c, argv);
        quiet = 1;
    }
    if (optind >= argc)
        return cli_usage(CMD, "no folder: give the DIR a bench wrote");
    if (optind + 1 < argc)
        return cli_usage(CMD, "one folder only: '%s' and '%s' were both "
                         "given", argv[optind], argv[optind + 1]);
    /* a file given as the folder: said as such, not as a runs.csv that
     * cannot be read */
    if (cli_check_out_folder(CMD, NULL, argv[optind]) != CLI_OK)
        return CLI_USAGE;
    return cli_report_dir(argv[optind], quiet);
}
