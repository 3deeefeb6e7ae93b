/*
 * machine.txt: what a benchmark ran on, so that its numbers can be read
 * later and elsewhere: CPU model and cores, memory, GPU, compiler, CUDA
 * runtime, trikmeans version, date, the machine's load when the sweep
 * began and when it ended, the command line and the preset.  "key: value"
 * lines, then the preset's text after a marker line.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"

#if TKM_HAVE_CUDA && defined(__has_include)
#if __has_include(<cuda_runtime_api.h>)
#include <cuda_runtime_api.h>
#endif
#endif

/* The value of the first "key<blanks>: value" line of a /proc file. */
static int proc_value(const char *path, const char *key, char *out,
                      size_t len)
{
    FILE *f = fopen(path, "r");
    char line[1024];
    size_t kl = strlen(key);
    int found = 0;
    if (!f)
        return 0;
    while (!found && fgets(line, sizeof line, f)) {
        if (strncmp(line, key, kl) || !strchr(line, ':'))
            continue;
        char *v = strchr(line, ':') + 1;
        while (*v == ' ' || *v == '\t')
            v++;
        v[strcspn(v, "\n")] = '\0';
        snprintf(out, len, "%s", v);
        found = 1;
    }
    fclose(f);
    return found;
}

static void cuda_line(FILE *f)
{
#ifdef CUDART_VERSION
    fprintf(f, "cuda: runtime %d.%d (built with)", CUDART_VERSION / 1000,
            CUDART_VERSION % 1000 / 10);
#elif TKM_HAVE_CUDA
    fputs("cuda: built with CUDA", f);
#else
    fputs("cuda: not built (no nvcc)", f);
#endif
    int fma = tkm_cuda_fma();
    fprintf(f, ", kernels %s\n", fma == 1   ? "with FMA"
                                 : fma == 0 ? "without FMA"
                                            : "not built");
}

/* The load averages now, "1.00 0.50 0.25 (1, 5, 15 min; N CPUs
 * online); other work keeps B of C CPUs busy" (the CPUs this process may
 * use, measured now: tkmi_cpus_busy), or "unknown". */
static void load_now(char *buf, size_t len)
{
    double l[3];
    int cpus;
    const int busy = tkmi_cpus_busy(&cpus);
    if (getloadavg(l, 3) != 3)
        snprintf(buf, len, "unknown");
    else
        snprintf(buf, len, "%.2f %.2f %.2f (1, 5, 15 min; %ld CPUs online); "
                 "other work keeps %d of %d CPUs busy", l[0], l[1], l[2],
                 sysconf(_SC_NPROCESSORS_ONLN), busy, cpus);
}

void cli_machine_begin(cli_machine *m)
{
    m->when = time(NULL);
    load_now(m->load_start, sizeof m->load_start);
}

typedef struct {
    const cli_preset *p;
    int argc;
    char **argv;
    const cli_machine *m;
    int ended;
} machine_ctx;

static void fill(FILE *f, void *arg)
{
    const machine_ctx *c = arg;
    char buf[1024] = "unknown", when[64] = "";
    struct utsname u;
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&c->m->when));
    fprintf(f, "trikmeans: %s\ndate: %s\n", TKM_VERSION, when);
    if (uname(&u) == 0)
        fprintf(f, "host: %s (%s %s %s)\n", u.nodename, u.sysname,
                u.release, u.machine);
    proc_value("/proc/cpuinfo", "model name", buf, sizeof buf);
    fprintf(f, "cpu: %s\n", buf);
    fprintf(f, "cores: %ld online, OpenMP uses %d threads by default\n",
            sysconf(_SC_NPROCESSORS_ONLN), tkmi_threads_most());
    if (proc_value("/proc/meminfo", "MemTotal", buf, sizeof buf))
        fprintf(f, "memory: %s\n", buf);
    fprintf(f, "load at start: %s\n", c->m->load_start);
    if (c->ended) {
        load_now(buf, sizeof buf);
        fprintf(f, "load at end: %s\n", buf);
    }
    tkm_cuda_describe(buf, sizeof buf);
    fprintf(f, "gpu: %s\n", buf[0] ? buf : "none");
    cuda_line(f);
    fprintf(f, "compiler: %s\n", cli_compiler());
    fputs("command:", f);
    for (int i = 0; i < c->argc; i++)
        fprintf(f, " %s", c->argv[i]);
    fprintf(f, "\npreset: %s\nname: %s\n", c->p->path, c->p->name);
    if (c->p->description[0])
        fprintf(f, "description: %s\n", c->p->description);
    fprintf(f, "--- preset ---\n%s", c->p->text);
    if (c->p->text[0] && c->p->text[strlen(c->p->text) - 1] != '\n')
        fputc('\n', f);
}

tkm_status cli_write_machine(const char *path, const cli_preset *p,
                             int argc, char **argv, const cli_machine *m,
                             int ended, char *msg, size_t msglen)
{
    machine_ctx c = {p, argc, argv, m, ended};
    return cli_write_atomic(path, fill, &c, msg, msglen);
}
