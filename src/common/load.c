/*
 * The machine's load, as the OpenMP team's size and the timings' notes
 * need it.  A team of as many threads as CPUs, on a machine where other
 * work keeps some CPUs busy, runs at the pace of its slowest thread (the
 * one sharing a core with that work) while the others spin, waiting for
 * it: on 2 CPUs with one busy, a Hamerly fit on two threads took 1.9
 * times the time of one (docs/results/busy-2core.md).  So the default
 * team leaves out the CPUs other work keeps busy, measured when a run
 * starts and, in a fit, checked again between iterations (cpu.c).
 *
 * What counts as busy: tasks of other processes the kernel holds
 * runnable now (the fourth field of /proc/loadavg, less this process's
 * own runnable threads, whose idle OpenMP workers may still be spinning).
 * It is taken at once, unlike the load averages (libgomp's OMP_DYNAMIC
 * reads the 15-minute one), and a CPU-bound task is runnable whenever it
 * is sampled, so the least of samples over 7.5 ms leaves out the short
 * tasks (kernel threads, a shell's command): on a quiet 2-CPU machine
 * one sample in 150 saw one, four samples over 1.5 ms one in 400, five
 * over 7.5 ms about one in 3000.  A quiet machine answers at its first
 * sample (50 us); a busy one takes the 7.5 ms, and a measurement less
 * than LOAD_KEEP old is reused (fit's note, then its team).  Other work
 * is taken to run first on the CPUs this process may not use (its
 * affinity mask), so that ranks bound to their own cores, or a
 * container's cpuset on a busy host, do not shrink each other.
 * Contracts in internal.h.
 */
#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "internal.h"

/* the pauses between the samples of a machine found busy, doubling */
#define LOAD_SAMPLES 5
#define LOAD_GAP_NS 500000L
#define LOAD_KEEP 0.01 /* seconds a measurement is reused */

static atomic_int steady; /* tkmi_threads_steady: the load is not asked */
static pthread_mutex_t last_lock = PTHREAD_MUTEX_INITIALIZER;
static double last_when = -1.0; /* the last measurement (tkmi_now)      */
static int last_busy;           /* and what it found                    */

/* The kernel's runnable tasks now, every process's; -1 if unknown. */
static int runnable_all(void)
{
    FILE *f = fopen("/proc/loadavg", "r");
    int running = -1;
    if (!f)
        return -1;
    if (fscanf(f, "%*s %*s %*s %d/", &running) != 1)
        running = -1;
    fclose(f);
    return running;
}

/* Whether a /proc/.../stat line says its task is runnable (state R,
 * after the last ')' of the command name, which may hold any byte). */
static int stat_runnable(const char *line)
{
    const char *p = strrchr(line, ')');
    return p && p[1] == ' ' && p[2] == 'R';
}

int tkmi_own_runnable(void)
{
    DIR *dir = opendir("/proc/self/task");
    struct dirent *e;
    int n = 0;
    if (!dir)
        return -1;
    while ((e = readdir(dir)) != NULL) {
        char path[64], line[512];
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "/proc/self/task/%.20s/stat", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f)
            continue; /* a thread that ended meanwhile */
        if (fgets(line, sizeof line, f) && stat_runnable(line))
            n++;
        fclose(f);
    }
    closedir(dir);
    return n;
}

/* The CPUs this process may run on, and those online. */
static void cpus_of(int *allowed, int *online)
{
    cpu_set_t set;
    long on = sysconf(_SC_NPROCESSORS_ONLN);
    *online = on > 0 ? (int)on : 1;
    *allowed = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set)
                                                           : *online;
    if (*allowed < 1 || *allowed > *online)
        *allowed = *online;
}

int tkmi_busy_share(int others, int allowed, int online)
{
    const int elsewhere = online > allowed ? online - allowed : 0;
    const int here = others > elsewhere ? others - elsewhere : 0;
    return here < allowed ? here : allowed;
}

/* TKM_CPUS_BUSY as a count: 0 and *out, or -1 when unset or not one. */
int tkmi_env_count(const char *name, long max)
{
    const char *s = getenv(name);
    char *end;
    if (!s || !*s)
        return -1;
    long v = strtol(s, &end, 10);
    return *end || v < 0 || v > max ? -1 : (int)v;
}

/* Tasks of other processes runnable throughout up to samples samples
 * (the least seen); 0 without /proc. */
static int others_runnable(int samples)
{
    int least = -1;
    long gap = LOAD_GAP_NS;
    for (int s = 0; s < samples && least != 0; s++, gap *= 2) {
        if (s) {
            struct timespec ts = {gap / 1000000000L, gap % 1000000000L};
            nanosleep(&ts, NULL);
        }
        const int all = runnable_all(), own = tkmi_own_runnable();
        if (all < 0 || own < 0)
            return 0;
        const int others = all > own ? all - own : 0;
        if (least < 0 || others < least)
            least = others;
    }
    return least;
}

/* The busy CPUs of the mask: TKM_CPUS_BUSY, else measured over up to
 * samples samples; with keep, a measurement less than LOAD_KEEP old
 * stands, and this one is kept. */
static int cpus_busy(int samples, int keep, int *allowed_out)
{
    int allowed, online, busy;
    cpus_of(&allowed, &online);
    if (allowed_out)
        *allowed_out = allowed;
    if ((busy = tkmi_env_count("TKM_CPUS_BUSY", 1 << 20)) >= 0)
        return busy < allowed ? busy : allowed;
    const double now = tkmi_now();
    pthread_mutex_lock(&last_lock);
    const int fresh = keep && last_when >= 0 && now - last_when < LOAD_KEEP;
    busy = last_busy;
    pthread_mutex_unlock(&last_lock);
    if (!fresh) {
        busy = tkmi_busy_share(others_runnable(samples), allowed, online);
        pthread_mutex_lock(&last_lock);
        if (keep) {
            last_when = tkmi_now();
            last_busy = busy;
        }
        pthread_mutex_unlock(&last_lock);
    }
    return busy < allowed ? busy : allowed;
}

int tkmi_cpus_busy(int *allowed)
{
    return cpus_busy(LOAD_SAMPLES, 1, allowed);
}

int tkmi_cpus_busy_now(int *allowed)
{
    return cpus_busy(1, 0, allowed);
}

int tkmi_team_size(int most, int allowed, int busy)
{
    const int free_cpus = allowed - busy > 1 ? allowed - busy : 1;
    if (most < 1)
        return 1;
    /* a quiet machine keeps OpenMP's choice, more threads than CPUs too */
    return busy <= 0 || most < free_cpus ? most : free_cpus;
}

void tkmi_threads_steady(int on)
{
    atomic_store(&steady, on != 0);
}

int tkmi_threads_most(void)
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

int tkmi_threads_asked(int requested)
{
    const char *env = getenv("OMP_NUM_THREADS");
    return requested > 0 || (env && *env);
}

int tkmi_threads_follow(void)
{
#ifdef _OPENMP
    return omp_get_max_threads() > 1 && !tkmi_threads_asked(0) &&
           !atomic_load(&steady);
#else
    return 0;
#endif
}

int tkmi_threads(int requested)
{
#ifdef _OPENMP
    if (requested > 0)
        return requested;
    const int most = omp_get_max_threads();
    if (!tkmi_threads_follow())
        return most;
    int allowed;
    const int busy = tkmi_cpus_busy(&allowed);
    return tkmi_team_size(most, allowed, busy);
#else
    (void)requested;
    return 1;
#endif
}
