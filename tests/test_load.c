/*
 * The machine's load and the OpenMP team (src/common/load.c): the rule
 * that leaves the CPUs other work keeps busy out of the default team, the
 * measurement that sees a spinning process and not this process's own
 * threads, and fits whose team shrank on a busy machine, at the start or
 * between iterations, still sequential Lloyd's result bit for bit.  Built
 * for f32 and f64; linked with --wrap=omp_get_num_threads (the Makefile's
 * TEST_LD_test_load) to see the teams a run's iterations were granted.
 */
#include "real.h"

#include <omp.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "fit_harness.h"
#include "internal.h"

/* The CPUs this process may use and those online, asked here apart from
 * the library. */
static void machine(int *allowed, int *online)
{
    cpu_set_t set;
    *online = (int)sysconf(_SC_NPROCESSORS_ONLN);
    *allowed = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set)
                                                           : *online;
}

/* n, or more rows where n has too few for a default team of team threads
 * (a thread for each TKMI_TEAM_ROWS rows: solve.c's cap, which cuts the
 * team of 17 asked for on 16 CPUs at 4,000 rows) */
static size_t team_rows(size_t n, int team)
{
    const size_t least = (size_t)team * TKMI_TEAM_ROWS + 1;
    return n < least ? least : n;
}

static void busy_env(int busy)
{
    char v[16];
    snprintf(v, sizeof v, "%d", busy);
    setenv("TKM_CPUS_BUSY", v, 1);
}

/* The rule, over every small machine: the team is never empty and never
 * above OpenMP's default; on a quiet machine it is OpenMP's default; on a
 * busy one it has no more threads than free CPUs (one when none is) and
 * no fewer than the free CPUs and the default allow.  Other work fills
 * the CPUs this process may not use first, and none is counted twice. */
static void test_rule(void **state)
{
    (void)state;
    for (int allowed = 1; allowed <= 9; allowed++)
        for (int most = 1; most <= 12; most++)
            for (int busy = 0; busy <= allowed; busy++) {
                const int t = tkmi_team_size(most, allowed, busy);
                const int free_cpus = allowed - busy;
                if (t < 1 || t > most)
                    fail_msg("team %d of most %d", t, most);
                if (busy == 0 && t != most)
                    fail_msg("quiet machine of %d CPUs: team %d, not "
                             "OpenMP's %d", allowed, t, most);
                if (busy > 0 && t > (free_cpus > 1 ? free_cpus : 1))
                    fail_msg("%d of %d CPUs busy: a team of %d", busy,
                             allowed, t);
                if (t < (most < free_cpus ? most : free_cpus))
                    fail_msg("%d of %d CPUs busy, %d by default: a team of "
                             "only %d", busy, allowed, most, t);
            }
    for (int online = 1; online <= 8; online++)
        for (int allowed = 1; allowed <= online; allowed++)
            for (int others = 0; others <= 2 * online; others++) {
                const int b = tkmi_busy_share(others, allowed, online);
                if (b < 0 || b > allowed || b > others)
                    fail_msg("%d others on %d of %d CPUs: %d busy", others,
                             allowed, online, b);
                /* all the CPUs elsewhere full before one of ours counts,
                 * and then each other task one of ours */
                if (b != (others <= online - allowed ? 0
                          : others - (online - allowed) < allowed
                              ? others - (online - allowed)
                              : allowed))
                    fail_msg("%d others, %d CPUs elsewhere: %d of ours "
                             "busy", others, online - allowed, b);
            }
}

/* tkmi_threads: a count asked is given as asked; 0 gives OpenMP's
 * default less the busy CPUs (TKM_CPUS_BUSY standing for the
 * measurement), down to one thread when all are busy; OMP_NUM_THREADS
 * and tkmi_threads_steady keep OpenMP's default. */
static void test_threads(void **state)
{
    (void)state;
    int allowed, online;
    machine(&allowed, &online);
    omp_set_num_threads(allowed + 2);
    unsetenv("OMP_NUM_THREADS");
    for (int busy = 0; busy <= allowed; busy++) {
        busy_env(busy);
        const int want = busy ? (allowed - busy > 1 ? allowed - busy : 1)
                              : allowed + 2;
        assert_int_equal(tkmi_threads(0), want);
        assert_int_equal(tkmi_threads(3), 3);
        assert_int_equal(tkmi_threads_most(), allowed + 2);
        int seen = -1;
        assert_int_equal(tkmi_cpus_busy(&seen), busy);
        assert_int_equal(seen, allowed);
    }
    busy_env(allowed);
    tkmi_threads_steady(1);
    assert_int_equal(tkmi_threads(0), allowed + 2);
    tkmi_threads_steady(0);
    assert_int_equal(tkmi_threads(0), 1);
    setenv("OMP_NUM_THREADS", "5", 1);
    assert_int_equal(tkmi_threads(0), allowed + 2);
    unsetenv("OMP_NUM_THREADS");
    busy_env(allowed + 7); /* more than there are: all of them */
    assert_int_equal(tkmi_cpus_busy(NULL), allowed);
    unsetenv("TKM_CPUS_BUSY");
}

