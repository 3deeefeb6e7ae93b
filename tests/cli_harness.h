/*
 * The harness the command-line tests (test_cli.c, test_bench.c) share for
 * running the trikmeans binary from $TKM_BIN: the state (bin, dir,
 * out_text, err_text), files in the run's temp folder (slurp, tp, PATH,
 * write_text, exists), run()/RUN()/EXPECT() with stdout and stderr
 * captured, assert_contains(), need_bin(), and the mkdtemp() setup and
 * nftw() teardown for cmocka_run_group_tests_name().
 *
 * A test includes it after cmocka.h, having defined CLI_HARNESS_TAG (the
 * temp folder's name is TAG_XXXXXX under $TMPDIR or /tmp).  Everything is
 * static: each test program is one translation unit.
 */
#ifndef TKM_TESTS_CLI_HARNESS_H
#define TKM_TESTS_CLI_HARNESS_H

#ifndef CLI_HARNESS_TAG
#error "define CLI_HARNESS_TAG (the temp folder's name) before cli_harness.h"
#endif

#include <fcntl.h>
#include <ftw.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#if TKM_PREC == 32
#define PREC "f32"
#else
#define PREC "f64"
#endif

static const char *bin;      /* $TKM_BIN                              */
static char dir[256];        /* this run's mkdtemp() folder           */
static char *out_text;       /* stdout of the last command            */
static char *err_text;       /* stderr of the last command            */

/* ---- files in the temp folder ------------------------------------------ */

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        print_error("[" PREC "] cannot open %s\n", path);
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)len + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)len, f), (size_t)len);
    buf[len] = '\0';
    fclose(f);
    return buf;
}

/* A path inside the temp folder; a ring of buffers so that several can be
 * alive in one call.  A path kept for longer goes into its own array
 * (PATH below). */
static const char *tp(const char *name)
{
    static char ring[16][512];
    static int next;
    char *p = ring[next++ % 16];
    snprintf(p, sizeof ring[0], "%s/%s", dir, name);
    return p;
}

#define PATH(var, name)                                                       \
    char var[512];                                                            \
    snprintf(var, sizeof var, "%s", tp(name))

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* ---- running the command ----------------------------------------------- */

/* Run the binary with a NULL-terminated list of arguments; stdout and
 * stderr land in out_text and err_text.  Returns the exit status. */
static int run(const char *a0, ...)
{
    char *argv[64];
    int argc = 0;
    argv[argc++] = (char *)bin;
    va_list ap;
    va_start(ap, a0);
    for (const char *a = a0; a; a = va_arg(ap, const char *)) {
        assert_true(argc < 63);
        argv[argc++] = (char *)a;
    }
    va_end(ap);
    argv[argc] = NULL;
    char op[512], ep[512];
    snprintf(op, sizeof op, "%s/.stdout", dir);
    snprintf(ep, sizeof ep, "%s/.stderr", dir);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, op, O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    posix_spawn_file_actions_addopen(&fa, 2, ep, O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    pid_t pid;
    int e = posix_spawn(&pid, bin, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    assert_int_equal(e, 0);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    free(out_text);
    free(err_text);
    out_text = slurp(op);
    err_text = slurp(ep);
    return WEXITSTATUS(status);
}

#define RUN(...) run(__VA_ARGS__, (const char *)NULL)

/* Expect a status; on a mismatch show what the command said. */
#define EXPECT(code, ...)                                                     \
    do {                                                                      \
        int rc_ = RUN(__VA_ARGS__);                                           \
        if (rc_ != (code))                                                    \
            print_error("[" PREC "] exit %d, expected %d\nstdout: %s\n"       \
                        "stderr: %s\n", rc_, (code), out_text, err_text);     \
        assert_int_equal(rc_, (code));                                        \
    } while (0)

static void assert_contains(const char *text, const char *needle)
{
    if (!strstr(text, needle))
        print_error("[" PREC "] expected '%s' in:\n%s\n", needle, text);
    assert_non_null(strstr(text, needle));
}

static void need_bin(void)
{
    if (!bin) {
        print_message("TKM_BIN is not set: run these tests through "
                      "'make test'\n");
        skip();
    }
}

/* ---- fixture ----------------------------------------------------------- */

static int rm_entry(const char *path, const struct stat *st, int flag,
                    struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static int setup(void **state)
{
    (void)state;
    bin = getenv("TKM_BIN");
    if (bin && !bin[0])
        bin = NULL;
    snprintf(dir, sizeof dir, "%s/" CLI_HARNESS_TAG "_XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    free(out_text);
    free(err_text);
    out_text = err_text = NULL;
    return nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

#endif /* TKM_TESTS_CLI_HARNESS_H */
