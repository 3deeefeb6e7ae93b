/*
 * trikmeans info: what this build offers on this machine (version,
 * precisions, forms and why one is absent, OpenMP threads, CUDA devices,
 * FMA in the kernels, compiler).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *const CMD = "info";

void cli_info_help(FILE *f)
{
    fputs("Usage: trikmeans info\n"
          "\n"
          "Print the version, the precisions, each form (seq, omp,\n"
          "cuda-global, cuda-shared) as available or absent with the reason,\n"
          "the OpenMP thread count, the instruction set of the CPU forms'\n"
          "distance kernels (the widest this processor has, or the one\n"
          "the environment variable TKM_CPU_ISA names: avx512, avx2, sse2\n"
          "on x86-64, generic elsewhere), the CUDA devices seen (or why there are\n"
          "none), whether the CUDA kernels use fused multiply-add, the\n"
          "compiler, whether the exact screening has its BLAS and the\n"
          "core OpenBLAS chose (and whether it is narrower than the\n"
          "processor's vectors, and what fit, check and bench do then), the\n"
          "machine's memory and the limit of one request (the memory, or\n"
          "less with the environment variable TKM_MEMORY_LIMIT), and MPI:\n"
          "the library and the ranks' layout in\n"
          "build/trikmeans-mpi; in build/trikmeans, where that MPI build\n"
          "lies beside it, or 'not built'.\n"
          "\n"
          "  -h, --help   print this help and exit\n"
          "\n"
          "Exit status: 0, or 2 on a usage error.\n",
          f);
}

/* The machine's memory and the limit of one request (TKM_MEMORY_LIMIT). */
static void print_memory(void)
{
    size_t lim, phys;
    char why[256] = "", hl[32], hp[32];
    tkm_status st = tkm_memory_limit(&lim, &phys, why, sizeof why);
    tkmi_human_bytes(lim, hl, sizeof hl);
    tkmi_human_bytes(phys, hp, sizeof hp);
    if (phys == SIZE_MAX)
        snprintf(hp, sizeof hp, "unknown");
    if (lim == phys)
        printf("memory: %s; a larger request is refused "
               "(TKM_MEMORY_LIMIT lowers it)\n", hp);
    else
        printf("memory: %s; a request above %zu bytes (%s) is refused "
               "(TKM_MEMORY_LIMIT)\n", hp, lim, hl);
    if (st != TKM_OK)
        printf("memory: refused, no command but info will run: %s\n", why);
}

static void print_info(void)
{
    printf("trikmeans %s\n", tkm_version());
    printf("precisions: %s, %s\n", tkm_precision_name(TKM_F32),
           tkm_precision_name(TKM_F64));
    printf("forms:\n");
    for (int f = 0; f < TKM_NFORM; f++) {
        char why[256] = "";
        tkm_status st = tkm_form_available((tkm_form)f, why, sizeof why);
        if (st == TKM_OK)
            printf("  %-12s available\n", tkm_form_name((tkm_form)f));
        else
            printf("  %-12s absent: %s\n", tkm_form_name((tkm_form)f),
                   why[0] ? why : tkm_strerror(st));
    }
#ifdef _OPENMP
    int allowed;
    const int busy = tkmi_cpus_busy(&allowed);
    printf("openmp: %d threads by default (OpenMP %d); other work keeps %d "
           "of %d CPUs busy now: a run now would use %d\n",
           tkmi_threads_most(), _OPENMP, busy, allowed, tkmi_threads(0));
#else
    printf("openmp: not compiled in (1 thread)\n");
#endif
    char isas[128] = "";
    tkm_cpu_isa_list(isas, sizeof isas);
    char why[256] = "";
    printf("cpu kernels: %s (usable here: %s; TKM_CPU_ISA chooses)\n",
           tkm_cpu_isa(), isas);
    if (tkmi_isa_check(why, sizeof why) != TKM_OK)
        printf("cpu kernels: refused, the solvers will not run: %s\n", why);
    print_memory();
    char dev[1024] = "";
    tkm_cuda_describe(dev, sizeof dev);
    printf("cuda devices: %s\n", dev[0] ? dev : "none");
    int fma = tkm_cuda_fma();
    printf("cuda fma: %s\n", fma == 1   ? "yes"
                             : fma == 0 ? "no (built with FMA=0)"
                                        : "not built (no CUDA kernels)");
    printf("compiler: %s\n", cli_compiler());
    char algs[128];
    tkmi_alg_titles(TKMI_CAP_SCREEN, ", ", " and ", algs, sizeof algs);
    if (TKM_HAVE_BLAS) {
        const char *was = getenv("TKM_BLAS_WAS");
        const char *set = getenv("OPENBLAS_CORETYPE");
        printf("screening: OpenBLAS, core %s (the scans of %s, seq and "
               "omp; --screen)\n", tkmi_blas_core(), algs);
        if (was && *was && set)
            printf("  OPENBLAS_CORETYPE=%s set by trikmeans at its start: "
                   "OpenBLAS had taken %s, narrower than this processor's "
                   "vectors\n", set, was);
        if (tkmi_blas_narrow() && tkmi_blas_fit_core())
            printf("  core %s is narrower than this processor's vectors: "
                   "fit, check (-k >= %d) and bench start again with "
                   "OPENBLAS_CORETYPE=%s; the library alone (Python) leaves "
                   "the scans direct under --screen auto\n",
                   tkmi_blas_core(), TKMI_SCREEN_MIN_K,
                   tkmi_blas_fit_core());
    }
    else
        printf("screening: not built (no OpenBLAS: make deps)\n");
    char par[CLI_PAR_CPUS + 1024];
    cli_par_describe(par, sizeof par);
    printf("mpi: %s\n", par);
}

int cli_info(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        if (c == 'h') {
            cli_info_help(stdout);
            return CLI_OK;
        }
        return cli_getopt_error(CMD, c, argv);
    }
    if (optind < argc)
        return cli_usage(CMD, "unexpected argument '%s'", argv[optind]);
    print_info();
    return CLI_OK;
}