/* A process that spins on this process's CPUs (a child: it inherits the
 * mask) is measured busy: at least one CPU while it runs. */
static void test_sees_spinner(void **state)
{
    (void)state;
    int allowed, online;
    machine(&allowed, &online);
    if (allowed < online)
        skip(); /* others would fill the CPUs outside the mask first */
    unsetenv("TKM_CPUS_BUSY");
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        volatile unsigned long x = 0;
        for (;;)
            x++;
    }
    struct timespec start = {0, 20000000L}; /* 20 ms: it is running */
    nanosleep(&start, NULL);
    const int busy = tkmi_cpus_busy(NULL);
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
    if (busy < 1)
        fail_msg("a spinning process on %d CPUs: %d measured busy", allowed,
                 busy);
}

/* This process's own threads, all spinning inside a team, are counted as
 * its own (and so not as other work): at least the team. */
static void test_own_threads(void **state)
{
    (void)state;
    atomic_int done = 0, in = 0, own = -1, team = 0;
#pragma omp parallel num_threads(3)
    {
        atomic_fetch_add(&in, 1);
        if (omp_get_thread_num() == 0) {
            atomic_store(&team, omp_get_num_threads());
            while (atomic_load(&in) < atomic_load(&team))
                ;
            atomic_store(&own, tkmi_own_runnable());
            atomic_store(&done, 1);
        }
        while (!atomic_load(&done))
            ;
    }
    if (atomic_load(&own) < atomic_load(&team))
        fail_msg("a team of %d spinning: %d of this process's threads seen "
                 "runnable", atomic_load(&team), atomic_load(&own));
}

/* On a machine whose CPUs all but none are busy, every algorithm's omp
 * form on the default team (threads 0) runs one thread; on a quiet one
 * OpenMP's default (asked for above the CPUs, so that the two differ on
 * any machine); both give sequential Lloyd's labels, iterations and
 * centroid bits. */
static void test_fit_busy(void **state)
{
    (void)state;
    int allowed, online;
    machine(&allowed, &online);
    tkm_dataset ds;
    size_t n = team_rows(6007, allowed + 1), d = 5, k = 9;
    double *init = blobs_with_start(n, d, k, 41, TKM_INIT_KMEANSPP, 5, &ds);
    tkm_result base = fit_or_die(&ds, init, k, TKM_LLOYD, TKM_SEQ, 1,
                                 TKM_EMPTY_KEEP);
    unsetenv("OMP_NUM_THREADS");
    omp_set_num_threads(allowed + 1);
    const int busy[2] = {allowed, 0}, want[2] = {1, allowed + 1};
    for (int b = 0; b < 2; b++) {
        busy_env(busy[b]);
        for (int a = 0; a < TKM_NALGO; a++) {
            tkm_result r = fit_or_die(&ds, init, k, (tkm_algorithm)a, TKM_OMP,
                                      0, TKM_EMPTY_KEEP);
            const char *alg = tkm_algorithm_name((tkm_algorithm)a);
            if (r.threads != want[b])
                fail_msg("%s omp, %d of %d CPUs busy (%s): %d threads, not "
                         "%d", alg, busy[b], allowed, TKM_PREC_NAME,
                         r.threads, want[b]);
            if (r.iterations != base.iterations ||
                memcmp(r.labels, base.labels, n * sizeof *r.labels) ||
                memcmp(r.centroids, base.centroids,
                       k * d * sizeof *r.centroids))
                fail_msg("%s omp on %d threads (%s): not sequential "
                         "Lloyd's result", alg, r.threads, TKM_PREC_NAME);
            tkm_result_free(&r);
        }
    }
    unsetenv("TKM_CPUS_BUSY");
    tkm_result_free(&base);
    free(init);
    tkm_dataset_free(&ds);
}

#if TKM_HAVE_BLAS
#include <cblas.h>
#include <dirent.h>

/* This process's threads (/proc/self/task). */
static int tasks(void)
{
    DIR *dir = opendir("/proc/self/task");
    struct dirent *e;
    int n = 0;
    assert_non_null(dir);
    while ((e = readdir(dir)) != NULL)
        n += e->d_name[0] != '.';
    closedir(dir);
    return n;
}
#endif

/* tkmi_blas_pool_stop (what the commands do first): OpenBLAS's pthreads
 * build loses its pool of spinning threads, its count is one, and fits
 * whose screening multiplies through it (sequential, so that no OpenMP
 * thread is made) start no thread again. */
static void test_blas_pool(void **state)
{
    (void)state;
#if !TKM_HAVE_BLAS
    skip();
#else
    const int pool = openblas_get_parallel() == 1 &&
                     openblas_get_num_procs() > 1;
    /* (the data and its start first: their OpenMP regions may add
     * threads to the process's team, which the fits below must not) */
    tkm_dataset ds;
    size_t n = 3001, d = 300, k = 12;
    double *init = blobs_with_start(n, d, k, 43, TKM_INIT_KMEANSPP, 5, &ds);
    /* a pool (an earlier test's fork stopped it: OpenBLAS's fork
     * handler), which any count set starts again */
    openblas_set_num_threads(openblas_get_num_procs());
    const int before = tasks();
    tkmi_blas_pool_stop();
    const int after = tasks();
    if (pool) {
        assert_true(after < before);
        assert_int_equal(openblas_get_num_threads(), 1);
    }
    for (int a = 0; a < 2; a++) {
        tkm_params p = fit_params(k, a ? TKM_HAMERLY : TKM_LLOYD, TKM_SEQ,
                                  TKM_EMPTY_KEEP);
        p.screen = TKM_SCREEN_ON;
        tkm_result r = fit_with(&ds, init, &p);
        uint64_t screened = 0;
        for (int i = 0; i < r.iterations; i++)
            screened += r.iters[i].screened;
        assert_true(screened > 0);
        tkm_result_free(&r);
    }
    assert_int_equal(tasks(), after);
    free(init);
    tkm_dataset_free(&ds);
#endif
}

/* Each iteration's team (Hamerly's centroid gaps and the exact sums ask
 * for its size every iteration): team_harness.h. */
#include "team_harness.h"

/* The load changes while a fit runs: quiet for its first iterations,
 * every CPU busy for the next ones, quiet again for the last; each
 * iteration's team is kept. */
typedef struct {
    int teams[64];
    int allowed;
} follow_ctx;

enum { FOLLOW_ITERS = 36, BUSY_FROM = 6, QUIET_FROM = 21 };

static int on_iteration(const tkm_iter_stats *it, void *arg)
{
    follow_ctx *c = arg;
    c->teams[it->iter] = atomic_exchange(&team_seen, 0);
    if (it->iter == BUSY_FROM - 1)
        busy_env(c->allowed);
    if (it->iter == QUIET_FROM - 1)
        busy_env(0);
    /* iterations of 25 ms: a check of the load every second one */
    struct timespec pause = {0, 25000000L};
    nanosleep(&pause, NULL);
    return 0;
}

/* A fit whose team follows the load between iterations: OpenMP's
 * default (here one above the CPUs) while quiet, one thread once the
 * busy CPUs have been seen at two checks in a row, the default again
 * once they are free; and sequential Lloyd's result throughout. */
static void test_follow(void **state)
{
    (void)state;
    int allowed, online;
    machine(&allowed, &online);
    tkm_dataset ds;
    size_t n = team_rows(4000, allowed + 1), d = 4, k = 12;
    double *init = blobs_with_start(n, d, k, 43, TKM_INIT_RANDOM, 7, &ds);
    unsetenv("OMP_NUM_THREADS");
    omp_set_num_threads(allowed + 1);
    busy_env(0);
    follow_ctx c = {.allowed = allowed};
    tkm_params p = fit_params(k, TKM_HAMERLY, TKM_OMP, TKM_EMPTY_KEEP);
    p.max_iter = FOLLOW_ITERS;
    p.fixed_iter = 1;
    p.progress = on_iteration;
    p.progress_ctx = &c;
    tkm_result r = fit_with(&ds, init, &p), base;
    unsetenv("TKM_CPUS_BUSY");
    assert_int_equal(r.iterations, FOLLOW_ITERS);
    /* every phase's last iterations: the team the load allows */
    const int want[3] = {allowed + 1, 1, allowed + 1};
    const int last[3] = {BUSY_FROM - 1, QUIET_FROM - 1, FOLLOW_ITERS};
    for (int ph = 0; ph < 3; ph++)
        for (int i = last[ph] - 2; i <= last[ph]; i++)
            if (c.teams[i] != want[ph])
                fail_msg("hamerly omp (%s), iteration %d of a %s phase: a "
                         "team of %d, not %d", TKM_PREC_NAME, i,
                         ph == 1 ? "busy" : "quiet", c.teams[i], want[ph]);
    p = fit_params(k, TKM_LLOYD, TKM_SEQ, TKM_EMPTY_KEEP);
    p.max_iter = FOLLOW_ITERS;
    p.fixed_iter = 1;
    base = fit_with(&ds, init, &p);
    assert_memory_equal(r.labels, base.labels, n * sizeof *r.labels);
    assert_memory_equal(r.centroids, base.centroids,
                        k * d * sizeof *r.centroids);
    tkm_result_free(&r);
    tkm_result_free(&base);
    free(init);
    tkm_dataset_free(&ds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rule),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_sees_spinner),
        cmocka_unit_test(test_own_threads),
        cmocka_unit_test(test_fit_busy),
        cmocka_unit_test(test_follow),
        cmocka_unit_test(test_blas_pool),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
